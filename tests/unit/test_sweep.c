/* river_sweep_run and its accessors: the grid's points against
 * river_solve at each, the smallest values (found, none, unknown), a
 * step, a least-time puzzle, the outcome on one thread and on three,
 * points that are no puzzle, a text that is none anywhere, bad ranges,
 * a cancel flag, and the renderers' arguments. */
#include <signal.h>

#include "unit.h"

#define CANNIBALS                                                     \
	"title \"M & C\"\nparam n = 3\nparam seats = 2\n"             \
	"items n missionaries, n cannibals\nboat seats seats\n"       \
	"cannibals must not outnumber missionaries\n"

#define TORCH                                                         \
	"title \"Torch\"\nparam lamp = 17\n"                          \
	"items a (time 1), b (time 2), c (time 5), d (time 10)\n"     \
	"boat seats 2\nminimize time\ntime limit lamp\n"

static river_sweep *run(const char *text, const river_param *params,
			size_t n_params, const river_sweep_axis *axes,
			size_t n_axes, const char *smallest, unsigned threads,
			unsigned long long max_states)
{
	river_solve_options so;
	river_sweep *s = NULL;
	river_diag diag;
	int rc;

	river_solve_options_init(&so, RIVER_SOLVE_OPTIONS_VERSION);
	so.threads = threads;
	so.max_states = max_states;
	rc = river_sweep_run(&s, text, strlen(text), "test.puz", params,
			     n_params, axes, n_axes, smallest, &so, &diag);
	if (rc != RIVER_OK)
		print_error("unexpected error: %s\n", diag.message);
	assert_int_equal(rc, RIVER_OK);
	assert_non_null(s);
	return s;
}

/* What river_solve says at the point: -1 none, else the optimum. */
static long long solve_at(const char *text, const river_param *params,
			  size_t n)
{
	river_puzzle *p;
	river_plan *plan;
	long long best;

	assert_int_equal(river_puzzle_load_string_with(&p, text, strlen(text),
						       NULL, params, n, NULL),
			 RIVER_OK);
	assert_int_equal(river_solve(&plan, p, NULL, NULL), RIVER_OK);
	best = !river_plan_solved(plan) ? -1
	       : river_puzzle_minimizes_time(p)
		       ? (long long)river_plan_time(plan)
		       : (long long)river_plan_crossings(plan);
	river_plan_free(plan);
	river_puzzle_free(p);
	return best;
}

static void test_grid_is_solve_at_each_point(void **state)
{
	river_sweep_axis axes[2] = {{"n", 1, 6, 0}, {"seats", 1, 4, 0}};
	river_sweep *s = run(CANNIBALS, NULL, 0, axes, 2, NULL, 2, 0);
	size_t r, c;
	long long v;

	(void)state;
	assert_int_equal(river_sweep_axes(s), 2);
	assert_string_equal(river_sweep_axis_name(s, 1), "seats");
	assert_null(river_sweep_axis_name(s, 2));
	assert_int_equal(river_sweep_rows(s), 6);
	assert_int_equal(river_sweep_columns(s), 4);
	assert_null(river_sweep_at(s, 6, 0));
	assert_string_equal(river_sweep_title(s), "M & C");
	assert_false(river_sweep_minimizes_time(s));
	for (r = 0; r < 6; r++)
		for (c = 0; c < 4; c++) {
			const river_sweep_point *pt = river_sweep_at(s, r, c);
			river_param at[2] = {{"n", (long long)r + 1},
					     {"seats", (long long)c + 1}};
			long long want = solve_at(CANNIBALS, at, 2);

			assert_int_equal(pt->value[0], r + 1);
			assert_int_equal(pt->value[1], c + 1);
			assert_int_equal(pt->status, RIVER_OK);
			assert_int_equal(pt->solved, want >= 0);
			assert_int_equal(pt->solved ? (long long)pt->optimum : -1,
					 want);
		}
	/* seats is the smallest axis by default: 2 up to n=3, then 3, 3, 4. */
	assert_int_equal(river_sweep_smallest_axis(s), 1);
	for (r = 0; r < 6; r++) {
		static const long long least[] = {2, 2, 2, 3, 3, 4};

		assert_int_equal(river_sweep_smallest(s, r, &v), 1);
		assert_int_equal(v, least[r]);
	}
	assert_int_equal(river_sweep_smallest(s, 6, &v), -1);
	river_sweep_free(s);
}

