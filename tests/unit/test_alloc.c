/* Out of memory, everywhere: every allocation that loading, checking,
 * solving, counting, rendering, exporting, verifying and drawing the
 * state graph make is failed in turn, first alone, then with every one
 * after it.  Each time the call must return RIVER_ENOMEM with a message
 * (or, when a fallback took the failure in its stride, exactly what it
 * returns with memory to spare), and free all it allocated.
 *
 * The program is linked with --wrap for the allocation functions, so
 * the core's (and this file's) calls come here; cmocka, a shared
 * library, allocates unseen.
 *
 * A call that allocates a great deal (a model of thousands of rows)
 * would take minutes failed at each of its allocations, most of them
 * the same line of code in the same loop.  So the allocations failed
 * are the first CHAOS_EVERY of each call, then the first made at each
 * place in the code after a given other place (each pair of
 * consecutive allocation sites, by return address), the last made at
 * each place, and an even spread of CHAOS_SPREAD more: every place that
 * allocates fails at least once, after each place that allocated just
 * before it, in far fewer runs.  RIVER_CHAOS_ALL=1 in the environment
 * fails every allocation in turn, for a thorough run; RIVER_CHAOS_SITES=1
 * only the first made at each place, for a run under valgrind (which
 * takes 27 minutes over the default choice, and finds there what it
 * finds here: the failure paths' reads of memory never written; the
 * sanitizers' build runs the default choice). */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include <stdbool.h>
#include <stdlib.h>

#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"
#include "plan/plan.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *ptr, size_t size);
void __real_free(void *ptr);

void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *ptr, size_t size);
char *__wrap_strdup(const char *s);
void __wrap_free(void *ptr);

static struct {
	unsigned long fail_at; /* fail the allocation of this number (from
				  1 since chaos_arm); 0 for none */
	bool persistent;       /* and every one after it */
	unsigned long count;   /* allocations asked for since chaos_arm */
	bool failed;           /* one was failed */
	long live;             /* blocks allocated and not yet freed */
	bool recording;        /* keep each allocation's site in sites */
	void **sites;          /* the return address of each allocation
				  since chaos_arm, when recording */
	size_t sites_cap;
} chaos;

static void chaos_arm(unsigned long fail_at, bool persistent)
{
	chaos.fail_at = fail_at;
	chaos.persistent = persistent;
	chaos.count = 0;
	chaos.failed = false;
}

/* Count an allocation made at site, and say whether it fails. */
static bool chaos_fails(void *site)
{
	chaos.count++;
	if (chaos.recording) {
		if (chaos.count > chaos.sites_cap) {
			size_t cap = chaos.sites_cap ? 2 * chaos.sites_cap : 1024;
			void **grown = __real_realloc(chaos.sites,
						      cap * sizeof *grown);

			if (!grown)
				abort();
			chaos.sites = grown;
			chaos.sites_cap = cap;
		}
		chaos.sites[chaos.count - 1] = site;
	}
	if (chaos.fail_at && (chaos.count == chaos.fail_at ||
			      (chaos.persistent && chaos.count > chaos.fail_at))) {
		chaos.failed = true;
		return true;
	}
	return false;
}

static void *chaos_malloc(size_t size, void *site)
{
	void *p = chaos_fails(site) ? NULL : __real_malloc(size);

	chaos.live += p != NULL;
	return p;
}

void *__wrap_malloc(size_t size)
{
	return chaos_malloc(size, __builtin_return_address(0));
}

void *__wrap_calloc(size_t n, size_t size)
{
	void *p = chaos_fails(__builtin_return_address(0))
			  ? NULL
			  : __real_calloc(n, size);

	chaos.live += p != NULL;
	return p;
}

void *__wrap_realloc(void *ptr, size_t size)
{
	void *p;

	if (chaos_fails(__builtin_return_address(0)))
		return NULL;
	p = __real_realloc(ptr, size);
	if (!ptr && p)
		chaos.live++;
	return p;
}

char *__wrap_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = chaos_malloc(n, __builtin_return_address(0));

	if (p)
		memcpy(p, s, n);
	return p;
}

void __wrap_free(void *ptr)
{
	chaos.live -= ptr != NULL;
	__real_free(ptr);
}

/* ---- What each call gave: a digest of its results --------------- */

