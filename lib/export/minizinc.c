/* The MiniZinc model, in the style of the MiniZinc article: enums of
 * the items, location arrays per step, a var end, "solve minimize end",
 * and an output item that prints the plan. */
#include <stdio.h>
#include <string.h>

#include "export/export.h"

static const char *const reserved[] = {
	/* keywords */
	"ann", "annotation", "any", "array", "bool", "case", "constraint",
	"default", "diff", "div", "else", "elseif", "endif", "enum", "false",
	"float", "function", "if", "in", "include", "int", "intersect",
	"let", "list", "maximize", "minimize", "mod", "not", "of", "op",
	"opt", "output", "par", "predicate", "record", "satisfy", "set",
	"solve", "string", "subset", "superset", "symdiff", "test", "then",
	"true", "tuple", "type", "union", "var", "where", "xor",
	/* library functions the model calls */
	"abs", "bool2int", "fix", "forall", "join", "max", "min", "show",
	"sum", "exists", "card", "index_set",
	/* the model's own names */
	"ITEM", "KIND", "copies", "seats", "H", "STEP0", "STEP", "at",
	"right", "end", "shown", "rows", "on", "here", "moved", "passengers",
	"kind_shown", "kind_rows", "kind_on", "kind_here", "kind_moved", "bank",
	"kind_count", "start", "goal", "boat0", "kind_start", "kind_goal",
	"rowers", "s", "b", "i", "k", "rowed", "load_weight", "trip",
	"total_time",
	/* and those of a puzzle of places */
	"PLACE", "BOAT", "boat_seats", "boat_time", "leg_time", "route",
	"boat_start",
	"kind_at", "boat_at", "mover", "leg_from", "leg_to", "place_text",
	"boat_name", "here", "crossed", "kind_boat", "p", NULL};

static void put_enum(struct export_ctx *ctx, const char *name, bool kinds)
{
	const struct model *m = ctx->model;
	const char *sep = "";
	size_t i;

	buf_printf(ctx->out, "enum %s = {", name);
	for (i = 0; i < m->n_items; i++) {
		if (m->items[i].is_kind != kinds)
			continue;
		buf_printf(ctx->out, "%s%s", sep, ctx->names[i]);
		sep = ", ";
	}
	buf_puts(ctx->out, "};\n");
}

/* An array over ITEM or KIND of each item's label (or name), or of
 * whether it rows. */
static void put_item_array(struct export_ctx *ctx, bool kinds,
			   const char *decl, bool labels)
{
	const struct model *m = ctx->model;
	const char *sep = "";
	size_t i;

	buf_printf(ctx->out, "%s = [", decl);
	for (i = 0; i < m->n_items; i++) {
		const struct item *it = &m->items[i];

		if (it->is_kind != kinds)
			continue;
		buf_puts(ctx->out, sep);
		if (labels)
			buf_quote(ctx->out, model_shown_label(m, i)
					    ? model_shown_label(m, i) : it->name,
				  QUOTE_C);
		else
			buf_puts(ctx->out, it->rows ? "true" : "false");
		sep = ", ";
	}
	buf_puts(ctx->out, "];\n");
}

/* An array over ITEM or KIND of where each item is at the start or in
 * the goal: its copies on the right bank. */
static void put_counts(struct export_ctx *ctx, bool kinds, const char *decl,
		       unsigned (*where)(const struct export_ctx *, size_t))
{
	const struct model *m = ctx->model;
	const char *sep = "";
	size_t i;

	buf_printf(ctx->out, "%s = [", decl);
	for (i = 0; i < m->n_items; i++) {
		if (m->items[i].is_kind != kinds)
			continue;
		buf_printf(ctx->out, "%s%u", sep, where(ctx, i));
		sep = ", ";
	}
	buf_puts(ctx->out, "];\n");
}

/* A puzzle of places: the places and boats, each boat's seats, time,
 * routes and start, and where everything starts and ends. */
