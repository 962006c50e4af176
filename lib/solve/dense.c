/* The word-wise expander (dense.h).  The layout of a state and of its
 * compact rank is asked of the system: the state bit behind each of the
 * five low rank bits is read off system_compact_unrank, a word's other
 * items off the state of its first rank, and a target word off
 * system_compact_rank.  The loads are the system's own (system_loads)
 * from a bank that holds every individual, walked once: a plain load is
 * legal by its seats and rowers alone, so the loads from any bank are
 * those whose items are all there. */
#include "solve/dense.h"

#include <stdlib.h>
#include <string.h>

#include "river.h"
#include "util/saturate.h"

/* The cells whose low bit i is clear, per i. */
static const uint32_t clear_bit[DENSE_LOW] = {
	0x55555555u, 0x33333333u, 0x0f0f0f0fu, 0x00ff00ffu, 0x0000ffffu,
};

/* Cell x of m to cell x ^ low, for every x. */
static uint32_t cells_xor(uint32_t m, unsigned low)
{
	unsigned i;

	for (i = 0; i < DENSE_LOW; i++)
		if (low >> i & 1) {
			unsigned shift = 1u << i;

			m = (m & clear_bit[i]) << shift |
			    (m >> shift & clear_bit[i]);
		}
	return m;
}

bool dense_can(const struct system *sys)
{
	unsigned i;

	if (sys->sym || sys->n_kinds || sys->n_fields || !sys->plain_loads ||
	    sys->boat_rules || sys->bank_generic || sys->n_counted ||
	    sys->allowed || sys->compact_size < DENSE_CELLS ||
	    sys->compact_size % DENSE_CELLS ||
	    system_compact_unrank(sys, 0) != 0)
		return false;
	/* Each low rank bit is an individual's own state bit. */
	for (i = 0; i < DENSE_LOW; i++) {
		state_t s = system_compact_unrank(sys, UINT64_C(1) << i);

		if (!s || (s & (s - 1)) || !(s & sys->ind_mask) ||
		    (s & sys->with_boat) ||
		    system_compact_rank(sys, s) != UINT64_C(1) << i)
			return false;
	}
	return true;
}

/* The low items of state bits st as a cell number. */
static unsigned cell_of(const struct dense *d, uint64_t st)
{
	unsigned i, x = 0;

	for (i = 0; i < DENSE_LOW; i++)
		if (st & d->low_bit[i])
			x |= 1u << i;
	return x;
}

/* The cells x whose low items on a bank (present: x on the right,
 * its complement on the left) meet the test against bits. */
static uint32_t cells_where(unsigned bits, bool right, bool all)
{
	uint32_t m = 0;
	unsigned x;

	for (x = 0; x < DENSE_CELLS; x++) {
		unsigned present = right ? x : ~x & (DENSE_CELLS - 1);

		if (all ? (present & bits) == bits : (present & bits) != 0)
			m |= UINT32_C(1) << x;
	}
	return m;
}

/* A load split: its delta without the low items, and their cell. */
struct split {
	uint64_t high;
	unsigned low;
};

static int cmp_split(const void *a, const void *b)
{
	const struct split *x = a, *y = b;

	if (x->high != y->high)
		return x->high < y->high ? -1 : 1;
	return (x->low > y->low) - (x->low < y->low);
}

/* Are there far more than DENSE_MAX_LOADS sets of at most seats
 * individuals?  Then there is no need to walk the loads to know. */
static bool far_too_many(const struct system *sys)
{
	unsigned long long sets = 0, c = 1;
	unsigned k;

	for (k = 1; k <= sys->seats && k <= sys->n_ind; k++) {
		/* c = C(n_ind, k), exact while below the bound. */
		c = c * (sys->n_ind - k + 1) / k;
		sets += c;
		if (sets > 16 * DENSE_MAX_LOADS)
			return true;
	}
	return false;
}

/* The loads from a bank holding every individual, grouped by their
 * items outside the low five. */
