/* river: solve and check river-crossing puzzles.  A thin shell over
 * libriver: it uses only <river.h> and prints what the library returns. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <river.h>

/* Exit statuses, as river(1) documents them. */
enum {
	EXIT_SOLVED = 0,
	EXIT_UNSOLVABLE = 1,
	EXIT_BAD_INPUT = 2,
	EXIT_LIMIT = 3,
	EXIT_INTERNAL = 4,
	EXIT_ENGINE = 5
};

struct options {
	const char *command;  /* as typed */
	const struct command *cmd; /* NULL until parse_args knows it */
	const char *file;
	const char *name; /* the file as messages call it */
	const char *plan; /* verify and hint: the plan's file */
	river_format format;
	int format_set;       /* --format given */
	unsigned long long max_states;
	int quiet;
	const char *engine;   /* NULL: libriver's own search */
	const char *to;       /* export: the model's format */
	unsigned horizon;     /* export and engines: 0 for the default, or
				 RIVER_HORIZON_SEARCH */
	double lagrange;      /* export --to bqm: 0 for the default */
	int count;            /* solve: count the optimal plans */
	size_t max_plans;     /* solve --all: how many to print */
	double timeout;       /* solve: seconds, 0 for none */
	unsigned threads;     /* solve: 0 for one per online CPU */
	int method;           /* solve: RIVER_METHOD_* */
	int no_symmetry;      /* search the puzzle as written */
	river_param params[64]; /* -D NAME=VALUE */
	size_t n_params;
	char *ranges[8];      /* -D NAME=FROM..TO[/STEP] as typed (sweep) */
	size_t n_ranges;
	river_sweep_axis axes[2]; /* sweep: the ranges read */
	const char *smallest; /* sweep: NULL for the library's default */
	size_t max_nodes;     /* graph: 0 for the default */
	int broken;           /* graph: the crossings that break a rule */
	int reduced;          /* graph: reduced by symmetry */
	int alcuin;           /* census: --alcuin */
	int strict;           /* check: --strict */
	int goal;             /* hardest: --goal */
};

enum option_id {
	OPT_FORMAT, OPT_MAX_STATES, OPT_QUIET, OPT_ENGINE, OPT_TO, OPT_HORIZON,
	OPT_LAGRANGE, OPT_COUNT, OPT_ALL, OPT_MAX_PLANS, OPT_DEFINE, OPT_HELP,
	OPT_VERSION, OPT_TIMEOUT, OPT_THREADS, OPT_METHOD, OPT_NO_SYMMETRY,
	OPT_SMALLEST, OPT_MAX_NODES, OPT_BROKEN, OPT_REDUCED, OPT_ALCUIN,
	OPT_STRICT, OPT_GOAL
};

/* Every option once: the parser and --help both read this table. */
static const struct option_spec {
	enum option_id id;
	char short_name;
	const char *long_name;
	const char *arg; /* NULL for a flag */
	const char *help;
} option_table[] = {
	{OPT_DEFINE, 'D', "define", "NAME=N",
	 "set the puzzle's parameter NAME to N (sweep: N..M)"},
	{OPT_FORMAT, 'f', "format", "FORMAT",
	 "text (default), json, svg or csv, by command"},
	{OPT_MAX_STATES, 'm', "max-states", "N",
	 "give up after reaching N states (default 20000000)"},
	{OPT_TIMEOUT, 'T', "timeout", "SECONDS",
	 "solve: give up after SECONDS (the engine too)"},
	{OPT_THREADS, 'j', "threads", "N",
	 "solve: search on N threads (default: one per CPU)"},
	{OPT_METHOD, 'M', "method", "METHOD",
	 "solve: auto (default), queue or layers"},
	{OPT_QUIET, 'q', "quiet", NULL,
	 "no progress line on a long search"},
	{OPT_COUNT, 'c', "count", NULL,
	 "also count the optimal plans"},
	{OPT_ALL, 'a', "all", NULL,
	 "print every optimal plan (up to --max-plans, 100)"},
	{OPT_MAX_PLANS, 'n', "max-plans", "N",
	 "print at most N optimal plans (implies --all)"},
	{OPT_NO_SYMMETRY, 'S', "no-symmetry", NULL,
	 "search without merging interchangeable items"},
	{OPT_ENGINE, 'e', "engine", "ENGINE",
	 "solve with bfs (default), minizinc, z3, cbc or glpk"},
	{OPT_TO, 't', "to", "FORMAT",
	 "export: minizinc, smt2, lp, ocean or bqm"},
	{OPT_HORIZON, 'H', "horizon", "N",
	 "model steps: N or 'search' (default: a bound)"},
	{OPT_LAGRANGE, 'L', "lagrange", "W",
	 "the BQM's penalty weight (default: the horizon + 1)"},
	{OPT_HELP, 'h', "help", NULL, "show this help and exit"},
	{OPT_VERSION, 'V', "version", NULL, "show the version and exit"},
	{OPT_SMALLEST, 's', "smallest", "NAME",
	 "sweep: the least NAME with a plan (default seats)"},
	{OPT_MAX_NODES, 'N', "max-nodes", "N",
	 "graph: draw up to N states, else one a depth (2000)"},
	{OPT_BROKEN, 'b', "broken", NULL,
	 "graph: also the crossings that break a rule"},
	{OPT_REDUCED, 'R', "reduced", NULL,
	 "graph: the graph reduced by symmetry"},
	{OPT_ALCUIN, 'A', "alcuin", NULL,
	 "census: the Alcuin number of each graph (the default)"},
	{OPT_STRICT, 'W', "strict", NULL,
	 "check: also what never matters, and if the optimum is unique"},
	{OPT_GOAL, 'G', "goal", NULL,
	 "hardest: the hardest goal, not the hardest start"},
};

#define N_OPTIONS (sizeof option_table / sizeof option_table[0])

static int check(const struct options *opts, const river_puzzle *puzzle);
static int export_model(const struct options *opts,
			const river_puzzle *puzzle);
static int verify(const struct options *opts, const river_puzzle *puzzle);
static int hint(const struct options *opts, const river_puzzle *puzzle);
static int solve(const struct options *opts, const river_puzzle *puzzle);
static int explain(const struct options *opts, const river_puzzle *puzzle);
static int rate(const struct options *opts, const river_puzzle *puzzle);
static int hardest(const struct options *opts, const river_puzzle *unused);
static int sweep(const struct options *opts, const river_puzzle *puzzle);
static int graph(const struct options *opts, const river_puzzle *puzzle);
static int census(const struct options *opts, const river_puzzle *puzzle);

/* The --format names, indexed by river_format. */
static const char *const format_names[] = {"text", "json", "svg", "csv"};
#define N_FORMATS (sizeof format_names / sizeof format_names[0])

#define FORMAT_BIT(f) (1u << (f))
#define TEXT_ONLY FORMAT_BIT(RIVER_FORMAT_TEXT)

/* Every command once: the parser, --help and main all read this table.
 * run gets the puzzle loaded with the -D values, or NULL when the
 * command loads the FILE itself (a sweep, once a point). */
static const struct command {
	const char *name;
	const char *operands; /* as --help shows them */
	const char *help;
	bool needs_plan;      /* a second operand, the PLAN */
	unsigned formats;     /* FORMAT_BITs of the --format it writes */
	int (*run)(const struct options *opts, const river_puzzle *puzzle);
	bool loads_itself;    /* takes -D ranges and loads the FILE itself */
	const char *text_is;  /* what its text is, when not words */
} command_table[] = {
	{"solve", "FILE", "find a plan with the fewest crossings", false,
	 FORMAT_BIT(RIVER_FORMAT_TEXT) | FORMAT_BIT(RIVER_FORMAT_JSON) |
	 FORMAT_BIT(RIVER_FORMAT_SVG), solve, false, NULL},
	{"check", "FILE", "check a puzzle and summarise it", false,
	 TEXT_ONLY, check, false, NULL},
	{"export", "FILE", "write the puzzle as a model for another solver",
	 false, TEXT_ONLY, export_model, false, NULL},
	{"verify", "FILE PLAN", "check a plan for the puzzle, step by step",
	 true, FORMAT_BIT(RIVER_FORMAT_TEXT) | FORMAT_BIT(RIVER_FORMAT_JSON) |
	 FORMAT_BIT(RIVER_FORMAT_SVG), verify, false, NULL},
	{"hint", "FILE PLAN", "the next move of an optimal plan after a "
	 "partial PLAN", true,
	 FORMAT_BIT(RIVER_FORMAT_TEXT) | FORMAT_BIT(RIVER_FORMAT_JSON), hint,
	 false, NULL},
	{"explain", "FILE", "why each step of an optimal plan, or why there "
	 "is none", false,
	 FORMAT_BIT(RIVER_FORMAT_TEXT) | FORMAT_BIT(RIVER_FORMAT_JSON), explain,
	 false, NULL},
	{"rate", "FILE", "how hard the puzzle is: its difficulty profile",
	 false, FORMAT_BIT(RIVER_FORMAT_TEXT) | FORMAT_BIT(RIVER_FORMAT_JSON),
	 rate, false, NULL},
	{"hardest", "FILE", "the start (or goal) with the longest optimum; "
	 "with -D NAME=FROM..TO, the hardest variant", false,
	 FORMAT_BIT(RIVER_FORMAT_TEXT) | FORMAT_BIT(RIVER_FORMAT_JSON),
	 hardest, true, NULL},
	{"sweep", "FILE", "solve for every value of -D NAME=FROM..TO", false,
	 FORMAT_BIT(RIVER_FORMAT_TEXT) | FORMAT_BIT(RIVER_FORMAT_JSON) |
	 FORMAT_BIT(RIVER_FORMAT_SVG) | FORMAT_BIT(RIVER_FORMAT_CSV), sweep,
	 true, NULL},
	{"graph", "FILE", "write the reachable state graph in Graphviz DOT",
	 false, TEXT_ONLY, graph, false, "Graphviz DOT"},
	{"census", "[FILE]", "the Alcuin number of each graph6 line (nauty's "
	 "geng)", false,
	 FORMAT_BIT(RIVER_FORMAT_TEXT) | FORMAT_BIT(RIVER_FORMAT_JSON) |
	 FORMAT_BIT(RIVER_FORMAT_CSV), census, true, NULL},
};

