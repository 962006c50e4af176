/*
 * bfs_solve, the visited set and plan_check.  Optima are checked
 * against a reference search written here from scratch: states as
 * per-item counts, loads enumerated item by item, and the library used
 * only to pack a state and ask system_safe about it.
 */
#include <stdlib.h>

#include "plan/plan.h"
#include "check/check.h"
#include "solve/bfs.h"
#include "solve/visited.h"
#include "unit.h"

#define HEAD "title \"x\"\n"

/* ---- The reference search ---------------------------------------------- */

#define REF_MAX_ITEMS 16

struct ref_node {
	uint64_t index;
	unsigned dist;
};

struct ref {
	const struct system *sys;
	const struct model *m;
	uint64_t mult[REF_MAX_ITEMS]; /* an item's weight in a state index */
	uint64_t size;                /* 2 (boat) x prod(copies + 1) */
	unsigned char *seen;
	struct ref_node *queue;
	size_t len, cap;
	long goal_dist;               /* -1 until the goal is reached */
};

/* A state: right[i] copies of item i on the right, boat on the right. */
static uint64_t ref_index(const struct ref *r, const unsigned *right, int boat)
{
	uint64_t index = 0;
	size_t i;

	for (i = 0; i < r->m->n_items; i++)
		index += right[i] * r->mult[i];
	return index * 2 + (uint64_t)boat;
}

static void ref_decode(const struct ref *r, uint64_t index, unsigned *right,
		       int *boat)
{
	size_t i;

	*boat = (int)(index % 2);
	index /= 2;
	for (i = 0; i < r->m->n_items; i++)
		right[i] = (unsigned)(index / r->mult[i] %
				      (r->m->items[i].copies + 1));
}

/* The packed form, only to ask the library whether it is safe. */
static state_t ref_pack(const struct ref *r, const unsigned *right, int boat)
{
	const struct system *sys = r->sys;
	state_t s = boat ? sys->boat : 0;
	size_t i;

	for (i = 0; i < r->m->n_items; i++) {
		const struct sys_slot *slot = &sys->slots[i];

		if (slot->is_kind)
			s |= (state_t)right[i] << sys->kinds[slot->index].shift;
		else if (right[i])
			s |= UINT64_C(1) << slot->index;
	}
	return s;
}

static bool ref_is_goal(const struct ref *r, const unsigned *right)
{
	size_t i;

	for (i = 0; i < r->m->n_items; i++)
		if (right[i] != r->m->items[i].copies)
			return false;
	return true;
}

static void ref_push(struct ref *r, uint64_t index, unsigned dist)
{
	if (r->len == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 256;
		r->queue = realloc(r->queue, r->cap * sizeof *r->queue);
		assert_non_null(r->queue);
	}
	r->queue[r->len].index = index;
	r->queue[r->len].dist = dist;
	r->len++;
}

/* Arrive after taking take[] across from the boat's bank. */
static void ref_arrive(struct ref *r, const unsigned *right, int boat,
		       const unsigned *take, unsigned dist)
{
	unsigned next[REF_MAX_ITEMS];
	uint64_t index;
	size_t i;

	for (i = 0; i < r->m->n_items; i++)
		next[i] = boat ? right[i] - take[i] : right[i] + take[i];
	index = ref_index(r, next, !boat);
	if (r->seen[index])
		return;
	r->seen[index] = 1;
	if (!system_safe(r->sys, ref_pack(r, next, !boat)))
		return;
	ref_push(r, index, dist + 1);
	if (r->goal_dist < 0 && ref_is_goal(r, next))
		r->goal_dist = (long)dist + 1;
}

/* Every load: 0..available copies of each item, seats permitting, with
 * at least one rower aboard. */
static void ref_loads(struct ref *r, const unsigned *right, int boat,
		      size_t i, unsigned seats, unsigned *take, bool rower,
		      unsigned dist)
{
	const struct item *it;
	unsigned avail, t;

	if (i == r->m->n_items) {
		if (rower)
			ref_arrive(r, right, boat, take, dist);
		return;
	}
	it = &r->m->items[i];
	avail = boat ? right[i] : it->copies - right[i];
	for (t = 0; t <= avail && t <= seats; t++) {
		take[i] = t;
		ref_loads(r, right, boat, i + 1, seats - t, take,
			  rower || (t > 0 && it->rows), dist);
	}
	take[i] = 0;
}