static int build_moves(struct dense *d)
{
	const struct system *sys = d->sys;
	struct loads loads;
	struct split *sp = NULL;
	size_t i, n;
	int rc;

	if (far_too_many(sys))
		return RIVER_ETOOBIG;
	loads_init(&loads);
	rc = system_loads(sys, 0, &loads);
	if (rc == RIVER_OK && loads.n > DENSE_MAX_LOADS)
		rc = RIVER_ETOOBIG;
	if (rc == RIVER_OK && loads.n) {
		d->moves = malloc(loads.n * sizeof *d->moves);
		d->low = malloc(loads.n * sizeof *d->low);
		sp = malloc(loads.n * sizeof *sp);
		if (!d->moves || !d->low || !sp)
			rc = RIVER_ENOMEM;
	}
	for (i = 0; rc == RIVER_OK && i < loads.n; i++) {
		sp[i].high = loads.delta[i] & ~d->low_bits;
		sp[i].low = cell_of(d, loads.delta[i]);
	}
	loads_release(&loads);
	if (rc != RIVER_OK) {
		free(sp);
		return rc;
	}
	qsort(sp, i, sizeof *sp, cmp_split);
	for (n = i, i = 0; i < n;) {
		struct dense_move *m = &d->moves[d->n_moves++];

		m->high = sp[i].high;
		m->items = m->high & sys->ind_mask;
		/* From the start of rank 0, every item and the boat on the
		 * left, the move is legal. */
		m->word = system_compact_rank(sys, state_cross(sys, 0, m->high)) /
			  DENSE_CELLS;
		m->first = (uint32_t)i;
		for (; i < n && sp[i].high == m->high; i++)
			d->low[i] = (uint8_t)sp[i].low;
		m->n = (uint32_t)(i - m->first);
	}
	free(sp);
	return RIVER_OK;
}

int dense_init(struct dense *d, const struct system *sys)
{
	unsigned i, x;
	size_t g;
	int rc;

	memset(d, 0, sizeof *d);
	d->sys = sys;
	for (i = 0; i < DENSE_LOW; i++) {
		d->low_bit[i] = system_compact_unrank(sys, UINT64_C(1) << i);
		d->low_bits |= d->low_bit[i];
	}
	for (x = 0; x < DENSE_CELLS; x++) {
		/* Load x boards from the cells that have it on the bank. */
		d->on_left[x] = cells_where(x, false, true);
		d->on_right[x] = cells_where(x, true, true);
	}
	for (x = 0; x < DENSE_CELLS; x++) {
		uint64_t st = 0;

		for (i = 0; i < DENSE_LOW; i++)
			if (x >> i & 1)
				st |= d->low_bit[i];
		if ((st & sys->goal_mask & d->low_bits) ==
		    (sys->goal & d->low_bits))
			d->goal_cells |= UINT32_C(1) << x;
	}
	rc = build_moves(d);
	if (rc != RIVER_OK) {
		dense_release(d);
		return rc;
	}
	d->n_groups = sys->n_groups;
	if (d->n_groups) {
		d->groups = calloc(d->n_groups, sizeof *d->groups);
		if (!d->groups) {
			dense_release(d);
			return RIVER_ENOMEM;
		}
	}
	for (g = 0; g < d->n_groups; g++) {
		const struct sys_group *sg = &sys->groups[g];
		struct dense_group *dg = &d->groups[g];
		unsigned need = cell_of(d, sg->need), any = cell_of(d, sg->any),
			 guard = cell_of(d, sg->guard);
		unsigned b;

		/* Presence bits are state bits for individuals. */
		dg->need = sg->need & ~d->low_bits;
		dg->any = sg->any & ~d->low_bits;
		dg->guard = sg->guard & ~d->low_bits;
		for (b = 0; b < 2; b++) {
			dg->need_cells[b] = cells_where(need, b, true);
			dg->any_cells[b] = cells_where(any, b, false);
			dg->guard_cells[b] = cells_where(guard, b, false);
		}
	}
	return RIVER_OK;
}

