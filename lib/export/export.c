/* The formats' common ground: options, the default horizon, names safe
 * in each language, and the public river_export. */
#include "export/export.h"

#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "util/stop.h"

/* Each format and its writer: every format states the whole language. */
static const struct {
	const char *name;
	export_writer write;
} formats[] = {
	{"minizinc", export_minizinc},
	{"smt2", export_smt2},
	{"lp", export_lp},
	{"ocean", export_ocean},
	{"bqm", export_bqm},
};

#define N_FORMATS (sizeof formats / sizeof formats[0])

const char *const *river_export_formats(void)
{
	/* Constant, so that threads may call this at once: the names of
	 * formats[], in its order (tests/unit/test_api checks each). */
	static const char *const names[] = {"minizinc", "smt2", "lp", "ocean",
					    "bqm", NULL};

	_Static_assert(sizeof names / sizeof names[0] == N_FORMATS + 1,
		       "one name for each format");
	return names;
}

/* The most crossings of a plan that goes through distinct states and
 * ends at the first goal it meets, given the states r counts: a states
 * that are not goals with the boat on the bank where it starts, b with
 * it on the other.  The boat changes banks at every crossing, so states
 * 0..L of such a plan alternate, beginning on the start's bank, and
 * 0..L-1 are not goals.  An even L ends on the start's bank, having
 * passed L/2 states on each bank: L <= 2 min(a, b).  An odd L ends on
 * the other, having passed (L+1)/2 states on the start's bank and
 * (L-1)/2 on the other: L <= min(2a - 1, 2b + 1).  0 when no goal is
 * reached, or the start is one.
 *
 * It bounds an optimal plan: one of the fewest crossings never goes
 * through a state twice (the loop between could be cut out) and stops
 * at the first goal; and among the plans of least time, one of the
 * fewest crossings does neither, as cutting out a loop or what follows
 * a goal never adds time.  The states are the full states of the system
 * searched, fields (rowing phase, last load, time so far) included, as
 * the crossings that follow depend on them.  (Under a time limit, the
 * least time's system carries no time so far, and the count takes in
 * states only plans past the limit reach: more states, a looser bound,
 * still a bound.) */
static unsigned long long reach_bound(const struct reach_count *r)
{
	unsigned long long a = r->states[0], b = r->states[1];
	unsigned long long even = 0, odd = 0;

	if (r->goal[0])
		even = 2 * (a < b ? a : b);
	if (r->goal[1] && a > 0)
		odd = 2 * a - 1 < 2 * b + 1 ? 2 * a - 1 : 2 * b + 1;
	return even > odd ? even : odd;
}

/* Work out the default bound of puzzle's plans into ctx->bound and
 * ctx->reach, reaching at most limit states.
 *
 * The states counted are those the search goes through: those of the
 * system reduced by symmetry when the puzzle has one (system/symmetry.h),
 * fewer than the labelled puzzle's.  The bound is sound all the same: a
 * labelled plan maps onto a reduced plan of the same crossings and time
 * and a reduced plan lifts to labelled ones (symmetry_expand), so both
 * have the same optimum; and the reduced optimal plan the bound covers
 * lifts to a labelled optimal plan of as many crossings. */
static int work_out_bound(struct export_ctx *ctx, const river_puzzle *puzzle,
			  unsigned long long limit, const struct stop *stop,
			  river_diag *diag)
{
	const struct system *sys = puzzle->sym ? &puzzle->sym->sys
					       : &puzzle->sys;
	int rc = reach_count(sys, limit, EXPORT_MAX_HORIZON / 2, stop,
			     &ctx->reach, diag);

	if (rc == RIVER_ELIMIT)
		return diag_set(diag, RIVER_ETOOBIG, NULL, NULL,
				"the puzzle has too many states to bound its "
				"plans: give a horizon (the most crossings to "
				"consider)");
	if (rc != RIVER_OK)
		return rc;
	ctx->bound = reach_bound(&ctx->reach);
	/* Cut short, the count has more than EXPORT_MAX_HORIZON / 2 states
	 * on each bank: any goal makes a bound past EXPORT_MAX_HORIZON. */
	if (ctx->reach.cut || ctx->bound > EXPORT_MAX_HORIZON)
		return diag_set(diag, RIVER_ETOOBIG, NULL, NULL,
				"the puzzle has too many states to bound its "
				"plans by %u crossings: give a horizon (the most "
				"crossings to consider) of at most %u",
				EXPORT_MAX_HORIZON, EXPORT_MAX_HORIZON);
	ctx->bound_known = true;
	return RIVER_OK;
}

