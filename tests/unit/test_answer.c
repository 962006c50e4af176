/* Reading engines' answers: what each reader makes of output that is
 * not a plan (found by fuzzing), and the JSON reader's edges. */
#include <stdlib.h>

#include "unit.h"
#include "export/answer.h"
#include "util/json.h"

#define WGC "title \"wgc\"\nitems farmer, wolf, goat, cabbage\nboat seats 2\n" \
	    "rowers farmer\nguard farmer\nwolf eats goat\ngoat eats cabbage\n"

/* Read text as z3's answer to wgc's model at horizon 8; the status. */
static int read_z3(const char *text, struct answer *ans, river_diag *diag)
{
	river_puzzle *p = unit_load(WGC);
	river_export_options opts;
	struct export_ctx ctx;
	struct buf model;
	int rc;

	river_export_options_init(&opts);
	opts.horizon = 8;
	buf_init(&model);
	assert_int_equal(export_begin(&ctx, p, &opts, &model, "smt2", diag),
			 RIVER_OK);
	ctx.ask_each_end = true;
	assert_int_equal(export_smt2(&ctx), RIVER_OK);
	rc = answer_z3(&ctx, text, ans, diag);
	export_end(&ctx);
	buf_release(&model);
	river_puzzle_free(p);
	return rc;
}

/* Only "unsat" says there is no plan: errors alone, or nothing, are no
 * answer at all. */
static void test_z3_errors_are_not_unsat(void **state)
{
	struct answer ans;
	river_diag diag;

	(void)state;
	assert_int_equal(read_z3("(error \"line 1 column 0: invalid command\")\n",
				 &ans, &diag), RIVER_EENGINE);
	assert_false(ans.infeasible);
	assert_string_equal(diag.message, "z3 gave an answer river cannot read: "
			    "it did not say sat or unsat");
	assert_int_equal(read_z3("", &ans, &diag), RIVER_EENGINE);
	assert_int_equal(read_z3("\n\n", &ans, &diag), RIVER_EENGINE);
	assert_int_equal(read_z3("unsat\n(error \"line 9 column 10: model is "
				 "not available\")\nunsat\n", &ans, &diag),
			 RIVER_OK);
	assert_true(ans.infeasible);
	assert_null(ans.states);
}

/* "sat" with no model: no end, said as such (the empty table once went
 * to bsearch and qsort as a null pointer). */
static void test_z3_sat_without_model(void **state)
{
	struct answer ans;
	river_diag diag;

	(void)state;
	assert_int_equal(read_z3("unsat\nsat\n", &ans, &diag), RIVER_EENGINE);
	assert_string_equal(diag.message, "z3 gave an answer river cannot read: "
			    "no end in its model");
	assert_null(ans.states);
}

/* A backslash as the last byte ends an unterminated string, and the
 * error points inside the text. */
static void test_json_backslash_at_end(void **state)
{
	static const char text[] = "{\"plan\": \"\\";
	struct arena arena;
	const char *error = NULL;
	size_t at = 0;

	(void)state;
	arena_init(&arena);
	assert_null(json_parse(&arena, text, sizeof text - 1, &at, &error));
	assert_string_equal(error, "unterminated string");
	assert_int_equal(at, sizeof text - 1);
	arena_release(&arena);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_z3_errors_are_not_unsat),
		cmocka_unit_test(test_z3_sat_without_model),
		cmocka_unit_test(test_json_backslash_at_end),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
