/* Reading engines' answers back (lib/engine/answer.c) and the JSON
 * reader under MiniZinc's (lib/util/json.c).  Each engine's answer is
 * written here from the plan river's own search finds, in the engine's
 * format; a reader must give that plan back, read a whole statement of
 * infeasibility as one, and take nothing else (a cut answer, garbage, an
 * error) for either. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>

#include "unit.h"
#include "engine/answer.h"
#include "plan/plan.h"
#include "util/buf.h"
#include "util/json.h"

#define WGC                                                          \
	"title \"WGC\"\n"                                            \
	"items farmer, wolf, goat, cabbage\n"                        \
	"boat seats 2\nrowers farmer\nguard farmer\n"                \
	"wolf eats goat\ngoat eats cabbage\n"
#define MC                                                           \
	"title \"MC\"\n"                                             \
	"items 3 missionaries, 3 cannibals\n"                        \
	"boat seats 2\n"                                             \
	"cannibals must not outnumber missionaries\n"

/* The horizon of the models read back: longer than either plan. */
#define HORIZON 14u

struct fixture {
	river_puzzle *puzzle;
	river_plan *plan;      /* the built-in search's */
	struct export_ctx ctx; /* the model the answer is to */
	struct buf model;
};

static void fixture_open(struct fixture *f, const char *puzzle,
			 const char *format, bool each_end)
{
	river_export_options opts;
	river_diag diag;

	f->puzzle = unit_load(puzzle);
	assert_int_equal(river_solve(&f->plan, f->puzzle, NULL, &diag),
			 RIVER_OK);
	assert_true(river_plan_solved(f->plan));
	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
	opts.horizon = HORIZON;
	buf_init(&f->model);
	assert_int_equal(export_begin(&f->ctx, f->puzzle, &opts, &f->model,
				      &diag), RIVER_OK);
	f->ctx.ask_each_end = each_end;
	assert_int_equal(export_find(format)(&f->ctx), RIVER_OK);
}

static void fixture_close(struct fixture *f)
{
	export_end(&f->ctx);
	buf_release(&f->model);
	river_plan_free(f->plan);
	river_puzzle_free(f->puzzle);
}

/* Copies of item i on the right bank at step s of the plan (which
 * stays at the goal past its end). */
static unsigned right(const struct fixture *f, size_t i, unsigned s)
{
	size_t end = river_plan_crossings(f->plan);

	return river_plan_item_on(f->plan, s < end ? s : end, i, RIVER_RIGHT);
}

static unsigned plan_end(const struct fixture *f)
{
	return (unsigned)river_plan_crossings(f->plan);
}

/* ---- Each engine's answers ---------------------------------------- */

/* MiniZinc's JSON: at[individual][step], right[kind][step], end. */
static void minizinc_solution(struct buf *b, const struct fixture *f,
			      unsigned end)
{
	const struct model *m = f->ctx.model;
	const char *key[2] = {"at", "right"};
	int kind;
	size_t i;
	unsigned s;

	buf_puts(b, "{\n");
	for (kind = 0; kind < 2; kind++) {
		const char *sep = "";

		buf_printf(b, "  \"%s\" : [", key[kind]);
		for (i = 0; i < m->n_items; i++) {
			if (m->items[i].is_kind != (kind == 1))
				continue;
			buf_printf(b, "%s[", sep);
			for (s = 0; s <= HORIZON; s++)
				buf_printf(b, "%s%u", s ? ", " : "",
					   right(f, i, s));
			buf_puts(b, "]");
			sep = ", ";
		}
		buf_puts(b, "],\n");
	}
	buf_printf(b, "  \"end\" : %u\n}\n----------\n", end);
}

static char *minizinc_answer(const struct fixture *f)
{
	struct buf b;

	buf_init(&b);
	/* A worse solution first, as MiniZinc prints while it improves. */
	minizinc_solution(&b, f, plan_end(f) + 2);
	minizinc_solution(&b, f, plan_end(f));
	buf_puts(&b, "==========\n");
	return buf_take(&b);
}

