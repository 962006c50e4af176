/* river-bench: speed and memory, measured rather than assumed.
 *
 * Each case runs in a child process of its own, which solves its puzzle
 * several times: the line gives the median time, the states the search
 * reached, states per second and the bytes per state the child's peak
 * memory grew by while solving.  The puzzles are the classics and the
 * families of bench/families.h, generated at the size the case names;
 * the whole-process case runs the river tool itself.
 *
 * A shared machine makes timings noisy, so the exit status is 1 only for
 * a wrong answer (an optimum or a number of states other than the one a
 * closed form gives, or the one recorded below from the search) or a
 * gross regression: a median over GROSS times the case's target.  The
 * targets are the speeds of the search when the case was added, with
 * some room; the goals the search aims at are printed for reference.
 *
 * Usage: river-bench RIVER PUZZLEDIR [big]
 *        river-bench --puzzle PUZZLEDIR FAMILY N... [every]
 *        river-bench --promela FAMILY N... [every]
 * "big" runs the goals' own sizes instead, which takes minutes and much
 * memory; --puzzle and --promela print a family's puzzle text or its
 * Promela model (see bench/spin.sh). */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* wait4 */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <river.h>

#include "bench/families.h"

/* How far past its target a case must be to fail the run. */
#define GROSS 10.0

/* The answer of a puzzle that has no plan. */
#define NO_PLAN ULLONG_MAX

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
	const char *name;       /* a classic's name, or NULL for a family */
	const char *text;       /* its puzzle text, or NULL to read file */
	const char *file;       /* under PUZZLEDIR */
	const char *family;     /* or a family and size: bench/families.h */
	int count;              /* also count the optimal plans */
	int runs;               /* solves to take the median of */
	/* The right answers when no closed form gives them, recorded from
	 * the search (0: not checked): the states reached, and the fewest
	 * crossings (the least time for torch) or NO_PLAN.  The states are
	 * those of the search river chooses: the layers count the whole
	 * level of the goal, the least time only states cheaper than it. */
	unsigned long long states;
	unsigned long long answer;
	double target_seconds;  /* the median should stay below */
	unsigned threads;       /* of the search; 0: the online CPUs */
};

