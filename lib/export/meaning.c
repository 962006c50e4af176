/* The boat's rules as conditions: see meaning.h. */
#include "export/meaning.h"

#include <string.h>

#include "util/diag.h"

static struct cond *node(struct boat_meaning *bm, enum cond_kind kind,
			 const struct cond *a, const struct cond *b)
{
	struct cond *c = arena_alloc(&bm->arena, sizeof *c);

	if (c) {
		c->kind = kind;
		c->a = a;
		c->b = b;
	}
	return c;
}

/* a and b, a or b; either may be NULL for "nothing yet". */
static const struct cond *join(struct boat_meaning *bm, enum cond_kind kind,
			       const struct cond *a, const struct cond *b,
			       bool *failed)
{
	const struct cond *c;

	if (!a || !b)
		return a ? a : b;
	c = node(bm, kind, a, b);
	if (!c)
		*failed = true;
	return c;
}

/* sum(coef[i] * count[i]) + constant cmp 0 over the model's items. */
static const struct cond *compare(struct boat_meaning *bm,
				  const struct model *m, const long long *coef,
				  long long constant, enum cond_cmp cmp,
				  bool *failed)
{
	struct cond *c = node(bm, COND_CMP, NULL, NULL);
	struct cond_term *t = arena_alloc(&bm->arena,
					  (m->n_items + 1) * sizeof *t);
	size_t i, n = 0;

	if (!c || !t) {
		*failed = true;
		return NULL;
	}
	for (i = 0; i < m->n_items; i++)
		if (coef[i]) {
			t[n].item = i;
			t[n++].coef = coef[i];
		}
	c->cmp = cmp;
	c->sum.terms = t;
	c->sum.n = n;
	c->sum.constant = constant;
	return c;
}

static const struct cond *build_rowed(struct boat_meaning *bm,
				      const struct model *m, bool *failed)
{
	long long coef[MODEL_MAX_ITEMS] = {0}, all[MODEL_MAX_ITEMS];
	const struct cond *rowed = NULL;
	bool plain = false;
	size_t i;

	for (i = 0; i < m->n_items; i++)
		all[i] = 1;
	/* Rowers without a "rows only": some of them aboard. */
	for (i = 0; i < m->n_items; i++)
		if (m->items[i].rows && !m->items[i].rows_alone &&
		    !m->items[i].row_every)
			plain = true, coef[i] = 1;
	if (plain)
		rowed = compare(bm, m, coef, 0, COND_GT, failed);
	for (i = 0; i < m->n_items; i++) {
		const struct item *it = &m->items[i];
		const struct cond *one;

		if (!it->rows || (!it->rows_alone && !it->row_every))
			continue;
		memset(coef, 0, sizeof coef);
		coef[i] = 1;
		one = compare(bm, m, coef, 0, COND_GT, failed);
		if (it->rows_alone)
			one = join(bm, COND_AND, one,
				   compare(bm, m, all, -1, COND_EQ, failed),
				   failed);
		if (it->row_every) {
			struct cond *when = node(bm, COND_CROSSING, NULL, NULL);

			if (!when) {
				*failed = true;
				return NULL;
			}
			when->every = it->row_every;
			when->on = it->row_on;
			one = join(bm, COND_AND, one, when, failed);
		}
		rowed = join(bm, COND_OR, rowed, one, failed);
	}
	if (!rowed) /* no rower: no crossing may go */
		rowed = compare(bm, m, coef, -1, COND_GE, failed);
	return rowed;
}

static const struct cond *build_load(struct boat_meaning *bm,
				     const struct model *m, bool *failed)
{
	long long coef[MODEL_MAX_ITEMS];
	const struct cond *load = NULL, *any = NULL;
	size_t i, l;

	for (i = 0; i < m->n_items; i++)
		coef[i] = m->items[i].weight;
	if (m->load_limit)
		load = compare(bm, m, coef, -(long long)m->load_limit,
			       COND_LE, failed);
	for (l = 0; m->loads && l < m->n_loads; l++) {
		const struct cond *this = NULL;

		for (i = 0; i < m->n_items; i++) {
			memset(coef, 0, sizeof coef);
			coef[i] = 1;
			this = join(bm, COND_AND, this,
				    compare(bm, m, coef,
					    -(long long)m->loads[l].count[i],
					    COND_EQ, failed),
				    failed);
		}
		any = join(bm, COND_OR, any, this, failed);
	}
	return join(bm, COND_AND, load, any, failed);
}

int boat_meaning_build(struct boat_meaning *bm, const struct model *m)
{
	long long w[MODEL_MAX_ITEMS];
	const struct cond *weight;
	bool failed = false;
	size_t i;

	memset(bm, 0, sizeof *bm);
	arena_init(&bm->arena);
	for (i = 0; i < m->n_items; i++)
		w[i] = m->items[i].weight;
	weight = compare(bm, m, w, 0, COND_GE, &failed);
	if (weight)
		bm->weight = weight->sum;
	bm->rowed = build_rowed(bm, m, &failed);
	bm->load = build_load(bm, m, &failed);
	return failed ? RIVER_ENOMEM : RIVER_OK;
}

void boat_meaning_release(struct boat_meaning *bm)
{
	arena_release(&bm->arena);
	memset(bm, 0, sizeof *bm);
}

bool cond_crossing_holds(const struct cond *c, unsigned s)
{
	return (c->on >> ((s - 1) % c->every)) & 1;
}