static void put_places_header(struct export_ctx *ctx, bool ind, bool kinds)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	size_t i, b, np = m->n_places;
	unsigned p, q;

	buf_printf(o, "set of int: PLACE = 0..%zu;\nset of int: BOAT = 0..%zu;\n",
		   np - 1, m->n_boats - 1);
	buf_puts(o, "array[BOAT] of int: boat_seats = array1d(BOAT, [");
	for (b = 0; b < m->n_boats; b++)
		buf_printf(o, "%s%u", b ? ", " : "", m->boats[b].seats);
	buf_puts(o, "]);\narray[BOAT] of int: boat_time = array1d(BOAT, [");
	for (b = 0; b < m->n_boats; b++)
		buf_printf(o, "%s%u", b ? ", " : "", m->boats[b].time);
	buf_puts(o, "]);\n");
	if (export_leg_times(ctx)) {
		buf_puts(o, "% leg_time[b, p, q]: the least time a leg of boat b "
			    "from place p to q takes.\n"
			    "array[BOAT, PLACE, PLACE] of int: leg_time = "
			    "array3d(BOAT, PLACE, PLACE, [");
		for (b = 0; b < m->n_boats; b++)
			for (p = 0; p < np; p++)
				for (q = 0; q < np; q++)
					buf_printf(o, "%s%u", b + p + q ? ", " : "",
						   model_leg_time(m, b, p, q));
		buf_puts(o, "]);\n");
	}
	buf_puts(o, "array[BOAT] of PLACE: boat_start = array1d(BOAT, [");
	for (b = 0; b < m->n_boats; b++)
		buf_printf(o, "%s%d", b ? ", " : "", m->start.boats[b]);
	buf_puts(o, "]);\n% route[b, p, q]: boat b may go from place p to q.\n"
		    "array[BOAT, PLACE, PLACE] of bool: route = "
		    "array3d(BOAT, PLACE, PLACE, [");
	for (b = 0; b < m->n_boats; b++)
		for (p = 0; p < np; p++)
			for (q = 0; q < np; q++)
				buf_printf(o, "%s%s", b + p + q ? ", " : "",
					   export_route(ctx, b, p, q) ? "true"
								      : "false");
	buf_puts(o, "]);\n");
	if (ind) {
		for (q = 0; q < 2; q++) {
			const char *sep = "";

			buf_printf(o, "array[ITEM] of PLACE: %s = [",
				   q ? "goal" : "start");
			for (i = 0; i < m->n_items; i++) {
				if (m->items[i].is_kind)
					continue;
				for (p = 0; p < np; p++)
					if (q ? export_goal_at(ctx, i, p)
					      : export_start_at(ctx, i, p))
						buf_printf(o, "%s%u", sep, p);
				sep = ", ";
			}
			buf_puts(o, "];\n");
		}
	}
	for (q = 0; kinds && q < 2; q++) {
		const char *sep = "";

		buf_printf(o, "array[KIND, PLACE] of int: kind_%s = "
			      "array2d(KIND, PLACE, [", q ? "goal" : "start");
		for (i = 0; i < m->n_items; i++) {
			if (!m->items[i].is_kind)
				continue;
			for (p = 0; p < np; p++) {
				buf_printf(o, "%s%u", sep,
					   q ? export_goal_at(ctx, i, p)
					     : export_start_at(ctx, i, p));
				sep = ", ";
			}
		}
		buf_puts(o, "]);\n");
	}
}

