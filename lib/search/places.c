/* The place search (search/places.h): states as rows of places, packed
 * into keys of a few words, one state per orbit, searched breadth first
 * or by Dijkstra's order. */
#include "search/places.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/bound.h"
#include "solve/layers.h"
#include "system/audit.h"
#include "system/symmetry.h"
#include "system/tuples.h"
#include "util/diag.h"
#include "util/hash.h"
#include "util/index.h"
#include "util/saturate.h"
#include "util/stop.h"
#include "util/grow.h"

/* The most states the search keeps: node numbers are 32 bits. */
#define PLACES_MAX_NODES (UINT32_C(1) << 31)

void places_row_of(const struct model *m, const struct placement *pl,
		   unsigned *row)
{
	size_t b;

	memcpy(row, pl->at, m->n_items * m->n_places * sizeof *row);
	for (b = 0; b < m->n_boats; b++)
		row[m->n_items * m->n_places + b] =
			pl->boats[b] < 0 ? 0 : (unsigned)pl->boats[b];
}

bool places_row_is_goal(const struct model *m, const unsigned *row)
{
	size_t b;

	if (memcmp(row, m->goal.at, m->n_items * m->n_places * sizeof *row))
		return false;
	for (b = 0; b < m->n_boats; b++)
		if (m->goal.boats[b] >= 0 &&
		    places_boat_at(m, row, b) != (unsigned)m->goal.boats[b])
			return false;
	return true;
}

/* Copies of each item at place p of row. */
static void counts_at(const struct model *m, const unsigned *row, unsigned p,
		      unsigned *count)
{
	size_t i;

	for (i = 0; i < m->n_items; i++)
		count[i] = row[i * m->n_places + p];
}

long places_violation(const struct model *m, const unsigned *row,
		      unsigned *place)
{
	unsigned count[MODEL_MAX_ITEMS + 1], p;
	long r;

	for (p = 0; p < m->n_places; p++) {
		counts_at(m, row, p, count);
		r = model_bank_violation(m, count);
		if (r >= 0) {
			*place = p;
			return r;
		}
	}
	return -1;
}

void places_plan_release(struct places_plan *p)
{
	size_t k;

	free(p->rows);
	p->rows = NULL;
	for (k = 0; k < p->n_plans; k++)
		free(p->plans[k]);
	free(p->plans);
	free(p->plan_lens);
	p->plans = NULL;
	p->plan_lens = NULL;
	p->n_plans = 0;
}

/* ---- The search -------------------------------------------------------- */

struct node {
	uint32_t parent;          /* UINT32_MAX for the start */
	uint32_t depth;
	/* In order of cost (s->ordered): the cost so far, the time
	 * (Dijkstra's) or the crossings (A*, then depth). */
	unsigned long long dist;
	unsigned long long paths; /* labelled paths to its orbit */
	uint32_t bound;           /* search/bound.h, of its row */
	bool settled;             /* in order of cost: expanded, dist final */
};

/* Keys of K words in the order they came (keys[k * K ..] the k-th),
 * found by an open-addressing table of their numbers. */
struct keyset {
	size_t K;
	uint64_t *keys;
	size_t n, cap;
	struct hash_index index;
};

/* What the crossing's meaning said of a leg: legal or not, and what it
 * did to the track. */
struct leg_verdict {
	bool legal;
	unsigned long long weight, time;
};

/* A node in the heap of the search in order of cost: its cost when
 * pushed, and the order it is taken in, by the cost plus the bound on
 * what is left, then by the cost (the least first when the optimal plans
 * are counted: every node before it on one is then taken first; else
 * the greatest, nearest the goal). */
struct heap_entry {
	unsigned long long dist, f, tie;
	uint32_t node;
};

struct expansion;

struct psearch {
	const struct model *m;
	const river_solve_options *opts;
	const struct stop *stop;
	/* The model of each boat's leg between two places
	 * (model_of_leg): its seats, rowers, loads and time. */
	struct model (*leg_model)[MODEL_MAX_PLACES][MODEL_MAX_PLACES];
	size_t P, W;
	/* Classes of interchangeable individuals, each a run of
	 * cls_items[cls_at[k] .. cls_at[k + 1]). */
	size_t *cls_items, *cls_at, n_classes;
	const struct tuples *tuples;
	/* The key: an individual's place in place_bits, a kind's copies
	 * at each place but the last in kind_bits[i], each boat's place,
	 * then the crossing's phase (phase_bits), the last weight and the
	 * time so far (a word each, when they matter). */
	unsigned place_bits, *kind_bits, phase_bits;
	unsigned period;     /* of the rowing turns (0: none) */
	bool margin, time_key, dijkstra;
	/* The order of the search: breadth first, or by cost (Dijkstra's
	 * for the least time; A* for the fewest crossings when the bound
	 * can tell states apart), each cost plus the bound on what is left
	 * (search/bound.h) in crossings times the least time of a leg
	 * (unit).  counting: the optimal plans are counted. */
	bool ordered, counting;
	struct places_bound bound;
	unsigned long long unit;
	size_t K;            /* words per key */
	/* The states: their keys (keys[k * K ..] is states.keys'), and
	 * nodes[k]. */
	struct keyset states;
	uint64_t *keys;
	struct node *nodes;
	size_t n, cap;
	/* What the rules say of a place's copies (content_safe[k] for the
	 * k-th key of contents, up to symmetry), and of a leg (legs: a
	 * load, its boat, the phase, weight and time the crossing's meaning
	 * reads; leg[k] its verdict).  The meaning is a property of the
	 * copies or the load alone, so each is asked once. */
	struct keyset legs, contents;
	unsigned char *content_safe;
	size_t content_cap, K_place;
	/* A place's copies up to symmetry (place_safe): the items kept
	 * apart (loose), and slots counting the rest: per class of alike
	 * individuals its members there (slot_class[i], member i's slot);
	 * per class of tuples, from tuple_slot[j] on for tuple j, how many
	 * tuples have each set of their members there (item_tuple[i],
	 * member i's tuple).  orbit_base: the slots of each place of the
	 * row expanded, counted once an expansion. */
	size_t *loose, n_loose, n_slots;
	long *slot_class, *item_tuple;
	size_t *tuple_slot;
	unsigned *orbit_base, *slots;
	struct leg_verdict *leg;
	size_t legs_cap;
	size_t K_row, K_leg; /* words of a row's places, of a leg's key */
	/* A leg's key holds its load up to symmetry, as a place's copies
	 * are held: a loose item's copies at leg_at[i] (leg_at[n_items]:
	 * where the boat and the track begin), each slot's count at
	 * slot_at[k] in slot_bits[k]; leg_slots, the load's slots. */
	size_t *leg_at, *slot_at;
	unsigned *slot_bits, *leg_slots;
	unsigned leg_boat_bits;
	bool audit;          /* the checking mode: every memo asked again */
	/* The expansion under way, and how many loads the one tried
	 * stands for (with symmetry). */
	struct expansion *expansion;
	unsigned long long mult;
	/* When not NULL, called as each crossing's visit is for a legal
	 * leg that leaves some place breaking a rule (the graph's). */
	int (*visit_broken)(struct psearch *s, const unsigned *row,
			    const struct plan_track *t, void *ctx);
	/* Where the search starts: the puzzle's start, or a hint's row. */
	const unsigned *start;
	struct plan_track start_track;
	/* Dijkstra's heap of nodes, by their dist when pushed. */
	struct heap_entry *heap;
	size_t heap_n, heap_cap;
	unsigned long long tried;
	struct pace pace;
	/* Scratch: the row expanded, the rows a crossing makes, the
	 * canonical row of a node reached. */
	unsigned *cur, *row, *next;
	uint64_t *key;
	/* A state's key (pack): its orbit's counts, n_counts numbers (per
	 * class k of alike individuals, from class_count[k], its members at
	 * each place; per class k of tuples, from tuple_count[k], its tuples
	 * with each placement, tuple_placement's number), each but the last
	 * of a class at count_at[f] in count_bits[f] (f: the count's index);
	 * then each loose item's place (a kind: its copies at each place
	 * but the last) from loose_at[i]; then the boats' places from
	 * boats_at, and orbit_bits in all; then the track. */
	size_t n_counts, *class_count, *tuple_count, *count_at, *loose_at;
	size_t *tuple_class; /* tuple j's class */
	unsigned *count_bits, *counts;
	size_t *count_most;  /* the most a count can be: its class's size */
	size_t boats_at, orbit_bits;
	/* Of the row expanded: its counts and places packed (row_safe
	 * moves them by a load), and each tuple's placement. */
	unsigned *base_counts, *base_placement;
	uint64_t *base_key;
	/* The places of the row a load made (row_safe), without the
	 * crossing's phase, weight or time. */
	uint64_t *canon_key;
};

static unsigned bits_for(unsigned long long v)
{
	unsigned b = 0;

	while (b < 64 && (v >> b) != 0)
		b++;
	return b ? b : 1;
}

static void put_bits(uint64_t *w, size_t *pos, uint64_t v, unsigned bits)
{
	size_t k = *pos / 64;
	unsigned off = (unsigned)(*pos % 64);

	w[k] |= v << off;
	if (off + bits > 64)
		w[k + 1] |= v >> (64 - off);
	*pos += bits;
}

static uint64_t get_bits(const uint64_t *w, size_t *pos, unsigned bits)
{
	size_t k = *pos / 64;
	unsigned off = (unsigned)(*pos % 64);
	uint64_t v = w[k] >> off;

	if (off + bits > 64)
		v |= w[k + 1] << (64 - off);
	*pos += bits;
	return bits == 64 ? v : v & ((UINT64_C(1) << bits) - 1);
}

/* The crossing number as the key keeps it: its phase in the rowing
 * turns, and whether any crossing was made (for the margin); the
 * smallest number with both, so that model_crossing_legal reads the
 * same from it. */
static size_t crossing_key(const struct psearch *s, size_t crossing)
{
	if (crossing == 0)
		return 0;
	if (s->period)
		return (crossing - 1) % s->period + 1;
	return s->margin ? 1 : 0;
}

/* Where everything is in row, as the puzzle writes it (not up to
 * symmetry), into key from bit 0: each item's place (a kind: its copies
 * at each place but the last), then each boat's. */
static void pack_places(const struct psearch *s, const unsigned *row,
			uint64_t *key)
{
	const struct model *m = s->m;
	size_t i, p, b, pos = 0;

	for (i = 0; i < m->n_items; i++) {
		const unsigned *at = &row[i * s->P];

		if (!m->items[i].is_kind) {
			for (p = 0; p < s->P && !at[p]; p++)
				;
			put_bits(key, &pos, p, s->place_bits);
			continue;
		}
		for (p = 0; p + 1 < s->P; p++)
			put_bits(key, &pos, at[p], s->kind_bits[i]);
	}
	for (b = 0; b < m->n_boats; b++)
		put_bits(key, &pos, row[m->n_items * s->P + b], s->place_bits);
}

/* A row's places alone (K_row words), as the puzzle writes them. */
static void pack_row(const struct psearch *s, const unsigned *row,
		     uint64_t *key)
{
	memset(key, 0, s->K_row * sizeof *key);
	pack_places(s, row, key);
}

/* Overwrite the bits from pos with v. */
static void set_bits(uint64_t *w, size_t pos, uint64_t v, unsigned bits)
{
	size_t k = pos / 64;
	unsigned off = (unsigned)(pos % 64);
	uint64_t mask = bits == 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;

	w[k] = (w[k] & ~(mask << off)) | (v & mask) << off;
	if (off + bits > 64)
		w[k + 1] = (w[k + 1] & ~(mask >> (64 - off))) |
			   (v & mask) >> (64 - off);
}

/* An individual's place in row. */
static unsigned place_of(const struct psearch *s, const unsigned *row,
			 size_t i)
{
	unsigned p;

	for (p = 0; p + 1 < s->P && !row[i * s->P + p]; p++)
		;
	return p;
}

static void set_place(const struct psearch *s, unsigned *row, size_t i,
		      unsigned p)
{
	memset(&row[i * s->P], 0, s->P * sizeof *row);
	row[i * s->P + p] = 1;
}

