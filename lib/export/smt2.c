/* SMT-LIB 2 for Z3, in the style of the Z3 article: a Bool per item per
 * step (true: on the right bank), an Int per kind per step, the moves and
 * the dangers as assertions, and (minimize end); for the least time, a
 * check for each bound on the total time, as Z3's optimiser is not to be
 * trusted with it. */
#include "export/export.h"

static const char *const reserved[] = {"end", NULL};

/* Where a rule looks: a bank after step s, the boat on step s, or, in
 * a puzzle of places, place k after step s: AT_PLACE + k. */
enum place { LEFT_BANK, RIGHT_BANK, BOAT, AT_PLACE };

/* The place k of a puzzle of places that p names. */
static unsigned place_of(enum place p)
{
	return (unsigned)p - AT_PLACE;
}

/* The Int expression: copies of item i at place k after step s (a
 * puzzle of places: an individual's place is an Int, at_ITEM_S, a
 * kind's copies at each place n_KIND_K_S). */
static void put_count_at(struct export_ctx *ctx, size_t i, unsigned k,
			 unsigned s)
{
	if (ctx->model->items[i].is_kind)
		buf_printf(ctx->out, "n_%s_%u_%u", ctx->names[i], k, s);
	else
		buf_printf(ctx->out, "(ite (= at_%s_%u %u) 1 0)", ctx->names[i],
			   s, k);
}

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

/* How many of item i cross at step s (which way is known by parity). */
static void put_moved(struct export_ctx *ctx, size_t i, unsigned s)
{
	const char *n = ctx->names[i];
	unsigned k;

	if (ctx->places && !ctx->model->items[i].is_kind) {
		buf_printf(ctx->out, "(ite (= at_%s_%u at_%s_%u) 0 1)", n, s - 1,
			   n, s);
	} else if (ctx->places) {
		/* The copies that leave the one place they leave. */
		buf_puts(ctx->out, "(+");
		for (k = 0; k < ctx->model->n_places; k++)
			buf_printf(ctx->out, " (ite (> n_%s_%u_%u n_%s_%u_%u) "
					     "(- n_%s_%u_%u n_%s_%u_%u) 0)",
				   n, k, s - 1, n, k, s, n, k, s - 1, n, k, s);
		buf_putc(ctx->out, ')');
	} else if (!ctx->model->items[i].is_kind)
		buf_printf(ctx->out, "(ite (xor at_%s_%u at_%s_%u) 1 0)", n,
			   s - 1, n, s);
	else if ((s + export_boat0(ctx)) % 2 == 1)
		buf_printf(ctx->out, "(- n_%s_%u n_%s_%u)", n, s, n, s - 1);
	else
		buf_printf(ctx->out, "(- n_%s_%u n_%s_%u)", n, s - 1, n, s);
}

/* The passengers of step s. */
static void put_sum(struct export_ctx *ctx, unsigned s)
{
	size_t i;

	buf_puts(ctx->out, "(+ 0");
	for (i = 0; i < ctx->model->n_items; i++) {
		buf_putc(ctx->out, ' ');
		put_moved(ctx, i, s);
	}
	buf_putc(ctx->out, ')');
}

static void put_at(struct export_ctx *ctx, size_t i, enum place p, unsigned s)
{
	if (p == BOAT)
		put_moved(ctx, i, s);
	else if (p >= AT_PLACE)
		put_count_at(ctx, i, place_of(p), s);
	else
		put_count(ctx, i, p == RIGHT_BANK, s);
}

/* sum's terms of one sign (positive: those above 0; else those below,
 * negated) and the constant on that side, as one Int. */
static void put_side(struct export_ctx *ctx, const struct cond_sum *sum,
		     bool positive, enum place p, unsigned s)
{
	struct buf *o = ctx->out;
	long long k = positive ? sum->constant : -sum->constant;
	size_t i, n = k > 0;

	for (i = 0; i < sum->n; i++)
		n += (sum->terms[i].coef > 0) == positive;
	if (n > 1)
		buf_puts(o, "(+");
	for (i = 0; i < sum->n; i++) {
		long long c = sum->terms[i].coef;

		if ((c > 0) != positive)
			continue;
		buf_puts(o, n > 1 ? " " : "");
		if (c != 1 && c != -1)
			buf_printf(o, "(* %lld ", c > 0 ? c : -c);
		put_at(ctx, sum->terms[i].item, p, s);
		if (c != 1 && c != -1)
			buf_putc(o, ')');
	}
	if (k > 0 || n == 0)
		buf_printf(o, "%s%lld", n > 1 ? " " : "", k > 0 ? k : 0);
	if (n > 1)
		buf_putc(o, ')');
}

