#include "solve/count.h"

#include <stdlib.h>
#include <string.h>

/* Every state reached: its cost so far (crossings, or time), how many
 * cheapest paths lead to it, and where it is in the search. */
struct node {
	state_t state;
	unsigned long long cost;
	unsigned long long paths;
	bool settled;
	bool goal;   /* a goal at the optimal cost */
	bool useful; /* on some optimal plan */
};

struct counter {
	const struct system *sys;
	struct node *node;
	size_t n, cap;
	uint32_t *slot; /* node index + 1 by hash of state; 0 when free */
	size_t cap_slot;
	uint32_t *order; /* nodes in the order they were settled */
	size_t n_order;
	struct { unsigned long long cost; uint32_t node; } *heap;
	size_t n_heap, cap_heap;
	struct loads loads;
	unsigned long long limit;
	bool by_time;
	const struct stop *stop;
	unsigned long long popped;
	/* The most a state may cost: the time limit when the least time is
	 * sought (the system tracks no time then), else no bound. */
	unsigned long long max_cost;
};

/* How often (in states taken from the heap) the count looks at the
 * cancel flag and the clock. */
#define COUNT_STOP_EVERY (1u << 12)

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

static int heap_push(struct counter *c, unsigned long long cost, size_t node)
{
	size_t i;

	if (c->n_heap == c->cap_heap) {
		size_t cap = c->cap_heap ? c->cap_heap * 2 : 1024;
		void *heap = realloc(c->heap, cap * sizeof *c->heap);

		if (!heap)
			return RIVER_ENOMEM;
		c->heap = heap;
		c->cap_heap = cap;
	}
	/* Ties go by node number, so that equal costs keep the order in
	 * which states were found (breadth first for crossings). */
	for (i = c->n_heap++; i > 0; i = (i - 1) / 2) {
		size_t up = (i - 1) / 2;

		if (c->heap[up].cost < cost ||
		    (c->heap[up].cost == cost && c->heap[up].node < node))
			break;
		c->heap[i] = c->heap[up];
	}
	c->heap[i].cost = cost;
	c->heap[i].node = (uint32_t)node;
	return RIVER_OK;
}

static size_t heap_pop(struct counter *c)
{
	size_t top = c->heap[0].node, i = 0;
	unsigned long long cost = c->heap[--c->n_heap].cost;
	uint32_t node = c->heap[c->n_heap].node;

	for (;;) {
		size_t kid = 2 * i + 1;

		if (kid >= c->n_heap)
			break;
		if (kid + 1 < c->n_heap &&
		    (c->heap[kid + 1].cost < c->heap[kid].cost ||
		     (c->heap[kid + 1].cost == c->heap[kid].cost &&
		      c->heap[kid + 1].node < c->heap[kid].node)))
			kid++;
		if (cost < c->heap[kid].cost ||
		    (cost == c->heap[kid].cost && node < c->heap[kid].node))
			break;
		c->heap[i] = c->heap[kid];
		i = kid;
	}
	c->heap[i].cost = cost;
	c->heap[i].node = node;
	return top;
}

static int add(struct counter *c, state_t s, unsigned long long cost,
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
		uint32_t *order;

		if (!node)
			return RIVER_ENOMEM;
		c->node = node;
		order = realloc(c->order, cap * sizeof *order);
		if (!order)
			return RIVER_ENOMEM;
		c->order = order;
		c->cap = cap;
	}
	memset(&c->node[c->n], 0, sizeof c->node[c->n]);
	c->node[c->n].state = s;
	c->node[c->n].cost = cost;
	c->node[c->n].paths = paths;
	for (j = hash_of(s, c->cap_slot); c->slot[j]; j = (j + 1) & (c->cap_slot - 1))
		;
	c->slot[j] = (uint32_t)++c->n;
	return heap_push(c, cost, c->n - 1);
}

static unsigned long long add_saturating(unsigned long long a,
					 unsigned long long b)
{
	return a > ~0ULL - b ? ~0ULL : a + b;
}

static unsigned long long mul_saturating(unsigned long long a,
					 unsigned long long b)
{
	return b != 0 && a > ~0ULL / b ? ~0ULL : a * b;
}