/* The placement of tuple j in row: its members' places as the digits,
 * the first member's the most significant, of a number base P. */
static unsigned tuple_placement(const struct psearch *s, const unsigned *row,
				size_t j)
{
	unsigned w, v = 0;

	for (w = 0; w < s->tuples->width; w++)
		v = v * (unsigned)s->P + place_of(s, row, s->tuples->item[j][w]);
	return v;
}

/* Row's orbit counts (struct psearch) into counts, and each tuple's
 * placement into placement (or NULL). */
static void count_orbit(const struct psearch *s, const unsigned *row,
			unsigned *counts, unsigned *placement)
{
	const struct tuples *t = s->tuples;
	size_t k, a;

	memset(counts, 0, s->n_counts * sizeof *counts);
	for (k = 0; k < s->n_classes; k++)
		for (a = s->cls_at[k]; a < s->cls_at[k + 1]; a++)
			counts[s->class_count[k] +
			       place_of(s, row, s->cls_items[a])]++;
	for (k = 0; t && k < t->n_classes; k++) {
		const struct tuple_class *c = &t->classes[k];

		for (a = c->first; a < c->first + c->n; a++) {
			unsigned v = tuple_placement(s, row, a);

			counts[s->tuple_count[k] + v]++;
			if (placement)
				placement[a] = v;
		}
	}
}

/* The counts into key, at their places (the last of each class is
 * implied, and skipped). */
static void put_counts(const struct psearch *s, const unsigned *counts,
		       uint64_t *key)
{
	size_t f;

	for (f = 0; f < s->n_counts; f++)
		if (s->count_bits[f])
			set_bits(key, s->count_at[f], counts[f], s->count_bits[f]);
}

/* Loose item i's places in row into key. */
static void put_loose(const struct psearch *s, const unsigned *row, size_t i,
		      uint64_t *key)
{
	size_t p;

	if (!s->m->items[i].is_kind) {
		set_bits(key, s->loose_at[i], place_of(s, row, i),
			 s->place_bits);
		return;
	}
	for (p = 0; p + 1 < s->P; p++)
		set_bits(key, s->loose_at[i] + p * s->kind_bits[i],
			 row[i * s->P + p], s->kind_bits[i]);
}

/* Row's orbit, its counts already counted, into key from bit 0, K
 * words cleared first. */
static void pack_counted(const struct psearch *s, const unsigned *row,
			 const unsigned *counts, uint64_t *key)
{
	const struct model *m = s->m;
	size_t j, b;

	memset(key, 0, s->K * sizeof *key);
	put_counts(s, counts, key);
	for (j = 0; j < s->n_loose; j++)
		put_loose(s, row, s->loose[j], key);
	for (b = 0; b < m->n_boats; b++)
		set_bits(key, s->boats_at + b * s->place_bits,
			 row[m->n_items * s->P + b], s->place_bits);
}

/* Row's orbit (the same key for every row the symmetries exchange) into
 * key from bit 0, K words cleared first. */
static void pack_orbit(struct psearch *s, const unsigned *row, uint64_t *key)
{
	count_orbit(s, row, s->counts, NULL);
	pack_counted(s, row, s->counts, key);
}

/* The crossing's phase, weight and time into key from pos. */
static void pack_track(const struct psearch *s, const struct plan_track *t,
		       uint64_t *key, size_t pos)
{
	if (s->phase_bits)
		put_bits(key, &pos, crossing_key(s, t->crossing), s->phase_bits);
	if (s->margin)
		put_bits(key, &pos, t->prev_weight, 64);
	if (s->time_key)
		put_bits(key, &pos, t->time, 64);
}

/* The key of row (any member of its orbit) with track t. */
static void pack(struct psearch *s, const unsigned *row,
		 const struct plan_track *t, uint64_t *key)
{
	pack_orbit(s, row, key);
	pack_track(s, t, key, s->orbit_bits);
}

/* The key of the row row_safe packed last (s->canon_key), with the
 * track t. */
static void pack_canon(const struct psearch *s, const struct plan_track *t,
		       uint64_t *key)
{
	memcpy(key, s->canon_key, s->K * sizeof *key);
	pack_track(s, t, key, s->orbit_bits);
}

/* The canonical row of key, and its track: one state per orbit, the
 * members of each class and the tuples of each class of tuples in
 * order of their places (placements). */
static void unpack(const struct psearch *s, const uint64_t *key,
		   unsigned *row, struct plan_track *t)
{
	const struct model *m = s->m;
	const struct tuples *tp = s->tuples;
	size_t i, j, k, p, b, a, pos;

	memset(row, 0, s->W * sizeof *row);
	for (k = 0; k < s->n_classes; k++) {
		size_t n = s->cls_at[k + 1] - s->cls_at[k], f = s->class_count[k];

		for (a = 0, p = 0; p < s->P; p++) {
			size_t c = n - a;

			if (p + 1 < s->P) {
				pos = s->count_at[f + p];
				c = (size_t)get_bits(key, &pos, s->count_bits[f + p]);
			}
			for (; c > 0; c--, a++)
				row[s->cls_items[s->cls_at[k] + a] * s->P + p] = 1;
		}
	}
	for (k = 0; tp && k < tp->n_classes; k++) {
		const struct tuple_class *c = &tp->classes[k];
		size_t f = s->tuple_count[k], placements = 1, v;
		unsigned w;

		for (w = 0; w < tp->width; w++)
			placements *= s->P;
		for (a = 0, v = 0; v < placements; v++) {
			size_t n = c->n - a;

			if (v + 1 < placements) {
				pos = s->count_at[f + v];
				n = (size_t)get_bits(key, &pos, s->count_bits[f + v]);
			}
			for (; n > 0; n--, a++) {
				size_t x = v;

				for (w = tp->width; w-- > 0; x /= s->P)
					set_place(s, row, tp->item[c->first + a][w],
						  (unsigned)(x % s->P));
			}
		}
	}
	for (j = 0; j < s->n_loose; j++) {
		unsigned *at;

		i = s->loose[j];
		at = &row[i * s->P];
		pos = s->loose_at[i];
		if (!m->items[i].is_kind) {
			at[get_bits(key, &pos, s->place_bits)] = 1;
			continue;
		}
		at[s->P - 1] = m->items[i].copies;
		for (p = 0; p + 1 < s->P; p++) {
			at[p] = (unsigned)get_bits(key, &pos, s->kind_bits[i]);
			at[s->P - 1] -= at[p];
		}
	}
	pos = s->boats_at;
	for (b = 0; b < m->n_boats; b++)
		row[m->n_items * s->P + b] =
			(unsigned)get_bits(key, &pos, s->place_bits);
	plan_track_init(t);
	pos = s->orbit_bits;
	if (s->phase_bits)
		t->crossing = (size_t)get_bits(key, &pos, s->phase_bits);
	if (s->margin)
		t->prev_weight = get_bits(key, &pos, 64);
	if (s->time_key)
		t->time = get_bits(key, &pos, 64);
}

/* The states of the puzzle as written that canonical row stands for:
 * per class, the arrangements of its members over the places; per class
 * of tuples, of its tuples over their placements. */
static unsigned long long orbit_states(const struct psearch *s,
				       const unsigned *row)
{
	const struct tuples *t = s->tuples;
	unsigned count[MODEL_MAX_ITEMS + 1];
	unsigned long long n = 1;
	size_t k, a, w;

	for (k = 0; k < s->n_classes; k++) {
		memset(count, 0, s->P * sizeof *count);
		for (a = s->cls_at[k]; a < s->cls_at[k + 1]; a++)
			count[place_of(s, row, s->cls_items[a])]++;
		n = mul_saturating(n, multinomial_saturating(count, s->P));
	}
	for (k = 0; t && k < t->n_classes; k++) {
		const struct tuple_class *c = &t->classes[k];
		unsigned v[MODEL_MAX_ITEMS + 1];
		size_t runs = 0;

		/* The canonical row sorts the tuples: count equal runs. */
		for (a = 0; a < c->n; a++) {
			unsigned x = 0;

			for (w = 0; w < t->width; w++)
				x = x * s->P +
				    place_of(s, row, t->item[c->first + a][w]);
			v[a] = x;
			if (a == 0 || v[a] != v[a - 1])
				count[runs++] = 0;
			count[runs - 1]++;
		}
		n = mul_saturating(n, multinomial_saturating(count, runs));
	}
	return n;
}

/* ---- Sets of keys ------------------------------------------------------ */

static void keyset_release(struct keyset *ks)
{
	free(ks->keys);
	hash_index_release(&ks->index);
}

struct keyset_probe {
	const struct keyset *ks;
	const uint64_t *key;
};

static bool same_keys(const void *ctx, size_t k)
{
	const struct keyset_probe *p = ctx;

	return memcmp(&p->ks->keys[k * p->ks->K], p->key,
		      p->ks->K * sizeof *p->key) == 0;
}

/* The number of key in ks, or UINT32_MAX. */
static uint32_t keyset_find(const struct keyset *ks, const uint64_t *key)
{
	struct keyset_probe p = {ks, key};
	size_t k = hash_index_find(&ks->index, hash_words(key, ks->K),
				   same_keys, &p, NULL);

	return k == HASH_INDEX_NONE ? UINT32_MAX : (uint32_t)k;
}

/* The number of key, added (*added) when new; RIVER_ENOMEM, or
 * RIVER_ELIMIT past limit keys (0: none). */
static int keyset_add(struct keyset *ks, const uint64_t *key, size_t limit,
		      uint32_t *index, bool *added)
{
	struct keyset_probe p = {ks, key};
	uint64_t h = hash_words(key, ks->K);
	size_t slot = 0, k;

	*index = UINT32_MAX;
	*added = false;
	if (hash_index_reserve(&ks->index, ks->n + 1) != RIVER_OK)
		return RIVER_ENOMEM;
	k = hash_index_find(&ks->index, h, same_keys, &p, &slot);
	if (k != HASH_INDEX_NONE) {
		*index = (uint32_t)k;
		return RIVER_OK;
	}
	*added = true;
	if ((limit && ks->n >= limit) || ks->n >= PLACES_MAX_NODES)
		return RIVER_ELIMIT;
	if (array_grow(&ks->keys, &ks->cap, ks->n + 1,
		       ks->K * sizeof *ks->keys) != RIVER_OK)
		return RIVER_ENOMEM;
	memcpy(&ks->keys[ks->n * ks->K], key, ks->K * sizeof *key);
	hash_index_put(&ks->index, slot, h, ks->n);
	*index = (uint32_t)ks->n++;
	return RIVER_OK;
}

/* The node of key, adding it (*added) when new.  RIVER_OK, RIVER_ENOMEM
 * or RIVER_ELIMIT. */
static int lookup(struct psearch *s, const uint64_t *key, uint32_t *node,
		  bool *added)
{
	int rc = keyset_add(&s->states, key, s->opts->max_states, node, added);

	if (rc != RIVER_OK || !*added)
		return rc;
	if (array_grow(&s->nodes, &s->cap, s->n + 1, sizeof *s->nodes) !=
	    RIVER_OK)
		return RIVER_ENOMEM;
	memset(&s->nodes[s->n], 0, sizeof s->nodes[s->n]);
	s->n++;
	s->keys = s->states.keys;
	return RIVER_OK;
}

/* ---- Crossings ------------------------------------------------------- */

/* What to do with each legal successor: the new row (not canonical)
 * and its track. */
typedef int (*visit_fn)(struct psearch *s, const unsigned *row,
			const struct plan_track *t, void *ctx);

/* Interchangeable at the place the boat leaves: n tuples (width items
 * each: a couple, or one member of a class of alike individuals) placed
 * alike, whose members roles (bit w for the w-th) are there.  Loads that
 * differ only in which of them board are one load up to the symmetries
 * that keep the state: one of them is tried, for them all. */
struct run {
	const size_t *items;  /* n * width items, tuple by tuple */
	size_t n;
	unsigned width, roles;
};

