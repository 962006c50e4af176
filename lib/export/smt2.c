/* SMT-LIB 2 for Z3, in the style of the Z3 article: a Bool per item per
 * step (true: on the right bank), an Int per kind per step, the moves and
 * the dangers as assertions, and (minimize end). */
#include "export/export.h"

static const char *const reserved[] = {"end", NULL};

/* The Int expression: copies of item i on bank (right or left) at s. */
static void put_count(struct export_ctx *ctx, size_t i, bool right, unsigned s)
{
	const struct item *it = &ctx->model->items[i];
	const char *n = ctx->names[i];

	if (!it->is_kind)
		buf_printf(ctx->out, right ? "(ite at_%s_%u 1 0)" : "(ite at_%s_%u 0 1)",
			   n, s);
	else if (right)
		buf_printf(ctx->out, "n_%s_%u", n, s);
	else
		buf_printf(ctx->out, "(- %u n_%s_%u)", it->copies, n, s);
}

/* The Bool: some of item i is on bank at s. */
static void put_present(struct export_ctx *ctx, size_t i, bool right,
			unsigned s)
{
	const struct item *it = &ctx->model->items[i];
	const char *n = ctx->names[i];

	if (!it->is_kind)
		buf_printf(ctx->out, right ? "at_%s_%u" : "(not at_%s_%u)", n, s);
	else if (right)
		buf_printf(ctx->out, "(> n_%s_%u 0)", n, s);
	else
		buf_printf(ctx->out, "(< n_%s_%u %u)", n, s, it->copies);
}

/* How many of item i cross at step s (which way is known by parity). */
static void put_moved(struct export_ctx *ctx, size_t i, unsigned s)
{
	const char *n = ctx->names[i];

	if (!ctx->model->items[i].is_kind)
		buf_printf(ctx->out, "(ite (xor at_%s_%u at_%s_%u) 1 0)", n,
			   s - 1, n, s);
	else if ((s + export_boat0(ctx)) % 2 == 1)
		buf_printf(ctx->out, "(- n_%s_%u n_%s_%u)", n, s, n, s - 1);
	else
		buf_printf(ctx->out, "(- n_%s_%u n_%s_%u)", n, s - 1, n, s);
}

/* The passengers of step s (only the rowers among them, if rowers). */
static void put_sum(struct export_ctx *ctx, unsigned s, bool rowers)
{
	size_t i;

	buf_puts(ctx->out, "(+ 0");
	for (i = 0; i < ctx->model->n_items; i++) {
		if (rowers && !ctx->model->items[i].rows)
			continue;
		buf_putc(ctx->out, ' ');
		put_moved(ctx, i, s);
	}
	buf_putc(ctx->out, ')');
}

/* Where a rule looks: a bank after step s, or the boat on step s. */
enum place { LEFT_BANK, RIGHT_BANK, BOAT };

static void put_at(struct export_ctx *ctx, size_t i, enum place p, unsigned s)
{
	if (p == BOAT)
		put_moved(ctx, i, s);
	else
		put_count(ctx, i, p == RIGHT_BANK, s);
}

/* The sum over set (times w when given) at the place. */
static void put_set(struct export_ctx *ctx, const size_t *set, size_t n,
		    const unsigned *w, enum place p, unsigned s)
{
	size_t i;

	buf_puts(ctx->out, "(+ 0");
	for (i = 0; i < n; i++) {
		buf_putc(ctx->out, ' ');
		if (w)
			buf_printf(ctx->out, "(* %u ", w[i]);
		put_at(ctx, set[i], p, s);
		if (w)
			buf_putc(ctx->out, ')');
	}
	buf_putc(ctx->out, ')');
}

static void put_all(struct export_ctx *ctx, enum place p, unsigned s)
{
	size_t all[MODEL_MAX_ITEMS], i;

	for (i = 0; i < ctx->model->n_items; i++)
		all[i] = i;
	put_set(ctx, all, ctx->model->n_items, NULL, p, s);
}

