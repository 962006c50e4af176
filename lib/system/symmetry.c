#include "system/symmetry.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/hash.h"
#include "util/saturate.h"

/* ---- Detection ---------------------------------------------------------- */

/* A permutation of the model's items is an array: item x goes to
 * perm[x].  NULL stands for the identity. */
static size_t moved_to(const size_t *perm, size_t x)
{
	return perm ? perm[x] : x;
}

static void sort_words(uint64_t *v, size_t n)
{
	size_t a, b;

	for (a = 1; a < n; a++) {
		uint64_t x = v[a];

		for (b = a; b > 0 && v[b - 1] > x; b--)
			v[b] = v[b - 1];
		v[b] = x;
	}
}

/* A set of a rule as words (item, weight), sorted, after its size. */
static size_t set_words(const size_t *set, const unsigned *w, size_t n,
			const size_t *perm, uint64_t *out)
{
	size_t k;

	out[0] = n;
	for (k = 0; k < n; k++)
		out[1 + k] = ((uint64_t)moved_to(perm, set[k]) << 32) |
			     (w ? w[k] : 1u);
	sort_words(out + 1, n);
	return n + 1;
}

/* What rule r says, with its items permuted, as words that two rules
 * share exactly when they say the same; its length. */
static size_t signature(const struct rule *r, const size_t *perm,
			uint64_t *out)
{
	size_t n = 0, k;

	out[n++] = r->kind;
	out[n++] = r->place;
	out[n++] = r->bound;
	out[n++] = r->with;
	if (r->kind == RULE_COND)
		return n; /* its condition is compared by cond_same */
	if (r->kind == RULE_EATS || r->kind == RULE_WITHOUT) {
		out[n++] = moved_to(perm, r->a);
		out[n++] = moved_to(perm, r->b);
		out[n++] = r->n_guards;
		for (k = 0; k < r->n_guards; k++)
			out[n + k] = moved_to(perm, r->guards[k]);
		sort_words(out + n, r->n_guards);
		return n + r->n_guards;
	}
	n += set_words(r->set_a, r->wa, r->n_a, perm, out + n);
	n += set_words(r->set_b, r->wb, r->n_b, perm, out + n);
	return n;
}

/* Is condition a, with its items permuted, condition b?  Sums compare
 * as sets of terms. */
static bool cond_same(const struct cond *a, const struct cond *b,
		      const size_t *perm)
{
	size_t k, l;

	if (a->kind != b->kind)
		return false;
	if (a->kind != COND_CMP)
		return cond_same(a->a, b->a, perm) &&
		       (a->kind == COND_NOT || cond_same(a->b, b->b, perm));
	if (a->cmp != b->cmp || a->sum.constant != b->sum.constant ||
	    a->sum.n != b->sum.n)
		return false;
	for (k = 0; k < a->sum.n; k++) {
		size_t to = moved_to(perm, a->sum.terms[k].item);

		for (l = 0; l < b->sum.n; l++)
			if (b->sum.terms[l].item == to)
				break;
		if (l == b->sum.n ||
		    b->sum.terms[l].coef != a->sum.terms[k].coef)
			return false;
	}
	return true;
}

static bool moved(const size_t *perm, size_t x)
{
	return perm[x] != x;
}

static bool list_moved(const size_t *list, size_t n, const size_t *perm)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (moved(perm, list[k]))
			return true;
	return false;
}

static bool cond_moved(const struct cond *c, const size_t *perm)
{
	size_t k;

	if (c->kind != COND_CMP)
		return cond_moved(c->a, perm) ||
		       (c->kind != COND_NOT && cond_moved(c->b, perm));
	for (k = 0; k < c->sum.n; k++)
		if (moved(perm, c->sum.terms[k].item))
			return true;
	return false;
}

/* Does rule r name an item the permutation moves?  (Read from the
 * rule's own items: a puzzle of many items has many rules.) */
