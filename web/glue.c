/*
 * glue.c - libriver for the web playground, compiled to WebAssembly.
 *
 * Each exported function takes the puzzle's text (compiling it is far
 * cheaper than anything done with it, and the page holds no handles),
 * calls the public API of river.h and answers with one JSON object in a
 * new string the caller releases with river_free.  Every answer has
 * "ok": false with an "error" (status, file, line, column, message and
 * the compiler-style text) when the library refused, so the page shows
 * the library's own words and never judges a puzzle or a plan itself.
 *
 * The external engines (river_solve_engine) run other programs, which a
 * browser cannot: they are left out.  The search runs on one thread.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <river.h>

#include "util/buf.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define WEB_EXPORT EMSCRIPTEN_KEEPALIVE
/* The search's progress, handed to the page (the worker posts it). */
EM_JS(void, web_progress_js, (double states, double frontier, int depth), {
	if (Module.onProgress)
		Module.onProgress({ states: states, frontier: frontier,
				    depth: depth });
});
#else
#define WEB_EXPORT
static void web_progress_js(double states, double frontier, int depth)
{
	(void)states, (void)frontier, (void)depth;
}
#endif

static void put_key(struct buf *b, const char *key)
{
	buf_quote(b, key, QUOTE_JSON);
	buf_putc(b, ':');
}

static void put_string(struct buf *b, const char *key, const char *value)
{
	put_key(b, key);
	buf_quote(b, value ? value : "", QUOTE_JSON);
	buf_putc(b, ',');
}

/* A JSON text the library wrote, in place. */
static void put_raw(struct buf *b, const char *key, const char *json)
{
	put_key(b, key);
	buf_puts(b, json);
	buf_putc(b, ',');
}

static void put_diag(struct buf *b, int status, const river_diag *diag)
{
	char text[2048];

	river_diag_format(text, sizeof text, diag);
	buf_puts(b, "\"ok\":false,\"error\":{");
	put_key(b, "status");
	buf_printf(b, "%d,", status);
	put_string(b, "name", river_strerror(status));
	put_key(b, "line");
	buf_printf(b, "%d,", diag->line);
	put_key(b, "column");
	buf_printf(b, "%d,", diag->column);
	put_string(b, "file", diag->file);
	put_string(b, "text", text);
	put_key(b, "message");
	buf_quote(b, diag->message[0] ? diag->message : river_strerror(status),
		  QUOTE_JSON);
	buf_puts(b, "},");
}

/* Close the object begun with '{' (dropping the last comma). */
/* No answer: the library ran out of memory writing it (the worker
 * says so). */
static char *fail(struct buf *b, river_puzzle *p)
{
	buf_release(b);
	river_puzzle_free(p);
	return NULL;
}

static char *finish(struct buf *b)
{
	if (b->len && b->data[b->len - 1] == ',')
		b->data[--b->len] = '\0';
	buf_putc(b, '}');
	return buf_take(b);
}

/* Begin the answer and compile the puzzle; when it does not compile,
 * the answer is the diagnostic. */
static int begin(struct buf *b, river_puzzle **p, const char *text)
{
	river_diag diag;
	int rc;

	buf_init(b);
	buf_putc(b, '{');
	memset(&diag, 0, sizeof diag);
	rc = river_puzzle_load_string(p, text, strlen(text), "puzzle.puz",
				      &diag);
	if (rc != RIVER_OK)
		put_diag(b, rc, &diag);
	return rc;
}

/* The library's version and its export formats. */
WEB_EXPORT char *web_info(void)
{
	const char *const *f;
	struct buf b;

	buf_init(&b);
	buf_putc(&b, '{');
	put_string(&b, "version", river_version());
	put_key(&b, "formats");
	buf_putc(&b, '[');
	for (f = river_export_formats(); *f; f++) {
		if (f != river_export_formats())
			buf_putc(&b, ',');
		buf_quote(&b, *f, QUOTE_JSON);
	}
	buf_puts(&b, "],");
	return finish(&b);
}

