#include "solve/count.h"

#include <stdlib.h>
#include <string.h>

#include "solve/bfs.h"
#include "solve/layers.h"
#include "solve/visited.h"
#include "util/grow.h"
#include "util/hash.h"
#include "util/index.h"
#include "util/saturate.h"

/* How often (in states taken) the least time looks at the cancel flag
 * and the clock; the count's levels look as the queue search does
 * (pace_look). */
#define COUNT_STOP_EVERY (1u << 12)
/* The work the count may do for each state max_states allows (as the
 * queue search does). */
#define COUNT_TRIES_PER_STATE 64
#define COUNT_BROKEN_PER_STATE 4
/* Past this many buckets (crossings that take that long), the least
 * time keeps one heap by (f, g) instead. */
#define COUNT_MAX_BUCKETS (1u << 16)

/* The index of states kept elsewhere (util/index.h): entry i is
 * state[i]. */
#define NO_NODE HASH_INDEX_NONE

static uint64_t hash_of(state_t s)
{
	return hash_words(&s, 1);
}

struct state_key {
	const state_t *state;
	state_t s;
};

static bool same_state(const void *ctx, size_t node)
{
	const struct state_key *k = ctx;

	return k->state[node] == k->s;
}

static size_t index_find(const struct hash_index *x, const state_t *state,
			 state_t s)
{
	struct state_key k = {state, s};

	return hash_index_find(x, hash_of(s), same_state, &k, NULL);
}

/* Index node, which holds s, with room made for it beforehand. */
static void index_put(struct hash_index *x, state_t s, size_t node)
{
	hash_index_add(x, hash_of(s), node);
}

/* What a crossing takes, read from its delta: the items it carries (and
 * the boat's own time), as system_trip_time reads them from a load. */
struct trip {
	const struct system *sys;
	unsigned bit_time[SYSTEM_MAX_BITS];
	unsigned *kind_time;
	bool by_load; /* fields in the state: decode the load instead */
};

static int trip_init(struct trip *t, const struct system *sys)
{
	const struct model *m = sys->model;
	unsigned k;

	memset(t, 0, sizeof *t);
	t->sys = sys;
	t->by_load = sys->n_fields > 0;
	for (k = 0; k < sys->n_ind; k++)
		t->bit_time[k] = m->items[sys->ind_item[k]].time;
	t->kind_time = calloc(sys->n_kinds + 1, sizeof *t->kind_time);
	if (!t->kind_time)
		return RIVER_ENOMEM;
	for (k = 0; k < sys->n_kinds; k++)
		t->kind_time[k] = m->items[sys->kind_item[k]].time;
	return RIVER_OK;
}

static unsigned long long trip_time(const struct trip *t, state_t a,
				    uint64_t delta)
{
	const struct system *sys = t->sys;
	unsigned time = sys->model->boat_time;
	uint64_t ind = delta & sys->ind_mask;
	unsigned k;

	if (t->by_load) {
		unsigned count[MODEL_MAX_ITEMS + 1];

		system_load_of(sys, a, state_cross(sys, a, delta), count);
		return system_trip_time(sys, count);
	}
	while (ind) {
		unsigned bit = (unsigned)__builtin_ctzll(ind);

		if (t->bit_time[bit] > time)
			time = t->bit_time[bit];
		ind &= ind - 1;
	}
	for (k = 0; k < sys->n_kinds; k++)
		if (t->kind_time[k] > time &&
		    ((delta >> sys->kinds[k].shift) & sys->kinds[k].mask))
			time = t->kind_time[k];
	return time;
}

/* The states on optimal plans, as either search leaves them: node i is
 * state[i], reached at cost[i] (~0 when not settled), indexed by idx. */
struct dag {
	const struct system *sys;
	const struct trip *trip; /* NULL: each crossing costs 1 */
	const state_t *state;
	const unsigned long long *cost;
	const struct hash_index *idx;
	unsigned long long best;
	unsigned char *dead; /* per node: no optimal plan goes on from it */
	struct loads *levels; /* loads per depth, kept across recursion */
	size_t depth_cap;
	state_t *path;
	struct count_result *res;
	size_t max;
};

/* Depth-first from node at, in the order of the moves, along crossings
 * that stay on optimal plans, keeping plans until max; *found tells
 * whether some plan went through at. */
static int enumerate(struct dag *g, size_t at, size_t depth, bool *found)
{
	const struct system *sys = g->sys;
	state_t s = g->state[at];
	struct loads *loads;
	size_t k;
	int rc = RIVER_OK;

	*found = false;
	if (depth == g->depth_cap)
		return RIVER_EINTERNAL; /* longer than its cost allows */
	g->path[depth] = s;
	if (state_is_goal(sys, s) && g->cost[at] == g->best) {
		state_t *plan = malloc((depth + 1) * sizeof *plan);

		if (!plan)
			return RIVER_ENOMEM;
		memcpy(plan, g->path, (depth + 1) * sizeof *plan);
		g->res->plan_lens[g->res->n_plans] = depth + 1;
		g->res->plans[g->res->n_plans++] = plan;
		*found = true;
		return RIVER_OK;
	}
	if (g->dead[at] || g->cost[at] >= g->best)
		return RIVER_OK;
	loads = &g->levels[depth];
	rc = system_safe_loads(sys, s, loads);
	for (k = 0; rc == RIVER_OK && k < loads->n && g->res->n_plans < g->max;
	     k++) {
		uint64_t delta = loads->delta[k];
		state_t to = state_cross(sys, s, delta);
		size_t next = index_find(g->idx, g->state, to);
		unsigned long long c;
		bool below;

		if (next == NO_NODE || g->dead[next])
			continue;
		c = g->trip ? trip_time(g->trip, s, delta) : 1;
		if (g->cost[next] != g->cost[at] + c)
			continue;
		rc = enumerate(g, next, depth + 1, &below);
		*found |= below;
	}
	if (rc == RIVER_OK && !*found)
		g->dead[at] = 1;
	return rc;
}

