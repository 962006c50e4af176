/* The one owner of running a search (search/search.h): what river_solve
 * does with a puzzle, by what it is and what is asked of it. */
#define _POSIX_C_SOURCE 200809L

#include "search/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "plan/plan.h"
#include "check/check.h"
#include "search/places.h"
#include "solve/bfs.h"
#include "solve/count.h"
#include "solve/layers.h"
#include "solve/orbit.h"
#include "util/clock.h"

/* The system the search runs on: the one reduced by symmetry, unless
 * the puzzle has none or the options turn it off. */
static const struct system *search_system(const river_puzzle *puzzle,
					  const river_solve_options *opts)
{
	return puzzle->sym && !opts->no_symmetry ? &puzzle->sym->sys
						  : &puzzle->sys;
}

/* The tuples the search keeps one state per orbit of, or NULL: not from
 * a state of the puzzle's choosing (from, which need not be canonical),
 * nor where labelled states are kept: the plans listed (max_plans), the
 * least-time search, the layered search asked for by name. */
static const struct tuples *search_tuples(const river_puzzle *puzzle,
					  const river_solve_options *opts,
					  const state_t *from, bool counting)
{
	if (!puzzle->tuples || opts->no_symmetry || from ||
	    opts->max_plans || puzzle->model.minimize_time ||
	    (!counting && opts->method == RIVER_METHOD_LAYERS))
		return NULL;
	return puzzle->tuples;
}

/* The plans res holds, of the reduced system, made concrete: each
 * expanded into the labelled plans it stands for, up to max in all. */
static int lift_plans(const struct symmetry *sym, struct count_result *res,
		      size_t max)
{
	struct count_result old = *res;
	size_t i;
	int rc = RIVER_OK;

	if (max > res->count)
		max = (size_t)res->count;
	res->n_plans = 0;
	res->plans = calloc(max ? max : 1, sizeof *res->plans);
	res->plan_lens = calloc(max ? max : 1, sizeof *res->plan_lens);
	if (!res->plans || !res->plan_lens)
		rc = RIVER_ENOMEM;
	for (i = 0; rc == RIVER_OK && i < old.n_plans && res->n_plans < max; i++)
		rc = symmetry_expand(sym, old.plans[i], old.plan_lens[i],
				     max - res->n_plans, res->plans,
				     res->plan_lens, &res->n_plans);
	res->plan_len = res->n_plans ? res->plan_lens[0] : 0;
	count_result_release(&old);
	return rc;
}

/* The count of the optimal plans, and the first max of them as
 * alternatives (made concrete when search is reduced by symmetry),
 * each checked like the plan itself. */
static int add_count(river_plan *plan, const struct system *sys,
		     const struct system *search, struct count_result *res,
		     size_t max, river_diag *diag)
{
	struct plan_fault fault;
	size_t i;

	if (search != sys && res->n_plans > 0 &&
	    lift_plans(plan->puzzle->sym, res, max) != RIVER_OK)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	plan->counted = true;
	plan->count = res->count;
	if (res->n_plans > 0) {
		plan->alternatives = calloc(res->n_plans, sizeof *plan->alternatives);
		if (!plan->alternatives)
			return diag_set(diag, RIVER_ENOMEM, NULL, NULL,
					"out of memory");
	}
	for (i = 0; i < res->n_plans; i++) {
		river_plan *alt = &plan->alternatives[i];

		if (!plan_check(sys, res->plans[i], res->plan_lens[i], &fault))
			return diag_set(diag, RIVER_EINTERNAL, NULL, NULL,
					"internal error: an optimal plan failed "
					"the plan checker (step %zu: %s)",
					fault.step, fault.reason);
		*alt = *plan;
		alt->alternatives = NULL;
		alt->n_alternatives = 0;
		alt->states = res->plans[i];
		alt->n_states = res->plan_lens[i];
		res->plans[i] = NULL;
		plan->n_alternatives++;
	}
	return RIVER_OK;
}

/* The plan by the count (the least time, or when the plans are counted
 * too): the plan the queue search would find, or for the least time the
 * first of the cheapest. */
static int by_count(const struct system *sys, const struct tuples *tuples,
		    const river_solve_options *opts, const struct stop *stop,
		    struct bfs_result *res, struct count_result *cr,
		    river_diag *diag)
{
	int rc = count_search_tuples(sys, tuples, opts, stop, opts->max_plans,
				     cr, diag);

	memset(res, 0, sizeof *res);
	if (rc != RIVER_OK)
		return rc;
	res->solved = cr->solved;
	res->explored = cr->explored;
	res->in_all = cr->in_all;
	res->path = cr->path;
	res->path_len = cr->path_len;
	cr->path = NULL;
	return RIVER_OK;
}

