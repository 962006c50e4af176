/* Counting optimal plans against a plain enumeration: every path of the
 * optimal length, tried move by move, that keeps to the rules. */
#include <stdlib.h>

#include "unit.h"
#include "plan/plan.h"
#include "solve/bfs.h"
#include "solve/count.h"

/* Paths of exactly `left` more crossings from s to the goal. */
static unsigned long long paths(const struct system *sys, state_t s,
				unsigned left)
{
	struct loads loads;
	unsigned long long n = 0;
	size_t i;

	if (left == 0)
		return state_is_goal(sys, s);
	loads_init(&loads);
	assert_int_equal(system_loads(sys, s, &loads), RIVER_OK);
	for (i = 0; i < loads.n; i++) {
		state_t t = state_cross(sys, s, loads.delta[i]);

		if (system_safe(sys, t))
			n += paths(sys, t, left - 1);
	}
	loads_release(&loads);
	return n;
}

static void check_count(const char *text, unsigned long long want)
{
	river_puzzle *p = unit_load(text);
	river_solve_options opts;
	river_plan *plan;
	river_diag diag;
	size_t k, j;

	river_solve_options_init(&opts);
	opts.max_plans = 1000;
	assert_int_equal(river_solve(&plan, p, &opts, &diag), RIVER_OK);
	assert_true(river_plan_solved(plan));
	assert_int_equal(paths(&p->sys, 0, (unsigned)river_plan_crossings(plan)),
			 river_plan_count(plan));
	if (want)
		assert_int_equal(river_plan_count(plan), want);
	/* Every plan kept: optimal, legal, and different from the others. */
	assert_int_equal(river_plan_alternatives(plan),
			 river_plan_count(plan) < 1000 ? river_plan_count(plan) : 1000);
	for (k = 0; k < river_plan_alternatives(plan); k++) {
		const river_plan *a = river_plan_alternative(plan, k);
		struct plan_fault fault;

		assert_int_equal(river_plan_crossings(a), river_plan_crossings(plan));
		assert_true(plan_check(&p->sys, a->states, a->n_states, &fault));
		for (j = 0; j < k; j++)
			assert_memory_not_equal(a->states,
						river_plan_alternative(plan, j)->states,
						a->n_states * sizeof *a->states);
	}
	assert_null(river_plan_alternative(plan, river_plan_alternatives(plan)));
	river_plan_free(plan);
	river_puzzle_free(p);
}

static void test_count_classics(void **state)
{
	(void)state;
	check_count(WGC_TEXT, 2);
	check_count(MC_TEXT, 4);
}

static void test_count_against_enumeration(void **state)
{
	(void)state;
	check_count("title \"t\"\nitems 4 ms, 4 cs\nboat seats 3\n"
		    "cs must not outnumber ms\n", 0);
	check_count("title \"t\"\nitems a, b, c, d\nboat seats 2\n", 0);
	check_count("title \"t\"\nitems farmer, 2 sheep, wolf, hen\n"
		    "boat seats 3\nrowers farmer\nwolf eats sheep unless farmer\n"
		    "wolf eats hen unless farmer\n", 0);
}

static void test_count_off_by_default(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	river_plan *plan;

	(void)state;
	assert_int_equal(river_solve(&plan, p, NULL, NULL), RIVER_OK);
	assert_int_equal(river_plan_count(plan), 0);
	assert_int_equal(river_plan_alternatives(plan), 0);
	river_plan_free(plan);
	river_puzzle_free(p);
}

static void test_count_keeps_at_most_max(void **state)
{
	river_puzzle *p = unit_load(MC_TEXT);
	river_solve_options opts;
	river_plan *plan;

	(void)state;
	river_solve_options_init(&opts);
	opts.max_plans = 3;
	assert_int_equal(river_solve(&plan, p, &opts, NULL), RIVER_OK);
	assert_int_equal(river_plan_count(plan), 4);
	assert_int_equal(river_plan_alternatives(plan), 3);
	river_plan_free(plan);
	river_puzzle_free(p);
}

static void test_count_respects_the_limit(void **state)
{
	river_puzzle *p = unit_load(MC_TEXT);
	river_solve_options opts;
	struct count_result res;
	river_diag diag;

	(void)state;
	river_solve_options_init(&opts);
	opts.max_states = 5;
	assert_int_equal(count_plans(&p->sys, &opts, 10, &res, &diag),
			 RIVER_ELIMIT);
	assert_int_equal(res.n_plans, 0);
	assert_null(res.plans);
	assert_string_equal(diag.message,
			    "counting stopped at its limit of 5 states");
	river_puzzle_free(p);
}