/* The first max optimal plans of the n nodes, from node 0 (the start). */
static int keep_plans(struct dag *g, size_t n, size_t max, size_t depth_cap,
		      struct count_result *res)
{
	size_t d;
	bool found;
	int rc;

	if (max > res->count)
		max = (size_t)res->count; /* room for no more than exist */
	g->res = res;
	g->max = max;
	g->depth_cap = depth_cap;
	res->plans = calloc(max, sizeof *res->plans);
	res->plan_lens = calloc(max, sizeof *res->plan_lens);
	g->dead = calloc(n, 1);
	g->path = malloc(depth_cap * sizeof *g->path);
	g->levels = calloc(depth_cap, sizeof *g->levels);
	if (!res->plans || !res->plan_lens || !g->dead || !g->path ||
	    !g->levels)
		rc = RIVER_ENOMEM;
	else
		rc = enumerate(g, 0, 0, &found);
	for (d = 0; g->levels && d < depth_cap; d++)
		loads_release(&g->levels[d]);
	free(g->levels);
	free(g->path);
	free(g->dead);
	res->plan_len = res->n_plans ? res->plan_lens[0] : 0;
	return rc;
}

/* ---- Unit costs: level by level. ---- */

/* Every state reached, level by level in the order the queue search
 * reaches them: its state, its shortest paths from the start, and the
 * first state that reached it. */
struct levels {
	const struct system *sys;
	const struct tuples *tuples; /* or NULL */
	const river_solve_options *opts;
	const struct stop *stop;
	state_t *state;
	unsigned long long *paths;
	uint32_t *parent;
	size_t n, cap, cap_paths, cap_parent;
	struct visited seen; /* every state met, rule-breaking ones too */
	struct hash_index next; /* the level being filled */
	uint64_t *in_next;   /* its states by rank, when the space is small */
	struct loads loads;
	unsigned long long limit, tried, broken;
	struct pace pace;    /* of the clock and the progress callback */
	enum { COUNT_STATES, COUNT_TRIED, COUNT_BROKEN } why;
	size_t *level;               /* where each level begins */
	size_t n_levels, cap_levels;
	size_t goal_first, goal_end; /* the goal's level, or 0, 0 */
	size_t first_goal;           /* the first goal state met */
};

static int levels_push(struct levels *l, state_t s, unsigned long long paths,
		       size_t parent)
{
	if (l->n >= l->limit)
		return RIVER_ELIMIT;
	if (array_grow(&l->state, &l->cap, l->n + 1, sizeof *l->state) ||
	    array_grow(&l->paths, &l->cap_paths, l->n + 1, sizeof *l->paths) ||
	    array_grow(&l->parent, &l->cap_parent, l->n + 1, sizeof *l->parent))
		return RIVER_ENOMEM;
	l->state[l->n] = s;
	l->paths[l->n] = paths;
	l->parent[l->n] = (uint32_t)parent;
	l->n++;
	return RIVER_OK;
}

/* Expand the states first..end-1 (one level) into the next.  Counting,
 * like solving, tries only the loads that leave the departing bank safe
 * (system_safe_loads): the others reach states no plan passes through,
 * and cutting them in the walk was most of counting's extra time. */
static int levels_expand(struct levels *l, size_t first, size_t end,
			 unsigned depth)
{
	const struct system *sys = l->sys;
	size_t u, i;
	int rc;

	for (u = first; u < end; u++) {
		state_t from = l->state[u];

		if (pace_look(&l->pace, u, l->tried)) {
			if ((rc = stop_check(l->stop)) != RIVER_OK)
				return rc;
			if (l->opts->progress && pace_due(&l->pace, u))
				pace_report(l->opts, l->n, l->n - u, depth);
		}
		rc = system_safe_loads(sys, from, &l->loads);
		if (rc != RIVER_OK)
			return rc;
		l->tried += l->loads.n;
		if (l->tried > COUNT_TRIES_PER_STATE * l->limit) {
			l->why = COUNT_TRIED;
			return RIVER_ELIMIT;
		}
		for (i = 0; i < l->loads.n; i++) {
			state_t to = state_cross(sys, from, l->loads.delta[i]);
			unsigned long long paths =
				mul_saturating(l->paths[u],
					       system_ways(sys, from, to));
			size_t at;

			/* A canonical state's paths are those to every state
			 * of its orbit: each successor adds its own. */
			if (l->tuples)
				to = tuples_canonical(l->tuples, to);
			rc = visited_add(&l->seen, to);
			if (rc < 0)
				return rc;
			if (rc == 0) {
				/* Met before: more paths if in this level. */
				if (l->in_next) {
					uint64_t r = system_rank(sys, to);

					if (!(l->in_next[r / 64] >> (r % 64) & 1))
						continue;
				}
				at = index_find(&l->next, l->state, to);
				if (at != NO_NODE && at >= end)
					l->paths[at] = add_saturating(
						l->paths[at], paths);
				continue;
			}
			if (!system_safe(sys, to)) {
				if (++l->broken >
				    COUNT_BROKEN_PER_STATE * l->limit) {
					l->why = COUNT_BROKEN;
					return RIVER_ELIMIT;
				}
				continue;
			}
			rc = levels_push(l, to, paths, u);
			if (rc != RIVER_OK)
				return rc;
			if (hash_index_reserve(&l->next, l->n - end))
				return RIVER_ENOMEM;
			index_put(&l->next, to, l->n - 1);
			if (l->in_next) {
				uint64_t r = system_rank(sys, to);

				l->in_next[r / 64] |= UINT64_C(1) << (r % 64);
			}
			if (l->goal_end == 0 && state_is_goal(sys, to)) {
				l->first_goal = l->n - 1;
				l->goal_end = 1; /* the level is the goal's */
			}
		}
	}
	return RIVER_OK;
}

