/* A plan for programs: one JSON object (its fields: river(7), JSON OUTPUT). */
#include <stdio.h>

#include "plan/plan.h"
#include "render/render.h"
#include "util/buf.h"

/* A JSON array of item names, one entry per copy: count(plan, k, i)
 * copies of item i. */
static void put_names(struct buf *b, const river_plan *plan, size_t k,
		      unsigned (*count)(const river_plan *, size_t, size_t))
{
	unsigned n[MODEL_MAX_ITEMS + 1];

	plan_counts(plan, k, count, n);
	plan_put_json_names(b, &plan->puzzle->model, n);
}

void plan_put_json_names(struct buf *b, const struct model *m,
			 const unsigned *count)
{
	bool first = true;
	size_t i;
	unsigned c;

	buf_putc(b, '[');
	for (i = 0; i < m->n_items; i++) {
		for (c = 0; c < count[i]; c++) {
			if (!first)
				buf_puts(b, ", ");
			buf_quote(b, m->items[i].name, QUOTE_JSON);
			first = false;
		}
	}
	buf_putc(b, ']');
}

/* A puzzle of places' state k: "at", each place's items. */
static void put_places(struct buf *b, const river_plan *plan, size_t k)
{
	const struct model *m = &plan->puzzle->model;
	unsigned n[MODEL_MAX_ITEMS + 1];
	size_t i, p;

	buf_puts(b, "\"at\": {");
	for (p = 0; p < m->n_places; p++) {
		for (i = 0; i < m->n_items; i++)
			n[i] = river_plan_item_at(plan, k, i, p);
		if (p)
			buf_puts(b, ", ");
		buf_quote(b, m->place_names[p], QUOTE_JSON);
		buf_puts(b, ": ");
		plan_put_json_names(b, m, n);
	}
	buf_putc(b, '}');
}

/* The boats' places in state k: "boats": {"ferry": "island", ...}. */
static void put_boats(struct buf *b, const river_plan *plan, size_t k)
{
	const struct model *m = &plan->puzzle->model;
	size_t j;

	buf_puts(b, "\"boats\": {");
	for (j = 0; j < m->n_boats; j++) {
		if (j)
			buf_puts(b, ", ");
		buf_quote(b, m->boats[j].name, QUOTE_JSON);
		buf_puts(b, ": ");
		buf_quote(b, m->place_names[river_plan_boat_at(plan, k, j)],
			  QUOTE_JSON);
	}
	buf_putc(b, '}');
}

static void put_banks(struct buf *b, const river_plan *plan, size_t k)
{
	buf_puts(b, "\"left\": ");
	put_names(b, plan, k, plan_on_left);
	buf_puts(b, ", \"right\": ");
	put_names(b, plan, k, plan_on_right);
}

/* State k as a JSON object: the boat's bank and the banks. */
static void put_state(struct buf *b, const river_plan *plan, size_t k)
{
	if (plan_of_places(plan)) {
		buf_putc(b, '{');
		put_boats(b, plan, k);
		buf_puts(b, ", ");
		put_places(b, plan, k);
		buf_putc(b, '}');
		return;
	}
	buf_printf(b, "{\"boat\": \"%s\", ",
		   river_plan_boat_bank(plan, k) == RIVER_RIGHT ? "right"
							 : "left");
	put_banks(b, plan, k);
	buf_putc(b, '}');
}

/* Crossing k in words, as the text says it: "The farmer takes the
 * goat across." */
static void put_step_sentence(struct buf *b, const river_plan *plan,
			      size_t k)
{
	struct buf words;

	buf_init(&words);
	plan_put_step_sentence(&words, plan, k);
	buf_puts(b, ", \"sentence\": ");
	buf_quote(b, words.failed || !words.data ? "" : words.data,
		  QUOTE_JSON);
	if (words.failed)
		b->failed = true;
	buf_release(&words);
}

/* Crossing k (1-based) as a JSON object: who is in the boat, from
 * where to where, the banks after it, and the crossing in words. */
static void put_step(struct buf *b, const river_plan *plan, size_t k)
{
	bool right = river_plan_boat_bank(plan, k) == RIVER_RIGHT;

	if (plan_of_places(plan)) {
		const struct model *m = &plan->puzzle->model;
		size_t to, boat = plan_leg_boat(plan, k, &to);

		buf_puts(b, "{\"boat\": ");
		put_names(b, plan, k, river_plan_item_moved);
		if (m->n_boats > 1) {
			buf_puts(b, ", \"by\": ");
			buf_quote(b, m->boats[boat].name, QUOTE_JSON);
		}
		buf_puts(b, ", \"from\": ");
		buf_quote(b, m->place_names[river_plan_boat_at(plan, k - 1,
							       boat)],
			  QUOTE_JSON);
		buf_puts(b, ", \"to\": ");
		buf_quote(b, m->place_names[to], QUOTE_JSON);
		buf_puts(b, ", ");
		put_places(b, plan, k);
		put_step_sentence(b, plan, k);
		buf_putc(b, '}');
		return;
	}
	buf_puts(b, "{\"boat\": ");
	put_names(b, plan, k, river_plan_item_moved);
	buf_printf(b, ", \"from\": \"%s\", \"to\": \"%s\", ",
		   right ? "left" : "right", right ? "right" : "left");
	put_banks(b, plan, k);
	put_step_sentence(b, plan, k);
	buf_putc(b, '}');
}

