/* Breadth-first search over a transition system: the fewest crossings,
 * or proof that the goal cannot be reached. */
#ifndef RIVER_BFS_H
#define RIVER_BFS_H

#include "river.h"
#include "system/system.h"
#include "system/tuples.h"
#include "util/stop.h"

struct bfs_result {
	bool solved;
	unsigned long long explored; /* distinct legal states reached */
	/* Unsolved, the states of the puzzle as written that those explored
	 * stand for (system_states_of), which are all its reachable ones;
	 * solved, explored. */
	unsigned long long in_all;
	state_t *path;               /* start..goal; only the start when
					unsolved (malloc) */
	size_t path_len;
};

/* Which of the bounds that max_states sets stopped a search. */
enum bfs_stop { STOP_STATES, STOP_TRIED };

/* How far a search got: what its failure message tells. */
struct bfs_tally {
	enum bfs_stop stop;        /* on RIVER_ELIMIT */
	unsigned long long limit;  /* of states */
	unsigned long long reached, tried;
};

/* The states a search may reach: opts->max_states, or the default, at
 * most most (the widest index the search keeps). */
static inline unsigned long long bfs_state_limit(
	const river_solve_options *opts, unsigned long long most)
{
	unsigned long long limit = opts->max_states ? opts->max_states
						    : RIVER_DEFAULT_MAX_STATES;

	return limit < most ? limit : most;
}

/* Set diag for a search that ended with rc (RIVER_ETOOBIG, RIVER_ELIMIT,
 * RIVER_ENOMEM, RIVER_ETIMEOUT or RIVER_ECANCELED; others leave it).
 * Returns rc. */
int bfs_diag(int rc, const struct bfs_tally *t, const struct stop *stop,
	     river_diag *diag);

/* RIVER_OK (solved or proved unsolvable), RIVER_ELIMIT, RIVER_ENOMEM,
 * RIVER_ETIMEOUT or RIVER_ECANCELED (opts->timeout and opts->cancel);
 * diag says how far it got on failure. */
int bfs_solve(const struct system *sys, const river_solve_options *opts,
	      struct bfs_result *res, river_diag *diag);
/* The same, stopping as stop says (the caller's clock); the search of
 * lib/solve/layers.c when opts->method and the puzzle choose it. */
int bfs_search(const struct system *sys, const river_solve_options *opts,
	       const struct stop *stop, struct bfs_result *res,
	       river_diag *diag);
/* bfs_search keeping one state per orbit of tuples (system/tuples.h,
 * NULL: none): the path it returns is of canonical states, for
 * tuples_lift.  Tuples not NULL choose the queue search: the caller
 * passes NULL for --method layers, which keeps labelled states. */
int bfs_search_tuples(const struct system *sys, const struct tuples *tuples,
		      const river_solve_options *opts, const struct stop *stop,
		      struct bfs_result *res, river_diag *diag);

#endif
