/* The constrained model of the CQM article, linear: the rows every
 * linear format writes (export/lp.c, CPLEX LP as dimod.lp.load, GLPK
 * and CBC read it; the Ocean program, export/ocean.c; the penalty form,
 * export/bqm.c).  Per step s and item i:
 *   pos_i_s     the item's bank after step s (binary; a kind's count on
 *               the right bank is num_i_s, an integer);
 *   avail_i_s   it is on the boat's bank before step s (the article's
 *               "available"), and choice_i_s it boards (its "choice");
 *   active_s    the boat crosses at step s: it alternates banks, from the
 *               left at odd steps, like the article's farmer;
 *   some_i_b_s  (kinds in rules) some of kind i is on bank b.
 * A puzzle of places (export.h) has instead, per step s, item i, place
 * p and boat b:
 *   pos_i_p_s   1 when the item is at place p after step s (a kind:
 *               num_i_p_s, its copies there; an item is at one place);
 *   leave_i_p_s the copies of it that board at p on step s, and
 *               choice_i_s all that board;
 *   boat_b_p_s  1 when boat b is at place p after step s, and
 *               leg_b_p_q_s 1 when it goes from p to q on step s: one
 *               leg a step while active_s, along the boat's routes.
 * The objective counts the crossings: it rewards finishing early.  Every
 * name starts with a lower-case letter other than e and holds only
 * letters, digits and underscores, as HiGHS (dimod's reader) wants. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/export.h"
#include "export/linear.h"
#include "util/grow.h"

static const char *const reserved[] = {NULL};

/* Every name in the model is made here, printf-style from fmt with a
 * %s for an item's name (or "") and a %s for a step: its number, or in
 * a template (m->step) {s} for that step and {p} for the one before,
 * which the program that loops over the steps fills in (ocean.c). */
static void name_at(const struct linear *m, char *out, size_t size,
		    const char *fmt, const char *name, unsigned s)
{
	char step[16];

	if (m->step && s == m->step)
		strcpy(step, "{s}");
	else if (m->step && s + 1 == m->step)
		strcpy(step, "{p}");
	else
		snprintf(step, sizeof step, "%u", s);
	snprintf(out, size, fmt, name, step);
}

/* The name format of item i's place variable at place p (a puzzle of
 * places): "pos_%s_2_%s", or for a kind "num_%s_2_%s"; into out. */
static const char *item_at(const struct export_ctx *ctx, size_t i,
			   unsigned p, char *out, size_t size)
{
	snprintf(out, size, "%s_%%s_%u_%%s",
		 ctx->model->items[i].is_kind ? "num" : "pos", p);
	return out;
}

/* Rows and terms are named from a name and a step. */
struct lin {
	struct linear *m;
};

static void term(struct lin *l, long coef, const char *fmt, const char *name,
		 unsigned s)
{
	char var[EXPORT_LABEL_MAX];

	name_at(l->m, var, sizeof var, fmt, name, s);
	linear_term(l->m, coef, var);
}

static struct lin row(struct linear *m, const char *fmt, const char *a,
		      unsigned s)
{
	struct lin l = {m};
	char name[EXPORT_LABEL_MAX];

	name_at(m, name, sizeof name, fmt, a, s);
	linear_row(m, name, false);
	return l;
}

static void end_row(struct lin *l, const char *op, long rhs)
{
	linear_end(l->m, op[0] == '<' ? '<' : op[0] == '>' ? '>' : '=', rhs);
}

/* The row just ended defines the variable named (see lin_row). */
static void defines(struct lin *l, const char *fmt, const char *name,
		    unsigned s)
{
	char var[EXPORT_LABEL_MAX];

	name_at(l->m, var, sizeof var, fmt, name, s);
	linear_defines(l->m, var);
}

/* The crossings, or with least time the time: the sum of trip_s. */
static void put_objective(struct export_ctx *ctx)
{
	struct lin l = {ctx->linear};
	bool time = ctx->model->minimize_time;
	unsigned s;

	linear_row(l.m, time ? "time" : "crossings", true);
	for (s = 1; s <= ctx->horizon; s++)
		term(&l, 1, time ? "trip%s_%s" : "active%s_%s", "", s);
	linear_end(l.m, '=', 0);
}

static void put_start_goal(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	unsigned s;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		const char *fmt = m->items[i].is_kind ? "num_%s_%s" : "pos_%s_%s";
		long all = (long)m->items[i].copies;
		long goal = (long)export_goal(ctx, i);
		struct lin l;

		l = row(ctx->linear, "start_%s_%s", ctx->names[i], 0);
		term(&l, 1, fmt, ctx->names[i], 0);
		end_row(&l, "=", (long)export_start(ctx, i));
		/* Once the boat stops, everything is where the goal wants
		 * it: at least goal copies, and at most. */
		for (s = 0; s < ctx->horizon; s++) {
			if (goal > 0) {
				l = row(ctx->linear, "goal_%s_%s",
					ctx->names[i], s);
				term(&l, 1, fmt, ctx->names[i], s);
				term(&l, goal, "active%s_%s", "", s + 1);
				end_row(&l, ">=", goal);
			}
			if (goal < all) {
				l = row(ctx->linear, "goalmax_%s_%s",
					ctx->names[i], s);
				term(&l, 1, fmt, ctx->names[i], s);
				term(&l, -(all - goal), "active%s_%s", "", s + 1);
				end_row(&l, "<=", goal);
			}
		}
		l = row(ctx->linear, "goal_%s_%s", ctx->names[i], ctx->horizon);
		term(&l, 1, fmt, ctx->names[i], ctx->horizon);
		end_row(&l, "=", goal);
	}
	for (s = 2; s <= ctx->horizon; s++) {
		struct lin l = row(ctx->linear, "stop%s_%s", "", s);

		term(&l, 1, "active%s_%s", "", s);
		term(&l, -1, "active%s_%s", "", s - 1);
		end_row(&l, "<=", 0);
	}
	if (export_goal_boat(ctx) >= 0) {
		/* The boat ends where the goal wants it: the crossings, less
		 * twice their pairs, have its parity. */
		struct lin l = row(ctx->linear, "boat_goal%s%s", "", 0);
		char pairs[] = "pairs";

		for (s = 1; s <= ctx->horizon; s++)
			term(&l, 1, "active%s_%s", "", s);
		linear_term(l.m, -2, pairs);
		end_row(&l, "=", (export_goal_boat(ctx) + (long)export_boat0(ctx)) % 2);
		linear_integer(l.m, pairs, ctx->horizon / 2 + 1);
	}
}

