/* Read back every plan river writes: for each puzzle named, solve it,
 * render the plan (and every optimal plan, with --all's alternatives)
 * as text and as JSON, and check each rendering with river_verify.
 * One line a puzzle, for tests/roundtrip.sh:
 *   read NAME       both renderings read back as legal plans
 *   unsolved NAME   it has no plan (or its start breaks a rule)
 *   fail NAME WHY   a rendering did not read back, or a call failed */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <river.h>

/* Render plan in format and verify it; 0 when it reads back legal. */
static int reads_back(const river_puzzle *puzzle, const river_plan *plan,
		      river_format format, const char *name)
{
	const char *what = format == RIVER_FORMAT_JSON ? "json" : "text";
	river_verdict v = RIVER_VERDICT_INIT;
	river_diag diag;
	char *text = NULL;
	int rc = river_plan_render(&text, plan, format);

	if (rc != RIVER_OK) {
		printf("fail %s render %s: %s\n", name, what, river_strerror(rc));
		return 1;
	}
	rc = river_verify(&v, puzzle, text, strlen(text), what, &diag);
	if (rc != RIVER_OK)
		printf("fail %s %s: %d:%d: %s\n", name, what, diag.line,
		       diag.column, diag.message);
	else if (!v.legal)
		printf("fail %s %s: step %zu: %s\n", name, what, v.step,
		       v.reason);
	else if (v.crossings != river_plan_crossings(plan))
		printf("fail %s %s: %zu crossings read, %zu written\n", name,
		       what, v.crossings, river_plan_crossings(plan));
	river_free(text);
	return rc != RIVER_OK || !v.legal ||
	       v.crossings != river_plan_crossings(plan);
}

static void check(const char *path)
{
	river_puzzle *puzzle;
	river_plan *plan;
	river_solve_options opts;
	river_diag diag;
	size_t k;
	int bad = 0;

	if (river_puzzle_load_file(&puzzle, path, &diag) != RIVER_OK) {
		printf("%s %s: %s\n", diag.status == RIVER_EPUZZLE ?
		       "unsolved" : "fail", path, diag.message);
		return;
	}
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.max_plans = 3;
	if (river_solve(&plan, puzzle, &opts, &diag) != RIVER_OK) {
		printf("fail %s solve: %s\n", path, diag.message);
	} else if (!river_plan_solved(plan)) {
		printf("unsolved %s\n", path);
	} else {
		bad |= reads_back(puzzle, plan, RIVER_FORMAT_TEXT, path);
		bad |= reads_back(puzzle, plan, RIVER_FORMAT_JSON, path);
		for (k = 0; k < river_plan_alternatives(plan); k++) {
			const river_plan *alt = river_plan_alternative(plan, k);

			bad |= reads_back(puzzle, alt, RIVER_FORMAT_TEXT, path);
			bad |= reads_back(puzzle, alt, RIVER_FORMAT_JSON, path);
		}
		if (!bad)
			printf("read %s\n", path);
	}
	river_plan_free(plan);
	river_puzzle_free(puzzle);
}

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		check(argv[i]);
	return 0;
}
