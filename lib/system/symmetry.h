/* Symmetry reduction: individuals whose exchange maps the puzzle onto
 * itself are searched as one counted kind.
 *
 * Detection looks at the model: two individuals are interchangeable
 * when swapping them leaves every attribute, the rowing, the start and
 * the goal, the allowed loads and the multiset of rules unchanged.
 * Swaps that map the puzzle onto itself compose, so they make classes.
 *
 * The reduced system has a counted kind per class of two or more, and
 * no rules of its own: its rules and load checks are those of the
 * puzzle's own ("concrete") system, asked about a canonical concrete
 * state (a class's first c members on the right bank), which any other
 * state of the same counts mirrors.  Its plans are lifted back to
 * concrete, labelled states.
 *
 * A class's members are single items; tuples of items exchanged
 * together (couples) are system/tuples.h's, on the concrete system. */
#ifndef RIVER_SYMMETRY_H
#define RIVER_SYMMETRY_H

#include <stdbool.h>
#include <stddef.h>

#include "system/system.h"

struct sym_class {
	size_t n;            /* members, two or more */
	size_t *member;      /* their model items, ascending */
	unsigned *bit;       /* their state bits in the concrete system */
	uint64_t *first;     /* first[c]: the bits of members 0..c-1 */
	unsigned kind;       /* its counted kind in the reduced system */
};

struct symmetry {
	const struct system *concrete;
	struct model model;  /* the reduced model: no rules, no loads */
	struct system sys;   /* the reduced system (sys.sym points here) */
	struct sym_class *classes;
	size_t n_classes;
	unsigned *ind_bit;   /* reduced individual -> concrete state bit */
	long *kind_class;    /* reduced kind -> its class, or -1 */
	unsigned *kind_concrete; /* reduced kind (not a class) -> concrete */
	unsigned long long (*binom)[SYSTEM_MAX_BITS]; /* binom[n][k] */
};

/* Does the permutation of the items that sends item x to perm[x] map
 * the puzzle onto itself?  Each item it moves must be an individual
 * alike its image (rowing, weight, time, start, goal, attributes), and
 * the allowed loads and the multiset of rules must be unchanged. */
bool symmetry_invariant(const struct model *m, const size_t *perm);

/* Can individuals i and j be exchanged?  False for kinds, for i == j,
 * and for anything whose exchange changes the puzzle. */
bool symmetry_swappable(const struct model *m, size_t i, size_t j);

/* The classes of interchangeable individuals: rep[i] is the first item
 * of i's class (i itself when it is alone, or a kind).  Returns how
 * many classes have two or more members. */
size_t symmetry_classes(const struct model *m, size_t *rep);

/* Build the reduction of the puzzle whose concrete system is sys, in
 * arena.  *out is NULL when no two individuals are interchangeable.
 * RIVER_OK or RIVER_ENOMEM. */
int symmetry_build(const struct symmetry **out, struct arena *arena,
		   const struct system *sys, const struct source *src,
		   river_diag *diag);

/* The canonical concrete state of reduced state s: a class's first c
 * members on the right bank when c copies are there. */
state_t symmetry_canonical(const struct symmetry *sym, state_t s);

/* The reduced state of concrete state c: how many of each class are
 * on the right bank (symmetry_canonical's inverse on canonical states). */
state_t symmetry_project(const struct symmetry *sym, state_t c);

/* The rule the canonical state of s breaks (system_violation). */
long symmetry_violation(const struct symmetry *sym, state_t s, bool *right);

/* May the load items (a delta of the reduced system, without boat and
 * fields) cross from reduced state from?  Asked of the concrete system
 * on the canonical state, the lowest-numbered members moving. */
bool symmetry_load_legal(const struct symmetry *sym, state_t from,
			 uint64_t items);

/* The labelled crossings the reduced crossing a -> b stands for: the
 * product over classes of C(copies on the departing bank, copies
 * moved), saturating. */
unsigned long long symmetry_ways(const struct symmetry *sym, state_t a,
				 state_t b);

/* The labelled states reduced state s stands for: the product over
 * classes of C(members, copies on the right bank), saturating. */
unsigned long long symmetry_states(const struct symmetry *sym, state_t s);

/* The labelled plans a reduced plan rplan[0..len) stands for, in order
 * (the lowest-numbered members moving first), up to max of them, each
 * malloc'd and appended to plans[*n_plans..] with its length in lens.
 * RIVER_OK or RIVER_ENOMEM. */
int symmetry_expand(const struct symmetry *sym, const state_t *rplan,
		    size_t len, size_t max, state_t **plans, size_t *lens,
		    size_t *n_plans);

#endif