static void leg_terms(struct lin *l, const struct export_ctx *ctx,
		      const long *coef, int from, int to, unsigned s);

/* 1 to seats passengers while the boat crosses on step s: of a puzzle
 * of places, the seats of the boat whose leg it is. */
static void put_passengers(struct export_ctx *ctx, unsigned s)
{
	const struct model *m = ctx->model;
	long seats[MODEL_MAX_BOATS];
	struct lin l;
	size_t i;

	l = row(ctx->linear, "seats%s_%s", "", s);
	for (i = 0; i < m->n_items; i++)
		term(&l, 1, "choice_%s_%s", ctx->names[i], s);
	if (ctx->places) {
		for (i = 0; i < m->n_boats; i++)
			seats[i] = -(long)m->boats[i].seats;
		leg_terms(&l, ctx, seats, -1, -1, s);
	} else {
		term(&l, -(long)m->seats, "active%s_%s", "", s);
	}
	end_row(&l, "<=", 0);
	l = row(ctx->linear, "aboard%s_%s", "", s);
	for (i = 0; i < m->n_items; i++)
		term(&l, 1, "choice_%s_%s", ctx->names[i], s);
	term(&l, -1, "active%s_%s", "", s);
	end_row(&l, ">=", 0);
}

/* Step s: what is available on the boat's bank, what is chosen, how the
 * positions follow, and the boat's seats. */
static void put_step(struct export_ctx *ctx, unsigned s)
{
	const struct model *m = ctx->model;
	bool from_left = (s + export_boat0(ctx)) % 2 == 1;
	struct lin l;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		const char *n = ctx->names[i];
		const char *fmt = m->items[i].is_kind ? "num_%s_%s" : "pos_%s_%s";
		long all = (long)m->items[i].copies;

		l = row(ctx->linear, "avail_%s_%s", n, s);
		term(&l, 1, "avail_%s_%s", n, s);
		term(&l, from_left ? 1 : -1, fmt, n, s - 1);
		end_row(&l, "=", from_left ? all : 0);
		defines(&l, "avail_%s_%s", n, s);
		l = row(ctx->linear, "choose_%s_%s", n, s);
		term(&l, 1, "choice_%s_%s", n, s);
		term(&l, -1, "avail_%s_%s", n, s);
		end_row(&l, "<=", 0);
		l = row(ctx->linear, "move_%s_%s", n, s);
		term(&l, 1, fmt, n, s);
		term(&l, -1, fmt, n, s - 1);
		term(&l, from_left ? -1 : 1, "choice_%s_%s", n, s);
		end_row(&l, "=", 0);
		defines(&l, "choice_%s_%s", n, s);
	}
	put_passengers(ctx, s);
}

/* ---- Places and boats ---------------------------------------------- */

/* coef[b] times each leg of boat b on step s from place from (any when
 * from < 0) to place to (any when to < 0). */
static void leg_terms(struct lin *l, const struct export_ctx *ctx,
		      const long *coef, int from, int to, unsigned s)
{
	const struct model *m = ctx->model;
	char leg[48];
	unsigned p, q;
	size_t b;

	for (b = 0; b < m->n_boats; b++)
		for (p = 0; p < m->n_places; p++)
			for (q = 0; q < m->n_places; q++) {
				if (!export_route(ctx, b, p, q) ||
				    (from >= 0 && p != (unsigned)from) ||
				    (to >= 0 && q != (unsigned)to))
					continue;
				snprintf(leg, sizeof leg, "%zu_%u_%u", b, p, q);
				term(l, coef[b], "leg_%s_%s", leg, s);
			}
}

/* Minus the time of each leg on step s (model_leg_time) times the leg. */
static void leg_time_terms(struct lin *l, const struct export_ctx *ctx,
			   unsigned s)
{
	const struct model *m = ctx->model;
	unsigned p, q;
	size_t b;

	for (b = 0; b < m->n_boats; b++)
		for (p = 0; p < m->n_places; p++)
			for (q = 0; q < m->n_places; q++) {
				long only[MODEL_MAX_BOATS] = {0};

				only[b] = -(long)model_leg_time(m, b, p, q);
				leg_terms(l, ctx, only, (int)p, (int)q, s);
			}
}

/* coef times each leg on step s (of any boat) from place from to place
 * to, either of them any when < 0. */
static void any_leg_terms(struct lin *l, const struct export_ctx *ctx,
			  long coef, int from, int to, unsigned s)
{
	long each[MODEL_MAX_BOATS];
	size_t b;

	for (b = 0; b < MODEL_MAX_BOATS; b++)
		each[b] = coef;
	leg_terms(l, ctx, each, from, to, s);
}

/* Everything is where the start puts it at step 0; once the boat stops
 * (active_(s+1) is 0) everything is where the goal puts it, each boat
 * that the goal places too; and the boats stop for good. */
