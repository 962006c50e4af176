/* The reachable state graph, in Graphviz DOT.  The search's walk
 * breadth-first from the start (search/walk.h, goals walked on from
 * too, so that the graph is every state reachable), then the crossings
 * again from every state with each state found by its number, the
 * distances from the start and to a goal both ways, and the crossings
 * on optimal plans: u -> v is on one when from_start(u) + cost +
 * to_goal(v) is the optimum.  Too many states to draw, and the graph is
 * a node per depth instead.  A puzzle of places is explored by the
 * place search (places_explore), its legs the crossings. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "analysis/graph.h"
#include "plan/plan.h"
#include "check/check.h"
#include "render/render.h"
#include "search/places.h"
#include "search/search.h"
#include "search/walk.h"
#include "util/saturate.h"
#include "util/stop.h"
#include "util/grow.h"

/* How often (in states) the loops over the states look at the cancel
 * flag and clock. */
#define GRAPH_STOP_EVERY (1u << 12)
#define FAR ULLONG_MAX
#define NO_NODE UINT32_MAX

/* The colours: the start, the goals, the optimal plans, broken moves. */
#define START_FILL "#fff2b3"
#define GOAL_FILL "#c6ecc6"
#define OPTIMAL "#1f5fbf"
#define BROKEN "#cc0000"
#define BROKEN_STATE ", color=\"" BROKEN "\", fontcolor=\"" BROKEN \
	"\", style=\"rounded,dashed\", class=\"broken\"];\n"
#define BROKEN_MOVE ", color=\"" BROKEN "\", fontcolor=\"" BROKEN \
	"\", style=dashed, class=\"broken\"];\n"

/* The edges are the crossings (struct graph_arc; of a puzzle of places,
 * numbered as its legs), each with its marks. */
#define EDGE_OPTIMAL 1u
#define EDGE_DRAWN 2u

/* A crossing that breaks a rule: from a state to the illegal state it
 * would make. */
struct broken {
	uint32_t from;
	state_t to;
};

/* A state and its node, in the order of the states. */
struct key {
	state_t state;
	uint32_t node;
};

/* Per depth, for the summary. */
struct level {
	unsigned long long states, goals, forward, back, broken;
};

struct graph {
	const river_puzzle *puzzle;
	const struct system *sys; /* the one walked: reduced or not */
	/* A puzzle of places: its states and legs, in place of state. */
	const struct places_graph *places;
	const river_graph_options *opts;
	const struct stop *stop;
	bool least_time;
	size_t max_nodes;
	/* The states, breadth first, and their depths: the search's walk
	 * (search/walk.h), or the place search's. */
	state_t *state;
	unsigned *depth;
	size_t n;
	/* The states are known: a failure from here on is the graph's to
	 * tell (a walk that fails tells its own). */
	bool walked;
	struct key *keys;
	struct graph_arc *edges;
	unsigned char *mark; /* per edge, EDGE_OPTIMAL and EDGE_DRAWN */
	size_t n_edges, edges_cap;
	size_t *first; /* node u's edges: first[u] .. first[u + 1] */
	struct broken *broken;
	size_t n_broken, broken_cap;
	struct level *levels;
	unsigned long long *from_start, *to_goal;
	struct loads loads;
	river_graph_info info;
	bool writing; /* the DOT, once the graph is known */
};

static int cmp_key(const void *a, const void *b)
{
	const struct key *x = a, *y = b;

	return x->state < y->state ? -1 : x->state > y->state;
}

static int cmp_state(const void *a, const void *b)
{
	state_t x = *(const state_t *)a, y = *(const state_t *)b;

	return x < y ? -1 : x > y;
}

/* Number the states for finding them again. */
static int index_states(struct graph *g)
{
	size_t i;

	g->keys = malloc((g->n ? g->n : 1) * sizeof *g->keys);
	if (!g->keys)
		return RIVER_ENOMEM;
	for (i = 0; i < g->n; i++) {
		g->keys[i].state = g->state[i];
		g->keys[i].node = (uint32_t)i;
	}
	qsort(g->keys, g->n, sizeof *g->keys, cmp_key);
	return RIVER_OK;
}

static uint32_t node_of(const struct graph *g, state_t s)
{
	struct key k = {s, 0};
	const struct key *at = bsearch(&k, g->keys, g->n, sizeof *g->keys,
				       cmp_key);

	return at ? at->node : NO_NODE;
}

/* What a crossing from a to b costs: its time for the least time, else
 * one crossing. */
static unsigned long long crossing_cost(const struct graph *g, state_t a,
					state_t b)
{
	unsigned count[MODEL_MAX_ITEMS + 1];

	if (!g->least_time)
		return 1;
	system_load_of(g->sys, a, b, count);
	return system_trip_time(g->sys, count);
}

/* Whether a walk of a list the graph sizes must stop before item i (0:
 * the first): the clock and the cancel flag, looked at every
 * GRAPH_STOP_EVERY items. */
static int write_stop(const struct graph *g, size_t i)
{
	return i % GRAPH_STOP_EVERY == 0 && i ? stop_check(g->stop)
					      : RIVER_OK;
}

static bool is_goal(const struct graph *g, size_t u)
{
	return g->places ? g->places->goal[u]
			 : state_is_goal(g->sys, g->state[u]);
}

/* One crossing from node u to node v, of cost (when drawn): an edge, or
 * in a summary a count by depth. */
static int add_edge(struct graph *g, size_t u, uint32_t v,
		    unsigned long long cost)
{
	struct graph_arc *e;

	g->info.crossings++;
	if (g->levels) {
		struct level *l = &g->levels[g->depth[u]];

		if (g->depth[v] > g->depth[u])
			l->forward++;
		else
			l->back++;
		return RIVER_OK;
	}
	if (array_grow(&g->edges, &g->edges_cap, g->n_edges + 1,
		       sizeof *g->edges))
		return RIVER_ENOMEM;
	e = &g->edges[g->n_edges++];
	e->from = (uint32_t)u;
	e->to = v;
	e->cost = cost;
	e->other = 0;
	return RIVER_OK;
}

