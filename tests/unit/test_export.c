/* The penalty form must have the right ground state: on puzzles small
 * enough to try every assignment, the lowest energy is the optimum's
 * number of crossings, and a puzzle with no plan within the horizon
 * costs at least the penalty weight. */
#include <math.h>
#include <stdlib.h>

#include "unit.h"
#include "util/json.h"

struct bqm {
	struct arena arena;
	size_t n, m;
	const struct json *labels;
	double *linear, *quad, offset;
	size_t *head, *tail;
};

static void load_bqm(struct bqm *b, const char *puzzle, unsigned horizon,
		     double lagrange)
{
	river_puzzle *p = unit_load(puzzle);
	river_export_options opts;
	river_diag diag;
	char *text;
	const struct json *v, *lin, *qb, *qh, *qt;
	size_t at, i;
	const char *error;

	river_export_options_init(&opts);
	opts.horizon = horizon;
	opts.lagrange = lagrange;
	assert_int_equal(river_export(&text, p, "bqm", &opts, &diag), RIVER_OK);
	arena_init(&b->arena);
	v = json_parse(&b->arena, text, strlen(text), &at, &error);
	assert_non_null(v);
	assert_string_equal(json_get(json_get(v, "version"), "bqm_schema")->string,
			    "3.0.0");
	assert_string_equal(json_get(v, "variable_type")->string, "BINARY");
	b->n = (size_t)json_get(v, "num_variables")->number;
	b->m = (size_t)json_get(v, "num_interactions")->number;
	b->labels = json_get(v, "variable_labels");
	lin = json_get(v, "linear_biases");
	qb = json_get(v, "quadratic_biases");
	qh = json_get(v, "quadratic_head");
	qt = json_get(v, "quadratic_tail");
	assert_int_equal(b->labels->n, b->n);
	assert_int_equal(lin->n, b->n);
	assert_int_equal(qb->n, b->m);
	assert_int_equal(qh->n, b->m);
	assert_int_equal(qt->n, b->m);
	b->offset = json_get(v, "offset")->number;
	b->linear = calloc(b->n, sizeof *b->linear);
	b->quad = calloc(b->m + 1, sizeof *b->quad);
	b->head = calloc(b->m + 1, sizeof *b->head);
	b->tail = calloc(b->m + 1, sizeof *b->tail);
	for (i = 0; i < b->n; i++)
		b->linear[i] = lin->items[i]->number;
	for (i = 0; i < b->m; i++) {
		b->quad[i] = qb->items[i]->number;
		b->head[i] = (size_t)qh->items[i]->number;
		b->tail[i] = (size_t)qt->items[i]->number;
		assert_true(b->head[i] < b->tail[i]);
		assert_true(b->tail[i] < b->n);
	}
	river_free(text);
	river_puzzle_free(p);
}

static void release_bqm(struct bqm *b)
{
	free(b->linear);
	free(b->quad);
	free(b->head);
	free(b->tail);
	arena_release(&b->arena);
}

/* The lowest energy over every assignment, and one assignment that has
 * it (as a bit mask). */
static double ground(const struct bqm *b, unsigned long *best)
{
	unsigned long x, n = 1ul << b->n;
	double low = INFINITY;
	size_t i;

	assert_true(b->n <= 24);
	for (x = 0; x < n; x++) {
		double e = b->offset;

		for (i = 0; i < b->n; i++)
			if (x >> i & 1)
				e += b->linear[i];
		for (i = 0; i < b->m; i++)
			if ((x >> b->head[i] & 1) && (x >> b->tail[i] & 1))
				e += b->quad[i];
		if (e < low - 1e-9) {
			low = e;
			*best = x;
		}
	}
	return low;
}

static bool bit_named(const struct bqm *b, unsigned long x, const char *label)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		if (strcmp(b->labels->items[i]->string, label) == 0)
			return x >> i & 1;
	fail_msg("no variable %s", label);
	return false;
}

static void test_bqm_ground_state_is_the_optimum(void **state)
{
	struct bqm b;
	unsigned long x = 0;

	(void)state;
	load_bqm(&b, "title \"t\"\nitems farmer\nboat seats 1\n", 1, 0);
	assert_true(fabs(ground(&b, &x) - 1.0) < 1e-9);
	assert_true(bit_named(&b, x, "active_1"));
	assert_true(bit_named(&b, x, "pos_farmer_1"));
	assert_false(bit_named(&b, x, "pos_farmer_0"));
	release_bqm(&b);
}

static void test_bqm_with_a_passenger(void **state)
{
	struct bqm b;
	unsigned long x = 0;

	(void)state;
	load_bqm(&b, "title \"t\"\nitems farmer, goat\nboat seats 2\n"
		     "rowers farmer\n", 1, 0);
	assert_true(fabs(ground(&b, &x) - 1.0) < 1e-9);
	assert_true(bit_named(&b, x, "choice_goat_1"));
	assert_true(bit_named(&b, x, "choice_farmer_1"));
	release_bqm(&b);
}

/* No plan of one crossing: every assignment breaks something, and the
 * penalty weight (2 = horizon + 1 by default, or the one given) is the
 * least that costs. */
static void test_bqm_without_a_plan_costs_the_penalty(void **state)
{
	struct bqm b;
	unsigned long x = 0;

	(void)state;
	load_bqm(&b, "title \"t\"\nitems farmer, rock\nboat seats 1\n"
		     "rowers farmer\n", 1, 0);
	assert_true(ground(&b, &x) >= 2.0 - 1e-9);
	release_bqm(&b);
	load_bqm(&b, "title \"t\"\nitems farmer, rock\nboat seats 1\n"
		     "rowers farmer\n", 1, 7.5);
	assert_true(ground(&b, &x) >= 7.5 - 1e-9);
	release_bqm(&b);
}

