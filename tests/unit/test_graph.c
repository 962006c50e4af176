/* The state graph: what river_graph says it drew agrees with the search
 * (the optimum and the count of optimal plans), the reduced graph keeps
 * the labelled count with fewer states, a graph too big to draw is a
 * summary, and the limits and bad arguments fail as documented. */
#include <signal.h>
#include <stdlib.h>

#include "unit.h"

static river_puzzle *load(const char *name, const river_param *params,
			  size_t n_params)
{
	const char *top = getenv("srcdir");
	char path[4096];
	river_puzzle *p = NULL;
	river_diag diag;

	snprintf(path, sizeof path, "%s/puzzles/%s.puz",
		 top && *top ? top : ".", name);
	assert_int_equal(river_puzzle_load_file_with(&p, path, params,
						     n_params, &diag),
			 RIVER_OK);
	return p;
}

/* The optimum and the number of optimal plans by river_solve. */
static void solve(const river_puzzle *p, unsigned long long *optimum,
		  unsigned long long *count)
{
	river_solve_options opts;
	river_plan *plan = NULL;
	river_diag diag;

	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.count = 1;
	assert_int_equal(river_solve(&plan, p, &opts, &diag), RIVER_OK);
	*optimum = river_puzzle_minimizes_time(p) ? river_plan_time(plan)
						  : river_plan_crossings(plan);
	*count = river_plan_count(plan);
	river_plan_free(plan);
}

static size_t occurrences(const char *text, const char *what)
{
	size_t n = 0;

	for (text = strstr(text, what); text; text = strstr(text + 1, what))
		n++;
	return n;
}

static char *graph(const river_puzzle *p, const river_graph_options *opts,
		   river_graph_info *info)
{
	river_diag diag;
	char *dot = NULL;

	assert_int_equal(river_graph(&dot, info, p, opts, &diag), RIVER_OK);
	assert_non_null(dot);
	return dot;
}

/* Every bundled puzzle of these: the optimum and the plans river_solve
 * finds, every state drawn as a node, and no more states than exist. */
static void test_agrees_with_search(void **state)
{
	static const char *const names[] = {
		"wgc", "missionaries-cannibals", "bridge-torch",
		"torch-schedule", "day-and-night", "balanced-ferry",
		"cops-and-robbers"};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof names / sizeof *names; i++) {
		river_puzzle *p = load(names[i], NULL, 0);
		unsigned long long optimum, count;
		river_graph_info info = RIVER_GRAPH_INFO_INIT;
		char *dot = graph(p, NULL, &info);
		char node[32];

		solve(p, &optimum, &count);
		assert_true(info.solved);
		assert_false(info.summary);
		assert_int_equal(info.optimum, optimum);
		assert_int_equal(info.plans, count);
		assert_true(info.states <= river_puzzle_state_space(p));
		snprintf(node, sizeof node, "\ts%llu [", info.states - 1);
		assert_non_null(strstr(dot, node));
		snprintf(node, sizeof node, "\ts%llu [", info.states);
		assert_null(strstr(dot, node));
		assert_int_equal(occurrences(dot, "class=\"start"), 1);
		assert_int_equal(info.broken, 0);
		assert_null(strstr(dot, "broken"));
		river_free(dot);
		river_puzzle_free(p);
	}
}

/* Wolf, goat and cabbage: its ten legal states, each crossing back
 * with the same load on the same line (twenty crossings, ten lines);
 * with the broken moves, each to a state that breaks a rule. */
static void test_wgc(void **state)
{
	river_puzzle *p = load("wgc", NULL, 0);
	river_graph_options opts;
	river_graph_info info = RIVER_GRAPH_INFO_INIT;
	char *dot = graph(p, NULL, &info);

	(void)state;
	assert_int_equal(info.states, 10);
	assert_int_equal(info.crossings, 20);
	assert_int_equal(info.depth, 7);
	assert_int_equal(occurrences(dot, " -> "), 10);
	assert_int_equal(occurrences(dot, "dir=both"), 10);
	river_free(dot);

	river_graph_options_init(&opts, RIVER_GRAPH_OPTIONS_VERSION);
	opts.broken = 1;
	dot = graph(p, &opts, &info);
	assert_true(info.broken > 0);
	assert_int_equal(info.crossings, 20);
	assert_int_equal(occurrences(dot, " -> x"), info.broken);
	assert_int_equal(occurrences(dot, "class=\"broken\""),
			 info.broken + occurrences(dot, "\tx"));
	assert_int_equal(occurrences(dot, "unless farmer)"),
			 occurrences(dot, "\tx"));
	river_free(dot);
	river_puzzle_free(p);
}

