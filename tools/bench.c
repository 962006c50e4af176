/* river-bench: speed and memory targets, measured rather than assumed.
 * Each case solves a puzzle several times and keeps the median; the
 * whole-process case runs the river tool itself.  Each line says
 * whether its target was met; a shared machine makes timings noisy, so
 * the exit status is 1 only for a wrong answer or a gross regression:
 * a median over GROSS times its target.
 *
 * Usage: river-bench RIVER PUZZLEDIR */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <river.h>

enum { RUNS = 21 };

/* How far past its target a case must be to fail the run. */
#define GROSS 10.0

/* "ok", "MISSED" (slower than the target: noted, not a failure) or
 * "REGRESSED" (GROSS times slower: a failure). */
static const char *verdict(double seconds, double target)
{
	return seconds < target ? "ok" :
	       seconds < GROSS * target ? "MISSED" : "REGRESSED";
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, by_value);
	return t[n / 2];
}

struct bench_case {
	const char *name;
	const char *text;       /* puzzle text, or NULL to read file */
	const char *file;       /* under PUZZLEDIR */
	size_t crossings;       /* the known optimum */
	double target_seconds;  /* median solve time must stay below */
};

static const struct bench_case cases[] = {
	{"wolf, goat and cabbage", NULL, "wgc.puz", 7, 0.001},
	{"missionaries and cannibals, 3 and 3", NULL,
	 "missionaries-cannibals.puz", 11, 0.001},
	{"missionaries and cannibals, 20 and 20, boat of 4",
	 "title \"20\"\nitems 20 m, 20 c\nboat seats 4\n"
	 "c must not outnumber m\n", NULL, 37, 0.01},
	{"missionaries and cannibals, 3000 and 3000, boat of 5",
	 "title \"3000\"\nitems 3000 m, 3000 c\nboat seats 5\n"
	 "c must not outnumber m\n", NULL, 5993, 0.5},
};

static int load(river_puzzle **p, const struct bench_case *c,
		const char *dir)
{
	river_diag diag;
	char path[4096];
	int rc;

	if (c->text) {
		rc = river_puzzle_load_string(p, c->text, strlen(c->text),
					      c->name, &diag);
	} else {
		snprintf(path, sizeof path, "%s/%s", dir, c->file);
		rc = river_puzzle_load_file(p, path, &diag);
	}
	if (rc != RIVER_OK)
		fprintf(stderr, "river-bench: %s: %s\n", c->name, diag.message);
	return rc;
}

static int run_case(const struct bench_case *c, const char *dir)
{
	double t[RUNS];
	unsigned long long states = 0;
	size_t crossings = 0;
	river_puzzle *p;
	int i;

	if (load(&p, c, dir) != RIVER_OK)
		return 1;
	for (i = 0; i < RUNS; i++) {
		river_plan *plan;
		double start = now();

		if (river_solve(&plan, p, NULL, NULL) != RIVER_OK) {
			river_puzzle_free(p);
			return 1;
		}
		t[i] = now() - start;
		states = river_plan_states_explored(plan);
		crossings = river_plan_crossings(plan);
		river_plan_free(plan);
	}
	river_puzzle_free(p);
	{
		double m = median(t, RUNS);
		int right = crossings == c->crossings;

		printf("%-52s %6zu crossings %9llu states %10.6f s %12.0f states/s  %s (target < %g s)\n",
		       c->name, crossings, states, m, (double)states / m,
		       right ? verdict(m, c->target_seconds) : "WRONG ANSWER",
		       c->target_seconds);
		return !right || m >= GROSS * c->target_seconds;
	}
}

/* The whole process, as a user runs it: exec, load, solve, print. */
static int run_process(const char *river, const char *dir)
{
	const double target = 0.005;
	char path[4096];
	double t[RUNS], m;
	int i;

	snprintf(path, sizeof path, "%s/wgc.puz", dir);
	fflush(stdout); /* or each child would print it again */
	for (i = 0; i < RUNS; i++) {
		double start = now();
		pid_t pid = fork();
		int status;

		if (pid == 0) {
			if (!freopen("/dev/null", "w", stdout))
				_exit(127);
			execl(river, river, "solve", path, (char *)NULL);
			_exit(127);
		}
		if (pid < 0 || waitpid(pid, &status, 0) < 0 ||
		    !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			fprintf(stderr, "river-bench: cannot run %s\n", river);
			return 1;
		}
		t[i] = now() - start;
	}
	m = median(t, RUNS);
	printf("%-52s %10.6f s  %s (target < %g s)\n",
	       "whole process: river solve wgc.puz", m, verdict(m, target),
	       target);
	return m >= GROSS * target;
}

int main(int argc, char **argv)
{
	struct rusage ru;
	size_t i;
	int failed = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: river-bench RIVER PUZZLEDIR\n");
		return 2;
	}
	for (i = 0; i < sizeof cases / sizeof *cases; i++)
		failed += run_case(&cases[i], argv[2]);
	failed += run_process(argv[1], argv[2]);
	getrusage(RUSAGE_SELF, &ru);
	printf("peak memory of the solver runs: %ld KiB\n", ru.ru_maxrss);
	printf("%d case%s failed (a wrong answer, or %g times the target)\n",
	       failed, failed == 1 ? "" : "s", GROSS);
	return failed ? 1 : 0;
}