/* Add to seen[0..*n) every state that s reaches within budget time. */
static void reach(const struct system *sys, state_t s, unsigned long long budget,
		  state_t *seen, size_t *n, size_t cap)
{
	unsigned count[MODEL_MAX_ITEMS + 1];
	struct loads loads;
	size_t i;

	for (i = 0; i < *n && seen[i] != s; i++)
		;
	if (i == *n) {
		assert_true(*n < cap);
		seen[(*n)++] = s;
	}
	loads_init(&loads);
	assert_int_equal(system_loads(sys, s, &loads), RIVER_OK);
	for (i = 0; i < loads.n; i++) {
		state_t t = state_cross(sys, s, loads.delta[i]);
		unsigned long long trip;

		system_load_of(sys, s, t, count);
		trip = system_trip_time(sys, count);
		if (system_safe(sys, t) && trip <= budget)
			reach(sys, t, budget - trip, seen, n, cap);
	}
	loads_release(&loads);
}

/* The least time under a time limit reaches only the states some path
 * reaches within the limit, and counts just those. */
static void test_least_time_prunes_at_the_limit(void **state)
{
	unsigned limit;

	(void)state;
	for (limit = 1; limit <= 6; limit++) {
		char text[256];
		river_puzzle *p;
		river_plan *plan;
		river_solve_options opts;
		river_diag diag;
		state_t seen[256];
		size_t n = 0;

		snprintf(text, sizeof text,
			 "title \"t\"\nitems a (time 1), b (time 1), c (time 2)\n"
			 "boat seats 2\nminimize time\ntime limit %u\n", limit);
		p = unit_load(text);
		reach(&p->sys, p->sys.start, limit, seen, &n, 256);
		river_solve_options_init(&opts);
		/* a and b are alike: count the states as written. */
		opts.no_symmetry = 1;
		/* Without a plan every state within the limit is reached;
		 * with one, the search stops at the least time. */
		assert_int_equal(river_solve(&plan, p, &opts, &diag), RIVER_OK);
		if (river_plan_solved(plan)) {
			assert_true(river_plan_time(plan) <= limit);
			assert_true(river_plan_states_explored(plan) <= n);
		} else {
			assert_int_equal(river_plan_states_explored(plan), n);
		}
		river_plan_free(plan);
		opts.max_plans = 5;
		assert_int_equal(river_solve(&plan, p, &opts, &diag), RIVER_OK);
		if (!river_plan_solved(plan))
			assert_int_equal(river_plan_states_explored(plan), n);
		river_plan_free(plan);
		river_puzzle_free(p);
	}
}

/* Three walkers of time 1, two at a time, within a time limit of 1: the
 * start and the 6 states one crossing away; merged, as the three are
 * alike, the start and 2 (one or two walkers across). */
static void test_least_time_limit_counts_states(void **state)
{
	river_puzzle *p = unit_load(
		"title \"t\"\nitems a (time 1), b (time 1), c (time 1)\n"
		"boat seats 2\nminimize time\ntime limit 1\n");
	river_solve_options opts;
	river_plan *plan;

	(void)state;
	river_solve_options_init(&opts);
	opts.no_symmetry = 1;
	assert_int_equal(river_solve(&plan, p, &opts, NULL), RIVER_OK);
	assert_false(river_plan_solved(plan));
	assert_int_equal(river_plan_states_explored(plan), 7);
	river_plan_free(plan);
	assert_int_equal(river_solve(&plan, p, NULL, NULL), RIVER_OK);
	assert_false(river_plan_solved(plan));
	assert_int_equal(river_plan_states_explored(plan), 3);
	river_plan_free(plan);
	river_puzzle_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_count_classics),
		cmocka_unit_test(test_count_against_enumeration),
		cmocka_unit_test(test_count_off_by_default),
		cmocka_unit_test(test_count_keeps_at_most_max),
		cmocka_unit_test(test_count_respects_the_limit),
		cmocka_unit_test(test_least_time_prunes_at_the_limit),
		cmocka_unit_test(test_least_time_limit_counts_states),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