/* One crossing from node u to the legal state to. */
static int add_crossing(struct graph *g, size_t u, state_t to)
{
	uint32_t v = node_of(g, to);

	if (v == NO_NODE)
		return RIVER_EINTERNAL;
	return add_edge(g, u, v, g->levels ? 0
					   : crossing_cost(g, g->state[u], to));
}

static int add_broken(struct graph *g, size_t u, state_t to)
{
	g->info.broken++;
	if (g->levels) {
		g->levels[g->depth[u]].broken++;
		return RIVER_OK;
	}
	if (array_grow(&g->broken, &g->broken_cap, g->n_broken + 1,
		       sizeof *g->broken))
		return RIVER_ENOMEM;
	g->broken[g->n_broken].from = (uint32_t)u;
	g->broken[g->n_broken++].to = to;
	return RIVER_OK;
}

/* The crossings from every state again, now that each state has its
 * number: all the loads that can cross when the broken moves are
 * wanted, else those the search takes. */
static int connect(struct graph *g)
{
	const struct system *sys = g->sys;
	size_t u, i;
	int rc = RIVER_OK;

	for (u = 0; u < g->n && rc == RIVER_OK; u++) {
		state_t from = g->state[u];

		if (g->first)
			g->first[u] = g->n_edges;
		if (!system_safe(sys, from))
			continue;
		if (u % GRAPH_STOP_EVERY == 0 && u &&
		    (rc = stop_check(g->stop)) != RIVER_OK)
			return rc;
		rc = g->opts->broken ? system_loads(sys, from, &g->loads)
				     : system_safe_loads(sys, from, &g->loads);
		for (i = 0; rc == RIVER_OK && i < g->loads.n; i++) {
			state_t to = state_cross(sys, from, g->loads.delta[i]);

			if (system_safe(sys, to))
				rc = add_crossing(g, u, to);
			else if (g->opts->broken)
				rc = add_broken(g, u, to);
		}
	}
	if (g->first)
		g->first[g->n] = g->n_edges;
	return rc;
}

/* The legs of a puzzle of places, the edges in their order; the legs
 * that break a rule counted (drawn from the places' graph itself). */
static int connect_places(struct graph *g)
{
	const struct places_graph *pg = g->places;
	size_t i, u = 0;
	int rc = RIVER_OK;

	for (i = 0; i < pg->legs.n && rc == RIVER_OK &&
		    (rc = write_stop(g, i)) == RIVER_OK; i++) {
		const struct places_leg *l = &pg->legs.leg[i];

		while (g->first && u <= l->from)
			g->first[u++] = g->n_edges;
		rc = add_edge(g, l->from, l->to, g->least_time ? l->time : 1);
	}
	while (g->first && u <= g->n)
		g->first[u++] = g->n_edges;
	g->info.broken = pg->broken.n;
	for (i = 0; g->levels && i < pg->broken.n; i++)
		g->levels[g->depth[pg->broken.leg[i].from]].broken++;
	return rc;
}

int graph_distances(const struct graph_arc *arcs, size_t n_arcs, size_t n,
		   const unsigned char *goal, unsigned long long *from_start,
		   unsigned long long *to_goal, unsigned long long *to_other,
		   const struct stop *stop)
{
	size_t i;
	bool changed = from_start != NULL;
	int rc = RIVER_OK;

	for (i = 0; i < n; i++) {
		if (from_start)
			from_start[i] = i == 0 ? 0 : FAR;
		to_goal[i] = goal[i] ? 0 : FAR;
		if (to_other)
			to_other[i] = goal[i] ? 0 : FAR;
	}
	while (changed && (rc = stop_check(stop)) == RIVER_OK) {
		changed = false;
		for (i = 0; i < n_arcs; i++) {
			const struct graph_arc *e = &arcs[i];

			if (from_start[e->from] != FAR &&
			    from_start[e->from] + e->cost < from_start[e->to]) {
				from_start[e->to] = from_start[e->from] + e->cost;
				changed = true;
			}
		}
	}
	changed = true;
	while (changed && rc == RIVER_OK &&
	       (rc = stop_check(stop)) == RIVER_OK) {
		changed = false;
		for (i = n_arcs; i-- > 0;) {
			const struct graph_arc *e = &arcs[i];
			unsigned long long c, o = 0;

			if (to_goal[e->to] == FAR)
				continue;
			c = to_goal[e->to] + e->cost;
			if (to_other)
				o = to_other[e->to] + e->other;
			if (c < to_goal[e->from] ||
			    (to_other && c == to_goal[e->from] &&
			     o < to_other[e->from])) {
				to_goal[e->from] = c;
				if (to_other)
					to_other[e->from] = o;
				changed = true;
			}
		}
	}
	return rc;
}

/* The distances over the graph's edges, from the start and to a goal. */
static int distances(struct graph *g)
{
	unsigned char *goal = g->places ? NULL : malloc(g->n ? g->n : 1);
	size_t i;
	int rc;

	if (!g->places && !goal)
		return RIVER_ENOMEM;
	for (i = 0; goal && i < g->n; i++)
		goal[i] = is_goal(g, i);
	rc = graph_distances(g->edges, g->n_edges, g->n,
			    g->places ? g->places->goal : goal, g->from_start,
			    g->to_goal, NULL, g->stop);
	free(goal);
	return rc;
}

static bool on_plan(const struct graph *g, size_t u)
{
	return g->info.solved && g->from_start[u] != FAR &&
	       g->to_goal[u] != FAR &&
	       g->from_start[u] + g->to_goal[u] == g->info.optimum;
}

/* Of two costs summing to more than FAR, FAR. */
static unsigned long long plus(unsigned long long a, unsigned long long b)
{
	return a == FAR || b == FAR ? FAR : add_saturating(a, b);
}

/* The optimum, the crossings on optimal plans, and how many plans they
 * make: labelled plans, each crossing of a reduced graph standing for
 * system_ways of them. */