/* Level by level until the goal's level is complete or none is left. */
static int levels_run(struct levels *l)
{
	size_t first = 0, end = 1, u;
	unsigned depth = 0;
	int rc;

	if (state_is_goal(l->sys, l->state[0])) {
		l->goal_first = 0;
		l->goal_end = 1;
		l->first_goal = 0;
		return RIVER_OK;
	}
	while (first < end) {
		if (array_grow(&l->level, &l->cap_levels, l->n_levels + 2,
			 sizeof *l->level))
			return RIVER_ENOMEM;
		l->level[l->n_levels++] = first;

		/* The next level's index, as large as this level needs. */
		if (hash_index_clear(&l->next, end - first) != RIVER_OK)
			return RIVER_ENOMEM;
		rc = levels_expand(l, first, end, depth);
		if (rc != RIVER_OK)
			return rc;
		if (l->goal_end) {
			l->level[l->n_levels++] = end;
			l->goal_first = end;
			l->goal_end = l->n;
			return RIVER_OK;
		}
		for (u = end; l->in_next && u < l->n; u++) {
			uint64_t r = system_rank(l->sys, l->state[u]);

			l->in_next[r / 64] &= ~(UINT64_C(1) << (r % 64));
		}
		first = end;
		end = l->n;
		depth++;
	}
	return RIVER_OK;
}

/* The plan the queue search finds: back from the first goal met. */
static int levels_path(const struct levels *l, struct count_result *res)
{
	size_t i, n = 1;

	if (res->solved)
		for (i = l->first_goal; i != 0; i = l->parent[i])
			n++;
	res->path = malloc(n * sizeof *res->path);
	if (!res->path)
		return RIVER_ENOMEM;
	res->path_len = n;
	if (!res->solved) {
		res->path[0] = l->sys->start;
		return RIVER_OK;
	}
	for (i = l->first_goal; n-- > 0; i = l->parent[i])
		res->path[n] = l->state[i];
	return RIVER_OK;
}

static int levels_plans(const struct levels *l, size_t max,
			struct count_result *res)
{
	struct dag g;
	struct hash_index idx;
	unsigned long long *cost = malloc(l->n * sizeof *cost);
	size_t i, d = 0;
	int rc;

	hash_index_init(&idx);
	rc = cost ? hash_index_reserve(&idx, l->n) : RIVER_ENOMEM;
	for (i = 0; rc == RIVER_OK && i < l->n; i++)
		index_put(&idx, l->state[i], i);

	for (i = 0; rc == RIVER_OK && i < l->n; i++) {
		while (d + 1 < l->n_levels && i >= l->level[d + 1])
			d++;
		cost[i] = d;
	}
	memset(&g, 0, sizeof g);
	g.sys = l->sys;
	g.state = l->state;
	g.cost = cost;
	g.idx = &idx;
	g.best = res->cost;
	if (rc == RIVER_OK)
		rc = keep_plans(&g, l->n, max, (size_t)res->cost + 2, res);
	free(cost);
	hash_index_release(&idx);
	return rc;
}

static int count_by_levels(const struct system *sys,
			const struct tuples *tuples,
			const river_solve_options *opts,
			const struct stop *stop, size_t max_plans,
			struct count_result *res, river_diag *diag)
{
	struct levels l;
	size_t i;
	int rc;

