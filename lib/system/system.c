#include "system/system.h"

#include <math.h>
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

/* Individuals first, then the boat, then the kinds' fields.  The model
 * has at most MODEL_MAX_ITEMS items, so the individuals and the boat
 * always fit; the kinds' fields may not. */
static int lay_out(struct system *sys, const struct model *m,
		   const struct source *src, river_diag *diag)
{
	unsigned n_ind = 0, n_kinds = 0, shift;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		struct sys_slot *slot = &sys->slots[i];

		slot->is_kind = m->items[i].is_kind;
		slot->index = slot->is_kind ? n_kinds++ : n_ind++;
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
	unsigned k;
	uint64_t size = UINT64_C(2) << sys->n_ind; /* individuals and boat */

	sys->space = ldexp(1.0, (int)sys->n_ind + 1);
	for (k = 0; k < sys->n_kinds; k++) {
		uint64_t radix = (uint64_t)sys->kinds[k].copies + 1;

		sys->rank_mult[k] = size;
		sys->space *= (double)radix;
		size = size != 0 && size <= UINT64_MAX / radix ? size * radix : 0;
	}
	sys->rank_size = sys->n_ind + 1 < 64 ? size : 0;
}

static void compile_rules(struct system *sys, const struct model *m)
{
	size_t r, g;

	for (r = 0; r < m->n_rules; r++) {
		const struct rule *rule = &m->rules[r];
		struct sys_rule *sr = &sys->rules[r];

		sr->kind = rule->kind;
		sr->a = sys->slots[rule->a];
		sr->b = sys->slots[rule->b];
		sr->need = (UINT64_C(1) << sr->a.presence) |
			   (UINT64_C(1) << sr->b.presence);
		for (g = 0; g < rule->n_guards; g++)
			sr->guard |= UINT64_C(1)
				     << sys->slots[rule->guards[g]].presence;
	}
}

int system_build(struct system *sys, struct arena *arena,
		 const struct model *model, const struct source *src,
		 river_diag *diag)
{
	int rc;

	memset(sys, 0, sizeof *sys);
	sys->model = model;
	sys->seats = model->seats;
	/* Sized for every item being a kind: a few words, simpler than
	 * counting first. */
	sys->slots = arena_alloc(arena, model->n_items * sizeof *sys->slots);
	sys->kinds = arena_alloc(arena, model->n_items * sizeof *sys->kinds);
	sys->rank_mult = arena_alloc(arena, model->n_items *
					    sizeof *sys->rank_mult);
	sys->rules = arena_alloc(arena, (model->n_rules + 1) *
					sizeof *sys->rules);
	if (!sys->slots || !sys->kinds || !sys->rank_mult || !sys->rules)
		return diag_set(diag, RIVER_ENOMEM, src, NULL, "out of memory");
	rc = lay_out(sys, model, src, diag);
	if (rc != RIVER_OK)
		return rc;
	set_masks(sys, model);
	set_space(sys);
	compile_rules(sys, model);
	sys->n_rules = model->n_rules;
	return RIVER_OK;
}

state_t system_placement(const struct system *sys, const struct placement *pl)
{
	const struct model *m = sys->model;
	state_t s = pl->boat == 1 ? sys->boat : 0;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		const struct sys_slot *slot = &sys->slots[i];

		if (slot->is_kind)
			s |= (state_t)pl->right[i] << sys->kinds[slot->index].shift;
		else if (pl->right[i])
			s |= UINT64_C(1) << slot->index;
	}
	return s;
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

static long bank_violation(const struct system *sys, const struct bank_view *v)
{
	size_t r;

	for (r = 0; r < sys->n_rules; r++) {
		const struct sys_rule *rule = &sys->rules[r];

		if (rule->kind == RULE_EATS) {
			if ((v->present & rule->need) == rule->need &&
			    (v->present & rule->guard) == 0)
				return (long)r;
		} else {
			unsigned a = view_count(v, &rule->a);
			unsigned b = view_count(v, &rule->b);

			if (b > 0 && a > b)
				return (long)r;
		}
	}
	return -1;
}

long system_violation(const struct system *sys, state_t s, bool *right)
{
	unsigned count[2][SYSTEM_MAX_BITS];
	struct bank_view left = {~s & sys->ind_mask, count[0]};
	struct bank_view rightv = {s & sys->ind_mask, count[1]};
	unsigned k;
	long r;

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
	*right = false;
	r = bank_violation(sys, &left);
	if (r >= 0)
		return r;
	*right = true;
	return bank_violation(sys, &rightv);
}
