/* The syntax tree of a .puz file: what was written, where, and nothing
 * resolved yet.  Every node lives in the parse arena. */
#ifndef RIVER_AST_H
#define RIVER_AST_H

#include <stdbool.h>

#include "util/diag.h"

/* A number as written: a literal, or a parameter's (or in a "for"
 * rule, a variable's) name. */
struct ast_value {
	unsigned long long number;
	const char *param; /* NULL for a literal */
	struct loc loc;
};

/* A reference to an item by name: "wolf", "husband[2]", "wife[i]", or a
 * family as a whole, "husband". */
struct ast_name {
	const char *text;
	bool indexed;
	struct ast_value index;
	struct loc loc;
	struct ast_name *next;
};

struct ast_names {
	struct ast_name *first, *last;
};

/* "farmer", "farmer "label"", "3 missionaries (missionary) "label"" */
struct ast_item {
	bool counted;
	struct ast_value count;
	bool family;               /* "husband[1..n]": individuals */
	struct ast_value from, to;
	const char *name;
	const char *singular; /* NULL unless given */
	const char *label;    /* NULL unless given */
	struct loc loc;
	struct ast_item *next;
};

struct ast_items {
	struct ast_item *first, *last;
};

/* In a start or goal line: "boat", "wolf", "2 cannibals". */
struct ast_place {
	bool boat;
	bool counted;
	struct ast_value count;
	struct ast_name *name; /* NULL for the boat */
	struct loc loc;
	struct ast_place *next;
};

struct ast_places {
	struct ast_place *first, *last;
};

enum ast_boat_clause_kind { BOAT_SEATS };

struct ast_boat_clause {
	enum ast_boat_clause_kind kind;
	struct ast_value value;
	struct loc loc;
	struct ast_boat_clause *next;
};

struct ast_boat_clauses {
	struct ast_boat_clause *first, *last;
};

enum ast_stmt_kind {
	ST_TITLE,
	ST_DESCRIPTION,
	ST_ITEMS,
	ST_BOAT,
	ST_ROWERS,
	ST_GUARD,
	ST_EATS,     /* a eats b [unless ...] */
	ST_OUTNUMBER, /* a must not outnumber b */
	ST_PARAM,     /* param n [= 3] */
	ST_START,     /* start wolf, boat on the right */
	ST_GOAL,      /* goal wolf on the left */
	ST_FOR        /* for i, j in 1..n where i != j: RULE */
};

/* "i != j" or "i = j" in a for rule. */
struct ast_cond {
	const char *a, *b;
	bool equal;
	struct loc loc;
	struct ast_cond *next;
};

struct ast_conds {
	struct ast_cond *first, *last;
};

struct ast_stmt {
	enum ast_stmt_kind kind;
	struct loc loc;
	struct ast_stmt *next;
	union {
		struct {
			const char *text;
			struct loc loc;
		} string;
		struct ast_item *items;
		struct ast_boat_clause *boat;
		struct {
			struct ast_name *names; /* NULL for "rowers none" */
		} rowers;
		struct ast_name *guard;
		struct {
			const char *name;
			bool has_value;
			unsigned long long value;
		} param;
		struct {
			struct ast_place *places;
			bool right;
		} place;
		struct {
			struct ast_name *a, *b;
			struct ast_name *unless; /* NULL when not given */
			bool with;               /* "must not be with" */
		} rule;
		struct {
			struct ast_name *vars;   /* loop variables */
			struct ast_value from, to;
			struct ast_cond *where;
			struct ast_stmt *rule;   /* an eats or outnumber */
		} loop;
	} u;
};

struct ast {
	struct ast_stmt *first, *last;
};

#endif
