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

	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
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

/* The lowest energy over every assignment, one assignment that has it
 * (as a bit mask), and how many have it. */
static double ground_states(const struct bqm *b, unsigned long *best,
			    unsigned long *ways)
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
			*ways = 0;
		}
		if (e < low + 1e-9)
			++*ways;
	}
	return low;
}

static double ground(const struct bqm *b, unsigned long *best)
{
	unsigned long ways;

	return ground_states(b, best, &ways);
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
	unsigned long x = 0, ways = 0;

	(void)state;
	load_bqm(&b, "title \"t\"\nitems farmer\nboat seats 1\n", 1, 0);
	assert_true(fabs(ground_states(&b, &x, &ways) - 1.0) < 1e-9);
	/* One plan, one ground state: each slack has one pattern of digits. */
	assert_int_equal(ways, 1);
	assert_true(bit_named(&b, x, "active_1"));
	assert_true(bit_named(&b, x, "pos_farmer_1"));
	assert_false(bit_named(&b, x, "pos_farmer_0"));
	release_bqm(&b);
}

static void test_bqm_with_a_passenger(void **state)
{
	struct bqm b;
	unsigned long x = 0, ways = 0;

	(void)state;
	load_bqm(&b, "title \"t\"\nitems farmer, goat\nboat seats 2\n"
		     "rowers farmer\n", 1, 0);
	assert_true(fabs(ground_states(&b, &x, &ways) - 1.0) < 1e-9);
	assert_int_equal(ways, 1);
	assert_true(bit_named(&b, x, "pos_goat_1"));
	assert_true(bit_named(&b, x, "pos_farmer_1"));
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
	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
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

/* The default horizon bounds a plan by the states reached from the
 * start: a plan goes through distinct states, the boat's bank
 * alternating, and ends at the first goal.  The counts below are worked
 * out by hand. */
static unsigned default_horizon(const char *text)
{
	river_puzzle *p = unit_load(text);
	river_diag diag;
	unsigned h = 0;

	assert_int_equal(river_export_horizon(&h, p, &diag), RIVER_OK);
	river_puzzle_free(p);
	return h;
}

static void test_default_horizon_counts_reachable_states(void **state)
{
	(void)state;
	/* Only the farmer rows, so the boat is where he is.  With him on
	 * the left, 5 placements are safe and all are reached (nothing,
	 * the goat, the wolf, the cabbage, or the wolf and the cabbage on
	 * the right); with him on the right 5 too, one of them the goal.
	 * States 0, 2, ... of a plan have the boat on the left, 1, 3, ...
	 * on the right, the last the goal: at most 5 and 4 besides it, so
	 * at most min(2 x 5 - 1, 2 x 4 + 1) = 9 crossings (the optimum is
	 * 7).  Counting every legal state gave 19. */
	assert_int_equal(default_horizon(WGC_TEXT), 9);
	/* Of the 10 placements where nobody is outnumbered, 7 are reached
	 * with the boat on each bank: not the goal (nobody left); with the
	 * boat on the left not 3 missionaries alone (the crossing before
	 * would have left them outnumbered on the right), nor 1 cannibal
	 * alone (only from the goal); with it on the right not everybody
	 * left, nor 3 cannibals alone (the missionaries who crossed would
	 * have been outnumbered before).  min(2 x 7 - 1, 2 x 7 + 1) = 13,
	 * the optimum 11. */
	assert_int_equal(default_horizon(MC_TEXT), 13);
	/* A goal that wants the boat back on the left: the start is the
	 * one state on the left that is not a goal, the farmer alone or
	 * with the goat on the right the two on the right: an even plan of
	 * at most 2 x min(1, 2) = 2 crossings. */
	assert_int_equal(default_horizon("title \"t\"\nitems farmer, goat\n"
					 "goal farmer, boat on the left\n"
					 "boat seats 2\nrowers farmer\n"), 2);
	/* No goal is reached (the rock never moves): no plan, and a
	 * model of one step proves it. */
	assert_int_equal(default_horizon("title \"t\"\nitems farmer, rock\n"
					 "boat seats 1\nrowers farmer\n"), 1);
	assert_int_equal(default_horizon(MC44_TEXT), 1);
	/* Three who all row, two at a time, are searched as 0 to 3 of one
	 * kind on the right: with the boat on the left 0 or 1 (2 would
	 * come back from the goal), on the right 1 or 2: min(2 x 2 - 1,
	 * 2 x 2 + 1) = 3, the optimum.  The labelled puzzle would count 4
	 * and 6 states, and a bound of 7: the reduced count is sound, as
	 * both have the same optimum (export.c). */
	assert_int_equal(default_horizon("title \"t\"\nitems a, b, c\n"
					 "boat seats 2\n"), 3);
}

/* A model's text at a horizon (0: the default), which must be
 * written. */
static char *model_at(const char *text, const char *format, unsigned horizon)
{
	river_puzzle *p = unit_load(text);
	river_export_options opts;
	river_diag diag;
	char *out = NULL;

	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
	opts.horizon = horizon;
	assert_int_equal(river_export(&out, p, format, &opts, &diag), RIVER_OK);
	river_puzzle_free(p);
	return out;
}

/* Does model begin (within its first lines) with a note that says
 * what? */
static bool says_at_top(const char *model, const char *what)
{
	const char *at = strstr(model, what);

	return at && at - model < 1200;
}

/* Every model says at its top which horizon it has, and why. */
static void test_every_model_notes_its_horizon(void **state)
{
	static const struct {
		const char *format, *note;
	} notes[] = {
		{"minizinc", "\n% Horizon 9: the default bound"},
		{"smt2", "\n; Horizon 9: the default bound"},
		{"lp", "\n\\ Horizon 9: the default bound"},
		{"ocean", "\n# Horizon 9: the default bound"},
		{"bqm", "\"info\": {\"horizon\": \"Horizon 9: the default bound"},
	};
	size_t i;
	char *m;

	(void)state;
	for (i = 0; i < sizeof notes / sizeof notes[0]; i++) {
		m = model_at(WGC_TEXT, notes[i].format, 0);
		assert_true(says_at_top(m, notes[i].note));
		assert_true(says_at_top(m, "at most min(2 x 5 - 1, 2 x 4 + 1) = "
					   "9 crossings."));
		river_free(m);
	}
	m = model_at(WGC_TEXT, "minizinc", 12);
	assert_true(says_at_top(m, "% Horizon 12: given by the caller; at "
				   "least the default bound of 9, so it\n% bounds"));
	river_free(m);
	m = model_at(WGC_TEXT, "smt2", 5);
	assert_true(says_at_top(m, "; Horizon 5: given by the caller; below the "
				   "default bound of 9"));
	assert_true(says_at_top(m, "no plan has at most 5 crossings."));
	river_free(m);
	m = model_at(MC44_TEXT, "lp", 0);
	assert_true(says_at_top(m, "\\ Horizon 1: the default; river's search "
				   "reaches no goal from the start"));
	river_free(m);
	m = model_at("title \"t\"\nitems a, b, c\nboat seats 2\n", "minizinc", 0);
	assert_true(says_at_top(m, "interchangeable items are where count as "
				   "one."));
	river_free(m);
}

/* RIVER_HORIZON_SEARCH: the crossings of river's own plan, its least
 * time's for a puzzle that asks for that; none for a puzzle without a
 * plan. */
static void test_horizon_from_the_search(void **state)
{
	river_puzzle *p = unit_load(MC44_TEXT);
	river_export_options opts;
	river_diag diag;
	char *m = (char *)1;

	(void)state;
	m = model_at(WGC_TEXT, "minizinc", RIVER_HORIZON_SEARCH);
	assert_non_null(strstr(m, "\nint: H = 7;"));
	assert_true(says_at_top(m, "% Horizon 7: the crossings of the plan "
				   "river's own search found, the fewest,"));
	river_free(m);
	m = model_at(MC_TEXT, "smt2", RIVER_HORIZON_SEARCH);
	assert_true(says_at_top(m, "; Horizon 11: the crossings of the plan"));
	river_free(m);
	/* Bridge and torch: the least time, 17, takes 5 crossings. */
	m = model_at("title \"t\"\nitems a (time 1), b (time 2), c (time 5), "
		     "d (time 10)\nboat seats 2\nminimize time\n", "minizinc",
		     RIVER_HORIZON_SEARCH);
	assert_non_null(strstr(m, "\nint: H = 5;"));
	assert_true(says_at_top(m, "% Horizon 5: the crossings of the least-time "
				   "plan river's own search found"));
	river_free(m);
	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
	opts.horizon = RIVER_HORIZON_SEARCH;
	assert_int_equal(river_export(&m, p, "minizinc", &opts, &diag),
			 RIVER_EINVAL);
	assert_null(m);
	assert_string_equal(diag.message,
			    "river's search finds no plan for the puzzle, so no "
			    "horizon can be taken from one: without a horizon, "
			    "the model of the default bound shows that there is "
			    "none");
	river_puzzle_free(p);
}

/* Working out a horizon stops as the search does: at the caller's
 * cancel flag, or past the states it may reach. */
static void test_horizon_search_stops(void **state)
{
	river_puzzle *p = unit_load("title \"big\"\nitems 20000 ants, "
				    "20000 bees\nboat seats 2\n");
	volatile sig_atomic_t cancel = 1;
	river_export_options opts;
	river_diag diag;
	char *m = (char *)1;

	(void)state;
	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
	opts.cancel = &cancel;
	assert_int_equal(river_export(&m, p, "smt2", &opts, &diag),
			 RIVER_ECANCELED);
	assert_null(m);
	opts.horizon = RIVER_HORIZON_SEARCH;
	assert_int_equal(river_export(&m, p, "smt2", &opts, &diag),
			 RIVER_ECANCELED);
	/* Without the flag, more than 50000 states with the boat on each
	 * bank make a bound past 100000 crossings. */
	opts.cancel = NULL;
	opts.horizon = 0;
	assert_int_equal(river_export(&m, p, "smt2", &opts, &diag),
			 RIVER_ETOOBIG);
	assert_string_equal(diag.message,
			    "the puzzle has too many states to bound its plans "
			    "by 100000 crossings: give a horizon (the most "
			    "crossings to consider) of at most 100000");
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
		cmocka_unit_test(test_default_horizon_counts_reachable_states),
		cmocka_unit_test(test_every_model_notes_its_horizon),
		cmocka_unit_test(test_horizon_from_the_search),
		cmocka_unit_test(test_horizon_search_stops),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