/* The default horizon: the bound, at least 1 (a model has a step). */
static unsigned bound_horizon(const struct export_ctx *ctx)
{
	return ctx->bound > 1 ? (unsigned)ctx->bound : 1;
}

/* The default bound of a puzzle of places, into ctx->bound: the
 * crossings of the plan river's place search finds (0 when it finds
 * none).  Its plan is optimal, so a model of that many steps holds an
 * optimal plan, and the search is exhaustive, so that a puzzle it
 * finds no plan for has none: the bound rests on the search, as the
 * place search counts no states to bound plans with. */
static int places_bound(struct export_ctx *ctx, const river_puzzle *puzzle,
			double timeout, const volatile sig_atomic_t *cancel,
			river_diag *diag)
{
	river_solve_options so;
	river_plan *plan;
	int rc;

	river_solve_options_init(&so, RIVER_SOLVE_OPTIONS_VERSION);
	so.timeout = timeout;
	so.cancel = cancel;
	rc = river_solve(&plan, puzzle, &so, diag);
	if (rc != RIVER_OK)
		return rc;
	ctx->bound = river_plan_crossings(plan);
	ctx->places_solved = river_plan_solved(plan);
	river_plan_free(plan);
	if (ctx->bound > EXPORT_MAX_HORIZON)
		return diag_set(diag, RIVER_ETOOBIG, NULL, NULL,
				"river's plan has %llu crossings, more than the "
				"%u a model may have", ctx->bound,
				EXPORT_MAX_HORIZON);
	ctx->bound_known = true;
	return RIVER_OK;
}

static int export_horizon(unsigned *out, const river_puzzle *puzzle,
			  river_diag *diag)
{
	struct export_ctx ctx;
	struct stop none;
	int rc;

	if (!out || !puzzle)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	memset(&ctx, 0, sizeof ctx);
	if (puzzle->places) {
		rc = places_bound(&ctx, puzzle, 0, NULL, diag);
		if (rc == RIVER_OK)
			*out = bound_horizon(&ctx);
		return rc;
	}
	rc = puzzle_need_system(puzzle, "to export a model", diag);
	if (rc != RIVER_OK)
		return rc;
	rc = stop_init(&none, NULL, 0, diag);
	if (rc == RIVER_OK)
		rc = work_out_bound(&ctx, puzzle, EXPORT_MAX_COUNTED_STATES,
				    &none, diag);
	if (rc == RIVER_OK)
		*out = bound_horizon(&ctx);
	return rc;
}

int river_export_horizon(unsigned *out, const river_puzzle *puzzle,
			 river_diag *diag)
{
	return puzzle_failed(puzzle, export_horizon(out, puzzle, diag), diag);
}

/* The horizon of RIVER_HORIZON_SEARCH: the crossings of the optimal plan
 * river's own search finds. */
static int search_horizon(struct export_ctx *ctx, const river_puzzle *puzzle,
			  const river_export_options *opts, river_diag *diag)
{
	river_solve_options so;
	river_plan *plan;
	river_diag why;
	size_t crossings;
	int rc;

	memset(&why, 0, sizeof why);
	river_solve_options_init(&so, RIVER_SOLVE_OPTIONS_VERSION);
	so.timeout = opts->timeout;
	so.cancel = opts->cancel;
	rc = river_solve(&plan, puzzle, &so, &why);
	if (rc != RIVER_OK)
		return diag_set(diag, rc, NULL, NULL, "%s%s", why.message,
				rc == RIVER_ELIMIT || rc == RIVER_ETOOBIG
				? ": give a horizon (the most crossings to "
				  "consider) instead of 'search'" : "");
	crossings = river_plan_crossings(plan);
	rc = river_plan_solved(plan) ? RIVER_OK : RIVER_EINVAL;
	river_plan_free(plan);
	if (rc != RIVER_OK)
		return diag_set(diag, rc, NULL, NULL,
				"river's search finds no plan for the puzzle, so "
				"no horizon can be taken from one: without a "
				"horizon, the model of the default bound shows "
				"that there is none");
	if (crossings > EXPORT_MAX_HORIZON)
		return diag_set(diag, RIVER_ETOOBIG, NULL, NULL,
				"river's plan has %zu crossings, more than the "
				"%u a model may have", crossings,
				EXPORT_MAX_HORIZON);
	/* A start that is already a goal still makes a model of a step. */
	ctx->horizon = crossings > 1 ? (unsigned)crossings : 1;
	return RIVER_OK;
}