static void test_smallest_none_and_unknown(void **state)
{
	river_sweep_axis axes[2] = {{"n", 5, 6, 0}, {"seats", 2, 3, 0}};
	river_sweep_axis one[1] = {{"seats", 2, 3, 0}};
	river_param n = {"n", 5};
	river_sweep *s = run(CANNIBALS, NULL, 0, axes, 2, NULL, 1, 0);
	long long v = 42;

	(void)state;
	/* n=6 has no plan with 2 or 3 seats. */
	assert_int_equal(river_sweep_smallest(s, 1, &v), 0);
	assert_int_equal(v, 42);
	assert_int_equal(river_sweep_smallest(s, 0, &v), 1);
	assert_int_equal(v, 3);
	river_sweep_free(s);
	/* A limit before the first plan: unknown. */
	s = run(CANNIBALS, &n, 1, one, 1, NULL, 1, 10);
	assert_int_equal(river_sweep_columns(s), 1);
	assert_int_equal(river_sweep_at(s, 0, 0)->status, RIVER_ELIMIT);
	assert_non_null(strstr(river_sweep_at(s, 0, 0)->diag->message,
			       "limit of 10 states"));
	assert_string_equal(river_sweep_at(s, 0, 0)->diag->file, "test.puz");
	assert_int_equal(river_sweep_smallest(s, 0, &v), -1);
	river_sweep_free(s);
	/* No smallest axis when none is named seats and none is asked. */
	axes[1].name = "n";
	axes[0].name = "seats";
	s = run(CANNIBALS, NULL, 0, axes, 2, "n", 1, 0);
	assert_int_equal(river_sweep_smallest_axis(s), 1);
	river_sweep_free(s);
}

static void test_least_time_with_step(void **state)
{
	river_sweep_axis axes[1] = {{"lamp", 15, 19, 2}};
	river_sweep *s = run(TORCH, NULL, 0, axes, 1, NULL, 0, 0);

	(void)state;
	assert_true(river_sweep_minimizes_time(s));
	assert_int_equal(river_sweep_rows(s), 3);
	assert_int_equal(river_sweep_smallest_axis(s), -1);
	assert_int_equal(river_sweep_at(s, 0, 0)->value[0], 15);
	assert_false(river_sweep_at(s, 0, 0)->solved);
	assert_int_equal(river_sweep_at(s, 1, 0)->value[0], 17);
	assert_true(river_sweep_at(s, 1, 0)->solved);
	assert_int_equal(river_sweep_at(s, 1, 0)->optimum, 17);
	assert_int_equal(river_sweep_at(s, 2, 0)->optimum, 17);
	river_sweep_free(s);
}

static void test_threads_agree(void **state)
{
	static const river_format formats[] = {
		RIVER_FORMAT_TEXT, RIVER_FORMAT_CSV, RIVER_FORMAT_JSON,
		RIVER_FORMAT_SVG};
	river_sweep_axis axes[2] = {{"n", 0, 7, 0}, {"seats", 1, 5, 0}};
	river_sweep *one = run(CANNIBALS, NULL, 0, axes, 2, NULL, 1, 0);
	river_sweep *three = run(CANNIBALS, NULL, 0, axes, 2, NULL, 3, 0);
	size_t f;

	(void)state;
	for (f = 0; f < 4; f++) {
		char *a, *b;

		assert_int_equal(river_sweep_render(&a, one, formats[f]),
				 RIVER_OK);
		assert_int_equal(river_sweep_render(&b, three, formats[f]),
				 RIVER_OK);
		assert_string_equal(a, b);
		river_free(a);
		river_free(b);
	}
	river_sweep_free(one);
	river_sweep_free(three);
}

