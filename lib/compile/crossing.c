/* The meaning of a crossing: who boards, the seats, the rowers and the
 * boat's limits, read on the model.  The plan checker and the checking
 * mode's plain successors (system/audit.c) both ask it. */
#include "compile/model.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void plan_track_init(struct plan_track *t)
{
	memset(t, 0, sizeof *t);
}

/* The reason a crossing is illegal, when one is asked for (size not 0):
 * the checking mode judges every load of every state, and wants only
 * the verdict. */
static void say(char *reason, size_t size, const char *format, ...)
	__attribute__((format(printf, 3, 4)));

static void say(char *reason, size_t size, const char *format, ...)
{
	va_list ap;

	if (!size)
		return;
	va_start(ap, format);
	vsnprintf(reason, size, format, ap);
	va_end(ap);
}

static bool rows_now(const struct item *it, size_t crossing,
		     unsigned passengers)
{
	if (!it->rows || (it->rows_alone && passengers != 1))
		return false;
	return !it->row_every ||
	       ((it->row_on >> ((crossing - 1) % it->row_every)) & 1);
}

static bool load_listed(const struct model *m, const unsigned *count)
{
	size_t l;

	for (l = 0; l < m->n_loads; l++)
		if (memcmp(m->loads[l].count, count,
			   m->n_items * sizeof *count) == 0)
			return true;
	return false;
}

/* What the boat's own limits say of a load: its weight, the loads it
 * may carry, its margin, the time; t follows the plan. */
static bool check_boat(const struct model *m, const unsigned *count,
		       struct plan_track *t, char *reason, size_t size)
{
	unsigned long long w = model_load_weight(m, count);
	long r;

	if (m->load_limit && w > m->load_limit) {
		say(reason, size, "the load weighs %llu, and the boat "
		    "carries at most %llu", w, m->load_limit);
		return false;
	}
	if (m->loads && !load_listed(m, count)) {
		say(reason, size, "the boat does not carry that load "
		    "(it carries only the loads its boat line lists)");
		return false;
	}
	r = model_boat_violation(m, count);
	if (r >= 0) {
		say(reason, size, "in the boat, a rule is broken (%s)",
		    m->rules[r].text);
		return false;
	}
	if (m->has_margin && t->crossing > 1) {
		unsigned long long d = w > t->prev_weight ? w - t->prev_weight
							  : t->prev_weight - w;

		if (d > m->margin) {
			say(reason, size, "the load weighs %llu, %llu from "
			    "the last crossing's %llu, and the margin is %llu",
			    w, d, t->prev_weight, m->margin);
			return false;
		}
	}
	t->prev_weight = w;
	t->time += model_trip_time(m, count);
	if (m->has_time_limit && t->time > m->time_limit) {
		say(reason, size, "the time so far, %llu, is over the limit "
		    "of %llu", t->time, m->time_limit);
		return false;
	}
	return true;
}

bool model_crossing_legal(const struct model *m, const unsigned *before,
		       const unsigned *after,
		       struct plan_track *t, char *reason, size_t size)
{
	unsigned passengers = 0, count[MODEL_MAX_ITEMS + 1];
	bool rower = false, can_row = false;
	size_t i;

	t->crossing++;
	for (i = 0; i < m->n_items; i++) {
		if (after[i] > before[i]) {
			say(reason, size,
			    "the %s cannot cross against the boat",
			    m->items[i].name);
			return false;
		}
		count[i] = before[i] - after[i];
		passengers += count[i];
	}
	for (i = 0; i < m->n_items; i++) {
		if (count[i] && m->items[i].rows)
			rower = true;
		if (count[i] && rows_now(&m->items[i], t->crossing, passengers))
			can_row = true;
	}
	if (passengers > m->seats) {
		say(reason, size, "%u passengers, but the boat has %u seat%s",
		    passengers, m->seats, m->seats == 1 ? "" : "s");
		return false;
	}
	if (!rower) {
		say(reason, size, "nobody in the boat can row");
		return false;
	}
	if (!can_row) {
		say(reason, size, "nobody in the boat may row on crossing "
		    "%zu (see the 'rows only' lines)", t->crossing);
		return false;
	}
	return check_boat(m, count, t, reason, size);
}