static void put_places_start_goal(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	char fmt[32], name[32], boat[32];
	unsigned s, p;
	size_t i, b;
	struct lin l;

	for (i = 0; i < m->n_items; i++)
		for (p = 0; p < m->n_places; p++) {
			long goal = (long)export_goal_at(ctx, i, p);

			item_at(ctx, i, p, fmt, sizeof fmt);
			snprintf(name, sizeof name, "start_%%s_%u_%%s", p);
			l = row(ctx->linear, name, ctx->names[i], 0);
			term(&l, 1, fmt, ctx->names[i], 0);
			end_row(&l, "=", (long)export_start_at(ctx, i, p));
			/* At least the goal's copies at every place: with
			 * the item's copies all placed, exactly those. */
			snprintf(name, sizeof name, "goal_%%s_%u_%%s", p);
			for (s = 0; goal > 0 && s < ctx->horizon; s++) {
				l = row(ctx->linear, name, ctx->names[i], s);
				term(&l, 1, fmt, ctx->names[i], s);
				term(&l, goal, "active%s_%s", "", s + 1);
				end_row(&l, ">=", goal);
			}
			l = row(ctx->linear, name, ctx->names[i], ctx->horizon);
			term(&l, 1, fmt, ctx->names[i], ctx->horizon);
			end_row(&l, "=", goal);
		}
	for (b = 0; b < m->n_boats; b++)
		for (p = 0; p < m->n_places; p++) {
			snprintf(boat, sizeof boat, "%zu_%u", b, p);
			l = row(ctx->linear, "startboat_%s_%s", boat, 0);
			term(&l, 1, "boat_%s_%s", boat, 0);
			end_row(&l, "=", m->start.boats[b] == (int)p);
			if (m->goal.boats[b] != (int)p)
				continue;
			for (s = 0; s < ctx->horizon; s++) {
				l = row(ctx->linear, "goalboat_%s_%s", boat, s);
				term(&l, 1, "boat_%s_%s", boat, s);
				term(&l, 1, "active%s_%s", "", s + 1);
				end_row(&l, ">=", 1);
			}
			l = row(ctx->linear, "goalboat_%s_%s", boat, ctx->horizon);
			term(&l, 1, "boat_%s_%s", boat, ctx->horizon);
			end_row(&l, "=", 1);
		}
	for (s = 2; s <= ctx->horizon; s++) {
		l = row(ctx->linear, "stop%s_%s", "", s);
		term(&l, 1, "active%s_%s", "", s);
		term(&l, -1, "active%s_%s", "", s - 1);
		end_row(&l, "<=", 0);
	}
}

/* A row named name of the copies of an item (its name n) that land at
 * a place on step s: there after it (fmt), less there before, plus
 * those that board there (leave). */
static struct lin landed(struct export_ctx *ctx, const char *name,
			 const char *fmt, const char *leave, const char *n,
			 unsigned s)
{
	struct lin l = row(ctx->linear, name, n, s);

	term(&l, 1, fmt, n, s);
	term(&l, -1, fmt, n, s - 1);
	term(&l, 1, leave, n, s);
	return l;
}

/* Step s of a puzzle of places: one leg of one boat while active_s,
 * from the boat's place; the copies of each item that board where it
 * leaves (no more than are there), land where it goes, and stay
 * elsewhere; 1 to the boat's seats passengers. */
static void put_places_step(struct export_ctx *ctx, unsigned s)
{
	const struct model *m = ctx->model;
	char fmt[32], name[48], leave[32];
	unsigned p, q;
	size_t i, b;
	struct lin l;

	l = row(ctx->linear, "legs%s_%s", "", s);
	any_leg_terms(&l, ctx, 1, -1, -1, s);
	term(&l, -1, "active%s_%s", "", s);
	end_row(&l, "=", 0);
	for (b = 0; b < m->n_boats; b++) {
		long only[MODEL_MAX_BOATS] = {0};

		only[b] = 1;
		for (p = 0; p < m->n_places; p++) {
			snprintf(name, sizeof name, "%zu_%u", b, p);
			/* It leaves p only from p, and is where its legs
			 * take it. */
			l = row(ctx->linear, "boatleave_%s_%s", name, s);
			leg_terms(&l, ctx, only, (int)p, -1, s);
			term(&l, -1, "boat_%s_%s", name, s - 1);
			end_row(&l, "<=", 0);
			l = row(ctx->linear, "boat_%s_%s", name, s);
			term(&l, 1, "boat_%s_%s", name, s);
			term(&l, -1, "boat_%s_%s", name, s - 1);
			for (q = 0; q < m->n_places; q++) {
				long out[MODEL_MAX_BOATS] = {0};

				out[b] = 1;
				leg_terms(&l, ctx, out, (int)p, (int)q, s);
				out[b] = -1;
				leg_terms(&l, ctx, out, (int)q, (int)p, s);
			}
			end_row(&l, "=", 0);
		}
	}
	for (i = 0; i < m->n_items; i++) {
		const char *n = ctx->names[i];
		long all = (long)m->items[i].copies;

		l = row(ctx->linear, "place_%s_%s", n, s);
		for (p = 0; p < m->n_places; p++)
			term(&l, 1, item_at(ctx, i, p, fmt, sizeof fmt), n, s);
		end_row(&l, "=", all);
		for (p = 0; p < m->n_places; p++) {
			item_at(ctx, i, p, fmt, sizeof fmt);
			snprintf(leave, sizeof leave, "leave_%%s_%u_%%s", p);
			l = row(ctx->linear, leave, n, s);
			term(&l, 1, leave, n, s);
			term(&l, -1, fmt, n, s - 1);
			end_row(&l, "<=", 0);
			snprintf(name, sizeof name, "from_%%s_%u_%%s", p);
			l = row(ctx->linear, name, n, s);
			term(&l, 1, leave, n, s);
			any_leg_terms(&l, ctx, -all, (int)p, -1, s);
			end_row(&l, "<=", 0);
			/* Those that land at p: none but where the boat
			 * goes. */
			snprintf(name, sizeof name, "stay_%%s_%u_%%s", p);
			l = landed(ctx, name, fmt, leave, n, s);
			end_row(&l, ">=", 0);
			snprintf(name, sizeof name, "land_%%s_%u_%%s", p);
			l = landed(ctx, name, fmt, leave, n, s);
			any_leg_terms(&l, ctx, -all, -1, (int)p, s);
			end_row(&l, "<=", 0);
		}
		l = row(ctx->linear, "choose_%s_%s", n, s);
		term(&l, 1, "choice_%s_%s", n, s);
		for (p = 0; p < m->n_places; p++) {
			snprintf(leave, sizeof leave, "leave_%%s_%u_%%s", p);
			term(&l, -1, leave, n, s);
		}
		end_row(&l, "=", 0);
	}
	put_passengers(ctx, s);
}

/* ---- Conditions as rows ------------------------------------------
 *
 * A rule forbids its condition; the boat's rules require theirs (who
 * rows, which loads).  A condition is and, or, not over comparisons of
 * a sum of counts with 0; it is required of a place (a bank after step
 * s, or the boat on step s) when a guard G is 1, G being 1 itself on
 * the banks and active_s in the boat, and G never above 1.
 *   - an and requires each part under G;
 *   - an or sums its parts' indicators E, each a linear expression that
 *     is at least 1 only where its part holds (and can be where it
 *     does): sum E >= G.  A comparison such as "wolf there" is its own
 *     indicator (pos_wolf_s, or 1 - pos_wolf_s on the left); one whole
 *     part that has none is required under G - sum E; more get a binary
 *     aux_ each, the or's indicators, and are required under it;
 *   - a comparison sum <= 0 under G is sum + hi G <= hi, hi the most
 *     the sum can be (and sum >= 0 is sum + lo G >= lo, lo the least):
 *     nothing when G is 1 or more, itself when G is 1 or less.
 * So "wolf eats goat unless farmer" is one row with no aux variable, as
 * the CQM article writes it, and everything else costs what it says. */