/* z3, one check per end: unsat (and the failed get-model) before the
 * optimum, then its model. */
static char *z3_answer(const struct fixture *f)
{
	const struct model *m = f->ctx.model;
	struct buf b;
	unsigned s;
	size_t i;

	buf_init(&b);
	for (s = 1; s < plan_end(f); s++)
		buf_printf(&b, "unsat\n(error \"line %u column 10: model is "
			       "not available\")\n", 60 + 5 * s);
	buf_puts(&b, "sat\n(\n");
	for (i = 0; i < m->n_items; i++)
		for (s = 0; s <= HORIZON; s++) {
			if (m->items[i].is_kind)
				buf_printf(&b, "  (define-fun n_%s_%u () Int\n"
					       "    %u)\n", f->ctx.names[i], s,
					   right(f, i, s));
			else
				buf_printf(&b, "  (define-fun at_%s_%u () Bool\n"
					       "    %s)\n", f->ctx.names[i], s,
					   right(f, i, s) ? "true" : "false");
		}
	buf_printf(&b, "  (define-fun end () Int\n    %u)\n)\n", plan_end(f));
	buf_puts(&b, "sat\n(\n  (define-fun end () Int\n    9)\n)\n");
	return buf_take(&b);
}

/* The LP columns that are not zero, as "name value" pairs to fmt. */
static void lp_columns(struct buf *b, const struct fixture *f,
		       const char *fmt, bool zeros)
{
	const struct model *m = f->ctx.model;
	unsigned s, n = 0;
	size_t i;
	char name[300];

	for (s = 1; s <= HORIZON; s++) {
		unsigned on = s <= plan_end(f);

		snprintf(name, sizeof name, "active_%u", s);
		if (on || zeros)
			buf_printf(b, fmt, n, name, on);
		n++;
	}
	for (i = 0; i < m->n_items; i++)
		for (s = 0; s <= HORIZON; s++) {
			snprintf(name, sizeof name, "%s_%s_%u",
				 m->items[i].is_kind ? "num" : "pos",
				 f->ctx.names[i], s);
			if (right(f, i, s) || zeros)
				buf_printf(b, fmt, n, name, right(f, i, s));
			n++;
		}
}

static unsigned lp_n_columns(const struct fixture *f)
{
	return HORIZON + (HORIZON + 1) * (unsigned)f->ctx.model->n_items;
}

static char *cbc_answer(const struct fixture *f)
{
	struct buf b;

	buf_init(&b);
	buf_printf(&b, "Optimal - objective value %u.00000000\n", plan_end(f));
	lp_columns(&b, f, "%7u %-30s %8u                       0\n", false);
	return buf_take(&b);
}

static void glpk_head(struct buf *b, const struct fixture *f,
		      const char *status)
{
	buf_printf(b, "Problem:    \nRows:       203\n"
		      "Columns:    %u (%u integer, %u binary)\n"
		      "Non-zeros:  514\nStatus:     %s\n"
		      "Objective:  crossings = %u (MINimum)\n\n"
		      "   No.   Row name        Activity     Lower bound   "
		      "Upper bound\n------ ------------    ------------- "
		      "------------- -------------\n"
		      "     1 one_0                       1             1 "
		      "            =\n\n",
		   lp_n_columns(f), lp_n_columns(f), lp_n_columns(f), status,
		   plan_end(f));
}

static const char glpk_tail[] =
	"\nIntegrity feasibility conditions:\n\n"
	"KKT.PE: max.abs.err = 0.00e+00 on row 0\n"
	"        max.rel.err = 0.00e+00 on row 0\n"
	"        High quality\n\nEnd of output\n";

static char *glpk_answer(const struct fixture *f)
{
	struct buf b;

	buf_init(&b);
	glpk_head(&b, f, "INTEGER OPTIMAL");
	buf_puts(&b, "   No. Column name       Activity     Lower bound   "
		     "Upper bound\n------ ------------    ------------- "
		     "------------- -------------\n");
	/* glpsol breaks a row after a long name; this one is short. */
	lp_columns(&b, f, "%6u %-12s *%14u             0             1\n", true);
	buf_puts(&b, glpk_tail);
	return buf_take(&b);
}

