/* For the unit tests that run the searches over many puzzles (they
 * link bench/families.c, and define _POSIX_C_SOURCE for dirent.h): the
 * source folder, a family's puzzle loaded from its spec (e.g. "star 10
 * 2 every"), and every bundled puzzle in turn. */
#ifndef RIVER_UNIT_FAMILY_H
#define RIVER_UNIT_FAMILY_H

#include <dirent.h>

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

/* Load each puzzle file (.puz) in puzzles and hand it to fn, which
 * frees it; how many there were. */
static inline size_t unit_each_bundled(void (*fn)(const char *name,
						  river_puzzle *p, void *arg),
				       void *arg)
{
	char dir[4096], path[4600];
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/puzzles", unit_top());
	d = opendir(dir);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		river_puzzle *p;
		river_diag diag;

		if (len < 5 || strcmp(e->d_name + len - 4, ".puz") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		assert_int_equal(river_puzzle_load_file(&p, path, &diag),
				 RIVER_OK);
		fn(e->d_name, p, arg);
		n++;
	}
	closedir(d);
	return n;
}

#endif
