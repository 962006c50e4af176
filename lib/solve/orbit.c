#include "solve/orbit.h"

#include <stdlib.h>
#include <string.h>

#include "solve/bfs.h"
#include "system/audit.h"
#include "util/hash.h"
#include "util/index.h"
#include "util/saturate.h"
#include "util/grow.h"

/* As the queue search: the crossings tried, and the orbits met that
 * break a rule, per orbit max_states allows. */
#define ORBIT_TRIES_PER_STATE 64
#define ORBIT_BROKEN_PER_STATE 4

/* The most kinds of move from one orbit: per class, a placement and the
 * members it sends; per free individual, itself. */
#define ORBIT_MAX_MOVES 640

/* Eats and without rules of the same eater and guards, as bit sets of
 * model items: broken where the eater is, some of any is and none of
 * guard is. */
struct wgroup {
	size_t eater;
	enum rule_place place;
	uint64_t *any, *guard; /* o->words each */
};

/* One kind of move: k tuples of class cls in placement from send the
 * members in members (a bit each), or the free individual item. */
struct move {
	bool free;
	size_t cls, item;
	unsigned from, members, size;
	unsigned pool;  /* the placement's count, shared by its moves */
	unsigned long long weight;
	bool rower, rows_alone; /* some member rows; rows only alone */
};

struct orbit {
	const struct model *m;
	const struct tuples *t;
	const river_solve_options *opts;
	const struct stop *until;
	unsigned width, pats;     /* members per tuple, 1 << width */
	unsigned *bits;           /* per class: the width of a count */
	unsigned *shift;          /* per class: where placement 0 counts */
	size_t *free_item;        /* individuals outside the classes */
	size_t n_free;
	unsigned free_shift, boat_shift;
	/* rules */
	size_t words;             /* of a bit set of items */
	struct wgroup *groups;
	size_t n_groups;
	const struct rule **other; /* the rest, read by their conditions */
	size_t n_other;
	bool boat_rules;
	bool audit;               /* the checking mode (system/audit.h) */
	/* scratch */
	uint64_t *present[2];
	unsigned *count[2];       /* per item, copies on each bank */
	unsigned *load;           /* per item, copies in the boat */
	unsigned char *row;       /* a labelled state (label()) */
	/* the orbits met: legal ones expand, in order */
	uint64_t *key;
	uint32_t *parent;
	bool *legal;
	uint32_t *depth;          /* crossings from the start */
	unsigned long long *paths; /* labelled paths to the orbit's states,
				      all together (when counting) */
	bool counting;
	size_t n, cap;
	struct hash_index index;  /* of the nodes by key */
	unsigned long long n_legal, limit, tried;
	struct pace pace;
	enum bfs_stop stop;
	/* the walk over loads */
	struct move moves[ORBIT_MAX_MOVES];
	unsigned n_moves;
	unsigned take[ORBIT_MAX_MOVES];
	unsigned pool_left[ORBIT_MAX_MOVES];
	unsigned pool_size[ORBIT_MAX_MOVES];
};

/* ---- Orbits as words ----------------------------------------------------- */

static unsigned width_of(size_t n)
{
	unsigned w = 0;

	while ((n >> w) != 0)
		w++;
	return w;
}

static unsigned placed(const struct orbit *o, uint64_t key, size_t c,
		       unsigned v)
{
	return (unsigned)((key >> (o->shift[c] + v * o->bits[c])) &
			  ((UINT64_C(1) << o->bits[c]) - 1));
}

static uint64_t one_placed(const struct orbit *o, size_t c, unsigned v)
{
	return UINT64_C(1) << (o->shift[c] + v * o->bits[c]);
}

static bool boat_right(const struct orbit *o, uint64_t key)
{
	return (key >> o->boat_shift) & 1;
}

/* The orbit of a placement: right[i] copies of item i on the right. */
static uint64_t key_of(const struct orbit *o, const unsigned *right,
		       int boat)
{
	const struct tuples *t = o->t;
	uint64_t key = boat > 0 ? UINT64_C(1) << o->boat_shift : 0;
	size_t c, i, f;
	unsigned k;

	for (c = 0; c < t->n_classes; c++)
		for (i = t->classes[c].first;
		     i < t->classes[c].first + t->classes[c].n; i++) {
			unsigned v = 0;

			for (k = 0; k < o->width; k++)
				v |= (right[t->item[i][k]] ? 1u : 0u) << k;
			key += one_placed(o, c, v);
		}
	for (f = 0; f < o->n_free; f++)
		if (right[o->free_item[f]])
			key |= UINT64_C(1) << (o->free_shift + f);
	return key;
}