/* The note's text for the default horizon of a puzzle of places that
 * has a plan, of some crossings. */
static void places_horizon_text(const struct export_ctx *ctx, struct buf *b)
{
	buf_printf(b, "the default of a puzzle of places, the crossings of the "
		      "%s plan river's place search found, so this model holds "
		      "an optimal plan; that none is %s rests on that search, "
		      "as river does not bound the plans of places by counting "
		      "states.",
		   ctx->model->minimize_time ? "least-time" : "fewest-crossing",
		   ctx->model->minimize_time ? "quicker with more crossings"
					     : "shorter");
}

/* The note's text, one paragraph (export_horizon_note). */
static void horizon_text(const struct export_ctx *ctx, struct buf *b)
{
	const struct reach_count *r = &ctx->reach;
	unsigned long long a = r->states[0], n = r->states[1];
	unsigned h = ctx->horizon;

	buf_printf(b, "Horizon %u: ", h);
	if (ctx->horizon_from == HORIZON_SEARCH) {
		buf_puts(b, ctx->model->minimize_time
			 ? "the crossings of the least-time plan river's own "
			   "search found, so this model's optimum is river's "
			   "least time; that no plan of more crossings takes "
			   "less rests on that search, not on this model."
			 : "the crossings of the plan river's own search "
			   "found, the fewest, so this model's optimum is "
			   "river's; the horizon rests on that search, and a "
			   "model without a solution would prove nothing.");
		return;
	}
	if (ctx->horizon_from == HORIZON_GIVEN || h != ctx->horizon_chosen) {
		if (ctx->horizon_from == HORIZON_GIVEN)
			buf_puts(b, "given by the caller; ");
		else
			buf_printf(b, "tried by river's engine run instead of "
				      "the default bound of %u; ",
				   ctx->horizon_chosen);
		if (!ctx->bound_known && ctx->places)
			buf_puts(b, "the default bound of a puzzle of places, "
				    "the crossings of river's own plan, was not "
				    "worked out, so ");
		else if (!ctx->bound_known)
			buf_puts(b, "the default bound was not worked out (too "
				    "many states), so ");
		else if (ctx->horizon_from == HORIZON_GIVEN)
			buf_printf(b, "%s the default bound of %llu, so ",
				   ctx->horizon_bounds ? "at least" : "below",
				   ctx->bound);
		if (ctx->horizon_bounds)
			buf_puts(b, "it bounds the crossings of an optimal "
				    "plan, and a model without a solution proves "
				    "that the puzzle has no plan.");
		else
			buf_printf(b, "a model without a solution shows only "
				      "that no plan has at most %u crossing%s.",
				   h, h == 1 ? "" : "s");
		return;
	}
	if (ctx->places ? !ctx->places_solved : !r->goal[0] && !r->goal[1]) {
		buf_printf(b, "the default; river's %s reaches no goal from "
			      "the start, so the puzzle has no plan, and this "
			      "model no solution.",
			   ctx->places ? "place search" : "search");
		return;
	}
	if (ctx->bound == 0) {
		buf_puts(b, "the default; the start is already a goal.");
		return;
	}
	if (ctx->places) {
		places_horizon_text(ctx, b);
		return;
	}
	buf_printf(b, "the default bound on the crossings of an optimal "
		      "plan, which goes through distinct states, the boat "
		      "changing banks at each crossing.  Of the states river's "
		      "search reaches from the start, %llu %s with the boat "
		      "on the bank it starts on and %llu with it on the other, "
		      "and ", a, a == 1 ? "is not a goal" : "are not goals", n);
	if (r->goal[0] && r->goal[1])
		buf_printf(b, "goals have it on either bank: so at most "
			      "max(2 x min(%llu, %llu), min(2 x %llu - 1, "
			      "2 x %llu + 1)) = %u crossings.", a, n, a, n, h);
	else if (r->goal[0])
		buf_printf(b, "a goal has it back on the first: so at most "
			      "2 x min(%llu, %llu) = %u crossings.", a, n, h);
	else
		buf_printf(b, "a goal has it on the other: so at most "
			      "min(2 x %llu - 1, 2 x %llu + 1) = %u crossings.",
			   a, n, h);
	if (ctx->puzzle->sym)
		buf_puts(b, "  States that differ only in which of some "
			    "interchangeable items are where count as one.");
}

