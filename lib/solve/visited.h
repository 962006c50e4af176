/* The set of states a search has reached: a bitset indexed by the
 * state's rank when the whole space fits in VISITED_MAX_BITSET_BITS,
 * an open-addressing hash set of the packed states otherwise. */
#ifndef RIVER_VISITED_H
#define RIVER_VISITED_H

#include "system/system.h"

#define VISITED_MAX_BITSET_BITS (UINT64_C(1) << 30)

struct visited {
	const struct system *sys;
	uint64_t *bits;  /* bitset mode */
	state_t *keys;   /* hash mode: slots, VISITED_EMPTY when free */
	size_t cap, count;
	uint64_t bits_used; /* hash mode: the union of the keys */
	bool has_empty;  /* hash mode: the state equal to VISITED_EMPTY */
};

int visited_init(struct visited *v, const struct system *sys);
void visited_release(struct visited *v);
/* 1 if s is new (and now in the set), 0 if it was there, or
 * RIVER_ENOMEM. */
int visited_add(struct visited *v, state_t s);

#endif