/* Reduced by symmetry: fewer states, the same labelled plans. */
static void test_reduced(void **state)
{
	river_puzzle *p = load("cops-and-robbers", NULL, 0);
	river_graph_options opts;
	river_graph_info full = RIVER_GRAPH_INFO_INIT;
	river_graph_info reduced = RIVER_GRAPH_INFO_INIT;
	char *dot = graph(p, NULL, &full);

	(void)state;
	river_free(dot);
	river_graph_options_init(&opts, RIVER_GRAPH_OPTIONS_VERSION);
	opts.reduced = 1;
	dot = graph(p, &opts, &reduced);
	assert_true(reduced.states < full.states);
	assert_int_equal(reduced.optimum, full.optimum);
	assert_int_equal(reduced.plans, full.plans);
	assert_non_null(strstr(dot, "// reduced by symmetry\n"));
	river_free(dot);
	river_puzzle_free(p);
}

/* More states than max_nodes: a node per depth, the first goal at the
 * fewest crossings. */
static void test_summary(void **state)
{
	static const river_param n = {"n", 11};
	river_puzzle *p = load("annoying-neighbours", &n, 1);
	unsigned long long optimum, count;
	river_graph_info info = RIVER_GRAPH_INFO_INIT;
	char *dot = graph(p, NULL, &info);
	char node[32];

	(void)state;
	solve(p, &optimum, &count);
	assert_true(info.summary);
	assert_true(info.states > RIVER_GRAPH_DEFAULT_NODES);
	assert_int_equal(info.optimum, optimum);
	assert_int_equal(info.plans, 0);
	assert_null(strstr(dot, "\ts0 ["));
	snprintf(node, sizeof node, "\td%u [", info.depth);
	assert_non_null(strstr(dot, node));
	snprintf(node, sizeof node, "\td%u [", info.depth + 1);
	assert_null(strstr(dot, node));
	river_free(dot);
	river_puzzle_free(p);
}

static void test_unsolvable(void **state)
{
	river_puzzle *p = unit_load("title \"t\"\nitems farmer, wolf, goat\n"
				    "boat seats 1\nrowers farmer\n");
	river_graph_info info = RIVER_GRAPH_INFO_INIT;
	char *dot = graph(p, NULL, &info);

	(void)state;
	assert_false(info.solved);
	assert_int_equal(info.plans, 0);
	assert_int_equal(info.states, 2);
	assert_non_null(strstr(dot, "// no plan reaches the goal\n"));
	assert_null(strstr(dot, "optimal\""));
	river_free(dot);
	river_puzzle_free(p);
}

static void test_limits(void **state)
{
	static const river_param n = {"n", 15};
	static const volatile sig_atomic_t stop = 1;
	river_puzzle *p = unit_load(WGC_TEXT), *big = load("annoying-neighbours",
							   &n, 1);
	river_graph_options opts;
	river_diag diag;
	char *dot = (char *)"x";

	(void)state;
	river_graph_options_init(&opts, RIVER_GRAPH_OPTIONS_VERSION);
	opts.max_states = 5;
	assert_int_equal(river_graph(&dot, NULL, p, &opts, &diag),
			 RIVER_ELIMIT);
	assert_null(dot);
	assert_int_equal(diag.status, RIVER_ELIMIT);
	assert_non_null(strstr(diag.message, "limit of 5 states"));

	river_graph_options_init(&opts, RIVER_GRAPH_OPTIONS_VERSION);
	opts.cancel = &stop;
	assert_int_equal(river_graph(&dot, NULL, big, &opts, &diag),
			 RIVER_ECANCELED);
	assert_null(dot);

	river_graph_options_init(&opts, RIVER_GRAPH_OPTIONS_VERSION);
	opts.timeout = -1;
	assert_int_equal(river_graph(&dot, NULL, p, &opts, &diag),
			 RIVER_EINVAL);
	assert_int_equal(river_graph(NULL, NULL, p, NULL, &diag), RIVER_EINVAL);
	assert_int_equal(river_graph(&dot, NULL, NULL, NULL, &diag),
			 RIVER_EINVAL);
	assert_null(dot);
	river_puzzle_free(big);
	river_puzzle_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_agrees_with_search),
		cmocka_unit_test(test_wgc),
		cmocka_unit_test(test_reduced),
		cmocka_unit_test(test_summary),
		cmocka_unit_test(test_unsolvable),
		cmocka_unit_test(test_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
