/* A plan for people: the puzzle's title, a table of every state (left
 * bank | boat and direction | right bank), the crossings in words, and
 * the verdict. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "util/buf.h"
#include "util/utf8.h"

static const char *number_word(unsigned n, char *buf, size_t size)
{
	static const char *const words[] = {
		"zero", "one", "two", "three", "four", "five",
		"six", "seven", "eight", "nine", "ten"};

	if (n < sizeof words / sizeof *words)
		return words[n];
	snprintf(buf, size, "%u", n);
	return buf;
}

/* Whether item i's label can stand for it: it has one, without the
 * table's column mark '|', and no other item is called or labelled that
 * (else the table, read back by river verify, would be misread). */
static bool label_shows(const struct model *m, size_t i)
{
	const char *label = m->items[i].label;
	size_t j;

	if (!label[0] || strchr(label, '|'))
		return false;
	for (j = 0; j < m->n_items; j++)
		if (j != i && (strcmp(m->items[j].label, label) == 0 ||
			       strcmp(m->items[j].name, label) == 0))
			return false;
	return true;
}

/* How item i shows in the table: its label if it can, else its name;
 * copies of a kind as "3 missionaries" or "🧔×3". */
static void put_token(struct buf *b, const struct model *m, size_t i,
		      unsigned n)
{
	const struct item *it = &m->items[i];
	const char *show = label_shows(m, i) ? it->label : NULL;

	if (!it->is_kind)
		buf_puts(b, show ? show : it->name);
	else if (show)
		buf_printf(b, "%s×%u", show, n);
	else
		buf_printf(b, "%u %s", n, n == 1 ? it->singular : it->name);
}

/* The items of a bank in state k, or of the load of crossing k: those
 * with count(plan, k, item) > 0. */
static void put_items(struct buf *b, const river_plan *plan, size_t k,
		      unsigned (*count)(const river_plan *, size_t, size_t))
{
	const struct model *m = &plan->puzzle->model;
	size_t i;
	bool first = true;

	for (i = 0; i < m->n_items; i++) {
		unsigned n = count(plan, k, i);

		if (n == 0)
			continue;
		if (!first)
			buf_putc(b, ' ');
		put_token(b, m, i, n);
		first = false;
	}
}

struct row {
	char *cell[3]; /* left bank, boat, right bank */
};

static void put_cell(struct buf *out, const char *text, size_t width,
		     bool last)
{
	buf_puts(out, text);
	if (!last)
		buf_pad(out, width - utf8_width(text));
}

static void put_table(struct buf *out, const river_plan *plan)
{
	static const char *const head[3] = {"left bank", "boat", "right bank"};
	size_t n = plan->n_states, i, c, width[3];
	struct row *rows = calloc(n, sizeof *rows);

	if (!rows) {
		out->failed = true;
		return;
	}
	for (c = 0; c < 3; c++)
		width[c] = strlen(head[c]);
	for (i = 0; i < n; i++) {
		struct buf cell[3];

		for (c = 0; c < 3; c++)
			buf_init(&cell[c]);
		put_items(&cell[0], plan, i, plan_on_left);
		if (i > 0 && river_plan_boat_bank(plan, i) == RIVER_RIGHT) {
			put_items(&cell[1], plan, i, river_plan_item_moved);
			buf_puts(&cell[1], " -->");
		} else if (i > 0) {
			buf_puts(&cell[1], "<-- ");
			put_items(&cell[1], plan, i, river_plan_item_moved);
		}
		put_items(&cell[2], plan, i, plan_on_right);
		for (c = 0; c < 3; c++) {
			rows[i].cell[c] = buf_take(&cell[c]);
			if (!rows[i].cell[c])
				out->failed = true;
			else if (utf8_width(rows[i].cell[c]) > width[c])
				width[c] = utf8_width(rows[i].cell[c]);
		}
	}
	if (!out->failed) {
		buf_printf(out, "%4s | ", "step");
		for (c = 0; c < 3; c++) {
			put_cell(out, head[c], width[c], c == 2);
			buf_puts(out, c == 2 ? "\n" : " | ");
		}
		buf_puts(out, "-----+-");
		for (c = 0; c < 3; c++) {
			size_t k;

			for (k = 0; k < width[c]; k++)
				buf_putc(out, '-');
			buf_puts(out, c == 2 ? "-\n" : "-+-");
		}
		for (i = 0; i < n; i++) {
			buf_printf(out, "%4zu | ", i);
			for (c = 0; c < 3; c++) {
				put_cell(out, rows[i].cell[c], width[c], c == 2);
				if (c < 2)
					buf_puts(out, " | ");
			}
			/* No trailing blanks when the right bank is empty. */
			while (out->len > 0 && out->data[out->len - 1] == ' ')
				out->data[--out->len] = '\0';
			buf_putc(out, '\n');
		}
	}
	for (i = 0; i < n; i++)
		for (c = 0; c < 3; c++)
			free(rows[i].cell[c]);
	free(rows);
}

/* "the farmer"; a family's member, "wife2", as "the wife 2". */
static void put_individual(struct buf *b, const char *name)
{
	size_t n = strlen(name), d = n;

	while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9')
		d--;
	if (d > 0 && d < n && name[d - 1] != '_')
		buf_printf(b, "the %.*s %s", (int)d, name, name + d);
	else
		buf_printf(b, "the %s", name);
}