static const struct bench_case cases[] = {
	{"wolf, goat and cabbage", NULL, "wgc.puz", NULL, 0, 21, 10, 7, 0.001, 0},
	{"missionaries and cannibals 3", NULL, "missionaries-cannibals.puz",
	 NULL, 0, 21, 15, 11, 0.001, 0},
	{"missionaries and cannibals 20, boat 4",
	 "title \"20\"\nitems 20 m, 20 c\nboat seats 4\n"
	 "c must not outnumber m\n", NULL, NULL, 0, 21, 96, 37, 0.01, 0},
	{"missionaries and cannibals 3000, boat 5",
	 "title \"3000\"\nitems 3000 m, 3000 c\nboat seats 5\n"
	 "c must not outnumber m\n", NULL, NULL, 0, 5, 12025, 5993, 0.5, 0},
	{NULL, NULL, NULL, "star 18 2", 0, 3, 262146, 33, 0.5, 0},
	{NULL, NULL, NULL, "star 18 2", 1, 3, 262146, 33, 2.5, 0},
	{NULL, NULL, NULL, "star 20 2", 0, 3, 0, 0, 1.0, 0},
	{NULL, NULL, NULL, "star 20 2", 1, 3, 0, 0, 2.0, 0},
	{NULL, NULL, NULL, "star 20 2 every", 0, 3, 0, 0, 2.5, 0},
	{NULL, NULL, NULL, "chain 16 10 every", 0, 3, 0, 0, 0.6, 0},
	{NULL, NULL, NULL, "none 20 1 every", 0, 3, 0, 0, 1.0, 0},
	{NULL, NULL, NULL, "none 22 1", 0, 3, 0, 0, 1.0, 0},
	{NULL, NULL, NULL, "none 22 1", 1, 3, 0, 0, 2.0, 0},
	{NULL, NULL, NULL, "none 24 1 every", 0, 5, 0, 0, 4.0, 1},
	{NULL, NULL, NULL, "none 24 1 every", 0, 5, 0, 0, 2.5, 2},
	{NULL, NULL, NULL, "few 16 5 4 every", 0, 3, 0, 0, 0.8, 0},
	{NULL, NULL, NULL, "japanese 2 2", 0, 21, 75, 17, 0.01, 0},
	{NULL, NULL, NULL, "japanese 3 3 every", 0, 21, 22, 0, 0.01, 0},
	{NULL, NULL, NULL, "jealous 12 3", 0, 3, 29, NO_PLAN, 0.01, 0},
	{NULL, NULL, NULL, "jealous 100 4", 0, 3, 416, 197, 1.0, 0},
	{NULL, NULL, NULL, "torch 16", 0, 3, 12439, 0, 2.0, 0},
	/* Islands: the place search (lib/search/places.c). */
	{"four elopements (an island), counted", NULL, "four-elopements.puz",
	 NULL, 1, 5, 125, 16, 0.05, 0},
	{"jealous husbands 50, an island",
	 "title \"50\"\nparam n = 50\nitems husband[1..n], wife[1..n]\n"
	 "boat seats 2\nplaces left bank, island, right bank\n"
	 "the boat may go between left bank and island, island and right "
	 "bank\nfor i, j in 1..n where i != j: wife[i] must not be with "
	 "husband[j] unless husband[i] is there everywhere\n", NULL, NULL, 0,
	 3, 85270, 394, 1.0, 0},
	{"missionaries and cannibals 1000, an island",
	 "title \"1000\"\nitems 1000 m, 1000 c\nboat seats 2\n"
	 "places left bank, island, right bank\n"
	 "c must not outnumber m\n", NULL, NULL, 0, 3, 25979, 3999, 1.0, 0},
};

/* The goals' own sizes: minutes, and gigabytes for none 28. */
static const struct bench_case big_cases[] = {
	{NULL, NULL, NULL, "jealous 16 3", 0, 1, 37, NO_PLAN, 0.1, 0},
	{NULL, NULL, NULL, "jealous 14 4", 0, 1, 72, 25, 0.1, 0},
	{NULL, NULL, NULL, "star 22 2", 0, 1, 4194306, 41, 15, 0},
	{NULL, NULL, NULL, "star 22 2", 1, 1, 4194306, 41, 60, 0},
	{NULL, NULL, NULL, "star 26 2 every", 0, 1, 0, 0, 120, 0},
	{NULL, NULL, NULL, "chain 21 10 every", 0, 1, 0, 0, 40, 0},
	{NULL, NULL, NULL, "torch 22", 0, 1, 0, 0, 120, 0},
	{NULL, NULL, NULL, "none 28 1 every", 0, 1, 0, 0, 150, 1},
	{NULL, NULL, NULL, "none 28 1 every", 0, 1, 0, 0, 150, 2},
};

static const char *const goals[] = {
	"jealous husbands n=16 seats 3 (no plan), whole process: under 0.1 s"
	" (was 131,902 states, 22 s, 772 MB; 37 states with couples merged)",
	"jealous husbands n=100 seats 4, whole process: under 1 s",
	"jealous husbands n=14 seats 4: (was 91,701 states, 11 s; 72 states"
	" with couples merged)",
	"none 28 items boat 2, every state (2^29): at most 2.5 bits per state,"
	" under 30 s (was 537 M states, 84 s, 6.3 GB)",
	"a dense space: at least 20 M states/s per core, and near 2x that"
	" on 2 threads",
	"chain 21 items boat 11, every state: under 5 s"
	" (was 57,314 states, 22.5 s)",
	"star 22 boat 3: at least 10x faster than Spin's BFS, and less memory"
	" (star 26: was 67 M states, 67 s, 802 MB)",
	"--count: within 2x the time of solving",
	"bridge and torch, 22 walkers, least time: under 5 s",
};

