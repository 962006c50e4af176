/* External engines: write the model, run the solver found on PATH, read
 * its answer back, and check the plan before anyone sees it. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "abi.h"
#include "engine/answer.h"
#include "plan/plan.h"
#include "check/check.h"
#include "search/places.h"
#include "util/clock.h"
#include "util/stop.h"

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
	/* The exit statuses it answers with (bit n for status n): z3 exits
	 * with 1 after any error, and the (get-model) that follows each
	 * unsat is one, which it names benign. */
	unsigned exits;
	const char *benign;
};

static const struct engine engines[] = {
	{"minizinc", "minizinc", "minizinc", "minizinc",
	 {"--solver", "gecode", "--output-mode", "json", "MODEL", NULL},
	 true, answer_minizinc, 1u << 0, NULL},
	{"z3", "smt2", "z3", "z3", {"-smt2", "MODEL", NULL}, true, answer_z3,
	 1u << 0 | 1u << 1, "model is not available"},
	{"cbc", "lp", "cbc", "coinor-cbc",
	 {"MODEL", "solve", "solution", "ANSWER", NULL}, false, answer_cbc,
	 1u << 0, NULL},
	{"glpk", "lp", "glpsol", "glpk-utils",
	 {"--lp", "MODEL", "-o", "ANSWER", NULL}, false, answer_glpk,
	 1u << 0, NULL},
};

/* The most river reads of each file the engine writes; past it the
 * engine is stopped. */
#define ENGINE_MAX_OUTPUT (64L << 20)
/* How long an engine asked to stop (SIGTERM) has before SIGKILL. */
#define ENGINE_GRACE_MS 1000
/* The longest nap between looks at a running engine. */
#define ENGINE_MAX_NAP_MS 20

#define N_ENGINES (sizeof engines / sizeof engines[0])