struct expansion {
	struct psearch *s;
	const unsigned *row;
	const struct plan_track *track;
	size_t boat;
	unsigned from, to;
	unsigned before[MODEL_MAX_ITEMS + 1], load[MODEL_MAX_ITEMS + 1];
	size_t present[MODEL_MAX_ITEMS + 1], n_present;
	/* Not full: the runs, and what each tried load stands for. */
	bool full;
	struct run runs[MODEL_MAX_ITEMS + 1];
	size_t n_runs, run_items[MODEL_MAX_ITEMS + 1];
	unsigned boarded;
	unsigned long long mult;
	visit_fn visit;
	void *ctx;
	/* The items of the load tried. */
	size_t moved[MODEL_MAX_ITEMS + 1], n_moved;
};

/* The checking mode's verdict on a memo that disagreed with the meaning
 * asked again. */
static void audit_memo(const char *what)
	__attribute__((noreturn));

static void audit_memo(const char *what)
{
	fprintf(stderr, "river: checking mode (RIVER_CHECK): the place "
		"search's memo of %s disagrees with the rules' meaning\n",
		what);
	abort();
}

/* The checking mode: the bound drops by at most a crossing's cost in
 * crossings (search/bound.h) along every leg the search makes, and is 0
 * at the goal. */
static void audit_bound(const struct psearch *s, const struct node *from,
			const struct node *to, const struct plan_track *t)
{
	unsigned long long cost = 1;

	if (!s->unit)
		return;
	if (s->dijkstra)
		cost = t->time - from->dist;
	if (mul_saturating(from->bound, s->unit) >
	    add_saturating(cost, mul_saturating(to->bound, s->unit)) ||
	    (to->bound && places_row_is_goal(s->m, s->row))) {
		fprintf(stderr, "river: checking mode (RIVER_CHECK): the place "
			"search's bound on the crossings left goes from %lu to "
			"%lu along a leg of cost %llu\n",
			(unsigned long)from->bound, (unsigned long)to->bound,
			cost);
		abort();
	}
}

/* May the leg with x->load (its items in x->moved) go, the track as t
 * says?  The crossing's meaning (model_crossing_legal) is asked once a
 * load up to symmetry, boat, places and what of the track it reads: the
 * symmetries keep every boat's rowers, loads and rules
 * (symmetry_invariant), so loads they exchange are legal alike; t
 * follows the leg as that call would. */
static int leg_legal(struct psearch *s, const struct expansion *x,
		     struct plan_track *t, bool *legal)
{
	unsigned after[MODEL_MAX_ITEMS + 1];
	const struct model *m = s->m;
	struct plan_track fresh = *t;
	struct leg_verdict *v;
	uint64_t key[64];
	size_t touched[MODEL_MAX_ITEMS + 1], n_touched, i, j, pos = 0;
	char reason[8];
	uint32_t k;
	bool added;
	int rc;

	/* The load up to symmetry: the items that board, each loose one
	 * at its own bits, the others counted in their slots. */
	memset(key, 0, s->K_leg * sizeof *key);
	for (j = 0, n_touched = 0; j < x->n_moved; j++) {
		size_t slot;
		long a;

		i = x->moved[j];
		if (s->slot_class[i] >= 0) {
			slot = (size_t)s->slot_class[i];
		} else if ((a = s->item_tuple[i]) >= 0) {
			const struct tuples *tp = s->tuples;
			unsigned w, sub = 0;

			/* Once a tuple: at its first member that boards. */
			for (w = 0; w < tp->width; w++)
				if (x->load[tp->item[a][w]])
					sub |= 1u << w;
			if (tp->item[a][__builtin_ctz(sub)] != i)
				continue;
			slot = s->tuple_slot[a] + sub;
		} else {
			pos = s->leg_at[i];
			put_bits(key, &pos, x->load[i],
				 m->items[i].is_kind ? s->kind_bits[i] : 1);
			continue;
		}
		if (!s->leg_slots[slot]++)
			touched[n_touched++] = slot;
	}
	for (j = 0; j < n_touched; j++) {
		pos = s->slot_at[touched[j]];
		put_bits(key, &pos, s->leg_slots[touched[j]],
			 s->slot_bits[touched[j]]);
		s->leg_slots[touched[j]] = 0;
	}
	pos = s->leg_at[m->n_items];
	put_bits(key, &pos, x->boat, s->leg_boat_bits);
	put_bits(key, &pos, x->from, s->place_bits);
	put_bits(key, &pos, x->to, s->place_bits);
	if (s->phase_bits)
		put_bits(key, &pos, crossing_key(s, t->crossing), s->phase_bits);
	if (s->margin)
		put_bits(key, &pos, t->prev_weight, 64);
	if (m->has_time_limit)
		put_bits(key, &pos, t->time, 64);
	rc = keyset_add(&s->legs, key, 0, &k, &added);
	if (rc != RIVER_OK)
		return rc;
	if (added && array_grow(&s->leg, &s->legs_cap, s->legs.n,
				sizeof *s->leg) != RIVER_OK)
		return RIVER_ENOMEM;
	v = &s->leg[k];
	if (added || s->audit) {
		bool ok;

		for (i = 0; i < m->n_items; i++)
			after[i] = x->before[i] - x->load[i];
		ok = model_crossing_legal(
			&s->leg_model[x->boat][x->from][x->to], x->before,
					       after, &fresh, reason,
					       sizeof reason);

		if (!added && (ok != v->legal ||
			       (ok && (fresh.prev_weight != v->weight ||
				       fresh.time - t->time != v->time))))
			audit_memo("a leg");
		v->legal = ok;
		v->weight = fresh.prev_weight;
		v->time = fresh.time - t->time;
	}
	*legal = v->legal;
	if (v->legal) {
		t->crossing++;
		t->prev_weight = v->weight;
		t->time += v->time;
	}
	return RIVER_OK;
}

/* Which of its members tuple j has at place p of row (bit w: the w-th). */
static unsigned tuple_at(const struct psearch *s, const unsigned *row,
			 size_t j, unsigned p)
{
	unsigned w, sub = 0;

	for (w = 0; w < s->tuples->width; w++)
		if (row[s->tuples->item[j][w] * s->P + p])
			sub |= 1u << w;
	return sub;
}

/* The slots (struct psearch) of place p of row. */
static void count_slots(const struct psearch *s, const unsigned *row,
			unsigned p, unsigned *slots)
{
	const struct tuples *t = s->tuples;
	size_t k, a;

	memset(slots, 0, s->n_slots * sizeof *slots);
	for (k = 0; k < s->n_classes; k++)
		for (a = s->cls_at[k]; a < s->cls_at[k + 1]; a++)
			slots[k] += row[s->cls_items[a] * s->P + p];
	for (a = 0; t && a < t->n; a++)
		slots[s->tuple_slot[a] + tuple_at(s, row, a, p)]++;
}

/* Do the copies at place p of row obey the bank rules?  Asked once
 * for each set of copies that is at some place, up to symmetry: the
 * rules are the same at every place, and under the symmetries.  row is
 * x's row after its load crossed: its slots are the row expanded's,
 * moved by the items that crossed. */
static int place_safe(struct psearch *s, const struct expansion *x,
		      const unsigned *row, unsigned p, bool *safe)
{
	const struct model *m = s->m;
	const struct tuples *t = s->tuples;
	unsigned count[MODEL_MAX_ITEMS + 1], *slots = s->slots;
	uint64_t key[64];
	size_t i, j, k, a, pos = 0;
	uint32_t v;
	bool added;
	int rc;

	memset(key, 0, s->K_place * sizeof *key);
	for (j = 0; j < s->n_loose; j++) {
		i = s->loose[j];
		put_bits(key, &pos, row[i * s->P + p],
			 m->items[i].is_kind ? s->kind_bits[i] : 1);
	}
	memcpy(slots, &s->orbit_base[p * s->n_slots],
	       s->n_slots * sizeof *slots);
	for (j = 0; j < x->n_moved; j++) {
		unsigned w;
		long a_tuple;

		i = x->moved[j];
		if (s->slot_class[i] >= 0)
			slots[s->slot_class[i]] += row[i * s->P + p] -
						   x->row[i * s->P + p];
		if ((a_tuple = s->item_tuple[i]) < 0)
			continue;
		/* Once a tuple: at its first member that crossed. */
		for (w = 0; t->item[a_tuple][w] != i; w++)
			if (x->load[t->item[a_tuple][w]])
				break;
		if (t->item[a_tuple][w] != i)
			continue;
		slots[s->tuple_slot[a_tuple] +
		      tuple_at(s, x->row, (size_t)a_tuple, p)]--;
		slots[s->tuple_slot[a_tuple] +
		      tuple_at(s, row, (size_t)a_tuple, p)]++;
	}
	for (k = 0; k < s->n_classes; k++)
		put_bits(key, &pos, slots[k],
			 bits_for(s->cls_at[k + 1] - s->cls_at[k]));
	for (k = 0; t && k < t->n_classes; k++) {
		const struct tuple_class *c = &t->classes[k];

		for (a = 1; a < 1u << t->width; a++)
			put_bits(key, &pos, slots[s->tuple_slot[c->first] + a],
				 bits_for(c->n));
	}
	rc = keyset_add(&s->contents, key, 0, &v, &added);
	if (rc != RIVER_OK)
		return rc;
	if (added && array_grow(&s->content_safe, &s->content_cap,
				s->contents.n, 1) != RIVER_OK)
		return RIVER_ENOMEM;
	if (added) {
		for (i = 0; i < m->n_items; i++)
			count[i] = row[i * s->P + p];
		s->content_safe[v] = model_bank_violation(m, count) < 0;
	}
	*safe = s->content_safe[v];
	return RIVER_OK;
}

/* The key of row, made by x's load crossing from the row expanded, into
 * s->canon_key: the row expanded's (s->base_key), with the counts, the
 * loose items and the boat the load moved. */
static void pack_moved(struct psearch *s, const struct expansion *x,
		       const unsigned *row)
{
	const struct tuples *t = s->tuples;
	size_t j, i;

	memcpy(s->canon_key, s->base_key, s->K * sizeof *s->canon_key);
	memcpy(s->counts, s->base_counts, s->n_counts * sizeof *s->counts);
	for (j = 0; j < x->n_moved; j++) {
		long a;

		i = x->moved[j];
		if (s->slot_class[i] >= 0) {
			size_t f = s->class_count[s->slot_class[i]];

			s->counts[f + x->from] -= x->load[i];
			s->counts[f + x->to] += x->load[i];
		} else if ((a = s->item_tuple[i]) >= 0) {
			/* Once a tuple: at its first member that crossed. */
			unsigned w;
			size_t f = s->tuple_count[s->tuple_class[a]];

			for (w = 0; t->item[a][w] != i; w++)
				if (x->load[t->item[a][w]])
					break;
			if (t->item[a][w] != i)
				continue;
			s->counts[f + s->base_placement[a]]--;
			s->counts[f + tuple_placement(s, row, (size_t)a)]++;
		} else {
			put_loose(s, row, i, s->canon_key);
		}
	}
	put_counts(s, s->counts, s->canon_key);
	set_bits(s->canon_key, s->boats_at + x->boat * s->place_bits, x->to,
		 s->place_bits);
}

/* Does row, made by x's load crossing from a row that obeys the rules,
 * obey them at every place?  Only the two places have
 * new copies; each place's copies are asked once up to symmetry
 * (place_safe).  When it does, its key (without the track) is in
 * s->canon_key. */
static int row_safe(struct psearch *s, const struct expansion *x,
		    const unsigned *row, bool *safe)
{
	unsigned place;
	int rc;

	rc = place_safe(s, x, row, x->from, safe);
	if (rc == RIVER_OK && *safe)
		rc = place_safe(s, x, row, x->to, safe);
	if (rc != RIVER_OK)
		return rc;
	if (s->audit && (places_violation(s->m, row, &place) < 0) != *safe)
		audit_memo("a row");
	if (!*safe)
		return RIVER_OK;
	pack_moved(s, x, row);
	if (s->audit) {
		uint64_t key[64];

		pack_orbit(s, row, key);
		if (memcmp(key, s->canon_key, s->K * sizeof *key) != 0)
			audit_memo("a state's key");
	}
	return RIVER_OK;
}

