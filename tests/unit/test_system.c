/* The transition system: state layout, rules, ranks and loads. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "unit.h"
#include "system/audit.h"

#define HEAD "title \"x\"\n"

/* farmer bit 0, wolf bit 1, boat bit 2, 3 ms in bits 3-4, 5 cs in 5-7. */
#define MIXED_TEXT                                            \
	HEAD "items farmer, 3 ms, wolf, 5 cs\nboat seats 2\nrowers farmer\n"

/* ferryman bit 0, wolf bit 1, boat bit 2, 2 sheep in bits 3-4. */
#define PLAIN_TEXT                                            \
	HEAD "items ferryman, 2 sheep (sheep), wolf\nboat seats 3\n" \
	"rowers ferryman\nwolf eats sheep unless ferryman\n"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The loads from s, sorted, must be exactly want[0..n). */
static void assert_loads(const struct system *sys, state_t s,
			 const uint64_t *want, size_t n)
{
	struct loads loads;
	size_t i;

	loads_init(&loads);
	assert_int_equal(system_loads(sys, s, &loads), RIVER_OK);
	assert_int_equal(loads.n, n);
	if (loads.n > 0)
		qsort(loads.delta, loads.n, sizeof *loads.delta, cmp_u64);
	for (i = 0; i < n; i++)
		assert_int_equal(loads.delta[i], want[i]);
	loads_release(&loads);
}

static void assert_violation(const struct system *sys, state_t s, long rule,
			     bool right)
{
	bool on_right = !right;

	assert_int_equal(system_violation(sys, s, &on_right), rule);
	assert_int_equal(on_right, right);
	assert_false(system_safe(sys, s));
}

static void assert_safe(const struct system *sys, state_t s)
{
	bool right;

	assert_int_equal(system_violation(sys, s, &right), -1);
	assert_true(system_safe(sys, s));
}

/* "items i0, i1, ..., i{n-1}" then more items, and the lines in rest
 * (the caller frees the text). */
static char *many_items_text(unsigned n, const char *more, const char *rest)
{
	size_t cap = 64 + 8 * (size_t)n + strlen(more) + strlen(rest), len;
	char *text = malloc(cap);
	unsigned i;

	assert_non_null(text);
	len = (size_t)snprintf(text, cap, HEAD "items i0");
	for (i = 1; i < n; i++)
		len += (size_t)snprintf(text + len, cap - len, ", i%u", i);
	snprintf(text + len, cap - len, "%s\n%s", more, rest);
	return text;
}

/* ---- Layout ------------------------------------------------------- */

static void test_wgc_layout(void **state)
{
	struct unit_pipe u;
	const struct system *sys = &u.sys;
	unsigned i;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_int_equal(sys->n_ind, 4);
	assert_int_equal(sys->n_kinds, 0);
	for (i = 0; i < 4; i++) {
		assert_false(sys->slots[i].is_kind);
		assert_int_equal(sys->slots[i].index, i);
		assert_int_equal(sys->slots[i].presence, i);
	}
	assert_int_equal(sys->ind_mask, 0xF);
	assert_int_equal(sys->boat, 0x10);
	assert_int_equal(sys->bits, 5);
	assert_int_equal(sys->goal_mask, 0xF);
	assert_int_equal(sys->goal, 0xF);
	assert_int_equal(sys->rower_ind, 0x1);
	assert_false(sys->any_rower_kind);
	assert_int_equal(sys->seats, 2);
	assert_int_equal(sys->rank_size, 32);
	assert_true(sys->space == 32.0);
	assert_int_equal(sys->n_rules, 2);
	unit_pipe_release(&u);
}

static void test_mc_layout(void **state)
{
	struct unit_pipe u;
	const struct system *sys = &u.sys;

	(void)state;
	unit_pipe(&u, MC_TEXT);
	assert_int_equal(sys->n_ind, 0);
	assert_int_equal(sys->n_kinds, 2);
	assert_int_equal(sys->boat, 0x1);
	assert_int_equal(sys->kinds[0].shift, 1);
	assert_int_equal(sys->kinds[0].mask, 3);
	assert_int_equal(sys->kinds[0].copies, 3);
	assert_true(sys->kinds[0].rows);
	assert_int_equal(sys->kinds[1].shift, 3);
	assert_int_equal(sys->kinds[1].mask, 3);
	assert_true(sys->slots[1].is_kind);
	assert_int_equal(sys->slots[1].index, 1);
	assert_int_equal(sys->slots[1].presence, 1);
	assert_int_equal(sys->bits, 5);
	assert_int_equal(sys->goal_mask, 0x1E);
	assert_int_equal(sys->goal, 0x1E);
	assert_true(sys->any_rower_kind);
	assert_int_equal(sys->rower_ind, 0);
	assert_int_equal(sys->rank_size, 32);
	assert_int_equal(sys->rank_mult[0], 2);
	assert_int_equal(sys->rank_mult[1], 8);
	unit_pipe_release(&u);
}

