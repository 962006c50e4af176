/* The plan checker: whether a plan's crossings are legal and end at the
 * goal, judged from first principles (the rules' meaning, the boat's
 * limits), never by the search that made the plan; and the words that
 * say why not.  verify.c reads plans people and tools write and checks
 * them here. */
#ifndef RIVER_CHECK_H
#define RIVER_CHECK_H

#include "plan/plan.h"

/* Why a plan is not a solution: which crossing (1-based; 0 for the
 * start), and a sentence. */
struct plan_fault {
	size_t step;
	char reason[256];
};


/* The total time of a plan's crossings. */
unsigned long long plan_time(const struct system *sys, const state_t *states,
			     size_t n);

/* Which rule s breaks, in words, as a check of a plan says it: "the
 * goat is left with the cabbage on the left bank (goat eats cabbage)".
 * sys is a puzzle's own system (not one reduced by symmetry). */
void plan_describe_violation(const struct system *sys, state_t s, char *out,
			     size_t size);

/* Check states[0..n) against sys from first principles: each crossing
 * moves the boat with a legal load, each state obeys the rules, the last
 * is the goal.  True when all holds; else *fault says what failed. */
bool plan_check(const struct system *sys, const state_t *states, size_t n,
		struct plan_fault *fault);
/* One crossing, from a to b: a legal load, and b breaks no rule; t
 * (from plan_track_init before the first) follows the plan. */
bool plan_check_step(const struct system *sys, state_t a, state_t b,
		     struct plan_track *t, char *reason, size_t size);

/* The same checks of a puzzle of places' plan (river_plan's at): rows
 * of places_row_width numbers (search/places.h).  Each crossing moves
 * one boat along its routes with a legal load from the place it leaves
 * (model_crossing_legal, with that boat's seats and time), and after it
 * every place obeys the rules.  from: NULL for a plan from the start,
 * else the track of a plan that begins where another left off (a
 * hint's). */
/* Which rule row (of a puzzle of places) breaks, and where, as a check
 * of its plan says it: "at the island, a rule is broken (RULE)". */
void plan_describe_places_violation(const struct model *m, const unsigned *row,
				    char *out, size_t size);
bool plan_check_places(const struct model *m, const unsigned *rows,
		       size_t n, const struct plan_track *from,
		       struct plan_fault *fault);
bool plan_check_places_step(const struct model *m, const unsigned *a,
			    const unsigned *b, struct plan_track *t,
			    char *reason, size_t size);

/* How a check of a plan ended, for its storyboard: legal, or not and
 * why (reason); when a crossing is at fault, load says who boards it
 * (per item, how many) from the plan's last state, else NULL (the plan
 * stops short of the goal). */
struct plan_check_end {
	bool legal;
	const unsigned *load;
	const char *reason;
};

#endif
