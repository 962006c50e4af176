/* Korf's two-bit breadth-first search: one 2-bit cell per compact rank
 * (0 unseen, else the depth modulo 3, plus 1), expanded level by level
 * on several threads, the plan recovered backwards through the levels
 * with no parent pointers.  Memory is a quarter byte per rank, whatever
 * the number of states reached. */
#ifndef RIVER_LAYERS_H
#define RIVER_LAYERS_H

#include <stdbool.h>

#include "solve/bfs.h"

/* The automatic choice takes the layers from this many compact ranks
 * on, when their cells take at most LAYERS_AUTO_MAX_BYTES and a quarter
 * of the memory. */
#define LAYERS_AUTO_MIN_RANKS (UINT64_C(1) << 20)
#define LAYERS_AUTO_MAX_BYTES (UINT64_C(1) << 28)

/* Can the layers search sys?  Its states must carry no fields (so that
 * every crossing can be taken back, which the plan's recovery relies
 * on) and have a rank. */
bool layers_can(const struct system *sys);

/* Does bfs_search hand sys to the layers, as opts->method says? */
bool layers_chosen(const struct system *sys, const river_solve_options *opts);

/* The threads opts->threads means (0: the online CPUs). */
unsigned layers_threads(const river_solve_options *opts);

/* As bfs_search, for a system layers_can search.  The plan is the same
 * whatever the number of threads; explored counts every state up to the
 * goal's depth. */
int layers_search(const struct system *sys, const river_solve_options *opts,
		  const struct stop *stop, struct bfs_result *res,
		  river_diag *diag);

/* What a search shows a test: asked not to expand word-wise, it takes
 * every cell on its own; it tells whether it expanded word-wise, the
 * states each level reached (levels[0] the start's), and the cells it
 * ended with (malloc'd; free them with layers_probe_release). */
struct layers_probe {
	bool per_cell;
	bool dense;
	unsigned long long *levels;
	size_t n_levels, cap_levels;
	uint64_t *cells;
	size_t n_words;
};

/* layers_search, with probe filled in (probe may be NULL). */
int layers_search_probed(const struct system *sys,
			 const river_solve_options *opts,
			 const struct stop *stop, struct bfs_result *res,
			 river_diag *diag, struct layers_probe *probe);

void layers_probe_release(struct layers_probe *probe);

/* A space of states the layers search other than a system's: the
 * states are ranks below size, and every step can be taken back (each
 * state is among the successors of its successors), which the plan's
 * recovery relies on.  expand calls emit(arg, to, goal) for each legal
 * successor of the state rank, to its rank and goal whether it is a
 * goal, and returns RIVER_OK or why it stopped; it is called on one
 * thread.  states_of (or NULL) says how many states of the puzzle as
 * written a rank stands for. */
struct layers_space {
	uint64_t size, start;
	bool start_is_goal;
	void *ctx;
	int (*expand)(void *ctx, uint64_t rank,
		      int (*emit)(void *arg, uint64_t to, bool goal),
		      void *arg);
	unsigned long long (*states_of)(void *ctx, uint64_t rank);
};

/* As layers_search, for a space: res->path holds ranks. */
int layers_search_space(const struct layers_space *space,
			const river_solve_options *opts,
			const struct stop *stop, struct bfs_result *res,
			river_diag *diag);

/* layers_search, counting the shortest plans too (*count, saturating;
 * 0 when unsolved): each state of a level gets the paths of its
 * predecessors in the level before, pulled word-wise (dense_pull), so
 * memory is the cells, 7 bits more a rank and 8 bytes a state of two
 * levels.  Only for a puzzle expanded word-wise: RIVER_ETOOBIG, with
 * no message, for the others. */
int layers_count(const struct system *sys, const river_solve_options *opts,
		 const struct stop *stop, struct bfs_result *res,
		 unsigned long long *count, river_diag *diag);

#endif