const char *const *river_engines(void)
{
	/* Constant, so that threads may call this at once: the names of
	 * engines[], in its order (tests/unit/test_api checks each). */
	static const char *const names[] = {"minizinc", "z3", "cbc", "glpk",
					    NULL};

	_Static_assert(sizeof names / sizeof names[0] == N_ENGINES + 1,
		       "one name for each engine");
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

/* A private folder for the model and the answer, and the engine's
 * TMPDIR (its own temporary files, such as MiniZinc's FlatZinc, go
 * there, so that removing the folder leaves nothing behind even when the
 * engine was stopped before it could clean up). */
struct workdir {
	char dir[4096];
	char model[4200];
	char answer[4200];
	char output[4200];
	char errors[4200];
	char tmp[4200];
};

/* Remove path and, if it is a folder, everything in it. */
static void remove_tree(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *ent;
	char sub[4400];

	if (lstat(path, &st) != 0)
		return;
	if (!S_ISDIR(st.st_mode)) {
		unlink(path);
		return;
	}
	d = opendir(path);
	while (d && (ent = readdir(d)) != NULL) {
		if (strcmp(ent->d_name, ".") == 0 || strcmp(ent->d_name, "..") == 0)
			continue;
		if (snprintf(sub, sizeof sub, "%s/%s", path, ent->d_name) <
		    (int)sizeof sub)
			remove_tree(sub);
	}
	if (d)
		closedir(d);
	rmdir(path);
}

/* The folder of a river process that no longer runs: a folder of
 * TMPDIR owned by this user, named river-PID-XXXXXX, whose PID is not a
 * running process.  (A folder whose PID is that of another process now
 * is kept.) */
static bool stale(const char *tmp, const char *name, char *path, size_t size)
{
	const char *p = name + strlen("river-");
	char *end;
	long pid;
	struct stat st;

	if (strncmp(name, "river-", strlen("river-")) != 0 ||
	    *p < '1' || *p > '9')
		return false;
	errno = 0;
	pid = strtol(p, &end, 10);
	if (errno || *end != '-' || strlen(end + 1) != 6 ||
	    pid <= 0 || (pid_t)pid != pid || pid == (long)getpid())
		return false;
	if (snprintf(path, size, "%s/%s", tmp, name) >= (int)size ||
	    lstat(path, &st) != 0 || !S_ISDIR(st.st_mode) ||
	    st.st_uid != geteuid())
		return false;
	return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* Remove what river processes killed before they could clean up left in
 * tmp (see stale). */
static void remove_stale(const char *tmp)
{
	DIR *d = opendir(tmp);
	struct dirent *ent;
	char path[4400];

	while (d && (ent = readdir(d)) != NULL)
		if (stale(tmp, ent->d_name, path, sizeof path))
			remove_tree(path);
	if (d)
		closedir(d);
}

static const char *tmp_folder(void)
{
	const char *tmp = getenv("TMPDIR");

	return tmp && *tmp ? tmp : "/tmp";
}

/* The folder is named for the process that makes it, so that the next
 * river can tell whether its owner still runs (see stale). */
static int make_workdir(struct workdir *w, const char *format, river_diag *diag)
{
	const char *tmp = tmp_folder();

	snprintf(w->dir, sizeof w->dir, "%s/river-%ld-XXXXXX", tmp,
		 (long)getpid());
	if (!mkdtemp(w->dir))
		return diag_set(diag, RIVER_EIO, NULL, NULL,
				"cannot make a temporary folder in %s: %s", tmp,
				strerror(errno));
	snprintf(w->model, sizeof w->model, "%s/model.%s", w->dir,
		 strcmp(format, "minizinc") == 0 ? "mzn" : format);
	snprintf(w->answer, sizeof w->answer, "%s/answer.txt", w->dir);
	snprintf(w->output, sizeof w->output, "%s/output.txt", w->dir);
	snprintf(w->errors, sizeof w->errors, "%s/errors.txt", w->dir);
	snprintf(w->tmp, sizeof w->tmp, "%s/tmp", w->dir);
	if (mkdir(w->tmp, 0700) != 0) {
		int err = errno;

		rmdir(w->dir);
		return diag_set(diag, RIVER_EIO, NULL, NULL,
				"cannot make a temporary folder in %s: %s",
				w->dir, strerror(err));
	}
	return RIVER_OK;
}

static void remove_workdir(const struct workdir *w)
{
	remove_tree(w->dir);
}

/* The environment for the engine: river's own, with TMPDIR set to the
 * private folder's.  A new array (free it) whose last string is the
 * new TMPDIR, owned by the array; NULL when memory runs out. */
static char **engine_environment(const struct workdir *w)
{
	size_t n = 0, k = 0, i;
	char **env;
	size_t len = strlen("TMPDIR=") + strlen(w->tmp) + 1;

	while (environ && environ[n])
		n++;
	env = malloc((n + 2) * sizeof *env + len);
	if (!env)
		return NULL;
	for (i = 0; i < n; i++)
		if (strncmp(environ[i], "TMPDIR=", 7) != 0)
			env[k++] = environ[i];
	env[k] = (char *)(env + n + 2);
	snprintf(env[k], len, "TMPDIR=%s", w->tmp);
	env[k + 1] = NULL;
	return env;
}

/* Wait, a second at most, until nothing is left of the engine's
 * process group (what it started and left behind included). */
static void await_group_gone(pid_t pid)
{
	long waited = 0;
	struct timespec t = {0, 10 * 1000000L};

	while (kill(-pid, 0) == 0 && waited < 1000) {
		kill(-pid, SIGKILL);
		nanosleep(&t, NULL);
		waited += 10;
	}
}

static int write_file(const char *path, const char *text, river_diag *diag)
{
	FILE *f = fopen(path, "w");
	int ok, err;

	if (!f)
		return diag_set(diag, RIVER_EIO, NULL, NULL, "cannot write %s: %s",
				path, strerror(errno));
	errno = 0;
	ok = fputs(text, f) >= 0;
	err = errno;
	if (fclose(f) != 0) {
		ok = 0;
		if (!err)
			err = errno;
	}
	return ok ? RIVER_OK
		  : diag_set(diag, RIVER_EIO, NULL, NULL, "cannot write %s: %s",
			     path, strerror(err ? err : EIO));
}

/* The file's text, at most ENGINE_MAX_OUTPUT bytes of it (*whole says
 * whether that was all); NULL when it cannot be read, with errno ENOMEM
 * when memory ran out. */
static char *read_text(const char *path, bool *whole)
{
	FILE *f = fopen(path, "rb");
	struct buf b;
	char chunk[8192];
	size_t n, total = 0;
	char *text;

	*whole = true;
	if (!f)
		return NULL;
	buf_init(&b);
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (total + n > (size_t)ENGINE_MAX_OUTPUT) {
			*whole = false;
			break;
		}
		buf_putn(&b, chunk, n);
		total += n;
	}
	fclose(f);
	text = buf_take(&b);
	if (!text)
		errno = ENOMEM;
	return text;
}

static bool too_big(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && st.st_size > ENGINE_MAX_OUTPUT;
}

static bool too_much_output(const struct workdir *w)
{
	return too_big(w->output) || too_big(w->errors) || too_big(w->answer);
}

static void nap(long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&t, NULL);
}

