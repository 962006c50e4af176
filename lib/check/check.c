#define _POSIX_C_SOURCE 200809L

/* The plan checker: a plan's crossings judged from first principles, on
 * two banks (states of the packed system) and among places (each leg
 * by the model of its boat; a wide puzzle's two banks are places too),
 * with the words that say why a plan is not a solution. */
#include "check/check.h"

#include <stdio.h>
#include <string.h>

#include "search/places.h"

/* Rule r broken on the bank right (true) or left, in words; r < 0: none. */
/* Why rule r is broken where it is ("on the left bank", "at the
 * island"). */
static void describe_rule(const struct model *m, long r, const char *where,
			  char *out, size_t size)
{
	const struct rule *rule;

	if (r < 0) {
		snprintf(out, size, "no rule is broken");
		return;
	}
	rule = &m->rules[r];
	if (rule->kind == RULE_EATS)
		snprintf(out, size, "the %s %s left with the %s %s (%s)",
			 m->items[rule->a].name,
			 m->items[rule->a].is_kind ? "are" : "is",
			 m->items[rule->b].name, where, rule->text);
	else if (rule->kind == RULE_OUTNUMBER && rule->n_a == 1 &&
		 rule->n_b == 1 && rule->bound == 0)
		snprintf(out, size, "the %s outnumber the %s %s (%s)",
			 m->items[rule->a].name, m->items[rule->b].name, where,
			 rule->text);
	else
		snprintf(out, size, "%s, a rule is broken (%s)", where,
			 rule->text);
}

void plan_describe_violation(const struct system *sys, state_t s, char *out,
			     size_t size)
{
	bool right;
	long r = system_violation(sys, s, &right);

	describe_rule(sys->model, r, right ? "on the right bank"
					   : "on the left bank", out, size);
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
	char where[160];

	/* A wide puzzle's places are its banks. */
	snprintf(where, sizeof where, "%s the %s",
		 model_has_places(m) ? "at" : "on", m->place_names[place]);
	describe_rule(m, r, where, out, size);
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
