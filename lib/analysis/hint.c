/* Hints: replay a partial plan (river_replay), then search from
 * the state it reaches for the rest of an optimal plan, whose first
 * crossing is the hint. */
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "plan/plan.h"
#include "check/check.h"
#include "render/render.h"
#include "search/places.h"
#include "search/search.h"

/* A puzzle of places: the plan so far replayed again for its track (the
 * crossings, the last weight, the time), then the search from its last
 * row.  Releases played. */
static int hint_places(river_plan **out, const river_puzzle *puzzle,
		       river_plan *played, const river_solve_options *opts,
		       river_diag *diag)
{
	const struct model *m = &puzzle->model;
	size_t w = places_row_width(m), k;
	struct plan_track t;
	char reason[256];
	int rc;

	plan_track_init(&t);
	for (k = 1; k < played->n_states; k++)
		if (!plan_check_places_step(m, played->at + (k - 1) * w,
					    played->at + k * w, &t, reason,
					    sizeof reason)) {
			river_plan_free(played);
			return diag_set(diag, RIVER_EINTERNAL, NULL, NULL,
					"internal error: a replayed crossing is "
					"illegal (%s)", reason);
		}
	rc = search_solve_places(out, puzzle,
				 played->at + (played->n_states - 1) * w, &t,
				 opts, diag);
	river_plan_free(played);
	return rc;
}

static int hint_from(river_plan **out, river_verdict *verdict,
		     const river_puzzle *puzzle, const char *text, size_t len,
		     const char *name, const river_solve_options *opts,
		     river_diag *diag)
{
	river_plan *played;
	river_solve_options o;
	river_verdict v;
	state_t here;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !verdict || !puzzle)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	rc = abi_verdict_check(verdict, diag);
	if (rc == RIVER_OK)
		rc = abi_solve_options(&o, opts, diag);
	if (rc != RIVER_OK)
		return rc;
	river_verdict_init(&v, RIVER_VERDICT_VERSION);
	abi_verdict_put(verdict, &v);
	if (!puzzle->places) {
		rc = puzzle_need_system(puzzle, "for a hint", diag);
		if (rc != RIVER_OK)
			return rc;
	}
	rc = river_replay(&played, &v, puzzle, text, len, name, diag);
	abi_verdict_put(verdict, &v);
	/* A crossing at fault: the verdict says which, there is no hint. */
	if (rc != RIVER_OK || v.step > 0) {
		river_plan_free(played);
		return rc;
	}
	if (puzzle->places)
		return hint_places(out, puzzle, played, &o, diag);
	here = played->states[played->n_states - 1];
	river_plan_free(played);
	return search_solve(out, puzzle, &here, v.time, &o, diag);
}

int river_hint(river_plan **out, river_verdict *verdict,
	       const river_puzzle *puzzle, const char *text, size_t len,
	       const char *name, const river_solve_options *opts,
	       river_diag *diag)
{
	int rc = hint_from(out, verdict, puzzle, text, len, name, opts, diag);

	return puzzle_failed(puzzle, rc, diag);
}

/* "Next: The farmer takes the goat across. 7 crossings to go." */
static int render_text(char **out, const river_plan *hint)
{
	const struct model *m = &hint->puzzle->model;
	size_t crossings = river_plan_crossings(hint);
	unsigned load[MODEL_MAX_ITEMS + 1];
	struct buf b;

	buf_init(&b);
	if (!hint->solved) {
		buf_printf(&b, "Dead end: no plan from here (the goal is none "
			   "of the %llu state%s reachable from here%s, this "
			   "one included).\n", hint->explored,
			   hint->explored == 1 ? "" : "s",
			   m->has_time_limit ? " in the time left" : "");
	} else if (crossings == 0) {
		buf_puts(&b, "The goal is reached: nothing left to do.\n");
	} else {
		plan_load(hint, 1, load);
		buf_puts(&b, "Next: ");
		if (plan_of_places(hint)) {
			size_t to, boat = plan_leg_boat(hint, 1, &to);

			plan_put_leg_sentence(&b, m, load, boat, to);
		} else {
			plan_put_sentence(&b, m, load,
					  river_plan_boat_bank(hint, 1) ==
					  RIVER_RIGHT);
		}
		buf_printf(&b, " %zu crossing%s to go", crossings,
			   crossings == 1 ? "" : "s");
		if (model_timed(m))
			buf_printf(&b, ", taking %llu time unit%s",
				   river_plan_time(hint),
				   river_plan_time(hint) == 1 ? "" : "s");
		buf_puts(&b, ".\n");
	}
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}

int river_hint_render(char **out, const river_plan *hint,
		      river_format format)
{
	if (out)
		*out = NULL;
	if (!out || !hint)
		return RIVER_EINVAL;
	switch (format) {
	case RIVER_FORMAT_TEXT:
		return render_text(out, hint);
	case RIVER_FORMAT_JSON:
		return plan_render_hint_json(out, hint);
	default:
		return RIVER_EINVAL;
	}
}
