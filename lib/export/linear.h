/* The constrained model as data: variables, linear rows and a linear
 * objective.  lp.c builds it; the LP, Ocean and BQM writers each print
 * it their own way, so the three formats cannot drift apart. */
#ifndef RIVER_LINEAR_H
#define RIVER_LINEAR_H

#include <stdbool.h>
#include <stddef.h>

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
};

struct linear {
	struct lin_var *vars;
	size_t n_vars, cap_vars;
	size_t *index;    /* open-addressing table of var numbers + 1 */
	size_t cap_index;
	struct lin_term *terms;
	size_t n_terms, cap_terms;
	struct lin_row *rows;
	size_t n_rows, cap_rows;
	struct lin_row objective; /* minimised; its name is NULL until set */
	bool failed;              /* out of memory somewhere */
};

void linear_init(struct linear *m);
void linear_release(struct linear *m);
/* The variable called name, made (binary) on first use; SIZE_MAX when
 * memory runs out. */
size_t linear_var(struct linear *m, const char *name);
/* Make a variable a general integer in 0..upper. */
void linear_integer(struct linear *m, const char *name, long upper);
/* Start a row (or, with objective, the objective); add terms; end it. */
void linear_row(struct linear *m, const char *name, bool objective);
void linear_term(struct linear *m, long coef, const char *var);
/* A term of variable number v (from linear_var). */
void linear_term_var(struct linear *m, long coef, size_t v);
void linear_end(struct linear *m, char op, long rhs);

#endif