/* A kind's count is binary digits: 3 copies are digits worth 1 and 2. */
static void test_bqm_kinds_are_binary_digits(void **state)
{
	struct bqm b;
	unsigned long x = 0;

	(void)state;
	load_bqm(&b, "title \"t\"\nitems 3 ants\nboat seats 3\n", 1, 0);
	assert_true(fabs(ground(&b, &x) - 1.0) < 1e-9);
	assert_true(bit_named(&b, x, "num_ants_1[0]"));
	assert_true(bit_named(&b, x, "num_ants_1[1]"));
	release_bqm(&b);
}

/* The penalty weight is a finite positive number, at most
 * RIVER_LAGRANGE_MAX (0: the default); anything else is refused, and
 * so is one that would make the coefficients inexact. */
static void test_bqm_refuses_absurd_weights(void **state)
{
	const double bad[] = {INFINITY, -INFINITY, NAN, 1e308, -1,
			      RIVER_LAGRANGE_MAX * 2};
	river_puzzle *p = unit_load("title \"t\"\nitems farmer\nboat seats 1\n");
	river_puzzle *big = unit_load("title \"t\"\nitems 1000 ants\n"
				      "boat seats 1000\n");
	river_export_options opts;
	river_diag diag;
	struct bqm b;
	char *text;
	size_t i;

	(void)state;
	river_export_options_init(&opts);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		opts.lagrange = bad[i];
		text = (char *)1;
		assert_int_equal(river_export(&text, p, "bqm", &opts, &diag),
				 RIVER_EINVAL);
		assert_null(text);
		assert_non_null(strstr(diag.message, "Lagrange weight"));
	}
	load_bqm(&b, "title \"t\"\nitems farmer\nboat seats 1\n", 1,
		 RIVER_LAGRANGE_MAX);
	assert_true(isfinite(b.offset));
	for (i = 0; i < b.n; i++)
		assert_true(isfinite(b.linear[i]));
	release_bqm(&b);
	opts.lagrange = RIVER_LAGRANGE_MAX;
	/* 1000 ants: coefficients of about 1e6 times the weight. */
	opts.horizon = 1;
	assert_int_equal(river_export(&text, big, "bqm", &opts, &diag),
			 RIVER_EINVAL);
	assert_non_null(strstr(diag.message, "2^53"));
	opts.lagrange = 0;
	assert_int_equal(river_export(&text, big, "bqm", &opts, &diag), RIVER_OK);
	river_free(text);
	river_puzzle_free(big);
	river_puzzle_free(p);
}

/* The names of items in an enum line of the MiniZinc model. */
static size_t enum_names(const char *model, char names[][80], size_t max)
{
	const char *p = strstr(model, "enum ITEM = {"), *end;
	size_t n = 0;

	assert_non_null(p);
	p += strlen("enum ITEM = {");
	end = strchr(p, '}');
	while (p < end && n < max) {
		size_t len = strcspn(p, ",}");

		assert_true(len < 80);
		memcpy(names[n], p, len);
		names[n++][len] = '\0';
		p += len + strspn(p + len, ", ");
	}
	return n;
}

/* A name too long for the readers becomes its start and its number,
 * unless another item already has that name. */
static void test_long_names_become_short_and_distinct(void **state)
{
	char text[1024], names[4][80], *model;
	char a[300], b[300];
	river_puzzle *p;
	river_diag diag;
	size_t n, i, j;

	(void)state;
	memset(a, 'a', 200);
	a[200] = '\0';
	memcpy(b, a, 201);
	b[199] = 'b';
	snprintf(text, sizeof text, "title \"t\"\nitems %s, "
		 "aaaaaaaaaaaaaaaaaaaaaaaa_2, %s, aaaaaaaaaaaaaaaaaaaaaaaa_1\n"
		 "boat seats 4\n", a, b);
	p = unit_load(text);
	assert_int_equal(river_export(&model, p, "minizinc", NULL, &diag),
			 RIVER_OK);
	n = enum_names(model, names, 4);
	assert_int_equal(n, 4);
	for (i = 0; i < n; i++) {
		assert_true(strlen(names[i]) <= 64);
		for (j = 0; j < i; j++)
			assert_string_not_equal(names[i], names[j]);
	}
	assert_string_equal(names[0], "aaaaaaaaaaaaaaaaaaaaaaaa_1");
	assert_string_equal(names[1], "aaaaaaaaaaaaaaaaaaaaaaaa_2");
	assert_string_equal(names[2], "aaaaaaaaaaaaaaaaaaaaaaaa_3");
	assert_string_equal(names[3], "aaaaaaaaaaaaaaaaaaaaaaaa_1_");
	/* The legend gives the long names back. */
	assert_non_null(strstr(model, "%   aaaaaaaaaaaaaaaaaaaaaaaa_3 = aaaa"));
	river_free(model);
	river_puzzle_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bqm_ground_state_is_the_optimum),
		cmocka_unit_test(test_bqm_with_a_passenger),
		cmocka_unit_test(test_bqm_without_a_plan_costs_the_penalty),
		cmocka_unit_test(test_bqm_kinds_are_binary_digits),
		cmocka_unit_test(test_bqm_refuses_absurd_weights),
		cmocka_unit_test(test_long_names_become_short_and_distinct),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