/* A labelled state of the orbit key: per item, 1 on the right bank (the
 * class's tuples in the order of their placements), then the boat. */
static void label(const struct orbit *o, uint64_t key, unsigned char *right)
{
	const struct tuples *t = o->t;
	size_t c, f, i;
	unsigned v, k, x;

	for (c = 0; c < t->n_classes; c++)
		for (v = 0, i = t->classes[c].first; v < o->pats; v++)
			for (x = placed(o, key, c, v); x > 0; x--, i++)
				for (k = 0; k < o->width; k++)
					right[t->item[i][k]] = (v >> k) & 1;
	for (f = 0; f < o->n_free; f++)
		right[o->free_item[f]] = (key >> (o->free_shift + f)) & 1;
	right[o->m->n_items] = boat_right(o, key);
}

/* ---- Rules ---------------------------------------------------------------- */

static void set_bit(uint64_t *set, size_t i)
{
	set[i / 64] |= UINT64_C(1) << (i % 64);
}

static bool has_bit(const uint64_t *set, size_t i)
{
	return (set[i / 64] >> (i % 64)) & 1;
}

static bool meets(const uint64_t *a, const uint64_t *b, size_t words)
{
	size_t w;

	for (w = 0; w < words; w++)
		if (a[w] & b[w])
			return true;
	return false;
}

static int orbit_compile_rules(struct orbit *o)
{
	const struct model *m = o->m;
	uint64_t *guard = calloc(o->words, sizeof *guard);
	size_t r, g, k;
	int rc = RIVER_OK;

	o->groups = calloc(m->n_rules ? m->n_rules : 1, sizeof *o->groups);
	o->other = calloc(m->n_rules ? m->n_rules : 1, sizeof *o->other);
	if (!guard || !o->groups || !o->other)
		rc = RIVER_ENOMEM;
	for (r = 0; rc == RIVER_OK && r < m->n_rules; r++) {
		const struct rule *rule = &m->rules[r];

		if (rule->place & PLACE_BOAT)
			o->boat_rules = true;
		if (!(rule->place & PLACE_BANKS))
			continue;
		if (rule->kind != RULE_EATS && rule->kind != RULE_WITHOUT) {
			o->other[o->n_other++] = rule;
			continue;
		}
		memset(guard, 0, o->words * sizeof *guard);
		for (k = 0; k < rule->n_guards; k++)
			set_bit(guard, rule->guards[k]);
		for (g = 0; g < o->n_groups; g++)
			if (o->groups[g].eater == rule->a &&
			    memcmp(o->groups[g].guard, guard,
				   o->words * sizeof *guard) == 0)
				break;
		if (g == o->n_groups) {
			struct wgroup *gr = &o->groups[o->n_groups++];

			gr->eater = rule->a;
			gr->place = PLACE_BANKS;
			gr->any = calloc(2 * o->words, sizeof *gr->any);
			if (!gr->any) {
				rc = RIVER_ENOMEM;
				break;
			}
			gr->guard = gr->any + o->words;
			memcpy(gr->guard, guard, o->words * sizeof *guard);
		}
		set_bit(o->groups[g].any, rule->b);
	}
	free(guard);
	return rc;
}

/* Is the bank whose items are the bits of present, with count[i]
 * copies of each, legal? */
static bool bank_legal(const struct orbit *o, const uint64_t *present,
		       const unsigned *count)
{
	size_t g, r;

	for (g = 0; g < o->n_groups; g++) {
		const struct wgroup *gr = &o->groups[g];

		if (has_bit(present, gr->eater) &&
		    meets(present, gr->any, o->words) &&
		    !meets(present, gr->guard, o->words))
			return false;
	}
	for (r = 0; r < o->n_other; r++)
		if (cond_holds(o->other[r]->cond, count))
			return false;
	return true;
}