/* What a child reports of its case. */
struct result {
	int status;             /* RIVER_OK or the solve's error */
	int solved;
	unsigned long long states, answer;
	double median;
	long base_kib;          /* its peak memory before the first solve */
	char message[512];
};

static int load(river_puzzle **p, const struct bench_case *c,
		const char *dir, char *msg, size_t size)
{
	river_diag diag;
	char path[4096];
	int rc;

	if (c->family) {
		struct family_size f;
		char *text;

		if (!family_parse_string(&f, c->family, msg, size))
			return RIVER_EINVAL;
		text = family_puzzle(&f, dir, msg, size);
		if (!text)
			return RIVER_ENOMEM;
		rc = river_puzzle_load_string(p, text, strlen(text), c->family,
					      &diag);
		free(text);
	} else if (c->text) {
		rc = river_puzzle_load_string(p, c->text, strlen(c->text),
					      c->name, &diag);
	} else {
		snprintf(path, sizeof path, "%s/%s", dir, c->file);
		rc = river_puzzle_load_file(p, path, &diag);
	}
	if (rc != RIVER_OK)
		snprintf(msg, size, "%s", diag.message);
	return rc;
}

/* In the child: load, solve c->runs times, report. */
static void measure(struct result *r, const struct bench_case *c,
		    const char *dir, double timeout)
{
	river_solve_options opts;
	struct rusage ru;
	double t[64];
	river_puzzle *p;
	int i, runs = c->runs < 64 ? c->runs : 64;

	memset(r, 0, sizeof *r);
	r->status = load(&p, c, dir, r->message, sizeof r->message);
	if (r->status != RIVER_OK)
		return;
	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.max_states = ULLONG_MAX;
	opts.count = c->count;
	opts.threads = c->threads;
	opts.timeout = timeout;
	/* The search itself, state by state: the families are made of
	 * interchangeable items, which the merge would take in a few.  The
	 * jealous husbands' goals are the merge of their couples. */
	opts.no_symmetry = !c->family || strncmp(c->family, "jealous ", 8) != 0;
	/* A puzzle of places is measured as river solve runs it. */
	if (river_puzzle_place_count(p) > 2 || river_puzzle_boat_count(p) > 1)
		opts.no_symmetry = 0;
	getrusage(RUSAGE_SELF, &ru);
	r->base_kib = ru.ru_maxrss;
	for (i = 0; i < runs; i++) {
		river_plan *plan;
		river_diag diag;
		double start = now();

		r->status = river_solve(&plan, p, &opts, &diag);
		if (r->status != RIVER_OK) {
			snprintf(r->message, sizeof r->message, "%s",
				 diag.message);
			break;
		}
		t[i] = now() - start;
		r->states = river_plan_states_explored(plan);
		r->solved = river_plan_solved(plan);
		r->answer = !r->solved ? NO_PLAN :
			    river_puzzle_minimizes_time(p) ?
			    river_plan_time(plan) : river_plan_crossings(plan);
		river_plan_free(plan);
	}
	river_puzzle_free(p);
	if (r->status == RIVER_OK)
		r->median = median(t, runs);
}

/* Run the case in a child; its peak memory comes back from wait4. */
static int run_child(struct result *r, long *peak_kib,
		     const struct bench_case *c, const char *dir,
		     double timeout)
{
	struct rusage ru;
	int fd[2], status;
	size_t got = 0;
	pid_t pid;

	fflush(stdout); /* or the child would print it again */
	if (pipe(fd) < 0)
		return -1;
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		struct result mine;
		const char *at = (const char *)&mine;
		size_t left = sizeof mine;

		close(fd[0]);
		measure(&mine, c, dir, timeout);
		while (left > 0) {
			ssize_t n = write(fd[1], at, left);

			if (n <= 0)
				_exit(1);
			at += n;
			left -= (size_t)n;
		}
		_exit(0);
	}
	close(fd[1]);
	while (got < sizeof *r) {
		ssize_t n = read(fd[0], (char *)r + got, sizeof *r - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd[0]);
	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR)
			return -1;
	if (got < sizeof *r || !WIFEXITED(status) || WEXITSTATUS(status))
		return -1;
	*peak_kib = ru.ru_maxrss;
	return 0;
}

