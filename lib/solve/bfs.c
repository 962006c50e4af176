#include "solve/bfs.h"

#include <stdlib.h>
#include <string.h>

#include "solve/layers.h"
#include "solve/visited.h"
#include "util/grow.h"

/* The work the search may do for each state max_states allows, so that
 * its time does not grow past the limit unseen.  Only legal states are
 * stored: the loads leave the boat's bank safe, and the bank they reach
 * is checked before the visited set sees the state. */
#define BFS_TRIES_PER_STATE 64

/* The queue is every state reached, in order, with the index of the
 * state it was reached from: a BFS frontier and the search tree at once,
 * 12 bytes a state, and nothing else grows with the search. */
struct queue {
	state_t *state;
	uint32_t *parent;
	size_t len, cap;
};

static int queue_push(struct queue *q, state_t s, uint32_t parent)
{
	if (q->len == q->cap) {
		const struct grow_array cols[] = {
			{&q->state, sizeof *q->state},
			{&q->parent, sizeof *q->parent}};

		if (arrays_grow(&q->cap, q->len + 1, cols, 2) != RIVER_OK)
			return RIVER_ENOMEM;
	}
	q->state[q->len] = s;
	q->parent[q->len] = parent;
	q->len++;
	return RIVER_OK;
}

static int trace_path(const struct queue *q, size_t goal,
		      struct bfs_result *res)
{
	size_t i, n = 1;

	for (i = goal; i != 0; i = q->parent[i])
		n++;
	res->path = malloc(n * sizeof *res->path);
	if (!res->path)
		return RIVER_ENOMEM;
	res->path_len = n;
	for (i = goal; n-- > 0; i = q->parent[i])
		res->path[n] = q->state[i];
	return RIVER_OK;
}

struct search {
	const struct system *sys;
	const struct tuples *tuples; /* or NULL */
	const river_solve_options *opts;
	const struct stop *until;
	struct queue queue;
	struct visited seen;
	struct loads loads;
	unsigned long long limit;
	unsigned long long tried;  /* crossings tried */
	struct pace pace;          /* of the clock and the progress callback */
	enum bfs_stop stop; /* on ELIMIT */
};

/* Expand states in order until the goal turns up or none are left;
 * *goal is the goal's queue index, or 0 when unreachable. */
static int search_run(struct search *s, size_t *goal)
{
	const struct system *sys = s->sys;
	size_t head, level_end = 1;
	unsigned depth = 0;
	int rc;

	*goal = 0;
	for (head = 0; head < s->queue.len; head++) {
		state_t from = s->queue.state[head];
		size_t i;

		if (head == level_end) {
			depth++;
			level_end = s->queue.len;
		}
		if (pace_look(&s->pace, head, s->tried)) {
			if ((rc = stop_check(s->until)) != RIVER_OK)
				return rc;
			if (s->opts->progress && pace_due(&s->pace, head))
				pace_report(s->opts, s->queue.len,
					    s->queue.len - head, depth);
		}
		rc = system_safe_loads(sys, from, &s->loads);
		if (rc != RIVER_OK)
			return rc;
		s->tried += s->loads.n;
		if (s->tried > BFS_TRIES_PER_STATE * s->limit) {
			s->stop = STOP_TRIED;
			return RIVER_ELIMIT;
		}
		for (i = 0; i < s->loads.n; i++) {
			state_t to = state_cross(sys, from, s->loads.delta[i]);

			if (!system_bank_safe(sys, to, state_boat_right(sys, to)))
				continue;
			if (s->tuples)
				to = tuples_canonical(s->tuples, to);
			rc = visited_add(&s->seen, to);
			if (rc == 0)
				continue;
			if (rc < 0)
				return rc;
			if (s->queue.len >= s->limit)
				return RIVER_ELIMIT;
			rc = queue_push(&s->queue, to, (uint32_t)head);
			if (rc != RIVER_OK)
				return rc;
			if (state_is_goal(sys, to)) {
				*goal = s->queue.len - 1;
				return RIVER_OK;
			}
		}
	}
	return RIVER_OK;
}

