/* The two-bit breadth-first search.  Every compact rank has a cell of
 * two bits in one array: 0 while its state is unseen, else the depth
 * at which it was reached, modulo 3, plus 1.  Level d is expanded by
 * scanning for cells of value d % 3 + 1 and marking the unseen legal
 * successors of their states with (d + 1) % 3 + 1; states that break a
 * rule are never marked.  A second bitmap per level, one bit per block
 * of LAYERS_BLOCK cells, says which blocks hold the level at all, so a
 * level costs what it holds, not the whole array.
 *
 * Each thread walks the level's block map in an order of its own
 * (worker_order) and expands the 64 blocks of each map word it empties
 * first; cells are marked with compare-and-swap, so each state is
 * counted once, and what a level reaches does not depend on who marked
 * it.  The search stops after the first level that holds a goal, and
 * the plan is traced back from the goal of least rank: a predecessor of
 * a state y of depth k has depth k - 1 or more, and at most k + 1
 * because crossings without fields can be taken back, so the cell value
 * (k - 1) % 3 + 1 tells depth k - 1; the loads from y, taken back, are
 * the crossings into y, and the first of them that comes from depth
 * k - 1 is taken, whatever the threads.
 *
 * Counting (layers_count) numbers each level's states in rank order
 * once it is marked, and pulls into each the paths of its predecessors
 * in the level before as the level is expanded (dense_expand), so two
 * levels of paths are kept, 8 bytes a state.
 *
 * A plain puzzle (solve/dense.h) is expanded a word at a time: the
 * cells of a word that hold the level move together through each load,
 * and land as whole masks, marked with one atomic OR a word.
 *
 * Beyond one machine: expanding a level reads only the level's cells,
 * marking a target reads and writes only the target's word, and
 * marking is idempotent and commutative (every cell marked in a level
 * gets the same value), so the array can be split over processes by
 * ranges of words or a hash of the word.  Each would expand the level's
 * cells it owns, send each target (a rank, or a dense_target's word and
 * cells) to the owner of its word, and mark what it receives; the level
 * ends when all have marked what was sent (the barrier that run_level's
 * join is here), and the goal of least rank is the least over
 * processes.  Tracing the plan asks the owner of each candidate
 * predecessor for one cell a step. */
#define _POSIX_C_SOURCE 200809L

#include "solve/layers.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "solve/dense.h"
#include "system/audit.h"
#include "util/diag.h"
#include "util/saturate.h"
#include "util/grow.h"

#define CELL_BITS 2
#define CELLS_PER_WORD 32
#define LOW_BITS UINT64_C(0x5555555555555555) /* the low bit of each cell */
/* A block: 512 cells, 16 words; one bit of the level's block map. */
#define BLOCK_SHIFT 9
#define BLOCK_WORDS ((1u << BLOCK_SHIFT) / CELLS_PER_WORD)
/* As bfs.c: the crossings the search may try for each state max_states
 * allows. */
#define LAYERS_TRIES_PER_STATE 64

typedef _Atomic uint64_t word_t;

struct worker;

struct layers {
	const struct system *sys;  /* or NULL, searching space */
	const struct layers_space *space;
	uint64_t size, start;      /* ranks, and the start's */
	const river_solve_options *opts;
	const struct stop *stop;
	const struct dense *dense; /* the word-wise expander, or NULL */
	struct layers_probe *probe; /* or NULL */
	word_t *cell;             /* CELLS_PER_WORD cells a word */
	size_t n_words;
	word_t *blocks[2];        /* depth d's blocks in blocks[d & 1] */
	size_t n_block_words;
	bool shared;              /* more than one thread marks cells */
	unsigned long long limit; /* of states reached */
	/* The level being expanded. */
	unsigned depth;
	uint64_t cur, next;       /* cell values of depth, depth + 1 */
	uint64_t span;            /* n_block_words up to a power of two */
	/* What the threads walk (work): a block map, emptied as they go,
	 * and what each does with a block of it. */
	word_t *walk;
	int (*take)(struct worker *wk, uint64_t block);
	/* Totals. */
	atomic_ullong reached, tried;
	atomic_uint_fast64_t goal; /* least rank of a goal at depth + 1 */
	atomic_int halt;          /* RIVER_OK, or why every thread stops */
	enum bfs_stop why;        /* on RIVER_ELIMIT */
	struct pace pace;         /* of the progress callback */
	unsigned long long level_size;
	/* Counting (layers_count), word-wise only: the states of depth d
	 * are, in rank order, the cells member[d % 3] has (a bit a cell,
	 * set as they are marked), word w's first at base[d & 1][w], with
	 * the shortest paths to each in paths[d & 1].  Expanding a level
	 * pulls its paths from the level before, and marks the members of
	 * the next. */
	bool count;
	uint32_t *member[3];
	uint64_t *member_blocks[3]; /* the block map of member[i]'s level */
	uint64_t *base[2];
	unsigned long long *paths[2];
	size_t cap_paths[2];
	unsigned long long goal_paths; /* to the goals of the last level */
	/* The checking mode's (audit_level): the cells before the level,
	 * the ranks of its states, a bit a rank for their successors. */
	uint64_t *audit_cells;
	struct loads audit_states;
	uint64_t *audit_expected;
};

struct worker {
	struct layers *l;
	struct loads loads;
	struct dense_scratch scratch; /* for the word-wise expansion */
	bool reports; /* the calling thread: calls the progress callback */
	uint64_t order; /* takes block-map word k ^ order at its step k */
	unsigned long long reached, tried; /* not yet in the totals */
	unsigned long long goal_paths; /* pulled by this thread */
	/* Each thread writes its own fields for every state: a cache line
	 * between workers keeps one from stalling the other. */
	char pad[64];
};

