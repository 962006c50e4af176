/* A puzzle as the compile pass understands it: names resolved, meaning
 * checked, everything in the puzzle's arena. */
#ifndef RIVER_MODEL_H
#define RIVER_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

/* The most copies one counted kind may have. */
#define MODEL_MAX_COPIES 1000000u
/* The most items.  The search packs a state in 64 bits (one per
 * individual, one for the boat, a count per kind: system/system.h), so
 * puzzles of more than 63 individuals are searched as puzzles of two
 * places, by the orbits of their tuples (search/places.h). */
#define MODEL_MAX_ITEMS 1000u

struct item {
	const char *name;     /* as declared: plural for a counted kind */
	const char *singular; /* one copy, for sentences */
	const char *label;    /* "" when none */
	unsigned copies;      /* 1 for an individual */
	bool is_kind;
	bool rows;
	bool rows_alone;      /* rows only when alone in the boat */
	unsigned row_every;   /* 0, or rows only on some crossings of every */
	uint64_t row_on;      /* row_every crossings: bit k for crossing k+1 */
	unsigned weight;      /* per copy */
	unsigned time;        /* to cross, per copy */
	struct loc loc;
};

/* A number each item carries, "money": per item (per copy). */
struct attribute {
	const char *name;
	unsigned *value;
};

/* What a rule forbids at a place (a bank, or the boat's load). */
enum rule_kind {
	RULE_EATS,      /* a and b together, and no guard */
	RULE_OUTNUMBER, /* some of set b, and more of set a than of b + bound */
	RULE_WITHOUT,   /* a, and none of the guards */
	RULE_ALONE,     /* something, and nothing but set a */
	RULE_EXACT,     /* all of set a, and nothing else */
	RULE_AT_MOST,   /* more than bound of set a */
	RULE_AT_LEAST,  /* fewer than bound of set a */
	RULE_SUM,       /* sum over set a of wa > sum over set b of wb + bound */
	RULE_COND       /* its condition holds */
};

/* A number at a place: the sum of coef times the copies of item there
 * over the terms, plus constant. */
struct cond_term {
	size_t item;
	long long coef;
};

struct cond_sum {
	const struct cond_term *terms;
	size_t n;
	long long constant;
};

/* A condition on the copies at a place: comparisons of a linear sum with
 * 0, joined by and, or, not.  COND_CROSSING, true on some crossings of
 * every few, is never in a rule: only the export's conditions on the
 * boat (who may row crossing s) use it. */
enum cond_kind { COND_CMP, COND_AND, COND_OR, COND_NOT, COND_CROSSING };
enum cond_cmp { COND_EQ, COND_NE, COND_LT, COND_LE, COND_GT, COND_GE };

struct cond {
	enum cond_kind kind;
	enum cond_cmp cmp;        /* COND_CMP: sum cmp 0 */
	struct cond_sum sum;        /* COND_CMP */
	const struct cond *a, *b; /* COND_AND, COND_OR: both; COND_NOT: a */
	unsigned every;           /* COND_CROSSING: crossing s when bit */
	uint64_t on;              /* (s - 1) % every of on is set */
};

enum rule_place { PLACE_BANKS = 1, PLACE_BOAT = 2, PLACE_BOTH = 3 };

struct rule {
	enum rule_kind kind;
	enum rule_place place;
	size_t a, b;          /* RULE_EATS, RULE_WITHOUT: items */
	const size_t *guards; /* items; any one present prevents the harm */
	size_t n_guards;
	const size_t *set_a, *set_b; /* items, for the other kinds */
	size_t n_a, n_b;
	const unsigned *wa, *wb; /* RULE_SUM: per element of set_a, set_b */
	unsigned long long bound;
	const struct cond *cond; /* what it forbids, for every kind: the
				    meaning every reader uses */
	bool with;            /* written "a must not be with b" */
	const char *text;     /* the rule as written, normalised */
	struct loc loc;
};

/* One load the boat may carry: copies per item. */
struct load {
	unsigned *count;
};

/* The most places (two banks and islands), and the most boats. */
#define MODEL_MAX_PLACES 4u
#define MODEL_MAX_BOATS 4u

