/* Counting optimal plans against a plain enumeration: every path of the
 * optimal length, tried move by move, that keeps to the rules; the least
 * time against every path within a budget. */
#include <limits.h>
#include <stdlib.h>

#include "unit.h"
#include "bench/families.h"
#include "plan/plan.h"
#include "check/check.h"
#include "solve/bfs.h"
#include "solve/count.h"
#include "solve/dense.h"
#include "solve/layers.h"

/* Bridge and torch with a boat of its own time. */
#define BT_TEXT_BOAT \
	"title \"t\"\nitems a (time 1), b (time 2), c (time 5), " \
	"d (time 10)\nboat seats 2, time 2\nminimize time\n"

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

/* paths() from the start of p.  The brute force walks the system by
 * its own loads, exponentially many times over; in the checking mode
 * (RIVER_CHECK) each walk would audit states the search it checks has
 * audited once, and take nearly all of the test's time: it runs
 * without. */
static unsigned long long reference_paths(river_puzzle *p, unsigned left)
{
	bool audit = p->sys.audit;
	unsigned long long n;

	p->sys.audit = false;
	n = paths(&p->sys, p->sys.start, left);
	p->sys.audit = audit;
	return n;
}

static void check_count(const char *text, unsigned long long want)
{
	river_puzzle *p = unit_load(text);
	river_solve_options opts;
	river_plan *plan;
	river_diag diag;
	size_t k, j;

	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
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
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
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
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.max_states = 5;
	assert_int_equal(count_plans(&p->sys, &opts, 10, &res, &diag),
			 RIVER_ELIMIT);
	assert_int_equal(res.n_plans, 0);
	assert_null(res.plans);
	assert_string_equal(diag.message,
			    "counting stopped at its limit of 5 states");
	river_puzzle_free(p);
}


/* A puzzle of a benchmark family (bench/families.c), more text after it. */
static river_puzzle *family(const char *spec, const char *more)
{
	struct family_size f;
	char err[256], path[4096], *text, *all;
	const char *top = getenv("srcdir");
	river_puzzle *p;

	snprintf(path, sizeof path, "%s/puzzles", top ? top : ".");
	assert_true(family_parse_string(&f, spec, err, sizeof err));
	text = family_puzzle(&f, path, err, sizeof err);
	assert_non_null(text);
	all = malloc(strlen(text) + strlen(more) + 2);
	assert_non_null(all);
	sprintf(all, "%s\n%s", text, more);
	p = unit_load(all);
	free(all);
	free(text);
	return p;
}

/* Counting also finds the plan: the very plan, and the states explored,
 * of the queue search without it; and its count is the enumeration's. */
static void check_like_queue(river_puzzle *p)
{
	river_solve_options opts;
	river_plan *plain, *counted;
	struct bfs_result res;
	river_diag diag;

	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.no_symmetry = 1; /* the same system as bfs_solve's */
	assert_int_equal(river_solve(&plain, p, &opts, &diag), RIVER_OK);
	assert_int_equal(bfs_solve(&p->sys, &opts, &res, &diag), RIVER_OK);
	opts.count = 1;
	assert_int_equal(river_solve(&counted, p, &opts, &diag), RIVER_OK);
	assert_int_equal(river_plan_solved(counted), res.solved);
	assert_int_equal(river_plan_states_explored(counted), res.explored);
	assert_int_equal(river_plan_states_explored(plain), res.explored);
	assert_int_equal(counted->n_states, res.path_len);
	assert_memory_equal(counted->states, res.path,
			    res.path_len * sizeof *res.path);
	if (res.solved)
		assert_int_equal(river_plan_count(counted),
				 reference_paths(p, (unsigned)res.path_len - 1));
	else
		assert_int_equal(river_plan_count(counted), 0);
	free(res.path);
	river_plan_free(plain);
	river_plan_free(counted);
}