static void test_mixed_layout_individuals_first(void **state)
{
	struct unit_pipe u;
	const struct system *sys = &u.sys;

	(void)state;
	unit_pipe(&u, MIXED_TEXT);
	assert_int_equal(sys->n_ind, 2);
	assert_int_equal(sys->n_kinds, 2);
	assert_int_equal(sys->slots[2].index, 1); /* wolf: bit 1 */
	assert_int_equal(sys->slots[2].presence, 1);
	assert_int_equal(sys->slots[1].index, 0); /* ms: kind 0 */
	assert_int_equal(sys->slots[1].presence, 2);
	assert_int_equal(sys->slots[3].presence, 3);
	assert_int_equal(sys->boat, 0x4);
	assert_int_equal(sys->kinds[0].shift, 3);
	assert_int_equal(sys->kinds[0].mask, 3);
	assert_int_equal(sys->kinds[1].shift, 5);
	assert_int_equal(sys->kinds[1].mask, 7);
	assert_int_equal(sys->kinds[1].copies, 5);
	assert_false(sys->kinds[1].rows);
	assert_false(sys->any_rower_kind);
	assert_int_equal(sys->rower_ind, 0x1);
	assert_int_equal(sys->bits, 8);
	assert_int_equal(sys->goal_mask, 0xFB);
	assert_int_equal(sys->goal, 0x3 | 3 << 3 | 5 << 5);
	assert_int_equal(sys->rank_size, 8 * 4 * 6);
	assert_int_equal(sys->rank_mult[0], 8);
	assert_int_equal(sys->rank_mult[1], 32);
	assert_true(sys->space == 192.0);
	unit_pipe_release(&u);
}

static void test_state_count_and_goal(void **state)
{
	struct unit_pipe u;
	const struct system *sys = &u.sys;
	/* farmer right, boat right, 2 ms right, 4 cs right */
	state_t s = 0x1 | 0x4 | 2 << 3 | 4 << 5;
	state_t goal = 0x3 | 3 << 3 | 5 << 5;

	(void)state;
	unit_pipe(&u, MIXED_TEXT);
	assert_true(state_boat_right(sys, s));
	assert_int_equal(state_kind_right(sys, s, 1), 4);
	assert_int_equal(state_count(sys, s, 0, true), 1);
	assert_int_equal(state_count(sys, s, 0, false), 0);
	assert_int_equal(state_count(sys, s, 2, true), 0);
	assert_int_equal(state_count(sys, s, 2, false), 1);
	assert_int_equal(state_count(sys, s, 1, true), 2);
	assert_int_equal(state_count(sys, s, 1, false), 1);
	assert_int_equal(state_count(sys, s, 3, true), 4);
	assert_int_equal(state_count(sys, s, 3, false), 1);
	assert_false(state_is_goal(sys, s));
	assert_false(state_is_goal(sys, 0));
	assert_true(state_is_goal(sys, goal));
	assert_true(state_is_goal(sys, goal | sys->boat));
	assert_false(state_is_goal(sys, goal & ~UINT64_C(1)));
	assert_false(state_is_goal(sys, goal - (1 << 5)));
	unit_pipe_release(&u);
}

/* ---- Rules ------------------------------------------------------- */

static void test_eats_without_guard(void **state)
{
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, HEAD "items wolf, goat, cabbage\nboat seats 2\n"
		      "wolf eats goat\n");
	assert_violation(&u.sys, 0, 0, false);
	assert_violation(&u.sys, 0x3, 0, true);
	assert_violation(&u.sys, 0x4 | 0x8, 0, false); /* boat plays no part */
	assert_safe(&u.sys, 0x1);
	assert_safe(&u.sys, 0x2 | 0x4);
	unit_pipe_release(&u);
}

static void test_eats_with_guard(void **state)
{
	struct unit_pipe u;
	const struct system *sys = &u.sys;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_safe(sys, 0);
	assert_violation(sys, 0x1 | 0x10, 0, false);
	assert_violation(sys, 0x1 | 0x2 | 0x10, 1, false);
	assert_violation(sys, 0x2 | 0x4, 0, true);
	assert_violation(sys, 0x4 | 0x8, 1, true);
	assert_safe(sys, 0x1 | 0x4 | 0x10);
	assert_safe(sys, 0x1 | 0x2 | 0x4 | 0x8);
	assert_safe(sys, 0x2 | 0x8);
	unit_pipe_release(&u);
}

static void test_left_bank_is_checked_first(void **state)
{
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, HEAD "items wolf, goat, dog, cat\nboat seats 2\n"
		      "wolf eats goat\ndog eats cat\n");
	/* Both banks break a rule; the left one is reported. */
	assert_violation(&u.sys, 0x4 | 0x8, 0, false);
	assert_violation(&u.sys, 0x1 | 0x2, 1, false);
	unit_pipe_release(&u);
}

static void test_eats_with_kinds_present(void **state)
{
	struct unit_pipe u;
	const struct system *sys = &u.sys;

	(void)state;
	/* shepherd bit 0, boat bit 1, wolves bits 2-3, sheep bits 4-5 */
	unit_pipe(&u, HEAD "items 2 wolves, 3 sheep, shepherd\nboat seats 2\n"
		      "wolves eat sheep unless shepherd\n");
	assert_int_equal(sys->kinds[1].shift, 4);
	assert_safe(sys, 0);
	assert_violation(sys, 0x1 | 1 << 2 | 1 << 4, 0, false);
	assert_violation(sys, 1 << 2 | 1 << 4, 0, true);
	assert_safe(sys, 2 << 2);
	assert_safe(sys, 0x1 | 2 << 2 | 3 << 4);
	unit_pipe_release(&u);
}

static void test_guard_of_a_kind(void **state)
{
	struct unit_pipe u;
	const struct system *sys = &u.sys;

	(void)state;
	/* wolf bit 0, goat bit 1, boat bit 2, dogs bits 3-4 */
	unit_pipe(&u, HEAD "items wolf, goat, 2 dogs\nboat seats 2\n"
		      "wolf eats goat unless dog\n");
	assert_safe(sys, 0);
	assert_safe(sys, 1 << 3);          /* one dog stays */
	assert_violation(sys, 2 << 3, 0, false);
	assert_violation(sys, 0x3, 0, true);
	assert_safe(sys, 0x3 | 1 << 3);
	unit_pipe_release(&u);
}

