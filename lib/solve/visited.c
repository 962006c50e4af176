#include "solve/visited.h"

#include <stdlib.h>
#include <string.h>

#include "util/grow.h"
#include "util/hash.h"

#define VISITED_EMPTY UINT64_MAX
/* The hash set doubles when it would be more than 4/5 full: 8 bytes a
 * slot, 10 to 20 bytes a state.  It doubles in place (realloc, which
 * moves big blocks by remapping their pages), so that no second table
 * adds to the peak, while its states leave the top two bits free. */
#define VISITED_FULL_NUM 4
#define VISITED_FULL_DEN 5
#define VISITED_MOVED (UINT64_C(1) << 63)

int visited_init(struct visited *v, const struct system *sys)
{
	memset(v, 0, sizeof *v);
	v->sys = sys;
	if (sys->rank_size != 0 && sys->rank_size <= VISITED_MAX_BITSET_BITS) {
		/* calloc: the kernel hands over zero pages only as touched. */
		v->bits = calloc((size_t)((sys->rank_size + 63) / 64),
				 sizeof *v->bits);
		return v->bits ? RIVER_OK : RIVER_ENOMEM;
	}
	v->cap = 1024;
	v->keys = malloc(v->cap * sizeof *v->keys);
	if (!v->keys)
		return RIVER_ENOMEM;
	memset(v->keys, 0xff, v->cap * sizeof *v->keys);
	return RIVER_OK;
}

void visited_release(struct visited *v)
{
	free(v->bits);
	free(v->keys);
	memset(v, 0, sizeof *v);
}

static size_t slot_of(state_t s, size_t cap)
{
	return hash_slot(s, cap);
}

/* Rehash the keys of the doubled table in place.  Each key still in
 * its old slot is taken out and put, marked VISITED_MOVED, into the
 * first slot from its new home that is free or holds a key not yet
 * moved (which is then carried on the same way): the probe path of a
 * moved key holds only moved keys, which stay put, so taking a key out
 * of an unmoved slot never breaks one. */
static void rehash_in_place(struct visited *v)
{
	size_t i, mask = v->cap - 1;

	for (i = 0; i < v->cap; i++) {
		state_t carry = v->keys[i];

		if (carry == VISITED_EMPTY || (carry & VISITED_MOVED))
			continue;
		v->keys[i] = VISITED_EMPTY;
		for (;;) {
			size_t j = slot_of(carry, v->cap);
			state_t held;

			while (v->keys[j] != VISITED_EMPTY &&
			       (v->keys[j] & VISITED_MOVED))
				j = (j + 1) & mask;
			held = v->keys[j];
			v->keys[j] = carry | VISITED_MOVED;
			if (held == VISITED_EMPTY)
				break;
			carry = held;
		}
	}
	for (i = 0; i < v->cap; i++)
		if (v->keys[i] != VISITED_EMPTY)
			v->keys[i] &= ~VISITED_MOVED;
}

static int grow(struct visited *v)
{
	size_t cap = v->cap * 2, i;
	state_t *keys;

	if (!(v->bits_used >> 62)) {
		size_t old = v->cap;

		if (array_grow(&v->keys, &v->cap, cap, sizeof *v->keys) !=
		    RIVER_OK)
			return RIVER_ENOMEM;
		memset(v->keys + old, 0xff, old * sizeof *v->keys);
		rehash_in_place(v);
		return RIVER_OK;
	}
	keys = malloc(cap * sizeof *keys);

	if (!keys)
		return RIVER_ENOMEM;
	memset(keys, 0xff, cap * sizeof *keys);
	for (i = 0; i < v->cap; i++) {
		size_t j;

		if (v->keys[i] == VISITED_EMPTY)
			continue;
		for (j = slot_of(v->keys[i], cap); keys[j] != VISITED_EMPTY;
		     j = (j + 1) & (cap - 1))
			;
		keys[j] = v->keys[i];
	}
	free(v->keys);
	v->keys = keys;
	v->cap = cap;
	return RIVER_OK;
}

static int hash_add(struct visited *v, state_t s)
{
	size_t j;

	if (s == VISITED_EMPTY) {
		if (v->has_empty)
			return 0;
		v->has_empty = true;
		return 1;
	}
	if ((v->count + 1) * VISITED_FULL_DEN > v->cap * VISITED_FULL_NUM &&
	    grow(v) != RIVER_OK)
		return RIVER_ENOMEM;
	for (j = slot_of(s, v->cap); v->keys[j] != VISITED_EMPTY;
	     j = (j + 1) & (v->cap - 1))
		if (v->keys[j] == s)
			return 0;
	v->keys[j] = s;
	v->bits_used |= s;
	v->count++;
	return 1;
}

int visited_add(struct visited *v, state_t s)
{
	uint64_t rank, bit;

	if (!v->bits)
		return hash_add(v, s);
	rank = system_rank(v->sys, s);
	bit = UINT64_C(1) << (rank & 63);
	if (v->bits[rank >> 6] & bit)
		return 0;
	v->bits[rank >> 6] |= bit;
	return 1;
}