/* Search all of sys's reachable states: the optimum (or -1) and the
 * number of legal states reachable, the start included. */
static long ref_search(const struct system *sys,
		       unsigned long long *reachable)
{
	struct ref r;
	unsigned right[REF_MAX_ITEMS] = {0}, take[REF_MAX_ITEMS] = {0};
	size_t i, head;
	int boat;

	memset(&r, 0, sizeof r);
	r.sys = sys;
	r.m = sys->model;
	r.goal_dist = -1;
	assert_true(r.m->n_items <= REF_MAX_ITEMS);
	r.size = 2;
	for (i = 0; i < r.m->n_items; i++) {
		r.mult[i] = r.size / 2;
		r.size *= r.m->items[i].copies + 1;
	}
	r.seen = calloc((size_t)r.size, 1);
	assert_non_null(r.seen);
	r.seen[0] = 1;
	ref_push(&r, 0, 0);
	for (head = 0; head < r.len; head++) {
		ref_decode(&r, r.queue[head].index, right, &boat);
		ref_loads(&r, right, boat, 0, sys->seats, take, false,
			  r.queue[head].dist);
	}
	*reachable = r.len;
	free(r.seen);
	free(r.queue);
	return r.goal_dist;
}

/* ---- Helpers ------------------------------------------------------ */

static river_solve_options options(unsigned long long max_states)
{
	river_solve_options opts;

	river_solve_options_init(&opts, RIVER_SOLVE_OPTIONS_VERSION);
	opts.max_states = max_states;
	return opts;
}

/* bfs_solve must finish (solved or not). */
static void solve_ok(const struct system *sys, struct bfs_result *res)
{
	river_solve_options opts = options(0);
	river_diag diag;

	assert_int_equal(bfs_solve(sys, &opts, res, &diag), RIVER_OK);
}

static void assert_plan_ok(const struct system *sys, const state_t *states,
			   size_t n)
{
	struct plan_fault fault;

	if (!plan_check(sys, states, n, &fault))
		print_error("plan refused at step %zu: %s\n", fault.step,
			    fault.reason);
	assert_true(plan_check(sys, states, n, &fault));
}

static void assert_plan_fault(const struct system *sys, const state_t *states,
			      size_t n, size_t step, const char *reason)
{
	struct plan_fault fault;

	assert_false(plan_check(sys, states, n, &fault));
	assert_int_equal(fault.step, step);
	assert_string_equal(fault.reason, reason);
}

/* "items NAME, i1, ..., i{n-1}" plus the rest. */
static void items_text(char *text, size_t size, const char *first, unsigned n,
		       const char *rest)
{
	size_t len = (size_t)snprintf(text, size, HEAD "items %s", first);
	unsigned i;

	for (i = 1; i < n; i++)
		len += (size_t)snprintf(text + len, size - len, ", i%u", i);
	snprintf(text + len, size - len, "\n%s", rest);
}

/* ---- Optima -------------------------------------------------------- */

static void test_wgc_takes_7_crossings(void **state)
{
	struct unit_pipe u;
	struct bfs_result res;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	solve_ok(&u.sys, &res);
	assert_true(res.solved);
	assert_int_equal(res.path_len, 8);
	assert_int_equal(res.path[0], 0);
	assert_true(state_is_goal(&u.sys, res.path[7]));
	/* The first crossing must take the goat. */
	assert_int_equal(res.path[1], 0x15);
	assert_int_equal(res.explored, 10);
	assert_plan_ok(&u.sys, res.path, res.path_len);
	free(res.path);
	unit_pipe_release(&u);
}

static void test_mc_takes_11_crossings(void **state)
{
	struct unit_pipe u;
	struct bfs_result res;

	(void)state;
	unit_pipe(&u, MC_TEXT);
	solve_ok(&u.sys, &res);
	assert_true(res.solved);
	assert_int_equal(res.path_len, 12);
	assert_int_equal(res.explored, 15);
	assert_plan_ok(&u.sys, res.path, res.path_len);
	free(res.path);
	unit_pipe_release(&u);
}

static void test_reference_agrees_on_wgc_and_mc(void **state)
{
	struct unit_pipe u;
	unsigned long long reachable;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_int_equal(ref_search(&u.sys, &reachable), 7);
	assert_int_equal(reachable, 10);
	unit_pipe_release(&u);
	unit_pipe(&u, MC_TEXT);
	assert_int_equal(ref_search(&u.sys, &reachable), 11);
	assert_int_equal(reachable, 16);
	unit_pipe_release(&u);
}