void dense_release(struct dense *d)
{
	free(d->groups);
	free(d->moves);
	free(d->low);
	d->groups = NULL;
	d->moves = NULL;
	d->low = NULL;
	d->n_groups = d->n_moves = 0;
}

int dense_scratch_init(struct dense_scratch *s, const struct dense *d)
{
	memset(s, 0, sizeof *s);
	s->target = malloc((d->n_moves + 1) * sizeof *s->target);
	s->pick = malloc((d->n_moves + 1) * sizeof *s->pick);
	return s->target && s->pick ? RIVER_OK : RIVER_ENOMEM;
}

void dense_scratch_release(struct dense_scratch *s)
{
	free(s->target);
	free(s->pick);
	s->target = NULL;
	s->pick = NULL;
	s->n_target = 0;
}

uint32_t dense_safe_cells(const struct dense *d, state_t s)
{
	const struct system *sys = d->sys;
	uint64_t present[2];
	uint32_t unsafe = 0;
	size_t g;
	unsigned b;

	present[0] = ~s & sys->ind_mask & ~d->low_bits;
	present[1] = s & sys->ind_mask & ~d->low_bits;
	for (g = 0; g < d->n_groups; g++) {
		const struct dense_group *dg = &d->groups[g];

		for (b = 0; b < 2; b++) {
			if ((present[b] & dg->need) != dg->need ||
			    (present[b] & dg->guard))
				continue;
			unsafe |= dg->need_cells[b] & ~dg->guard_cells[b] &
				  (present[b] & dg->any ? UINT32_MAX
							: dg->any_cells[b]);
		}
	}
	return ~unsafe;
}

/* The moves from the boat's bank of the word holding state at (its low
 * items aside) into s->pick, and their number; *on_bank: which of the
 * word's cells have each load's low items on that bank. */
static inline size_t pick_moves(const struct dense *d, state_t at,
			 const uint32_t **on_bank, struct dense_scratch *s)
{
	const struct system *sys = d->sys;
	bool right = state_boat_right(sys, at);
	/* The word's other individuals on the boat's bank. */
	uint64_t bank = (right ? at : ~at) & sys->ind_mask & ~d->low_bits;
	size_t i, n = 0;

	*on_bank = right ? d->on_right : d->on_left;
	/* Which moves the bank allows, without a branch a move: whether
	 * an item is there varies from word to word. */
	for (i = 0; i < d->n_moves; i++) {
		s->pick[n] = (uint32_t)i;
		n += (d->moves[i].items & ~bank) == 0;
	}
	return n;
}

/* Are the items of s outside the low five where the goal wants them? */
static bool high_goal(const struct dense *d, state_t s)
{
	const struct system *sys = d->sys;

	return (s & sys->goal_mask & ~d->low_bits) ==
	       (sys->goal & ~d->low_bits);
}

/* The cells of m below cell x, counted. */
static unsigned cells_below(uint32_t m, unsigned x)
{
	return dense_count(m & ((UINT32_C(1) << x) - 1));
}

/* at[x]: where the paths of cell x of cells are. */
static void cell_slots(uint32_t cells, unsigned long long *paths,
		       unsigned long long **at)
{
	size_t i;

	for (i = 0; cells; cells &= cells - 1, i++)
		at[__builtin_ctz(cells)] = &paths[i];
}

/* Add to the cells the paths of their predecessors hit, cells of the
 * word before (its cells src, their paths from sp) that the load of
 * low items low brings over. */
static void pull_cells(uint32_t hit, unsigned low, uint32_t src,
		       const unsigned long long *sp,
		       unsigned long long *const *at)
{
	while (hit) {
		unsigned x = (unsigned)__builtin_ctz(hit);
		unsigned long long *p = at[x ^ low];

		*p = add_saturating(*p, sp[cells_below(src, x)]);
		hit &= hit - 1;
	}
}