static void put_header(struct export_ctx *ctx, bool ind, bool kinds)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	size_t i;

	buf_puts(o, "% ");
	export_comment_text(o, m->title);
	buf_putc(o, '\n');
	export_horizon_note(ctx, o, "%");
	buf_puts(o, "% A time-expanded model written by river: the position of "
		    "every item\n"
		    "% after every step, the physics of the puzzle as "
		    "constraints, and the\n");
	if (ctx->places)
		buf_puts(o, m->minimize_time
			    ? "% least total time as the objective.  Places and "
			      "boats are numbered:\n"
			    : "% earliest end as the objective.  Places and boats "
			      "are numbered:\n");
	else
		buf_puts(o, m->minimize_time
			    ? "% least total time as the objective.  0 is the left "
			      "bank, 1 the right.\n\n"
			    : "% earliest end as the objective.  0 is the left bank, "
			      "1 the right.\n\n");
	export_places_legend(ctx, "%");
	if (ctx->places)
		buf_putc(o, '\n');
	export_legend(ctx, "%");
	if (ind) {
		put_enum(ctx, "ITEM", false);
		put_item_array(ctx, false, "array[ITEM] of string: shown", true);
		put_item_array(ctx, false, "array[ITEM] of bool: rows", false);
	}
	if (ind && !ctx->places) {
		put_counts(ctx, false, "array[ITEM] of 0..1: start", export_start);
		put_counts(ctx, false, "array[ITEM] of 0..1: goal", export_goal);
	}
	/* MiniZinc cannot overload on two enums: the kinds' arrays and
	 * functions have names of their own. */
	if (kinds) {
		const char *sep = "";

		put_enum(ctx, "KIND", true);
		buf_puts(o, "array[KIND] of int: copies = [");
		for (i = 0; i < m->n_items; i++) {
			if (!m->items[i].is_kind)
				continue;
			buf_printf(o, "%s%u", sep, m->items[i].copies);
			sep = ", ";
		}
		buf_puts(o, "];\n");
		put_item_array(ctx, true, "array[KIND] of string: kind_shown", true);
		put_item_array(ctx, true, "array[KIND] of bool: kind_rows", false);
	}
	if (kinds && !ctx->places) {
		put_counts(ctx, true, "array[KIND] of int: kind_start", export_start);
		put_counts(ctx, true, "array[KIND] of int: kind_goal", export_goal);
	}
	if (ctx->places) {
		put_places_header(ctx, ind, kinds);
	} else {
		buf_printf(o, "int: seats = %u;\n", m->seats);
		buf_printf(o, "int: boat0 = %u;  %% the boat's bank at the start\n",
			   export_boat0(ctx));
	}
	buf_printf(o, "int: H = %u;  %% the horizon: the most steps considered%s\n",
		   ctx->horizon, ctx->horizon_bounds ? ", more than any plan needs"
						     : "");
	buf_puts(o, "set of int: STEP0 = 0..H;\nset of int: STEP = 1..H;\n\n");
}

static void put_variables(struct export_ctx *ctx, bool ind, bool kinds)
{
	struct buf *o = ctx->out;

	if (ctx->places) {
		if (ind)
			buf_puts(o, "% at[i, s]: the place of item i after step "
				    "s.\narray[ITEM, STEP0] of var PLACE: at;\n");
		if (kinds)
			buf_puts(o, "% kind_at[k, p, s]: how many of kind k are at "
				    "place p after step s.\n"
				    "array[KIND, PLACE, STEP0] of var 0..max(copies): "
				    "kind_at;\n"
				    "constraint forall(k in KIND, s in STEP0)"
				    "(sum(p in PLACE)(kind_at[k, p, s]) = copies[k]);\n");
		buf_puts(o, "% boat_at[b, s]: the place of boat b after step s; "
			    "mover[s]: the boat that\n% goes on step s.\n"
			    "array[BOAT, STEP0] of var PLACE: boat_at;\n"
			    "array[STEP] of var BOAT: mover;\n");
	} else if (ind)
		buf_puts(o, "% at[i, s]: the bank of item i after step s.\n"
			    "array[ITEM, STEP0] of var 0..1: at;\n");
	if (kinds && !ctx->places)
		buf_puts(o, "% right[k, s]: how many of kind k are on the right "
			    "bank after step s.\n"
			    "array[KIND, STEP0] of var 0..max(copies): right;\n"
			    "constraint forall(k in KIND, s in STEP0)"
			    "(right[k, s] <= copies[k]);\n");
	buf_puts(o, "% The step at which the goal is reached.\n"
		    "var 1..H: end;\n\n");
}