static int optimal_plans(struct graph *g)
{
	const struct model *m = &g->puzzle->model;
	unsigned long long best = FAR, *paths;
	struct key *order;
	size_t i, k;
	int rc = distances(g);

	if (rc != RIVER_OK)
		return rc;
	for (i = 0; i < g->n; i++)
		if (g->to_goal[i] == 0 && g->from_start[i] < best)
			best = g->from_start[i];
	/* The least-time states hold no clock: the limit is checked here. */
	g->info.solved = best != FAR &&
			 !(g->least_time && m->has_time_limit &&
			   best > m->time_limit);
	g->info.optimum = g->info.solved ? best : 0;
	if (!g->info.solved)
		return RIVER_OK;
	for (i = 0; i < g->n_edges; i++) {
		const struct graph_arc *e = &g->edges[i];

		if (plus(plus(g->from_start[e->from], e->cost),
			 g->to_goal[e->to]) == best)
			g->mark[i] |= EDGE_OPTIMAL;
	}
	/* Count the paths in order of the distance from the start: keys
	 * whose "state" is that distance. */
	order = malloc(g->n * sizeof *order);
	paths = calloc(g->n, sizeof *paths);
	if (!order || !paths) {
		free(order);
		free(paths);
		return RIVER_ENOMEM;
	}
	for (i = 0; i < g->n; i++) {
		order[i].state = g->from_start[i];
		order[i].node = (uint32_t)i;
	}
	qsort(order, g->n, sizeof *order, cmp_key);
	paths[0] = 1;
	for (k = 0; k < g->n; k++) {
		size_t u = order[k].node;

		for (i = g->first[u]; i < g->first[u + 1]; i++) {
			const struct graph_arc *e = &g->edges[i];
			unsigned long long ways;

			if (!(g->mark[i] & EDGE_OPTIMAL))
				continue;
			ways = g->places ? g->places->legs.leg[i].ways
					 : system_ways(g->sys, g->state[u],
						       g->state[e->to]);
			paths[e->to] = add_saturating(paths[e->to],
						      mul_saturating(paths[u], ways));
		}
		if (g->to_goal[u] == 0 && g->from_start[u] == best)
			g->info.plans = add_saturating(g->info.plans, paths[u]);
	}
	free(order);
	free(paths);
	return RIVER_OK;
}

/* ---- Writing it ---------------------------------------------------- */

static void put_bank(struct buf *b, const struct system *sys, state_t s,
		     bool right)
{
	unsigned count[MODEL_MAX_ITEMS + 1];
	size_t i;

	for (i = 0; i < sys->model->n_items; i++)
		count[i] = state_count(sys, s, i, right);
	plan_put_tokens(b, sys->model, count);
}

/* A state as its banks, the boat by its bank: "farmer goat ⛵ | wolf",
 * and on a line below the numbers the state carries. */
static void put_state(struct buf *b, const struct system *sys, state_t s)
{
	bool right = state_boat_right(sys, s);

	put_bank(b, sys, s, false);
	buf_puts(b, right ? " | ⛵ " : " ⛵ | ");
	put_bank(b, sys, s, true);
	if (sys->phase >= 0)
		buf_printf(b, "\nturn %llu of %u",
			   (unsigned long long)field_get(&sys->fields[sys->phase],
							 s) + 1, sys->period);
	if (sys->prev >= 0 && field_get(&sys->fields[sys->prev], s))
		buf_printf(b, "\nlast load %llu",
			   (unsigned long long)field_get(&sys->fields[sys->prev],
							 s) - 1);
	if (sys->elapsed >= 0)
		buf_printf(b, "\ntime %llu",
			   (unsigned long long)field_get(&sys->fields[sys->elapsed],
							 s));
}

/* Text built in t, written as a DOT string (t released). */
static void put_quoted(struct buf *b, struct buf *t)
{
	if (t->failed)
		b->failed = true;
	else
		buf_quote(b, t->data ? t->data : "", QUOTE_C);
	buf_release(t);
}

static void put_state_label(struct buf *b, const struct system *sys,
			    state_t s, const char *more)
{
	struct buf t;

	buf_init(&t);
	put_state(&t, sys, s);
	if (more)
		buf_printf(&t, "\n%s", more);
	buf_puts(b, "label=");
	put_quoted(b, &t);
}

/* A load as a label's quoted text: its boat's name when there are
 * several ("raft: goat"), its tokens, and its time when crossings take
 * time. */
static void put_load(struct buf *b, const struct model *m, const char *boat,
		     const unsigned *count, unsigned long long time)
{
	struct buf t;

	buf_init(&t);
	if (boat)
		buf_printf(&t, "%s: ", boat);
	plan_put_tokens(&t, m, count);
	if (model_timed(m))
		buf_printf(&t, " (%llu)", time);
	put_quoted(b, &t);
}

/* The load from a to b. */
static void put_load_label(struct buf *b, const struct graph *g, state_t a,
			   state_t c)
{
	unsigned count[MODEL_MAX_ITEMS + 1];

	system_load_of(g->sys, a, c, count);
	put_load(b, g->sys->model, NULL, count,
		 system_trip_time(g->sys, count));
}

/* The load of leg l of a puzzle of places. */
static void put_leg_label(struct buf *b, const struct graph *g,
			  const struct places_leg *l)
{
	const struct model *m = &g->puzzle->model;

	put_load(b, m, m->n_boats > 1 ? m->boats[l->boat].name : NULL,
		 places_leg_load(g->places, l), l->time);
}

/* A state of places as its places in order, each with what is there
 * and the boats there, "|" between them, as two banks are drawn
 * ("farmer wolf ⛵ ferry | goat | cabbage"; the graph's title names
 * the places); below, the numbers its track keeps, as for two banks. */
static void put_places_state(struct buf *b, const struct model *m,
			     const unsigned *row, const struct plan_track *t)
{
	unsigned count[MODEL_MAX_ITEMS + 1];
	unsigned long long period = model_rowing_period(m);
	size_t p, i, k;

	for (p = 0; p < m->n_places; p++) {
		size_t start = b->len;

		if (p)
			buf_puts(b, " |");
		for (i = 0; i < m->n_items; i++)
			count[i] = row[i * m->n_places + p];
		for (i = 0; i < m->n_items && !count[i]; i++)
			;
		if (i < m->n_items) {
			if (p)
				buf_putc(b, ' ');
			plan_put_tokens(b, m, count);
		}
		for (k = 0; k < m->n_boats; k++)
			if (places_boat_at(m, row, k) == p)
				buf_printf(b, m->n_boats > 1 ? "%s⛵ %s" : "%s⛵",
					   b->len > start ? " " : "",
					   m->boats[k].name);
	}
	if (period > 1)
		buf_printf(b, "\nturn %llu of %llu",
			   (unsigned long long)t->crossing % period + 1, period);
	if (m->has_margin && t->crossing)
		buf_printf(b, "\nlast load %llu", t->prev_weight);
	if (m->has_time_limit && !m->minimize_time)
		buf_printf(b, "\ntime %llu", t->time);
}

