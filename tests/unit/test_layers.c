/* The two-bit layered search against the queue: on every bundled puzzle
 * and on generated families, the same verdict and the same number of
 * crossings; every state explored the same when the goal cannot be
 * reached; plans the checker accepts; the same plan on 1, 2 and 3
 * threads; the limits and the cancel flag stop it with their codes. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>

#include "plan/plan.h"
#include "check/check.h"
#include "puzzle.h"
#include "solve/bfs.h"
#include "solve/layers.h"
#include "unit.h"
#include "unit_family.h"

static void search(const struct system *sys, int method, unsigned threads,
		   struct bfs_result *res)
{
	river_solve_options opts;
	river_diag diag;
	struct stop stop;

	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.method = method;
	opts.threads = threads;
	assert_int_equal(stop_init(&stop, NULL, 0, &diag), RIVER_OK);
	assert_int_equal(bfs_search(sys, &opts, &stop, res, &diag), RIVER_OK);
}

/* Queue and layers agree on sys; returns the layers' explored count. */
static unsigned long long compare(const char *name, const struct system *sys)
{
	struct bfs_result queue, layers[3];
	struct plan_fault fault;
	unsigned t;

	search(sys, RIVER_METHOD_QUEUE, 1, &queue);
	if (!layers_can(sys)) {
		river_solve_options opts;

		/* Asked for, the layers leave such a system to the queue. */
		river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
		opts.method = RIVER_METHOD_LAYERS;
		assert_false(layers_chosen(sys, &opts));
		free(queue.path);
		return 0;
	}
	for (t = 0; t < 3; t++) {
		struct bfs_result *r = &layers[t];

		search(sys, RIVER_METHOD_LAYERS, t + 1, r);
		if (r->solved != queue.solved || r->path_len != queue.path_len)
			print_error("%s on %u threads: %s in %zu, the queue "
				    "%s in %zu\n", name, t + 1,
				    r->solved ? "solved" : "unsolved",
				    r->path_len - 1,
				    queue.solved ? "solved" : "unsolved",
				    queue.path_len - 1);
		assert_int_equal(r->solved, queue.solved);
		assert_int_equal(r->path_len, queue.path_len);
		assert_int_equal(r->path[0], sys->start);
		if (queue.solved) {
			/* Every state up to the goal's depth, which is at
			 * least what the queue met before the goal. */
			assert_true(r->explored >= queue.explored);
			assert_true(state_is_goal(sys, r->path[r->path_len - 1]));
			assert_true(plan_check(sys, r->path, r->path_len, &fault));
		} else {
			assert_int_equal(r->explored, queue.explored);
		}
		assert_int_equal(r->explored, layers[0].explored);
		assert_memory_equal(r->path, layers[0].path,
				    r->path_len * sizeof *r->path);
	}
	for (t = 0; t < 3; t++)
		free(layers[t].path);
	free(queue.path);
	return layers[0].explored;
}

static void bundled(const char *name, river_puzzle *p, void *arg)
{
	(void)arg;
	if (!p->model.minimize_time)
		compare(name, &p->sys);
	river_puzzle_free(p);
}

static void test_bundled_puzzles(void **state)
{
	(void)state;
	assert_true(unit_each_bundled(bundled, NULL) >= 20);
}

static void test_families(void **state)
{
	static const char *const specs[] = {
		"star 10 2", "star 10 2 every", "chain 9 3", "chain 9 3 every",
		"none 11 2", "none 11 2 every", "few 10 2 3", "few 10 1 2 every",
		"japanese 2 2", "japanese 2 2 every", "jealous 3 2",
		"jealous 4 3 every", "star 3 1", "chain 5 1 every",
		"none 15 2 every", "star 15 2",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof specs / sizeof *specs; i++) {
		river_puzzle *p = unit_family(specs[i]);
		struct family_size f;
		char err[64];
		unsigned long long explored = compare(specs[i], &p->sys);

		assert_true(family_parse_string(&f, specs[i], err, sizeof err));
		if (f.every && family_states(&f))
			assert_int_equal(explored, family_states(&f));
		river_puzzle_free(p);
	}
}

/* The compact rank leaves the farmer's bit out: none k c has 2^(k+1)
 * compact ranks, every one reachable. */
static void test_compact_space_is_dense(void **state)
{
	river_puzzle *p = unit_family("none 12 2 every");
	struct bfs_result res;

	(void)state;
	assert_int_equal(p->sys.compact_size, UINT64_C(1) << 13);
	search(&p->sys, RIVER_METHOD_LAYERS, 2, &res);
	assert_false(res.solved);
	assert_int_equal(res.explored, p->sys.compact_size);
	free(res.path);
	river_puzzle_free(p);
}

static void test_auto_choice(void **state)
{
	river_puzzle *small = unit_family("star 10 2");
	river_puzzle *big = unit_family("none 20 2");
	river_solve_options opts;

	(void)state;
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	assert_false(layers_chosen(&small->sys, &opts));
	assert_true(layers_chosen(&big->sys, &opts));
	opts.method = RIVER_METHOD_QUEUE;
	assert_false(layers_chosen(&big->sys, &opts));
	opts.method = RIVER_METHOD_LAYERS;
	assert_true(layers_chosen(&small->sys, &opts));
	river_puzzle_free(small);
	river_puzzle_free(big);
}

static void test_limits(void **state)
{
	river_puzzle *p = unit_family("star 12 2 every");
	volatile sig_atomic_t cancel = 1;
	river_solve_options opts;
	struct bfs_result res;
	river_diag diag;
	struct stop stop;
	unsigned t;

	(void)state;
	for (t = 1; t <= 3; t++) {
		river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
		opts.method = RIVER_METHOD_LAYERS;
		opts.threads = t;
		opts.max_states = 100;
		assert_int_equal(stop_init(&stop, NULL, 0, &diag), RIVER_OK);
		assert_int_equal(bfs_search(&p->sys, &opts, &stop, &res, &diag),
				 RIVER_ELIMIT);
		assert_null(res.path);
		assert_non_null(strstr(diag.message, "limit of 100 states"));
		opts.max_states = 0;
		assert_int_equal(stop_init(&stop, &cancel, 0, &diag), RIVER_OK);
		assert_int_equal(bfs_search(&p->sys, &opts, &stop, &res, &diag),
				 RIVER_ECANCELED);
		assert_null(res.path);
		assert_non_null(strstr(diag.message, "canceled"));
	}
	river_puzzle_free(p);
}

static void test_bad_options(void **state)
{
	river_puzzle *p = unit_family("star 3 1");
	river_solve_options opts;
	river_plan *plan;
	river_diag diag;

	(void)state;
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.method = 3;
	assert_int_equal(river_solve(&plan, p, &opts, &diag), RIVER_EINVAL);
	opts.method = -1;
	assert_int_equal(river_solve(&plan, p, &opts, &diag), RIVER_EINVAL);
	opts.method = RIVER_METHOD_LAYERS;
	opts.threads = RIVER_MAX_THREADS + 1;
	assert_int_equal(river_solve(&plan, p, &opts, &diag), RIVER_EINVAL);
	opts.threads = RIVER_MAX_THREADS;
	assert_int_equal(river_solve(&plan, p, &opts, &diag), RIVER_OK);
	assert_int_equal(river_plan_crossings(plan), 7);
	river_plan_free(plan);
	river_puzzle_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bundled_puzzles),
		cmocka_unit_test(test_families),
		cmocka_unit_test(test_compact_space_is_dense),
		cmocka_unit_test(test_auto_choice),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_bad_options),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