static void test_outnumber(void **state)
{
	struct unit_pipe u;
	const struct system *sys = &u.sys;

	(void)state;
	/* ms bits 1-2, cs bits 3-4 */
	unit_pipe(&u, MC_TEXT);
	assert_safe(sys, 0);
	assert_violation(sys, 2 << 1 | 1 << 3, 0, false); /* left 1 m, 2 c */
	assert_violation(sys, 1 << 1 | 2 << 3, 0, true);  /* right 1 m, 2 c */
	assert_safe(sys, 1 << 1 | 1 << 3 | 1);
	assert_safe(sys, 2 << 1 | 2 << 3);
	unit_pipe_release(&u);
}

static void test_outnumber_no_missionaries_is_safe(void **state)
{
	struct unit_pipe u;
	const struct system *sys = &u.sys;

	(void)state;
	unit_pipe(&u, MC_TEXT);
	assert_safe(sys, 3 << 1);          /* left: 3 c alone */
	assert_safe(sys, 3 << 3);          /* right: 3 c alone */
	assert_safe(sys, 3 << 1 | 1 << 3); /* left 0 m, 2 c; right 3 m, 1 c */
	unit_pipe_release(&u);
}

static void test_start_breaking_a_rule_is_refused(void **state)
{
	river_diag diag;

	(void)state;
	unit_load_fails(HEAD "items wolf, goat\nboat seats 2\n\nwolf eats goat\n",
			RIVER_EPUZZLE, &diag);
	assert_string_equal(diag.message,
			    "the start already breaks this rule (wolf eats goat) "
			    "on the left bank");
	assert_int_equal(diag.line, 5);
	assert_int_equal(diag.column, 1);
}

/* ---- Ranks -------------------------------------------------------- */

static void test_rank_is_a_bijection(void **state)
{
	struct unit_pipe u;
	const struct system *sys = &u.sys;
	unsigned char seen[192] = {0};
	unsigned ind, ms, cs, n = 0;

	(void)state;
	unit_pipe(&u, MIXED_TEXT);
	for (ind = 0; ind < 8; ind++) {     /* farmer, wolf, boat */
		for (ms = 0; ms <= 3; ms++) {
			for (cs = 0; cs <= 5; cs++) {
				state_t s = ind | ms << 3 | cs << 5;
				uint64_t r = system_rank(sys, s);

				assert_true(r < sys->rank_size);
				assert_int_equal(seen[r], 0);
				seen[r] = 1;
				n++;
			}
		}
	}
	assert_int_equal(n, 192);
	assert_int_equal(system_rank(sys, 0), 0);
	assert_int_equal(system_rank(sys, sys->goal | sys->boat), 191);
	unit_pipe_release(&u);
}

/* Every rank below rank_size unranks to a state that ranks back to
 * it, with each kind and field in range; and so do compact ranks. */
static void assert_unrank_round_trip(const struct system *sys)
{
	uint64_t r;
	unsigned k;

	assert_true(sys->rank_size > 0);
	for (r = 0; r < sys->rank_size; r++) {
		state_t s = system_unrank(sys, r);

		assert_int_equal(system_rank(sys, s), r);
		assert_int_equal(s & ~(sys->ind_mask | sys->boat |
				       sys->field_mask) &
				 ~sys->goal_mask, 0);
		for (k = 0; k < sys->n_kinds; k++)
			assert_true(state_kind_right(sys, s, k) <=
				    sys->kinds[k].copies);
		for (k = 0; k < sys->n_fields; k++)
			assert_true(field_get(&sys->fields[k], s) <
				    sys->fields[k].radix);
	}
	for (r = 0; r < sys->compact_size; r++) {
		state_t s = system_compact_unrank(sys, r);

		assert_int_equal(system_compact_rank(sys, s), r);
		if (sys->with_boat)
			assert_int_equal((s & sys->with_boat) != 0,
					 state_boat_right(sys, s));
	}
}

static void test_unrank_inverts_rank(void **state)
{
	static const char *const texts[] = {
		MIXED_TEXT, PLAIN_TEXT,
		/* a rowing period: a field */
		HEAD "items farmer, owl, 2 mice\nboat seats 2\n"
		"rowers farmer, owl\nfarmer rows only on crossings 1, 2 of "
		"every 3\n",
		/* a margin: the previous load's weight */
		HEAD "items f (weight 70), c (weight 100), 3 g (weight 10)\n"
		"rowers f\nboat load 200, margin 90\n",
	};
	struct unit_pipe u;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof texts / sizeof *texts; i++) {
		unit_pipe(&u, texts[i]);
		assert_unrank_round_trip(&u.sys);
		unit_pipe_release(&u);
	}
	unit_pipe(&u, MIXED_TEXT);
	assert_int_equal(system_unrank(&u.sys, 191), u.sys.goal | u.sys.boat);
	unit_pipe_release(&u);
}

/* The only rower, starting with the boat, stays with it: the compact
 * rank leaves its bit out.  Two rowers, a rowing kind, or a rower that
 * starts away from the boat keep every bit. */
static void test_compact_rank(void **state)
{
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, MIXED_TEXT);
	assert_int_equal(u.sys.with_boat, 1);
	assert_int_equal(u.sys.compact_size, 96);
	/* farmer and boat on the right, wolf left, 2 ms, 4 cs */
	assert_int_equal(system_compact_unrank(&u.sys, 2 + 2 * 4 + 4 * 16),
			 UINT64_C(1) | u.sys.boat | 2 << 3 | 4 << 5);
	unit_pipe_release(&u);
	unit_pipe(&u, HEAD "items a, b, c\nboat seats 2\nrowers a, b\n");
	assert_int_equal(u.sys.with_boat, 0);
	assert_int_equal(u.sys.compact_size, u.sys.rank_size);
	assert_unrank_round_trip(&u.sys);
	unit_pipe_release(&u);
	unit_pipe(&u, HEAD "items a, 2 b\nboat seats 2\nrowers a, b\n");
	assert_int_equal(u.sys.with_boat, 0);
	unit_pipe_release(&u);
	unit_pipe(&u, HEAD "items a, b\nboat seats 2\nrowers a\n"
		      "start a on the right\n");
	assert_int_equal(u.sys.with_boat, 0);
	unit_pipe_release(&u);
}