/* The functions the rules read: how many of an item are on bank b. */
static void put_functions(struct export_ctx *ctx, bool ind, bool kinds)
{
	struct buf *o = ctx->out;

	if (ctx->places) {
		buf_puts(o, "% Where the leg of step s leaves from, and where it "
			    "goes.\n"
			    "function var PLACE: leg_from(STEP: s) = "
			    "boat_at[mover[s], s - 1];\n"
			    "function var PLACE: leg_to(STEP: s) = "
			    "boat_at[mover[s], s];\n");
		/* 0/1 variables, not bool2int in the functions: MiniZinc
		 * 2.6 loses constraints on such sums in rules and steps. */
		if (ind)
			buf_puts(o, "% here[i, p, s]: 1 when item i is at place p "
				    "after step s; crossed[i, s]:\n% 1 when it "
				    "changes place on step s.\n"
				    "array[ITEM, PLACE, STEP0] of var 0..1: here "
				    ":: no_output;\n"
				    "constraint forall(i in ITEM, p in PLACE, s in "
				    "STEP0)(here[i, p, s] = bool2int(at[i, s] = p));\n"
				    "array[ITEM, STEP] of var 0..1: crossed :: "
				    "no_output;\n"
				    "constraint forall(i in ITEM, s in STEP)"
				    "(crossed[i, s] = bool2int(at[i, s] != at[i, s - 1]));\n"
				    "function var int: on(ITEM: i, PLACE: b, STEP0: s) =\n"
				    "    here[i, b, s];\n"
				    "function var int: moved(ITEM: i, STEP: s) =\n"
				    "    crossed[i, s];\n");
		if (kinds)
			buf_puts(o, "% kind_boat[k, s]: how many of kind k go on "
				    "step s (from the one place\n% they leave).\n"
				    "array[KIND, STEP] of var 0..max(copies): "
				    "kind_boat :: no_output;\n"
				    "constraint forall(k in KIND, s in STEP)"
				    "(kind_boat[k, s] =\n    sum(p in PLACE)"
				    "(max(0, kind_at[k, p, s - 1] - kind_at[k, p, s])));\n"
				    "function var int: kind_on(KIND: k, PLACE: b, STEP0: s) =\n"
				    "    kind_at[k, b, s];\n"
				    "function var int: kind_moved(KIND: k, STEP: s) =\n"
				    "    kind_boat[k, s];\n");
	} else if (ind)
		buf_puts(o, "function var int: on(ITEM: i, 0..1: b, STEP0: s) =\n"
			    "    if b = 1 then at[i, s] else 1 - at[i, s] endif;\n"

			    "function var int: moved(ITEM: i, STEP: s) =\n"
			    "    abs(at[i, s] - at[i, s - 1]);\n");
	if (kinds && !ctx->places)
		buf_puts(o, "function var int: kind_on(KIND: k, 0..1: b, STEP0: s) =\n"
			    "    if b = 1 then right[k, s] else copies[k] - right[k, s] endif;\n"

			    "function var int: kind_moved(KIND: k, STEP: s) =\n"
			    "    abs(right[k, s] - right[k, s - 1]);\n");
	buf_puts(o, "function var int: passengers(STEP: s) =\n    ");
	if (ind)
		buf_puts(o, "sum(i in ITEM)(moved(i, s))");
	if (ind && kinds)
		buf_puts(o, " + ");
	if (kinds)
		buf_puts(o, "sum(k in KIND)(kind_moved(k, s))");
	buf_puts(o, ";\n\n");
}

/* How many of item i are at the place: on bank b after step s, or in
 * the boat on step s. */
static void put_count(struct export_ctx *ctx, size_t i, bool boat)
{
	buf_printf(ctx->out, boat ? "%smoved(%s, s)" : "%son(%s, b, s)",
		   ctx->model->items[i].is_kind ? "kind_" : "", ctx->names[i]);
}

/* sum's terms of one sign (positive: those above 0; else those below,
 * negated), and the constant on that side; "0" when there are none. */
