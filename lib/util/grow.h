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

/* "s" after a count of n unless n is 1: "%llu crossing%s". */
static inline const char *plural(unsigned long long n)
{
	return n == 1 ? "" : "s";
}

#endif
