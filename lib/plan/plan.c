#define _POSIX_C_SOURCE 200809L

/* Plans: the one constructor of a river_plan, the accessors of river.h,
 * and the choice of renderer.  Searches make plans (search/search.h),
 * the plan checker judges them (check/check.h), the renderers show them
 * (render/render.h); this file holds and reads them. */
#include "plan/plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check.h"
#include "render/render.h"
#include "search/places.h"

unsigned long long plan_span_time(const river_plan *plan, size_t from,
				  size_t to)
{
	if (to <= from || to >= plan->n_states)
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

void plan_load(const river_plan *plan, size_t crossing, unsigned *load)
{
	size_t i;

	for (i = 0; i < plan->puzzle->model.n_items; i++)
		load[i] = river_plan_item_moved(plan, crossing, i);
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
