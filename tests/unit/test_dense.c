/* The layered search's word-wise expansion (solve/dense.c) against its
 * cell by cell one: on generated and bundled puzzles, the same states
 * at every level, the same cells at the end, the same verdict and the
 * same plan, on one to four threads (each walks the blocks in its own
 * order); and the puzzles it must leave to the cell by cell expansion
 * do get it. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>

#include "plan/plan.h"
#include "check/check.h"
#include "puzzle.h"
#include "solve/dense.h"
#include "solve/layers.h"
#include "unit.h"
#include "unit_family.h"

static void run(const struct system *sys, bool per_cell, unsigned threads,
		struct layers_probe *probe, struct bfs_result *res)
{
	river_solve_options opts;
	river_diag diag;
	struct stop stop;

	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.method = RIVER_METHOD_LAYERS;
	opts.threads = threads;
	probe->per_cell = per_cell;
	assert_int_equal(stop_init(&stop, NULL, 0, &diag), RIVER_OK);
	assert_int_equal(layers_search_probed(sys, &opts, &stop, res, &diag,
					      probe),
			 RIVER_OK);
}

/* Word-wise and cell by cell agree on sys, level by level; the word-wise
 * expansion was taken exactly when dense says. */
static void compare(const char *name, const struct system *sys, bool dense)
{
	struct layers_probe cell, word;
	struct bfs_result want, got;
	struct plan_fault fault;
	unsigned threads;
	size_t i;

	assert_true(layers_can(sys));
	run(sys, true, 1, &cell, &want);
	assert_false(cell.dense);
	assert_true(cell.n_levels >= 1);
	if (want.solved)
		assert_true(plan_check(sys, want.path, want.path_len, &fault));
	for (threads = 1; threads <= 4; threads++) {
		run(sys, false, threads, &word, &got);
		if (word.dense != dense)
			print_error("%s: expanded %s\n", name,
				    word.dense ? "word-wise" : "cell by cell");
		assert_int_equal(word.dense, dense);
		assert_int_equal(word.n_levels, cell.n_levels);
		for (i = 0; i < cell.n_levels; i++) {
			if (word.levels[i] != cell.levels[i])
				print_error("%s on %u threads, level %zu: %llu "
					    "states, cell by cell %llu\n",
					    name, threads, i, word.levels[i],
					    cell.levels[i]);
			assert_int_equal(word.levels[i], cell.levels[i]);
		}
		assert_int_equal(word.n_words, cell.n_words);
		assert_memory_equal(word.cells, cell.cells,
				    cell.n_words * sizeof *cell.cells);
		assert_int_equal(got.solved, want.solved);
		assert_int_equal(got.explored, want.explored);
		assert_int_equal(got.path_len, want.path_len);
		assert_memory_equal(got.path, want.path,
				    want.path_len * sizeof *want.path);
		free(got.path);
		layers_probe_release(&word);
	}
	free(want.path);
	layers_probe_release(&cell);
}

static river_puzzle *text(const char *src)
{
	river_puzzle *p;
	river_diag diag;

	if (river_puzzle_load_string(&p, src, strlen(src), "text", &diag) !=
	    RIVER_OK)
		fail_msg("%s: %s", src, diag.message);
	return p;
}

/* Farmer puzzles (the farmer's bit left out of the rank), with and
 * without rules, boats of 2 to 4, goals reached and not. */
static void test_families(void **state)
{
	static const char *const specs[] = {
		"none 9 1", "none 11 1 every", "none 11 2 every",
		"none 10 3 every", "star 10 2", "star 11 2 every",
		"star 9 3 every", "chain 9 1", "chain 10 3 every",
		"few 11 2 3 every", "few 10 1 2", "jealous 3 2",
		"jealous 4 3 every", "japanese 2 2 every",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof specs / sizeof *specs; i++) {
		river_puzzle *p = unit_family(specs[i]);

		compare(specs[i], &p->sys, dense_can(&p->sys));
		if (strncmp(specs[i], "japanese", 8) != 0)
			assert_true(dense_can(&p->sys));
		river_puzzle_free(p);
	}
}

/* Several rowers (every bit in the rank), a boat of 1 and of 4, rules
 * with guards and with several eaten. */
static void test_rowers_and_seats(void **state)
{
	static const char *const srcs[] = {
		"items a, b, c, d, e, f, g\nboat seats 1\n",
		"items a, b, c, d, e, f, g, h\nboat seats 2\nrowers a, b, c\n"
		"a eats d\nb eats e\nb eats f\nguard c\n",
		"items a, b, c, d, e, f, g, h, i\nboat seats 4\n"
		"rowers a, h\nb eats c\nd eats e\nguard a\n",
		"items a, b, c, d, e, f, g, h\nboat seats 3\nrowers b\n"
		"a eats c\nguard b\n",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof srcs / sizeof *srcs; i++) {
		river_puzzle *p = text(srcs[i]);

		assert_true(dense_can(&p->sys));
		compare(srcs[i], &p->sys, true);
		river_puzzle_free(p);
	}
}