/* ---- Loads -------------------------------------------------------- */

static void test_loads_wgc_start(void **state)
{
	static const uint64_t want[] = {0x11, 0x13, 0x15, 0x19};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_loads(&u.sys, 0, want, 4);
	unit_pipe_release(&u);
}

static void test_loads_mc_start(void **state)
{
	/* boat 1; one m adds 2, one c adds 8 */
	static const uint64_t want[] = {1 + 2, 1 + 4, 1 + 8, 1 + 2 + 8, 1 + 16};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, MC_TEXT);
	assert_loads(&u.sys, 0, want, 5);
	unit_pipe_release(&u);
}

static void test_loads_with_non_rowing_kind(void **state)
{
	/* F, F+W, F+S, F+W+S, F+2S; not F+W+2S (4 > 3 seats) */
	static const uint64_t from_left[] = {5, 7, 13, 15, 21};
	static const uint64_t from_right[] = {5, 13, 21};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, PLAIN_TEXT);
	assert_loads(&u.sys, 0, from_left, 5);
	/* ferryman and both sheep on the right with the boat */
	assert_loads(&u.sys, 0x1 | 0x4 | 2 << 3, from_right, 3);
	unit_pipe_release(&u);
}

static void test_loads_with_rowing_kind_only(void **state)
{
	/* king bit 0, boat bit 1, oarsmen bits 2-3: O, K+O, 2O */
	static const uint64_t want[] = {2 + 4, 2 + 4 + 1, 2 + 8};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, HEAD "items king, 2 oarsmen (oarsman)\nboat seats 2\n"
		      "rowers oarsman\n");
	assert_true(u.sys.any_rower_kind);
	assert_int_equal(u.sys.rower_ind, 0);
	assert_loads(&u.sys, 0, want, 3);
	unit_pipe_release(&u);
}

static void test_loads_with_more_seats_than_items(void **state)
{
	static const uint64_t subsets[] = {9, 10, 11, 12, 13, 14, 15};
	/* a bit 0, boat bit 1, xs bits 2-3 */
	static const uint64_t mixed[] = {2 + 1, 2 + 4, 2 + 4 + 1, 2 + 8,
					 2 + 8 + 1};
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, HEAD "items a, b, c\nboat seats 10\n");
	assert_loads(&u.sys, 0, subsets, 7);
	unit_pipe_release(&u);
	unit_pipe(&u, HEAD "items a, 2 xs\nboat seats 10\n");
	assert_loads(&u.sys, 0, mixed, 5);
	unit_pipe_release(&u);
}

static void test_no_loads_without_rower_on_boat_bank(void **state)
{
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	assert_loads(&u.sys, 0x10, NULL, 0);             /* nobody there */
	assert_loads(&u.sys, 0x2 | 0x4 | 0x10, NULL, 0); /* no farmer */
	unit_pipe_release(&u);
}

static void test_loads_are_reset_between_calls(void **state)
{
	struct unit_pipe u;
	struct loads loads;

	(void)state;
	unit_pipe(&u, MC_TEXT);
	loads_init(&loads);
	assert_int_equal(system_loads(&u.sys, 0, &loads), RIVER_OK);
	assert_int_equal(loads.n, 5);
	/* one c on the right with the boat: only it can return */
	assert_int_equal(system_loads(&u.sys, 1 | 1 << 3, &loads), RIVER_OK);
	assert_int_equal(loads.n, 1);
	assert_int_equal(loads.delta[0], 1 | 1 << 3);
	loads_release(&loads);
	assert_null(loads.delta);
	unit_pipe_release(&u);
}

/* One rower (i0) and n - 1 passengers, the boat for all: every subset
 * of the passengers can go with the rower. */
static int loads_of_one_rower_and(unsigned n, size_t *count)
{
	struct unit_pipe u;
	struct loads loads;
	char rest[64], *text;
	int rc;

	snprintf(rest, sizeof rest, "boat seats %u\nrowers i0\n", n);
	text = many_items_text(n, "", rest);
	unit_pipe(&u, text);
	loads_init(&loads);
	rc = system_loads(&u.sys, 0, &loads);
	*count = loads.n;
	loads_release(&loads);
	unit_pipe_release(&u);
	free(text);
	return rc;
}

static void test_loads_up_to_the_limit(void **state)
{
	size_t n;

	(void)state;
	assert_int_equal(loads_of_one_rower_and(21, &n), RIVER_OK);
	assert_int_equal(n, SYSTEM_MAX_LOADS); /* 2^20 exactly */
}

static void test_loads_past_the_limit_are_too_big(void **state)
{
	size_t n;

	(void)state;
	assert_int_equal(loads_of_one_rower_and(22, &n), RIVER_ETOOBIG);
	assert_int_equal(n, SYSTEM_MAX_LOADS);
}

static void test_state_cross_adds_and_subtracts(void **state)
{
	struct unit_pipe u;
	state_t s;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	s = state_cross(&u.sys, 0, 0x15);      /* farmer and goat over */
	assert_int_equal(s, 0x15);
	s = state_cross(&u.sys, s, 0x11);      /* farmer back */
	assert_int_equal(s, 0x4);
	unit_pipe_release(&u);

	unit_pipe(&u, MC_TEXT);
	s = state_cross(&u.sys, 0, 1 + 16);    /* two c over */
	assert_int_equal(s, 1 + 16);
	s = state_cross(&u.sys, s, 1 + 8);     /* one c back */
	assert_int_equal(s, 8);
	assert_false(state_boat_right(&u.sys, s));
	assert_int_equal(state_kind_right(&u.sys, s, 1), 1);
	unit_pipe_release(&u);
}