static void digest_bytes(uint64_t *h, const void *data, size_t len)
{
	const unsigned char *p = data;
	size_t i;

	for (i = 0; i < len; i++)
		*h = (*h ^ p[i]) * UINT64_C(0x100000001b3);
}

static void digest_str(uint64_t *h, const char *s)
{
	digest_bytes(h, s, strlen(s) + 1);
}

static void digest_num(uint64_t *h, unsigned long long n)
{
	digest_bytes(h, &n, sizeof n);
}

/* ---- The calls --------------------------------------------------- */

struct fixture {
	const char *name;
	char *text;             /* the puzzle file */
	size_t len;
	char path[4096];
	river_puzzle *puzzle;   /* loaded with memory to spare */
	river_plan *plan;       /* its plan, likewise */
	char *plan_text, *plan_json;
	const char *format;     /* for export */
	unsigned horizon;       /* for export */
};

/* Each makes its call on f, digests what it gave into *h, releases it
 * and returns the call's status. */
typedef int (*call_fn)(struct fixture *f, uint64_t *h, river_diag *diag);

static void digest_puzzle(uint64_t *h, const river_puzzle *p)
{
	size_t i;

	digest_str(h, river_puzzle_title(p));
	digest_str(h, river_puzzle_description(p));
	digest_str(h, river_puzzle_boat_text(p));
	digest_str(h, river_puzzle_rowing_text(p));
	digest_str(h, river_puzzle_objective_text(p));
	for (i = 0; i < river_puzzle_item_count(p); i++) {
		digest_str(h, river_puzzle_item_name(p, i));
		digest_str(h, river_puzzle_item_label(p, i));
		digest_num(h, river_puzzle_item_copies(p, i));
		digest_num(h, river_puzzle_item_start(p, i));
		digest_num(h, river_puzzle_item_goal(p, i));
	}
	for (i = 0; i < river_puzzle_rule_count(p); i++)
		digest_str(h, river_puzzle_rule_text(p, i));
	digest_num(h, river_puzzle_state_bits(p));
}

/* A call's result: digested when it succeeded, else absent; freed. */
static int took_puzzle(uint64_t *h, int rc, river_puzzle *p)
{
	if (rc == RIVER_OK)
		digest_puzzle(h, p);
	else
		assert_null(p);
	river_puzzle_free(p);
	return rc;
}

static int took_text(uint64_t *h, int rc, char *text)
{
	if (rc == RIVER_OK)
		digest_str(h, text);
	else
		assert_null(text);
	river_free(text);
	return rc;
}

static int call_load(struct fixture *f, uint64_t *h, river_diag *diag)
{
	river_puzzle *p = NULL;
	int rc = river_puzzle_load_string(&p, f->text, f->len, f->name, diag);

	return took_puzzle(h, rc, p);
}

static int call_load_file(struct fixture *f, uint64_t *h, river_diag *diag)
{
	river_puzzle *p = NULL;
	int rc = river_puzzle_load_file(&p, f->path, diag);

	return took_puzzle(h, rc, p);
}

/* With a parameter: n for the puzzles that have it, and for the others
 * an error (a parameter the puzzle does not declare). */
static int call_load_with(struct fixture *f, uint64_t *h, river_diag *diag)
{
	static const river_param n = {"n", 2};
	river_puzzle *p = NULL;
	int rc = river_puzzle_load_string_with(&p, f->text, f->len, f->name,
					       &n, 1, diag);

	return took_puzzle(h, rc, p);
}

static int call_load_stream(struct fixture *f, uint64_t *h, river_diag *diag)
{
	FILE *in = fopen(f->path, "rb");
	river_puzzle *p = NULL;
	int rc;

	assert_non_null(in);
	rc = river_puzzle_load_stream(&p, in, f->name, diag);
	fclose(in);
	return took_puzzle(h, rc, p);
}

static void digest_plan(uint64_t *h, const river_plan *plan)
{
	const river_puzzle *p = plan->puzzle;
	size_t k, i;

	digest_num(h, (unsigned long long)river_plan_solved(plan));
	digest_num(h, river_plan_crossings(plan));
	digest_num(h, river_plan_time(plan));
	for (k = 0; k <= river_plan_crossings(plan); k++)
		for (i = 0; i < river_puzzle_item_count(p); i++)
			digest_num(h, river_plan_item_on(plan, k, i, RIVER_LEFT));
}