/* The label of a state of places, more (not NULL) on a line below. */
static void put_places_label(struct buf *b, const struct model *m,
			     const unsigned *row, const struct plan_track *t,
			     const char *more)
{
	struct buf l;

	buf_init(&l);
	put_places_state(&l, m, row, t);
	if (more)
		buf_printf(&l, "\n%s", more);
	buf_puts(b, "label=");
	put_quoted(b, &l);
}

/* The optimum in words: "7 crossings", "time 17". */
static void put_cost(char *out, size_t size, const struct graph *g)
{
	plan_cost_words(out, size, g->least_time, g->info.optimum);
}

/* The graph's title: the puzzle's, and what the drawing shows. */
static void put_head(struct buf *b, const struct graph *g, const char *what)
{
	struct buf t;

	buf_puts(b, "digraph river {\n\tgraph [label=");
	buf_init(&t);
	buf_printf(&t, "%s\n%s", g->puzzle->model.title, what);
	if (g->places) {
		const struct model *m = &g->puzzle->model;
		size_t p;

		buf_puts(&t, "\neach state: ");
		for (p = 0; p < m->n_places; p++)
			buf_printf(&t, "%s%s", p ? " | " : "", m->place_names[p]);
	}
	put_quoted(b, &t);
	buf_puts(b, ", labelloc=t, fontname=\"Helvetica\", newrank=true, "
		 "nodesep=0.3, ranksep=0.5];\n"
		 "\tnode [shape=box, style=rounded, fontname=\"Helvetica\", "
		 "fontsize=10];\n"
		 "\tedge [fontname=\"Helvetica\", fontsize=9];\n");
}

static void put_comment(struct buf *b, const struct graph *g)
{
	const river_graph_info *in = &g->info;
	char cost[64];

	put_cost(cost, sizeof cost, g);

	buf_printf(b, "// %llu state%s, %llu crossing%s", in->states,
		   plural(in->states), in->crossings, plural(in->crossings));
	if (g->opts->broken)
		buf_printf(b, ", %llu that break%s a rule", in->broken,
			   in->broken == 1 ? "s" : "");
	buf_printf(b, "; the deepest state %u crossing%s from the start\n",
		   in->depth, plural(in->depth));
	if (g->opts->reduced)
		buf_printf(b, "// reduced by symmetry%s\n",
			   (g->places ? g->places->reduced : g->puzzle->sym != NULL)
			   ? "" : ": the puzzle has none");
	if (!in->solved)
		buf_puts(b, "// no plan reaches the goal\n");
	else if (in->summary)
		buf_printf(b, "// a goal is first reached after %u crossing%s\n",
			   (unsigned)in->optimum, plural(in->optimum));
	else
		buf_printf(b, "// %s%llu optimal plan%s, %s\n",
			   in->plans == ULLONG_MAX ? "at least " : "",
			   in->plans, plural(in->plans), cost);
}

static int put_ranks(struct buf *b, const struct graph *g)
{
	size_t i = 0, d;
	int rc = RIVER_OK;

	for (d = 0; d <= g->info.depth && rc == RIVER_OK; d++) {
		buf_puts(b, "\t{rank=same;");
		for (; i < g->n && g->depth[i] == d &&
		       (rc = write_stop(g, i + 1)) == RIVER_OK; i++)
			buf_printf(b, " s%zu;", i);
		buf_puts(b, "}\n");
	}
	return rc;
}

/* Node u's label: a state of places, or of two banks, the rule that a
 * start that breaks one breaks below. */
static void put_node_label(struct buf *b, const struct graph *g, size_t u)
{
	state_t s;
	const char *more = NULL;
	char reason[256];

	if (g->places) {
		unsigned row[MODEL_MAX_ITEMS * MODEL_MAX_PLACES +
			     MODEL_MAX_BOATS];
		struct plan_track t;

		places_graph_state(g->places, (uint32_t)u, row, &t);
		put_places_label(b, &g->puzzle->model, row, &t, NULL);
		return;
	}
	s = g->state[u];
	if (u == 0 && !system_safe(g->sys, s)) {
		plan_describe_violation(&g->puzzle->sys, g->puzzle->sym &&
					g->sys != &g->puzzle->sys
					? symmetry_canonical(g->puzzle->sym, s) : s,
					reason, sizeof reason);
		more = reason;
	}
	put_state_label(b, g->sys, s, more);
}

static void put_node(struct buf *b, const struct graph *g, size_t u)
{
	bool goal = is_goal(g, u);

	buf_printf(b, "\ts%zu [", u);
	put_node_label(b, g, u);
	if (u == 0 || goal)
		buf_printf(b, ", style=\"rounded,filled\", fillcolor=\"%s\"",
			   u == 0 ? START_FILL : GOAL_FILL);
	if (on_plan(g, u))
		buf_puts(b, ", color=\"" OPTIMAL "\", penwidth=2.5");
	buf_printf(b, ", class=\"%s%s%s\"", u == 0 ? "start " : "",
		   goal ? "goal " : "", on_plan(g, u) ? "optimal" : "state");
	buf_puts(b, "];\n");
}

/* The edge back from edge e's head to its tail with the same load, or
 * n_edges. */
static size_t reverse(const struct graph *g, size_t e)
{
	const struct graph_arc *a = &g->edges[e];
	size_t i;

	for (i = g->first[a->to]; i < g->first[a->to + 1]; i++)
		if (g->edges[i].to == a->from)
			return i;
	return g->n_edges;
}

/* Edge e, and its way back on the same line when there is one: drawn
 * the way an optimal plan takes it, else from the shallower state. */
