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
	/* A wide puzzle's plan (puzzle.h), where states is NULL: per
	 * state, n_items + 1 bytes, as struct orbit_plan's rows. */
	unsigned char *right;
	/* A puzzle of places' plan (search/places.h), where states is
	 * NULL: per state, places_row_width numbers. */
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

/* Why a plan is not a solution: which crossing (1-based; 0 for the
 * start), and a sentence. */
struct plan_fault {
	size_t step;
	char reason[256];
};


/* The total time of a plan's crossings. */
unsigned long long plan_time(const struct system *sys, const state_t *states,
			     size_t n);

/* The time of a plan's crossings from state from to state to (0 when to
 * <= from). */
unsigned long long plan_span_time(const river_plan *plan, size_t from,
				  size_t to);

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

/* The same checks of a wide puzzle's plan (river_plan's right): rows of
 * m->n_items + 1 bytes, 1 for each item on the right bank, then 1 for
 * the boat there.  Read on the model: each rule's condition, the boat's
 * limits.  (Such a puzzle has no time, rowing turns or margin.) */
/* Is row where placement pl puts everything (pl's boat: any when < 0)? */
bool plan_row_is(const struct model *m, const unsigned char *row,
		 const struct placement *pl);
bool plan_check_rows(const struct model *m, const unsigned char *rows,
		     size_t n, struct plan_fault *fault);
bool plan_check_row_step(const struct model *m, const unsigned char *a,
			 const unsigned char *b, struct plan_track *t,
			 char *reason, size_t size);

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

/* True for a plan of libriver's own search, false for an engine's. */
static inline bool plan_by_search(const river_plan *plan)
{
	return plan->horizon == 0;
}


/* Words for people, shared by the text and SVG renderers (words.c). */
/* Item i as a table shows it: its label, else its name; n copies of a
 * kind as "🧔×3" or "3 missionaries". */
void plan_put_token(struct buf *b, const struct model *m, size_t i,
		    unsigned n);
/* The tokens of count[i] copies of each item i (those with any),
 * blank-separated: a bank or a load as a table shows it. */
void plan_put_tokens(struct buf *b, const struct model *m,
		     const unsigned *count);
/* count[i] copies of each item i as a JSON array of names, one entry a
 * copy. */
void plan_put_json_names(struct buf *b, const struct model *m,
			 const unsigned *count);
/* The passengers of load in words: "the farmer and the goat", "two
 * cannibals". */
void plan_put_passengers(struct buf *b, const struct model *m,
			 const unsigned *load);
/* Per item, how many copies cross on crossing k (1-based). */
void plan_load(const river_plan *plan, size_t crossing, unsigned *load);
/* The crossing of load (per item, how many board) as a sentence, to
 * the right when across: "The farmer takes the goat across." */
void plan_put_sentence(struct buf *b, const struct model *m,
		       const unsigned *load, bool across);
/* A leg of a puzzle of places as a sentence: "The farmer takes the
 * goat to the island.", "The wife goes alone to the right bank in the
 * raft." (the boat named when there are several). */
void plan_put_leg_sentence(struct buf *b, const struct model *m,
			   const unsigned *load, size_t boat, size_t to);
/* Which boat crossing k (1-based) of a puzzle of places' plan moves,
 * and where to. */
size_t plan_leg_boat(const river_plan *plan, size_t crossing, size_t *to);
/* The verdict on a plan: "Solved in 7 crossings (...)." or "No
 * solution: ...". */
void plan_put_verdict(struct buf *b, const river_plan *plan);

/* How a check of a plan ended, for its storyboard: legal, or not and
 * why (reason); when a crossing is at fault, load says who boards it
 * (per item, how many) from the plan's last state, else NULL (the plan
 * stops short of the goal). */
struct plan_check_end {
	bool legal;
	const unsigned *load;
	const char *reason;
};

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

int plan_render_text(char **out, const river_plan *plan);
/* A hint (river_hint_render) as one JSON object. */
int plan_render_hint_json(char **out, const river_plan *hint);
int plan_render_json(char **out, const river_plan *plan);
/* check: NULL for a plan found by a solver, else how its check ended
 * (plan then holds the states up to the fault). */
int plan_render_svg(char **out, const river_plan *plan,
		    const struct plan_check_end *check);

/* SVG pieces, shared by the storyboard and the sweep's chart. */
/* text as XML character data, escaped. */
void svg_put_xml(struct buf *b, const char *text);
/* One line of text at (x, y) of class cls (anchor: NULL or "middle",
 * "end"), squeezed to room px when wider. */
void svg_put_text(struct buf *b, unsigned x, unsigned y, unsigned room,
		  const char *cls, const char *anchor, const char *text);
/* The XML declaration, the svg element's start, width by height px,
 * and its title. */
void svg_begin(struct buf *b, unsigned width, unsigned height,
	       const char *title);
/* head (from svg_begin, with a style), then body, then the end of the
 * svg element, into a new string *out; releases head and body.
 * RIVER_ENOMEM when any of it failed. */
int svg_finish(char **out, struct buf *head, struct buf *body);

#endif