static void put_cond(struct export_ctx *ctx, const struct cond *c,
		     enum place p, unsigned s);

/* A comparison on one individual, whose count is 0 or 1, as a Bool of
 * where it is (or whether it crosses). */
static void put_flag(struct export_ctx *ctx, const struct cond *c,
		     enum place p, unsigned s)
{
	const char *n = ctx->names[c->sum.terms[0].item];
	long long k = c->sum.terms[0].coef;
	bool if0 = cond_cmp_holds(c->cmp, c->sum.constant);
	bool if1 = cond_cmp_holds(c->cmp, c->sum.constant + k);
	struct buf *o = ctx->out;

	if (if0 == if1) {
		buf_puts(o, if0 ? "true" : "false");
		return;
	}
	/* The Bool that is true where it holds: the item there (on the
	 * left bank, not on the right), or not there. */
	if (p >= AT_PLACE)
		buf_printf(o, if1 ? "(= at_%s_%u %u)" : "(distinct at_%s_%u %u)",
			   n, s, place_of(p));
	else if (p == BOAT && ctx->places)
		buf_printf(o, if1 ? "(distinct at_%s_%u at_%s_%u)"
				  : "(= at_%s_%u at_%s_%u)", n, s - 1, n, s);
	else if (p == BOAT)
		buf_printf(o, if1 ? "(xor at_%s_%u at_%s_%u)"
				  : "(= at_%s_%u at_%s_%u)", n, s - 1, n, s);
	else
		buf_printf(o, if1 == (p == RIGHT_BANK) ? "at_%s_%u"
						      : "(not at_%s_%u)", n, s);
}

/* The operands of a chain of ands (or of ors), each after a space. */
static void put_chain(struct export_ctx *ctx, const struct cond *c,
		      enum cond_kind kind, enum place p, unsigned s)
{
	if (c->kind != kind) {
		buf_putc(ctx->out, ' ');
		put_cond(ctx, c, p, s);
		return;
	}
	put_chain(ctx, c->a, kind, p, s);
	put_chain(ctx, c->b, kind, p, s);
}

/* A general condition at the place, as a Bool. */
static void put_cond(struct export_ctx *ctx, const struct cond *c,
		     enum place p, unsigned s)
{
	static const char *const cmp[] = {"=", "distinct", "<", "<=", ">",
					  ">="};
	struct buf *o = ctx->out;

	switch (c->kind) {
	case COND_AND:
	case COND_OR:
		buf_puts(o, c->kind == COND_AND ? "(and" : "(or");
		put_chain(ctx, c, c->kind, p, s);
		buf_putc(o, ')');
		return;
	case COND_NOT:
		buf_puts(o, "(not ");
		put_cond(ctx, c->a, p, s);
		buf_putc(o, ')');
		return;
	case COND_CROSSING:
		buf_puts(o, cond_crossing_holds(c, s) ? "true" : "false");
		return;
	case COND_CMP:
		break;
	}
	if (c->sum.n == 1 && !ctx->model->items[c->sum.terms[0].item].is_kind) {
		put_flag(ctx, c, p, s);
		return;
	}
	buf_printf(o, "(%s ", cmp[c->cmp]);
	put_side(ctx, &c->sum, true, p, s);
	buf_putc(o, ' ');
	put_side(ctx, &c->sum, false, p, s);
	buf_putc(o, ')');
}

/* A rule: what it forbids, on both banks at every step, in the boat on
 * every crossing. */