static void case_name(char *buf, size_t size, const struct bench_case *c)
{
	char threads[32] = "";

	if (c->threads)
		snprintf(threads, sizeof threads, " --threads %u", c->threads);
	snprintf(buf, size, "%s%s%s", c->name ? c->name : c->family,
		 c->count ? " --count" : "", threads);
}

static void answer_text(char *buf, size_t size, unsigned long long a,
			int timed)
{
	if (a == NO_PLAN)
		snprintf(buf, size, "no plan");
	else
		snprintf(buf, size, "%llu %s", a, timed ? "time" : "crossings");
}

/* Run one case and print its line; 1 when it failed. */
static int run_case(const struct bench_case *c, const char *dir,
		    double timeout, double *median_out)
{
	unsigned long long want_states = c->states, want_answer = c->answer;
	const char *how = want_states || want_answer ? "recorded" : "-";
	char name[64], answer[48], per_state[32];
	struct result r;
	long peak;
	int timed = 0, right;

	*median_out = 0;
	if (c->family) {
		struct family_size f;
		char err[128];

		if (!family_parse_string(&f, c->family, err, sizeof err)) {
			fprintf(stderr, "river-bench: %s: %s\n", c->family, err);
			return 1;
		}
		if (family_states(&f)) {
			want_states = family_states(&f);
			how = "closed form";
		}
		if (family_optimum(&f)) {
			want_answer = family_optimum(&f);
			how = "closed form";
		}
		timed = f.family == FAMILY_TORCH;
	}
	case_name(name, sizeof name, c);
	if (run_child(&r, &peak, c, dir, timeout) < 0) {
		printf("%-40s the child failed\n", name);
		return 1;
	}
	if (r.status == RIVER_ETIMEOUT) {
		printf("%-40s not done in %g s\n", name, timeout);
		return 0;
	}
	if (r.status != RIVER_OK) {
		printf("%-40s %s: %s\n", name, river_strerror(r.status),
		       r.message);
		return 1;
	}
	*median_out = r.median;
	answer_text(answer, sizeof answer, r.answer, timed);
	/* Growth under a MiB is the allocator's noise, not the search's. */
	if (peak - r.base_kib >= 1024)
		snprintf(per_state, sizeof per_state, "%8.1f",
			 (double)(peak - r.base_kib) * 1024 / (double)r.states);
	else
		snprintf(per_state, sizeof per_state, "%8s", "-");
	right = (!want_states || r.states == want_states) &&
		(!want_answer || r.answer == want_answer);
	printf("%-40s %11llu %10.4f %11.0f %s %7.1f  %-15s %-11s %s (target < %g s)\n",
	       name, r.states, r.median, (double)r.states / r.median,
	       per_state, (double)peak / 1024, answer, how,
	       right ? verdict(r.median, c->target_seconds) : "WRONG ANSWER",
	       c->target_seconds);
	if (!right)
		printf("%-40s expected %llu states, answer %llu\n", "",
		       want_states, want_answer);
	return !right || r.median >= GROSS * c->target_seconds;
}

/* --count against the same puzzle solved without it. */
static void count_ratios(const struct bench_case *c, const double *m,
			 size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (c[i].count && !c[j].count && c[i].family &&
			    c[j].family && !strcmp(c[i].family, c[j].family) &&
			    c[i].threads == c[j].threads && m[i] > 0 && m[j] > 0)
				printf("%s: --count takes %.2fx the time of solving"
				       " (goal: at most 2x)\n", c[i].family,
				       m[i] / m[j]);
}