static bool mentions_moved(const struct rule *r, const size_t *perm)
{
	if (r->kind == RULE_COND)
		return cond_moved(r->cond, perm);
	if (r->kind == RULE_EATS || r->kind == RULE_WITHOUT)
		return moved(perm, r->a) || moved(perm, r->b) ||
		       list_moved(r->guards, r->n_guards, perm);
	return list_moved(r->set_a, r->n_a, perm) ||
	       list_moved(r->set_b, r->n_b, perm);
}

/* The longest signature of rule r (signature()). */
static size_t signature_bound(const struct rule *r)
{
	return 8 + 2 * 2 + r->n_guards + r->n_a + r->n_b;
}

static int by_word(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Is the multiset of rules the same after permuting the items?  Only the
 * rules that name a moved item can change: their images must match them
 * one for one.  listed[0..n_listed) are those rules when listed is not
 * NULL (struct rule_index); else every rule is asked.  every, when not
 * NULL, is the hash of each rule's signature, sorted: an image that is
 * none of them ends it at once. */
static bool rules_permute(const struct model *m, const size_t *perm,
			  const size_t *listed, size_t n_listed,
			  const uint64_t *every)
{
	size_t *which, n = 0, r, a, b, sig_max = 0;
	uint64_t *orig, *img, *hash;
	size_t *olen, *ilen;
	bool *used, ok = true;

	/* A signature: kind, place, bound, with, then two items and the
	 * guards, or the two sets with their sizes. */
	for (r = 0; r < (listed ? n_listed : m->n_rules); r++) {
		const struct rule *rule = &m->rules[listed ? listed[r] : r];

		if (listed || mentions_moved(rule, perm)) {
			n++;
			if (signature_bound(rule) > sig_max)
				sig_max = signature_bound(rule);
		}
	}
	if (n == 0)
		return true;
	which = malloc(n * sizeof *which);
	orig = malloc(2 * n * sig_max * sizeof *orig);
	olen = malloc(2 * n * sizeof *olen);
	hash = malloc(2 * n * sizeof *hash);
	used = calloc(n, sizeof *used);
	if (!which || !orig || !olen || !hash || !used) {
		ok = false; /* no memory: no reduction, which is still right */
		goto out;
	}
	img = orig + n * sig_max;
	ilen = olen + n;
	if (listed)
		memcpy(which, listed, n * sizeof *which);
	else
		for (r = 0, a = 0; r < m->n_rules; r++)
			if (mentions_moved(&m->rules[r], perm))
				which[a++] = r;
	for (a = 0; a < n; a++) {
		ilen[a] = signature(&m->rules[which[a]], perm, img + a * sig_max);
		hash[n + a] = hash_words(img + a * sig_max, ilen[a]);
		if (every && !bsearch(&hash[n + a], every, m->n_rules,
				      sizeof *every, by_word)) {
			ok = false;
			goto out;
		}
	}
	for (a = 0; a < n; a++) {
		olen[a] = signature(&m->rules[which[a]], NULL, orig + a * sig_max);
		hash[a] = hash_words(orig + a * sig_max, olen[a]);
	}
	/* The signatures' hashes first, sorted: unequal multisets of them
	 * (most permutations that change the puzzle) end it there. */
	qsort(hash, n, sizeof *hash, by_word);
	qsort(hash + n, n, sizeof *hash, by_word);
	if (memcmp(hash, hash + n, n * sizeof *hash) != 0) {
		ok = false;
		goto out;
	}
	for (a = 0; a < n && ok; a++) {
		for (b = 0; b < n; b++)
			if (!used[b] && olen[b] == ilen[a] &&
			    memcmp(orig + b * sig_max, img + a * sig_max,
				   ilen[a] * sizeof *img) == 0 &&
			    (m->rules[which[a]].kind != RULE_COND ||
			     cond_same(m->rules[which[a]].cond,
				       m->rules[which[b]].cond, perm)))
				break;
		if (b == n)
			ok = false;
		else
			used[b] = true;
	}
out:
	free(which);
	free(orig);
	free(olen);
	free(hash);
	free(used);
	return ok;
}

/* Is load x load y with the items permuted? */
static bool load_is_image(const struct model *m, const unsigned *x,
			  const unsigned *y, const size_t *perm)
{
	size_t k;

	for (k = 0; k < m->n_items; k++)
		if (x[k] != y[moved_to(perm, k)])
			return false;
	return true;
}

/* Is the multiset of allowed loads the same after permuting the items:
 * does each load occur as often as its image? */
static bool loads_permute(const struct model *m, const size_t *perm)
{
	size_t l, o;

	for (l = 0; l < m->n_loads; l++) {
		const unsigned *c = m->loads[l].count;
		size_t same = 0, image = 0;

		if (load_is_image(m, c, c, perm))
			continue;
		for (o = 0; o < m->n_loads; o++) {
			same += load_is_image(m, m->loads[o].count, c, NULL);
			image += load_is_image(m, m->loads[o].count, c, perm);
		}
		if (same != image)
			return false;
	}
	return true;
}

/* Do items i and j look alike: individuals with the same rowing,
 * weight, time, start, goal and attributes? */
static bool items_alike(const struct model *m, size_t i, size_t j)
{
	const struct item *a = &m->items[i], *b = &m->items[j];
	size_t k;

	if (a->is_kind || b->is_kind || a->copies != 1 || b->copies != 1)
		return false;
	if (a->rows != b->rows || a->rows_alone != b->rows_alone ||
	    a->row_every != b->row_every || a->row_on != b->row_on ||
	    a->weight != b->weight || a->time != b->time)
		return false;
	if (m->start.right[i] != m->start.right[j] ||
	    m->goal.right[i] != m->goal.right[j])
		return false;
	/* A puzzle of places: the same place at the start and the goal. */
	if (m->start.at)
		for (k = 0; k < m->n_places; k++)
			if (m->start.at[i * m->n_places + k] !=
			    m->start.at[j * m->n_places + k] ||
			    m->goal.at[i * m->n_places + k] !=
			    m->goal.at[j * m->n_places + k])
				return false;
	for (k = 0; k < m->n_attrs; k++)
		if (m->attrs[k].value[i] != m->attrs[k].value[j])
			return false;
	return true;
}

/* symmetry_invariant, its rules those listed that name a moved item
 * (all of them; or NULL, for every rule to be asked). */
static bool invariant(const struct model *m, const size_t *perm,
		      const size_t *listed, size_t n_listed,
		      const uint64_t *every)
{
	struct model boat;
	size_t x, b;

	for (x = 0; x < m->n_items; x++)
		if (perm[x] >= m->n_items ||
		    (perm[x] != x && !items_alike(m, x, perm[x])))
			return false;
	/* Each boat's own rowers and loads (compile/model.h). */
	for (b = 0; b < m->n_boats; b++) {
		if (!m->boats[b].items && (b == 0 || !m->boats[b].loads))
			continue; /* the model's own, checked below */
		model_of_leg(m, b, 0, 0, &boat);
		for (x = 0; x < m->n_items; x++)
			if (boat.items[x].rows != boat.items[perm[x]].rows)
				return false;
		if (!loads_permute(&boat, perm))
			return false;
	}
	return loads_permute(m, perm) &&
	       rules_permute(m, perm, listed, n_listed, every);
}

bool symmetry_invariant(const struct model *m, const size_t *perm)
{
	return invariant(m, perm, NULL, 0, NULL);
}

/* Per item, the rules that name it: rules[at[i] .. at[i + 1]), in
 * order.  A puzzle of many items has many rules, each naming a few. */
struct rule_index {
	size_t *at, *rules, *seen;
	bool fill;
	uint64_t *every; /* each rule's signature hashed, sorted */
};

static void index_item(struct rule_index *x, size_t item, size_t r)
{
	if (x->seen[item] == r + 1)
		return;
	x->seen[item] = r + 1;
	if (x->fill)
		x->rules[x->at[item]++] = r;
	else
		x->at[item + 1]++;
}

static void index_cond(struct rule_index *x, const struct cond *c, size_t r)
{
	size_t k;

	if (c->kind != COND_CMP) {
		index_cond(x, c->a, r);
		if (c->kind != COND_NOT)
			index_cond(x, c->b, r);
		return;
	}
	for (k = 0; k < c->sum.n; k++)
		index_item(x, c->sum.terms[k].item, r);
}

/* Every item rule r names, as mentions_moved reads them. */
static void index_rule(struct rule_index *x, const struct rule *rule,
		       size_t r)
{
	size_t k;

	if (rule->kind == RULE_COND) {
		index_cond(x, rule->cond, r);
	} else if (rule->kind == RULE_EATS || rule->kind == RULE_WITHOUT) {
		index_item(x, rule->a, r);
		index_item(x, rule->b, r);
		for (k = 0; k < rule->n_guards; k++)
			index_item(x, rule->guards[k], r);
	} else {
		for (k = 0; k < rule->n_a; k++)
			index_item(x, rule->set_a[k], r);
		for (k = 0; k < rule->n_b; k++)
			index_item(x, rule->set_b[k], r);
	}
}

static void rule_index_release(struct rule_index *x)
{
	free(x->at);
	free(x->rules);
	free(x->seen);
	free(x->every);
}

/* Counted, then filled; false when memory ran out. */
static bool rule_index_build(struct rule_index *x, const struct model *m)
{
	size_t i, r, n = m->n_items;

	uint64_t sig[4096];

	x->at = calloc(n + 2, sizeof *x->at);
	x->seen = calloc(n + 1, sizeof *x->seen);
	x->every = malloc((m->n_rules + 1) * sizeof *x->every);
	x->rules = NULL;
	x->fill = false;
	if (!x->at || !x->seen || !x->every)
		return false;
	for (r = 0; r < m->n_rules; r++) {
		if (signature_bound(&m->rules[r]) > sizeof sig / sizeof *sig)
			return false; /* asked rule by rule instead */
		x->every[r] = hash_words(sig, signature(&m->rules[r], NULL,
							sig));
	}
	qsort(x->every, m->n_rules, sizeof *x->every, by_word);
	for (r = 0; r < m->n_rules; r++)
		index_rule(x, &m->rules[r], r);
	for (i = 0; i < n; i++)
		x->at[i + 1] += x->at[i];
	x->rules = malloc((x->at[n] ? x->at[n] : 1) * sizeof *x->rules);
	if (!x->rules)
		return false;
	memset(x->seen, 0, (n + 1) * sizeof *x->seen);
	x->fill = true;
	for (r = 0; r < m->n_rules; r++)
		index_rule(x, &m->rules[r], r);
	/* at[i] moved on to where i's rules end: back one item. */
	for (i = n; i > 0; i--)
		x->at[i] = x->at[i - 1];
	x->at[0] = 0;
	return true;
}

/* Can i and j be exchanged: the rules asked are those that name either
 * (x, or every rule when x is NULL); union is room for them. */
static bool swappable(const struct model *m, size_t i, size_t j,
		      const struct rule_index *x, size_t *union_)
{
	size_t perm[MODEL_MAX_ITEMS + 1], k, a, b, n = 0;

	if (i == j || i >= m->n_items || j >= m->n_items ||
	    m->n_items > MODEL_MAX_ITEMS + 1)
		return false;
	for (k = 0; k < m->n_items; k++)
		perm[k] = k;
	perm[i] = j;
	perm[j] = i;
	if (!x)
		return invariant(m, perm, NULL, 0, NULL);
	/* The two sorted lists merged. */
	for (a = x->at[i], b = x->at[j]; a < x->at[i + 1] || b < x->at[j + 1];) {
		size_t ra = a < x->at[i + 1] ? x->rules[a] : SIZE_MAX,
		       rb = b < x->at[j + 1] ? x->rules[b] : SIZE_MAX;

		union_[n++] = ra < rb ? ra : rb;
		a += ra <= rb;
		b += rb <= ra;
	}
	return invariant(m, perm, union_, n, x->every);
}

bool symmetry_swappable(const struct model *m, size_t i, size_t j)
{
	return swappable(m, i, j, NULL, NULL);
}

size_t symmetry_classes(const struct model *m, size_t *rep)
{
	struct rule_index x;
	size_t i, r, n = 0, *union_ = malloc((2 * m->n_rules + 1) *
					     sizeof *union_);
	bool indexed = union_ && rule_index_build(&x, m);

	for (i = 0; i < m->n_items; i++) {
		rep[i] = i;
		if (m->items[i].is_kind)
			continue;
		/* Exchanges compose: one member of a class stands for all. */
		for (r = 0; r < i; r++)
			if (rep[r] == r &&
			    swappable(m, r, i, indexed ? &x : NULL, union_)) {
				rep[i] = r;
				break;
			}
	}
	if (union_)
		rule_index_release(&x);
	free(union_);
	for (r = 0; r < m->n_items; r++) {
		if (rep[r] != r)
			continue;
		for (i = r + 1; i < m->n_items && rep[i] != r; i++)
			;
		n += i < m->n_items;
	}
	return n;
}

/* ---- The reduced system ------------------------------------------------- */

static int no_memory(const struct source *src, river_diag *diag)
{
	return diag_set(diag, RIVER_ENOMEM, src, NULL, "out of memory");
}

/* The reduced model: each class one counted kind, where its first
 * member was; no rules, no loads (the concrete system checks them). */
static int reduce_model(struct symmetry *sym, struct arena *arena,
			const size_t *rep, const size_t *size,
			size_t *concrete_of)
{
	const struct model *m = sym->concrete->model;
	struct model *rm = &sym->model;
	size_t i, k = 0;

	*rm = *m;
	rm->rules = NULL;
	rm->n_rules = 0;
	rm->loads = NULL;
	rm->n_loads = 0;
	rm->attrs = NULL;
	rm->n_attrs = 0;
	rm->items = arena_alloc(arena, m->n_items * sizeof *rm->items);
	rm->start.right = arena_alloc(arena, m->n_items * sizeof (unsigned));
	rm->goal.right = arena_alloc(arena, m->n_items * sizeof (unsigned));
	if (!rm->items || !rm->start.right || !rm->goal.right)
		return RIVER_ENOMEM;
	for (i = 0; i < m->n_items; i++) {
		struct item it = m->items[i];

		if (rep[i] != i)
			continue;
		if (size[i] > 1) {
			it.is_kind = true;
			it.copies = (unsigned)size[i];
		}
		rm->items[k] = it;
		rm->start.right[k] = m->start.right[i] * (unsigned)size[i];
		rm->goal.right[k] = m->goal.right[i] * (unsigned)size[i];
		concrete_of[k++] = i;
	}
	rm->n_items = k;
	return RIVER_OK;
}

/* The classes, and where each reduced individual and kind is in the
 * concrete state. */
static int map_classes(struct symmetry *sym, struct arena *arena,
		       const size_t *rep, const size_t *size,
		       const size_t *concrete_of, size_t n_classes)
{
	const struct system *c = sym->concrete, *r = &sym->sys;
	const struct model *m = c->model;
	size_t i, k, at, cl = 0, most = 0;

	sym->classes = arena_alloc(arena, n_classes * sizeof *sym->classes);
	sym->ind_bit = arena_alloc(arena, (r->n_ind + 1) * sizeof *sym->ind_bit);
	sym->kind_class = arena_alloc(arena, (r->n_kinds + 1) *
					     sizeof *sym->kind_class);
	sym->kind_concrete = arena_alloc(arena, (r->n_kinds + 1) *
						sizeof *sym->kind_concrete);
	if (!sym->classes || !sym->ind_bit || !sym->kind_class ||
	    !sym->kind_concrete)
		return RIVER_ENOMEM;
	for (k = 0; k < r->n_ind; k++)
		sym->ind_bit[k] = c->slots[concrete_of[r->ind_item[k]]].index;
	for (k = 0; k < r->n_kinds; k++) {
		size_t item = concrete_of[r->kind_item[k]];
		struct sym_class *cls;

		sym->kind_concrete[k] = c->slots[item].index;
		sym->kind_class[k] = -1;
		if (m->items[item].is_kind)
			continue;
		cls = &sym->classes[cl];
		sym->kind_class[k] = (long)cl++;
		cls->n = size[item];
		cls->kind = (unsigned)k;
		cls->member = arena_alloc(arena, cls->n * sizeof *cls->member);
		cls->bit = arena_alloc(arena, cls->n * sizeof *cls->bit);
		cls->first = arena_alloc(arena, (cls->n + 1) * sizeof *cls->first);
		if (!cls->member || !cls->bit || !cls->first)
			return RIVER_ENOMEM;
		for (i = item, at = 0; i < m->n_items; i++)
			if (rep[i] == item) {
				cls->member[at] = i;
				cls->bit[at] = c->slots[i].index;
				cls->first[at + 1] = cls->first[at] |
						     UINT64_C(1) << cls->bit[at];
				at++;
			}
		if (cls->n > most)
			most = cls->n;
	}
	sym->n_classes = cl;
	sym->binom = arena_alloc(arena, (most + 1) * sizeof *sym->binom);
	if (!sym->binom)
		return RIVER_ENOMEM;
	for (i = 0; i <= most; i++) {
		sym->binom[i][0] = 1;
		for (k = 1; k <= i; k++)
			sym->binom[i][k] = sym->binom[i - 1][k - 1] +
					   (k < i ? sym->binom[i - 1][k] : 0);
	}
	return RIVER_OK;
}

int symmetry_build(const struct symmetry **out, struct arena *arena,
		   const struct system *sys, const struct source *src,
		   river_diag *diag)
{
	const struct model *m = sys->model;
	size_t *rep = arena_alloc(arena, (m->n_items + 1) * sizeof *rep);
	size_t *size = arena_alloc(arena, (m->n_items + 1) * sizeof *size);
	size_t *concrete_of = arena_alloc(arena, (m->n_items + 1) *
						 sizeof *concrete_of);
	struct symmetry *sym;
	size_t i, n;
	int rc;

	*out = NULL;
	if (!rep || !size || !concrete_of)
		return no_memory(src, diag);
	n = symmetry_classes(m, rep);
	if (n == 0)
		return RIVER_OK;
	for (i = 0; i < m->n_items; i++)
		size[rep[i]]++;
	sym = arena_alloc(arena, sizeof *sym);
	if (!sym)
		return no_memory(src, diag);
	sym->concrete = sys;
	if (reduce_model(sym, arena, rep, size, concrete_of) != RIVER_OK)
		return no_memory(src, diag);
	/* A class's field is never wider than its members' bits. */
	rc = system_build(&sym->sys, arena, &sym->model, src, diag);
	if (rc != RIVER_OK)
		return rc;
	if (map_classes(sym, arena, rep, size, concrete_of, n) != RIVER_OK)
		return no_memory(src, diag);
	sym->sys.sym = sym;
	/* The reduced model has no rules or loads: its loads need the
	 * concrete system's checks whenever the concrete system's do. */
	sym->sys.plain_loads = sys->plain_loads;
	*out = sym;
	return RIVER_OK;
}

/* ---- States, loads, crossings ------------------------------------------- */

state_t symmetry_canonical(const struct symmetry *sym, state_t s)
{
	const struct system *r = &sym->sys, *c = sym->concrete;
	state_t out = (s & r->boat) ? c->boat : 0;
	unsigned k;

	for (k = 0; k < r->n_ind; k++)
		if ((s >> k) & 1)
			out |= UINT64_C(1) << sym->ind_bit[k];
	for (k = 0; k < r->n_kinds; k++) {
		unsigned n = state_kind_right(r, s, k);
		long cl = sym->kind_class[k];

		if (cl >= 0)
			out |= sym->classes[cl].first[n];
		else
			out |= (state_t)n << c->kinds[sym->kind_concrete[k]].shift;
	}
	for (k = 0; k < r->n_fields; k++)
		out |= field_get(&r->fields[k], s) << c->fields[k].shift;
	return out;
}

state_t symmetry_project(const struct symmetry *sym, state_t c)
{
	const struct system *r = &sym->sys, *cs = sym->concrete;
	state_t out = (c & cs->boat) ? r->boat : 0;
	unsigned k;

	for (k = 0; k < r->n_ind; k++)
		if ((c >> sym->ind_bit[k]) & 1)
			out |= UINT64_C(1) << k;
	for (k = 0; k < r->n_kinds; k++) {
		long cl = sym->kind_class[k];
		uint64_t n;

		if (cl >= 0)
			n = (uint64_t)__builtin_popcountll(
				c & sym->classes[cl].first[sym->classes[cl].n]);
		else
			n = state_kind_right(cs, c, sym->kind_concrete[k]);
		out |= n << r->kinds[k].shift;
	}
	for (k = 0; k < r->n_fields; k++)
		out |= field_get(&cs->fields[k], c) << r->fields[k].shift;
	return out;
}

long symmetry_violation(const struct symmetry *sym, state_t s, bool *right)
{
	*right = false;
	if (sym->concrete->n_rules == 0)
		return -1;
	return system_violation(sym->concrete, symmetry_canonical(sym, s),
				right);
}

bool symmetry_load_legal(const struct symmetry *sym, state_t from,
			 uint64_t items)
{
	const struct system *r = &sym->sys, *c = sym->concrete;
	bool right = state_boat_right(r, from);
	uint64_t citems = 0;
	unsigned k;

	for (k = 0; k < r->n_ind; k++)
		if ((items >> k) & 1)
			citems |= UINT64_C(1) << sym->ind_bit[k];
	for (k = 0; k < r->n_kinds; k++) {
		unsigned moved = (unsigned)((items >> r->kinds[k].shift) &
					    r->kinds[k].mask);
		long cl = sym->kind_class[k];

		if (cl < 0) {
			citems |= (uint64_t)moved
				  << c->kinds[sym->kind_concrete[k]].shift;
		} else {
			const struct sym_class *cls = &sym->classes[cl];
			unsigned here = state_kind_right(r, from, k);

			/* The canonical state has members 0..here-1 right. */
			citems |= right ? cls->first[moved]
					: cls->first[here + moved] & ~cls->first[here];
		}
	}
	return system_load_legal(c, symmetry_canonical(sym, from), citems);
}

/* Copies of class cl that cross from a to b. */
static unsigned class_moved(const struct symmetry *sym, size_t cl, state_t a,
			    state_t b)
{
	unsigned x = state_kind_right(&sym->sys, a, sym->classes[cl].kind);
	unsigned y = state_kind_right(&sym->sys, b, sym->classes[cl].kind);

	return x > y ? x - y : y - x;
}

unsigned long long symmetry_ways(const struct symmetry *sym, state_t a,
				 state_t b)
{
	bool right = state_boat_right(&sym->sys, a);
	unsigned long long ways = 1;
	size_t cl;

	for (cl = 0; cl < sym->n_classes; cl++) {
		const struct sym_class *cls = &sym->classes[cl];
		unsigned on_right = state_kind_right(&sym->sys, a, cls->kind);
		unsigned here = right ? on_right : (unsigned)cls->n - on_right;

		ways = mul_saturating(ways,
				      sym->binom[here][class_moved(sym, cl, a, b)]);
	}
	return ways;
}

unsigned long long symmetry_states(const struct symmetry *sym, state_t s)
{
	unsigned long long states = 1;
	size_t cl;

	for (cl = 0; cl < sym->n_classes; cl++) {
		const struct sym_class *cls = &sym->classes[cl];

		states = mul_saturating(states,
			sym->binom[cls->n][state_kind_right(&sym->sys, s,
							    cls->kind)]);
	}
	return states;
}

/* ---- Lifting plans ------------------------------------------------------ */

struct expand {
	const struct symmetry *sym;
	const state_t *rplan;
	size_t len;
	state_t *path;     /* the concrete plan so far */
	size_t max, added;
	state_t **plans;
	size_t *lens, *n_plans;
	int rc;
};

static void expand_from(struct expand *e, size_t t);

/* The concrete state after reduced crossing t from path[t], with the
 * boat, individuals and kinds moved, but no class member yet. */
static state_t step_base(const struct expand *e, size_t t)
{
	const struct symmetry *sym = e->sym;
	const struct system *r = &sym->sys, *c = sym->concrete;
	state_t ra = e->rplan[t], rb = e->rplan[t + 1];
	state_t cb = e->path[t] ^ c->boat;
	unsigned k;

	for (k = 0; k < r->n_ind; k++)
		if (((ra ^ rb) >> k) & 1)
			cb ^= UINT64_C(1) << sym->ind_bit[k];
	for (k = 0; k < r->n_kinds; k++) {
		const struct sys_kind *ck;

		if (sym->kind_class[k] >= 0)
			continue;
		ck = &c->kinds[sym->kind_concrete[k]];
		cb = (cb & ~(ck->mask << ck->shift)) |
		     (state_t)state_kind_right(r, rb, k) << ck->shift;
	}
	return cb;
}

/* Choose need more members of class cl, from member k on, to cross on
 * crossing t; then the next class, then the next crossing. */
static void choose(struct expand *e, size_t t, size_t cl, size_t k,
		   unsigned need, state_t cb)
{
	const struct symmetry *sym = e->sym;
	state_t ca = e->path[t];
	bool right = state_boat_right(sym->concrete, ca);
	const struct sym_class *cls;

	if (e->rc != RIVER_OK || e->added >= e->max)
		return;
	if (cl == sym->n_classes) {
		e->path[t + 1] = system_successor(sym->concrete, ca, cb);
		expand_from(e, t + 1);
		return;
	}
	if (need == 0) {
		choose(e, t, cl + 1, 0,
		       cl + 1 < sym->n_classes
		       ? class_moved(sym, cl + 1, e->rplan[t], e->rplan[t + 1])
		       : 0, cb);
		return;
	}
	cls = &sym->classes[cl];
	for (; k + need <= cls->n; k++) {
		uint64_t bit = UINT64_C(1) << cls->bit[k];

		if (((ca & bit) != 0) == right)
			choose(e, t, cl, k + 1, need - 1, cb ^ bit);
	}
}

static void expand_from(struct expand *e, size_t t)
{
	state_t *plan;

	if (t + 1 < e->len) {
		choose(e, t, 0, 0,
		       class_moved(e->sym, 0, e->rplan[t], e->rplan[t + 1]),
		       step_base(e, t));
		return;
	}
	plan = malloc(e->len * sizeof *plan);
	if (!plan) {
		e->rc = RIVER_ENOMEM;
		return;
	}
	memcpy(plan, e->path, e->len * sizeof *plan);
	e->plans[*e->n_plans] = plan;
	e->lens[*e->n_plans] = e->len;
	++*e->n_plans;
	e->added++;
}

int symmetry_expand(const struct symmetry *sym, const state_t *rplan,
		    size_t len, size_t max, state_t **plans, size_t *lens,
		    size_t *n_plans)
{
	struct expand e = {sym, rplan, len, NULL, max, 0, plans, lens, n_plans,
			   RIVER_OK};

	if (len == 0 || max == 0)
		return RIVER_OK;
	e.path = malloc(len * sizeof *e.path);
	if (!e.path)
		return RIVER_ENOMEM;
	/* Class members start alike: the start is its own canonical state. */
	e.path[0] = symmetry_canonical(sym, rplan[0]);
	expand_from(&e, 0);
	free(e.path);
	return e.rc;
}
