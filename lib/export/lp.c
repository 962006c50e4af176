/* The constrained model of the CQM article, linear, in CPLEX LP format
 * (as dimod.lp.load, GLPK and CBC read it).  Per step s and item i:
 *   pos_i_s     the item's bank after step s (binary; a kind's count on
 *               the right bank is num_i_s, an integer);
 *   avail_i_s   it is on the boat's bank before step s (the article's
 *               "available"), and choice_i_s it boards (its "choice");
 *   active_s    the boat crosses at step s: it alternates banks, from the
 *               left at odd steps, like the article's farmer;
 *   some_i_b_s  (kinds in rules) some of kind i is on bank b.
 * The objective counts the crossings: it rewards finishing early.  Every
 * name starts with a lower-case letter other than e and holds only
 * letters, digits and underscores, as HiGHS (dimod's reader) wants. */
#include <stdio.h>

#include "export/export.h"
#include "export/linear.h"

static const char *const reserved[] = {NULL};

/* Rows and terms are named printf-style from a name and a step. */
struct lin {
	struct linear *m;
};

static void term(struct lin *l, long coef, const char *fmt, const char *name,
		 unsigned s)
{
	char var[EXPORT_LABEL_MAX];

	snprintf(var, sizeof var, fmt, name, s);
	linear_term(l->m, coef, var);
}

static struct lin row(struct export_ctx *ctx, const char *fmt, const char *a,
		      unsigned s)
{
	struct lin l = {ctx->linear};
	char name[EXPORT_LABEL_MAX];

	snprintf(name, sizeof name, fmt, a, s);
	linear_row(l.m, name, false);
	return l;
}

static void end_row(struct lin *l, const char *op, long rhs)
{
	linear_end(l->m, op[0] == '<' ? '<' : op[0] == '>' ? '>' : '=', rhs);
}

/* count(i on bank) = sign * var + constant: adds the var term with
 * coef and returns what the constant adds to the left-hand side. */
static long count_term(struct export_ctx *ctx, struct lin *l, size_t i,
		       bool right, long coef, unsigned s)
{
	const struct item *it = &ctx->model->items[i];
	const char *fmt = it->is_kind ? "num_%s_%u" : "pos_%s_%u";
	long all = (long)it->copies;

	term(l, right ? coef : -coef, fmt, ctx->names[i], s);
	return right ? 0 : coef * all;
}

/* presence(i on bank) as a 0/1 term: an individual's own position, a
 * kind's "some" indicator. */
static long presence_term(struct export_ctx *ctx, struct lin *l, size_t i,
			  bool right, long coef, unsigned s)
{
	const struct item *it = &ctx->model->items[i];

	if (!it->is_kind)
		return count_term(ctx, l, i, right, coef, s);
	term(l, coef, right ? "some_%s_r_%u" : "some_%s_l_%u", ctx->names[i], s);
	return 0;
}

static bool kind_in_rules(const struct model *m, size_t i)
{
	size_t r, g;

	for (r = 0; r < m->n_rules; r++) {
		const struct rule *rule = &m->rules[r];

		if (rule->a == i || rule->b == i)
			return true;
		for (g = 0; g < rule->n_guards; g++)
			if (rule->guards[g] == i)
				return true;
	}
	return false;
}

static void put_objective(struct export_ctx *ctx)
{
	struct lin l = {ctx->linear};
	unsigned s;

	linear_row(l.m, "crossings", true);
	for (s = 1; s <= ctx->horizon; s++)
		term(&l, 1, "active%s_%u", "", s);
	linear_end(l.m, '=', 0);
}

