#define _POSIX_C_SOURCE 200809L /* strdup */
/* What matters in a puzzle, for the person who designs it: each rule
 * dropped, each item placed at its goal from the start, each parameter
 * tried at other values, and the puzzle's whole state graph
 * (analysis/graph.h) walked for each; a note, located at the rule, the
 * item or the parameter, for what changes nothing, and one for whether
 * the optimal plan is unique.  Notes are river_diags of status
 * RIVER_OK. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/graph.h"
#include "render/render.h"
#include "util/buf.h"
#include "util/diag.h"
#include "util/grow.h"
#include "util/stop.h"

/* The most values of a parameter tried, from 0 up. */
#define LINT_PARAM_VALUES 24

struct river_notes {
	river_diag *note;
	size_t n, cap;
};

/* What a puzzle's graph says, for comparing variants. */
struct outcome {
	bool solved;
	unsigned long long optimum, states, plans, plans_up_to_symmetry;
};

struct linter {
	const river_puzzle *puzzle;
	const river_solve_options *opts;
	const struct stop *stop;
	river_notes *notes;
	struct outcome base;
};

static int add_note(struct linter *x, const struct loc *loc,
		    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int add_note(struct linter *x, const struct loc *loc,
		    const char *fmt, ...)
{
	river_notes *n = x->notes;
	char message[sizeof ((river_diag *)0)->message];
	va_list ap;

	if (array_grow(&n->note, &n->cap, n->n + 1, sizeof *n->note))
		return RIVER_ENOMEM;
	va_start(ap, fmt);
	vsnprintf(message, sizeof message, fmt, ap);
	va_end(ap);
	diag_set(&n->note[n->n], RIVER_OK, &x->puzzle->src, loc, "%s",
		 message);
	n->n++;
	return RIVER_OK;
}

/* The graph of p as written (by orbits when wide), of at most limit
 * states: solved, optimum, states.  A failure but a limit ends the
 * lint; a limit is *limited. */
static int outcome_of(struct linter *x, const river_puzzle *p,
		      unsigned long long limit, struct outcome *out,
		      bool *limited, river_diag *diag)
{
	struct state_graph *sg;
	river_diag d;
	int rc = state_graph_new(&sg, p, p->wide, limit, x->stop,
				 limited ? &d : diag);

	if (limited)
		*limited = rc == RIVER_ELIMIT || rc == RIVER_ETOOBIG;
	if (limited && *limited)
		return RIVER_OK;
	if (rc != RIVER_OK) {
		if (limited && diag)
			*diag = d;
		return rc;
	}
	out->solved = state_graph_info(sg)->solved;
	out->optimum = state_graph_info(sg)->optimum;
	out->states = state_graph_states(sg);
	state_graph_free(sg);
	return RIVER_OK;
}

/* The bound on the states of a variant that may well have fewer or
 * more: four times the puzzle's, at least LINT_SMALL_WALK, at most the
 * caller's limit.  A variant past it is taken to matter. */
#define LINT_SMALL_WALK 20000ull
static unsigned long long variant_limit(const struct linter *x)
{
	unsigned long long most = x->opts->max_states ? x->opts->max_states
						      : ULLONG_MAX;
	unsigned long long want = x->base.states < LINT_SMALL_WALK / 4
				  ? LINT_SMALL_WALK : 4 * x->base.states;

	return want < most ? want : most;
}

static bool same(const struct outcome *a, const struct outcome *b)
{
	return a->solved == b->solved && a->states == b->states &&
	       (!a->solved || a->optimum == b->optimum);
}

/* "7 crossings", "time 17", "no plan". */
static void put_optimum(char *out, size_t size, const river_puzzle *p,
			const struct outcome *o)
{
	if (!o->solved)
		snprintf(out, size, "no plan");
	else
		plan_cost_words(out, size, p->model.minimize_time, o->optimum);
}

/* The variant of the puzzle with change, and its outcome; *loaded is
 * false when the change makes no valid puzzle (a start that breaks a
 * rule, a goal where it starts), *limited when its graph is past the
 * limit. */
static int try_change(struct linter *x, enum model_change_kind kind,
		      size_t which, unsigned long long limit,
		      struct outcome *out, bool *loaded, bool *limited,
		      river_diag *diag)
{
	struct model_change change = {kind, which, 0, NULL};
	river_puzzle *v;
	river_diag d;
	int rc = puzzle_vary(&v, x->puzzle, &change, &d);

	*loaded = rc == RIVER_OK;
	*limited = false;
	if (rc == RIVER_EPUZZLE || rc == RIVER_ETOOBIG)
		return RIVER_OK;
	if (rc != RIVER_OK) {
		if (diag)
			*diag = d;
		return rc;
	}
	rc = outcome_of(x, v, limit, out, limited, diag);
	river_puzzle_free(v);
	return rc;
}

static int lint_rules(struct linter *x, river_diag *diag)
{
	const struct model *m = &x->puzzle->model;
	char optimum[64];
	size_t r;
	int rc = RIVER_OK;

	put_optimum(optimum, sizeof optimum, x->puzzle, &x->base);
	for (r = 0; r < m->n_rules && rc == RIVER_OK; r++) {
		struct outcome o;
		bool loaded, limited;

		rc = stop_check(x->stop);
		/* Without a rule there are only more states: a walk past
		 * the puzzle's own number shows that the rule matters. */
		if (rc == RIVER_OK)
			rc = try_change(x, CHANGE_DROP_RULE, r,
					x->base.states, &o, &loaded,
					&limited, diag);
		if (rc != RIVER_OK || !loaded || limited || !same(&o, &x->base))
			continue;
		rc = add_note(x, &m->rules[r].loc, "the rule '%s' never "
			      "matters: without it the optimum (%s) and the "
			      "%llu reachable states are the same",
			      m->rules[r].text, optimum, x->base.states);
	}
	return rc;
}

/* Is item i where the goal puts it at the start already? */
static bool starts_at_goal(const struct model *m, size_t i)
{
	size_t p;

	if (!m->start.at || !m->goal.at)
		return m->start.right[i] == m->goal.right[i];
	for (p = 0; p < m->n_places; p++)
		if (m->start.at[i * m->n_places + p] !=
		    m->goal.at[i * m->n_places + p])
			return false;
	return true;
}

static int lint_items(struct linter *x, river_diag *diag)
{
	const struct model *m = &x->puzzle->model;
	char optimum[64];
	size_t i;
	int rc = RIVER_OK;

	put_optimum(optimum, sizeof optimum, x->puzzle, &x->base);
	for (i = 0; i < m->n_items && rc == RIVER_OK; i++) {
		struct outcome o;
		bool loaded, limited;

		if (starts_at_goal(m, i))
			continue;
		rc = stop_check(x->stop);
		if (rc == RIVER_OK)
			rc = try_change(x, CHANGE_START_AT_GOAL, i,
					variant_limit(x), &o, &loaded,
					&limited, diag);
		if (rc != RIVER_OK || !loaded || limited || !o.solved ||
		    !x->base.solved || o.optimum != x->base.optimum)
			continue;
		rc = add_note(x, &m->items[i].loc, "'%s' never matters: "
			      "starting where the goal puts %s, the optimum "
			      "is the same (%s)", m->items[i].name,
			      m->items[i].is_kind ? "them" : "it", optimum);
	}
	return rc;
}

/* The values of parameter k that make the puzzle trivial, a plan of at
 * most one crossing: tried from 0 up, the others as compiled. */
static int lint_param(struct linter *x, size_t k, river_diag *diag)
{
	const struct model *m = &x->puzzle->model;
	const struct model_param *mp = &m->params[k];
	river_param *params = malloc(m->n_params * sizeof *params);
	unsigned long long v, first = ULLONG_MAX, last = 0, most;
	struct buf b;
	size_t i;
	int rc = RIVER_OK;

	if (!params)
		return RIVER_ENOMEM;
	for (i = 0; i < m->n_params; i++) {
		params[i].name = m->params[i].name;
		params[i].value = (long long)m->params[i].value;
	}
	most = mp->value * 2 + 4;
	if (most > LINT_PARAM_VALUES - 1)
		most = LINT_PARAM_VALUES - 1;
	buf_init(&b);
	for (v = 0; v <= most && rc == RIVER_OK; v++) {
		river_puzzle *p;
		struct outcome o;
		bool limited;
		river_diag d;

		rc = stop_check(x->stop);
		if (rc != RIVER_OK)
			break;
		params[k].value = (long long)v;
		if (river_puzzle_load_string_with(&p, x->puzzle->src.text,
						  x->puzzle->src.len,
						  x->puzzle->src.name, params,
						  m->n_params, &d) != RIVER_OK)
			continue;
		rc = outcome_of(x, p, variant_limit(x), &o, &limited, diag);
		river_puzzle_free(p);
		if (rc != RIVER_OK || limited)
			continue;
		if (o.solved && o.optimum <= 1 && !m->minimize_time) {
			if (first == ULLONG_MAX)
				first = v;
			else if (v != last + 1) {
				buf_printf(&b, "%s%llu", b.len ? ", " : "",
					   first);
				if (last > first)
					buf_printf(&b, "..%llu", last);
				first = v;
			}
			last = v;
		}
	}
	if (rc == RIVER_OK && first != ULLONG_MAX) {
		buf_printf(&b, "%s%llu", b.len ? ", " : "", first);
		if (last > first)
			buf_printf(&b, "..%llu", last);
		if (b.failed)
			rc = RIVER_ENOMEM;
		else
			rc = add_note(x, &mp->loc, "%s = %s makes the puzzle "
				      "trivial: one crossing or none (values "
				      "0 to %llu tried)", mp->name, b.data,
				      most);
	}
	buf_release(&b);
	free(params);
	return rc;
}

static int lint_uniqueness(struct linter *x, river_diag *diag)
{
	river_solve_options o = *x->opts;
	river_rating_info info;
	river_rating *r;
	int rc;

	o.timeout = stop_left(x->stop);
	rc = river_rate(&r, x->puzzle, &o, diag);

	if (rc != RIVER_OK)
		return rc;
	river_rating_info_init(&info, RIVER_RATING_INFO_VERSION);
	river_rating_get(r, &info);
	river_rating_free(r);
	if (!info.solved)
		return add_note(x, NULL, "no plan reaches the goal");
	if (info.plans == 1)
		return add_note(x, NULL, "the optimal plan is unique");
	if (info.plans_up_to_symmetry == 1)
		return add_note(x, NULL, "the optimal plan is unique up to "
				"symmetry (%llu plans that differ only in which "
				"of interchangeable items move)", info.plans);
	return add_note(x, NULL, "the optimum is not unique: %llu optimal "
			"plans, %llu up to symmetry", info.plans,
			info.plans_up_to_symmetry);
}

void river_notes_free(river_notes *notes)
{
	if (!notes)
		return;
	free(notes->note);
	free(notes);
}

static int lint(river_notes **out, const river_puzzle *puzzle,
		const river_solve_options *opts, river_diag *diag)
{
	river_solve_options o;
	struct linter x;
	struct stop stop;
	size_t k, before;
	int rc;

	if (out)
		*out = NULL;
	rc = analysis_begin(out != NULL, puzzle, opts, &o, &stop, diag);
	if (rc != RIVER_OK)
		return rc;
	memset(&x, 0, sizeof x);
	x.puzzle = puzzle;
	x.opts = &o;
	x.stop = &stop;
	x.notes = calloc(1, sizeof *x.notes);
	if (!x.notes)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	rc = outcome_of(&x, puzzle, o.max_states, &x.base, NULL, diag);
	if (rc == RIVER_OK)
		rc = lint_uniqueness(&x, diag);
	before = x.notes->n;
	if (rc == RIVER_OK)
		rc = lint_rules(&x, diag);
	if (rc == RIVER_OK)
		rc = lint_items(&x, diag);
	for (k = 0; rc == RIVER_OK && k < puzzle->model.n_params; k++)
		rc = lint_param(&x, k, diag);
	if (rc == RIVER_OK && x.notes->n == before)
		rc = add_note(&x, NULL, "every rule and every item matters, "
			      "and no parameter value tried makes the puzzle "
			      "trivial");
	if (rc == RIVER_ENOMEM)
		diag_set(diag, rc, NULL, NULL, "out of memory");
	else if (rc == RIVER_ETIMEOUT || rc == RIVER_ECANCELED)
		stop_diag(&stop, rc, diag, "while checking what matters");
	if (rc != RIVER_OK) {
		river_notes_free(x.notes);
		return rc;
	}
	*out = x.notes;
	return RIVER_OK;
}

int river_lint(river_notes **out, const river_puzzle *puzzle,
	       const river_solve_options *opts, river_diag *diag)
{
	int rc = lint(out, puzzle, opts, diag);

	return puzzle_failed(puzzle, rc, diag);
}

size_t river_notes_count(const river_notes *notes)
{
	return notes ? notes->n : 0;
}

const river_diag *river_notes_at(const river_notes *notes, size_t k)
{
	return notes && k < notes->n ? &notes->note[k] : NULL;
}

int river_notes_render(char **out, const river_notes *notes,
		       river_format format)
{
	struct buf b;
	size_t k;

	if (out)
		*out = NULL;
	if (!out || !notes ||
	    (format != RIVER_FORMAT_TEXT && format != RIVER_FORMAT_JSON))
		return RIVER_EINVAL;
	buf_init(&b);
	if (format == RIVER_FORMAT_JSON)
		buf_puts(&b, "[");
	for (k = 0; k < notes->n; k++) {
		const river_diag *d = &notes->note[k];

		if (format == RIVER_FORMAT_TEXT) {
			int n = diag_format_as(NULL, 0, d, "note");
			char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;

			if (!text) {
				b.failed = true;
				break;
			}
			diag_format_as(text, (size_t)n + 1, d, "note");
			buf_puts(&b, text);
			free(text);
			continue;
		}
		buf_printf(&b, "%s\n  {\"file\": ", k ? "," : "");
		buf_quote(&b, d->file, QUOTE_JSON);
		buf_printf(&b, ", \"line\": %d, \"column\": %d, \"note\": ",
			   d->line, d->column);
		buf_quote(&b, d->message, QUOTE_JSON);
		buf_putc(&b, '}');
	}
	if (format == RIVER_FORMAT_JSON)
		buf_puts(&b, notes->n ? "\n]\n" : "]\n");
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}