/* Are both banks of the orbit key legal? */
static bool orbit_legal(struct orbit *o, uint64_t key)
{
	const struct model *m = o->m;
	unsigned char *right = o->row;
	size_t i;
	unsigned b;

	label(o, key, right);
	for (b = 0; b < 2; b++)
		memset(o->present[b], 0, o->words * sizeof *o->present[b]);
	for (i = 0; i < m->n_items; i++) {
		set_bit(o->present[right[i]], i);
		o->count[1][i] = right[i];
		o->count[0][i] = !right[i];
	}
	if (o->audit) {
		bool legal = bank_legal(o, o->present[0], o->count[0]) &&
			     bank_legal(o, o->present[1], o->count[1]);
		bool on_right;
		long r = model_violation(m, o->count[1], &on_right);

		if ((r < 0) != legal)
			audit_fail_model(m, o->count[1], right[m->n_items],
					 "the orbit search calls the state %s, "
					 "but %s", legal ? "legal" : "illegal",
					 r < 0 ? "no rule is broken"
					       : m->rules[r].text);
		return legal;
	}
	return bank_legal(o, o->present[0], o->count[0]) &&
	       bank_legal(o, o->present[1], o->count[1]);
}

/* ---- Loads ---------------------------------------------------------------- */

/* The kinds of move from the boat's bank in key. */
static void list_moves(struct orbit *o, uint64_t key)
{
	const struct model *m = o->m;
	const struct tuples *t = o->t;
	unsigned side = boat_right(o, key), on, s, k, n = 0, pool = 0;
	size_t c, f;

	for (c = 0; c < t->n_classes; c++) {
		const size_t *members = t->item[t->classes[c].first];
		unsigned v;

		for (v = 0; v < o->pats; v++) {
			if (placed(o, key, c, v) == 0)
				continue;
			on = side ? v : ~v & (o->pats - 1);
			for (s = on; s > 0; s = (s - 1) & on) {
				struct move *mv = &o->moves[n++];

				memset(mv, 0, sizeof *mv);
				mv->cls = c;
				mv->from = v;
				mv->members = s;
				mv->pool = pool;
				for (k = 0; k < o->width; k++) {
					const struct item *it;

					if (!((s >> k) & 1))
						continue;
					it = &m->items[members[k]];
					mv->size++;
					mv->weight += it->weight;
					mv->rower |= it->rows && !it->rows_alone;
					mv->rows_alone |= it->rows && it->rows_alone;
				}
			}
			o->pool_size[pool] = placed(o, key, c, v);
			o->pool_left[pool++] = placed(o, key, c, v);
		}
	}
	for (f = 0; f < o->n_free; f++) {
		const struct item *it = &m->items[o->free_item[f]];
		struct move *mv;

		if (((key >> (o->free_shift + f)) & 1) != side)
			continue;
		mv = &o->moves[n++];
		memset(mv, 0, sizeof *mv);
		mv->free = true;
		mv->item = o->free_item[f];
		mv->cls = f;
		mv->size = 1;
		mv->weight = it->weight;
		mv->rower = it->rows && !it->rows_alone;
		mv->rows_alone = it->rows && it->rows_alone;
		mv->pool = pool;
		o->pool_size[pool] = 1;
		o->pool_left[pool++] = 1;
	}
	o->n_moves = n;
}

/* The orbit the moves taken (take[]) reach from key. */
static uint64_t after(const struct orbit *o, uint64_t key)
{
	unsigned i;

	for (i = 0; i < o->n_moves; i++) {
		const struct move *mv = &o->moves[i];

		if (!o->take[i])
			continue;
		if (mv->free) {
			key ^= UINT64_C(1) << (o->free_shift + mv->cls);
			continue;
		}
		key -= o->take[i] * one_placed(o, mv->cls, mv->from);
		key += o->take[i] * one_placed(o, mv->cls,
					       mv->from ^ mv->members);
	}
	return key ^ (UINT64_C(1) << o->boat_shift);
}

/* The load taken, labelled, in o->load (which the caller clears): the
 * tuples that board are the first of their placement in label()'s
 * order. */
static void load_of(struct orbit *o, uint64_t key)
{
	const struct tuples *t = o->t;
	unsigned used[ORBIT_MAX_MOVES] = {0};
	size_t i;
	unsigned j, k, x;

	for (j = 0; j < o->n_moves; j++) {
		const struct move *mv = &o->moves[j];
		size_t first;
		unsigned v;

		if (!o->take[j])
			continue;
		if (mv->free) {
			o->load[mv->item] = 1;
			continue;
		}
		first = t->classes[mv->cls].first;
		for (v = 0; v < mv->from; v++)
			first += placed(o, key, mv->cls, v);
		for (x = 0; x < o->take[j]; x++) {
			i = first + used[mv->pool]++;
			for (k = 0; k < o->width; k++)
				if ((mv->members >> k) & 1)
					o->load[t->item[i][k]] = 1;
		}
	}
}

