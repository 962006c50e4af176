/* A puzzle as the compile pass understands it: names resolved, meaning
 * checked, everything in the puzzle's arena. */
#ifndef RIVER_MODEL_H
#define RIVER_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

/* The most copies one counted kind may have. */
#define MODEL_MAX_COPIES 1000000u
/* The most items: each takes at least one bit of the 64-bit state, and
 * the boat takes one. */
#define MODEL_MAX_ITEMS 63u

struct item {
	const char *name;     /* as declared: plural for a counted kind */
	const char *singular; /* one copy, for sentences */
	const char *label;    /* "" when none */
	unsigned copies;      /* 1 for an individual */
	bool is_kind;
	bool rows;
	struct loc loc;
};

enum rule_kind {
	RULE_EATS,     /* a and b together, and no guard: forbidden */
	RULE_OUTNUMBER /* b present and a more than b: forbidden */
};

struct rule {
	enum rule_kind kind;
	size_t a, b;          /* items */
	const size_t *guards; /* items; any one present prevents the harm */
	size_t n_guards;
	bool with;            /* written "a must not be with b" */
	const char *text;     /* the rule as written, normalised */
	struct loc loc;
};

/* Where everything is: per item, how many copies are on the right bank,
 * and the boat's bank (-1: any, in a goal that does not say). */
struct placement {
	unsigned *right;
	int boat;
};

struct model {
	const char *title;
	const char *description; /* "" when none */
	struct item *items;
	size_t n_items;
	struct placement start;  /* default: everything, boat too, left */
	struct placement goal;   /* default: every item right, boat any */
	struct loc start_loc, goal_loc; /* the first such lines (or 0) */
	unsigned seats;
	struct rule *rules;
	size_t n_rules;
};

#endif