#define N_COMMANDS (sizeof command_table / sizeof command_table[0])

static const struct command *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < N_COMMANDS; i++)
		if (strcmp(command_table[i].name, name) == 0)
			return &command_table[i];
	return NULL;
}

static void usage(FILE *out)
{
	size_t i;

	fputs("Usage: river [OPTIONS] COMMAND FILE [PLAN]\n"
	      "\n"
	      "Commands:\n", out);
	for (i = 0; i < N_COMMANDS; i++) {
		const struct command *c = &command_table[i];
		char left[48];

		snprintf(left, sizeof left, "%s %s", c->name, c->operands);
		fprintf(out, "  %-17s %s\n", left, c->help);
	}
	fputs("\n"
	      "FILE is a puzzle (see river(5)); - reads standard input.\n"
	      "Options may come anywhere; -- ends them.\n"
	      "\n"
	      "Options:\n", out);
	for (i = 0; i < N_OPTIONS; i++) {
		const struct option_spec *o = &option_table[i];
		char left[48];

		snprintf(left, sizeof left, "-%c, --%s%s%s", o->short_name,
			 o->long_name, o->arg ? " " : "", o->arg ? o->arg : "");
		fprintf(out, "  %-26s %s\n", left, o->help);
	}
	fputs("\nExit status: 0 solved (or checked, exported, the plan is "
	      "legal, a hint\ngiven), 1 no solution (an illegal plan, a dead "
	      "end), 2 bad usage, puzzle,\nplan or output, or an engine not "
	      "installed, 3 search limit, time limit,\npuzzle too big to "
	      "search or out of memory, 4 internal error, 5 the engine\n"
	      "failed; 128+N stopped by signal N.  sweep: 0 every point "
	      "answered (a plan\nor none), 2 a point is no valid puzzle, 3 a "
	      "point stopped at a limit.\n", out);
}

/* A macro's value as a string literal. */
#define TEXT(x) #x
#define TEXT_OF(x) TEXT(x)