/* Does the load taken break a rule in the boat? */
static bool boat_broken(struct orbit *o, uint64_t key)
{
	bool broken;

	load_of(o, key);
	broken = model_boat_violation(o->m, o->load) >= 0;
	memset(o->load, 0, o->m->n_items * sizeof *o->load);
	return broken;
}

/* Called for each legal load from key with the orbit it reaches;
 * returns 0 to go on, else stops the walk with that value. */
typedef int (*visit_fn)(struct orbit *o, uint64_t from, uint64_t to,
			void *ctx);

/* The loads from move i on, with seats left and so far passengers of
 * total weight, with or without a rower (one that rows only alone
 * counts when it is the only passenger). */
static int walk(struct orbit *o, uint64_t key, unsigned i, unsigned seats,
		unsigned passengers, unsigned long long weight, bool rower,
		bool alone_rower, visit_fn visit, void *ctx)
{
	const struct model *m = o->m;
	struct move *mv;
	unsigned k, most;
	int rc;

	if (i == o->n_moves) {
		if (passengers == 0 ||
		    !(rower || (alone_rower && passengers == 1)))
			return 0;
		if (m->load_limit && weight > m->load_limit)
			return 0;
		o->tried++;
		if (o->boat_rules && boat_broken(o, key))
			return 0;
		return visit(o, key, after(o, key), ctx);
	}
	mv = &o->moves[i];
	most = seats / mv->size;
	if (most > o->pool_left[mv->pool])
		most = o->pool_left[mv->pool];
	for (k = 0; k <= most; k++) {
		o->take[i] = k;
		o->pool_left[mv->pool] -= k;
		rc = walk(o, key, i + 1, seats - k * mv->size,
			  passengers + k * mv->size, weight + k * mv->weight,
			  rower || (k && mv->rower),
			  alone_rower || (k && mv->rows_alone), visit, ctx);
		o->pool_left[mv->pool] += k;
		if (rc)
			return rc;
		/* A load over the weight limit only gets heavier. */
		if (m->load_limit && weight + k * mv->weight > m->load_limit)
			break;
	}
	o->take[i] = 0;
	return 0;
}

/* The checking mode's record of the orbits a walk or the plain meaning
 * reaches from the orbit from, labelled right. */
struct audit_keys {
	struct orbit *o;
	uint64_t from;
	const unsigned *right;
	struct loads keys;  /* the orbits, each once */
};

static bool audit_has(const struct audit_keys *a, uint64_t key)
{
	size_t i;

	for (i = 0; i < a->keys.n; i++)
		if (a->keys.delta[i] == key)
			return true;
	return false;
}

static int audit_key(struct audit_keys *a, uint64_t key)
{
	return audit_has(a, key) ? 0 : loads_push(&a->keys, key);
}

/* The first load of the walk into each orbit, labelled: the plain
 * meaning must allow it, and it must reach the orbit the walk says.
 * (The others into the same orbit are its images under the tuples'
 * exchanges, which the rules do not tell apart.) */
static int audit_walked(struct orbit *o, uint64_t from, uint64_t to,
			void *ctx)
{
	struct audit_keys *a = ctx;
	const struct model *m = o->m;
	unsigned before[MODEL_MAX_ITEMS], after[MODEL_MAX_ITEMS];
	unsigned right[MODEL_MAX_ITEMS];
	bool side = a->right[m->n_items];
	struct plan_track track;
	char reason[256];
	size_t i;

	if (audit_has(a, to))
		return 0;
	load_of(o, from);
	for (i = 0; i < m->n_items; i++) {
		before[i] = side ? a->right[i] : 1 - a->right[i];
		after[i] = before[i] - o->load[i];
		right[i] = side ? after[i] : 1 - after[i];
	}
	memset(o->load, 0, m->n_items * sizeof *o->load);
	plan_track_init(&track);
	if (!model_crossing_legal(m, before, after, &track, reason,
				  sizeof reason))
		audit_fail_model(m, a->right, side, "the orbit search takes a "
				 "load the rules forbid: %s", reason);
	if (key_of(o, right, !side) != to)
		audit_fail_model(m, a->right, side, "the orbit search's load "
				 "reaches another orbit than its own");
	return audit_key(a, to);
}

