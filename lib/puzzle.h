/* What a river_puzzle holds: its model and its transition system, and
 * the arena that owns them both. */
#ifndef RIVER_PUZZLE_H
#define RIVER_PUZZLE_H

#include "compile/model.h"
#include "river.h"
#include "system/system.h"
#include "util/arena.h"

struct river_puzzle {
	struct arena arena;
	struct model model;
	struct system sys;
	struct source src; /* its name and text, for diagnostics later */
	const char *boat_text, *rowing_text, *objective_text;
};

#endif
