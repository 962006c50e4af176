#include "solve/reach.h"

#include <stdlib.h>
#include <string.h>

#include "solve/bfs.h"
#include "solve/visited.h"

/* How often (in states expanded) the count looks at the cancel flag and
 * the clock. */
#define REACH_STOP_EVERY (1u << 12)
/* The work it may do for each state the limit allows (as the search
 * does). */
#define REACH_TRIES_PER_STATE 64

/* The states reached, in order: the queue of the breadth-first walk,
 * and where each depth starts in it. */
struct reached {
	state_t *state;
	size_t len, cap;
	size_t *layer;
	size_t n_layers, layer_cap;
};

static int layer_push(struct reached *r, size_t start)
{
	if (r->n_layers == r->layer_cap) {
		size_t cap = r->layer_cap ? r->layer_cap * 2 : 64;
		size_t *l = realloc(r->layer, cap * sizeof *l);

		if (!l)
			return RIVER_ENOMEM;
		r->layer = l;
		r->layer_cap = cap;
	}
	r->layer[r->n_layers++] = start;
	return RIVER_OK;
}

static int reached_push(struct reached *r, state_t s)
{
	if (r->len == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 1024;
		state_t *st = realloc(r->state, cap * sizeof *st);

		if (!st)
			return RIVER_ENOMEM;
		r->state = st;
		r->cap = cap;
	}
	r->state[r->len++] = s;
	return RIVER_OK;
}

/* Count s (new, legal) on its bank; queue it unless it is a goal. */
static int reach_add(const struct system *sys, state_t s,
		     struct reached *queue, struct reach_count *out)
{
	unsigned bank = state_boat_right(sys, s) !=
			state_boat_right(sys, sys->start);

	if (state_is_goal(sys, s)) {
		out->goal[bank] = true;
		return RIVER_OK;
	}
	out->states[bank]++;
	return reached_push(queue, s);
}

static int reach_run(const struct system *sys, unsigned long long limit,
		     unsigned long long most, const struct stop *stop,
		     struct reached *queue, struct visited *seen,
		     struct loads *loads, struct reach_count *out,
		     struct bfs_tally *t)
{
	size_t head, i, level_end = 0;
	int rc;

	if (!system_safe(sys, sys->start))
		return RIVER_OK;
	if (visited_add(seen, sys->start) < 0)
		return RIVER_ENOMEM;
	t->reached = 1;
	rc = reach_add(sys, sys->start, queue, out);
	for (head = 0; rc == RIVER_OK && head < queue->len; head++) {
		state_t from = queue->state[head];

		if (head == level_end) {
			level_end = queue->len;
			if (layer_push(queue, head) != RIVER_OK)
				return RIVER_ENOMEM;
		}

		if (most && out->states[0] > most && out->states[1] > most) {
			out->cut = true;
			return RIVER_OK;
		}
		if (head % REACH_STOP_EVERY == 0 && head &&
		    (rc = stop_check(stop)) != RIVER_OK)
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
			rc = reach_add(sys, to, queue, out);
		}
	}
	return rc;
}

/* reach_count, and the walk's queue in *keep when not NULL. */
static int reach_walk(const struct system *sys, unsigned long long limit,
		      unsigned long long most, const struct stop *stop,
		      struct reach_count *out, struct reached *keep,
		      river_diag *diag)
{
	struct bfs_tally t = {STOP_STATES, limit, 0, 0};
	struct reached queue = {NULL, 0, 0, NULL, 0, 0};
	struct visited seen;
	struct loads loads;
	int rc;

	memset(out, 0, sizeof *out);
	loads_init(&loads);
	rc = visited_init(&seen, sys);
	if (rc == RIVER_OK)
		rc = reach_run(sys, limit, most, stop, &queue, &seen, &loads,
			       out, &t);
	if (rc != RIVER_OK)
		bfs_diag(rc, &t, stop, diag);
	loads_release(&loads);
	visited_release(&seen);
	if (keep && rc == RIVER_OK) {
		*keep = queue;
	} else {
		free(queue.state);
		free(queue.layer);
	}
	return rc;
}

int reach_count(const struct system *sys, unsigned long long limit,
		unsigned long long most, const struct stop *stop,
		struct reach_count *out, river_diag *diag)
{
	return reach_walk(sys, limit, most, stop, out, NULL, diag);
}

int reach_layers(const struct system *sys, unsigned long long limit,
		 const struct stop *stop, struct reach_count *count,
		 struct reach_layers *out, river_diag *diag)
{
	struct reached queue;
	int rc;

	memset(out, 0, sizeof *out);
	rc = reach_walk(sys, limit, 0, stop, count, &queue, diag);
	if (rc != RIVER_OK)
		return rc;
	out->state = queue.state;
	out->n = queue.len;
	out->layer = queue.layer;
	out->depths = queue.n_layers;
	/* The walk opens a layer when it reaches its first state; the
	 * last ends with the queue. */
	if (layer_push(&queue, queue.len) != RIVER_OK) {
		reach_layers_release(out);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL,
				"out of memory");
	}
	out->layer = queue.layer;
	return RIVER_OK;
}

void reach_layers_release(struct reach_layers *l)
{
	free(l->state);
	free(l->layer);
	memset(l, 0, sizeof *l);
}
