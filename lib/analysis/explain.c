/* Explanations: why a puzzle has the plan it has, or has none.
 *
 * With a plan, every load that could cross instead of each crossing of
 * an optimal plan is tried: an illegal one gets the reason the plan
 * checker gives (the words river_verify uses), a legal one a search from
 * where it leads.  Without one, the states reachable from the start are
 * walked, the furthest of them shown with every load tried from there,
 * and each single change that could help is searched on a variant of the
 * compiled model (compile/vary.c). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, in util/clock.h */

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
#include "util/clock.h"
#include "util/stop.h"
#include "util/grow.h"

/* Loads tried from one state (of 1 to seats passengers). */
#define EXPLAIN_MAX_LOADS 256
/* Legal alternatives searched to the end at one step of a plan. */
#define EXPLAIN_MAX_SEARCHES 32
/* The most states explain walks to weigh every load at once (with
 * their crossings, some tens of megabytes); a bigger puzzle has each
 * load searched from instead. */
#define EXPLAIN_MAX_WALK 250000u
/* Furthest states shown when there is no plan. */
#define EXPLAIN_FURTHEST 5
/* Moves the text lists from one state; the JSON lists all tried. */
#define EXPLAIN_TEXT_MOVES 12
/* Other loads a line of text names that break the same rule. */
#define EXPLAIN_LIKEWISE 4
/* Loads looked at for the next load limit that matters. */
#define EXPLAIN_MAX_WEIGHTS (1u << 16)

/* What a load tried from a state comes to. */
enum outcome {
	OUT_ILLEGAL,  /* it breaks a rule or a limit: reason */
	OUT_BACK,     /* legal, back where the plan was (undoes a step), or
			 with no plan, to a state nearer the start */
	OUT_SOLVED,   /* a plan leads on: crossings, time in all */
	OUT_DEAD_END, /* no plan leads on (a change: still no plan) */
	OUT_STOPPED,  /* its search stopped at a limit: reason */
	OUT_UNTRIED   /* legal, beyond the searches a step may make */
};

static const char *const outcome_names[] = {
	"illegal", "back", "solved", "no plan", "stopped", "not searched"};

struct move {
	unsigned *load;   /* per item: how many board */
	unsigned boat, to; /* a puzzle of places: the boat, where it goes */
	enum outcome outcome;
	const char *reason;
	size_t back;      /* OUT_BACK: the step undone, or the depth reached */
	size_t crossings; /* OUT_SOLVED, in all */
	unsigned long long time;
};

/* A state and the loads tried from it. */
struct spot {
	state_t state;
	const unsigned *row; /* a puzzle of places: its state */
	size_t depth;     /* crossings from the start */
	struct move *moves;
	size_t n_moves;
	bool more;        /* more loads than EXPLAIN_MAX_LOADS */
	size_t equal;     /* plan: other moves as good as the plan's */
	size_t open;      /* plan: moves stopped or not searched */
};

/* A single change and what it makes of the puzzle. */
struct repair {
	struct model_change change;
	const char *what; /* "with 3 seats" */
	enum outcome outcome; /* OUT_SOLVED, OUT_DEAD_END or OUT_STOPPED */
	const char *reason;
	size_t crossings;
	unsigned long long time;
};

struct river_explanation {
	struct arena arena;
	const river_puzzle *puzzle;
	river_plan *plan;
	/* With a plan: a spot per crossing, its state before it.  Without:
	 * the furthest states shown. */
	struct spot *spots;
	size_t n_spots;
	/* Without a plan: */
	unsigned long long reachable; /* states, goals left out */
	size_t depth;                 /* of the furthest */
	size_t n_furthest;
	bool goal_reached;            /* but not within the time limit */
	struct repair *repairs;
	size_t n_repairs;
};

struct explainer {
	river_explanation *e;
	const river_puzzle *puzzle;
	const struct system *sys;
	river_solve_options opts; /* for each search: no count, no progress */
	struct stop stop;         /* the whole explanation's */
	struct timespec start;
	double timeout;
	unsigned *scratch;        /* EXPLAIN_MAX_LOADS loads */
	size_t n_loads;
	bool more;
	river_diag *diag;
	/* Two banks: every reachable state's least cost to a goal, walked
	 * once (graph_costs_new) on the system reduced by symmetry when
	 * there is one; NULL where a state carries more than where things
	 * are (rowing turns, a margin, a time limit) or the walk stopped,
	 * and each move is then searched from. */
	struct graph_costs *costs;
	const struct symmetry *sym;
};