static void put_side(struct export_ctx *ctx, const struct cond_sum *sum,
		     bool positive, bool boat)
{
	struct buf *o = ctx->out;
	long long k = positive ? sum->constant : -sum->constant;
	const char *sep = "";
	size_t i;

	for (i = 0; i < sum->n; i++) {
		long long c = sum->terms[i].coef;

		if ((c > 0) != positive)
			continue;
		buf_puts(o, sep);
		if (c != 1 && c != -1)
			buf_printf(o, "%lld * ", c > 0 ? c : -c);
		put_count(ctx, sum->terms[i].item, boat);
		sep = " + ";
	}
	if (k > 0 || !*sep)
		buf_printf(o, "%s%lld", sep, k > 0 ? k : 0);
}

/* A condition at a place (bank b after step s, or the boat on step
 * s), as a MiniZinc Boolean: each comparison with the terms below 0
 * moved to the right; an and or an or in parentheses when wrap, and
 * chains of one of them without. */
static void put_cond(struct export_ctx *ctx, const struct cond *c, bool boat,
		     bool wrap)
{
	static const char *const cmp[] = {"=", "!=", "<", "<=", ">", ">="};
	struct buf *o = ctx->out;
	unsigned k;

	switch (c->kind) {
	case COND_AND:
	case COND_OR:
		buf_puts(o, wrap ? "(" : "");
		put_cond(ctx, c->a, boat, c->a->kind != c->kind);
		buf_puts(o, c->kind == COND_AND ? " /\\ " : " \\/ ");
		put_cond(ctx, c->b, boat, c->b->kind != c->kind);
		buf_puts(o, wrap ? ")" : "");
		return;
	case COND_NOT:
		buf_puts(o, "not (");
		put_cond(ctx, c->a, boat, false);
		buf_putc(o, ')');
		return;
	case COND_CROSSING:
		buf_printf(o, "(s - 1) mod %u + 1 in {", c->every);
		for (k = 0; k < c->every; k++)
			if ((c->on >> k) & 1)
				buf_printf(o, "%s%u", c->on & ((UINT64_C(1) << k) - 1)
						       ? ", " : "", k + 1);
		buf_putc(o, '}');
		return;
	case COND_CMP:
		break;
	}
	put_side(ctx, &c->sum, true, boat);
	buf_printf(o, " %s ", cmp[c->cmp]);
	put_side(ctx, &c->sum, false, boat);
}

/* A rule: what it forbids, on the banks at every step, in the boat on
 * every crossing. */
static void put_rule(struct export_ctx *ctx, const struct rule *r)
{
	struct buf *o = ctx->out;

	buf_puts(o, "% ");
	export_comment_text(o, r->text);
	buf_putc(o, '\n');
	if (r->place & PLACE_BANKS) {
		buf_printf(o, "constraint forall(s in STEP0, b in %s)(not (",
			   ctx->places ? "PLACE" : "0..1");
		put_cond(ctx, r->cond, false, false);
		buf_puts(o, "));\n");
	}
	if (r->place & PLACE_BOAT) {
		buf_puts(o, "constraint forall(s in STEP)(s <= end -> not (");
		put_cond(ctx, r->cond, true, false);
		buf_puts(o, "));\n");
	}
}

/* Who may row the crossing of step s (or, when load, which loads it may
 * carry): the boat's condition, or when the boats differ in it, each
 * boat's for the legs it goes ("mover[s] = b -> ..."). */
static void put_each_boat(struct export_ctx *ctx, bool load)
{
	const char *sep = "";
	size_t b;

	for (b = 0; b < export_n_meanings(ctx); b++) {
		const struct cond *c = load ? ctx->boats[b].load
					    : ctx->boats[b].rowed;

		if (!c)
			continue;
		if (!ctx->boats_differ) {
			put_cond(ctx, c, true, true);
			return;
		}
		buf_printf(ctx->out, "%s(mover[s] = %zu -> ", sep, b);
		put_cond(ctx, c, true, true);
		buf_putc(ctx->out, ')');
		sep = " /\\ ";
	}
}