/* ---- Size limits -------------------------------------------------- */

static void test_63_individuals_fit(void **state)
{
	struct unit_pipe u;
	char *text = many_items_text(63, "", "boat seats 1\n");

	(void)state;
	unit_pipe(&u, text);
	assert_int_equal(u.sys.bits, 64);
	assert_int_equal(u.sys.boat, UINT64_C(1) << 63);
	assert_int_equal(u.sys.ind_mask, (UINT64_C(1) << 63) - 1);
	assert_int_equal(u.sys.rank_size, 0); /* 2^64 does not fit */
	assert_true(u.sys.space == 18446744073709551616.0);
	unit_pipe_release(&u);
	free(text);
}

static void test_62_individuals_rank_size(void **state)
{
	struct unit_pipe u;
	char *text = many_items_text(62, "", "boat seats 1\n");

	(void)state;
	unit_pipe(&u, text);
	assert_int_equal(u.sys.bits, 63);
	assert_int_equal(u.sys.rank_size, UINT64_C(1) << 63);
	unit_pipe_release(&u);
	free(text);
}

static void test_64_individuals_too_big(void **state)
{
	struct unit_pipe u;
	char *text = many_items_text(64, "", "boat seats 1\n");

	(void)state;
	assert_int_equal(unit_pipe_try(&u, text), RIVER_EPUZZLE);
	assert_string_equal(u.diag.message,
			    "the puzzle is too big: with 'i63' its state needs "
			    "at least 65 bits, and libriver packs a state in "
			    "64; more individuals are searched only where "
			    "couples (tuples) of them can be exchanged");
	assert_int_equal(u.diag.line, 2);
	/* "items i0" then ", i1" ... ", i9" (4 each), ", i10"... (5 each) */
	assert_int_equal(u.diag.column, 7 + 2 + 9 * 4 + 53 * 5 + 2);
	unit_pipe_release(&u);
	free(text);
}

static void test_kind_after_62_individuals_too_big(void **state)
{
	struct unit_pipe u;
	/* 62 bits, the boat, and 2 bits for 0-3 ants: 65 */
	char *text = many_items_text(62, ", 3 ants", "boat seats 1\n");

	(void)state;
	assert_int_equal(unit_pipe_try(&u, text), RIVER_EPUZZLE);
	assert_string_equal(u.diag.message,
			    "the puzzle is too big: with 'ants' its state needs at "
			    "least 65 bits, and libriver packs a state in 64 (one "
			    "bit per item, one for the boat, and a count per kind)");
	assert_int_equal(u.diag.column, 7 + 2 + 9 * 4 + 52 * 5 + 4);
	unit_pipe_release(&u);
	free(text);
}

static void test_one_copy_kind_after_62_individuals_fits(void **state)
{
	struct unit_pipe u;
	char *text = many_items_text(62, ", 1 ant", "boat seats 1\n");

	(void)state;
	unit_pipe(&u, text);
	assert_int_equal(u.sys.bits, 64);
	assert_int_equal(u.sys.kinds[0].shift, 63);
	assert_int_equal(u.sys.kinds[0].mask, 1);
	unit_pipe_release(&u);
	free(text);
}

static void test_kind_fields_too_big(void **state)
{
	(void)state;
	unit_load_error(HEAD "items 1000000 ants, 1000000 bees, 1000000 cats, "
			"1000000 dogs\nboat seats 2\n", RIVER_EPUZZLE, 2, 57,
			"the puzzle is too big: with 'dogs' its state needs at "
			"least 81 bits, and libriver packs a state in 64 (one "
			"bit per item, one for the boat, and a count per kind)");
}

static void test_kind_fields_fill_64_bits(void **state)
{
	struct unit_pipe u;

	(void)state;
	/* boat 1 + 3 x 20 + 3 = 64 bits */
	unit_pipe(&u, HEAD "items 1000000 a, 1000000 b, 1000000 c, 7 d\n"
		      "boat seats 2\n");
	assert_int_equal(u.sys.bits, 64);
	assert_int_equal(u.sys.kinds[3].shift, 61);
	assert_int_equal(u.sys.kinds[3].mask, 7);
	assert_int_equal(u.sys.rank_size, UINT64_C(16000048000048000016));
	unit_pipe_release(&u);
}

/* ---- Compiled rules and loads against the reference ----------------- */

/* The states of sys, every one the encoding can name: individuals and
 * boat, then each kind's copies, then each field. */
static bool next_state(const struct system *sys, uint64_t *digit)
{
	unsigned k, n = sys->n_kinds + sys->n_fields;

	if (++digit[0] < UINT64_C(2) << sys->n_ind)
		return true;
	digit[0] = 0;
	for (k = 0; k < n; k++) {
		uint64_t radix = k < sys->n_kinds
			? (uint64_t)sys->kinds[k].copies + 1
			: sys->fields[k - sys->n_kinds].radix;

		if (++digit[k + 1] < radix)
			return true;
		digit[k + 1] = 0;
	}
	return false;
}

static state_t state_of(const struct system *sys, const uint64_t *digit)
{
	state_t s = digit[0];
	unsigned k;

	for (k = 0; k < sys->n_kinds; k++)
		s |= digit[k + 1] << sys->kinds[k].shift;
	for (k = 0; k < sys->n_fields; k++)
		s |= digit[sys->n_kinds + k + 1] << sys->fields[k].shift;
	return s;
}