static void test_four_and_four_is_unsolvable(void **state)
{
	struct unit_pipe u;
	struct bfs_result res;
	unsigned long long reachable;

	(void)state;
	unit_pipe(&u, MC44_TEXT);
	assert_int_equal(ref_search(&u.sys, &reachable), -1);
	assert_int_equal(reachable, 11);
	solve_ok(&u.sys, &res);
	assert_false(res.solved);
	/* Unsolved, the path is only the start. */
	assert_int_equal(res.path_len, 1);
	assert_int_equal(res.path[0], 0);
	assert_int_equal(res.explored, reachable);
	free(res.path);
	unit_pipe_release(&u);
}

static void test_lone_non_rower_is_unsolvable(void **state)
{
	struct unit_pipe u;
	struct bfs_result res;

	(void)state;
	/* The farmer can cross and come back; the rock never moves. */
	unit_pipe(&u, HEAD "items farmer, rock\nboat seats 1\nrowers farmer\n");
	solve_ok(&u.sys, &res);
	assert_false(res.solved);
	assert_int_equal(res.explored, 2);
	free(res.path);
	unit_pipe_release(&u);
}

static void test_large_mc_matches_reference(void **state)
{
	struct unit_pipe u;
	struct bfs_result res;
	unsigned long long reachable;
	long want;

	(void)state;
	unit_pipe(&u, HEAD "items 3000 missionaries, 3000 cannibals\n"
		      "boat seats 5\ncannibals must not outnumber missionaries\n");
	want = ref_search(&u.sys, &reachable);
	assert_true(want > 1000);
	solve_ok(&u.sys, &res);
	assert_true(res.solved);
	assert_int_equal(res.path_len, (size_t)want + 1);
	assert_true(res.explored <= reachable);
	assert_plan_ok(&u.sys, res.path, res.path_len);
	free(res.path);
	unit_pipe_release(&u);
}

/* ---- Random puzzles against the reference ------------------------------ */

static unsigned next_random(uint32_t *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 16) & 0x7FFF;
}

/* A small puzzle: 1-3 individuals p0.., 0-2 kinds k0.. of 1-4 copies,
 * 1-3 seats, maybe a rowers line, 0-3 rules. */
static void random_puzzle(uint32_t *seed, char *text, size_t size)
{
	char names[5][4];
	unsigned n_ind = 1 + next_random(seed) % 3;
	unsigned n_kinds = next_random(seed) % 3, n = n_ind + n_kinds;
	unsigned i, r, guards, n_rules = next_random(seed) % 4;
	size_t len = 0;

	len += (size_t)snprintf(text + len, size - len, "title \"r\"\nitems ");
	for (i = 0; i < n; i++) {
		snprintf(names[i], sizeof names[i], "%c%u",
			 i < n_ind ? 'p' : 'k', i);
		if (i < n_ind)
			len += (size_t)snprintf(text + len, size - len, "%s%s",
						i ? ", " : "", names[i]);
		else
			len += (size_t)snprintf(text + len, size - len,
						", %u %s", 1 + next_random(seed) % 4,
						names[i]);
	}
	len += (size_t)snprintf(text + len, size - len, "\nboat seats %u\n",
				1 + next_random(seed) % 3);
	if (next_random(seed) % 2) {
		unsigned who = 1 + next_random(seed) % ((1u << n) - 1);
		const char *sep = "rowers ";

		for (i = 0; i < n; i++) {
			if (!(who & 1u << i))
				continue;
			len += (size_t)snprintf(text + len, size - len, "%s%s",
						sep, names[i]);
			sep = ", ";
		}
		len += (size_t)snprintf(text + len, size - len, "\n");
	}
	for (r = 0; r < n_rules && n >= 2; r++) {
		unsigned a = next_random(seed) % n;
		unsigned b = (a + 1 + next_random(seed) % (n - 1)) % n;

		if (next_random(seed) % 3 == 0) {
			len += (size_t)snprintf(text + len, size - len,
						"%s must not outnumber %s\n",
						names[a], names[b]);
			continue;
		}
		len += (size_t)snprintf(text + len, size - len, "%s eats %s",
					names[a], names[b]);
		for (i = 0, guards = 0; i < n; i++) {
			if (i == a || i == b || next_random(seed) % 3 != 0)
				continue;
			len += (size_t)snprintf(text + len, size - len, " %s %s",
						guards++ ? "or" : "unless",
						names[i]);
		}
		len += (size_t)snprintf(text + len, size - len, "\n");
	}
	assert_true(len < size);
}