/* The boat's weight limit, margin and list of loads, and the time. */
static void put_boat(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	size_t i;

	if (m->has_margin) {
		buf_puts(o, "% The weight in the boat on step s.\n"
			    "function var int: load_weight(STEP: s) = ");
		put_side(ctx, &ctx->boats[0].weight, true, true);
		buf_puts(o, ";\n");
		buf_printf(o, "constraint forall(s in 2..H)(s <= end -> "
			      "abs(load_weight(s) - load_weight(s - 1)) <= %llu);"
			      "  %% the margin\n", m->margin);
	}
	if (export_some_load(ctx)) {
		buf_printf(o, "%% The loads the %s may carry.\n"
			      "constraint forall(s in STEP)(s <= end -> ",
			   ctx->boats_differ ? "boats" : "boat");
		put_each_boat(ctx, true);
		buf_puts(o, ");\n");
	}
	if (model_timed(m) && (m->minimize_time || m->has_time_limit)) {
		buf_puts(o, "% A crossing takes its slowest passenger's time");
		if (ctx->places)
			buf_puts(o, export_leg_times(ctx) ? ", at least its leg's"
							  : ", at least its boat's");
		else if (m->boat_time)
			buf_printf(o, ", at least %u", m->boat_time);
		buf_puts(o, ".\nfunction var int: trip(STEP: s) = if s <= end then "
			    "max([");
		if (ctx->places && export_leg_times(ctx))
			buf_puts(o, "leg_time[mover[s], leg_from(s), leg_to(s)]");
		else if (ctx->places)
			buf_puts(o, "boat_time[mover[s]]");
		else
			buf_printf(o, "%u", m->boat_time);
		for (i = 0; i < m->n_items; i++) {
			if (!m->items[i].time)
				continue;
			buf_printf(o, ", %u * bool2int(", m->items[i].time);
			put_count(ctx, i, true);
			buf_puts(o, " > 0)");
		}
		buf_puts(o, "]) else 0 endif;\n"
			    "var int: total_time = sum(s in STEP)(trip(s));\n");
		/* Implied, and a great help to the search: every crossing
		 * takes at least the least time one can take. */
		buf_printf(o, "constraint total_time >= end * %llu;  "
			      "%% no crossing is quicker than %llu\n",
			   model_least_trip(m), model_least_trip(m));
		if (m->has_time_limit)
			buf_printf(o, "constraint total_time <= %llu;  "
				      "%% the time limit\n", m->time_limit);
	}
	if (m->has_margin || export_some_load(ctx) ||
	    (model_timed(m) && (m->minimize_time || m->has_time_limit)))
		buf_putc(o, '\n');
}

/* A puzzle of places, past the individuals' start and end: the kinds'
 * and the boats', and a step is one leg of one boat. */
static void put_places_physics(struct export_ctx *ctx, bool ind, bool kinds)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	size_t b;

	if (kinds)
		buf_puts(o, "constraint forall(k in KIND, p in PLACE)"
			    "(kind_at[k, p, 0] = kind_start[k, p]);\n"
			    "constraint forall(k in KIND, p in PLACE, s in STEP0)"
			    "(s >= end -> kind_at[k, p, s] = kind_goal[k, p]);\n");
	buf_puts(o, "constraint forall(b in BOAT)(boat_at[b, 0] = "
		    "boat_start[b]);\n");
	for (b = 0; b < m->n_boats; b++)
		if (m->goal.boats[b] >= 0) {
			buf_printf(o, "constraint boat_at[%zu, end] = %d;  %% the ",
				   b, m->goal.boats[b]);
			export_comment_text(o, m->boats[b].name);
			buf_puts(o, " ends at the ");
			export_comment_text(o, m->place_names[m->goal.boats[b]]);
			buf_putc(o, '\n');
		}
	buf_puts(o, "\n% Step s is one leg of boat mover[s], from its place to "
		    "another its routes\n% allow, the other boats staying; "
		    "items change place only with it, from\n% where it leaves "
		    "to where it goes; 1 to its seats passengers, one a rower.\n"
		    "constraint forall(s in STEP)(s <= end -> (\n"
		    "    route[mover[s], leg_from(s), leg_to(s)] /\\\n"
		    "    forall(b in BOAT)(b != mover[s] -> boat_at[b, s] = "
		    "boat_at[b, s - 1]) /\\\n");
	if (ind)
		buf_puts(o, "    forall(i in ITEM)(at[i, s] != at[i, s - 1] -> "
			    "(at[i, s - 1] = leg_from(s) /\\ at[i, s] = "
			    "leg_to(s))) /\\\n");
	if (kinds)
		buf_puts(o, "    forall(k in KIND, p in PLACE)(kind_at[k, p, s] < "
			    "kind_at[k, p, s - 1] -> p = leg_from(s)) /\\\n"
			    "    forall(k in KIND, p in PLACE)(kind_at[k, p, s] > "
			    "kind_at[k, p, s - 1] -> p = leg_to(s)) /\\\n");
	buf_puts(o, "    passengers(s) >= 1 /\\ passengers(s) <= "
		    "boat_seats[mover[s]] /\\\n    ");
	put_each_boat(ctx, false);
	buf_puts(o, "));\n\n");
}