/* Check a puzzle: its summary, or where and why it is wrong. */
WEB_EXPORT char *web_check(const char *text)
{
	river_puzzle *p;
	struct buf b;
	size_t i, n;

	if (begin(&b, &p, text) != RIVER_OK)
		return finish(&b);
	buf_puts(&b, "\"ok\":true,");
	put_string(&b, "title", river_puzzle_title(p));
	put_string(&b, "description", river_puzzle_description(p));
	put_string(&b, "boat", river_puzzle_boat_text(p));
	put_string(&b, "rowing", river_puzzle_rowing_text(p));
	put_string(&b, "objective", river_puzzle_objective_text(p));
	put_key(&b, "timed");
	buf_printf(&b, "%s,", river_puzzle_timed(p) ? "true" : "false");
	put_key(&b, "minimizes_time");
	buf_printf(&b, "%s,", river_puzzle_minimizes_time(p) ? "true" : "false");
	put_key(&b, "boat_start");
	buf_printf(&b, "\"%s\",",
		   river_puzzle_boat_start(p) == RIVER_RIGHT ? "right" : "left");
	put_key(&b, "items");
	buf_putc(&b, '[');
	n = river_puzzle_item_count(p);
	for (i = 0; i < n; i++) {
		buf_putc(&b, '{');
		put_string(&b, "name", river_puzzle_item_name(p, i));
		put_string(&b, "label", river_puzzle_item_label(p, i));
		put_key(&b, "copies");
		buf_printf(&b, "%u,", river_puzzle_item_copies(p, i));
		put_key(&b, "kind");
		buf_printf(&b, "%s", river_puzzle_item_is_kind(p, i) ?
			   "true" : "false");
		buf_puts(&b, i + 1 < n ? "}," : "}");
	}
	buf_puts(&b, "],");
	put_key(&b, "rules");
	buf_putc(&b, '[');
	n = river_puzzle_rule_count(p);
	for (i = 0; i < n; i++) {
		if (i)
			buf_putc(&b, ',');
		buf_quote(&b, river_puzzle_rule_text(p, i), QUOTE_JSON);
	}
	buf_puts(&b, "],");
	river_puzzle_free(p);
	return finish(&b);
}

static void progress(const river_progress *pr, void *userdata)
{
	(void)userdata;
	web_progress_js((double)pr->states_explored, (double)pr->frontier,
			(int)pr->depth);
}

/* A search on one thread (the browser build has no others), reporting
 * its progress; max_states 0 is the library's default. */
static void search_options(river_solve_options *so, double max_states)
{
	river_solve_options_init(so, RIVER_SOLVE_OPTIONS_VERSION);
	so->threads = 1;
	so->max_states = max_states > 0 ? (unsigned long long)max_states : 0;
	so->progress = progress;
}

static int put_plan(struct buf *b, const char *key, const river_plan *plan,
		    river_format format)
{
	char *s;
	int rc = river_plan_render(&s, plan, format);

	if (rc != RIVER_OK)
		return rc;
	if (format == RIVER_FORMAT_JSON)
		put_raw(b, key, s);
	else
		put_string(b, key, s);
	river_free(s);
	return RIVER_OK;
}

/*
 * Solve: the plan as river_plan_render's JSON (which lists the banks
 * after every crossing) and its SVG storyboard; with count, the number
 * of optimal plans, and up to max_plans of them as JSON to step through.
 */
WEB_EXPORT char *web_solve(const char *text, int count, int max_plans,
			   double max_states)
{
	river_solve_options so;
	river_puzzle *p;
	river_plan *plan = NULL;
	river_diag diag;
	struct buf b;
	size_t i, n;
	int rc;

	if (begin(&b, &p, text) != RIVER_OK)
		return finish(&b);
	search_options(&so, max_states);
	so.count = count;
	so.max_plans = max_plans > 0 ? (size_t)max_plans : 0;
	memset(&diag, 0, sizeof diag);
	rc = river_solve(&plan, p, &so, &diag);
	if (rc != RIVER_OK) {
		put_diag(&b, rc, &diag);
		river_puzzle_free(p);
		return finish(&b);
	}
	buf_puts(&b, "\"ok\":true,");
	put_key(&b, "count");
	if (river_plan_count(plan) == (unsigned long long)-1)
		buf_puts(&b, "\"many\",");
	else
		buf_printf(&b, "%llu,", river_plan_count(plan));
	put_key(&b, "time");
	buf_printf(&b, "%llu,", river_plan_time(plan));
	rc = put_plan(&b, "plan", plan, RIVER_FORMAT_JSON);
	if (rc == RIVER_OK)
		rc = put_plan(&b, "svg", plan, RIVER_FORMAT_SVG);
	put_key(&b, "alternatives");
	buf_putc(&b, '[');
	n = river_plan_alternatives(plan);
	for (i = 0; i < n && rc == RIVER_OK; i++) {
		char *s;

		rc = river_plan_render(&s, river_plan_alternative(plan, i),
				       RIVER_FORMAT_JSON);
		if (rc != RIVER_OK)
			break;
		if (i)
			buf_putc(&b, ',');
		buf_puts(&b, s);
		river_free(s);
	}
	buf_puts(&b, "],");
	river_plan_free(plan);
	river_puzzle_free(p);
	if (rc != RIVER_OK) {
		buf_release(&b);
		return NULL;
	}
	return finish(&b);
}

/* The verdict as river_verdict_render's JSON; RIVER_ENOMEM when it
 * could not be written. */