/* The library's answer for sys against the reference's; true when
 * solvable. */
static bool check_against_reference(const struct system *sys,
				    const char *text)
{
	struct bfs_result res;
	unsigned long long reachable;
	long want = ref_search(sys, &reachable);

	solve_ok(sys, &res);
	if (res.solved != (want >= 0) ||
	    (res.solved && res.path_len != (size_t)want + 1) ||
	    (!res.solved && res.explored != reachable))
		print_error("disagreement on:\n%s(reference %ld, %llu states)\n",
			    text, want, reachable);
	assert_int_equal(res.solved, want >= 0);
	if (res.solved) {
		assert_int_equal(res.path_len, (size_t)want + 1);
		assert_true(res.explored <= reachable);
		assert_plan_ok(sys, res.path, res.path_len);
	} else {
		assert_int_equal(res.explored, reachable);
	}
	free(res.path);
	return want >= 0;
}

/* The same search with the hash set instead of the bitset must find
 * the same states in the same order. */
static void check_hash_mode_agrees(const struct system *sys)
{
	struct system hashed = *sys;
	struct bfs_result a, b;
	size_t i;

	hashed.rank_size = 0;
	solve_ok(sys, &a);
	solve_ok(&hashed, &b);
	assert_int_equal(a.solved, b.solved);
	assert_int_equal(a.explored, b.explored);
	assert_int_equal(a.path_len, b.path_len);
	for (i = 0; i < a.path_len; i++)
		assert_int_equal(a.path[i], b.path[i]);
	free(a.path);
	free(b.path);
}

static void test_random_puzzles_match_reference(void **state)
{
	uint32_t seed = 20240601;
	unsigned tried, checked = 0, solved = 0;

	(void)state;
	for (tried = 0; tried < 300; tried++) {
		char text[1024];
		struct unit_pipe u;
		bool right;

		random_puzzle(&seed, text, sizeof text);
		unit_pipe(&u, text);
		if (system_violation(&u.sys, 0, &right) < 0) {
			solved += check_against_reference(&u.sys, text);
			check_hash_mode_agrees(&u.sys);
			checked++;
		}
		unit_pipe_release(&u);
	}
	/* Enough of both outcomes to mean something. */
	assert_true(checked >= 100);
	assert_true(solved >= 30);
	assert_true(checked - solved >= 30);
}

/* ---- Limits and progress ---------------------------------------------- */

static void test_limit_below_the_goal_stops(void **state)
{
	struct unit_pipe u;
	struct bfs_result res;
	river_solve_options opts = options(9);
	river_diag diag;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_int_equal(bfs_solve(&u.sys, &opts, &res, &diag), RIVER_ELIMIT);
	assert_false(res.solved);
	assert_null(res.path);
	assert_int_equal(res.explored, 9);
	assert_int_equal(diag.status, RIVER_ELIMIT);
	/* Every state but the last was expanded: 4+2+3+3+3+3+3+3+2 loads. */
	assert_string_equal(diag.message,
			    "the search stopped at its limit of 9 states");
	assert_int_equal(diag.line, 0);
	unit_pipe_release(&u);
}

static void test_limit_equal_to_states_needed_is_enough(void **state)
{
	struct unit_pipe u;
	struct bfs_result res;
	river_solve_options opts = options(10);
	river_diag diag;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_int_equal(bfs_solve(&u.sys, &opts, &res, &diag), RIVER_OK);
	assert_true(res.solved);
	free(res.path);
	unit_pipe_release(&u);
}

static void test_limit_on_unsolvable_search(void **state)
{
	struct unit_pipe u;
	struct bfs_result res;
	river_solve_options opts = options(11);
	river_diag diag;

	(void)state;
	unit_pipe(&u, MC44_TEXT);
	assert_int_equal(bfs_solve(&u.sys, &opts, &res, &diag), RIVER_OK);
	assert_false(res.solved);
	free(res.path);
	opts.max_states = 10;
	assert_int_equal(bfs_solve(&u.sys, &opts, &res, &diag), RIVER_ELIMIT);
	assert_string_equal(diag.message,
			    "the search stopped at its limit of 10 states");
	unit_pipe_release(&u);
}

