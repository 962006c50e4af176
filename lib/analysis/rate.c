#define _POSIX_C_SOURCE 200809L /* strdup */
/* How hard a puzzle is, from its whole state graph (analysis/graph.h):
 * the optimum and its plans, counted as written and up to symmetry; the
 * reachable states and the dead ends among them; the first moves that
 * keep the goal reachable; the backward crossings of the optimal plans;
 * the chance that a player choosing uniformly among the legal crossings
 * reaches the goal within twice the fewest crossings; the bottleneck
 * states every optimal plan passes.  Each figure is exact and defined in
 * river(1) RATE.  The figures first (river_rate), the words after
 * (river_rating_render). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "analysis/graph.h"
#include "render/render.h"
#include "search/search.h"
#include "util/buf.h"
#include "util/grow.h" /* plural */
#include "util/saturate.h"
#include "util/stop.h"

#define FAR ULLONG_MAX
/* The most bottlenecks and backward crossings a rating lists. */
#define RATE_LISTED 10
/* The most (state, time) pairs the random player's walk keeps for a
 * puzzle whose states hold no clock but whose time is limited. */
#define RATE_MAX_TIMED_CELLS (1u << 26)

/* A state or a crossing the rating names: where it is in the plan (the
 * crossing's number, or the state's cost from the start) and its
 * words. */
struct rated {
	unsigned long long at;
	char *words;
};

struct river_rating {
	river_rating_info info;
	char *title;
	struct rated *backward;  /* of an optimal plan with the fewest */
	size_t n_backward;
	struct rated *bottleneck;
	size_t n_bottleneck;
	bool time_limited;       /* the walk kept the time so far */
};

/* What rate() works on: the graph and a per-state scratch. */
struct rater {
	const river_puzzle *puzzle;
	struct state_graph *sg;
	const struct stop *stop;
	river_rating *r;
	size_t n;
};

static char *words_of(struct buf *b)
{
	char *s = buf_take(b);

	buf_init(b);
	return s;
}

/* The arcs of the whole graph, and where u's begin and end. */
static const struct graph_arc *arcs_of(const struct rater *x, size_t u,
				       size_t *first, size_t *end)
{
	return state_graph_arcs(x->sg, u, first, end);
}

static const struct graph_arc *all_arcs(const struct rater *x)
{
	size_t first, end;

	return state_graph_arcs(x->sg, 0, &first, &end);
}

/* Legal crossings from the start: all of them, those to a state with a
 * way to a goal, those on an optimal plan (labelled, each counting the
 * ways it stands for). */
static void first_moves(struct rater *x)
{
	river_rating_info *info = &x->r->info;
	size_t i, first, end;
	const struct graph_arc *a = arcs_of(x, 0, &first, &end);

	for (i = first; i < end; i++) {
		unsigned long long w = state_graph_ways(x->sg, i);

		info->first_moves = add_saturating(info->first_moves, w);
		if (state_graph_to_goal(x->sg, a[i].to) != FAR)
			info->first_moves_on =
				add_saturating(info->first_moves_on, w);
		if (state_graph_optimal(x->sg, i))
			info->first_moves_optimal =
				add_saturating(info->first_moves_optimal, w);
	}
}

/* A state and its cost from the start, to sort by. */
struct costed {
	unsigned long long cost;
	size_t state;
};

static int cmp_costed(const void *a, const void *b)
{
	const struct costed *x = a, *y = b;

	if (x->cost != y->cost)
		return x->cost < y->cost ? -1 : 1;
	return x->state < y->state ? -1 : x->state > y->state;
}

/* The states on an optimal plan, in order of their cost from the start
 * (ties by number): *out, *n of them. */
static int optimal_order(struct rater *x, size_t **out, size_t *n)
{
	unsigned long long best = x->r->info.optimum;
	struct costed *on = malloc((x->n ? x->n : 1) * sizeof *on);
	size_t *order = malloc((x->n ? x->n : 1) * sizeof *order), u, k = 0;

	*out = NULL;
	*n = 0;
	if (!on || !order) {
		free(on);
		free(order);
		return RIVER_ENOMEM;
	}
	for (u = 0; u < x->n; u++) {
		unsigned long long f = state_graph_from_start(x->sg, u);
		unsigned long long t = state_graph_to_goal(x->sg, u);

		if (f != FAR && t != FAR && f + t == best) {
			on[k].cost = f;
			on[k++].state = u;
		}
	}
	qsort(on, k, sizeof *on, cmp_costed);
	for (u = 0; u < k; u++)
		order[u] = on[u].state;
	free(on);
	*out = order;
	*n = k;
	return RIVER_OK;
}