/* A linear expression: sum coef * var + constant. */
struct expr {
	size_t *var;
	long *coef;
	size_t n, cap;
	long constant;
};

/* What the rows of one rule at one place are made with. */
struct rows {
	struct export_ctx *ctx;
	struct linear *some;      /* where the some_ rows go */
	const char *tag;          /* the first row's name */
	unsigned n_rows, n_aux;   /* made under tag so far */
};

/* Where a condition looks: a bank after step s, the boat on step s,
 * or (a puzzle of places) place `where` after step s. */
enum at { AT_LEFT, AT_RIGHT, AT_BOAT, AT_PLACE };
struct place {
	enum at at;
	unsigned s;
	unsigned where;
};

static void expr_release(struct expr *e)
{
	free(e->var);
	free(e->coef);
	memset(e, 0, sizeof *e);
}

static void expr_var(struct export_ctx *ctx, struct expr *e, long coef,
		     size_t v)
{
	size_t i;

	if (v == SIZE_MAX || coef == 0)
		return;
	for (i = 0; i < e->n; i++)
		if (e->var[i] == v) {
			e->coef[i] += coef;
			return;
		}
	if (e->n == e->cap) {
		const struct grow_array cols[] = {{&e->var, sizeof *e->var},
						  {&e->coef, sizeof *e->coef}};

		if (arrays_grow(&e->cap, e->n + 1, cols, 2) != RIVER_OK) {
			ctx->linear->failed = true;
			return;
		}
	}
	e->var[e->n] = v;
	e->coef[e->n++] = coef;
}

static void expr_named(struct export_ctx *ctx, struct expr *e, long coef,
		       const char *fmt, const char *name, unsigned s)
{
	char var[EXPORT_LABEL_MAX];

	name_at(ctx->linear, var, sizeof var, fmt, name, s);
	expr_var(ctx, e, coef, linear_var(ctx->linear, var));
}

/* e += scale * f. */
static void expr_add(struct export_ctx *ctx, struct expr *e,
		     const struct expr *f, long scale)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		expr_var(ctx, e, scale * f->coef[i], f->var[i]);
	e->constant += scale * f->constant;
}

/* The row e op 0, named tag, tag_2, tag_3, ...; none when it holds
 * whatever the variables. */
static void expr_row(struct rows *w, const struct expr *e, char op)
{
	struct linear *m = w->ctx->linear;
	char name[EXPORT_LABEL_MAX + 16];
	long lo = e->constant, hi = e->constant, sign;
	size_t i;
	int neg = 0;

	for (i = 0; i < e->n; i++) {
		long most = e->coef[i] * m->vars[e->var[i]].upper;

		if (most < 0)
			lo += most;
		else
			hi += most;
	}
	if ((op == '<' && hi <= 0) || (op == '>' && lo >= 0))
		return;
	if (++w->n_rows == 1)
		snprintf(name, sizeof name, "%s", w->tag);
	else
		snprintf(name, sizeof name, "%s_%u", w->tag, w->n_rows);
	/* Written with more terms added than taken away: a + b - g <= 1
	 * rather than -a - b + g >= -1. */
	for (i = 0; i < e->n; i++)
		neg += e->coef[i] < 0 ? 1 : -1;
	sign = neg > 0 ? -1 : 1;
	linear_row(m, name, false);
	for (i = 0; i < e->n; i++)
		linear_term_var(m, sign * e->coef[i], e->var[i]);
	linear_end(m, sign > 0 ? op : op == '<' ? '>' : '<', -sign * e->constant);
}

/* A new binary for the rows of w, as an expression. */
static void expr_aux(struct rows *w, struct expr *e)
{
	char name[EXPORT_LABEL_MAX + 24];

	snprintf(name, sizeof name, "aux_%s_%u", w->tag, ++w->n_aux);
	expr_var(w->ctx, e, 1, linear_var(w->ctx->linear, name));
}

/* some_i_b_s is 1 exactly when a kind has copies on bank b after step
 * s: its rows are made the first time a condition asks, into w->some,
 * which then has the variable some_i_r_s. */
static void put_some(struct rows *w, size_t i, unsigned s)
{
	struct export_ctx *ctx = w->ctx;
	const char *n = ctx->names[i];
	long all = (long)ctx->model->items[i].copies;
	char var[EXPORT_LABEL_MAX];
	struct lin l;

	name_at(w->some, var, sizeof var, "some_%s_r_%s", n, s);
	if (linear_find(w->some, var) != SIZE_MAX)
		return;
	l = row(w->some, "somer_%s_%s", n, s);
	term(&l, 1, "num_%s_%s", n, s);
	term(&l, -1, "some_%s_r_%s", n, s);
	end_row(&l, ">=", 0);
	l = row(w->some, "somer2_%s_%s", n, s);
	term(&l, 1, "num_%s_%s", n, s);
	term(&l, -all, "some_%s_r_%s", n, s);
	end_row(&l, "<=", 0);
	l = row(w->some, "somel_%s_%s", n, s);
	term(&l, 1, "num_%s_%s", n, s);
	term(&l, 1, "some_%s_l_%s", n, s);
	end_row(&l, "<=", all);
	l = row(w->some, "somel2_%s_%s", n, s);
	term(&l, 1, "num_%s_%s", n, s);
	term(&l, all, "some_%s_l_%s", n, s);
	end_row(&l, ">=", all);
}

/* some_i_p_s is 1 exactly when a kind has copies at place p after
 * step s (a puzzle of places), made as put_some makes those of a
 * bank. */