	memset(&l, 0, sizeof l);
	l.sys = sys;
	l.tuples = tuples;
	l.opts = opts;
	l.stop = stop;
	pace_init(&l.pace);
	l.limit = bfs_state_limit(opts, UINT32_MAX); /* 32-bit parents */
	loads_init(&l.loads);
	rc = visited_init(&l.seen, sys);
	if (rc == RIVER_OK)
		rc = visited_add(&l.seen, sys->start) < 0 ? RIVER_ENOMEM
							  : RIVER_OK;
	if (rc == RIVER_OK)
		rc = levels_push(&l, sys->start, 1, 0);
	if (rc == RIVER_OK && sys->rank_size &&
	    sys->rank_size <= VISITED_MAX_BITSET_BITS) {
		l.in_next = calloc((size_t)(sys->rank_size / 64 + 1),
				   sizeof *l.in_next);
		if (!l.in_next)
			rc = RIVER_ENOMEM;
	}
	if (rc == RIVER_OK)
		rc = levels_run(&l);
	res->reached = l.n;
	if (rc == RIVER_OK) {
		res->solved = l.goal_end != 0;
		res->explored = res->solved ? l.first_goal + 1 : l.n;
		res->in_all = res->solved ? res->explored
					  : system_states_sum(sys, tuples,
							      l.state, l.n);
		rc = levels_path(&l, res);
	}
	if (rc == RIVER_OK && res->solved) {
		res->cost = res->path_len - 1;
		for (i = l.goal_first; i < l.goal_end; i++)
			if (state_is_goal(sys, l.state[i]))
				res->count = add_saturating(res->count,
							    l.paths[i]);
		if (max_plans > 0)
			rc = levels_plans(&l, max_plans, res);
	}
	if (rc == RIVER_ELIMIT && l.why == COUNT_TRIED)
		diag_set(diag, rc, NULL, NULL,
			 "counting stopped after trying %llu crossings from "
			 "%zu states, the most its limit of %llu states allows",
			 l.tried, l.n, l.limit);
	else if (rc == RIVER_ELIMIT && l.why == COUNT_BROKEN)
		diag_set(diag, rc, NULL, NULL,
			 "counting stopped after meeting %llu states that "
			 "break a rule, the most its limit of %llu states allows",
			 l.broken, l.limit);
	else if (rc == RIVER_ELIMIT)
		diag_set(diag, rc, NULL, NULL,
			 "counting stopped at its limit of %llu states", l.limit);
	else if (rc == RIVER_ETIMEOUT || rc == RIVER_ECANCELED)
		stop_reached(stop, rc, l.n, diag);
	loads_release(&l.loads);
	visited_release(&l.seen);
	hash_index_release(&l.next);
	free(l.in_next);
	free(l.state);
	free(l.paths);
	free(l.parent);
	free(l.level);
	return rc;
}

/* ---- The least time: cheapest first, A* over buckets. ---- */

/* The bound has two parts.
 *
 * G: every item not yet where the goal wants it crosses at least once
 * more, and a crossing with it takes at least its time (and the boat's
 * own).  Sorting those items slowest first and putting them in crossings
 * of at most `seats`, the cheapest way to carry them all is the slowest,
 * then the (seats+1)th slowest, and so on: G(M) = the sum of t_1,
 * t_{1+seats}, t_{1+2 seats}, ... of the items M still out of place,
 * each t at least the boat's time.  Any plan from s gives each misplaced
 * item the first crossing that moves it; those crossings hold at most
 * `seats` of them each and take at least the slowest of them, so the
 * plan takes at least G(M).  A crossing from s to t with load L takes
 * c = max(boat, slowest of L) and changes the placement only of items
 * in L, so M(s) lies within M(t) + L (as multisets of copies); G only
 * grows with its set (the i-th slowest of a larger set is no faster) and
 * G(A + L) <= G(A) + c (A's grouping with L as one more crossing), so
 * G(M(s)) <= G(M(t) + L) <= G(M(t)) + c: G alone is consistent.
 *
 * E: when every item the goal places belongs on the right and every
 * rower is one of them, the crossings themselves can be counted.  With
 * m items out of place, a crossing to the right places at most `seats`
 * of them, one back takes a rower, who is then out of place again, and
 * G already pays for ceil(m / seats) crossings; each other crossing
 * takes at least the least trip time.  N(side, m) is the fewest
 * crossings of that game to m = 0 (a search over its 2 (U + 1) states,
 * U the copies the goal places), E = N - ceil(m / seats), and the bound
 * is G + E * least trip.  Consistency, with t the least trip (a
 * crossing takes c >= t) and M, m before and M', m' after a crossing:
 *   to the right with k of M aboard: G(M) - G(M') <= c, so it holds
 *     when E(left, m) <= E(right, m - k) for 1 <= k <= min(seats, m),
 *     and E(left, m) <= E(right, m) + 1 for k = 0 (G unchanged);
 *   to the left with j >= 1 placed items aboard: G(M') - G(M) >=
 *     (ceil(m' / seats) - ceil(m / seats)) t, since each new group
 *     of M' starts at an item of at least t, so it holds when
 *     E(right, m) <= E(left, m + j) + 1 + ceil((m + j) / seats) -
 *     ceil(m / seats) for 1 <= j <= seats.
 * These inequalities are checked on the table when it is made; where one
 * fails, or m = 0 cannot be reached, E is left out (E = 0).  Goals have
 * nothing out of place: bound 0. */
struct time_bound {
	const struct system *sys;
	unsigned seats;
	size_t n;
	struct tb_unit {
		unsigned time;  /* at least the boat's */
		int kind;       /* -1: an individual */
		uint64_t bit;   /* its bit, or its kind's field mask (shifted) */
		unsigned shift;
		uint64_t goal;  /* its goal value */
	} unit[SYSTEM_MAX_BITS];
	unsigned long long least; /* the least trip time */
	/* Individuals only: each one's place in the slowest-first order. */
	bool only_ind;
	uint64_t ind_units, ind_goal;
	unsigned char place[SYSTEM_MAX_BITS];
	unsigned place_time[SYSTEM_MAX_BITS];
	unsigned long long *extra[2]; /* E by boat side (0 left), or NULL */
	size_t most;                  /* U */
};

/* Past this many copies placed by the goal, no E. */
#define TB_MAX_COPIES 4096

static int cmp_unit(const void *a, const void *b)
{
	const struct tb_unit *x = a, *y = b;

	return (x->time < y->time) - (x->time > y->time);
}