static void test_limit_on_crossings_tried(void **state)
{
	struct unit_pipe u;
	struct bfs_result res;
	river_solve_options opts = options(1);
	river_diag diag;

	(void)state;
	/* 127 loads from the start: more than 64 tries for 1 state. */
	unit_pipe(&u, HEAD "items a, b, c, d, e, f, g\nboat seats 10\n");
	assert_int_equal(bfs_solve(&u.sys, &opts, &res, &diag), RIVER_ELIMIT);
	assert_string_equal(diag.message,
			    "the search stopped after trying 127 crossings from "
			    "1 state, the most its limit of 1 state allows");
	/* 128 tries are allowed for 2 states; then the states run out. */
	opts.max_states = 2;
	assert_int_equal(bfs_solve(&u.sys, &opts, &res, &diag), RIVER_ELIMIT);
	assert_string_equal(diag.message,
			    "the search stopped at its limit of 2 states");
	unit_pipe_release(&u);
}

/* Whatever the farmer takes, a pair is left alone on the left. */
#define TWO_PAIRS_TEXT                                                    \
	HEAD "items farmer, a, b, c, d, e, f\nboat seats 2\n"              \
	"rowers farmer\nguard farmer\na eats b\nc eats d\n"

static void test_states_breaking_rules_cost_nothing(void **state)
{
	struct unit_pipe u;
	struct bfs_result res;
	river_solve_options opts = options(1);
	river_diag diag;
	unsigned long long reachable;

	(void)state;
	unit_pipe(&u, TWO_PAIRS_TEXT);
	assert_int_equal(ref_search(&u.sys, &reachable), -1);
	assert_int_equal(reachable, 1);
	/* Every crossing breaks a rule: none is stored or counted against
	 * a limit of 1 state, and the search ends without a plan. */
	assert_int_equal(bfs_solve(&u.sys, &opts, &res, &diag), RIVER_OK);
	assert_false(res.solved);
	assert_int_equal(res.explored, 1);
	free(res.path);
	unit_pipe_release(&u);
}

static void test_too_many_loads_is_too_big(void **state)
{
	char text[512];
	struct unit_pipe u;
	struct bfs_result res;
	river_solve_options opts = options(0);
	river_diag diag;

	(void)state;
	/* One rower and 21 passengers: 2^21 loads from the start. */
	items_text(text, sizeof text, "farmer", 22,
		   "boat seats 22\nrowers farmer\n");
	unit_pipe(&u, text);
	assert_int_equal(bfs_solve(&u.sys, &opts, &res, &diag), RIVER_ETOOBIG);
	assert_false(res.solved);
	assert_null(res.path);
	assert_int_equal(diag.status, RIVER_ETOOBIG);
	assert_string_equal(diag.message,
			    "a single crossing can take more than 1048576 "
			    "different loads: the puzzle is too big to search");
	unit_pipe_release(&u);
}

struct progress_log {
	unsigned calls;
	unsigned long long last_explored, last_expanded;
	unsigned last_depth;
	bool in_order;
	volatile sig_atomic_t *cancel; /* set at the first call, if not NULL */
};

/* The most states a search expands between two calls: PACE_STATES,
 * plus the states up to its next look at the clock. */
#define MOST_BETWEEN_CALLS ((1ULL << 18) + (1ULL << 12))

static void on_progress(const river_progress *p, void *userdata)
{
	struct progress_log *log = userdata;
	unsigned long long expanded = p->states_explored - p->frontier;

	/* Of this version, counting up, never more than
	 * MOST_BETWEEN_CALLS states apart, depth never falling. */
	if (p->version != RIVER_PROGRESS_VERSION ||
	    expanded <= log->last_expanded ||
	    expanded - log->last_expanded > MOST_BETWEEN_CALLS ||
	    p->states_explored <= log->last_explored ||
	    p->depth < log->last_depth || p->depth == 0)
		log->in_order = false;
	log->calls++;
	log->last_explored = p->states_explored;
	log->last_expanded = expanded;
	log->last_depth = p->depth;
	if (log->cancel)
		*log->cancel = 1;
}