/* The watchdog: a shell that outlives river to end what river can no
 * longer end, when river is killed (SIGKILL, the OOM killer) while the
 * engine runs.  It reads lines from a socket of which river holds the
 * other end: the engine's process group when it starts, "-" once the
 * group is gone, "end" once the folder is removed.  When the socket
 * closes before "end" (river died: the kernel closed its end), it ends
 * the group it was given as river would (SIGTERM, a second's grace as
 * ENGINE_GRACE_MS, SIGKILL) and removes the folder, its only argument.
 * It ignores the signals a terminal sends, and runs in a process group
 * of its own, neither river's nor the engine's, so that what ends
 * either does not end it. */
static const char watchdog_script[] =
	"trap '' HUP INT QUIT TERM\n"
	"PATH=/bin:/usr/bin:$PATH\n"
	"g=\n"
	"while read -r line; do\n"
	"	case $line in\n"
	"	end) exit 0 ;;\n"
	"	-) g= ;;\n"
	"	''|*[!0-9]*) ;;\n"
	"	*) g=$line ;;\n"
	"	esac\n"
	"done\n"
	"if test -n \"$g\"; then\n"
	"	kill -TERM -$g\n"
	"	i=0\n"
	"	while kill -0 -$g && test $i -lt 10; do sleep 0.1; i=$((i + 1)); done\n"
	"	kill -KILL -$g\n"
	"	i=0\n"
	"	while kill -0 -$g && test $i -lt 10; do sleep 0.1; i=$((i + 1)); done\n"
	"fi\n"
	"rm -rf \"$1\"\n";

struct watchdog {
	pid_t pid;
	int fd;   /* river's end of the socket; -1 without a watchdog */
};

/* fd, or a copy of it above the standard streams (as the watchdog's
 * standard input would be closed by the file actions otherwise), close
 * on exec either way. */
static int cloexec_above_stdio(int fd)
{
	int high;

	if (fd > STDERR_FILENO) {
		fcntl(fd, F_SETFD, FD_CLOEXEC);
		return fd;
	}
	high = fcntl(fd, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
	close(fd);
	return high;
}

/* Start the watchdog of the folder w.  Both ends of the socket are
 * close-on-exec, so that neither the engine nor anything else river's
 * process starts holds them: the watchdog's end becomes its standard
 * input.  Without a shell, or without a socket, the engine runs without
 * a watchdog (the next river removes the folder: see remove_stale). */
static void watchdog_start(struct watchdog *wd, const struct workdir *w)
{
	const char *argv[] = {"sh", "-c", watchdog_script, "river-watchdog",
			      w->dir, NULL};
	posix_spawn_file_actions_t actions;
	posix_spawnattr_t attr;
	int sv[2], type = SOCK_STREAM, rc;

	wd->pid = -1;
	wd->fd = -1;
#ifdef SOCK_CLOEXEC
	type |= SOCK_CLOEXEC;
#endif
	if (socketpair(AF_UNIX, type, 0, sv) != 0)
		return;
	sv[0] = cloexec_above_stdio(sv[0]);
	sv[1] = cloexec_above_stdio(sv[1]);
	if (sv[0] < 0 || sv[1] < 0) {
		if (sv[0] >= 0)
			close(sv[0]);
		if (sv[1] >= 0)
			close(sv[1]);
		return;
	}
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_adddup2(&actions, sv[1], STDIN_FILENO);
	posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null",
					 O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null",
					 O_WRONLY, 0);
	posix_spawnattr_init(&attr);
	posix_spawnattr_setpgroup(&attr, 0);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
	rc = posix_spawn(&wd->pid, "/bin/sh", &actions, &attr,
			 (char *const *)argv, environ);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&actions);
	close(sv[1]);
	if (rc != 0) {
		close(sv[0]);
		wd->pid = -1;
		return;
	}
	wd->fd = sv[0];
}

