/* The transition system: a puzzle's states packed into one 64-bit word,
 * its rules as mask tests, its crossings as one addition.
 *
 * Layout of a state, low bits first:
 *   one bit per individual item (1 = on the right bank),
 *   one bit for the boat (1 = at the right bank),
 *   one field per counted kind: how many copies are on the right bank.
 * By default the start (everything left) is 0.  A crossing from the left adds the
 * load (its items' bits, its copies shifted into their fields, and the
 * boat bit); a crossing from the right subtracts it.  No field can
 * overflow, because a load only carries copies that are on its bank.
 *
 * Rules look at a bank through its "presence" word: bit j for the
 * individual j, bit (individuals + k) for "some copy of kind k". */
#ifndef RIVER_SYSTEM_H
#define RIVER_SYSTEM_H

#include <stdbool.h>
#include <stdint.h>

#include "compile/model.h"
#include "util/arena.h"

#define SYSTEM_MAX_BITS 64
/* More loads than this for one crossing means a puzzle far too big to
 * search (say 40 items and a boat for 20): stop rather than hang. */
#define SYSTEM_MAX_LOADS (1u << 20)

typedef uint64_t state_t;

struct symmetry;
struct tuples;

struct sys_kind {
	unsigned shift;  /* of its field */
	uint64_t mask;   /* of its field, unshifted */
	unsigned copies;
	bool rows;
};

/* Where item i lives: an individual's state bit, or a kind's index. */
struct sys_slot {
	bool is_kind;
	unsigned index;
	unsigned presence; /* its bit in a presence word */
};

struct sys_rule {
	enum rule_kind kind;
	enum rule_place place;
	bool generic;   /* read through per-item counts (rule_broken) */
	uint64_t need;  /* RULE_EATS: presence bits that must all be set */
	uint64_t guard; /* RULE_EATS: presence bits of which none may be */
	struct sys_slot a, b; /* RULE_OUTNUMBER: a must not outnumber b */
	unsigned long long bound;
};

/* The bank rules compiled for speed (system_safe): rule_broken and
 * bank_violation stay the exact reference that names a broken rule.
 *
 * Eats and without rules that share their eater and their guards are
 * one group: broken when all of need is present, some of any is, and
 * none of guard is (the jealous husbands' n(n-1) rules are n groups).
 * Bits are presence bits. */
struct sys_group {
	uint64_t need, any, guard;
};

/* A sum over a bank: popcount(presence & ones), plus each term's
 * weight times its individual's presence or its kind's copies. */
struct sys_term {
	bool is_kind;
	unsigned index;  /* presence bit, or kind */
	unsigned long long weight;
};

struct sys_sum {
	uint64_t ones;
	struct sys_term *terms;
	size_t n_terms;
};

/* Any other bank rule, read through presence masks and sums. */
struct sys_count_rule {
	enum rule_kind kind;
	bool by_mask;    /* RULE_ALONE, RULE_EXACT over distinct items: the
			    presence word decides */
	uint64_t set;    /* presence bits of set a */
	struct sys_sum a, b; /* b: set b, or everything (alone, exact) */
	unsigned long long bound;
	const struct cond *cond; /* RULE_COND: read on per-item counts */
};

/* A number the state carries besides where things are: the crossing
 * number modulo a rowing period, the previous load's weight, the time
 * so far.  It holds 0..radix-1 in bits shift.. of the state. */
struct sys_field {
	unsigned shift;
	uint64_t mask;  /* unshifted */
	uint64_t radix;
};