/* The crossings of a plan as a JSON array, its lines indented. */
static void put_steps(struct buf *b, const river_plan *plan,
		      const char *indent)
{
	size_t k, crossings = river_plan_crossings(plan);

	buf_putc(b, '[');
	for (k = 1; k <= crossings; k++) {
		buf_printf(b, "%s\n%s  ", k == 1 ? "" : ",", indent);
		put_step(b, plan, k);
	}
	if (crossings)
		buf_printf(b, "\n%s", indent);
	buf_putc(b, ']');
}

int plan_render_json(char **out, const river_plan *plan)
{
	const struct model *m = &plan->puzzle->model;
	size_t k, crossings = river_plan_crossings(plan);
	struct buf b;

	buf_init(&b);
	buf_puts(&b, "{\n  \"title\": ");
	buf_quote(&b, m->title, QUOTE_JSON);
	buf_puts(&b, ",\n  \"description\": ");
	buf_quote(&b, m->description, QUOTE_JSON);
	if (plan_of_places(plan)) {
		size_t p;

		buf_puts(&b, ",\n  \"places\": [");
		for (p = 0; p < m->n_places; p++) {
			if (p)
				buf_puts(&b, ", ");
			buf_quote(&b, m->place_names[p], QUOTE_JSON);
		}
		buf_putc(&b, ']');
	}
	buf_printf(&b, ",\n  \"solved\": %s", plan->solved ? "true" : "false");
	if (plan_has_steps(plan))
		buf_printf(&b, ",\n  \"crossings\": %zu", crossings);
	else
		buf_puts(&b, ",\n  \"crossings\": null");
	if (model_timed(&plan->puzzle->model) && plan_has_steps(plan))
		buf_printf(&b, ",\n  \"time\": %llu", river_plan_time(plan));
	else if (model_timed(&plan->puzzle->model))
		buf_puts(&b, ",\n  \"time\": null");
	if (plan_by_search(plan) && !plan->replayed)
		buf_printf(&b, ",\n  \"states_explored\": %llu", plan->explored);
	else
		buf_puts(&b, ",\n  \"states_explored\": null");
	/* Proved unsolvable by the search: every reachable state of the
	 * puzzle as written, which the states explored stand for. */
	if (plan_by_search(plan) && !plan->replayed && !plan->solved)
		buf_printf(&b, ",\n  \"states_in_all\": %llu", plan->in_all);
	buf_printf(&b, ",\n  \"engine\": \"%s\"", plan->engine);
	if (!plan_by_search(plan))
		buf_printf(&b, ",\n  \"seconds\": %.3f,\n  \"horizon\": %u",
			   plan->seconds, plan->horizon);
	if (plan->counted)
		buf_printf(&b, ",\n  \"optimal_plans\": %llu", plan->count);
	buf_puts(&b, ",\n  \"start\": ");
	put_state(&b, plan, 0);
	buf_puts(&b, ",\n  \"plan\": ");
	put_steps(&b, plan, "  ");
	if (plan->n_alternatives > 0) {
		buf_puts(&b, ",\n  \"plans\": [");
		for (k = 0; k < plan->n_alternatives; k++) {
			buf_puts(&b, k ? ",\n    " : "\n    ");
			put_steps(&b, &plan->alternatives[k], "    ");
		}
		buf_puts(&b, "\n  ]");
	}
	buf_puts(&b, "\n}\n");
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}

int plan_render_hint_json(char **out, const river_plan *hint)
{
	const struct model *m = &hint->puzzle->model;
	size_t crossings = river_plan_crossings(hint);
	struct buf b;

	buf_init(&b);
	buf_puts(&b, "{\n  \"title\": ");
	buf_quote(&b, m->title, QUOTE_JSON);
	buf_puts(&b, ",\n  \"state\": ");
	put_state(&b, hint, 0);
	buf_printf(&b, ",\n  \"solved\": %s", hint->solved ? "true" : "false");
	buf_printf(&b, ",\n  \"at_goal\": %s",
		   hint->solved && crossings == 0 ? "true" : "false");
	if (hint->solved)
		buf_printf(&b, ",\n  \"remaining\": %zu", crossings);
	else
		buf_puts(&b, ",\n  \"remaining\": null");
	if (model_timed(m) && hint->solved)
		buf_printf(&b, ",\n  \"time\": %llu", river_plan_time(hint));
	else if (model_timed(m))
		buf_puts(&b, ",\n  \"time\": null");
	buf_printf(&b, ",\n  \"states_explored\": %llu", hint->explored);
	buf_puts(&b, ",\n  \"next\": ");
	if (crossings > 0)
		put_step(&b, hint, 1);
	else
		buf_puts(&b, "null");
	buf_puts(&b, ",\n  \"plan\": ");
	put_steps(&b, hint, "  ");
	buf_puts(&b, "\n}\n");
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}