static size_t ceil_div(size_t a, size_t b)
{
	return (a + b - 1) / b;
}

/* N by a breadth-first search back from m = 0; then E and its check. */
static int tb_extra(struct time_bound *b)
{
	size_t u = b->most, s = b->seats, m, k, head = 0, tail = 0;
	size_t *n[2], *queue = malloc(2 * (u + 1) * sizeof *queue);
	bool ok = true;
	int side;

	n[0] = malloc((u + 1) * sizeof *n[0]);
	n[1] = malloc((u + 1) * sizeof *n[1]);
	b->extra[0] = malloc((u + 1) * sizeof *b->extra[0]);
	b->extra[1] = malloc((u + 1) * sizeof *b->extra[1]);
	if (!queue || !n[0] || !n[1] || !b->extra[0] || !b->extra[1]) {
		free(queue);
		free(n[0]);
		free(n[1]);
		return RIVER_ENOMEM;
	}
	for (m = 0; m <= u; m++)
		n[0][m] = n[1][m] = SIZE_MAX;
	n[0][0] = n[1][0] = 0;
	queue[tail++] = 0;          /* (left, 0) */
	queue[tail++] = u + 1;      /* (right, 0) */
	while (head < tail) {
		size_t at = queue[head++], d;

		side = at > u;
		m = at - (size_t)side * (u + 1);
		d = n[side][m];
		/* Who reaches (side, m) in one crossing: from the other side. */
		if (side) {
			/* From the left with m + k, 0 <= k <= s. */
			for (k = 0; k <= s && m + k <= u; k++)
				if (m + k > 0 && n[0][m + k] == SIZE_MAX) {
					n[0][m + k] = d + 1;
					queue[tail++] = m + k;
				}
		} else {
			/* From the right with m - j, 1 <= j <= s. */
			for (k = 1; k <= s && k <= m; k++)
				if (m - k > 0 && n[1][m - k] == SIZE_MAX) {
					n[1][m - k] = d + 1;
					queue[tail++] = u + 1 + m - k;
				}
		}
	}
	/* No crossing leaves (right, U): every rower is on the left.  Any
	 * value there that passes the checks below will do. */
	if (n[1][u] == SIZE_MAX && u > 0 && n[0][u] != SIZE_MAX)
		n[1][u] = n[0][u] + 1;
	for (m = 0; m <= u; m++) {
		ok &= n[0][m] != SIZE_MAX && n[1][m] != SIZE_MAX;
		if (!ok)
			break;
		b->extra[0][m] = n[0][m] - ceil_div(m, s);
		b->extra[1][m] = n[1][m] - ceil_div(m, s);
	}
	for (m = 0; ok && m <= u; m++) {
		unsigned long long *el = b->extra[0], *er = b->extra[1];

		ok &= el[m] <= er[m] + 1;
		for (k = 1; ok && k <= s && k <= m; k++)
			ok &= el[m] <= er[m - k];
		for (k = 1; ok && k <= s && m + k <= u; k++)
			ok &= er[m] <= el[m + k] + 1 + ceil_div(m + k, s) -
					       ceil_div(m, s);
	}
	free(queue);
	free(n[0]);
	free(n[1]);
	if (!ok) {
		free(b->extra[0]);
		free(b->extra[1]);
		b->extra[0] = b->extra[1] = NULL;
	}
	return RIVER_OK;
}

int time_bound_new(struct time_bound **out, const struct system *sys)
{
	const struct model *m = sys->model;
	struct time_bound *b = calloc(1, sizeof *b);
	bool rightward = true; /* every placed copy belongs on the right */
	bool rowers_placed = true;
	unsigned k;

	*out = b;
	if (!b)
		return RIVER_ENOMEM;
	b->sys = sys;
	b->seats = sys->seats ? sys->seats : 1;
	b->least = model_least_trip(m);
	for (k = 0; k < sys->n_ind; k++) {
		uint64_t bit = UINT64_C(1) << k;
		unsigned t = m->items[sys->ind_item[k]].time;

		if (!(sys->goal_mask & bit)) {
			rowers_placed &= !(sys->rower_ind & bit);
			continue; /* may end anywhere */
		}
		b->unit[b->n].time = t > m->boat_time ? t : m->boat_time;
		b->unit[b->n].kind = -1;
		b->unit[b->n].bit = bit;
		b->unit[b->n].goal = sys->goal & bit;
		rightward &= b->unit[b->n].goal != 0;
		b->most++;
		b->n++;
	}
	for (k = 0; k < sys->n_kinds; k++) {
		const struct sys_kind *kd = &sys->kinds[k];
		uint64_t field = kd->mask << kd->shift;
		unsigned t = m->items[sys->kind_item[k]].time;

		if ((sys->goal_mask & field) != field) {
			rowers_placed &= !kd->rows;
			continue;
		}
		b->unit[b->n].time = t > m->boat_time ? t : m->boat_time;
		b->unit[b->n].kind = (int)k;
		b->unit[b->n].bit = kd->mask;
		b->unit[b->n].shift = kd->shift;
		b->unit[b->n].goal = (sys->goal >> kd->shift) & kd->mask;
		rightward &= b->unit[b->n].goal == kd->copies;
		b->most += kd->copies;
		b->n++;
	}
	qsort(b->unit, b->n, sizeof *b->unit, cmp_unit);
	b->only_ind = true;
	for (k = 0; k < b->n; k++) {
		const struct tb_unit *u = &b->unit[k];

		b->only_ind &= u->kind < 0;
		if (u->kind >= 0)
			continue;
		b->ind_units |= u->bit;
		b->ind_goal |= u->goal;
		b->place[__builtin_ctzll(u->bit)] = (unsigned char)k;
		b->place_time[k] = u->time;
	}
	if (rightward && rowers_placed && b->most <= TB_MAX_COPIES)
		return tb_extra(b);
	return RIVER_OK;
}