struct system {
	const struct model *model;
	struct sys_slot *slots; /* one per model item */
	unsigned n_ind;
	uint64_t ind_mask;
	uint64_t boat;          /* the boat's bit */
	unsigned n_kinds;
	struct sys_kind *kinds;
	uint64_t rower_ind;     /* individuals who row */
	bool any_rower_kind;
	unsigned seats;
	struct sys_rule *rules;
	size_t n_rules;
	state_t start;           /* where everything begins */
	state_t goal_mask, goal; /* (s & goal_mask) == goal */
	unsigned bits;
	double space;           /* states the encoding can name */
	uint64_t rank_size;     /* space, when it fits 64 bits; else 0 */
	uint64_t *rank_mult;    /* per kind, then per field: its weight in a
				   state's rank */
	/* The individual that is on the boat's bank in every state a
	 * crossing reaches (the only rower, when it starts with the boat),
	 * or 0; the compact rank leaves its bit out. */
	uint64_t with_boat;
	uint64_t compact_size;  /* rank_size, halved when with_boat */
	/* Beyond seats and rowers: */
	bool plain_loads;       /* seats and rowers are all a load needs */
	bool bank_generic;      /* a bank rule reads per-item counts */
	bool boat_rules;        /* some rule holds in the boat */
	struct sys_group *groups;  /* the banks' eats and without rules */
	size_t n_groups;
	uint64_t common_guard;  /* guards every group (0: none does) */
	struct sys_count_rule *counted; /* the banks' other rules */
	size_t n_counted;
	bool counted_kinds;     /* some counted rule reads a kind's copies */
	/* For the load walk.  The groups are sorted by their highest
	 * bit: groups[group_below[p] .. group_below[p + 1]) are those
	 * whose highest bit is p, decided once that item is.  Before
	 * that, cut_list[cut_at[p] .. cut_at[p + 1]) are the groups that
	 * may already be certainly broken once bit p is decided. */
	uint32_t group_below[SYSTEM_MAX_BITS + 1];
	uint32_t cut_at[SYSTEM_MAX_BITS + 1];
	uint32_t *cut_list;
	/* by_low[low_at[p] .. low_at[p + 1]): the groups whose lowest bit
	 * is p; straddle[straddle_at[p] .. straddle_at[p + 1]): those with
	 * a bit below p and one at p or above (p up to 64). */
	uint32_t low_at[SYSTEM_MAX_BITS + 1];
	uint32_t *by_low;
	uint32_t straddle_at[SYSTEM_MAX_BITS + 2];
	uint32_t *straddle;
	size_t *ind_item, *kind_item; /* model item of each individual, kind */
	uint64_t *allowed;      /* the allowed loads' deltas, sorted, or NULL */
	size_t n_allowed;
	struct sys_field fields[3];
	unsigned n_fields;
	int phase, prev, elapsed; /* their fields, or -1 */
	unsigned period;        /* of the phase */
	uint64_t field_mask;    /* all the fields' bits */
	/* Not NULL for a system reduced by symmetry (system/symmetry.h):
	 * its rules and load checks are the concrete system's. */
	const struct symmetry *sym;
	/* The checking mode (system/audit.h): every load walk and bank
	 * check compared with the plain meaning of the rules. */
	bool audit;
};

/* Where a field is, and its value in s. */
static inline uint64_t field_get(const struct sys_field *f, uint64_t s)
{
	return (s >> f->shift) & f->mask;
}

/* One bank seen by the rules. */
struct bank_view {
	uint64_t present;
	const unsigned *count; /* per kind: copies on this bank */
};

/* Lay out the state of model, allocating in arena.  RIVER_OK, or
 * RIVER_EPUZZLE when it does not fit in SYSTEM_MAX_BITS (diag points at
 * the item that overflowed), or RIVER_ENOMEM. */
int system_build(struct system *sys, struct arena *arena,
		 const struct model *model, const struct source *src,
		 river_diag *diag);

static inline bool state_boat_right(const struct system *sys, state_t s)
{
	return (s & sys->boat) != 0;
}

static inline unsigned state_kind_right(const struct system *sys, state_t s,
					unsigned k)
{
	return (unsigned)((s >> sys->kinds[k].shift) & sys->kinds[k].mask);
}

/* The state where right[i] copies of each model item i (at most its
 * copies: 0 or 1 for an individual) are on the right bank, the others
 * on the left, and the boat as boat_right says; its fields are 0. */
state_t system_state_of(const struct system *sys, const unsigned *right,
			bool boat_right);
/* The delta of a load of count[i] copies of each model item i (at most
 * those on its bank), without the boat: s + delta or s - delta moves
 * them across. */
uint64_t system_load_delta(const struct system *sys, const unsigned *count);

/* The state a start or goal placement describes (a goal's boat, when
 * it says none, on the left). */
state_t system_placement(const struct system *sys, const struct placement *pl);

/* Copies of model item i on bank right (true) or left in s. */
unsigned state_count(const struct system *sys, state_t s, size_t item,
		     bool right);

static inline bool state_is_goal(const struct system *sys, state_t s)
{
	return (s & sys->goal_mask) == sys->goal;
}

/* The rule of sys broken in s, or -1 when s is safe; *right tells on
 * which bank (the left bank is checked first). */
long system_violation(const struct system *sys, state_t s, bool *right);

static inline bool group_broken(const struct sys_group *g, uint64_t present)
{
	return (present & g->need) == g->need && (present & g->any) &&
	       !(present & g->guard);
}

/* Does a bank with this presence word break none of the counted rules
 * (count as for system_bank_ok)? */
bool system_counted_ok(const struct system *sys, uint64_t present,
		       const unsigned *count);

/* Does a bank with this presence word (individuals and kinds) and
 * these copies per kind break none of the bank rules?  The compiled
 * check; count may be NULL unless sys->counted_kinds. */
bool system_bank_ok(const struct system *sys, uint64_t present,
		    const unsigned *count);

/* Is the bank right (true) or left of s safe? */
bool system_bank_safe(const struct system *sys, state_t s, bool right);

/* Are both banks of s safe?  The same answer as system_violation < 0,
 * in a few word operations per compiled rule. */
static inline bool system_safe(const struct system *sys, state_t s)
{
	/* A reduced system has no rules of its own: system_bank_safe asks
	 * the puzzle's own system. */
	return (sys->n_rules == 0 && !sys->sym) ||
	       (system_bank_safe(sys, s, false) &&
		system_bank_safe(sys, s, true));
}