bool layers_can(const struct system *sys)
{
	return sys->n_fields == 0 && sys->compact_size != 0 &&
	       sys->compact_size / CELLS_PER_WORD < SIZE_MAX / sizeof(uint64_t) / 2;
}

static uint64_t memory_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 0;
}

bool layers_chosen(const struct system *sys, const river_solve_options *opts)
{
	uint64_t bytes;

	if (opts->method == RIVER_METHOD_QUEUE || !layers_can(sys))
		return false;
	if (opts->method == RIVER_METHOD_LAYERS)
		return true;
	bytes = sys->compact_size / 4;
	return sys->compact_size >= LAYERS_AUTO_MIN_RANKS &&
	       bytes <= LAYERS_AUTO_MAX_BYTES &&
	       (memory_bytes() == 0 || bytes <= memory_bytes() / 4);
}

unsigned layers_threads(const river_solve_options *opts)
{
	long n;

	if (opts->threads)
		return opts->threads;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > RIVER_MAX_THREADS ? RIVER_MAX_THREADS
						 : (unsigned)n;
}

static unsigned cell_get(const struct layers *l, uint64_t rank)
{
	uint64_t w = atomic_load_explicit(&l->cell[rank / CELLS_PER_WORD],
					  memory_order_relaxed);

	return (unsigned)(w >> (rank % CELLS_PER_WORD * CELL_BITS)) & 3;
}

/* Set an unseen cell to value; false when it was seen already. */
static bool cell_mark(struct layers *l, uint64_t rank, uint64_t value)
{
	word_t *w = &l->cell[rank / CELLS_PER_WORD];
	unsigned shift = rank % CELLS_PER_WORD * CELL_BITS;
	uint64_t old = atomic_load_explicit(w, memory_order_relaxed);

	if ((old >> shift) & 3)
		return false;
	if (!l->shared) {
		atomic_store_explicit(w, old | value << shift,
				      memory_order_relaxed);
		return true;
	}
	while (!atomic_compare_exchange_weak_explicit(w, &old,
						      old | value << shift,
						      memory_order_relaxed,
						      memory_order_relaxed))
		if ((old >> shift) & 3)
			return false;
	return true;
}

static void block_mark(word_t *map, uint64_t rank)
{
	uint64_t block = rank >> BLOCK_SHIFT;
	word_t *w = &map[block / 64];
	uint64_t bit = UINT64_C(1) << (block % 64);

	if (!(atomic_load_explicit(w, memory_order_relaxed) & bit))
		atomic_fetch_or_explicit(w, bit, memory_order_relaxed);
}

static void halt(struct layers *l, int rc, enum bfs_stop why)
{
	int ok = RIVER_OK;

	if (atomic_compare_exchange_strong(&l->halt, &ok, rc) &&
	    rc == RIVER_ELIMIT)
		l->why = why;
}

static void goal_offer(struct layers *l, uint64_t rank)
{
	uint_fast64_t old = atomic_load_explicit(&l->goal, memory_order_relaxed);

	while (rank < old &&
	       !atomic_compare_exchange_weak_explicit(&l->goal, &old, rank,
						      memory_order_relaxed,
						      memory_order_relaxed))
		;
}

/* Expand the state of rank: mark its unseen legal successors. */
static int expand(struct worker *wk, uint64_t rank)
{
	struct layers *l = wk->l;
	const struct system *sys = l->sys;
	state_t from = system_compact_unrank(sys, rank);
	word_t *next_blocks = l->blocks[(l->depth + 1) & 1];
	size_t i;
	/* The loads that leave the departing bank safe: only the bank
	 * the boat reaches is left to check. */
	int rc = system_safe_loads(sys, from, &wk->loads);

	if (rc != RIVER_OK)
		return rc;
	wk->tried += wk->loads.n;
	for (i = 0; i < wk->loads.n; i++) {
		state_t to = state_cross(sys, from, wk->loads.delta[i]);
		uint64_t r = system_compact_rank(sys, to);

		if (cell_get(l, r) ||
		    !system_bank_safe(sys, to, state_boat_right(sys, to)) ||
		    !cell_mark(l, r, l->next))
			continue;
		wk->reached++;
		block_mark(next_blocks, r);
		if (state_is_goal(sys, to))
			goal_offer(l, r);
	}
	return RIVER_OK;
}

/* A successor a space's expand found, of the level worker arg expands:
 * marked when unseen. */
static int space_mark(void *arg, uint64_t r, bool goal)
{
	struct worker *wk = arg;
	struct layers *l = wk->l;

	wk->tried++;
	if (r >= l->size)
		return RIVER_EINTERNAL;
	if (cell_get(l, r) || !cell_mark(l, r, l->next))
		return RIVER_OK;
	wk->reached++;
	block_mark(l->blocks[(l->depth + 1) & 1], r);
	if (goal)
		goal_offer(l, r);
	return RIVER_OK;
}

/* Mark the unseen ones among cells (a bit a cell) of word w; the cells
 * this call marked. */
static uint64_t word_mark(struct layers *l, uint64_t w, uint64_t cells)
{
	word_t *p = &l->cell[w];
	uint64_t old = atomic_load_explicit(p, memory_order_relaxed);
	uint64_t fresh = cells & ~(old | old >> 1);

	if (!fresh)
		return 0;
	if (!l->shared) {
		atomic_store_explicit(p, old | fresh * l->next,
				      memory_order_relaxed);
		return fresh;
	}
	/* Every cell marked in a level gets the same value: a cell
	 * another thread set meanwhile is counted by that thread. */
	old = atomic_fetch_or_explicit(p, fresh * l->next,
				       memory_order_relaxed);
	return fresh & ~(old | old >> 1);
}

