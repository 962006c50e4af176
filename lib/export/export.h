/* Models for other solvers: the puzzle as a time-expanded model of
 * H steps (a position per item per step), written for one solver's
 * language, and the solver's answer read back into states.
 *
 * Every format states the same physics, and nothing about how to solve:
 *   - step 0 is the start; the boat crosses at every step s <= end, from
 *     the left when s is odd, from the right when s is even;
 *   - an item changes bank at step s only with the boat, from the boat's
 *     bank; 1..seats passengers, at least one of them a rower;
 *   - every rule holds on both banks at every step;
 *   - from step end on, everything is where the goal puts it;
 *   - the objective is the smallest end (or the least time).
 * A puzzle of places (compile/model.h, model_has_places) gives each item
 * a place and each boat a place after every step instead: at each step
 * s <= end one boat goes one leg its routes allow, from its place to
 * another, and the items that change place go with it, from where it
 * leaves to where it lands (1..its seats, a rower among them); the bank
 * rules hold at every place.  Its answers are read back into rows of
 * places (search/places.h). */
#ifndef RIVER_EXPORT_H
#define RIVER_EXPORT_H

#include "export/meaning.h"
#include "puzzle.h"
#include "solve/reach.h"
#include "util/buf.h"

/* Past this many states reached from the start the default horizon is
 * not worked out: the caller must give one. */
#define EXPORT_MAX_COUNTED_STATES (UINT64_C(1) << 24)
/* A given horizon is checked against the default bound only up to this
 * many states: counting them must not cost more than the model. */
#define EXPORT_QUICK_BOUND_STATES (UINT64_C(1) << 20)
/* Models longer than this are more than any solver here would finish. */
#define EXPORT_MAX_HORIZON 100000u
/* The time_bound of a query for any plan. */
#define EXPORT_NO_TIME_BOUND (~0ULL)

/* Where a model's horizon came from (its note says). */
enum export_horizon_from {
	HORIZON_GIVEN,  /* the caller's */
	HORIZON_BOUND,  /* the default bound on every optimal plan */
	HORIZON_SEARCH  /* the crossings of river's own optimal plan */
};

struct export_ctx {
	const river_puzzle *puzzle;
	const struct model *model;
	const struct system *sys;
	unsigned horizon;
	bool horizon_bounds; /* the horizon bounds every plan (the default,
				or a given one at least as long) */
	/* What export_begin chose, and why: the engines then try other
	 * horizons with the same ctx. */
	enum export_horizon_from horizon_from;
	unsigned horizon_chosen;
	bool bound_known;       /* bound and reach hold: */
	unsigned long long bound; /* the default bound (export.c) */
	struct reach_count reach; /* what it was worked out from */
	double lagrange;     /* bqm: the penalty weight; 0 for the default */
	bool ask_each_end;   /* smt2 for the engine: a query per end, not
				(minimize end), which Z3 4.8 gets wrong */
	bool ask_time_bound; /* smt2 for the engine, least time: one query,
				of the plans that take at most time_bound
				(of any plan: EXPORT_NO_TIME_BOUND) */
	unsigned long long time_bound;
	struct buf *out;
	river_diag *diag;
	const char **names;  /* per item: its name, made safe for the format */
	struct linear *linear; /* while the constrained model is built */
	/* Who rows, and the loads allowed: of the boat, or of each boat of
	 * a puzzle of places whose boats differ in them (boats_differ),
	 * the conditions each writer requires of boat b's legs. */
	struct boat_meaning boats[MODEL_MAX_BOATS];
	bool boats_differ;
	bool places;         /* the puzzle is one of places (and boats) */
	bool places_solved;  /* with bound_known: river's place search found
				a plan (of bound crossings) */
};

struct linear;
/* Build the constrained model (the LP's rows) into lin; on failure
 * lin holds nothing to release. */
int export_linear(struct export_ctx *ctx, struct linear *lin);

typedef int (*export_writer)(struct export_ctx *ctx);

int export_minizinc(struct export_ctx *ctx);
int export_smt2(struct export_ctx *ctx);
int export_lp(struct export_ctx *ctx);
int export_ocean(struct export_ctx *ctx);
int export_bqm(struct export_ctx *ctx);

/* Where item i is at the start and in the goal (copies on the right
 * bank), the boat's bank at the start (0 left, 1 right), and in the goal
 * (-1 when the goal does not say).  Two banks only: a puzzle of places
 * says it with export_start_at and export_goal_at. */
