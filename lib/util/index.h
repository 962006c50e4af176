/* The library's hash table: an index over entries that its owner keeps
 * in arrays of its own (states, orbits, keys of places, names of
 * variables, pairs of a model), found by a 64-bit hash of the key
 * (util/hash.h) and the owner's test of a key against an entry.
 *
 * Open addressing with linear probing, at most three quarters full (the
 * tags keep long probes cheap: they rarely read an entry).  A slot holds
 * the entry + 1 in its low 32 bits (0: a free slot) and the high 32 bits
 * of the entry's hash, which choose its home slot: most probes that
 * miss never read an entry, and the table doubles without asking its
 * owner for a hash.  Entries are numbered below 2^32 - 1; a table of
 * more than 2^32 slots is refused as out of memory.
 *
 * To add: hash_index_reserve for one more, hash_index_find (which gives
 * the free slot where the key belongs), hash_index_put there. */
#ifndef RIVER_INDEX_H
#define RIVER_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hash_index {
	uint64_t *slot;
	size_t cap; /* a power of two, or 0 */
	size_t n;   /* entries indexed */
};

#define HASH_INDEX_NONE SIZE_MAX
#define HASH_INDEX_TAG (~(uint64_t)UINT32_MAX)

/* Whether entry is the key the caller looks for (ctx says which). */
typedef bool hash_index_same(const void *ctx, size_t entry);

void hash_index_init(struct hash_index *x);
void hash_index_release(struct hash_index *x);

/* Forget every entry and make room for n, in a table no larger than n
 * needs (a big table is not cleared again and again for small sets).
 * RIVER_OK or RIVER_ENOMEM (the index empty). */
int hash_index_clear(struct hash_index *x, size_t n);

/* Room for n entries in all.  RIVER_OK, or RIVER_ENOMEM with the index
 * unchanged. */
int hash_index_reserve(struct hash_index *x, size_t n);

/* The entry of hash h for which same(ctx, entry) holds, or
 * HASH_INDEX_NONE: then, when at is not NULL, *at is the free slot
 * where it belongs, good until the index changes (an empty index has
 * none: reserve first).  Inline, so that same is inlined too. */
static inline size_t hash_index_find(const struct hash_index *x, uint64_t h,
				     hash_index_same *same, const void *ctx,
				     size_t *at)
{
	uint64_t tag = h & HASH_INDEX_TAG;
	size_t j, mask = x->cap - 1;

	if (!x->cap)
		return HASH_INDEX_NONE;
	for (j = (size_t)(h >> 32) & mask; x->slot[j]; j = (j + 1) & mask) {
		uint64_t v = x->slot[j];

		if ((v & HASH_INDEX_TAG) == tag && same(ctx, (uint32_t)v - 1))
			return (uint32_t)v - 1;
	}
	if (at)
		*at = j;
	return HASH_INDEX_NONE;
}

/* Index entry, of hash h, in the free slot at that hash_index_find
 * gave. */
static inline void hash_index_put(struct hash_index *x, size_t at,
				  uint64_t h, size_t entry)
{
	x->slot[at] = (h & HASH_INDEX_TAG) | (uint32_t)(entry + 1);
	x->n++;
}

/* Index entry, of hash h, known not to be there yet (room reserved). */
static inline void hash_index_add(struct hash_index *x, uint64_t h,
				  size_t entry)
{
	size_t j, mask = x->cap - 1;

	for (j = (size_t)(h >> 32) & mask; x->slot[j]; j = (j + 1) & mask)
		;
	hash_index_put(x, j, h, entry);
}

#endif
