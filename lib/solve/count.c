#include "solve/count.h"

#include <stdlib.h>
#include <string.h>

/* Every state reached: where it is in the search, how far from the
 * start, and how many shortest paths lead to it. */
struct node {
	state_t state;
	uint32_t depth;
	bool useful; /* on some optimal plan */
	unsigned long long paths;
};

struct counter {
	const struct system *sys;
	struct node *node;
	size_t n, cap;
	uint32_t *slot; /* node index + 1 by hash of state; 0 when free */
	size_t cap_slot;
	struct loads loads;
	unsigned long long limit;
};

static size_t hash_of(state_t s, size_t cap)
{
	return (size_t)((s * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & (cap - 1);
}

/* The node of s, or SIZE_MAX. */
static size_t find(const struct counter *c, state_t s)
{
	size_t j;

	for (j = hash_of(s, c->cap_slot); c->slot[j]; j = (j + 1) & (c->cap_slot - 1))
		if (c->node[c->slot[j] - 1].state == s)
			return c->slot[j] - 1;
	return SIZE_MAX;
}

static int rehash(struct counter *c)
{
	size_t cap = c->cap_slot ? c->cap_slot * 2 : 4096, i;
	uint32_t *slot = calloc(cap, sizeof *slot);

	if (!slot)
		return RIVER_ENOMEM;
	for (i = 0; i < c->n; i++) {
		size_t j = hash_of(c->node[i].state, cap);

		while (slot[j])
			j = (j + 1) & (cap - 1);
		slot[j] = (uint32_t)(i + 1);
	}
	free(c->slot);
	c->slot = slot;
	c->cap_slot = cap;
	return RIVER_OK;
}

static int add(struct counter *c, state_t s, uint32_t depth,
	       unsigned long long paths)
{
	size_t j;

	if (c->n >= c->limit)
		return RIVER_ELIMIT;
	if ((c->n + 1) * 2 > c->cap_slot && rehash(c) != RIVER_OK)
		return RIVER_ENOMEM;
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 1024;
		struct node *node = realloc(c->node, cap * sizeof *node);

		if (!node)
			return RIVER_ENOMEM;
		c->node = node;
		c->cap = cap;
	}
	c->node[c->n].state = s;
	c->node[c->n].depth = depth;
	c->node[c->n].useful = false;
	c->node[c->n].paths = paths;
	for (j = hash_of(s, c->cap_slot); c->slot[j]; j = (j + 1) & (c->cap_slot - 1))
		;
	c->slot[j] = (uint32_t)++c->n;
	return RIVER_OK;
}

static unsigned long long add_saturating(unsigned long long a,
					 unsigned long long b)
{
	return a > ~0ULL - b ? ~0ULL : a + b;
}

/* Layer by layer until the layer that holds the goal is complete;
 * *goal is its node, SIZE_MAX when the goal cannot be reached. */
static int layers(struct counter *c, size_t *goal)
{
	const struct system *sys = c->sys;
	size_t head = 0, end;
	int rc;

	*goal = SIZE_MAX;
	while (head < c->n && *goal == SIZE_MAX) {
		for (end = c->n; head < end; head++) {
			state_t from = c->node[head].state;
			uint32_t depth = c->node[head].depth + 1;
			size_t i;

			rc = system_loads(sys, from, &c->loads);
			if (rc != RIVER_OK)
				return rc;
			for (i = 0; i < c->loads.n; i++) {
				state_t to = state_cross(sys, from, c->loads.delta[i]);
				size_t at = find(c, to);

				if (at != SIZE_MAX) {
					if (c->node[at].depth == depth)
						c->node[at].paths = add_saturating(
							c->node[at].paths,
							c->node[head].paths);
					continue;
				}
				if (!system_safe(sys, to))
					continue;
				rc = add(c, to, depth, c->node[head].paths);
				if (rc != RIVER_OK)
					return rc;
				if (state_is_goal(sys, to))
					*goal = c->n - 1;
			}
		}
	}
	return RIVER_OK;
}

/* Mark the nodes on some optimal plan: the goal, and every node with a
 * successor one layer on that is marked, from the goal's layer back. */
static int mark_useful(struct counter *c, size_t goal)
{
	size_t i;
	int rc;

	c->node[goal].useful = true;
	for (i = goal; i-- > 0;) {
		size_t k;

		if (c->node[i].depth >= c->node[goal].depth)
			continue;
		rc = system_loads(c->sys, c->node[i].state, &c->loads);
		if (rc != RIVER_OK)
			return rc;
		for (k = 0; k < c->loads.n && !c->node[i].useful; k++) {
			size_t at = find(c, state_cross(c->sys, c->node[i].state,
						       c->loads.delta[k]));

			if (at != SIZE_MAX && c->node[at].useful &&
			    c->node[at].depth == c->node[i].depth + 1)
				c->node[i].useful = true;
		}
	}
	return RIVER_OK;
}

struct walk {
	struct counter *c;
	struct count_result *res;
	size_t max, len;
	state_t *path;
	struct loads *levels; /* loads per depth, kept across recursion */
};

/* Depth-first along useful nodes, keeping plans until max. */
static int enumerate(struct walk *w, size_t at, size_t depth)
{
	struct counter *c = w->c;
	size_t k;
	int rc;

	w->path[depth] = c->node[at].state;
	if (depth + 1 == w->len) {
		state_t *plan = malloc(w->len * sizeof *plan);

		if (!plan)
			return RIVER_ENOMEM;
		memcpy(plan, w->path, w->len * sizeof *plan);
		w->res->plans[w->res->n_plans++] = plan;
		return RIVER_OK;
	}
	rc = system_loads(c->sys, c->node[at].state, &w->levels[depth]);
	for (k = 0; rc == RIVER_OK && k < w->levels[depth].n &&
		    w->res->n_plans < w->max; k++) {
		size_t next = find(c, state_cross(c->sys, c->node[at].state,
						  w->levels[depth].delta[k]));

		if (next != SIZE_MAX && c->node[next].useful &&
		    c->node[next].depth == depth + 1)
			rc = enumerate(w, next, depth + 1);
	}
	return rc;
}

static int keep_plans(struct counter *c, size_t goal, size_t max,
		      struct count_result *res)
{
	struct walk w = {c, res, max, c->node[goal].depth + 1u, NULL, NULL};
	size_t d;
	int rc;

	if (max > c->node[goal].paths)
		max = (size_t)c->node[goal].paths; /* room for no more than exist */
	w.max = max;
	res->plans = calloc(max, sizeof *res->plans);
	w.path = malloc(w.len * sizeof *w.path);
	w.levels = calloc(w.len, sizeof *w.levels);
	if (!res->plans || !w.path || !w.levels)
		rc = RIVER_ENOMEM;
	else
		rc = enumerate(&w, 0, 0);
	for (d = 0; w.levels && d < w.len; d++)
		loads_release(&w.levels[d]);
	free(w.levels);
	free(w.path);
	res->plan_len = w.len;
	return rc;
}

void count_result_release(struct count_result *res)
{
	size_t i;

	for (i = 0; i < res->n_plans; i++)
		free(res->plans[i]);
	free(res->plans);
	memset(res, 0, sizeof *res);
}

int count_plans(const struct system *sys, const river_solve_options *opts,
		size_t max_plans, struct count_result *res, river_diag *diag)
{
	struct counter c;
	size_t goal = SIZE_MAX;
	int rc;

	memset(res, 0, sizeof *res);
	memset(&c, 0, sizeof c);
	c.sys = sys;
	c.limit = opts->max_states ? opts->max_states : RIVER_DEFAULT_MAX_STATES;
	if (c.limit > UINT32_MAX - 1)
		c.limit = UINT32_MAX - 1;
	loads_init(&c.loads);
	rc = add(&c, sys->start, 0, 1);
	if (rc == RIVER_OK && state_is_goal(sys, sys->start))
		goal = 0;
	else if (rc == RIVER_OK)
		rc = layers(&c, &goal);
	res->explored = c.n;
	if (rc == RIVER_OK && goal != SIZE_MAX) {
		res->solved = true;
		res->count = c.node[goal].paths;
		if (max_plans > 0) {
			rc = mark_useful(&c, goal);
			if (rc == RIVER_OK)
				rc = keep_plans(&c, goal, max_plans, res);
		}
	}
	if (rc == RIVER_ELIMIT)
		diag_set(diag, rc, NULL, NULL,
			 "counting stopped at its limit of %llu states", c.limit);
	else if (rc == RIVER_ETOOBIG)
		diag_set(diag, rc, NULL, NULL,
			 "a single crossing can take more than %u different "
			 "loads: the puzzle is too big to search",
			 SYSTEM_MAX_LOADS);
	else if (rc == RIVER_ENOMEM)
		diag_set(diag, rc, NULL, NULL, "out of memory while counting");
	if (rc != RIVER_OK)
		count_result_release(res);
	loads_release(&c.loads);
	free(c.node);
	free(c.slot);
	return rc;
}