static void put_some_at(struct rows *w, size_t i, unsigned p, unsigned s)
{
	struct export_ctx *ctx = w->ctx;
	const char *n = ctx->names[i];
	long all = (long)ctx->model->items[i].copies;
	char var[EXPORT_LABEL_MAX], some[32], num[32], fmt[40];
	struct lin l;

	snprintf(some, sizeof some, "some_%%s_%u_%%s", p);
	item_at(ctx, i, p, num, sizeof num);
	name_at(w->some, var, sizeof var, some, n, s);
	if (linear_find(w->some, var) != SIZE_MAX)
		return;
	snprintf(fmt, sizeof fmt, "somep_%%s_%u_%%s", p);
	l = row(w->some, fmt, n, s);
	term(&l, 1, num, n, s);
	term(&l, -1, some, n, s);
	end_row(&l, ">=", 0);
	snprintf(fmt, sizeof fmt, "somep2_%%s_%u_%%s", p);
	l = row(w->some, fmt, n, s);
	term(&l, 1, num, n, s);
	term(&l, -all, some, n, s);
	end_row(&l, "<=", 0);
}

/* e += coef * (the copies of item i at the place). */
static void expr_count(struct export_ctx *ctx, struct expr *e, long coef,
		       size_t i, const struct place *p)
{
	const struct item *it = &ctx->model->items[i];
	const char *fmt = it->is_kind ? "num_%s_%s" : "pos_%s_%s";

	if (p->at == AT_BOAT) {
		expr_named(ctx, e, coef, "choice_%s_%s", ctx->names[i], p->s);
	} else if (p->at == AT_PLACE) {
		char at[32];

		expr_named(ctx, e, coef, item_at(ctx, i, p->where, at, sizeof at),
			   ctx->names[i], p->s);
	} else if (p->at == AT_RIGHT) {
		expr_named(ctx, e, coef, fmt, ctx->names[i], p->s);
	} else {
		expr_named(ctx, e, -coef, fmt, ctx->names[i], p->s);
		e->constant += coef * (long)it->copies;
	}
}

static void expr_sum(struct export_ctx *ctx, struct expr *e,
		     const struct cond_sum *sum, const struct place *p)
{
	size_t i;

	for (i = 0; i < sum->n; i++)
		expr_count(ctx, e, (long)sum->terms[i].coef, sum->terms[i].item,
			   p);
	e->constant += (long)sum->constant;
}

static enum cond_cmp flip(enum cond_cmp c)
{
	static const enum cond_cmp not[] = {COND_NE, COND_EQ, COND_GE,
					    COND_GT, COND_LE, COND_LT};
	return not[c];
}

/* A comparison of a sum whose terms all have one sign, as a test of
 * P, the sum of the counts times the coefficients' sizes: P >= t (UP),
 * P <= t (DOWN), or something else (OTHER). */
enum shape { ALWAYS, NEVER, UP, DOWN, OTHER };

static enum shape shape_of(const struct export_ctx *ctx,
			   const struct cond_sum *sum, enum cond_cmp cmp,
			   long long *t, long long *least)
{
	long long k = sum->constant, most = 0, p;
	int sign = 0;
	size_t i;

	*least = LLONG_MAX;
	for (i = 0; i < sum->n; i++) {
		long long c = sum->terms[i].coef;
		int sc = c > 0 ? 1 : -1;

		if (sign && sc != sign)
			return OTHER;
		sign = sc;
		c = c < 0 ? -c : c;
		most += c * ctx->model->items[sum->terms[i].item].copies;
		if (c < *least)
			*least = c;
	}
	if (!sign)
		return cond_cmp_holds(cmp, k) ? ALWAYS : NEVER;
	/* sign * P + k cmp 0 */
	p = sign > 0 ? -k : k; /* where sign * P + k is 0 */
	switch (cmp) {
	case COND_EQ:
	case COND_NE:
		if (p < 0 || p > most)
			return cmp == COND_EQ ? NEVER : ALWAYS;
		if (p != 0)
			return OTHER;
		*t = cmp == COND_EQ ? 0 : 1;
		return cmp == COND_EQ ? DOWN : UP;
	case COND_LE:
	case COND_LT:
		*t = sign > 0 ? p - (cmp == COND_LT) : p + (cmp == COND_LT);
		if (sign > 0)
			return *t < 0 ? NEVER : *t >= most ? ALWAYS : DOWN;
		return *t <= 0 ? ALWAYS : *t > most ? NEVER : UP;
	case COND_GE:
	case COND_GT:
		*t = sign > 0 ? p + (cmp == COND_GT) : p - (cmp == COND_GT);
		if (sign > 0)
			return *t <= 0 ? ALWAYS : *t > most ? NEVER : UP;
		return *t < 0 ? NEVER : *t >= most ? ALWAYS : DOWN;
	}
	return OTHER;
}

/* The indicator of c (of not c when neg) at the place, into e, when it
 * has one: see above. */
static bool indicator(struct rows *w, const struct cond *c, bool neg,
		      const struct place *p, struct expr *e)
{
	struct export_ctx *ctx = w->ctx;
	long long t, least;
	size_t i;

	if (c->kind == COND_NOT)
		return indicator(w, c->a, !neg, p, e);
	if (c->kind == COND_CROSSING) {
		e->constant += cond_crossing_holds(c, p->s) != neg;
		return true;
	}
	if (c->kind != COND_CMP)
		return false;
	switch (shape_of(ctx, &c->sum, neg ? flip(c->cmp) : c->cmp, &t,
			 &least)) {
	case ALWAYS:
		e->constant += 1;
		return true;
	case NEVER:
		return true;
	case UP:
		/* P >= t with t no more than the least coefficient: P
		 * itself, which is 0 or at least t. */
		if (t > least)
			return false;
		for (i = 0; i < c->sum.n; i++) {
			long long k = c->sum.terms[i].coef;

			expr_count(ctx, e, (long)(k < 0 ? -k : k),
				   c->sum.terms[i].item, p);
		}
		return true;
	case DOWN:
		/* P <= t below the least coefficient: none there, for one
		 * item: 1 - its count, or 1 - its some_ on a bank. */
		if (t >= least || c->sum.n != 1)
			return false;
		i = c->sum.terms[0].item;
		if (!ctx->model->items[i].is_kind) {
			e->constant += 1;
			expr_count(ctx, e, -1, i, p);
			return true;
		}
		if (p->at == AT_BOAT)
			return false;
		e->constant += 1;
		if (p->at == AT_PLACE) {
			char some[32];

			snprintf(some, sizeof some, "some_%%s_%u_%%s", p->where);
			put_some_at(w, i, p->where, p->s);
			expr_named(ctx, e, -1, some, ctx->names[i], p->s);
			return true;
		}
		put_some(w, i, p->s);
		expr_named(ctx, e, -1, p->at == AT_RIGHT ? "some_%s_r_%s"
							 : "some_%s_l_%s",
			   ctx->names[i], p->s);
		return true;
	case OTHER:
		break;
	}
	return false;
}