/* Every bundled puzzle the layers can search: the same either way;
 * the husbands qualify, the others named here do not. */
static void bundled(const char *name, river_puzzle *p, void *arg)
{
	size_t *dense = arg;
	struct dense tables;
	bool qualifies = dense_can(&p->sys) &&
			 dense_init(&tables, &p->sys) == RIVER_OK;

	if (qualifies)
		dense_release(&tables);
	if (strcmp(name, "jealous-husbands.puz") == 0)
		assert_true(qualifies);
	if (strcmp(name, "wgc.puz") == 0 || /* too few items */
	    strcmp(name, "missionaries-cannibals.puz") == 0 ||
	    strcmp(name, "bridge-torch.puz") == 0)
		assert_false(qualifies);
	if (layers_can(&p->sys) && !p->model.minimize_time) {
		compare(name, &p->sys, qualifies);
		*dense += qualifies;
	}
	river_puzzle_free(p);
}

static void test_bundled(void **state)
{
	size_t dense = 0;

	(void)state;
	assert_true(unit_each_bundled(bundled, &dense) >= 20);
	assert_true(dense >= 1);
}

/* What must not qualify: counted kinds, fewer than five individuals
 * besides a lone rower, a boat rule, a rule that counts, an allowed
 * load list, weights; and loads past DENSE_MAX_LOADS, where the cell
 * by cell walk, cut by the rules, is the faster. */
static void test_fallback(void **state)
{
	static const char *const srcs[] = {
		"items a, b, c, d, e, f, 3 sheep\nboat seats 2\n",
		"items farmer, a, b, c, d\nboat seats 2\nrowers farmer\n",
		"items a, b, c, d, e, f, g\nboat seats 2\n"
		"a eats b in the boat\n",
		"items a, b, c, d, e, f, g\nboat seats 2\n"
		"a must not be alone\n",
		"items a, b, c, d, e, f, g\n"
		"boat carries a or a and b or c\n",
		"items a (weight 3), b (weight 2), c, d, e, f, g\n"
		"boat seats 2, load 4\n",
	};
	struct dense tables;
	river_puzzle *p;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof srcs / sizeof *srcs; i++) {
		p = text(srcs[i]);
		if (dense_can(&p->sys))
			print_error("qualifies: %s\n", srcs[i]);
		assert_false(dense_can(&p->sys));
		if (layers_can(&p->sys))
			compare(srcs[i], &p->sys, false);
		river_puzzle_free(p);
	}
	p = unit_family("none 14 13 every");
	/* Too many loads for the tables: the cell by cell search is taken.
	 * That is what this asks; the checking mode (RIVER_CHECK) audits
	 * the cell by cell expansion on the puzzles above, and here it
	 * would read 2^14 loads from each of 2^15 states: it runs
	 * without. */
	p->sys.audit = false;
	assert_true(dense_can(&p->sys));
	assert_int_equal(dense_init(&tables, &p->sys), RIVER_ETOOBIG);
	compare("none 14 13 every", &p->sys, false);
	river_puzzle_free(p);
}

/* The masks: a word's cells and back, and the safe cells against the
 * system's own check, state by state. */
static void test_masks(void **state)
{
	river_puzzle *p = text("items a, b, c, d, e, f, g, h\nboat seats 3\n"
			       "rowers h\na eats b\na eats c\nd eats e\nf eats a\n"
			       "guard g\n");
	const struct system *sys = &p->sys;
	struct dense d;
	uint64_t word, i;

	(void)state;
	assert_int_equal(dense_gather(dense_spread(0x80000001u)), 0x80000001u);
	assert_int_equal(dense_spread(5u), UINT64_C(0x11));
	assert_int_equal(dense_gather(UINT64_C(0xc000000000000003)),
			 0x80000001u);
	assert_true(dense_can(sys));
	assert_int_equal(dense_init(&d, sys), RIVER_OK);
	for (word = 0; word < sys->compact_size / DENSE_CELLS; word++) {
		state_t s = system_compact_unrank(sys, word * DENSE_CELLS);
		uint32_t safe = dense_safe_cells(&d, s), want = 0;

		for (i = 0; i < DENSE_CELLS; i++)
			if (system_safe(sys, system_compact_unrank(
						     sys, word * DENSE_CELLS + i)))
				want |= UINT32_C(1) << i;
		assert_int_equal(safe, want);
	}
	dense_release(&d);
	river_puzzle_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_masks),
		cmocka_unit_test(test_families),
		cmocka_unit_test(test_rowers_and_seats),
		cmocka_unit_test(test_bundled),
		cmocka_unit_test(test_fallback),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