/* Tell the watchdog a line; if it is gone, nothing (and no SIGPIPE). */
static void watchdog_tell(const struct watchdog *wd, const char *line)
{
	size_t n = strlen(line), done = 0;
	ssize_t r;

	while (wd->fd >= 0 && done < n) {
		r = send(wd->fd, line + done, n - done, MSG_NOSIGNAL);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return;
		done += (size_t)r;
	}
}

/* Reap the process pid, waiting ms at most; has it been reaped (or
 * been reaped unseen, with SIGCHLD ignored)? */
static bool reap_within(pid_t pid, long ms)
{
	long waited = 0;
	pid_t r;
	int status;

	for (;;) {
		r = waitpid(pid, &status, WNOHANG);
		if (r == pid || (r < 0 && errno == ECHILD))
			return true;
		if (r < 0 && errno != EINTR)
			return false;
		if (waited >= ms)
			return false;
		nap(10);
		waited += 10;
	}
}

/* The folder is gone: stand the watchdog down, and reap it (a second at
 * most, then SIGKILL and a second more). */
static void watchdog_end(struct watchdog *wd)
{
	if (wd->fd < 0)
		return;
	watchdog_tell(wd, "end\n");
	close(wd->fd);
	wd->fd = -1;
	if (!reap_within(wd->pid, 1000)) {
		kill(wd->pid, SIGKILL);
		reap_within(wd->pid, 1000);
	}
	wd->pid = -1;
}

/* End the engine's whole process group: SIGTERM, then after a grace
 * SIGKILL to whatever is left, and reap the engine. */