/* ---- Proofs of infeasibility -------------------------------------- */

static char *minizinc_none(const struct fixture *f)
{
	(void)f;
	return strdup("=====UNSATISFIABLE=====\n");
}

static char *z3_none(const struct fixture *f)
{
	struct buf b;
	unsigned s;

	(void)f;
	buf_init(&b);
	for (s = 1; s <= HORIZON; s++)
		buf_printf(&b, "unsat\n(error \"line %u column 10: model is "
			       "not available\")\n", 60 + 5 * s);
	return buf_take(&b);
}

static char *cbc_none(const struct fixture *f)
{
	(void)f;
	return strdup("Infeasible - objective value 5.00000000\n"
		      "      0 active_1                       1"
		      "              -1.0000178\n");
}

static char *glpk_none(const struct fixture *f)
{
	struct buf b;

	buf_init(&b);
	glpk_head(&b, f, "INTEGER EMPTY");
	buf_puts(&b, glpk_tail);
	return buf_take(&b);
}

struct engine_case {
	const char *name;
	const char *format;
	bool each_end;
	answer_reader read;
	char *(*answer)(const struct fixture *f);
	char *(*none)(const struct fixture *f);
};

static const struct engine_case cases[] = {
	{"minizinc", "minizinc", false, answer_minizinc, minizinc_answer,
	 minizinc_none},
	{"z3", "smt2", true, answer_z3, z3_answer, z3_none},
	{"cbc", "lp", false, answer_cbc, cbc_answer, cbc_none},
	{"glpsol", "lp", false, answer_glpk, glpk_answer, glpk_none},
};

#define N_CASES (sizeof cases / sizeof cases[0])

static int read_answer(const struct engine_case *c, struct fixture *f,
		       const char *text, struct answer *ans, river_diag *diag)
{
	memset(diag, 0, sizeof *diag);
	return c->read(&f->ctx, text, ans, diag);
}

/* The reader gives back the plan's states, step for step. */
static void check_good(const char *puzzle, const struct engine_case *c)
{
	struct fixture f;
	struct answer ans;
	river_diag diag;
	char *text;
	size_t s;

	fixture_open(&f, puzzle, c->format, c->each_end);
	text = c->answer(&f);
	assert_int_equal(read_answer(c, &f, text, &ans, &diag), RIVER_OK);
	assert_false(ans.infeasible);
	assert_int_equal(ans.n, f.plan->n_states);
	for (s = 0; s < ans.n; s++)
		assert_true(ans.states[s] == f.plan->states[s]);
	free(ans.states);
	free(text);
	fixture_close(&f);
}

static void test_good_answers(void **state)
{
	size_t k;

	(void)state;
	for (k = 0; k < N_CASES; k++) {
		check_good(WGC, &cases[k]);
		check_good(MC, &cases[k]);
	}
}

/* The whole proof of infeasibility is one. */
static void test_infeasible(void **state)
{
	size_t k;

	(void)state;
	for (k = 0; k < N_CASES; k++) {
		struct fixture f;
		struct answer ans;
		river_diag diag;
		char *text;

		fixture_open(&f, WGC, cases[k].format, cases[k].each_end);
		text = cases[k].none(&f);
		assert_int_equal(read_answer(&cases[k], &f, text, &ans, &diag),
				 RIVER_OK);
		assert_true(ans.infeasible);
		assert_null(ans.states);
		free(text);
		fixture_close(&f);
	}
}

/* Cut anywhere, an answer is never a proof that no plan exists, and is
 * a failure unless what is left still says all there is to say: z3's
 * first model, whole; cbc's lines, whole; cbc's status line, whole. */