static void test_count_families(void **state)
{
	static const char *const spec[] = {
		"star 5 1", "star 6 2", "chain 6 2", "chain 5 1", "none 5 1",
		"few 6 2 2", "jealous 3 2", "jealous 6 3",
		"japanese 1 1", "star 4 1 every",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof spec / sizeof *spec; i++) {
		river_puzzle *p = family(spec[i], "");

		check_like_queue(p);
		river_puzzle_free(p);
	}
}

/* The count by cells (layers_count), on 1 to 3 threads: the count,
 * verdict and length of the queue's count, and the plan of the two-bit
 * search that solves. */
static void check_by_cells(const char *spec)
{
	river_puzzle *p = family(spec, "");
	const struct system *sys = &p->sys;
	river_solve_options opts;
	struct count_result queue;
	struct bfs_result solved, got;
	struct plan_fault fault;
	unsigned long long count;
	river_diag diag;
	unsigned t;

	assert_true(dense_can(sys));
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.method = RIVER_METHOD_QUEUE;
	assert_int_equal(count_plans(sys, &opts, 0, &queue, &diag), RIVER_OK);
	opts.method = RIVER_METHOD_LAYERS;
	assert_int_equal(bfs_solve(sys, &opts, &solved, &diag), RIVER_OK);
	for (t = 1; t <= 3; t++) {
		struct stop stop;

		opts.threads = t;
		assert_int_equal(stop_init(&stop, NULL, 0, &diag), RIVER_OK);
		assert_int_equal(layers_count(sys, &opts, &stop, &got, &count,
					      &diag),
				 RIVER_OK);
		if (count != queue.count)
			print_error("%s on %u threads: %llu plans, the queue "
				    "%llu\n", spec, t, count, queue.count);
		assert_int_equal(count, queue.count);
		assert_int_equal(got.solved, queue.solved);
		assert_int_equal(got.path_len, queue.path_len);
		assert_int_equal(got.explored, solved.explored);
		assert_memory_equal(got.path, solved.path,
				    got.path_len * sizeof *got.path);
		if (got.solved)
			assert_true(plan_check(sys, got.path, got.path_len,
					       &fault));
		free(got.path);
	}
	free(solved.path);
	count_result_release(&queue);
	river_puzzle_free(p);
}

static void test_count_by_cells(void **state)
{
	static const char *const spec[] = {
		"none 9 1", "none 11 2", "none 10 3", "star 10 2", "star 9 3",
		"star 12 2", "few 9 3 2", "few 11 1 2", "chain 10 3",
		"none 7 6", "star 6 1", "none 10 1 every",
	};
	river_solve_options opts;
	struct bfs_result got;
	unsigned long long count;
	river_diag diag;
	struct stop stop;
	river_puzzle *p;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof spec / sizeof *spec; i++)
		check_by_cells(spec[i]);
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	assert_int_equal(stop_init(&stop, NULL, 0, &diag), RIVER_OK);
	/* n items and a boat of 2 (the farmer and one): n! plans, or
	 * more than a count holds.  These two ask the count's arithmetic,
	 * over 2^21 and 2^22 states, not the expansion, which the checking
	 * mode (RIVER_CHECK) audits on the smaller puzzles above: they run
	 * without it, else they would take most of this test's time; nor
	 * under valgrind, for the same reason. */
	if (!RUNNING_ON_VALGRIND) {
		p = family("none 20 1", "");
		p->sys.audit = false;
		assert_int_equal(layers_count(&p->sys, &opts, &stop, &got,
					      &count, &diag),
				 RIVER_OK);
		assert_int_equal(count, 2432902008176640000ULL);
		free(got.path);
		river_puzzle_free(p);
		p = family("none 21 1", "");
		p->sys.audit = false;
		assert_int_equal(layers_count(&p->sys, &opts, &stop, &got,
					      &count, &diag),
				 RIVER_OK);
		assert_true(count == ULLONG_MAX);
		free(got.path);
		river_puzzle_free(p);
	}
	/* Limits stop it with their codes, and no plan. */
	p = family("none 21 1", "");
	opts.max_states = 1000;
	assert_int_equal(layers_count(&p->sys, &opts, &stop, &got, &count,
				      &diag),
			 RIVER_ELIMIT);
	assert_null(got.path);
	river_puzzle_free(p);
	/* A puzzle it does not take word-wise is left to the queue. */
	p = unit_load(MC_TEXT);
	opts.max_states = 0;
	assert_int_equal(layers_count(&p->sys, &opts, &stop, &got, &count,
				      &diag),
			 RIVER_ETOOBIG);
	assert_null(got.path);
	river_puzzle_free(p);
}