static void test_invalid_points(void **state)
{
	river_sweep_axis axes[1] = {{"n", -1, 2, 0}};
	river_sweep *s = run(CANNIBALS, NULL, 0, axes, 1, NULL, 0, 0);
	const river_sweep_point *pt = river_sweep_at(s, 0, 0);

	(void)state;
	assert_int_equal(pt->status, RIVER_EPUZZLE);
	assert_non_null(strstr(pt->diag->message, "-1"));
	assert_int_equal(river_sweep_at(s, 1, 0)->status, RIVER_EPUZZLE);
	assert_true(river_sweep_at(s, 1, 0)->diag->line > 0);
	assert_int_equal(river_sweep_at(s, 2, 0)->status, RIVER_OK);
	assert_null(river_sweep_at(s, 2, 0)->diag);
	river_sweep_free(s);
}

/* What river_sweep_run returns for the cannibals with these arguments;
 * *out must then be NULL. */
static int fails(const river_param *params, size_t n_params,
		 const river_sweep_axis *axes, size_t n_axes,
		 const char *smallest, const river_solve_options *so,
		 river_diag *diag)
{
	river_sweep *s = (river_sweep *)diag;
	int rc = river_sweep_run(&s, CANNIBALS, strlen(CANNIBALS), NULL,
				 params, n_params, axes, n_axes, smallest, so,
				 diag);

	assert_null(s);
	return rc;
}

static void test_errors(void **state)
{
	river_sweep_axis axes[3] = {{"n", 1, 2, 0}, {"seats", 2, 3, 0},
				    {"k", 1, 2, 0}};
	river_sweep_axis back = {"n", 3, 2, 0}, neg = {"n", 1, 3, -1};
	river_sweep_axis twice[2] = {{"n", 1, 2, 0}, {"n", 3, 4, 0}};
	river_sweep_axis huge = {"n", 0, 1000000, 0};
	river_param n = {"n", 3};
	static volatile sig_atomic_t cancel = 1;
	river_solve_options so;
	river_sweep *s = (river_sweep *)&so;
	river_diag diag;
	char *out;

	(void)state;
	assert_int_equal(fails(NULL, 0, axes, 3, NULL, NULL, &diag),
			 RIVER_EINVAL);
	assert_int_equal(fails(NULL, 0, axes, 0, NULL, NULL, &diag),
			 RIVER_EINVAL);
	assert_int_equal(fails(NULL, 0, &back, 1, NULL, NULL, &diag),
			 RIVER_EINVAL);
	assert_string_equal(diag.message, "the range n=3..2 runs backwards");
	assert_int_equal(fails(NULL, 0, &neg, 1, NULL, NULL, &diag),
			 RIVER_EINVAL);
	assert_int_equal(fails(NULL, 0, twice, 2, NULL, NULL, &diag),
			 RIVER_EINVAL);
	assert_int_equal(fails(NULL, 0, &huge, 1, NULL, NULL, &diag),
			 RIVER_EINVAL);
	assert_int_equal(fails(&n, 1, axes, 1, NULL, NULL, &diag),
			 RIVER_EINVAL);
	assert_int_equal(fails(NULL, 0, axes, 1, "seats", NULL, &diag),
			 RIVER_EINVAL);
	/* No point loads: the text's own error. */
	assert_int_equal(fails(NULL, 0, &axes[2], 1, NULL, NULL, &diag),
			 RIVER_EPUZZLE);
	assert_string_equal(diag.message, "the puzzle has no parameter 'k'");
	assert_int_equal(river_sweep_run(&s, "items", 5, NULL, NULL, 0, axes, 1,
					 NULL, NULL, &diag),
			 RIVER_ESYNTAX);
	assert_null(s);
	river_solve_options_init(&so, RIVER_SOLVE_OPTIONS_VERSION);
	so.cancel = &cancel;
	assert_int_equal(fails(NULL, 0, axes, 2, NULL, &so, &diag),
			 RIVER_ECANCELED);
	assert_int_equal(river_sweep_render(&out, NULL, RIVER_FORMAT_TEXT),
			 RIVER_EINVAL);
	assert_null(out);
	assert_null(river_sweep_title(NULL));
	river_sweep_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grid_is_solve_at_each_point),
		cmocka_unit_test(test_smallest_none_and_unknown),
		cmocka_unit_test(test_least_time_with_step),
		cmocka_unit_test(test_threads_agree),
		cmocka_unit_test(test_invalid_points),
		cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