static int usage_error(const char *fmt, const char *arg)
{
	fputs("river: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("\nTry 'river --help'.\n", stderr);
	return EXIT_BAD_INPUT;
}

static const struct option_spec *find_short(char c)
{
	size_t i;

	for (i = 0; i < N_OPTIONS; i++)
		if (option_table[i].short_name == c)
			return &option_table[i];
	return NULL;
}

/* "--name" or "--name=value": the option, with *value set after '='. */
static const struct option_spec *find_long(char *arg, char **value)
{
	size_t i;

	for (i = 0; i < N_OPTIONS; i++) {
		const struct option_spec *o = &option_table[i];
		size_t n = strlen(o->long_name);

		if (strncmp(arg + 2, o->long_name, n) == 0 &&
		    (arg[2 + n] == '\0' || arg[2 + n] == '=')) {
			*value = arg[2 + n] == '=' ? arg + 3 + n : NULL;
			return o;
		}
	}
	return NULL;
}

/* value as a whole number from 1 to most, digits only; false if it is
 * not one. */
static bool whole_number(const char *value, unsigned long long most,
			 unsigned long long *n)
{
	const char *p = value + strspn(value, "0123456789");

	errno = 0;
	*n = strtoull(value, NULL, 10);
	return p > value && !*p && !errno && *n >= 1 && *n <= most;
}

static int set_max_states(struct options *opts, const char *value)
{
	if (!whole_number(value, 4294967295ULL, &opts->max_states))
		return usage_error("--max-states needs a whole number from 1 to "
				   "4294967295, not '%s'", value);
	return -1;
}

static int set_threads(struct options *opts, const char *value)
{
	unsigned long long n;

	if (!whole_number(value, RIVER_MAX_THREADS, &n))
		return usage_error("--threads needs a whole number from 1 to "
				   TEXT_OF(RIVER_MAX_THREADS) ", not '%s'", value);
	opts->threads = (unsigned)n;
	return -1;
}

static int set_method(struct options *opts, const char *value)
{
	static const char *const names[] = {"auto", "queue", "layers", NULL};
	static const int methods[] = {RIVER_METHOD_AUTO, RIVER_METHOD_QUEUE,
				      RIVER_METHOD_LAYERS};
	int i;

	for (i = 0; names[i]; i++)
		if (strcmp(value, names[i]) == 0) {
			opts->method = methods[i];
			return -1;
		}
	return usage_error("unknown method '%s' (use auto, queue or layers)",
			   value);
}

/* -D NAME=N: the name points into argv, which outlives the run.  A
 * range, NAME=FROM..TO, is kept as typed until the command is known. */
static int add_param(struct options *opts, char *value)
{
	char *eq = strchr(value, '='), *end;
	river_param *p;

	if (eq && eq != value && strstr(eq, "..")) {
		if (opts->n_ranges == sizeof opts->ranges / sizeof opts->ranges[0])
			return usage_error("%s", "too many -D ranges");
		opts->ranges[opts->n_ranges++] = value;
		return -1;
	}
	if (!eq || eq == value || !eq[1])
		return usage_error("-D needs NAME=NUMBER, not '%s'", value);
	if (opts->n_params == sizeof opts->params / sizeof opts->params[0])
		return usage_error("%s", "too many -D options");
	p = &opts->params[opts->n_params];
	end = eq + 1 + (eq[1] == '-');
	if (*end < '0' || *end > '9')
		return usage_error("-D needs NAME=NUMBER, not '%s'", value);
	errno = 0;
	p->value = strtoll(eq + 1, &end, 10);
	if (*end || errno)
		return usage_error("-D needs NAME=NUMBER, not '%s'", value);
	*eq = '\0';
	p->name = value;
	opts->n_params++;
	return -1;
}

static int set_horizon(struct options *opts, const char *value)
{
	unsigned long long n;

	if (strcmp(value, "search") == 0) {
		opts->horizon = RIVER_HORIZON_SEARCH;
		return -1;
	}
	if (!whole_number(value, 100000, &n))
		return usage_error("--horizon needs a whole number from 1 to "
				   "100000, or 'search', not '%s'", value);
	opts->horizon = (unsigned)n;
	return -1;
}

/* Seconds: digits, perhaps a point and more digits; above 0, at most
 * a million (some 11 days). */
static int set_timeout(struct options *opts, const char *value)
{
	const char *p = value + strspn(value, "0123456789");

	if (p > value && *p == '.' && p[1])
		p += 1 + strspn(p + 1, "0123456789");
	opts->timeout = p > value && !*p ? strtod(value, NULL) : 0;
	if (!(opts->timeout > 0) || opts->timeout > 1e6)
		return usage_error("--timeout needs a number of seconds above 0 "
				   "and at most 1000000, not '%s'", value);
	return -1;
}

/* value must be one of the library's names in list. */
static int set_name(const char **field, const char *value,
		    const char *const *list, const char *what)
{
	size_t i;

	for (i = 0; list[i]; i++) {
		if (strcmp(list[i], value) == 0) {
			*field = list[i];
			return -1;
		}
	}
	fprintf(stderr, "river: unknown %s '%s' (use", what, value);
	for (i = 0; list[i]; i++)
		fprintf(stderr, "%s%s", i == 0 ? " " : list[i + 1] ? ", " : " or ",
			list[i]);
	fputs(")\nTry 'river --help'.\n", stderr);
	return EXIT_BAD_INPUT;
}

static int set_option(struct options *opts, const struct option_spec *o,
		      char *value)
{
	static const char *const bfs_and_engines[] = {
		"bfs", "minizinc", "z3", "cbc", "glpk", NULL};

	switch (o->id) {
	case OPT_ENGINE:
		return set_name(&opts->engine, value, bfs_and_engines, "engine");
	case OPT_TO:
		return set_name(&opts->to, value, river_export_formats(),
				"model format");
	case OPT_HORIZON:
		return set_horizon(opts, value);
	case OPT_TIMEOUT:
		return set_timeout(opts, value);
	case OPT_LAGRANGE: {
		char *end;

		errno = 0;
		opts->lagrange = strtod(value, &end);
		if (end == value || *end || errno || !(opts->lagrange > 0) ||
		    opts->lagrange > RIVER_LAGRANGE_MAX)
			return usage_error("--lagrange needs a number above 0 "
					   "and at most " TEXT_OF(RIVER_LAGRANGE_MAX)
					   ", not '%s'", value);
		return -1;
	}
	case OPT_FORMAT: {
		size_t f;

		opts->format_set = 1;
		for (f = 0; f < N_FORMATS; f++)
			if (strcmp(value, format_names[f]) == 0) {
				opts->format = (river_format)f;
				return -1;
			}
		return usage_error("unknown format '%s' (use text, json, svg or "
				   "csv)", value);
	}
	case OPT_MAX_STATES:
		return set_max_states(opts, value);
	case OPT_THREADS:
		return set_threads(opts, value);
	case OPT_METHOD:
		return set_method(opts, value);
	case OPT_QUIET:
		opts->quiet = 1;
		return -1;
	case OPT_COUNT:
		opts->count = 1;
		return -1;
	case OPT_NO_SYMMETRY:
		opts->no_symmetry = 1;
		return -1;
	case OPT_DEFINE:
		return add_param(opts, value);
	case OPT_SMALLEST:
		opts->smallest = value;
		return -1;
	case OPT_ALCUIN:
		opts->alcuin = 1;
		return -1;
	case OPT_STRICT:
		opts->strict = 1;
		return -1;
	case OPT_GOAL:
		opts->goal = 1;
		return -1;
	case OPT_ALL:
		opts->count = 1;
		if (!opts->max_plans)
			opts->max_plans = 100;
		return -1;
	case OPT_MAX_PLANS: {
		const char *p = value;

		opts->count = 1;

		while (*p >= '0' && *p <= '9')
			p++;
		errno = 0;
		opts->max_plans = (size_t)strtoull(value, NULL, 10);
		if (p == value || *p || errno || opts->max_plans == 0 ||
		    opts->max_plans > 1000000)
			return usage_error("--max-plans needs a whole number from "
					   "1 to 1000000, not '%s'", value);
		return -1;
	}
	case OPT_MAX_NODES: {
		unsigned long long n;

		if (!whole_number(value, 1000000, &n))
			return usage_error("--max-nodes needs a whole number from "
					   "1 to 1000000, not '%s'", value);
		opts->max_nodes = (size_t)n;
		return -1;
	}
	case OPT_BROKEN:
		opts->broken = 1;
		return -1;
	case OPT_REDUCED:
		opts->reduced = 1;
		return -1;
	case OPT_HELP:
		usage(stdout);
		return EXIT_SOLVED;
	case OPT_VERSION:
		printf("river %s\n", river_version());
		return EXIT_SOLVED;
	}
	return -1;
}

static int add_operand(struct options *opts, const char *arg)
{
	if (!opts->command)
		opts->command = arg;
	else if (!opts->file)
		opts->file = arg;
	else if (!opts->plan && find_command(opts->command) &&
		 find_command(opts->command)->needs_plan)
		opts->plan = arg;
	else
		return usage_error("unexpected argument '%s'", arg);
	return -1;
}

/* One argument of options: "--name[=value]" or a cluster "-qf json";
 * an option's value may be the next argument, *i moves past it. */
static int parse_option(struct options *opts, int argc, char **argv, int *i)
{
	char *arg = argv[*i], *value = NULL;
	const struct option_spec *o;
	int rc;

	if (arg[1] == '-') {
		o = find_long(arg, &value);
		if (!o)
			return usage_error("unknown option '%s'", arg);
		if (!o->arg && value)
			return usage_error("option '%s' takes no value", arg);
		if (o->arg && !value) {
			if (*i + 1 >= argc)
				return usage_error("option '%s' needs a value", arg);
			value = argv[++*i];
		}
		return set_option(opts, o, value);
	}
	for (arg++; *arg; arg++) {
		char name[3] = {'-', *arg, '\0'};

		o = find_short(*arg);
		if (!o)
			return usage_error("unknown option '%s'", name);
		if (o->arg) {
			if (arg[1])
				value = arg + 1;
			else if (*i + 1 < argc)
				value = argv[++*i];
			else
				return usage_error("option '%s' needs a value", name);
			return set_option(opts, o, value);
		}
		rc = set_option(opts, o, NULL);
		if (rc >= 0)
			return rc;
	}
	return -1;
}

/* A list of names from the command table, "a, b or c". */
static void list_commands(FILE *out)
{
	size_t i;

	for (i = 0; i < N_COMMANDS; i++)
		fprintf(out, "%s%s", i == 0 ? "" : i + 1 < N_COMMANDS ? ", "
			: " or ", command_table[i].name);
}

static int unknown_command(const char *name)
{
	fprintf(stderr, "river: unknown command '%s' (use ", name);
	list_commands(stderr);
	fputs(")\nTry 'river --help'.\n", stderr);
	return EXIT_BAD_INPUT;
}

static int wrong_format(const struct command *c)
{
	size_t i, n = 0, shown = 0;

	for (i = 0; i < N_FORMATS; i++)
		n += (c->formats & FORMAT_BIT(i)) != 0;
	fprintf(stderr, "river: %s writes ", c->name);
	for (i = 0; i < N_FORMATS; i++)
		if (c->formats & FORMAT_BIT(i)) {
			shown++;
			fprintf(stderr, "%s%s", shown == 1 ? "" : shown < n ?
				", " : " or ", format_names[i]);
		}
	fputs(n == 1 ? " only" : "", stderr);
	if (c->text_is)
		fprintf(stderr, " (%s)", c->text_is);
	fputs("\nTry 'river --help'.\n", stderr);
	return EXIT_BAD_INPUT;
}

/* A whole number at p, perhaps negative: digits only, no blanks. */
static bool read_whole(const char *p, long long *v, char **end)
{
	const char *digits = p + (*p == '-');

	if (*digits < '0' || *digits > '9')
		return false;
	errno = 0;
	*v = strtoll(p, end, 10);
	return !errno;
}

/* -D NAME=FROM..TO or NAME=FROM..TO/STEP into axis (the step at least
 * 1).  Whether the range runs forwards the library checks. */
static int read_range(river_sweep_axis *axis, char *arg)
{
	char *eq = strchr(arg, '='), *end;

	axis->step = 1;
	if (!read_whole(eq + 1, &axis->from, &end) || strncmp(end, "..", 2) ||
	    !read_whole(end + 2, &axis->to, &end) ||
	    (*end == '/' && (!read_whole(end + 1, &axis->step, &end) ||
			     axis->step < 1)) || *end)
		return usage_error("-D needs NAME=FROM..TO or NAME=FROM..TO/STEP "
				   "with whole numbers, not '%s'", arg);
	*eq = '\0';
	axis->name = arg;
	return -1;
}

/* A sweep's ranges: one or two (the table's rows and columns). */
static int read_ranges(struct options *opts)
{
	size_t i;
	int rc;

	if (opts->n_ranges == 0)
		return usage_error("%s", "sweep needs a range of values: -D "
				   "NAME=FROM..TO");
	if (opts->n_ranges > 2)
		return usage_error("%s", "sweep takes one or two ranges (the "
				   "rows and the columns)");
	for (i = 0; i < opts->n_ranges; i++) {
		rc = read_range(&opts->axes[i], opts->ranges[i]);
		if (rc >= 0)
			return rc;
	}
	return -1;
}

/* Parse argv into opts; -1 to go on, or an exit status. */
static int parse_args(struct options *opts, int argc, char **argv)
{
	int i, rc, options_done = 0;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		rc = -1;
		if (!options_done && strcmp(arg, "--") == 0)
			options_done = 1;
		else if (options_done || arg[0] != '-' || arg[1] == '\0')
			rc = add_operand(opts, arg);
		else
			rc = parse_option(opts, argc, argv, &i);
		if (rc >= 0)
			return rc;
	}
	if (!opts->command)
		return usage_error("%s", "no command (try: river solve FILE)");
	opts->cmd = find_command(opts->command);
	if (!opts->cmd)
		return unknown_command(opts->command);
	if (!opts->file && opts->cmd->run == census)
		opts->file = "-";
	if (!opts->file)
		return usage_error("'%s' needs a puzzle FILE", opts->command);
	if (opts->alcuin && opts->cmd->run != census)
		return usage_error("%s", "--alcuin is for census only");
	if (opts->strict && opts->cmd->run != check)
		return usage_error("%s", "--strict is for check only");
	if (opts->goal && opts->cmd->run != hardest)
		return usage_error("%s", "--goal is for hardest only");
	if (opts->goal && opts->n_ranges)
		return usage_error("%s", "hardest --goal takes no ranges");
	if (opts->cmd->run == census && (opts->engine || opts->count ||
					 opts->smallest))
		return usage_error("%s", "census takes no --engine, --count, "
				   "--all or --smallest: each graph, or each "
				   "variant, is its own puzzle");
	if (opts->cmd->run == census && opts->alcuin && opts->n_ranges)
		return usage_error("%s", "census --alcuin reads graphs, and "
				   "takes no -D ranges (those are for a census "
				   "of a puzzle's variants)");
	if (opts->cmd->run == census && opts->n_params && !opts->n_ranges)
		return usage_error("%s", "census of graphs takes no -D; with "
				   "-D NAME=FROM..TO it is a census of a "
				   "puzzle's variants");
	if (opts->cmd->needs_plan && !opts->plan)
		return usage_error("%s needs a puzzle FILE and a PLAN",
				   opts->command);
	if (opts->format_set &&
	    !(opts->cmd->formats & FORMAT_BIT(opts->format)))
		return wrong_format(opts->cmd);
	if (!opts->cmd->loads_itself && opts->n_ranges)
		return usage_error("-D needs NAME=NUMBER, not '%s'",
				   opts->ranges[0]);
	if (!opts->cmd->loads_itself && opts->smallest)
		return usage_error("%s", "--smallest is for sweep only");
	if (opts->cmd->loads_itself &&
	    ((opts->cmd->run != census && opts->cmd->run != hardest) ||
	     opts->n_ranges) &&
	    (rc = read_ranges(opts)) >= 0)
		return rc;
	if (opts->cmd->loads_itself && ((opts->engine &&
	    strcmp(opts->engine, "bfs") != 0) || opts->count))
		return usage_error("%s uses the built-in search (no --engine, "
				   "--count or --all)", opts->command);
	if (opts->plan && strcmp(opts->plan, "-") == 0 &&
	    strcmp(opts->file, "-") == 0)
		return usage_error("%s", "the puzzle and the plan cannot both be "
				   "standard input");
	if (strcmp(opts->command, "export") == 0 && !opts->to)
		return usage_error("%s", "export needs --to FORMAT (minizinc, "
				   "smt2, lp, ocean or bqm)");
	if (opts->engine && strcmp(opts->engine, "bfs") == 0)
		opts->engine = NULL;
	if (opts->engine && opts->count &&
	    strcmp(opts->command, "solve") == 0)
		return usage_error("%s", "--count and --all need the built-in "
				   "search (no --engine)");
	opts->name = strcmp(opts->file, "-") == 0 ? "<stdin>" : opts->file;
	return -1;
}

