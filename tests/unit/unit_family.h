/* For the unit tests that load the benchmark's generated families
 * (they link bench/families.c): the source folder, and a family's
 * puzzle loaded from its spec, e.g. "star 10 2 every". */
#ifndef RIVER_UNIT_FAMILY_H
#define RIVER_UNIT_FAMILY_H

#include "bench/families.h"
#include "unit.h"

static inline const char *unit_top(void)
{
	const char *dir = getenv("srcdir");

	return dir && *dir ? dir : ".";
}

static inline river_puzzle *unit_family(const char *spec)
{
	struct family_size f;
	char err[256], *text;
	river_puzzle *p;
	river_diag diag;

	assert_true(family_parse_string(&f, spec, err, sizeof err));
	snprintf(err, sizeof err, "%s/puzzles", unit_top());
	text = family_puzzle(&f, err, err, sizeof err);
	assert_non_null(text);
	assert_int_equal(river_puzzle_load_string(&p, text, strlen(text), spec,
						  &diag), RIVER_OK);
	free(text);
	return p;
}

#endif
