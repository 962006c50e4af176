#define _POSIX_C_SOURCE 200809L

#include "plan/plan.h"
#include "util/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/places.h"
#include "solve/bfs.h"
#include "solve/count.h"
#include "solve/orbit.h"

void river_solve_options_init(river_solve_options *opts)
{
	if (opts)
		memset(opts, 0, sizeof *opts);
}

/* Rule r broken on the bank right (true) or left, in words; r < 0: none. */
static void describe_rule(const struct model *m, long r, bool right,
			  char *out, size_t size)
{
	const struct rule *rule;
	const char *bank = right ? "right" : "left";

	if (r < 0) {
		snprintf(out, size, "no rule is broken");
		return;
	}
	rule = &m->rules[r];
	if (rule->kind == RULE_EATS)
		snprintf(out, size, "the %s %s left with the %s on the %s bank (%s)",
			 m->items[rule->a].name,
			 m->items[rule->a].is_kind ? "are" : "is",
			 m->items[rule->b].name, bank, rule->text);
	else if (rule->kind == RULE_OUTNUMBER && rule->n_a == 1 &&
		 rule->n_b == 1 && rule->bound == 0)
		snprintf(out, size, "the %s outnumber the %s on the %s bank (%s)",
			 m->items[rule->a].name, m->items[rule->b].name, bank,
			 rule->text);
	else
		snprintf(out, size, "on the %s bank, a rule is broken (%s)", bank,
			 rule->text);
}

void plan_describe_violation(const struct system *sys, state_t s, char *out,
			     size_t size)
{
	bool right;
	long r = system_violation(sys, s, &right);

	describe_rule(sys->model, r, right, out, size);
}


/* Check one crossing from a to b; false with a reason when illegal. */
static bool check_crossing(const struct system *sys, state_t a, state_t b,
			   struct plan_track *t, char *reason, size_t size)
{
	const struct model *m = sys->model;
	bool from_right = state_boat_right(sys, a);
	unsigned before[MODEL_MAX_ITEMS], after[MODEL_MAX_ITEMS];
	size_t i;

	if (state_boat_right(sys, b) == from_right) {
		t->crossing++;
		snprintf(reason, size, "the boat does not cross");
		return false;
	}
	for (i = 0; i < m->n_items; i++) {
		before[i] = state_count(sys, a, i, from_right);
		after[i] = state_count(sys, b, i, from_right);
	}
	if (!model_crossing_legal(m, before, after, t, reason, size))
		return false;
	if (system_successor(sys, a, b) != b) {
		snprintf(reason, size, "the state after the crossing does not "
			 "follow from the one before");
		return false;
	}
	return true;
}

bool plan_check_step(const struct system *sys, state_t a, state_t b,
		     struct plan_track *t, char *reason, size_t size)
{
	if (!check_crossing(sys, a, b, t, reason, size))
		return false;
	if (!system_safe(sys, b)) {
		plan_describe_violation(sys, b, reason, size);
		return false;
	}
	return true;
}

bool plan_check(const struct system *sys, const state_t *states, size_t n,
		struct plan_fault *fault)
{
	struct plan_track t;
	size_t i;

	if (n == 0 || states[0] != sys->start) {
		fault->step = 0;
		snprintf(fault->reason, sizeof fault->reason,
			 "the plan does not begin at the start");
		return false;
	}
	if (!system_safe(sys, states[0])) {
		fault->step = 0;
		plan_describe_violation(sys, states[0], fault->reason,
				   sizeof fault->reason);
		return false;
	}
	/* A search from a state a plan reached (a hint's) goes on from
	 * where that plan stands. */
	plan_track_at(sys, states[0], &t);
	for (i = 1; i < n; i++) {
		fault->step = i;
		if (!plan_check_step(sys, states[i - 1], states[i], &t,
				     fault->reason, sizeof fault->reason))
			return false;
	}
	if (!state_is_goal(sys, states[n - 1])) {
		fault->step = n - 1;
		snprintf(fault->reason, sizeof fault->reason,
			 "the plan ends before the goal is reached");
		return false;
	}
	return true;
}

/* ---- Wide plans ---------------------------------------------------------- */