static void put_edge(struct buf *b, const struct graph *g, size_t e)
{
	size_t r = reverse(g, e), way = e;
	const struct graph_arc *w;

	g->mark[e] |= EDGE_DRAWN;
	if (r < g->n_edges) {
		g->mark[r] |= EDGE_DRAWN;
		if ((g->mark[r] & EDGE_OPTIMAL) ||
		    (!(g->mark[e] & EDGE_OPTIMAL) &&
		     g->depth[g->edges[r].from] < g->depth[g->edges[e].from]))
			way = r;
	}
	w = &g->edges[way];
	/* A crossing between states of one depth (places: a leg aside)
	 * has its label outside, where dot's layout of a flat edge has
	 * room for it. */
	buf_printf(b, "\ts%u -> s%u [%s", (unsigned)w->from, (unsigned)w->to,
		   g->depth[w->from] == g->depth[w->to] ? "xlabel=" : "label=");
	if (g->places)
		put_leg_label(b, g, &g->places->legs.leg[way]);
	else
		put_load_label(b, g, g->state[w->from], g->state[w->to]);
	if (r < g->n_edges)
		buf_puts(b, ", dir=both");
	if (g->mark[way] & EDGE_OPTIMAL)
		buf_puts(b, ", color=\"" OPTIMAL "\", penwidth=2.5, "
			 "class=\"optimal\"");
	buf_puts(b, "];\n");
}

/* The illegal states broken moves make, each once, and the moves. */
static int put_broken(struct buf *b, const struct graph *g)
{
	const river_puzzle *p = g->puzzle;
	bool reduced = g->sys != &p->sys;
	state_t *bad = malloc((g->n_broken ? g->n_broken : 1) * sizeof *bad);
	size_t i, n = 0;
	char reason[256];

	int rc = RIVER_OK;

	if (!bad)
		return RIVER_ENOMEM;
	for (i = 0; i < g->n_broken; i++)
		bad[i] = g->broken[i].to;
	qsort(bad, g->n_broken, sizeof *bad, cmp_state);
	for (i = 0; i < g->n_broken; i++)
		if (i == 0 || bad[i] != bad[n - 1])
			bad[n++] = bad[i];
	for (i = 0; i < n && (rc = write_stop(g, i)) == RIVER_OK; i++) {
		plan_describe_violation(&p->sys, reduced
					? symmetry_canonical(p->sym, bad[i])
					: bad[i], reason, sizeof reason);
		buf_printf(b, "\tx%zu [", i);
		put_state_label(b, g->sys, bad[i], reason);
		buf_puts(b, BROKEN_STATE);
	}
	for (i = 0; rc == RIVER_OK && i < g->n_broken &&
		    (rc = write_stop(g, i)) == RIVER_OK; i++) {
		const struct broken *m = &g->broken[i];
		const state_t *at = bsearch(&m->to, bad, n, sizeof *bad,
					    cmp_state);

		buf_printf(b, "\ts%u -> x%zu [label=", (unsigned)m->from,
			   (size_t)(at - bad));
		put_load_label(b, g, g->state[m->from], m->to);
		buf_puts(b, BROKEN_MOVE);
	}
	free(bad);
	return rc;
}

/* The same for a puzzle of places: its rows that break a rule, each
 * once, and its legs that make them. */
static int put_places_broken(struct buf *b, const struct graph *g)
{
	const struct places_graph *pg = g->places;
	const struct model *m = &g->puzzle->model;
	size_t w = places_row_width(m), i;
	struct plan_track none;
	char reason[256];
	int rc = RIVER_OK;

	plan_track_init(&none);
	for (i = 0; i < pg->n_bad && (rc = write_stop(g, i)) == RIVER_OK; i++) {
		plan_describe_places_violation(m, &pg->bad_rows[i * w], reason,
					       sizeof reason);
		buf_printf(b, "\tx%zu [", i);
		put_places_label(b, m, &pg->bad_rows[i * w], &none, reason);
		buf_puts(b, BROKEN_STATE);
	}
	for (i = 0; rc == RIVER_OK && i < pg->broken.n &&
		    (rc = write_stop(g, i)) == RIVER_OK; i++) {
		const struct places_leg *l = &pg->broken.leg[i];

		buf_printf(b, "\ts%u -> x%u [label=", (unsigned)l->from,
			   (unsigned)l->bad);
		put_leg_label(b, g, l);
		buf_puts(b, BROKEN_MOVE);
	}
	return rc;
}

static int write_graph(struct buf *b, struct graph *g)
{
	char what[160], cost[64];
	size_t i;
	int rc;

	put_comment(b, g);
	put_cost(cost, sizeof cost, g);
	if (g->info.solved)
		snprintf(what, sizeof what, "%llu state%s; the optimal plans "
			 "(%s) in blue", g->info.states, plural(g->info.states),
			 cost);
	else
		snprintf(what, sizeof what, "%llu state%s; no plan reaches the "
			 "goal", g->info.states, plural(g->info.states));
	put_head(b, g, what);
	rc = put_ranks(b, g);
	for (i = 0; rc == RIVER_OK && i < g->n &&
		    (rc = write_stop(g, i)) == RIVER_OK; i++)
		put_node(b, g, i);
	for (i = 0; rc == RIVER_OK && i < g->n_edges &&
		    (rc = write_stop(g, i)) == RIVER_OK; i++)
		if (!(g->mark[i] & EDGE_DRAWN))
			put_edge(b, g, i);
	if (rc == RIVER_OK)
		rc = g->places ? put_places_broken(b, g) : put_broken(b, g);
	buf_puts(b, "}\n");
	return rc;
}