static void require(struct rows *w, const struct cond *c, bool neg,
		    const struct place *p, const struct expr *g);

/* The parts of an or (an and when neg) chain, each required or summed. */
struct parts {
	const struct cond **c;
	bool *neg;
	size_t n, cap;
};

static void collect(struct rows *w, const struct cond *c, bool neg,
		    enum cond_kind kind, const struct place *p,
		    struct expr *sum, struct parts *rest)
{
	if (c->kind == COND_NOT) {
		collect(w, c->a, !neg, kind, p, sum, rest);
		return;
	}
	if ((c->kind == COND_AND || c->kind == COND_OR) &&
	    (c->kind == kind) != neg) {
		collect(w, c->a, neg, kind, p, sum, rest);
		collect(w, c->b, neg, kind, p, sum, rest);
		return;
	}
	if (indicator(w, c, neg, p, sum))
		return;
	if (rest->n == rest->cap) {
		const struct grow_array cols[] = {
			{&rest->c, sizeof *rest->c},
			{&rest->neg, sizeof *rest->neg}};

		if (arrays_grow(&rest->cap, rest->n + 1, cols, 2) != RIVER_OK) {
			w->ctx->linear->failed = true;
			return;
		}
	}
	rest->c[rest->n] = c;
	rest->neg[rest->n++] = neg;
}

/* An or (of c and its kin) under g. */
static void require_or(struct rows *w, const struct cond *c, bool neg,
		       const struct place *p, const struct expr *g)
{
	struct export_ctx *ctx = w->ctx;
	struct expr sum = {0}, under = {0};
	struct parts rest = {0};
	size_t i;

	collect(w, c, neg, COND_OR, p, &sum, &rest);
	if (sum.n == 0 && sum.constant >= 1) {
		/* Some part always holds. */
	} else if (rest.n == 0) {
		expr_add(ctx, &sum, g, -1);
		expr_row(w, &sum, '>');
	} else if (rest.n == 1) {
		expr_add(ctx, &under, g, 1);
		expr_add(ctx, &under, &sum, -1);
		require(w, rest.c[0], rest.neg[0], p, &under);
	} else {
		struct expr *aux = calloc(rest.n, sizeof *aux);

		if (!aux)
			ctx->linear->failed = true;
		for (i = 0; aux && i < rest.n; i++) {
			expr_aux(w, &aux[i]);
			expr_add(ctx, &sum, &aux[i], 1);
		}
		expr_add(ctx, &under, g, -1);
		expr_add(ctx, &under, &sum, 1);
		if (aux)
			expr_row(w, &under, '>');
		for (i = 0; aux && i < rest.n; i++) {
			require(w, rest.c[i], rest.neg[i], p, &aux[i]);
			expr_release(&aux[i]);
		}
		free(aux);
	}
	expr_release(&sum);
	expr_release(&under);
	free(rest.c);
	free(rest.neg);
}

/* sum cmp 0 under g, cmp one of <=, >=, <, >. */
static void require_cmp(struct rows *w, const struct cond_sum *cs,
			enum cond_cmp cmp, const struct place *p,
			const struct expr *g)
{
	struct export_ctx *ctx = w->ctx;
	struct expr e = {0};
	bool below = cmp == COND_LE || cmp == COND_LT;
	long lo, hi;
	size_t i;

	expr_sum(ctx, &e, cs, p);
	if (cmp == COND_LT)
		e.constant += 1; /* sum + 1 <= 0 */
	if (cmp == COND_GT)
		e.constant -= 1; /* sum - 1 >= 0 */
	lo = hi = (long)cs->constant + (cmp == COND_LT) - (cmp == COND_GT);
	for (i = 0; i < cs->n; i++) {
		long most = (long)cs->terms[i].coef *
			    (long)ctx->model->items[cs->terms[i].item].copies;

		if (most < 0)
			lo += most;
		else
			hi += most;
	}
	/* sum <= hi (1 - g): sum + hi g <= hi; sum >= lo (1 - g). */
	if (below ? hi > 0 : lo < 0) {
		long big = below ? hi : lo;

		expr_add(ctx, &e, g, big);
		e.constant -= big;
		expr_row(w, &e, below ? '<' : '>');
	}
	expr_release(&e);
}

/* c (not c when neg) holds at the place wherever g is 1. */
static void require(struct rows *w, const struct cond *c, bool neg,
		    const struct place *p, const struct expr *g)
{
	struct export_ctx *ctx = w->ctx;
	struct expr e = {0};
	enum cond_cmp cmp;

	if (g->n == 0 && g->constant <= 0)
		return; /* required nowhere */
	switch (c->kind) {
	case COND_NOT:
		require(w, c->a, !neg, p, g);
		return;
	case COND_AND:
	case COND_OR:
		if ((c->kind == COND_AND) != neg) {
			require(w, c->a, neg, p, g);
			require(w, c->b, neg, p, g);
		} else {
			require_or(w, c, neg, p, g);
		}
		return;
	case COND_CROSSING:
	case COND_CMP:
		break;
	}
	if (indicator(w, c, neg, p, &e)) {
		expr_add(ctx, &e, g, -1); /* E >= g */
		expr_row(w, &e, '>');
		expr_release(&e);
		return;
	}
	cmp = neg ? flip(c->cmp) : c->cmp;
	if (cmp == COND_NE) {
		/* below 0 or above: an or of the two. */
		struct cond lt = *c, gt = *c, either = {0};

		lt.cmp = COND_LT;
		gt.cmp = COND_GT;
		either.kind = COND_OR;
		either.a = &lt;
		either.b = &gt;
		require_or(w, &either, false, p, g);
		return;
	}
	if (cmp == COND_EQ) {
		require_cmp(w, &c->sum, COND_LE, p, g);
		require_cmp(w, &c->sum, COND_GE, p, g);
		return;
	}
	require_cmp(w, &c->sum, cmp, p, g);
}

