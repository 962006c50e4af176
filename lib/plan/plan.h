/* Plans: the states of a solution, checked against the rules, and
 * rendered for people and programs. */
#ifndef RIVER_PLAN_H
#define RIVER_PLAN_H

#include "puzzle.h"
#include "util/buf.h"

struct river_plan {
	const river_puzzle *puzzle;
	bool solved;
	unsigned long long explored;
	/* Unsolved by the search, the states of the puzzle as written that
	 * those explored stand for (system_states_of): more than explored
	 * when the search ran up to interchangeable items; else explored. */
	unsigned long long in_all;
	state_t *states; /* start..goal; only the start when unsolved */
	/* A puzzle of places' plan (search/places.h), a wide puzzle's
	 * too, where states is NULL: per state, places_row_width
	 * numbers. */
	unsigned *at;
	size_t n_states;
	const char *engine; /* "bfs", or the external engine's name */
	bool counted;       /* the optimal plans were counted */
	unsigned long long count;
	struct river_plan *alternatives; /* the optimal plans kept */
	size_t n_alternatives;
	double seconds;     /* how long the engine took */
	unsigned horizon;   /* external engines: the model's steps */
	bool replayed;      /* river_replay's: the crossings a player made,
			     * solved when they end at the goal */
};

/* The time of a plan's crossings from state from to state to (0 when to
 * <= from). */
unsigned long long plan_span_time(const river_plan *plan, size_t from,
				  size_t to);

/* Per item, how many copies cross on crossing k (1-based). */
void plan_load(const river_plan *plan, size_t crossing, unsigned *load);
/* Which boat crossing k (1-based) of a puzzle of places' plan moves,
 * and where to. */
size_t plan_leg_boat(const river_plan *plan, size_t crossing, size_t *to);
/* Copies of item i on a bank in state k, shaped like
 * river_plan_item_moved for the renderers that take either. */
static inline unsigned plan_on_left(const river_plan *plan, size_t k, size_t i)
{
	return river_plan_item_on(plan, k, i, RIVER_LEFT);
}

static inline unsigned plan_on_right(const river_plan *plan, size_t k,
				     size_t i)
{
	return river_plan_item_on(plan, k, i, RIVER_RIGHT);
}

/* Is the plan shown place by place (a puzzle of places), or bank by
 * bank (two banks, a wide puzzle's too, whose rows are places')? */
static inline bool plan_of_places(const river_plan *plan)
{
	return model_has_places(&plan->puzzle->model);
}

/* True for a plan of libriver's own search, false for an engine's. */
static inline bool plan_by_search(const river_plan *plan)
{
	return plan->horizon == 0;
}


/* A new plan of puzzle, unsolved, with no states, made by engine
 * ("bfs" for the built-in search, "replay", or an external engine's
 * name); NULL when memory runs out.  Every river_plan is made here. */
river_plan *plan_new(const river_puzzle *puzzle, const char *engine);
/* Does the plan hold crossings to walk: a solution, or a replay (which
 * may stop short of the goal)? */
static inline bool plan_has_steps(const river_plan *plan)
{
	return plan->solved || plan->replayed;
}

#endif