/* A node per depth: its states, goals and crossings. */
static int write_summary(struct buf *b, struct graph *g)
{
	unsigned d;
	char what[160];
	int rc = RIVER_OK;

	put_comment(b, g);
	buf_printf(b, "// more than %zu states: a node for each depth\n",
		   g->max_nodes);
	snprintf(what, sizeof what, "%llu states, by their crossings from "
		 "the start (too many to draw each)", g->info.states);
	put_head(b, g, what);
	for (d = 0; d <= g->info.depth && (rc = write_stop(g, d)) == RIVER_OK;
	     d++) {
		const struct level *l = &g->levels[d];
		struct buf t;

		buf_init(&t);
		buf_printf(&t, "depth %u\n%llu state%s", d, l->states,
			   plural(l->states));
		if (d == 0)
			buf_puts(&t, ", the start");
		if (l->goals)
			buf_printf(&t, "\n%llu goal%s", l->goals,
				   plural(l->goals));
		if (g->opts->broken)
			buf_printf(&t, "\n%llu crossing%s break%s a rule",
				   l->broken, plural(l->broken),
				   l->broken == 1 ? "s" : "");
		buf_printf(b, "\td%u [label=", d);
		put_quoted(b, &t);
		if (d == 0 || l->goals)
			buf_printf(b, ", style=\"rounded,filled\", "
				   "fillcolor=\"%s\"", d == 0 ? START_FILL
							  : GOAL_FILL);
		buf_puts(b, "];\n");
	}
	for (d = 0; rc == RIVER_OK && d < g->info.depth &&
		    (rc = write_stop(g, d)) == RIVER_OK; d++)
		buf_printf(b, "\td%u -> d%u [label=\"%llu crossing%s\"];\n", d,
			   d + 1, g->levels[d].forward,
			   plural(g->levels[d].forward));
	for (d = 1; rc == RIVER_OK && d <= g->info.depth &&
		    (rc = write_stop(g, d)) == RIVER_OK; d++)
		if (g->levels[d].back)
			buf_printf(b, "\td%u -> d%u [label=\"%llu back\", "
				   "style=dashed, color=gray50, fontcolor=gray50, "
				   "constraint=false];\n", d, d - 1,
				   g->levels[d].back);
	buf_puts(b, "}\n");
	return rc;
}

/* Count the states and goals by depth; the first goal's depth is the
 * fewest crossings. */
static void tally_levels(struct graph *g)
{
	size_t i;

	g->info.optimum = FAR;
	for (i = 0; i < g->n; i++) {
		struct level *l = &g->levels[g->depth[i]];

		l->states++;
		if (is_goal(g, i)) {
			l->goals++;
			if (g->depth[i] < g->info.optimum)
				g->info.optimum = g->depth[i];
		}
	}
	g->info.solved = g->info.optimum != FAR;
	if (!g->info.solved)
		g->info.optimum = 0;
}

/* The states of two banks, walked (every one, goals walked on from too)
 * and numbered; a walk that fails says why in diag. */
static int walk_banks(struct graph *g, unsigned long long limit,
		      river_diag *diag)
{
	struct search_walk w;
	size_t d, i;
	int rc = search_walk(g->sys, limit, true, g->stop, &w, diag);

	if (rc != RIVER_OK)
		return rc;
	g->state = w.state;
	g->n = w.n;
	w.state = NULL;
	g->walked = true;
	g->depth = malloc((g->n ? g->n : 1) * sizeof *g->depth);
	for (d = 0; g->depth && d < w.depths; d++)
		for (i = w.layer[d]; i < w.layer[d + 1]; i++)
			g->depth[i] = (unsigned)d;
	search_walk_release(&w);
	if (!g->depth)
		return RIVER_ENOMEM;
	return index_states(g);
}

/* The depths of the states of places, explored already. */
static int walk_places(struct graph *g)
{
	const struct places_graph *pg = g->places;
	size_t i;

	g->n = pg->n_nodes;
	g->depth = malloc((g->n ? g->n : 1) * sizeof *g->depth);
	if (!g->depth)
		return RIVER_ENOMEM;
	for (i = 0; i < g->n; i++)
		g->depth[i] = pg->depth[i];
	return RIVER_OK;
}

static int build(struct graph *g, struct buf *b, unsigned long long limit,
		 river_diag *diag)
{
	int rc = g->places ? walk_places(g) : walk_banks(g, limit, diag);

	if (rc != RIVER_OK)
		return rc;
	if (!g->n) /* every walk holds the start */
		return RIVER_EINTERNAL;
	g->info.states = g->n;
	g->info.depth = g->depth[g->n - 1];
	g->info.summary = b && g->n > g->max_nodes;
	if (g->info.summary)
		g->levels = calloc(g->info.depth + 1, sizeof *g->levels);
	else
		g->first = malloc((g->n + 1) * sizeof *g->first);
	if (!g->levels && !g->first)
		return RIVER_ENOMEM;
	rc = g->places ? connect_places(g) : connect(g);
	if (rc != RIVER_OK)
		return rc;
	if (g->info.summary) {
		tally_levels(g);
		g->writing = true;
		return write_summary(b, g);
	}
	g->from_start = malloc(g->n * sizeof *g->from_start);
	g->to_goal = malloc(g->n * sizeof *g->to_goal);
	g->mark = calloc(g->n_edges ? g->n_edges : 1, 1);
	if (!g->from_start || !g->to_goal || !g->mark)
		return RIVER_ENOMEM;
	rc = optimal_plans(g);
	g->writing = rc == RIVER_OK && b;
	return rc == RIVER_OK && b ? write_graph(b, g) : rc;
}

struct graph_costs {
	struct graph g;
	unsigned long long *to_other;
};

static const river_graph_options plain_graph;

int graph_costs_new(struct graph_costs **out, const river_puzzle *puzzle,
		   const struct system *sys, unsigned long long limit,
		   const struct stop *stop, river_diag *diag)
{
	struct graph_costs *c = calloc(1, sizeof *c);
	struct graph *g;
	unsigned char *goal = NULL;
	size_t i;
	int rc;

	*out = NULL;
	if (!c)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	g = &c->g;
	g->puzzle = puzzle;
	g->sys = sys;
	g->opts = &plain_graph;
	g->stop = stop;
	g->least_time = puzzle->model.minimize_time;
	loads_init(&g->loads);
	rc = walk_banks(g, limit, diag);
	if (rc == RIVER_OK)
		rc = connect(g);
	if (rc == RIVER_OK) {
		/* The other number: a crossing, or its time. */
		for (i = 0; i < g->n_edges; i++) {
			struct graph_arc *e = &g->edges[i];
			unsigned count[MODEL_MAX_ITEMS + 1];

			if (g->least_time) {
				e->other = 1;
			} else if (model_timed(&puzzle->model)) {
				system_load_of(sys, g->state[e->from],
					       g->state[e->to], count);
				e->other = system_trip_time(sys, count);
			}
		}
		goal = malloc(g->n ? g->n : 1);
		g->to_goal = malloc((g->n ? g->n : 1) * sizeof *g->to_goal);
		c->to_other = malloc((g->n ? g->n : 1) * sizeof *c->to_other);
		if (!goal || !g->to_goal || !c->to_other)
			rc = RIVER_ENOMEM;
	}
	for (i = 0; rc == RIVER_OK && i < g->n; i++)
		goal[i] = is_goal(g, i);
	if (rc == RIVER_OK)
		rc = graph_distances(g->edges, g->n_edges, g->n, goal, NULL,
				    g->to_goal, c->to_other, stop);
	free(goal);
	if (rc == RIVER_EINTERNAL)
		diag_set(diag, rc, NULL, NULL, "internal error: a crossing "
			 "leads to a state the graph's walk did not reach");
	else if (rc != RIVER_OK && g->walked)
		search_stopped(rc, g->n, stop, diag);
	if (rc != RIVER_OK) {
		graph_costs_free(c);
		return rc;
	}
	*out = c;
	return RIVER_OK;
}