/* The plan of the orbit search (solve/orbit.h), as a path of the
 * puzzle's own states. */
static int by_orbits(const river_puzzle *puzzle, const struct tuples *tuples,
		     const river_solve_options *opts, const struct stop *stop,
		     struct bfs_result *res, unsigned long long *count,
		     river_diag *diag)
{
	const struct model *m = &puzzle->model;
	struct orbit_plan op;
	unsigned *right = calloc(m->n_items + 1, sizeof *right);
	size_t k, i;
	int rc = right ? orbit_search(m, tuples, opts, stop, &op, diag)
		       : RIVER_ENOMEM;

	memset(res, 0, sizeof *res);
	if (rc != RIVER_OK)
		op.right = NULL;
	if (rc == RIVER_OK) {
		res->solved = op.solved;
		res->explored = op.explored;
		res->in_all = op.in_all;
		*count = op.count;
		res->path_len = op.n_states;
		res->path = malloc(op.n_states * sizeof *res->path);
		if (!res->path)
			rc = RIVER_ENOMEM;
	}
	for (k = 0; rc == RIVER_OK && k < op.n_states; k++) {
		const unsigned char *row = op.right + k * (m->n_items + 1);

		for (i = 0; i < m->n_items; i++)
			right[i] = row[i];
		res->path[k] = system_state_of(&puzzle->sys, right,
					       row[m->n_items]);
	}
	free(op.right);
	free(right);
	if (rc == RIVER_ENOMEM)
		diag_set(diag, rc, NULL, NULL, "out of memory");
	return rc;
}

/* The path res holds, of the reduced system, made concrete: the
 * lowest-numbered members of a class move. */