static void print_diag(const river_diag *diag)
{
	char text[2048];

	river_diag_format(text, sizeof text, diag);
	fputs(text, stderr);
}

/* All of a file ("-": standard input), or NULL with errno set. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	size_t cap = 1 << 16, n = 0, got;
	char *text = NULL, *bigger;

	if (!f)
		return NULL;
	errno = 0;
	while ((bigger = realloc(text, cap)) != NULL) {
		text = bigger;
		got = fread(text + n, 1, cap - n, f);
		n += got;
		/* Past the library's 16 MiB, more changes nothing. */
		if (n < cap || n > (16u << 20))
			break;
		cap *= 2;
	}
	if (!bigger || ferror(f)) {
		int err = bigger ? (errno ? errno : EIO) : ENOMEM;

		free(text);
		text = NULL;
		errno = err;
	}
	if (f != stdin)
		fclose(f);
	*len = n;
	return text;
}

/* All of the file at path, which messages call name; NULL, said, when
 * it cannot be read, with errno set (ENOMEM: out of memory, which is
 * exit status 3). */
static char *read_operand(const char *path, const char *name, size_t *len)
{
	char *text = slurp(path, len);
	int err = errno;

	if (!text && err == ENOMEM)
		fprintf(stderr, "%s: error: out of memory while reading it\n",
			name);
	else if (!text)
		fprintf(stderr, "%s: error: cannot read: %s\n", name,
			strerror(err));
	errno = err;
	return text;
}

/* The exit status when read_operand failed. */
static int unread(void)
{
	return errno == ENOMEM ? EXIT_LIMIT : EXIT_BAD_INPUT;
}

static void catch_signals(void);
static void release_signals(void);
static volatile sig_atomic_t caught;

/* Load the puzzle with the -D values, within the time limit and
 * stopped by the signals, as the commands' own work is. */
static int load(river_puzzle **puzzle, const struct options *opts)
{
	river_load_options lo;
	river_diag diag;
	size_t len;
	char *text = NULL;
	int rc;

	river_load_options_init(&lo, RIVER_LOAD_OPTIONS_VERSION);
	lo.params = opts->params;
	lo.n_params = opts->n_params;
	lo.timeout = opts->timeout;
	lo.cancel = &caught;
	if (strcmp(opts->file, "-") == 0) {
		text = read_operand("-", "<stdin>", &len);
		if (!text)
			return unread();
	}
	catch_signals();
	if (text)
		rc = river_puzzle_load_string_opts(puzzle, text, len, opts->name,
						   &lo, &diag);
	else
		rc = river_puzzle_load_file_opts(puzzle, opts->file, &lo, &diag);
	release_signals();
	free(text);
	if (caught)
		return 128 + caught;
	if (rc == RIVER_OK)
		return -1;
	print_diag(&diag);
	return rc == RIVER_ENOMEM || rc == RIVER_ETIMEOUT ? EXIT_LIMIT
							   : EXIT_BAD_INPUT;
}

/* "start:  cabbage on the right" for what is not where it is by
 * default (the left at the start, the right in the goal); a kind as
 * "cannibals (2)". */
static void print_placement(const river_puzzle *p, const char *label,
			    unsigned (*right)(const river_puzzle *, size_t),
			    int usual, int boat_away)
{
	size_t i, n = river_puzzle_item_count(p);
	const char *sep = label;

	for (i = 0; i < n; i++) {
		unsigned copies = river_puzzle_item_copies(p, i);
		unsigned away = usual ? copies - right(p, i) : right(p, i);

		if (away == 0)
			continue;
		printf("%s%s", sep, river_puzzle_item_name(p, i));
		if (river_puzzle_item_is_kind(p, i))
			printf(" (%u)", away);
		sep = ", ";
	}
	if (boat_away) {
		printf("%sboat", sep);
		sep = ", ";
	}
	if (sep != label)
		printf(" on the %s\n", usual ? "left" : "right");
}

/* "start:  wolf on the island, 2 sheep on the right bank" for what is
 * not at its default place (the first at the start, the last in the
 * goal); the boats too when the puzzle places them. */
static void print_places_at(const river_puzzle *p, const char *label,
			    int goal)
{
	size_t n = river_puzzle_item_count(p), np = river_puzzle_place_count(p);
	size_t home = goal ? np - 1 : 0, i, q, b;
	const char *sep = label;

	for (q = 0; q < np; q++) {
		const char *was = sep;

		if (q == home)
			continue;
		for (i = 0; i < n; i++) {
			unsigned c = goal ? river_puzzle_item_goal_at(p, i, q)
					  : river_puzzle_item_start_at(p, i, q);

			if (c == 0)
				continue;
			printf("%s%s", sep, river_puzzle_item_name(p, i));
			if (river_puzzle_item_is_kind(p, i))
				printf(" (%u)", c);
			sep = ", ";
		}
		for (b = 0; b < river_puzzle_boat_count(p); b++) {
			int at = goal ? river_puzzle_boat_goal_at(p, b)
				      : river_puzzle_boat_start_at(p, b);

			if (at == (int)q) {
				printf("%s%s", sep, river_puzzle_boat_name(p, b));
				sep = ", ";
			}
		}
		if (sep != was) {
			printf(" on the %s", river_puzzle_place_name(p, q));
			sep = "; ";
		}
	}
	if (sep != label)
		printf("\n");
}

/* "boats:  ferry: 2 seats, between any two places" */
/* Does some leg of the boat take a time of its own? */
static int legs_timed(const river_puzzle *p, size_t b)
{
	size_t np = river_puzzle_place_count(p), f, t;

	for (f = 0; f < np; f++)
		for (t = 0; t < np; t++)
			if (river_puzzle_boat_leg_time(p, b, f, t))
				return 1;
	return 0;
}

/* "rowed by farmer, " when the boat's rowers are not everyone's. */
static void print_boat_rowers(const river_puzzle *p, size_t b)
{
	size_t n = river_puzzle_item_count(p), i, k;
	const char *sep = "rowed by ";

	for (i = 0; i < n; i++)
		if (river_puzzle_boat_rower(p, b, i) !=
		    river_puzzle_item_rows(p, i))
			break;
	if (i == n)
		return;
	for (k = 0; k < n; k++)
		if (river_puzzle_boat_rower(p, b, k)) {
			printf("%s%s", sep, river_puzzle_item_name(p, k));
			sep = ", ";
		}
	printf(", ");
}