unsigned long long graph_costs_of(const struct graph_costs *c, state_t s,
				 unsigned long long *other)
{
	uint32_t v = node_of(&c->g, s);

	*other = v == NO_NODE ? ULLONG_MAX : c->to_other[v];
	return v == NO_NODE ? ULLONG_MAX : c->g.to_goal[v];
}

static void graph_release(struct graph *g)
{
	loads_release(&g->loads);
	free(g->state);
	free(g->depth);
	free(g->keys);
	free(g->edges);
	free(g->mark);
	free(g->first);
	free(g->broken);
	free(g->levels);
	free(g->from_start);
	free(g->to_goal);
}

void graph_costs_free(struct graph_costs *c)
{
	if (!c)
		return;
	graph_release(&c->g);
	free(c->to_other);
	free(c);
}

/* Ready g to walk puzzle's states as opts asks (reduced, broken), under
 * stop: a puzzle of places explored into *pg already; *limit the bound
 * on the states of two banks. */
static int graph_open(struct graph *g, struct places_graph *pg,
		      const river_puzzle *puzzle,
		      const river_graph_options *opts, const struct stop *stop,
		      unsigned long long *limit, river_diag *diag)
{
	river_solve_options so;
	int rc;

	river_solve_options_init(&so, RIVER_SOLVE_OPTIONS_VERSION);
	so.max_states = opts->max_states;
	memset(g, 0, sizeof *g);
	g->puzzle = puzzle;
	g->sys = opts->reduced && puzzle->sym ? &puzzle->sym->sys
					      : &puzzle->sys;
	g->opts = opts;
	g->stop = stop;
	g->least_time = puzzle->model.minimize_time;
	g->max_nodes = opts->max_nodes ? opts->max_nodes
				       : RIVER_GRAPH_DEFAULT_NODES;
	/* Node numbers are 32-bit. */
	*limit = search_state_limit(&so, UINT32_MAX - 1);
	loads_init(&g->loads);
	if (puzzle->places) {
		/* The puzzle as written, unless reduced. */
		so.max_states = *limit;
		so.no_symmetry = !opts->reduced;
		rc = places_explore(&puzzle->model, puzzle->tuples, &so,
				    opts->broken, stop, pg, diag);
		if (rc != RIVER_OK)
			return rc;
		g->places = pg;
		g->walked = true;
	}
	return RIVER_OK;
}

static int draw_graph(char **dot, river_graph_info *info,
		      const river_puzzle *puzzle, const river_graph_options *opts,
		      river_diag *diag)
{
	river_graph_options o;
	struct places_graph pg;
	struct graph g;
	struct stop stop;
	struct buf b;
	unsigned long long limit;
	int rc;

	if (dot)
		*dot = NULL;
	rc = abi_graph_info_check(info, diag);
	if (rc != RIVER_OK)
		return rc;
	if (info) {
		river_graph_info_init(&g.info, RIVER_GRAPH_INFO_VERSION);
		abi_graph_info_put(info, &g.info);
	}
	if (!dot || !puzzle)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	rc = puzzle->places ? RIVER_OK
			    : puzzle_need_system(puzzle, "for a graph", diag);
	if (rc != RIVER_OK)
		return rc;
	rc = abi_graph_options(&o, opts, diag);
	if (rc != RIVER_OK)
		return rc;
	opts = &o;
	/* A wide puzzle as written has some 2^n states to walk; reduced
	 * by symmetry, its orbits are few. */
	if (puzzle->wide && !opts->reduced)
		return puzzle_need_system(puzzle, "for a graph of the puzzle "
					  "as written (its graph reduced by "
					  "symmetry is drawn)", diag);
	rc = stop_init(&stop, opts->cancel, opts->timeout, diag);
	if (rc != RIVER_OK)
		return rc;
	rc = graph_open(&g, &pg, puzzle, opts, &stop, &limit, diag);
	if (rc != RIVER_OK)
		return rc;
	buf_init(&b);
	rc = build(&g, &b, limit, diag);
	if (rc == RIVER_OK && !(*dot = buf_take(&b)))
		rc = RIVER_ENOMEM;
	if (rc == RIVER_EINTERNAL)
		diag_set(diag, rc, NULL, NULL, "internal error: a crossing "
			 "leads to a state the graph's walk did not reach");
	else if (g.writing && (rc == RIVER_ETIMEOUT || rc == RIVER_ECANCELED))
		stop_diag(&stop, rc, diag, "while writing the graph");
	else if (rc != RIVER_OK && g.walked)
		search_stopped(rc, g.n, &stop, diag);
	if (rc == RIVER_OK && info)
		abi_graph_info_put(info, &g.info);
	buf_release(&b);
	graph_release(&g);
	if (g.places)
		places_graph_release(&pg);
	return rc;
}

int river_graph(char **dot, river_graph_info *info,
		const river_puzzle *puzzle, const river_graph_options *opts,
		river_diag *diag)
{
	int rc = draw_graph(dot, info, puzzle, opts, diag);

	return puzzle_failed(puzzle, rc, diag);
}

int analysis_begin(bool have_out, const river_puzzle *puzzle,
		   const river_solve_options *opts, river_solve_options *o,
		   struct stop *stop, river_diag *diag)
{
	int rc;