/* Where everything is: per item, how many copies are on the right bank,
 * and the boat's bank (-1: any, in a goal that does not say).  A puzzle
 * of places (model_has_places) says it with at and boats instead. */
struct placement {
	unsigned *right;
	int boat;
	/* Per item i and place p, at[i * n_places + p] copies there. */
	unsigned *at;
	/* Per boat, its place (-1: any, in a goal that does not say). */
	int boats[MODEL_MAX_BOATS];
};

/* One boat of a puzzle of places.  The first is also the model's own
 * seats and time; the load limit, margin and listed loads are for a
 * puzzle of one boat. */
struct boat {
	const char *name;     /* "boat" for the only, unnamed one */
	unsigned seats;
	unsigned time;        /* the least a crossing takes */
	/* routes[p]: bit q set when the boat may go from place p to q */
	uint8_t routes[MODEL_MAX_PLACES];
	/* leg_time[p][q]: the least time a leg from p to q takes, when
	 * its route says ("in time 3"); 0: the boat's time. */
	unsigned leg_time[MODEL_MAX_PLACES][MODEL_MAX_PLACES];
	/* Its own rowers: the items with their rowing, each rows when it
	 * may row this boat ("the raft is rowed by goat"); NULL: the
	 * model's, by the rowers line. */
	struct item *items;
	/* Its load limit (0: none) and listed loads (NULL: any); the
	 * first boat's are the model's. */
	unsigned long long load_limit;
	struct load *loads;
	size_t n_loads;
	struct loc loc;
};

/* A parameter the puzzle declares ("param n = 3"), with the value it
 * was compiled with: the caller's, or its default. */
struct model_param {
	const char *name;
	unsigned long long value;
	struct loc loc;
};

struct model {
	const char *title;
	const char *description; /* "" when none */
	const struct model_param *params;
	size_t n_params;
	struct item *items;
	size_t n_items;
	struct placement start;  /* default: everything, boat too, left */
	struct placement goal;   /* default: every item right, boat any */
	struct loc start_loc, goal_loc; /* the first such lines (or 0) */
	unsigned seats;       /* the most passengers */
	bool seats_given;
	unsigned long long load_limit;   /* 0: none; the most weight */
	unsigned long long margin;       /* the most a load's weight changes */
	bool has_margin;
	unsigned boat_time;   /* the least time a crossing takes */
	struct load *loads;   /* NULL: any load; else only these */
	size_t n_loads;
	bool minimize_time;
	unsigned long long time_limit;   /* 0: none */
	bool has_time_limit;
	struct loc time_loc;  /* the minimize or limit line */
	struct loc boat_loc;  /* the boat line */
	struct attribute *attrs;
	size_t n_attrs;
	struct rule *rules;
	size_t n_rules;
	/* The places, first to last: "left bank", "right bank" unless the
	 * puzzle names more; and the boats.  A puzzle of more than two
	 * places or more than one boat is searched by the place search
	 * alone (search/places.h): model_has_places. */
	const char *place_names[MODEL_MAX_PLACES];
	size_t n_places;
	struct boat boats[MODEL_MAX_BOATS];
	size_t n_boats;
};

/* Does the puzzle have more than two places or more than one boat?
 * Then start.at, goal.at and the boats say where things are, and only
 * the place search (search/places.h) and the readers of its plans take
 * it. */
static inline bool model_has_places(const struct model *m)
{
	return m->n_places > 2 || m->n_boats > 1;
}

/* Does x cmp 0 hold? */
bool cond_cmp_holds(enum cond_cmp cmp, long long x);
/* Does c hold where count[i] copies of each model item i are?  (Not
 * for conditions with COND_CROSSING: see cond_crossing_holds.) */
bool cond_holds(const struct cond *c, const unsigned *count);

/* The rule broken on a bank where right[i] copies of each item i are on
 * the right bank and the rest on the left, or -1; *on_right tells which
 * bank (the left is read first).  The meaning itself (each rule's
 * condition), for checkers; searches compile it (system/system.h). */