/* The states of depth in the count. */
static struct dense_level level_of(const struct layers *l, unsigned depth)
{
	struct dense_level v;

	v.member = l->member[depth % 3];
	v.base = l->base[depth & 1];
	v.paths = l->paths[depth & 1];
	return v;
}

/* Expand the cells (a bit a cell) of word w together; when counting,
 * pull their paths too. */
static void expand_word(struct worker *wk, uint64_t w, uint32_t cells)
{
	struct layers *l = wk->l;
	struct dense_scratch *s = &wk->scratch;
	word_t *next_blocks = l->blocks[(l->depth + 1) & 1];
	struct dense_level from;
	size_t i;

	if (l->count && l->depth > 0) {
		from = level_of(l, l->depth - 1);
		dense_expand(l->dense, w, cells, &from,
			     l->paths[l->depth & 1] + l->base[l->depth & 1][w],
			     s);
	} else {
		dense_expand(l->dense, w, cells, NULL, NULL, s);
	}
	wk->tried += s->tried;
	s->tried = 0;
	/* The targets are scattered over the array: ask for them all
	 * before marking the first. */
	for (i = 0; i < s->n_target; i++)
		__builtin_prefetch((const void *)&l->cell[s->target[i].word], 1);
	for (i = 0; i < s->n_target; i++) {
		const struct dense_target *t = &s->target[i];
		uint64_t fresh = t->cells ? word_mark(l, t->word,
						      dense_spread(t->cells))
					  : 0;
		uint64_t goals;

		if (!fresh)
			continue;
		wk->reached += dense_count(dense_gather(fresh));
		if (l->count)
			__atomic_fetch_or(&l->member[(l->depth + 1) % 3][t->word],
					  dense_gather(fresh), __ATOMIC_RELAXED);
		block_mark(next_blocks, t->word * CELLS_PER_WORD);
		goals = fresh & dense_spread(t->goals);
		if (goals)
			goal_offer(l, t->word * CELLS_PER_WORD +
					      (unsigned)__builtin_ctzll(goals) / 2);
	}
}

/* The first word of block, and in *end the one past its last. */
static size_t block_words(const struct layers *l, uint64_t block, size_t *end)
{
	size_t w = (size_t)block * BLOCK_WORDS;

	*end = w + BLOCK_WORDS < l->n_words ? w + BLOCK_WORDS : l->n_words;
	return w;
}

/* Expand the cells of the current depth in one block. */
static int expand_block(struct worker *wk, uint64_t block)
{
	struct layers *l = wk->l;
	uint64_t pattern = l->cur * LOW_BITS;
	size_t end, w = block_words(l, block, &end);
	int rc;

	for (; w < end; w++) {
		uint64_t x = atomic_load_explicit(&l->cell[w],
						  memory_order_relaxed) ^ pattern;
		/* The low bit of each cell equal to cur. */
		uint64_t match = ~(x | x >> 1) & LOW_BITS;

		if (l->count) {
			/* The level's own cells, not those 3 levels back. */
			uint32_t cells = l->member[l->depth % 3][w];

			if (cells)
				expand_word(wk, w, cells);
			continue;
		}
		if (l->dense && match) {
			expand_word(wk, w, dense_gather(match));
			continue;
		}
		while (match) {
			unsigned bit = (unsigned)__builtin_ctzll(match);
			uint64_t rank = (uint64_t)w * CELLS_PER_WORD + bit / 2;

			rc = l->space ? l->space->expand(l->space->ctx, rank,
							 space_mark, wk)
				      : expand(wk, rank);
			if (rc != RIVER_OK)
				return rc;
			match &= match - 1;
		}
	}
	return RIVER_OK;
}

/* Add a worker's counts to the totals, and stop every thread when they
 * pass the limits. */
static void settle(struct worker *wk)
{
	struct layers *l = wk->l;
	unsigned long long reached = atomic_fetch_add(&l->reached, wk->reached) +
				     wk->reached;
	unsigned long long tried = atomic_fetch_add(&l->tried, wk->tried) +
				   wk->tried;

	wk->reached = wk->tried = 0;
	if (reached > l->limit)
		halt(l, RIVER_ELIMIT, STOP_STATES);
	else if (tried > LAYERS_TRIES_PER_STATE * l->limit)
		halt(l, RIVER_ELIMIT, STOP_TRIED);
	if (wk->reports && l->opts->progress && pace_due(&l->pace, reached))
		pace_report(l->opts, atomic_load(&l->reached),
			    l->level_size, l->depth);
}

/* Walk l->walk in this thread's order, taking each block of the map
 * words it empties first. */
static void *work(void *arg)
{
	struct worker *wk = arg;
	struct layers *l = wk->l;
	word_t *map = l->walk;
	uint64_t k;

	for (k = 0; k < l->span && atomic_load_explicit(&l->halt,
							 memory_order_relaxed) ==
					   RIVER_OK;
	     k++) {
		uint64_t i = k ^ wk->order, bits;
		int rc = RIVER_OK;

		if (i >= l->n_block_words ||
		    !atomic_load_explicit(&map[i], memory_order_relaxed))
			continue;
		/* Whoever empties the word takes its blocks. */
		bits = atomic_exchange_explicit(&map[i], 0,
						memory_order_relaxed);
		while (bits && rc == RIVER_OK) {
			uint64_t b = (uint64_t)__builtin_ctzll(bits);

			rc = l->take(wk, i * 64 + b);
			bits &= bits - 1;
		}
		if (rc == RIVER_OK)
			rc = stop_check(l->stop);
		if (rc != RIVER_OK)
			halt(l, rc, STOP_STATES);
		settle(wk);
	}
	return NULL;
}

