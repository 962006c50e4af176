#include "system/system.h"
#include "system/audit.h"
#include "system/symmetry.h"
#include "system/tuples.h"
#include "util/saturate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Bits needed to count 0..copies. */
static unsigned field_width(unsigned copies)
{
	unsigned w = 0;

	while ((copies >> w) != 0)
		w++;
	return w;
}

static int too_big(const struct item *item, unsigned need,
		   const struct source *src, river_diag *diag)
{
	return diag_set(diag, RIVER_EPUZZLE, src, &item->loc,
			"the puzzle is too big: with '%s' its state needs at least "
			"%u bits, and libriver packs a state in %d (one bit per "
			"item, one for the boat, and a count per kind)",
			item->name, need, SYSTEM_MAX_BITS);
}

/* Individuals first, then the boat, then the kinds' fields. */
static int lay_out(struct system *sys, const struct model *m,
		   const struct source *src, river_diag *diag)
{
	unsigned n_ind = 0, n_kinds = 0, shift;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		struct sys_slot *slot = &sys->slots[i];

		slot->is_kind = m->items[i].is_kind;
		slot->index = slot->is_kind ? n_kinds++ : n_ind++;
		if (n_ind + 1 > SYSTEM_MAX_BITS)
			return diag_set(diag, RIVER_EPUZZLE, src,
					&m->items[i].loc,
					"the puzzle is too big: with '%s' its "
					"state needs at least %u bits, and "
					"libriver packs a state in %d; more "
					"individuals are searched only where "
					"couples (tuples) of them can be "
					"exchanged", m->items[i].name,
					n_ind + 1, SYSTEM_MAX_BITS);
	}
	sys->n_ind = n_ind;
	sys->n_kinds = n_kinds;
	shift = n_ind + 1;
	for (i = 0; i < m->n_items; i++) {
		const struct item *item = &m->items[i];
		struct sys_kind *k;
		unsigned w;

		if (!item->is_kind)
			continue;
		k = &sys->kinds[sys->slots[i].index];
		w = field_width(item->copies);
		if (shift + w > SYSTEM_MAX_BITS)
			return too_big(item, shift + w, src, diag);
		k->shift = shift;
		k->mask = (UINT64_C(1) << w) - 1;
		k->copies = item->copies;
		k->rows = item->rows;
		shift += w;
	}
	sys->bits = shift;
	return RIVER_OK;
}

static int add_field(struct system *sys, uint64_t radix, int *which,
		     const struct source *src, const struct loc *loc,
		     const char *what, river_diag *diag)
{
	struct sys_field *f = &sys->fields[sys->n_fields];
	unsigned w = 0;

	while (w < 64 && (radix - 1) >> w)
		w++;
	if (sys->bits + w > SYSTEM_MAX_BITS)
		return diag_set(diag, RIVER_EPUZZLE, src, loc,
				"the puzzle is too big: with %s its state needs "
				"%u bits, and libriver packs a state in %d",
				what, sys->bits + w, SYSTEM_MAX_BITS);
	f->shift = sys->bits;
	f->mask = w == 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
	f->radix = radix;
	sys->field_mask |= f->mask << f->shift;
	sys->bits += w;
	*which = (int)sys->n_fields++;
	return RIVER_OK;
}

/* The numbers a state carries besides the banks: the crossing number
 * modulo the rowing period, the previous load's weight (plus one; 0
 * before the first crossing), the time so far under a time limit. */
static int lay_out_fields(struct system *sys, const struct model *m,
			  const struct source *src, river_diag *diag)
{
	unsigned long long period = model_rowing_period(m), weight = 0;
	const struct loc *loc = NULL;
	size_t i;
	int rc = RIVER_OK;

	sys->phase = sys->prev = sys->elapsed = -1;
	for (i = 0; i < m->n_items; i++) {
		const struct item *it = &m->items[i];

		if (it->row_every > 1)
			loc = &it->loc;
		weight += (unsigned long long)it->weight * it->copies;
	}
	sys->period = (unsigned)period;
	if (period > 1)
		rc = add_field(sys, period, &sys->phase, src, loc,
			       "its rowing periods", diag);
	if (rc == RIVER_OK && m->has_margin) {
		if (m->load_limit && m->load_limit < weight)
			weight = m->load_limit;
		rc = add_field(sys, weight + 2, &sys->prev, src, NULL,
			       "the boat's load margin", diag);
	}
	if (rc == RIVER_OK && m->has_time_limit && !m->minimize_time)
		rc = add_field(sys, m->time_limit + 1, &sys->elapsed, src,
			       &m->time_loc, "its time limit", diag);
	return rc;
}

