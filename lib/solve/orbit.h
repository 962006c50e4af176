/* The search over orbits of tuples.
 *
 * Where the tuples of a class (system/tuples.h) can be exchanged, a
 * state need not say which tuple stands where, only how many of the
 * class's tuples stand in each placement: for the jealous husbands, how
 * many couples have the husband on the left and the wife on the left,
 * the husband on the left and the wife on the right, and so on.  The
 * individuals outside the classes and the boat are kept as they are.  So
 * n couples cost a polynomial in n states, not 4^n, and a crossing is a
 * choice of how many tuples of each placement send which of their
 * members, not of which items board.
 *
 * The search runs on the model, not on a packed system (puzzles of more
 * items than a 64-bit state holds are the place search's, which keys
 * its states by the same counts: search/places.h).  Its rules are the
 * model's own: the eats and without rules joined into groups over bit
 * sets of items, the others read through their conditions (struct
 * cond), on a labelled state of the orbit.  The plan it returns is
 * labelled: each crossing's tuples are the first ones of their
 * placement, and every labelled state of an orbit is as legal as any
 * other, since exchanging tuples maps the puzzle onto itself. */
#ifndef RIVER_ORBIT_H
#define RIVER_ORBIT_H

#include <stdbool.h>
#include <stddef.h>

#include "compile/model.h"
#include "river.h"
#include "system/tuples.h"
#include "util/stop.h"

/* A plan: per state, per model item, 1 when it is on the right bank,
 * then 1 when the boat is. */
struct orbit_plan {
	bool solved;
	unsigned long long explored; /* distinct legal orbits reached (up
					to the first goal's) */
	unsigned long long in_all;   /* unsolved, the labelled states
					of the orbits explored, which are
					all the reachable ones; solved,
					explored */
	unsigned long long count;    /* with opts->count: the labelled plans
					of the fewest crossings, or
					ULLONG_MAX for at least that many */
	unsigned char *right;        /* n_states rows of n_items + 1 (malloc) */
	size_t n_states;
};

/* Can the orbit search take model m with tuples t?  Individuals only;
 * no time, rowing turns, margin or list of loads; an orbit must fit in
 * 64 bits. */
bool orbit_fits(const struct model *m, const struct tuples *t);

/* The fewest crossings, as river_solve, from m's start: RIVER_OK
 * (solved, or proved unsolvable), RIVER_ELIMIT, RIVER_ENOMEM,
 * RIVER_ETIMEOUT or RIVER_ECANCELED, with diag set as bfs_diag sets it.
 * opts->max_states bounds the orbits; opts->progress is called.  With
 * opts->count, the search finishes the goal's level and counts the
 * labelled plans: a crossing of the orbits stands for as many labelled
 * ones as there are ways to choose the tuples that send each member,
 * and the paths into an orbit add up over its states. */
int orbit_search(const struct model *m, const struct tuples *t,
		 const river_solve_options *opts, const struct stop *stop,
		 struct orbit_plan *out, river_diag *diag);

#endif