static int solve(struct fixture *f, uint64_t *h, river_diag *diag,
		 size_t max_plans)
{
	river_solve_options opts;
	river_plan *plan = NULL;
	size_t k;
	int rc;

	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.count = max_plans > 0;
	opts.max_plans = max_plans;
	rc = river_solve(&plan, f->puzzle, &opts, diag);
	if (rc != RIVER_OK) {
		assert_null(plan);
		return rc;
	}
	digest_plan(h, plan);
	digest_num(h, river_plan_count(plan));
	digest_num(h, river_plan_alternatives(plan));
	for (k = 0; k < river_plan_alternatives(plan); k++)
		digest_plan(h, river_plan_alternative(plan, k));
	river_plan_free(plan);
	return rc;
}

static int call_solve(struct fixture *f, uint64_t *h, river_diag *diag)
{
	return solve(f, h, diag, 0);
}

static int call_count(struct fixture *f, uint64_t *h, river_diag *diag)
{
	return solve(f, h, diag, 4);
}

static int call_render(struct fixture *f, uint64_t *h, river_diag *diag)
{
	static const river_format formats[] = {RIVER_FORMAT_TEXT,
					       RIVER_FORMAT_JSON};
	size_t i;
	int rc = RIVER_OK;

	for (i = 0; rc == RIVER_OK && i < 2; i++) {
		char *text = NULL;

		/* river_plan_render has no diag: it can only run out. */
		rc = river_plan_render(&text, f->plan, formats[i]);
		rc = took_text(h, rc, text);
	}
	if (rc != RIVER_OK) {
		diag->status = rc;
		snprintf(diag->message, sizeof diag->message, "%s",
			 river_strerror(rc));
	}
	return rc;
}

static int call_export(struct fixture *f, uint64_t *h, river_diag *diag)
{
	river_export_options opts;
	char *text = NULL;
	int rc;

	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
	opts.horizon = f->horizon;
	rc = river_export(&text, f->puzzle, f->format, &opts, diag);
	return took_text(h, rc, text);
}

static int call_horizon(struct fixture *f, uint64_t *h, river_diag *diag)
{
	unsigned horizon = 0;
	int rc = river_export_horizon(&horizon, f->puzzle, diag);

	digest_num(h, horizon);
	return rc;
}

static int verify(struct fixture *f, uint64_t *h, river_diag *diag,
		  const char *plan)
{
	river_verdict v = RIVER_VERDICT_INIT;
	int rc = river_verify(&v, f->puzzle, plan, strlen(plan), "plan", diag);

	/* Memory that runs out while a plan is read is said of the plan. */
	if (rc == RIVER_ENOMEM)
		assert_string_equal(diag->file, "plan");
	if (rc == RIVER_OK) {
		digest_num(h, (unsigned long long)v.legal);
		digest_num(h, v.crossings);
		digest_num(h, v.step);
		digest_num(h, v.time);
		digest_str(h, v.reason);
	}
	return rc;
}

static int call_verify_text(struct fixture *f, uint64_t *h, river_diag *diag)
{
	return verify(f, h, diag, f->plan_text);
}

static int call_verify_json(struct fixture *f, uint64_t *h, river_diag *diag)
{
	return verify(f, h, diag, f->plan_json);
}

/* The text plan's lines up to its middle replayed, and the replay
 * rendered. */
static int call_replay(struct fixture *f, uint64_t *h, river_diag *diag)
{
	const char *end = strchr(f->plan_text + strlen(f->plan_text) / 2,
				 '\n');
	river_plan *plan;
	river_verdict v = RIVER_VERDICT_INIT;
	char *s = NULL;
	int rc;

	rc = river_replay(&plan, &v, f->puzzle, f->plan_text,
			  end ? (size_t)(end - f->plan_text) : 0, "plan", diag);
	if (rc == RIVER_ENOMEM)
		assert_string_equal(diag->file, "plan");
	if (rc != RIVER_OK)
		return rc;
	digest_num(h, river_plan_crossings(plan));
	/* river_plan_render has no diag: it can only run out. */
	rc = river_plan_render(&s, plan, RIVER_FORMAT_JSON);
	rc = took_text(h, rc, s);
	river_plan_free(plan);
	if (rc != RIVER_OK) {
		diag->status = rc;
		snprintf(diag->message, sizeof diag->message, "%s",
			 river_strerror(rc));
	}
	return rc;
}