/* Copies of each item on the right bank in a wide plan's row. */
static void row_right(const struct model *m, const unsigned char *row,
		      unsigned *right)
{
	size_t i;

	for (i = 0; i < m->n_items; i++)
		right[i] = row[i];
}

bool plan_row_is(const struct model *m, const unsigned char *row,
		   const struct placement *pl)
{
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (row[i] != pl->right[i])
			return false;
	return pl->boat < 0 || row[m->n_items] == pl->boat;
}

bool plan_check_row_step(const struct model *m, const unsigned char *a,
			 const unsigned char *b, struct plan_track *t,
			 char *reason, size_t size)
{
	unsigned before[MODEL_MAX_ITEMS], after[MODEL_MAX_ITEMS];
	bool from_right = a[m->n_items], right;
	size_t i;
	long r;

	if (b[m->n_items] == a[m->n_items]) {
		t->crossing++;
		snprintf(reason, size, "the boat does not cross");
		return false;
	}
	for (i = 0; i < m->n_items; i++) {
		before[i] = from_right ? a[i] : 1u - a[i];
		after[i] = from_right ? b[i] : 1u - b[i];
	}
	if (!model_crossing_legal(m, before, after, t, reason, size))
		return false;
	row_right(m, b, after);
	r = model_violation(m, after, &right);
	if (r >= 0) {
		describe_rule(m, r, right, reason, size);
		return false;
	}
	return true;
}

bool plan_check_rows(const struct model *m, const unsigned char *rows,
		     size_t n, struct plan_fault *fault)
{
	size_t row = m->n_items + 1, i;
	unsigned right[MODEL_MAX_ITEMS];
	struct plan_track t;
	bool on_right;
	long r;

	fault->step = 0;
	if (n == 0 || !plan_row_is(m, rows, &m->start)) {
		snprintf(fault->reason, sizeof fault->reason,
			 "the plan does not begin at the start");
		return false;
	}
	row_right(m, rows, right);
	r = model_violation(m, right, &on_right);
	if (r >= 0) {
		describe_rule(m, r, on_right, fault->reason,
			      sizeof fault->reason);
		return false;
	}
	plan_track_init(&t);
	for (i = 1; i < n; i++) {
		fault->step = i;
		if (!plan_check_row_step(m, rows + (i - 1) * row, rows + i * row,
					 &t, fault->reason,
					 sizeof fault->reason))
			return false;
	}
	if (!plan_row_is(m, rows + (n - 1) * row, &m->goal)) {
		fault->step = n - 1;
		snprintf(fault->reason, sizeof fault->reason,
			 "the plan ends before the goal is reached");
		return false;
	}
	return true;
}

unsigned long long plan_span_time(const river_plan *plan, size_t from,
				  size_t to)
{
	/* A wide puzzle's crossings take no time (orbit_fits). */
	if (plan->right || to <= from || to >= plan->n_states)
		return 0;
	if (plan->at) {
		const struct model *m = &plan->puzzle->model;
		unsigned load[MODEL_MAX_ITEMS + 1];
		unsigned long long total = 0;
		struct model boat = *m;
		size_t k, there;

		for (k = from + 1; k <= to; k++) {
			boat.boat_time = m->boats[plan_leg_boat(plan, k,
								&there)].time;
			plan_load(plan, k, load);
			total += model_trip_time(&boat, load);
		}
		return total;
	}
	return plan_time(&plan->puzzle->sys, plan->states + from, to - from + 1);
}

unsigned long long plan_time(const struct system *sys, const state_t *states,
			     size_t n)
{
	unsigned count[MODEL_MAX_ITEMS + 1];
	unsigned long long total = 0;
	size_t i;

	for (i = 1; i < n; i++) {
		system_load_of(sys, states[i - 1], states[i], count);
		total += system_trip_time(sys, count);
	}
	return total;
}

/* The system the search runs on: the one reduced by symmetry, unless
 * the puzzle has none or the options turn it off. */
static const struct system *search_system(const river_puzzle *puzzle,
					  const river_solve_options *opts)
{
	return puzzle->sym && !opts->no_symmetry ? &puzzle->sym->sys
						  : &puzzle->sys;
}