static void end_group(pid_t pid, int *status)
{
	pid_t r;
	long waited = 0;

	kill(-pid, SIGTERM);
	while ((r = waitpid(pid, status, WNOHANG)) == 0 &&
	       waited < ENGINE_GRACE_MS) {
		nap(10);
		waited += 10;
	}
	kill(-pid, SIGKILL);
	while (r == 0 && waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	await_group_gone(pid);
}

/* Run the engine, in a process group of its own, with its standard
 * output in w->output and its warnings in w->errors; *status is how it
 * ended (as waitpid says).  While it runs, stop says when to end it,
 * and so does too much output.  The watchdog wd is told the group. */
static int run(const struct engine *e, const struct workdir *w,
	       const struct watchdog *wd, const struct stop *stop,
	       int *status, river_diag *diag)
{
	const char *argv[10];
	posix_spawn_file_actions_t actions;
	posix_spawnattr_t attr;
	sigset_t defaults;
	pid_t pid, r;
	long wait_ms = 1;
	int rc, i;
	char **env = engine_environment(w);

	if (!env)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");

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
	/* Its own group, so that it can be ended whole; the signals that
	 * end it as they were by default. */
	posix_spawnattr_init(&attr);
	posix_spawnattr_setpgroup(&attr, 0);
	sigemptyset(&defaults);
	sigaddset(&defaults, SIGTERM);
	sigaddset(&defaults, SIGINT);
	sigaddset(&defaults, SIGHUP);
	sigaddset(&defaults, SIGPIPE);
	posix_spawnattr_setsigdefault(&attr, &defaults);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP |
				 POSIX_SPAWN_SETSIGDEF);
	rc = posix_spawnp(&pid, e->program, &actions, &attr,
			  (char *const *)argv, env);
	free(env);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&actions);
	if (rc == ENOENT)
		return diag_set(diag, RIVER_ENOENGINE, NULL, NULL,
				"the %s engine needs '%s', which is not installed "
				"(on Debian: apt-get install %s)",
				e->name, e->program, e->package);
	if (rc != 0)
		return diag_set(diag, RIVER_EENGINE, NULL, NULL,
				"cannot run %s: %s", e->program, strerror(rc));
	{
		char line[32];

		snprintf(line, sizeof line, "%ld\n", (long)pid);
		watchdog_tell(wd, line);
	}
	*status = 0;
	while ((r = waitpid(pid, status, WNOHANG)) != pid) {
		/* With SIGCHLD ignored the child is reaped unseen: it has
		 * ended, and its files say how. */
		if (r < 0 && errno == ECHILD)
			return RIVER_OK;
		if (r < 0 && errno != EINTR) {
			rc = errno;
			end_group(pid, status);
			return diag_set(diag, RIVER_EENGINE, NULL, NULL,
					"lost %s: %s", e->program, strerror(rc));
		}
		rc = stop_check(stop);
		if (rc == RIVER_OK && too_much_output(w))
			rc = RIVER_ELIMIT;
		if (rc != RIVER_OK) {
			char what[128];

			end_group(pid, status);
			if (rc == RIVER_ELIMIT)
				return diag_set(diag, rc, NULL, NULL,
						"%s wrote more than %ld MiB: "
						"river stopped it", e->program,
						ENGINE_MAX_OUTPUT >> 20);
			snprintf(what, sizeof what, "while %s was running: it "
				 "was stopped", e->program);
			return stop_diag(stop, rc, diag, what);
		}
		nap(wait_ms);
		if (wait_ms < ENGINE_MAX_NAP_MS)
			wait_ms *= 2;
	}
	/* What it started may still run. */
	kill(-pid, SIGKILL);
	await_group_gone(pid);
	if (WIFSIGNALED(*status)) {
		return diag_set(diag, RIVER_EENGINE, NULL, NULL,
				"%s failed: it was killed by signal %d (%s)",
				e->program, WTERMSIG(*status),
				strsignal(WTERMSIG(*status)));
	}
	return RIVER_OK;
}

/* The engine's own complaint (its first error line that is not
 * benign), which says more than river can: "PROGRAM failed: LINE",
 * then tail. */
static bool find_complaint(const char *path, const struct engine *e,
			   const char *tail, river_diag *diag)
{
	bool whole, found = false;
	char *text = read_text(path, &whole);
	char *line, *next;

	for (line = text; !found && line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if ((strstr(line, "rror") || strstr(line, "not valid")) &&
		    !(e->benign && strstr(line, e->benign))) {
			line += strspn(line, " *");
			diag_set(diag, RIVER_EENGINE, NULL, NULL,
				 "%s failed: %.300s%s", e->program, line, tail);
			found = true;
		}
	}
	free(text);
	return found;
}

/* Its complaint on standard error, else on standard output (unless the
 * answer is there: its reader has said what is wrong with it). */
static bool explain_failure(const struct engine *e, const struct workdir *w,
			    bool answer_read, const char *tail,
			    river_diag *diag)
{
	return find_complaint(w->errors, e, tail, diag) ||
	       ((!answer_read || !e->answer_on_stdout) &&
		find_complaint(w->output, e, tail, diag));
}

/* An exit status the engine does not answer with. */
static int bad_exit(const struct engine *e, const struct workdir *w,
		    int code, river_diag *diag)
{
	char tail[64];

	snprintf(tail, sizeof tail, "; it exited with status %d", code);
	if (!explain_failure(e, w, false, tail, diag))
		diag_set(diag, RIVER_EENGINE, NULL, NULL,
			 "%s failed: it exited with status %d", e->program,
			 code);
	return RIVER_EENGINE;
}