unsigned long long time_bound_of(const struct time_bound *b, state_t s)
{
	unsigned long long sum = 0, pos = 0;
	size_t i;

	if (b->only_ind) {
		/* The misplaced, slowest first: every seats-th opens a
		 * crossing. */
		uint64_t x = (s ^ b->ind_goal) & b->ind_units, sorted = 0;
		unsigned r = 0;

		while (x) {
			sorted |= UINT64_C(1) << b->place[__builtin_ctzll(x)];
			x &= x - 1;
			pos++;
		}
		while (sorted) {
			if (r == 0)
				sum += b->place_time[__builtin_ctzll(sorted)];
			if (++r == b->seats)
				r = 0;
			sorted &= sorted - 1;
		}
		if (b->extra[0])
			sum += b->extra[state_boat_right(b->sys, s)][pos] *
			       b->least;
		return sum;
	}
	for (i = 0; i < b->n; i++) {
		const struct tb_unit *u = &b->unit[i];
		unsigned long long out, firsts;

		if (u->kind < 0) {
			out = (s & u->bit) != u->goal;
		} else {
			uint64_t v = (s >> u->shift) & u->bit;

			out = v > u->goal ? v - u->goal : u->goal - v;
		}
		if (!out)
			continue;
		/* Copies pos..pos+out-1 of the slowest-first order; those at
		 * a multiple of seats open a crossing. */
		firsts = (pos + out + b->seats - 1) / b->seats -
			 (pos + b->seats - 1) / b->seats;
		sum += firsts * u->time;
		pos += out;
	}
	if (b->extra[0])
		sum += b->extra[state_boat_right(b->sys, s)][pos] * b->least;
	return sum;
}

void time_bound_free(struct time_bound *b)
{
	if (b) {
		free(b->extra[0]);
		free(b->extra[1]);
	}
	free(b);
}

/* A bucket holds the entries of one value of f = g + bound, as a binary
 * heap by g (lowest first): with a consistent bound, a crossing never
 * lowers f, and one that keeps it raises g, so taking (f, g) in order
 * takes every state after all its predecessors on cheapest paths, and
 * its count of paths is complete when it is taken. */
struct entry {
	unsigned long long f, g;
	uint32_t node;
};

struct bucket {
	struct entry *e;
	size_t n, cap;
};

struct cheapest {
	const struct system *sys;
	const struct stop *stop;
	struct trip trip;
	struct time_bound *bound;
	state_t *state;
	unsigned long long *cost; /* g: least time found so far */
	unsigned long long *paths;
	unsigned char *settled;
	size_t n, cap, cap_cost, cap_paths, cap_settled;
	struct hash_index idx;
	struct bucket *bucket; /* by f modulo n_buckets */
	size_t n_buckets, queued;
	unsigned long long f; /* of the states being taken */
	struct loads loads;
	unsigned long long limit, max_cost, taken;
};

static bool entry_before(const struct entry *a, const struct entry *b)
{
	return a->f < b->f || (a->f == b->f && a->g < b->g);
}

static int bucket_push(struct cheapest *c, unsigned long long f,
		       unsigned long long g, size_t node)
{
	struct bucket *b = &c->bucket[f % c->n_buckets];
	struct entry e = {f, g, (uint32_t)node};
	size_t i;

	if (f < c->f || (c->n_buckets > 1 && f - c->f >= c->n_buckets))
		return RIVER_EINTERNAL; /* the bound is not consistent */
	if (array_grow(&b->e, &b->cap, b->n + 1, sizeof *b->e))
		return RIVER_ENOMEM;
	for (i = b->n++; i > 0 && entry_before(&e, &b->e[(i - 1) / 2]);
	     i = (i - 1) / 2)
		b->e[i] = b->e[(i - 1) / 2];
	b->e[i] = e;
	c->queued++;
	return RIVER_OK;
}

static struct entry bucket_pop(struct cheapest *c, struct bucket *b)
{
	struct entry top = b->e[0], last = b->e[--b->n];
	size_t i = 0;

	for (;;) {
		size_t kid = 2 * i + 1;

		if (kid >= b->n)
			break;
		if (kid + 1 < b->n && entry_before(&b->e[kid + 1], &b->e[kid]))
			kid++;
		if (!entry_before(&b->e[kid], &last))
			break;
		b->e[i] = b->e[kid];
		i = kid;
	}
	b->e[i] = last;
	c->queued--;
	return top;
}

static int cheapest_add(struct cheapest *c, state_t s, unsigned long long g,
			unsigned long long paths)
{
	if (c->n >= c->limit)
		return RIVER_ELIMIT;
	if (array_grow(&c->state, &c->cap, c->n + 1, sizeof *c->state) ||
	    array_grow(&c->cost, &c->cap_cost, c->n + 1, sizeof *c->cost) ||
	    array_grow(&c->paths, &c->cap_paths, c->n + 1, sizeof *c->paths) ||
	    array_grow(&c->settled, &c->cap_settled, c->n + 1, 1))
		return RIVER_ENOMEM;
	if (hash_index_reserve(&c->idx, c->n + 1))
		return RIVER_ENOMEM;
	c->state[c->n] = s;
	c->cost[c->n] = g;
	c->paths[c->n] = paths;
	c->settled[c->n] = 0;
	index_put(&c->idx, s, c->n);
	c->n++;
	return RIVER_OK;
}

