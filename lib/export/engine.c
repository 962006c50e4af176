/* External engines: write the model, run the solver found on PATH, read
 * its answer back, and check the plan before anyone sees it. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "export/answer.h"
#include "plan/plan.h"
#include "util/clock.h"

extern char **environ;

struct engine {
	const char *name;
	const char *format;   /* the model it reads */
	const char *program;
	const char *package;  /* Debian's, for the "not installed" message */
	/* argv after the program; MODEL and ANSWER are replaced by paths */
	const char *args[8];
	bool answer_on_stdout;
	answer_reader read;
};

static const struct engine engines[] = {
	{"minizinc", "minizinc", "minizinc", "minizinc",
	 {"--solver", "gecode", "--output-mode", "json", "MODEL", NULL},
	 true, answer_minizinc},
	{"z3", "smt2", "z3", "z3", {"-smt2", "MODEL", NULL}, true, answer_z3},
	{"cbc", "lp", "cbc", "coinor-cbc",
	 {"MODEL", "solve", "solution", "ANSWER", NULL}, false, answer_cbc},
	{"glpk", "lp", "glpsol", "glpk-utils",
	 {"--lp", "MODEL", "-o", "ANSWER", NULL}, false, answer_glpk},
};

#define N_ENGINES (sizeof engines / sizeof engines[0])

const char *const *river_engines(void)
{
	static const char *names[N_ENGINES + 1];
	size_t i;

	for (i = 0; i < N_ENGINES; i++)
		names[i] = engines[i].name;
	return names;
}

static const struct engine *find_engine(const char *name)
{
	size_t i;

	for (i = 0; name && i < N_ENGINES; i++)
		if (strcmp(engines[i].name, name) == 0)
			return &engines[i];
	return NULL;
}

/* A private folder for the model and the answer. */
struct workdir {
	char dir[4096];
	char model[4200];
	char answer[4200];
	char output[4200];
	char errors[4200];
};

static int make_workdir(struct workdir *w, const char *format, river_diag *diag)
{
	const char *tmp = getenv("TMPDIR");

	if (!tmp || !*tmp)
		tmp = "/tmp";
	snprintf(w->dir, sizeof w->dir, "%s/river-XXXXXX", tmp);
	if (!mkdtemp(w->dir))
		return diag_set(diag, RIVER_EIO, NULL, NULL,
				"cannot make a temporary folder in %s: %s", tmp,
				strerror(errno));
	snprintf(w->model, sizeof w->model, "%s/model.%s", w->dir,
		 strcmp(format, "minizinc") == 0 ? "mzn" : format);
	snprintf(w->answer, sizeof w->answer, "%s/answer.txt", w->dir);
	snprintf(w->output, sizeof w->output, "%s/output.txt", w->dir);
	snprintf(w->errors, sizeof w->errors, "%s/errors.txt", w->dir);
	return RIVER_OK;
}

static void remove_workdir(const struct workdir *w)
{
	unlink(w->model);
	unlink(w->answer);
	unlink(w->output);
	unlink(w->errors);
	rmdir(w->dir);
}

static int write_file(const char *path, const char *text, river_diag *diag)
{
	FILE *f = fopen(path, "w");
	int ok;

	if (!f)
		return diag_set(diag, RIVER_EIO, NULL, NULL, "cannot write %s: %s",
				path, strerror(errno));
	ok = fputs(text, f) >= 0;
	ok &= fclose(f) == 0;
	return ok ? RIVER_OK
		  : diag_set(diag, RIVER_EIO, NULL, NULL, "cannot write %s",
			     path);
}

/* The file's text; NULL with errno ENOMEM when memory ran out. */
static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	struct buf b;
	char chunk[8192];
	size_t n;
	char *text;

	if (!f)
		return NULL;
	buf_init(&b);
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_putn(&b, chunk, n);
	fclose(f);
	text = buf_take(&b);
	if (!text)
		errno = ENOMEM;
	return text;
}

/* Run the engine with its standard output in w->output and its
 * warnings in w->errors. */