static void print_boats(const river_puzzle *p)
{
	size_t np = river_puzzle_place_count(p), b, f, t;

	printf("places: ");
	for (f = 0; f < np; f++)
		printf("%s%s", f ? ", " : "", river_puzzle_place_name(p, f));
	printf("\n");
	for (b = 0; b < river_puzzle_boat_count(p); b++) {
		unsigned seats = river_puzzle_boat_seats(p, b);
		size_t pairs = 0, joined = 0;

		if (river_puzzle_boat_count(p) == 1)
			printf("routes: ");
		else
			printf("%s%s: %u seat%s, ", b ? "        " : "boats:  ",
			       river_puzzle_boat_name(p, b), seats,
			       seats == 1 ? "" : "s");
		print_boat_rowers(p, b);
		for (f = 0; f < np; f++)
			for (t = f + 1; t < np; t++) {
				pairs++;
				joined += (size_t)river_puzzle_boat_goes(p, b, f, t);
			}
		if (joined == pairs && !legs_timed(p, b)) {
			printf("between any two places\n");
			continue;
		}
		printf("between ");
		for (f = 0, joined = 0; f < np; f++)
			for (t = f + 1; t < np; t++)
				if (river_puzzle_boat_goes(p, b, f, t)) {
					printf("%s%s and %s", joined++ ? ", " : "",
					       river_puzzle_place_name(p, f),
					       river_puzzle_place_name(p, t));
					if (legs_timed(p, b))
						printf(" (time %u)",
						       river_puzzle_boat_leg_time(
							       p, b, f, t));
				}
		printf("\n");
	}
}

static void print_summary(const char *file, const river_puzzle *p)
{
	size_t i, n = river_puzzle_item_count(p);
	int all_row = 1;

	printf("%s: ok\n", file);
	printf("title:  %s\n", river_puzzle_title(p));
	printf("items: ");
	for (i = 0; i < n; i++) {
		if (river_puzzle_item_is_kind(p, i))
			printf("%s %u %s", i ? "," : "",
			       river_puzzle_item_copies(p, i),
			       river_puzzle_item_name(p, i));
		else
			printf("%s %s", i ? "," : "", river_puzzle_item_name(p, i));
		all_row &= river_puzzle_item_rows(p, i);
	}
	printf("\nrowers:");
	if (all_row) {
		printf(" everyone");
	} else {
		const char *sep = " ";

		for (i = 0; i < n; i++) {
			if (river_puzzle_item_rows(p, i)) {
				printf("%s%s", sep, river_puzzle_item_name(p, i));
				sep = ", ";
			}
		}
	}
	if (river_puzzle_rowing_text(p)[0])
		printf("\nrowing: %s", river_puzzle_rowing_text(p));
	if (river_puzzle_boat_count(p) == 1)
		printf("\nboat:   %s\n", river_puzzle_boat_text(p));
	else
		printf("\n");
	if (river_puzzle_place_count(p) > 2 || river_puzzle_boat_count(p) > 1)
		print_boats(p);
	if (river_puzzle_timed(p) || river_puzzle_minimizes_time(p))
		printf("aim:    %s\n", river_puzzle_objective_text(p));
	if (river_puzzle_place_count(p) > 2 || river_puzzle_boat_count(p) > 1) {
		print_places_at(p, "start:  ", 0);
		print_places_at(p, "goal:   ", 1);
	} else {
	print_placement(p, "start:  ", river_puzzle_item_start, 0,
			river_puzzle_boat_start(p) == RIVER_RIGHT);
	print_placement(p, "goal:   ", river_puzzle_item_goal, 1,
			river_puzzle_boat_goal(p) == RIVER_LEFT);
	if (river_puzzle_boat_goal(p) == RIVER_RIGHT)
		printf("goal:   boat on the right\n");
	}
	printf("rules:  %zu\n", river_puzzle_rule_count(p));
	for (i = 0; i < river_puzzle_rule_count(p); i++)
		printf("        %s\n", river_puzzle_rule_text(p, i));
	printf("states: %.0f (%u bits a state)\n", river_puzzle_state_space(p),
	       river_puzzle_state_bits(p));
}

static void search_options(river_solve_options *so,
			   const struct options *opts);
static int search_failed(int rc, const river_diag *diag, bool own_search);

/* The summary; with --strict, what never matters too (river_lint). */
static int check(const struct options *opts, const river_puzzle *puzzle)
{
	river_solve_options so;
	river_notes *notes;
	river_diag diag;
	char *out;
	int rc;

	print_summary(opts->name, puzzle);
	if (!opts->strict)
		return EXIT_SOLVED;
	fflush(stdout);
	search_options(&so, opts);
	catch_signals();
	rc = river_lint(&notes, puzzle, &so, &diag);
	release_signals();
	if (caught) {
		river_notes_free(notes);
		return 128 + caught;
	}
	if (rc != RIVER_OK)
		return search_failed(rc, &diag, true);
	rc = river_notes_render(&out, notes, RIVER_FORMAT_TEXT);
	river_notes_free(notes);
	if (rc != RIVER_OK) {
		fprintf(stderr, "river: %s\n", river_strerror(rc));
		return EXIT_LIMIT;
	}
	fputs(out, stdout);
	river_free(out);
	return EXIT_SOLVED;
}

/* The progress line: on a terminal only, at most twice a second, after
 * the first second. */
struct progress {
	struct timespec start, last;
	int shown;
};

static double seconds_between(const struct timespec *a,
			      const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	       (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

static void show_progress(const river_progress *p, void *userdata)
{
	struct progress *pr = userdata;
	struct timespec now;
	double elapsed;

	clock_gettime(CLOCK_MONOTONIC, &now);
	elapsed = seconds_between(&pr->start, &now);
	if (elapsed < 1.0 || seconds_between(&pr->last, &now) < 0.5)
		return;
	pr->last = now;
	pr->shown = 1;
	fprintf(stderr, "\rriver: %llu states explored, frontier %llu, "
		"depth %u, %.0f states/s   ", p->states_explored, p->frontier,
		p->depth, (double)p->states_explored / elapsed);
	fflush(stderr);
}

/* SIGINT, SIGTERM and SIGHUP during a search or an engine's run: the
 * library sees the flag, ends the engine, removes its files and
 * returns; then river dies of the same signal. */
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
static struct sigaction saved_actions[3];

static void on_signal(int sig)
{
	caught = sig;
}

/* A signal ignored on entry (nohup, a background job) stays ignored. */
static void catch_signals(void)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < 3; i++) {
		sigaction(stop_signals[i], NULL, &saved_actions[i]);
		if (saved_actions[i].sa_handler != SIG_IGN)
			sigaction(stop_signals[i], &sa, NULL);
	}
}

static void release_signals(void)
{
	size_t i;

	for (i = 0; i < 3; i++)
		sigaction(stop_signals[i], &saved_actions[i], NULL);
}

/* The built-in search's options as the command line gives them,
 * stopped by the signals catch_signals catches. */
static void search_options(river_solve_options *so,
			   const struct options *opts)
{
	river_solve_options_init(so, RIVER_SOLVE_OPTIONS_VERSION);
	so->max_states = opts->max_states;
	so->timeout = opts->timeout;
	so->threads = opts->threads;
	so->method = opts->method;
	so->no_symmetry = opts->no_symmetry;
	so->cancel = &caught;
}

/* The exit status river(1) documents for a library status. */
static int exit_status(int rc)
{
	switch (rc) {
	case RIVER_ELIMIT:
	case RIVER_ETOOBIG:
	case RIVER_ENOMEM:
	case RIVER_ETIMEOUT:
		return EXIT_LIMIT;
	case RIVER_ENOENGINE:
	case RIVER_EUNSUPPORTED:
	case RIVER_EINVAL:
	case RIVER_EIO:
	case RIVER_ESYNTAX:
		return EXIT_BAD_INPUT;
	case RIVER_EENGINE:
		return EXIT_ENGINE;
	default:
		return EXIT_INTERNAL;
	}
}

static int export_model(const struct options *opts,
			const river_puzzle *puzzle)
{
	river_export_options eo;
	river_diag diag;
	char *text;
	int rc;

	river_export_options_init(&eo, RIVER_EXPORT_OPTIONS_VERSION);
	eo.horizon = opts->horizon;
	eo.lagrange = opts->lagrange;
	rc = river_export(&text, puzzle, opts->to, &eo, &diag);
	if (rc != RIVER_OK) {
		print_diag(&diag);
		return exit_status(rc);
	}
	fputs(text, stdout);
	river_free(text);
	return EXIT_SOLVED;
}


/* The fewest crossings, when the search can tell; 0 when it cannot. */
static unsigned long long optimum(const river_puzzle *puzzle,
				  const struct options *opts)
{
	river_solve_options so;
	river_plan *plan;
	unsigned long long n = 0;
	int rc;

	river_solve_options_init(&so, RIVER_SOLVE_OPTIONS_VERSION);
	so.max_states = opts->max_states;
	so.timeout = opts->timeout;
	so.no_symmetry = opts->no_symmetry;
	so.cancel = &caught;
	catch_signals();
	rc = river_solve(&plan, puzzle, &so, NULL);
	release_signals();
	if (rc == RIVER_OK) {
		n = river_puzzle_minimizes_time(puzzle) ? river_plan_time(plan)
							 : river_plan_crossings(plan);
		river_plan_free(plan);
	}
	return n;
}

