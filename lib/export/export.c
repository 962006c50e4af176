/* The formats' common ground: options, the default horizon, names safe
 * in each language, and the public river_export. */
#include "export/export.h"

#include <stdlib.h>
#include <string.h>

/* Each format, its writer, and what it can say: every format states the
 * whole language, and all but SMT-LIB minimise time (Z3's optimiser is
 * not to be trusted with it). */
static const struct {
	const char *name;
	export_writer write;
	bool least_time;
} formats[] = {
	{"minizinc", export_minizinc, true},
	{"smt2", export_smt2, false},
	{"lp", export_lp, true},
	{"ocean", export_ocean, true},
	{"bqm", export_bqm, true},
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

void river_export_options_init(river_export_options *opts)
{
	if (opts)
		memset(opts, 0, sizeof *opts);
}

int river_export_horizon(unsigned *out, const river_puzzle *puzzle,
			 river_diag *diag)
{
	const struct system *sys;
	uint64_t rank, legal = 0;

	if (!out || !puzzle)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	sys = &puzzle->sys;
	if (sys->rank_size == 0 || sys->rank_size > EXPORT_MAX_COUNTED_STATES)
		return diag_set(diag, RIVER_ETOOBIG, NULL, NULL,
				"the puzzle has too many states to bound its "
				"plans: give a horizon (the most crossings to "
				"consider)");
	/* A shortest plan never visits a state twice, so it has fewer
	 * crossings than there are legal states. */
	for (rank = 0; rank < sys->rank_size; rank++)
		legal += system_safe(sys, system_unrank(sys, rank));
	if (legal - 1 > EXPORT_MAX_HORIZON)
		return diag_set(diag, RIVER_ETOOBIG, NULL, NULL,
				"the puzzle has %llu legal states, so its models "
				"would need %llu steps: give a horizon (the most "
				"crossings to consider) of at most %u",
				(unsigned long long)legal,
				(unsigned long long)legal - 1, EXPORT_MAX_HORIZON);
	*out = legal > 1 ? (unsigned)(legal - 1) : 1;
	return RIVER_OK;
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

int export_begin(struct export_ctx *ctx, const river_puzzle *puzzle,
		 const river_export_options *opts, struct buf *out,
		 const char *format, river_diag *diag)
{
	int rc = RIVER_OK;
	size_t f;

	memset(ctx, 0, sizeof *ctx);
	for (f = 0; f < N_FORMATS && strcmp(formats[f].name, format) != 0; f++)
		;
	if (f < N_FORMATS && puzzle->model.minimize_time &&
	    !formats[f].least_time)
		return diag_set(diag, RIVER_EUNSUPPORTED, &puzzle->src,
				puzzle->model.time_loc.line
				? &puzzle->model.time_loc : NULL,
				"the %s format cannot express a time objective "
				"yet: export it --to minizinc or lp, or solve it "
				"with the built-in search or --engine minizinc, "
				"cbc or glpk", format);
	ctx->puzzle = puzzle;
	ctx->model = &puzzle->model;
	if (boat_meaning_build(&ctx->boat, ctx->model) != RIVER_OK)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	ctx->sys = &puzzle->sys;
	ctx->out = out;
	ctx->diag = diag;
	ctx->horizon = opts ? opts->horizon : 0;
	ctx->lagrange = opts ? opts->lagrange : 0;
	if (ctx->horizon == 0) {
		rc = river_export_horizon(&ctx->horizon, puzzle, diag);
		ctx->horizon_bounds = true;
	} else if (ctx->horizon > EXPORT_MAX_HORIZON) {
		rc = diag_set(diag, RIVER_EINVAL, NULL, NULL,
			      "a horizon of %u steps is more than %u",
			      ctx->horizon, EXPORT_MAX_HORIZON);
	} else {
		/* A given horizon is a proof of no plan only when it is at
		 * least the default bound, which is worked out only where
		 * that is quick. */
		unsigned bound;
		river_diag ignored;

		ctx->horizon_bounds =
			puzzle->sys.rank_size != 0 &&
			puzzle->sys.rank_size <= EXPORT_QUICK_BOUND_STATES &&
			river_export_horizon(&bound, puzzle, &ignored) == RIVER_OK &&
			ctx->horizon >= bound;
	}
	return rc;
}

void export_end(struct export_ctx *ctx)
{
	release_names(ctx);
	boat_meaning_release(&ctx->boat);
}

export_writer export_find(const char *format)
{
	size_t i;

	for (i = 0; format && i < N_FORMATS; i++)
		if (strcmp(formats[i].name, format) == 0)
			return formats[i].write;
	return NULL;
}

int river_export(char **out, const river_puzzle *puzzle, const char *format,
		 const river_export_options *opts, river_diag *diag)
{
	struct export_ctx ctx;
	export_writer write = export_find(format);
	struct buf b;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !puzzle)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	if (!write)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"unknown model format '%s' (use minizinc, smt2, "
				"lp, ocean or bqm)", format ? format : "(null)");
	buf_init(&b);
	rc = export_begin(&ctx, puzzle, opts, &b, format, diag);
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
