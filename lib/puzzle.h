/* What a river_puzzle holds: its model and its transition system, and
 * the arena that owns them both. */
#ifndef RIVER_PUZZLE_H
#define RIVER_PUZZLE_H

#include "compile/model.h"
#include "river.h"
#include "system/system.h"
#include "system/symmetry.h"
#include "system/tuples.h"
#include "util/arena.h"

struct river_puzzle {
	struct arena arena;
	struct model model;
	struct system sys;
	/* The search reduced by symmetry, or NULL when no two individuals
	 * are interchangeable (system/symmetry.h). */
	const struct symmetry *sym;
	/* Tuples (couples) exchanged together, or NULL: only when no two
	 * individuals are interchangeable (system/tuples.h). */
	const struct tuples *tuples;
	/* More individuals than a packed state holds (system/system.h),
	 * with couples whose orbits fold the state: a puzzle of two banks
	 * made a puzzle of two places (places is true, and the model's
	 * start and goal say where each item is by place). */
	bool wide;
	/* More than two places or more than one boat (model_has_places),
	 * or wide: sys has only its model, bits and space, and the place
	 * search (search/places.h) runs for every command. */
	bool places;
	struct source src; /* its name and text, for diagnostics later */
	const char *boat_text, *rowing_text, *objective_text;
};

/* Lay out p->model's transition system, check that its start and goal
 * obey the rules and differ, and find its symmetry, all in p's arena. */
int puzzle_build(river_puzzle *p, const struct source *src,
		 river_diag *diag);

/* RIVER_OK when p has a packed system; for a wide puzzle RIVER_ETOOBIG,
 * with diag saying that what ("for a search from a given state") needs
 * one; for a puzzle of places RIVER_EUNSUPPORTED, saying which commands
 * take it. */
int puzzle_need_system(const river_puzzle *p, const char *what,
		       river_diag *diag);

/* rc, as an operation on p (p may be NULL) returns it: when it failed
 * and diag names no file, diag names p's (its name as loaded), so that
 * every diagnostic about a puzzle says which one.  The public functions
 * given a puzzle return through it. */
int puzzle_failed(const river_puzzle *p, int rc, river_diag *diag);

/* A new puzzle *out, p with one change (compile/model.h), built as
 * river_puzzle_load_* builds one.  It borrows p's model and text: free
 * it (river_puzzle_free) before p.  Its boat, rowing and objective
 * texts are p's. */
int puzzle_vary(river_puzzle **out, const river_puzzle *p,
		const struct model_change *change, river_diag *diag);

#endif