static void test_progress_is_reported_on_a_big_search(void **state)
{
	struct unit_pipe u;
	struct bfs_result res;
	struct progress_log log = {0, 0, 0, 0, true, NULL};
	river_solve_options opts = options(0);
	river_diag diag;

	(void)state;
	/* 2 x 601 x 601 states, no rules: the goal comes late. */
	unit_pipe(&u, HEAD "items 600 as, 600 bs\nboat seats 2\n");
	opts.progress = on_progress;
	opts.userdata = &log;
	assert_int_equal(bfs_solve(&u.sys, &opts, &res, &diag), RIVER_OK);
	assert_true(res.solved);
	/* 1200 items, 2 seats: 2 x 1200 - 3 crossings. */
	assert_int_equal(res.path_len, 2 * 1200 - 3 + 1);
	/* At least one call each MOST_BETWEEN_CALLS states expanded. */
	assert_true(log.calls >= res.explored / MOST_BETWEEN_CALLS - 1);
	assert_true(log.calls >= 2);
	assert_true(log.in_order);
	assert_true(log.last_explored <= res.explored);
	assert_true(res.explored <= 2 * 601 * 601);
	free(res.path);
	unit_pipe_release(&u);
}

/* Few states, many crossings each: 40 items and a boat of 4 make some
 * 100,000 loads a state, so 2^18 states would take 2.6 x 10^10
 * crossings, hours.  The callback still comes, after a quarter of a
 * second, and cancels the search, long before it would end. */
static void test_progress_is_reported_on_a_slow_search(void **state)
{
	struct unit_pipe u;
	struct bfs_result res;
	volatile sig_atomic_t cancel = 0;
	struct progress_log log = {0, 0, 0, 0, true, &cancel};
	river_solve_options opts = options(0);
	river_diag diag;

	(void)state;
	unit_pipe(&u, HEAD "items x[1..40]\nboat seats 4\n"
			   "goal boat on the left\n");
	opts.progress = on_progress;
	opts.userdata = &log;
	opts.cancel = &cancel;
	opts.timeout = 60;
	assert_int_equal(bfs_solve(&u.sys, &opts, &res, &diag),
			 RIVER_ECANCELED);
	assert_int_equal(log.calls, 1);
	assert_true(log.in_order);
	assert_true(log.last_expanded < (1ULL << 18));
	free(res.path);
	unit_pipe_release(&u);
}

/* ---- The visited set --------------------------------------------------- */

static void test_visited_bitset_for_small_space(void **state)
{
	struct unit_pipe u;
	struct visited v;

	(void)state;
	unit_pipe(&u, MC_TEXT);
	assert_int_equal(visited_init(&v, &u.sys), RIVER_OK);
	assert_non_null(v.bits);
	assert_null(v.keys);
	assert_int_equal(visited_add(&v, 0), 1);
	assert_int_equal(visited_add(&v, 0), 0);
	assert_int_equal(visited_add(&v, 3 << 1 | 3 << 3 | 1), 1);
	assert_int_equal(visited_add(&v, 3 << 1 | 3 << 3), 1);
	assert_int_equal(visited_add(&v, 3 << 1 | 3 << 3 | 1), 0);
	visited_release(&v);
	unit_pipe_release(&u);
}

static void test_visited_hash_without_rank(void **state)
{
	struct system sys;
	struct visited v;
	uint64_t i;

	(void)state;
	memset(&sys, 0, sizeof sys); /* rank_size 0: no dense ranks */
	assert_int_equal(visited_init(&v, &sys), RIVER_OK);
	assert_null(v.bits);
	assert_non_null(v.keys);
	for (i = 0; i < 20000; i++)
		assert_int_equal(visited_add(&v, i * UINT64_C(0x100000001)), 1);
	for (i = 0; i < 20000; i++)
		assert_int_equal(visited_add(&v, i * UINT64_C(0x100000001)), 0);
	assert_int_equal(v.count, 20000);
	assert_true(v.cap >= 20000 * 4 / 3);
	assert_int_equal(visited_add(&v, 20000), 1);
	visited_release(&v);
}

