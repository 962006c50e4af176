/* Growable arrays: the one way the library makes an array longer, and
 * the one plural ending of its messages. */
#ifndef RIVER_GROW_H
#define RIVER_GROW_H

#include <stddef.h>

/* Make the array *array, of *cap elements of size bytes, hold at least
 * need: its capacity doubled (from 64 elements) until it does.
 * RIVER_OK, or RIVER_ENOMEM with *array and *cap unchanged (the array
 * still whole) when memory runs out or the size would overflow. */
int array_grow(void *array, size_t *cap, size_t need, size_t size);

/* Arrays indexed alike (a column each of one table), grown together:
 * each names the address of its pointer and its element's size. */
struct grow_array {
	void *array;
	size_t size;
};

/* Make each of the n arrays hold at least need elements of its size,
 * all of one capacity *cap, doubled (from 64) as array_grow's.
 * RIVER_OK, or RIVER_ENOMEM with *cap unchanged: every array still
 * whole (some perhaps moved to more room). */
int arrays_grow(size_t *cap, size_t need, const struct grow_array *arrays,
		size_t n);

/* Make *array hold at least n elements of size bytes: when it must
 * grow, to exactly n (*cap = n), for arrays refilled whole to a size
 * known beforehand, where doubling would waste.  RIVER_OK or
 * RIVER_ENOMEM (*array whole, *cap unchanged). */
int array_reserve(void *array, size_t *cap, size_t n, size_t size);

/* "s" after a count of n unless n is 1: "%llu crossing%s". */
static inline const char *plural(unsigned long long n)
{
	return n == 1 ? "" : "s";
}

#endif
