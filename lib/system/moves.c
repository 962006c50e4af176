/* Which loads can cross.  Only legal loads are generated: a walk over
 * the items on the boat's bank, in their order, taking each (or some
 * copies of each kind) while seats remain, and cutting every branch
 * that can no longer take a rower.  For a search, it also cuts every
 * branch whose partial load already leaves the bank unsafe whatever is
 * added: taking more only removes items from the bank, so a group of
 * eats rules whose needed items are decided and stay, one of whose
 * eaten stays, and whose guards are all decided and gone stays broken. */
#include <stdlib.h>

#include "system/system.h"
#include "system/audit.h"
#include "system/symmetry.h"
#include "util/grow.h"

/* One thing that can board: an individual, or a kind with copies here. */
struct candidate {
	uint64_t unit;      /* added to the delta per copy taken */
	unsigned available; /* copies on the boat's bank */
	unsigned bit;       /* its presence bit */
	bool rows;
};

/* The walk's place at one candidate: what the load holds before it is
 * decided, and how many of it are taken now. */
struct step {
	uint64_t delta;
	uint64_t stay; /* presence bits decided and staying on the bank */
	uint64_t gone; /* presence bits decided and not on the bank */
	unsigned seats, take;
	bool rower;
};

struct walk {
	const struct system *sys;
	state_t from;
	struct candidate cand[SYSTEM_MAX_BITS];
	bool rower_after[SYSTEM_MAX_BITS + 1]; /* a rower among cand[i..] */
	uint64_t bits_after[SYSTEM_MAX_BITS + 1]; /* presence of cand[i..] */
	/* A group among cand[i..] alone is broken when they all stay. */
	bool bad_after[SYSTEM_MAX_BITS + 1];
	unsigned count[SYSTEM_MAX_BITS]; /* per kind, copies on the bank */
	size_t n;
	bool cut;
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

int loads_push(struct loads *loads, uint64_t delta)
{
	if (loads->n == loads->cap &&
	    array_grow(&loads->delta, &loads->cap, loads->n + 1,
		       sizeof *loads->delta) != RIVER_OK)
		return RIVER_ENOMEM;
	loads->delta[loads->n++] = delta;
	return RIVER_OK;
}

static void emit(struct walk *w, uint64_t delta)
{
	if (!w->sys->plain_loads && !load_ok(w->sys, w->from, &delta))
		return;
	if (w->out->n == SYSTEM_MAX_LOADS)
		w->status = RIVER_ETOOBIG;
	else
		w->status = loads_push(w->out, delta);
}

/* Is the bank certainly unsafe once the candidate after prev (the bit
 * before it, or -1) and at bit is decided?  The groups whose items are
 * now all decided are checked exactly; some others may already be
 * certainly broken. */
static bool cut_here(const struct system *sys, int prev, unsigned bit,
		     uint64_t stay, uint64_t gone)
{
	uint32_t i;

	for (i = sys->group_below[prev + 1]; i < sys->group_below[bit + 1]; i++)
		if (group_broken(&sys->groups[i], stay))
			return true;
	for (i = sys->cut_at[bit]; i < sys->cut_at[bit + 1]; i++) {
		const struct sys_group *g = &sys->groups[sys->cut_list[i]];

		if ((stay & g->need) == g->need && (stay & g->any) &&
		    !(g->guard & ~gone))
			return true;
	}
	return false;
}

/* A load is complete at step i: the candidates from i on stay. */
static void leaf(struct walk *w, const struct step *st, size_t i)
{
	const struct system *sys = w->sys;
	unsigned count[SYSTEM_MAX_BITS];
	uint64_t present = st[i].stay | w->bits_after[i];
	uint32_t g;
	size_t j;

	if (!st[i].rower)
		return;
	if (w->cut) {
		/* The groups whose items are all at or below the last
		 * decided candidate were checked on the way, those whose
		 * items are all above it are bad_after[i]: those across it
		 * are left.  (A group whose highest item is on the other
		 * bank, between that candidate and cand[i], is one of them:
		 * it is across p, or all above it.) */
		unsigned p = i ? w->cand[i - 1].bit + 1 : 0;

		if (w->bad_after[i])
			return;
		g = sys->straddle_at[p];
		for (; !(present & sys->common_guard) &&
		       g < sys->straddle_at[p + 1]; g++)
			if (group_broken(&sys->groups[sys->straddle[g]], present))
				return;
		if (sys->counted_kinds) {
			for (j = 0; j < sys->n_kinds; j++)
				count[j] = w->count[j];
			for (j = 0; j < i; j++)
				if (w->cand[j].bit >= sys->n_ind)
					count[w->cand[j].bit - sys->n_ind] -=
						st[j].take;
		}
		if (sys->n_counted && !system_counted_ok(sys, present, count))
			return;
	}
	emit(w, st[i].delta);
}

/* Depth first, without recursion: at each candidate, first leave it,
 * then take 1, 2, ... copies, the order the plans' ties follow. */
static void walk(struct walk *w)
{
	const struct system *sys = w->sys;
	struct step st[SYSTEM_MAX_BITS + 1];
	size_t i = 0;

	st[0].seats = sys->seats;
	st[0].delta = sys->boat;
	st[0].rower = false;
	st[0].stay = 0;
	st[0].gone = ~w->bits_after[0];
	for (;;) {
		/* Enter step i. */
		if (i == w->n || st[i].seats == 0) {
			leaf(w, st, i);
			if (w->status != RIVER_OK)
				return;
		} else if (st[i].rower || w->rower_after[i]) {
			st[i].take = 0;
			goto apply;
		}
		/* Back to the last step with another choice. */
	next:
		for (;;) {
			const struct candidate *c;

			if (i == 0)
				return;
			i--;
			c = &w->cand[i];
			if (st[i].take < c->available &&
			    st[i].take < st[i].seats) {
				st[i].take++;
				break;
			}
		}
	apply: {
		const struct candidate *c = &w->cand[i];
		const struct step *at = &st[i];
		struct step *to = &st[i + 1];
		unsigned m = at->take;

		to->seats = at->seats - m;
		to->delta = at->delta + m * c->unit;
		to->rower = at->rower || (m && c->rows);
		to->stay = at->stay;
		to->gone = at->gone;
		if (m < c->available)
			to->stay |= UINT64_C(1) << c->bit;
		else
			to->gone |= UINT64_C(1) << c->bit;
		if (w->cut && cut_here(sys, i ? (int)w->cand[i - 1].bit : -1,
				       c->bit, to->stay, to->gone))
			goto next_sibling;
		i++;
		continue;
	}
	next_sibling:
		i++;
		goto next;
	}
}

/* Is a group whose lowest bit is in [lo, hi) broken where present? */
static bool bad_from(const struct system *sys, unsigned lo, unsigned hi,
		     uint64_t present)
{
	uint32_t g;

	if (present & sys->common_guard)
		return false;
	for (g = sys->low_at[lo]; g < sys->low_at[hi]; g++)
		if (group_broken(&sys->groups[sys->by_low[g]], present))
			return true;
	return false;
}

static int loads_from(const struct system *sys, state_t s, bool cut,
		      struct loads *out)
{
	struct walk w;
	bool right = state_boat_right(sys, s);
	uint64_t here = (right ? s : ~s) & sys->ind_mask;
	unsigned k;
	size_t i;