static int audit_plain(void *ctx, const unsigned *right)
{
	struct audit_keys *a = ctx;

	return audit_key(a, key_of(a->o, right, !a->right[a->o->m->n_items]));
}

/* Every load the walk takes from key is legal and reaches the orbit it
 * says; and, where the loads are few enough to try each, the orbits
 * they reach are those of every load the plain meaning allows. */
static int audit_orbit_loads(struct orbit *o, uint64_t key)
{
	const struct model *m = o->m;
	unsigned right[MODEL_MAX_ITEMS + 1], before[MODEL_MAX_ITEMS];
	struct audit_keys walked = {o, key, right, {NULL, 0, 0}};
	struct audit_keys plain = {o, key, right, {NULL, 0, 0}};
	struct plan_track track;
	size_t i;
	int rc;

	label(o, key, o->row);
	for (i = 0; i <= m->n_items; i++)
		right[i] = o->row[i];
	for (i = 0; i < m->n_items; i++)
		before[i] = right[m->n_items] ? right[i]
					      : m->items[i].copies - right[i];
	memset(o->take, 0, o->n_moves * sizeof *o->take);
	rc = walk(o, key, 0, m->seats, 0, 0, false, false, audit_walked,
		  &walked);
	if (rc == RIVER_OK && !audit_too_many_loads(m, before)) {
		plan_track_init(&track);
		rc = audit_model_successors(m, right, right[m->n_items],
					    &track, AUDIT_ANY_BANKS,
					    audit_plain, &plain);
		for (i = 0; rc == RIVER_OK && i < plain.keys.n; i++)
			if (!audit_has(&walked, plain.keys.delta[i]))
				audit_fail_model(m, right, right[m->n_items],
						 "the orbit search's loads miss "
						 "an orbit the rules reach");
		if (rc == RIVER_OK && plain.keys.n != walked.keys.n)
			audit_fail_model(m, right, right[m->n_items],
					 "the orbit search's loads reach an "
					 "orbit the rules do not");
	}
	loads_release(&walked.keys);
	loads_release(&plain.keys);
	return rc;
}

static int each_load(struct orbit *o, uint64_t key, visit_fn visit, void *ctx)
{
	int rc;

	list_moves(o, key);
	if (o->audit && (rc = audit_orbit_loads(o, key)) != RIVER_OK)
		return rc;
	memset(o->take, 0, o->n_moves * sizeof *o->take);
	return walk(o, key, 0, o->m->seats, 0, 0, false, false, visit, ctx);
}

/* The labelled states of the orbit key: per class, the arrangements of
 * its tuples by placement (as tuples_states). */
static unsigned long long orbit_states(const struct orbit *o, uint64_t key)
{
	unsigned count[1u << TUPLES_MAX_WIDTH], v;
	unsigned long long states = 1;
	size_t c;

	for (c = 0; c < o->t->n_classes; c++) {
		for (v = 0; v < o->pats; v++)
			count[v] = placed(o, key, c, v);
		states = mul_saturating(states,
					multinomial_saturating(count, o->pats));
	}
	return states;
}

/* ---- The orbits met ------------------------------------------------------ */

static uint64_t hash_key(uint64_t key)
{
	return hash_words(&key, 1);
}

struct orbit_key {
	const struct orbit *o;
	uint64_t key;
};

static bool same_key(const void *ctx, size_t node)
{
	const struct orbit_key *k = ctx;

	return k->o->key[node] == k->key;
}

/* The node of key, or HASH_INDEX_NONE. */
static size_t find(const struct orbit *o, uint64_t key)
{
	struct orbit_key k = {o, key};

	return hash_index_find(&o->index, hash_key(key), same_key, &k, NULL);
}

static int add(struct orbit *o, uint64_t key, uint32_t parent, bool legal,
	       uint32_t depth, unsigned long long paths)
{
	if (o->n == o->cap) {
		const struct grow_array cols[] = {
			{&o->key, sizeof *o->key},
			{&o->parent, sizeof *o->parent},
			{&o->legal, sizeof *o->legal},
			{&o->depth, sizeof *o->depth},
			{&o->paths, sizeof *o->paths}};

		if (arrays_grow(&o->cap, o->n + 1, cols, 5) != RIVER_OK)
			return RIVER_ENOMEM;
	}
	if (hash_index_reserve(&o->index, o->n + 1) != RIVER_OK)
		return RIVER_ENOMEM;
	hash_index_add(&o->index, hash_key(key), o->n);
	o->key[o->n] = key;
	o->parent[o->n] = parent;
	o->legal[o->n] = legal;
	o->depth[o->n] = depth;
	o->paths[o->n] = paths;
	o->n++;
	o->n_legal += legal;
	return RIVER_OK;
}