/* A hint from the middle of the text plan. */
static int call_hint(struct fixture *f, uint64_t *h, river_diag *diag)
{
	const char *end = strchr(f->plan_text + strlen(f->plan_text) / 2,
				 '\n');
	river_plan *hint = NULL;
	river_verdict v = RIVER_VERDICT_INIT;
	char *s = NULL;
	int rc;

	rc = river_hint(&hint, &v, f->puzzle, f->plan_text,
			end ? (size_t)(end - f->plan_text) : 0, "plan", NULL,
			diag);
	if (rc != RIVER_OK)
		return rc;
	digest_num(h, river_plan_crossings(hint));
	rc = river_hint_render(&s, hint, RIVER_FORMAT_TEXT);
	rc = took_text(h, rc, s);
	river_plan_free(hint);
	if (rc != RIVER_OK) {
		diag->status = rc;
		snprintf(diag->message, sizeof diag->message, "%s",
			 river_strerror(rc));
	}
	return rc;
}

/* An explanation, rendered both ways. */
static int call_explain(struct fixture *f, uint64_t *h, river_diag *diag)
{
	static const river_format formats[] = {RIVER_FORMAT_TEXT,
					       RIVER_FORMAT_JSON};
	river_explanation *e = NULL;
	size_t i;
	int rc = river_explain(&e, f->puzzle, NULL, diag);

	if (rc != RIVER_OK) {
		assert_null(e);
		return rc;
	}
	for (i = 0; rc == RIVER_OK && i < 2; i++) {
		char *text = NULL;

		rc = river_explain_render(&text, e, formats[i]);
		rc = took_text(h, rc, text);
	}
	river_explanation_free(e);
	if (rc != RIVER_OK) {
		diag->status = rc;
		snprintf(diag->message, sizeof diag->message, "%s",
			 river_strerror(rc));
	}
	return rc;
}

/* A rating, its figures and both renderings. */
static int call_rate(struct fixture *f, uint64_t *h, river_diag *diag)
{
	static const river_format formats[] = {RIVER_FORMAT_TEXT,
					       RIVER_FORMAT_JSON};
	river_rating_info info;
	river_rating *r = NULL;
	size_t i;
	int rc = river_rate(&r, f->puzzle, NULL, diag);

	river_rating_info_init(&info, RIVER_RATING_INFO_VERSION);
	if (rc != RIVER_OK) {
		assert_null(r);
		return rc;
	}
	assert_int_equal(river_rating_get(r, &info), RIVER_OK);
	digest_num(h, info.bottlenecks);
	for (i = 0; rc == RIVER_OK && i < 2; i++) {
		char *text = NULL;

		rc = river_rating_render(&text, r, formats[i]);
		rc = took_text(h, rc, text);
	}
	river_rating_free(r);
	if (rc != RIVER_OK) {
		diag->status = rc;
		snprintf(diag->message, sizeof diag->message, "%s",
			 river_strerror(rc));
	}
	return rc;
}

/* What never matters, as text and JSON. */
static int call_lint(struct fixture *f, uint64_t *h, river_diag *diag)
{
	static const river_format formats[] = {RIVER_FORMAT_TEXT,
					       RIVER_FORMAT_JSON};
	river_notes *notes = NULL;
	size_t i;
	int rc = river_lint(&notes, f->puzzle, NULL, diag);

	if (rc != RIVER_OK) {
		assert_null(notes);
		return rc;
	}
	digest_num(h, river_notes_count(notes));
	for (i = 0; rc == RIVER_OK && i < 2; i++) {
		char *text = NULL;

		rc = river_notes_render(&text, notes, formats[i]);
		rc = took_text(h, rc, text);
	}
	river_notes_free(notes);
	if (rc != RIVER_OK) {
		diag->status = rc;
		snprintf(diag->message, sizeof diag->message, "%s",
			 river_strerror(rc));
	}
	return rc;
}