/* The tuples the search keeps one state per orbit of, or NULL: not from
 * a state of the puzzle's choosing (from, which need not be canonical),
 * nor where labelled states are kept: the plans listed (max_plans), the
 * least-time search, the layered search asked for by name. */
static const struct tuples *search_tuples(const river_puzzle *puzzle,
					  const river_solve_options *opts,
					  const state_t *from, bool counting)
{
	if (!puzzle->tuples || opts->no_symmetry || from ||
	    opts->max_plans || puzzle->model.minimize_time ||
	    (!counting && opts->method == RIVER_METHOD_LAYERS))
		return NULL;
	return puzzle->tuples;
}

/* The plans res holds, of the reduced system, made concrete: each
 * expanded into the labelled plans it stands for, up to max in all. */
static int lift_plans(const struct symmetry *sym, struct count_result *res,
		      size_t max)
{
	struct count_result old = *res;
	size_t i;
	int rc = RIVER_OK;

	if (max > res->count)
		max = (size_t)res->count;
	res->n_plans = 0;
	res->plans = calloc(max ? max : 1, sizeof *res->plans);
	res->plan_lens = calloc(max ? max : 1, sizeof *res->plan_lens);
	if (!res->plans || !res->plan_lens)
		rc = RIVER_ENOMEM;
	for (i = 0; rc == RIVER_OK && i < old.n_plans && res->n_plans < max; i++)
		rc = symmetry_expand(sym, old.plans[i], old.plan_lens[i],
				     max - res->n_plans, res->plans,
				     res->plan_lens, &res->n_plans);
	res->plan_len = res->n_plans ? res->plan_lens[0] : 0;
	count_result_release(&old);
	return rc;
}

/* The count of the optimal plans, and the first max of them as
 * alternatives (made concrete when search is reduced by symmetry),
 * each checked like the plan itself. */
static int add_count(river_plan *plan, const struct system *sys,
		     const struct system *search, struct count_result *res,
		     size_t max, river_diag *diag)
{
	struct plan_fault fault;
	size_t i;

	if (search != sys && res->n_plans > 0 &&
	    lift_plans(plan->puzzle->sym, res, max) != RIVER_OK)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	plan->counted = true;
	plan->count = res->count;
	if (res->n_plans > 0) {
		plan->alternatives = calloc(res->n_plans, sizeof *plan->alternatives);
		if (!plan->alternatives)
			return diag_set(diag, RIVER_ENOMEM, NULL, NULL,
					"out of memory");
	}
	for (i = 0; i < res->n_plans; i++) {
		river_plan *alt = &plan->alternatives[i];

		if (!plan_check(sys, res->plans[i], res->plan_lens[i], &fault))
			return diag_set(diag, RIVER_EINTERNAL, NULL, NULL,
					"internal error: an optimal plan failed "
					"the plan checker (step %zu: %s)",
					fault.step, fault.reason);
		*alt = *plan;
		alt->alternatives = NULL;
		alt->n_alternatives = 0;
		alt->states = res->plans[i];
		alt->n_states = res->plan_lens[i];
		res->plans[i] = NULL;
		plan->n_alternatives++;
	}
	return RIVER_OK;
}

/* The plan by the count (the least time, or when the plans are counted
 * too): the plan the queue search would find, or for the least time the
 * first of the cheapest. */
static int by_count(const struct system *sys, const struct tuples *tuples,
		    const river_solve_options *opts, const struct stop *stop,
		    struct bfs_result *res, struct count_result *cr,
		    river_diag *diag)
{
	int rc = count_search_tuples(sys, tuples, opts, stop, opts->max_plans,
				     cr, diag);

	memset(res, 0, sizeof *res);
	if (rc != RIVER_OK)
		return rc;
	res->solved = cr->solved;
	res->explored = cr->explored;
	res->in_all = cr->in_all;
	res->path = cr->path;
	res->path_len = cr->path_len;
	cr->path = NULL;
	return RIVER_OK;
}

/* The plan of the orbit search (solve/orbit.h), as a path of the
 * puzzle's own states. */
