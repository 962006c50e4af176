/* The syntax tree of a .puz file: what was written, where, and nothing
 * resolved yet.  Every node lives in the parse arena. */
#ifndef RIVER_AST_H
#define RIVER_AST_H

#include <stdbool.h>

#include "util/diag.h"

/* A number as written: a literal, or a parameter's (or in a "for"
 * rule, a variable's) name. */
/* A number: a literal, a parameter or loop variable, or arithmetic on
 * two of them ("i+1", "(i mod n)+1"), worked out by the compiler. */
struct ast_value {
	unsigned long long number;
	const char *param; /* NULL for a literal */
	int op;            /* 0 for a leaf, else one of '+' '-' '*' 'm' (mod) */
	const struct ast_value *lhs, *rhs; /* op's operands */
	struct loc loc;
};

struct ast_num {
	struct ast_value value;
	struct ast_num *next;
};

struct ast_nums {
	struct ast_num *first, *last;
};

/* Two places a boat may go between ("left bank and island"), and the
 * time a leg between them takes ("in time 3"), when said. */
struct ast_route {
	const char *a, *b;
	struct loc a_loc, b_loc;
	bool timed;
	struct ast_value time;
	struct ast_route *next;
};

struct ast_routes {
	struct ast_route *first, *last;
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

/* "(weight 90)", "(missionary, time 3)": a singular, or a number the
 * item carries (its weight, its crossing time, any named attribute). */
struct ast_annot {
	const char *name;
	bool has_value;            /* false: the name is the singular */
	struct ast_value value;
	/* "(weight 40, 45, 50)": the values after the first, one for each
	 * further member of a family; NULL when one value is given. */
	struct ast_num *more, *more_last;
	struct loc loc;
	struct ast_annot *next;
};

struct ast_annots {
	struct ast_annot *first, *last;
};

/* "farmer", "farmer "label"", "3 missionaries (missionary) "label"" */
struct ast_item {
	bool counted;
	struct ast_value count;
	bool family;               /* "husband[1..n]": individuals */
	struct ast_value from, to;
	const char *name;
	struct ast_annot *annots; /* singular and attributes, or NULL */
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

enum ast_boat_clause_kind {
	BOAT_SEATS,   /* seats N */
	BOAT_LOAD,    /* load N: the most weight */
	BOAT_MARGIN,  /* margin N: the most a load's weight may change */
	BOAT_TIME,    /* time N: the least a crossing takes */
	BOAT_CARRIES  /* carries P or Q: the only loads allowed */
};

/* One allowed load: "soldier", "2 boys", "mouse and chicken". */
struct ast_load {
	struct ast_places elems;
	struct loc loc;
	struct ast_load *next;
};

struct ast_loads {
	struct ast_load *first, *last;
};

struct ast_boat_clause {
	enum ast_boat_clause_kind kind;
	struct ast_value value;
	struct ast_load *loads; /* BOAT_CARRIES */
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
	ST_EATS,     /* a eats b [unless ...]; a must not be with b */
	ST_OUTNUMBER, /* a must not outnumber b [by more than m] */
	ST_WITHOUT,   /* a must not be without g or h */
	ST_ALONE,     /* a must not be (left) alone */
	ST_EXACT,     /* a and b must not be alone together */
	ST_AT_MOST,   /* at most n of a, b */
	ST_AT_LEAST,  /* at least n of a, b */
	ST_SUM,       /* money of a must not exceed bags of b */
	ST_COND,      /* no bank may hold wolves = 2 and nothing else */
	ST_ROWS,      /* a rows only alone / only on odd crossings */
	ST_GROUP,     /* group animals = dog, cat */
	ST_MINIMIZE,  /* minimize time / crossings */
	ST_TIME_LIMIT, /* time limit 17 */
	ST_PARAM,     /* param n [= 3] */
	ST_START,     /* start wolf, boat on the right */
	ST_GOAL,      /* goal wolf on the left */
	ST_FOR,       /* for i, j in 1..n where i != j: RULE */
	ST_PLACES,    /* places left bank, island, right bank */
	ST_ROUTES     /* the boat may go between left bank and island */
};

/* "i != j" or "i = j" in a for rule. */
/* "i != j", "i < j": a comparison in a loop's where. */
enum ast_cmp { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE };

struct ast_cond {
	struct ast_value a, b;
	enum ast_cmp cmp;
	struct loc loc;
	struct ast_cond *next;
};

struct ast_conds {
	struct ast_cond *first, *last;
};

/* One term of a sum in a condition: a number, the copies of the items
 * a name stands for (or a parameter's value), or an attribute's sum
 * over names ("money of robbers"); added or taken away. */
struct ast_term {
	bool minus;
	bool is_number;           /* value, a literal */
	struct ast_value value;
	const char *attr;         /* "money of ...": NULL for a count */
	struct ast_name *names;   /* the count's or the attribute's names */
	struct loc loc;
	struct ast_term *next;
};

struct ast_terms {
	struct ast_term *first, *last;
};

/* A condition of a general rule, "wolves = 2 and cows = 1 and nothing
 * else". */
enum ast_cexpr_kind {
	CX_AND, CX_OR, CX_NOT, /* of a (and b) */
	CX_CMP,                /* lhs cmp rhs; rhs NULL: lhs above 0 */
	CX_AT_LEAST, CX_AT_MOST, /* bound of names */
	CX_NOTHING_ELSE        /* nothing the condition does not name */
};

struct ast_cexpr {
	enum ast_cexpr_kind kind;
	const struct ast_cexpr *a, *b;
	const struct ast_term *lhs, *rhs;
	enum ast_cmp cmp;
	struct ast_value bound;
	struct ast_name *names;
	struct loc loc;
};

/* Where a rule holds. */
enum ast_where { WHERE_BANKS = 1, WHERE_BOAT = 2, WHERE_BOTH = 3 };

/* One side of a comparison of sums: "weight of a, b", or a number. */
struct ast_sum {
	const char *attr;         /* NULL: the number alone */
	struct ast_name *names;
	struct ast_value value;
	struct loc loc;
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
		struct {
			struct ast_boat_clause *clauses;
			const char *name; /* "boat ferry seats 2"; NULL */
			struct loc name_loc;
		} boat;
		/* ST_PLACES: the places' names, in order. */
		struct ast_name *places;
		struct {
			const char *boat;  /* NULL: "the boat", every boat */
			struct loc boat_loc;
			bool any;          /* between any two places */
			struct ast_route *pairs; /* else: the pairs */
		} routes;
		struct {
			struct ast_name *names; /* NULL for "rowers none" */
			/* "the raft is rowed by goat": the boat it names;
			 * NULL for a rowers line, of every boat */
			const char *boat;
			struct loc boat_loc;
		} rowers;
		struct ast_name *guard;
		struct {
			const char *name;
			bool has_value;
			unsigned long long value;
		} param;
		struct {
			struct ast_place *places;
			/* "on the right bank", "on island": the words */
			const char *where;
			struct loc where_loc;
		} place;
		struct {
			struct ast_name *a, *b;
			struct ast_name *unless; /* NULL when not given */
			bool with;               /* "must not be with" */
			enum ast_where where;    /* 0: not said (the banks) */
			bool has_bound;
			struct ast_value bound;  /* a margin, or at most/least N */
			struct ast_sum lhs, rhs; /* ST_SUM */
			const struct ast_cexpr *cond; /* ST_COND */
		} rule;
		struct {
			struct ast_name *names;
			bool alone;              /* "rows only alone" */
			struct ast_num *on;      /* crossings 1, 2 ... */
			struct ast_value every;  /* ... of every 4 (0: none) */
			bool odd, even;
		} rows;
		struct {
			const char *name;
			struct ast_name *names;
		} group;
		bool minimize_time;
		struct ast_value limit;
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
