/* Running a search: the one place that chooses how a puzzle is
 * searched, from what the puzzle is (packed or wide state, interchangeable
 * items or couples, timed or not, places and boats) and what is asked
 * (a plan, the count of the optimal plans, the plans themselves, from a
 * given state).  river_solve is search_solve from the start.
 *
 *   wide (over 63 people)    fewest and count: the orbits of its
 *                            couples (solve/orbit.h), where they fit;
 *                            else as a puzzle of two places
 *   places or boats          the place search (search/places.h)
 *   couples, fewest          the orbits, when they fit; else the queue
 *                            or the count over canonical states
 *   counting, least time     the count (solve/count.h)
 *   else                     the queue (solve/bfs.h), or the layers
 *
 * Each plan a search returns passes the plan checker (plan/plan.h)
 * before the caller sees it. */
#ifndef RIVER_SEARCH_H
#define RIVER_SEARCH_H

#include "puzzle.h"
#include "util/stop.h"

/* river_solve, from the state *from of the puzzle's system when not
 * NULL (a hint's), elapsed time units after the start: the search then
 * runs on the puzzle as written, without symmetry. */
int search_solve(river_plan **out, const river_puzzle *puzzle,
		 const state_t *from, unsigned long long elapsed,
		 const river_solve_options *opts, river_diag *diag);

/* The same for a puzzle of places, from row (places_row_width numbers)
 * with the plan so far as track says: a hint's search. */
int search_solve_places(river_plan **out, const river_puzzle *puzzle,
			const unsigned *row, const struct plan_track *track,
			const river_solve_options *opts, river_diag *diag);

/* The states a search may reach: opts->max_states, or the default, at
 * most most (the widest index the caller keeps). */
unsigned long long search_state_limit(const river_solve_options *opts,
				      unsigned long long most);

/* Set diag for work on the states a search reached (reached of them)
 * that ended with rc: RIVER_ETOOBIG, RIVER_ENOMEM, RIVER_ETIMEOUT or
 * RIVER_ECANCELED (stop) say so as the search would; others leave it.
 * Returns rc. */
int search_stopped(int rc, unsigned long long reached,
		   const struct stop *stop, river_diag *diag);

/* The threads the options mean a search to run on: opts->threads, or
 * as many as the processors online (at most RIVER_MAX_THREADS). */
unsigned search_threads(const river_solve_options *opts);

#endif
