/* The constrained model (export/cqm.c) written in CPLEX LP format, as
 * dimod.lp.load, GLPK and CBC read it. */
#include "export/export.h"
#include "export/linear.h"

/* Terms on lines of a few each, under LP readers' line limits. */
static void put_terms(struct buf *o, const struct linear *lin,
		      const struct lin_row *r)
{
	linear_put_terms(o, lin, r, "\n   ");
}

int export_lp(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	struct linear lin;
	size_t i;
	int rc;

	rc = export_linear(ctx, &lin);
	if (rc != RIVER_OK)
		return rc;
	buf_puts(o, "\\ ");
	export_comment_text(o, m->title);
	buf_printf(o, "\n\\ The constrained model of the puzzle over %u "
		      "step%s, written by river.\n", ctx->horizon,
		   ctx->horizon == 1 ? "" : "s");
	export_horizon_note(ctx, o, "\\");
	export_legend(ctx, "\\");
	export_places_legend(ctx, "\\");
	buf_printf(o, "Minimize\n %s:", lin.objective.name);
	put_terms(o, &lin, &lin.objective);
	buf_puts(o, "\nSubject To\n");
	for (i = 0; i < lin.n_rows; i++) {
		const struct lin_row *r = &lin.rows[i];

		buf_printf(o, " %s:", r->name);
		put_terms(o, &lin, r);
		buf_printf(o, " %s %ld\n",
			   r->op == '<' ? "<=" : r->op == '>' ? ">=" : "=", r->rhs);
	}
	buf_puts(o, "Bounds\n");
	for (i = 0; i < lin.n_vars; i++)
		if (lin.vars[i].integer)
			buf_printf(o, " 0 <= %s <= %ld\n", lin.vars[i].name,
				   lin.vars[i].upper);
	buf_puts(o, "Binary\n");
	for (i = 0; i < lin.n_vars; i++)
		if (!lin.vars[i].integer)
			buf_printf(o, " %s\n", lin.vars[i].name);
	for (i = 0; i < lin.n_vars && !lin.vars[i].integer; i++)
		;
	if (i < lin.n_vars) {
		buf_puts(o, "General\n");
		for (i = 0; i < lin.n_vars; i++)
			if (lin.vars[i].integer)
				buf_printf(o, " %s\n", lin.vars[i].name);
	}
	buf_puts(o, "End\n");
	linear_release(&lin);
	return RIVER_OK;
}