/* Say which of the bounds that max_states sets stopped the search. */
static void limit_diag(const struct bfs_tally *t, river_diag *diag)
{
	if (t->stop == STOP_STATES)
		diag_set(diag, RIVER_ELIMIT, NULL, NULL,
			 "the search stopped at its limit of %llu state%s",
			 t->limit, plural(t->limit));
	else
		diag_set(diag, RIVER_ELIMIT, NULL, NULL,
			 "the search stopped after trying %llu crossings from "
			 "%llu state%s, the most its limit of %llu state%s allows",
			 t->tried, t->reached, plural(t->reached), t->limit,
			 plural(t->limit));
}

int bfs_diag(int rc, const struct bfs_tally *t, const struct stop *stop,
	     river_diag *diag)
{
	if (rc == RIVER_ETOOBIG)
		diag_set(diag, rc, NULL, NULL,
			 "a single crossing can take more than %u different "
			 "loads: the puzzle is too big to search",
			 SYSTEM_MAX_LOADS);
	else if (rc == RIVER_ELIMIT)
		limit_diag(t, diag);
	else if (rc == RIVER_ENOMEM)
		diag_set(diag, rc, NULL, NULL,
			 "out of memory after reaching %llu state%s", t->reached,
			 plural(t->reached));
	else if (rc == RIVER_ETIMEOUT || rc == RIVER_ECANCELED)
		stop_reached(stop, rc, t->reached, diag);
	return rc;
}

int bfs_solve(const struct system *sys, const river_solve_options *opts,
	      struct bfs_result *res, river_diag *diag)
{
	struct stop stop;
	int rc = stop_init(&stop, opts->cancel, opts->timeout, diag);

	memset(res, 0, sizeof *res);
	return rc == RIVER_OK ? bfs_search(sys, opts, &stop, res, diag) : rc;
}

int bfs_search(const struct system *sys, const river_solve_options *opts,
	       const struct stop *stop, struct bfs_result *res,
	       river_diag *diag)
{
	return bfs_search_tuples(sys, NULL, opts, stop, res, diag);
}

int bfs_search_tuples(const struct system *sys, const struct tuples *tuples,
		      const river_solve_options *opts, const struct stop *stop,
		      struct bfs_result *res, river_diag *diag)
{
	struct search s;
	size_t goal = 0;
	int rc;

	memset(res, 0, sizeof *res);
	/* The layered search keeps labelled states: tuples are the queue
	 * search's alone, and leave it few enough states to prefer it. */
	if (!tuples && layers_chosen(sys, opts))
		return layers_search(sys, opts, stop, res, diag);
	memset(&s, 0, sizeof s);
	s.sys = sys;
	s.tuples = tuples;
	s.opts = opts;
	s.until = stop;
	pace_init(&s.pace);
	/* Parents are 32-bit queue indexes. */
	s.limit = bfs_state_limit(opts, UINT32_MAX);
	loads_init(&s.loads);
	rc = visited_init(&s.seen, sys);
	if (rc == RIVER_OK)
		rc = visited_add(&s.seen, sys->start) < 0 ? RIVER_ENOMEM : RIVER_OK;
	if (rc == RIVER_OK)
		rc = queue_push(&s.queue, sys->start, 0);
	if (rc == RIVER_OK && !state_is_goal(sys, sys->start))
		rc = search_run(&s, &goal);
	res->explored = s.queue.len;
	if (rc == RIVER_OK) {
		/* Unsolved, the path is just the start: still a place to
		 * show where everything stands. */
		res->solved = goal != 0 || state_is_goal(sys, sys->start);
		res->in_all = res->solved
			      ? res->explored
			      : system_states_sum(sys, tuples, s.queue.state,
						  s.queue.len);
		rc = trace_path(&s.queue, goal, res);
	}
	if (rc != RIVER_OK) {
		struct bfs_tally t = {s.stop, s.limit, s.queue.len, s.tried};

		bfs_diag(rc, &t, stop, diag);
	}
	loads_release(&s.loads);
	visited_release(&s.seen);
	free(s.queue.state);
	free(s.queue.parent);
	return rc;
}