static int run(const struct engine *e, const struct workdir *w,
	       river_diag *diag)
{
	const char *argv[10];
	posix_spawn_file_actions_t actions;
	pid_t pid;
	int status, rc, i;

	argv[0] = e->program;
	for (i = 0; e->args[i]; i++)
		argv[i + 1] = strcmp(e->args[i], "MODEL") == 0 ? w->model :
			      strcmp(e->args[i], "ANSWER") == 0 ? w->answer :
			      e->args[i];
	argv[i + 1] = NULL;
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null",
					 O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, w->output,
					 O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, w->errors,
					 O_WRONLY | O_CREAT | O_TRUNC, 0600);
	rc = posix_spawnp(&pid, e->program, &actions, NULL,
			  (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&actions);
	if (rc == ENOENT)
		return diag_set(diag, RIVER_ENOENGINE, NULL, NULL,
				"the %s engine needs '%s', which is not installed "
				"(on Debian: apt-get install %s)",
				e->name, e->program, e->package);
	if (rc != 0)
		return diag_set(diag, RIVER_EENGINE, NULL, NULL,
				"cannot run %s: %s", e->program, strerror(rc));
	while (waitpid(pid, &status, 0) < 0) {
		/* With SIGCHLD ignored the child is reaped unseen: it has
		 * ended, and its files say how. */
		if (errno == ECHILD)
			return RIVER_OK;
		if (errno != EINTR)
			return diag_set(diag, RIVER_EENGINE, NULL, NULL,
					"lost %s: %s", e->program,
					strerror(errno));
	}
	if (!WIFEXITED(status))
		return diag_set(diag, RIVER_EENGINE, NULL, NULL,
				"%s was killed by signal %d", e->program,
				WTERMSIG(status));
	return RIVER_OK;
}

/* When an answer cannot be read, the engine's own complaint (its first
 * error line, on either stream) says more than river can. */
static bool find_complaint(const char *path, const struct engine *e,
			   river_diag *diag)
{
	char *text = read_text(path);
	char *line, *next;
	bool found = false;

	for (line = text; !found && line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (strstr(line, "rror") || strstr(line, "not valid")) {
			line += strspn(line, " *");
			diag_set(diag, RIVER_EENGINE, NULL, NULL, "%s failed: %s",
				 e->program, line);
			found = true;
		}
	}
	free(text);
	return found;
}

static void explain_failure(const struct engine *e, const struct workdir *w,
			    river_diag *diag)
{
	if (!find_complaint(w->errors, e, diag))
		find_complaint(w->output, e, diag);
}

/* Turn a checked answer into a plan. */
static int make_plan(river_plan **out, const river_puzzle *puzzle,
		     const struct engine *e, struct answer *ans,
		     unsigned horizon, bool bounds, river_diag *diag)
{
	struct plan_fault fault;
	river_plan *plan;

	if (!ans->infeasible &&
	    !plan_check(&puzzle->sys, ans->states, ans->n, &fault))
		return diag_set(diag, RIVER_EENGINE, NULL, NULL,
				"%s answered with an illegal plan (step %zu: %s)",
				e->name, fault.step, fault.reason);
	if (ans->infeasible && !bounds)
		return diag_set(diag, RIVER_ELIMIT, NULL, NULL,
				"%s found no plan of at most %u crossing%s; a "
				"longer one may exist (a longer horizon may find "
				"it)", e->name, horizon, horizon == 1 ? "" : "s");
	plan = calloc(1, sizeof *plan);
	if (!plan)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	if (ans->infeasible) {
		/* No plan within a bound on every plan: none at all. */
		ans->states = malloc(sizeof *ans->states);
		if (!ans->states) {
			free(plan);
			return diag_set(diag, RIVER_ENOMEM, NULL, NULL,
					"out of memory");
		}
		ans->states[0] = puzzle->sys.start;
		ans->n = 1;
	}
	plan->puzzle = puzzle;
	plan->solved = !ans->infeasible;
	plan->states = ans->states;
	plan->n_states = ans->n;
	plan->engine = e->name;
	plan->horizon = horizon;
	ans->states = NULL;
	*out = plan;
	return RIVER_OK;
}

static int solve_with(river_plan **out, const river_puzzle *puzzle,
		      const struct engine *e, struct export_ctx *ctx,
		      const char *model, river_diag *diag)
{
	struct workdir w;
	struct answer ans;
	struct timespec start;
	char *text;
	int rc;

	memset(&ans, 0, sizeof ans);
	rc = make_workdir(&w, e->format, diag);
	if (rc != RIVER_OK)
		return rc;
	rc = write_file(w.model, model, diag);
	start = clock_now();
	if (rc == RIVER_OK)
		rc = run(e, &w, diag);
	if (rc == RIVER_OK) {
		errno = 0;
		text = read_text(e->answer_on_stdout ? w.output : w.answer);
		if (!text && errno == ENOMEM)
			rc = diag_set(diag, RIVER_ENOMEM, NULL, NULL,
				      "out of memory");
		else if (!text)
			rc = diag_set(diag, RIVER_EENGINE, NULL, NULL,
				      "%s wrote no answer", e->program);
		else
			rc = e->read(ctx, text, &ans, diag);
		free(text);
		if (rc == RIVER_EENGINE && !ans.states)
			explain_failure(e, &w, diag);
	}
	if (rc == RIVER_OK)
		rc = make_plan(out, puzzle, e, &ans, ctx->horizon,
			       ctx->horizon_bounds, diag);
	if (rc == RIVER_OK)
		(*out)->seconds = clock_since(start);
	free(ans.states);
	remove_workdir(&w);
	return rc;
}