/* Is crossing arc backward: after it, at least two fewer items stand
 * where the goal puts them (more than the one who rows back)? */
static bool is_backward(const unsigned *placed, const struct graph_arc *a)
{
	return placed[a->to] + 2 <= placed[a->from];
}

/* The fewest and most backward crossings of an optimal plan, and the
 * backward crossings of one with the fewest, by a pass over the optimal
 * crossings in order of cost. */
static int backward(struct rater *x, const size_t *order, size_t k)
{
	river_rating *r = x->r;
	unsigned *placed = malloc(x->n * sizeof *placed);
	unsigned long long *fewest = malloc(x->n * sizeof *fewest);
	unsigned long long *most = malloc(x->n * sizeof *most);
	size_t *via = malloc(x->n * sizeof *via), *path = NULL;
	unsigned long long lo = FAR, hi = 0;
	size_t i, u, end_at = SIZE_MAX, len = 0;
	int rc = RIVER_OK;

	if (!placed || !fewest || !most || !via) {
		rc = RIVER_ENOMEM;
		goto out;
	}
	for (u = 0; u < x->n; u++) {
		placed[u] = state_graph_placed(x->sg, u);
		fewest[u] = u == 0 ? 0 : FAR;
		most[u] = 0;
		via[u] = SIZE_MAX;
	}
	for (i = 0; i < k; i++) {
		size_t first, end, e;
		const struct graph_arc *a;

		u = order[i];
		if (fewest[u] == FAR)
			continue;
		if (i % 4096 == 0 && (rc = stop_check(x->stop)) != RIVER_OK)
			goto out;
		a = arcs_of(x, u, &first, &end);
		for (e = first; e < end; e++) {
			unsigned long long b;

			if (!state_graph_optimal(x->sg, e))
				continue;
			b = is_backward(placed, &a[e]);
			if (fewest[u] + b < fewest[a[e].to]) {
				fewest[a[e].to] = fewest[u] + b;
				via[a[e].to] = e;
			}
			if (most[u] + b > most[a[e].to])
				most[a[e].to] = most[u] + b;
		}
		if (state_graph_goal(x->sg, u) &&
		    state_graph_from_start(x->sg, u) == r->info.optimum) {
			if (fewest[u] < lo) {
				lo = fewest[u];
				end_at = u;
			}
			if (most[u] > hi)
				hi = most[u];
		}
	}
	if (end_at == SIZE_MAX)
		goto out;
	r->info.backward_fewest = lo;
	r->info.backward_most = hi;
	/* The plan with the fewest, back from its goal. */
	for (u = end_at; u != 0 && via[u] != SIZE_MAX; len++)
		u = all_arcs(x)[via[u]].from;
	path = malloc((len ? len : 1) * sizeof *path);
	if (!path) {
		rc = RIVER_ENOMEM;
		goto out;
	}
	for (u = end_at, i = len; i > 0; i--) {
		path[i - 1] = via[u];
		u = all_arcs(x)[via[u]].from;
	}
	r->backward = calloc(lo < RATE_LISTED ? lo + 1 : RATE_LISTED,
			     sizeof *r->backward);
	if (!r->backward) {
		rc = RIVER_ENOMEM;
		goto out;
	}
	for (i = 0; i < len && r->n_backward < RATE_LISTED; i++) {
		struct buf b;

		if (!is_backward(placed, &all_arcs(x)[path[i]]))
			continue;
		buf_init(&b);
		state_graph_put_crossing(&b, x->sg, path[i]);
		r->backward[r->n_backward].at = i + 1;
		r->backward[r->n_backward].words = words_of(&b);
		if (!r->backward[r->n_backward++].words) {
			rc = RIVER_ENOMEM;
			goto out;
		}
	}
out:
	free(path);
	free(placed);
	free(fewest);
	free(most);
	free(via);
	return rc;
}