/* Two threads against one on the same puzzle. */
static void thread_ratios(const struct bench_case *c, const double *m,
			  size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (c[i].threads == 2 && c[j].threads == 1 &&
			    c[i].count == c[j].count && c[i].family &&
			    c[j].family && !strcmp(c[i].family, c[j].family) &&
			    m[i] > 0 && m[j] > 0)
				printf("%s: 2 threads search %.2fx as fast as 1"
				       " (goal: near 2x)\n", c[i].family,
				       m[j] / m[i]);
}

/* The whole process, as a user runs it: exec, load, solve, print. */
static int run_process(const char *river, const char *dir)
{
	const double target = 0.005;
	char path[4096];
	double t[21], m;
	int i, runs = 21;

	snprintf(path, sizeof path, "%s/wgc.puz", dir);
	fflush(stdout); /* or each child would print it again */
	for (i = 0; i < runs; i++) {
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
	m = median(t, runs);
	printf("%-40s %11s %10.4f %11s %8s %7s  %-15s %-11s %s (target < %g s)\n",
	       "whole process: river solve wgc", "", m, "", "", "", "", "",
	       verdict(m, target), target);
	return m >= GROSS * target;
}

static int print_family(int argc, char **argv, int promela)
{
	struct family_size f;
	char err[256], *text;
	int first = promela ? 2 : 3;

	if (argc < first + 1) {
		fprintf(stderr, "usage: river-bench %s FAMILY N... [every]\n",
			promela ? "--promela" : "--puzzle PUZZLEDIR");
		return 2;
	}
	if (!family_parse(&f, argv + first, err, sizeof err)) {
		fprintf(stderr, "river-bench: %s\n", err);
		return 2;
	}
	text = promela ? family_promela(&f, err, sizeof err) :
		family_puzzle(&f, argv[2], err, sizeof err);
	if (!text) {
		fprintf(stderr, "river-bench: %s\n", err);
		return 1;
	}
	fputs(text, stdout);
	free(text);
	return 0;
}

int main(int argc, char **argv)
{
	const struct bench_case *list = cases;
	size_t i, n = sizeof cases / sizeof *cases;
	double medians[sizeof cases / sizeof *cases +
		       sizeof big_cases / sizeof *big_cases];
	double timeout = 60;
	int failed = 0, big;

	if (argc >= 2 && !strcmp(argv[1], "--promela"))
		return print_family(argc, argv, 1);
	if (argc >= 2 && !strcmp(argv[1], "--puzzle"))
		return print_family(argc, argv, 0);
	big = argc == 4 && !strcmp(argv[3], "big");
	if ((argc != 3 && !big) || argv[1][0] == '-') {
		fprintf(stderr, "usage: river-bench RIVER PUZZLEDIR [big]\n"
			"       river-bench --puzzle PUZZLEDIR FAMILY N... [every]\n"
			"       river-bench --promela FAMILY N... [every]\n");
		return 2;
	}
	if (big) {
		list = big_cases;
		n = sizeof big_cases / sizeof *big_cases;
		timeout = 900;
	}
	printf("%-40s %11s %10s %11s %8s %7s  %-15s %-11s %s\n", "case",
	       "states", "median s", "states/s", "B/state", "peak MB",
	       "answer", "checked by", "verdict");
	for (i = 0; i < n; i++)
		failed += run_case(&list[i], argv[2], timeout, &medians[i]);
	if (!big)
		failed += run_process(argv[1], argv[2]);
	count_ratios(list, medians, n);
	thread_ratios(list, medians, n);
	printf("\nFamilies: see bench/families.h; \"every\": a goal no plan"
	       " reaches, so every state is visited.\nB/state: peak memory"
	       " growth of the case's process over the states reached.\n"
	       "The goals for the search, at their own sizes (make bench BENCH=big):\n");
	for (i = 0; i < sizeof goals / sizeof *goals; i++)
		printf("goal: %s\n", goals[i]);
	printf("%d case%s failed (a wrong answer, or %g times the target)\n",
	       failed, failed == 1 ? "" : "s", GROSS);
	return failed ? 1 : 0;
}
