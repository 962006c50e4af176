/* What every unit test needs: cmocka (which wants these headers first)
 * and a way to build a puzzle from text. */
#ifndef RIVER_UNIT_H
#define RIVER_UNIT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "puzzle.h"
#include "river.h"

/* Load text, which must be a valid puzzle. */
static inline river_puzzle *unit_load(const char *text)
{
	river_puzzle *p = NULL;
	river_diag diag;
	int rc = river_puzzle_load_string(&p, text, strlen(text), "test.puz",
					  &diag);

	if (rc != RIVER_OK)
		print_error("unexpected error: %d:%d: %s\n", diag.line,
			    diag.column, diag.message);
	assert_int_equal(rc, RIVER_OK);
	assert_non_null(p);
	return p;
}

/* Load text, which must fail with status; diag is filled. */
static inline void unit_load_fails(const char *text, int status,
				   river_diag *diag)
{
	river_puzzle *p = (river_puzzle *)1;
	int rc = river_puzzle_load_string(&p, text, strlen(text), "test.puz",
					  diag);

	assert_int_equal(rc, status);
	assert_null(p);
	assert_int_equal(diag->status, status);
}

#define WGC_TEXT                                              \
	"title \"Wolf, goat and cabbage\"\n"                   \
	"items farmer, wolf, goat, cabbage\n"                  \
	"boat seats 2\n"                                       \
	"rowers farmer\n"                                      \
	"guard farmer\n"                                       \
	"wolf eats goat\n"                                     \
	"goat eats cabbage\n"

#define MC_TEXT                                               \
	"title \"Missionaries and cannibals\"\n"               \
	"items 3 missionaries, 3 cannibals\n"                  \
	"boat seats 2\n"                                       \
	"cannibals must not outnumber missionaries\n"

#endif