static int by_orbits(const river_puzzle *puzzle, const struct tuples *tuples,
		     const river_solve_options *opts, const struct stop *stop,
		     struct bfs_result *res, unsigned long long *count,
		     river_diag *diag)
{
	const struct model *m = &puzzle->model;
	struct orbit_plan op;
	unsigned *right = calloc(m->n_items + 1, sizeof *right);
	size_t k, i;
	int rc = right ? orbit_search(m, tuples, opts, stop, &op, diag)
		       : RIVER_ENOMEM;

	memset(res, 0, sizeof *res);
	if (rc != RIVER_OK)
		op.right = NULL;
	if (rc == RIVER_OK) {
		res->solved = op.solved;
		res->explored = op.explored;
		res->in_all = op.in_all;
		*count = op.count;
		res->path_len = op.n_states;
		res->path = malloc(op.n_states * sizeof *res->path);
		if (!res->path)
			rc = RIVER_ENOMEM;
	}
	for (k = 0; rc == RIVER_OK && k < op.n_states; k++) {
		const unsigned char *row = op.right + k * (m->n_items + 1);

		for (i = 0; i < m->n_items; i++)
			right[i] = row[i];
		res->path[k] = system_state_of(&puzzle->sys, right,
					       row[m->n_items]);
	}
	free(op.right);
	free(right);
	if (rc == RIVER_ENOMEM)
		diag_set(diag, rc, NULL, NULL, "out of memory");
	return rc;
}

/* The path res holds, of the reduced system, made concrete: the
 * lowest-numbered members of a class move. */
