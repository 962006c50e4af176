#define _POSIX_C_SOURCE 200809L

/* Plans: the checker of a plan's crossings (on two banks, on wide
 * rows, among places), the accessors of river.h, and the choice of
 * renderer.  Searches make plans (search/search.h); this file reads
 * them. */
#include "plan/plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/places.h"

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
		struct model leg;
		size_t k, there, b;

		for (k = from + 1; k <= to; k++) {
			b = plan_leg_boat(plan, k, &there);
			model_of_leg(m, b, river_plan_boat_at(plan, k - 1, b),
				     (unsigned)there, &leg);
			plan_load(plan, k, load);
			total += model_trip_time(&leg, load);
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

/* ---- Plans of places ---------------------------------------------------- */

void plan_describe_places_violation(const struct model *m, const unsigned *row,
				    char *out, size_t size)
{
	unsigned place = 0;
	long r = places_violation(m, row, &place);

	if (r < 0)
		snprintf(out, size, "no rule is broken");
	else
		snprintf(out, size, "at the %s, a rule is broken (%s)",
			 m->place_names[place], m->rules[r].text);
}

bool plan_check_places_step(const struct model *m, const unsigned *a,
			    const unsigned *b, struct plan_track *t,
			    char *reason, size_t size)
{
	unsigned before[MODEL_MAX_ITEMS + 1], after[MODEL_MAX_ITEMS + 1];
	size_t np = m->n_places, i, k, moved = m->n_boats;
	struct model boat;
	unsigned from = 0, to = 0, place;

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
	model_of_leg(m, moved, from, to, &boat);
	if (!model_crossing_legal(&boat, before, after, t, reason, size))
		return false;
	if (places_violation(m, b, &place) >= 0) {
		plan_describe_places_violation(m, b, reason, size);
		return false;
	}
	return true;
}

bool plan_check_places(const struct model *m, const unsigned *rows,
		       size_t n, const struct plan_track *from,
		       struct plan_fault *fault)
{
	size_t w = places_row_width(m), i;
	struct plan_track t;
	bool ok = n > 0;

	fault->step = 0;
	if (ok && !from) {
		ok = memcmp(rows, m->start.at,
			    m->n_items * m->n_places * sizeof *rows) == 0;
		for (i = 0; ok && i < m->n_boats; i++)
			ok = (int)places_boat_at(m, rows, i) ==
			     m->start.boats[i];
	}
	if (!ok) {
		snprintf(fault->reason, sizeof fault->reason,
			 "the plan does not begin at the start");
		return false;
	}
	if (from)
		t = *from;
	else
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

river_plan *plan_new(const river_puzzle *puzzle, const char *engine)
{
	river_plan *plan = calloc(1, sizeof *plan);

	if (plan) {
		plan->puzzle = puzzle;
		plan->engine = engine;
	}
	return plan;
}

void river_plan_free(river_plan *plan)
{
	size_t i;

	if (!plan)
		return;
	for (i = 0; i < plan->n_alternatives; i++) {
		free(plan->alternatives[i].states);
		free(plan->alternatives[i].at);
	}
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