int system_cmp_delta(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The allowed loads as deltas (without the boat), sorted. */
static int allowed_loads(struct system *sys, struct arena *arena)
{
	const struct model *m = sys->model;
	size_t l;

	if (!m->loads)
		return RIVER_OK;
	sys->allowed = arena_alloc(arena, m->n_loads * sizeof *sys->allowed);
	if (!sys->allowed)
		return RIVER_ENOMEM;
	for (l = 0; l < m->n_loads; l++)
		sys->allowed[l] = system_load_delta(sys, m->loads[l].count);
	qsort(sys->allowed, m->n_loads, sizeof *sys->allowed, system_cmp_delta);
	sys->n_allowed = m->n_loads;
	return RIVER_OK;
}

static void set_masks(struct system *sys, const struct model *m)
{
	unsigned i;

	sys->ind_mask = (UINT64_C(1) << sys->n_ind) - 1;
	sys->boat = UINT64_C(1) << sys->n_ind;
	sys->goal_mask = sys->ind_mask;
	for (i = 0; i < m->n_items; i++) {
		struct sys_slot *slot = &sys->slots[i];

		if (slot->is_kind) {
			const struct sys_kind *k = &sys->kinds[slot->index];

			slot->presence = sys->n_ind + slot->index;
			sys->goal_mask |= k->mask << k->shift;
			if (k->rows)
				sys->any_rower_kind = true;
		} else {
			slot->presence = slot->index;
			if (m->items[i].rows)
				sys->rower_ind |= UINT64_C(1) << slot->index;
		}
	}
	sys->start = system_placement(sys, &m->start);
	sys->goal = system_placement(sys, &m->goal);
	if (m->goal.boat >= 0)
		sys->goal_mask |= sys->boat;
}

static void set_space(struct system *sys)
{
	unsigned k, f;
	uint64_t size = UINT64_C(2) << sys->n_ind; /* individuals and boat */

	sys->space = ldexp(1.0, (int)sys->n_ind + 1);
	for (k = 0; k < sys->n_kinds; k++) {
		uint64_t radix = (uint64_t)sys->kinds[k].copies + 1;

		sys->rank_mult[k] = size;
		sys->space *= (double)radix;
		size = size != 0 && size <= UINT64_MAX / radix ? size * radix : 0;
	}
	for (f = 0; f < sys->n_fields; f++) {
		uint64_t radix = sys->fields[f].radix;

		sys->rank_mult[sys->n_kinds + f] = size;
		sys->space *= (double)radix;
		size = size != 0 && size <= UINT64_MAX / radix ? size * radix : 0;
	}
	sys->rank_size = sys->n_ind + 1 < 64 ? size : 0;
	/* Every crossing carries a rower: when the only one is an
	 * individual that starts with the boat, it stays with the boat. */
	if (!sys->any_rower_kind && sys->rower_ind &&
	    (sys->rower_ind & (sys->rower_ind - 1)) == 0 &&
	    ((sys->start & sys->rower_ind) != 0) == state_boat_right(sys, sys->start))
		sys->with_boat = sys->rower_ind;
	sys->compact_size = sys->with_boat ? sys->rank_size / 2 : sys->rank_size;
}

state_t system_unrank(const struct system *sys, uint64_t rank)
{
	unsigned k;
	state_t s;

	/* Individuals and boat are the low bits of both. */
	s = rank & (sys->ind_mask | sys->boat);
	rank = sys->n_ind + 1 < 64 ? rank >> (sys->n_ind + 1) : 0;
	for (k = 0; k < sys->n_kinds; k++) {
		uint64_t radix = (uint64_t)sys->kinds[k].copies + 1;

		s |= (rank % radix) << sys->kinds[k].shift;
		rank /= radix;
	}
	for (k = 0; k < sys->n_fields; k++) {
		const struct sys_field *f = &sys->fields[k];

		s |= (rank % f->radix) << f->shift;
		rank /= f->radix;
	}
	return s;
}

state_t system_compact_unrank(const struct system *sys, uint64_t rank)
{
	uint64_t low = sys->with_boat - 1;
	state_t s;

	if (!sys->with_boat)
		return system_unrank(sys, rank);
	s = system_unrank(sys, (rank & low) | ((rank & ~low) << 1));
	return state_boat_right(sys, s) ? s | sys->with_boat : s;
}

static void compile_model_rules(struct system *sys, const struct model *m)
{
	size_t r, g;

	for (r = 0; r < m->n_rules; r++) {
		const struct rule *rule = &m->rules[r];
		struct sys_rule *sr = &sys->rules[r];

		sr->kind = rule->kind;
		sr->place = rule->place;
		sr->bound = rule->bound;
		sr->generic = rule->kind != RULE_EATS &&
			      rule->kind != RULE_WITHOUT &&
			      !(rule->kind == RULE_OUTNUMBER && rule->n_a == 1 &&
				rule->n_b == 1);
		if (rule->place & PLACE_BOAT)
			sys->boat_rules = true;
		if ((rule->place & PLACE_BANKS) && sr->generic)
			sys->bank_generic = true;
		sr->a = sys->slots[rule->a];
		sr->b = sys->slots[rule->b];
		sr->need = (UINT64_C(1) << sr->a.presence) |
			   (UINT64_C(1) << sr->b.presence);
		for (g = 0; g < rule->n_guards; g++)
			sr->guard |= UINT64_C(1)
				     << sys->slots[rule->guards[g]].presence;
	}
}

static uint64_t presence_bit(const struct system *sys, size_t item)
{
	return UINT64_C(1) << sys->slots[item].presence;
}

/* The sum over items[0..n) of weight (w[i], or 1) times copies. */
static int compile_sum(struct system *sys, struct arena *arena,
		       struct sys_sum *sum, const size_t *items, size_t n,
		       const unsigned *w)
{
	size_t i;

	sum->terms = arena_alloc(arena, (n + 1) * sizeof *sum->terms);
	if (!sum->terms)
		return RIVER_ENOMEM;
	for (i = 0; i < n; i++) {
		const struct sys_slot *slot = &sys->slots[items[i]];
		unsigned long long weight = w ? w[i] : 1;
		struct sys_term *t;

		if (!slot->is_kind && weight == 1 &&
		    !(sum->ones & presence_bit(sys, items[i]))) {
			sum->ones |= presence_bit(sys, items[i]);
			continue;
		}
		t = &sum->terms[sum->n_terms++];
		t->is_kind = slot->is_kind;
		t->index = slot->is_kind ? slot->index : slot->presence;
		t->weight = weight;
		if (t->is_kind)
			sys->counted_kinds = true;
	}
	return RIVER_OK;
}

static int compile_counted(struct system *sys, struct arena *arena,
			   const struct rule *rule)
{
	struct sys_count_rule *cr = &sys->counted[sys->n_counted++];
	size_t i, all[MODEL_MAX_ITEMS + 1];
	int rc;

	cr->kind = rule->kind;
	cr->bound = rule->bound;
	if (rule->kind == RULE_COND) {
		/* A general condition reads each item's copies. */
		cr->cond = rule->cond;
		sys->counted_kinds = sys->counted_kinds || sys->n_kinds > 0;
		return RIVER_OK;
	}
	for (i = 0; i < rule->n_a; i++)
		cr->set |= presence_bit(sys, rule->set_a[i]);
	rc = compile_sum(sys, arena, &cr->a, rule->set_a, rule->n_a,
			 rule->kind == RULE_SUM ? rule->wa : NULL);
	if (rc != RIVER_OK)
		return rc;
	if (rule->kind == RULE_ALONE || rule->kind == RULE_EXACT) {
		cr->by_mask = (size_t)__builtin_popcountll(cr->set) == rule->n_a;
		if (cr->by_mask)
			return RIVER_OK;
		for (i = 0; i < sys->model->n_items; i++)
			all[i] = i;
		return compile_sum(sys, arena, &cr->b, all, sys->model->n_items,
				   NULL);
	}
	return compile_sum(sys, arena, &cr->b, rule->set_b, rule->n_b,
			   rule->kind == RULE_SUM ? rule->wb : NULL);
}

/* The eats and without rule (need, guard) joins the group of the same
 * need and guard, with any. */
static void join_group(struct system *sys, uint64_t need, uint64_t any,
		       uint64_t guard)
{
	size_t g;

	for (g = 0; g < sys->n_groups; g++) {
		struct sys_group *gr = &sys->groups[g];

		if (gr->need == need && gr->guard == guard) {
			gr->any |= any;
			return;
		}
	}
	sys->groups[g].need = need;
	sys->groups[g].any = any;
	sys->groups[g].guard = guard;
	sys->n_groups++;
}

static unsigned top_bit(uint64_t x)
{
	return 63u - (unsigned)__builtin_clzll(x);
}

static int cmp_group(const void *a, const void *b)
{
	const struct sys_group *x = a, *y = b;
	unsigned p = top_bit(x->need | x->any | x->guard);
	unsigned q = top_bit(y->need | y->any | y->guard);

	return p < q ? -1 : p > q;
}

/* The bits at which a group may already be certainly broken before all
 * its items are decided: once its need and guards are (its activation
 * bit), and at each of its any bits after that, short of its highest. */
static uint64_t early_bits(const struct sys_group *g)
{
	unsigned act = top_bit(g->need | g->guard);
	unsigned last = top_bit(g->need | g->any | g->guard);
	uint64_t below_last = (UINT64_C(1) << last) - 1;
	uint64_t after_act = ~((UINT64_C(1) << act) - 1);

	return ((g->any | UINT64_C(1) << act) & after_act & below_last);
}

static uint64_t group_bits(const struct sys_group *g)
{
	return g->need | g->any | g->guard;
}

/* by_low and straddle (see struct system). */
static int index_groups(struct system *sys, struct arena *arena)
{
	uint32_t fill[SYSTEM_MAX_BITS + 2] = {0};
	size_t g, total = 0;
	unsigned p;

	sys->by_low = arena_alloc(arena, (sys->n_groups + 1) *
					 sizeof *sys->by_low);
	if (!sys->by_low)
		return RIVER_ENOMEM;
	for (g = 0; g < sys->n_groups; g++)
		fill[__builtin_ctzll(group_bits(&sys->groups[g]))]++;
	for (p = 0; p < SYSTEM_MAX_BITS; p++) {
		sys->low_at[p] = (uint32_t)total;
		total += fill[p];
		fill[p] = sys->low_at[p];
	}
	sys->low_at[SYSTEM_MAX_BITS] = (uint32_t)total;
	for (g = 0; g < sys->n_groups; g++)
		sys->by_low[fill[__builtin_ctzll(group_bits(&sys->groups[g]))]++] =
			(uint32_t)g;
	total = 0;
	for (p = 0; p <= SYSTEM_MAX_BITS; p++) {
		sys->straddle_at[p] = (uint32_t)total;
		for (g = 0; g < sys->n_groups; g++) {
			uint64_t b = group_bits(&sys->groups[g]);

			total += (unsigned)__builtin_ctzll(b) < p &&
				 top_bit(b) >= p;
		}
	}
	sys->straddle_at[SYSTEM_MAX_BITS + 1] = (uint32_t)total;
	sys->straddle = arena_alloc(arena, (total + 1) * sizeof *sys->straddle);
	if (!sys->straddle)
		return RIVER_ENOMEM;
	for (p = 0, total = 0; p <= SYSTEM_MAX_BITS; p++) {
		for (g = 0; g < sys->n_groups; g++) {
			uint64_t b = group_bits(&sys->groups[g]);

			if ((unsigned)__builtin_ctzll(b) < p && top_bit(b) >= p)
				sys->straddle[total++] = (uint32_t)g;
		}
	}
	return RIVER_OK;
}

/* Sort the groups by their highest bit, and list the early checks
 * (see struct system). */
static int compile_cuts(struct system *sys, struct arena *arena)
{
	uint32_t fill[SYSTEM_MAX_BITS + 1] = {0};
	size_t g, total = 0;
	unsigned p;
	uint64_t e;

	qsort(sys->groups, sys->n_groups, sizeof *sys->groups, cmp_group);
	sys->common_guard = sys->n_groups ? ~UINT64_C(0) : 0;
	for (g = 0; g < sys->n_groups; g++)
		sys->common_guard &= sys->groups[g].guard;
	for (g = 0; g < sys->n_groups; g++) {
		const struct sys_group *gr = &sys->groups[g];

		fill[top_bit(gr->need | gr->any | gr->guard)]++;
	}
	for (p = 0; p < SYSTEM_MAX_BITS; p++) {
		sys->group_below[p] = (uint32_t)total;
		total += fill[p];
	}
	sys->group_below[SYSTEM_MAX_BITS] = (uint32_t)total;
	memset(fill, 0, sizeof fill);
	total = 0;
	for (g = 0; g < sys->n_groups; g++)
		for (e = early_bits(&sys->groups[g]); e; e &= e - 1)
			fill[__builtin_ctzll(e)]++;
	for (p = 0; p < SYSTEM_MAX_BITS; p++) {
		sys->cut_at[p] = (uint32_t)total;
		total += fill[p];
		fill[p] = sys->cut_at[p];
	}
	sys->cut_at[SYSTEM_MAX_BITS] = (uint32_t)total;
	sys->cut_list = arena_alloc(arena, (total + 1) * sizeof *sys->cut_list);
	if (!sys->cut_list)
		return RIVER_ENOMEM;
	for (g = 0; g < sys->n_groups; g++)
		for (e = early_bits(&sys->groups[g]); e; e &= e - 1)
			sys->cut_list[fill[__builtin_ctzll(e)]++] = (uint32_t)g;
	return index_groups(sys, arena);
}

/* The bank rules as groups and counted rules (system_bank_ok). */
static int pack_bank_rules(struct system *sys, struct arena *arena,
			 const struct model *m)
{
	size_t r;
	int rc;

	compile_model_rules(sys, m);
	sys->groups = arena_alloc(arena, (m->n_rules + 1) * sizeof *sys->groups);
	sys->counted = arena_alloc(arena, (m->n_rules + 1) *
					  sizeof *sys->counted);
	if (!sys->groups || !sys->counted)
		return RIVER_ENOMEM;
	memset(sys->counted, 0, (m->n_rules + 1) * sizeof *sys->counted);
	for (r = 0; r < m->n_rules; r++) {
		const struct sys_rule *sr = &sys->rules[r];

		if (!(sr->place & PLACE_BANKS))
			continue;
		if (sr->kind == RULE_EATS || sr->kind == RULE_WITHOUT) {
			join_group(sys, UINT64_C(1) << sr->a.presence,
				   UINT64_C(1) << sr->b.presence, sr->guard);
			continue;
		}
		rc = compile_counted(sys, arena, &m->rules[r]);
		if (rc != RIVER_OK)
			return rc;
	}
	return compile_cuts(sys, arena);
}

int system_build(struct system *sys, struct arena *arena,
		 const struct model *model, const struct source *src,
		 river_diag *diag)
{
	int rc;

	size_t i;

	memset(sys, 0, sizeof *sys);
	sys->model = model;
	sys->audit = audit_requested();
	sys->seats = model->seats;
	sys->plain_loads = true;
	/* Sized for every item being a kind: a few words, simpler than
	 * counting first. */
	sys->slots = arena_alloc(arena, model->n_items * sizeof *sys->slots);
	sys->kinds = arena_alloc(arena, model->n_items * sizeof *sys->kinds);
	sys->rank_mult = arena_alloc(arena, (model->n_items + 4) *
					    sizeof *sys->rank_mult);
	sys->rules = arena_alloc(arena, (model->n_rules + 1) *
					sizeof *sys->rules);
	sys->ind_item = arena_alloc(arena, (model->n_items + 1) *
					   sizeof *sys->ind_item);
	sys->kind_item = arena_alloc(arena, (model->n_items + 1) *
					    sizeof *sys->kind_item);
	if (!sys->slots || !sys->kinds || !sys->rank_mult || !sys->rules ||
	    !sys->ind_item || !sys->kind_item)
		return diag_set(diag, RIVER_ENOMEM, src, NULL, "out of memory");
	rc = lay_out(sys, model, src, diag);
	if (rc == RIVER_OK)
		rc = lay_out_fields(sys, model, src, diag);
	if (rc != RIVER_OK)
		return rc;
	for (i = 0; i < model->n_items; i++) {
		if (sys->slots[i].is_kind)
			sys->kind_item[sys->slots[i].index] = i;
		else
			sys->ind_item[sys->slots[i].index] = i;
		if (model->items[i].rows_alone || model->items[i].row_every)
			sys->plain_loads = false;
	}
	set_masks(sys, model);
	set_space(sys);
	sys->n_rules = model->n_rules;
	if (pack_bank_rules(sys, arena, model) != RIVER_OK ||
	    allowed_loads(sys, arena) != RIVER_OK)
		return diag_set(diag, RIVER_ENOMEM, src, NULL, "out of memory");
	sys->plain_loads = sys->plain_loads && !sys->boat_rules &&
			   !sys->allowed && !model->load_limit &&
			   sys->n_fields == 0;
	return RIVER_OK;
}

uint64_t system_load_delta(const struct system *sys, const unsigned *count)
{
	uint64_t d = 0;
	size_t i;

	for (i = 0; i < sys->model->n_items; i++) {
		const struct sys_slot *slot = &sys->slots[i];

		d += (uint64_t)count[i] << (slot->is_kind
					    ? sys->kinds[slot->index].shift
					    : slot->index);
	}
	return d;
}

state_t system_state_of(const struct system *sys, const unsigned *right,
			bool boat_right)
{
	return system_load_delta(sys, right) | (boat_right ? sys->boat : 0);
}

state_t system_placement(const struct system *sys, const struct placement *pl)
{
	return system_state_of(sys, pl->right, pl->boat == 1);
}

unsigned state_count(const struct system *sys, state_t s, size_t item,
		     bool right)
{
	const struct sys_slot *slot = &sys->slots[item];
	unsigned on_right;

	if (slot->is_kind) {
		on_right = state_kind_right(sys, s, slot->index);
		return right ? on_right
			     : sys->kinds[slot->index].copies - on_right;
	}
	on_right = (unsigned)((s >> slot->index) & 1);
	return right ? on_right : 1 - on_right;
}

static unsigned view_count(const struct bank_view *v,
			   const struct sys_slot *slot)
{
	if (slot->is_kind)
		return v->count[slot->index];
	return (unsigned)((v->present >> slot->presence) & 1);
}

bool rule_broken(const struct model *m, const struct rule *r,
		 const unsigned *count)
{
	(void)m;
	return cond_holds(r->cond, count);
}

static unsigned long long sum_of(const struct sys_sum *sum, uint64_t present,
				 const unsigned *count)
{
	unsigned long long total = (unsigned)__builtin_popcountll(present &
								  sum->ones);
	size_t i;

	for (i = 0; i < sum->n_terms; i++) {
		const struct sys_term *t = &sum->terms[i];

		total += t->weight * (t->is_kind ? count[t->index]
						 : (present >> t->index) & 1);
	}
	return total;
}

/* The copies of each model item on a bank, from its presence word and
 * its copies per kind. */
static void item_counts(const struct system *sys, uint64_t present,
			const unsigned *count, unsigned *items)
{
	size_t i;

	for (i = 0; i < sys->model->n_items; i++) {
		const struct sys_slot *slot = &sys->slots[i];

		items[i] = slot->is_kind ? count[slot->index]
					 : (unsigned)((present >> slot->presence) & 1);
	}
}

static bool counted_broken(const struct system *sys,
			   const struct sys_count_rule *cr, uint64_t present,
			   const unsigned *count)
{
	unsigned items[MODEL_MAX_ITEMS + 1];
	unsigned long long a, b;

	switch (cr->kind) {
	case RULE_COND:
		item_counts(sys, present, count, items);
		return cond_holds(cr->cond, items);
	case RULE_ALONE:
		if (cr->by_mask)
			return present != 0 && (present & ~cr->set) == 0;
		b = sum_of(&cr->b, present, count);
		return b > 0 && sum_of(&cr->a, present, count) == b;
	case RULE_EXACT:
		if (cr->by_mask)
			return present == cr->set;
		return (present & cr->set) == cr->set &&
		       sum_of(&cr->a, present, count) ==
		       sum_of(&cr->b, present, count);
	case RULE_AT_MOST:
		return sum_of(&cr->a, present, count) > cr->bound;
	case RULE_AT_LEAST:
		return sum_of(&cr->a, present, count) < cr->bound;
	case RULE_OUTNUMBER:
		a = sum_of(&cr->a, present, count);
		b = sum_of(&cr->b, present, count);
		return b > 0 && a > b + cr->bound;
	case RULE_SUM:
		return sum_of(&cr->a, present, count) >
		       sum_of(&cr->b, present, count) + cr->bound;
	default:
		return false;
	}
}

bool system_counted_ok(const struct system *sys, uint64_t present,
		       const unsigned *count)
{
	size_t r;

	for (r = 0; r < sys->n_counted; r++)
		if (counted_broken(sys, &sys->counted[r], present, count))
			return false;
	return true;
}

bool system_bank_ok(const struct system *sys, uint64_t present,
		    const unsigned *count)
{
	size_t g;

	for (g = 0; !(present & sys->common_guard) && g < sys->n_groups; g++)
		if (group_broken(&sys->groups[g], present))
			return false;
	return sys->n_counted == 0 || system_counted_ok(sys, present, count);
}

bool system_bank_safe(const struct system *sys, state_t s, bool right)
{
	unsigned count[SYSTEM_MAX_BITS];
	uint64_t present;
	unsigned k;

	/* A reduced system asks the puzzle's own about a state of the
	 * same counts. */
	if (sys->sym)
		return system_bank_safe(sys->sym->concrete,
					symmetry_canonical(sys->sym, s), right);
	present = (right ? s : ~s) & sys->ind_mask;
	for (k = 0; k < sys->n_kinds; k++) {
		unsigned on_right = state_kind_right(sys, s, k);

		count[k] = right ? on_right : sys->kinds[k].copies - on_right;
		if (count[k])
			present |= UINT64_C(1) << (sys->n_ind + k);
	}
	if (sys->audit) {
		bool safe = system_bank_ok(sys, present, count);

		audit_bank(sys, s, right, safe);
		return safe;
	}
	return system_bank_ok(sys, present, count);
}

static long bank_violation(const struct system *sys, const struct bank_view *v,
			   const unsigned *items)
{
	size_t r;

	for (r = 0; r < sys->n_rules; r++) {
		const struct sys_rule *rule = &sys->rules[r];

		if (!(rule->place & PLACE_BANKS))
			continue;
		if (rule->generic) {
			if (rule_broken(sys->model, &sys->model->rules[r], items))
				return (long)r;
		} else if (rule->kind == RULE_EATS || rule->kind == RULE_WITHOUT) {
			if ((v->present & rule->need) == rule->need &&
			    (v->present & rule->guard) == 0)
				return (long)r;
		} else {
			unsigned a = view_count(v, &rule->a);
			unsigned b = view_count(v, &rule->b);

			if (b > 0 && a > b + rule->bound)
				return (long)r;
		}
	}
	return -1;
}

long system_violation(const struct system *sys, state_t s, bool *right)
{
	unsigned count[2][SYSTEM_MAX_BITS], items[2][MODEL_MAX_ITEMS + 1];
	struct bank_view left = {~s & sys->ind_mask, count[0]};
	struct bank_view rightv = {s & sys->ind_mask, count[1]};
	unsigned k;
	long r;

	if (sys->sym)
		return symmetry_violation(sys->sym, s, right);
	for (k = 0; k < sys->n_kinds; k++) {
		unsigned on_right = state_kind_right(sys, s, k);
		uint64_t bit = UINT64_C(1) << (sys->n_ind + k);

		count[1][k] = on_right;
		count[0][k] = sys->kinds[k].copies - on_right;
		if (on_right)
			rightv.present |= bit;
		if (count[0][k])
			left.present |= bit;
	}
	if (sys->bank_generic) {
		for (k = 0; k < sys->model->n_items; k++) {
			items[1][k] = state_count(sys, s, k, true);
			items[0][k] = state_count(sys, s, k, false);
		}
	}
	*right = false;
	r = bank_violation(sys, &left, items[0]);
	if (r >= 0)
		return r;
	*right = true;
	return bank_violation(sys, &rightv, items[1]);
}

void system_load_of(const struct system *sys, state_t a, state_t b,
		    unsigned *count)
{
	size_t i;

	for (i = 0; i < sys->model->n_items; i++) {
		unsigned x = state_count(sys, a, i, true);
		unsigned y = state_count(sys, b, i, true);

		count[i] = x > y ? x - y : y - x;
	}
}

static state_t field_set(const struct sys_field *f, state_t s, uint64_t v)
{
	return (s & ~(f->mask << f->shift)) | (v << f->shift);
}

state_t system_successor(const struct system *sys, state_t a, state_t b)
{
	unsigned count[MODEL_MAX_ITEMS + 1];

	if (sys->n_fields == 0)
		return b;
	system_load_of(sys, a, b, count);
	if (sys->phase >= 0) {
		const struct sys_field *f = &sys->fields[sys->phase];

		b = field_set(f, b, (field_get(f, a) + 1) % sys->period);
	}
	if (sys->prev >= 0) {
		const struct sys_field *f = &sys->fields[sys->prev];
		unsigned long long w = system_load_weight(sys, count) + 1;

		b = field_set(f, b, w < f->radix ? w : f->radix - 1);
	}
	if (sys->elapsed >= 0) {
		const struct sys_field *f = &sys->fields[sys->elapsed];
		uint64_t t = field_get(f, a) + system_trip_time(sys, count);

		b = field_set(f, b, t < f->radix ? t : f->radix - 1);
	}
	return b;
}

void plan_track_at(const struct system *sys, state_t s, struct plan_track *t)
{
	uint64_t prev = sys->prev >= 0 ? field_get(&sys->fields[sys->prev], s)
				       : 0;

	plan_track_init(t);
	/* The rowing phase is the crossings made modulo the period; a
	 * period more when a crossing was made, so that the margin is
	 * checked against it. */
	if (sys->phase >= 0)
		t->crossing = field_get(&sys->fields[sys->phase], s);
	if (prev) {
		t->crossing += sys->period;
		t->prev_weight = prev - 1;
	}
	if (sys->elapsed >= 0)
		t->time = field_get(&sys->fields[sys->elapsed], s);
}

unsigned long long system_ways(const struct system *sys, state_t a, state_t b)
{
	return sys->sym ? symmetry_ways(sys->sym, a, b) : 1;
}

unsigned long long system_states_of(const struct system *sys,
				    const struct tuples *tuples, state_t s)
{
	unsigned long long states = sys->sym ? symmetry_states(sys->sym, s) : 1;

	return tuples ? mul_saturating(states, tuples_states(tuples, s))
		      : states;
}

unsigned long long system_states_sum(const struct system *sys,
				     const struct tuples *tuples,
				     const state_t *s, size_t n)
{
	unsigned long long sum = 0;
	size_t i;

	if (!sys->sym && !tuples)
		return n;
	for (i = 0; i < n; i++)
		sum = add_saturating(sum, system_states_of(sys, tuples, s[i]));
	return sum;
}
