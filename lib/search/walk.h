/* Every state a search reaches from a system's start, by depth: what
 * tells about a puzzle (lib/analysis) walks its states through here.
 * The walk is solve/reach.h's, the one that explores every reachable
 * state, with the loads, the legal states and the bounds of the search
 * (search_state_limit, and as many crossings tried for each state). */
#ifndef RIVER_SEARCH_WALK_H
#define RIVER_SEARCH_WALK_H

#include <stdbool.h>
#include <stddef.h>

#include "river.h"
#include "system/system.h"
#include "util/stop.h"

/* The states reached: state[0..n) in the order reached, the start
 * first; those d crossings from the start are state[layer[d] ..
 * layer[d + 1]), for d below depths. */
struct search_walk {
	state_t *state;
	size_t n;
	size_t *layer;  /* depths + 1 entries */
	size_t depths;
	bool goal_reached;
};

/* Breadth first from sys's start, up to limit states.  Without every,
 * the states a plan can pass through: no goal is walked on from, since
 * a plan ends at the first it meets, and a start that breaks a rule
 * reaches nothing (n is 0).  With every, every state reachable (the
 * state graph's): the goals walked on from too, and a start that breaks
 * a rule the one state.  RIVER_OK; RIVER_ELIMIT, RIVER_ETOOBIG,
 * RIVER_ENOMEM, RIVER_ETIMEOUT or RIVER_ECANCELED (stop), with diag
 * saying how far it got.  Release *out with search_walk_release. */
int search_walk(const struct system *sys, unsigned long long limit,
		bool every, const struct stop *stop, struct search_walk *out,
		river_diag *diag);
void search_walk_release(struct search_walk *w);

#endif