/* The crossings from node u (taken) that lead to f = band exactly; then
 * u goes back in the queue at the next f its crossings lead to, so that
 * states beyond the goal's f are never stored (partial expansion: the
 * next band's crossings come before the states they reach, whose g is
 * larger). */
static int cheapest_expand(struct cheapest *c, size_t u,
			   unsigned long long band)
{
	const struct system *sys = c->sys;
	state_t from = c->state[u];
	unsigned long long next = ~0ULL, g0 = c->cost[u];
	size_t i;
	int rc = system_safe_loads(sys, from, &c->loads);

	for (i = 0; rc == RIVER_OK && i < c->loads.n; i++) {
		uint64_t delta = c->loads.delta[i];
		state_t to = state_cross(sys, from, delta);
		unsigned long long g = g0 + trip_time(&c->trip, from, delta);
		unsigned long long h, paths;
		size_t at;

		if (g > c->max_cost)
			continue; /* past the time limit */
		h = time_bound_of(c->bound, to);
		if (g + h != band) {
			if (g + h > band && g + h < next)
				next = g + h;
			continue; /* an earlier band, or a later one */
		}
		paths = mul_saturating(c->paths[u], system_ways(sys, from, to));
		at = index_find(&c->idx, c->state, to);
		if (at != NO_NODE) {
			if (g > c->cost[at])
				continue;
			if (c->settled[at])
				/* Not cheaper, nor as cheap, after being
				 * taken: the bound keeps that from
				 * happening. */
				return RIVER_EINTERNAL;
			if (g == c->cost[at]) {
				c->paths[at] = add_saturating(c->paths[at],
							      paths);
				continue;
			}
			c->cost[at] = g;
			c->paths[at] = paths;
			rc = bucket_push(c, g + h, g, at);
			continue;
		}
		if (!system_safe(sys, to))
			continue;
		rc = cheapest_add(c, to, g, paths);
		if (rc == RIVER_OK)
			rc = bucket_push(c, g + h, g, c->n - 1);
	}
	if (rc == RIVER_OK && next != ~0ULL)
		rc = bucket_push(c, next, g0, u);
	return rc;
}

/* Take states by (f, g) until f passes the goal's time; *best is the
 * goal's time, ~0 when none is reached. */
static int cheapest_run(struct cheapest *c, unsigned long long *best)
{
	const struct system *sys = c->sys;
	unsigned long long f = time_bound_of(c->bound, sys->start);
	int rc;

	*best = ~0ULL;
	c->f = f;
	rc = cheapest_add(c, sys->start, 0, 1);
	if (rc == RIVER_OK)
		rc = bucket_push(c, f, 0, 0);
	while (rc == RIVER_OK && c->queued > 0) {
		struct bucket *b = &c->bucket[f % c->n_buckets];
		struct entry e;
		size_t u;

		if (c->n_buckets == 1)
			f = b->e[0].f; /* one heap for all */
		c->f = f;
		if (b->n == 0 || b->e[0].f != f) {
			f++; /* every entry lies within n_buckets of f */
			continue;
		}
		if (b->e[0].f > *best)
			break;
		e = bucket_pop(c, b);
		u = e.node;
		if (e.g != c->cost[u])
			continue; /* stale: its state was reached cheaper */
		if (!c->settled[u]) {
			if (++c->taken % COUNT_STOP_EVERY == 0 &&
			    (rc = stop_check(c->stop)) != RIVER_OK)
				return rc;
			c->settled[u] = 1;
			if (state_is_goal(sys, c->state[u])) {
				*best = e.g;
				continue; /* a plan ends at the goal */
			}
		}
		rc = cheapest_expand(c, u, f);
	}
	return rc;
}

static int count_cheapest(const struct system *sys,
			  const river_solve_options *opts,
			  const struct stop *stop, size_t max_plans,
			  struct count_result *res, river_diag *diag)
{
	const struct model *m = sys->model;
	struct cheapest c;
	unsigned long long best = ~0ULL, slowest = m->boat_time;
	size_t i;
	int rc;