/* The load in x->load is chosen: cross with it if it is legal. */
static int try_load(struct expansion *x)
{
	struct psearch *s = x->s;
	const struct model *m = s->m;
	struct plan_track t = *x->track;
	bool ok;
	size_t i, j;
	int rc;

	s->tried++;
	if (pace_look(&s->pace, s->n, s->tried) &&
	    (rc = stop_check(s->stop)) != RIVER_OK)
		return rc;
	x->n_moved = 0;
	for (i = 0; i < m->n_items; i++)
		if (x->load[i])
			x->moved[x->n_moved++] = i;
	rc = leg_legal(s, x, &t, &ok);
	if (rc != RIVER_OK || !ok)
		return rc;
	memcpy(s->next, x->row, s->W * sizeof *s->next);
	for (j = 0; j < x->n_moved; j++) {
		i = x->moved[j];
		s->next[i * s->P + x->from] -= x->load[i];
		s->next[i * s->P + x->to] += x->load[i];
	}
	s->next[m->n_items * s->P + x->boat] = x->to;
	rc = row_safe(s, x, s->next, &ok);
	if (rc != RIVER_OK)
		return rc;
	if (!ok)
		return s->visit_broken ? s->visit_broken(s, s->next, &t, x->ctx)
				       : RIVER_OK;
	s->mult = x->mult;
	return x->visit(s, s->next, &t, x->ctx);
}

static int choose(struct expansion *x, size_t k, unsigned seats,
		  unsigned long long mult);

/* Of run r, the tuples from next on: how many board with each of the
 * role sets from sub on (sub: a subset of its roles, walked down to 0). */
static int run_alloc(struct expansion *x, size_t r, unsigned sub, size_t next,
		     unsigned seats, unsigned long long mult)
{
	const struct run *run = &x->runs[r];
	unsigned size = 0, w;
	size_t k, j, most;
	int rc = RIVER_OK;

	if (sub == 0)
		return choose(x, x->n_present + r + 1, seats, mult);
	for (w = 0; w < run->width; w++)
		size += (sub >> w) & 1;
	most = run->n - next;
	if (size && most > seats / size)
		most = seats / size;
	/* k tuples board with the members sub, the next k of the run. */
	for (k = 0; rc == RIVER_OK; k++) {
		rc = run_alloc(x, r, (sub - 1) & run->roles, next + k,
			       seats - (unsigned)k * size,
			       mul_saturating(mult, binomial_saturating(
				       (unsigned)(run->n - next), (unsigned)k)));
		if (k == most)
			break;
		for (w = 0; w < run->width; w++)
			if ((sub >> w) & 1)
				x->load[run->items[(next + k) * run->width + w]] = 1;
		x->boarded += size;
	}
	for (j = next; j < next + k; j++)
		for (w = 0; w < run->width; w++)
			if ((sub >> w) & 1)
				x->load[run->items[j * run->width + w]] = 0;
	x->boarded -= (unsigned)k * size;
	return rc;
}

/* Every load from the items present from the k-th on, then the runs,
 * seats left; mult the loads it stands for so far. */
static int choose(struct expansion *x, size_t k, unsigned seats,
		  unsigned long long mult)
{
	size_t i;
	unsigned c, most;
	int rc;

	if (k >= x->n_present) {
		size_t r = k - x->n_present;

		if (r < x->n_runs)
			return run_alloc(x, r, x->runs[r].roles, 0, seats, mult);
		if (!x->boarded)
			return RIVER_OK;
		x->mult = mult;
		return try_load(x);
	}
	i = x->present[k];
	most = x->before[i] < seats ? x->before[i] : seats;
	for (c = 0; c <= most; c++) {
		x->load[i] = c;
		x->boarded += c;
		rc = choose(x, k + 1, seats - c, mult);
		x->boarded -= c;
		if (rc != RIVER_OK) {
			x->load[i] = 0;
			return rc;
		}
	}
	x->load[i] = 0;
	return RIVER_OK;
}

/* The runs at x->from of a row (canonical or not): the members of each
 * class there, and the tuples of each class of tuples placed alike with
 * some member there; grouped marks every item in a class or a tuple. */
static void find_runs(struct expansion *x, bool *grouped)
{
	struct psearch *s = x->s;
	const struct tuples *t = s->tuples;
	size_t k, a, b, w, used = 0;

	x->n_runs = 0;
	for (k = 0; k < s->n_classes; k++) {
		struct run *run = &x->runs[x->n_runs];

		run->items = &x->run_items[used];
		run->n = 0;
		run->width = 1;
		run->roles = 1;
		for (a = s->cls_at[k]; a < s->cls_at[k + 1]; a++) {
			size_t i = s->cls_items[a];

			grouped[i] = true;
			if (x->row[i * s->P + x->from])
				x->run_items[used + run->n++] = i;
		}
		used += run->n;
		x->n_runs += run->n > 0;
	}
	/* A tuple is in a run once its first member is grouped; alike
	 * tuples are neighbours in a canonical row, and anywhere in
	 * another, so each run looks at the rest of its class. */
	for (k = 0; t && k < t->n_classes; k++) {
		const struct tuple_class *c = &t->classes[k];

		for (a = 0; a < c->n; a++) {
			struct run *run = &x->runs[x->n_runs];
			size_t first = c->first + a;
			unsigned roles = 0, placement;

			if (grouped[t->item[first][0]])
				continue;
			for (w = 0; w < t->width; w++)
				if (x->row[t->item[first][w] * s->P + x->from])
					roles |= 1u << w;
			placement = tuple_placement(s, x->row, first);
			run->items = &x->run_items[used];
			run->n = 0;
			for (b = a; b < c->n; b++) {
				size_t j = c->first + b;

				if (b > a && (grouped[t->item[j][0]] ||
					      tuple_placement(s, x->row, j) !=
						      placement))
					continue;
				for (w = 0; w < t->width; w++) {
					grouped[t->item[j][w]] = true;
					if (roles)
						x->run_items[used++] =
							t->item[j][w];
				}
				run->n++;
			}
			if (!roles)
				continue;
			run->width = t->width;
			run->roles = roles;
			x->n_runs++;
		}
	}
}

/* Every legal crossing from row with track: each boat, to each place
 * its routes join, with each load.  full: every load, for a row that
 * need not be canonical or where each labelled crossing counts; else,
 * of a canonical row, one load for each set that the symmetries keeping
 * the row exchange, with how many it stands for. */
static int expand(struct psearch *s, const unsigned *row,
		  const struct plan_track *track, bool full, visit_fn visit,
		  void *ctx)
{
	const struct model *m = s->m;
	struct expansion *x = s->expansion;
	bool grouped[MODEL_MAX_ITEMS + 1];
	unsigned p;
	size_t i;
	int rc;

	/* Zero what the walk of loads reads before it writes. */
	x->n_runs = 0;
	x->boarded = 0;
	x->mult = 1;
	x->n_moved = 0;
	memset(x->load, 0, m->n_items * sizeof *x->load);
	for (p = 0; s->n_slots && p < s->P; p++)
		count_slots(s, row, p, &s->orbit_base[p * s->n_slots]);
	/* The row's key, which each load's moves (pack_moved). */
	count_orbit(s, row, s->base_counts, s->base_placement);
	pack_counted(s, row, s->base_counts, s->base_key);
	x->s = s;
	x->row = row;
	x->track = track;
	x->visit = visit;
	x->ctx = ctx;
	x->full = full || (!s->n_classes && !s->tuples);
	for (x->boat = 0; x->boat < m->n_boats; x->boat++) {
		x->from = places_boat_at(m, row, x->boat);
		memset(grouped, 0, m->n_items * sizeof *grouped);
		if (!x->full)
			find_runs(x, grouped);
		x->n_present = 0;
		for (i = 0; i < m->n_items; i++) {
			x->before[i] = row[i * s->P + x->from];
			if (x->before[i] && !grouped[i])
				x->present[x->n_present++] = i;
		}
		for (x->to = 0; x->to < s->P; x->to++) {
			if (!((m->boats[x->boat].routes[x->from] >> x->to) & 1))
				continue;
			rc = choose(x, 0, m->boats[x->boat].seats, 1);
			if (rc != RIVER_OK)
				return rc;
		}
	}
	return RIVER_OK;
}

/* ---- Breadth first, and Dijkstra's order ------------------------------- */

struct step_ctx {
	uint32_t from;
	uint32_t goal_depth;     /* UINT32_MAX: no goal yet */
	uint32_t goal;           /* a goal node reached */
	bool counting;
};

static bool heap_before(const struct heap_entry *a,
			const struct heap_entry *b)
{
	return a->f < b->f || (a->f == b->f && a->tie < b->tie);
}