/* A general condition at the place, as a Bool. */
static void put_cond(struct export_ctx *ctx, const struct cond *c,
		     enum place p, unsigned s)
{
	static const char *const cmp[] = {"=", "distinct", "<", "<=", ">",
					  ">="};
	struct buf *o = ctx->out;
	size_t i;

	switch (c->kind) {
	case COND_AND:
	case COND_OR:
		buf_puts(o, c->kind == COND_AND ? "(and " : "(or ");
		put_cond(ctx, c->a, p, s);
		buf_putc(o, ' ');
		put_cond(ctx, c->b, p, s);
		buf_putc(o, ')');
		return;
	case COND_NOT:
		buf_puts(o, "(not ");
		put_cond(ctx, c->a, p, s);
		buf_putc(o, ')');
		return;
	case COND_CMP:
		break;
	}
	buf_printf(o, "(%s (+ ", cmp[c->cmp]);
	if (c->sum.constant < 0)
		buf_printf(o, "(- %lld)", -c->sum.constant);
	else
		buf_printf(o, "%lld", c->sum.constant);
	for (i = 0; i < c->sum.n; i++) {
		long long k = c->sum.terms[i].coef;

		if (k < 0)
			buf_printf(o, " (* (- %lld) ", -k);
		else
			buf_printf(o, " (* %lld ", k);
		put_at(ctx, c->sum.terms[i].item, p, s);
		buf_putc(o, ')');
	}
	buf_puts(o, ") 0)");
}

/* What rule r forbids at the place, as a Bool. */
static void put_condition(struct export_ctx *ctx, const struct rule *r,
			  enum place p, unsigned s)
{
	struct buf *o = ctx->out;
	size_t i;

	buf_puts(o, "(and");
	switch (r->kind) {
	case RULE_EATS:
	case RULE_WITHOUT:
		buf_puts(o, " (> ");
		put_at(ctx, r->a, p, s);
		buf_puts(o, " 0)");
		if (r->kind == RULE_EATS) {
			buf_puts(o, " (> ");
			put_at(ctx, r->b, p, s);
			buf_puts(o, " 0)");
		}
		for (i = 0; i < r->n_guards; i++) {
			buf_puts(o, " (= ");
			put_at(ctx, r->guards[i], p, s);
			buf_puts(o, " 0)");
		}
		break;
	case RULE_OUTNUMBER:
		buf_puts(o, " (> ");
		put_set(ctx, r->set_b, r->n_b, NULL, p, s);
		buf_puts(o, " 0) (> ");
		put_set(ctx, r->set_a, r->n_a, NULL, p, s);
		buf_printf(o, " (+ %llu ", r->bound);
		put_set(ctx, r->set_b, r->n_b, NULL, p, s);
		buf_puts(o, "))");
		break;
	case RULE_ALONE:
	case RULE_EXACT:
		for (i = 0; r->kind == RULE_EXACT && i < r->n_a; i++) {
			buf_puts(o, " (> ");
			put_at(ctx, r->set_a[i], p, s);
			buf_puts(o, " 0)");
		}
		if (r->kind == RULE_ALONE) {
			buf_puts(o, " (> ");
			put_all(ctx, p, s);
			buf_puts(o, " 0)");
		}
		buf_puts(o, " (= ");
		put_set(ctx, r->set_a, r->n_a, NULL, p, s);
		buf_putc(o, ' ');
		put_all(ctx, p, s);
		buf_putc(o, ')');
		break;
	case RULE_AT_MOST:
	case RULE_AT_LEAST:
		buf_printf(o, " (%s ", r->kind == RULE_AT_MOST ? ">" : "<");
		put_set(ctx, r->set_a, r->n_a, NULL, p, s);
		buf_printf(o, " %llu)", r->bound);
		break;
	case RULE_SUM:
		buf_puts(o, " (> ");
		put_set(ctx, r->set_a, r->n_a, r->wa, p, s);
		buf_printf(o, " (+ %llu ", r->bound);
		put_set(ctx, r->set_b, r->n_b, r->wb, p, s);
		buf_puts(o, "))");
		break;
	case RULE_COND:
		buf_putc(o, ' ');
		put_cond(ctx, r->cond, p, s);
		break;
	}
	buf_putc(o, ')');
}