	memset(&c, 0, sizeof c);
	c.sys = sys;
	c.stop = stop;
	c.max_cost = m->has_time_limit ? m->time_limit : ~0ULL;
	c.limit = bfs_state_limit(opts, UINT32_MAX - 1);
	loads_init(&c.loads);
	/* f grows by at most twice a crossing's time (its time, and the
	 * bound by as much): that many buckets, and one, hold all f ahead. */
	for (i = 0; i < m->n_items; i++)
		if (m->items[i].time > slowest)
			slowest = m->items[i].time;
	c.n_buckets = slowest <= COUNT_MAX_BUCKETS / 2
		      ? 2 * (size_t)slowest + 1 : 1;
	c.bucket = calloc(c.n_buckets, sizeof *c.bucket);
	rc = c.bucket ? trip_init(&c.trip, sys) : RIVER_ENOMEM;
	if (rc == RIVER_OK)
		rc = time_bound_new(&c.bound, sys);
	if (rc == RIVER_OK)
		rc = cheapest_run(&c, &best);
	res->explored = res->reached = c.n;
	res->in_all = rc == RIVER_OK && best == ~0ULL
		      ? system_states_sum(sys, NULL, c.state, c.n) : c.n;
	if (rc == RIVER_OK && best != ~0ULL) {
		res->solved = true;
		res->cost = best;
		for (i = 0; i < c.n; i++)
			if (c.settled[i] && c.cost[i] == best &&
			    state_is_goal(sys, c.state[i]))
				res->count = add_saturating(res->count,
							    c.paths[i]);
	}
	if (rc == RIVER_OK && res->solved) {
		struct dag g;
		size_t least = (size_t)model_least_trip(m);

		for (i = 0; i < c.n; i++)
			if (!c.settled[i])
				c.cost[i] = ~0ULL;
		memset(&g, 0, sizeof g);
		g.sys = sys;
		g.trip = &c.trip;
		g.state = c.state;
		g.cost = c.cost;
		g.idx = &c.idx;
		g.best = best;
		rc = keep_plans(&g, c.n, max_plans ? max_plans : 1,
				(size_t)(best / (least ? least : 1)) + 2, res);
		if (rc == RIVER_OK && res->n_plans > 0 && !max_plans) {
			/* Only the plan to show was asked for. */
			res->path = res->plans[0];
			res->path_len = res->plan_lens[0];
			res->n_plans = 0;
			res->plan_len = 0;
			free(res->plans);
			free(res->plan_lens);
			res->plans = NULL;
			res->plan_lens = NULL;
		} else if (rc == RIVER_OK && res->n_plans > 0) {
			res->path_len = res->plan_lens[0];
			res->path = malloc(res->path_len * sizeof *res->path);
			if (!res->path)
				rc = RIVER_ENOMEM;
			else
				memcpy(res->path, res->plans[0],
				       res->path_len * sizeof *res->path);
		}
	} else if (rc == RIVER_OK) {
		res->path = malloc(sizeof *res->path);
		if (!res->path)
			rc = RIVER_ENOMEM;
		else
			res->path[0] = sys->start;
		res->path_len = 1;
	}
	if (rc == RIVER_ELIMIT)
		diag_set(diag, rc, NULL, NULL,
			 "counting stopped at its limit of %llu states", c.limit);
	else if (rc == RIVER_ETIMEOUT || rc == RIVER_ECANCELED)
		stop_reached(stop, rc, c.n, diag);
	for (i = 0; c.bucket && i < c.n_buckets; i++)
		free(c.bucket[i].e);
	free(c.bucket);
	free(c.trip.kind_time);
	time_bound_free(c.bound);
	loads_release(&c.loads);
	free(c.state);
	free(c.cost);
	free(c.paths);
	free(c.settled);
	hash_index_release(&c.idx);
	return rc;
}

/* The count of the two-bit search (layers_count), where it takes the
 * puzzle: the states word-wise, the plans not listed; RIVER_ETOOBIG,
 * without a message, where it does not. */
static int count_by_cells(const struct system *sys,
			  const struct tuples *tuples,
			  const river_solve_options *opts,
			  const struct stop *stop, size_t max_plans,
			  struct count_result *res, river_diag *diag)
{
	struct bfs_result br;
	int rc;

	if (tuples || max_plans || !layers_chosen(sys, opts))
		return RIVER_ETOOBIG;
	rc = layers_count(sys, opts, stop, &br, &res->count, diag);
	if (rc != RIVER_OK)
		return rc;
	res->solved = br.solved;
	res->explored = res->reached = br.explored;
	res->in_all = br.in_all;
	res->path = br.path;
	res->path_len = br.path_len;
	res->cost = br.solved ? br.path_len - 1 : 0;
	return RIVER_OK;
}

void count_result_release(struct count_result *res)
{
	size_t i;

	for (i = 0; i < res->n_plans; i++)
		free(res->plans[i]);
	free(res->plans);
	free(res->plan_lens);
	free(res->path);
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
	return count_search_tuples(sys, NULL, opts, stop, max_plans, res, diag);
}

int count_search_tuples(const struct system *sys, const struct tuples *tuples,
			const river_solve_options *opts,
			const struct stop *stop, size_t max_plans,
			struct count_result *res, river_diag *diag)
{
	bool by_cells = false; /* the count on the cells says why it fails */
	int rc;

	memset(res, 0, sizeof *res);
	if (sys->model->minimize_time)
		rc = count_cheapest(sys, opts, stop, max_plans, res, diag);
	else if ((rc = count_by_cells(sys, tuples, opts, stop, max_plans, res,
				      diag)) == RIVER_ETOOBIG)
		rc = count_by_levels(sys, tuples, opts, stop, max_plans, res,
				  diag);
	else
		by_cells = true;
	if (!by_cells && rc == RIVER_ETOOBIG)
		diag_set(diag, rc, NULL, NULL,
			 "a single crossing can take more than %u different "
			 "loads: the puzzle is too big to search",
			 SYSTEM_MAX_LOADS);
	else if (!by_cells && rc == RIVER_ENOMEM)
		diag_set(diag, rc, NULL, NULL, "out of memory while counting");
	else if (!by_cells && rc == RIVER_EINTERNAL)
		diag_set(diag, rc, NULL, NULL,
			 "internal error: an optimal plan longer than the search");
	if (rc != RIVER_OK)
		count_result_release(res);
	return rc;
}