static int heap_push(struct psearch *s, uint32_t v)
{
	const struct node *nv = &s->nodes[v];
	struct heap_entry e;
	size_t i;

	e.dist = nv->dist;
	e.f = add_saturating(nv->dist, mul_saturating(nv->bound, s->unit));
	e.tie = s->counting ? nv->dist : ~nv->dist;
	e.node = v;

	if (s->heap_n == s->heap_cap &&
	    array_grow(&s->heap, &s->heap_cap, s->heap_n + 1,
		       sizeof *s->heap) != RIVER_OK)
		return RIVER_ENOMEM;
	i = s->heap_n++;
	while (i > 0 && heap_before(&e, &s->heap[(i - 1) / 2])) {
		s->heap[i] = s->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	s->heap[i] = e;
	return RIVER_OK;
}

static struct heap_entry heap_pop(struct psearch *s)
{
	struct heap_entry top = s->heap[0], last = s->heap[--s->heap_n];
	size_t i = 0, c;

	while ((c = 2 * i + 1) < s->heap_n) {
		if (c + 1 < s->heap_n &&
		    heap_before(&s->heap[c + 1], &s->heap[c]))
			c++;
		if (!heap_before(&s->heap[c], &last))
			break;
		s->heap[i] = s->heap[c];
		i = c;
	}
	if (s->heap_n)
		s->heap[i] = last;
	return top;
}

/* The node of a successor row with track t, added (*added) when new:
 * row_safe packed row just before.  A new node's canonical row is left
 * in s->row (and any node's, in the checking mode). */
static int reach(struct psearch *s, const unsigned *row,
		 const struct plan_track *t, uint32_t *v, bool *added)
{
	struct plan_track same;
	int rc;

	(void)row;
	pack_canon(s, t, s->key);
	rc = lookup(s, s->key, v, added);
	if (rc == RIVER_OK && (*added || s->audit))
		unpack(s, s->key, s->row, &same);
	return rc;
}

/* One successor found while expanding node ctx->from. */
static int visit_search(struct psearch *s, const unsigned *row,
			const struct plan_track *t, void *vctx)
{
	struct step_ctx *ctx = vctx;
	struct node *from, *to;
	unsigned long long dist, paths;
	uint32_t v;
	bool added;
	int rc = reach(s, row, t, &v, &added);

	if (rc != RIVER_OK)
		return rc;
	from = &s->nodes[ctx->from];
	to = &s->nodes[v];
	if (added && s->unit)
		to->bound = bound_crossings(&s->bound, s->m, s->row);
	if (s->audit)
		audit_bound(s, from, to, t);
	paths = mul_saturating(from->paths, s->mult);
	if (s->ordered) {
		dist = s->dijkstra ? t->time : from->dist + 1;
		if (added || dist < to->dist) {
			to->dist = dist;
			to->parent = ctx->from;
			to->depth = from->depth + 1;
			to->paths = paths;
			return heap_push(s, v);
		}
		if (dist == to->dist)
			to->paths = add_saturating(to->paths, paths);
		return RIVER_OK;
	}
	if (added) {
		to->parent = ctx->from;
		to->depth = from->depth + 1;
		to->paths = paths;
		if (ctx->goal_depth == UINT32_MAX &&
		    places_row_is_goal(s->m, s->row)) {
			ctx->goal_depth = to->depth;
			ctx->goal = v;
		}
	} else if (to->depth == from->depth + 1) {
		to->paths = add_saturating(to->paths, paths);
	}
	return RIVER_OK;
}

static int search_bfs(struct psearch *s, struct step_ctx *ctx)
{
	struct plan_track t;
	size_t head;
	int rc;

	for (head = 0; head < s->n; head++) {
		if (ctx->goal_depth != UINT32_MAX &&
		    (!ctx->counting || s->nodes[head].depth >= ctx->goal_depth))
			break;
		unpack(s, &s->keys[head * s->K], s->cur, &t);
		ctx->from = (uint32_t)head;
		rc = expand(s, s->cur, &t, false, visit_search, ctx);
		if (rc != RIVER_OK)
			return rc;
		if (s->opts->progress && pace_due(&s->pace, head + 1))
			pace_report(s->opts, s->n, s->n - head - 1,
				    s->nodes[head].depth);
	}
	return RIVER_OK;
}

/* In order of cost: Dijkstra's, or A* by the bound. */
static int search_ordered(struct psearch *s, struct step_ctx *ctx)
{
	unsigned long long best = 0, settled = 0;
	struct plan_track t;
	int rc;

	rc = heap_push(s, 0);
	while (rc == RIVER_OK && s->heap_n) {
		struct heap_entry e = heap_pop(s);
		uint32_t u = e.node;
		struct node *nu = &s->nodes[u];

		if (nu->settled || e.dist != nu->dist)
			continue; /* pushed again since, at less cost */
		if (ctx->goal_depth != UINT32_MAX && e.f > best)
			break;
		nu->settled = true;
		unpack(s, &s->keys[(size_t)u * s->K], s->cur, &t);
		if (places_row_is_goal(s->m, s->cur)) {
			if (ctx->goal_depth == UINT32_MAX) {
				ctx->goal_depth = nu->depth;
				ctx->goal = u;
				best = nu->dist;
				if (!ctx->counting)
					break;
			}
			continue;
		}
		if (s->dijkstra)
			t.time = nu->dist;
		ctx->from = u;
		rc = expand(s, s->cur, &t, false, visit_search, ctx);
		settled++;
		if (s->opts->progress && pace_due(&s->pace, settled))
			pace_report(s->opts, s->n, s->heap_n, nu->depth);
	}
	return rc;
}

/* ---- The plan ---------------------------------------------------------- */

struct lift_ctx {
	const uint64_t *want;
	unsigned long long want_time; /* Dijkstra's: the time it is reached */
	unsigned *found;
	struct plan_track track;
	bool done;
};

static int visit_lift(struct psearch *s, const unsigned *row,
		      const struct plan_track *t, void *vctx)
{
	struct lift_ctx *ctx = vctx;
	uint64_t key[64];

	if (ctx->done || (s->dijkstra && t->time != ctx->want_time))
		return RIVER_OK;
	pack_canon(s, t, key);
	if (memcmp(key, ctx->want, s->K * sizeof *key) != 0)
		return RIVER_OK;
	memcpy(ctx->found, row, s->W * sizeof *ctx->found);
	ctx->track = *t;
	ctx->done = true;
	return RIVER_OK;
}

/* The canonical path to goal made a labelled plan: from the start, each
 * step the first crossing whose canonical state is the path's next. */
/* The path of keys (len keys of K words; dist: each one's cost, or NULL
 * when the search is not by time) made a labelled plan into out. */
static int lift_keys(struct psearch *s, const uint64_t *keys, size_t len,
		     const unsigned long long *dist, struct places_plan *out,
		     river_diag *diag)
{
	struct plan_track t;
	unsigned *rows;
	size_t k;
	int rc = RIVER_OK;

	rows = calloc(len * s->W, sizeof *rows);
	if (!rows)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	memcpy(rows, s->start, s->W * sizeof *rows);
	t = s->start_track;
	for (k = 1; k < len && rc == RIVER_OK; k++) {
		struct lift_ctx ctx = {&keys[k * s->K], dist ? dist[k] : 0,
				       &rows[k * s->W], {0, 0, 0}, false};

		memcpy(s->cur, &rows[(k - 1) * s->W], s->W * sizeof *s->cur);
		rc = expand(s, s->cur, &t, false, visit_lift, &ctx);
		if (rc == RIVER_OK && !ctx.done)
			rc = diag_set(diag, RIVER_EINTERNAL, NULL, NULL,
				      "internal error: step %zu of a plan of "
				      "places has no crossing that explains it",
				      k);
		t = ctx.track;
	}
	if (rc != RIVER_OK) {
		free(rows);
		return rc;
	}
	out->rows = rows;
	out->n_states = len;
	return RIVER_OK;
}

/* The path of nodes from the start to goal made a labelled plan. */
static int lift(struct psearch *s, uint32_t goal, struct places_plan *out,
		river_diag *diag)
{
	size_t len = s->nodes[goal].depth + 1, k;
	uint64_t *keys = malloc(len * s->K * sizeof *keys);
	unsigned long long *dist = malloc(len * sizeof *dist);
	uint32_t v;
	int rc;

	if (!keys || !dist) {
		free(keys);
		free(dist);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	for (v = goal, k = len; k-- > 0; v = s->nodes[v].parent) {
		memcpy(&keys[k * s->K], &s->keys[(size_t)v * s->K],
		       s->K * sizeof *keys);
		dist[k] = s->nodes[v].dist;
	}
	rc = lift_keys(s, keys, len, s->dijkstra ? dist : NULL, out, diag);
	free(keys);
	free(dist);
	return rc;
}

/* ---- The optimal plans themselves --------------------------------------- */

/* Which nodes lie on an optimal plan (useful[k]), and the labelled plans
 * found from the start along them. */
struct enumeration {
	struct psearch *s;
	unsigned char *useful;
	uint32_t goal_depth;
	unsigned long long best;   /* Dijkstra's: the least time */
	/* The current node, and what the visit found. */
	uint32_t from;
	bool found;
	/* Candidates of one level: rows then tracks; the level's from
	 * first on, at most need of them. */
	unsigned *cand;
	struct plan_track *cand_t;
	size_t n_cand, cap_cand, first, need;
	/* The plans kept. */
	size_t max;
	unsigned **plans;
	size_t *lens, n_plans;
	unsigned *path;            /* rows of the plan being walked */
};

/* The node of row (any member of its orbit) with track t, or
 * UINT32_MAX. */
static uint32_t node_of(struct psearch *s, const unsigned *row,
			const struct plan_track *t)
{
	pack(s, row, t, s->key);
	return keyset_find(&s->states, s->key);
}

/* The node of the row a load made (row_safe packed it), or UINT32_MAX. */
static uint32_t node_reached(struct psearch *s, const struct plan_track *t)
{
	pack_canon(s, t, s->key);
	return keyset_find(&s->states, s->key);
}

/* Does the leg to node w keep to an optimal plan from node u? */
static bool on_optimal(const struct enumeration *e, uint32_t u, uint32_t w,
		       const struct plan_track *t)
{
	const struct node *nu = &e->s->nodes[u], *nw = &e->s->nodes[w];

	if (w == UINT32_MAX || !e->useful[w])
		return false;
	if (e->s->dijkstra)
		return nw->dist == t->time && nw->dist > nu->dist;
	return nw->depth == nu->depth + 1 &&
	       (!e->s->ordered || nw->settled);
}

/* What a visit returns to end an expansion early, having seen what it
 * looked for: not an error (errors are negative). */
#define EXPANSION_ENOUGH 1

static int visit_useful(struct psearch *s, const unsigned *row,
			const struct plan_track *t, void *vctx)
{
	struct enumeration *e = vctx;

	(void)row;
	if (!on_optimal(e, e->from, node_reached(s, t), t))
		return RIVER_OK;
	e->found = true;
	return EXPANSION_ENOUGH;
}

/* A node and its cost, for qsort. */
struct costed {
	unsigned long long dist;
	uint32_t node;
};

static int by_cost(const void *a, const void *b)
{
	const struct costed *x = a, *y = b;

	return (x->dist > y->dist) - (x->dist < y->dist);
}

/* order[] the nodes of s in order of their cost; RIVER_OK or
 * RIVER_ENOMEM. */
static int sort_by_cost(const struct psearch *s, uint32_t *order)
{
	struct costed *c = malloc((s->n ? s->n : 1) * sizeof *c);
	size_t k;

	if (!c)
		return RIVER_ENOMEM;
	for (k = 0; k < s->n; k++) {
		c[k].dist = s->nodes[k].dist;
		c[k].node = (uint32_t)k;
	}
	qsort(c, s->n, sizeof *c, by_cost);
	for (k = 0; k < s->n; k++)
		order[k] = c[k].node;
	free(c);
	return RIVER_OK;
}

/* useful[k] for every node: a goal at the optimum, or one with a leg to
 * a useful node that keeps to the optimum.  Nodes are taken from the
 * deepest (or latest) back. */
static int mark_useful(struct enumeration *e)
{
	struct psearch *s = e->s;
	struct plan_track t;
	uint32_t *order = malloc((s->n ? s->n : 1) * sizeof *order);
	size_t k;
	int rc = RIVER_OK;

	if (!order)
		return RIVER_ENOMEM;
	for (k = 0; k < s->n; k++)
		order[k] = (uint32_t)k;
	/* Breadth first, numbers grow with depth; in order of cost, sort
	 * by it. */
	if (s->ordered)
		rc = sort_by_cost(s, order);
	for (k = s->n; rc == RIVER_OK && k-- > 0;) {
		uint32_t u = order[k];
		struct node *nu = &s->nodes[u];

		if (s->ordered ? nu->dist > e->best || !nu->settled
			       : nu->depth > e->goal_depth)
			continue;
		unpack(s, &s->keys[(size_t)u * s->K], s->cur, &t);
		if (places_row_is_goal(s->m, s->cur)) {
			e->useful[u] = s->ordered ? nu->dist == e->best
						  : nu->depth == e->goal_depth;
			continue;
		}
		if (s->dijkstra)
			t.time = nu->dist;
		e->from = u;
		e->found = false;
		rc = expand(s, s->cur, &t, false, visit_useful, e);
		if (rc == EXPANSION_ENOUGH)
			rc = RIVER_OK;
		e->useful[u] = e->found;
	}
	free(order);
	return rc;
}

/* Collect the legs from node e->from that keep to an optimal plan, up
 * to e->need of them: each leads to an optimal plan at least, so as
 * many as are still wanted are enough (a wide puzzle's first crossing
 * alone has millions). */
static int visit_candidate(struct psearch *s, const unsigned *row,
			   const struct plan_track *t, void *vctx)
{
	struct enumeration *e = vctx;

	if (!on_optimal(e, e->from, node_reached(s, t), t))
		return RIVER_OK;
	if (e->n_cand - e->first == e->need)
		return EXPANSION_ENOUGH;
	if (e->n_cand == e->cap_cand) {
		const struct grow_array cols[] = {
			{&e->cand, s->W * sizeof *e->cand},
			{&e->cand_t, sizeof *e->cand_t}};

		if (arrays_grow(&e->cap_cand, e->n_cand + 1, cols, 2) !=
		    RIVER_OK)
			return RIVER_ENOMEM;
	}
	memcpy(&e->cand[e->n_cand * s->W], row, s->W * sizeof *row);
	e->cand_t[e->n_cand++] = *t;
	return RIVER_OK;
}

/* Walk every labelled plan on from the row at path[depth], at node u,
 * keeping up to e->max. */
static int walk(struct enumeration *e, size_t depth, uint32_t u,
		const struct plan_track *t)
{
	struct psearch *s = e->s;
	const unsigned *here = &e->path[depth * s->W];
	size_t first, n, k;
	int rc;

	if (e->n_plans == e->max)
		return RIVER_OK;
	if (places_row_is_goal(s->m, here)) {
		unsigned *copy = malloc((depth + 1) * s->W * sizeof *copy);

		if (!copy)
			return RIVER_ENOMEM;
		memcpy(copy, e->path, (depth + 1) * s->W * sizeof *copy);
		e->plans[e->n_plans] = copy;
		e->lens[e->n_plans++] = depth + 1;
		return RIVER_OK;
	}
	/* This level's candidates go on the shared list, above the levels
	 * below; each is walked from its own copy. */
	first = e->first = e->n_cand;
	e->need = e->max - e->n_plans;
	e->from = u;
	memcpy(s->cur, here, s->W * sizeof *s->cur);
	rc = expand(s, s->cur, t, true, visit_candidate, e);
	if (rc == EXPANSION_ENOUGH)
		rc = RIVER_OK;
	n = e->n_cand - first;
	for (k = 0; rc == RIVER_OK && k < n && e->n_plans < e->max; k++) {
		struct plan_track next = e->cand_t[first + k];
		uint32_t w;

		memcpy(&e->path[(depth + 1) * s->W], &e->cand[(first + k) * s->W],
		       s->W * sizeof *e->path);
		w = node_of(s, &e->path[(depth + 1) * s->W], &next);
		rc = walk(e, depth + 1, w, &next);
	}
	e->n_cand = first;
	return rc;
}

/* The first max labelled optimal plans into out (alternatives). */
static int enumerate_plans(struct psearch *s, uint32_t goal_depth,
			   unsigned long long best, size_t max,
			   struct places_plan *out)
{
	struct enumeration e;
	struct plan_track t;
	size_t len = 0, k;
	int rc;

	memset(&e, 0, sizeof e);
	e.s = s;
	e.goal_depth = goal_depth;
	e.best = best;
	e.max = max;
	for (k = 0; k < s->n; k++)
		if (s->nodes[k].depth + 1 > len)
			len = s->nodes[k].depth + 1;
	e.useful = calloc(s->n ? s->n : 1, 1);
	e.plans = calloc(max, sizeof *e.plans);
	e.lens = calloc(max, sizeof *e.lens);
	e.path = calloc((len + 1) * s->W, sizeof *e.path);
	rc = e.useful && e.plans && e.lens && e.path ? mark_useful(&e)
						     : RIVER_ENOMEM;
	if (rc == RIVER_OK) {
		memcpy(e.path, s->start, s->W * sizeof *e.path);
		t = s->start_track;
		rc = walk(&e, 0, 0, &t);
	}
	free(e.useful);
	free(e.path);
	free(e.cand);
	free(e.cand_t);
	if (rc != RIVER_OK) {
		for (k = 0; k < e.n_plans; k++)
			free(e.plans[k]);
		free(e.plans);
		free(e.lens);
		return rc;
	}
	out->plans = e.plans;
	out->plan_lens = e.lens;
	out->n_plans = e.n_plans;
	return RIVER_OK;
}

/* ---- Setting up -------------------------------------------------------- */

void places_space(const struct model *m, unsigned *bits, double *space)
{
	unsigned pb = bits_for(m->n_places - 1), b = 0;
	double n = 1.0;
	size_t i, k;

	for (i = 0; i < m->n_items; i++) {
		if (!m->items[i].is_kind) {
			b += pb;
			n *= (double)m->n_places;
			continue;
		}
		b += (unsigned)(m->n_places - 1) * bits_for(m->items[i].copies);
		/* copies spread over the places: C(copies + P - 1, P - 1) */
		{
			double c = 1.0;

			for (k = 1; k < m->n_places; k++)
				c = c * (double)(m->items[i].copies + k) / (double)k;
			n *= c;
		}
	}
	for (i = 0; i < m->n_boats; i++) {
		b += pb;
		n *= (double)m->n_places;
	}
	*bits = b;
	*space = n;
}


/* The layout of a place's copies up to symmetry (struct psearch: loose,
 * the slots), and the bits of their key (place_safe); RIVER_OK or
 * RIVER_ENOMEM. */
static int place_contents_layout(struct psearch *s, size_t *bits)
{
	const struct model *m = s->m;
	const struct tuples *t = s->tuples;
	size_t k, a, n = m->n_items + 1;
	unsigned w;

	*bits = 0;
	s->loose = malloc(n * sizeof *s->loose);
	s->slot_class = malloc(n * sizeof *s->slot_class);
	s->item_tuple = malloc(n * sizeof *s->item_tuple);
	s->tuple_slot = malloc((t ? t->n + 1 : 1) * sizeof *s->tuple_slot);
	if (!s->loose || !s->slot_class || !s->item_tuple || !s->tuple_slot)
		return RIVER_ENOMEM;
	for (k = 0; k < m->n_items; k++)
		s->slot_class[k] = s->item_tuple[k] = -1;
	for (k = 0; k < s->n_classes; k++) {
		for (a = s->cls_at[k]; a < s->cls_at[k + 1]; a++)
			s->slot_class[s->cls_items[a]] = (long)k;
		*bits += bits_for(s->cls_at[k + 1] - s->cls_at[k]);
	}
	s->n_slots = s->n_classes;
	for (k = 0; t && k < t->n_classes; k++) {
		const struct tuple_class *c = &t->classes[k];

		for (a = c->first; a < c->first + c->n; a++) {
			s->tuple_slot[a] = s->n_slots;
			for (w = 0; w < t->width; w++)
				s->item_tuple[t->item[a][w]] = (long)a;
		}
		s->n_slots += 1u << t->width;
		*bits += ((1u << t->width) - 1) * bits_for(c->n);
	}
	for (k = 0; k < m->n_items; k++)
		if (s->slot_class[k] < 0 && s->item_tuple[k] < 0) {
			s->loose[s->n_loose++] = k;
			*bits += m->items[k].is_kind ? s->kind_bits[k] : 1;
		}
	s->slots = malloc((s->n_slots + 1) * sizeof *s->slots);
	s->orbit_base = malloc((s->n_slots * s->P + 1) *
			       sizeof *s->orbit_base);
	return s->slots && s->orbit_base ? RIVER_OK : RIVER_ENOMEM;
}

/* Where each part of a leg's key goes (leg_legal): the loose items'
 * loads, the slots' counts, the boat, its places and the track. */
static int leg_layout(struct psearch *s)
{
	const struct model *m = s->m;
	const struct tuples *t = s->tuples;
	size_t i, k, a, lb = 0;

	s->leg_at = calloc(m->n_items + 1, sizeof *s->leg_at);
	s->slot_at = calloc(s->n_slots + 1, sizeof *s->slot_at);
	s->slot_bits = calloc(s->n_slots + 1, sizeof *s->slot_bits);
	s->leg_slots = calloc(s->n_slots + 1, sizeof *s->leg_slots);
	if (!s->leg_at || !s->slot_at || !s->slot_bits || !s->leg_slots)
		return RIVER_ENOMEM;
	for (k = 0; k < s->n_loose; k++) {
		i = s->loose[k];
		s->leg_at[i] = lb;
		lb += m->items[i].is_kind ? s->kind_bits[i] : 1;
	}
	for (k = 0; k < s->n_classes; k++) {
		s->slot_at[k] = lb;
		s->slot_bits[k] = bits_for(s->cls_at[k + 1] - s->cls_at[k]);
		lb += s->slot_bits[k];
	}
	for (k = 0; t && k < t->n_classes; k++) {
		const struct tuple_class *c = &t->classes[k];

		for (a = 1; a < 1u << t->width; a++) {
			size_t slot = s->tuple_slot[c->first] + a;

			s->slot_at[slot] = lb;
			s->slot_bits[slot] = bits_for(c->n);
			lb += s->slot_bits[slot];
		}
	}
	s->leg_at[m->n_items] = lb;
	lb += s->leg_boat_bits + 2 * s->place_bits + s->phase_bits +
	      (s->margin ? 64 : 0) + (m->has_time_limit ? 64 : 0);
	s->K_leg = (lb + 63) / 64;
	s->legs.K = s->K_leg;
	return RIVER_OK;
}

/* The placements of a tuple over P places. */
static size_t placements_of(const struct tuples *t, size_t P)
{
	size_t n = 1;
	unsigned w;

	for (w = 0; w < t->width; w++)
		n *= P;
	return n;
}

/* The bits a state's key gives the counts of the tuples' placements. */
static size_t tuple_count_bits(const struct tuples *t, size_t P)
{
	size_t k, bits = 0;

	for (k = 0; k < t->n_classes; k++)
		bits += (placements_of(t, P) - 1) * bits_for(t->classes[k].n);
	return bits;
}

/* Where each part of a state's key goes (struct psearch, pack), and the
 * scratch that packing takes. */
static int orbit_layout(struct psearch *s)
{
	const struct model *m = s->m;
	const struct tuples *t = s->tuples;
	size_t k, a, j, v, f = 0, pos = 0, n_tuples = t ? t->n : 0;
	size_t placements = t ? placements_of(t, s->P) : 0;

	s->n_counts = s->n_classes * s->P +
		      (t ? t->n_classes * placements : 0);
	s->class_count = calloc(s->n_classes + 1, sizeof *s->class_count);
	s->tuple_count = calloc((t ? t->n_classes : 0) + 1,
				sizeof *s->tuple_count);
	s->tuple_class = calloc(n_tuples + 1, sizeof *s->tuple_class);
	s->count_at = calloc(s->n_counts + 1, sizeof *s->count_at);
	s->count_bits = calloc(s->n_counts + 1, sizeof *s->count_bits);
	s->count_most = calloc(s->n_counts + 1, sizeof *s->count_most);
	s->counts = calloc(s->n_counts + 1, sizeof *s->counts);
	s->base_counts = calloc(s->n_counts + 1, sizeof *s->base_counts);
	s->base_placement = calloc(n_tuples + 1, sizeof *s->base_placement);
	s->loose_at = calloc(m->n_items + 1, sizeof *s->loose_at);
	if (!s->class_count || !s->tuple_count || !s->tuple_class ||
	    !s->count_at || !s->count_bits || !s->count_most || !s->counts ||
	    !s->base_counts ||
	    !s->base_placement || !s->loose_at)
		return RIVER_ENOMEM;
	for (k = 0; k < s->n_classes; k++) {
		unsigned bits = bits_for(s->cls_at[k + 1] - s->cls_at[k]);

		s->class_count[k] = f;
		for (v = 0; v < s->P; v++, f++) {
			s->count_most[f] = s->cls_at[k + 1] - s->cls_at[k];
			s->count_at[f] = pos;
			s->count_bits[f] = v + 1 < s->P ? bits : 0;
			pos += s->count_bits[f];
		}
	}
	for (k = 0; t && k < t->n_classes; k++) {
		const struct tuple_class *c = &t->classes[k];
		unsigned bits = bits_for(c->n);

		s->tuple_count[k] = f;
		for (a = c->first; a < c->first + c->n; a++)
			s->tuple_class[a] = k;
		for (v = 0; v < placements; v++, f++) {
			s->count_most[f] = c->n;
			s->count_at[f] = pos;
			s->count_bits[f] = v + 1 < placements ? bits : 0;
			pos += s->count_bits[f];
		}
	}
	for (j = 0; j < s->n_loose; j++) {
		size_t i = s->loose[j];

		s->loose_at[i] = pos;
		pos += m->items[i].is_kind ? (s->P - 1) * s->kind_bits[i]
					   : s->place_bits;
	}
	s->boats_at = pos;
	s->orbit_bits = pos + m->n_boats * s->place_bits;
	s->K = (s->orbit_bits + s->phase_bits + (s->margin ? 64 : 0) +
		(s->time_key ? 64 : 0) + 63) / 64;
	s->states.K = s->K;
	s->key = calloc(s->K, sizeof *s->key);
	s->canon_key = calloc(s->K, sizeof *s->canon_key);
	s->base_key = calloc(s->K, sizeof *s->base_key);
	return s->key && s->canon_key && s->base_key ? RIVER_OK : RIVER_ENOMEM;
}

static int setup(struct psearch *s, const struct model *m,
		 const struct tuples *tuples, const river_solve_options *opts)
{
	size_t *rep, i, j, k, bits = 0;
	unsigned long long period = 0;

	s->m = m;
	s->opts = opts;
	s->P = m->n_places;
	s->W = places_row_width(m);
	s->leg_model = malloc(m->n_boats * sizeof *s->leg_model);
	if (!s->leg_model)
		return RIVER_ENOMEM;
	for (k = 0; k < m->n_boats; k++) {
		for (i = 0; i < m->n_places; i++)
			for (j = 0; j < m->n_places; j++)
				model_of_leg(m, k, (unsigned)i, (unsigned)j,
					     &s->leg_model[k][i][j]);
	}
	s->place_bits = bits_for(s->P - 1);
	s->kind_bits = calloc(m->n_items + 1, sizeof *s->kind_bits);
	s->cls_items = calloc(m->n_items + 1, sizeof *s->cls_items);
	s->cls_at = calloc(m->n_items + 2, sizeof *s->cls_at);
	rep = calloc(m->n_items + 1, sizeof *rep);
	s->cur = calloc(s->W, sizeof *s->cur);
	s->expansion = malloc(sizeof *s->expansion);
	s->row = calloc(s->W, sizeof *s->row);
	s->next = calloc(s->W, sizeof *s->next);
	if (!s->kind_bits || !s->cls_items || !s->cls_at || !rep || !s->row ||
	    !s->next || !s->cur || !s->expansion) {
		free(rep);
		return RIVER_ENOMEM;
	}
	for (i = 0; i < m->n_items; i++) {
		if (m->items[i].is_kind) {
			s->kind_bits[i] = bits_for(m->items[i].copies);
			bits += (s->P - 1) * s->kind_bits[i];
		} else {
			bits += s->place_bits;
		}
	}
	bits += m->n_boats * s->place_bits;
	s->K_row = (bits + 63) / 64;
	period = model_rowing_period(m);
	s->period = period > 1 ? (unsigned)period : 0;
	s->margin = m->has_margin;
	s->dijkstra = m->minimize_time;
	s->time_key = m->has_time_limit && !m->minimize_time;
	/* The bound orders the search unless the plain search is asked
	 * for (-M queue: breadth first, or Dijkstra's alone); least time
	 * weighs each crossing left by the least time a leg takes. */
	if (bound_init(&s->bound, m) != RIVER_OK) {
		free(rep);
		return RIVER_ENOMEM;
	}
	if (opts->method == RIVER_METHOD_QUEUE)
		s->bound.useful = false;
	s->ordered = s->dijkstra || s->bound.useful;
	s->unit = 0;
	if (s->bound.useful && !s->dijkstra)
		s->unit = 1;
	if (s->bound.useful && s->dijkstra)
		s->unit = model_least_trip(m);
	if (s->period || s->margin)
		s->phase_bits = bits_for(s->period ? s->period : 1);
	s->leg_boat_bits = bits_for(m->n_boats - 1);
	s->audit = audit_requested();
	/* Classes of two or more interchangeable individuals; else the
	 * couples. */
	if (!opts->no_symmetry) {
		symmetry_classes(m, rep);
		for (i = 0; i < m->n_items; i++) {
			size_t n = 0;

			if (rep[i] != i)
				continue;
			for (j = i; j < m->n_items; j++)
				n += rep[j] == i;
			if (n < 2)
				continue;
			s->cls_at[s->n_classes] = k = s->cls_at[s->n_classes];
			for (j = i; j < m->n_items; j++)
				if (rep[j] == i)
					s->cls_items[k++] = j;
			s->cls_at[++s->n_classes] = k;
		}
		/* The couples, unless counting their placements takes more
		 * bits than a key may have (tuples of four, four places). */
		if (!s->n_classes && tuples &&
		    tuple_count_bits(tuples, s->P) <= 64 * 64 / 2)
			s->tuples = tuples;
	}
	free(rep);
	if (place_contents_layout(s, &bits) != RIVER_OK)
		return RIVER_ENOMEM;
	s->K_place = (bits + 63) / 64;
	s->contents.K = s->K_place;
	if (leg_layout(s) != RIVER_OK || orbit_layout(s) != RIVER_OK)
		return RIVER_ENOMEM;
	return RIVER_OK;
}

static void teardown(struct psearch *s)
{
	free(s->kind_bits);
	free(s->leg_model);
	free(s->leg_at);
	free(s->class_count);
	free(s->tuple_count);
	free(s->tuple_class);
	free(s->count_at);
	free(s->count_bits);
	free(s->count_most);
	free(s->counts);
	free(s->base_counts);
	free(s->base_placement);
	free(s->loose_at);
	free(s->base_key);
	free(s->slot_at);
	free(s->slot_bits);
	free(s->leg_slots);
	free(s->loose);
	free(s->slot_class);
	free(s->item_tuple);
	free(s->tuple_slot);
	free(s->slots);
	free(s->orbit_base);
	free(s->cls_items);
	free(s->cls_at);
	free(s->cur);
	free(s->expansion);
	free(s->row);
	free(s->next);
	free(s->key);
	free(s->canon_key);
	keyset_release(&s->states);
	keyset_release(&s->legs);
	keyset_release(&s->contents);
	bound_release(&s->bound);
	free(s->content_safe);
	free(s->leg);
	free(s->nodes);
	free(s->heap);
}

static int search_diag(struct psearch *s, int rc, river_diag *diag)
{
	if (rc == RIVER_ELIMIT)
		return diag_set(diag, rc, NULL, NULL, "the search stopped at "
				"its limit of %llu state%s",
				(unsigned long long)s->opts->max_states,
				s->opts->max_states == 1 ? "" : "s");
	if (rc == RIVER_ENOMEM)
		return diag_set(diag, rc, NULL, NULL, "out of memory after "
				"reaching %zu states", s->n);
	if (rc == RIVER_ETIMEOUT || rc == RIVER_ECANCELED)
		return stop_reached(s->stop, rc, s->n, diag);
	return rc;
}

/* Set s up for m and reach the start, node 0: the puzzle's start, or
 * from's row.  *start_row is the start made here (free it after
 * teardown).  RIVER_OK, or a status with diag set (s to tear down). */
static int begin(struct psearch *s, const struct model *m,
		 const struct tuples *tuples, const struct places_from *from,
		 const river_solve_options *opts, const struct stop *stop,
		 unsigned **start_row, river_diag *diag)
{
	struct plan_track t;
	uint32_t v;
	bool added;
	int rc;

	memset(s, 0, sizeof *s);
	*start_row = NULL;
	s->stop = stop;
	pace_init(&s->pace);
	rc = setup(s, m, tuples, opts);
	if (rc == RIVER_OK && !from) {
		*start_row = malloc(s->W * sizeof **start_row);
		if (!*start_row)
			rc = RIVER_ENOMEM;
		else
			places_row_of(m, &m->start, *start_row);
	}
	s->start = from ? from->row : *start_row;
	if (from)
		s->start_track = from->track;
	else
		plan_track_init(&s->start_track);
	if (rc == RIVER_OK && (s->K > 64 || s->K_leg > 64 || s->K_place > 64))
		return diag_set(diag, RIVER_ETOOBIG, NULL, NULL, "the puzzle is "
				"too big to search: its state needs more than "
				"4096 bits");
	if (rc == RIVER_ENOMEM)
		return diag_set(diag, rc, NULL, NULL, "out of memory");
	memcpy(s->row, s->start, s->W * sizeof *s->row);
	t = s->start_track;
	pack(s, s->row, &t, s->key);
	rc = lookup(s, s->key, &v, &added);
	if (rc != RIVER_OK)
		return search_diag(s, rc, diag);
	s->nodes[0].parent = UINT32_MAX;
	s->nodes[0].paths = 1;
	s->nodes[0].dist = t.time;
	return RIVER_OK;
}

/* ---- The two-bit layers over the orbits (solve/layers.h) -------------

 * A state's rank: the fields of its key (pack) read as the digits of a
 * number, each in the radix of the values it can take (a count, its
 * class's size plus one; a place, the places; a kind's copies at a
 * place, its copies plus one).  The key must hold no track
 * (layers_fit): then every leg can be taken back, as the layers ask, for
 * the routes join places both ways and a leg's legality is its load's
 * (model_crossing_legal).  Ranks whose counts add up to more than a
 * class never come up; they cost their cells. */

/* The most ranks the layers take a puzzle of places with: past this,
 * their cells alone would need a terabyte. */
#define PLACES_LAYERS_MAX_RANKS (UINT64_C(1) << 42)

struct ranking {
	struct psearch *s;
	size_t n, *at;
	unsigned *bits;
	uint64_t *radix, *mult, size;
	bool too_big;
	/* The visit's: where a successor goes. */
	int (*emit)(void *arg, uint64_t to, bool goal);
	void *arg;
	uint64_t key[64];
};

/* Can the layers search s: fewest crossings, and states of places
 * alone? */
static bool layers_fit(const struct psearch *s)
{
	return !s->dijkstra && !s->phase_bits && !s->margin && !s->time_key;
}

static void ranking_add(struct ranking *r, size_t at, unsigned bits,
			uint64_t radix)
{
	r->at[r->n] = at;
	r->bits[r->n] = bits;
	r->radix[r->n] = radix;
	r->mult[r->n] = r->size;
	if (r->size > PLACES_LAYERS_MAX_RANKS / radix)
		r->too_big = true;
	else
		r->size *= radix;
	r->n++;
}

static int ranking_init(struct ranking *r, struct psearch *s)
{
	const struct model *m = s->m;
	size_t f, j, p, b, most = s->n_counts + m->n_items * s->P +
				  m->n_boats + 1;

	memset(r, 0, sizeof *r);
	r->s = s;
	r->size = 1;
	r->at = malloc(most * sizeof *r->at);
	r->bits = malloc(most * sizeof *r->bits);
	r->radix = malloc(most * sizeof *r->radix);
	r->mult = malloc(most * sizeof *r->mult);
	if (!r->at || !r->bits || !r->radix || !r->mult)
		return RIVER_ENOMEM;
	for (f = 0; f < s->n_counts; f++)
		if (s->count_bits[f])
			ranking_add(r, s->count_at[f], s->count_bits[f],
				    s->count_most[f] + 1);
	for (j = 0; j < s->n_loose; j++) {
		size_t i = s->loose[j];

		if (!m->items[i].is_kind) {
			ranking_add(r, s->loose_at[i], s->place_bits, s->P);
			continue;
		}
		for (p = 0; p + 1 < s->P; p++)
			ranking_add(r, s->loose_at[i] + p * s->kind_bits[i],
				    s->kind_bits[i],
				    (uint64_t)m->items[i].copies + 1);
	}
	for (b = 0; b < m->n_boats; b++)
		ranking_add(r, s->boats_at + b * s->place_bits, s->place_bits,
			    s->P);
	return RIVER_OK;
}

static void ranking_release(struct ranking *r)
{
	free(r->at);
	free(r->bits);
	free(r->radix);
	free(r->mult);
}

static uint64_t rank_of(const struct ranking *r, const uint64_t *key)
{
	uint64_t rank = 0;
	size_t f;

	for (f = 0; f < r->n; f++) {
		size_t pos = r->at[f];

		rank += get_bits(key, &pos, r->bits[f]) * r->mult[f];
	}
	return rank;
}

static void key_of(const struct ranking *r, uint64_t rank, uint64_t *key)
{
	size_t f;

	memset(key, 0, r->s->K * sizeof *key);
	for (f = 0; f < r->n; f++)
		set_bits(key, r->at[f], rank / r->mult[f] % r->radix[f],
			 r->bits[f]);
}

static int visit_layers(struct psearch *s, const unsigned *row,
			const struct plan_track *t, void *vctx)
{
	struct ranking *r = vctx;

	(void)t;
	return r->emit(r->arg, rank_of(r, s->canon_key),
		       places_row_is_goal(s->m, row));
}

/* The successors of the state of rank (layers_space's expand). */
static int layers_expand(void *ctx, uint64_t rank,
			 int (*emit)(void *arg, uint64_t to, bool goal),
			 void *arg)
{
	struct ranking *r = ctx;
	struct psearch *s = r->s;
	struct plan_track t;

	key_of(r, rank, r->key);
	unpack(s, r->key, s->cur, &t);
	r->emit = emit;
	r->arg = arg;
	return expand(s, s->cur, &t, false, visit_layers, r);
}

static unsigned long long layers_states_of(void *ctx, uint64_t rank)
{
	struct ranking *r = ctx;
	struct plan_track t;

	key_of(r, rank, r->key);
	unpack(r->s, r->key, r->s->row, &t);
	return orbit_states(r->s, r->s->row);
}

/* The fewest crossings by the layers, into out as places_search's. */
static int search_layers(struct psearch *s, const river_solve_options *opts,
			 const struct stop *stop, struct places_plan *out,
			 river_diag *diag)
{
	struct layers_space space;
	struct bfs_result res;
	struct ranking r;
	uint64_t *keys = NULL;
	size_t k;
	int rc = ranking_init(&r, s);

	memset(&res, 0, sizeof res);
	if (rc != RIVER_OK) {
		ranking_release(&r);
		return diag_set(diag, rc, NULL, NULL, "out of memory");
	}
	if (r.too_big) {
		ranking_release(&r);
		return diag_set(diag, RIVER_ETOOBIG, NULL, NULL,
				"the puzzle is too big for the layered search: "
				"its states would need more than 2^42 cells");
	}
	pack(s, s->start, &s->start_track, s->key);
	space.size = r.size;
	space.start = rank_of(&r, s->key);
	space.start_is_goal = places_row_is_goal(s->m, s->start);
	space.ctx = &r;
	space.expand = layers_expand;
	space.states_of = s->n_classes || s->tuples ? layers_states_of : NULL;
	rc = layers_search_space(&space, opts, stop, &res, diag);
	if (rc == RIVER_OK && res.solved) {
		keys = malloc(res.path_len * s->K * sizeof *keys);
		if (!keys)
			rc = diag_set(diag, RIVER_ENOMEM, NULL, NULL,
				      "out of memory");
		for (k = 0; keys && k < res.path_len; k++)
			key_of(&r, res.path[k], &keys[k * s->K]);
		if (keys)
			rc = lift_keys(s, keys, res.path_len, NULL, out, diag);
	} else if (rc == RIVER_OK) {
		out->rows = malloc(s->W * sizeof *out->rows);
		if (!out->rows)
			rc = diag_set(diag, RIVER_ENOMEM, NULL, NULL,
				      "out of memory");
		else
			memcpy(out->rows, s->start, s->W * sizeof *out->rows);
		out->n_states = 1;
	}
	out->solved = res.solved;
	out->explored = res.explored;
	out->in_all = res.in_all;
	free(keys);
	free(res.path);
	ranking_release(&r);
	return rc;
}

int places_search(const struct model *m, const struct tuples *tuples,
		  const struct places_from *from,
		  const river_solve_options *opts, const struct stop *stop,
		  struct places_plan *out, river_diag *diag)
{
	unsigned *start_row;
	struct psearch s;
	struct step_ctx ctx;
	struct plan_track t;
	size_t k;
	int rc;

	memset(out, 0, sizeof *out);
	/* From a row of the caller's too, by orbits: its key is its
	 * orbit's, and the lift walks from the row as it is (find_runs
	 * groups the tuples of any row). */
	rc = begin(&s, m, tuples, from, opts, stop, &start_row, diag);
	/* The layers find a plan of the fewest crossings; the place
	 * search all else. */
	if (rc == RIVER_OK && opts->method == RIVER_METHOD_LAYERS &&
	    layers_fit(&s) && !opts->count && !opts->max_plans) {
		rc = search_layers(&s, opts, stop, out, diag);
		if (rc != RIVER_OK)
			places_plan_release(out);
		free(start_row);
		teardown(&s);
		return rc;
	}
	if (rc == RIVER_OK) {
		memset(&ctx, 0, sizeof ctx);
		ctx.goal_depth = UINT32_MAX;
		ctx.counting = opts->count || opts->max_plans;
		s.counting = ctx.counting;
		s.nodes[0].bound = bound_crossings(&s.bound, m, s.row);
		rc = s.ordered ? search_ordered(&s, &ctx) : search_bfs(&s, &ctx);
		if (rc != RIVER_OK)
			rc = search_diag(&s, rc, diag);
	}
	if (rc != RIVER_OK) {
		free(start_row);
		teardown(&s);
		return rc;
	}
	out->explored = s.n;
	out->solved = ctx.goal_depth != UINT32_MAX;
	if (!out->solved) {
		/* Without a plan, every state reached, as written. */
		out->in_all = 0;
		for (k = 0; k < s.n; k++) {
			unpack(&s, &s.keys[k * s.K], s.row, &t);
			out->in_all = add_saturating(out->in_all,
						     orbit_states(&s, s.row));
		}
	}
	if (out->solved) {
		rc = lift(&s, ctx.goal, out, diag);
		if (rc == RIVER_OK && ctx.counting) {
			unsigned long long best = s.nodes[ctx.goal].dist;

			out->counted = true;
			for (k = 0; k < s.n; k++) {
				unpack(&s, &s.keys[k * s.K], s.row, &t);
				if (!places_row_is_goal(m, s.row))
					continue;
				if (s.ordered ? s.nodes[k].dist == best
					      : s.nodes[k].depth == ctx.goal_depth)
					out->count = add_saturating(out->count,
								  s.nodes[k].paths);
			}
		}
		if (rc == RIVER_OK && opts->max_plans)
			rc = enumerate_plans(&s, ctx.goal_depth,
					     s.nodes[ctx.goal].dist,
					     opts->max_plans, out);
		if (rc == RIVER_ENOMEM)
			rc = diag_set(diag, rc, NULL, NULL, "out of memory");
	} else {
		out->rows = malloc(s.W * sizeof *out->rows);
		if (!out->rows)
			rc = diag_set(diag, RIVER_ENOMEM, NULL, NULL,
				      "out of memory");
		else
			memcpy(out->rows, s.start, s.W * sizeof *out->rows);
		out->n_states = 1;
	}
	if (rc != RIVER_OK)
		places_plan_release(out);
	free(start_row);
	teardown(&s);
	return rc;
}

/* ---- Every reachable state ---------------------------------------------- */

/* The exploration under way: the graph it fills, the node expanded, and
 * the rows that break a rule found so far. */
struct exploration {
	struct places_graph *g;
	uint32_t from;
	const struct plan_track *track; /* the node's */
	struct keyset bad;
	size_t bad_cap;                 /* rows the graph's bad_rows hold */
};

/* A leg of the expansion under way, to node to (or the bad row bad),
 * with track t after it, onto legs. */
static int add_leg(struct exploration *e, struct places_legs *legs,
		   uint32_t to, uint32_t bad, const struct plan_track *t)
{
	struct psearch *s = e->g->search;
	const struct expansion *x = s->expansion;
	struct places_graph *g = e->g;
	size_t n = s->m->n_items;
	struct places_leg *l;

	if (array_grow(&legs->leg, &legs->cap, legs->n + 1,
		       sizeof *legs->leg) != RIVER_OK ||
	    array_grow(&g->loads, &g->loads_cap, g->loads_n + n,
		       sizeof *g->loads) != RIVER_OK)
		return RIVER_ENOMEM;
	l = &legs->leg[legs->n++];
	l->from = e->from;
	l->to = to;
	l->bad = bad;
	l->boat = (unsigned)x->boat;
	l->place = x->to;
	l->time = t->time - e->track->time;
	l->ways = s->mult;
	l->load_at = g->loads_n;
	memcpy(&g->loads[g->loads_n], x->load, n * sizeof *g->loads);
	g->loads_n += n;
	return RIVER_OK;
}

static int visit_explore(struct psearch *s, const unsigned *row,
			 const struct plan_track *t, void *vctx)
{
	struct exploration *e = vctx;
	uint32_t v;
	bool added;
	int rc = reach(s, row, t, &v, &added);

	if (rc != RIVER_OK)
		return rc;
	if (added)
		s->nodes[v].depth = s->nodes[e->from].depth + 1;
	return add_leg(e, &e->g->legs, v, 0, t);
}

/* A leg that leaves row breaking a rule: the row kept once. */
static int visit_broken(struct psearch *s, const unsigned *row,
			const struct plan_track *t, void *vctx)
{
	struct exploration *e = vctx;
	struct places_graph *g = e->g;
	uint64_t key[64];
	uint32_t k;
	bool added;
	int rc;

	pack_row(s, row, key);
	rc = keyset_add(&e->bad, key, 0, &k, &added);
	if (rc != RIVER_OK)
		return rc;
	if (added && array_grow(&g->bad_rows, &e->bad_cap, e->bad.n,
				s->W * sizeof *g->bad_rows) != RIVER_OK)
		return RIVER_ENOMEM;
	if (added) {
		memcpy(&g->bad_rows[k * s->W], row, s->W * sizeof *row);
		g->n_bad = e->bad.n;
	}
	s->mult = 1;
	return add_leg(e, &g->broken, PLACES_NO_NODE, k, t);
}

/* Breadth first from the start, every state expanded, goals too. */
static int explore_all(struct psearch *s, struct exploration *e)
{
	struct plan_track t;
	size_t head;
	int rc;

	for (head = 0; head < s->n; head++) {
		unpack(s, &s->keys[head * s->K], s->cur, &t);
		e->from = (uint32_t)head;
		e->track = &t;
		rc = expand(s, s->cur, &t, false, visit_explore, e);
		if (rc != RIVER_OK)
			return rc;
	}
	return RIVER_OK;
}

int places_explore(const struct model *m, const struct tuples *tuples,
		   const river_solve_options *opts, bool broken,
		   const struct stop *stop, struct places_graph *g,
		   river_diag *diag)
{
	struct exploration e;
	struct plan_track t;
	unsigned *start_row;
	struct psearch *s;
	size_t k;
	int rc;

	memset(g, 0, sizeof *g);
	memset(&e, 0, sizeof e);
	g->m = m;
	s = g->search = malloc(sizeof *s);
	if (!s)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	rc = begin(s, m, tuples, NULL, opts, stop, &start_row, diag);
	g->reduced = s->n_classes || s->tuples;
	e.g = g;
	e.bad.K = s->K_row;
	if (broken)
		s->visit_broken = visit_broken;
	if (rc == RIVER_OK && (rc = explore_all(s, &e)) != RIVER_OK)
		rc = search_diag(s, rc, diag);
	keyset_release(&e.bad);
	free(start_row);
	/* The start row is gone, and the options the caller's. */
	s->start = NULL;
	s->opts = NULL;
	s->stop = NULL;
	g->n_nodes = s->n;
	if (rc == RIVER_OK) {
		g->depth = malloc((s->n ? s->n : 1) * sizeof *g->depth);
		g->goal = malloc(s->n ? s->n : 1);
		if (!g->depth || !g->goal)
			rc = diag_set(diag, RIVER_ENOMEM, NULL, NULL,
				      "out of memory");
	}
	for (k = 0; rc == RIVER_OK && k < s->n; k++) {
		if (k % PACE_LOOK_STATES == 0 && k &&
		    (rc = stop_check(stop)) != RIVER_OK) {
			rc = stop_reached(stop, rc, s->n, diag);
			break;
		}
		unpack(s, &s->keys[k * s->K], s->row, &t);
		g->depth[k] = s->nodes[k].depth;
		g->goal[k] = places_row_is_goal(m, s->row);
	}
	if (rc != RIVER_OK)
		places_graph_release(g);
	return rc;
}

void places_graph_state(const struct places_graph *g, uint32_t k,
			unsigned *row, struct plan_track *t)
{
	const struct psearch *s = g->search;

	unpack(s, &s->keys[(size_t)k * s->K], row, t);
}

uint32_t places_graph_node(const struct places_graph *g, const unsigned *row,
			   const struct plan_track *t)
{
	struct psearch *s = g->search;
	uint64_t key[64];

	pack(s, row, t, key);
	return keyset_find(&s->states, key);
}

void places_graph_release(struct places_graph *g)
{
	if (g->search) {
		teardown(g->search);
		free(g->search);
	}
	free(g->depth);
	free(g->goal);
	free(g->legs.leg);
	free(g->broken.leg);
	free(g->bad_rows);
	free(g->loads);
	memset(g, 0, sizeof *g);
}