/* c (not c when neg) at the place wherever g is 1, in rows named
 * what_s, what_s_2 and so on. */
static void put_cond(struct export_ctx *ctx, struct linear *some,
		     const char *what, const struct cond *c, bool neg,
		     const struct place *p, const struct expr *g)
{
	char tag[EXPORT_LABEL_MAX];
	struct rows w = {ctx, some, tag, 0, 0};

	name_at(ctx->linear, tag, sizeof tag, "%s_%s", what, p->s);
	require(&w, c, neg, p, g);
}

/* The load's weight on step s, times sign, into e. */
static void expr_weight(struct export_ctx *ctx, struct expr *e, long sign,
			unsigned s)
{
	struct place p = {AT_BOAT, s, 0};
	struct cond_sum w = ctx->boats[0].weight;
	size_t i;

	for (i = 0; i < w.n; i++)
		expr_count(ctx, e, sign * (long)w.terms[i].coef, w.terms[i].item,
			   &p);
}

/* A load weighs within the margin of the one before: from step 2 on,
 * while the boat crosses, |w_s - w_(s-1)| <= margin. */
static void put_margin(struct export_ctx *ctx, unsigned s)
{
	long most = 0, margin = (long)ctx->model->margin;
	char tag[EXPORT_LABEL_MAX];
	size_t i;
	int sign;

	for (i = 0; i < ctx->boats[0].weight.n; i++)
		most += (long)ctx->boats[0].weight.terms[i].coef *
			(long)ctx->model->items[ctx->boats[0].weight.terms[i].item].copies;
	for (sign = 1; sign >= -1; sign -= 2) {
		struct rows w = {ctx, NULL, tag, 0, 0};
		struct expr e = {0};

		/* sign (w_s - w_(s-1)) <= margin + most (1 - active_s) */
		name_at(ctx->linear, tag, sizeof tag,
			sign > 0 ? "margin%s_%s" : "marginr%s_%s", "", s);
		expr_weight(ctx, &e, sign, s);
		expr_weight(ctx, &e, -sign, s - 1);
		expr_named(ctx, &e, most, "active%s_%s", "", s);
		e.constant = -(margin + most);
		expr_row(&w, &e, '<');
		expr_release(&e);
	}
}

/* The time of step s, trip_s, at least its slowest passenger's and the
 * boat's while it crosses; a kind's copies aboard share one time, so
 * a binary inboat_ says whether some are. */
static void put_trip(struct export_ctx *ctx, unsigned s)
{
	const struct model *m = ctx->model;
	long most = (long)model_slowest_trip(m);
	char var[EXPORT_LABEL_MAX];
	struct lin l;
	size_t i;

	name_at(ctx->linear, var, sizeof var, "trip%s_%s", "", s);
	linear_integer(ctx->linear, var, most);
	if (ctx->places) {
		/* At least the time of the leg that is gone: its boat's, or
		 * its route's. */
		bool timed = export_leg_times(ctx);

		for (i = 0; i < m->n_boats; i++)
			timed = timed || m->boats[i].time;
		if (timed) {
			l = row(ctx->linear, "tripb%s_%s", "", s);
			term(&l, 1, "trip%s_%s", "", s);
			leg_time_terms(&l, ctx, s);
			end_row(&l, ">=", 0);
		}
	} else if (m->boat_time) {
		l = row(ctx->linear, "tripb%s_%s", "", s);
		term(&l, 1, "trip%s_%s", "", s);
		term(&l, -(long)m->boat_time, "active%s_%s", "", s);
		end_row(&l, ">=", 0);
	}
	for (i = 0; i < m->n_items; i++) {
		const struct item *it = &m->items[i];
		const char *n = ctx->names[i];

		if (!it->time)
			continue;
		l = row(ctx->linear, "trip_%s_%s", n, s);
		term(&l, 1, "trip%s_%s", "", s);
		term(&l, -(long)it->time, it->is_kind ? "inboat_%s_%s"
						      : "choice_%s_%s", n, s);
		end_row(&l, ">=", 0);
		if (!it->is_kind)
			continue;
		l = row(ctx->linear, "inboat_%s_%s", n, s);
		term(&l, 1, "choice_%s_%s", n, s);
		term(&l, -(long)it->copies, "inboat_%s_%s", n, s);
		end_row(&l, "<=", 0);
	}
}

static void put_time_limit(struct export_ctx *ctx)
{
	struct lin l = {ctx->linear};
	unsigned s;

	linear_row(l.m, "timelimit", false);
	for (s = 1; s <= ctx->horizon; s++)
		term(&l, 1, "trip%s_%s", "", s);
	end_row(&l, "<=", (long)ctx->model->time_limit);
}

/* Kinds' counts are integers, after step s and on its crossing;
 * everything else is binary. */
static void put_types(struct export_ctx *ctx, size_t i, unsigned s)
{
	const char *n = ctx->names[i];
	long all = (long)ctx->model->items[i].copies;
	char var[EXPORT_LABEL_MAX];

	if (!ctx->model->items[i].is_kind)
		return;
	if (ctx->places) {
		char fmt[32];
		unsigned p;

		for (p = 0; p < ctx->model->n_places; p++) {
			name_at(ctx->linear, var, sizeof var,
				item_at(ctx, i, p, fmt, sizeof fmt), n, s);
			linear_integer(ctx->linear, var, all);
			snprintf(fmt, sizeof fmt, "leave_%%s_%u_%%s", p);
			name_at(ctx->linear, var, sizeof var, fmt, n, s);
			if (s > 0)
				linear_integer(ctx->linear, var, all);
		}
	} else {
		name_at(ctx->linear, var, sizeof var, "num_%s_%s", n, s);
		linear_integer(ctx->linear, var, all);
	}
	if (s == 0)
		return;
	if (ctx->places) {
		name_at(ctx->linear, var, sizeof var, "choice_%s_%s", n, s);
		linear_integer(ctx->linear, var, all);
		return;
	}
	name_at(ctx->linear, var, sizeof var, "avail_%s_%s", n, s);
	linear_integer(ctx->linear, var, all);
	name_at(ctx->linear, var, sizeof var, "choice_%s_%s", n, s);
	linear_integer(ctx->linear, var, all);
}

