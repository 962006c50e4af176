#include "system/tuples.h"

#include <stdlib.h>
#include <string.h>

#include "system/symmetry.h"
#include "util/saturate.h"

/* ---- Candidate tuples ---------------------------------------------------- */

/* A grouping of items into n tuples of width items: item[t][k] is the
 * k-th member of tuple t. */
struct grouping {
	unsigned width;
	size_t n;
	size_t item[MODEL_MAX_ITEMS][TUPLES_MAX_WIDTH];
};

/* The length of the family part of name ("wife" in "wife2", as
 * husband[1..n] names its items), or 0 when name is not numbered. */
static size_t family_len(const char *name)
{
	size_t len = strlen(name);

	while (len > 0 && name[len - 1] >= '0' && name[len - 1] <= '9')
		len--;
	return len == strlen(name) ? 0 : len;
}

static bool individual(const struct model *m, size_t i)
{
	return !m->items[i].is_kind && m->items[i].copies == 1;
}

/* Is item i a numbered member of item f's family? */
static bool same_family(const struct model *m, size_t f, size_t i)
{
	size_t len = family_len(m->items[f].name);

	return len && family_len(m->items[i].name) == len &&
	       strncmp(m->items[f].name, m->items[i].name, len) == 0;
}

/* Do items i and j have the same index ("2")? */
static bool same_index(const struct model *m, size_t i, size_t j)
{
	return strcmp(m->items[i].name + family_len(m->items[i].name),
		      m->items[j].name + family_len(m->items[j].name)) == 0;
}

/* Is the family of item f, member for member, individuals with the
 * indexes of the family of item first? */
static bool family_like(const struct model *m, size_t first, size_t f)
{
	size_t i = first, j = f;

	for (;;) {
		while (i < m->n_items && !same_family(m, first, i))
			i++;
		while (j < m->n_items && !same_family(m, f, j))
			j++;
		if (i == m->n_items || j == m->n_items)
			return i == j;
		if (!individual(m, j) || !same_index(m, i, j))
			return false;
		i++;
		j++;
	}
}

/* Tuples by numbered families: the families like the first numbered one
 * (two to four of them, the first included) make tuple i of their i-th
 * members.  False when the names do not say. */
static bool by_families(const struct model *m, struct grouping *g)
{
	size_t fam[TUPLES_MAX_WIDTH], first = m->n_items, i, k, n = 0;
	unsigned w = 0;

	for (i = 0; i < m->n_items && first == m->n_items; i++)
		if (individual(m, i) && family_len(m->items[i].name))
			first = i;
	if (first == m->n_items)
		return false;
	for (i = first; i < m->n_items; i++)
		n += same_family(m, first, i);
	for (i = first; i < m->n_items; i++) {
		if (!individual(m, i) || !family_len(m->items[i].name))
			continue;
		for (k = 0; k < w; k++)
			if (same_family(m, fam[k], i))
				break;
		if (k < w || !family_like(m, first, i))
			continue;
		if (w == TUPLES_MAX_WIDTH)
			return false;
		fam[w++] = i;
	}
	if (w < 2 || n < 2)
		return false;
	g->width = w;
	g->n = n;
	for (k = 0; k < w; k++) {
		size_t t = 0;

		for (i = fam[k]; i < m->n_items; i++)
			if (same_family(m, fam[k], i))
				g->item[t++][k] = i;
	}
	return true;
}

/* Tuples as runs of width consecutive items from the first. */
static bool by_runs(const struct model *m, unsigned width, struct grouping *g)
{
	size_t i, t;

	g->width = width;
	g->n = m->n_items / width;
	if (g->n < 2)
		return false;
	for (t = 0; t < g->n; t++)
		for (i = 0; i < width; i++) {
			if (!individual(m, t * width + i))
				return false;
			g->item[t][i] = t * width + i;
		}
	return true;
}

/* ---- Classes of tuples -------------------------------------------------- */