/* ---- The search ------------------------------------------------------------ */

struct expand {
	uint32_t from;
	uint64_t goal, goal_mask;
	size_t found; /* the first goal's node, or 0 */
	unsigned long long explored; /* legal orbits when it was found */
};

/* How many labelled crossings from a state of the orbit the load taken
 * stands for: per placement, the ways to choose which of its tuples
 * send which members. */
static unsigned long long ways(const struct orbit *o)
{
	unsigned left[ORBIT_MAX_MOVES], j;
	unsigned long long w = 1;

	for (j = 0; j < o->n_moves; j++)
		left[o->moves[j].pool] = o->pool_size[o->moves[j].pool];
	for (j = 0; j < o->n_moves; j++) {
		unsigned p = o->moves[j].pool;

		if (!o->take[j])
			continue;
		w = mul_saturating(w, binomial_saturating(left[p], o->take[j]));
		left[p] -= o->take[j];
	}
	return w;
}

static int expand_to(struct orbit *o, uint64_t from, uint64_t to, void *ctx)
{
	struct expand *e = ctx;
	uint32_t depth = o->depth[e->from] + 1;
	unsigned long long paths = 0;
	size_t known;
	bool legal;
	int rc;

	(void)from;
	if (o->counting)
		paths = mul_saturating(o->paths[e->from], ways(o));
	known = find(o, to);
	if (known != HASH_INDEX_NONE) {
		/* Another way into an orbit of the next level. */
		if (o->counting && o->legal[known] && o->depth[known] == depth)
			o->paths[known] = add_saturating(o->paths[known], paths);
		return 0;
	}
	legal = orbit_legal(o, to);
	if (legal && o->n_legal >= o->limit) {
		o->stop = STOP_STATES;
		return RIVER_ELIMIT;
	}
	if (!legal && o->n - o->n_legal >= ORBIT_BROKEN_PER_STATE * o->limit) {
		o->stop = STOP_TRIED;
		return RIVER_ELIMIT;
	}
	rc = add(o, to, e->from, legal, depth, paths);
	if (rc != RIVER_OK)
		return rc;
	if (legal && (to & e->goal_mask) == e->goal && !e->found) {
		e->found = o->n - 1;
		e->explored = o->n_legal;
		/* A count goes on to the end of the goal's level. */
		return o->counting ? 0 : 1;
	}
	return 0;
}

static int run(struct orbit *o, struct expand *e)
{
	size_t head, level_end = 1;
	unsigned depth = 0;
	int rc;

	for (head = 0; head < o->n; head++) {
		if (head == level_end) {
			depth++;
			level_end = o->n;
		}
		if (e->found && o->depth[head] >= o->depth[e->found])
			return RIVER_OK;
		if (!o->legal[head])
			continue;
		if (pace_look(&o->pace, head, o->tried)) {
			if ((rc = stop_check(o->until)) != RIVER_OK)
				return rc;
			if (o->opts->progress && pace_due(&o->pace, head))
				pace_report(o->opts, o->n_legal, o->n - head,
					    depth);
		}
		e->from = (uint32_t)head;
		rc = each_load(o, o->key[head], expand_to, e);
		if (rc == 1)
			return RIVER_OK;
		if (rc != RIVER_OK)
			return rc;
		if (o->tried > ORBIT_TRIES_PER_STATE * o->limit) {
			o->stop = STOP_TRIED;
			return RIVER_ELIMIT;
		}
	}
	return RIVER_OK;
}

/* ---- A labelled plan --------------------------------------------------------- */

struct lift {
	uint64_t to;
	unsigned char *tuple_at; /* per tuple: its placement now */
	unsigned char *row;      /* the state reached, labelled */
};

/* Make the load taken, which reaches l->to, labelled: the first tuples
 * of each placement (in the order of the classes) send their members. */