static void put_start_goal(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	unsigned s;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		const char *fmt = m->items[i].is_kind ? "num_%s_%u" : "pos_%s_%u";
		long all = (long)m->items[i].copies;
		long goal = (long)export_goal(ctx, i);
		struct lin l;

		l = row(ctx, "start_%s_%u", ctx->names[i], 0);
		term(&l, 1, fmt, ctx->names[i], 0);
		end_row(&l, "=", (long)export_start(ctx, i));
		/* Once the boat stops, everything is where the goal wants
		 * it: at least goal copies, and at most. */
		for (s = 0; s < ctx->horizon; s++) {
			if (goal > 0) {
				l = row(ctx, "goal_%s_%u", ctx->names[i], s);
				term(&l, 1, fmt, ctx->names[i], s);
				term(&l, goal, "active%s_%u", "", s + 1);
				end_row(&l, ">=", goal);
			}
			if (goal < all) {
				l = row(ctx, "goalmax_%s_%u", ctx->names[i], s);
				term(&l, 1, fmt, ctx->names[i], s);
				term(&l, -(all - goal), "active%s_%u", "", s + 1);
				end_row(&l, "<=", goal);
			}
		}
		l = row(ctx, "goal_%s_%u", ctx->names[i], ctx->horizon);
		term(&l, 1, fmt, ctx->names[i], ctx->horizon);
		end_row(&l, "=", goal);
	}
	for (s = 2; s <= ctx->horizon; s++) {
		struct lin l = row(ctx, "stop%s_%u", "", s);

		term(&l, 1, "active%s_%u", "", s);
		term(&l, -1, "active%s_%u", "", s - 1);
		end_row(&l, "<=", 0);
	}
	if (export_goal_boat(ctx) >= 0) {
		/* The boat ends where the goal wants it: the crossings, less
		 * twice their pairs, have its parity. */
		struct lin l = row(ctx, "boat_goal%s%u", "", 0);
		char pairs[] = "pairs";

		for (s = 1; s <= ctx->horizon; s++)
			term(&l, 1, "active%s_%u", "", s);
		linear_term(l.m, -2, pairs);
		end_row(&l, "=", (export_goal_boat(ctx) + (long)export_boat0(ctx)) % 2);
		linear_integer(l.m, pairs, ctx->horizon / 2 + 1);
	}
}

/* Step s: what is available on the boat's bank, what is chosen, how the
 * positions follow, and the boat's seats and rowers. */
static void put_step(struct export_ctx *ctx, unsigned s)
{
	const struct model *m = ctx->model;
	bool from_left = (s + export_boat0(ctx)) % 2 == 1;
	struct lin l;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		const char *n = ctx->names[i];
		const char *fmt = m->items[i].is_kind ? "num_%s_%u" : "pos_%s_%u";
		long all = (long)m->items[i].copies;

		l = row(ctx, "avail_%s_%u", n, s);
		term(&l, 1, "avail_%s_%u", n, s);
		term(&l, from_left ? 1 : -1, fmt, n, s - 1);
		end_row(&l, "=", from_left ? all : 0);
		l = row(ctx, "choose_%s_%u", n, s);
		term(&l, 1, "choice_%s_%u", n, s);
		term(&l, -1, "avail_%s_%u", n, s);
		end_row(&l, "<=", 0);
		l = row(ctx, "move_%s_%u", n, s);
		term(&l, 1, fmt, n, s);
		term(&l, -1, fmt, n, s - 1);
		term(&l, from_left ? -1 : 1, "choice_%s_%u", n, s);
		end_row(&l, "=", 0);
	}
	l = row(ctx, "seats%s_%u", "", s);
	for (i = 0; i < m->n_items; i++)
		term(&l, 1, "choice_%s_%u", ctx->names[i], s);
	term(&l, -(long)m->seats, "active%s_%u", "", s);
	end_row(&l, "<=", 0);
	l = row(ctx, "aboard%s_%u", "", s);
	for (i = 0; i < m->n_items; i++)
		term(&l, 1, "choice_%s_%u", ctx->names[i], s);
	term(&l, -1, "active%s_%u", "", s);
	end_row(&l, ">=", 0);
	l = row(ctx, "rower%s_%u", "", s);
	for (i = 0; i < m->n_items; i++)
		if (m->items[i].rows)
			term(&l, 1, "choice_%s_%u", ctx->names[i], s);
	term(&l, -1, "active%s_%u", "", s);
	end_row(&l, ">=", 0);
}

/* some_i_b_s is 1 exactly when a kind has copies on bank b. */
static void put_presence(struct export_ctx *ctx, size_t i, unsigned s)
{
	const char *n = ctx->names[i];
	long all = (long)ctx->model->items[i].copies;
	struct lin l;

	l = row(ctx, "somer_%s_%u", n, s);
	term(&l, 1, "num_%s_%u", n, s);
	term(&l, -1, "some_%s_r_%u", n, s);
	end_row(&l, ">=", 0);
	l = row(ctx, "somer2_%s_%u", n, s);
	term(&l, 1, "num_%s_%u", n, s);
	term(&l, -all, "some_%s_r_%u", n, s);
	end_row(&l, "<=", 0);
	l = row(ctx, "somel_%s_%u", n, s);
	term(&l, 1, "num_%s_%u", n, s);
	term(&l, 1, "some_%s_l_%u", n, s);
	end_row(&l, "<=", all);
	l = row(ctx, "somel2_%s_%u", n, s);
	term(&l, 1, "num_%s_%u", n, s);
	term(&l, all, "some_%s_l_%u", n, s);
	end_row(&l, ">=", all);
}

