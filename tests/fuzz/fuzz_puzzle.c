/* Fuzz target: puzzle text -> load, the summary river check prints, a
 * small search (with plan counting), its rendering checked back by
 * river_verify, and every export format at a small horizon. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

/* Enough for every bundled puzzle but the largest, and quick. */
#define FUZZ_MAX_STATES 20000
#define FUZZ_HORIZON 3
/* JSON lists every copy on each bank in every state: past this many
 * names, a plan is not rendered (5000 cannibals crossing two by two
 * would take some 600 MB). */
#define FUZZ_MAX_JSON_NAMES 200000

static void check_summary(const river_puzzle *p)
{
	size_t i, n = river_puzzle_item_count(p);

	FUZZ_ASSERT(n > 0);
	FUZZ_ASSERT(river_puzzle_title(p) && river_puzzle_description(p));
	FUZZ_ASSERT(strlen(river_puzzle_boat_text(p)) > 0);
	(void)strlen(river_puzzle_rowing_text(p));
	(void)strlen(river_puzzle_objective_text(p));
	for (i = 0; i < n; i++) {
		unsigned copies = river_puzzle_item_copies(p, i);

		FUZZ_ASSERT(strlen(river_puzzle_item_name(p, i)) > 0);
		(void)strlen(river_puzzle_item_label(p, i));
		FUZZ_ASSERT(copies >= 1);
		FUZZ_ASSERT(river_puzzle_item_is_kind(p, i) || copies == 1);
		FUZZ_ASSERT(river_puzzle_item_start(p, i) <= copies);
		FUZZ_ASSERT(river_puzzle_item_goal(p, i) <= copies);
		(void)river_puzzle_item_rows(p, i);
	}
	FUZZ_ASSERT(river_puzzle_boat_start(p) == RIVER_LEFT ||
		    river_puzzle_boat_start(p) == RIVER_RIGHT);
	FUZZ_ASSERT(river_puzzle_boat_goal(p) >= -1 &&
		    river_puzzle_boat_goal(p) <= 1);
	for (i = 0; i < river_puzzle_rule_count(p); i++)
		FUZZ_ASSERT(strlen(river_puzzle_rule_text(p, i)) > 0);
	(void)river_puzzle_timed(p);
	(void)river_puzzle_minimizes_time(p);
	(void)river_puzzle_seats(p);
	FUZZ_ASSERT(river_puzzle_state_bits(p) <= 64);
	FUZZ_ASSERT(river_puzzle_state_space(p) >= 2);
}

/* A solved plan, rendered, must read back as legal and as long. */
static void check_render(const river_puzzle *p, const river_plan *plan,
			 river_format format)
{
	char *text = NULL;
	river_verdict v = RIVER_VERDICT_INIT;
	river_diag diag;
	int rc = river_plan_render(&text, plan, format);

	if (rc != RIVER_OK) {
		FUZZ_ASSERT(rc == RIVER_ENOMEM && !text);
		return;
	}
	FUZZ_ASSERT(text);
	if (river_plan_solved(plan) && river_plan_crossings(plan) > 0) {
		rc = river_verify(&v, p, text, strlen(text), "plan", &diag);
		if (rc != RIVER_OK)
			fuzz_check_diag(rc, &diag);
		FUZZ_ASSERT(rc == RIVER_OK);
		FUZZ_ASSERT(v.legal);
		FUZZ_ASSERT(v.crossings == river_plan_crossings(plan));
		FUZZ_ASSERT(v.time == river_plan_time(plan));
	}
	river_free(text);
}

