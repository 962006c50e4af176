/* Growable arrays: see grow.h. */
#include "util/grow.h"

#include <stdint.h>
#include <stdlib.h>

#include "river.h"

/* The array *array moved to n elements of size bytes. */
static int resize(void *array, size_t n, size_t size)
{
	void *p;

	if (size && n > SIZE_MAX / size)
		return RIVER_ENOMEM;
	p = realloc(*(void **)array, n * size);
	if (!p)
		return RIVER_ENOMEM;
	*(void **)array = p;
	return RIVER_OK;
}

/* The capacity, doubled from cap (or 64), that holds need: 0 when it
 * would overflow. */
static size_t doubled(size_t cap, size_t need)
{
	size_t cap2 = cap ? cap : 64;

	while (cap2 < need) {
		if (cap2 > SIZE_MAX / 2)
			return 0;
		cap2 *= 2;
	}
	return cap2;
}

int array_grow(void *array, size_t *cap, size_t need, size_t size)
{
	struct grow_array one = {array, size};

	return arrays_grow(cap, need, &one, 1);
}

int arrays_grow(size_t *cap, size_t need, const struct grow_array *arrays,
		size_t n)
{
	size_t cap2, k;

	if (need <= *cap)
		return RIVER_OK;
	cap2 = doubled(*cap, need);
	if (!cap2)
		return RIVER_ENOMEM;
	for (k = 0; k < n; k++)
		if (resize(arrays[k].array, cap2, arrays[k].size) != RIVER_OK)
			return RIVER_ENOMEM;
	*cap = cap2;
	return RIVER_OK;
}

int array_reserve(void *array, size_t *cap, size_t n, size_t size)
{
	if (n <= *cap)
		return RIVER_OK;
	if (resize(array, n, size) != RIVER_OK)
		return RIVER_ENOMEM;
	*cap = n;
	return RIVER_OK;
}
