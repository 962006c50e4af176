/* A plan in words, for every renderer that shows one to people: how an
 * item shows in a table or picture, the sentence of a crossing, and the
 * verdict that closes a plan. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "plan/plan.h"
#include "render/render.h"
#include "util/grow.h" /* plural */

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

void plan_put_token(struct buf *b, const struct model *m, size_t i, unsigned n)
{
	const struct item *it = &m->items[i];
	const char *show = model_shown_label(m, i);

	if (!it->is_kind)
		buf_puts(b, show ? show : it->name);
	else if (show)
		buf_printf(b, "%s×%u", show, n);
	else
		buf_printf(b, "%u %s", n, n == 1 ? it->singular : it->name);
}

void plan_put_step_sentence(struct buf *b, const river_plan *plan,
			    size_t k)
{
	unsigned load[MODEL_MAX_ITEMS + 1];

	plan_load(plan, k, load);
	if (plan_of_places(plan)) {
		size_t to, boat = plan_leg_boat(plan, k, &to);

		plan_put_leg_sentence(b, &plan->puzzle->model, load, boat, to);
	} else {
		plan_put_sentence(b, &plan->puzzle->model, load,
				  river_plan_boat_bank(plan, k) == RIVER_RIGHT);
	}
}

void plan_counts(const river_plan *plan, size_t k,
		 unsigned (*count)(const river_plan *, size_t, size_t),
		 unsigned *n)
{
	size_t i;

	for (i = 0; i < plan->puzzle->model.n_items; i++)
		n[i] = count(plan, k, i);
}

void plan_put_tokens(struct buf *b, const struct model *m,
		     const unsigned *count)
{
	bool first = true;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		if (count[i] == 0)
			continue;
		if (!first)
			buf_putc(b, ' ');
		plan_put_token(b, m, i, count[i]);
		first = false;
	}
}

static bool capital(const char *s)
{
	return s[0] >= 'A' && s[0] <= 'Z';
}

/* Does a label read as a proper name: one capitalised word, perhaps
 * numbered ("Alice", "Robber 2"), not an initial ("F"), an emoji or
 * words ("Younger child")? */
static bool name_like(const char *s)
{
	size_t k = 1;

	if (!capital(s) || !(s[1] >= 'a' && s[1] <= 'z'))
		return false;
	while (s[k] >= 'a' && s[k] <= 'z')
		k++;
	if (s[k] == ' ' && s[k + 1] >= '0' && s[k + 1] <= '9')
		for (k++; s[k] >= '0' && s[k] <= '9'; k++)
			;
	return s[k] == '\0';
}

/* An individual in a sentence.  A proper name goes without an article:
 * a label the table shows that reads as one (name_like), else a name
 * that starts with a capital letter.  Otherwise "the farmer", and a
 * family's member, "wife2", "the wife 2". */
static void put_individual(struct buf *b, const struct model *m, size_t i)
{
	const char *name = m->items[i].name, *label = model_shown_label(m, i);
	size_t n = strlen(name), d = n;

	if (label && name_like(label)) {
		buf_puts(b, label);
		return;
	}
	if (capital(name)) {
		buf_puts(b, name);
		return;
	}
	while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9')
		d--;
	if (d > 0 && d < n && name[d - 1] != '_')
		buf_printf(b, "the %.*s %s", (int)d, name, name + d);
	else
		buf_printf(b, "the %s", name);
}

/* "the farmer", "Alice", "one missionary", "two cannibals". */
static void put_noun(struct buf *b, const struct model *m, size_t i,
		     unsigned n)
{
	const struct item *it = &m->items[i];
	char num[16];

	if (!it->is_kind)
		put_individual(b, m, i);
	else
		buf_printf(b, "%s %s", number_word(n, num, sizeof num),
			   n == 1 ? it->singular : it->name);
}

/* The passengers of a load, as nouns joined with commas and "and",
 * leaving out one copy of item skip (SIZE_MAX for none). */
static void put_nouns(struct buf *b, const struct model *m,
		      const unsigned *load, size_t skip)
{
	size_t i, total = 0, done = 0;

	for (i = 0; i < m->n_items; i++)
		total += load[i] - (i == skip) > 0;
	for (i = 0; i < m->n_items; i++) {
		unsigned n = load[i] - (i == skip);

		if (n == 0)
			continue;
		if (done > 0)
			buf_puts(b, done + 1 == total ? " and " : ", ");
		put_noun(b, m, i, n);
		done++;
	}
}

void plan_put_passengers(struct buf *b, const struct model *m,
			 const unsigned *load)
{
	put_nouns(b, m, load, SIZE_MAX);
}

/* The rower named in the sentence: the first individual who rows
 * (items: the boat's own rowers, or the model's). */