/* Comment lines of the note at most this long, where words allow. */
#define NOTE_WIDTH 78

void export_horizon_note(struct export_ctx *ctx, struct buf *out,
			 const char *comment)
{
	struct buf b;
	const char *p;
	size_t col = 0, gap = 0;

	buf_init(&b);
	horizon_text(ctx, &b);
	if (b.failed) {
		out->failed = true;
	} else if (!comment) {
		buf_quote(out, b.data, QUOTE_JSON);
	} else {
		/* Words as they come, a line broken where the next would
		 * pass the width, the spaces between kept otherwise. */
		for (p = b.data; *p;) {
			size_t n = strcspn(p, " ");

			if (col && col + gap + n > NOTE_WIDTH) {
				buf_putc(out, '\n');
				col = 0;
			}
			if (!col) {
				buf_puts(out, comment);
				col = strlen(comment);
				gap = 1;
			}
			buf_pad(out, gap);
			buf_putn(out, p, n);
			col += gap + n;
			p += n;
			gap = strspn(p, " ");
			p += gap;
		}
		buf_putc(out, '\n');
	}
	buf_release(&b);
}

/* A control character: C0, or DEL. */
static bool is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7F;
}

void export_comment_text(struct buf *out, const char *text)
{
	for (; *text; text++)
		buf_putc(out, is_control((unsigned char)*text) ? ' ' : *text);
}

static bool name_taken(const char *name, const char *const *reserved,
		       const char **names, size_t n)
{
	size_t i;

	for (i = 0; reserved[i]; i++)
		if (strcmp(reserved[i], name) == 0)
			return true;
	for (i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return true;
	return false;
}

/* "i" before a leading underscore, which some languages reserve. */
static const char *lead(const char *name)
{
	return name[0] == '_' ? "i" : "";
}

/* Item i's name in the model: its own, underscores added while it is
 * taken; or, past EXPORT_NAME_MAX, its first EXPORT_NAME_KEPT
 * characters and its number (and another number while that is taken). */
static char *model_name(const struct export_ctx *ctx, size_t i,
			const char *const *reserved)
{
	const char *name = ctx->model->items[i].name;
	struct buf b;
	unsigned k;

	buf_init(&b);
	buf_printf(&b, "%s%s", lead(name), name);
	while (!b.failed && b.len <= EXPORT_NAME_MAX &&
	       name_taken(b.data, reserved, ctx->names, i))
		buf_putc(&b, '_');
	for (k = 1; !b.failed && b.len > EXPORT_NAME_MAX; k++) {
		b.len = 0;
		buf_printf(&b, "%s%.*s_%zu", lead(name), EXPORT_NAME_KEPT, name,
			   i + 1);
		if (k > 1)
			buf_printf(&b, "_%u", k);
		if (name_taken(b.data, reserved, ctx->names, i))
			b.len = EXPORT_NAME_MAX + 1; /* try the next number */
	}
	return buf_take(&b);
}

static void release_names(struct export_ctx *ctx)
{
	size_t i;

	if (!ctx->names)
		return;
	for (i = 0; i < ctx->model->n_items; i++)
		free((char *)ctx->names[i]);
	free(ctx->names);
	ctx->names = NULL;
}

int export_names(struct export_ctx *ctx, const char *const *reserved)
{
	const struct model *m = ctx->model;
	size_t i;

	release_names(ctx); /* a model written again makes them anew */
	ctx->names = calloc(m->n_items ? m->n_items : 1, sizeof *ctx->names);
	if (!ctx->names)
		return RIVER_ENOMEM;
	for (i = 0; i < m->n_items; i++) {
		ctx->names[i] = model_name(ctx, i, reserved);
		if (!ctx->names[i])
			return RIVER_ENOMEM;
	}
	return RIVER_OK;
}

/* Whether item i's model name is its own (perhaps with "i" before and
 * underscores after). */
static bool name_kept(const struct export_ctx *ctx, size_t i)
{
	const char *name = ctx->model->items[i].name, *p = ctx->names[i];
	size_t n = strlen(lead(name));

	if (strncmp(p, lead(name), n) != 0)
		return false;
	p += n;
	n = strlen(name);
	if (strncmp(p, name, n) != 0)
		return false;
	return p[n + strspn(p + n, "_")] == '\0';
}

void export_legend(struct export_ctx *ctx, const char *comment)
{
	const struct model *m = ctx->model;
	bool any = false;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		const char *name = m->items[i].name;
		size_t len = strlen(name), at;

		if (name_kept(ctx, i))
			continue;
		if (!any)
			buf_printf(ctx->out, "%s Long names are shortened in the "
					     "model.  In the puzzle they are\n"
					     "%s (a long one goes on over the "
					     "lines below it):\n", comment, comment);
		any = true;
		/* Names are letters, digits and underscores: cut into lines
		 * any reader takes. */
		buf_printf(ctx->out, "%s   %s =", comment, ctx->names[i]);
		for (at = 0; at < len; at += EXPORT_LEGEND_LINE) {
			if (at)
				buf_printf(ctx->out, "%s     ", comment);
			buf_printf(ctx->out, " %.*s\n", EXPORT_LEGEND_LINE,
				   name + at);
		}
	}
}