/* The hardest start, as text. */
static int call_hardest(struct fixture *f, uint64_t *h, river_diag *diag)
{
	river_hardest *hard = NULL;
	char *text = NULL;
	int rc = river_hardest_find(&hard, f->puzzle, 0, NULL, diag);

	if (rc != RIVER_OK) {
		assert_null(hard);
		return rc;
	}
	rc = river_hardest_render(&text, hard, RIVER_FORMAT_TEXT);
	rc = took_text(h, rc, text);
	river_hardest_free(hard);
	if (rc != RIVER_OK) {
		diag->status = rc;
		snprintf(diag->message, sizeof diag->message, "%s",
			 river_strerror(rc));
	}
	return rc;
}

/* The state graph, with the broken moves, and as a summary by depth. */
static int call_graph(struct fixture *f, uint64_t *h, river_diag *diag)
{
	river_graph_options opts;
	river_graph_info info = RIVER_GRAPH_INFO_INIT;
	size_t nodes;
	int rc = RIVER_OK;

	river_graph_options_init(&opts, RIVER_GRAPH_OPTIONS_VERSION);
	opts.broken = 1;
	for (nodes = 0; rc == RIVER_OK && nodes < 2; nodes++) {
		char *dot = NULL;

		opts.max_nodes = nodes ? 3 : 0;
		rc = river_graph(&dot, &info, f->puzzle, &opts, diag);
		if (rc == RIVER_OK)
			digest_num(h, info.plans);
		rc = took_text(h, rc, dot);
	}
	return rc;
}

/* An external engine: "z3" on PATH is a script that prints what Z3
 * answered to wgc's model at horizon 12 (from the fuzz corpus). */
static int call_engine(struct fixture *f, uint64_t *h, river_diag *diag)
{
	river_export_options opts;
	river_plan *plan = NULL;
	int rc;

	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
	opts.horizon = 12;
	rc = river_solve_engine(&plan, f->puzzle, "z3", &opts, diag);
	if (rc == RIVER_OK)
		digest_plan(h, plan);
	else
		assert_null(plan);
	river_plan_free(plan);
	return rc;
}

/* ---- Failing each allocation in turn ----------------------------- */

enum { CHAOS_EVERY = 64, CHAOS_SPREAD = 32 };

/* Which of the n allocations the counting run recorded to fail (see
 * the top of the file): chosen[k - 1] for the allocation k. */
static bool *chaos_choose(unsigned long n)
{
	const char *all = getenv("RIVER_CHAOS_ALL");
	const char *sites = getenv("RIVER_CHAOS_SITES");
	bool every = all && *all && strcmp(all, "0") != 0;
	bool first_only = sites && *sites && strcmp(sites, "0") != 0;
	bool *chosen = __real_calloc(n ? n : 1, sizeof *chosen);
	unsigned long k, j, stride = n / CHAOS_SPREAD + 1;

	if (!chosen)
		abort();
	for (k = 0; k < n; k++) {
		bool first_pair = true, last_here = true;

		if (first_only && !every) {
			for (j = 0; j < k && chaos.sites[j] != chaos.sites[k]; j++)
				;
			chosen[k] = j == k;
			continue;
		}
		if (every || k < CHAOS_EVERY || k % stride == 0) {
			chosen[k] = true;
			continue;
		}
		/* (k >= CHAOS_EVERY: it has a predecessor.) */
		for (j = 1; first_pair && j < k; j++)
			first_pair = !(chaos.sites[j] == chaos.sites[k] &&
				       chaos.sites[j - 1] == chaos.sites[k - 1]);
		for (j = k + 1; last_here && j < n; j++)
			last_here = chaos.sites[j] != chaos.sites[k];
		chosen[k] = first_pair || last_here;
	}
	return chosen;
}

/* Make call with memory to spare, then with each chosen allocation
 * failed: alone, then with every later one. */

static void chaos_call(struct fixture *f, const char *what, call_fn call)
{
	uint64_t want = UINT64_C(14695981039346656037), got;
	unsigned long n, k;
	long live = chaos.live;
	river_diag diag;
	int expected, rc, persistent;
	bool ok, *chosen;

	chaos_arm(0, false);
	chaos.recording = true;
	expected = call(f, &want, &diag);
	chaos.recording = false;
	n = chaos.count;
	assert_int_equal(chaos.live, live);
	chosen = chaos_choose(n);
	for (persistent = 0; persistent < 2; persistent++) {
		for (k = 1; k <= n; k++) {
			if (!chosen[k - 1])
				continue;
			got = UINT64_C(14695981039346656037);
			memset(&diag, 0, sizeof diag);
			chaos_arm(k, persistent);
			rc = call(f, &got, &diag);
			chaos_arm(0, false);
			ok = chaos.live == live &&
			     (rc == RIVER_ENOMEM
				      ? diag.status == RIVER_ENOMEM &&
						strstr(diag.message, "memory")
				      : rc == expected && got == want);
			if (!ok)
				print_error("%s %s: allocation %lu of %lu failed%s: "
					    "status %d, diag %d (%s), %ld blocks "
					    "leaked\n", f->name, what, k, n,
					    persistent ? " with all later" : "",
					    rc, diag.status, diag.message,
					    chaos.live - live);
			assert_true(ok);
		}
	}
	__real_free(chosen);
}

