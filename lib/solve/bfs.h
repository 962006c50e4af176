/* Breadth-first search over a transition system: the fewest crossings,
 * or proof that the goal cannot be reached. */
#ifndef RIVER_BFS_H
#define RIVER_BFS_H

#include "river.h"
#include "system/system.h"
#include "util/stop.h"

struct bfs_result {
	bool solved;
	unsigned long long explored; /* distinct legal states reached */
	state_t *path;               /* start..goal; only the start when
					unsolved (malloc) */
	size_t path_len;
};

/* RIVER_OK (solved or proved unsolvable), RIVER_ELIMIT, RIVER_ENOMEM,
 * RIVER_ETIMEOUT or RIVER_ECANCELED (opts->timeout and opts->cancel);
 * diag says how far it got on failure. */
int bfs_solve(const struct system *sys, const river_solve_options *opts,
	      struct bfs_result *res, river_diag *diag);
/* The same, stopping as stop says (the caller's clock). */
int bfs_search(const struct system *sys, const river_solve_options *opts,
	       const struct stop *stop, struct bfs_result *res,
	       river_diag *diag);

#endif
