/* A model with one change: what river_explain tries when a puzzle has
 * no plan.  The change is made on the compiled model, so that the
 * variant is the same puzzle in every other respect (its names, its
 * rules' meaning, its start and goal). */
#include <string.h>

#include "compile/model.h"
#include "util/arena.h"

int model_vary(struct model *out, const struct model *m, struct arena *arena,
	       const struct model_change *change)
{
	*out = *m;
	switch (change->kind) {
	case CHANGE_DROP_RULE: {
		struct rule *rules = arena_alloc(arena, (m->n_rules + 1) *
							sizeof *rules);

		if (!rules)
			return RIVER_ENOMEM;
		memcpy(rules, m->rules, change->which * sizeof *rules);
		memcpy(rules + change->which, m->rules + change->which + 1,
		       (m->n_rules - change->which - 1) * sizeof *rules);
		out->rules = rules;
		out->n_rules = m->n_rules - 1;
		break;
	}
	case CHANGE_SEATS:
		out->seats = (unsigned)change->value;
		out->seats_given = true;
		/* The one boat's, which the place search reads. */
		out->boats[0].seats = out->seats;
		break;
	case CHANGE_ROWER: {
		struct item *items = arena_alloc(arena, (m->n_items + 1) *
							sizeof *items);
		struct item *it;

		if (!items)
			return RIVER_ENOMEM;
		memcpy(items, m->items, m->n_items * sizeof *items);
		it = &items[change->which];
		it->rows = true;
		it->rows_alone = false;
		it->row_every = 0;
		it->row_on = 0;
		out->items = items;
		break;
	}
	case CHANGE_LOAD_LIMIT:
		out->load_limit = change->value;
		break;
	case CHANGE_TIME_LIMIT:
		out->time_limit = change->value;
		out->has_time_limit = change->value != 0;
		if (!change->value)
			out->minimize_time = true;
		break;
	}
	return RIVER_OK;
}