/* The legs of boat b on step s, into e: 1 when it goes. */
static void boat_legs(struct export_ctx *ctx, struct expr *e, size_t b,
		      unsigned s)
{
	const struct model *m = ctx->model;
	char leg[48];
	unsigned p, q;

	for (p = 0; p < m->n_places; p++)
		for (q = 0; q < m->n_places; q++)
			if (export_route(ctx, b, p, q)) {
				snprintf(leg, sizeof leg, "%zu_%u_%u", b, p, q);
				expr_named(ctx, e, 1, "leg_%s_%s", leg, s);
			}
}

/* Who may row the crossing of step s (or, when load, which loads it may
 * carry), while a boat goes (active): the boat's condition, or when the
 * boats differ in it, each boat's under its legs. */
static void put_each_boat(struct export_ctx *ctx, struct linear *some,
			  bool load, unsigned s, const struct expr *active)
{
	struct place boat = {AT_BOAT, s, 0};
	char what[32];
	size_t b;

	for (b = 0; b < export_n_meanings(ctx); b++) {
		const struct cond *c = load ? ctx->boats[b].load
					    : ctx->boats[b].rowed;
		struct expr legs = {0};

		if (!c)
			continue;
		if (!ctx->boats_differ) {
			put_cond(ctx, some, load ? "load" : "rower", c, false,
				 &boat, active);
			return;
		}
		snprintf(what, sizeof what, "%s%zu", load ? "load" : "rower", b);
		boat_legs(ctx, &legs, b, s);
		put_cond(ctx, some, what, c, false, &boat, &legs);
		expr_release(&legs);
	}
}

/* One part of the conditions at step s (see linear.h), its some_ rows
 * into some. */
static void put_part(struct export_ctx *ctx, struct linear *some,
		     enum lin_part part, size_t r, unsigned s)
{
	const struct model *m = ctx->model;
	struct place left = {AT_LEFT, s, 0}, right = {AT_RIGHT, s, 0};
	struct place boat = {AT_BOAT, s, 0};
	struct expr active = {0}, one = {0};
	char what[32];

	/* The banks' rules hold always, the boat's while it crosses. */
	one.constant = 1;
	if (part != LIN_BANKS)
		expr_named(ctx, &active, 1, "active%s_%s", "", s);
	switch (part) {
	case LIN_BANKS:
		if (ctx->places) {
			struct place at = {AT_PLACE, s, 0};

			for (at.where = 0; at.where < m->n_places; at.where++) {
				snprintf(what, sizeof what, "rule%zu_p%u", r + 1,
					 at.where);
				put_cond(ctx, some, what, m->rules[r].cond, true,
					 &at, &one);
			}
			break;
		}
		snprintf(what, sizeof what, "rule%zu_l", r + 1);
		put_cond(ctx, some, what, m->rules[r].cond, true, &left, &one);
		snprintf(what, sizeof what, "rule%zu_r", r + 1);
		put_cond(ctx, some, what, m->rules[r].cond, true, &right, &one);
		break;
	case LIN_BOAT:
		snprintf(what, sizeof what, "rule%zu_b", r + 1);
		put_cond(ctx, some, what, m->rules[r].cond, true, &boat,
			 &active);
		break;
	case LIN_ROWER:
	case LIN_LOAD:
		put_each_boat(ctx, some, part == LIN_LOAD, s, &active);
		break;
	case LIN_MARGIN:
		put_margin(ctx, s);
		break;
	}
	expr_release(&active);
}

int export_linear_names(struct export_ctx *ctx)
{
	if (export_names(ctx, reserved) != RIVER_OK)
		return diag_set(ctx->diag, RIVER_ENOMEM, NULL, NULL,
				"out of memory");
	return RIVER_OK;
}

int export_linear_part(struct export_ctx *ctx, struct linear *lin,
		       struct linear *some, enum lin_part part, size_t r,
		       unsigned s)
{
	struct linear *keep = ctx->linear;
	size_t i;

	lin->step = some->step = s;
	ctx->linear = lin;
	/* The counts' ranges first, as in export_linear. */
	for (i = 0; i < ctx->model->n_items; i++) {
		put_types(ctx, i, s);
		put_types(ctx, i, s - 1);
	}
	put_part(ctx, some, part, r, s);
	ctx->linear = keep;
	if (lin->failed || some->failed)
		return diag_set(ctx->diag, RIVER_ENOMEM, NULL, NULL,
				"out of memory");
	return RIVER_OK;
}

int export_linear(struct export_ctx *ctx, struct linear *lin)
{
	const struct model *m = ctx->model;
	bool timed = m->minimize_time || m->has_time_limit;
	unsigned s;
	size_t i, r;
	int rc;

	linear_init(lin);
	rc = export_linear_names(ctx);
	if (rc != RIVER_OK)
		return rc;
	ctx->linear = lin;
	put_objective(ctx);
	if (ctx->places)
		put_places_start_goal(ctx);
	else
		put_start_goal(ctx);
	for (s = 1; s <= ctx->horizon; s++) {
		if (ctx->places)
			put_places_step(ctx, s);
		else
			put_step(ctx, s);
	}
	/* The counts' ranges first: the rows below are made from them. */
	for (i = 0; i < m->n_items; i++)
		for (s = 0; s <= ctx->horizon; s++)
			put_types(ctx, i, s);
	for (s = 1; timed && s <= ctx->horizon; s++)
		put_trip(ctx, s);
	if (m->has_time_limit)
		put_time_limit(ctx);
	for (s = 1; s <= ctx->horizon; s++) {
		put_part(ctx, lin, LIN_ROWER, 0, s);
		put_part(ctx, lin, LIN_LOAD, 0, s);
		for (r = 0; r < m->n_rules; r++)
			if (m->rules[r].place & PLACE_BOAT)
				put_part(ctx, lin, LIN_BOAT, r, s);
		if (m->has_margin && s >= 2)
			put_part(ctx, lin, LIN_MARGIN, 0, s);
	}
	for (r = 0; r < m->n_rules; r++) {
		if (!(m->rules[r].place & PLACE_BANKS))
			continue;
		for (s = 0; s <= ctx->horizon; s++)
			put_part(ctx, lin, LIN_BANKS, r, s);
	}
	ctx->linear = NULL;
	if (!lin->failed)
		return RIVER_OK;
	linear_release(lin);
	return diag_set(ctx->diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
}