static void check_cuts(const struct engine_case *c, bool none)
{
	struct fixture f;
	char *text;
	size_t len, cut;

	fixture_open(&f, WGC, c->format, c->each_end);
	text = none ? c->none(&f) : c->answer(&f);
	len = strlen(text);
	for (cut = 0; cut < len; cut++) {
		struct answer ans;
		river_diag diag;
		char *part = strndup(text, cut);
		int rc = read_answer(c, &f, part, &ans, &diag);
		const char *end = strstr(part, "(define-fun end");
		/* Only the last newline missing: all is said. */
		bool may_read = cut + 1 == len;

		if (strcmp(c->name, "cbc") == 0)
			may_read |= cut > 0 && part[cut - 1] == '\n';
		if (strcmp(c->name, "z3") == 0 && !none)
			may_read |= end && strstr(end, "\n)");

		if (rc != RIVER_EENGINE && !may_read)
			print_error("%s read %zu of %zu bytes as an answer\n",
				    c->name, cut, len);
		assert_true(rc == RIVER_EENGINE || may_read);
		if (rc == RIVER_OK && !none)
			assert_false(ans.infeasible);
		if (rc == RIVER_EENGINE) {
			assert_int_equal(diag.status, RIVER_EENGINE);
			assert_non_null(strstr(diag.message, c->name));
		}
		if (rc == RIVER_OK)
			free(ans.states);
		free(part);
	}
	free(text);
	fixture_close(&f);
}

static void test_cut_answers(void **state)
{
	size_t k;

	(void)state;
	for (k = 0; k < N_CASES; k++) {
		check_cuts(&cases[k], false);
		check_cuts(&cases[k], true);
	}
}

/* Text that is not an answer, or the engine's own error or status that
 * proves nothing: a failure that names the engine, and quotes the
 * engine when it said something. */
static void check_fails(const struct engine_case *c, const char *text,
			const char *quoted)
{
	struct fixture f;
	struct answer ans;
	river_diag diag;

	fixture_open(&f, WGC, c->format, c->each_end);
	if (read_answer(c, &f, text, &ans, &diag) != RIVER_EENGINE)
		print_error("%s read '%s' as an answer\n", c->name, text);
	assert_int_equal(diag.status, RIVER_EENGINE);
	assert_null(ans.states);
	assert_false(ans.infeasible);
	assert_non_null(strstr(diag.message, c->name));
	if (quoted && !strstr(diag.message, quoted))
		print_error("'%s' does not quote '%s'\n", diag.message, quoted);
	if (quoted)
		assert_non_null(strstr(diag.message, quoted));
	fixture_close(&f);
}

static void test_garbage(void **state)
{
	static const char *const garbage[] = {
		"", "\n", "hello\n", "\x01\x02\xff\xfe", "Segmentation fault\n",
		"{\"at\": [[0, 1]]}\n", "sat", "unsat", "Optimal", "Status:",
		"----------\n==========\n",
	};
	size_t k, g;

	(void)state;
	for (k = 0; k < N_CASES; k++)
		for (g = 0; g < sizeof garbage / sizeof garbage[0]; g++)
			check_fails(&cases[k], garbage[g], NULL);
	check_fails(&cases[0], "hello\n", "hello");
	check_fails(&cases[1], "hello\n", "hello");
}

static void test_errors(void **state)
{
	(void)state;
	check_fails(&cases[0], "=====UNKNOWN=====\n", "UNKNOWN");
	check_fails(&cases[0], "=====ERROR=====\n", "ERROR");
	check_fails(&cases[0], "=====UNSATISFIABLE=====\ngarbage\n", NULL);
	check_fails(&cases[1], "(error \"out of memory\")\n", "out of memory");
	check_fails(&cases[1],
		    "unsat\n(error \"line 65 column 10: model is not available\")\n"
		    "(error \"out of memory\")\n", "out of memory");
	check_fails(&cases[1], "unknown\n", "unknown");
	check_fails(&cases[2], "Stopped on time - objective value 7.00000000\n",
		    "Stopped on time");
	check_fails(&cases[3], "Status:     INTEGER UNDEFINED\n\nEnd of output\n",
		    NULL);
}