void export_places_legend(struct export_ctx *ctx, const char *comment)
{
	const struct model *m = ctx->model;
	size_t k;

	if (!ctx->places)
		return;
	buf_printf(ctx->out, "%s Places:", comment);
	for (k = 0; k < m->n_places; k++) {
		buf_printf(ctx->out, "%s %zu ", k ? "," : "", k);
		export_comment_text(ctx->out, m->place_names[k]);
	}
	buf_printf(ctx->out, ".\n%s Boats:", comment);
	for (k = 0; k < m->n_boats; k++) {
		buf_printf(ctx->out, "%s %zu ", k ? "," : "", k);
		export_comment_text(ctx->out, m->boats[k].name);
		buf_printf(ctx->out, " (%u seat%s", m->boats[k].seats,
			   m->boats[k].seats == 1 ? "" : "s");
		if (m->boats[k].time)
			buf_printf(ctx->out, ", time %u", m->boats[k].time);
		buf_putc(ctx->out, ')');
	}
	buf_puts(ctx->out, ".\n");
}

/* The boats' meanings: one, the model's, unless the puzzle's boats
 * differ in their rowers or loads; then each boat's, from the model
 * its legs are judged by. */
static int build_boat_meanings(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	size_t b;
	int rc;

	ctx->boats_differ = model_has_places(m) && !model_boats_alike(m);
	if (!ctx->boats_differ)
		return boat_meaning_build(&ctx->boats[0], m);
	for (b = 0; b < m->n_boats; b++) {
		struct model leg;

		model_of_leg(m, b, 0, 0, &leg);
		rc = boat_meaning_build(&ctx->boats[b], &leg);
		if (rc != RIVER_OK)
			return rc;
	}
	return RIVER_OK;
}

