/* The library's hash table: see index.h. */
#include "util/index.h"

#include <stdlib.h>
#include <string.h>

#include "river.h"

void hash_index_init(struct hash_index *x)
{
	x->slot = NULL;
	x->cap = x->n = 0;
}

void hash_index_release(struct hash_index *x)
{
	free(x->slot);
	hash_index_init(x);
}

/* The slots for n entries, at least from (a power of two): 0 when too
 * many. */
static size_t slots_for(size_t n, uint64_t from)
{
	uint64_t want = from;

	if (n >= UINT32_MAX)
		return 0;
	while (3 * want < 4 * (uint64_t)n)
		want *= 2;
	if (want > (uint64_t)UINT32_MAX + 1 || want > SIZE_MAX / sizeof(uint64_t))
		return 0;
	return (size_t)want;
}

int hash_index_clear(struct hash_index *x, size_t n)
{
	size_t cap = slots_for(n, 64);

	x->n = 0;
	if (!cap) {
		hash_index_release(x);
		return RIVER_ENOMEM;
	}
	if (cap != x->cap) {
		hash_index_release(x);
		x->slot = calloc(cap, sizeof *x->slot);
		if (!x->slot)
			return RIVER_ENOMEM;
		x->cap = cap;
		return RIVER_OK;
	}
	memset(x->slot, 0, x->cap * sizeof *x->slot);
	return RIVER_OK;
}

int hash_index_reserve(struct hash_index *x, size_t n)
{
	size_t cap = slots_for(n, x->cap ? x->cap : 64), i, mask;
	uint64_t *slot;

	if (!cap)
		return RIVER_ENOMEM;
	if (cap == x->cap)
		return RIVER_OK;
	slot = calloc(cap, sizeof *slot);
	if (!slot)
		return RIVER_ENOMEM;
	mask = cap - 1;
	for (i = 0; i < x->cap; i++) {
		uint64_t v = x->slot[i];
		size_t j;

		if (!v)
			continue;
		for (j = (size_t)(v >> 32) & mask; slot[j]; j = (j + 1) & mask)
			;
		slot[j] = v;
	}
	free(x->slot);
	x->slot = slot;
	x->cap = cap;
	return RIVER_OK;
}