static int lift_to(struct orbit *o, uint64_t from, uint64_t to, void *ctx)
{
	const struct tuples *t = o->t;
	struct lift *l = ctx;
	unsigned j, k, x;
	size_t i;

	(void)from;
	if (to != l->to)
		return 0;
	for (j = 0; j < o->n_moves; j++) {
		const struct move *mv = &o->moves[j];
		const struct tuple_class *c;

		if (!o->take[j])
			continue;
		if (mv->free) {
			l->row[mv->item] ^= 1;
			continue;
		}
		c = &t->classes[mv->cls];
		/* Tuples moved by an earlier move of this crossing have
		 * left placement from: each tuple moves once. */
		for (i = c->first, x = 0; x < o->take[j]; i++) {
			if (l->tuple_at[i] != mv->from)
				continue;
			l->tuple_at[i] = (unsigned char)((mv->from ^ mv->members) | 0x80);
			for (k = 0; k < o->width; k++)
				if ((mv->members >> k) & 1)
					l->row[t->item[i][k]] ^= 1;
			x++;
		}
	}
	for (i = 0; i < t->n; i++)
		l->tuple_at[i] &= 0x7f;
	l->row[o->m->n_items] ^= 1;
	return 1;
}

static int lift_path(struct orbit *o, size_t goal, struct orbit_plan *out)
{
	const struct tuples *t = o->t;
	size_t row = o->m->n_items + 1, len = 1, i, s;
	struct lift l;
	uint64_t *path;
	unsigned k;
	int rc = RIVER_OK;

	for (i = goal; i != 0; i = o->parent[i])
		len++;
	path = malloc(len * sizeof *path);
	out->right = malloc(len * row);
	l.tuple_at = malloc(t->n ? t->n : 1);
	if (!path || !out->right || !l.tuple_at) {
		free(path);
		free(l.tuple_at);
		return RIVER_ENOMEM;
	}
	path[0] = o->key[0]; /* the start: where every path ends */
	for (i = goal, s = len; s-- > 1; i = o->parent[i])
		path[s] = o->key[i];
	label(o, path[0], out->right);
	for (i = 0; i < t->n; i++) {
		unsigned v = 0;

		for (k = 0; k < o->width; k++)
			v |= (unsigned)out->right[t->item[i][k]] << k;
		l.tuple_at[i] = (unsigned char)v;
	}
	for (s = 1; s < len && rc == RIVER_OK; s++) {
		l.to = path[s];
		l.row = out->right + s * row;
		memcpy(l.row, l.row - row, row);
		rc = each_load(o, path[s - 1], lift_to, &l);
		rc = rc == 1 ? RIVER_OK : rc == RIVER_ENOMEM ? rc
					: RIVER_EINTERNAL;
	}
	out->n_states = len;
	free(path);
	free(l.tuple_at);
	return rc;
}

/* ---- Setting up ---------------------------------------------------------- */

static bool in_class(const struct tuples *t, size_t item)
{
	size_t i;
	unsigned k;

	for (i = 0; i < t->n; i++)
		for (k = 0; k < t->width; k++)
			if (t->item[i][k] == item)
				return true;
	return false;
}

/* The bits an orbit takes: a count per class and placement, a bit per
 * free individual, the boat's. */
static unsigned orbit_bits(const struct model *m, const struct tuples *t)
{
	unsigned bits = 1;
	size_t c, i;

	for (c = 0; c < t->n_classes; c++)
		bits += (1u << t->width) * width_of(t->classes[c].n);
	for (i = 0; i < m->n_items; i++)
		bits += !in_class(t, i);
	return bits;
}

bool orbit_fits(const struct model *m, const struct tuples *t)
{
	size_t i, moves;

	if (!t || t->n_classes == 0 || m->loads || m->has_margin ||
	    m->minimize_time || m->has_time_limit || model_timed(m) ||
	    m->start.boat < 0)
		return false;
	for (i = 0; i < m->n_items; i++)
		if (m->items[i].is_kind || m->items[i].copies != 1 ||
		    m->items[i].row_every)
			return false;
	moves = t->n_classes * (1u << t->width) * (1u << t->width);
	for (i = 0; i < m->n_items; i++)
		moves += !in_class(t, i);
	return moves <= ORBIT_MAX_MOVES && orbit_bits(m, t) <= 63;
}

static void orbit_release(struct orbit *o)
{
	size_t g;

	for (g = 0; o->groups && g < o->n_groups; g++)
		free(o->groups[g].any);
	free(o->groups);
	free(o->other);
	free(o->bits);
	free(o->shift);
	free(o->free_item);
	free(o->present[0]);
	free(o->count[0]);
	free(o->load);
	free(o->row);
	free(o->key);
	free(o->parent);
	free(o->legal);
	free(o->depth);
	free(o->paths);
	hash_index_release(&o->index);
}

