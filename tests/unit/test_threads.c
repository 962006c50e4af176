/* What libriver(3) says is thread-safe: one loaded puzzle, shared
 * read-only by threads that solve, count, render, verify and export it
 * at once, while others load puzzles of their own and list the formats
 * and engines.  Every thread's results must match those computed alone
 * beforehand.  Run it under ThreadSanitizer to find races: see
 * README. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdlib.h>

#include "unit.h"

#define THREADS 6
/* Rounds of each thread.  Under valgrind (make check-valgrind), which
 * runs one thread at a time, the first round takes every path the
 * others take again, at fifty times the cost, and finds no race:
 * there each thread does one. */
#define ROUNDS (RUNNING_ON_VALGRIND ? 1 : 8)

#define TIMED_TEXT                                                   \
	"title \"Bridge\"\n"                                          \
	"items a \"🐺\" (time 1), b \"🐺\" (time 2), c (time 5), "    \
	"d \"a\" (time 10)\n"                                        \
	"boat seats 2\nminimize time\ntime limit 17\n"

/* What one round computes for a puzzle. */
struct result {
	char *text, *json;    /* the plan, rendered */
	char *model[8];       /* one export a format */
	unsigned long long explored, count;
	size_t crossings;
	int legal_text, legal_json;
	char title[64];
};

static const river_puzzle *shared[3];
static struct result want[3];

static void result_release(struct result *r)
{
	size_t i;

	river_free(r->text);
	river_free(r->json);
	for (i = 0; i < 8; i++)
		river_free(r->model[i]);
	memset(r, 0, sizeof *r);
}

/* Solve, count, render, verify and export puzzle; 0 when all went well.
 * No cmocka assertions here: they are not for other threads. */
static int compute(const river_puzzle *puzzle, struct result *r)
{
	const char *const *f = river_export_formats();
	river_solve_options opts;
	river_plan *plan;
	river_verdict v = RIVER_VERDICT_INIT;
	river_diag diag;
	size_t i;

	memset(r, 0, sizeof *r);
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.max_plans = 2;
	if (river_solve(&plan, puzzle, &opts, &diag) != RIVER_OK)
		return 1;
	r->explored = river_plan_states_explored(plan);
	r->count = river_plan_count(plan);
	r->crossings = river_plan_crossings(plan);
	snprintf(r->title, sizeof r->title, "%s", river_puzzle_title(puzzle));
	if (river_plan_render(&r->text, plan, RIVER_FORMAT_TEXT) != RIVER_OK ||
	    river_plan_render(&r->json, plan, RIVER_FORMAT_JSON) != RIVER_OK) {
		river_plan_free(plan);
		return 1;
	}
	river_plan_free(plan);
	if (river_verify(&v, puzzle, r->text, strlen(r->text), NULL, &diag) !=
	    RIVER_OK)
		return 1;
	r->legal_text = v.legal;
	if (river_verify(&v, puzzle, r->json, strlen(r->json), NULL, &diag) !=
	    RIVER_OK)
		return 1;
	r->legal_json = v.legal;
	for (i = 0; f[i] && i < 8; i++) {
		int rc = river_export(&r->model[i], puzzle, f[i], NULL, &diag);

		/* Some formats refuse some puzzles: the same each time. */
		if (rc != RIVER_OK && rc != RIVER_EUNSUPPORTED)
			return 1;
	}
	return 0;
}

static int same(const struct result *a, const struct result *b)
{
	size_t i;

	if (strcmp(a->text, b->text) != 0 || strcmp(a->json, b->json) != 0 ||
	    a->explored != b->explored || a->count != b->count ||
	    a->crossings != b->crossings || a->legal_text != b->legal_text ||
	    a->legal_json != b->legal_json || strcmp(a->title, b->title) != 0)
		return 0;
	for (i = 0; i < 8; i++)
		if ((a->model[i] == NULL) != (b->model[i] == NULL) ||
		    (a->model[i] && strcmp(a->model[i], b->model[i]) != 0))
			return 0;
	return 1;
}

static const char *const texts[3] = {WGC_TEXT, MC_TEXT, TIMED_TEXT};

/* A thread: rounds over the shared puzzles, and over puzzles it loads
 * itself; returns the number of results that differ or failed. */
static void *worker(void *arg)
{
	size_t id = (size_t)(uintptr_t)arg, round, k;
	uintptr_t bad = 0;

	for (round = 0; round < ROUNDS; round++) {
		for (k = 0; k < 3; k++) {
			size_t which = (k + id + round) % 3;
			const char *text = texts[which];
			river_puzzle *own = NULL;
			struct result got;

			bad += compute(shared[which], &got) != 0 ||
			       !same(&got, &want[which]);
			result_release(&got);
			if (river_puzzle_load_string(&own, text, strlen(text),
						     "test.puz", NULL) != RIVER_OK) {
				bad++;
				continue;
			}
			bad += compute(own, &got) != 0 || !same(&got, &want[which]);
			result_release(&got);
			river_puzzle_free(own);
			bad += river_engines()[0] == NULL ||
			       strcmp(river_export_formats()[0], "minizinc") != 0;
		}
	}
	return (void *)bad;
}

static void test_threads_agree(void **state)
{
	pthread_t threads[THREADS];
	river_puzzle *p[3];
	size_t i;

	(void)state;
	for (i = 0; i < 3; i++) {
		p[i] = unit_load(texts[i]);
		shared[i] = p[i];
		assert_int_equal(compute(p[i], &want[i]), 0);
		assert_true(want[i].legal_text && want[i].legal_json);
	}
	for (i = 0; i < THREADS; i++)
		assert_int_equal(pthread_create(&threads[i], NULL, worker,
						(void *)(uintptr_t)i), 0);
	for (i = 0; i < THREADS; i++) {
		void *bad;

		assert_int_equal(pthread_join(threads[i], &bad), 0);
		assert_int_equal((uintptr_t)bad, 0);
	}
	for (i = 0; i < 3; i++) {
		result_release(&want[i]);
		river_puzzle_free(p[i]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threads_agree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
