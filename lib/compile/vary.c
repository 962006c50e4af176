/* A model with one change: what river_explain tries when a puzzle has
 * no plan, and river_lint to see what matters.  The change is made on the compiled model, so that the
 * variant is the same puzzle in every other respect (its names, its
 * rules' meaning, its start and goal). */
#include <string.h>

#include "compile/model.h"
#include "util/arena.h"

/* A copy of pl in arena, of m's items and places. */
static int copy_placement(struct placement *to, const struct placement *pl,
			  const struct model *m, struct arena *arena)
{
	size_t n = m->n_items * m->n_places;

	*to = *pl;
	to->right = arena_alloc(arena, (m->n_items + 1) * sizeof *to->right);
	if (!to->right)
		return RIVER_ENOMEM;
	memcpy(to->right, pl->right, m->n_items * sizeof *to->right);
	if (!pl->at)
		return RIVER_OK;
	to->at = arena_alloc(arena, (n + 1) * sizeof *to->at);
	if (!to->at)
		return RIVER_ENOMEM;
	memcpy(to->at, pl->at, n * sizeof *to->at);
	return RIVER_OK;
}

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
	case CHANGE_START_AT_GOAL: {
		size_t n = m->n_items * (m->start.at ? m->n_places : 1);
		unsigned *right = arena_alloc(arena, (m->n_items + 1) *
						      sizeof *right);
		unsigned *at = m->start.at ? arena_alloc(arena, (n + 1) *
							 sizeof *at)
					   : NULL;
		size_t p;

		if (!right || (m->start.at && !at))
			return RIVER_ENOMEM;
		memcpy(right, m->start.right, m->n_items * sizeof *right);
		right[change->which] = m->goal.right[change->which];
		out->start.right = right;
		if (at) {
			memcpy(at, m->start.at, n * sizeof *at);
			for (p = 0; p < m->n_places; p++) {
				size_t k = change->which * m->n_places + p;
				unsigned right_copies =
					m->goal.right[change->which];

				at[k] = m->goal.at ? m->goal.at[k]
					: p ? right_copies
					    : m->items[change->which].copies -
						      right_copies;
			}
			out->start.at = at;
		}
		break;
	}
	case CHANGE_START:
		return copy_placement(&out->start, change->placement, m, arena);
	case CHANGE_GOAL:
		return copy_placement(&out->goal, change->placement, m, arena);
	case CHANGE_TIME_LIMIT:
		out->time_limit = change->value;
		out->has_time_limit = change->value != 0;
		if (!change->value)
			out->minimize_time = true;
		break;
	}
	return RIVER_OK;
}