/* f's puzzle loaded, its plan solved and rendered, with memory to
 * spare. */
static void fixture_solve(struct fixture *f)
{
	river_diag diag;

	assert_int_equal(river_puzzle_load_string(&f->puzzle, f->text, f->len,
						  f->name, &diag), RIVER_OK);
	assert_int_equal(river_solve(&f->plan, f->puzzle, NULL, &diag),
			 RIVER_OK);
	assert_int_equal(river_plan_render(&f->plan_text, f->plan,
					   RIVER_FORMAT_TEXT), RIVER_OK);
	assert_int_equal(river_plan_render(&f->plan_json, f->plan,
					   RIVER_FORMAT_JSON), RIVER_OK);
}

static void fixture_release(struct fixture *f)
{
	river_free(f->plan_json);
	river_free(f->plan_text);
	river_plan_free(f->plan);
	river_puzzle_free(f->puzzle);
	free(f->text);
}

static void chaos_puzzle(const char *name)
{
	const char *top = getenv("srcdir");
	const char *const *format;
	struct fixture f;
	river_diag diag;
	long live = chaos.live;
	unsigned horizon;

	memset(&f, 0, sizeof f);
	f.name = name;
	snprintf(f.path, sizeof f.path, "%s/puzzles/%s.puz",
		 top && *top ? top : ".", name);
	f.text = unit_read_file(f.path, &f.len);
	chaos_call(&f, "load", call_load);
	chaos_call(&f, "load_file", call_load_file);
	chaos_call(&f, "load_stream", call_load_stream);
	chaos_call(&f, "load_string_with", call_load_with);

	fixture_solve(&f);
	chaos_call(&f, "solve", call_solve);
	chaos_call(&f, "count", call_count);
	chaos_call(&f, "render", call_render);
	chaos_call(&f, "horizon", call_horizon);
	/* At a short horizon, and at the default one (worked out) where
	 * that is short enough to try hundreds of times. */
	assert_int_equal(river_export_horizon(&horizon, f.puzzle, &diag),
			 RIVER_OK);
	for (format = river_export_formats(); *format; format++) {
		f.format = *format;
		f.horizon = 6;
		chaos_call(&f, f.format, call_export);
		f.horizon = 0;
		if (horizon <= 20)
			chaos_call(&f, f.format, call_export);
	}
	chaos_call(&f, "verify text", call_verify_text);
	chaos_call(&f, "verify json", call_verify_json);
	chaos_call(&f, "replay", call_replay);
	/* An explanation makes a search an alternative: the small ones. */
	if (strcmp(name, "wgc") == 0 || strcmp(name, "bridge-torch") == 0)
		chaos_call(&f, "explain", call_explain);
	chaos_call(&f, "graph", call_graph);
	/* A rating walks the graph again, and lint and hardest search many
	 * variants: the small puzzles, and not under valgrind, where they
	 * took 7 of test_alloc's 8 minutes (the sanitizers' build runs
	 * them). */
	if (!RUNNING_ON_VALGRIND &&
	    (strcmp(name, "wgc") == 0 || strcmp(name, "bridge-torch") == 0 ||
	     strcmp(name, "island-missionaries") == 0))
		chaos_call(&f, "rate", call_rate);
	if (!RUNNING_ON_VALGRIND && strcmp(name, "wgc") == 0) {
		chaos_call(&f, "lint", call_lint);
		chaos_call(&f, "hardest", call_hardest);
	}

	fixture_release(&f);
	assert_int_equal(chaos.live, live);
}

/* The puzzle named by the state: the classic; counted kinds; families
 * (husband[1..n]) declared through parameters; a timed one, with the
 * least time as the objective. */