/* May tuples a and b of g be exchanged, member for member? */
static bool tuples_swappable(const struct model *m, const struct grouping *g,
			     size_t a, size_t b)
{
	size_t perm[MODEL_MAX_ITEMS + 1], x;
	unsigned k;

	for (x = 0; x < m->n_items; x++)
		perm[x] = x;
	for (k = 0; k < g->width; k++) {
		perm[g->item[a][k]] = g->item[b][k];
		perm[g->item[b][k]] = g->item[a][k];
	}
	return symmetry_invariant(m, perm);
}

/* The classes of two or more of g's tuples, into t, each class's tuples
 * together.  RIVER_OK or RIVER_ENOMEM. */
static int classes_of(struct tuples *t, struct arena *arena,
		      const struct model *m, const struct grouping *g)
{
	size_t rep[MODEL_MAX_ITEMS], i, r, at = 0;
	unsigned k;

	for (i = 0; i < g->n; i++) {
		rep[i] = i;
		/* Exchanges compose: one tuple of a class stands for all. */
		for (r = 0; r < i; r++)
			if (rep[r] == r && tuples_swappable(m, g, r, i)) {
				rep[i] = r;
				break;
			}
	}
	t->bit = arena_alloc(arena, g->n * sizeof *t->bit);
	t->item = arena_alloc(arena, g->n * sizeof *t->item);
	t->classes = arena_alloc(arena, g->n * sizeof *t->classes);
	if (!t->bit || !t->item || !t->classes)
		return RIVER_ENOMEM;
	t->width = g->width;
	t->n_classes = 0;
	for (r = 0; r < g->n; r++) {
		struct tuple_class *c = &t->classes[t->n_classes];
		size_t n = 0;

		if (rep[r] != r)
			continue;
		for (i = r; i < g->n; i++)
			n += rep[i] == r;
		if (n < 2)
			continue;
		c->first = at;
		c->n = n;
		c->mask = 0;
		for (i = r; i < g->n; i++) {
			if (rep[i] != r)
				continue;
			for (k = 0; k < g->width; k++) {
				t->item[at][k] = g->item[i][k];
				if (!t->sys)
					continue;
				t->bit[at][k] = t->sys->slots[g->item[i][k]].index;
				c->mask |= UINT64_C(1) << t->bit[at][k];
			}
			at++;
		}
		t->n_classes++;
	}
	t->n = at;
	return RIVER_OK;
}

int tuples_build(const struct tuples **out, struct arena *arena,
		 const struct model *m, const struct system *sys)
{
	struct grouping *g = malloc(sizeof *g);
	struct tuples *t = arena_alloc(arena, sizeof *t);
	unsigned width = 1;
	bool found;
	int rc = g && t ? RIVER_OK : RIVER_ENOMEM;

	*out = NULL;
	if (rc == RIVER_OK)
		t->sys = sys;
	/* The names first; failing them, runs of 2 to 4 items. */
	found = rc == RIVER_OK && by_families(m, g);
	while (rc == RIVER_OK && !*out && width <= TUPLES_MAX_WIDTH) {
		if (found)
			rc = classes_of(t, arena, m, g);
		if (rc == RIVER_OK && found && t->n_classes)
			*out = t;
		found = ++width <= TUPLES_MAX_WIDTH && by_runs(m, width, g);
	}
	free(g);
	return rc;
}

/* ---- Canonical states ---------------------------------------------------- */

/* The placement of tuple i in s: bit k for its k-th member. */
static unsigned placement(const struct tuples *t, size_t i, state_t s)
{
	unsigned k, key = 0;

	for (k = 0; k < t->width; k++)
		key |= (unsigned)((s >> t->bit[i][k]) & 1) << k;
	return key;
}

/* The bits that give tuple i placement key. */
static state_t place(const struct tuples *t, size_t i, unsigned key)
{
	state_t bits = 0;
	unsigned k;

	for (k = 0; k < t->width; k++)
		bits |= (state_t)((key >> k) & 1) << t->bit[i][k];
	return bits;
}