/* Turn a checked answer into a plan. */
static int make_plan(river_plan **out, const river_puzzle *puzzle,
		     const struct engine *e, struct answer *ans,
		     unsigned horizon, bool bounds, bool *none_within,
		     river_diag *diag)
{
	const struct model *m = &puzzle->model;
	struct plan_fault fault;
	river_plan *plan;

	if (!ans->infeasible &&
	    !(puzzle->places
		      ? plan_check_places(m, ans->rows, ans->n, NULL, &fault)
		      : plan_check(&puzzle->sys, ans->states, ans->n, &fault)))
		return diag_set(diag, RIVER_EENGINE, NULL, NULL,
				"%s answered with an illegal plan (step %zu: %s)",
				e->name, fault.step, fault.reason);
	*none_within = ans->infeasible && !bounds;
	if (*none_within)
		return diag_set(diag, RIVER_ELIMIT, NULL, NULL,
				"%s found no plan of at most %u crossing%s; a "
				"longer one may exist (a longer horizon may find "
				"it)", e->name, horizon, horizon == 1 ? "" : "s");
	plan = plan_new(puzzle, e->name);
	if (!plan)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	if (ans->infeasible && puzzle->places) {
		/* No plan within a bound on every plan: none at all. */
		ans->rows = malloc(places_row_width(m) * sizeof *ans->rows);
		if (ans->rows)
			places_row_of(m, &m->start, ans->rows);
		ans->n = 1;
	} else if (ans->infeasible) {
		ans->states = malloc(sizeof *ans->states);
		if (ans->states)
			ans->states[0] = puzzle->sys.start;
		ans->n = 1;
	}
	if (!ans->states && !ans->rows) {
		free(plan);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	plan->solved = !ans->infeasible;
	plan->states = ans->states;
	plan->at = ans->rows;
	plan->n_states = ans->n;
	plan->horizon = horizon;
	ans->states = NULL;
	ans->rows = NULL;
	*out = plan;
	return RIVER_OK;
}

/* Run the engine on model (ctx's, as written) and read its answer. */
static int ask(const struct engine *e, struct export_ctx *ctx,
	       const char *model, const struct stop *stop, struct answer *ans,
	       river_diag *diag)
{
	struct workdir w;
	struct watchdog wd;
	char *text = NULL;
	bool whole = true;
	int rc, status = 0;

	memset(ans, 0, sizeof *ans);
	rc = make_workdir(&w, e->format, diag);
	if (rc != RIVER_OK)
		return rc;
	watchdog_start(&wd, &w);
	rc = write_file(w.model, model, diag);
	if (rc == RIVER_OK) {
		rc = run(e, &w, &wd, stop, &status, diag);
		/* Nothing of the engine runs. */
		watchdog_tell(&wd, "-\n");
	}
	if (rc == RIVER_OK && WIFEXITED(status) &&
	    (WEXITSTATUS(status) >= 32 ||
	     !(e->exits >> WEXITSTATUS(status) & 1)))
		rc = bad_exit(e, &w, WEXITSTATUS(status), diag);
	if (rc == RIVER_OK) {
		errno = 0;
		text = read_text(e->answer_on_stdout ? w.output : w.answer,
				 &whole);
		if (!whole)
			rc = diag_set(diag, RIVER_ELIMIT, NULL, NULL,
				      "%s wrote more than %ld MiB: river read "
				      "no further", e->program,
				      ENGINE_MAX_OUTPUT >> 20);
		else if (!text && errno == ENOMEM)
			rc = diag_set(diag, RIVER_ENOMEM, NULL, NULL,
				      "out of memory");
		else if (!text)
			rc = diag_set(diag, RIVER_EENGINE, NULL, NULL,
				      "%s failed: it wrote no answer", e->program);
		else
			rc = e->read(ctx, text, ans, diag);
		if (rc == RIVER_EENGINE && !ans->states && !ans->rows)
			explain_failure(e, &w, text != NULL, "", diag);
	}
	free(text);
	remove_workdir(&w);
	watchdog_end(&wd);
	if (rc != RIVER_OK) {
		free(ans->states);
		free(ans->rows);
		ans->states = NULL;
		ans->rows = NULL;
	}
	return rc;
}

/* Write ctx's model as it is set up, and run the engine on it. */
static int write_and_ask(const struct engine *e, struct export_ctx *ctx,
			 const struct stop *stop, struct answer *ans,
			 river_diag *diag)
{
	struct buf model;
	char *text;
	int rc;

	memset(ans, 0, sizeof *ans);
	buf_init(&model);
	ctx->out = &model;
	rc = export_find(e->format)(ctx);
	text = rc == RIVER_OK ? buf_take(&model) : NULL;
	if (rc == RIVER_OK && !text)
		rc = diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	if (rc == RIVER_OK)
		rc = ask(e, ctx, text, stop, ans, diag);
	free(text);
	buf_release(&model);
	return rc;
}

/* Ask the engine, and make its answer a plan (see make_plan). */
static int solve_once(river_plan **out, const river_puzzle *puzzle,
		      const struct engine *e, struct export_ctx *ctx,
		      const struct stop *stop, bool *none_within,
		      river_diag *diag)
{
	struct answer ans;
	int rc = write_and_ask(e, ctx, stop, &ans, diag);

	if (rc == RIVER_OK)
		rc = make_plan(out, puzzle, e, &ans, ctx->horizon,
			       ctx->horizon_bounds, none_within, diag);
	free(ans.states);
	free(ans.rows);
	return rc;
}

/* The least time within ctx's horizon, from Z3, whose optimiser river
 * does not trust: a first plan (known, when a smaller horizon found
 * one), then a run for each bound on the total time, one less than the
 * time of the best plan so far (as the plan checker counts it, not the
 * model), until the engine proves that none is quicker.  A failure of
 * any run is the answer. */
static int least_time(river_plan **out, const river_puzzle *puzzle,
		      const struct engine *e, struct export_ctx *ctx,
		      river_plan *known, const struct stop *stop,
		      bool *none_within, river_diag *diag)
{
	/* Every plan has a crossing, none quicker than this. */
	unsigned long long least = model_least_trip(&puzzle->model);
	struct timespec start = clock_now();
	river_plan *best = known, *plan;
	struct answer ans;
	int rc = RIVER_OK;

	ctx->ask_time_bound = true;
	ctx->time_bound = EXPORT_NO_TIME_BOUND;
	if (!best)
		rc = solve_once(&best, puzzle, e, ctx, stop, none_within, diag);
	while (rc == RIVER_OK && best->solved &&
	       river_plan_time(best) > least) {
		ctx->time_bound = river_plan_time(best) - 1;
		rc = write_and_ask(e, ctx, stop, &ans, diag);
		if (rc != RIVER_OK || ans.infeasible)
			break;
		rc = make_plan(&plan, puzzle, e, &ans, ctx->horizon,
			       ctx->horizon_bounds, none_within, diag);
		free(ans.states);
		free(ans.rows);
		if (rc != RIVER_OK)
			break;
		river_plan_free(best);
		best = plan;
		/* Its model's total is at least its time. */
		if (river_plan_time(best) > ctx->time_bound)
			rc = diag_set(diag, RIVER_EENGINE, NULL, NULL,
				      "%s answered with a plan that takes %llu, "
				      "over the bound of %llu it was given",
				      e->name, river_plan_time(best),
				      ctx->time_bound);
	}
	if (rc != RIVER_OK) {
		river_plan_free(best);
		return rc;
	}
	best->seconds = clock_since(start);
	best->horizon = ctx->horizon;
	*out = best;
	return RIVER_OK;
}

/* Write ctx's model at horizon h and solve it; *none_within when the
 * engine proved no plan within h, which does not bound every plan.
 * known is a plan found within a smaller horizon, or NULL: solve_at
 * takes it, and starts from it where it can. */
static int solve_at(river_plan **out, const river_puzzle *puzzle,
		    const struct engine *e, struct export_ctx *ctx, unsigned h,
		    bool bounds, river_plan *known, const struct stop *stop,
		    bool *none_within, river_diag *diag)
{
	bool z3 = strcmp(e->name, "z3") == 0;
	struct timespec start = clock_now();
	int rc;

	*none_within = false;
	ctx->horizon = h;
	ctx->horizon_bounds = bounds;
	ctx->ask_each_end = z3 && !puzzle->model.minimize_time;
	if (z3 && puzzle->model.minimize_time)
		return least_time(out, puzzle, e, ctx, known, stop,
				  none_within, diag);
	river_plan_free(known);
	rc = solve_once(out, puzzle, e, ctx, stop, none_within, diag);
	if (rc == RIVER_OK)
		(*out)->seconds = clock_since(start);
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

static int solve_engine(river_plan **out, const river_puzzle *puzzle,
			const char *engine, const river_export_options *opts,
			river_diag *diag)
{
	const struct engine *e = find_engine(engine);
	river_plan *known = NULL;
	struct export_ctx ctx;
	struct timespec start = clock_now();
	river_export_options o;
	struct stop stop;
	unsigned bound, h;
	bool none_within = false, bounds_all;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !puzzle)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	rc = abi_export_options(&o, opts, diag);
	if (rc != RIVER_OK)
		return rc;
	opts = &o;
	if (engine && strcmp(engine, "bfs") == 0) {
		river_solve_options so;

		river_solve_options_init(&so, RIVER_SOLVE_OPTIONS_VERSION);
		if (opts) {
			so.timeout = opts->timeout;
			so.cancel = opts->cancel;
		}
		return river_solve(out, puzzle, &so, diag);
	}
	if (!e)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"unknown engine '%s' (use bfs, minizinc, z3, cbc "
				"or glpk)", engine ? engine : "(null)");
	rc = puzzle->places ? RIVER_OK
			    : puzzle_need_system(puzzle, "for an external engine",
						 diag);
	if (rc != RIVER_OK)
		return rc;
	remove_stale(tmp_folder());
	rc = stop_init(&stop, opts ? opts->cancel : NULL,
		       opts ? opts->timeout : 0, diag);
	if (rc != RIVER_OK)
		return rc;
	rc = export_begin(&ctx, puzzle, opts, NULL, diag);
	if (rc != RIVER_OK || (opts && opts->horizon)) {
		if (rc == RIVER_OK)
			rc = solve_at(out, puzzle, e, &ctx, ctx.horizon,
				      ctx.horizon_bounds, NULL, &stop,
				      &none_within, diag);
		export_end(&ctx);
		return rc;
	}
	/* With the default horizon, small models first: a plan found within
	 * a horizon h is optimal, as the engine minimises and any shorter
	 * plan fits in h too.  Only "no plan" needs the full bound. */
	bound = ctx.horizon;
	/* Whether the default bound holds every plan (solve_at sets
	 * ctx.horizon_bounds for each horizon it tries). */
	bounds_all = ctx.horizon_bounds;
	/* Under a time limit, no plan has more crossings than fit in it. */
	if (puzzle->model.has_time_limit && model_least_trip(&puzzle->model) &&
	    puzzle->model.time_limit / model_least_trip(&puzzle->model) < bound)
		bound = (unsigned)(puzzle->model.time_limit /
				   model_least_trip(&puzzle->model));
	for (h = ENGINE_FIRST_HORIZON; h < bound;) {
		rc = solve_at(out, puzzle, e, &ctx, h, false, known, &stop,
			      &none_within, diag);
		known = NULL;
		if (rc == RIVER_OK && !optimal_within(puzzle, *out, h)) {
			/* It fits the next horizon too: a start there. */
			known = *out;
			*out = NULL;
			h = next_horizon(puzzle, h, river_plan_time(known));
			continue;
		}
		if (!none_within)
			break;
		h += h / 2;
	}
	if (h >= bound)
		rc = solve_at(out, puzzle, e, &ctx, bound, bounds_all, known,
			      &stop, &none_within, diag);
	if (rc == RIVER_OK)
		(*out)->seconds = clock_since(start);
	export_end(&ctx);
	return rc;
}

int river_solve_engine(river_plan **out, const river_puzzle *puzzle,
		       const char *engine, const river_export_options *opts,
		       river_diag *diag)
{
	int rc = solve_engine(out, puzzle, engine, opts, diag);

	return puzzle_failed(puzzle, rc, diag);
}