static void test_puzzle(void **state)
{
	chaos_puzzle(*state);
}

/* f with the puzzle name in folder dir of the source tree loaded, with
 * memory to spare. */
static void load_fixture(struct fixture *f, const char *name,
			 const char *dir)
{
	const char *top = getenv("srcdir");
	river_diag diag;

	memset(f, 0, sizeof *f);
	f->name = name;
	snprintf(f->path, sizeof f->path, "%s/%s/%s.puz",
		 top && *top ? top : ".", dir, name);
	assert_int_equal(river_puzzle_load_file(&f->puzzle, f->path, &diag),
			 RIVER_OK);
}

/* A puzzle too wide for a packed state: 32 couples, 64 items, searched
 * by the orbits of its couples.  Loaded, solved, rendered, verified and
 * replayed with each allocation failed; counting needs a packed state
 * and says so with memory to spare or not. */
static void test_wide(void **state)
{
	static const char text[] =
		"title \"Wide\"\n"
		"items husband[1..32], wife[1..32]\n"
		"boat seats 4\n"
		"for i, j in 1..32 where i != j: wife[i] must not be with "
		"husband[j] unless husband[i] is there\n";
	struct fixture f;

	(void)state;
	memset(&f, 0, sizeof f);
	f.name = "wide";
	f.text = strdup(text);
	f.len = strlen(text);
	assert_non_null(f.text);
	chaos_call(&f, "load", call_load);
	fixture_solve(&f);
	assert_true(river_puzzle_state_bits(f.puzzle) > 64);
	assert_int_equal(river_plan_crossings(f.plan), 61);
	chaos_call(&f, "solve", call_solve);
	/* The count with plans listed walks labelled plans of 64 items:
	 * 0.2 s a call, 3 s under valgrind, which would spend two thirds
	 * of this test's time here; its failures are exercised in the
	 * other builds, and the place search's listing in test_places. */
	if (!RUNNING_ON_VALGRIND)
		chaos_call(&f, "count", call_count);
	chaos_call(&f, "render", call_render);
	chaos_call(&f, "verify text", call_verify_text);
	chaos_call(&f, "verify json", call_verify_json);
	chaos_call(&f, "replay", call_replay);
	fixture_release(&f);
}

/* A fixture of the puzzle text, not loaded yet. */
static void text_fixture(struct fixture *f, const char *name,
			 const char *text)
{
	memset(f, 0, sizeof *f);
	f->name = name;
	f->text = strdup(text);
	f->len = strlen(text);
	assert_non_null(f->text);
}

/* A puzzle of places: an island, a ferry and a raft, a counted kind,
 * the raft rowed by the goat alone (so each boat has a meaning of its
 * own in the models).  Loaded, solved, counted with its plans listed, rendered, verified,
 * replayed, hinted, explained and exported with each allocation failed. */
static void test_places(void **state)
{
	static const char text[] =
		"title \"Places\"\n"
		"items farmer, wolf, goat, cabbage, 2 hens\n"
		"boat ferry seats 2\n"
		"boat raft seats 1\n"
		"rowers farmer, goat\n"
		"the raft is rowed by goat\n"
		"places left bank, island, right bank\n"
		"the raft may go between left bank and island\n"
		"guard farmer\n"
		"wolf eats goat\n"
		"goat eats cabbage\n";
	const char *const *format;
	struct fixture f;

	(void)state;
	text_fixture(&f, "places", text);
	chaos_call(&f, "load", call_load);
	fixture_solve(&f);
	assert_int_equal(river_puzzle_place_count(f.puzzle), 3);
	chaos_call(&f, "solve", call_solve);
	chaos_call(&f, "count", call_count);
	chaos_call(&f, "render", call_render);
	chaos_call(&f, "verify text", call_verify_text);
	chaos_call(&f, "verify json", call_verify_json);
	chaos_call(&f, "replay", call_replay);
	chaos_call(&f, "hint", call_hint);
	chaos_call(&f, "explain", call_explain);
	/* Every model of places, at a short horizon and at the default,
	 * the crossings of the plan the place search finds (but for the
	 * BQM, the slowest run there by far, whose paths the short
	 * horizon takes all of). */
	chaos_call(&f, "horizon", call_horizon);
	for (format = river_export_formats(); *format; format++) {
		f.format = *format;
		f.horizon = 3;
		chaos_call(&f, f.format, call_export);
		f.horizon = 0;
		if (strcmp(f.format, "bqm") != 0)
			chaos_call(&f, f.format, call_export);
	}
	fixture_release(&f);
}

