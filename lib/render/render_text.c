/* A plan for people: the puzzle's title, a table of every state (left
 * bank | boat and direction | right bank), the crossings in words, and
 * the verdict. */
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "render/render.h"
#include "util/buf.h"
#include "util/utf8.h"

/* The items of a bank in state k, or of the load of crossing k: those
 * with count(plan, k, item) > 0. */
static void put_items(struct buf *b, const river_plan *plan, size_t k,
		      unsigned (*count)(const river_plan *, size_t, size_t))
{
	unsigned n[MODEL_MAX_ITEMS + 1];

	plan_counts(plan, k, count, n);
	plan_put_tokens(b, &plan->puzzle->model, n);
}

/* The most columns: every place and the boat. */
#define MAX_COLUMNS (MODEL_MAX_PLACES + 1)

struct row {
	char *cell[MAX_COLUMNS];
};

static void put_cell(struct buf *out, const char *text, size_t width,
		     bool last)
{
	buf_puts(out, text);
	if (!last)
		buf_pad(out, width - utf8_width(text));
}

/* The items at place p in state k. */
static void put_place(struct buf *b, const river_plan *plan, size_t k,
		      size_t p)
{
	const struct model *m = &plan->puzzle->model;
	unsigned n[MODEL_MAX_ITEMS + 1];
	size_t i;

	for (i = 0; i < m->n_items; i++)
		n[i] = river_plan_item_at(plan, k, i, p);
	plan_put_tokens(b, m, n);
}

/* The cells of state k: on two banks, left bank | boat | right bank;
 * with places, one column a place, then the boat's leg ("the goat -->
 * island", its boat named when there are several). */
static void fill_row(struct buf *cell, const river_plan *plan, size_t k)
{
	const struct model *m = &plan->puzzle->model;
	size_t p, to, boat;

	if (!plan_of_places(plan)) {
		put_items(&cell[0], plan, k, plan_on_left);
		if (k > 0 && river_plan_boat_bank(plan, k) == RIVER_RIGHT) {
			put_items(&cell[1], plan, k, river_plan_item_moved);
			buf_puts(&cell[1], " -->");
		} else if (k > 0) {
			buf_puts(&cell[1], "<-- ");
			put_items(&cell[1], plan, k, river_plan_item_moved);
		}
		put_items(&cell[2], plan, k, plan_on_right);
		return;
	}
	for (p = 0; p < m->n_places; p++)
		put_place(&cell[p], plan, k, p);
	if (k == 0)
		return;
	boat = plan_leg_boat(plan, k, &to);
	if (m->n_boats > 1)
		buf_printf(&cell[m->n_places], "%s: ", m->boats[boat].name);
	put_items(&cell[m->n_places], plan, k, river_plan_item_moved);
	buf_printf(&cell[m->n_places], " --> %s", m->place_names[to]);
}

static void put_table(struct buf *out, const river_plan *plan)
{
	const struct model *m = &plan->puzzle->model;
	const char *head[MAX_COLUMNS] = {"left bank", "boat", "right bank"};
	size_t n = plan->n_states, cols = 3, i, c, width[MAX_COLUMNS];
	struct row *rows = calloc(n, sizeof *rows);

	if (!rows) {
		out->failed = true;
		return;
	}
	if (plan_of_places(plan)) {
		for (c = 0; c < m->n_places; c++)
			head[c] = m->place_names[c];
		head[c] = m->n_boats > 1 ? "boats" : "boat";
		cols = m->n_places + 1;
	}
	for (c = 0; c < cols; c++)
		width[c] = utf8_width(head[c]);
	for (i = 0; i < n; i++) {
		struct buf cell[MAX_COLUMNS];

		for (c = 0; c < cols; c++)
			buf_init(&cell[c]);
		fill_row(cell, plan, i);
		for (c = 0; c < cols; c++) {
			rows[i].cell[c] = buf_take(&cell[c]);
			if (!rows[i].cell[c])
				out->failed = true;
			else if (utf8_width(rows[i].cell[c]) > width[c])
				width[c] = utf8_width(rows[i].cell[c]);
		}
	}
	if (!out->failed) {
		buf_printf(out, "%4s | ", "step");
		for (c = 0; c < cols; c++) {
			put_cell(out, head[c], width[c], c + 1 == cols);
			buf_puts(out, c + 1 == cols ? "\n" : " | ");
		}
		buf_puts(out, "-----+-");
		for (c = 0; c < cols; c++) {
			size_t k;

			for (k = 0; k < width[c]; k++)
				buf_putc(out, '-');
			buf_puts(out, c + 1 == cols ? "-\n" : "-+-");
		}
		for (i = 0; i < n; i++) {
			buf_printf(out, "%4zu | ", i);
			for (c = 0; c < cols; c++) {
				put_cell(out, rows[i].cell[c], width[c],
					 c + 1 == cols);
				if (c + 1 < cols)
					buf_puts(out, " | ");
			}
			/* No trailing blanks when the last column is empty. */
			while (out->len > 0 && out->data[out->len - 1] == ' ')
				out->data[--out->len] = '\0';
			buf_putc(out, '\n');
		}
	}
	for (i = 0; i < n; i++)
		for (c = 0; c < cols; c++)
			free(rows[i].cell[c]);
	free(rows);
}

static void put_sentence(struct buf *out, const river_plan *plan,
			 size_t crossing)
{
	buf_printf(out, "%zu. ", crossing);
	plan_put_step_sentence(out, plan, crossing);
	buf_putc(out, '\n');
}

/* The table of states, then the crossings in words. */
static void put_plan(struct buf *b, const river_plan *plan)
{
	size_t k, crossings = river_plan_crossings(plan);

	put_table(b, plan);
	buf_putc(b, '\n');
	for (k = 1; k <= crossings; k++)
		put_sentence(b, plan, k);
}

int plan_render_text(char **out, const river_plan *plan)
{
	const struct model *m = &plan->puzzle->model;
	struct buf b;
	size_t k;

	buf_init(&b);
	buf_printf(&b, "%s\n", m->title);
	if (m->description[0])
		buf_printf(&b, "%s\n", m->description);
	buf_putc(&b, '\n');
	if (plan_has_steps(plan)) {
		for (k = 0; k < plan->n_alternatives; k++) {
			buf_printf(&b, "Plan %zu:\n\n", k + 1);
			put_plan(&b, &plan->alternatives[k]);
			buf_putc(&b, '\n');
		}
		if (plan->n_alternatives == 0) {
			put_plan(&b, plan);
			buf_putc(&b, '\n');
		}
	}
	plan_put_verdict(&b, plan);
	buf_putc(&b, '\n');
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}