/* The reference: some bank rule of the model broken, item by item. */
static bool ref_bank_broken(const struct system *sys, state_t s, bool right)
{
	const struct model *m = sys->model;
	unsigned count[MODEL_MAX_ITEMS + 1];
	size_t i;

	for (i = 0; i < m->n_items; i++)
		count[i] = state_count(sys, s, i, right);
	for (i = 0; i < m->n_rules; i++)
		if ((m->rules[i].place & PLACE_BANKS) &&
		    rule_broken(m, &m->rules[i], count))
			return true;
	return false;
}

/* A plain enumeration of the loads: each individual on the boat's bank
 * (by bit), then each kind, left out first and then taken 1, 2, ...
 * times, within the seats and with a rower. */
static void plain_loads(const struct system *sys, state_t s, unsigned slot,
			unsigned seats, uint64_t delta, bool rower,
			struct loads *out)
{
	bool right = state_boat_right(sys, s);
	unsigned avail, m;
	uint64_t unit;
	bool rows;

	if (slot == sys->n_ind + sys->n_kinds) {
		if (rower) {
			assert_true(out->n < out->cap);
			out->delta[out->n++] = delta;
		}
		return;
	}
	if (slot < sys->n_ind) {
		avail = ((s >> slot) & 1) == right;
		unit = UINT64_C(1) << slot;
		rows = (sys->rower_ind >> slot) & 1;
	} else {
		unsigned k = slot - sys->n_ind, on = state_kind_right(sys, s, k);

		avail = right ? on : sys->kinds[k].copies - on;
		unit = UINT64_C(1) << sys->kinds[k].shift;
		rows = sys->kinds[k].rows;
	}
	plain_loads(sys, s, slot + 1, seats, delta, rower, out);
	for (m = 1; m <= avail && m <= seats; m++)
		plain_loads(sys, s, slot + 1, seats - m, delta + m * unit,
			    rower || rows, out);
}

static bool has_delta(const struct loads *l, uint64_t d, uint64_t mask)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if ((l->delta[i] & mask) == d)
			return true;
	return false;
}

/* On every state of the puzzle: the compiled check says what the
 * model's rules say, bank by bank; system_safe agrees with
 * system_violation; the loads are the plain enumeration's (in its
 * order, when only seats and rowers decide), and the safe loads are
 * exactly those that leave the boat's bank safe, in the same order.
 * Returns the number of states checked, 0 when the space is too big. */
static unsigned long check_system(const struct system *sys)
{
	uint64_t digit[SYSTEM_MAX_BITS + 1] = {0};
	uint64_t items = sys->ind_mask;
	struct loads all, safe, plain;
	unsigned long n = 0;
	size_t i, j;

	for (i = 0; i < sys->n_kinds; i++)
		items |= sys->kinds[i].mask << sys->kinds[i].shift;

	if (sys->space > 20000)
		return 0;
	loads_init(&all);
	loads_init(&safe);
	plain.cap = 1u << 16;
	plain.delta = malloc(plain.cap * sizeof *plain.delta);
	assert_non_null(plain.delta);
	do {
		state_t s = state_of(sys, digit);
		bool right, left_ok = !ref_bank_broken(sys, s, false);
		bool right_ok = !ref_bank_broken(sys, s, true);

		n++;
		assert_int_equal(system_bank_safe(sys, s, false), left_ok);
		assert_int_equal(system_bank_safe(sys, s, true), right_ok);
		assert_int_equal(system_safe(sys, s), left_ok && right_ok);
		assert_int_equal(system_violation(sys, s, &right) < 0,
				 left_ok && right_ok);
		assert_int_equal(system_loads(sys, s, &all), RIVER_OK);
		assert_int_equal(system_safe_loads(sys, s, &safe), RIVER_OK);
		plain.n = 0;
		plain_loads(sys, s, 0, sys->seats, sys->boat, false, &plain);
		if (sys->plain_loads) {
			assert_int_equal(all.n, plain.n);
			for (i = 0; i < all.n; i++)
				assert_int_equal(all.delta[i], plain.delta[i]);
		} else {
			for (i = 0; i < all.n; i++)
				assert_true(has_delta(&plain,
						      (all.delta[i] & items) |
						      sys->boat,
						      items | sys->boat));
		}
		for (i = j = 0; i < all.n; i++) {
			state_t to = state_cross(sys, s, all.delta[i]);

			if (ref_bank_broken(sys, to, state_boat_right(sys, s)))
				continue;
			assert_true(j < safe.n);
			assert_int_equal(safe.delta[j], all.delta[i]);
			j++;
		}
		assert_int_equal(j, safe.n);
	} while (next_state(sys, digit));
	assert_int_equal((double)n, sys->space);
	free(plain.delta);
	loads_release(&all);
	loads_release(&safe);
	return n;
}

/* Every puzzle in dir (under the source tree) small enough to check
 * state by state; returns how many were. */
static unsigned check_dir(const char *dir)
{
	const char *top = getenv("srcdir");
	char path[4096];
	struct dirent *e;
	unsigned checked = 0;
	DIR *d;

	snprintf(path, sizeof path, "%s/%s", top && *top ? top : ".", dir);
	d = opendir(path);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		struct unit_pipe u;
		char *text;

		if (len < 5 || strcmp(e->d_name + len - 4, ".puz") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s/%s",
			 top && *top ? top : ".", dir, e->d_name);
		text = unit_read_file(path, &len);
		if (unit_pipe_try(&u, text) == RIVER_OK && check_system(&u.sys))
			checked++;
		unit_pipe_release(&u);
		free(text);
	}
	closedir(d);
	return checked;
}

static void test_compiled_rules_and_loads_bundled(void **state)
{
	(void)state;
	assert_true(check_dir("puzzles") >= 20);
	assert_true(check_dir("tests/puzzles") >= 12);
}

/* Every kind of rule, on the banks, in the boat and everywhere, over
 * individuals, kinds and mixed sets, with guards and weights. */