/* "the farmer", "one missionary", "two cannibals". */
static void put_noun(struct buf *b, const struct item *it, unsigned n)
{
	char num[16];

	if (!it->is_kind)
		put_individual(b, it->name);
	else
		buf_printf(b, "%s %s", number_word(n, num, sizeof num),
			   n == 1 ? it->singular : it->name);
}

/* The passengers of a crossing, as nouns joined with commas and "and",
 * leaving out one copy of item skip (SIZE_MAX for none). */
static void put_nouns(struct buf *b, const river_plan *plan, size_t crossing,
		      size_t skip)
{
	const struct model *m = &plan->puzzle->model;
	size_t i, total = 0, done = 0;

	for (i = 0; i < m->n_items; i++)
		total += river_plan_item_moved(plan, crossing, i) - (i == skip) > 0;
	for (i = 0; i < m->n_items; i++) {
		unsigned n = river_plan_item_moved(plan, crossing, i) - (i == skip);

		if (n == 0)
			continue;
		if (done > 0)
			buf_puts(b, done + 1 == total ? " and " : ", ");
		put_noun(b, &m->items[i], n);
		done++;
	}
}

/* The rower named in the sentence: the first individual who rows. */
static size_t named_rower(const river_plan *plan, size_t crossing)
{
	const struct model *m = &plan->puzzle->model;
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (!m->items[i].is_kind && m->items[i].rows &&
		    river_plan_item_moved(plan, crossing, i))
			return i;
	return SIZE_MAX;
}

static void put_sentence(struct buf *out, const river_plan *plan,
			 size_t crossing)
{
	const struct model *m = &plan->puzzle->model;
	bool across = river_plan_boat_bank(plan, crossing) == RIVER_RIGHT;
	size_t start, i, rower = named_rower(plan, crossing);
	unsigned passengers = 0;

	for (i = 0; i < m->n_items; i++)
		passengers += river_plan_item_moved(plan, crossing, i);
	buf_printf(out, "%zu. ", crossing);
	start = out->len;
	if (passengers == 1) {
		put_nouns(out, plan, crossing, SIZE_MAX);
		buf_puts(out, across ? " crosses alone." : " returns alone.");
	} else if (rower != SIZE_MAX) {
		put_noun(out, &m->items[rower], 1);
		buf_puts(out, across ? " takes " : " brings ");
		put_nouns(out, plan, crossing, rower);
		buf_puts(out, across ? " across." : " back.");
	} else {
		put_nouns(out, plan, crossing, SIZE_MAX);
		buf_puts(out, across ? " cross." : " return.");
	}
	if (!out->failed)
		out->data[start] = (char)toupper((unsigned char)out->data[start]);
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

/* "; 2 optimal plans", and how many are shown when not all. */
static void put_count(struct buf *b, const river_plan *plan)
{
	if (plan->count == ~0ULL)
		buf_printf(b, "; at least %llu optimal plans", plan->count);
	else
		buf_printf(b, "; %llu optimal plan%s", plan->count,
			   plan->count == 1 ? "" : "s");
	if (plan->n_alternatives > 0 && plan->n_alternatives < plan->count)
		buf_printf(b, ", the first %zu shown", plan->n_alternatives);
}

int plan_render_text(char **out, const river_plan *plan)
{
	const struct model *m = &plan->puzzle->model;
	struct buf b;
	size_t k, crossings = river_plan_crossings(plan);

	buf_init(&b);
	buf_printf(&b, "%s\n", m->title);
	if (m->description[0])
		buf_printf(&b, "%s\n", m->description);
	buf_putc(&b, '\n');
	if (!plan->solved && plan_by_search(plan)) {
		buf_printf(&b, "No solution: the goal cannot be reached "
			       "(all %llu reachable state%s explored).\n",
			   plan->explored, plan->explored == 1 ? "" : "s");
	} else if (!plan->solved) {
		buf_printf(&b, "No solution: %s proved that no plan has at most "
			       "%u crossing%s, a bound on every plan (%.2f s).\n",
			   plan->engine, plan->horizon,
			   plan->horizon == 1 ? "" : "s", plan->seconds);
	} else {
		for (k = 0; k < plan->n_alternatives; k++) {
			buf_printf(&b, "Plan %zu:\n\n", k + 1);
			put_plan(&b, &plan->alternatives[k]);
			buf_putc(&b, '\n');
		}
		if (plan->n_alternatives == 0)
			put_plan(&b, plan);
		buf_printf(&b, "%sSolved in %zu crossing%s ",
			   plan->n_alternatives ? "" : "\n", crossings,
			   crossings == 1 ? "" : "s");
		if (model_timed(&plan->puzzle->model))
			buf_printf(&b, "taking %llu time unit%s ",
				   river_plan_time(plan),
				   river_plan_time(plan) == 1 ? "" : "s");
		if (plan_by_search(plan))
			buf_printf(&b, "(%llu state%s explored)",
				   plan->explored, plan->explored == 1 ? "" : "s");
		else
			buf_printf(&b, "(%s, %.2f s)", plan->engine,
				   plan->seconds);
		if (plan->counted)
			put_count(&b, plan);
		buf_puts(&b, ".\n");
	}
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}