static int lift_path(const struct symmetry *sym, struct bfs_result *res,
		     river_diag *diag)
{
	state_t *path = NULL;
	size_t len = 0, n = 0;
	int rc = symmetry_expand(sym, res->path, res->path_len, 1, &path, &len,
				 &n);

	free(res->path);
	res->path = path;
	res->path_len = len;
	if (rc != RIVER_OK || n != 1) {
		free(path);
		res->path = NULL;
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	return RIVER_OK;
}

/* river_solve for a wide puzzle, where the orbit search takes it
 * (orbit_fits): the fewest crossings and their count, as the place
 * search finds them but without its rule checking item by item; the
 * orbit search's rows made place rows, checked like the place search's. */
static int solve_wide(river_plan **out, const river_puzzle *puzzle,
		      const river_solve_options *opts, river_diag *diag)
{
	const struct model *m = &puzzle->model;
	size_t w = places_row_width(m), k, i;
	struct timespec start = clock_now();
	struct orbit_plan op;
	struct plan_fault fault;
	struct stop stop;
	river_plan *plan;
	unsigned *at;
	int rc = stop_init(&stop, opts->cancel, opts->timeout, diag);

	if (rc == RIVER_OK)
		rc = orbit_search(m, puzzle->tuples, opts, &stop, &op, diag);
	if (rc != RIVER_OK)
		return rc;
	at = calloc(op.n_states * w + 1, sizeof *at);
	if (!at) {
		free(op.right);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	/* A row: per item 1 when on the right bank, then the boat's. */
	for (k = 0; k < op.n_states; k++) {
		const unsigned char *row = op.right + k * (m->n_items + 1);

		for (i = 0; i < m->n_items; i++)
			at[k * w + i * 2 + row[i]] = 1;
		at[k * w + m->n_items * 2] = row[m->n_items];
	}
	free(op.right);
	if (op.solved && !plan_check_places(m, at, op.n_states, NULL, &fault)) {
		free(at);
		return diag_set(diag, RIVER_EINTERNAL, NULL, NULL,
				"internal error: the search returned an illegal "
				"plan (step %zu: %s)", fault.step, fault.reason);
	}
	plan = plan_new(puzzle, "bfs");
	if (!plan) {
		free(at);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	plan->solved = op.solved;
	plan->explored = op.explored;
	plan->in_all = op.in_all;
	plan->at = at;
	plan->n_states = op.n_states;
	plan->counted = op.solved && opts->count;
	plan->count = plan->counted ? op.count : 0;
	plan->seconds = clock_since(start);
	*out = plan;
	return RIVER_OK;
}

/* river_solve for a puzzle of places: the place search, its plan
 * checked on the model. */
static int solve_places(river_plan **out, const river_puzzle *puzzle,
			const struct places_from *from,
			const river_solve_options *opts, river_diag *diag)
{
	const struct model *m = &puzzle->model;
	struct timespec start = clock_now();
	struct places_plan pp;
	struct plan_fault fault;
	struct stop stop;
	river_plan *plan;
	size_t k;
	int rc;

	rc = stop_init(&stop, opts->cancel, opts->timeout, diag);
	if (rc == RIVER_OK)
		rc = places_search(m, puzzle->tuples, from, opts, &stop, &pp,
				   diag);
	if (rc != RIVER_OK)
		return rc;
	/* The plan shown is the first of those listed. */
	if (pp.n_plans > 0) {
		unsigned *first = malloc(pp.plan_lens[0] * places_row_width(m) *
					 sizeof *first);

		if (!first) {
			places_plan_release(&pp);
			return diag_set(diag, RIVER_ENOMEM, NULL, NULL,
					"out of memory");
		}
		memcpy(first, pp.plans[0],
		       pp.plan_lens[0] * places_row_width(m) * sizeof *first);
		free(pp.rows);
		pp.rows = first;
		pp.n_states = pp.plan_lens[0];
	}
	for (k = 0; pp.solved && k <= pp.n_plans; k++) {
		const unsigned *rows = k ? pp.plans[k - 1] : pp.rows;
		size_t n = k ? pp.plan_lens[k - 1] : pp.n_states;

		if (!plan_check_places(m, rows, n, from ? &from->track : NULL,
				       &fault) ||
		    (k && n != pp.n_states)) {
			places_plan_release(&pp);
			return diag_set(diag, RIVER_EINTERNAL, NULL, NULL,
					"internal error: the search returned an "
					"illegal plan (step %zu: %s)", fault.step,
					fault.reason);
		}
	}
	plan = plan_new(puzzle, "bfs");
	if (plan && pp.n_plans)
		plan->alternatives = calloc(pp.n_plans,
					    sizeof *plan->alternatives);
	if (!plan || (pp.n_plans && !plan->alternatives)) {
		free(plan);
		places_plan_release(&pp);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	plan->solved = pp.solved;
	plan->explored = pp.explored;
	plan->in_all = pp.solved ? pp.explored : pp.in_all;
	plan->at = pp.rows;
	plan->n_states = pp.n_states;
	plan->counted = pp.counted;
	plan->count = pp.count;
	plan->seconds = clock_since(start);
	for (k = 0; k < pp.n_plans; k++) {
		river_plan *alt = &plan->alternatives[k];

		*alt = *plan;
		alt->alternatives = NULL;
		alt->n_alternatives = 0;
		alt->at = pp.plans[k];
		alt->n_states = pp.plan_lens[k];
		pp.plans[k] = NULL;
		plan->n_alternatives++;
	}
	pp.rows = NULL;
	places_plan_release(&pp);
	*out = plan;
	return RIVER_OK;
}

int search_solve_places(river_plan **out, const river_puzzle *puzzle,
			const unsigned *row, const struct plan_track *track,
			const river_solve_options *opts, river_diag *diag)
{
	river_solve_options o;
	struct places_from from;
	int rc = abi_solve_options(&o, opts, diag);

	if (rc != RIVER_OK)
		return rc;
	from.row = row;
	from.track = *track;
	return solve_places(out, puzzle, &from, &o, diag);
}

/* river_solve, from the state *from of the puzzle's system when from
 * is not NULL: then the search runs on the puzzle as written, since a
 * state reached by labelled crossings need not be the canonical one a
 * reduced plan lifts from. */
int search_solve(river_plan **out, const river_puzzle *puzzle,
		    const state_t *from, unsigned long long elapsed,
		    const river_solve_options *opts, river_diag *diag)
{
	river_solve_options o;
	struct system moved;
	struct model left;
	const struct system *sys;
	struct timespec start;
	struct stop stop;
	struct bfs_result res;
	struct count_result cr;
	struct plan_fault fault;
	const struct system *search;
	const struct tuples *tuples;
	unsigned long long orbit_count = 0;
	river_plan *plan;
	bool counting, orbits;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !puzzle)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	rc = abi_solve_options(&o, opts, diag);
	if (rc != RIVER_OK)
		return rc;
	opts = &o;
	if (opts->method < RIVER_METHOD_AUTO ||
	    opts->method > RIVER_METHOD_LAYERS ||
	    opts->threads > RIVER_MAX_THREADS)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument: the search method must be "
				"auto, queue or layers, and threads at most %d",
				RIVER_MAX_THREADS);
	if (puzzle->places && from)
		return puzzle_need_system(puzzle, "for a search from a given "
					  "state", diag);
	/* A wide puzzle unfolded: 2^n states, never searched. */
	if (puzzle->wide && opts->no_symmetry)
		return puzzle_need_system(puzzle, "to search without symmetry",
					  diag);
	if (puzzle->wide && !opts->max_plans &&
	    opts->method != RIVER_METHOD_LAYERS &&
	    orbit_fits(&puzzle->model, puzzle->tuples))
		return solve_wide(out, puzzle, opts, diag);
	if (puzzle->places)
		return solve_places(out, puzzle, NULL, opts, diag);
	rc = stop_init(&stop, opts->cancel, opts->timeout, diag);
	if (rc != RIVER_OK)
		return rc;
	plan = plan_new(puzzle, "bfs");
	if (!plan)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	start = clock_now();
	sys = &puzzle->sys;
	search = search_system(puzzle, opts);
	if (from) {
		moved = puzzle->sys;
		moved.start = *from;
		/* The least-time search counts time from its start, and its
		 * states do not hold the time spent: the limit left is the
		 * limit less the time already taken. */
		if (puzzle->model.has_time_limit && puzzle->model.minimize_time) {
			left = puzzle->model;
			left.time_limit = elapsed < left.time_limit
						  ? left.time_limit - elapsed : 0;
			moved.model = &left;
		}
		sys = search = &moved;
	}
	/* Counting finds the plan too: one search, not two. */
	counting = opts->count || opts->max_plans;
	tuples = search_tuples(puzzle, opts, from, counting);
	memset(&cr, 0, sizeof cr);
	/* The orbits count too, but keep no list of plans. */
	orbits = tuples && !opts->max_plans && !puzzle->model.minimize_time &&
		 orbit_fits(&puzzle->model, tuples);
	if (orbits) {
		rc = by_orbits(puzzle, tuples, opts, &stop, &res, &orbit_count,
			       diag);
		tuples = NULL; /* its plan is labelled */
	} else if (counting || puzzle->model.minimize_time)
		rc = by_count(search, tuples, opts, &stop, &res, &cr, diag);
	else
		rc = bfs_search_tuples(search, tuples, opts, &stop, &res, diag);
	if (rc == RIVER_OK && search != sys)
		rc = lift_path(puzzle->sym, &res, diag);
	/* A path of canonical states made a labelled plan. */
	if (rc == RIVER_OK && tuples &&
	    (rc = tuples_lift(tuples, res.path, res.path_len)) != RIVER_OK) {
		free(res.path);
		rc = rc == RIVER_ENOMEM
		     ? diag_set(diag, rc, NULL, NULL, "out of memory")
		     : diag_set(diag, rc, NULL, NULL, "internal error: a plan "
				"of tuples did not lift to a labelled plan");
	}
	if (rc != RIVER_OK) {
		count_result_release(&cr);
		free(plan);
		return rc;
	}
	/* A plan the search returns must pass the independent checker. */
	if (res.solved && !plan_check(sys, res.path, res.path_len, &fault)) {
		count_result_release(&cr);
		free(res.path);
		free(plan);
		return diag_set(diag, RIVER_EINTERNAL, NULL, NULL,
				"internal error: the search returned an illegal "
				"plan (step %zu: %s)", fault.step, fault.reason);
	}
	plan->seconds = clock_since(start);
	plan->solved = res.solved;
	plan->explored = res.explored;
	plan->in_all = res.in_all;
	plan->states = res.path;
	plan->n_states = res.path_len;
	if (res.solved && counting && orbits) {
		plan->counted = true;
		plan->count = orbit_count;
	} else if (res.solved && counting)
		rc = add_count(plan, sys, search, &cr, opts->max_plans, diag);
	count_result_release(&cr);
	if (rc != RIVER_OK) {
		river_plan_free(plan);
		return rc;
	}
	*out = plan;
	return RIVER_OK;
}

int river_solve(river_plan **out, const river_puzzle *puzzle,
		const river_solve_options *opts, river_diag *diag)
{
	return puzzle_failed(puzzle, search_solve(out, puzzle, NULL, 0, opts,
						  diag), diag);
}

unsigned long long search_state_limit(const river_solve_options *opts,
				      unsigned long long most)
{
	return bfs_state_limit(opts, most);
}

int search_stopped(int rc, unsigned long long reached,
		   const struct stop *stop, river_diag *diag)
{
	struct bfs_tally t = {STOP_STATES, 0, reached, 0};

	return bfs_diag(rc, &t, stop, diag);
}

unsigned search_threads(const river_solve_options *opts)
{
	return layers_threads(opts);
}