/* What a crossing from a to b costs. */
static unsigned long long step_cost(const struct counter *c, state_t a,
				    state_t b)
{
	unsigned count[MODEL_MAX_ITEMS + 1];

	if (!c->by_time)
		return 1;
	system_load_of(c->sys, a, b, count);
	return system_trip_time(c->sys, count);
}

/* Cheapest first, summing at each state the cheapest paths that reach
 * it, until every state as cheap as the cheapest goal is settled.
 * Costs are positive, so a state's paths are all known when it is
 * settled.  *best is the goal's cost, ~0 when none is reached. */
static int settle(struct counter *c, unsigned long long *best)
{
	const struct system *sys = c->sys;
	int rc;

	*best = ~0ULL;
	while (c->n_heap > 0) {
		size_t u, i;
		struct node *from;

		if (++c->popped % COUNT_STOP_EVERY == 0 &&
		    (rc = stop_check(c->stop)) != RIVER_OK)
			return rc;
		u = heap_pop(c);
		from = &c->node[u];

		if (from->settled)
			continue; /* a stale entry: its state went cheaper */
		if (from->cost > *best)
			break;
		from->settled = true;
		c->order[c->n_order++] = (uint32_t)u;
		if (state_is_goal(sys, from->state)) {
			*best = from->cost;
			from->goal = true;
			continue; /* a plan ends at the goal */
		}
		rc = system_loads(sys, from->state, &c->loads);
		if (rc != RIVER_OK)
			return rc;
		for (i = 0; i < c->loads.n; i++) {
			state_t s = c->node[u].state;
			state_t to = state_cross(sys, s, c->loads.delta[i]);
			unsigned long long cost = c->node[u].cost + step_cost(c, s, to);
			/* The labelled plans: one crossing of a system reduced
			 * by symmetry stands for several. */
			unsigned long long paths = mul_saturating(
				c->node[u].paths, system_ways(sys, s, to));
			size_t at;

			if (cost > c->max_cost)
				continue; /* past the time limit: not reached */
			at = find(c, to);
			if (at == SIZE_MAX) {
				if (!system_safe(sys, to))
					continue;
				rc = add(c, to, cost, paths);
				if (rc != RIVER_OK)
					return rc;
				continue;
			}
			if (c->node[at].settled || cost > c->node[at].cost)
				continue;
			if (cost == c->node[at].cost) {
				c->node[at].paths = add_saturating(
					c->node[at].paths, paths);
				continue;
			}
			c->node[at].cost = cost;
			c->node[at].paths = paths;
			rc = heap_push(c, cost, at);
			if (rc != RIVER_OK)
				return rc;
		}
	}
	return RIVER_OK;
}

/* The successor of node u through load k, when it continues an
 * optimal plan; else SIZE_MAX. */
static size_t next_on_plan(const struct counter *c, size_t u,
			   const struct loads *loads, size_t k)
{
	state_t s = c->node[u].state;
	state_t to = state_cross(c->sys, s, loads->delta[k]);
	size_t at = find(c, to);

	if (at == SIZE_MAX || !c->node[at].useful ||
	    c->node[at].cost != c->node[u].cost + step_cost(c, s, to))
		return SIZE_MAX;
	return at;
}

/* Mark the nodes on some optimal plan: the goals, then, latest settled
 * first, every node with a marked successor one step on. */
static int mark_useful(struct counter *c)
{
	size_t i, k;
	int rc;

	for (i = c->n_order; i-- > 0;) {
		struct node *n = &c->node[c->order[i]];

		if (n->goal) {
			n->useful = true;
			continue;
		}
		rc = system_loads(c->sys, n->state, &c->loads);
		if (rc != RIVER_OK)
			return rc;
		for (k = 0; k < c->loads.n && !n->useful; k++)
			n->useful = next_on_plan(c, c->order[i], &c->loads, k) !=
				    SIZE_MAX;
	}
	return RIVER_OK;
}

struct walk {
	struct counter *c;
	struct count_result *res;
	size_t max;
	state_t *path;
	struct loads *levels; /* loads per depth, kept across recursion */
	size_t depth_cap;
};