static void put_rule(struct export_ctx *ctx, const struct rule *r)
{
	struct buf *o = ctx->out;
	unsigned s;

	buf_puts(o, "\n; ");
	export_comment_text(o, r->text);
	buf_putc(o, '\n');
	for (s = 0; ctx->places && (r->place & PLACE_BANKS) &&
		    s <= ctx->horizon; s++) {
		unsigned k;

		for (k = 0; k < ctx->model->n_places; k++) {
			buf_puts(o, "(assert (not ");
			put_cond(ctx, r->cond, (enum place)(AT_PLACE + k), s);
			buf_puts(o, "))\n");
		}
	}
	for (s = 0; !ctx->places && (r->place & PLACE_BANKS) &&
		    s <= ctx->horizon; s++) {
		buf_puts(o, "(assert (not ");
		put_cond(ctx, r->cond, LEFT_BANK, s);
		buf_puts(o, "))\n(assert (not ");
		put_cond(ctx, r->cond, RIGHT_BANK, s);
		buf_puts(o, "))\n");
	}
	for (s = 1; (r->place & PLACE_BOAT) && s <= ctx->horizon; s++) {
		buf_printf(o, "(assert (=> (<= %u end) (not ", s);
		put_cond(ctx, r->cond, BOAT, s);
		buf_puts(o, ")))\n");
	}
}

/* The load's weight on step s. */
static void put_weight(struct export_ctx *ctx, unsigned s)
{
	const struct cond_sum *w = &ctx->boats[0].weight;
	size_t i;

	buf_puts(ctx->out, "(+ 0");
	for (i = 0; i < w->n; i++) {
		buf_printf(ctx->out, " (* %lld ", w->terms[i].coef);
		put_moved(ctx, w->terms[i].item, s);
		buf_putc(ctx->out, ')');
	}
	buf_putc(ctx->out, ')');
}

/* Who may row the crossing of step s (or, when load, which loads it may
 * carry): the boat's condition, or when the boats differ in it, each
 * boat's for the legs it goes. */
static void put_each_boat(struct export_ctx *ctx, bool load, unsigned s)
{
	size_t b;

	if (ctx->boats_differ)
		buf_puts(ctx->out, "(and true");
	for (b = 0; b < export_n_meanings(ctx); b++) {
		const struct cond *c = load ? ctx->boats[b].load
					    : ctx->boats[b].rowed;

		if (!c)
			continue;
		if (!ctx->boats_differ) {
			put_cond(ctx, c, BOAT, s);
			return;
		}
		buf_printf(ctx->out, " (=> (= mover_%u %zu) ", s, b);
		put_cond(ctx, c, BOAT, s);
		buf_putc(ctx->out, ')');
	}
	buf_putc(ctx->out, ')');
}