/* States with a top bit set grow the set by copying; others in place. */
static void test_visited_hash_grows_with_high_states(void **state)
{
	struct system sys;
	struct visited v;
	uint64_t i, high;

	(void)state;
	for (high = 0; high < 4; high++) {
		memset(&sys, 0, sizeof sys);
		assert_int_equal(visited_init(&v, &sys), RIVER_OK);
		for (i = 0; i < 30000; i++)
			assert_int_equal(visited_add(&v, (i * 7919) | high << 62), 1);
		for (i = 0; i < 30000; i++)
			assert_int_equal(visited_add(&v, (i * 7919) | high << 62), 0);
		for (i = 0; i < 30000; i++)
			assert_int_equal(visited_add(&v, (i * 7919 + 1) | high << 62),
					 1);
		assert_true(v.count * 5 <= v.cap * 4);
		assert_true(v.count * 5 > v.cap * 2);
		visited_release(&v);
	}
}

static void test_visited_hash_holds_all_ones_state(void **state)
{
	struct system sys;
	struct visited v;

	(void)state;
	memset(&sys, 0, sizeof sys);
	assert_int_equal(visited_init(&v, &sys), RIVER_OK);
	assert_int_equal(visited_add(&v, UINT64_MAX), 1);
	assert_int_equal(visited_add(&v, UINT64_MAX), 0);
	assert_int_equal(visited_add(&v, UINT64_MAX - 1), 1);
	assert_int_equal(visited_add(&v, 0), 1);
	assert_int_equal(visited_add(&v, UINT64_MAX), 0);
	assert_int_equal(visited_add(&v, UINT64_MAX - 1), 0);
	visited_release(&v);
}

static void test_hash_mode_search_matches_bitset(void **state)
{
	static const char *const texts[] = {WGC_TEXT, MC_TEXT, MC44_TEXT};
	size_t t;

	(void)state;
	for (t = 0; t < 3; t++) {
		struct unit_pipe u;

		unit_pipe(&u, texts[t]);
		check_hash_mode_agrees(&u.sys);
		unit_pipe_release(&u);
	}
}

static void test_big_space_uses_hash_and_stops_at_limit(void **state)
{
	char text[512];
	struct unit_pipe u;
	struct visited v;
	struct bfs_result res;
	river_solve_options opts = options(1000);
	river_diag diag;

	(void)state;
	/* 31 individuals: 2^32 ranks, past the bitset's 2^30. */
	items_text(text, sizeof text, "farmer", 31,
		   "boat seats 2\nrowers farmer\n");
	unit_pipe(&u, text);
	assert_int_equal(u.sys.rank_size, UINT64_C(1) << 32);
	assert_int_equal(visited_init(&v, &u.sys), RIVER_OK);
	assert_null(v.bits);
	visited_release(&v);
	opts.method = RIVER_METHOD_QUEUE;
	assert_int_equal(bfs_solve(&u.sys, &opts, &res, &diag), RIVER_ELIMIT);
	assert_int_equal(res.explored, 1000);
	assert_string_equal(diag.message,
			    "the search stopped at its limit of 1000 states");
	unit_pipe_release(&u);
}

/* ---- plan_check -------------------------------------------------------- */

/* farmer 1, wolf 2, goat 4, cabbage 8, boat 16 */
static const state_t wgc_plan[] = {0x00, 0x15, 0x04, 0x1D, 0x08,
				   0x1B, 0x0A, 0x1F};

static void test_check_accepts_hand_made_plan(void **state)
{
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_plan_ok(&u.sys, wgc_plan, 8);
	unit_pipe_release(&u);
}

static void test_check_boat_must_cross(void **state)
{
	static const state_t plan[] = {0x00, 0x05};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_plan_fault(&u.sys, plan, 2, 1, "the boat does not cross");
	unit_pipe_release(&u);
}

static void test_check_too_many_passengers(void **state)
{
	static const state_t plan[] = {0x00, 0x17};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_plan_fault(&u.sys, plan, 2, 1,
			  "3 passengers, but the boat has 2 seats");
	unit_pipe_release(&u);
}

static void test_check_nobody_rows(void **state)
{
	static const state_t plan[] = {0x00, 0x14};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_plan_fault(&u.sys, plan, 2, 1, "nobody in the boat can row");
	unit_pipe_release(&u);
}

static void test_check_empty_boat_crossing(void **state)
{
	static const state_t plan[] = {0x00, 0x10};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_plan_fault(&u.sys, plan, 2, 1, "nobody in the boat can row");
	unit_pipe_release(&u);
}

static void test_check_item_against_the_boat(void **state)
{
	/* The farmer rows back while the wolf appears on the right. */
	static const state_t plan[] = {0x00, 0x15, 0x06};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_plan_fault(&u.sys, plan, 3, 2,
			  "the wolf cannot cross against the boat");
	unit_pipe_release(&u);
}

