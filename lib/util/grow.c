/* Growable arrays: see grow.h. */
#include "util/grow.h"

#include <stdint.h>
#include <stdlib.h>

#include "river.h"

int array_grow(void *array, size_t *cap, size_t need, size_t size)
{
	size_t cap2 = *cap ? *cap : 64;
	void *p;

	if (need <= *cap)
		return RIVER_OK;
	while (cap2 < need) {
		if (cap2 > SIZE_MAX / 2)
			return RIVER_ENOMEM;
		cap2 *= 2;
	}
	if (size && cap2 > SIZE_MAX / size)
		return RIVER_ENOMEM;
	p = realloc(*(void **)array, cap2 * size);
	if (!p)
		return RIVER_ENOMEM;
	*(void **)array = p;
	*cap = cap2;
	return RIVER_OK;
}