/* A rule in its general form, at every step where it holds. */
static void put_general_rule(struct export_ctx *ctx, const struct rule *r)
{
	struct buf *o = ctx->out;
	unsigned s;

	buf_puts(o, "\n; ");
	export_comment_text(o, r->text);
	buf_putc(o, '\n');
	for (s = 0; (r->place & PLACE_BANKS) && s <= ctx->horizon; s++) {
		buf_puts(o, "(assert (not ");
		put_condition(ctx, r, LEFT_BANK, s);
		buf_puts(o, "))\n(assert (not ");
		put_condition(ctx, r, RIGHT_BANK, s);
		buf_puts(o, "))\n");
	}
	for (s = 1; (r->place & PLACE_BOAT) && s <= ctx->horizon; s++) {
		buf_printf(o, "(assert (=> (<= %u end) (not ", s);
		put_condition(ctx, r, BOAT, s);
		buf_puts(o, ")))\n");
	}
}

/* Someone aboard may row step s: a rower, alone if it rows only alone,
 * on a crossing its period allows (known from s). */
static void put_rowed(struct export_ctx *ctx, unsigned s)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	size_t i;

	buf_puts(o, "(or false");
	for (i = 0; i < m->n_items; i++) {
		const struct item *it = &m->items[i];

		if (!it->rows || (it->row_every &&
				  !((it->row_on >> ((s - 1) % it->row_every)) & 1)))
			continue;
		buf_puts(o, " (and (> ");
		put_moved(ctx, i, s);
		buf_puts(o, " 0)");
		if (it->rows_alone) {
			buf_puts(o, " (= ");
			put_sum(ctx, s, false);
			buf_puts(o, " 1)");
		}
		buf_putc(o, ')');
	}
	buf_putc(o, ')');
}

static void put_weight(struct export_ctx *ctx, unsigned s)
{
	const struct model *m = ctx->model;
	size_t all[MODEL_MAX_ITEMS], i;
	unsigned w[MODEL_MAX_ITEMS];

	for (i = 0; i < m->n_items; i++) {
		all[i] = i;
		w[i] = m->items[i].weight;
	}
	put_set(ctx, all, m->n_items, w, BOAT, s);
}

/* The boat's weight limit, margin and list of loads, and a time limit. */
static void put_boat(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	unsigned s;
	size_t i, l;

	if (m->load_limit)
		buf_printf(o, "\n; The boat carries at most %llu.\n", m->load_limit);
	for (s = 1; m->load_limit && s <= ctx->horizon; s++) {
		buf_printf(o, "(assert (=> (<= %u end) (<= ", s);
		put_weight(ctx, s);
		buf_printf(o, " %llu)))\n", m->load_limit);
	}
	if (m->has_margin)
		buf_printf(o, "\n; A load weighs within %llu of the one before.\n",
			   m->margin);
	for (s = 2; m->has_margin && s <= ctx->horizon; s++) {
		buf_printf(o, "(assert (=> (<= %u end) (and (<= (- ", s);
		put_weight(ctx, s);
		buf_putc(o, ' ');
		put_weight(ctx, s - 1);
		buf_printf(o, ") %llu) (<= (- ", m->margin);
		put_weight(ctx, s - 1);
		buf_putc(o, ' ');
		put_weight(ctx, s);
		buf_printf(o, ") %llu))))\n", m->margin);
	}
	if (m->loads)
		buf_puts(o, "\n; The only loads the boat carries.\n");
	for (s = 1; m->loads && s <= ctx->horizon; s++) {
		buf_printf(o, "(assert (=> (<= %u end) (or", s);
		for (l = 0; l < m->n_loads; l++) {
			buf_puts(o, " (and");
			for (i = 0; i < m->n_items; i++) {
				buf_puts(o, " (= ");
				put_moved(ctx, i, s);
				buf_printf(o, " %u)", m->loads[l].count[i]);
			}
			buf_putc(o, ')');
		}
		buf_puts(o, ")))\n");
	}
	if (!m->has_time_limit)
		return;
	/* trip_S is at least the time of step S, and the limit bounds
	 * their sum: a plan fits when its true times do. */
	buf_printf(o, "\n; The crossings take at most %llu in all.\n",
		   m->time_limit);
	for (s = 1; s <= ctx->horizon; s++) {
		buf_printf(o, "(declare-const trip_%u Int)\n(assert (<= 0 trip_%u))\n",
			   s, s);
		if (m->boat_time)
			buf_printf(o, "(assert (=> (<= %u end) (<= %u trip_%u)))\n",
				   s, m->boat_time, s);
		for (i = 0; i < m->n_items; i++) {
			if (!m->items[i].time)
				continue;
			buf_printf(o, "(assert (=> (and (<= %u end) (> ", s);
			put_moved(ctx, i, s);
			buf_printf(o, " 0)) (<= %u trip_%u)))\n",
				   m->items[i].time, s);
		}
	}
	buf_puts(o, "(assert (<= (+ 0");
	for (s = 1; s <= ctx->horizon; s++)
		buf_printf(o, " trip_%u", s);
	buf_printf(o, ") %llu))\n", m->time_limit);
}