/* The order in which thread t takes the block-map words: word k ^ order
 * at its step k.  Threads that walked side by side would mark the same
 * target words at the same time, since a load flips the same bits of
 * neighbouring ranks (none 28: two threads were slower than one).
 * Thread 0 walks up from the bottom and thread 1 down from the top;
 * threads 2 and 3 do the same from a scattered point, and so on. */
static uint64_t worker_order(unsigned t, uint64_t span)
{
	uint64_t mix = (uint64_t)(t / 2) * UINT64_C(0x9e3779b97f4a7c15);

	return ((t & 1 ? ~UINT64_C(0) : 0) ^ mix) & (span - 1);
}

/* Run fn on every thread; size: of the level it works on. */
static void run_threads(struct worker *wk, unsigned threads,
			unsigned long long size, void *(*fn)(void *))
{
	pthread_t tid[RIVER_MAX_THREADS];
	unsigned t, started = 0;

	/* A small level is not worth the threads. */
	if (size < 1024)
		threads = 1;
	for (t = 1; t < threads; t++) {
		if (pthread_create(&tid[t], NULL, fn, &wk[t]) != 0)
			break; /* the others take its share */
		started++;
	}
	fn(&wk[0]);
	for (t = 1; t <= started; t++)
		pthread_join(tid[t], NULL);
}

/* Clear member[i] for the next level but one, in the blocks of the
 * level it held only: a sparse space's array is never touched whole. */
static void clear_members(struct layers *l, unsigned i)
{
	uint64_t k;

	for (k = 0; k < l->n_block_words; k++) {
		uint64_t bits = l->member_blocks[i][k];

		for (; bits; bits &= bits - 1) {
			size_t end, w = block_words(
				l, k * 64 + (uint64_t)__builtin_ctzll(bits), &end);

			memset(&l->member[i][w], 0, (end - w) * sizeof *l->member[i]);
		}
		l->member_blocks[i][k] = 0;
	}
}

/* Expand one level on every thread. */
static void run_level(struct layers *l, struct worker *wk, unsigned threads)
{
	l->cur = l->depth % 3 + 1;
	l->next = (l->depth + 1) % 3 + 1;
	if (l->count)
		clear_members(l, (l->depth + 1) % 3);
	l->walk = l->blocks[l->depth & 1];
	l->take = expand_block;
	run_threads(wk, threads, l->level_size, work);
}

/* The checking mode (system/audit.h), once a level is expanded: the
 * states newly marked must be exactly the plain successors of the
 * level's own states that were unseen before it, each marked with the
 * next depth, in the next level's block map (and, counting, among its
 * members); no other cell may change.  audit_cells holds the cells as
 * they were before the level, audit_states the ranks of the level's
 * states (those the level before marked, the start at depth 0).
 *
 * The cost is that of the level's states, and a pass over the words of
 * the cells that skips those unchanged and holding no plain successor:
 * not a pass cell by cell over the whole array a level, which made the
 * checking mode quadratic in the depth of a search (3000 missionaries
 * and 3000 cannibals: 18 million cells, over 1000 levels).  States of
 * depth d - 3, whose cells hold the same value as the level's, need no
 * second look: their plain successors were all marked when their own
 * level was checked, and a marked cell never changes.  RIVER_OK or
 * RIVER_ENOMEM. */
static int audit_level(struct layers *l)
{
	const struct system *sys = l->sys;
	uint64_t n = sys->compact_size, r;
	const word_t *next_blocks = l->blocks[(l->depth + 1) & 1];
	const uint32_t *members = l->count ? l->member[(l->depth + 1) % 3]
					   : NULL;
	uint64_t *expected = l->audit_expected;
	struct loads next, plain, fresh;
	size_t i, w;
	unsigned j;
	bool all = true; /* every state's loads were tried */
	int rc = RIVER_OK;

	loads_init(&next);
	loads_init(&plain);
	loads_init(&fresh);
	for (i = 0; rc == RIVER_OK && i < l->audit_states.n; i++) {
		size_t k;

		rc = audit_successors(sys, system_compact_unrank(
					      sys, l->audit_states.delta[i]),
				      false, &next);
		if (rc == RIVER_ETOOBIG) {
			/* Too many loads: the search's own are checked as
			 * they are made, and the marks below are safe. */
			all = false;
			rc = RIVER_OK;
			continue;
		}
		for (k = 0; rc == RIVER_OK && k < next.n; k++) {
			uint64_t t = system_compact_rank(sys, next.delta[k]);

			if (!(expected[t / 64] >> (t % 64) & 1)) {
				expected[t / 64] |= UINT64_C(1) << (t % 64);
				rc = loads_push(&plain, t);
			}
		}
	}
	for (w = 0; rc == RIVER_OK && w < l->n_words; w++) {
		uint64_t was_w = l->audit_cells[w];
		uint64_t now_w = atomic_load_explicit(&l->cell[w],
						      memory_order_relaxed);
		uint32_t e = (uint32_t)(expected[w / 2] >> (w % 2 * 32));

		if (was_w == now_w && (!e || !all))
			continue;
		for (j = 0; j < CELLS_PER_WORD && rc == RIVER_OK; j++) {
			unsigned was = (unsigned)(was_w >> (j * CELL_BITS)) & 3;
			unsigned now = (unsigned)(now_w >> (j * CELL_BITS)) & 3;
			bool plain_reach = (e >> j) & 1;

			r = (uint64_t)w * CELLS_PER_WORD + j;
			if (r >= n)
				break;
			if (!all && !was && now)
				plain_reach = audit_safe(
					sys, system_compact_unrank(sys, r));
			else if (!all && !was)
				plain_reach = false;
			if (was ? now != was
				: now ? now != l->next || !plain_reach
				      : plain_reach)
				audit_fail(sys, system_compact_unrank(sys, r),
					   "the layered search's cell went from "
					   "%u to %u at depth %u, where the rules "
					   "%s it",
					   was, now, l->depth + 1,
					   plain_reach ? "reach" : "do not reach");
			if (was || !now)
				continue;
			if (!(atomic_load_explicit(
				      &next_blocks[(r >> BLOCK_SHIFT) / 64],
				      memory_order_relaxed) >>
			      ((r >> BLOCK_SHIFT) % 64) & 1) ||
			    (members && !(members[w] >> j & 1)))
				audit_fail(sys, system_compact_unrank(sys, r),
					   "the layered search reached the state "
					   "at depth %u, but left it out of the "
					   "%s of the level", l->depth + 1,
					   members && !(members[w] >> j & 1)
						   ? "members" : "block map");
			rc = loads_push(&fresh, r);
		}
		l->audit_cells[w] = now_w;
	}
	for (i = 0; i < plain.n; i++)
		expected[plain.delta[i] / 64] = 0;
	/* The states just marked are the next level's. */
	loads_release(&l->audit_states);
	l->audit_states = fresh;
	loads_release(&next);
	loads_release(&plain);
	return rc;
}