/* A storyboard of a plan of n crossings leaves some out: say so. */
static void note_svg_cap(const char *name, size_t n)
{
	if (n > RIVER_SVG_MAX_CROSSINGS)
		fprintf(stderr, "river: %s: %zu crossings, more than %d to "
			"draw: the first %d and the last %d are drawn, and a "
			"panel between says which are not\n", name, n,
			RIVER_SVG_MAX_CROSSINGS, RIVER_SVG_MAX_CROSSINGS / 2,
			RIVER_SVG_MAX_CROSSINGS - RIVER_SVG_MAX_CROSSINGS / 2);
}

static int verify(const struct options *opts, const river_puzzle *puzzle)
{
	const char *name = strcmp(opts->plan, "-") == 0 ? "<stdin>" : opts->plan;
	river_verdict v = RIVER_VERDICT_INIT;
	river_diag diag;
	size_t len;
	unsigned long long best = 0;
	char *text = read_operand(opts->plan, name, &len), *out = NULL;
	int rc;

	if (!text)
		return unread();
	if (opts->format == RIVER_FORMAT_SVG)
		rc = river_verify_svg(&out, &v, puzzle, text, len, name, &diag);
	else
		rc = river_verify(&v, puzzle, text, len, name, &diag);
	free(text);
	if (rc != RIVER_OK) {
		print_diag(&diag);
		return exit_status(rc);
	}
	if (out)
		note_svg_cap(name, v.crossings);
	if (!out) {
		/* A legal plan is compared with the optimum. */
		if (v.legal)
			best = optimum(puzzle, opts);
		if (caught)
			return 128 + caught;
		rc = river_verdict_render(&out, &v, puzzle, name, best,
					  opts->format);
		if (rc != RIVER_OK) {
			fprintf(stderr, "river: %s\n", river_strerror(rc));
			return EXIT_LIMIT;
		}
	}
	fputs(out, stdout);
	river_free(out);
	return v.legal ? EXIT_SOLVED : EXIT_UNSOLVABLE;
}

/* A search that failed: its message (the library's diagnostic names the
 * puzzle's file), with how to raise the state limit when that is what
 * stopped it, and the status river exits with. */
static int search_failed(int rc, const river_diag *diag, bool own_search)
{
	print_diag(diag);
	if (rc == RIVER_ELIMIT && own_search)
		fputs("river: raise the limit with --max-states N\n", stderr);
	return exit_status(rc);
}

/* Print text, plan rendered (rc: how rendering went), release both, and
 * exit by the plan's verdict. */
static int print_plan(river_plan *plan, char *text, int rc)
{
	if (rc != RIVER_OK) {
		river_plan_free(plan);
		fprintf(stderr, "river: %s\n", river_strerror(rc));
		return EXIT_LIMIT;
	}
	fputs(text, stdout);
	river_free(text);
	rc = river_plan_solved(plan) ? EXIT_SOLVED : EXIT_UNSOLVABLE;
	river_plan_free(plan);
	return rc;
}

/* Replay a partial plan and say the next move of an optimal plan from
 * there; an illegal step is reported as verify reports it. */
static int hint(const struct options *opts, const river_puzzle *puzzle)
{
	const char *name = strcmp(opts->plan, "-") == 0 ? "<stdin>" : opts->plan;
	river_solve_options so;
	river_verdict v = RIVER_VERDICT_INIT;
	river_plan *plan;
	river_diag diag;
	size_t len;
	char *text = read_operand(opts->plan, name, &len), *out;
	int rc;

	if (!text)
		return unread();
	search_options(&so, opts);
	catch_signals();
	rc = river_hint(&plan, &v, puzzle, text, len, name, &so, &diag);
	release_signals();
	free(text);
	if (caught) {
		river_plan_free(plan);
		return 128 + caught;
	}
	if (rc != RIVER_OK)
		return search_failed(rc, &diag, true);
	if (!plan) {
		printf("%s: step %zu: %s\n", name, v.step, v.reason);
		return EXIT_UNSOLVABLE;
	}
	rc = river_hint_render(&out, plan, opts->format);
	return print_plan(plan, out, rc);
}

static int solve(const struct options *opts, const river_puzzle *puzzle)
{
	river_solve_options so;
	struct progress pr;
	river_plan *plan;
	river_diag diag;
	char *text;
	int rc;

	search_options(&so, opts);
	so.count = opts->count;
	so.max_plans = opts->max_plans;
	memset(&pr, 0, sizeof pr);
	if (!opts->quiet && isatty(STDERR_FILENO)) {
		clock_gettime(CLOCK_MONOTONIC, &pr.start);
		pr.last = pr.start;
		so.progress = show_progress;
		so.userdata = &pr;
	}
	if (opts->engine) {
		river_export_options eo;

		river_export_options_init(&eo, RIVER_EXPORT_OPTIONS_VERSION);
		eo.horizon = opts->horizon;
		eo.timeout = opts->timeout;
		eo.cancel = &caught;
		catch_signals();
		rc = river_solve_engine(&plan, puzzle, opts->engine, &eo, &diag);
	} else {
		catch_signals();
		rc = river_solve(&plan, puzzle, &so, &diag);
	}
	release_signals();
	if (pr.shown)
		fputs("\r\033[K", stderr);
	if (caught) {
		river_plan_free(plan);
		return 128 + caught;
	}
	if (rc != RIVER_OK)
		return search_failed(rc, &diag, !opts->engine);
	rc = river_plan_render(&text, plan, opts->format);
	if (rc == RIVER_OK && opts->format == RIVER_FORMAT_SVG)
		note_svg_cap(opts->name, river_plan_crossings(plan));
	return print_plan(plan, text, rc);
}

/* Why the puzzle has the plan it has, or none: exits as solve does. */
static int explain(const struct options *opts, const river_puzzle *puzzle)
{
	river_solve_options so;
	river_explanation *e;
	river_diag diag;
	char *out;
	int rc;

	search_options(&so, opts);
	catch_signals();
	rc = river_explain(&e, puzzle, &so, &diag);
	release_signals();
	if (caught) {
		river_explanation_free(e);
		return 128 + caught;
	}
	if (rc != RIVER_OK)
		return search_failed(rc, &diag, true);
	rc = river_explain_render(&out, e, opts->format);
	if (rc != RIVER_OK) {
		river_explanation_free(e);
		fprintf(stderr, "river: %s\n", river_strerror(rc));
		return EXIT_LIMIT;
	}
	fputs(out, stdout);
	river_free(out);
	rc = river_plan_solved(river_explanation_plan(e)) ? EXIT_SOLVED
							   : EXIT_UNSOLVABLE;
	river_explanation_free(e);
	return rc;
}

/* The puzzle's difficulty profile: exits as solve does. */
static int rate(const struct options *opts, const river_puzzle *puzzle)
{
	river_solve_options so;
	river_rating_info info;
	river_rating *r;
	river_diag diag;
	char *out;
	int rc;

	search_options(&so, opts);
	catch_signals();
	rc = river_rate(&r, puzzle, &so, &diag);
	release_signals();
	if (caught) {
		river_rating_free(r);
		return 128 + caught;
	}
	if (rc != RIVER_OK)
		return search_failed(rc, &diag, true);
	river_rating_info_init(&info, RIVER_RATING_INFO_VERSION);
	rc = river_rating_get(r, &info);
	if (rc == RIVER_OK)
		rc = river_rating_render(&out, r, opts->format);
	river_rating_free(r);
	if (rc != RIVER_OK) {
		fprintf(stderr, "river: %s\n", river_strerror(rc));
		return EXIT_LIMIT;
	}
	fputs(out, stdout);
	river_free(out);
	return info.solved ? EXIT_SOLVED : EXIT_UNSOLVABLE;
}

/* The hardest start or goal of the puzzle loaded. */
static int hardest_placement(const struct options *opts)
{
	river_solve_options so;
	river_puzzle *puzzle = NULL;
	river_hardest *h;
	river_diag diag;
	char *out;
	int rc = load(&puzzle, opts);

	if (rc >= 0)
		return rc;
	search_options(&so, opts);
	catch_signals();
	rc = river_hardest_find(&h, puzzle, opts->goal, &so, &diag);
	release_signals();
	if (caught) {
		river_hardest_free(h);
		river_puzzle_free(puzzle);
		return 128 + caught;
	}
	if (rc != RIVER_OK) {
		river_puzzle_free(puzzle);
		return search_failed(rc, &diag, true);
	}
	rc = river_hardest_render(&out, h, opts->format);
	if (rc == RIVER_OK) {
		fputs(out, stdout);
		river_free(out);
		rc = river_hardest_plan(h) ? EXIT_SOLVED : EXIT_UNSOLVABLE;
	} else {
		fprintf(stderr, "river: %s\n", river_strerror(rc));
		rc = EXIT_LIMIT;
	}
	river_hardest_free(h);
	river_puzzle_free(puzzle);
	return rc;
}

/* The hardest variant of a family: the point of the sweep over the -D
 * ranges with the longest optimum (the first of those), solved again
 * and printed as solve prints a plan. */
