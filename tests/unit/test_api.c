/* The public interface of river.h, used as a program would use it. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>

#include "unit.h"

#define PLAIN_TEXT                                                  \
	"title \"Plain\"\n"                                          \
	"items ferryman, 2 sheep (sheep), wolf \"🐺\"\n"             \
	"boat seats 3\nrowers ferryman\n"                            \
	"wolf eats sheep unless ferryman\n"

/* farmer 1, wolf 2, goat 4, cabbage 8, boat 16: the plan BFS finds. */
static const unsigned wgc_states[] = {0x00, 0x15, 0x04, 0x1D, 0x08,
				      0x1B, 0x0A, 0x1F};

static river_plan *solve(const river_puzzle *p)
{
	river_plan *plan = NULL;
	river_diag diag;

	assert_int_equal(river_solve(&plan, p, NULL, &diag), RIVER_OK);
	assert_non_null(plan);
	return plan;
}

/* A file in /tmp holding len bytes of text (or size zero bytes when
 * text is NULL); the caller unlinks it. */
static void temp_file(char *path, size_t size_of_path, const char *text,
		      size_t len)
{
	int fd;

	snprintf(path, size_of_path, "/tmp/river-test-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	if (text)
		assert_int_equal(write(fd, text, len), (ssize_t)len);
	else
		assert_int_equal(ftruncate(fd, (off_t)len), 0);
	close(fd);
}

/* ---- Version and status codes ------------------------------------------ */

static void test_version(void **state)
{
	char want[32];

	(void)state;
	assert_string_equal(river_version(), RIVER_VERSION_STRING);
	snprintf(want, sizeof want, "%d.%d.%d", RIVER_VERSION_MAJOR,
		 RIVER_VERSION_MINOR, RIVER_VERSION_PATCH);
	assert_string_equal(river_version(), want);
}

static void test_status_values(void **state)
{
	(void)state;
	assert_int_equal(RIVER_OK, 0);
	assert_int_equal(RIVER_EINVAL, -1);
	assert_int_equal(RIVER_ENOMEM, -2);
	assert_int_equal(RIVER_EIO, -3);
	assert_int_equal(RIVER_ESYNTAX, -4);
	assert_int_equal(RIVER_EPUZZLE, -5);
	assert_int_equal(RIVER_ELIMIT, -6);
	assert_int_equal(RIVER_EINTERNAL, -7);
	assert_int_equal(RIVER_ETOOBIG, -8);
	assert_int_equal(RIVER_EVERSION, -14);
}

static void test_strerror_every_code(void **state)
{
	(void)state;
	assert_string_equal(river_strerror(RIVER_OK), "success");
	assert_string_equal(river_strerror(RIVER_EINVAL), "invalid argument");
	assert_string_equal(river_strerror(RIVER_EVERSION),
			    "unknown structure version");
	assert_string_equal(river_strerror(RIVER_ENOMEM), "out of memory");
	assert_string_equal(river_strerror(RIVER_EIO), "cannot read the puzzle");
	assert_string_equal(river_strerror(RIVER_ESYNTAX),
			    "syntax error");
	assert_string_equal(river_strerror(RIVER_EPUZZLE), "invalid puzzle");
	assert_string_equal(river_strerror(RIVER_ELIMIT), "search limit reached");
	assert_string_equal(river_strerror(RIVER_EINTERNAL), "internal error");
	assert_string_equal(river_strerror(RIVER_ETOOBIG),
			    "puzzle too big to search");
	assert_string_equal(river_strerror(RIVER_ENOENGINE),
			    "engine not installed");
	assert_string_equal(river_strerror(RIVER_EENGINE), "engine failed");
	assert_string_equal(river_strerror(RIVER_EUNSUPPORTED),
			    "not supported by the model formats");
	assert_string_equal(river_strerror(RIVER_ETIMEOUT), "time limit reached");
	assert_int_equal(RIVER_ETIMEOUT, -12);
	assert_string_equal(river_strerror(RIVER_ECANCELED), "canceled");
	assert_int_equal(RIVER_ECANCELED, -13);
	assert_string_equal(river_strerror(-15), "unknown status");
	assert_string_equal(river_strerror(1), "unknown status");
}

/* ---- Parameters ----------------------------------------------------------- */

#define PARAM_TEXT                                                       \
	"title \"p\"\nparam n = 3\nparam seats = 2\n"                    \
	"items n ms, n cs\nboat seats seats\ncs must not outnumber ms\n"

static void test_params_defaults_and_overrides(void **state)
{
	const river_param five[] = {{"n", 5}, {"seats", 3}};
	river_puzzle *p = unit_load(PARAM_TEXT);
	river_diag diag;

	(void)state;
	assert_int_equal(river_puzzle_item_copies(p, 0), 3);
	assert_int_equal(river_puzzle_seats(p), 2);
	river_puzzle_free(p);
	assert_int_equal(river_puzzle_load_string_with(&p, PARAM_TEXT,
						       strlen(PARAM_TEXT), "p",
						       five, 2, &diag),
			 RIVER_OK);
	assert_int_equal(river_puzzle_item_copies(p, 1), 5);
	assert_int_equal(river_puzzle_seats(p), 3);
	river_puzzle_free(p);
}

static void test_params_errors(void **state)
{
	const river_param unknown[] = {{"m", 5}};
	const river_param negative[] = {{"n", -1}};
	const river_param zero[] = {{"n", 0}};
	river_puzzle *p = (river_puzzle *)1;
	river_diag diag;

	(void)state;
	assert_int_equal(river_puzzle_load_string_with(&p, PARAM_TEXT,
						       strlen(PARAM_TEXT), "p",
						       unknown, 1, &diag),
			 RIVER_EPUZZLE);
	assert_null(p);
	assert_string_equal(diag.message, "the puzzle has no parameter 'm'");
	assert_int_equal(river_puzzle_load_string_with(&p, PARAM_TEXT,
						       strlen(PARAM_TEXT), "p",
						       negative, 1, &diag),
			 RIVER_EPUZZLE);
	assert_string_equal(diag.message, "parameter 'n' = -1 is out of range "
					  "(0 to 1000000000)");
	assert_int_equal(river_puzzle_load_string_with(&p, PARAM_TEXT,
						       strlen(PARAM_TEXT), "p",
						       zero, 1, &diag),
			 RIVER_EPUZZLE);
	assert_int_equal(diag.line, 4);
	assert_int_equal(diag.column, 7);
	assert_int_equal(river_puzzle_load_string_with(&p, PARAM_TEXT,
						       strlen(PARAM_TEXT), "p",
						       NULL, 1, &diag),
			 RIVER_EINVAL);
	assert_int_equal(river_puzzle_load_file_with(&p, "/nonexistent/x.puz",
						     unknown, 1, &diag),
			 RIVER_EIO);
}

/* A rule of 10000000 choices, each weighing many conditions: seconds
 * to expand. */
#define HEAVY_TEXT \
	"title \"Heavy\"\nitems a[1..3], b\nboat seats 2\n" \
	"for i, j in 1..3162 where i + j > 1, i + j > 1, i + j > 1, " \
	"i + j > 1, i + j > 1, i + j > 1, i + j > 1, i + j > 1, i + j > 1, " \
	"i + j > 1, i + j > 1, i + j > 1, i + j > 1, i + j > 1, i + j > 1, " \
	"i + j < 3: a[1] must not be with b unless a[2]\n"

/* Load HEAVY_TEXT with opts: it must fail. */
static int load_heavy(const river_load_options *opts, river_diag *diag)
{
	river_puzzle *p = (river_puzzle *)1;
	int rc = river_puzzle_load_string_opts(&p, HEAVY_TEXT,
					       strlen(HEAVY_TEXT), "h", opts,
					       diag);

	assert_null(p);
	return rc;
}

static void test_load_options(void **state)
{
	const river_param five[] = {{"n", 5}, {"seats", 3}};
	volatile sig_atomic_t cancel = 1;
	river_load_options opts;
	river_puzzle *p = (river_puzzle *)1;
	river_diag diag;

	(void)state;
	river_load_options_init(&opts, RIVER_LOAD_OPTIONS_VERSION);
	assert_null(opts.params);
	assert_true(opts.timeout == 0);
	assert_null(opts.cancel);
	opts.params = five;
	opts.n_params = 2;
	assert_int_equal(river_puzzle_load_string_opts(&p, PARAM_TEXT,
						       strlen(PARAM_TEXT), "p",
						       &opts, &diag),
			 RIVER_OK);
	assert_int_equal(river_puzzle_item_copies(p, 1), 5);
	river_puzzle_free(p);
	assert_int_equal(river_puzzle_load_string_opts(&p, WGC_TEXT,
						       strlen(WGC_TEXT), "w",
						       NULL, &diag),
			 RIVER_OK);
	river_puzzle_free(p);
	/* The cancel flag, and a time limit, stop the expansion at the
	 * rule. */
	river_load_options_init(&opts, RIVER_LOAD_OPTIONS_VERSION);
	opts.cancel = &cancel;
	assert_int_equal(load_heavy(&opts, &diag), RIVER_ECANCELED);
	assert_int_equal(diag.line, 4);
	assert_int_equal(diag.column, 1);
	assert_string_equal(diag.message, "canceled while expanding this rule");
	opts.cancel = NULL;
	opts.timeout = 0.01;
	assert_int_equal(load_heavy(&opts, &diag), RIVER_ETIMEOUT);
	assert_string_equal(diag.file, "h");
	assert_string_equal(diag.message, "the time limit of 0.01 seconds was "
					  "reached while expanding this rule");
	opts.timeout = -1;
	assert_int_equal(river_puzzle_load_string_opts(&p, WGC_TEXT,
						       strlen(WGC_TEXT), "w",
						       &opts, &diag),
			 RIVER_EINVAL);
	assert_int_equal(river_puzzle_load_file_opts(&p, "/nonexistent/x.puz",
						     NULL, &diag),
			 RIVER_EIO);
}

/* ---- Start and goal ------------------------------------------------------ */

static void test_placements_default(void **state)
{
	river_puzzle *p = unit_load(MC_TEXT);

	(void)state;
	assert_int_equal(river_puzzle_item_start(p, 0), 0);
	assert_int_equal(river_puzzle_item_goal(p, 1), 3);
	assert_int_equal(river_puzzle_boat_start(p), RIVER_LEFT);
	assert_int_equal(river_puzzle_boat_goal(p), -1);
	assert_int_equal(river_puzzle_item_start(p, 9), 0);
	assert_int_equal(river_puzzle_boat_goal(NULL), -1);
	river_puzzle_free(p);
}

static void test_placements_start_and_goal(void **state)
{
	river_puzzle *p = unit_load(
		"title \"t\"\nitems farmer, goat, hen, 3 ms\n"
		"start boat, farmer, 2 ms on the right\n"
		"goal hen, 1 ms on the left\ngoal boat on the right\n"
		"boat seats 2\nrowers farmer\n");
	river_plan *plan;
	size_t last;

	(void)state;
	assert_int_equal(river_puzzle_item_start(p, 0), 1);
	assert_int_equal(river_puzzle_item_start(p, 1), 0);
	assert_int_equal(river_puzzle_item_start(p, 3), 2);
	assert_int_equal(river_puzzle_boat_start(p), RIVER_RIGHT);
	assert_int_equal(river_puzzle_item_goal(p, 0), 1);
	assert_int_equal(river_puzzle_item_goal(p, 2), 0);
	assert_int_equal(river_puzzle_item_goal(p, 3), 2);
	assert_int_equal(river_puzzle_boat_goal(p), RIVER_RIGHT);
	/* The farmer goes back for the goat: two crossings. */
	assert_int_equal(river_solve(&plan, p, NULL, NULL), RIVER_OK);
	assert_int_equal(river_plan_crossings(plan), 2);
	assert_int_equal(river_plan_item_on(plan, 0, 3, RIVER_RIGHT), 2);
	last = river_plan_crossings(plan);
	assert_int_equal(river_plan_boat_bank(plan, last), RIVER_RIGHT);
	assert_int_equal(river_plan_item_on(plan, last, 1, RIVER_RIGHT), 1);
	assert_int_equal(river_plan_item_on(plan, last, 2, RIVER_LEFT), 1);
	river_plan_free(plan);
	river_puzzle_free(p);
}

/* ---- Models for other solvers ------------------------------------------ */

static void test_export_lists_and_bad_arguments(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	const char *const *f = river_export_formats();
	const char *const *e = river_engines();
	char *out = (char *)1;
	river_diag diag;

	(void)state;
	assert_string_equal(f[0], "minizinc");
	assert_string_equal(f[1], "smt2");
	assert_string_equal(f[2], "lp");
	assert_string_equal(f[3], "ocean");
	assert_string_equal(f[4], "bqm");
	assert_null(f[5]);
	for (; *f; f++) {
		assert_int_equal(river_export(&out, p, *f, NULL, &diag), RIVER_OK);
		river_free(out);
	}
	assert_string_equal(e[0], "minizinc");
	assert_string_equal(e[1], "z3");
	assert_string_equal(e[2], "cbc");
	assert_string_equal(e[3], "glpk");
	assert_null(e[4]);
	/* The same arrays each time: nothing is rewritten. */
	assert_ptr_equal(river_engines(), e);
	assert_ptr_equal(river_export_formats(), f - 5);
	assert_int_equal(river_export(&out, p, "xml", NULL, &diag), RIVER_EINVAL);
	assert_null(out);
	assert_string_equal(diag.message,
			    "unknown model format 'xml' (use minizinc, smt2, lp, "
			    "ocean or bqm)");
	assert_int_equal(river_export(NULL, p, "lp", NULL, &diag), RIVER_EINVAL);
	assert_int_equal(river_export(&out, NULL, "lp", NULL, &diag), RIVER_EINVAL);
	river_puzzle_free(p);
}

/* The default horizon counts the states reached from the start (see
 * test_export.c): 9 for the wolf, goat and cabbage. */
static void test_export_default_horizon(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	unsigned h = 0;
	river_diag diag;

	(void)state;
	assert_int_equal(river_export_horizon(&h, p, &diag), RIVER_OK);
	assert_int_equal(h, 9);
	assert_int_equal(river_export_horizon(NULL, p, &diag), RIVER_EINVAL);
	river_puzzle_free(p);
}

static void test_export_horizon_too_big_to_count(void **state)
{
	river_puzzle *p = unit_load("title \"big\"\nitems 20000 ants, 20000 bees\n"
				    "boat seats 2\n");
	unsigned h = 0;
	char *out = (char *)1;
	river_diag diag;
	river_export_options opts;

	(void)state;
	assert_int_equal(river_export_horizon(&h, p, &diag), RIVER_ETOOBIG);
	assert_int_equal(river_export(&out, p, "smt2", NULL, &diag),
			 RIVER_ETOOBIG);
	assert_null(out);
	/* With a horizon given, nothing needs counting. */
	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
	opts.horizon = 2;
	assert_int_equal(river_export(&out, p, "smt2", &opts, &diag), RIVER_OK);
	assert_non_null(strstr(out, "(declare-const n_ants_2 Int)"));
	assert_null(strstr(out, "n_ants_3"));
	river_free(out);
	river_puzzle_free(p);
}

static void test_export_models_name_every_item(void **state)
{
	river_puzzle *p = unit_load(MC_TEXT);
	river_export_options opts;
	char *out;
	river_diag diag;

	(void)state;
	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
	opts.horizon = 11;
	assert_int_equal(river_export(&out, p, "minizinc", &opts, &diag), RIVER_OK);
	assert_non_null(strstr(out, "enum KIND = {missionaries, cannibals};\n"));
	assert_non_null(strstr(out, "int: H = 11;"));
	assert_non_null(strstr(out, "minimize end;"));
	river_free(out);
	assert_int_equal(river_export(&out, p, "lp", &opts, &diag), RIVER_OK);
	assert_non_null(strstr(out, " avail_cannibals_1: avail_cannibals_1 + "
				    "num_cannibals_0 = 3\n"));
	assert_non_null(strstr(out, "General\n"));
	river_free(out);
	river_puzzle_free(p);
}

/* A name a language reserves gets underscores until it is free. */
static void test_export_renames_reserved_names(void **state)
{
	river_puzzle *p = unit_load("title \"t\"\nitems var, copies, end, _x\n"
				    "boat seats 4\n");
	river_export_options opts;
	char *out;
	river_diag diag;

	(void)state;
	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
	opts.horizon = 1;
	assert_int_equal(river_export(&out, p, "minizinc", &opts, &diag), RIVER_OK);
	assert_non_null(strstr(out, "enum ITEM = {var_, copies_, end_, i_x};"));
	river_free(out);
	river_puzzle_free(p);
}

static void test_solve_engine_unknown(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	river_plan *plan = (river_plan *)1;
	river_diag diag;

	(void)state;
	assert_int_equal(river_solve_engine(&plan, p, "cplex", NULL, &diag),
			 RIVER_EINVAL);
	assert_null(plan);
	assert_string_equal(diag.message, "unknown engine 'cplex' (use bfs, "
					  "minizinc, z3, cbc or glpk)");
	assert_int_equal(river_solve_engine(NULL, p, "z3", NULL, &diag),
			 RIVER_EINVAL);
	/* "bfs" is the built-in search. */
	assert_int_equal(river_solve_engine(&plan, p, "bfs", NULL, &diag),
			 RIVER_OK);
	assert_string_equal(river_plan_engine(plan), "bfs");
	assert_int_equal(river_plan_crossings(plan), 7);
	assert_int_equal(river_plan_horizon(plan), 0);
	river_plan_free(plan);
	river_puzzle_free(p);
}

static void test_bfs_plan_says_its_engine(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	river_plan *plan;

	(void)state;
	assert_int_equal(river_solve(&plan, p, NULL, NULL), RIVER_OK);
	assert_string_equal(river_plan_engine(plan), "bfs");
	assert_true(river_plan_seconds(plan) >= 0.0);
	assert_null(river_plan_engine(NULL));
	river_plan_free(plan);
	river_puzzle_free(p);
}

/* ---- Checking a plan ---------------------------------------------------- */

static void verify_text(const char *puzzle, const char *plan,
			river_verdict *v)
{
	river_puzzle *p = unit_load(puzzle);
	river_diag diag;

	assert_int_equal(river_verify(v, p, plan, strlen(plan), "plan", &diag),
			 RIVER_OK);
	river_puzzle_free(p);
}

static void test_verify_legal_lines(void **state)
{
	river_verdict v = RIVER_VERDICT_INIT;

	(void)state;
	verify_text(WGC_TEXT, "farmer goat\nfarmer\nfarmer wolf\nfarmer goat\n"
			      "farmer cabbage\nfarmer\nfarmer goat\n", &v);
	assert_true(v.legal);
	assert_int_equal(v.crossings, 7);
	assert_int_equal(v.step, 0);
}

static void test_verify_first_illegal_step(void **state)
{
	river_verdict v = RIVER_VERDICT_INIT;

	(void)state;
	verify_text(WGC_TEXT, "farmer goat\nfarmer\nfarmer cabbage\nfarmer\n", &v);
	assert_false(v.legal);
	assert_int_equal(v.step, 4);
	assert_int_equal(v.crossings, 3);
	assert_string_equal(v.reason, "the goat is left with the cabbage on the "
				      "right bank (goat eats cabbage unless farmer)");
	verify_text(MC_TEXT, "2 cannibals\n1 cannibal\n4 cannibals\n", &v);
	assert_int_equal(v.step, 3);
	assert_string_equal(v.reason,
			    "there are not 4 cannibals on the left bank");
}

/* A plan that ends in a count is read within its length: the buffer
 * here has no NUL after it, so a read past the end is a sanitizer's or
 * valgrind's error. */
static void test_verify_reads_within_the_plan(void **state)
{
	static const char plan[] = "farmer goat\xC3\x97" "1";
	river_puzzle *p = unit_load(WGC_TEXT);
	size_t len = sizeof plan - 1;
	char *exact = malloc(len);
	river_verdict v = RIVER_VERDICT_INIT;
	river_diag diag;

	(void)state;
	memcpy(exact, plan, len);
	assert_int_equal(river_verify(&v, p, exact, len, NULL, &diag), RIVER_OK);
	assert_int_equal(v.crossings, 1);
	memcpy(exact, "farmer 2", 8);
	assert_int_equal(river_verify(&v, p, exact, 8, NULL, &diag),
			 RIVER_ESYNTAX);
	assert_string_equal(diag.message, "a count with no item after it");
	free(exact);
	river_puzzle_free(p);
}

static void test_verify_json_and_unreadable(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	const char *json = "{\"plan\": [{\"boat\": [\"farmer\", \"goat\"], "
			   "\"from\": \"left\"}]}";
	const char *bad = "farmer goat\nfarmer wolff\n";
	river_verdict v = RIVER_VERDICT_INIT;
	river_diag diag;

	(void)state;
	assert_int_equal(river_verify(&v, p, json, strlen(json), NULL, &diag),
			 RIVER_OK);
	assert_false(v.legal);
	assert_int_equal(v.crossings, 1);
	assert_int_equal(v.step, 0);
	assert_string_equal(v.reason, "after 1 crossing, the goal is not reached");
	assert_int_equal(river_verify(&v, p, bad, strlen(bad), "p.txt", &diag),
			 RIVER_ESYNTAX);
	assert_int_equal(diag.line, 2);
	assert_int_equal(diag.column, 8);
	assert_string_equal(diag.message,
			    "unknown item 'wolff' (did you mean 'wolf'?)");
	assert_int_equal(river_verify(NULL, p, bad, strlen(bad), NULL, &diag),
			 RIVER_EINVAL);
	river_puzzle_free(p);
}

/* A player's moves replayed: the banks where the player stands, the goal
 * not yet reached, and the crossing at fault left out. */
static void test_replay_partial_plans(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	const char *two = "farmer goat\nfarmer\n";
	const char *bad = "farmer goat\nfarmer\nfarmer cabbage\nfarmer\n";
	const char *all = "farmer goat\nfarmer\nfarmer wolf\nfarmer goat\n"
			  "farmer cabbage\nfarmer\nfarmer goat\n";
	river_plan *plan;
	river_verdict v = RIVER_VERDICT_INIT;
	river_diag diag;
	char *s;

	(void)state;
	assert_int_equal(river_replay(&plan, &v, p, "", 0, NULL, &diag),
			 RIVER_OK);
	assert_int_equal(river_plan_crossings(plan), 0);
	assert_false(river_plan_solved(plan));
	assert_int_equal(river_plan_boat_bank(plan, 0), RIVER_LEFT);
	river_plan_free(plan);

	assert_int_equal(river_replay(&plan, &v, p, two, strlen(two), NULL,
				      &diag), RIVER_OK);
	assert_int_equal(v.step, 0);
	assert_int_equal(river_plan_crossings(plan), 2);
	assert_false(river_plan_solved(plan));
	/* farmer, wolf, goat, cabbage: the goat is across, the boat back. */
	assert_int_equal(river_plan_boat_bank(plan, 2), RIVER_LEFT);
	assert_int_equal(river_plan_item_on(plan, 2, 2, RIVER_RIGHT), 1);
	assert_int_equal(river_plan_item_on(plan, 2, 1, RIVER_LEFT), 1);
	assert_int_equal(river_plan_render(&s, plan, RIVER_FORMAT_TEXT),
			 RIVER_OK);
	assert_non_null(strstr(s, "2 crossings played: the goal is not "
				  "reached yet."));
	river_free(s);
	assert_int_equal(river_plan_render(&s, plan, RIVER_FORMAT_JSON),
			 RIVER_OK);
	assert_non_null(strstr(s, "\"engine\": \"replay\""));
	assert_non_null(strstr(s, "\"states_explored\": null"));
	assert_non_null(strstr(s, "\"crossings\": 2"));
	river_free(s);
	river_plan_free(plan);

	/* The fourth crossing leaves the goat with the cabbage: three are
	 * kept, the boat on the right. */
	assert_int_equal(river_replay(&plan, &v, p, bad, strlen(bad), NULL,
				      &diag), RIVER_OK);
	assert_int_equal(v.step, 4);
	assert_int_equal(river_plan_crossings(plan), 3);
	assert_int_equal(river_plan_boat_bank(plan, 3), RIVER_RIGHT);
	river_plan_free(plan);

	assert_int_equal(river_replay(&plan, &v, p, all, strlen(all), NULL,
				      &diag), RIVER_OK);
	assert_true(v.legal);
	assert_true(river_plan_solved(plan));
	assert_int_equal(river_plan_crossings(plan), 7);
	river_plan_free(plan);

	assert_int_equal(river_replay(&plan, &v, p, "farmer wolff\n", 13,
				      "p", &diag), RIVER_ESYNTAX);
	assert_null(plan);
	assert_int_equal(diag.column, 8);
	assert_int_equal(river_replay(NULL, &v, p, "", 0, NULL, &diag),
			 RIVER_EINVAL);
	river_puzzle_free(p);
}

/* ---- NULL arguments ---------------------------------------------------- */

/* Every puzzle of the bad corpus (tests/bad) fails with the same status
 * whether or not the caller passes a diag, from a file and from text. */
static void test_bad_corpus_status_without_diag(void **state)
{
	const char *srcdir = getenv("srcdir");
	char dir[4096], path[4200];
	struct dirent *e;
	DIR *d;
	size_t n = 0;

	(void)state;
	snprintf(dir, sizeof dir, "%s/tests/bad", srcdir ? srcdir : ".");
	d = opendir(dir);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		river_puzzle *p = NULL;
		river_diag diag;
		char *text;
		long size;
		FILE *f;
		int with, without;

		if (len < 5 || strcmp(e->d_name + len - 4, ".puz") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		with = river_puzzle_load_file(&p, path, &diag);
		without = river_puzzle_load_file(&p, path, NULL);
		if (with != without || with == RIVER_OK)
			print_error("%s: %d with a diag, %d without\n", path,
				    with, without);
		assert_int_equal(with, without);
		assert_true(with < 0);
		assert_int_equal(diag.status, with);
		f = fopen(path, "rb");
		assert_non_null(f);
		assert_int_equal(fseek(f, 0, SEEK_END), 0);
		size = ftell(f);
		rewind(f);
		text = malloc((size_t)size + 1);
		assert_non_null(text);
		assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
		fclose(f);
		assert_int_equal(river_puzzle_load_string(&p, text, (size_t)size,
							  e->d_name, NULL), with);
		assert_null(p);
		free(text);
		n++;
	}
	closedir(d);
	assert_true(n >= 50);
}

static void test_load_with_null_arguments(void **state)
{
	river_puzzle *p = (river_puzzle *)1;
	river_diag diag;

	(void)state;
	assert_int_equal(river_puzzle_load_string(NULL, "x", 1, "n", &diag),
			 RIVER_EINVAL);
	assert_string_equal(diag.message, "invalid argument");
	assert_int_equal(diag.status, RIVER_EINVAL);
	assert_int_equal(river_puzzle_load_string(&p, NULL, 5, "n", &diag),
			 RIVER_EINVAL);
	assert_null(p);
	p = (river_puzzle *)1;
	assert_int_equal(river_puzzle_load_file(NULL, "x.puz", &diag),
			 RIVER_EINVAL);
	assert_int_equal(river_puzzle_load_file(&p, NULL, &diag), RIVER_EINVAL);
	assert_null(p);
	/* No diag is fine too. */
	assert_int_equal(river_puzzle_load_file(&p, NULL, NULL), RIVER_EINVAL);
	assert_int_equal(river_puzzle_load_string(&p, "x", 1, NULL, NULL),
			 RIVER_ESYNTAX);
}

static void test_load_null_text_of_length_zero_is_empty(void **state)
{
	river_puzzle *p = (river_puzzle *)1;
	river_diag diag;

	(void)state;
	assert_int_equal(river_puzzle_load_string(&p, NULL, 0, NULL, &diag),
			 RIVER_EPUZZLE);
	assert_null(p);
	assert_string_equal(diag.file, "<string>");
	assert_string_equal(diag.message,
			    "the puzzle is empty: it needs items and a boat");
}

static void test_puzzle_accessors_with_null(void **state)
{
	(void)state;
	assert_string_equal(river_puzzle_title(NULL), "");
	assert_string_equal(river_puzzle_description(NULL), "");
	assert_int_equal(river_puzzle_item_count(NULL), 0);
	assert_null(river_puzzle_item_name(NULL, 0));
	assert_null(river_puzzle_item_label(NULL, 0));
	assert_int_equal(river_puzzle_item_copies(NULL, 0), 0);
	assert_int_equal(river_puzzle_item_is_kind(NULL, 0), 0);
	assert_int_equal(river_puzzle_item_rows(NULL, 0), 0);
	assert_int_equal(river_puzzle_seats(NULL), 0);
	assert_int_equal(river_puzzle_rule_count(NULL), 0);
	assert_null(river_puzzle_rule_text(NULL, 0));
	assert_int_equal(river_puzzle_state_bits(NULL), 0);
	assert_true(river_puzzle_state_space(NULL) == 0.0);
}

static void test_solve_with_null_arguments(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	river_plan *plan = (river_plan *)1;
	river_diag diag;

	(void)state;
	assert_int_equal(river_solve(NULL, p, NULL, &diag), RIVER_EINVAL);
	assert_string_equal(diag.message, "invalid argument");
	assert_int_equal(river_solve(&plan, NULL, NULL, &diag), RIVER_EINVAL);
	assert_null(plan);
	assert_int_equal(river_solve(&plan, NULL, NULL, NULL), RIVER_EINVAL);
	river_puzzle_free(p);
}

static void test_plan_accessors_with_null(void **state)
{
	char *out = (char *)1;

	(void)state;
	assert_int_equal(river_plan_solved(NULL), 0);
	assert_int_equal(river_plan_states_explored(NULL), 0);
	assert_int_equal(river_plan_crossings(NULL), 0);
	assert_int_equal(river_plan_boat_bank(NULL, 0), RIVER_LEFT);
	assert_int_equal(river_plan_item_on(NULL, 0, 0, RIVER_LEFT), 0);
	assert_int_equal(river_plan_item_moved(NULL, 1, 0), 0);
	assert_int_equal(river_plan_render(&out, NULL, RIVER_FORMAT_TEXT),
			 RIVER_EINVAL);
	assert_null(out);
	assert_int_equal(river_plan_render(NULL, NULL, RIVER_FORMAT_JSON),
			 RIVER_EINVAL);
}

/* river_explain and its renderer refuse what they cannot take: no
 * out or no puzzle, no explanation, and SVG; the plan an explanation
 * holds is the puzzle's optimum. */
static void test_explain_arguments(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	river_explanation *e = (river_explanation *)1;
	river_diag diag;
	char *out = (char *)1;

	(void)state;
	assert_int_equal(river_explain(NULL, p, NULL, &diag), RIVER_EINVAL);
	assert_string_equal(diag.message, "invalid argument");
	assert_int_equal(river_explain(&e, NULL, NULL, NULL), RIVER_EINVAL);
	assert_null(e);
	assert_int_equal(river_explain_render(&out, NULL, RIVER_FORMAT_TEXT),
			 RIVER_EINVAL);
	assert_null(out);
	assert_null(river_explanation_plan(NULL));
	assert_int_equal(river_explain(&e, p, NULL, &diag), RIVER_OK);
	assert_true(river_plan_solved(river_explanation_plan(e)));
	assert_int_equal(river_plan_crossings(river_explanation_plan(e)), 7);
	out = (char *)1;
	assert_int_equal(river_explain_render(&out, e, RIVER_FORMAT_SVG),
			 RIVER_EINVAL);
	assert_null(out);
	river_explanation_free(e);
	river_puzzle_free(p);
}

static void test_free_functions_accept_null(void **state)
{
	(void)state;
	river_explanation_free(NULL);
	river_puzzle_free(NULL);
	river_plan_free(NULL);
	river_free(NULL);
	river_solve_options_init(NULL, RIVER_SOLVE_OPTIONS_VERSION);
	assert_string_equal(river_version(), RIVER_VERSION_STRING);
}

static void test_diag_format_with_null_diag(void **state)
{
	char buf[8] = "xyz";

	(void)state;
	assert_int_equal(river_diag_format(buf, sizeof buf, NULL), 0);
	assert_string_equal(buf, "");
	assert_int_equal(river_diag_format(NULL, 0, NULL), 0);
}

/*
 * Regression (lib/util/diag.c, river_diag_format): a NULL buf with a non-zero
 * size is written through (buf[0] = '\0', or snprintf into NULL), so
 * river_diag_format(NULL, 100, &diag) crashes with SIGSEGV instead of
 * only measuring (returning the length, as with size 0).
 */
static void test_diag_format_null_buffer_with_size(void **state)
{
	river_diag diag;

	(void)state;
	memset(&diag, 0, sizeof diag);
	snprintf(diag.message, sizeof diag.message, "boom");
	assert_int_equal(river_diag_format(NULL, 100, &diag),
			 (int)strlen("river: error: boom\n"));
	assert_int_equal(river_diag_format(NULL, 100, NULL), 0);
}

/* ---- Loading files and strings ---------------------------------------- */

static void test_load_file(void **state)
{
	char path[64];
	river_puzzle *p = NULL;
	river_diag diag;

	(void)state;
	temp_file(path, sizeof path, WGC_TEXT, strlen(WGC_TEXT));
	assert_int_equal(river_puzzle_load_file(&p, path, &diag), RIVER_OK);
	assert_string_equal(river_puzzle_title(p), "Wolf, goat and cabbage");
	river_puzzle_free(p);
	unlink(path);
}

/* Without a title line, the file's name stands in: its base name
 * without ".puz" for a file, the name given for text or a stream, and
 * "Untitled puzzle" without one. */
static void test_title_is_optional(void **state)
{
	static const char text[] = "items farmer\nboat seats 1\n";
	char dir[64], path[96];
	river_puzzle *p = NULL;
	river_diag diag;
	FILE *f;

	(void)state;
	snprintf(dir, sizeof dir, "/tmp/river-test-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/farm.puz", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	assert_int_equal(river_puzzle_load_file(&p, path, &diag), RIVER_OK);
	assert_string_equal(river_puzzle_title(p), "farm");
	river_puzzle_free(p);
	unlink(path);
	rmdir(dir);

	assert_int_equal(river_puzzle_load_string(&p, text, strlen(text),
						  "dir/ferry.puz", &diag),
			 RIVER_OK);
	assert_string_equal(river_puzzle_title(p), "ferry");
	river_puzzle_free(p);
	assert_int_equal(river_puzzle_load_string(&p, text, strlen(text),
						  "ferry.txt", NULL),
			 RIVER_OK);
	assert_string_equal(river_puzzle_title(p), "ferry.txt");
	river_puzzle_free(p);
	assert_int_equal(river_puzzle_load_string(&p, text, strlen(text), NULL,
						  &diag),
			 RIVER_OK);
	assert_string_equal(river_puzzle_title(p), "Untitled puzzle");
	river_puzzle_free(p);
	f = tmpfile();
	assert_non_null(f);
	fputs(text, f);
	rewind(f);
	assert_int_equal(river_puzzle_load_stream(&p, f, NULL, &diag), RIVER_OK);
	assert_string_equal(river_puzzle_title(p), "Untitled puzzle");
	river_puzzle_free(p);
	rewind(f);
	assert_int_equal(river_puzzle_load_stream(&p, f, "piped.puz", &diag),
			 RIVER_OK);
	assert_string_equal(river_puzzle_title(p), "piped");
	river_puzzle_free(p);
	fclose(f);
	/* A title line still wins. */
	assert_int_equal(river_puzzle_load_string(&p, WGC_TEXT, strlen(WGC_TEXT),
						  "dir/ferry.puz", &diag),
			 RIVER_OK);
	assert_string_equal(river_puzzle_title(p), "Wolf, goat and cabbage");
	river_puzzle_free(p);
}

static void test_load_file_error_names_the_file(void **state)
{
	static const char text[] = "title \"x\"\nitems a,\n  @\n";
	char path[64];
	river_puzzle *p = (river_puzzle *)1;
	river_diag diag;

	(void)state;
	temp_file(path, sizeof path, text, sizeof text - 1);
	assert_int_equal(river_puzzle_load_file(&p, path, &diag),
			 RIVER_ESYNTAX);
	assert_null(p);
	assert_string_equal(diag.file, path);
	assert_int_equal(diag.line, 3);
	assert_int_equal(diag.column, 3);
	assert_string_equal(diag.source_line, "  @");
	unlink(path);
}

static void test_load_missing_file(void **state)
{
	river_puzzle *p = (river_puzzle *)1;
	river_diag diag;

	(void)state;
	assert_int_equal(river_puzzle_load_file(&p, "/nonexistent/no.puz", &diag),
			 RIVER_EIO);
	assert_null(p);
	assert_int_equal(diag.status, RIVER_EIO);
	assert_string_equal(diag.message,
			    "cannot open: No such file or directory");
	assert_string_equal(diag.file, "/nonexistent/no.puz");
	assert_int_equal(diag.line, 0);
	assert_int_equal(diag.column, 0);
}

static void test_load_directory(void **state)
{
	river_puzzle *p = (river_puzzle *)1;
	river_diag diag;

	(void)state;
	assert_int_equal(river_puzzle_load_file(&p, "/tmp", &diag), RIVER_EIO);
	assert_null(p);
	assert_string_equal(diag.message, "cannot read: Is a directory");
	assert_string_equal(diag.file, "/tmp");
	assert_int_equal(diag.line, 0);
}

static void test_load_file_of_16_mib_is_read(void **state)
{
	char path[64];
	river_puzzle *p = NULL;
	river_diag diag;

	(void)state;
	/* Exactly the largest size: read, then refused as binary. */
	temp_file(path, sizeof path, NULL, (size_t)16 << 20);
	assert_int_equal(river_puzzle_load_file(&p, path, &diag),
			 RIVER_ESYNTAX);
	assert_string_equal(diag.message,
			    "this is binary data (a NUL byte), not puzzle text");
	assert_int_equal(diag.line, 1);
	assert_int_equal(diag.column, 1);
	unlink(path);
}

static void test_load_file_over_16_mib_is_refused(void **state)
{
	char path[64];
	river_puzzle *p = (river_puzzle *)1;
	river_diag diag;

	(void)state;
	temp_file(path, sizeof path, NULL, ((size_t)16 << 20) + 1);
	assert_int_equal(river_puzzle_load_file(&p, path, &diag), RIVER_EIO);
	assert_null(p);
	assert_string_equal(diag.message, "too large for a puzzle (over 16 MiB)");
	assert_string_equal(diag.file, path);
	unlink(path);
}

static void test_load_stream_with_null_arguments(void **state)
{
	river_puzzle *p = (river_puzzle *)1;
	river_diag diag;
	FILE *f = tmpfile();

	(void)state;
	assert_non_null(f);
	assert_int_equal(river_puzzle_load_stream(&p, NULL, NULL, &diag),
			 RIVER_EINVAL);
	assert_null(p);
	assert_string_equal(diag.message, "invalid argument");
	assert_string_equal(diag.file, "<stream>");
	assert_int_equal(river_puzzle_load_stream(NULL, f, "s", &diag),
			 RIVER_EINVAL);
	assert_int_equal(river_puzzle_load_stream(NULL, NULL, NULL, NULL),
			 RIVER_EINVAL);
	fclose(f);
}

static void test_load_stream_from_its_position_and_keeps_it_open(void **state)
{
	river_puzzle *p = NULL;
	river_diag diag;
	FILE *f = tmpfile();

	(void)state;
	assert_non_null(f);
	fputs("@ not read\n", f);
	fputs(WGC_TEXT, f);
	assert_int_equal(fseek(f, 11, SEEK_SET), 0);
	assert_int_equal(river_puzzle_load_stream(&p, f, "pipe", &diag),
			 RIVER_OK);
	assert_string_equal(river_puzzle_title(p), "Wolf, goat and cabbage");
	river_puzzle_free(p);
	/* Still open: read it again, from the start this time. */
	rewind(f);
	assert_int_equal(river_puzzle_load_stream(&p, f, "pipe", &diag),
			 RIVER_ESYNTAX);
	assert_null(p);
	assert_string_equal(diag.file, "pipe");
	assert_string_equal(diag.message, "unexpected character '@'");
	assert_int_equal(diag.line, 1);
	assert_int_equal(diag.column, 1);
	fclose(f);
}

static void test_load_stream_default_name(void **state)
{
	river_puzzle *p = NULL;
	river_diag diag;
	FILE *f = tmpfile();

	(void)state;
	assert_non_null(f);
	fputs("title \"x\"\n", f);
	rewind(f);
	assert_int_equal(river_puzzle_load_stream(&p, f, NULL, &diag),
			 RIVER_EPUZZLE);
	assert_string_equal(diag.file, "<stream>");
	assert_string_equal(diag.message,
			    "the puzzle has no items (add a line such as: items "
			    "farmer, wolf)");
	fclose(f);
}

static void test_load_stream_read_error(void **state)
{
	river_puzzle *p = (river_puzzle *)1;
	river_diag diag;
	FILE *f = fopen("/dev/null", "w");

	(void)state;
	assert_non_null(f);
	assert_int_equal(river_puzzle_load_stream(&p, f, "out", &diag),
			 RIVER_EIO);
	assert_null(p);
	assert_string_equal(diag.message, "cannot read: Bad file descriptor");
	assert_string_equal(diag.file, "out");
	fclose(f);
}

static void test_load_stream_over_16_mib_is_refused(void **state)
{
	river_puzzle *p = (river_puzzle *)1;
	river_diag diag;
	FILE *f = tmpfile();

	(void)state;
	assert_non_null(f);
	assert_int_equal(ftruncate(fileno(f), ((off_t)16 << 20) + 1), 0);
	assert_int_equal(river_puzzle_load_stream(&p, f, NULL, &diag),
			 RIVER_EIO);
	assert_null(p);
	assert_string_equal(diag.message, "too large for a puzzle (over 16 MiB)");
	assert_string_equal(diag.file, "<stream>");
	fclose(f);
}

/* text in a buffer of exactly len bytes, no NUL after it, so that
 * valgrind sees any read past the end. */
static char *exact_copy(const char *text, size_t len)
{
	char *copy = malloc(len);

	assert_non_null(copy);
	memcpy(copy, text, len);
	return copy;
}

static void test_load_string_stops_at_len(void **state)
{
	static const char text[] = WGC_TEXT "@@ garbage \xff";
	size_t len = strlen(WGC_TEXT);
	char *copy = exact_copy(text, len);
	river_puzzle *p = NULL;
	river_diag diag;

	(void)state;
	assert_int_equal(river_puzzle_load_string(&p, copy, len, "s", &diag),
			 RIVER_OK);
	assert_int_equal(river_puzzle_rule_count(p), 2);
	river_puzzle_free(p);
	/* The same bytes with their garbage are refused. */
	assert_int_equal(river_puzzle_load_string(&p, text, sizeof text - 1,
						  "s", &diag), RIVER_ESYNTAX);
	free(copy);
}

static void test_load_string_number_cut_at_len(void **state)
{
	static const char text[] = "title \"x\"\nitems a\nboat seats 29";
	size_t len = sizeof text - 2; /* "... seats 2" */
	char *copy = exact_copy(text, len);
	river_puzzle *p = NULL;
	river_diag diag;

	(void)state;
	assert_int_equal(river_puzzle_load_string(&p, copy, len, "s", &diag),
			 RIVER_OK);
	assert_int_equal(river_puzzle_seats(p), 2);
	river_puzzle_free(p);
	free(copy);
}

static void test_load_string_error_at_len(void **state)
{
	static const char text[] = "title \"abc\"\n";
	size_t len = 10; /* title "abc */
	char *copy = exact_copy(text, len);
	river_puzzle *p = NULL;
	river_diag diag;

	(void)state;
	assert_int_equal(river_puzzle_load_string(&p, copy, len, "s", &diag),
			 RIVER_ESYNTAX);
	assert_string_equal(diag.message,
			    "unterminated string: a string ends with \" on the same line");
	assert_int_equal(diag.column, 7);
	assert_string_equal(diag.source_line, "title \"abc");
	free(copy);
}

/* ---- Puzzle accessors --------------------------------------------------- */

static void test_item_accessors(void **state)
{
	river_puzzle *p = unit_load(PLAIN_TEXT);

	(void)state;
	assert_int_equal(river_puzzle_item_count(p), 3);
	assert_string_equal(river_puzzle_item_name(p, 0), "ferryman");
	assert_string_equal(river_puzzle_item_name(p, 1), "sheep");
	assert_string_equal(river_puzzle_item_name(p, 2), "wolf");
	assert_null(river_puzzle_item_name(p, 3));
	assert_string_equal(river_puzzle_item_label(p, 0), "");
	assert_string_equal(river_puzzle_item_label(p, 2), "🐺");
	assert_null(river_puzzle_item_label(p, 3));
	assert_int_equal(river_puzzle_item_copies(p, 0), 1);
	assert_int_equal(river_puzzle_item_copies(p, 1), 2);
	assert_int_equal(river_puzzle_item_copies(p, 3), 0);
	assert_int_equal(river_puzzle_item_is_kind(p, 0), 0);
	assert_int_equal(river_puzzle_item_is_kind(p, 1), 1);
	assert_int_equal(river_puzzle_item_is_kind(p, 3), 0);
	assert_int_equal(river_puzzle_item_rows(p, 0), 1);
	assert_int_equal(river_puzzle_item_rows(p, 1), 0);
	assert_int_equal(river_puzzle_item_rows(p, 2), 0);
	assert_int_equal(river_puzzle_item_rows(p, 3), 0);
	river_puzzle_free(p);
}

static void test_puzzle_summary_accessors(void **state)
{
	river_puzzle *p = unit_load(PLAIN_TEXT);

	(void)state;
	assert_string_equal(river_puzzle_title(p), "Plain");
	assert_string_equal(river_puzzle_description(p), "");
	assert_int_equal(river_puzzle_seats(p), 3);
	assert_int_equal(river_puzzle_rule_count(p), 1);
	assert_string_equal(river_puzzle_rule_text(p, 0),
			    "wolf eats sheep unless ferryman");
	assert_null(river_puzzle_rule_text(p, 1));
	/* ferryman, wolf, boat, and 2 bits for 0-2 sheep */
	assert_int_equal(river_puzzle_state_bits(p), 5);
	assert_true(river_puzzle_state_space(p) == 24.0);
	river_puzzle_free(p);
}

static void test_state_bits_and_space(void **state)
{
	river_puzzle *wgc = unit_load(WGC_TEXT);
	river_puzzle *mc = unit_load(MC_TEXT);

	(void)state;
	assert_int_equal(river_puzzle_state_bits(wgc), 5);
	assert_true(river_puzzle_state_space(wgc) == 32.0);
	assert_int_equal(river_puzzle_state_bits(mc), 5);
	assert_true(river_puzzle_state_space(mc) == 32.0);
	assert_string_equal(river_puzzle_item_name(mc, 1), "cannibals");
	assert_int_equal(river_puzzle_item_copies(mc, 1), 3);
	assert_int_equal(river_puzzle_item_rows(mc, 1), 1);
	river_puzzle_free(wgc);
	river_puzzle_free(mc);
}

/* ---- Solving ------------------------------------------------------------- */

static void test_options_init_gives_defaults(void **state)
{
	river_solve_options opts;

	(void)state;
	memset(&opts, 0xA5, sizeof opts);
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	assert_int_equal(opts.max_states, 0);
	assert_null(opts.progress);
	assert_null(opts.userdata);
}

static void test_solve_with_default_options(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	river_plan *plan = solve(p);

	(void)state;
	assert_int_equal(river_plan_solved(plan), 1);
	assert_int_equal(river_plan_crossings(plan), 7);
	assert_int_equal(river_plan_states_explored(plan), 10);
	river_plan_free(plan);
	river_puzzle_free(p);
}

static void test_solve_limit_gives_no_plan(void **state)
{
	river_puzzle *p = unit_load(MC_TEXT);
	river_plan *plan = (river_plan *)1;
	river_solve_options opts;
	river_diag diag;

	(void)state;
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.max_states = 5;
	assert_int_equal(river_solve(&plan, p, &opts, &diag), RIVER_ELIMIT);
	assert_null(plan);
	assert_int_equal(diag.status, RIVER_ELIMIT);
	assert_string_equal(diag.message,
			    "the search stopped at its limit of 5 states");
	river_puzzle_free(p);
}

/* A failure with no place in the text still names the puzzle: every
 * function given one says which it was about. */
static void test_failures_name_the_puzzle(void **state)
{
	river_puzzle *p = unit_load(MC_TEXT);
	river_plan *plan = NULL;
	river_explanation *e = NULL;
	river_verdict v;
	river_solve_options opts;
	river_graph_options go;
	river_export_options eo;
	river_diag diag;
	char *out = NULL;

	(void)state;
	river_verdict_init(&v, RIVER_VERDICT_VERSION);
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.max_states = 5;
	assert_int_equal(river_solve(&plan, p, &opts, &diag), RIVER_ELIMIT);
	assert_string_equal(diag.file, "test.puz");
	assert_int_equal(diag.line, 0);
	assert_int_equal(river_explain(&e, p, &opts, &diag), RIVER_ELIMIT);
	assert_string_equal(diag.file, "test.puz");
	assert_int_equal(river_hint(&plan, &v, p, "", 0, "plan.txt", &opts,
				    &diag),
			 RIVER_ELIMIT);
	assert_string_equal(diag.file, "test.puz");
	river_graph_options_init(&go, RIVER_GRAPH_OPTIONS_VERSION);
	go.max_states = 5;
	assert_int_equal(river_graph(&out, NULL, p, &go, &diag), RIVER_ELIMIT);
	assert_string_equal(diag.file, "test.puz");
	assert_int_equal(river_export(&out, p, "no-such-format", NULL, &diag),
			 RIVER_EINVAL);
	assert_string_equal(diag.file, "test.puz");
	river_export_options_init(&eo, RIVER_EXPORT_OPTIONS_VERSION);
	assert_int_equal(river_solve_engine(&plan, p, "no-such-engine", &eo,
					    &diag),
			 RIVER_EINVAL);
	assert_string_equal(diag.file, "test.puz");
	/* An error in the plan's text names the plan. */
	assert_int_equal(river_verify(&v, p, "wolff\n", 6, "plan.txt", &diag),
			 RIVER_ESYNTAX);
	assert_string_equal(diag.file, "plan.txt");
	/* No puzzle, no name. */
	assert_int_equal(river_solve(&plan, NULL, NULL, &diag), RIVER_EINVAL);
	assert_string_equal(diag.file, "");
	river_puzzle_free(p);
}

static void test_solve_too_big_gives_no_plan(void **state)
{
	char text[512];
	size_t len;
	river_puzzle *p;
	river_plan *plan = (river_plan *)1;
	river_solve_options opts;
	river_diag diag;
	unsigned i;

	(void)state;
	/* 22 who row, a boat for all: over 2^20 loads at the start. */
	len = (size_t)snprintf(text, sizeof text, "title \"x\"\nitems i0");
	for (i = 1; i < 22; i++)
		len += (size_t)snprintf(text + len, sizeof text - len, ", i%u", i);
	snprintf(text + len, sizeof text - len, "\nboat seats 22\n");
	p = unit_load(text);
	/* All alike: searched as written, as merged they take 23 loads. */
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.no_symmetry = 1;
	assert_int_equal(river_solve(&plan, p, &opts, &diag), RIVER_ETOOBIG);
	assert_null(plan);
	assert_int_equal(diag.status, RIVER_ETOOBIG);
	river_puzzle_free(p);
}

static void test_unsolvable_plan(void **state)
{
	river_puzzle *p = unit_load(MC44_TEXT);
	river_plan *plan = solve(p);

	(void)state;
	assert_int_equal(river_plan_solved(plan), 0);
	assert_int_equal(river_plan_crossings(plan), 0);
	assert_int_equal(river_plan_states_explored(plan), 11);
	assert_int_equal(river_plan_item_moved(plan, 1, 0), 0);
	river_plan_free(plan);
	river_puzzle_free(p);
}

/* ---- Walking a plan ------------------------------------------------------ */

static void test_walk_wgc_banks(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	river_plan *plan = solve(p);
	size_t k, i;

	(void)state;
	for (k = 0; k <= 7; k++) {
		assert_int_equal(river_plan_boat_bank(plan, k),
				 wgc_states[k] & 0x10 ? RIVER_RIGHT : RIVER_LEFT);
		for (i = 0; i < 4; i++) {
			unsigned right = wgc_states[k] >> i & 1;

			assert_int_equal(river_plan_item_on(plan, k, i,
							    RIVER_RIGHT), right);
			assert_int_equal(river_plan_item_on(plan, k, i,
							    RIVER_LEFT), 1 - right);
		}
	}
	river_plan_free(plan);
	river_puzzle_free(p);
}

static void test_walk_wgc_moves(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	river_plan *plan = solve(p);
	size_t k, i;

	(void)state;
	for (k = 1; k <= 7; k++) {
		for (i = 0; i < 4; i++) {
			unsigned changed = (wgc_states[k] ^ wgc_states[k - 1]) >> i & 1;

			assert_int_equal(river_plan_item_moved(plan, k, i), changed);
		}
		assert_int_equal(river_plan_item_moved(plan, k, 0), 1);
	}
	river_plan_free(plan);
	river_puzzle_free(p);
}

static void test_walk_mc_counts(void **state)
{
	river_puzzle *p = unit_load(MC_TEXT);
	river_plan *plan = solve(p);
	size_t k, i;

	(void)state;
	assert_int_equal(river_plan_crossings(plan), 11);
	assert_int_equal(river_plan_item_on(plan, 0, 0, RIVER_LEFT), 3);
	assert_int_equal(river_plan_item_on(plan, 11, 1, RIVER_RIGHT), 3);
	for (k = 0; k <= 11; k++) {
		unsigned moved = 0;

		assert_int_equal(river_plan_boat_bank(plan, k),
				 k % 2 ? RIVER_RIGHT : RIVER_LEFT);
		for (i = 0; i < 2; i++) {
			unsigned l = river_plan_item_on(plan, k, i, RIVER_LEFT);
			unsigned r = river_plan_item_on(plan, k, i, RIVER_RIGHT);

			assert_int_equal(l + r, 3);
			if (k > 0) {
				unsigned r0 = river_plan_item_on(plan, k - 1, i,
								 RIVER_RIGHT);

				assert_int_equal(river_plan_item_moved(plan, k, i),
						 r > r0 ? r - r0 : r0 - r);
				moved += river_plan_item_moved(plan, k, i);
			}
		}
		if (k > 0)
			assert_in_range(moved, 1, 2);
	}
	river_plan_free(plan);
	river_puzzle_free(p);
}

static void test_walk_out_of_range(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	river_plan *plan = solve(p);

	(void)state;
	/* State 7 has the boat on the right; 8 does not exist. */
	assert_int_equal(river_plan_boat_bank(plan, 7), RIVER_RIGHT);
	assert_int_equal(river_plan_boat_bank(plan, 8), RIVER_LEFT);
	assert_int_equal(river_plan_boat_bank(plan, (size_t)-1), RIVER_LEFT);
	assert_int_equal(river_plan_item_on(plan, 7, 0, RIVER_RIGHT), 1);
	assert_int_equal(river_plan_item_on(plan, 8, 0, RIVER_RIGHT), 0);
	assert_int_equal(river_plan_item_on(plan, 0, 4, RIVER_LEFT), 0);
	/* A bank that is neither: 0, not the left bank's count. */
	assert_int_equal(river_plan_item_on(plan, 0, 0, RIVER_LEFT), 1);
	assert_int_equal(river_plan_item_on(plan, 0, 0, (river_bank)7), 0);
	assert_int_equal(river_plan_item_on(plan, 0, 0, (river_bank)-1), 0);
	assert_int_equal(river_plan_item_on(plan, 7, 0, (river_bank)2), 0);
	assert_int_equal(river_plan_item_moved(plan, 0, 0), 0);
	assert_int_equal(river_plan_item_moved(plan, 7, 0), 1);
	assert_int_equal(river_plan_item_moved(plan, 8, 0), 0);
	assert_int_equal(river_plan_item_moved(plan, 1, 4), 0);
	river_plan_free(plan);
	river_puzzle_free(p);
}

/* ---- Rendering ------------------------------------------------------------ */

static void test_render_formats(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	river_plan *plan = solve(p);
	char *out = NULL;

	(void)state;
	assert_int_equal(river_plan_render(&out, plan, RIVER_FORMAT_TEXT),
			 RIVER_OK);
	unit_assert_prefix(out, "Wolf, goat and cabbage\n\nstep | ");
	river_free(out);
	assert_int_equal(river_plan_render(&out, plan, RIVER_FORMAT_JSON),
			 RIVER_OK);
	unit_assert_prefix(out, "{\n  \"title\": \"Wolf, goat and cabbage\",\n");
	assert_string_equal(out + strlen(out) - 7, "\n  ]\n}\n");
	river_free(out);
	out = (char *)1;
	assert_int_equal(river_plan_render(&out, plan, (river_format)7),
			 RIVER_EINVAL);
	assert_null(out);
	river_plan_free(plan);
	river_puzzle_free(p);
}

/* ---- Versions of the structures ------------------------------------------ */

/* The versions each structure is refused at: never initialised, and one
 * newer than the library knows. */
#define TOO_NEW(v) ((v) + 1)

/* rc and diag say that a type of that version is refused. */
static void assert_refused(int rc, const river_diag *diag, const char *type,
			   unsigned version)
{
	char want[512];

	snprintf(want, sizeof want,
		 "%s version %u is not one this library (%s) knows: "
		 "initialise it with %s_init", type, version, river_version(),
		 type);
	assert_int_equal(rc, RIVER_EVERSION);
	assert_int_equal(diag->status, RIVER_EVERSION);
	assert_string_equal(diag->message, want);
}

/* A structure of a known size with bytes after it: a sentinel that
 * the library must leave as it is. */
#define SENTINEL 0xA5
#define AFTER 64

static void assert_untouched(const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		assert_int_equal(p[i], SENTINEL);
}

/* Each _init function sets its version and the defaults, writes no
 * byte past the structure, and refuses (writing nothing) a NULL
 * structure, version 0 and a version newer than the library's. */
#define CHECK_INIT(type, init, current)                                  \
	do {                                                             \
		union {                                                  \
			unsigned char bytes[sizeof(type) + AFTER];       \
			type s;                                          \
		} u;                                                     \
		type want;                                               \
									 \
		memset(&u, SENTINEL, sizeof u);                          \
		assert_int_equal(init(NULL, current), RIVER_EINVAL);     \
		assert_int_equal(init(&u.s, 0), RIVER_EVERSION);         \
		assert_int_equal(init(&u.s, TOO_NEW(current)),           \
				 RIVER_EVERSION);                        \
		assert_untouched(u.bytes, sizeof u.bytes);               \
		assert_int_equal(init(&u.s, current), RIVER_OK);         \
		assert_int_equal(u.s.version, current);                  \
		assert_untouched(u.bytes + sizeof(type), AFTER);         \
		memset(&want, 0, sizeof want);                           \
		want.version = current;                                  \
		assert_memory_equal(&u.s, &want, sizeof want);           \
	} while (0)

static void test_init_sets_the_version(void **state)
{
	(void)state;
	CHECK_INIT(river_load_options, river_load_options_init,
		   RIVER_LOAD_OPTIONS_VERSION);
	CHECK_INIT(river_solve_options, river_solve_options_init,
		   RIVER_SOLVE_OPTIONS_VERSION);
	CHECK_INIT(river_export_options, river_export_options_init,
		   RIVER_EXPORT_OPTIONS_VERSION);
	CHECK_INIT(river_graph_options, river_graph_options_init,
		   RIVER_GRAPH_OPTIONS_VERSION);
	CHECK_INIT(river_verdict, river_verdict_init, RIVER_VERDICT_VERSION);
	CHECK_INIT(river_graph_info, river_graph_info_init,
		   RIVER_GRAPH_INFO_VERSION);
	CHECK_INIT(river_alcuin, river_alcuin_init, RIVER_ALCUIN_VERSION);
	CHECK_INIT(river_rating_info, river_rating_info_init,
		   RIVER_RATING_INFO_VERSION);
}

/* The RIVER_*_INIT initialisers give what the _init functions give. */
static void test_init_macros(void **state)
{
	river_load_options lo = RIVER_LOAD_OPTIONS_INIT;
	river_solve_options so = RIVER_SOLVE_OPTIONS_INIT;
	river_export_options eo = RIVER_EXPORT_OPTIONS_INIT;
	river_graph_options go = RIVER_GRAPH_OPTIONS_INIT;
	river_verdict v = RIVER_VERDICT_INIT;
	river_graph_info gi = RIVER_GRAPH_INFO_INIT;

	(void)state;
	assert_int_equal(lo.version, RIVER_LOAD_OPTIONS_VERSION);
	assert_null(lo.params);
	assert_int_equal(lo.n_params, 0);
	assert_true(lo.timeout == 0);
	assert_null(lo.cancel);
	assert_int_equal(so.version, RIVER_SOLVE_OPTIONS_VERSION);
	assert_int_equal(so.max_states, 0);
	assert_null(so.progress);
	assert_null(so.userdata);
	assert_int_equal(so.count, 0);
	assert_int_equal(so.max_plans, 0);
	assert_true(so.timeout == 0);
	assert_null(so.cancel);
	assert_int_equal(so.no_symmetry, 0);
	assert_int_equal(so.threads, 0);
	assert_int_equal(so.method, RIVER_METHOD_AUTO);
	assert_int_equal(eo.version, RIVER_EXPORT_OPTIONS_VERSION);
	assert_int_equal(eo.horizon, 0);
	assert_true(eo.lagrange == 0 && eo.timeout == 0);
	assert_null(eo.cancel);
	assert_int_equal(go.version, RIVER_GRAPH_OPTIONS_VERSION);
	assert_int_equal(go.max_nodes, 0);
	assert_int_equal(go.max_states, 0);
	assert_true(go.timeout == 0);
	assert_null(go.cancel);
	assert_int_equal(go.broken, 0);
	assert_int_equal(go.reduced, 0);
	assert_int_equal(v.version, RIVER_VERDICT_VERSION);
	assert_int_equal(v.legal, 0);
	assert_int_equal(v.crossings, 0);
	assert_int_equal(v.step, 0);
	assert_string_equal(v.reason, "");
	assert_int_equal(v.time, 0);
	assert_int_equal(gi.version, RIVER_GRAPH_INFO_VERSION);
	assert_int_equal(gi.states + gi.crossings + gi.broken + gi.depth +
			 gi.optimum + gi.plans, 0);
	assert_int_equal(gi.summary + gi.solved, 0);
}

/* Every function that takes options refuses them uninitialised or too
 * new, saying so, and takes NULL for the defaults. */
static void test_options_version_checked(void **state)
{
	static const river_sweep_axis axis = {"n", 1, 2, 1};
	static const unsigned bad[2][4] = {
		{0, 0, 0, 0},
		{TOO_NEW(RIVER_LOAD_OPTIONS_VERSION),
		 TOO_NEW(RIVER_SOLVE_OPTIONS_VERSION),
		 TOO_NEW(RIVER_EXPORT_OPTIONS_VERSION),
		 TOO_NEW(RIVER_GRAPH_OPTIONS_VERSION)}};
	river_puzzle *p = unit_load(WGC_TEXT);
	river_puzzle *loaded = (river_puzzle *)1;
	river_plan *plan = (river_plan *)1;
	river_explanation *e = (river_explanation *)1;
	river_sweep *s = (river_sweep *)1;
	river_verdict v = RIVER_VERDICT_INIT;
	char *dot = (char *)1, *model = (char *)1;
	river_diag diag;
	size_t k;

	(void)state;
	for (k = 0; k < 2; k++) {
		river_load_options lo = RIVER_LOAD_OPTIONS_INIT;
		river_solve_options so = RIVER_SOLVE_OPTIONS_INIT;
		river_export_options eo = RIVER_EXPORT_OPTIONS_INIT;
		river_graph_options go = RIVER_GRAPH_OPTIONS_INIT;

		lo.version = bad[k][0];
		so.version = bad[k][1];
		eo.version = bad[k][2];
		go.version = bad[k][3];
		assert_refused(river_puzzle_load_string_opts(
				       &loaded, WGC_TEXT, strlen(WGC_TEXT),
				       "wgc", &lo, &diag),
			       &diag, "river_load_options", lo.version);
		assert_null(loaded);
		loaded = (river_puzzle *)1;
		assert_refused(river_puzzle_load_file_opts(
				       &loaded, "/nonexistent.puz", &lo, &diag),
			       &diag, "river_load_options", lo.version);
		assert_null(loaded);
		assert_refused(river_solve(&plan, p, &so, &diag), &diag,
			       "river_solve_options", so.version);
		assert_null(plan);
		plan = (river_plan *)1;
		assert_refused(river_hint(&plan, &v, p, "", 0, "plan", &so,
					  &diag),
			       &diag, "river_solve_options", so.version);
		assert_null(plan);
		assert_refused(river_explain(&e, p, &so, &diag), &diag,
			       "river_solve_options", so.version);
		assert_null(e);
		assert_refused(river_sweep_run(&s, PARAM_TEXT,
					       strlen(PARAM_TEXT), "p", NULL,
					       0, &axis, 1, NULL, &so, &diag),
			       &diag, "river_solve_options", so.version);
		assert_null(s);
		assert_refused(river_export(&model, p, "lp", &eo, &diag),
			       &diag, "river_export_options", eo.version);
		assert_null(model);
		plan = (river_plan *)1;
		assert_refused(river_solve_engine(&plan, p, "bfs", &eo, &diag),
			       &diag, "river_export_options", eo.version);
		assert_null(plan);
		assert_refused(river_graph(&dot, NULL, p, &go, &diag), &diag,
			       "river_graph_options", go.version);
		assert_null(dot);
	}
	/* NULL: the defaults. */
	assert_int_equal(river_puzzle_load_string_opts(&loaded, WGC_TEXT,
						       strlen(WGC_TEXT), "wgc",
						       NULL, &diag),
			 RIVER_OK);
	river_puzzle_free(loaded);
	assert_int_equal(river_solve(&plan, p, NULL, &diag), RIVER_OK);
	river_plan_free(plan);
	assert_int_equal(river_hint(&plan, &v, p, "", 0, "plan", NULL, &diag),
			 RIVER_OK);
	river_plan_free(plan);
	assert_int_equal(river_explain(&e, p, NULL, &diag), RIVER_OK);
	river_explanation_free(e);
	assert_int_equal(river_sweep_run(&s, PARAM_TEXT, strlen(PARAM_TEXT),
					 "p", NULL, 0, &axis, 1, NULL, NULL,
					 &diag),
			 RIVER_OK);
	assert_int_equal(river_sweep_at(s, 0, 0)->version,
			 RIVER_SWEEP_POINT_VERSION);
	river_sweep_free(s);
	assert_int_equal(river_export(&model, p, "lp", NULL, &diag), RIVER_OK);
	river_free(model);
	assert_int_equal(river_solve_engine(&plan, p, "bfs", NULL, &diag),
			 RIVER_OK);
	river_plan_free(plan);
	assert_int_equal(river_graph(&dot, NULL, p, NULL, &diag), RIVER_OK);
	river_free(dot);
	river_puzzle_free(p);
}

/* A verdict or graph info to be filled: refused uninitialised or too
 * new, saying so; of the current version, written no further than its
 * members. */
/* river_solve_options as release 0.1.0's header laid it out, with no
 * version: a program built against it and run with this library (were
 * it to load libriver.so.1 at all) is refused with a clear error, not
 * misread, whether it left the options at their defaults (zeros, so
 * the version reads 0) or set a limit (whose low bits read as a version
 * no library has). */
struct solve_options_0_1 {
	unsigned long long max_states;
	void (*progress)(const river_progress *progress, void *userdata);
	void *userdata;
	int count;
	size_t max_plans;
	double timeout;
	const volatile sig_atomic_t *cancel;
	int no_symmetry;
	unsigned threads;
	int method;
};

static void test_previous_layout_refused(void **state)
{
	static const unsigned long long limits[] = {0, 5000000, 1ULL << 40};
	static const char text[] = "items farmer, goat\nboat seats 2\n";
	struct solve_options_0_1 old;
	river_puzzle *p = NULL;
	river_plan *plan = NULL;
	river_diag diag;
	size_t k;

	(void)state;
	assert_int_equal(river_puzzle_load_string(&p, text, strlen(text), "old",
						  &diag),
			 RIVER_OK);
	for (k = 0; k < sizeof limits / sizeof *limits; k++) {
		memset(&old, 0, sizeof old);
		old.max_states = limits[k];
		old.threads = 1;
		assert_int_equal(river_solve(&plan, p,
					     (const river_solve_options *)
						     (const void *)&old,
					     &diag),
				 RIVER_EVERSION);
		assert_null(plan);
		assert_non_null(strstr(diag.message, "river_solve_options "
						     "version"));
		assert_non_null(strstr(diag.message, "initialise it with "
						     "river_solve_options_init"));
	}
	river_puzzle_free(p);
}

static void test_out_structs_versioned(void **state)
{
	static const char plan_text[] = "farmer goat\nfarmer\n";
	static const unsigned bad[] = {0, TOO_NEW(RIVER_VERDICT_VERSION)};
	river_puzzle *p = unit_load(WGC_TEXT);
	union {
		unsigned char bytes[sizeof(river_verdict) + AFTER];
		river_verdict v;
	} u;
	union {
		unsigned char bytes[sizeof(river_graph_info) + AFTER];
		river_graph_info info;
	} g;
	river_plan *plan = (river_plan *)1;
	char *text = (char *)1;
	river_diag diag;
	size_t k;

	(void)state;
	for (k = 0; k < 2; k++) {
		memset(&u, SENTINEL, sizeof u);
		u.v.version = bad[k];
		assert_refused(river_verify(&u.v, p, plan_text,
					    strlen(plan_text), "plan", &diag),
			       &diag, "river_verdict", bad[k]);
		assert_refused(river_verify_svg(&text, &u.v, p, plan_text,
						strlen(plan_text), "plan",
						&diag),
			       &diag, "river_verdict", bad[k]);
		assert_null(text);
		assert_refused(river_replay(&plan, &u.v, p, plan_text,
					    strlen(plan_text), "plan", &diag),
			       &diag, "river_verdict", bad[k]);
		assert_null(plan);
		plan = (river_plan *)1;
		assert_refused(river_hint(&plan, &u.v, p, plan_text,
					  strlen(plan_text), "plan", NULL,
					  &diag),
			       &diag, "river_verdict", bad[k]);
		assert_null(plan);
		/* Nothing written past the version. */
		assert_int_equal(u.v.version, bad[k]);
		assert_untouched(u.bytes + sizeof u.v.version,
				 sizeof u.bytes - sizeof u.v.version);
		assert_int_equal(river_verdict_render(&text, &u.v, p, "plan",
						      0, RIVER_FORMAT_TEXT),
				 RIVER_EVERSION);
		assert_null(text);

		memset(&g, SENTINEL, sizeof g);
		g.info.version = bad[k];
		assert_refused(river_graph(&text, &g.info, p, NULL, &diag),
			       &diag, "river_graph_info", bad[k]);
		assert_null(text);
		assert_untouched(g.bytes + sizeof g.info.version,
				 sizeof g.bytes - sizeof g.info.version);
	}

	/* The current version: filled, the bytes after it left alone. */
	memset(&u, SENTINEL, sizeof u);
	u.v.version = RIVER_VERDICT_VERSION;
	assert_int_equal(river_verify(&u.v, p, plan_text, strlen(plan_text),
				      "plan", &diag),
			 RIVER_OK);
	assert_int_equal(u.v.version, RIVER_VERDICT_VERSION);
	assert_int_equal(u.v.legal, 0);
	assert_int_equal(u.v.crossings, 2);
	assert_int_equal(u.v.step, 0);
	assert_untouched(u.bytes + sizeof u.v, AFTER);
	memset(&u, SENTINEL, sizeof u);
	u.v.version = RIVER_VERDICT_VERSION;
	assert_int_equal(river_hint(&plan, &u.v, p, plan_text,
				    strlen(plan_text), "plan", NULL, &diag),
			 RIVER_OK);
	assert_int_equal(u.v.crossings, 2);
	assert_untouched(u.bytes + sizeof u.v, AFTER);
	river_plan_free(plan);
	assert_int_equal(river_verdict_render(&text, &u.v, p, "plan", 0,
					      RIVER_FORMAT_TEXT),
			 RIVER_OK);
	river_free(text);

	memset(&g, SENTINEL, sizeof g);
	g.info.version = RIVER_GRAPH_INFO_VERSION;
	assert_int_equal(river_graph(&text, &g.info, p, NULL, &diag),
			 RIVER_OK);
	river_free(text);
	assert_int_equal(g.info.version, RIVER_GRAPH_INFO_VERSION);
	assert_int_equal(g.info.states, 10);
	assert_untouched(g.bytes + sizeof g.info, AFTER);
	river_puzzle_free(p);
}

/* The Alcuin number's result is versioned as the verdict is; and the
 * graph of the wolf, the goat and the cabbage (a path: "Bg" in graph6)
 * is their puzzle. */
/* A rating's figures: refused uninitialised or too new, nothing
 * written; of the current version, written no further; wolf, goat and
 * cabbage's figures, which a person can count on the graph. */
static void test_rating(void **state)
{
	static const unsigned bad[] = {0, TOO_NEW(RIVER_RATING_INFO_VERSION)};
	union {
		unsigned char bytes[sizeof(river_rating_info) + AFTER];
		river_rating_info r;
	} u;
	river_puzzle *p = unit_load(WGC_TEXT);
	river_rating *r = NULL;
	river_diag diag;
	char *text = NULL;
	size_t k;

	(void)state;
	assert_int_equal(river_rate(&r, p, NULL, &diag), RIVER_OK);
	for (k = 0; k < 2; k++) {
		memset(&u, SENTINEL, sizeof u);
		u.r.version = bad[k];
		assert_int_equal(river_rating_get(r, &u.r), RIVER_EVERSION);
		assert_untouched(u.bytes + sizeof u.r.version,
				 sizeof u.bytes - sizeof u.r.version);
	}
	memset(&u, SENTINEL, sizeof u);
	u.r.version = RIVER_RATING_INFO_VERSION;
	assert_int_equal(river_rating_get(r, &u.r), RIVER_OK);
	assert_untouched(u.bytes + sizeof u.r, AFTER);
	assert_true(u.r.solved);
	assert_int_equal(u.r.optimum, 7);
	assert_int_equal(u.r.plans, 2);
	assert_int_equal(u.r.states, 10);
	assert_int_equal(u.r.dead_ends, 0);
	assert_int_equal(u.r.first_moves, 1);
	assert_int_equal(u.r.backward_fewest, 1);
	assert_int_equal(u.r.backward_most, 1);
	assert_int_equal(u.r.bottlenecks, 4);
	assert_int_equal(u.r.random_horizon, 14);
	assert_true(u.r.random_success > 0 && u.r.random_success < 1);
	assert_int_equal(river_rating_render(&text, r, RIVER_FORMAT_SVG),
			 RIVER_EINVAL);
	assert_null(text);
	assert_int_equal(river_rating_render(&text, r, RIVER_FORMAT_JSON),
			 RIVER_OK);
	assert_non_null(strstr(text, "\"bottlenecks\": 4"));
	river_free(text);
	assert_int_equal(river_rating_get(NULL, &u.r), RIVER_EINVAL);
	assert_int_equal(river_rate(NULL, p, NULL, &diag), RIVER_EINVAL);
	river_rating_free(r);
	river_rating_free(NULL);
	river_puzzle_free(p);
}

static void test_alcuin(void **state)
{
	static const unsigned bad[] = {0, TOO_NEW(RIVER_ALCUIN_VERSION)};
	union {
		unsigned char bytes[sizeof(river_alcuin) + AFTER];
		river_alcuin a;
	} u;
	river_diag diag;
	size_t k;

	(void)state;
	for (k = 0; k < 2; k++) {
		memset(&u, SENTINEL, sizeof u);
		u.a.version = bad[k];
		assert_refused(river_alcuin_graph6(&u.a, "Bg", 2, NULL, &diag),
			       &diag, "river_alcuin", bad[k]);
		assert_untouched(u.bytes + sizeof u.a.version,
				 sizeof u.bytes - sizeof u.a.version);
	}
	memset(&u, SENTINEL, sizeof u);
	u.a.version = RIVER_ALCUIN_VERSION;
	assert_int_equal(river_alcuin_graph6(&u.a, "Bg", 2, NULL, &diag),
			 RIVER_OK);
	assert_int_equal(u.a.version, RIVER_ALCUIN_VERSION);
	assert_int_equal(u.a.vertices, 3);
	assert_int_equal(u.a.edges, 2);
	assert_int_equal(u.a.cover, 1);
	assert_int_equal(u.a.alcuin, 1);
	assert_int_equal(u.a.crossings, 7);
	assert_untouched(u.bytes + sizeof u.a, AFTER);
	/* Not graph6: where, and nothing written. */
	memset(&u, SENTINEL, sizeof u);
	u.a.version = RIVER_ALCUIN_VERSION;
	assert_int_equal(river_alcuin_graph6(&u.a, "B g", 3, NULL, &diag),
			 RIVER_EINVAL);
	assert_int_equal(diag.column, 2);
	assert_untouched(u.bytes + sizeof u.a.version,
			 sizeof u.bytes - sizeof u.a.version);
	assert_int_equal(river_alcuin_graph6(NULL, "Bg", 2, NULL, &diag),
			 RIVER_EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_version),
		cmocka_unit_test(test_alcuin),
		cmocka_unit_test(test_status_values),
		cmocka_unit_test(test_strerror_every_code),
		cmocka_unit_test(test_params_defaults_and_overrides),
		cmocka_unit_test(test_params_errors),
		cmocka_unit_test(test_placements_default),
		cmocka_unit_test(test_placements_start_and_goal),
		cmocka_unit_test(test_export_lists_and_bad_arguments),
		cmocka_unit_test(test_export_default_horizon),
		cmocka_unit_test(test_export_horizon_too_big_to_count),
		cmocka_unit_test(test_export_models_name_every_item),
		cmocka_unit_test(test_export_renames_reserved_names),
		cmocka_unit_test(test_solve_engine_unknown),
		cmocka_unit_test(test_bfs_plan_says_its_engine),
		cmocka_unit_test(test_verify_legal_lines),
		cmocka_unit_test(test_verify_first_illegal_step),
		cmocka_unit_test(test_verify_json_and_unreadable),
		cmocka_unit_test(test_verify_reads_within_the_plan),
		cmocka_unit_test(test_replay_partial_plans),
		cmocka_unit_test(test_bad_corpus_status_without_diag),
		cmocka_unit_test(test_load_with_null_arguments),
		cmocka_unit_test(test_load_null_text_of_length_zero_is_empty),
		cmocka_unit_test(test_puzzle_accessors_with_null),
		cmocka_unit_test(test_solve_with_null_arguments),
		cmocka_unit_test(test_plan_accessors_with_null),
		cmocka_unit_test(test_explain_arguments),
		cmocka_unit_test(test_free_functions_accept_null),
		cmocka_unit_test(test_diag_format_with_null_diag),
		cmocka_unit_test(test_diag_format_null_buffer_with_size),
		cmocka_unit_test(test_load_file),
		cmocka_unit_test(test_title_is_optional),
		cmocka_unit_test(test_load_file_error_names_the_file),
		cmocka_unit_test(test_load_missing_file),
		cmocka_unit_test(test_load_directory),
		cmocka_unit_test(test_load_file_of_16_mib_is_read),
		cmocka_unit_test(test_load_file_over_16_mib_is_refused),
		cmocka_unit_test(test_load_stream_with_null_arguments),
		cmocka_unit_test(test_load_stream_from_its_position_and_keeps_it_open),
		cmocka_unit_test(test_load_stream_default_name),
		cmocka_unit_test(test_load_stream_read_error),
		cmocka_unit_test(test_load_stream_over_16_mib_is_refused),
		cmocka_unit_test(test_load_string_stops_at_len),
		cmocka_unit_test(test_load_string_number_cut_at_len),
		cmocka_unit_test(test_load_string_error_at_len),
		cmocka_unit_test(test_item_accessors),
		cmocka_unit_test(test_puzzle_summary_accessors),
		cmocka_unit_test(test_state_bits_and_space),
		cmocka_unit_test(test_options_init_gives_defaults),
		cmocka_unit_test(test_solve_with_default_options),
		cmocka_unit_test(test_solve_limit_gives_no_plan),
		cmocka_unit_test(test_failures_name_the_puzzle),
		cmocka_unit_test(test_rating),
		cmocka_unit_test(test_solve_too_big_gives_no_plan),
		cmocka_unit_test(test_unsolvable_plan),
		cmocka_unit_test(test_walk_wgc_banks),
		cmocka_unit_test(test_walk_wgc_moves),
		cmocka_unit_test(test_walk_mc_counts),
		cmocka_unit_test(test_walk_out_of_range),
		cmocka_unit_test(test_render_formats),
		cmocka_unit_test(test_load_options),
		cmocka_unit_test(test_init_sets_the_version),
		cmocka_unit_test(test_init_macros),
		cmocka_unit_test(test_options_version_checked),
		cmocka_unit_test(test_out_structs_versioned),
		cmocka_unit_test(test_previous_layout_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
