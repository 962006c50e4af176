/* What every unit test needs: cmocka (which wants these headers first)
 * and a way to build a puzzle from text. */
#ifndef RIVER_UNIT_H
#define RIVER_UNIT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* RUNNING_ON_VALGRIND: whether make check-valgrind runs the test, where
 * a few of the largest cases, which valgrind would run at fifty times
 * their cost and which take no path the smaller ones do not, are left
 * to the other builds. */
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#endif
#endif
#ifndef RUNNING_ON_VALGRIND
#define RUNNING_ON_VALGRIND 0
#endif

#include "compile/compile.h"
#include "parse/parse.h"
#include "puzzle.h"
#include "river.h"
#include "system/system.h"
#include "util/arena.h"

/* The whole file at path, NUL-terminated (*len bytes before the NUL);
 * free it. */
static inline char *unit_read_file(const char *path, size_t *len)
{
	FILE *in = fopen(path, "rb");
	char *text = NULL;
	long size;

	assert_non_null(in);
	assert_int_equal(fseek(in, 0, SEEK_END), 0);
	size = ftell(in);
	assert_true(size >= 0);
	rewind(in);
	text = malloc((size_t)size + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)size, in), (size_t)size);
	text[size] = '\0';
	*len = (size_t)size;
	fclose(in);
	return text;
}

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

/* Load text, which must fail with status at line:column with exactly
 * message. */
static inline void unit_load_error(const char *text, int status, int line,
				   int column, const char *message)
{
	river_diag diag;

	unit_load_fails(text, status, &diag);
	assert_string_equal(diag.message, message);
	assert_int_equal(diag.line, line);
	assert_int_equal(diag.column, column);
}

/* s must begin with prefix. */
static inline void unit_assert_prefix(const char *s, const char *prefix)
{
	if (strncmp(s, prefix, strlen(prefix)) != 0)
		print_error("\"%s\" does not start with \"%s\"\n", s, prefix);
	assert_int_equal(strncmp(s, prefix, strlen(prefix)), 0);
}

/*
 * The pipeline by hand: text -> tree -> model -> system, without the
 * public wrapper's final check that the start obeys the rules, so that
 * tests can build systems whose start is unsafe.  Everything lives in
 * u->arena; release it with unit_pipe_release.
 */
struct unit_pipe {
	struct arena arena;
	struct source src;
	struct ast ast;
	struct model model;
	struct system sys;
	river_diag diag;
};

/* Run the stages up to and including the system; returns the first
 * failing status (RIVER_OK when all passed). */
static inline int unit_pipe_try(struct unit_pipe *u, const char *text)
{
	int rc;

	memset(u, 0, sizeof *u);
	arena_init(&u->arena);
	u->src.name = "test.puz";
	u->src.text = text;
	u->src.len = strlen(text);
	rc = parse_source(&u->ast, &u->arena, &u->src, &u->diag);
	if (rc == RIVER_OK)
		rc = compile_model(&u->model, &u->arena, &u->ast, &u->src,
				   NULL, 0, NULL, &u->diag);
	if (rc == RIVER_OK)
		rc = system_build(&u->sys, &u->arena, &u->model, &u->src,
				  &u->diag);
	return rc;
}

/* The same, for text that must get through every stage. */
static inline void unit_pipe(struct unit_pipe *u, const char *text)
{
	int rc = unit_pipe_try(u, text);

	if (rc != RIVER_OK)
		print_error("unexpected error: %d:%d: %s\n", u->diag.line,
			    u->diag.column, u->diag.message);
	assert_int_equal(rc, RIVER_OK);
}

static inline void unit_pipe_release(struct unit_pipe *u)
{
	arena_release(&u->arena);
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

/* Four and four in a boat for two: no plan exists. */
#define MC44_TEXT                                             \
	"title \"Four and four\"\n"                            \
	"items 4 missionaries, 4 cannibals\n"                  \
	"boat seats 2\n"                                       \
	"cannibals must not outnumber missionaries\n"

#endif