static void put_rule(struct export_ctx *ctx, size_t r, unsigned s, bool right)
{
	const struct rule *rule = &ctx->model->rules[r];
	struct lin l;
	char tag[32];
	long constant = 0;
	size_t g;

	snprintf(tag, sizeof tag, "rule%zu_%c", r + 1, right ? 'r' : 'l');
	l = row(ctx, "%s_%u", tag, s);
	if (rule->kind == RULE_EATS) {
		/* a + b - guards <= 1: never both without a guard. */
		constant += presence_term(ctx, &l, rule->a, right, 1, s);
		constant += presence_term(ctx, &l, rule->b, right, 1, s);
		for (g = 0; g < rule->n_guards; g++)
			constant += presence_term(ctx, &l, rule->guards[g],
						  right, -1, s);
		end_row(&l, "<=", 1 - constant);
		return;
	}
	/* count(a) - count(b) <= M (1 - present(b)), M = copies of a.  An
	 * individual b's presence is its count: one term, M - 1. */
	{
		long big = (long)ctx->model->items[rule->a].copies;

		constant += count_term(ctx, &l, rule->a, right, 1, s);
		if (ctx->model->items[rule->b].is_kind) {
			constant += count_term(ctx, &l, rule->b, right, -1, s);
			constant += presence_term(ctx, &l, rule->b, right, big, s);
		} else {
			constant += count_term(ctx, &l, rule->b, right, big - 1, s);
		}
		end_row(&l, "<=", big - constant);
	}
}

/* Kinds' counts are integers; everything else is binary. */
static void put_types(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	unsigned s;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		const char *n = ctx->names[i];
		long all = (long)m->items[i].copies;
		char var[EXPORT_LABEL_MAX];

		if (!m->items[i].is_kind)
			continue;
		for (s = 0; s <= ctx->horizon; s++) {
			snprintf(var, sizeof var, "num_%s_%u", n, s);
			linear_integer(ctx->linear, var, all);
			if (s == 0)
				continue;
			snprintf(var, sizeof var, "avail_%s_%u", n, s);
			linear_integer(ctx->linear, var, all);
			snprintf(var, sizeof var, "choice_%s_%u", n, s);
			linear_integer(ctx->linear, var, all);
		}
	}
}

int export_linear(struct export_ctx *ctx, struct linear *lin)
{
	const struct model *m = ctx->model;
	unsigned s;
	size_t r, i;
	int rc;

	linear_init(lin);
	rc = export_names(ctx, reserved);
	if (rc != RIVER_OK)
		return diag_set(ctx->diag, rc, NULL, NULL, "out of memory");
	ctx->linear = lin;
	put_objective(ctx);
	put_start_goal(ctx);
	for (s = 1; s <= ctx->horizon; s++)
		put_step(ctx, s);
	for (s = 0; s <= ctx->horizon; s++)
		for (i = 0; i < m->n_items; i++)
			if (m->items[i].is_kind && kind_in_rules(m, i))
				put_presence(ctx, i, s);
	for (r = 0; r < m->n_rules; r++)
		for (s = 0; s <= ctx->horizon; s++) {
			put_rule(ctx, r, s, false);
			put_rule(ctx, r, s, true);
		}
	put_types(ctx);
	ctx->linear = NULL;
	if (!lin->failed)
		return RIVER_OK;
	linear_release(lin);
	return diag_set(ctx->diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
}

/* Terms on lines of a few each, under LP readers' line limits. */
static void put_terms(struct buf *o, const struct linear *lin,
		      const struct lin_row *r)
{
	size_t i;
	int n = 0;

	for (i = r->first; i < r->first + r->n; i++) {
		long c = lin->terms[i].coef;

		if (c == 0)
			continue;
		if (n > 0 && n % 6 == 0)
			buf_puts(o, "\n   ");
		buf_puts(o, c < 0 ? (n ? " - " : " -") : (n ? " + " : " "));
		if (c != 1 && c != -1)
			buf_printf(o, "%ld ", c < 0 ? -c : c);
		buf_puts(o, lin->vars[lin->terms[i].var].name);
		n++;
	}
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
