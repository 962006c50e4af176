#include "solve/reach.h"

#include <stdlib.h>
#include <string.h>

#include "solve/bfs.h"
#include "solve/visited.h"
#include "util/grow.h"

/* How often (in states expanded) the count looks at the cancel flag and
 * the clock. */
#define REACH_STOP_EVERY (1u << 12)
/* The work it may do for each state the limit allows (as the search
 * does). */
#define REACH_TRIES_PER_STATE 64

/* The states reached, in order: the queue of the breadth-first walk
 * (q.state[0 .. q.n)), and where each depth starts in it (q.layer[0 ..
 * q.depths)), with the room each has. */
struct reached {
	struct reach_layers q;
	size_t cap, layer_cap;
};

static int layer_push(struct reached *r, size_t start)
{
	if (array_grow(&r->q.layer, &r->layer_cap, r->q.depths + 1,
		       sizeof *r->q.layer) != RIVER_OK)
		return RIVER_ENOMEM;
	r->q.layer[r->q.depths++] = start;
	return RIVER_OK;
}

static int reached_push(struct reached *r, state_t s)
{
	if (r->q.n == r->cap &&
	    array_grow(&r->q.state, &r->cap, r->q.n + 1,
		       sizeof *r->q.state) != RIVER_OK)
		return RIVER_ENOMEM;
	r->q.state[r->q.n++] = s;
	return RIVER_OK;
}

/* Count s (new, legal) on its bank; queue it unless it is a goal and
 * goals are not walked on from (every). */
static int reach_add(const struct system *sys, state_t s, bool every,
		     struct reached *queue, struct reach_count *out)
{
	unsigned bank = state_boat_right(sys, s) !=
			state_boat_right(sys, sys->start);

	if (state_is_goal(sys, s)) {
		out->goal[bank] = true;
		return every ? reached_push(queue, s) : RIVER_OK;
	}
	out->states[bank]++;
	return reached_push(queue, s);
}

/* What a walk is asked: its bounds, and whether it walks on from goals
 * (every). */
struct reach_ask {
	unsigned long long limit, most;
	bool every;
	const struct stop *stop;
};

static int reach_run(const struct system *sys, const struct reach_ask *ask,
		     struct reached *queue, struct visited *seen,
		     struct loads *loads, struct reach_count *out,
		     struct bfs_tally *t)
{
	unsigned long long limit = ask->limit, most = ask->most;
	size_t head, i, level_end = 0;
	int rc;

	/* A start that breaks a rule leads nowhere: with every, it is the
	 * one state, at depth 0. */
	if (!system_safe(sys, sys->start)) {
		if (!ask->every)
			return RIVER_OK;
		rc = reached_push(queue, sys->start);
		return rc == RIVER_OK ? layer_push(queue, 0) : rc;
	}
	if (visited_add(seen, sys->start) < 0)
		return RIVER_ENOMEM;
	t->reached = 1;
	rc = reach_add(sys, sys->start, ask->every, queue, out);
	for (head = 0; rc == RIVER_OK && head < queue->q.n; head++) {
		state_t from = queue->q.state[head];

		if (head == level_end) {
			level_end = queue->q.n;
			if (layer_push(queue, head) != RIVER_OK)
				return RIVER_ENOMEM;
		}

		if (most && out->states[0] > most && out->states[1] > most) {
			out->cut = true;
			return RIVER_OK;
		}
		if (head % REACH_STOP_EVERY == 0 && head &&
		    (rc = stop_check(ask->stop)) != RIVER_OK)
			return rc;
		rc = system_safe_loads(sys, from, loads);
		if (rc != RIVER_OK)
			return rc;
		t->tried += loads->n;
		if (t->tried > REACH_TRIES_PER_STATE * limit) {
			t->stop = STOP_TRIED;
			return RIVER_ELIMIT;
		}
		for (i = 0; rc == RIVER_OK && i < loads->n; i++) {
			state_t to = state_cross(sys, from, loads->delta[i]);

			if (!system_bank_safe(sys, to, state_boat_right(sys, to)))
				continue;
			rc = visited_add(seen, to);
			if (rc <= 0)
				continue; /* seen before, or RIVER_ENOMEM */
			if (t->reached >= limit)
				return RIVER_ELIMIT;
			t->reached++;
			rc = reach_add(sys, to, ask->every, queue, out);
		}
	}
	return rc;
}

/* reach_count as ask says, and the walk's queue in *keep when not
 * NULL. */
static int reach_walk(const struct system *sys, const struct reach_ask *ask,
		      struct reach_count *out, struct reached *keep,
		      river_diag *diag)
{
	struct bfs_tally t = {STOP_STATES, ask->limit, 0, 0};
	struct reached queue = {{NULL, 0, NULL, 0}, 0, 0};
	struct visited seen;
	struct loads loads;
	int rc;

	memset(out, 0, sizeof *out);
	loads_init(&loads);
	rc = visited_init(&seen, sys);
	if (rc == RIVER_OK)
		rc = reach_run(sys, ask, &queue, &seen, &loads, out, &t);
	if (rc != RIVER_OK)
		bfs_diag(rc, &t, ask->stop, diag);
	loads_release(&loads);
	visited_release(&seen);
	if (keep && rc == RIVER_OK) {
		*keep = queue;
	} else {
		reach_layers_release(&queue.q);
	}
	return rc;
}

int reach_count(const struct system *sys, unsigned long long limit,
		unsigned long long most, const struct stop *stop,
		struct reach_count *out, river_diag *diag)
{
	struct reach_ask ask = {limit, most, false, stop};

	return reach_walk(sys, &ask, out, NULL, diag);
}

int reach_layers(const struct system *sys, unsigned long long limit,
		 bool every, const struct stop *stop,
		 struct reach_count *count, struct reach_layers *out,
		 river_diag *diag)
{
	struct reach_ask ask = {limit, 0, every, stop};
	struct reached queue;
	int rc;

	memset(out, 0, sizeof *out);
	rc = reach_walk(sys, &ask, count, &queue, diag);
	if (rc != RIVER_OK)
		return rc;
	/* The walk opens a layer when it reaches its first state; the
	 * last ends with the queue. */
	if (layer_push(&queue, queue.q.n) != RIVER_OK) {
		reach_layers_release(&queue.q);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL,
				"out of memory");
	}
	*out = queue.q;
	out->depths--;
	return RIVER_OK;
}

void reach_layers_release(struct reach_layers *l)
{
	free(l->state);
	free(l->layer);
	memset(l, 0, sizeof *l);
}