static int orbit_init(struct orbit *o, const struct model *m,
		      const struct tuples *t)
{
	size_t c, i, n = m->n_items;
	unsigned at = 0;

	o->m = m;
	o->t = t;
	o->width = t->width;
	o->pats = 1u << t->width;
	o->words = (n + 63) / 64;
	o->bits = calloc(t->n_classes, sizeof *o->bits);
	o->shift = calloc(t->n_classes, sizeof *o->shift);
	o->free_item = calloc(n, sizeof *o->free_item);
	o->present[0] = calloc(2 * o->words, sizeof *o->present[0]);
	o->count[0] = calloc(2 * n, sizeof *o->count[0]);
	o->load = calloc(n + 1, sizeof *o->load);
	o->row = calloc(n + 1, 1);
	if (!o->bits || !o->shift || !o->free_item || !o->present[0] ||
	    !o->count[0] || !o->load || !o->row)
		return RIVER_ENOMEM;
	o->present[1] = o->present[0] + o->words;
	o->count[1] = o->count[0] + n;
	for (c = 0; c < t->n_classes; c++) {
		o->bits[c] = width_of(t->classes[c].n);
		o->shift[c] = at;
		at += o->pats * o->bits[c];
	}
	o->free_shift = at;
	for (i = 0; i < n; i++)
		if (!in_class(t, i))
			o->free_item[o->n_free++] = i;
	o->boat_shift = at + (unsigned)o->n_free;
	return orbit_compile_rules(o);
}

int orbit_search(const struct model *m, const struct tuples *t,
		 const river_solve_options *opts, const struct stop *stop,
		 struct orbit_plan *out, river_diag *diag)
{
	struct orbit o;
	struct expand e;
	uint64_t start;
	int rc;

	memset(out, 0, sizeof *out);
	memset(&o, 0, sizeof o);
	o.audit = audit_requested();
	memset(&e, 0, sizeof e);
	o.opts = opts;
	o.until = stop;
	o.counting = opts->count != 0;
	pace_init(&o.pace);
	o.limit = bfs_state_limit(opts, UINT32_MAX / (ORBIT_BROKEN_PER_STATE + 1));
	rc = orbit_init(&o, m, t);
	if (rc == RIVER_OK) {
		start = key_of(&o, m->start.right, m->start.boat);
		e.goal = key_of(&o, m->goal.right, m->goal.boat);
		e.goal_mask = m->goal.boat < 0
			      ? ~(UINT64_C(1) << o.boat_shift) : ~UINT64_C(0);
		rc = add(&o, start, 0, orbit_legal(&o, start), 0, 1);
	}
	if (rc == RIVER_OK && (start & e.goal_mask) != e.goal && o.legal[0])
		rc = run(&o, &e);
	else if (rc == RIVER_OK && o.legal[0])
		e.found = 0, out->solved = true;
	out->explored = e.found ? e.explored : o.n_legal;
	if (rc == RIVER_OK) {
		size_t i;

		out->solved = out->solved || e.found != 0;
		/* Unsolved, every legal orbit met is reachable. */
		out->in_all = out->solved ? out->explored : 0;
		for (i = 0; !out->solved && i < o.n; i++)
			if (o.legal[i])
				out->in_all = add_saturating(
					out->in_all, orbit_states(&o, o.key[i]));
		/* The goal's orbits are single states: their paths are the
		 * labelled plans. */
		for (i = e.found; o.counting && out->solved && i < o.n; i++)
			if (o.legal[i] && o.depth[i] == o.depth[e.found] &&
			    (o.key[i] & e.goal_mask) == e.goal)
				out->count = add_saturating(out->count,
							    o.paths[i]);
		rc = lift_path(&o, out->solved ? e.found : 0, out);
		if (rc == RIVER_EINTERNAL)
			diag_set(diag, rc, NULL, NULL, "internal error: an orbit "
				 "plan did not lift to a labelled plan");
	}
	if (rc != RIVER_OK && rc != RIVER_EINTERNAL) {
		struct bfs_tally tally = {o.stop, o.limit, o.n_legal, o.tried};

		bfs_diag(rc, &tally, stop, diag);
	}
	if (rc != RIVER_OK) {
		free(out->right);
		out->right = NULL;
	}
	orbit_release(&o);
	return rc;
}