static void test_check_state_breaking_eats_rule(void **state)
{
	static const state_t left[] = {0x00, 0x11};
	static const state_t right[] = {0x00, 0x15, 0x04, 0x17, 0x06};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_plan_fault(&u.sys, left, 2, 1,
			  "the wolf is left with the goat on the left bank "
			  "(wolf eats goat unless farmer)");
	assert_plan_fault(&u.sys, right, 5, 4,
			  "the wolf is left with the goat on the right bank "
			  "(wolf eats goat unless farmer)");
	unit_pipe_release(&u);
}

static void test_check_state_breaking_outnumber_rule(void **state)
{
	/* One missionary crosses alone: 3 c against 2 m on the left. */
	static const state_t plan[] = {0x00, 0x03};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, MC_TEXT);
	assert_plan_fault(&u.sys, plan, 2, 1,
			  "the cannibals outnumber the missionaries on the left "
			  "bank (cannibals must not outnumber missionaries)");
	unit_pipe_release(&u);
}

static void test_check_unsafe_start(void **state)
{
	static const state_t plan[] = {0x00};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, HEAD "items wolf, goat\nboat seats 2\nwolf eats goat\n");
	assert_plan_fault(&u.sys, plan, 1, 0,
			  "the wolf is left with the goat on the left bank "
			  "(wolf eats goat)");
	unit_pipe_release(&u);
}

static void test_check_plan_must_reach_goal(void **state)
{
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_plan_fault(&u.sys, wgc_plan, 7, 6,
			  "the plan ends before the goal is reached");
	assert_plan_fault(&u.sys, wgc_plan, 1, 0,
			  "the plan ends before the goal is reached");
	unit_pipe_release(&u);
}

static void test_check_plan_must_start_at_start(void **state)
{
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_plan_fault(&u.sys, wgc_plan + 1, 7, 0,
			  "the plan does not begin at the start");
	assert_plan_fault(&u.sys, wgc_plan, 0, 0,
			  "the plan does not begin at the start");
	unit_pipe_release(&u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wgc_takes_7_crossings),
		cmocka_unit_test(test_mc_takes_11_crossings),
		cmocka_unit_test(test_reference_agrees_on_wgc_and_mc),
		cmocka_unit_test(test_four_and_four_is_unsolvable),
		cmocka_unit_test(test_lone_non_rower_is_unsolvable),
		cmocka_unit_test(test_large_mc_matches_reference),
		cmocka_unit_test(test_random_puzzles_match_reference),
		cmocka_unit_test(test_limit_below_the_goal_stops),
		cmocka_unit_test(test_limit_equal_to_states_needed_is_enough),
		cmocka_unit_test(test_limit_on_unsolvable_search),
		cmocka_unit_test(test_limit_on_crossings_tried),
		cmocka_unit_test(test_states_breaking_rules_cost_nothing),
		cmocka_unit_test(test_too_many_loads_is_too_big),
		cmocka_unit_test(test_progress_is_reported_on_a_big_search),
		cmocka_unit_test(test_progress_is_reported_on_a_slow_search),
		cmocka_unit_test(test_visited_bitset_for_small_space),
		cmocka_unit_test(test_visited_hash_without_rank),
		cmocka_unit_test(test_visited_hash_grows_with_high_states),
		cmocka_unit_test(test_visited_hash_holds_all_ones_state),
		cmocka_unit_test(test_hash_mode_search_matches_bitset),
		cmocka_unit_test(test_big_space_uses_hash_and_stops_at_limit),
		cmocka_unit_test(test_check_accepts_hand_made_plan),
		cmocka_unit_test(test_check_boat_must_cross),
		cmocka_unit_test(test_check_too_many_passengers),
		cmocka_unit_test(test_check_nobody_rows),
		cmocka_unit_test(test_check_empty_boat_crossing),
		cmocka_unit_test(test_check_item_against_the_boat),
		cmocka_unit_test(test_check_state_breaking_eats_rule),
		cmocka_unit_test(test_check_state_breaking_outnumber_rule),
		cmocka_unit_test(test_check_unsafe_start),
		cmocka_unit_test(test_check_plan_must_reach_goal),
		cmocka_unit_test(test_check_plan_must_start_at_start),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
