/* The hash functions of libriver's tables, in one place: a key of one
 * word spread to a slot of a power-of-two table (the visited set's), a
 * key of several words, and a string (the hash index's, util/index.h). */
#ifndef RIVER_HASH_H
#define RIVER_HASH_H

#include <stddef.h>
#include <stdint.h>

/* The slot of key in a table of cap slots (a power of two): the high
 * half of key times 2^64 / phi (Fibonacci hashing), which spreads the
 * packed bit patterns of states. */
static inline size_t hash_slot(uint64_t key, size_t cap)
{
	return (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 32) &
	       (cap - 1);
}

/* A key of n words, each mixed in (splitmix64's multiplier); take its
 * low bits for a slot. */
static inline uint64_t hash_words(const uint64_t *w, size_t n)
{
	uint64_t h = UINT64_C(0x9E3779B97F4A7C15);
	size_t k;

	for (k = 0; k < n; k++) {
		h ^= w[k];
		h *= UINT64_C(0xBF58476D1CE4E5B9);
		h ^= h >> 31;
	}
	return h ^ (h >> 29);
}

/* A string: FNV-1a, its bits mixed as a word's (the index takes the
 * high ones). */
static inline uint64_t hash_string(const char *s)
{
	uint64_t h = UINT64_C(14695981039346656037);

	while (*s)
		h = (h ^ (unsigned char)*s++) * UINT64_C(1099511628211);
	return hash_words(&h, 1);
}

#endif