/* Write ctx's model at horizon h and solve it. */
static int solve_at(river_plan **out, const river_puzzle *puzzle,
		    const struct engine *e, struct export_ctx *ctx, unsigned h,
		    bool bounds, river_diag *diag)
{
	struct buf model;
	char *text;
	int rc;

	buf_init(&model);
	export_end(ctx); /* the names are made anew */
	ctx->out = &model;
	ctx->horizon = h;
	ctx->horizon_bounds = bounds;
	ctx->ask_each_end = strcmp(e->name, "z3") == 0;
	rc = export_find(e->format)(ctx);
	text = rc == RIVER_OK ? buf_take(&model) : NULL;
	if (rc == RIVER_OK && !text)
		rc = diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	if (rc == RIVER_OK)
		rc = solve_with(out, puzzle, e, ctx, text, diag);
	free(text);
	buf_release(&model);
	return rc;
}

/* The first horizon tried when the default is asked for. */
#define ENGINE_FIRST_HORIZON 8u

/* Is a plan found within horizon h optimal?  For crossings, always (the
 * engine minimised them, and a shorter plan fits in h); for time, when
 * no plan longer than h could take less, or be within the time limit. */
static bool optimal_within(const river_puzzle *puzzle, const river_plan *plan,
			   unsigned h)
{
	const struct model *m = &puzzle->model;
	unsigned long long longer = (h + 1ULL) * model_least_trip(m);

	return !m->minimize_time || river_plan_time(plan) <= longer ||
	       (m->has_time_limit && longer > m->time_limit);
}

/* The horizon to try after h, when a plan of time t was not known to be
 * optimal: far enough that a longer plan would take at least t. */
static unsigned next_horizon(const river_puzzle *puzzle, unsigned h,
			     unsigned long long t)
{
	unsigned long long least = model_least_trip(&puzzle->model);
	/* t <= (need + 1) * least */
	unsigned long long need = least && t > least ? (t + least - 1) / least - 1
						     : 0;

	return need > h + h / 2 && need < UINT_MAX ? (unsigned)need : h + h / 2;
}

int river_solve_engine(river_plan **out, const river_puzzle *puzzle,
		       const char *engine, const river_export_options *opts,
		       river_diag *diag)
{
	const struct engine *e = find_engine(engine);
	struct export_ctx ctx;
	struct timespec start = clock_now();
	unsigned bound, h;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !puzzle)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	if (engine && strcmp(engine, "bfs") == 0)
		return river_solve(out, puzzle, NULL, diag);
	if (!e)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"unknown engine '%s' (use bfs, minizinc, z3, cbc "
				"or glpk)", engine ? engine : "(null)");
	rc = export_begin(&ctx, puzzle, opts, NULL, e->format, diag);
	if (rc != RIVER_OK || (opts && opts->horizon)) {
		if (rc == RIVER_OK)
			rc = solve_at(out, puzzle, e, &ctx, ctx.horizon,
				      ctx.horizon_bounds, diag);
		export_end(&ctx);
		return rc;
	}
	/* With the default horizon, small models first: a plan found within
	 * a horizon h is optimal, as the engine minimises and any shorter
	 * plan fits in h too.  Only "no plan" needs the full bound. */
	bound = ctx.horizon;
	/* Under a time limit, no plan has more crossings than fit in it. */
	if (puzzle->model.has_time_limit && model_least_trip(&puzzle->model) &&
	    puzzle->model.time_limit / model_least_trip(&puzzle->model) < bound)
		bound = (unsigned)(puzzle->model.time_limit /
				   model_least_trip(&puzzle->model));
	for (h = ENGINE_FIRST_HORIZON; h < bound;) {
		rc = solve_at(out, puzzle, e, &ctx, h, false, diag);
		if (rc == RIVER_OK && !optimal_within(puzzle, *out, h)) {
			unsigned next = next_horizon(puzzle, h,
						     river_plan_time(*out));

			river_plan_free(*out);
			*out = NULL;
			h = next;
			continue;
		}
		if (rc != RIVER_ELIMIT)
			break;
		h += h / 2;
	}
	if (h >= bound)
		rc = solve_at(out, puzzle, e, &ctx, bound, true, diag);
	if (rc == RIVER_OK)
		(*out)->seconds = clock_since(start);
	export_end(&ctx);
	return rc;
}