/* The state graph of a smaller puzzle of places (two boats, an island):
 * each allocation failed in turn, as its labels each take some. */
static void test_places_graph(void **state)
{
	static const char text[] =
		"title \"Small places\"\n"
		"items farmer, goat, cabbage\n"
		"boat ferry seats 2\n"
		"boat raft seats 1\n"
		"rowers farmer, goat\n"
		"places left bank, island, right bank\n"
		"the raft may go between left bank and island\n"
		"goat eats cabbage unless farmer\n";
	struct fixture f;

	(void)state;
	text_fixture(&f, "small places", text);
	fixture_solve(&f);
	chaos_call(&f, "graph", call_graph);
	chaos_call(&f, "rate", call_rate);
	fixture_release(&f);
}

/* A puzzle with no plan: its reachable states and the changes that
 * would make it solvable, a load limit among them. */
static void test_explain_none(void **state)
{
	struct fixture f;
	long live = chaos.live;

	(void)state;
	load_fixture(&f, "heavy-calf", "tests/puzzles");
	chaos_call(&f, "explain", call_explain);
	chaos_call(&f, "rate", call_rate);
	river_puzzle_free(f.puzzle);
	assert_int_equal(chaos.live, live);
}

static void test_engine(void **state)
{
	const char *top = getenv("srcdir"), *path = getenv("PATH");
	char dir[] = "/tmp/river-alloc-XXXXXX", script[64], *search;
	struct fixture f;
	FILE *out;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(script, sizeof script, "%s/z3", dir);
	out = fopen(script, "w");
	assert_non_null(out);
	fprintf(out, "#!/bin/sh\ntail -c +2 '%s/tests/fuzz/corpus/answer/"
		"z3-wgc-12'\n", top && *top ? top : ".");
	fclose(out);
	assert_int_equal(chmod(script, 0700), 0);
	search = malloc(strlen(dir) + strlen(path ? path : "") + 2);
	assert_non_null(search);
	sprintf(search, "%s:%s", dir, path ? path : "");
	assert_int_equal(setenv("PATH", search, 1), 0);

	load_fixture(&f, "wgc", "puzzles");
	chaos_call(&f, "engine z3", call_engine);
	river_puzzle_free(f.puzzle);

	assert_int_equal(setenv("PATH", path ? path : "", 1), 0);
	free(search);
	unlink(script);
	rmdir(dir);
}

/* The wrappers themselves: an armed allocation fails, once or from
 * then on, and the count of live blocks follows. */
static void test_chaos_wraps(void **state)
{
	long live = chaos.live;
	void *a, *b, *c;

	(void)state;
	chaos_arm(2, false);
	a = malloc(8);
	b = malloc(8);
	c = calloc(1, 8);
	assert_non_null(a);
	assert_null(b);
	assert_non_null(c);
	assert_true(chaos.failed);
	assert_int_equal(chaos.live, live + 2);
	chaos_arm(1, true);
	assert_null(realloc(NULL, 64));
	assert_null(strdup("x"));
	chaos_arm(0, false);
	free(a);
	free(c);
	assert_int_equal(chaos.live, live);
	assert_int_equal(chaos.count, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chaos_wraps),
		cmocka_unit_test_prestate(test_puzzle, "wgc"),
		cmocka_unit_test_prestate(test_puzzle, "missionaries-cannibals"),
		cmocka_unit_test_prestate(test_puzzle, "jealous-husbands"),
		cmocka_unit_test_prestate(test_puzzle, "bridge-torch"),
		cmocka_unit_test(test_wide),
		cmocka_unit_test(test_places),
		cmocka_unit_test(test_places_graph),
		cmocka_unit_test(test_explain_none),
		cmocka_unit_test(test_engine),
	};

	/* Not in the checking mode (RIVER_CHECK): its own allocations
	 * would be among those failed in turn, and it would try every load
	 * of every state once per allocation.  The suite's other tests run
	 * the same searches in it. */
	unsetenv("RIVER_CHECK");
	int failed = cmocka_run_group_tests(tests, NULL, NULL);

	__real_free(chaos.sites);
	return failed;
}
