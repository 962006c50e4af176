/* All the optimal plans: how many there are, and the first few. */
#ifndef RIVER_COUNT_H
#define RIVER_COUNT_H

#include "river.h"
#include "system/system.h"
#include "system/tuples.h"
#include "util/stop.h"

struct count_result {
	bool solved;
	unsigned long long count;     /* optimal plans, saturating */
	/* States explored as the plan reports them: for the fewest
	 * crossings, those the queue search (bfs.c) reaches before it meets
	 * the goal, or where the two-bit search counts (layers_count) those
	 * up to the goal's depth; for the least time, those the
	 * cheapest-first search stored. */
	unsigned long long explored;
	/* Unsolved, the states of the puzzle as written that those explored
	 * stand for (system_states_of), which are all its reachable ones;
	 * solved, explored. */
	unsigned long long in_all;
	unsigned long long reached;   /* states the count stored */
	unsigned long long cost;      /* of each: crossings, or time */
	/* The plan to show (malloc): for the fewest crossings the one the
	 * queue search finds, for the least time plans[0]'s equal; only the
	 * start when unsolved. */
	state_t *path;
	size_t path_len;
	state_t **plans;              /* up to max_plans of them (malloc) */
	size_t *plan_lens;            /* their lengths in states (malloc) */
	size_t n_plans, plan_len;     /* plan_len: the first one's */
};

/* The optimal plans, counted without listing them.  With unit costs (the
 * fewest crossings, a time limit or not), level by level: each state of
 * the next level gets the sum of the paths of the states that reach it
 * (times system_ways), the goal's level sums to the count, and the
 * levels in the order of the queue search give its plan; or, where the
 * two-bit search takes the puzzle word-wise and no plans are listed,
 * the same on its cells (layers_count), with its plan.  With the
 * least time, cheapest first over buckets of a lower bound plus the time
 * so far (A*), until the goal's time is passed.  Then the first
 * max_plans of them in the order of the moves.
 * RIVER_OK, RIVER_ELIMIT (opts->max_states), RIVER_ENOMEM, RIVER_ETOOBIG,
 * RIVER_ETIMEOUT or RIVER_ECANCELED (opts->timeout, opts->cancel). */
int count_plans(const struct system *sys, const river_solve_options *opts,
		size_t max_plans, struct count_result *res, river_diag *diag);
/* The same, stopping as stop says (the caller's clock). */
int count_search(const struct system *sys, const river_solve_options *opts,
		 const struct stop *stop, size_t max_plans,
		 struct count_result *res, river_diag *diag);
/* count_search keeping one state per orbit of tuples (system/tuples.h,
 * NULL: none), each with the paths to its whole orbit, so that the
 * count is still of labelled plans and the path one of canonical states
 * (for tuples_lift).  Only for the fewest crossings and no plans listed
 * (max_plans 0): tuples must be NULL otherwise. */
int count_search_tuples(const struct system *sys, const struct tuples *tuples,
			const river_solve_options *opts,
			const struct stop *stop, size_t max_plans,
			struct count_result *res, river_diag *diag);
void count_result_release(struct count_result *res);

/* A lower bound on the time still needed from s to a goal, consistent
 * (for every crossing from s to t taking c: bound(s) <= c + bound(t));
 * exposed for its tests. */
struct time_bound;
int time_bound_new(struct time_bound **out, const struct system *sys);
unsigned long long time_bound_of(const struct time_bound *b, state_t s);
void time_bound_free(struct time_bound *b);

#endif