/* The fewest crossings under a time limit: the time is in the state. */
static void test_count_time_limits(void **state)
{
	unsigned limit;

	(void)state;
	for (limit = 12; limit <= 20; limit++) {
		char text[256];
		river_puzzle *p;

		snprintf(text, sizeof text,
			 "title \"t\"\nitems a (time 1), b (time 2), "
			 "c (time 5), d (time 10)\nboat seats 2\n"
			 "time limit %u\n", limit);
		p = unit_load(text);
		check_like_queue(p);
		river_puzzle_free(p);
	}
}

/* Least time by brute force: every path from s that spends at most
 * budget, ending at its first goal; the cheapest and how many. */
static void cheapest_paths(const struct system *sys, state_t s,
			   unsigned long long spent, unsigned long long budget,
			   unsigned long long *best, unsigned long long *count)
{
	unsigned load[MODEL_MAX_ITEMS + 1];
	struct loads loads;
	size_t i;

	if (state_is_goal(sys, s)) {
		if (spent < *best) {
			*best = spent;
			*count = 0;
		}
		*count += spent == *best;
		return;
	}
	loads_init(&loads);
	assert_int_equal(system_loads(sys, s, &loads), RIVER_OK);
	for (i = 0; i < loads.n; i++) {
		state_t t = state_cross(sys, s, loads.delta[i]);
		unsigned long long trip;

		system_load_of(sys, s, t, load);
		trip = system_trip_time(sys, load);
		if (system_safe(sys, t) && spent + trip <= budget &&
		    spent + trip <= *best)
			cheapest_paths(sys, t, spent + trip, budget, best, count);
	}
	loads_release(&loads);
}

/* The least time and its count against the brute force, every plan
 * kept checked and of that time; budget: no plan costs more. */
static void check_least_time(river_puzzle *p, unsigned long long budget)
{
	river_solve_options opts;
	river_plan *plan;
	river_diag diag;
	unsigned long long best = ~0ULL, count = 0;
	bool audit = p->sys.audit;
	size_t k;

	/* Without the checking mode, as reference_paths. */
	p->sys.audit = false;
	cheapest_paths(&p->sys, p->sys.start, 0, budget, &best, &count);
	p->sys.audit = audit;
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.max_plans = 50;
	assert_int_equal(river_solve(&plan, p, &opts, &diag), RIVER_OK);
	assert_int_equal(river_plan_solved(plan), best != ~0ULL);
	if (best != ~0ULL) {
		assert_int_equal(river_plan_time(plan), best);
		assert_int_equal(river_plan_count(plan), count);
		assert_int_equal(river_plan_alternatives(plan),
				 count < 50 ? count : 50);
		for (k = 0; k < river_plan_alternatives(plan); k++) {
			const river_plan *a = river_plan_alternative(plan, k);
			struct plan_fault fault;

			assert_true(plan_check(&p->sys, a->states, a->n_states,
					       &fault));
			assert_int_equal(river_plan_time(a), best);
		}
		/* The plan shown is the first of those listed. */
		assert_int_equal(plan->n_states,
				 river_plan_alternative(plan, 0)->n_states);
		assert_memory_equal(plan->states,
				    river_plan_alternative(plan, 0)->states,
				    plan->n_states * sizeof *plan->states);
	}
	river_plan_free(plan);
}