/* The boat's weight limit, margin and list of loads. */
static void put_boat(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	unsigned s;

	if (export_some_load(ctx))
		buf_printf(o, "\n; The loads the %s may carry.\n",
			   ctx->boats_differ ? "boats" : "boat");
	for (s = 1; export_some_load(ctx) && s <= ctx->horizon; s++) {
		buf_printf(o, "(assert (=> (<= %u end) ", s);
		put_each_boat(ctx, true, s);
		buf_puts(o, "))\n");
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
}

/* trip_S is at least the time of each leg of a puzzle of places that
 * takes longer than its boat's time. */
static void put_leg_times(struct export_ctx *ctx, unsigned s)
{
	const struct model *m = ctx->model;
	unsigned p, q, t;
	size_t b;

	for (b = 0; export_leg_times(ctx) && b < m->n_boats; b++)
		for (p = 0; p < m->n_places; p++)
			for (q = 0; q < m->n_places; q++) {
				t = model_leg_time(m, b, p, q);
				if (export_route(ctx, b, p, q) &&
				    t != m->boats[b].time)
					buf_printf(ctx->out, "(assert (=> (and "
						      "(<= %u end) (= mover_%u "
						      "%zu) (= from_%u %u) (= "
						      "to_%u %u)) (<= %u trip_%u)))\n",
						   s, s, b, s, p, s, q, t, s);
			}
}

/* The time of the crossings, for a time limit or the least time: trip_S
 * is at least the time of step S (its slowest passenger's, and the
 * boat's), and total is their sum.  A plan's true time is then at most
 * total, and a plan of time t has a model with total t: a bound on
 * total holds for some model exactly when it does for some plan. */
static void put_time(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	unsigned s;
	size_t i;

	if (!m->has_time_limit && !m->minimize_time)
		return;
	buf_puts(o, "\n; trip_S: at least the time of step S, its slowest "
		    "passenger's and the boat's;\n; total: the time of all the "
		    "crossings.\n");
	for (s = 1; s <= ctx->horizon; s++) {
		buf_printf(o, "(declare-const trip_%u Int)\n(assert (<= 0 trip_%u))\n",
			   s, s);
		for (i = 0; ctx->places && i < m->n_boats; i++)
			if (m->boats[i].time)
				buf_printf(o, "(assert (=> (and (<= %u end) (= "
					      "mover_%u %zu)) (<= %u trip_%u)))\n",
					   s, s, i, m->boats[i].time, s);
		put_leg_times(ctx, s);
		if (!ctx->places && m->boat_time)
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
	buf_puts(o, "(declare-const total Int)\n(assert (= total (+ 0");
	for (s = 1; s <= ctx->horizon; s++)
		buf_printf(o, " trip_%u", s);
	buf_puts(o, ")))\n");
	/* Implied, and a help to the solver: no crossing is quicker than
	 * the least one can take. */
	if (model_least_trip(m))
		buf_printf(o, "; no crossing takes less than %llu\n"
			      "(assert (<= (* %llu end) total))\n",
			   model_least_trip(m), model_least_trip(m));
	if (m->has_time_limit)
		buf_printf(o, "; the time limit\n(assert (<= total %llu))\n",
			   m->time_limit);
}

/* A new Int var, 0 to most. */
static void put_int(struct export_ctx *ctx, const char *var, unsigned most)
{
	buf_printf(ctx->out, "(declare-const %s Int)\n"
			     "(assert (and (<= 0 %s) (<= %s %u)))\n", var, var,
		   var, most);
}

/* A puzzle of places: per step each individual's place, each kind's
 * copies at each place (all of them, between the places), each boat's
 * place, and which boat goes. */
static void put_places_declarations(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	unsigned s, k, last = (unsigned)m->n_places - 1;
	char var[EXPORT_LABEL_MAX + 48];
	size_t i, b;

	for (s = 0; s <= ctx->horizon; s++) {
		for (i = 0; i < m->n_items; i++) {
			const char *n = ctx->names[i];

			if (!m->items[i].is_kind) {
				snprintf(var, sizeof var, "at_%s_%u", n, s);
				put_int(ctx, var, last);
				continue;
			}
			for (k = 0; k <= last; k++) {
				snprintf(var, sizeof var, "n_%s_%u_%u", n, k, s);
				put_int(ctx, var, m->items[i].copies);
			}
			buf_puts(ctx->out, "(assert (= (+");
			for (k = 0; k <= last; k++)
				buf_printf(ctx->out, " n_%s_%u_%u", n, k, s);
			buf_printf(ctx->out, ") %u))\n", m->items[i].copies);
		}
		for (b = 0; b < m->n_boats; b++) {
			snprintf(var, sizeof var, "boat_%zu_%u", b, s);
			put_int(ctx, var, last);
		}
		snprintf(var, sizeof var, "mover_%u", s);
		if (s > 0)
			put_int(ctx, var, (unsigned)m->n_boats - 1);
	}
	buf_printf(ctx->out, "(declare-const end Int)\n(assert (and (<= 1 end) "
			     "(<= end %u)))\n", ctx->horizon);
}

static void put_declarations(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	unsigned s;
	size_t i;

	if (ctx->places) {
		put_places_declarations(ctx);
		return;
	}
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

/* A puzzle of places: what is at place k at the start (goal: in the
 * goal) after step s, as assertions' operands. */
static void put_places_where(struct export_ctx *ctx, bool goal, unsigned s)
{
	const struct model *m = ctx->model;
	const struct placement *pl = goal ? &m->goal : &m->start;
	struct buf *o = ctx->out;
	unsigned k;
	size_t i;

	for (i = 0; i < m->n_items; i++)
		for (k = 0; k < m->n_places; k++) {
			unsigned n = pl->at[i * m->n_places + k];

			if (m->items[i].is_kind)
				buf_printf(o, " (= n_%s_%u_%u %u)", ctx->names[i],
					   k, s, n);
			else if (n)
				buf_printf(o, " (= at_%s_%u %u)", ctx->names[i],
					   s, k);
		}
	for (i = 0; i < m->n_boats; i++)
		if (pl->boats[i] >= 0)
			buf_printf(o, " (= boat_%zu_%u %d)", i, s, pl->boats[i]);
}

static void put_start_and_goal(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	unsigned s;
	size_t i;

	if (ctx->places) {
		buf_puts(o, "\n; Everything is where the puzzle starts at step "
			    "0, and where it ends from\n; step end on.\n"
			    "(assert (and");
		put_places_where(ctx, false, 0);
		buf_puts(o, "))\n");
		for (s = 1; s <= ctx->horizon; s++) {
			buf_printf(o, "(assert (=> (<= end %u) (and", s);
			put_places_where(ctx, true, s);
			buf_puts(o, ")))\n");
		}
		return;
	}

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
/* Step s of a puzzle of places: boat mover_s goes one leg its routes
 * allow, from_s to to_s, the others stay; an individual stays or goes
 * from from_s to to_s, a kind's copies leave only from_s and land only
 * at to_s; 1 to the boat's seats passengers, one a rower. */
static void put_places_step(struct export_ctx *ctx, unsigned s)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	unsigned p, q;
	size_t i, b;

	buf_printf(o, "(declare-const from_%u Int)\n(declare-const to_%u Int)\n"
		      "(assert (=> (<= %u end) (and", s, s, s);
	for (b = 0; b < m->n_boats; b++) {
		buf_printf(o, "\n  (ite (= mover_%u %zu) (and (= from_%u boat_%zu_%u) "
			      "(= to_%u boat_%zu_%u) (or", s, b, s, b, s - 1, s, b,
			   s);
		for (p = 0; p < m->n_places; p++)
			for (q = 0; q < m->n_places; q++)
				if (export_route(ctx, b, p, q))
					buf_printf(o, " (and (= from_%u %u) (= to_%u "
						      "%u))", s, p, s, q);
		buf_printf(o, ")) (= boat_%zu_%u boat_%zu_%u))", b, s, b, s - 1);
	}
	for (i = 0; i < m->n_items; i++) {
		const char *n = ctx->names[i];

		if (!m->items[i].is_kind) {
			buf_printf(o, "\n  (or (= at_%s_%u at_%s_%u) (and (= at_%s_%u "
				      "from_%u) (= at_%s_%u to_%u)))", n, s, n, s - 1,
				   n, s - 1, s, n, s, s);
			continue;
		}
		for (p = 0; p < m->n_places; p++)
			buf_printf(o, "\n  (=> (< n_%s_%u_%u n_%s_%u_%u) (= from_%u "
				      "%u)) (=> (> n_%s_%u_%u n_%s_%u_%u) (= to_%u %u))",
				   n, p, s, n, p, s - 1, s, p, n, p, s, n, p, s - 1,
				   s, p);
	}
	buf_puts(o, "\n  (<= 1 ");
	put_sum(ctx, s);
	buf_puts(o, ") (<= ");
	put_sum(ctx, s);
	buf_putc(o, ' ');
	for (b = 0; b + 1 < m->n_boats; b++)
		buf_printf(o, "(ite (= mover_%u %zu) %u ", s, b, m->boats[b].seats);
	buf_printf(o, "%u", m->boats[b].seats);
	for (b = 0; b + 1 < m->n_boats; b++)
		buf_putc(o, ')');
	buf_puts(o, ") ");
	put_each_boat(ctx, false, s);
	buf_puts(o, ")))\n");
}

static void put_step(struct export_ctx *ctx, unsigned s)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	bool from_left = (s + export_boat0(ctx)) % 2 == 1;
	size_t i;

	if (ctx->places) {
		put_places_step(ctx, s);
		return;
	}

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
	put_sum(ctx, s);
	buf_puts(o, ") (<= ");
	put_sum(ctx, s);
	buf_printf(o, " %u) ", m->seats);
	put_cond(ctx, ctx->boats[0].rowed, BOAT, s);
	buf_puts(o, ")))\n");
}

/* The most bounds on the time that the file asks one by one. */
#define SMT2_MAX_BOUNDS 10000u

/* The most time a plan within the horizon can take: each step its
 * slowest passenger's time or the boat's, and the time limit. */
static unsigned long long most_time(const struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	unsigned long long trip = model_slowest_trip(m) * ctx->horizon;

	return m->has_time_limit && m->time_limit < trip ? m->time_limit : trip;
}

/* The least time, in the file: a check for each bound on the total time
 * from the least any plan takes (a crossing, no quicker than the least
 * one can take) up, each alone.  The first that is sat is the least
 * time: every plan of time t has a model of total t, so each bound
 * below it is unsat, and its plan takes at most the bound. */
static int put_time_bounds(struct export_ctx *ctx)
{
	struct buf *o = ctx->out;
	unsigned long long t = model_least_trip(ctx->model);
	unsigned long long most = most_time(ctx) > t ? most_time(ctx) : t;

	if (most - t >= SMT2_MAX_BOUNDS)
		return diag_set(ctx->diag, RIVER_ETOOBIG, NULL, NULL,
				"a plan within %u steps may take from %llu to "
				"%llu, more bounds on its time than the %u the "
				"smt2 model asks one by one: give a shorter "
				"horizon, or solve it with the z3 engine",
				ctx->horizon, t, most, SMT2_MAX_BOUNDS);
	buf_printf(o, "\n; The least time: a check for each bound T on the "
		      "total from %llu to %llu.\n"
		      "; The first sat is the least time, and its model a plan "
		      "that takes it; unsat\n; for every T: no plan within %u "
		      "step%s.\n", t, most, ctx->horizon,
		   ctx->horizon == 1 ? "" : "s");
	do
		buf_printf(o, "(echo \"total at most %llu:\")\n(push)\n"
			      "(assert (<= total %llu))\n(check-sat)\n"
			      "(get-model)\n(pop)\n", t, t);
	while (t++ < most);
	return RIVER_OK;
}

/* What the solver is asked.  The engine asks for the fewest crossings
 * one end at a time (the first end that is sat is the fewest), and for
 * the least time with one bound on the total time a run; the file asks
 * (minimize end), or for the least time, one bound at a time. */
static int put_queries(struct export_ctx *ctx)
{
	struct buf *o = ctx->out;
	unsigned s;

	if (ctx->ask_time_bound) {
		if (ctx->time_bound != EXPORT_NO_TIME_BOUND)
			buf_printf(o, "\n(assert (<= total %llu))\n",
				   ctx->time_bound);
		buf_puts(o, "(check-sat)\n(get-model)\n");
		return RIVER_OK;
	}
	if (ctx->model->minimize_time)
		return put_time_bounds(ctx);
	if (!ctx->ask_each_end) {
		buf_puts(o, "\n(minimize end)\n(check-sat)\n(get-model)\n");
		return RIVER_OK;
	}
	for (s = 1; s <= ctx->horizon; s++)
		buf_printf(o, "(push)\n(assert (= end %u))\n(check-sat)\n"
			      "(get-model)\n(pop)\n", s);
	return RIVER_OK;
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
	if (ctx->places)
		buf_puts(o, "; A time-expanded model written by river: at_ITEM_S is "
			    "the item's place\n"
			    "; after step S (n_KIND_P_S counts a kind's copies at "
			    "place P), boat_B_S the\n"
			    "; place of boat B and mover_S the boat that goes on "
			    "step S; the physics\n");
	else
		buf_puts(o, "; A time-expanded model written by river: at_ITEM_S is "
			    "true when the item\n"
			    "; is on the right bank after step S (n_KIND_S counts a "
			    "kind there), the\n; physics");
	buf_printf(o, "%s are assertions, and the %s is the "
		      "objective.  %u step%s.\n"
		      "(set-option :produce-models true)\n",
		   ctx->places ? ";" : "",
		   m->minimize_time ? "least total time" : "earliest end",
		   ctx->horizon, ctx->horizon == 1 ? "" : "s");
	export_places_legend(ctx, ";");
	export_legend(ctx, ";");
	put_declarations(ctx);
	put_start_and_goal(ctx);
	buf_puts(o, "\n; The crossings.\n");
	for (s = 1; s <= ctx->horizon; s++)
		put_step(ctx, s);
	put_boat(ctx);
	put_time(ctx);
	for (r = 0; r < m->n_rules; r++)
		put_rule(ctx, &m->rules[r]);
	return put_queries(ctx);
}