int export_begin(struct export_ctx *ctx, const river_puzzle *puzzle,
		 const river_export_options *opts, struct buf *out,
		 river_diag *diag)
{
	struct stop stop;
	int rc;

	memset(ctx, 0, sizeof *ctx);
	ctx->puzzle = puzzle;
	ctx->model = &puzzle->model;
	rc = build_boat_meanings(ctx);
	if (rc != RIVER_OK)
		return diag_set(diag, rc, NULL, NULL, "out of memory");
	ctx->sys = &puzzle->sys;
	ctx->out = out;
	ctx->diag = diag;
	ctx->horizon = opts ? opts->horizon : 0;
	ctx->lagrange = opts ? opts->lagrange : 0;
	rc = stop_init(&stop, opts ? opts->cancel : NULL,
		       opts ? opts->timeout : 0, diag);
	if (rc != RIVER_OK)
		return rc;
	ctx->places = puzzle->places;
	if (ctx->horizon == 0 && ctx->places) {
		ctx->horizon_from = HORIZON_BOUND;
		rc = places_bound(ctx, puzzle, opts ? opts->timeout : 0,
				  opts ? opts->cancel : NULL, diag);
		ctx->horizon = bound_horizon(ctx);
		ctx->horizon_bounds = true;
	} else if (ctx->horizon == 0) {
		ctx->horizon_from = HORIZON_BOUND;
		rc = work_out_bound(ctx, puzzle, EXPORT_MAX_COUNTED_STATES,
				    &stop, diag);
		ctx->horizon = bound_horizon(ctx);
		ctx->horizon_bounds = true;
	} else if (ctx->horizon == RIVER_HORIZON_SEARCH) {
		ctx->horizon_from = HORIZON_SEARCH;
		rc = search_horizon(ctx, puzzle, opts, diag);
	} else if (ctx->horizon > EXPORT_MAX_HORIZON) {
		rc = diag_set(diag, RIVER_EINVAL, NULL, NULL,
			      "a horizon of %u steps is more than %u",
			      ctx->horizon, EXPORT_MAX_HORIZON);
	} else {
		/* A given horizon is a proof of no plan only when it is at
		 * least the default bound, which is worked out only where
		 * that is quick. */
		river_diag why;

		ctx->horizon_from = HORIZON_GIVEN;
		/* A puzzle of places has no quick bound: its bound is the
		 * place search's own plan. */
		rc = ctx->places ? RIVER_ETOOBIG
				 : work_out_bound(ctx, puzzle,
						  EXPORT_QUICK_BOUND_STATES,
						  &stop, &why);
		if (rc == RIVER_ETOOBIG)
			rc = RIVER_OK; /* no bound to compare with */
		else if (rc != RIVER_OK && diag)
			*diag = why;
		ctx->horizon_bounds = ctx->bound_known &&
				      ctx->horizon >= ctx->bound;
	}
	ctx->horizon_chosen = ctx->horizon;
	return rc;
}

void export_end(struct export_ctx *ctx)
{
	size_t b;

	release_names(ctx);
	for (b = 0; b < MODEL_MAX_BOATS; b++)
		boat_meaning_release(&ctx->boats[b]);
}

export_writer export_find(const char *format)
{
	size_t i;

	for (i = 0; format && i < N_FORMATS; i++)
		if (strcmp(formats[i].name, format) == 0)
			return formats[i].write;
	return NULL;
}

static int export_model(char **out, const river_puzzle *puzzle,
			const char *format,
			const river_export_options *opts, river_diag *diag)
{
	struct export_ctx ctx;
	export_writer write = export_find(format);
	river_export_options o;
	struct buf b;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !puzzle)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	rc = abi_export_options(&o, opts, diag);
	if (rc != RIVER_OK)
		return rc;
	opts = &o;
	if (!write)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"unknown model format '%s' (use minizinc, smt2, "
				"lp, ocean or bqm)", format ? format : "(null)");
	rc = puzzle->places ? RIVER_OK
			    : puzzle_need_system(puzzle, "to export a model",
						 diag);
	if (rc != RIVER_OK)
		return rc;
	buf_init(&b);
	rc = export_begin(&ctx, puzzle, opts, &b, diag);
	if (rc == RIVER_OK)
		rc = write(&ctx);
	export_end(&ctx);
	if (rc != RIVER_OK) {
		buf_release(&b);
		return rc;
	}
	*out = buf_take(&b);
	if (!*out)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	return RIVER_OK;
}

int river_export(char **out, const river_puzzle *puzzle, const char *format,
		 const river_export_options *opts, river_diag *diag)
{
	int rc = export_model(out, puzzle, format, opts, diag);

	return puzzle_failed(puzzle, rc, diag);
}