/* The states every optimal plan passes, the start and the goals aside:
 * those alone at their cost from the start among the states on optimal
 * plans, with no optimal crossing over that cost. */
static int bottlenecks(struct rater *x, const size_t *order, size_t k)
{
	river_rating *r = x->r;
	unsigned long long *level = malloc((k ? k : 1) * sizeof *level);
	size_t *members = malloc((k ? k : 1) * sizeof *members);
	int *cover = calloc(k + 1, sizeof *cover);
	size_t n_levels = 0, i, j, lo, hi, mid;
	int rc = RIVER_OK, depth = 0;

	r->bottleneck = calloc(RATE_LISTED, sizeof *r->bottleneck);
	if (!level || !members || !cover || !r->bottleneck) {
		rc = RIVER_ENOMEM;
		goto out;
	}
	for (i = 0; i < k; i++) {
		unsigned long long f = state_graph_from_start(x->sg, order[i]);

		if (n_levels && level[n_levels - 1] == f) {
			members[n_levels - 1]++;
			continue;
		}
		level[n_levels] = f;
		members[n_levels++] = 1;
	}
	/* An optimal crossing from cost f to cost t covers the levels
	 * strictly between them. */
	for (i = 0; i < k; i++) {
		size_t first, end, e, u = order[i];
		const struct graph_arc *a = arcs_of(x, u, &first, &end);
		unsigned long long f = state_graph_from_start(x->sg, u);

		for (e = first; e < end; e++) {
			unsigned long long t;

			if (!state_graph_optimal(x->sg, e))
				continue;
			t = state_graph_from_start(x->sg, a[e].to);
			/* The first level above f, and the first at t. */
			for (lo = 0, hi = n_levels; lo < hi;) {
				mid = (lo + hi) / 2;
				if (level[mid] <= f)
					lo = mid + 1;
				else
					hi = mid;
			}
			j = lo;
			for (lo = 0, hi = n_levels; lo < hi;) {
				mid = (lo + hi) / 2;
				if (level[mid] < t)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (j < lo) {
				cover[j]++;
				cover[lo]--;
			}
		}
	}
	for (i = 0, j = 0; i < n_levels; j += members[i++]) {
		size_t u = order[j];
		struct buf b;

		depth += cover[i];
		if (members[i] != 1 || depth > 0 || u == 0 ||
		    state_graph_goal(x->sg, u))
			continue;
		r->info.bottlenecks++;
		if (r->n_bottleneck >= RATE_LISTED)
			continue;
		buf_init(&b);
		state_graph_put_state(&b, x->sg, u);
		r->bottleneck[r->n_bottleneck].at = level[i];
		r->bottleneck[r->n_bottleneck].words = words_of(&b);
		if (!r->bottleneck[r->n_bottleneck++].words) {
			rc = RIVER_ENOMEM;
			goto out;
		}
	}
out:
	free(level);
	free(members);
	free(cover);
	return rc;
}

/* The fewest crossings from the start to each state (FAR: none),
 * walking on from no goal. */
static int hops(struct rater *x, unsigned long long *fewest)
{
	size_t *queue = malloc((x->n ? x->n : 1) * sizeof *queue);
	size_t head = 0, tail = 0, u;

	if (!queue)
		return RIVER_ENOMEM;
	for (u = 0; u < x->n; u++)
		fewest[u] = FAR;
	fewest[0] = 0;
	queue[tail++] = 0;
	while (head < tail) {
		size_t first, end, e;
		const struct graph_arc *a;

		u = queue[head++];
		if (state_graph_goal(x->sg, u))
			continue; /* a plan ends at the first goal */
		a = arcs_of(x, u, &first, &end);
		for (e = first; e < end; e++)
			if (fewest[a[e].to] == FAR) {
				fewest[a[e].to] = fewest[u] + 1;
				queue[tail++] = a[e].to;
			}
	}
	free(queue);
	return RIVER_OK;
}

/* The player's chance: mass spread over the legal crossings from each
 * state in proportion to the labelled ways each stands for, absorbed at
 * a goal, lost where no crossing is legal; over random_horizon
 * crossings.  A puzzle whose states hold no clock but whose time is
 * limited walks pairs of a state and the time so far. */
static int random_player(struct rater *x)
{
	river_rating_info *info = &x->r->info;
	const struct model *m = &x->puzzle->model;
	bool timed = m->minimize_time && m->has_time_limit;
	size_t slots = timed ? (size_t)m->time_limit + 1 : 1;
	double *mass, *next, *total, won = 0;
	unsigned long long step;
	size_t u, t, e, first, end, cells;
	int rc = RIVER_OK;

	info->random_success = -1;
	if (timed && (m->time_limit >= RATE_MAX_TIMED_CELLS ||
		      x->n > RATE_MAX_TIMED_CELLS / slots)) {
		return RIVER_OK;
	}
	x->r->time_limited = timed;
	cells = x->n * slots;
	mass = calloc(cells, sizeof *mass);
	next = calloc(cells, sizeof *next);
	total = calloc(x->n ? x->n : 1, sizeof *total);
	if (!mass || !next || !total) {
		rc = RIVER_ENOMEM;
		goto out;
	}
	for (u = 0; u < x->n; u++) {
		arcs_of(x, u, &first, &end);
		for (e = first; e < end; e++)
			total[u] += (double)state_graph_ways(x->sg, e);
	}
	mass[0] = 1;
	for (step = 0; step <= info->random_horizon; step++) {
		if ((rc = stop_check(x->stop)) != RIVER_OK)
			goto out;
		memset(next, 0, cells * sizeof *next);
		for (u = 0; u < x->n; u++) {
			const struct graph_arc *a = arcs_of(x, u, &first, &end);
			bool goal = state_graph_goal(x->sg, u);

			for (t = 0; t < slots; t++) {
				double p = mass[u * slots + t];

				if (p == 0)
					continue;
				if (goal) {
					won += p;
					continue;
				}
				if (step == info->random_horizon || !total[u])
					continue;
				for (e = first; e < end; e++) {
					unsigned long long c = timed ? a[e].cost
								     : 0;

					if (t + c >= slots)
						continue; /* past the limit */
					next[a[e].to * slots + t + c] +=
						p * (double)state_graph_ways(
							    x->sg, e) /
						total[u];
				}
			}
		}
		double *swap = mass;
		mass = next;
		next = swap;
	}
	info->random_success = won > 1 ? 1 : won;
out:
	free(mass);
	free(next);
	free(total);
	return rc;
}

/* The optimal plans with each crossing counting once: in a graph
 * reduced by symmetry, the plans up to symmetry. */
static int plain_plans(const struct state_graph *sg, const struct stop *stop,
		       unsigned long long *out)
{
	struct rater x = {0};
	river_rating r;
	size_t *order, k, i, n = state_graph_states(sg);
	unsigned long long *paths = calloc(n ? n : 1, sizeof *paths);
	int rc;

	*out = 0;
	if (!paths)
		return RIVER_ENOMEM;
	memset(&r, 0, sizeof r);
	r.info.optimum = state_graph_info(sg)->optimum;
	x.sg = (struct state_graph *)sg;
	x.n = n;
	x.r = &r;
	x.stop = stop;
	rc = optimal_order(&x, &order, &k);
	if (rc != RIVER_OK) {
		free(paths);
		return rc;
	}
	paths[0] = 1;
	for (i = 0; i < k; i++) {
		size_t u = order[i], first, end, e;
		const struct graph_arc *a = state_graph_arcs(sg, u, &first, &end);

		for (e = first; e < end; e++)
			if (state_graph_optimal(sg, e))
				paths[a[e].to] = add_saturating(paths[a[e].to],
								paths[u]);
		if (state_graph_goal(sg, u) &&
		    state_graph_from_start(sg, u) == r.info.optimum)
			*out = add_saturating(*out, paths[u]);
	}
	free(order);
	free(paths);
	return RIVER_OK;
}

static int rate(river_rating *r, const river_puzzle *puzzle,
		const river_solve_options *opts, const struct stop *stop,
		river_diag *diag)
{
	river_rating_info *info = &r->info;
	const river_graph_info *g;
	struct state_graph *reduced = NULL;
	struct rater x = {0};
	unsigned long long *fewest = NULL;
	size_t *order = NULL, k = 0, u;
	bool told = false;
	int rc;

	x.puzzle = puzzle;
	x.stop = stop;
	x.r = r;
	/* A wide puzzle's states are too many to walk: its orbits. */
	rc = state_graph_new(&x.sg, puzzle, puzzle->wide, opts->max_states,
			     stop, diag);
	if (rc != RIVER_OK)
		return rc;
	x.n = state_graph_states(x.sg);
	g = state_graph_info(x.sg);
	info->orbits = state_graph_reduced(x.sg);
	info->least_time = puzzle->model.minimize_time;
	info->solved = g->solved;
	info->optimum = g->optimum;
	info->plans = g->solved ? g->plans : 0;
	info->states = x.n;
	for (u = 0; u < x.n; u++)
		info->dead_ends += state_graph_to_goal(x.sg, u) == FAR;
	first_moves(&x);
	fewest = malloc((x.n ? x.n : 1) * sizeof *fewest);
	rc = fewest ? hops(&x, fewest) : RIVER_ENOMEM;
	info->crossings = 0;
	if (rc == RIVER_OK && info->solved) {
		unsigned long long c = FAR;

		for (u = 0; u < x.n; u++)
			if (state_graph_goal(x.sg, u) && fewest[u] < c)
				c = fewest[u];
		info->crossings = c == FAR ? 0 : c;
	}
	info->random_horizon = 2 * info->crossings;
	if (rc == RIVER_OK && info->solved)
		rc = optimal_order(&x, &order, &k);
	if (rc == RIVER_OK && info->solved)
		rc = backward(&x, order, k);
	if (rc == RIVER_OK && info->solved)
		rc = bottlenecks(&x, order, k);
	if (rc == RIVER_OK && info->solved)
		rc = random_player(&x);
	else if (rc == RIVER_OK)
		info->random_success = 0;
	/* Up to symmetry: the same count over the graph reduced by it. */
	if (rc == RIVER_OK && info->solved && !info->orbits) {
		rc = state_graph_new(&reduced, puzzle, true, opts->max_states,
				     stop, diag);
		told = rc != RIVER_OK;
		if (rc == RIVER_OK)
			rc = plain_plans(reduced, stop,
					 &info->plans_up_to_symmetry);
	} else if (rc == RIVER_OK && info->solved) {
		rc = plain_plans(x.sg, stop, &info->plans_up_to_symmetry);
	}
	if (rc == RIVER_ENOMEM)
		diag_set(diag, rc, NULL, NULL, "out of memory");
	else if (rc != RIVER_OK && !told)
		search_stopped(rc, x.n, stop, diag);
	free(order);
	free(fewest);
	state_graph_free(reduced);
	state_graph_free(x.sg);
	return rc;
}

static void rating_free(river_rating *r)
{
	size_t i;

	for (i = 0; i < r->n_backward; i++)
		free(r->backward[i].words);
	for (i = 0; i < r->n_bottleneck; i++)
		free(r->bottleneck[i].words);
	free(r->backward);
	free(r->bottleneck);
	free(r->title);
	free(r);
}

void river_rating_free(river_rating *rating)
{
	if (rating)
		rating_free(rating);
}

static int rate_puzzle(river_rating **out, const river_puzzle *puzzle,
		       const river_solve_options *opts, river_diag *diag)
{
	river_solve_options o;
	river_rating *r;
	struct stop stop;
	int rc;

	if (out)
		*out = NULL;
	rc = analysis_begin(out != NULL, puzzle, opts, &o, &stop, diag);
	if (rc != RIVER_OK)
		return rc;
	r = calloc(1, sizeof *r);
	if (r)
		r->title = strdup(river_puzzle_title(puzzle));
	if (!r || !r->title) {
		river_rating_free(r);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	river_rating_info_init(&r->info, RIVER_RATING_INFO_VERSION);
	rc = rate(r, puzzle, &o, &stop, diag);
	if (rc != RIVER_OK) {
		rating_free(r);
		return rc;
	}
	*out = r;
	return RIVER_OK;
}

int river_rate(river_rating **out, const river_puzzle *puzzle,
	       const river_solve_options *opts, river_diag *diag)
{
	int rc = rate_puzzle(out, puzzle, opts, diag);

	return puzzle_failed(puzzle, rc, diag);
}

int river_rating_get(const river_rating *rating, river_rating_info *info)
{
	int rc;

	if (!rating || !info)
		return RIVER_EINVAL;
	rc = abi_rating_info_check(info, NULL);
	if (rc != RIVER_OK)
		return rc;
	abi_rating_info_put(info, &rating->info);
	return RIVER_OK;
}

/* ---- In words ----------------------------------------------------- */

/* "7 crossings", "time 17": a cost as the objective counts it. */
static void put_cost(struct buf *b, const river_rating *r,
		     unsigned long long cost)
{
	char words[48];

	plan_cost_words(words, sizeof words, r->info.least_time, cost);
	buf_puts(b, words);
}

static void put_count(struct buf *b, unsigned long long n)
{
	if (n == ULLONG_MAX)
		buf_puts(b, "more than 18446744073709551614");
	else
		buf_printf(b, "%llu", n);
}

static int render_text(char **out, const river_rating *r)
{
	const river_rating_info *in = &r->info;
	const char *what = in->orbits ? "orbits" : "states";
	struct buf b;
	size_t i;

	buf_init(&b);
	buf_printf(&b, "%s: how hard it is\n\n", r->title);
	buf_puts(&b, "optimum            ");
	if (in->solved)
		put_cost(&b, r, in->optimum);
	else
		buf_puts(&b, "none: no plan reaches the goal");
	buf_putc(&b, '\n');
	if (in->solved) {
		buf_puts(&b, "optimal plans      ");
		put_count(&b, in->plans);
		buf_puts(&b, " (");
		put_count(&b, in->plans_up_to_symmetry);
		buf_puts(&b, " up to symmetry)\n");
	}
	buf_printf(&b, "reachable %-8s %llu, of which %llu dead end%s (no "
		   "way to the goal)\n", what, in->states, in->dead_ends,
		   plural(in->dead_ends));
	buf_printf(&b, "first moves        %llu legal, %llu still reach%s "
		   "the goal, %llu start%s an optimal plan\n",
		   in->first_moves, in->first_moves_on,
		   in->first_moves_on == 1 ? "es" : "", in->first_moves_optimal,
		   in->first_moves_optimal == 1 ? "s" : "");
	if (in->solved) {
		buf_printf(&b, "backward crossings %llu", in->backward_fewest);
		if (in->backward_most != in->backward_fewest)
			buf_printf(&b, " to %llu in an optimal plan%s\n",
				   in->backward_most,
				   r->n_backward ? "; in one with the fewest:"
						 : "");
		else
			buf_puts(&b, " in every optimal plan\n");
		for (i = 0; i < r->n_backward; i++)
			buf_printf(&b, "  %llu. %s\n", r->backward[i].at,
				   r->backward[i].words);
		if (in->backward_fewest > r->n_backward)
			buf_printf(&b, "  and %llu more\n",
				   in->backward_fewest - r->n_backward);
	}
	buf_puts(&b, "random player      ");
	if (!in->solved)
		buf_puts(&b, "none reaches the goal\n");
	else if (in->random_success < 0)
		buf_puts(&b, "not computed: too many states and times to "
			 "walk\n");
	else
		buf_printf(&b, "%.3g%% reach the goal within %llu crossing%s"
			   "%s\n", 100 * in->random_success, in->random_horizon,
			   plural(in->random_horizon),
			   r->time_limited ? " and the time limit" : "");
	if (in->solved) {
		buf_printf(&b, "bottlenecks        %llu %s every optimal plan "
			   "passes\n", in->bottlenecks,
			   in->bottlenecks == 1 ? (in->orbits ? "orbit" : "state")
						: what);
		for (i = 0; i < r->n_bottleneck; i++) {
			buf_puts(&b, "  at ");
			put_cost(&b, r, r->bottleneck[i].at);
			buf_printf(&b, ": %s\n", r->bottleneck[i].words);
		}
		if (in->bottlenecks > r->n_bottleneck)
			buf_printf(&b, "  and %llu more\n",
				   in->bottlenecks - r->n_bottleneck);
	}
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}

static void put_json_count(struct buf *b, const char *key,
			   unsigned long long n)
{
	buf_printf(b, ",\n  \"%s\": ", key);
	if (n == ULLONG_MAX)
		buf_puts(b, "null");
	else
		buf_printf(b, "%llu", n);
}

static void put_json_listed(struct buf *b, const char *key, const char *at,
			    const struct rated *list, size_t n)
{
	size_t i;

	buf_printf(b, ",\n  \"%s\": [", key);
	for (i = 0; i < n; i++) {
		buf_printf(b, "%s\n    {\"%s\": %llu, \"words\": ",
			   i ? "," : "", at, list[i].at);
		buf_quote(b, list[i].words, QUOTE_JSON);
		buf_putc(b, '}');
	}
	buf_puts(b, n ? "\n  ]" : "]");
}

static int render_json(char **out, const river_rating *r)
{
	const river_rating_info *in = &r->info;
	struct buf b;

	buf_init(&b);
	buf_puts(&b, "{\n  \"title\": ");
	buf_quote(&b, r->title, QUOTE_JSON);
	buf_printf(&b, ",\n  \"objective\": \"%s\"",
		   in->least_time ? "time" : "crossings");
	buf_printf(&b, ",\n  \"solved\": %s", in->solved ? "true" : "false");
	buf_printf(&b, ",\n  \"orbits\": %s", in->orbits ? "true" : "false");
	if (in->solved) {
		put_json_count(&b, "optimum", in->optimum);
		put_json_count(&b, "crossings", in->crossings);
		put_json_count(&b, "plans", in->plans);
		put_json_count(&b, "plans_up_to_symmetry",
			       in->plans_up_to_symmetry);
	} else {
		buf_puts(&b, ",\n  \"optimum\": null,\n  \"crossings\": null"
			 ",\n  \"plans\": 0,\n  \"plans_up_to_symmetry\": 0");
	}
	put_json_count(&b, "states", in->states);
	put_json_count(&b, "dead_ends", in->dead_ends);
	put_json_count(&b, "first_moves", in->first_moves);
	put_json_count(&b, "first_moves_on", in->first_moves_on);
	put_json_count(&b, "first_moves_optimal", in->first_moves_optimal);
	if (in->solved) {
		put_json_count(&b, "backward_fewest", in->backward_fewest);
		put_json_count(&b, "backward_most", in->backward_most);
	} else {
		buf_puts(&b, ",\n  \"backward_fewest\": null,\n  "
			 "\"backward_most\": null");
	}
	put_json_listed(&b, "backward", "crossing", r->backward,
			r->n_backward);
	put_json_count(&b, "random_horizon", in->random_horizon);
	if (in->random_success < 0)
		buf_puts(&b, ",\n  \"random_success\": null");
	else
		buf_printf(&b, ",\n  \"random_success\": %.17g",
			   in->random_success);
	put_json_count(&b, "bottlenecks", in->bottlenecks);
	put_json_listed(&b, "bottleneck_states", "cost", r->bottleneck,
			r->n_bottleneck);
	buf_puts(&b, "\n}\n");
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}

int river_rating_render(char **out, const river_rating *rating,
			river_format format)
{
	if (out)
		*out = NULL;
	if (!out || !rating)
		return RIVER_EINVAL;
	switch (format) {
	case RIVER_FORMAT_TEXT:
		return render_text(out, rating);
	case RIVER_FORMAT_JSON:
		return render_json(out, rating);
	default:
		return RIVER_EINVAL;
	}
}

/* ---- A census of a family ------------------------------------------ */

/* One record of a census: the axes' values, then the figures (or the
 * point's error) as text columns, CSV or a JSON object. */
static void put_census_record(struct buf *b, const river_sweep *s,
			      const river_sweep_point *pt,
			      const river_rating *r, river_format format,
			      bool first)
{
	const river_rating_info *in = r ? &r->info : NULL;
	const char *sep = format == RIVER_FORMAT_CSV ? "," : " ";
	size_t a;

	if (format == RIVER_FORMAT_JSON) {
		buf_printf(b, "%s\n  {", first ? "" : ",");
		for (a = 0; a < river_sweep_axes(s); a++) {
			buf_printf(b, "%s", a ? ", " : "");
			buf_quote(b, river_sweep_axis_name(s, a), QUOTE_JSON);
			buf_printf(b, ": %lld", pt->value[a]);
		}
		if (!in) {
			buf_puts(b, ", \"error\": ");
			buf_quote(b, pt->diag ? pt->diag->message : "", QUOTE_JSON);
			buf_putc(b, '}');
			return;
		}
		buf_printf(b, ", \"solved\": %s", in->solved ? "true" : "false");
		if (in->solved)
			buf_printf(b, ", \"optimum\": %llu, \"plans\": %llu, "
				   "\"plans_up_to_symmetry\": %llu",
				   in->optimum, in->plans,
				   in->plans_up_to_symmetry);
		buf_printf(b, ", \"states\": %llu, \"dead_ends\": %llu",
			   in->states, in->dead_ends);
		if (in->solved)
			buf_printf(b, ", \"backward_fewest\": %llu, "
				   "\"random_success\": %.17g, "
				   "\"bottlenecks\": %llu", in->backward_fewest,
				   in->random_success, in->bottlenecks);
		buf_putc(b, '}');
		return;
	}
	for (a = 0; a < river_sweep_axes(s); a++)
		buf_printf(b, format == RIVER_FORMAT_CSV ? "%s%lld" : "%s%6lld",
			   a ? sep : "", pt->value[a]);
	if (!in) {
		buf_printf(b, "%s%s\n", sep, format == RIVER_FORMAT_CSV
			   ? "error" : "  no answer (see river sweep)");
		return;
	}
	if (!in->solved && format == RIVER_FORMAT_CSV) {
		buf_printf(b, ",none,0,0,%llu,%llu,,,\n", in->states,
			   in->dead_ends);
		return;
	}
	if (!in->solved) {
		buf_printf(b, "  %8s %8s %6s %7llu %5llu\n", "none", "0", "0",
			   in->states, in->dead_ends);
		return;
	}
	if (format == RIVER_FORMAT_CSV)
		buf_printf(b, ",%llu,%llu,%llu,%llu,%llu,%llu,%.17g,%llu\n",
			   in->optimum, in->plans, in->plans_up_to_symmetry,
			   in->states, in->dead_ends, in->backward_fewest,
			   in->random_success, in->bottlenecks);
	else
		buf_printf(b, "  %8llu %8llu %6llu %7llu %5llu %5llu %8.3g%% "
			   "%6llu\n", in->optimum, in->plans,
			   in->plans_up_to_symmetry, in->states, in->dead_ends,
			   in->backward_fewest, 100 * in->random_success,
			   in->bottlenecks);
}

int river_census_render(char **out, const river_sweep *sweep,
			river_format format)
{
	struct buf b;
	size_t r, c, a;

	if (out)
		*out = NULL;
	if (!out || !sweep || (format != RIVER_FORMAT_TEXT &&
			       format != RIVER_FORMAT_CSV &&
			       format != RIVER_FORMAT_JSON))
		return RIVER_EINVAL;
	buf_init(&b);
	if (format == RIVER_FORMAT_JSON) {
		buf_puts(&b, "[");
	} else {
		if (format == RIVER_FORMAT_TEXT)
			buf_printf(&b, "%s: a census of its variants\n\n",
				   river_sweep_title(sweep));
		for (a = 0; a < river_sweep_axes(sweep); a++)
			buf_printf(&b, format == RIVER_FORMAT_CSV ? "%s%s"
							       : "%s%6s",
				   a ? (format == RIVER_FORMAT_CSV ? "," : " ")
				     : "",
				   river_sweep_axis_name(sweep, a));
		buf_puts(&b, format == RIVER_FORMAT_CSV
			 ? ",optimum,plans,plans_up_to_symmetry,states,"
			   "dead_ends,backward,random_success,bottlenecks\n"
			 : "   optimum    plans    sym  states  dead  back"
			   "   random bottle\n");
	}
	for (r = 0; r < river_sweep_rows(sweep); r++)
		for (c = 0; c < river_sweep_columns(sweep); c++)
			put_census_record(&b, sweep, river_sweep_at(sweep, r, c),
					  river_sweep_rating(sweep, r, c),
					  format, r == 0 && c == 0);
	if (format == RIVER_FORMAT_JSON)
		buf_puts(&b, "\n]\n");
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}