/* The checking mode's records (audit_level) before the first level:
 * the cells as they are, the start the level.  RIVER_OK or
 * RIVER_ENOMEM. */
static int audit_start(struct layers *l, uint64_t start)
{
	size_t i;

	l->audit_cells = malloc(l->n_words * sizeof *l->audit_cells + 1);
	l->audit_expected = calloc(l->sys->compact_size / 64 + 1,
				   sizeof *l->audit_expected);
	if (!l->audit_cells || !l->audit_expected)
		return RIVER_ENOMEM;
	for (i = 0; i < l->n_words; i++)
		l->audit_cells[i] = atomic_load(&l->cell[i]);
	return loads_push(&l->audit_states, start);
}

/* Number the states of depth + 1 in rank order: word w's first is
 * base[w]; room for their paths, at 0.  RIVER_OK or RIVER_ENOMEM. */
static int number_level(struct layers *l)
{
	unsigned p = (l->depth + 1) & 1;
	const uint32_t *member = l->member[(l->depth + 1) % 3];
	word_t *map = l->blocks[p];
	uint64_t n = 0, i;

	for (i = 0; i < l->n_block_words; i++) {
		uint64_t bits = atomic_load(&map[i]);

		l->member_blocks[(l->depth + 1) % 3][i] = bits;
		for (; bits; bits &= bits - 1) {
			size_t end, w = block_words(
				l, i * 64 + (uint64_t)__builtin_ctzll(bits), &end);

			for (; w < end; w++) {
				l->base[p][w] = n;
				n += dense_count(member[w]);
			}
		}
	}
	if (n != l->level_size)
		return RIVER_EINTERNAL;
	if (array_reserve(&l->paths[p], &l->cap_paths[p], (size_t)n,
			  sizeof *l->paths[p]) != RIVER_OK)
		return RIVER_ENOMEM;
	if (n)
		memset(l->paths[p], 0, (size_t)n * sizeof *l->paths[p]);
	return RIVER_OK;
}

/* Pull into the states of depth + 1 in one block the paths of their
 * predecessors of depth: for the goal's level, which is not expanded. */
static int pull_block(struct worker *wk, uint64_t block)
{
	struct layers *l = wk->l;
	unsigned p = (l->depth + 1) & 1;
	const uint32_t *member = l->member[(l->depth + 1) % 3];
	struct dense_level from = level_of(l, l->depth);
	size_t end, w = block_words(l, block, &end);

	for (; w < end; w++)
		if (member[w])
			wk->goal_paths = add_saturating(
				wk->goal_paths,
				dense_pull(l->dense, w, member[w], &from,
					   l->paths[p] + l->base[p][w],
					   &wk->scratch));
	return RIVER_OK;
}

/* Number the level just reached; if it holds a goal, count the
 * shortest paths into it: goal_paths gets those into its goals. */
static int count_level(struct layers *l, struct worker *wk, unsigned threads)
{
	int rc = number_level(l);
	unsigned t;

	/* Any other level pulls its paths as it is expanded; the goal's
	 * is not expanded. */
	if (rc != RIVER_OK || atomic_load(&l->goal) == UINT64_MAX)
		return rc;
	for (t = 0; t < threads; t++)
		wk[t].goal_paths = 0;
	l->walk = l->blocks[(l->depth + 1) & 1];
	l->take = pull_block;
	run_threads(wk, threads, l->level_size, work);
	l->goal_paths = 0;
	for (t = 0; t < threads; t++)
		l->goal_paths = add_saturating(l->goal_paths, wk[t].goal_paths);
	return atomic_load(&l->halt);
}

/* Tracing a space's plan back: the first successor of a state with
 * the cell value want. */
struct space_back {
	const struct layers *l;
	unsigned want;
	uint64_t found;
};