	w.sys = sys;
	w.from = s;
	w.n = 0;
	w.cut = cut && sys->n_rules != 0;
	w.out = out;
	w.status = RIVER_OK;
	out->n = 0;
	while (here) {
		uint64_t bit = here & -here;

		w.cand[w.n].unit = bit;
		w.cand[w.n].available = 1;
		w.cand[w.n].bit = (unsigned)__builtin_ctzll(bit);
		w.cand[w.n].rows = (sys->rower_ind & bit) != 0;
		w.n++;
		here &= here - 1;
	}
	for (k = 0; k < sys->n_kinds; k++) {
		unsigned on_right = state_kind_right(sys, s, k);
		unsigned avail = right ? on_right : sys->kinds[k].copies - on_right;

		w.count[k] = avail;
		if (avail == 0)
			continue;
		w.cand[w.n].unit = UINT64_C(1) << sys->kinds[k].shift;
		w.cand[w.n].available = avail;
		w.cand[w.n].bit = sys->n_ind + k;
		w.cand[w.n].rows = sys->kinds[k].rows;
		w.n++;
	}
	w.rower_after[w.n] = false;
	w.bits_after[w.n] = 0;
	w.bad_after[w.n] = false;
	for (i = w.n; i-- > 0;) {
		w.rower_after[i] = w.rower_after[i + 1] || w.cand[i].rows;
		w.bits_after[i] = w.bits_after[i + 1] |
				  UINT64_C(1) << w.cand[i].bit;
		/* The groups whose lowest item is above cand[i - 1] and
		 * not above cand[i]: all their items on this bank are
		 * cand[i..], staying. */
		w.bad_after[i] = w.bad_after[i + 1] ||
				 (w.cut && bad_from(sys,
						    i ? w.cand[i - 1].bit + 1 : 0,
						    w.cand[i].bit + 1,
						    w.bits_after[i]));
	}
	walk(&w);
	return w.status;
}

int system_loads(const struct system *sys, state_t s, struct loads *out)
{
	int rc = loads_from(sys, s, false, out);

	if (rc == RIVER_OK && sys->audit)
		rc = audit_loads(sys, s, out, false);
	return rc;
}

int system_safe_loads(const struct system *sys, state_t s, struct loads *out)
{
	bool right = state_boat_right(sys, s);
	size_t i, kept = 0;
	int rc = loads_from(sys, s, true, out);

	/* A reduced system has no rules of its own to cut the walk with:
	 * its departing bank is asked of the puzzle's own system. */
	if (rc == RIVER_OK && sys->sym) {
		for (i = 0; i < out->n; i++)
			if (system_bank_safe(sys,
					     state_cross(sys, s, out->delta[i]),
					     right))
				out->delta[kept++] = out->delta[i];
		out->n = kept;
	}
	if (rc == RIVER_OK && sys->audit)
		rc = audit_loads(sys, s, out, true);
	return rc;
}
