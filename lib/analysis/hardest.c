#define _POSIX_C_SOURCE 200809L /* strdup */
/* The hardest start (or goal) of a puzzle: every placement of its items
 * (and, for a start, of its boats) over its banks or places, each made
 * the puzzle's start under the same rules and boats (a model change,
 * compile/model.h) and searched as river_solve searches; the one with
 * the longest optimum, and its plan. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/graph.h"
#include "plan/plan.h"
#include "render/render.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/stop.h"

struct river_hardest {
	bool goal;               /* the goals were varied, not the starts */
	bool least_time;
	char *title;
	unsigned long long own;  /* the puzzle's own optimum; */
	bool own_solved;
	size_t tried, legal, solvable;
	river_puzzle *best;      /* the variant, and its plan */
	river_plan *plan;
	unsigned long long optimum;
};

/* Where every item and boat is, as digits: per item, its copies at each
 * place but the last (the rest there); for a start, each boat's place. */
struct odometer {
	const struct model *m;
	size_t places, n_digits;
	bool boats;
	unsigned digit[MODEL_MAX_ITEMS * MODEL_MAX_PLACES + MODEL_MAX_BOATS];
	unsigned top[MODEL_MAX_ITEMS * MODEL_MAX_PLACES + MODEL_MAX_BOATS];
};

static void odometer_init(struct odometer *o, const struct model *m,
			  bool boats)
{
	size_t i, p;

	memset(o, 0, sizeof *o);
	o->m = m;
	o->places = m->n_places ? m->n_places : 2;
	o->boats = boats;
	for (i = 0; i < m->n_items; i++)
		for (p = 0; p + 1 < o->places; p++)
			o->top[o->n_digits++] = m->items[i].copies;
	if (boats)
		for (i = 0; i < (m->n_boats ? m->n_boats : 1); i++)
			o->top[o->n_digits++] = (unsigned)o->places - 1;
}

/* No item has more copies placed than it has. */
static bool odometer_fits(const struct odometer *o)
{
	size_t i, p, k = 0;

	for (i = 0; i < o->m->n_items; i++) {
		unsigned sum = 0;

		for (p = 0; p + 1 < o->places; p++)
			sum += o->digit[k++];
		if (sum > o->m->items[i].copies)
			return false;
	}
	return true;
}

/* The next digits that fit; false past the last. */
static bool odometer_next(struct odometer *o)
{
	size_t k;

	do {
		for (k = 0; k < o->n_digits && o->digit[k] == o->top[k]; k++)
			o->digit[k] = 0;
		if (k == o->n_digits)
			return false;
		o->digit[k]++;
	} while (!odometer_fits(o));
	return true;
}

/* How many placements there are, up to most + 1. */
static size_t placements(const struct model *m, bool boats, size_t most)
{
	size_t places = m->n_places ? m->n_places : 2, i, p, n = 1;

	for (i = 0; i < m->n_items && n <= most; i++) {
		/* compositions of the copies over the places */
		unsigned long long c = 1;

		for (p = 1; p < places; p++)
			c = c * (m->items[i].copies + p) / p;
		n = c > most ? most + 1 : n * (size_t)c;
	}
	for (i = 0; boats && i < (m->n_boats ? m->n_boats : 1) && n <= most;
	     i++)
		n *= places;
	return n > most ? most + 1 : n;
}

/* The digits as a placement pl (right and at arrays of room), the boats
 * of a goal as the puzzle's goal has them. */
static void odometer_place(const struct odometer *o, struct placement *pl,
			   const struct placement *own)
{
	const struct model *m = o->m;
	size_t i, p, k = 0, b;

	for (i = 0; i < m->n_items; i++) {
		unsigned rest = m->items[i].copies;

		for (p = 0; p + 1 < o->places; p++) {
			if (pl->at)
				pl->at[i * o->places + p] = o->digit[k];
			rest -= o->digit[k++];
		}
		if (pl->at)
			pl->at[i * o->places + o->places - 1] = rest;
		pl->right[i] = rest;
	}
	for (b = 0; b < MODEL_MAX_BOATS; b++)
		pl->boats[b] = own->boats[b];
	pl->boat = own->boat;
	if (!o->boats)
		return;
	for (b = 0; b < (m->n_boats ? m->n_boats : 1); b++)
		pl->boats[b] = (int)o->digit[k++];
	pl->boat = pl->boats[0] == (int)o->places - 1;
}

