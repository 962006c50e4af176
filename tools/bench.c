/* river-bench: speed and memory targets, measured rather than assumed.
 * Each case solves a puzzle several times and keeps the median; the
 * whole-process case runs the river tool itself.  Exit status 1 when a
 * case misses its target (the targets leave room for a busy machine).
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
		int ok = crossings == c->crossings && m < c->target_seconds;

		printf("%-52s %6zu crossings %9llu states %10.6f s %12.0f states/s  %s (target < %g s)\n",
		       c->name, crossings, states, m, (double)states / m,
		       ok ? "ok" : "MISSED", c->target_seconds);
		return !ok;
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
	       "whole process: river solve wgc.puz", m,
	       m < target ? "ok" : "MISSED", target);
	return m >= target;
}

int main(int argc, char **argv)
{
	struct rusage ru;
	size_t i;
	int missed = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: river-bench RIVER PUZZLEDIR\n");
		return 2;
	}
	for (i = 0; i < sizeof cases / sizeof *cases; i++)
		missed += run_case(&cases[i], argv[2]);
	missed += run_process(argv[1], argv[2]);
	getrusage(RUSAGE_SELF, &ru);
	printf("peak memory of the solver runs: %ld KiB\n", ru.ru_maxrss);
	printf("%d target%s missed\n", missed, missed == 1 ? "" : "s");
	return missed ? 1 : 0;
}
