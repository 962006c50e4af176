/* The constrained model as data: variables, linear rows and a linear
 * objective.  cqm.c builds it; the LP, Ocean and BQM writers each print
 * it their own way, so the three formats cannot drift apart. */
#ifndef RIVER_LINEAR_H
#define RIVER_LINEAR_H

#include <stdbool.h>
#include <stddef.h>

#include "util/index.h"

struct lin_var {
	char *name;
	long upper;   /* 1 for a binary variable */
	bool integer; /* a general integer in 0..upper */
};

struct lin_term {
	size_t var;
	long coef;
};

struct lin_row {
	char *name;
	size_t first, n; /* its terms */
	char op;         /* '<' (<=), '>' (>=) or '=' */
	long rhs;
	/* An equation that defines a variable (what is available, what
	 * crosses) names it: the penalty form (bqm.c) writes the variable
	 * as what defines it.  SIZE_MAX for any other row. */
	size_t defines;
};

struct linear {
	struct lin_var *vars;
	size_t n_vars, cap_vars;
	struct hash_index index; /* of vars, by name */
	struct lin_term *terms;
	size_t n_terms, cap_terms;
	struct lin_row *rows;
	size_t n_rows, cap_rows;
	struct lin_row objective; /* minimised; its name is NULL until set */
	bool failed;              /* out of memory somewhere */
	/* 0, or the step of a template: its names say {s} for this step
	 * and {p} for the one before (cqm.c names them). */
	unsigned step;
};

void linear_init(struct linear *m);
void linear_release(struct linear *m);
/* The variable called name, made (binary) on first use; SIZE_MAX when
 * memory runs out. */
size_t linear_var(struct linear *m, const char *name);
/* The variable called name, SIZE_MAX when there is none. */
size_t linear_find(const struct linear *m, const char *name);
/* Make a variable a general integer in 0..upper. */
void linear_integer(struct linear *m, const char *name, long upper);
/* Start a row (or, with objective, the objective); add terms; end it. */
void linear_row(struct linear *m, const char *name, bool objective);
void linear_term(struct linear *m, long coef, const char *var);
/* A term of variable number v (from linear_var). */
void linear_term_var(struct linear *m, long coef, size_t v);
void linear_end(struct linear *m, char op, long rhs);
/* The row being built defines the variable called var. */
void linear_defines(struct linear *m, const char *var);

/* A row's terms as the LP format writes them, " a + 2 b - c"; with
 * wrap after every six terms but the last, unless wrap is NULL. */
struct buf;
void linear_put_terms(struct buf *o, const struct linear *m,
		      const struct lin_row *r, const char *wrap);

/* The parts of the model made of conditions (cqm.c), each a row or a
 * few at every step, which a program that loops over the steps itself
 * (the Ocean program) makes from a template of one step. */
enum lin_part {
	LIN_BANKS,  /* rule r on both banks after the step */
	LIN_BOAT,   /* rule r in the boat on the step's crossing */
	LIN_ROWER,  /* someone aboard may row the crossing */
	LIN_LOAD,   /* the load is one the boat may carry */
	LIN_MARGIN  /* it weighs within the margin of the one before */
};

struct export_ctx;
/* The items' names as the model has them (ctx->names), before any
 * template. */
int export_linear_names(struct export_ctx *ctx);
/* The rows of part (for LIN_BANKS and LIN_BOAT, of rule r) at step s,
 * 1 or more (2 for LIN_MARGIN), as a template (lin->step = s: names
 * with {s} and {p}) into lin, as export_linear makes them at each step.
 * The rows that tell whether a kind has copies on a bank (some_) go
 * into some, once for all the parts built into it.  Every step of a
 * part has the same rows, up to the names, but who rows: those depend
 * on the crossing's place in the rowing period.  The caller initialises
 * and releases lin and some, whatever the outcome. */
int export_linear_part(struct export_ctx *ctx, struct linear *lin,
		       struct linear *some, enum lin_part part, size_t r,
		       unsigned s);

#endif
