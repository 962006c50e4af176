/* All the optimal plans: how many there are, and the first few. */
#ifndef RIVER_COUNT_H
#define RIVER_COUNT_H

#include "river.h"
#include "system/system.h"
#include "util/stop.h"

struct count_result {
	bool solved;
	unsigned long long count;     /* optimal plans, saturating */
	unsigned long long explored;  /* states reached */
	unsigned long long cost;      /* of each: crossings, or time */
	state_t **plans;              /* up to max_plans of them (malloc) */
	size_t *plan_lens;            /* their lengths in states (malloc) */
	size_t n_plans, plan_len;     /* plan_len: the first one's */
};

/* Cheapest first (crossings, or time when the puzzle minimizes it),
 * summing at each state the cheapest paths that reach it, until the
 * goal's cost is passed; then the first max_plans of them in the order
 * of the moves.
 * RIVER_OK, RIVER_ELIMIT (opts->max_states), RIVER_ENOMEM,
 * RIVER_ETIMEOUT or RIVER_ECANCELED (opts->timeout, opts->cancel). */
int count_plans(const struct system *sys, const river_solve_options *opts,
		size_t max_plans, struct count_result *res, river_diag *diag);
/* The same, stopping as stop says (the caller's clock). */
int count_search(const struct system *sys, const river_solve_options *opts,
		 const struct stop *stop, size_t max_plans,
		 struct count_result *res, river_diag *diag);
void count_result_release(struct count_result *res);

#endif
