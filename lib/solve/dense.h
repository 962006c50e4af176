/* The layered search's word-wise expander for plain puzzles.
 *
 * A word of the two-bit search holds the cells of 32 consecutive
 * compact ranks.  When the low five bits of a compact rank are five
 * individuals, those 32 states share everything else: the boat's side
 * and where every other item is.  A load then splits into its low items
 * (which move a cell within the word: the cell of x goes to x ^ low)
 * and the rest (which picks the word the cells land in), so one load
 * moves a whole set of cells with a few mask operations; and the safe
 * cells of a word are a mask computed once from the compiled groups of
 * eats and without rules.
 *
 * Only puzzles whose states are individuals and the boat qualify: no
 * counted kinds, no fields, loads given by seats and rowers alone,
 * bank rules that are all groups (dense_can).  Others keep the search's
 * cell by cell expansion. */
#ifndef RIVER_DENSE_H
#define RIVER_DENSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "system/system.h"

#define DENSE_LOW 5
#define DENSE_CELLS (1u << DENSE_LOW) /* cells a word */

/* A group of eats rules, split into its low items (as masks over the
 * 32 cells of a word, per bank) and its other items (presence bits). */
struct dense_group {
	uint64_t need, any, guard;  /* the presence bits not in the low five */
	/* Per bank (0 left, 1 right): the cells whose low items on that
	 * bank hold all of need's, some of any's, some of guard's. */
	uint32_t need_cells[2], any_cells[2], guard_cells[2];
};

struct dense {
	const struct system *sys;
	uint64_t low_bits;         /* the state bits of the low five */
	uint64_t low_bit[DENSE_LOW]; /* the state bit of rank bit i */
	/* The cells whose low items are all on the boat's bank: with
	 * load x, on_left[x] when the boat is left, on_right[x] right. */
	uint32_t on_left[DENSE_CELLS], on_right[DENSE_CELLS];
	uint32_t goal_cells;       /* cells whose low items are as the goal */
	struct dense_group *groups;
	size_t n_groups;
	struct dense_move *moves;
	size_t n_moves;
	uint8_t *low;
};

/* Past this many loads from a full bank, the word-wise expansion
 * (which tries every load on every word) costs more than the cell by
 * cell walk, which cuts the loads that leave a bank unsafe. */
#define DENSE_MAX_LOADS 8192

/* The loads that share their items outside the low five: high, the
 * delta without the low items; items, those of its individuals; word,
 * what it flips in the number of a word (a compact rank over 32: the
 * bits of a plain puzzle's individuals and boat, so that a move takes
 * word w to w ^ word); and low[first .. first + n), the cells the low
 * items make (a load moves cell x to x ^ low). */
struct dense_move {
	uint64_t high, items, word;
	uint32_t first, n;
};

/* What a word's cells reach through one move: cells of word (bit i:
 * rank word * 32 + i), safe ones only, seen or not, and which of them
 * are goals. */
struct dense_target {
	uint64_t word;
	uint32_t cells, goals;
};

/* One thread's room for a word's expansion. */
struct dense_scratch {
	struct dense_target *target;
	size_t n_target;
	uint32_t *pick; /* the moves whose items are on the bank */
	unsigned long long tried; /* crossings tried, for the limits */
};

/* Does sys qualify for the word-wise expansion? */
bool dense_can(const struct system *sys);

/* Tables for sys (dense_can): RIVER_OK; RIVER_ETOOBIG when a full
 * bank has more than DENSE_MAX_LOADS loads (the cell by cell walk is
 * then the faster); RIVER_ENOMEM. */
int dense_init(struct dense *d, const struct system *sys);
void dense_release(struct dense *d);

/* RIVER_OK or RIVER_ENOMEM. */
int dense_scratch_init(struct dense_scratch *s, const struct dense *d);
void dense_scratch_release(struct dense_scratch *s);

/* The cells of a word's 32 (bit i: rank word * 32 + i) whose states
 * break no rule, for the word holding state s (its low items aside). */
uint32_t dense_safe_cells(const struct dense *d, state_t s);

/* One level of the count (layers_count): a level's states are its
 * cells in rank order, word w's among them member[w] (a bit a cell),
 * the first at base[w], with the number of shortest paths to each in
 * paths. */
struct dense_level {
	const uint32_t *member;
	const uint64_t *base;
	const unsigned long long *paths;
};

/* Expand the cells (bit i: rank word * 32 + i) of word: s->target
 * gets, per word reached, the safe cells the crossings lead to (seen
 * or not) and which are goals.  With pull (not NULL), the cells are
 * the members of a level, and each also gets the paths of its
 * predecessors in pull, as dense_pull gives them, into paths. */
void dense_expand(const struct dense *d, uint64_t word, uint32_t cells,
		  const struct dense_level *pull, unsigned long long *paths,
		  struct dense_scratch *s);

/* Pull into the cells of word that belong to a level (cells: its
 * member word) the paths of their predecessors in the level before
 * (from), each crossing taken back once: paths holds the word's cells,
 * its first at paths[0]; s: the calling thread's scratch.  Returns the
 * paths to the goals among the cells, saturating. */
unsigned long long dense_pull(const struct dense *d, uint64_t word,
			      uint32_t cells, const struct dense_level *from,
			      unsigned long long *paths,
			      struct dense_scratch *s);

/* A word's 32 two-bit cells as 32 bits, one per cell: bit i of the
 * result is bit 2i of w. */
static inline uint32_t dense_gather(uint64_t w)
{
	w &= UINT64_C(0x5555555555555555);
	w = (w | w >> 1) & UINT64_C(0x3333333333333333);
	w = (w | w >> 2) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	w = (w | w >> 4) & UINT64_C(0x00ff00ff00ff00ff);
	w = (w | w >> 8) & UINT64_C(0x0000ffff0000ffff);
	return (uint32_t)(w | w >> 16);
}

/* The cells set in m (a portable build has no popcount instruction:
 * the compiler's builtin would call a library function). */
static inline unsigned dense_count(uint32_t m)
{
	m -= m >> 1 & 0x55555555u;
	m = (m & 0x33333333u) + (m >> 2 & 0x33333333u);
	m = (m + (m >> 4)) & 0x0f0f0f0fu;
	return (m * 0x01010101u) >> 24;
}

/* dense_gather's inverse: bit i of m to bit 2i. */
static inline uint64_t dense_spread(uint32_t m)
{
	uint64_t w = m;

	w = (w | w << 16) & UINT64_C(0x0000ffff0000ffff);
	w = (w | w << 8) & UINT64_C(0x00ff00ff00ff00ff);
	w = (w | w << 4) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	w = (w | w << 2) & UINT64_C(0x3333333333333333);
	return (w | w << 1) & UINT64_C(0x5555555555555555);
}

#endif