long model_violation(const struct model *m, const unsigned *right,
		     bool *on_right);
/* The bank rule a bank of count[i] copies of each item breaks, or -1. */
long model_bank_violation(const struct model *m, const unsigned *count);
/* The boat rule a load of count[i] copies of each item breaks, or -1. */
long model_boat_violation(const struct model *m, const unsigned *count);
/* The model a leg of boat b from place `from` to place `to` is judged by
 * (model_crossing_legal, model_trip_time): m with that boat's seats,
 * rowers, load limit and loads, and its time, or the leg's when its
 * route gives one. */
void model_of_leg(const struct model *m, size_t b, unsigned from,
		  unsigned to, struct model *out);
/* The least time a leg of boat b from place `from` to place `to` takes:
 * the leg's own when its route gives one longer than the boat's. */
unsigned model_leg_time(const struct model *m, size_t b, unsigned from,
			unsigned to);
/* Whether every boat has the model's rowers, load limit and loads (its
 * seats and times may still be its own). */
bool model_boats_alike(const struct model *m);

/* The weight of a load, and how long its crossing takes. */
unsigned long long model_load_weight(const struct model *m,
				     const unsigned *count);
unsigned model_trip_time(const struct model *m, const unsigned *count);

/* What a check carries from one crossing to the next: the crossing's
 * number, the last load's weight, the time so far. */
struct plan_track {
	size_t crossing;
	unsigned long long prev_weight;
	unsigned long long time;
};

void plan_track_init(struct plan_track *t);
/* One crossing, before[i] and after[i] copies of each item i on the
 * bank the boat leaves before and after it: who boards, the seats, the
 * rowers and the boat's limits (its weight, listed loads, boat rules,
 * margin, time limit), t following the plan.  False with a reason when
 * illegal (none when size is 0, and reason may then be NULL). */
bool model_crossing_legal(const struct model *m, const unsigned *before,
			  const unsigned *after, struct plan_track *t,
			  char *reason, size_t size);

/* The label a plan's table shows for item i, or NULL when it shows
 * the name: a label is shown only when the plan reader takes it back for
 * that item alone (no other item has it, it is not another item's name,
 * no count or arrow, and no name or label starts it before a blank). */
const char *model_shown_label(const struct model *m, size_t i);

/* The least time any crossing takes: its slowest passenger's, at least
 * the boat's (of several boats, the quickest boat's). */
unsigned long long model_least_trip(const struct model *m);

/* The most time any crossing takes: its slowest passenger's, or the
 * boat's when that is more (of several boats, the slowest boat's). */
unsigned long long model_slowest_trip(const struct model *m);

/* The rowing turns' period: the least common multiple of the items'
 * "rows only on crossings ... of every N" (1 when none). */
unsigned long long model_rowing_period(const struct model *m);

/* True when crossings take time: an item or the boat has one. */
bool model_timed(const struct model *m);

/* One change to a model, to ask what it would take to make a puzzle
 * solvable (river_explain). */
enum model_change_kind {
	CHANGE_DROP_RULE,  /* rule which is gone */
	CHANGE_SEATS,      /* value seats */
	CHANGE_ROWER,      /* item which rows, on every crossing, with
			      anyone */
	CHANGE_LOAD_LIMIT, /* the most weight is value */
	CHANGE_TIME_LIMIT, /* the time limit is value; 0: none, and the
			      least time is the objective */
	CHANGE_START_AT_GOAL, /* item which starts where the goal puts it */
	CHANGE_START,      /* the start is placement */
	CHANGE_GOAL,       /* the goal is placement */
};

struct model_change {
	enum model_change_kind kind;
	size_t which;
	unsigned long long value;
	const struct placement *placement; /* CHANGE_START, CHANGE_GOAL:
					      right, boat, and at and
					      boats for places */
};

struct arena;

/* *out is m with change made, sharing m's unchanged parts; what
 * changes is copied into arena.  RIVER_OK or RIVER_ENOMEM. */
int model_vary(struct model *out, const struct model *m, struct arena *arena,
	       const struct model_change *change);

#endif