static int space_back(void *arg, uint64_t r, bool goal)
{
	struct space_back *b = arg;

	(void)goal;
	if (b->found == UINT64_MAX && r < b->l->size &&
	    cell_get(b->l, r) == b->want)
		b->found = r;
	return RIVER_OK;
}

/* trace, for a space: the predecessors of a state are among its
 * successors. */
static int trace_space(const struct layers *l, uint64_t goal, unsigned depth,
		       struct bfs_result *res)
{
	unsigned k;
	int rc = RIVER_OK;

	res->path = malloc(((size_t)depth + 1) * sizeof *res->path);
	if (!res->path)
		return RIVER_ENOMEM;
	res->path_len = (size_t)depth + 1;
	res->path[depth] = goal;
	for (k = depth; k > 0 && rc == RIVER_OK; k--) {
		struct space_back b = {l, (k - 1) % 3 + 1, UINT64_MAX};

		rc = l->space->expand(l->space->ctx, res->path[k], space_back,
				      &b);
		if (rc == RIVER_OK && b.found == UINT64_MAX)
			rc = RIVER_EINTERNAL;
		res->path[k - 1] = b.found;
	}
	if (rc == RIVER_OK && res->path[0] != l->start)
		rc = RIVER_EINTERNAL;
	return rc;
}

/* The plan, traced back from the goal of rank goal at depth. */
static int trace(const struct layers *l, uint64_t goal, unsigned depth,
		 struct bfs_result *res)
{
	const struct system *sys = l->sys;
	struct loads loads;
	unsigned k;
	int rc = RIVER_OK;

	if (l->space)
		return trace_space(l, goal, depth, res);
	res->path = malloc(((size_t)depth + 1) * sizeof *res->path);
	if (!res->path)
		return RIVER_ENOMEM;
	res->path_len = (size_t)depth + 1;
	res->path[depth] = system_compact_unrank(sys, goal);
	loads_init(&loads);
	for (k = depth; k > 0 && rc == RIVER_OK; k--) {
		state_t y = res->path[k];
		unsigned want = (k - 1) % 3 + 1;
		size_t i;

		rc = system_loads(sys, y, &loads);
		for (i = 0; rc == RIVER_OK && i < loads.n; i++) {
			state_t x = state_cross(sys, y, loads.delta[i]);

			if (cell_get(l, system_compact_rank(sys, x)) == want) {
				res->path[k - 1] = x;
				break;
			}
		}
		if (rc == RIVER_OK && i == loads.n)
			rc = RIVER_EINTERNAL;
	}
	loads_release(&loads);
	if (rc == RIVER_OK && res->path[0] != sys->start)
		rc = RIVER_EINTERNAL;
	return rc;
}

/* Note a level's size for the probe. */
static int probe_level(struct layers *l, unsigned long long size)
{
	struct layers_probe *p = l->probe;

	if (!p)
		return RIVER_OK;
	if (array_grow(&p->levels, &p->cap_levels, p->n_levels + 1,
		       sizeof *p->levels) != RIVER_OK)
		return RIVER_ENOMEM;
	p->levels[p->n_levels++] = size;
	return RIVER_OK;
}

static int search(struct layers *l, unsigned threads, struct worker *wk,
		  struct bfs_result *res)
{
	const struct system *sys = l->sys;
	uint64_t start = l->start;
	bool audit = sys && sys->audit;
	unsigned long long before;

	cell_mark(l, start, 1);
	block_mark(l->blocks[0], start);
	atomic_store(&l->reached, 1);
	l->level_size = 1;
	if (probe_level(l, 1) != RIVER_OK)
		return RIVER_ENOMEM;
	if (l->count) {
		l->member[0][start / CELLS_PER_WORD] =
			UINT32_C(1) << (start % CELLS_PER_WORD);
		l->member_blocks[0][(start >> BLOCK_SHIFT) / 64] |=
			UINT64_C(1) << ((start >> BLOCK_SHIFT) % 64);
		l->base[0][start / CELLS_PER_WORD] = 0;
		l->paths[0] = malloc(sizeof *l->paths[0]);
		if (!l->paths[0])
			return RIVER_ENOMEM;
		l->cap_paths[0] = 1;
		l->paths[0][0] = 1;
		l->goal_paths = 1;
	}
	if (sys ? state_is_goal(sys, sys->start) : l->space->start_is_goal) {
		res->solved = true;
		return trace(l, start, 0, res);
	}
	if (audit && audit_start(l, start) != RIVER_OK)
		return RIVER_ENOMEM;
	for (;;) {
		before = atomic_load(&l->reached);
		run_level(l, wk, threads);
		if (audit && atomic_load(&l->halt) == RIVER_OK) {
			int rc = audit_level(l);

			if (rc != RIVER_OK)
				return rc;
		}
		if (atomic_load(&l->halt) != RIVER_OK)
			return atomic_load(&l->halt);
		l->level_size = atomic_load(&l->reached) - before;
		if (probe_level(l, l->level_size) != RIVER_OK)
			return RIVER_ENOMEM;
		if (l->count) {
			int rc = count_level(l, wk, threads);

			if (rc != RIVER_OK)
				return rc;
		}
		if (atomic_load(&l->goal) != UINT64_MAX) {
			res->solved = true;
			return trace(l, atomic_load(&l->goal), l->depth + 1, res);
		}
		if (l->level_size == 0)
			break;
		l->depth++;
	}
	/* Unsolved: the path is just the start. */
	res->path = malloc(sizeof *res->path);
	if (!res->path)
		return RIVER_ENOMEM;
	res->path[0] = sys ? sys->start : start;
	res->path_len = 1;
	return RIVER_OK;
}

