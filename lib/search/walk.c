/* The walk of every reachable state, for what tells about a puzzle
 * (search/walk.h): solve/reach.h's, its states handed on. */
#include "search/walk.h"

#include <string.h>

#include "solve/reach.h"

int search_walk(const struct system *sys, unsigned long long limit,
		bool every, const struct stop *stop, struct search_walk *out,
		river_diag *diag)
{
	struct reach_layers l;
	struct reach_count count;
	int rc;

	memset(out, 0, sizeof *out);
	rc = reach_layers(sys, limit, every, stop, &count, &l, diag);
	if (rc != RIVER_OK)
		return rc;
	out->state = l.state;
	out->n = l.n;
	out->layer = l.layer;
	out->depths = l.depths;
	out->goal_reached = count.goal[0] || count.goal[1];
	return RIVER_OK;
}

void search_walk_release(struct search_walk *w)
{
	struct reach_layers l = {w->state, w->n, w->layer, w->depths};

	reach_layers_release(&l);
	memset(w, 0, sizeof *w);
}