/* An optimum with no variables is no plan (and qsort is not handed a
 * NULL table). */
static void test_empty_optimum(void **state)
{
	(void)state;
	check_fails(&cases[1], "sat\n(\n)\n", "z3");
	check_fails(&cases[2], "Optimal - objective value 7.00000000\n", "cbc");
}

/* Positions must be whole numbers in range. */
static void test_bad_positions(void **state)
{
	(void)state;
	check_fails(&cases[1],
		    "sat\n(\n  (define-fun end () Int\n    1)\n"
		    "  (define-fun at_farmer_0 () Int\n    (- 1))\n)\n", NULL);
	check_fails(&cases[0],
		    "{\"at\": [[0, 0.5]], \"right\": [], \"end\": 1}\n"
		    "----------\n==========\n", NULL);
	check_fails(&cases[0],
		    "{\"at\": [], \"right\": [], \"end\": 1e300}\n"
		    "----------\n==========\n", NULL);
}

/* ---- JSON ---------------------------------------------------------- */

static const char json_doc[] =
	"{\"a\": [1, -2.5e1, true, false, null], \"b\": {\"c\": \"d\\u00e9\\n\"}}";

static void test_json_good(void **state)
{
	struct arena arena;
	struct json *v;
	const struct json *a;
	const char *error = NULL;
	size_t at = 0;

	(void)state;
	arena_init(&arena);
	v = json_parse(&arena, json_doc, strlen(json_doc), &at, &error);
	assert_non_null(v);
	a = json_get(v, "a");
	assert_int_equal(a->n, 5);
	assert_true(a->items[1]->number == -25);
	assert_true(a->items[2]->boolean);
	assert_int_equal(a->items[4]->type, JSON_NULL);
	assert_string_equal(json_get(json_get(v, "b"), "c")->string, "d\xc3\xa9\n");
	assert_null(json_get(v, "z"));
	arena_release(&arena);
}

/* Every proper prefix of an object is an error, within the text. */
static void test_json_cut(void **state)
{
	size_t cut;

	(void)state;
	for (cut = 0; cut < strlen(json_doc); cut++) {
		struct arena arena;
		const char *error = NULL;
		size_t at = 0;
		/* The bytes after the cut are there, but not to be read. */
		struct json *v;

		arena_init(&arena);
		v = json_parse(&arena, json_doc, cut, &at, &error);
		assert_null(v);
		assert_non_null(error);
		assert_true(at <= cut);
		arena_release(&arena);
	}
}

static void test_json_garbage(void **state)
{
	static const char *const bad[] = {
		"", "{", "}", "[1,]", "{\"a\" 1}", "{\"a\": 1,}", "[1 2]",
		"nul", "tru", "\"abc", "[1e999]", "[-]", "[1e]", "{} x",
		"[\"\\u12\"]", "{1: 2}",
	};
	char deep[200];
	size_t k;

	(void)state;
	for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		struct arena arena;
		const char *error = NULL;
		size_t at = 0;

		arena_init(&arena);
		if (json_parse(&arena, bad[k], strlen(bad[k]), &at, &error))
			print_error("'%s' parsed\n", bad[k]);
		assert_null(json_parse(&arena, bad[k], strlen(bad[k]), &at,
				       &error));
		assert_non_null(error);
		arena_release(&arena);
	}
	memset(deep, '[', sizeof deep - 1);
	deep[sizeof deep - 1] = '\0';
	{
		struct arena arena;
		const char *error = NULL;
		size_t at = 0;

		arena_init(&arena);
		assert_null(json_parse(&arena, deep, strlen(deep), &at, &error));
		assert_string_equal(error, "nested too deeply");
		arena_release(&arena);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_answers),
		cmocka_unit_test(test_infeasible),
		cmocka_unit_test(test_cut_answers),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_empty_optimum),
		cmocka_unit_test(test_bad_positions),
		cmocka_unit_test(test_json_good),
		cmocka_unit_test(test_json_cut),
		cmocka_unit_test(test_json_garbage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
