/* The place search: puzzles of more than two places (islands) or more
 * than one boat (compile/model.h, model_has_places).
 *
 * A state gives each item its place (a kind: its copies at each place)
 * and each boat its place.  A crossing is one leg of one boat, from its
 * place to another its routes join, with a load from the place it
 * leaves; the load obeys the boat's seats and the crossing's meaning
 * (model_crossing_legal), and after the leg every place obeys the bank
 * rules (model_bank_violation).  Nothing is compiled to masks: the
 * search reads the rules' own meaning, so it needs no second
 * implementation to check it against.
 *
 * Interchangeable individuals (system/symmetry.h's classes) and couples
 * (system/tuples.h) are kept one state per orbit: the members of a class,
 * or the tuples of one, sorted by place.  The search is breadth first
 * for the fewest crossings, Dijkstra's for the least time; it counts
 * the optimal plans when asked, each labelled plan once, and lists the
 * first of them: walked from the start along the legs whose nodes lie
 * on an optimal plan. */
#ifndef RIVER_SEARCH_PLACES_H
#define RIVER_SEARCH_PLACES_H

#include <stdbool.h>
#include <stddef.h>

#include "compile/model.h"
#include "river.h"

struct stop;
struct tuples;

/* A plan of a puzzle of places: n_states rows of places_row_width
 * numbers, each row per item i and place p the copies of i at p
 * (row[i * n_places + p]), then per boat its place. */
struct places_plan {
	bool solved;
	unsigned long long explored;
	/* Unsolved: the states of the puzzle as written those explored
	 * stand for (more than explored up to symmetry). */
	unsigned long long in_all;
	unsigned *rows;  /* malloc'd; the start alone when unsolved */
	size_t n_states;
	bool counted;
	unsigned long long count; /* optimal plans, saturating */
	/* With max_plans: the first optimal plans, labelled, each
	 * plan_lens[k] rows (malloc'd). */
	unsigned **plans;
	size_t *plan_lens, n_plans;
};

static inline size_t places_row_width(const struct model *m)
{
	return m->n_items * m->n_places + m->n_boats;
}

/* The place of boat b in row. */
static inline unsigned places_boat_at(const struct model *m,
				      const unsigned *row, size_t b)
{
	return row[m->n_items * m->n_places + b];
}

/* The row where placement pl puts everything (the start: every boat
 * placed). */
void places_row_of(const struct model *m, const struct placement *pl,
		   unsigned *row);

/* Is row where the goal puts everything? */
bool places_row_is_goal(const struct model *m, const unsigned *row);

/* The rule broken at some place of row, or -1; *place says where. */
long places_violation(const struct model *m, const unsigned *row,
		      unsigned *place);

/* The bits of a state's key (where things are, without the crossing's
 * phase, weight or time) and the states that layout can name. */
void places_space(const struct model *m, unsigned *bits, double *space);

/* Where a search starts when not at the puzzle's start: a row (a
 * hint's), and the plan so far as its track says (the crossings made,
 * the last load's weight, the time taken). */
struct places_from {
	const unsigned *row;
	struct plan_track track;
};

/* Search m for a plan of the fewest crossings (or the least time, when
 * m minimizes it), counting the optimal plans when opts->count or
 * opts->max_plans, and keeping the first max_plans of them; tuples
 * (or NULL) are its couples, used when no two individuals are
 * interchangeable, and opts->no_symmetry searches the puzzle as
 * written, as does a search from a row of the caller's (from, not NULL;
 * its plans begin there).  RIVER_OK with *out filled (release it with
 * places_plan_release), or the search's statuses with diag set. */
int places_search(const struct model *m, const struct tuples *tuples,
		  const struct places_from *from,
		  const river_solve_options *opts, const struct stop *stop,
		  struct places_plan *out, river_diag *diag);

void places_plan_release(struct places_plan *p);

#endif