static void check_plan(const river_puzzle *p, const river_plan *plan)
{
	size_t k, i, q, n = river_puzzle_item_count(p);
	size_t places = river_puzzle_place_count(p);
	size_t crossings = river_plan_crossings(plan);
	unsigned long long copies = 0;

	/* Every copy is at one place, and every boat too. */
	for (k = 0; k <= crossings; k++) {
		for (i = 0; i < n; i++) {
			unsigned at = 0;

			for (q = 0; q < places; q++)
				at += river_plan_item_at(plan, k, i, q);
			FUZZ_ASSERT(at == river_puzzle_item_copies(p, i));
		}
		for (q = 0; q < river_puzzle_boat_count(p); q++)
			FUZZ_ASSERT(river_plan_boat_at(plan, k, q) < places);
	}
	if (!river_plan_solved(plan))
		FUZZ_ASSERT(crossings == 0);
	for (i = 0; i < n; i++)
		copies += river_puzzle_item_copies(p, i);
	check_render(p, plan, RIVER_FORMAT_TEXT);
	if ((crossings + 1) * copies <= FUZZ_MAX_JSON_NAMES)
		check_render(p, plan, RIVER_FORMAT_JSON);
}

static void solve(const river_puzzle *p)
{
	river_solve_options opts;
	river_plan *plan = NULL, *counted = NULL;
	river_diag diag;
	size_t k;
	int rc;

	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.max_states = FUZZ_MAX_STATES;
	rc = river_solve(&plan, p, &opts, &diag);
	if (rc != RIVER_OK) {
		fuzz_check_diag(rc, &diag);
		FUZZ_ASSERT(!plan);
		FUZZ_ASSERT(rc == RIVER_ELIMIT || rc == RIVER_ETOOBIG);
		return;
	}
	check_plan(p, plan);

	opts.max_plans = 3;
	rc = river_solve(&counted, p, &opts, &diag);
	if (rc != RIVER_OK) {
		fuzz_check_diag(rc, &diag);
		FUZZ_ASSERT(rc == RIVER_ELIMIT || rc == RIVER_ETOOBIG);
	} else {
		FUZZ_ASSERT(river_plan_solved(counted) == river_plan_solved(plan));
		FUZZ_ASSERT(river_plan_crossings(counted) ==
			    river_plan_crossings(plan));
		FUZZ_ASSERT(!river_plan_solved(plan) || river_plan_count(counted) >= 1);
		FUZZ_ASSERT(river_plan_alternatives(counted) <= opts.max_plans);
		for (k = 0; k < river_plan_alternatives(counted); k++)
			check_plan(p, river_plan_alternative(counted, k));
	}
	river_plan_free(counted);
	river_plan_free(plan);
}

static void export_all(const river_puzzle *p)
{
	const char *const *format;
	river_export_options opts;
	river_diag diag;
	unsigned horizon;
	int rc;

	rc = river_export_horizon(&horizon, p, &diag);
	if (rc != RIVER_OK)
		fuzz_check_diag(rc, &diag);
	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
	opts.horizon = FUZZ_HORIZON;
	for (format = river_export_formats(); *format; format++) {
		char *text = NULL;

		rc = river_export(&text, p, *format, &opts, &diag);
		if (rc != RIVER_OK) {
			fuzz_check_diag(rc, &diag);
			FUZZ_ASSERT(!text);
			FUZZ_ASSERT(rc == RIVER_EUNSUPPORTED || rc == RIVER_ETOOBIG);
			continue;
		}
		FUZZ_ASSERT(text && text[0]);
		river_free(text);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	river_puzzle *p = NULL;
	river_diag diag;
	int rc;

	rc = river_puzzle_load_string(&p, (const char *)data, size, "fuzz.puz",
				      &diag);
	if (rc != RIVER_OK) {
		fuzz_check_diag(rc, &diag);
		FUZZ_ASSERT(!p);
		FUZZ_ASSERT(rc == RIVER_ESYNTAX || rc == RIVER_EPUZZLE ||
			    rc == RIVER_ETOOBIG || rc == RIVER_EIO);
		return 0;
	}
	check_summary(p);
	solve(p);
	export_all(p);
	river_puzzle_free(p);
	return 0;
}

void fuzz_finish(void)
{
}