static void put_declarations(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	unsigned s;
	size_t i;

	for (s = 0; s <= ctx->horizon; s++) {
		for (i = 0; i < m->n_items; i++) {
			if (!m->items[i].is_kind) {
				buf_printf(o, "(declare-const at_%s_%u Bool)\n",
					   ctx->names[i], s);
				continue;
			}
			buf_printf(o, "(declare-const n_%s_%u Int)\n"
				      "(assert (and (<= 0 n_%s_%u) (<= n_%s_%u %u)))\n",
				   ctx->names[i], s, ctx->names[i], s,
				   ctx->names[i], s, m->items[i].copies);
		}
	}
	buf_printf(o, "(declare-const end Int)\n(assert (and (<= 1 end) (<= end %u)))\n",
		   ctx->horizon);
}

static void put_start_and_goal(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	unsigned s;
	size_t i;

	buf_puts(o, "\n; Everything is where the puzzle starts at step 0, and "
		    "where it ends from\n; step end on.\n");
	for (i = 0; i < m->n_items; i++) {
		if (m->items[i].is_kind)
			buf_printf(o, "(assert (= n_%s_0 %u))\n", ctx->names[i],
				   export_start(ctx, i));
		else
			buf_printf(o, export_start(ctx, i) ? "(assert at_%s_0)\n"
							   : "(assert (not at_%s_0))\n",
				   ctx->names[i]);
	}
	for (s = 1; s <= ctx->horizon; s++) {
		buf_printf(o, "(assert (=> (<= end %u) (and", s);
		for (i = 0; i < m->n_items; i++) {
			if (m->items[i].is_kind)
				buf_printf(o, " (= n_%s_%u %u)", ctx->names[i], s,
					   export_goal(ctx, i));
			else
				buf_printf(o, export_goal(ctx, i) ? " at_%s_%u"
								  : " (not at_%s_%u)",
					   ctx->names[i], s);
		}
		buf_puts(o, ")))\n");
	}
	if (export_goal_boat(ctx) >= 0)
		buf_printf(o, "; the boat ends on the %s bank\n"
			      "(assert (= (mod (+ end %u) 2) %d))\n",
			   export_goal_boat(ctx) ? "right" : "left",
			   export_boat0(ctx), export_goal_boat(ctx));
}

/* Step s: the boat leaves the left bank when s + its start bank is odd,
 * the right when even; an item only crosses with it, and a crossing carries 1..seats
 * passengers, at least one a rower. */