static void put_physics(struct export_ctx *ctx, bool ind, bool kinds)
{
	struct buf *o = ctx->out;

	buf_puts(o, "% Everything is where the puzzle starts at step 0, and "
		    "where it ends from\n% step end on.\n");
	if (ind)
		buf_puts(o, "constraint forall(i in ITEM)(at[i, 0] = start[i]);\n"
			    "constraint forall(i in ITEM, s in STEP0)"
			    "(s >= end -> at[i, s] = goal[i]);\n");
	if (ctx->places) {
		put_places_physics(ctx, ind, kinds);
		return;
	}
	if (kinds)
		buf_puts(o, "constraint forall(k in KIND)(right[k, 0] = kind_start[k]);\n"
			    "constraint forall(k in KIND, s in STEP0)"
			    "(s >= end -> right[k, s] = kind_goal[k]);\n");
	if (export_goal_boat(ctx) >= 0)
		buf_printf(o, "constraint (boat0 + end) mod 2 = %d;  "
			      "%% the boat ends on the %s bank\n",
			   export_goal_boat(ctx),
			   export_goal_boat(ctx) ? "right" : "left");
	buf_puts(o, "\n% Step s takes the boat from the left when s + boat0 is "
		    "odd, else from the right:\n"
		    "% items cross only with it, from its bank; 1 to seats "
		    "passengers, one a rower.\n"
		    "constraint forall(s in STEP)(s <= end -> (\n");
	if (ind)
		buf_puts(o, "    forall(i in ITEM)(if (s + boat0) mod 2 = 1 then at[i, s] >= "
			    "at[i, s - 1] else at[i, s] <= at[i, s - 1] endif) /\\\n");
	if (kinds)
		buf_puts(o, "    forall(k in KIND)(if (s + boat0) mod 2 = 1 then right[k, s] >= "
			    "right[k, s - 1] else right[k, s] <= right[k, s - 1] "
			    "endif) /\\\n");
	buf_puts(o, "    passengers(s) >= 1 /\\ passengers(s) <= seats /\\\n    ");
	put_cond(ctx, ctx->boats[0].rowed, true, true);
	buf_puts(o, "));\n\n");
}

/* The plan of a puzzle of places, one line a step: each place in
 * brackets, in order, with the boats there. */