/* The states of the puzzle as written that the states of the cells
 * stand for (system_states_of), on a system reduced by symmetry. */
static unsigned long long states_in_cells(const struct layers *l)
{
	unsigned long long sum = 0;
	size_t i;

	for (i = 0; i < l->n_words; i++) {
		uint64_t w = atomic_load_explicit(&l->cell[i],
						  memory_order_relaxed);
		uint64_t seen = (w | w >> 1) & LOW_BITS; /* a bit a cell */

		for (; seen; seen &= seen - 1) {
			uint64_t rank = (uint64_t)i * CELLS_PER_WORD +
					(unsigned)__builtin_ctzll(seen) / CELL_BITS;

			sum = add_saturating(sum, l->space
				? l->space->states_of(l->space->ctx, rank)
				: system_states_of(l->sys, NULL,
					system_compact_unrank(l->sys, rank)));
		}
	}
	return sum;
}

int layers_search(const struct system *sys, const river_solve_options *opts,
		  const struct stop *stop, struct bfs_result *res,
		  river_diag *diag)
{
	return layers_search_probed(sys, opts, stop, res, diag, NULL);
}

void layers_probe_release(struct layers_probe *probe)
{
	free(probe->levels);
	free(probe->cells);
	probe->levels = NULL;
	probe->cells = NULL;
	probe->n_levels = probe->cap_levels = probe->n_words = 0;
}

/* Copy the cells out for the probe. */
static int probe_cells(const struct layers *l)
{
	struct layers_probe *p = l->probe;
	size_t i;

	if (!p)
		return RIVER_OK;
	p->cells = malloc(l->n_words * sizeof *p->cells + 1);
	if (!p->cells)
		return RIVER_ENOMEM;
	for (i = 0; i < l->n_words; i++)
		p->cells[i] = atomic_load(&l->cell[i]);
	p->n_words = l->n_words;
	return RIVER_OK;
}

/* The bytes the arrays sized by the puzzle take: the cells and the
 * block maps, the workers, and to count, the members of three levels
 * and the bases of two (the paths grow with the levels, and are
 * checked as they do). */
static uint64_t needed(const struct layers *l, unsigned threads)
{
	uint64_t words = l->n_words, blocks = l->n_block_words;
	uint64_t bytes = words * sizeof *l->cell +
			 2 * blocks * sizeof *l->blocks[0] +
			 threads * sizeof(struct worker);

	if (l->count)
		bytes += 3 * words * sizeof *l->member[0] +
			 3 * blocks * sizeof *l->member_blocks[0] +
			 2 * words * sizeof *l->base[0];
	return bytes;
}

/* Do they fit in the machine's memory (when it tells), and in size_t? */
static bool fits(const struct layers *l, unsigned threads)
{
	uint64_t memory = memory_bytes(), bytes = needed(l, threads);

	return l->n_words < SIZE_MAX / 32 && (memory == 0 || bytes <= memory);
}

/* The search, and with count (not NULL) the count of its shortest
 * plans; RIVER_ETOOBIG, without a message, when a count is asked of a
 * puzzle not expanded word-wise. */
static int run(const struct system *sys, const struct layers_space *space,
	       const river_solve_options *opts,
	       const struct stop *stop, struct bfs_result *res,
	       unsigned long long *count, river_diag *diag,
	       struct layers_probe *probe)
{
	/* A space expands on one thread. */
	unsigned threads = space ? 1 : layers_threads(opts), t;
	struct layers l;
	struct dense dense;
	bool use_dense = sys && dense_can(sys) && !(probe && probe->per_cell);
	struct worker *wk;
	int rc = RIVER_OK, dense_rc = RIVER_OK;

