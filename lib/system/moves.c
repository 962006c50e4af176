/* Which loads can cross.  Only legal loads are generated: a depth-first
 * walk over the items on the boat's bank, taking each (or some copies
 * of each kind) while seats remain, and cutting every branch that can
 * no longer take a rower. */
#include <stdlib.h>

#include "system/system.h"
#include "system/symmetry.h"

/* One thing that can board: an individual, or a kind with copies here. */
struct candidate {
	uint64_t unit;      /* added to the delta per copy taken */
	unsigned available; /* copies on the boat's bank */
	bool rows;
};

struct walk {
	const struct system *sys;
	state_t from;
	const struct candidate *cand;
	const bool *rower_after; /* rower_after[i]: a rower among cand[i..] */
	size_t n;
	struct loads *out;
	int status;
};

void loads_init(struct loads *loads)
{
	loads->delta = NULL;
	loads->n = 0;
	loads->cap = 0;
}

void loads_release(struct loads *loads)
{
	free(loads->delta);
	loads_init(loads);
}

/* Decode a load's delta (without fields) into per-item counts. */
static unsigned decode(const struct system *sys, uint64_t delta,
		       unsigned *count)
{
	unsigned k, n = 0;

	for (k = 0; k < sys->n_ind; k++)
		n += count[sys->ind_item[k]] = (unsigned)((delta >> k) & 1);
	for (k = 0; k < sys->n_kinds; k++)
		n += count[sys->kind_item[k]] =
			(unsigned)((delta >> sys->kinds[k].shift) &
				   sys->kinds[k].mask);
	return n;
}

/* Can one in this load row it on this crossing? */
static bool rowed(const struct system *sys, state_t from,
		  const unsigned *count, unsigned passengers)
{
	const struct model *m = sys->model;
	unsigned phase = sys->phase >= 0
		? (unsigned)field_get(&sys->fields[sys->phase], from) : 0;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		const struct item *it = &m->items[i];

		if (!count[i] || !it->rows)
			continue;
		if (it->rows_alone && passengers != 1)
			continue;
		if (it->row_every && !((it->row_on >> (phase % it->row_every)) & 1))
			continue;
		return true;
	}
	return false;
}

bool system_load_legal(const struct system *sys, state_t from, uint64_t items)
{
	const struct model *m = sys->model;
	unsigned count[MODEL_MAX_ITEMS + 1];
	unsigned passengers = decode(sys, items, count);

	if (sys->allowed && !bsearch(&items, sys->allowed, sys->n_allowed,
				     sizeof *sys->allowed, system_cmp_delta))
		return false;
	if (m->load_limit && system_load_weight(sys, count) > m->load_limit)
		return false;
	if (!rowed(sys, from, count, passengers))
		return false;
	if (sys->boat_rules && system_boat_violation(sys, count) >= 0)
		return false;
	if (sys->prev >= 0 && m->has_margin) {
		uint64_t prev = field_get(&sys->fields[sys->prev], from);
		unsigned long long w = system_load_weight(sys, count);

		if (prev && (w + 1 > prev ? w + 1 - prev : prev - w - 1) > m->margin)
			return false;
	}
	return sys->elapsed < 0 ||
	       field_get(&sys->fields[sys->elapsed], from) +
	       system_trip_time(sys, count) <= m->time_limit;
}

/* A load (delta without boat and fields) leaving from, checked beyond
 * seats and rowers (by the concrete system when sys is reduced by
 * symmetry); *delta gains the fields' change. */
static bool load_ok(const struct system *sys, state_t from, uint64_t *delta)
{
	uint64_t items = *delta & ~sys->boat;
	state_t to, next;

	if (sys->sym ? !symmetry_load_legal(sys->sym, from, items)
		     : !system_load_legal(sys, from, items))
		return false;
	if (sys->n_fields) {
		to = state_cross(sys, from, *delta);
		next = system_successor(sys, from, to);
		/* state_cross subtracts from the right bank. */
		*delta = state_boat_right(sys, from) ? from - next : next - from;
	}
	return true;
}

static void emit(struct walk *w, uint64_t delta)
{
	struct loads *out = w->out;

	if (!w->sys->plain_loads && !load_ok(w->sys, w->from, &delta))
		return;
	if (out->n == SYSTEM_MAX_LOADS) {
		w->status = RIVER_ETOOBIG;
		return;
	}
	if (out->n == out->cap) {
		size_t cap = out->cap ? out->cap * 2 : 64;
		uint64_t *d = realloc(out->delta, cap * sizeof *d);

		if (!d) {
			w->status = RIVER_ENOMEM;
			return;
		}
		out->delta = d;
		out->cap = cap;
	}
	out->delta[out->n++] = delta;
}

static void walk(struct walk *w, size_t i, unsigned seats, uint64_t delta,
		 bool rower)
{
	const struct candidate *c;
	unsigned m, most;

	if (w->status != RIVER_OK)
		return;
	if (i == w->n || seats == 0) {
		if (rower)
			emit(w, delta);
		return;
	}
	if (!rower && !w->rower_after[i])
		return;
	c = &w->cand[i];
	walk(w, i + 1, seats, delta, rower);
	most = c->available < seats ? c->available : seats;
	for (m = 1; m <= most; m++)
		walk(w, i + 1, seats - m, delta + m * c->unit, rower || c->rows);
}

int system_loads(const struct system *sys, state_t s, struct loads *out)
{
	struct candidate cand[SYSTEM_MAX_BITS];
	bool rower_after[SYSTEM_MAX_BITS + 1];
	bool right = state_boat_right(sys, s);
	uint64_t here = (right ? s : ~s) & sys->ind_mask;
	struct walk w = {sys, s, cand, rower_after, 0, out, RIVER_OK};
	unsigned k;
	size_t i;

	out->n = 0;
	while (here) {
		uint64_t bit = here & -here;

		cand[w.n].unit = bit;
		cand[w.n].available = 1;
		cand[w.n].rows = (sys->rower_ind & bit) != 0;
		w.n++;
		here &= here - 1;
	}
	for (k = 0; k < sys->n_kinds; k++) {
		unsigned on_right = state_kind_right(sys, s, k);
		unsigned avail = right ? on_right : sys->kinds[k].copies - on_right;

		if (avail == 0)
			continue;
		cand[w.n].unit = UINT64_C(1) << sys->kinds[k].shift;
		cand[w.n].available = avail;
		cand[w.n].rows = sys->kinds[k].rows;
		w.n++;
	}
	rower_after[w.n] = false;
	for (i = w.n; i-- > 0;)
		rower_after[i] = rower_after[i + 1] || cand[i].rows;
	walk(&w, 0, sys->seats, sys->boat, false);
	return w.status;
}