static unsigned long long optimum_of(const river_puzzle *p,
				     const river_plan *plan)
{
	return river_puzzle_minimizes_time(p) ? river_plan_time(plan)
					      : river_plan_crossings(plan);
}

static int hardest(river_hardest *h, const river_puzzle *puzzle,
		   const river_solve_options *opts, const struct stop *stop,
		   river_diag *diag)
{
	const struct model *m = &puzzle->model;
	const struct placement *own = h->goal ? &m->goal : &m->start;
	unsigned right[MODEL_MAX_ITEMS + 1];
	unsigned at[MODEL_MAX_ITEMS * MODEL_MAX_PLACES + 1];
	struct placement pl;
	struct odometer o;
	river_solve_options so = *opts;
	river_plan *plan;
	int rc = RIVER_OK;
	size_t n = placements(m, !h->goal, RIVER_HARDEST_MAX_PLACEMENTS);

	if (puzzle->wide || n > RIVER_HARDEST_MAX_PLACEMENTS)
		return diag_set(diag, RIVER_ETOOBIG, NULL, NULL, "the puzzle has "
				"more than %d placements of its items to try",
				RIVER_HARDEST_MAX_PLACEMENTS);
	/* Many small searches: one thread each, no count, no progress. */
	so.threads = 1;
	so.count = 0;
	so.max_plans = 0;
	so.progress = NULL;
	rc = river_solve(&plan, puzzle, &so, diag);
	if (rc != RIVER_OK)
		return rc;
	h->own_solved = river_plan_solved(plan);
	h->own = h->own_solved ? optimum_of(puzzle, plan) : 0;
	river_plan_free(plan);
	memset(&pl, 0, sizeof pl);
	pl.right = right;
	pl.at = own->at ? at : NULL;
	odometer_init(&o, m, !h->goal);
	do {
		struct model_change change = {h->goal ? CHANGE_GOAL
						      : CHANGE_START,
					      0, 0, &pl};
		river_puzzle *v;
		river_diag d;

		if ((rc = stop_check(stop)) != RIVER_OK)
			break;
		odometer_place(&o, &pl, own);
		h->tried++;
		rc = puzzle_vary(&v, puzzle, &change, &d);
		if (rc == RIVER_EPUZZLE || rc == RIVER_ETOOBIG) {
			rc = RIVER_OK;
			continue;
		}
		if (rc != RIVER_OK) {
			if (diag)
				*diag = d;
			break;
		}
		h->legal++;
		so.timeout = stop_left(stop);
		rc = river_solve(&plan, v, &so, diag);
		if (rc != RIVER_OK) {
			river_puzzle_free(v);
			break;
		}
		if (river_plan_solved(plan)) {
			unsigned long long cost = optimum_of(v, plan);

			h->solvable++;
			if (!h->plan || cost > h->optimum) {
				river_plan_free(h->plan);
				river_puzzle_free(h->best);
				h->plan = plan;
				h->best = v;
				h->optimum = cost;
				continue;
			}
		}
		river_plan_free(plan);
		river_puzzle_free(v);
	} while (odometer_next(&o));
	if (rc == RIVER_ETIMEOUT || rc == RIVER_ECANCELED)
		stop_diag(stop, rc, diag, "while trying the placements");
	return rc;
}

void river_hardest_free(river_hardest *h)
{
	if (!h)
		return;
	river_plan_free(h->plan);
	river_puzzle_free(h->best);
	free(h->title);
	free(h);
}