	memset(res, 0, sizeof *res);
	memset(&l, 0, sizeof l);
	if (count && !use_dense)
		return RIVER_ETOOBIG;
	l.count = count != NULL;
	l.sys = sys;
	l.space = space;
	l.size = sys ? sys->compact_size : space->size;
	l.start = sys ? system_compact_rank(sys, sys->start) : space->start;
	l.opts = opts;
	l.stop = stop;
	l.probe = probe;
	if (probe) {
		probe->dense = false;
		probe->levels = NULL;
		probe->cells = NULL;
		probe->n_levels = probe->cap_levels = probe->n_words = 0;
	}
	l.limit = bfs_state_limit(opts, UINT32_MAX); /* as the queue's */
	l.shared = threads > 1;
	pace_init(&l.pace);
	atomic_init(&l.reached, 0);
	atomic_init(&l.tried, 0);
	atomic_init(&l.goal, UINT64_MAX);
	atomic_init(&l.halt, RIVER_OK);
	l.n_words = (size_t)((l.size + CELLS_PER_WORD - 1) / CELLS_PER_WORD);
	l.n_block_words = (l.n_words + BLOCK_WORDS * 64 - 1) / (BLOCK_WORDS * 64);
	for (l.span = 1; l.span < l.n_block_words; l.span *= 2)
		;
	/* One check of all that the puzzle's size asks, before any of it
	 * is asked for: past the machine's memory, calloc may succeed on
	 * pages never touched, or a checker's allocator abort. */
	if (!fits(&l, threads)) {
		rc = diag_set(diag, RIVER_ENOMEM, NULL, NULL,
			      "out of memory: the two-bit search needs %llu MB%s, "
			      "%s for each of %llu states, and this machine "
			      "has %llu MB",
			      (unsigned long long)(needed(&l, threads) >> 20) + 1,
			      l.count ? " to count" : "",
			      l.count ? "2 bits and 7 more" : "a quarter byte",
			      (unsigned long long)l.size,
			      (unsigned long long)(memory_bytes() >> 20));
		return rc;
	}
	/* calloc: the kernel hands over zero pages only as touched. */
	l.cell = calloc(l.n_words, sizeof *l.cell);
	l.blocks[0] = calloc(l.n_block_words, sizeof *l.blocks[0]);
	l.blocks[1] = calloc(l.n_block_words, sizeof *l.blocks[1]);
	wk = calloc(threads, sizeof *wk);
	if (use_dense) {
		/* Too many loads: the cells are taken one by one. */
		dense_rc = dense_init(&dense, sys);
		if (dense_rc == RIVER_OK)
			l.dense = &dense;
		else if (dense_rc == RIVER_ETOOBIG)
			dense_rc = RIVER_OK;
	}
	for (t = 0; wk && t < threads; t++) {
		wk[t].l = &l;
		wk[t].reports = t == 0;
		wk[t].order = worker_order(t, l.span);
		loads_init(&wk[t].loads);
		if (l.dense && dense_scratch_init(&wk[t].scratch, l.dense) !=
				       RIVER_OK)
			dense_rc = RIVER_ENOMEM;
	}
	if (probe)
		probe->dense = l.dense != NULL;
	if (l.count && !l.dense) {
		rc = RIVER_ETOOBIG; /* too many loads to take word-wise */
	} else if (l.count &&
		   (!(l.member[0] = calloc(l.n_words, sizeof *l.member[0])) ||
		    !(l.member[1] = calloc(l.n_words, sizeof *l.member[1])) ||
		    !(l.member[2] = calloc(l.n_words, sizeof *l.member[2])) ||
		    !(l.member_blocks[0] = calloc(l.n_block_words, 8)) ||
		    !(l.member_blocks[1] = calloc(l.n_block_words, 8)) ||
		    !(l.member_blocks[2] = calloc(l.n_block_words, 8)) ||
		    !(l.base[0] = malloc(l.n_words * sizeof *l.base[0])) ||
		    !(l.base[1] = malloc(l.n_words * sizeof *l.base[1])))) {
		rc = diag_set(diag, RIVER_ENOMEM, NULL, NULL,
			      "out of memory: counting by levels needs %llu MB"
			      " more, 7 bits for each of %llu states",
			      (unsigned long long)((l.n_words * 28 >> 20) + 1),
			      (unsigned long long)l.size);
	} else if (!l.cell || !l.blocks[0] || !l.blocks[1] || !wk ||
	    dense_rc != RIVER_OK) {
		rc = diag_set(diag, RIVER_ENOMEM, NULL, NULL,
			      "out of memory: the two-bit search needs %llu MB, "
			      "a quarter byte for each of %llu states",
			      (unsigned long long)((l.n_words * sizeof *l.cell >> 20) + 1),
			      (unsigned long long)l.size);
	} else {
		rc = search(&l, threads, wk, res);
		if (rc == RIVER_OK)
			rc = probe_cells(&l);
		res->explored = atomic_load(&l.reached);
		/* Unsolved, every cell marked is a reachable state. */
		res->in_all = rc == RIVER_OK && !res->solved &&
			      (sys ? sys->sym != NULL : space->states_of != NULL)
			      ? states_in_cells(&l) : res->explored;
		if (count)
			*count = res->solved ? l.goal_paths : 0;
		if (rc == RIVER_ENOMEM && l.count)
			diag_set(diag, rc, NULL, NULL,
				 "out of memory: counting by levels holds the "
				 "paths of two levels, 8 bytes a state");
		else if (rc == RIVER_EINTERNAL)
			diag_set(diag, rc, NULL, NULL,
				 "internal error: the two-bit search lost the "
				 "plan at its goal's depth");
		else if (rc != RIVER_OK) {
			struct bfs_tally tally = {l.why, l.limit, res->explored,
						  atomic_load(&l.tried)};

			bfs_diag(rc, &tally, stop, diag);
		}
	}
	for (t = 0; wk && t < threads; t++) {
		loads_release(&wk[t].loads);
		dense_scratch_release(&wk[t].scratch);
	}
	if (l.dense)
		dense_release(&dense);
	if (rc != RIVER_OK) {
		free(res->path);
		res->path = NULL;
		res->path_len = 0;
	}
	free(wk);
	free(l.audit_cells);
	free(l.audit_expected);
	loads_release(&l.audit_states);
	free(l.cell);
	free(l.blocks[0]);
	free(l.blocks[1]);
	for (t = 0; t < 3; t++) {
		free(l.member[t]);
		free(l.member_blocks[t]);
	}
	for (t = 0; t < 2; t++) {
		free(l.base[t]);
		free(l.paths[t]);
	}
	return rc;
}

int layers_search_probed(const struct system *sys,
			 const river_solve_options *opts,
			 const struct stop *stop, struct bfs_result *res,
			 river_diag *diag, struct layers_probe *probe)
{
	return run(sys, NULL, opts, stop, res, NULL, diag, probe);
}

int layers_search_space(const struct layers_space *space,
			const river_solve_options *opts,
			const struct stop *stop, struct bfs_result *res,
			river_diag *diag)
{
	return run(NULL, space, opts, stop, res, NULL, diag, NULL);
}

int layers_count(const struct system *sys, const river_solve_options *opts,
		 const struct stop *stop, struct bfs_result *res,
		 unsigned long long *count, river_diag *diag)
{
	*count = 0;
	return run(sys, NULL, opts, stop, res, count, diag, NULL);
}