static size_t named_rower(const struct model *m, const struct item *items,
			  const unsigned *load)
{
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (!items[i].is_kind && items[i].rows && load[i])
			return i;
	return SIZE_MAX;
}

void plan_put_sentence(struct buf *out, const struct model *m,
		       const unsigned *load, bool across)
{
	size_t start = out->len, i, rower = named_rower(m, m->items, load);
	unsigned passengers = 0;

	for (i = 0; i < m->n_items; i++)
		passengers += load[i];
	if (passengers == 1) {
		put_nouns(out, m, load, SIZE_MAX);
		buf_puts(out, across ? " crosses alone." : " returns alone.");
	} else if (rower != SIZE_MAX) {
		put_noun(out, m, rower, 1);
		buf_puts(out, across ? " takes " : " brings ");
		put_nouns(out, m, load, rower);
		buf_puts(out, across ? " across." : " back.");
	} else {
		put_nouns(out, m, load, SIZE_MAX);
		buf_puts(out, across ? " cross." : " return.");
	}
	if (!out->failed && out->len > start)
		out->data[start] = (char)toupper((unsigned char)out->data[start]);
}

void plan_put_leg_sentence(struct buf *out, const struct model *m,
			   const unsigned *load, size_t boat, size_t to)
{
	size_t start = out->len, i,
	       rower = named_rower(m, m->boats[boat].items ? m->boats[boat].items
							   : m->items, load);
	const char *place = m->place_names[to];
	unsigned passengers = 0;

	for (i = 0; i < m->n_items; i++)
		passengers += load[i];
	if (passengers == 1) {
		put_nouns(out, m, load, SIZE_MAX);
		buf_printf(out, " goes alone to the %s", place);
	} else if (rower != SIZE_MAX) {
		put_noun(out, m, rower, 1);
		buf_puts(out, " takes ");
		put_nouns(out, m, load, rower);
		buf_printf(out, " to the %s", place);
	} else {
		put_nouns(out, m, load, SIZE_MAX);
		buf_printf(out, " go to the %s", place);
	}
	if (m->n_boats > 1)
		buf_printf(out, " in the %s", m->boats[boat].name);
	buf_putc(out, '.');
	if (!out->failed && out->len > start)
		out->data[start] = (char)toupper((unsigned char)out->data[start]);
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

void plan_cost_words(char *out, size_t size, bool least_time,
		     unsigned long long cost)
{
	if (least_time)
		snprintf(out, size, "time %llu", cost);
	else
		snprintf(out, size, "%llu crossing%s", cost, plural(cost));
}

void plan_put_verdict(struct buf *b, const river_plan *plan)
{
	size_t crossings = river_plan_crossings(plan);

	if (plan->replayed) {
		buf_printf(b, "%zu crossing%s played", crossings,
			   crossings == 1 ? "" : "s");
		if (model_timed(&plan->puzzle->model))
			buf_printf(b, ", taking %llu time unit%s",
				   river_plan_time(plan),
				   river_plan_time(plan) == 1 ? "" : "s");
		buf_puts(b, plan->solved ? ": the goal is reached."
					 : ": the goal is not reached yet.");
		return;
	}
	if (!plan->solved && plan_by_search(plan)) {
		buf_printf(b, "No solution: the goal cannot be reached "
			      "(all %llu reachable state%s explored",
			   plan->explored, plan->explored == 1 ? "" : "s");
		/* A search up to interchangeable items: the states of the
		 * puzzle as written too. */
		if (plan->in_all != plan->explored)
			buf_printf(b, ", up to interchangeable items: %s%llu "
				      "in all", plan->in_all == ~0ULL
						? "at least " : "",
				   plan->in_all);
		buf_puts(b, ").");
		return;
	}
	if (!plan->solved) {
		/* Of places, the bound is the place search's (export.c). */
		buf_printf(b, "No solution: %s proved that no plan has at most "
			      "%u crossing%s, a bound on every plan%s (%.2f s).",
			   plan->engine, plan->horizon,
			   plan->horizon == 1 ? "" : "s",
			   plan->puzzle->places ? " by river's place search" : "",
			   plan->seconds);
		return;
	}
	buf_printf(b, "Solved in %zu crossing%s ", crossings,
		   crossings == 1 ? "" : "s");
	if (model_timed(&plan->puzzle->model))
		buf_printf(b, "taking %llu time unit%s ", river_plan_time(plan),
			   river_plan_time(plan) == 1 ? "" : "s");
	if (plan_by_search(plan))
		buf_printf(b, "(%llu state%s explored)", plan->explored,
			   plan->explored == 1 ? "" : "s");
	else
		buf_printf(b, "(%s, %.2f s)", plan->engine, plan->seconds);
	if (plan->counted)
		put_count(b, plan);
	buf_putc(b, '.');
}