static int find_hardest(river_hardest **out, const river_puzzle *puzzle,
			int goal, const river_solve_options *opts,
			river_diag *diag)
{
	river_solve_options o;
	river_hardest *h;
	struct stop stop;
	int rc;

	if (out)
		*out = NULL;
	rc = analysis_begin(out != NULL, puzzle, opts, &o, &stop, diag);
	if (rc != RIVER_OK)
		return rc;
	h = calloc(1, sizeof *h);
	if (h)
		h->title = strdup(river_puzzle_title(puzzle));
	if (!h || !h->title) {
		river_hardest_free(h);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	h->goal = goal != 0;
	h->least_time = river_puzzle_minimizes_time(puzzle);
	rc = hardest(h, puzzle, &o, &stop, diag);
	if (rc != RIVER_OK) {
		river_hardest_free(h);
		return rc;
	}
	*out = h;
	return RIVER_OK;
}

int river_hardest_find(river_hardest **out, const river_puzzle *puzzle,
		       int goal, const river_solve_options *opts,
		       river_diag *diag)
{
	int rc = find_hardest(out, puzzle, goal, opts, diag);

	return puzzle_failed(puzzle, rc, diag);
}

const river_plan *river_hardest_plan(const river_hardest *h)
{
	return h ? h->plan : NULL;
}

void river_hardest_counts(const river_hardest *h, size_t *tried,
			  size_t *legal, size_t *solvable)
{
	if (tried)
		*tried = h ? h->tried : 0;
	if (legal)
		*legal = h ? h->legal : 0;
	if (solvable)
		*solvable = h ? h->solvable : 0;
}

static void put_cost(struct buf *b, const river_hardest *h,
		     unsigned long long cost)
{
	char words[48];

	plan_cost_words(words, sizeof words, h->least_time, cost);
	buf_puts(b, words);
}

int river_hardest_render(char **out, const river_hardest *h,
			 river_format format)
{
	const char *what;
	char *plan = NULL;
	struct buf b;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !h ||
	    (format != RIVER_FORMAT_TEXT && format != RIVER_FORMAT_JSON))
		return RIVER_EINVAL;
	what = h->goal ? "goal" : "start";
	if (h->plan) {
		rc = river_plan_render(&plan, h->plan, format);
		if (rc != RIVER_OK)
			return rc;
	}
	buf_init(&b);
	if (format == RIVER_FORMAT_JSON) {
		buf_puts(&b, "{\n  \"title\": ");
		buf_quote(&b, h->title, QUOTE_JSON);
		buf_printf(&b, ",\n  \"varied\": \"%s\",\n  \"objective\": "
			   "\"%s\",\n  \"tried\": %zu,\n  \"legal\": %zu,\n  "
			   "\"solvable\": %zu", what,
			   h->least_time ? "time" : "crossings", h->tried,
			   h->legal, h->solvable);
		if (h->own_solved)
			buf_printf(&b, ",\n  \"own_optimum\": %llu", h->own);
		else
			buf_puts(&b, ",\n  \"own_optimum\": null");
		if (h->plan)
			buf_printf(&b, ",\n  \"optimum\": %llu,\n  \"plan\": %s",
				   h->optimum, plan);
		else
			buf_puts(&b, ",\n  \"optimum\": null,\n  \"plan\": null");
		/* The plan's JSON ends its line. */
		if (b.len && b.data[b.len - 1] == '\n')
			b.len--, b.data[b.len] = '\0';
		buf_puts(&b, "\n}\n");
	} else {
		buf_printf(&b, "%s: the hardest %s\n", h->title, what);
		buf_printf(&b, "Of %zu placements of the items%s as the "
			   "%s, %zu make a valid puzzle and %zu have a plan.\n",
			   h->tried, h->goal ? "" : " and the boat", what,
			   h->legal, h->solvable);
		if (h->plan) {
			buf_printf(&b, "The hardest takes ");
			put_cost(&b, h, h->optimum);
			buf_puts(&b, "; the puzzle's own ");
			if (h->own_solved)
				put_cost(&b, h, h->own);
			else
				buf_puts(&b, "has no plan");
			buf_printf(&b, ".  Its plan, %s:\n\n%s",
				   h->goal ? "to that goal" : "from that start",
				   plan);
		} else {
			buf_printf(&b, "No %s has a plan.\n", what);
		}
	}
	river_free(plan);
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}