static const char *const rule_texts[] = {
	HEAD "items farmer, wolf, goat, cabbage, 2 dogs\nboat seats 2\n"
	"rowers farmer, dogs\nwolf eats goat unless farmer, dog\n"
	"goat eats cabbage unless farmer\nwolf eats cabbage unless dogs\n"
	"dogs eat goat unless farmer\n",
	HEAD "items a, b, c, 3 xs, 2 ys\nboat seats 3\n"
	"a must not be without b, c\nxs must not be without ys\n"
	"b must not be alone everywhere\n",
	HEAD "items a, b, c, 3 xs\nboat seats 3\n"
	"a and xs must not be alone together\nb and c must not be alone "
	"together everywhere\nxs must not be alone\n",
	HEAD "items a, b, c, 3 xs, 2 ys\nboat seats 3\n"
	"at most 3 of xs, a, ys\nat least 1 of b, ys everywhere\n"
	"at most 1 of c, ys in the boat\n",
	HEAD "items a (w 2), b (w 3, v 1), d (v 4), 3 xs (w 1, v 2), "
	"2 ys (v 3)\nboat seats 3\n"
	"w of a, b, xs must not exceed v of d, ys\n"
	"w of xs, a must not exceed 3 everywhere\n",
	HEAD "items 3 ms, 3 cs, a, b, e\nboat seats 3\n"
	"cs, a must not outnumber ms, b\n"
	"e must not outnumber a by more than 0 everywhere\n",
	HEAD "items h1, h2, h3, w1, w2, w3\nboat seats 3\n"
	"w1 must not be with h2 unless h1 is there\n"
	"w1 must not be with h3 unless h1 is there\n"
	"w2 must not be with h1 unless h2 is there\n"
	"w2 must not be with h3 unless h2 is there\n"
	"w3 must not be with h1 unless h3 is there\n"
	"w3 must not be with h2 unless h3 is there\n",
	HEAD "items w1, h1, w2, h2, w3, h3\nboat seats 2\n"
	"w3 must not be with h1 unless h3 is there\n"
	"w1 must not be with h2 unless h1 is there\n"
	"w2 must not be with h1 unless h2 is there\n"
	"w1 must not be with h3 unless h1 is there\n"
	"w3 must not be with h2 unless h3 is there\n"
	"w2 must not be with h3 unless h2 is there\n",
};

static void test_compiled_rules_and_loads_every_kind(void **state)
{
	size_t t;

	(void)state;
	for (t = 0; t < sizeof rule_texts / sizeof *rule_texts; t++) {
		struct unit_pipe u;

		if (unit_pipe_try(&u, rule_texts[t]) != RIVER_OK)
			print_error("text %zu: %d:%d: %s\n", t, u.diag.line,
				    u.diag.column, u.diag.message);
		assert_int_equal(u.diag.status, RIVER_OK);
		assert_true(check_system(&u.sys) > 0);
		unit_pipe_release(&u);
	}
}

/* Random eats, with and without rules with guards over five or six
 * items, seats 1 to 3: their items straddle the banks in most states,
 * where the load walk's cuts have most to get wrong (a guard between
 * the last item a load decides and the next was once passed over). */
static void test_compiled_rules_and_loads_random_guards(void **state)
{
	static const char *const names[] = {"a", "b", "c", "d", "e", "f"};
	uint64_t seed = 12345;
	unsigned t, checked = 0;

	(void)state;
	for (t = 0; t < 400; t++) {
		char text[1024];
		size_t used;
		unsigned n, r, rules, k;
		struct unit_pipe u;

#define NEXT(m) ((unsigned)((seed = seed * 6364136223846793005u + \
				     1442695040888963407u) >> 33) % (m))
		n = 5 + NEXT(2);
		used = (size_t)snprintf(text, sizeof text, HEAD "items a");
		for (k = 1; k < n; k++)
			used += (size_t)snprintf(text + used, sizeof text - used,
						 ", %s", names[k]);
		used += (size_t)snprintf(text + used, sizeof text - used,
					 "\nboat seats %u\n", 1 + NEXT(3));
		rules = 2 + NEXT(2);
		for (r = 0; r < rules; r++) {
			unsigned x = NEXT(n), y = (x + 1 + NEXT(n - 1)) % n;
			unsigned g = (y + 1 + NEXT(n - 1)) % n;
			unsigned h = (g + 1 + NEXT(n - 1)) % n;
			bool two = g != x && h != x && h != y && g != y && NEXT(2);

			switch (NEXT(3)) {
			case 0:
				used += (size_t)snprintf(
					text + used, sizeof text - used,
					"%s must not be without %s%s%s\n",
					names[x], names[y], two ? " or " : "",
					two ? names[g] : "");
				break;
			default:
				used += (size_t)snprintf(
					text + used, sizeof text - used,
					"%s %s %s", names[x],
					NEXT(2) ? "eats" : "must not be with",
					names[y]);
				if (g != x && g != y)
					used += (size_t)snprintf(
						text + used, sizeof text - used,
						" unless %s%s%s", names[g],
						two && h != g ? " or " : "",
						two && h != g ? names[h] : "");
				used += (size_t)snprintf(text + used,
							 sizeof text - used,
							 "\n");
			}
		}
#undef NEXT
		/* A start that breaks a rule is refused: nothing to check. */
		if (unit_pipe_try(&u, text) == RIVER_OK) {
			assert_true(check_system(&u.sys) > 0);
			checked++;
		}
		unit_pipe_release(&u);
	}
	assert_true(checked >= 100);
}

/* ---- The checking mode ---------------------------------------------- */

/* Run check(sys) in a child: it must abort, saying want on standard
 * error, as the checking mode does when a fast path and the plain
 * meaning disagree. */
