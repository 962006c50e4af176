/* What a river_puzzle holds: its model and its transition system, and
 * the arena that owns them both. */
#ifndef RIVER_PUZZLE_H
#define RIVER_PUZZLE_H

#include "compile/model.h"
#include "river.h"
#include "system/system.h"
#include "system/symmetry.h"
#include "util/arena.h"

struct river_puzzle {
	struct arena arena;
	struct model model;
	struct system sys;
	/* The search reduced by symmetry, or NULL when no two individuals
	 * are interchangeable (system/symmetry.h). */
	const struct symmetry *sym;
	struct source src; /* its name and text, for diagnostics later */
	const char *boat_text, *rowing_text, *objective_text;
};

#endif
