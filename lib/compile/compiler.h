/* The compiler's own parts, shared by its files: the state of one
 * compilation, and the functions one part offers the others.  Each
 * file owns one concept: scope.c names and numbers, items.c items,
 * boat.c the boat and rowing, rules.c rules, place.c start and goal,
 * compile.c the order of the passes. */
#ifndef RIVER_COMPILER_H
#define RIVER_COMPILER_H

#include <stdbool.h>
#include <stddef.h>

#include "compile/compile.h"
#include "compile/names.h"
#include "util/buf.h"

/* A parameter: its value, from the file or from the caller. */
struct param {
	const char *name;
	bool has_value;
	unsigned long long value;
	struct loc loc;
};


/* A family, "husband[1..3]": its members are consecutive items. */
struct family {
	const char *name;
	size_t first;
	unsigned long long from, to;
};


/* A group, "group animals = dog, cat": a name for some items. */
struct group {
	const char *name;
	size_t *members;
	size_t n;
};


/* The most groups, attributes, allowed loads, and the longest period
 * of a rowing rule. */
#define MAX_GROUPS 256u
#define MAX_ATTRS 32u
#define MAX_LOADS 100000u
#define MAX_PERIOD 64u


/* The most rules a puzzle may expand into, and the most choices of its
 * variables a "for" rule may try; the most its rule statements may
 * take in all, each choice of a "for" rule's variables counted, and
 * one for each other statement. */
#define MAX_RULES 100000u
#define MAX_CHOICES 10000000u
#define MAX_INSTANCES 10000000u

/* Steps of the compiler's expansion of rules (a choice, a term of its
 * conditions, a pair of items) between looks at the clock and the
 * cancel flag. */
#define COMPILE_LOOK_EVERY (1u << 14)


struct compiler {
	struct arena *arena;
	struct param *params;
	size_t n_params;
	struct names param_names;
	struct family families[MODEL_MAX_ITEMS];
	size_t n_families;
	struct group groups[MAX_GROUPS];
	size_t n_groups;
	struct {
		const char *name;
		unsigned long long value;
	} bind[8];               /* the variables of the "for" rule at hand */
	size_t n_bind;
	size_t rules_cap;
	const struct source *src;
	river_diag *diag;
	struct model *model;
	struct names names;
	const struct ast_stmt *title, *description, *boat, *rowers, *guard;
	const struct ast_stmt *minimize, *time_limit;
	const struct ast_stmt *places; /* the places line, or NULL */
	/* The boat lines: one unnamed, or up to MODEL_MAX_BOATS named
	 * ("boat ferry seats 2"); boat is the first. */
	const struct ast_stmt *boat_lines[MODEL_MAX_BOATS];
	size_t n_boat_lines;
	/* With several boats, one with its own rowers: who may row each
	 * (compile_rowers); NULL otherwise. */
	bool *boat_rows[MODEL_MAX_BOATS];
	size_t *guards; /* the guard line's items */
	size_t n_guards;
	const struct stop *stop; /* NULL: never stop */
	const struct ast_stmt *stmt; /* the rule statement being expanded */
	unsigned long long instances; /* of the rule statements so far */
	unsigned long long steps, next_look;
};


#define FAIL(c, loc, ...) \
	diag_set((c)->diag, RIVER_EPUZZLE, (c)->src, (loc), __VA_ARGS__)

/* scope.c */
int out_of_memory(struct compiler *c);
bool ends_with(const char *s, size_t n, const char *end);
int declare_name(struct compiler *c, const char *name,
		 enum name_kind kind, size_t index, struct loc loc);
int eval_value(struct compiler *c, const struct ast_value *v, bool in_list,
	       long long *out);
int value_of(struct compiler *c, const struct ast_value *v,
	     bool in_list, unsigned long long *out);
int collect_params(struct compiler *c, const struct ast *ast,
		   const river_param *given, size_t n_given);
int resolve_group(struct compiler *c, const struct ast_name *ref,
		  size_t *out, size_t *n);
int resolve_list(struct compiler *c, const struct ast_name *list,
		 size_t *out, size_t *n, const char *where);
int compile_groups(struct compiler *c, const struct ast *ast);

/* items.c */
int attribute_named(struct compiler *c, const char *name,
		    const struct loc *loc, const struct attribute **out);
int declare_item(struct compiler *c, const struct ast_item *it);

/* boat.c */
int compile_rows(struct compiler *c, const struct ast *ast);
int compile_rowers(struct compiler *c, const struct ast *ast);
int compile_loads(struct compiler *c, const struct ast_boat_clause *cl,
		  const struct loc *loc, struct load **loads, size_t *n_loads);
bool any_weight(const struct model *m);
int compile_boat(struct compiler *c);
int compile_time(struct compiler *c);

/* rules.c */
int new_rule(struct compiler *c, const struct loc *loc, struct rule **out);
int compile_guard(struct compiler *c);
int compile_rules(struct compiler *c, const struct ast *ast);

/* cond.c */
int compile_cond_rule(struct compiler *c, const struct ast_stmt *st);
/* What rule r forbids at a place, built as its cond from its kind's
 * fields: the one meaning every reader of the rule uses. */
int rule_meaning(struct compiler *c, struct rule *r);

/* place.c */
int compile_placements(struct compiler *c, const struct ast *ast);

/* routes.c */
/* The places, the boats after the first, and where each boat may go. */
int compile_places(struct compiler *c, const struct ast *ast);
/* The place the words name ("island"; "left", "right bank" for the
 * first and the last place), or a failure naming the places. */
int place_named(struct compiler *c, const char *words,
		const struct loc *loc, unsigned *out);

#endif
