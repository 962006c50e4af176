/* The boat's own rules as conditions on one crossing's load, built once
 * for every model writer: who may row it, and which loads it may carry.
 * The rules' meanings are the model's own (rule->cond); these are the
 * boat's.  Each writer prints them in its language; none restates them. */
#ifndef RIVER_MEANING_H
#define RIVER_MEANING_H

#include <stdbool.h>

#include "compile/model.h"
#include "util/arena.h"

struct boat_meaning {
	struct arena arena;
	/* Holds when someone aboard may row the crossing: a rower, alone
	 * when it rows only alone, on a crossing it may row (COND_CROSSING
	 * leaves, see cond_crossing_holds).  In the boat's counts. */
	const struct cond *rowed;
	/* Holds when the load is one the boat may carry: within its weight
	 * limit and one of its listed loads.  NULL when every load may. */
	const struct cond *load;
	/* The load's weight, for the limit and the margin. */
	struct cond_sum weight;
};

/* Build m's; RIVER_ENOMEM when memory runs out.  Release it with
 * boat_meaning_release whatever the outcome. */
int boat_meaning_build(struct boat_meaning *bm, const struct model *m);
void boat_meaning_release(struct boat_meaning *bm);

/* Whether a COND_CROSSING leaf holds on crossing s (from 1). */
bool cond_crossing_holds(const struct cond *c, unsigned s);

#endif