/* Depth-first along useful nodes, keeping plans until max. */
static int enumerate(struct walk *w, size_t at, size_t depth)
{
	struct counter *c = w->c;
	size_t k;
	int rc;

	if (depth == w->depth_cap)
		return RIVER_EINTERNAL; /* longer than the nodes settled */
	w->path[depth] = c->node[at].state;
	if (c->node[at].goal) {
		state_t *plan = malloc((depth + 1) * sizeof *plan);

		if (!plan)
			return RIVER_ENOMEM;
		memcpy(plan, w->path, (depth + 1) * sizeof *plan);
		w->res->plan_lens[w->res->n_plans] = depth + 1;
		w->res->plans[w->res->n_plans++] = plan;
		return RIVER_OK;
	}
	rc = system_loads(c->sys, c->node[at].state, &w->levels[depth]);
	for (k = 0; rc == RIVER_OK && k < w->levels[depth].n &&
		    w->res->n_plans < w->max; k++) {
		size_t next = next_on_plan(c, at, &w->levels[depth], k);

		if (next != SIZE_MAX)
			rc = enumerate(w, next, depth + 1);
	}
	return rc;
}

static int keep_plans(struct counter *c, size_t max, struct count_result *res)
{
	struct walk w = {c, res, max, NULL, NULL, c->n_order + 1};
	size_t d;
	int rc;

	if (max > res->count)
		max = (size_t)res->count; /* room for no more than exist */
	w.max = max;
	res->plans = calloc(max, sizeof *res->plans);
	res->plan_lens = calloc(max, sizeof *res->plan_lens);
	w.path = malloc(w.depth_cap * sizeof *w.path);
	w.levels = calloc(w.depth_cap, sizeof *w.levels);
	if (!res->plans || !res->plan_lens || !w.path || !w.levels)
		rc = RIVER_ENOMEM;
	else
		rc = enumerate(&w, 0, 0);
	for (d = 0; w.levels && d < w.depth_cap; d++)
		loads_release(&w.levels[d]);
	free(w.levels);
	free(w.path);
	res->plan_len = res->n_plans ? res->plan_lens[0] : 0;
	return rc;
}

void count_result_release(struct count_result *res)
{
	size_t i;

	for (i = 0; i < res->n_plans; i++)
		free(res->plans[i]);
	free(res->plans);
	free(res->plan_lens);
	memset(res, 0, sizeof *res);
}

int count_plans(const struct system *sys, const river_solve_options *opts,
		size_t max_plans, struct count_result *res, river_diag *diag)
{
	struct stop stop;
	int rc = stop_init(&stop, opts->cancel, opts->timeout, diag);

	memset(res, 0, sizeof *res);
	return rc == RIVER_OK ? count_search(sys, opts, &stop, max_plans, res,
					     diag)
			      : rc;
}

int count_search(const struct system *sys, const river_solve_options *opts,
		 const struct stop *stop, size_t max_plans,
		 struct count_result *res, river_diag *diag)
{
	struct counter c;
	unsigned long long best = ~0ULL;
	size_t i;
	int rc;

	memset(res, 0, sizeof *res);
	memset(&c, 0, sizeof c);
	c.sys = sys;
	c.stop = stop;
	c.by_time = sys->model->minimize_time;
	c.max_cost = c.by_time && sys->model->has_time_limit
		     ? sys->model->time_limit : ~0ULL;
	c.limit = opts->max_states ? opts->max_states : RIVER_DEFAULT_MAX_STATES;
	if (c.limit > UINT32_MAX - 1)
		c.limit = UINT32_MAX - 1;
	loads_init(&c.loads);
	rc = add(&c, sys->start, 0, 1);
	if (rc == RIVER_OK)
		rc = settle(&c, &best);
	res->explored = c.n;
	if (rc == RIVER_OK && best != ~0ULL) {
		res->solved = true;
		res->cost = best;
		for (i = 0; i < c.n_order; i++)
			if (c.node[c.order[i]].goal)
				res->count = add_saturating(
					res->count, c.node[c.order[i]].paths);
		if (max_plans > 0) {
			rc = mark_useful(&c);
			if (rc == RIVER_OK)
				rc = keep_plans(&c, max_plans, res);
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
	else if (rc == RIVER_EINTERNAL)
		diag_set(diag, rc, NULL, NULL,
			 "internal error: an optimal plan longer than the search");
	else if (rc == RIVER_ETIMEOUT || rc == RIVER_ECANCELED)
		stop_reached(stop, rc, c.n, diag);
	if (rc != RIVER_OK)
		count_result_release(res);
	loads_release(&c.loads);
	free(c.node);
	free(c.slot);
	free(c.order);
	free(c.heap);
	return rc;
}