static void put_step(struct export_ctx *ctx, unsigned s)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	bool from_left = (s + export_boat0(ctx)) % 2 == 1;
	size_t i;

	buf_printf(o, "(assert (=> (<= %u end) (and", s);
	for (i = 0; i < m->n_items; i++) {
		const char *n = ctx->names[i];

		if (m->items[i].is_kind)
			buf_printf(o, from_left ? " (<= n_%s_%u n_%s_%u)"
						: " (>= n_%s_%u n_%s_%u)",
				   n, s - 1, n, s);
		else
			buf_printf(o, " (=> at_%s_%u at_%s_%u)", n,
				   from_left ? s - 1 : s, n, from_left ? s : s - 1);
	}
	/* The sums are written out, not bound with let: Z3 4.8's optimiser
	 * mishandles let under (minimize). */
	buf_puts(o, "\n  (<= 1 ");
	put_sum(ctx, s, false);
	buf_puts(o, ") (<= ");
	put_sum(ctx, s, false);
	buf_printf(o, " %u) ", m->seats);
	if (model_plain_rowing(m)) {
		buf_puts(o, "(<= 1 ");
		put_sum(ctx, s, true);
		buf_putc(o, ')');
	} else {
		put_rowed(ctx, s);
	}
	buf_puts(o, ")))\n");
}

static void put_rule(struct export_ctx *ctx, const struct rule *r, unsigned s,
		     bool right)
{
	struct buf *o = ctx->out;
	size_t g;

	buf_puts(o, "(assert (not (and ");
	if (r->kind == RULE_OUTNUMBER) {
		buf_puts(o, "(> ");
		put_count(ctx, r->b, right, s);
		buf_puts(o, " 0) (> ");
		put_count(ctx, r->a, right, s);
		buf_putc(o, ' ');
		put_count(ctx, r->b, right, s);
		buf_puts(o, "))))\n");
		return;
	}
	put_present(ctx, r->a, right, s);
	buf_putc(o, ' ');
	put_present(ctx, r->b, right, s);
	for (g = 0; g < r->n_guards; g++) {
		buf_puts(o, " (not ");
		put_present(ctx, r->guards[g], right, s);
		buf_putc(o, ')');
	}
	buf_puts(o, ")))\n");
}

int export_smt2(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	unsigned s;
	size_t r;
	int rc = export_names(ctx, reserved);

	if (rc != RIVER_OK)
		return diag_set(ctx->diag, rc, NULL, NULL, "out of memory");
	buf_puts(o, "; ");
	export_comment_text(o, m->title);
	buf_putc(o, '\n');
	export_horizon_note(ctx, o, ";");
	buf_printf(o, "; A time-expanded model written by river: at_ITEM_S is "
		      "true when the item\n"
		      "; is on the right bank after step S (n_KIND_S counts a "
		      "kind there), the\n"
		      "; physics are assertions, and the earliest end is the "
		      "objective.  %u steps.\n"
		      "(set-option :produce-models true)\n", ctx->horizon);
	export_legend(ctx, ";");
	put_declarations(ctx);
	put_start_and_goal(ctx);
	buf_puts(o, "\n; The crossings.\n");
	for (s = 1; s <= ctx->horizon; s++)
		put_step(ctx, s);
	put_boat(ctx);
	for (r = 0; r < m->n_rules; r++) {
		if (!rule_is_basic(&m->rules[r])) {
			put_general_rule(ctx, &m->rules[r]);
			continue;
		}
		buf_puts(o, "\n; ");
		export_comment_text(o, m->rules[r].text);
		buf_puts(o, ", on both banks at every step\n");
		for (s = 0; s <= ctx->horizon; s++) {
			put_rule(ctx, &m->rules[r], s, false);
			put_rule(ctx, &m->rules[r], s, true);
		}
	}
	if (!ctx->ask_each_end) {
		buf_puts(o, "\n(minimize end)\n(check-sat)\n(get-model)\n");
		return RIVER_OK;
	}
	/* The first end that is sat is the fewest crossings. */
	for (s = 1; s <= ctx->horizon; s++)
		buf_printf(o, "(push)\n(assert (= end %u))\n(check-sat)\n"
			      "(get-model)\n(pop)\n", s);
	return RIVER_OK;
}