state_t tuples_canonical(const struct tuples *t, state_t s)
{
	size_t ci, i;

	for (ci = 0; ci < t->n_classes; ci++) {
		const struct tuple_class *c = &t->classes[ci];
		unsigned count[1u << TUPLES_MAX_WIDTH] = {0}, v;
		state_t out = s & ~c->mask;

		for (i = 0; i < c->n; i++)
			count[placement(t, c->first + i, s)]++;
		for (v = 0, i = c->first; v < 1u << t->width; v++)
			for (; count[v] > 0; count[v]--)
				out |= place(t, i++, v);
		s = out;
	}
	return s;
}

unsigned long long tuples_states(const struct tuples *t, state_t s)
{
	unsigned long long states = 1;
	size_t ci, i;

	for (ci = 0; ci < t->n_classes; ci++) {
		const struct tuple_class *c = &t->classes[ci];
		unsigned count[1u << TUPLES_MAX_WIDTH] = {0};

		for (i = 0; i < c->n; i++)
			count[placement(t, c->first + i, s)]++;
		states = mul_saturating(states, multinomial_saturating(
				count, (size_t)1 << t->width));
	}
	return states;
}

/* ---- Lifting ------------------------------------------------------------- */

/* The tuples of class c in s in the order of the canonical state: by
 * placement, then by number.  order[j] is the tuple whose placement
 * the class's j-th tuple has in tuples_canonical(s). */
static void sort_class(const struct tuples *t, const struct tuple_class *c,
		       state_t s, size_t *order)
{
	size_t at[(1u << TUPLES_MAX_WIDTH) + 1] = {0}, i;
	unsigned key[MODEL_MAX_ITEMS], v;

	for (i = 0; i < c->n; i++) {
		key[i] = placement(t, c->first + i, s);
		at[key[i] + 1]++;
	}
	for (v = 0; v < 1u << t->width; v++)
		at[v + 1] += at[v];
	for (i = 0; i < c->n; i++)
		order[at[key[i]]++] = c->first + i;
}

/* x with each class's j-th tuple's placement given to tuple order[j]:
 * sort_class's permutation undone, applied to x. */
static state_t unsort(const struct tuples *t, const size_t *order, state_t x)
{
	size_t ci, j;

	for (ci = 0; ci < t->n_classes; ci++) {
		const struct tuple_class *c = &t->classes[ci];
		state_t out = x & ~c->mask;

		for (j = 0; j < c->n; j++)
			out |= place(t, order[c->first + j],
				     placement(t, c->first + j, x));
		x = out;
	}
	return x;
}

int tuples_lift(const struct tuples *t, state_t *path, size_t len)
{
	const struct system *sys = t->sys;
	size_t order[MODEL_MAX_ITEMS], step, i, ci;
	struct loads loads;
	state_t canon, real;
	int rc = RIVER_OK;

	if (len == 0)
		return RIVER_OK;
	loads_init(&loads);
	canon = real = path[0];
	for (step = 1; rc == RIVER_OK && step < len; step++) {
		state_t next = path[step];

		/* unsort(order, canon) is real: the same permutation takes
		 * a successor of canon to one of real. */
		for (ci = 0; ci < t->n_classes; ci++)
			sort_class(t, &t->classes[ci], real,
				   order + t->classes[ci].first);
		rc = system_safe_loads(sys, canon, &loads);
		for (i = 0; rc == RIVER_OK && i < loads.n; i++) {
			state_t to = state_cross(sys, canon, loads.delta[i]);

			if (tuples_canonical(t, to) == next) {
				real = unsort(t, order, to);
				break;
			}
		}
		if (rc == RIVER_OK && i == loads.n)
			rc = RIVER_EINTERNAL;
		path[step] = real;
		canon = next;
	}
	loads_release(&loads);
	return rc;
}