static void test_least_time_against_brute_force(void **state)
{
	unsigned limit;
	river_puzzle *p;

	(void)state;
	p = family("torch 4", "");
	check_least_time(p, 40);
	river_puzzle_free(p);
	/* The brute force of five walkers takes most of this test's time,
	 * fifty times over under valgrind: there four walkers take the
	 * same paths. */
	if (!RUNNING_ON_VALGRIND) {
		p = family("torch 5", "");
		check_least_time(p, 30);
		river_puzzle_free(p);
	}
	p = unit_load(BT_TEXT_BOAT);
	check_least_time(p, 30);
	river_puzzle_free(p);
	/* Time limits around the optimum of 17 and of torch 5 (28); the
	 * budgets past the optimum only cost the brute force time. */
	for (limit = 14; limit <= 19; limit++) {
		char more[64];

		snprintf(more, sizeof more, "time limit %u\n", limit);
		p = family("torch 4", more);
		check_least_time(p, limit);
		river_puzzle_free(p);
	}
	for (limit = 25; limit <= 29 && !RUNNING_ON_VALGRIND; limit += 2) {
		char more[64];

		snprintf(more, sizeof more, "time limit %u\n", limit);
		p = family("torch 5", more);
		check_least_time(p, limit);
		river_puzzle_free(p);
	}
}

/* The bound is consistent on every crossing between reachable states,
 * and 0 at the goal. */
static void check_bound(const char *text)
{
	river_puzzle *p = unit_load(text);
	const struct system *sys = &p->sys;
	struct time_bound *b;
	struct loads loads;
	state_t *seen = malloc(4096 * sizeof *seen);
	size_t n = 1, head, i, j;
	unsigned load[MODEL_MAX_ITEMS + 1];

	assert_non_null(seen);
	assert_int_equal(time_bound_new(&b, sys), RIVER_OK);
	loads_init(&loads);
	seen[0] = sys->start;
	for (head = 0; head < n; head++) {
		state_t s = seen[head];

		if (state_is_goal(sys, s))
			assert_int_equal(time_bound_of(b, s), 0);
		assert_int_equal(system_loads(sys, s, &loads), RIVER_OK);
		for (i = 0; i < loads.n; i++) {
			state_t t = state_cross(sys, s, loads.delta[i]);

			if (!system_safe(sys, t))
				continue;
			system_load_of(sys, s, t, load);
			assert_true(time_bound_of(b, s) <=
				    system_trip_time(sys, load) +
				    time_bound_of(b, t));
			for (j = 0; j < n && seen[j] != t; j++)
				;
			if (j == n) {
				assert_true(n < 4096);
				seen[n++] = t;
			}
		}
	}
	loads_release(&loads);
	time_bound_free(b);
	free(seen);
	river_puzzle_free(p);
}

static void test_time_bound_is_consistent(void **state)
{
	(void)state;
	check_bound("title \"t\"\nitems a (time 1), b (time 2), c (time 5), "
		    "d (time 10), e (time 15), f (time 20)\nboat seats 2\n"
		    "minimize time\n");
	check_bound(BT_TEXT_BOAT);
	check_bound("title \"t\"\nitems a (time 1), b (time 3), c (time 4), "
		    "d (time 8), e (time 9)\nboat seats 3\nminimize time\n");
	check_bound("title \"t\"\nitems 3 fast (time 1), 3 slow (time 4)\n"
		    "boat seats 2\nminimize time\n");
	check_bound("title \"t\"\nitems a (time 1), b (time 2), c (time 5)\n"
		    "boat seats 2\nrowers a, b\nminimize time\n"
		    "goal a, b, c on the right\n");
	check_bound("title \"t\"\nitems farmer (time 2), wolf (time 1), "
		    "goat (time 3), cabbage (time 1)\nboat seats 2\n"
		    "rowers farmer\nwolf eats goat unless farmer\n"
		    "goat eats cabbage unless farmer\nminimize time\n");
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
		river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
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
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
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
		cmocka_unit_test(test_count_families),
		cmocka_unit_test(test_count_by_cells),
		cmocka_unit_test(test_count_time_limits),
		cmocka_unit_test(test_least_time_against_brute_force),
		cmocka_unit_test(test_time_bound_is_consistent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