static int lift_path(const struct symmetry *sym, struct bfs_result *res,
		     river_diag *diag)
{
	state_t *path = NULL;
	size_t len = 0, n = 0;
	int rc = symmetry_expand(sym, res->path, res->path_len, 1, &path, &len,
				 &n);

	free(res->path);
	res->path = path;
	res->path_len = len;
	if (rc != RIVER_OK || n != 1) {
		free(path);
		res->path = NULL;
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	return RIVER_OK;
}

/* river_solve for a wide puzzle: the orbit search alone, for one plan of
 * the fewest crossings, checked on the model. */
static int solve_wide(river_plan **out, const river_puzzle *puzzle,
		      const state_t *from, const river_solve_options *opts,
		      river_diag *diag)
{
	struct timespec start = clock_now();
	struct orbit_plan op;
	struct plan_fault fault;
	struct stop stop;
	river_plan *plan;
	int rc;

	if (from)
		return puzzle_need_system(puzzle, "for a search from a given "
					  "state", diag);
	if (opts->max_plans)
		return puzzle_need_system(puzzle, "to keep its plans", diag);
	if (opts->no_symmetry)
		return puzzle_need_system(puzzle, "to search without symmetry",
					  diag);
	if (opts->method == RIVER_METHOD_LAYERS)
		return puzzle_need_system(puzzle, "for the layered search", diag);
	rc = stop_init(&stop, opts->cancel, opts->timeout, diag);
	if (rc == RIVER_OK)
		rc = orbit_search(&puzzle->model, puzzle->tuples, opts, &stop,
				  &op, diag);
	if (rc != RIVER_OK)
		return rc;
	if (op.solved && !plan_check_rows(&puzzle->model, op.right, op.n_states,
					  &fault)) {
		free(op.right);
		return diag_set(diag, RIVER_EINTERNAL, NULL, NULL,
				"internal error: the search returned an illegal "
				"plan (step %zu: %s)", fault.step, fault.reason);
	}
	plan = calloc(1, sizeof *plan);
	if (!plan) {
		free(op.right);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	plan->puzzle = puzzle;
	plan->engine = "bfs";
	plan->solved = op.solved;
	plan->explored = op.explored;
	plan->in_all = op.in_all;
	plan->right = op.right;
	plan->n_states = op.n_states;
	plan->counted = op.solved && opts->count;
	plan->count = plan->counted ? op.count : 0;
	plan->seconds = clock_since(start);
	*out = plan;
	return RIVER_OK;
}

/* ---- Plans of places ---------------------------------------------------- */

bool plan_check_places_step(const struct model *m, const unsigned *a,
			    const unsigned *b, struct plan_track *t,
			    char *reason, size_t size)
{
	unsigned before[MODEL_MAX_ITEMS + 1], after[MODEL_MAX_ITEMS + 1];
	size_t np = m->n_places, i, k, moved = m->n_boats;
	struct model boat;
	unsigned from = 0, to = 0, place;
	long r;

	for (k = 0; k < m->n_boats; k++)
		if (places_boat_at(m, a, k) != places_boat_at(m, b, k)) {
			if (moved != m->n_boats) {
				t->crossing++;
				snprintf(reason, size, "two boats move at once "
					 "(the %s and the %s)",
					 m->boats[moved].name, m->boats[k].name);
				return false;
			}
			moved = k;
		}
	if (moved == m->n_boats) {
		t->crossing++;
		snprintf(reason, size, "no boat crosses");
		return false;
	}
	from = places_boat_at(m, a, moved);
	to = places_boat_at(m, b, moved);
	if (!((m->boats[moved].routes[from] >> to) & 1)) {
		t->crossing++;
		snprintf(reason, size, "the %s does not go between the %s and "
			 "the %s", m->n_boats > 1 ? m->boats[moved].name : "boat",
			 m->place_names[from], m->place_names[to]);
		return false;
	}
	for (i = 0; i < m->n_items; i++) {
		for (k = 0; k < np; k++)
			if (k != from && k != to && a[i * np + k] != b[i * np + k]) {
				t->crossing++;
				snprintf(reason, size, "the %s moves without the "
					 "boat", m->items[i].name);
				return false;
			}
		before[i] = a[i * np + from];
		after[i] = b[i * np + from];
		if (before[i] + a[i * np + to] != after[i] + b[i * np + to]) {
			t->crossing++;
			snprintf(reason, size, "the %s moves without the boat",
				 m->items[i].name);
			return false;
		}
	}
	boat = *m;
	boat.seats = m->boats[moved].seats;
	boat.boat_time = m->boats[moved].time;
	if (!model_crossing_legal(&boat, before, after, t, reason, size))
		return false;
	r = places_violation(m, b, &place);
	if (r >= 0) {
		snprintf(reason, size, "at the %s, a rule is broken (%s)",
			 m->place_names[place], m->rules[r].text);
		return false;
	}
	return true;
}

bool plan_check_places(const struct model *m, const unsigned *rows,
		       size_t n, struct plan_fault *fault)
{
	size_t w = places_row_width(m), i;
	unsigned *start = malloc(w * sizeof *start);
	struct plan_track t;
	bool ok;

	fault->step = 0;
	if (!start) {
		snprintf(fault->reason, sizeof fault->reason, "out of memory");
		return false;
	}
	places_row_of(m, &m->start, start);
	ok = n > 0 && memcmp(rows, start, w * sizeof *start) == 0;
	free(start);
	if (!ok) {
		snprintf(fault->reason, sizeof fault->reason,
			 "the plan does not begin at the start");
		return false;
	}
	plan_track_init(&t);
	for (i = 1; i < n; i++) {
		fault->step = i;
		if (!plan_check_places_step(m, rows + (i - 1) * w, rows + i * w,
					    &t, fault->reason,
					    sizeof fault->reason))
			return false;
	}
	if (!places_row_is_goal(m, rows + (n - 1) * w)) {
		fault->step = n - 1;
		snprintf(fault->reason, sizeof fault->reason,
			 "the plan ends before the goal is reached");
		return false;
	}
	return true;
}

/* river_solve for a puzzle of places: the place search, its plan
 * checked on the model. */
static int solve_places(river_plan **out, const river_puzzle *puzzle,
			const state_t *from, const river_solve_options *opts,
			river_diag *diag)
{
	struct timespec start = clock_now();
	struct places_plan pp;
	struct plan_fault fault;
	struct stop stop;
	river_plan *plan;
	int rc;

	if (from)
		return puzzle_need_system(puzzle, "for a search from a given "
					  "state", diag);
	if (opts->max_plans)
		return puzzle_need_system(puzzle, "to keep its plans", diag);
	if (opts->method == RIVER_METHOD_LAYERS)
		return puzzle_need_system(puzzle, "for the layered search", diag);
	rc = stop_init(&stop, opts->cancel, opts->timeout, diag);
	if (rc == RIVER_OK)
		rc = places_search(&puzzle->model, puzzle->tuples, opts, &stop,
				   &pp, diag);
	if (rc != RIVER_OK)
		return rc;
	if (pp.solved && !plan_check_places(&puzzle->model, pp.rows,
					    pp.n_states, &fault)) {
		places_plan_release(&pp);
		return diag_set(diag, RIVER_EINTERNAL, NULL, NULL,
				"internal error: the search returned an illegal "
				"plan (step %zu: %s)", fault.step, fault.reason);
	}
	plan = calloc(1, sizeof *plan);
	if (!plan) {
		places_plan_release(&pp);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	plan->puzzle = puzzle;
	plan->engine = "bfs";
	plan->solved = pp.solved;
	plan->explored = pp.explored;
	plan->in_all = pp.solved ? pp.explored : pp.in_all;
	plan->at = pp.rows;
	plan->n_states = pp.n_states;
	plan->counted = pp.counted;
	plan->count = pp.count;
	plan->seconds = clock_since(start);
	*out = plan;
	return RIVER_OK;
}

/* river_solve, from the state *from of the puzzle's system when from
 * is not NULL: then the search runs on the puzzle as written, since a
 * state reached by labelled crossings need not be the canonical one a
 * reduced plan lifts from. */
int plan_solve_from(river_plan **out, const river_puzzle *puzzle,
		    const state_t *from, unsigned long long elapsed,
		    const river_solve_options *opts, river_diag *diag)
{
	river_solve_options defaults;
	struct system moved;
	struct model left;
	const struct system *sys;
	struct timespec start;
	struct stop stop;
	struct bfs_result res;
	struct count_result cr;
	struct plan_fault fault;
	const struct system *search;
	const struct tuples *tuples;
	unsigned long long orbit_count = 0;
	river_plan *plan;
	bool counting, orbits;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !puzzle)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	if (!opts) {
		river_solve_options_init(&defaults);
		opts = &defaults;
	}
	if (opts->method < RIVER_METHOD_AUTO ||
	    opts->method > RIVER_METHOD_LAYERS ||
	    opts->threads > RIVER_MAX_THREADS)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument: the search method must be "
				"auto, queue or layers, and threads at most %d",
				RIVER_MAX_THREADS);
	if (puzzle->wide)
		return solve_wide(out, puzzle, from, opts, diag);
	if (puzzle->places)
		return solve_places(out, puzzle, from, opts, diag);
	rc = stop_init(&stop, opts->cancel, opts->timeout, diag);
	if (rc != RIVER_OK)
		return rc;
	plan = calloc(1, sizeof *plan);
	if (!plan)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	start = clock_now();
	sys = &puzzle->sys;
	search = search_system(puzzle, opts);
	if (from) {
		moved = puzzle->sys;
		moved.start = *from;
		/* The least-time search counts time from its start, and its
		 * states do not hold the time spent: the limit left is the
		 * limit less the time already taken. */
		if (puzzle->model.has_time_limit && puzzle->model.minimize_time) {
			left = puzzle->model;
			left.time_limit = elapsed < left.time_limit
						  ? left.time_limit - elapsed : 0;
			moved.model = &left;
		}
		sys = search = &moved;
	}
	/* Counting finds the plan too: one search, not two. */
	counting = opts->count || opts->max_plans;
	tuples = search_tuples(puzzle, opts, from, counting);
	memset(&cr, 0, sizeof cr);
	/* The orbits count too, but keep no list of plans. */
	orbits = tuples && !opts->max_plans && !puzzle->model.minimize_time &&
		 orbit_fits(&puzzle->model, tuples);
	if (orbits) {
		rc = by_orbits(puzzle, tuples, opts, &stop, &res, &orbit_count,
			       diag);
		tuples = NULL; /* its plan is labelled */
	} else if (counting || puzzle->model.minimize_time)
		rc = by_count(search, tuples, opts, &stop, &res, &cr, diag);
	else
		rc = bfs_search_tuples(search, tuples, opts, &stop, &res, diag);
	if (rc == RIVER_OK && search != sys)
		rc = lift_path(puzzle->sym, &res, diag);
	/* A path of canonical states made a labelled plan. */
	if (rc == RIVER_OK && tuples &&
	    (rc = tuples_lift(tuples, res.path, res.path_len)) != RIVER_OK) {
		free(res.path);
		rc = rc == RIVER_ENOMEM
		     ? diag_set(diag, rc, NULL, NULL, "out of memory")
		     : diag_set(diag, rc, NULL, NULL, "internal error: a plan "
				"of tuples did not lift to a labelled plan");
	}
	if (rc != RIVER_OK) {
		count_result_release(&cr);
		free(plan);
		return rc;
	}
	/* A plan the search returns must pass the independent checker. */
	if (res.solved && !plan_check(sys, res.path, res.path_len, &fault)) {
		count_result_release(&cr);
		free(res.path);
		free(plan);
		return diag_set(diag, RIVER_EINTERNAL, NULL, NULL,
				"internal error: the search returned an illegal "
				"plan (step %zu: %s)", fault.step, fault.reason);
	}
	plan->puzzle = puzzle;
	plan->engine = "bfs";
	plan->seconds = clock_since(start);
	plan->solved = res.solved;
	plan->explored = res.explored;
	plan->in_all = res.in_all;
	plan->states = res.path;
	plan->n_states = res.path_len;
	if (res.solved && counting && orbits) {
		plan->counted = true;
		plan->count = orbit_count;
	} else if (res.solved && counting)
		rc = add_count(plan, sys, search, &cr, opts->max_plans, diag);
	count_result_release(&cr);
	if (rc != RIVER_OK) {
		river_plan_free(plan);
		return rc;
	}
	*out = plan;
	return RIVER_OK;
}

int river_solve(river_plan **out, const river_puzzle *puzzle,
		const river_solve_options *opts, river_diag *diag)
{
	return plan_solve_from(out, puzzle, NULL, 0, opts, diag);
}

void river_plan_free(river_plan *plan)
{
	size_t i;

	if (!plan)
		return;
	for (i = 0; i < plan->n_alternatives; i++)
		free(plan->alternatives[i].states);
	free(plan->alternatives);
	free(plan->states);
	free(plan->right);
	free(plan->at);
	free(plan);
}

unsigned long long river_plan_count(const river_plan *plan)
{
	return plan && plan->counted ? plan->count : 0;
}

size_t river_plan_alternatives(const river_plan *plan)
{
	return plan ? plan->n_alternatives : 0;
}

const river_plan *river_plan_alternative(const river_plan *plan, size_t k)
{
	return plan && k < plan->n_alternatives ? &plan->alternatives[k] : NULL;
}


const char *river_plan_engine(const river_plan *plan)
{
	return plan ? plan->engine : NULL;
}

double river_plan_seconds(const river_plan *plan)
{
	return plan ? plan->seconds : 0.0;
}

unsigned river_plan_horizon(const river_plan *plan)
{
	return plan ? plan->horizon : 0;
}

int river_plan_solved(const river_plan *plan)
{
	return plan && plan->solved;
}

unsigned long long river_plan_states_explored(const river_plan *plan)
{
	return plan ? plan->explored : 0;
}

unsigned long long river_plan_states_in_all(const river_plan *plan)
{
	return plan ? plan->in_all : 0;
}

unsigned long long river_plan_time(const river_plan *plan)
{
	if (!plan || !plan_has_steps(plan))
		return 0;
	return plan_span_time(plan, 0, plan->n_states - 1);
}

size_t river_plan_crossings(const river_plan *plan)
{
	return plan && plan_has_steps(plan) ? plan->n_states - 1 : 0;
}

/* State k of a wide puzzle's plan. */
static const unsigned char *plan_row(const river_plan *plan, size_t k)
{
	return plan->right + k * (plan->puzzle->model.n_items + 1);
}

/* State k of a puzzle of places' plan. */
static const unsigned *plan_at_row(const river_plan *plan, size_t k)
{
	return plan->at + k * places_row_width(&plan->puzzle->model);
}

river_bank river_plan_boat_bank(const river_plan *plan, size_t state)
{
	if (!plan || state >= plan->n_states)
		return RIVER_LEFT;
	if (plan->at)
		return places_boat_at(&plan->puzzle->model,
				      plan_at_row(plan, state), 0)
		       ? RIVER_RIGHT : RIVER_LEFT;
	if (plan->right)
		return plan_row(plan, state)[plan->puzzle->model.n_items]
		       ? RIVER_RIGHT : RIVER_LEFT;
	return state_boat_right(&plan->puzzle->sys, plan->states[state])
		       ? RIVER_RIGHT : RIVER_LEFT;
}

unsigned river_plan_item_on(const river_plan *plan, size_t state,
			    size_t item, river_bank bank)
{
	if (!plan || state >= plan->n_states ||
	    item >= plan->puzzle->model.n_items ||
	    (bank != RIVER_LEFT && bank != RIVER_RIGHT))
		return 0;
	if (plan->right)
		return plan_row(plan, state)[item] == (bank == RIVER_RIGHT);
	if (plan->at)
		return river_plan_item_at(plan, state, item,
					  bank == RIVER_LEFT ? 0
					  : plan->puzzle->model.n_places - 1);
	return state_count(&plan->puzzle->sys, plan->states[state], item,
			   bank == RIVER_RIGHT);
}

unsigned river_plan_item_moved(const river_plan *plan, size_t crossing,
			       size_t item)
{
	unsigned before, after;

	if (!plan || crossing == 0 || crossing >= plan->n_states ||
	    item >= plan->puzzle->model.n_items)
		return 0;
	if (plan->right)
		return plan_row(plan, crossing - 1)[item] !=
		       plan_row(plan, crossing)[item];
	if (plan->at) {
		const struct model *m = &plan->puzzle->model;
		const unsigned *a = plan_at_row(plan, crossing - 1) +
				    item * m->n_places;
		const unsigned *b = plan_at_row(plan, crossing) +
				    item * m->n_places;
		unsigned moved = 0;
		size_t p;

		for (p = 0; p < m->n_places; p++)
			moved += b[p] > a[p] ? b[p] - a[p] : 0;
		return moved;
	}
	before = state_count(&plan->puzzle->sys, plan->states[crossing - 1],
			     item, true);
	after = state_count(&plan->puzzle->sys, plan->states[crossing], item,
			    true);
	return before > after ? before - after : after - before;
}

size_t plan_leg_boat(const river_plan *plan, size_t crossing, size_t *to)
{
	const struct model *m = &plan->puzzle->model;
	size_t b;

	for (b = 0; b < m->n_boats; b++)
		if (river_plan_boat_at(plan, crossing - 1, b) !=
		    river_plan_boat_at(plan, crossing, b))
			break;
	if (b == m->n_boats)
		b = 0;
	*to = river_plan_boat_at(plan, crossing, b);
	return b;
}

unsigned river_plan_item_at(const river_plan *plan, size_t state,
			    size_t item, size_t place)
{
	const struct model *m;

	if (!plan || state >= plan->n_states)
		return 0;
	m = &plan->puzzle->model;
	if (item >= m->n_items || place >= m->n_places)
		return 0;
	if (plan->at)
		return plan_at_row(plan, state)[item * m->n_places + place];
	return river_plan_item_on(plan, state, item,
				  place ? RIVER_RIGHT : RIVER_LEFT);
}

size_t river_plan_boat_at(const river_plan *plan, size_t state, size_t boat)
{
	const struct model *m;

	if (!plan || state >= plan->n_states)
		return 0;
	m = &plan->puzzle->model;
	if (boat >= m->n_boats)
		return 0;
	if (plan->at)
		return places_boat_at(m, plan_at_row(plan, state), boat);
	return river_plan_boat_bank(plan, state) == RIVER_RIGHT;
}

int river_plan_render(char **out, const river_plan *plan, river_format format)
{
	if (out)
		*out = NULL;
	if (!out || !plan)
		return RIVER_EINVAL;
	switch (format) {
	case RIVER_FORMAT_TEXT:
		return plan_render_text(out, plan);
	case RIVER_FORMAT_JSON:
		return plan_render_json(out, plan);
	case RIVER_FORMAT_SVG:
		return plan_render_svg(out, plan, NULL);
	default:
		return RIVER_EINVAL;
	}
}