static int put_verdict(struct buf *b, const river_verdict *v,
		       const river_puzzle *p)
{
	char *s;
	int rc = river_verdict_render(&s, v, p, "plan", 0, RIVER_FORMAT_JSON);

	if (rc == RIVER_OK) {
		put_raw(b, "verdict", s);
		river_free(s);
	}
	return rc;
}

/* Check a plan (one crossing a line, or river's table or JSON). */
WEB_EXPORT char *web_verify(const char *text, const char *plan)
{
	river_verdict v = RIVER_VERDICT_INIT;
	river_puzzle *p;
	river_diag diag;
	struct buf b;
	int rc;

	if (begin(&b, &p, text) != RIVER_OK)
		return finish(&b);
	memset(&diag, 0, sizeof diag);
	rc = river_verify(&v, p, plan, strlen(plan), "plan", &diag);
	if (rc != RIVER_OK) {
		put_diag(&b, rc, &diag);
	} else {
		buf_puts(&b, "\"ok\":true,");
		if (put_verdict(&b, &v, p) != RIVER_OK)
			return fail(&b, p);
	}
	river_puzzle_free(p);
	return finish(&b);
}

/*
 * Play: the moves so far replayed (river_replay), without a search: the
 * verdict (a crossing at fault is refused with its reason) and the
 * crossings replayed as river_plan_render's JSON, whose last state is
 * where the player stands.
 */
WEB_EXPORT char *web_replay(const char *text, const char *plan)
{
	river_verdict v = RIVER_VERDICT_INIT;
	river_puzzle *p;
	river_plan *played = NULL;
	river_diag diag;
	struct buf b;
	char *s;
	int rc;

	if (begin(&b, &p, text) != RIVER_OK)
		return finish(&b);
	memset(&diag, 0, sizeof diag);
	rc = river_replay(&played, &v, p, plan, strlen(plan), "plan", &diag);
	if (rc != RIVER_OK) {
		put_diag(&b, rc, &diag);
		river_puzzle_free(p);
		return finish(&b);
	}
	buf_puts(&b, "\"ok\":true,");
	rc = put_verdict(&b, &v, p);
	if (rc == RIVER_OK)
		rc = river_plan_render(&s, played, RIVER_FORMAT_JSON);
	river_plan_free(played);
	if (rc != RIVER_OK)
		return fail(&b, p);
	put_raw(&b, "plan", s);
	river_free(s);
	river_puzzle_free(p);
	return finish(&b);
}

/*
 * Play and hints: replay the partial plan.  A crossing at fault gives
 * the verdict alone (its reason is why the move is refused); else the
 * hint, as river_hint_render's JSON (the state reached, the crossings
 * left, the next move) and words.
 */
WEB_EXPORT char *web_hint(const char *text, const char *plan,
			  double max_states)
{
	river_solve_options so;
	river_verdict v = RIVER_VERDICT_INIT;
	river_puzzle *p;
	river_plan *hint = NULL;
	river_diag diag;
	struct buf b;
	char *s;
	int rc;

	if (begin(&b, &p, text) != RIVER_OK)
		return finish(&b);
	search_options(&so, max_states);
	memset(&diag, 0, sizeof diag);
	rc = river_hint(&hint, &v, p, plan, strlen(plan), "plan", &so, &diag);
	if (rc != RIVER_OK) {
		put_diag(&b, rc, &diag);
		goto out;
	}
	buf_puts(&b, "\"ok\":true,");
	rc = put_verdict(&b, &v, p);
	if (rc == RIVER_OK && hint)
		rc = river_hint_render(&s, hint, RIVER_FORMAT_JSON);
	if (rc == RIVER_OK && hint) {
		put_raw(&b, "hint", s);
		river_free(s);
		rc = river_hint_render(&s, hint, RIVER_FORMAT_TEXT);
		if (rc == RIVER_OK) {
			put_string(&b, "text", s);
			river_free(s);
		}
	}
	river_plan_free(hint);
	if (rc != RIVER_OK)
		return fail(&b, p);
out:
	river_puzzle_free(p);
	return finish(&b);
}

/* The puzzle as a model for another solver, in one of web_info's
 * formats, at the default horizon. */
WEB_EXPORT char *web_export(const char *text, const char *format)
{
	river_puzzle *p;
	river_diag diag;
	struct buf b;
	char *model;
	int rc;

	if (begin(&b, &p, text) != RIVER_OK)
		return finish(&b);
	memset(&diag, 0, sizeof diag);
	rc = river_export(&model, p, format, NULL, &diag);
	if (rc != RIVER_OK) {
		put_diag(&b, rc, &diag);
	} else {
		buf_puts(&b, "\"ok\":true,");
		put_string(&b, "model", model);
		river_free(model);
	}
	river_puzzle_free(p);
	return finish(&b);
}

WEB_EXPORT void web_free(char *s)
{
	river_free(s);
}