static int oom(struct explainer *x)
{
	return diag_set(x->diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
}

/* ---- Loads ------------------------------------------------------- */

/* Every load of exactly left more passengers from item i on, at most
 * avail[j] of each item j, into x->scratch (cur holds the choice so
 * far); items in order, the most of the first first.  rest[j] is how
 * many the items from j on hold in all: a choice that leaves more than
 * the others hold is not walked, so that every branch ends in a load
 * and the walk is bounded by the loads it lists. */
static void gen_loads(struct explainer *x, const unsigned *avail,
		      const unsigned long long *rest, unsigned *cur, size_t i,
		      unsigned left, size_t max)
{
	size_t n = x->puzzle->model.n_items;
	unsigned c;

	if (left == 0) {
		if (x->n_loads == max) {
			x->more = true;
			return;
		}
		memcpy(x->scratch + x->n_loads * n, cur, n * sizeof *cur);
		x->n_loads++;
		return;
	}
	if (i == n || x->more)
		return;
	for (c = avail[i] < left ? avail[i] : left;; c--) {
		if (left - c > rest[i + 1])
			break;
		cur[i] = c;
		gen_loads(x, avail, rest, cur, i + 1, left - c, max);
		if (c == 0 || x->more)
			break;
	}
	cur[i] = 0;
}

/* The loads of 1 to seats passengers that avail allows, the fewest
 * passengers first, at most max of them: none larger than the bank
 * holds.  RIVER_ETIMEOUT or RIVER_ECANCELED, with the diagnostic, when
 * the explanation must stop. */
static int list_loads(struct explainer *x, const unsigned *avail,
		      unsigned seats, size_t max)
{
	unsigned cur[MODEL_MAX_ITEMS + 1] = {0}, size;
	unsigned long long rest[MODEL_MAX_ITEMS + 1];
	size_t i = x->puzzle->model.n_items;
	int rc;

	rest[i] = 0;
	while (i-- > 0)
		rest[i] = rest[i + 1] + avail[i];
	x->n_loads = 0;
	x->more = false;
	for (size = 1; size <= seats && size <= rest[0] && !x->more;
	     size++) {
		rc = stop_check(&x->stop);
		if (rc != RIVER_OK)
			return stop_diag(&x->stop, rc, x->diag,
					 "while listing the loads");
		gen_loads(x, avail, rest, cur, 0, size, max);
	}
	return RIVER_OK;
}

/* The loads from the boat's bank in s. */
static int loads_from_state(struct explainer *x, state_t s)
{
	const struct model *m = &x->puzzle->model;
	unsigned avail[MODEL_MAX_ITEMS + 1];
	bool right = state_boat_right(x->sys, s);
	size_t i;

	for (i = 0; i < m->n_items; i++)
		avail[i] = state_count(x->sys, s, i, right);
	return list_loads(x, avail, x->sys->seats, EXPLAIN_MAX_LOADS);
}

/* The state load leads to from s, its fields as the crossing sets
 * them (as river_verify replays a crossing). */
static state_t after(const struct system *sys, state_t s,
		     const unsigned *load)
{
	uint64_t delta = system_load_delta(sys, load) | sys->boat;

	return system_successor(sys, s, state_cross(sys, s, delta));
}

/* Check load from s with the checker's words: false and the reason in
 * the arena when illegal.  t is how the plan stands before it, and
 * gets how it stands after. */
static int check_load(struct explainer *x, state_t s, const unsigned *load,
		      struct plan_track *t, state_t *to, const char **reason)
{
	char why[256];

	*to = after(x->sys, s, load);
	*reason = NULL;
	if (plan_check_step(x->sys, s, *to, t, why, sizeof why))
		return RIVER_OK;
	*reason = arena_strdup(&x->e->arena, why);
	return *reason ? RIVER_OK : oom(x);
}

/* A spot's moves, room for the loads just listed, each load copied. */
static int new_moves(struct explainer *x, struct spot *sp)
{
	size_t n = x->puzzle->model.n_items, i;

	sp->moves = arena_alloc(&x->e->arena,
				(x->n_loads + 1) * sizeof *sp->moves);
	if (!sp->moves)
		return oom(x);
	sp->more = x->more;
	for (i = 0; i < x->n_loads; i++) {
		struct move *mv = &sp->moves[i];

		memset(mv, 0, sizeof *mv);
		mv->load = arena_alloc(&x->e->arena, (n + 1) * sizeof *mv->load);
		if (!mv->load)
			return oom(x);
		memcpy(mv->load, x->scratch + i * n, n * sizeof *mv->load);
	}
	return RIVER_OK;
}

/* ---- Searches ---------------------------------------------------- */

/* A search of p (from *from, elapsed time units in, when not NULL)
 * within what is left of the time.  RIVER_OK with *out; a limit
 * (RIVER_ELIMIT, RIVER_ETIMEOUT, RIVER_ETOOBIG) with *reason, which the
 * explanation reports; anything else ends the explanation. */
static int search(struct explainer *x, river_plan **out, const river_puzzle *p,
		  const state_t *from, unsigned long long elapsed,
		  const char **reason)
{
	river_solve_options o = x->opts;
	river_diag d;
	int rc;

	*out = NULL;
	*reason = NULL;
	if (x->timeout > 0) {
		double left = x->timeout - clock_since(x->start);

		if (left <= 0) {
			*reason = "the time limit was reached first";
			return RIVER_ETIMEOUT;
		}
		o.timeout = left;
	}
	memset(&d, 0, sizeof d);
	rc = search_solve(out, p, from, elapsed, &o, &d);
	if (rc == RIVER_ELIMIT || rc == RIVER_ETIMEOUT || rc == RIVER_ETOOBIG) {
		*reason = arena_strdup(&x->e->arena, d.message);
		return *reason ? rc : oom(x);
	}
	if (rc != RIVER_OK && x->diag)
		*x->diag = d;
	return rc;
}

static bool is_limit(int rc)
{
	return rc == RIVER_ELIMIT || rc == RIVER_ETIMEOUT ||
	       rc == RIVER_ETOOBIG;
}

/* The number the objective minimises. */
static unsigned long long objective(const struct model *m, size_t crossings,
				    unsigned long long time)
{
	return m->minimize_time ? time : crossings;
}

/* ---- With a plan ------------------------------------------------- */

/* The outcome of legal move mv before crossing k of the plan, t how the
 * plan stands after it, from the least cost from where it leads to a
 * goal (ULLONG_MAX: none) and the other number of that way. */
static void weigh_by_cost(const struct explainer *x, struct spot *sp,
			  struct move *mv, size_t k,
			  const struct plan_track *t, unsigned long long cost,
			  unsigned long long other)
{
	const struct model *m = &x->puzzle->model;
	const river_plan *plan = x->e->plan;

	if (cost == ULLONG_MAX ||
	    (m->minimize_time && m->has_time_limit &&
	     t->time + cost > m->time_limit)) {
		mv->outcome = OUT_DEAD_END;
		return;
	}
	mv->outcome = OUT_SOLVED;
	mv->crossings = k + (size_t)(m->minimize_time ? other : cost);
	mv->time = t->time + (m->minimize_time ? cost : other);
	if (objective(m, mv->crossings, mv->time) ==
	    objective(m, river_plan_crossings(plan), river_plan_time(plan)))
		sp->equal++;
}

/* The outcome of legal load mv, from the state before crossing k of the
 * plan (1-based), t how the plan stands after it. */
static int weigh(struct explainer *x, struct spot *sp, struct move *mv,
		 size_t k, state_t to, const struct plan_track *t,
		 size_t *searched)
{
	const river_plan *plan = x->e->plan;
	const struct model *m = &x->puzzle->model;
	uint64_t banks = ~x->sys->field_mask;
	river_plan *rest;
	int rc;

	if (k >= 2 && (to & banks) == (plan->states[k - 2] & banks)) {
		mv->outcome = OUT_BACK;
		mv->back = k - 1;
		return RIVER_OK;
	}
	if (x->costs) {
		unsigned long long other, cost = graph_costs_of(
			x->costs, x->sym ? symmetry_project(x->sym, to) : to,
			&other);

		weigh_by_cost(x, sp, mv, k, t, cost, other);
		return RIVER_OK;
	}
	if (*searched == EXPLAIN_MAX_SEARCHES) {
		mv->outcome = OUT_UNTRIED;
		sp->open++;
		return RIVER_OK;
	}
	++*searched;
	rc = search(x, &rest, x->puzzle, &to, t->time, &mv->reason);
	if (is_limit(rc)) {
		mv->outcome = OUT_STOPPED;
		sp->open++;
		return RIVER_OK;
	}
	if (rc != RIVER_OK)
		return rc;
	if (rest->solved) {
		mv->outcome = OUT_SOLVED;
		mv->crossings = k + river_plan_crossings(rest);
		mv->time = t->time + river_plan_time(rest);
		if (objective(m, mv->crossings, mv->time) ==
		    objective(m, river_plan_crossings(plan), river_plan_time(plan)))
			sp->equal++;
	} else {
		mv->outcome = OUT_DEAD_END;
	}
	river_plan_free(rest);
	return RIVER_OK;
}

/* x->costs, where a state is only where things are; a walk that
 * reaches a limit leaves each move to be searched from instead. */
static int walk_costs(struct explainer *x)
{
	const river_puzzle *p = x->puzzle;
	river_diag d;
	int rc;

	if (x->sys->field_mask)
		return RIVER_OK;
	x->sym = p->sym && !x->opts.no_symmetry ? p->sym : NULL;
	memset(&d, 0, sizeof d);
	rc = graph_costs_new(&x->costs, p, x->sym ? &x->sym->sys : x->sys,
			    search_state_limit(&x->opts, EXPLAIN_MAX_WALK),
			    &x->stop, &d);
	if (rc == RIVER_OK || is_limit(rc) || rc == RIVER_ETIMEOUT)
		return RIVER_OK;
	if (x->diag)
		*x->diag = d;
	return rc;
}

static int explain_plan(struct explainer *x)
{
	river_explanation *e = x->e;
	const river_plan *plan = e->plan;
	size_t n = river_plan_crossings(plan), k, i;
	struct plan_track t;
	int rc = RIVER_OK;

	e->spots = arena_alloc(&e->arena, (n + 1) * sizeof *e->spots);
	if (!e->spots)
		return oom(x);
	rc = walk_costs(x);
	if (rc != RIVER_OK)
		return rc;
	plan_track_init(&t);
	for (k = 1; k <= n && rc == RIVER_OK; k++) {
		struct spot *sp = &e->spots[k - 1];
		state_t s = plan->states[k - 1];
		size_t searched = 0;
		char why[256];

		memset(sp, 0, sizeof *sp);
		sp->state = s;
		sp->depth = k - 1;
		rc = loads_from_state(x, s);
		if (rc == RIVER_OK)
			rc = new_moves(x, sp);
		for (i = 0; rc == RIVER_OK && i < x->n_loads; i++) {
			struct move *mv = &sp->moves[sp->n_moves];
			struct plan_track tried = t;
			state_t to;

			*mv = sp->moves[i];
			rc = check_load(x, s, mv->load, &tried, &to, &mv->reason);
			if (rc != RIVER_OK || to == plan->states[k])
				continue; /* the plan's own crossing */
			sp->n_moves++;
			if (mv->reason)
				mv->outcome = OUT_ILLEGAL;
			else
				rc = weigh(x, sp, mv, k, to, &tried, &searched);
		}
		e->n_spots = k;
		if (rc == RIVER_OK &&
		    !plan_check_step(x->sys, s, plan->states[k], &t, why,
				     sizeof why))
			rc = diag_set(x->diag, RIVER_EINTERNAL, NULL, NULL,
				      "internal error: the plan explained fails "
				      "the plan checker (step %zu: %s)", k, why);
	}
	return rc;
}

/* ---- Without a plan ---------------------------------------------- */

/* The furthest states, a few shown with every load tried from them.
 * A crossing moves the boat, so the layers alternate its bank and a
 * legal crossing from the last layer can only reach the one before:
 * each is looked up there, and one not found is a disagreement between
 * the search and the checker, a bug. */
static int explain_furthest(struct explainer *x,
			    const struct search_walk *l)
{
	river_explanation *e = x->e;
	size_t d = e->depth, shown, j, i, n_before = 0;
	const state_t *last = l->state + l->layer[d];
	state_t *before = NULL;
	int rc = RIVER_OK;

	shown = e->n_furthest < EXPLAIN_FURTHEST ? e->n_furthest
						 : EXPLAIN_FURTHEST;
	e->spots = arena_alloc(&e->arena, (shown + 1) * sizeof *e->spots);
	if (!e->spots)
		return oom(x);
	if (d > 0) {
		n_before = l->layer[d] - l->layer[d - 1];
		before = malloc(n_before * sizeof *before);
		if (!before)
			return oom(x);
		memcpy(before, l->state + l->layer[d - 1],
		       n_before * sizeof *before);
		qsort(before, n_before, sizeof *before, system_cmp_delta);
	}
	for (j = 0; j < shown && rc == RIVER_OK; j++) {
		struct spot *sp = &e->spots[j];
		struct plan_track t;

		memset(sp, 0, sizeof *sp);
		sp->state = last[j];
		sp->depth = d;
		/* The crossings made are the depth, whose rowing phase
		 * the state's is: messages then name the crossing. */
		plan_track_at(x->sys, sp->state, &t);
		t.crossing = d;
		rc = loads_from_state(x, sp->state);
		if (rc == RIVER_OK)
			rc = new_moves(x, sp);
		for (i = 0; rc == RIVER_OK && i < x->n_loads; i++) {
			struct move *mv = &sp->moves[i];
			struct plan_track tried = t;
			state_t to;

			rc = check_load(x, sp->state, mv->load, &tried, &to,
					&mv->reason);
			sp->n_moves++;
			if (rc != RIVER_OK || mv->reason) {
				mv->outcome = OUT_ILLEGAL;
				continue;
			}
			if (!before || !bsearch(&to, before, n_before,
						sizeof *before, system_cmp_delta))
				rc = diag_set(x->diag, RIVER_EINTERNAL, NULL, NULL,
					      "internal error: a legal crossing "
					      "from a furthest state leads to a "
					      "state the search did not reach");
			mv->outcome = OUT_BACK;
			mv->back = d - 1;
		}
		e->n_spots = j + 1;
	}
	free(before);
	return rc;
}

/* Search the puzzle with one change; its outcome in a new repair. */
static int try_change(struct explainer *x, enum model_change_kind kind,
		      size_t which, unsigned long long value, const char *what,
		      struct repair **made)
{
	river_explanation *e = x->e;
	struct repair *r = &e->repairs[e->n_repairs];
	river_puzzle *v;
	river_plan *plan;
	river_diag d;
	int rc;

	memset(r, 0, sizeof *r);
	r->change.kind = kind;
	r->change.which = which;
	r->change.value = value;
	r->what = arena_strdup(&e->arena, what);
	if (!r->what)
		return oom(x);
	e->n_repairs++;
	if (made)
		*made = r;
	/* Out of time, the change is not even built; canceled, the
	 * explanation ends. */
	rc = stop_check(&x->stop);
	if (rc == RIVER_ETIMEOUT) {
		r->outcome = OUT_STOPPED;
		r->reason = "the time limit was reached first";
		return RIVER_OK;
	}
	if (rc != RIVER_OK)
		return stop_diag(&x->stop, rc, x->diag, "while explaining");
	memset(&d, 0, sizeof d);
	rc = puzzle_vary(&v, x->puzzle, &r->change, &d);
	if (rc == RIVER_EPUZZLE) {
		/* Too big a state with the change (a longer time limit). */
		r->outcome = OUT_STOPPED;
		r->reason = arena_strdup(&e->arena, d.message);
		return r->reason ? RIVER_OK : oom(x);
	}
	if (rc != RIVER_OK) {
		if (x->diag)
			*x->diag = d;
		return rc;
	}
	rc = search(x, &plan, v, NULL, 0, &r->reason);
	if (is_limit(rc)) {
		r->outcome = OUT_STOPPED;
		rc = RIVER_OK;
	} else if (rc == RIVER_OK && plan->solved) {
		r->outcome = OUT_SOLVED;
		r->crossings = river_plan_crossings(plan);
		r->time = river_plan_time(plan);
	} else if (rc == RIVER_OK) {
		r->outcome = OUT_DEAD_END;
	}
	river_plan_free(plan);
	river_puzzle_free(v);
	return rc;
}

/* The least weight of a load of 1 to seats passengers over the load
 * limit in *best, or 0 when none is. */
static int next_load_limit(struct explainer *x, unsigned long long *best)
{
	const struct model *m = &x->puzzle->model;
	unsigned avail[MODEL_MAX_ITEMS + 1];
	size_t i, n = m->n_items;
	unsigned *few = x->scratch;
	int rc;

	*best = 0;
	x->scratch = malloc((size_t)EXPLAIN_MAX_WEIGHTS * (n + 1) *
			    sizeof *x->scratch);
	if (!x->scratch) {
		x->scratch = few;
		return oom(x);
	}
	for (i = 0; i < n; i++)
		avail[i] = m->items[i].copies;
	rc = list_loads(x, avail, m->seats, EXPLAIN_MAX_WEIGHTS);
	for (i = 0; rc == RIVER_OK && i < x->n_loads; i++) {
		unsigned long long w = system_load_weight(x->sys,
							  x->scratch + i * n);

		if (w > m->load_limit && (!*best || w < *best))
			*best = w;
	}
	free(x->scratch);
	x->scratch = few;
	return rc;
}

static int explain_changes(struct explainer *x)
{
	river_explanation *e = x->e;
	const struct model *m = &x->puzzle->model;
	unsigned long long total = 0, w = 0;
	char what[512];
	size_t i;
	int rc = RIVER_OK;

	/* Rules, the seat, rowers, the load limit, the time limit twice. */
	e->repairs = arena_alloc(&e->arena, (m->n_rules + m->n_items + 4) *
					    sizeof *e->repairs);
	if (!e->repairs)
		return oom(x);
	for (i = 0; i < m->n_rules && rc == RIVER_OK; i++) {
		snprintf(what, sizeof what, "without the rule '%s'",
			 m->rules[i].text);
		rc = try_change(x, CHANGE_DROP_RULE, i, 0, what, NULL);
	}
	for (i = 0; i < m->n_items; i++)
		total += m->items[i].copies;
	/* Several boats: each has its seats. */
	if (rc == RIVER_OK && !m->loads && m->seats < total && m->n_boats == 1) {
		snprintf(what, sizeof what, "with %u seats", m->seats + 1);
		rc = try_change(x, CHANGE_SEATS, 0, m->seats + 1, what, NULL);
	}
	for (i = 0; i < m->n_items && rc == RIVER_OK; i++) {
		const struct item *it = &m->items[i];

		if (it->rows && !it->rows_alone && !it->row_every)
			continue;
		snprintf(what, sizeof what, it->rows
			 ? "if the %s could row on any crossing, alone or not"
			 : "if the %s could row", it->name);
		rc = try_change(x, CHANGE_ROWER, i, 0, what, NULL);
	}
	if (rc == RIVER_OK && m->load_limit)
		rc = next_load_limit(x, &w);
	if (rc == RIVER_OK && m->load_limit && w) {
		snprintf(what, sizeof what, "with a load limit of %llu", w);
		rc = try_change(x, CHANGE_LOAD_LIMIT, 0, w, what, NULL);
	}
	if (rc == RIVER_OK && m->has_time_limit) {
		struct repair *free_time;

		/* The least time without a limit is the least limit that
		 * lets the goal be reached: then the objective's optimum
		 * within it. */
		rc = try_change(x, CHANGE_TIME_LIMIT, 0, 0,
				"without the time limit", &free_time);
		if (rc == RIVER_OK && free_time->outcome == OUT_SOLVED) {
			w = free_time->time;
			e->n_repairs--;
			snprintf(what, sizeof what, "with a time limit of %llu", w);
			rc = try_change(x, CHANGE_TIME_LIMIT, 0, w, what, NULL);
		}
	}
	return rc;
}

static int explain_none(struct explainer *x)
{
	river_explanation *e = x->e;
	struct search_walk l;
	struct stop stop;
	double timeout = 0;
	int rc;

	if (x->timeout > 0) {
		timeout = x->timeout - clock_since(x->start);
		if (timeout <= 0)
			timeout = 1e-9;
	}
	rc = stop_init(&stop, x->opts.cancel, timeout, x->diag);
	if (rc == RIVER_OK)
		rc = search_walk(x->sys, search_state_limit(&x->opts, ~0ULL),
				 false, &stop, &l, x->diag);
	if (rc != RIVER_OK)
		return rc;
	e->reachable = l.n;
	e->goal_reached = l.goal_reached;
	if (l.depths > 0) {
		e->depth = l.depths - 1;
		e->n_furthest = l.layer[l.depths] - l.layer[e->depth];
	}
	/* Goals reached (out of time): the furthest states say nothing. */
	if (!e->goal_reached && l.n > 0)
		rc = explain_furthest(x, &l);
	search_walk_release(&l);
	return rc == RIVER_OK ? explain_changes(x) : rc;
}

/* ---- A puzzle of places ------------------------------------------ */

/* Every state reachable, explored once by the place search, and each
 * state's least cost to a goal over it: the objective's (to_goal), and
 * of the ways that cost, the least of the other number (to_other: the
 * crossings when the objective is time, else the time). */
struct reachable {
	struct places_graph g;
	unsigned long long *to_goal, *to_other;
	const char *stopped; /* the exploration stopped: why */
};

/* Explore the puzzle of places and weigh every state; a limit that stops
 * it is kept in r->stopped, for the moves it leaves unweighed. */
static int explore_places(struct explainer *x, struct reachable *r,
			  bool weigh_states)
{
	const struct model *m = &x->puzzle->model;
	struct graph_arc *arcs = NULL;
	river_diag d;
	size_t i;
	int rc;

	memset(r, 0, sizeof *r);
	memset(&d, 0, sizeof d);
	rc = places_explore(m, x->puzzle->tuples, &x->opts, false, &x->stop,
			    &r->g, &d);
	if (is_limit(rc)) {
		r->stopped = arena_strdup(&x->e->arena, d.message);
		return r->stopped ? RIVER_OK : oom(x);
	}
	if (rc != RIVER_OK) {
		if (x->diag)
			*x->diag = d;
		return rc;
	}
	if (!weigh_states)
		return RIVER_OK;
	arcs = malloc((r->g.legs.n ? r->g.legs.n : 1) * sizeof *arcs);
	r->to_goal = malloc(r->g.n_nodes * sizeof *r->to_goal);
	r->to_other = malloc(r->g.n_nodes * sizeof *r->to_other);
	if (!arcs || !r->to_goal || !r->to_other) {
		free(arcs);
		return oom(x);
	}
	for (i = 0; i < r->g.legs.n; i++) {
		const struct places_leg *l = &r->g.legs.leg[i];

		arcs[i].from = l->from;
		arcs[i].to = l->to;
		arcs[i].cost = m->minimize_time ? l->time : 1;
		arcs[i].other = m->minimize_time ? 1 : l->time;
	}
	rc = graph_distances(arcs, r->g.legs.n, r->g.n_nodes, r->g.goal, NULL,
			    r->to_goal, r->to_other, &x->stop);
	free(arcs);
	if (rc != RIVER_OK)
		return stop_diag(&x->stop, rc, x->diag, "while explaining");
	return RIVER_OK;
}

static void reachable_release(struct reachable *r)
{
	places_graph_release(&r->g);
	free(r->to_goal);
	free(r->to_other);
}

/* Every leg that could leave row: each boat, to each place its routes
 * join, with each load of 1 to its seats from where it is, at most
 * EXPLAIN_MAX_LOADS in all, into sp->moves. */
static int leg_moves(struct explainer *x, struct spot *sp, const unsigned *row)
{
	const struct model *m = &x->puzzle->model;
	unsigned avail[MODEL_MAX_ITEMS + 1];
	size_t n = m->n_items, P = m->n_places, b, i;
	unsigned from, to;
	int rc = RIVER_OK;

	sp->moves = arena_alloc(&x->e->arena,
				(EXPLAIN_MAX_LOADS + 1) * sizeof *sp->moves);
	if (!sp->moves)
		return oom(x);
	for (b = 0; b < m->n_boats && rc == RIVER_OK; b++) {
		from = places_boat_at(m, row, b);
		for (i = 0; i < n; i++)
			avail[i] = row[i * P + from];
		for (to = 0; to < P && rc == RIVER_OK; to++) {
			if (to == from || !((m->boats[b].routes[from] >> to) & 1))
				continue;
			rc = list_loads(x, avail, m->boats[b].seats,
					EXPLAIN_MAX_LOADS - sp->n_moves);
			sp->more = sp->more || x->more;
			for (i = 0; rc == RIVER_OK && i < x->n_loads; i++) {
				struct move *mv = &sp->moves[sp->n_moves++];

				memset(mv, 0, sizeof *mv);
				mv->boat = (unsigned)b;
				mv->to = to;
				mv->load = arena_alloc(&x->e->arena,
						       (n + 1) * sizeof *mv->load);
				if (!mv->load)
					return oom(x);
				memcpy(mv->load, x->scratch + i * n,
				       n * sizeof *mv->load);
			}
		}
	}
	return rc;
}

/* The row move mv makes from row, into after; whether it is legal, with
 * t (the track before it) made the track after it, or why not. */
static int check_leg(struct explainer *x, const unsigned *row,
		     struct move *mv, struct plan_track *t, unsigned *after)
{
	const struct model *m = &x->puzzle->model;
	size_t P = m->n_places, i;
	unsigned from = places_boat_at(m, row, mv->boat);
	char why[256];

	memcpy(after, row, places_row_width(m) * sizeof *after);
	for (i = 0; i < m->n_items; i++) {
		after[i * P + from] -= mv->load[i];
		after[i * P + mv->to] += mv->load[i];
	}
	after[m->n_items * P + mv->boat] = mv->to;
	mv->reason = NULL;
	if (plan_check_places_step(m, row, after, t, why, sizeof why))
		return RIVER_OK;
	mv->outcome = OUT_ILLEGAL;
	mv->reason = arena_strdup(&x->e->arena, why);
	return mv->reason ? RIVER_OK : oom(x);
}

/* The outcome of legal leg mv to after, at crossing k of the plan, with
 * t the track after it: looked up among the states explored. */
static int weigh_leg(struct explainer *x, const struct reachable *r,
		     struct spot *sp, struct move *mv, size_t k,
		     const unsigned *after, const struct plan_track *t)
{
	const struct model *m = &x->puzzle->model;
	const river_plan *plan = x->e->plan;
	size_t w = places_row_width(m);
	uint32_t v;

	if (k >= 2 && !memcmp(after, plan->at + (k - 2) * w, w * sizeof *after)) {
		mv->outcome = OUT_BACK;
		mv->back = k - 1;
		return RIVER_OK;
	}
	if (r->stopped) {
		mv->outcome = OUT_STOPPED;
		mv->reason = r->stopped;
		sp->open++;
		return RIVER_OK;
	}
	v = places_graph_node(&r->g, after, t);
	if (v == PLACES_NO_NODE)
		return diag_set(x->diag, RIVER_EINTERNAL, NULL, NULL,
				"internal error: a legal leg from a state of "
				"the plan leads to a state the exploration "
				"did not reach");
	weigh_by_cost(x, sp, mv, k, t, r->to_goal[v], r->to_other[v]);
	return RIVER_OK;
}

/* A spot's own copy of row. */
static int keep_row(struct explainer *x, struct spot *sp, const unsigned *row)
{
	size_t w = places_row_width(&x->puzzle->model);
	unsigned *copy = arena_alloc(&x->e->arena, (w + 1) * sizeof *copy);

	if (!copy)
		return oom(x);
	memcpy(copy, row, w * sizeof *copy);
	sp->row = copy;
	return RIVER_OK;
}

static int explain_places_plan(struct explainer *x)
{
	river_explanation *e = x->e;
	const struct model *m = &x->puzzle->model;
	const river_plan *plan = e->plan;
	size_t n = river_plan_crossings(plan), w = places_row_width(m), k, i;
	unsigned after[MODEL_MAX_ITEMS * MODEL_MAX_PLACES + MODEL_MAX_BOATS];
	struct reachable r;
	struct plan_track t;
	int rc;

	e->spots = arena_alloc(&e->arena, (n + 1) * sizeof *e->spots);
	if (!e->spots)
		return oom(x);
	rc = explore_places(x, &r, true);
	plan_track_init(&t);
	for (k = 1; k <= n && rc == RIVER_OK; k++) {
		struct spot *sp = &e->spots[k - 1];
		const unsigned *row = plan->at + (k - 1) * w;
		size_t kept = 0;
		char why[256];

		memset(sp, 0, sizeof *sp);
		sp->depth = k - 1;
		rc = keep_row(x, sp, row);
		if (rc == RIVER_OK)
			rc = leg_moves(x, sp, row);
		for (i = 0; rc == RIVER_OK && i < sp->n_moves; i++) {
			struct move *mv = &sp->moves[kept];
			struct plan_track tried = t;

			*mv = sp->moves[i];
			rc = check_leg(x, row, mv, &tried, after);
			if (rc != RIVER_OK ||
			    !memcmp(after, plan->at + k * w, w * sizeof *after))
				continue; /* the plan's own leg */
			kept++;
			if (!mv->reason)
				rc = weigh_leg(x, &r, sp, mv, k, after, &tried);
		}
		sp->n_moves = kept;
		e->n_spots = k;
		if (rc == RIVER_OK &&
		    !plan_check_places_step(m, row, plan->at + k * w, &t, why,
					    sizeof why))
			rc = diag_set(x->diag, RIVER_EINTERNAL, NULL, NULL,
				      "internal error: the plan explained fails "
				      "the plan checker (step %zu: %s)", k, why);
	}
	reachable_release(&r);
	return rc;
}

/* Without a plan: the states reachable, the furthest shown with every
 * leg tried from them, each legal one back to a state found, then the
 * single changes. */
static int explain_places_none(struct explainer *x)
{
	river_explanation *e = x->e;
	unsigned row[MODEL_MAX_ITEMS * MODEL_MAX_PLACES + MODEL_MAX_BOATS];
	unsigned after[MODEL_MAX_ITEMS * MODEL_MAX_PLACES + MODEL_MAX_BOATS];
	struct reachable r;
	size_t k, i;
	uint32_t u;
	int rc = explore_places(x, &r, false);

	if (rc == RIVER_OK && r.stopped)
		rc = diag_set(x->diag, RIVER_ELIMIT, NULL, NULL, "%s",
			      r.stopped);
	for (u = 0; rc == RIVER_OK && u < r.g.n_nodes; u++) {
		if (r.g.goal[u])
			e->goal_reached = true;
		else
			e->reachable++;
		if (r.g.depth[u] > e->depth) {
			e->depth = r.g.depth[u];
			e->n_furthest = 0;
		}
		e->n_furthest += r.g.depth[u] == e->depth;
	}
	if (rc == RIVER_OK)
		e->spots = arena_alloc(&e->arena, (EXPLAIN_FURTHEST + 1) *
						  sizeof *e->spots);
	if (rc == RIVER_OK && !e->spots)
		rc = oom(x);
	/* Goals reached (out of time): the furthest states say nothing. */
	for (u = 0; rc == RIVER_OK && !e->goal_reached && u < r.g.n_nodes &&
		    e->n_spots < EXPLAIN_FURTHEST; u++) {
		struct spot *sp = &e->spots[e->n_spots];
		struct plan_track t;

		if (r.g.depth[u] != e->depth)
			continue;
		memset(sp, 0, sizeof *sp);
		sp->depth = e->depth;
		places_graph_state(&r.g, u, row, &t);
		/* The crossings made are the depth, whose rowing phase
		 * the state's is: messages then name the crossing. */
		t.crossing = e->depth;
		rc = keep_row(x, sp, row);
		if (rc == RIVER_OK)
			rc = leg_moves(x, sp, row);
		for (i = 0; rc == RIVER_OK && i < sp->n_moves; i++) {
			struct move *mv = &sp->moves[i];
			struct plan_track tried = t;

			rc = check_leg(x, row, mv, &tried, after);
			if (rc != RIVER_OK || mv->reason)
				continue;
			k = places_graph_node(&r.g, after, &tried);
			if (k == PLACES_NO_NODE)
				rc = diag_set(x->diag, RIVER_EINTERNAL, NULL, NULL,
					      "internal error: a legal leg from "
					      "a furthest state leads to a state "
					      "the exploration did not reach");
			else
				mv->back = r.g.depth[k];
			mv->outcome = OUT_BACK;
		}
		e->n_spots++;
	}
	reachable_release(&r);
	return rc == RIVER_OK ? explain_changes(x) : rc;
}

static int explain_puzzle(river_explanation **out, const river_puzzle *puzzle,
			  const river_solve_options *opts, river_diag *diag)
{
	struct explainer x;
	river_explanation *e;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !puzzle)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	rc = puzzle->places ? RIVER_OK
			    : puzzle_need_system(puzzle, "to explain", diag);
	if (rc != RIVER_OK)
		return rc;
	memset(&x, 0, sizeof x);
	rc = abi_solve_options(&x.opts, opts, diag);
	if (rc != RIVER_OK)
		return rc;
	x.opts.count = 0;
	x.opts.max_plans = 0;
	x.timeout = x.opts.timeout;
	x.start = clock_now();
	rc = stop_init(&x.stop, x.opts.cancel, x.timeout, diag);
	if (rc != RIVER_OK)
		return rc;
	x.puzzle = puzzle;
	x.sys = &puzzle->sys;
	x.diag = diag;
	e = calloc(1, sizeof *e);
	x.scratch = malloc((size_t)EXPLAIN_MAX_LOADS *
			   (puzzle->model.n_items + 1) * sizeof *x.scratch);
	if (!e || !x.scratch) {
		free(e);
		free(x.scratch);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	arena_init(&e->arena);
	e->puzzle = puzzle;
	x.e = e;
	rc = river_solve(&e->plan, puzzle, &x.opts, diag);
	/* The searches after the first report nothing as they go. */
	x.opts.progress = NULL;
	if (rc == RIVER_OK && puzzle->places)
		rc = e->plan->solved ? explain_places_plan(&x)
				     : explain_places_none(&x);
	else if (rc == RIVER_OK)
		rc = e->plan->solved ? explain_plan(&x) : explain_none(&x);
	free(x.scratch);
	graph_costs_free(x.costs);
	if (rc != RIVER_OK) {
		river_explanation_free(e);
		return rc;
	}
	*out = e;
	return RIVER_OK;
}

int river_explain(river_explanation **out, const river_puzzle *puzzle,
		  const river_solve_options *opts, river_diag *diag)
{
	int rc = explain_puzzle(out, puzzle, opts, diag);

	return puzzle_failed(puzzle, rc, diag);
}

const river_plan *river_explanation_plan(const river_explanation *e)
{
	return e ? e->plan : NULL;
}

void river_explanation_free(river_explanation *e)
{
	if (!e)
		return;
	river_plan_free(e->plan);
	arena_release(&e->arena);
	free(e);
}

/* ---- Words ------------------------------------------------------- */

/* Copies of each item on a bank of s. */
static void bank_of(const river_explanation *e, state_t s, bool right,
		    unsigned *count)
{
	size_t i;

	for (i = 0; i < e->puzzle->model.n_items; i++)
		count[i] = state_count(&e->puzzle->sys, s, i, right);
}

/* Copies of each item at place p of a row of places. */
static void place_of_row(const struct model *m, const unsigned *row,
			 size_t p, unsigned *count)
{
	size_t i;

	for (i = 0; i < m->n_items; i++)
		count[i] = row[i * m->n_places + p];
}

/* "left bank: wolf | island: nothing | right bank: farmer goat
 * cabbage, the ferry at the right bank, the raft at the left bank" */
static void put_places(struct buf *b, const struct model *m,
		       const unsigned *row)
{
	unsigned count[MODEL_MAX_ITEMS + 1];
	size_t p, k;

	for (p = 0; p < m->n_places; p++) {
		size_t start;

		place_of_row(m, row, p, count);
		buf_printf(b, "%s%s: ", p ? " | " : "", m->place_names[p]);
		start = b->len;
		plan_put_tokens(b, m, count);
		if (b->len == start)
			buf_puts(b, "nothing");
	}
	for (k = 0; k < m->n_boats; k++)
		buf_printf(b, ", the %s at the %s",
			   m->n_boats > 1 ? m->boats[k].name : "boat",
			   m->place_names[places_boat_at(m, row, k)]);
}

/* "left: wolf cabbage | right: farmer goat, the boat on the right" */
static void put_state(struct buf *b, const river_explanation *e,
		      const struct spot *sp)
{
	unsigned count[MODEL_MAX_ITEMS + 1];
	state_t s = sp->state;

	if (sp->row) {
		put_places(b, &e->puzzle->model, sp->row);
		return;
	}

	bank_of(e, s, false, count);
	buf_puts(b, "left: ");
	plan_put_tokens(b, &e->puzzle->model, count);
	bank_of(e, s, true, count);
	buf_puts(b, " | right: ");
	plan_put_tokens(b, &e->puzzle->model, count);
	buf_printf(b, ", the boat on the %s",
		   state_boat_right(&e->puzzle->sys, s) ? "right" : "left");
}

/* "9 crossings" or "5 crossings taking 17 time units". */
static void put_optimum(struct buf *b, const struct model *m,
			size_t crossings, unsigned long long time)
{
	buf_printf(b, "%zu crossing%s", crossings, plural(crossings));
	if (model_timed(m))
		buf_printf(b, " taking %llu time unit%s", time, plural(time));
}

/* The loads after moves[i] that break the same rule or limit: "
 * (likewise two missionaries; one missionary and one cannibal)". */
static void put_likewise(struct buf *b, const river_explanation *e,
			 const struct spot *sp, size_t i)
{
	const struct model *m = &e->puzzle->model;
	size_t j, n = 0;

	for (j = i + 1; j < sp->n_moves; j++) {
		if (sp->moves[j].outcome != OUT_ILLEGAL ||
		    strcmp(sp->moves[j].reason, sp->moves[i].reason) != 0)
			continue;
		if (n == EXPLAIN_LIKEWISE) {
			n++;
			continue;
		}
		buf_puts(b, n++ ? "; " : " (likewise ");
		plan_put_passengers(b, m, sp->moves[j].load);
		/* A leg of places: where it goes, and in which boat, when
		 * not as the line's. */
		if (sp->row && sp->moves[j].to != sp->moves[i].to)
			buf_printf(b, " to the %s",
				   m->place_names[sp->moves[j].to]);
		if (sp->row && sp->moves[j].boat != sp->moves[i].boat)
			buf_printf(b, " in the %s",
				   m->boats[sp->moves[j].boat].name);
	}
	if (n > EXPLAIN_LIKEWISE)
		buf_puts(b, "; and more");
	if (n)
		buf_putc(b, ')');
}

/* moves[i], and those after it that break the same rule or limit. */
static void put_move(struct buf *b, const river_explanation *e,
		     const struct spot *sp, size_t i)
{
	const struct move *mv = &sp->moves[i];
	const struct model *m = &e->puzzle->model;
	const river_plan *plan = e->plan;
	unsigned long long best, mine;

	buf_puts(b, "  ");
	if (sp->row)
		plan_put_leg_sentence(b, m, mv->load, mv->boat, mv->to);
	else
		plan_put_sentence(b, m, mv->load,
				  !state_boat_right(&e->puzzle->sys, sp->state));
	/* The sentence's full stop gives way to the outcome. */
	if (!b->failed && b->len && b->data[b->len - 1] == '.')
		b->len--;
	if (mv->outcome == OUT_ILLEGAL)
		put_likewise(b, e, sp, i);
	buf_puts(b, ": ");
	switch (mv->outcome) {
	case OUT_ILLEGAL:
		buf_puts(b, mv->reason);
		break;
	case OUT_BACK:
		if (plan->solved)
			buf_printf(b, "undoes step %zu", mv->back);
		else if (mv->back == sp->depth) /* places: a leg aside */
			buf_printf(b, "to another state %zu crossing%s from "
				   "the start", mv->back, plural(mv->back));
		else
			buf_printf(b, "back to a state %zu crossing%s from the "
				   "start", mv->back, plural(mv->back));
		break;
	case OUT_SOLVED:
		best = objective(m, river_plan_crossings(plan),
				 river_plan_time(plan));
		mine = objective(m, mv->crossings, mv->time);
		if (mine == best)
			buf_puts(b, "also ");
		put_optimum(b, m, mv->crossings, mv->time);
		buf_puts(b, " in all");
		if (mine > best)
			buf_printf(b, ", %llu %s", mine - best,
				   m->minimize_time ? "time units more"
						    : "more");
		break;
	case OUT_DEAD_END:
		buf_puts(b, "a dead end, no plan leads on from there");
		break;
	case OUT_STOPPED:
		buf_printf(b, "not searched to the end (%s)", mv->reason);
		break;
	case OUT_UNTRIED:
		buf_printf(b, "not searched (at most %d searches a step)",
			   EXPLAIN_MAX_SEARCHES);
		break;
	}
	buf_puts(b, ".\n");
}

/* Does an illegal move before i break what moves[i] breaks? */
static bool said_before(const struct spot *sp, size_t i)
{
	size_t j;

	for (j = 0; sp->moves[i].outcome == OUT_ILLEGAL && j < i; j++)
		if (sp->moves[j].outcome == OUT_ILLEGAL &&
		    strcmp(sp->moves[j].reason, sp->moves[i].reason) == 0)
			return true;
	return false;
}

/* The moves of a spot, a line for the illegal ones that break the same
 * rule or limit, EXPLAIN_TEXT_MOVES lines at most. */
static void put_moves(struct buf *b, const river_explanation *e,
		      const struct spot *sp)
{
	size_t i, j, lines = 0, left = 0;

	for (i = 0; i < sp->n_moves; i++) {
		size_t others = 0;

		if (said_before(sp, i))
			continue;
		for (j = i + 1; sp->moves[i].outcome == OUT_ILLEGAL &&
				j < sp->n_moves; j++)
			others += sp->moves[j].outcome == OUT_ILLEGAL &&
				  strcmp(sp->moves[j].reason,
					 sp->moves[i].reason) == 0;
		if (lines == EXPLAIN_TEXT_MOVES) {
			left += others + 1;
			continue;
		}
		put_move(b, e, sp, i);
		lines++;
	}
	if (left)
		buf_printf(b, "  And %zu more load%s (all of them in the JSON "
			      "form).\n",
			   left, plural(left));
	if (sp->more)
		buf_printf(b, "  Loads past the first %d not tried.\n",
			   EXPLAIN_MAX_LOADS);
}

static void text_plan(struct buf *b, const river_explanation *e)
{
	const struct model *m = &e->puzzle->model;
	unsigned load[MODEL_MAX_ITEMS + 1];
	size_t k;

	buf_puts(b, "\nWhy each crossing, against every other load that could "
		 "cross instead:\n");
	for (k = 1; k <= e->n_spots; k++) {
		const struct spot *sp = &e->spots[k - 1];

		plan_load(e->plan, k, load);
		buf_printf(b, "\nStep %zu: ", k);
		if (e->plan->at) {
			size_t to, boat = plan_leg_boat(e->plan, k, &to);

			plan_put_leg_sentence(b, m, load, boat, to);
		} else {
			plan_put_sentence(b, m, load, river_plan_boat_bank(e->plan,
									   k) ==
							  RIVER_RIGHT);
		}
		if (sp->n_moves == 0 && !sp->more)
			buf_puts(b, " Forced: no other load can cross.\n");
		else if (sp->equal)
			buf_printf(b, " One of %zu equally good moves:\n",
				   sp->equal + 1);
		else if (sp->open)
			buf_puts(b, " The best of the moves searched:\n");
		else
			buf_puts(b, " Forced:\n");
		put_moves(b, e, sp);
	}
}

static void put_repair(struct buf *b, const river_explanation *e,
		       const struct repair *r)
{
	size_t start = b->len;

	buf_printf(b, "  %s: ", r->what);
	if (!b->failed)
		b->data[start + 2] = (char)(b->data[start + 2] - 'a' + 'A');
	if (r->outcome == OUT_SOLVED)
		put_optimum(b, &e->puzzle->model, r->crossings, r->time);
	else if (r->outcome == OUT_DEAD_END)
		buf_puts(b, "still no plan");
	else
		buf_printf(b, "not searched to the end (%s)", r->reason);
	buf_puts(b, ".\n");
}

static void text_none(struct buf *b, const river_explanation *e)
{
	size_t j;

	if (e->goal_reached)
		buf_printf(b, "\nThe goal can be reached, but not within the "
			   "time limit of %llu.\n", e->puzzle->model.time_limit);
	else
		buf_printf(b, "\n%llu state%s can be reached from the start%s; "
			   "the furthest %s %zu crossing%s from it (%zu state%s).\n",
			   e->reachable, plural(e->reachable),
			   e->reachable != e->plan->explored
				   ? " on the puzzle as written" : "",
			   e->n_furthest == 1 ? "is" : "are", e->depth,
			   plural(e->depth), e->n_furthest,
			   plural(e->n_furthest));
	for (j = 0; j < e->n_spots; j++) {
		const struct spot *sp = &e->spots[j];

		buf_puts(b, "\nFrom ");
		put_state(b, e, sp);
		buf_puts(b, sp->n_moves || sp->more ? ":\n"
						    : ": no load can cross.\n");
		put_moves(b, e, sp);
	}
	if (!e->goal_reached && e->n_spots < e->n_furthest)
		buf_printf(b, "\n(%zu more furthest state%s not shown.)\n",
			   e->n_furthest - e->n_spots,
			   plural(e->n_furthest - e->n_spots));
	if (e->n_repairs == 0) {
		buf_puts(b, "\nNo single change to try.\n");
		return;
	}
	buf_puts(b, "\nSingle changes, each searched alone:\n");
	for (j = 0; j < e->n_repairs; j++)
		put_repair(b, e, &e->repairs[j]);
}

static int render_text(char **out, const river_explanation *e)
{
	struct buf b;

	buf_init(&b);
	buf_puts(&b, e->puzzle->model.title);
	buf_puts(&b, "\n");
	plan_put_verdict(&b, e->plan);
	buf_putc(&b, '\n');
	if (e->plan->solved)
		text_plan(&b, e);
	else
		text_none(&b, e);
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}

/* ---- JSON -------------------------------------------------------- */

/* A leg of places' boat (when there are several) and where it goes:
 * ", \"by\": \"raft\", \"to\": \"island\"". */
static void json_leg(struct buf *b, const struct model *m, size_t boat,
		     size_t to)
{
	if (m->n_boats > 1) {
		buf_puts(b, ", \"by\": ");
		buf_quote(b, m->boats[boat].name, QUOTE_JSON);
	}
	buf_puts(b, ", \"to\": ");
	buf_quote(b, m->place_names[to], QUOTE_JSON);
}

/* A state of places as river(1)'s JSON of a plan of places has it: the
 * boats' places, and each place's items. */
static void json_places(struct buf *b, const struct model *m,
			const unsigned *row)
{
	unsigned count[MODEL_MAX_ITEMS + 1];
	size_t p, k;

	buf_puts(b, "{\"boats\": {");
	for (k = 0; k < m->n_boats; k++) {
		buf_puts(b, k ? ", " : "");
		buf_quote(b, m->boats[k].name, QUOTE_JSON);
		buf_puts(b, ": ");
		buf_quote(b, m->place_names[places_boat_at(m, row, k)],
			  QUOTE_JSON);
	}
	buf_puts(b, "}, \"at\": {");
	for (p = 0; p < m->n_places; p++) {
		buf_puts(b, p ? ", " : "");
		buf_quote(b, m->place_names[p], QUOTE_JSON);
		buf_puts(b, ": ");
		place_of_row(m, row, p, count);
		plan_put_json_names(b, m, count);
	}
	buf_puts(b, "}}");
}

static void json_state(struct buf *b, const river_explanation *e,
		       const struct spot *sp)
{
	unsigned count[MODEL_MAX_ITEMS + 1];
	state_t s = sp->state;

	if (sp->row) {
		json_places(b, &e->puzzle->model, sp->row);
		return;
	}

	buf_printf(b, "{\"boat\": \"%s\", \"left\": ",
		   state_boat_right(&e->puzzle->sys, s) ? "right" : "left");
	bank_of(e, s, false, count);
	plan_put_json_names(b, &e->puzzle->model, count);
	buf_puts(b, ", \"right\": ");
	bank_of(e, s, true, count);
	plan_put_json_names(b, &e->puzzle->model, count);
	buf_putc(b, '}');
}

static void json_optimum(struct buf *b, const struct model *m,
			 size_t crossings, unsigned long long time)
{
	buf_printf(b, ", \"crossings\": %zu", crossings);
	if (model_timed(m))
		buf_printf(b, ", \"time\": %llu", time);
}

static void json_move(struct buf *b, const river_explanation *e,
		      const struct spot *sp, const struct move *mv)
{
	const struct model *m = &e->puzzle->model;

	buf_puts(b, "{\"boat\": ");
	plan_put_json_names(b, m, mv->load);
	if (sp->row)
		json_leg(b, m, mv->boat, mv->to);
	buf_printf(b, ", \"outcome\": \"%s\"", outcome_names[mv->outcome]);
	if (mv->reason) {
		buf_puts(b, ", \"reason\": ");
		buf_quote(b, mv->reason, QUOTE_JSON);
	}
	if (mv->outcome == OUT_BACK && e->plan->solved)
		buf_printf(b, ", \"undoes\": %zu", mv->back);
	else if (mv->outcome == OUT_BACK)
		buf_printf(b, ", \"depth\": %zu", mv->back);
	if (mv->outcome == OUT_SOLVED)
		json_optimum(b, m, mv->crossings, mv->time);
	buf_putc(b, '}');
}

static void json_moves(struct buf *b, const river_explanation *e,
		       const struct spot *sp)
{
	size_t i;

	buf_puts(b, "\"moves\": [");
	for (i = 0; i < sp->n_moves; i++) {
		buf_puts(b, i ? ",\n        " : "\n        ");
		json_move(b, e, sp, &sp->moves[i]);
	}
	buf_printf(b, "%s], \"more_loads\": %s", sp->n_moves ? "\n      " : "",
		   sp->more ? "true" : "false");
}

static void json_plan(struct buf *b, const river_explanation *e)
{
	const struct model *m = &e->puzzle->model;
	unsigned load[MODEL_MAX_ITEMS + 1];
	size_t k;

	buf_puts(b, ",\n  \"steps\": [");
	for (k = 1; k <= e->n_spots; k++) {
		const struct spot *sp = &e->spots[k - 1];

		buf_printf(b, "%s\n    {\"step\": %zu, \"boat\": ",
			   k > 1 ? "," : "", k);
		plan_load(e->plan, k, load);
		plan_put_json_names(b, m, load);
		if (sp->row) {
			size_t to, boat = plan_leg_boat(e->plan, k, &to);

			buf_puts(b, ", \"from\": ");
			buf_quote(b, m->place_names[places_boat_at(m, sp->row,
								   boat)],
				  QUOTE_JSON);
			json_leg(b, m, boat, to);
		} else {
			buf_printf(b, ", \"from\": \"%s\"",
				   state_boat_right(&e->puzzle->sys, sp->state)
					   ? "right" : "left");
		}
		buf_printf(b, ", \"forced\": %s, "
			   "\"equal\": %zu, \"unsearched\": %zu,\n      ",
			   !sp->equal && !sp->open ? "true" : "false",
			   sp->equal, sp->open);
		json_moves(b, e, sp);
		buf_putc(b, '}');
	}
	buf_puts(b, e->n_spots ? "\n  ]" : "]");
}

static void json_none(struct buf *b, const river_explanation *e)
{
	const struct model *m = &e->puzzle->model;
	size_t j;

	buf_printf(b, ",\n  \"reachable\": %llu,\n  \"goal_reached\": %s,\n"
		   "  \"depth\": %zu,\n  \"furthest\": %zu,\n  \"shown\": [",
		   e->reachable, e->goal_reached ? "true" : "false", e->depth,
		   e->n_furthest);
	for (j = 0; j < e->n_spots; j++) {
		buf_puts(b, j ? ",\n    {\"state\": " : "\n    {\"state\": ");
		json_state(b, e, &e->spots[j]);
		buf_puts(b, ",\n      ");
		json_moves(b, e, &e->spots[j]);
		buf_putc(b, '}');
	}
	buf_puts(b, e->n_spots ? "\n  ],\n  \"changes\": [" : "],\n  \"changes\": [");
	for (j = 0; j < e->n_repairs; j++) {
		const struct repair *r = &e->repairs[j];
		static const char *const kinds[] = {
			"drop rule", "seats", "rower", "load limit", "time limit"};

		buf_printf(b, "%s\n    {\"change\": \"%s\"", j ? "," : "",
			   kinds[r->change.kind]);
		if (r->change.kind == CHANGE_DROP_RULE) {
			buf_puts(b, ", \"rule\": ");
			buf_quote(b, m->rules[r->change.which].text, QUOTE_JSON);
		} else if (r->change.kind == CHANGE_ROWER) {
			buf_puts(b, ", \"item\": ");
			buf_quote(b, m->items[r->change.which].name, QUOTE_JSON);
		} else if (r->change.value) {
			buf_printf(b, ", \"value\": %llu", r->change.value);
		} else {
			buf_puts(b, ", \"value\": null");
		}
		buf_puts(b, ", \"text\": ");
		buf_quote(b, r->what, QUOTE_JSON);
		buf_printf(b, ", \"outcome\": \"%s\"",
			   outcome_names[r->outcome]);
		if (r->outcome == OUT_SOLVED)
			json_optimum(b, m, r->crossings, r->time);
		if (r->outcome == OUT_STOPPED) {
			buf_puts(b, ", \"stopped\": ");
			buf_quote(b, r->reason, QUOTE_JSON);
		}
		buf_putc(b, '}');
	}
	buf_puts(b, e->n_repairs ? "\n  ]" : "]");
}

static int render_json(char **out, const river_explanation *e)
{
	const struct model *m = &e->puzzle->model;
	const river_plan *plan = e->plan;
	struct buf b;

	buf_init(&b);
	buf_puts(&b, "{\n  \"title\": ");
	buf_quote(&b, m->title, QUOTE_JSON);
	buf_printf(&b, ",\n  \"solved\": %s", plan->solved ? "true" : "false");
	if (plan->solved) {
		buf_printf(&b, ",\n  \"crossings\": %zu",
			   river_plan_crossings(plan));
		if (model_timed(m))
			buf_printf(&b, ",\n  \"time\": %llu",
				   river_plan_time(plan));
	}
	buf_printf(&b, ",\n  \"states_explored\": %llu", plan->explored);
	if (plan->solved)
		json_plan(&b, e);
	else
		json_none(&b, e);
	buf_puts(&b, "\n}\n");
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}

int river_explain_render(char **out, const river_explanation *e,
			 river_format format)
{
	if (out)
		*out = NULL;
	if (!out || !e)
		return RIVER_EINVAL;
	switch (format) {
	case RIVER_FORMAT_TEXT:
		return render_text(out, e);
	case RIVER_FORMAT_JSON:
		return render_json(out, e);
	default:
		return RIVER_EINVAL;
	}
}