static int hardest_variant(const struct options *opts)
{
	river_solve_options so;
	river_load_options lo;
	river_param params[sizeof opts->params / sizeof opts->params[0] + 2];
	const river_sweep_point *best = NULL;
	river_puzzle *puzzle = NULL;
	river_plan *plan = NULL;
	river_sweep *s;
	river_diag diag;
	size_t len, r, c, a, n, points = 0, answered = 0;
	char *text = read_operand(opts->file, opts->name, &len), *out;
	int rc;

	if (!text)
		return unread();
	search_options(&so, opts);
	catch_signals();
	rc = river_sweep_run(&s, text, len, opts->name, opts->params,
			     opts->n_params, opts->axes, opts->n_ranges, NULL,
			     &so, &diag);
	release_signals();
	if (caught || rc != RIVER_OK) {
		free(text);
		if (caught)
			return 128 + caught;
		print_diag(&diag);
		return rc == RIVER_EPUZZLE ? EXIT_BAD_INPUT : exit_status(rc);
	}
	for (r = 0; r < river_sweep_rows(s); r++)
		for (c = 0; c < river_sweep_columns(s); c++) {
			const river_sweep_point *pt = river_sweep_at(s, r, c);

			points++;
			if (pt->status != RIVER_OK || !pt->solved)
				continue;
			answered++;
			if (!best || pt->optimum > best->optimum)
				best = pt;
		}
	if (!best) {
		printf("%s: no variant of the %zu has a plan\n",
		       river_sweep_title(s), points);
		river_sweep_free(s);
		free(text);
		return EXIT_UNSOLVABLE;
	}
	n = opts->n_params;
	memcpy(params, opts->params, n * sizeof *params);
	for (a = 0; a < river_sweep_axes(s); a++) {
		params[n].name = river_sweep_axis_name(s, a);
		params[n++].value = best->value[a];
	}
	river_load_options_init(&lo, RIVER_LOAD_OPTIONS_VERSION);
	lo.params = params;
	lo.n_params = n;
	rc = river_puzzle_load_string_opts(&puzzle, text, len, opts->name, &lo,
					   &diag);
	free(text);
	if (rc == RIVER_OK) {
		catch_signals();
		rc = river_solve(&plan, puzzle, &so, &diag);
		release_signals();
	}
	if (rc != RIVER_OK || caught) {
		river_puzzle_free(puzzle);
		river_sweep_free(s);
		if (caught)
			return 128 + caught;
		return search_failed(rc, &diag, true);
	}
	rc = river_plan_render(&out, plan, opts->format);
	if (rc == RIVER_OK) {
		if (opts->format == RIVER_FORMAT_TEXT) {
			printf("%s: the hardest variant of %zu (%zu with a "
			       "plan):", river_sweep_title(s), points,
			       answered);
			for (a = 0; a < river_sweep_axes(s); a++)
				printf(" %s=%lld", river_sweep_axis_name(s, a),
				       best->value[a]);
			printf("\n\n");
		}
		fputs(out, stdout);
		river_free(out);
		rc = EXIT_SOLVED;
	} else {
		fprintf(stderr, "river: %s\n", river_strerror(rc));
		rc = EXIT_LIMIT;
	}
	river_plan_free(plan);
	river_puzzle_free(puzzle);
	river_sweep_free(s);
	return rc;
}

static int hardest(const struct options *opts, const river_puzzle *unused)
{
	(void)unused;
	return opts->n_ranges ? hardest_variant(opts)
			      : hardest_placement(opts);
}

/* The exit status of a sweep: 4 after an internal error at a point,
 * else 3 when a point stopped at a limit, else 2 when a point's values
 * make no valid puzzle, else 0 (every point has a plan or none). */
static int sweep_status(const river_sweep *s)
{
	bool stopped[6] = {false};
	size_t r, c;
	int status;

	for (r = 0; r < river_sweep_rows(s); r++)
		for (c = 0; c < river_sweep_columns(s); c++) {
			status = river_sweep_at(s, r, c)->status;
			if (status == RIVER_OK)
				continue;
			stopped[status == RIVER_EPUZZLE ? EXIT_BAD_INPUT
						     : exit_status(status)] = true;
		}
	return stopped[EXIT_INTERNAL] ? EXIT_INTERNAL
	       : stopped[EXIT_LIMIT]  ? EXIT_LIMIT
	       : stopped[EXIT_BAD_INPUT] ? EXIT_BAD_INPUT : EXIT_SOLVED;
}

/* The puzzle loaded afresh at every point of the -D ranges, and solved
 * (sweep) or rated (a census of a puzzle's variants); the grid written
 * as the format asks. */
static int run_grid(const struct options *opts, bool census)
{
	river_solve_options so;
	river_sweep *s;
	river_diag diag;
	size_t len;
	char *text = read_operand(opts->file, opts->name, &len), *out;
	int rc;

	if (!text)
		return unread();
	search_options(&so, opts);
	catch_signals();
	rc = census ? river_census_run(&s, text, len, opts->name, opts->params,
				       opts->n_params, opts->axes,
				       opts->n_ranges, &so, &diag)
		    : river_sweep_run(&s, text, len, opts->name, opts->params,
				      opts->n_params, opts->axes, opts->n_ranges,
				      opts->smallest, &so, &diag);
	release_signals();
	free(text);
	if (caught)
		return 128 + caught;
	if (rc != RIVER_OK) {
		print_diag(&diag);
		return rc == RIVER_EPUZZLE ? EXIT_BAD_INPUT : exit_status(rc);
	}
	rc = census ? river_census_render(&out, s, opts->format)
		    : river_sweep_render(&out, s, opts->format);
	if (rc != RIVER_OK) {
		river_sweep_free(s);
		fprintf(stderr, "river: %s\n", river_strerror(rc));
		return EXIT_LIMIT;
	}
	fputs(out, stdout);
	river_free(out);
	rc = sweep_status(s);
	river_sweep_free(s);
	return rc;
}

static int sweep(const struct options *opts, const river_puzzle *unused)
{
	(void)unused;
	return run_grid(opts, false);
}

/* The state graph as DOT on standard output; a graph drawn by depth,
 * for its size, is said on standard error. */
static int graph(const struct options *opts, const river_puzzle *puzzle)
{
	river_graph_options go;
	river_graph_info info = RIVER_GRAPH_INFO_INIT;
	river_diag diag;
	char *dot;
	int rc;

	if (opts->reduced && opts->no_symmetry)
		return usage_error("%s", "--reduced and --no-symmetry "
				   "contradict each other");
	river_graph_options_init(&go, RIVER_GRAPH_OPTIONS_VERSION);
	go.max_nodes = opts->max_nodes;
	go.max_states = opts->max_states;
	go.timeout = opts->timeout;
	go.broken = opts->broken;
	go.reduced = opts->reduced;
	go.cancel = &caught;
	catch_signals();
	rc = river_graph(&dot, &info, puzzle, &go, &diag);
	release_signals();
	if (caught) {
		river_free(dot);
		return 128 + caught;
	}
	if (rc != RIVER_OK)
		return search_failed(rc, &diag, true);
	if (info.summary)
		fprintf(stderr, "river: %s: %llu states, more than %zu to draw: "
			"a node for each depth instead (raise the limit with "
			"--max-nodes N)\n", opts->name, info.states,
			opts->max_nodes ? opts->max_nodes
					: (size_t)RIVER_GRAPH_DEFAULT_NODES);
	fputs(dot, stdout);
	river_free(dot);
	return EXIT_SOLVED;
}

/* ---- census: the Alcuin number of each graph ------------------------ */

/* Graphs are read, searched (on every core) and written a chunk at a
 * time, so that memory stays small however many come. */
#define CENSUS_CHUNK 4096

struct census_graph {
	char *g6;
	size_t len;
	unsigned long long line;
	river_alcuin a;
};

struct census {
	const struct options *opts;
	river_solve_options so;
	struct census_graph *g;
	size_t n, next;
	pthread_mutex_t lock;
	/* The first graph that failed, and why. */
	size_t failed;
	int rc;
	river_diag diag;
	/* The summary, by vertex count. */
	unsigned long long graphs[RIVER_ALCUIN_MAX_VERTICES + 1];
	unsigned long long at_tau[RIVER_ALCUIN_MAX_VERTICES + 1];
	unsigned long long above[RIVER_ALCUIN_MAX_VERTICES + 1];
	unsigned long long other[RIVER_ALCUIN_MAX_VERTICES + 1];
	unsigned long long most[RIVER_ALCUIN_MAX_VERTICES + 1];
	char **plus_one; /* the graph6 of those of alcuin tau + 1 */
	size_t n_plus_one, cap_plus_one;
	unsigned long long records;
};

static void *census_work(void *arg)
{
	struct census *c = arg;

	for (;;) {
		struct census_graph *g;
		river_diag diag;
		size_t k;
		int rc;

		pthread_mutex_lock(&c->lock);
		k = c->next < c->failed && !caught ? c->next++ : c->n;
		pthread_mutex_unlock(&c->lock);
		if (k >= c->n)
			return NULL;
		g = &c->g[k];
		river_alcuin_init(&g->a, RIVER_ALCUIN_VERSION);
		rc = river_alcuin_graph6(&g->a, g->g6, g->len, &c->so, &diag);
		if (rc == RIVER_OK)
			continue;
		pthread_mutex_lock(&c->lock);
		if (k < c->failed) {
			c->failed = k;
			c->rc = rc;
			c->diag = diag;
		}
		pthread_mutex_unlock(&c->lock);
	}
}