static void assert_checking_aborts(void (*check)(const struct system *),
				   const struct system *sys, const char *want)
{
	char path[] = "/tmp/river-test-audit-XXXXXX", said[2048];
	int fd = mkstemp(path), status;
	ssize_t n;
	pid_t pid;

	assert_true(fd >= 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fd, STDERR_FILENO);
		check(sys);
		_exit(0); /* not aborted: the parent fails */
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	n = pread(fd, said, sizeof said - 1, 0);
	close(fd);
	unlink(path);
	said[n > 0 ? n : 0] = '\0';
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT ||
	    !strstr(said, want))
		print_error("the checking mode said: %s\n", said);
	assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	assert_non_null(strstr(said, want));
}

/* The wolf and the goat alone on the left bank, the farmer and the
 * cabbage across with the boat. */
static void check_bank(const struct system *sys)
{
	(void)system_bank_safe(sys, 1 | 8 | sys->boat, false);
}

static void check_loads(const struct system *sys)
{
	struct loads loads;

	loads_init(&loads);
	(void)system_safe_loads(sys, 0, &loads);
	loads_release(&loads);
}

/* A system whose compiled rules are wrong (no group is ever broken), in
 * the checking mode: the compiled bank check and the load walk are
 * both caught by the plain meaning of the rules. */
static void test_checking_mode_catches_compiled_rules(void **state)
{
	struct unit_pipe u;
	size_t g;

	(void)state;
	unit_pipe(&u, WGC_TEXT);
	u.sys.audit = true;
	/* Right as compiled: the checks pass. */
	check_bank(&u.sys);
	check_loads(&u.sys);
	for (g = 0; g < u.sys.n_groups; g++)
		u.sys.groups[g].any = 0;
	assert_checking_aborts(check_bank, &u.sys,
			       "the compiled rules call the left bank safe, "
			       "but a rule is broken there (wolf eats goat "
			       "unless farmer)");
	assert_checking_aborts(check_loads, &u.sys,
			       "the load walk crosses to");
	unit_pipe_release(&u);
}

static void test_checking_mode_asked_by_environment(void **state)
{
	(void)state;
	assert_int_equal(setenv("RIVER_CHECK", "1", 1), 0);
	assert_true(audit_requested());
	assert_int_equal(setenv("RIVER_CHECK", "0", 1), 0);
	assert_false(audit_requested());
	assert_int_equal(setenv("RIVER_CHECK", "", 1), 0);
	assert_false(audit_requested());
	assert_int_equal(unsetenv("RIVER_CHECK"), 0);
	assert_false(audit_requested());
}

/* Jealous husbands' n(n - 1) rules are n groups; the star's k - 1 are
 * one. */
static void test_rules_grouped(void **state)
{
	struct unit_pipe u;

	(void)state;
	unit_pipe(&u, rule_texts[6]);
	assert_int_equal(u.sys.n_rules, 6);
	assert_int_equal(u.sys.n_groups, 3);
	assert_int_equal(u.sys.n_counted, 0);
	unit_pipe_release(&u);
	unit_pipe(&u, HEAD "items farmer, x1, x2, x3, x4\nboat seats 2\n"
		      "rowers farmer\nguard farmer\nx1 eats x2\nx1 eats x3\n"
		      "x1 eats x4\n");
	assert_int_equal(u.sys.n_rules, 3);
	assert_int_equal(u.sys.n_groups, 1);
	unit_pipe_release(&u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wgc_layout),
		cmocka_unit_test(test_mc_layout),
		cmocka_unit_test(test_mixed_layout_individuals_first),
		cmocka_unit_test(test_state_count_and_goal),
		cmocka_unit_test(test_eats_without_guard),
		cmocka_unit_test(test_eats_with_guard),
		cmocka_unit_test(test_left_bank_is_checked_first),
		cmocka_unit_test(test_eats_with_kinds_present),
		cmocka_unit_test(test_guard_of_a_kind),
		cmocka_unit_test(test_outnumber),
		cmocka_unit_test(test_outnumber_no_missionaries_is_safe),
		cmocka_unit_test(test_start_breaking_a_rule_is_refused),
		cmocka_unit_test(test_rank_is_a_bijection),
		cmocka_unit_test(test_unrank_inverts_rank),
		cmocka_unit_test(test_compact_rank),
		cmocka_unit_test(test_loads_wgc_start),
		cmocka_unit_test(test_loads_mc_start),
		cmocka_unit_test(test_loads_with_non_rowing_kind),
		cmocka_unit_test(test_loads_with_rowing_kind_only),
		cmocka_unit_test(test_loads_with_more_seats_than_items),
		cmocka_unit_test(test_no_loads_without_rower_on_boat_bank),
		cmocka_unit_test(test_loads_are_reset_between_calls),
		cmocka_unit_test(test_loads_up_to_the_limit),
		cmocka_unit_test(test_loads_past_the_limit_are_too_big),
		cmocka_unit_test(test_state_cross_adds_and_subtracts),
		cmocka_unit_test(test_63_individuals_fit),
		cmocka_unit_test(test_62_individuals_rank_size),
		cmocka_unit_test(test_64_individuals_too_big),
		cmocka_unit_test(test_kind_after_62_individuals_too_big),
		cmocka_unit_test(test_one_copy_kind_after_62_individuals_fits),
		cmocka_unit_test(test_kind_fields_too_big),
		cmocka_unit_test(test_kind_fields_fill_64_bits),
		cmocka_unit_test(test_compiled_rules_and_loads_bundled),
		cmocka_unit_test(test_compiled_rules_and_loads_every_kind),
		cmocka_unit_test(test_compiled_rules_and_loads_random_guards),
		cmocka_unit_test(test_rules_grouped),
		cmocka_unit_test(test_checking_mode_catches_compiled_rules),
		cmocka_unit_test(test_checking_mode_asked_by_environment),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