static inline unsigned export_start(const struct export_ctx *ctx, size_t i)
{
	return ctx->model->start.right[i];
}

static inline unsigned export_goal(const struct export_ctx *ctx, size_t i)
{
	return ctx->model->goal.right[i];
}

static inline unsigned export_boat0(const struct export_ctx *ctx)
{
	return ctx->model->start.boat == 1;
}

static inline int export_goal_boat(const struct export_ctx *ctx)
{
	return ctx->model->goal.boat;
}

/* A puzzle of places: the copies of item i at place p at the start and
 * in the goal. */
static inline unsigned export_start_at(const struct export_ctx *ctx,
				       size_t i, unsigned p)
{
	return ctx->model->start.at[i * ctx->model->n_places + p];
}

static inline unsigned export_goal_at(const struct export_ctx *ctx, size_t i,
				      unsigned p)
{
	return ctx->model->goal.at[i * ctx->model->n_places + p];
}

/* Does boat b go from place p to place q (p != q)? */
static inline bool export_route(const struct export_ctx *ctx, size_t b,
				unsigned p, unsigned q)
{
	return p != q && ((ctx->model->boats[b].routes[p] >> q) & 1);
}

/* The boats with a meaning of their own (ctx->boats[0..n)): each boat
 * of a puzzle whose boats differ in rowers or loads, else one. */
static inline size_t export_n_meanings(const struct export_ctx *ctx)
{
	return ctx->boats_differ ? ctx->model->n_boats : 1;
}

/* Whether some boat carries only some loads. */
static inline bool export_some_load(const struct export_ctx *ctx)
{
	size_t b;

	for (b = 0; b < export_n_meanings(ctx); b++)
		if (ctx->boats[b].load)
			return true;
	return false;
}

/* Whether some leg of a puzzle of places takes longer than its boat's
 * time (its route says "in time T"): then the time of a step depends on
 * the leg, not only on the boat (model_leg_time). */
static inline bool export_leg_times(const struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	unsigned p, q;
	size_t b;

	for (b = 0; ctx->places && b < m->n_boats; b++)
		for (p = 0; p < m->n_places; p++)
			for (q = 0; q < m->n_places; q++)
				if (export_route(ctx, b, p, q) &&
				    model_leg_time(m, b, p, q) != m->boats[b].time)
					return true;
	return false;
}

/* Comment lines, each started by comment, that number the places and
 * the boats of a puzzle of places as the model's names do: "place 0 is
 * the left bank", "boat 1 is the raft".  Nothing on two banks. */
void export_places_legend(struct export_ctx *ctx, const char *comment);

/* Text for a one-line comment: every control character becomes a
 * space. */
void export_comment_text(struct buf *out, const char *text);

/* An item's name in a model, with a prefix and a step, stays within the
 * limits of every reader (CBC keeps column names of at most 100
 * characters, GLPK 255): a name of more than EXPORT_NAME_MAX characters
 * becomes its first EXPORT_NAME_KEPT and its number. */
#define EXPORT_NAME_MAX 64
#define EXPORT_NAME_KEPT 24
/* Room for a variable or row name made of a model name. */
#define EXPORT_LABEL_MAX (EXPORT_NAME_MAX + 64)
/* The legend cuts the puzzle's names into lines this long. */
#define EXPORT_LEGEND_LINE 64

/* Names safe in the format: each item's name, with underscores added
 * where the format reserves the name (a keyword, or one of the model's
 * own) and "i" before a leading underscore; kept unique; shortened past
 * EXPORT_NAME_MAX.  Fills ctx->names. */
int export_names(struct export_ctx *ctx, const char *const *reserved);

/* Comment lines, each started by comment, that give the puzzle's name
 * of every item whose name the model shortens; nothing when none is. */
void export_legend(struct export_ctx *ctx, const char *comment);

/* The note at the top of every model: which horizon it was built for,
 * and why.  Comment lines, each started by comment, of at most about
 * 78 characters; or, when comment is NULL, a JSON string. */
void export_horizon_note(struct export_ctx *ctx, struct buf *out,
			 const char *comment);

/* Set up ctx for puzzle (working out the horizon opts asks for: the
 * default bound, or the crossings of river's own plan; a given one is
 * compared with the bound where that is quick), and release what it
 * holds. */
int export_begin(struct export_ctx *ctx, const river_puzzle *puzzle,
		 const river_export_options *opts, struct buf *out,
		 river_diag *diag);
void export_end(struct export_ctx *ctx);
export_writer export_find(const char *format);

#endif