/* Search the chunk's graphs on threads threads; the index of the first
 * that failed, or c->n. */
static size_t census_chunk(struct census *c, unsigned threads)
{
	pthread_t ids[RIVER_MAX_THREADS];
	unsigned t, started = 0;

	c->next = 0;
	c->failed = c->n;
	for (t = 1; t < threads; t++) {
		if (pthread_create(&ids[t], NULL, census_work, c) != 0)
			break;
		started++;
	}
	census_work(c);
	for (t = 1; t <= started; t++)
		pthread_join(ids[t], NULL);
	return c->failed;
}

/* Count g in the summary; false when memory ran out. */
static bool census_note(struct census *c, const struct census_graph *g)
{
	const river_alcuin *a = &g->a;
	unsigned v = a->vertices;

	c->graphs[v]++;
	if (a->alcuin == a->cover)
		c->at_tau[v]++;
	else if (a->alcuin == a->cover + 1)
		c->above[v]++;
	else
		c->other[v]++;
	if (a->crossings > c->most[v])
		c->most[v] = a->crossings;
	if (a->alcuin == a->cover + 1 && c->opts->format == RIVER_FORMAT_TEXT) {
		char *copy;

		if (c->n_plus_one == c->cap_plus_one) {
			size_t cap = c->cap_plus_one ? 2 * c->cap_plus_one : 64;
			char **more = realloc(c->plus_one, cap * sizeof *more);

			if (!more)
				return false;
			c->plus_one = more;
			c->cap_plus_one = cap;
		}
		copy = strdup(g->g6);
		if (!copy)
			return false;
		c->plus_one[c->n_plus_one++] = copy;
	}
	return true;
}

/* One record: a CSV row or a JSON object. */
static void census_record(struct census *c, const struct census_graph *g)
{
	const river_alcuin *a = &g->a;

	if (c->opts->format == RIVER_FORMAT_CSV)
		printf("%s,%u,%u,%u,%u,%llu\n", g->g6, a->vertices, a->edges,
		       a->cover, a->alcuin, a->crossings);
	else if (c->opts->format == RIVER_FORMAT_JSON)
		printf("%s\n    {\"graph6\": \"%s\", \"vertices\": %u, "
		       "\"edges\": %u, \"tau\": %u, \"alcuin\": %u, "
		       "\"crossings\": %llu}", c->records ? "," : "",
		       g->g6, a->vertices, a->edges, a->cover, a->alcuin,
		       a->crossings);
	c->records++;
}

static void census_summary(const struct census *c)
{
	bool json = c->opts->format == RIVER_FORMAT_JSON, first = true;
	unsigned v;
	size_t k;

	if (c->opts->format == RIVER_FORMAT_CSV)
		return;
	if (json)
		printf("\n  ],\n  \"summary\": [");
	else
		printf("vertices     graphs   alcuin=tau alcuin=tau+1  "
		       "other  most crossings\n");
	for (v = 0; v <= RIVER_ALCUIN_MAX_VERTICES; v++) {
		if (!c->graphs[v])
			continue;
		if (json)
			printf("%s\n    {\"vertices\": %u, \"graphs\": %llu, "
			       "\"alcuin_tau\": %llu, \"alcuin_tau_plus_one\": "
			       "%llu, \"other\": %llu, \"most_crossings\": "
			       "%llu}", first ? "" : ",", v, c->graphs[v],
			       c->at_tau[v], c->above[v], c->other[v],
			       c->most[v]);
		else
			printf("%8u %10llu %12llu %12llu %6llu %15llu\n", v,
			       c->graphs[v], c->at_tau[v], c->above[v],
			       c->other[v], c->most[v]);
		first = false;
	}
	if (json) {
		printf("\n  ]\n}\n");
		return;
	}
	printf("\n%zu graph%s whose Alcuin number is tau + 1 (graph6)%s\n",
	       c->n_plus_one, c->n_plus_one == 1 ? "" : "s",
	       c->n_plus_one ? ":" : ".");
	for (k = 0; k < c->n_plus_one; k++)
		printf("%s\n", c->plus_one[k]);
}

/* Each line of the FILE a graph in graph6, as nauty's geng writes it:
 * its vertex cover number, Alcuin number and fewest crossings; the
 * records (CSV, JSON) or the summary by vertex count (text). */
static int census(const struct options *opts, const river_puzzle *unused)
{
	if (opts->n_ranges)
		return run_grid(opts, true);
	FILE *in = strcmp(opts->file, "-") == 0 ? stdin : fopen(opts->file, "r");
	struct census c;
	char *line = NULL;
	size_t cap = 0, k;
	ssize_t got = 0;
	unsigned long long number = 0;
	unsigned threads = opts->threads;
	int rc = EXIT_SOLVED;
	bool done = false;

	(void)unused;
	if (!in) {
		fprintf(stderr, "river: %s: cannot open: %s\n", opts->name,
			strerror(errno));
		return EXIT_BAD_INPUT;
	}
	if (!threads) {
		long online = sysconf(_SC_NPROCESSORS_ONLN);

		threads = online < 1 ? 1
			  : online > RIVER_MAX_THREADS ? RIVER_MAX_THREADS
						       : (unsigned)online;
	}
	memset(&c, 0, sizeof c);
	c.opts = opts;
	search_options(&c.so, opts);
	c.so.threads = 1; /* the graphs are the parallel work */
	pthread_mutex_init(&c.lock, NULL);
	c.g = calloc(CENSUS_CHUNK, sizeof *c.g);
	if (!c.g) {
		fprintf(stderr, "river: out of memory\n");
		return EXIT_LIMIT;
	}
	if (opts->format == RIVER_FORMAT_CSV)
		printf("graph6,vertices,edges,tau,alcuin,crossings\n");
	else if (opts->format == RIVER_FORMAT_JSON)
		printf("{\n  \"graphs\": [");
	catch_signals();
	while (!done && rc == EXIT_SOLVED && !caught) {
		size_t failed;

		for (c.n = 0; c.n < CENSUS_CHUNK;) {
			got = getline(&line, &cap, in);
			if (got < 0) {
				done = true;
				break;
			}
			number++;
			while (got > 0 && (line[got - 1] == '\n' ||
					   line[got - 1] == '\r'))
				line[--got] = '\0';
			if (got == 0)
				continue; /* a blank line */
			c.g[c.n].g6 = strdup(line);
			if (!c.g[c.n].g6) {
				rc = EXIT_LIMIT;
				break;
			}
			c.g[c.n].len = (size_t)got;
			c.g[c.n].line = number;
			c.n++;
		}
		failed = rc == EXIT_SOLVED ? census_chunk(&c, threads) : 0;
		for (k = 0; k < failed && k < c.n && !caught &&
			    rc == EXIT_SOLVED; k++) {
			if (!census_note(&c, &c.g[k]))
				rc = EXIT_LIMIT;
			census_record(&c, &c.g[k]);
		}
		if (failed < c.n && !caught) {
			/* The place in the line, when the diag has one. */
			fprintf(stderr, "river: %s:%llu:", opts->name,
				c.g[failed].line);
			if (c.diag.line > 0 && c.diag.column > 0)
				fprintf(stderr, "%d:", c.diag.column);
			fprintf(stderr, " %s\n", c.diag.message[0]
				? c.diag.message : river_strerror(c.rc));
			rc = c.rc == RIVER_EINVAL ? EXIT_BAD_INPUT
						  : exit_status(c.rc);
		}
		for (k = 0; k < c.n; k++)
			free(c.g[k].g6);
	}
	release_signals();
	if (rc == EXIT_LIMIT && !c.rc)
		fprintf(stderr, "river: out of memory\n");
	if (got < 0 && ferror(in)) {
		fprintf(stderr, "river: %s: cannot read: %s\n", opts->name,
			strerror(errno));
		rc = EXIT_BAD_INPUT;
	}
	if (rc == EXIT_SOLVED && !caught)
		census_summary(&c);
	for (k = 0; k < c.n_plus_one; k++)
		free(c.plus_one[k]);
	free(c.plus_one);
	free(c.g);
	free(line);
	pthread_mutex_destroy(&c.lock);
	if (in != stdin)
		fclose(in);
	return caught ? 128 + caught : rc;
}

int main(int argc, char **argv)
{
	struct options opts;
	river_puzzle *puzzle = NULL;
	int rc;

	memset(&opts, 0, sizeof opts);
	rc = parse_args(&opts, argc, argv);
	if (rc < 0 && !opts.cmd->loads_itself)
		rc = load(&puzzle, &opts);
	if (rc < 0)
		rc = opts.cmd->run(&opts, puzzle);
	river_puzzle_free(puzzle);
	if (caught) {
		/* Die of it, as the shell expects of a stopped program. */
		fflush(stdout);
		signal(caught, SIG_DFL);
		raise(caught);
		return rc;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "river: cannot write the output: %s\n",
			strerror(errno));
		return EXIT_BAD_INPUT;
	}
	return rc;
}