/* dense_expand, inlined in its two cases: with pull NULL, the compiler
 * drops the count's work (a tenth of the time of solving). */
static inline __attribute__((always_inline)) void
expand_cells(const struct dense *d, uint64_t word, uint32_t cells,
	     const struct dense_level *pull, unsigned long long *paths,
	     struct dense_scratch *s)
{
	const struct system *sys = d->sys;
	state_t from = system_compact_unrank(sys, word * DENSE_CELLS);
	const uint32_t *on_bank;
	unsigned n_cells = dense_count(cells);
	size_t i, j, n = pick_moves(d, from, &on_bank, s);
	unsigned long long *at[DENSE_CELLS];

	if (pull)
		cell_slots(cells, paths, at);
	s->n_target = 0;
	for (i = 0; i < n; i++) {
		const struct dense_move *m = &d->moves[s->pick[i]];
		struct dense_target *t;
		uint64_t w = word ^ m->word;
		/* A load taken back comes from the same word: the cells of
		 * the level before there. */
		uint32_t reach = 0, src = pull ? pull->member[w] : 0;
		const unsigned long long *sp =
			src ? pull->paths + pull->base[w] : NULL;
		state_t to;

		j = m->first;
		if (d->low[j] == 0) {
			/* The load of no low item: every cell boards. */
			s->tried += n_cells;
			reach = cells;
			if (src)
				pull_cells(cells & src, 0, src, sp, at);
			j++;
		}
		for (; j < m->first + m->n; j++) {
			uint32_t board = cells & on_bank[d->low[j]], moved;

			if (!board)
				continue;
			s->tried += dense_count(board);
			moved = cells_xor(board, d->low[j]);
			reach |= moved;
			if (src)
				pull_cells(moved & src, d->low[j], src, sp, at);
		}
		to = state_cross(sys, from, m->high);
		reach &= dense_safe_cells(d, to);
		if (!reach)
			continue;
		t = &s->target[s->n_target++];
		t->word = w;
		t->cells = reach;
		t->goals = high_goal(d, to) ? reach & d->goal_cells : 0;
	}
}

void dense_expand(const struct dense *d, uint64_t word, uint32_t cells,
		  const struct dense_level *pull, unsigned long long *paths,
		  struct dense_scratch *s)
{
	if (pull)
		expand_cells(d, word, cells, pull, paths, s);
	else
		expand_cells(d, word, cells, NULL, NULL, s);
}

unsigned long long dense_pull(const struct dense *d, uint64_t word,
			      uint32_t cells, const struct dense_level *from,
			      unsigned long long *paths,
			      struct dense_scratch *s)
{
	const struct system *sys = d->sys;
	state_t to = system_compact_unrank(sys, word * DENSE_CELLS);
	const uint32_t *on_bank;
	/* A crossing taken back carries what the boat's bank holds. */
	size_t i, j, n = pick_moves(d, to, &on_bank, s);
	unsigned long long goals = 0, *at[DENSE_CELLS];
	uint32_t goal_cells;

	cell_slots(cells, paths, at);
	for (i = 0; i < n; i++) {
		const struct dense_move *m = &d->moves[s->pick[i]];
		uint64_t w = word ^ m->word;
		uint32_t src = from->member[w];
		const unsigned long long *sp;

		if (!src)
			continue;
		sp = from->paths + from->base[w];
		for (j = m->first; j < m->first + m->n; j++) {
			unsigned low = d->low[j];

			pull_cells(cells_xor(cells & on_bank[low], low) & src,
				   low, src, sp, at);
		}
	}
	goal_cells = high_goal(d, to) ? cells & d->goal_cells : 0;
	while (goal_cells) {
		goals = add_saturating(goals, *at[__builtin_ctz(goal_cells)]);
		goal_cells &= goal_cells - 1;
	}
	return goals;
}