/* A dense number for s below rank_size (only when rank_size != 0). */
static inline uint64_t system_rank(const struct system *sys, state_t s)
{
	uint64_t rank = s & (sys->ind_mask | sys->boat);
	unsigned k;

	for (k = 0; k < sys->n_kinds; k++)
		rank += state_kind_right(sys, s, k) * sys->rank_mult[k];
	for (k = 0; k < sys->n_fields; k++)
		rank += field_get(&sys->fields[k], s) *
			sys->rank_mult[sys->n_kinds + k];
	return rank;
}

/* The state whose rank is rank (below rank_size): system_rank's
 * inverse. */
state_t system_unrank(const struct system *sys, uint64_t rank);

/* A dense number below compact_size for a state a crossing reaches (or
 * the start): system_rank without the with_boat bit, which such a state
 * has equal to its boat bit. */
static inline uint64_t system_compact_rank(const struct system *sys,
					   state_t s)
{
	uint64_t rank = system_rank(sys, s), low = sys->with_boat - 1;

	return sys->with_boat ? (rank & low) | ((rank >> 1) & ~low) : rank;
}

/* The state of a compact rank: system_compact_rank's inverse. */
state_t system_compact_unrank(const struct system *sys, uint64_t rank);

/* The loads that can legally cross from the boat's bank in s: at least
 * one rower, at most seats passengers, each item on that bank.  Each is
 * a delta: s + delta (boat left) or s - delta (boat right) is the state
 * after the crossing. */
struct loads {
	uint64_t *delta;
	size_t n, cap;
};

void loads_init(struct loads *loads);
void loads_release(struct loads *loads);
/* Append a delta (or a state: the checking mode keeps states in the
 * same array); RIVER_OK or RIVER_ENOMEM. */
int loads_push(struct loads *loads, uint64_t delta);
/* RIVER_OK, RIVER_ENOMEM, or RIVER_ETOOBIG past SYSTEM_MAX_LOADS. */
int system_loads(const struct system *sys, state_t s, struct loads *out);
/* The checks beyond seats and rowers (allowed loads, weight, who rows
 * now, boat rules, margin, time limit) on a load of items (a delta
 * without boat and fields) crossing from s. */
bool system_load_legal(const struct system *sys, state_t s, uint64_t items);
/* The same loads, in the same order, without those that leave the
 * boat's bank in s unsafe: a search needs only these, and the walk
 * cuts them early. */
int system_safe_loads(const struct system *sys, state_t s,
		      struct loads *out);

/* Is rule r broken where count[i] copies of each model item i are (a
 * bank, or the boat)? */
bool rule_broken(const struct model *m, const struct rule *r,
		 const unsigned *count);

/* Orders deltas (uint64_t) for qsort and bsearch of allowed loads. */
int system_cmp_delta(const void *a, const void *b);

/* The load that crosses from a to b, per model item. */
void system_load_of(const struct system *sys, state_t a, state_t b,
		    unsigned *count);
/* How long a crossing with this load takes. */
static inline unsigned system_trip_time(const struct system *sys,
					const unsigned *count)
{
	return model_trip_time(sys->model, count);
}
/* The weight of a load. */
static inline unsigned long long system_load_weight(const struct system *sys,
						    const unsigned *count)
{
	return model_load_weight(sys->model, count);
}
/* b with its fields (phase, previous load, time) set as a crossing from
 * a makes them; b's items and boat as given. */
state_t system_successor(const struct system *sys, state_t a, state_t b);
/* The boat rule a load breaks, or -1. */
static inline long system_boat_violation(const struct system *sys,
					 const unsigned *count)
{
	return sys->boat_rules ? model_boat_violation(sys->model, count) : -1;
}

/* How a plan stands in s as its fields tell: the previous load's
 * weight, the time so far, and a crossing number with the rowing phase
 * of s (which is at least 1 when s follows a crossing that set the
 * previous load's weight). */
void plan_track_at(const struct system *sys, state_t s, struct plan_track *t);

/* How many labelled crossings the crossing from a to b stands for: 1,
 * unless the system searches a space reduced by symmetry, where one
 * crossing moves some of several interchangeable items. */
unsigned long long system_ways(const struct system *sys, state_t a,
			       state_t b);

/* How many states of the puzzle as written the state s of a search
 * stands for: 1, unless the search runs on a space reduced by symmetry:
 * on sys reduced (system/symmetry.h), the product over classes of
 * C(members, copies on the right bank); with tuples (system/tuples.h;
 * NULL: none), whose canonical state s is, the product over classes of
 * the arrangements of their tuples by placement.  Saturating.  Summed
 * over every reachable state, the states a search of the puzzle as
 * written reaches. */
unsigned long long system_states_of(const struct system *sys,
				    const struct tuples *tuples, state_t s);
/* The same summed over s[0..n), saturating: n on a space not reduced. */
unsigned long long system_states_sum(const struct system *sys,
				     const struct tuples *tuples,
				     const state_t *s, size_t n);

static inline state_t state_cross(const struct system *sys, state_t s,
				  uint64_t delta)
{
	return state_boat_right(sys, s) ? s - delta : s + delta;
}

#endif