static void put_places_output(struct export_ctx *ctx, bool ind, bool kinds)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	size_t b;

	buf_puts(o, "% The plan, one line a step: each place, first to last, "
		    "with its boats.\narray[BOAT] of string: boat_name = "
		    "array1d(BOAT, [");
	for (b = 0; b < m->n_boats; b++) {
		buf_puts(o, b ? ", " : "");
		buf_quote(o, m->boats[b].name, QUOTE_C);
	}
	buf_puts(o, "]);\nfunction string: place_text(PLACE: p, STEP0: s) = "
		    "join(\" \", ");
	if (ind)
		buf_puts(o, "[shown[i] | i in ITEM where fix(at[i, s]) = p] ++ ");
	if (kinds)
		buf_puts(o, "[show(fix(kind_at[k, p, s])) ++ \" \" ++ kind_shown[k] | "
			    "k in KIND where fix(kind_at[k, p, s]) > 0] ++ ");
	buf_puts(o, "[\"(\" ++ boat_name[b] ++ \")\" | b in BOAT where "
		    "fix(boat_at[b, s]) = p]);\n"
		    "output [\"Step \\(s):\" ++ join(\"\", [\" [\" ++ place_text(p, s) "
		    "++ \"]\" | p in PLACE]) ++ \"\\n\" | s in 0..fix(end)];\n");
}

static void put_output(struct export_ctx *ctx, bool ind, bool kinds)
{
	struct buf *o = ctx->out;

	/* Of places, the earliest end first too: Gecode then finds the
	 * least time of four rowers by way of an island in 1.6 s (4.8 s
	 * without), and of a ferry and a timed raft, a kind and a goal for
	 * the raft at 10 steps in 34 s (none in 120 s without). */
	if (ctx->model->minimize_time && ctx->places)
		buf_puts(o, "\n% The least total time, trying the earliest end "
			    "first: a search order.\n"
			    "solve :: int_search([end], input_order, indomain_min) "
			    "minimize total_time;\n\n");
	else if (ctx->model->minimize_time)
		buf_puts(o, "\n% The least total time.\n"
			    "solve minimize total_time;\n\n");
	else
		buf_puts(o, "\n% Try the earliest end first: a search order, not a hint of a plan.\n"
			    "solve :: int_search([end], input_order, indomain_min) minimize end;\n\n");
	if (ctx->places) {
		put_places_output(ctx, ind, kinds);
		return;
	}
	buf_puts(o, "% The plan, one line a step: the left bank <-> the right "
		    "bank.\n");
	if (kinds)
		buf_puts(o, "function int: kind_count(KIND: k, 0..1: b, STEP0: s) =\n"
			    "    if b = 1 then fix(right[k, s]) else copies[k] - "
			    "fix(right[k, s]) endif;\n");
	buf_puts(o, "function string: bank(0..1: b, STEP0: s) = join(\" \", ");
	if (ind)
		buf_puts(o, "[shown[i] | i in ITEM where fix(at[i, s]) = b]");
	if (ind && kinds)
		buf_puts(o, " ++ ");
	if (kinds)
		buf_puts(o, "[show(kind_count(k, b, s)) ++ \" \" ++ kind_shown[k] | "
			    "k in KIND where kind_count(k, b, s) > 0]");
	buf_puts(o, ");\n"
		    "output [\"Step \\(s): [\" ++ bank(0, s) ++ \"] <-> [\" ++ "
		    "bank(1, s) ++ \"]\\n\" | s in 0..fix(end)];\n");
}

int export_minizinc(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	bool ind = false, kinds = false;
	size_t r;
	int rc = export_names(ctx, reserved);

	if (rc != RIVER_OK)
		return diag_set(ctx->diag, rc, NULL, NULL, "out of memory");
	for (r = 0; r < m->n_items; r++) {
		ind = ind || !m->items[r].is_kind;
		kinds = kinds || m->items[r].is_kind;
	}
	put_header(ctx, ind, kinds);
	put_variables(ctx, ind, kinds);
	put_functions(ctx, ind, kinds);
	put_physics(ctx, ind, kinds);
	put_boat(ctx);
	if (m->n_rules > 0)
		buf_printf(ctx->out, "%% The rules hold where they say: %s at "
				     "every step, or in the boat.\n",
			   ctx->places ? "at every place" : "on both banks");
	for (r = 0; r < m->n_rules; r++)
		put_rule(ctx, &m->rules[r]);
	put_output(ctx, ind, kinds);
	return RIVER_OK;
}