	if (!have_out || !puzzle)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	rc = abi_solve_options(o, opts, diag);
	return rc == RIVER_OK ? stop_init(stop, o->cancel, o->timeout, diag)
			      : rc;
}

/* ---- The graph for what measures it -------------------------------- */

struct state_graph {
	struct graph g;
	struct places_graph pg;
	river_graph_options opts;
};

int state_graph_new(struct state_graph **out, const river_puzzle *puzzle,
		    bool reduced, unsigned long long max_states,
		    const struct stop *stop, river_diag *diag)
{
	struct state_graph *sg = calloc(1, sizeof *sg);
	unsigned long long limit;
	int rc;

	*out = NULL;
	if (!sg)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	river_graph_options_init(&sg->opts, RIVER_GRAPH_OPTIONS_VERSION);
	sg->opts.reduced = reduced;
	sg->opts.max_states = max_states;
	rc = graph_open(&sg->g, &sg->pg, puzzle, &sg->opts, stop, &limit,
			diag);
	if (rc != RIVER_OK) {
		free(sg);
		return rc;
	}
	rc = build(&sg->g, NULL, limit, diag);
	if (rc == RIVER_EINTERNAL)
		diag_set(diag, rc, NULL, NULL, "internal error: a crossing "
			 "leads to a state the graph's walk did not reach");
	else if (rc == RIVER_ENOMEM)
		diag_set(diag, rc, NULL, NULL, "out of memory");
	else if (rc != RIVER_OK && sg->g.walked)
		search_stopped(rc, sg->g.n, stop, diag);
	if (rc != RIVER_OK) {
		state_graph_free(sg);
		return rc;
	}
	*out = sg;
	return RIVER_OK;
}

void state_graph_free(struct state_graph *sg)
{
	if (!sg)
		return;
	graph_release(&sg->g);
	if (sg->g.places)
		places_graph_release(&sg->pg);
	free(sg);
}

const river_graph_info *state_graph_info(const struct state_graph *sg)
{
	return &sg->g.info;
}

size_t state_graph_states(const struct state_graph *sg)
{
	return sg->g.n;
}

const struct graph_arc *state_graph_arcs(const struct state_graph *sg,
					 size_t u, size_t *first, size_t *end)
{
	*first = sg->g.first[u];
	*end = sg->g.first[u + 1];
	return sg->g.edges;
}

bool state_graph_goal(const struct state_graph *sg, size_t u)
{
	return is_goal(&sg->g, u);
}

unsigned long long state_graph_from_start(const struct state_graph *sg,
					  size_t u)
{
	return sg->g.from_start[u];
}

unsigned long long state_graph_to_goal(const struct state_graph *sg, size_t u)
{
	return sg->g.to_goal[u];
}

bool state_graph_optimal(const struct state_graph *sg, size_t arc)
{
	return sg->g.mark[arc] & EDGE_OPTIMAL;
}

unsigned long long state_graph_ways(const struct state_graph *sg, size_t arc)
{
	const struct graph *g = &sg->g;
	const struct graph_arc *e = &g->edges[arc];

	return g->places ? g->places->legs.leg[arc].ways
			 : system_ways(g->sys, g->state[e->from],
				       g->state[e->to]);
}

bool state_graph_reduced(const struct state_graph *sg)
{
	return sg->g.places ? sg->g.places->reduced
			    : sg->g.sys != &sg->g.puzzle->sys;
}

unsigned state_graph_placed(const struct state_graph *sg, size_t u)
{
	const struct graph *g = &sg->g;
	const struct model *m;
	unsigned placed = 0, goal, here;
	size_t i, p;

	if (g->places) {
		unsigned row[MODEL_MAX_ITEMS * MODEL_MAX_PLACES +
			     MODEL_MAX_BOATS + 1];
		struct plan_track t;

		m = &g->puzzle->model;
		places_graph_state(g->places, (uint32_t)u, row, &t);
		for (i = 0; i < m->n_items; i++)
			for (p = 0; p < m->n_places; p++) {
				goal = river_puzzle_item_goal_at(g->puzzle, i,
								 p);
				here = row[i * m->n_places + p];
				placed += here < goal ? here : goal;
			}
		return placed;
	}
	m = g->sys->model;
	for (i = 0; i < m->n_items; i++)
		for (p = 0; p < 2; p++) {
			goal = p ? m->goal.right[i]
				 : m->items[i].copies - m->goal.right[i];
			here = state_count(g->sys, g->state[u], i, p == 1);
			placed += here < goal ? here : goal;
		}
	return placed;
}

void state_graph_put_state(struct buf *b, const struct state_graph *sg,
			   size_t u)
{
	const struct graph *g = &sg->g;
	size_t start = b->len, i;

	if (g->places) {
		unsigned row[MODEL_MAX_ITEMS * MODEL_MAX_PLACES +
			     MODEL_MAX_BOATS + 1];
		struct plan_track t;

		places_graph_state(g->places, (uint32_t)u, row, &t);
		put_places_state(b, &g->puzzle->model, row, &t);
	} else {
		put_state(b, g->sys, g->state[u]);
	}
	/* One line: what the state carries after a comma. */
	for (i = start; b->data && i < b->len; i++)
		if (b->data[i] == '\n')
			b->data[i] = ';';
}

void state_graph_put_crossing(struct buf *b, const struct state_graph *sg,
			      size_t arc)
{
	const struct graph *g = &sg->g;
	const struct graph_arc *e = &g->edges[arc];
	unsigned count[MODEL_MAX_ITEMS + 1];

	if (g->places) {
		const struct model *m = &g->puzzle->model;
		const struct places_leg *l = &g->places->legs.leg[arc];
		unsigned row[MODEL_MAX_ITEMS * MODEL_MAX_PLACES +
			     MODEL_MAX_BOATS + 1];
		struct plan_track t;

		places_graph_state(g->places, e->to, row, &t);
		plan_put_leg_sentence(b, m, places_leg_load(g->places, l),
				      l->boat, places_boat_at(m, row, l->boat));
		return;
	}
	system_load_of(g->sys, g->state[e->from], g->state[e->to], count);
	plan_put_sentence(b, g->sys->model, count,
			  state_boat_right(g->sys, g->state[e->to]));
}
