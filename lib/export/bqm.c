/* The penalty form, for pure annealers: the constrained model as a
 * binary quadratic model.  The variables that equations define (what is
 * available, what crosses) are written as what defines them, and
 * their bounds become rows; a small row of binary variables, with the
 * rows within it, costs lagrange times the indicator of its violation
 * where that is quadratic; else integers become binary digits, an
 * inequality gets binary slack digits to become an equation, and every
 * equation E = 0 adds lagrange * E^2 to the objective (the number of
 * crossings).
 * A plan that keeps every constraint costs its crossings; breaking any
 * costs at least lagrange, by default more than the horizon, so the
 * lowest energy is an optimal plan.  Written as dimod's serialised BQM
 * (schema 3.0.0), variables labelled as in the LP model, "[k]" for the
 * k-th binary digit of an integer or a slack. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/export.h"
#include "export/linear.h"
#include "util/hash.h"
#include "util/index.h"
#include "util/grow.h"

/* A quadratic bias and its pair of variables, i << 32 | j with i < j. */
struct interaction {
	uint64_t pair;
	double bias;
};

/* The biases being summed: linear ones by variable, quadratic ones by
 * the variable pair (indexed). */
struct qubo {
	struct linear vars; /* the binary variables, by label */
	double *linear;
	size_t cap_linear;
	struct interaction *quad;
	size_t n_quad, cap_quad;
	struct hash_index index; /* of quad, by pair */
	double offset;
	bool failed;
};

/* One binary digit of an expression: a variable and its weight. */
struct digit {
	size_t var;
	double weight;
};

static size_t qubo_var(struct qubo *q, const char *label)
{
	size_t v = linear_var(&q->vars, label);

	if (v == SIZE_MAX) {
		q->failed = true;
		return v;
	}
	if (v >= q->cap_linear) {
		size_t old = q->cap_linear;

		if (array_grow(&q->linear, &q->cap_linear, v + 1,
			       sizeof *q->linear) != RIVER_OK) {
			q->failed = true;
			return SIZE_MAX;
		}
		memset(q->linear + old, 0,
		       (q->cap_linear - old) * sizeof *q->linear);
	}
	return v;
}

struct pair_key {
	const struct qubo *q;
	uint64_t pair;
};

static bool same_pair(const void *ctx, size_t k)
{
	const struct pair_key *key = ctx;

	return key->q->quad[k].pair == key->pair;
}

static void add_quadratic(struct qubo *q, size_t a, size_t b, double bias)
{
	struct pair_key key;
	uint64_t h;
	size_t k, at = 0;

	if (a > b) {
		size_t t = a;

		a = b;
		b = t;
	}
	key.q = q;
	key.pair = (uint64_t)a << 32 | b;
	h = hash_words(&key.pair, 1);
	if (hash_index_reserve(&q->index, q->n_quad + 1) != RIVER_OK ||
	    array_grow(&q->quad, &q->cap_quad, q->n_quad + 1,
		       sizeof *q->quad) != RIVER_OK) {
		q->failed = true;
		return;
	}
	k = hash_index_find(&q->index, h, same_pair, &key, &at);
	if (k == HASH_INDEX_NONE) {
		k = q->n_quad++;
		q->quad[k].pair = key.pair;
		q->quad[k].bias = 0;
		hash_index_put(&q->index, at, h, k);
	}
	q->quad[k].bias += bias;
}

/* The binary digits of an integer 0..upper: weights 1, 2, 4, ... with
 * the last cut so that all of them together make exactly upper; or,
 * when cut is false, whole powers of 2 up to upper or past it, so that
 * each value has one pattern of digits (a slack's: one past the row's
 * range would need its left side below the least it can be). */
static size_t digits_of(struct qubo *q, const char *name, long upper,
			bool integer, bool cut, double coef, struct digit *out)
{
	char label[EXPORT_LABEL_MAX];
	long made = 0, w = 1;
	size_t n = 0;

	if (!integer) {
		out[0].var = qubo_var(q, name);
		out[0].weight = coef;
		return out[0].var == SIZE_MAX ? 0 : 1;
	}
	while (made < upper) {
		long take = !cut || w < upper - made ? w : upper - made;

		snprintf(label, sizeof label, "%s[%zu]", name, n);
		out[n].var = qubo_var(q, label);
		out[n].weight = coef * (double)take;
		if (out[n].var == SIZE_MAX)
			return 0;
		n++;
		made += take;
		w *= 2;
	}
	return n;
}

/* lagrange * (sum of digits + constant)^2 into the biases. */
static void add_square(struct qubo *q, const struct digit *d, size_t n,
		       double constant, double lagrange)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		q->linear[d[i].var] += lagrange * (d[i].weight * d[i].weight +
						  2 * constant * d[i].weight);
		for (j = i + 1; j < n; j++)
			add_quadratic(q, d[i].var, d[j].var,
				      2 * lagrange * d[i].weight * d[j].weight);
	}
	q->offset += lagrange * constant * constant;
}

/* A row of the penalty form: a row of the constrained model with every
 * variable that an equation defines written as what defines it (see
 * substitute), over the variables that remain. */
struct xrow {
	const char *name;
	char own[EXPORT_LABEL_MAX]; /* the name of a bound's row */
	struct lin_term *t;
	size_t n, cap;
	char op;
	long rhs;
	bool failed;
};

/* The most variables of a group of rows whose penalty may be the
 * indicator of their violation. */
#define INDICATOR_MAX 6

/* The most variables of a row that may be found to need no penalty of
 * its own (see add_penalties). */
#define REDUNDANT_MAX 12

/* Is row r over binary variables only, at most max of them? */
static bool binary_row(const struct linear *lin, const struct xrow *r,
		       size_t max)
{
	size_t i;

	if (r->n == 0 || r->n > max)
		return false;
	for (i = 0; i < r->n; i++)
		if (lin->vars[r->t[i].var].integer ||
		    lin->vars[r->t[i].var].upper != 1)
			return false;
	return true;
}

/* Is row r broken where the variables of over (r's among them) are as
 * the bits of m say? */
static bool broken_at(const struct xrow *r, const struct xrow *over,
		      unsigned m)
{
	long sum = 0;
	size_t i, k;

	for (i = 0; i < r->n; i++)
		for (k = 0; k < over->n; k++)
			if (over->t[k].var == r->t[i].var && (m >> k & 1))
				sum += r->t[i].coef;
	return r->op == '<' ? sum > r->rhs
	     : r->op == '>' ? sum < r->rhs : sum != r->rhs;
}

/* The most variables of a row whose penalty may be a quadratic found by
 * trying small whole coefficients. */
#define SEARCHED_MAX 3

/* A quadratic polynomial of n <= SEARCHED_MAX binary variables that is 0
 * at every assignment m not in the set broken (bit m) and at least 1 at
 * every one in it, with whole coefficients from -2 to 2, into f as
 * add_indicator has its coefficients (f[0] the constant, f[1 << i] the
 * linear ones, f[1 << i | 1 << j] the products): for a row whose
 * violation is not quadratic itself ("the farmer rows every crossing":
 * a - a p + q - p q + a q, p and q where he is after and before, a the
 * boat crossing).  false when there is none. */
static bool small_quadratic(size_t n, uint64_t broken, double *f)
{
	static const int value[5] = {0, 1, -1, 2, -2};
	unsigned terms[1 + SEARCHED_MAX + 3], n_terms = 0, m, k;
	unsigned long code, codes = 1;
	size_t i, j;

	if (n > SEARCHED_MAX)
		return false;
	terms[n_terms++] = 0;
	for (i = 0; i < n; i++)
		terms[n_terms++] = 1u << i;
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			terms[n_terms++] = 1u << i | 1u << j;
	for (k = 0; k < n_terms; k++)
		codes *= 5;
	for (code = 0; code < codes; code++) {
		for (m = 0; m < 1u << n; m++) {
			unsigned long c = code;
			long g = 0;

			for (k = 0; k < n_terms; k++, c /= 5)
				if ((m & terms[k]) == terms[k])
					g += value[c % 5];
			if (broken >> m & 1 ? g < 1 : g != 0)
				break;
		}
		if (m < 1u << n)
			continue;
		for (m = 0; m < 1u << n; m++)
			f[m] = 0;
		for (k = 0; k < n_terms; k++, code /= 5)
			f[terms[k]] = value[code % 5];
		return true;
	}
	return false;
}

/* Rows group[0..n) of binary variables, all among those of group[0]
 * (at most INDICATOR_MAX): when the indicator of "one of them is
 * broken", as a function of those variables, is a polynomial of degree
 * 2 at most, add lagrange times it (0 where every row holds, lagrange
 * where one is broken, with no slack variable) and return true.  So
 * "wolf eats goat unless farmer", w + g - f >= 0 and w + g - f <= 1, is
 * broken exactly where f - w f - g f + w g is 1.  Where the indicator
 * is not quadratic, a quadratic of whole coefficients that is 0 where
 * every row holds and 1 or more where one is broken, when there is one
 * (small_quadratic).  Else add nothing and return false. */
static bool add_indicator(struct qubo *q, const struct linear *lin,
			  const struct xrow *const *group, size_t n_group,
			  double lagrange)
{
	const struct xrow *over = group[0];
	double f[1u << INDICATOR_MAX];
	size_t var[INDICATOR_MAX], n = over->n, i, j;
	uint64_t broken = 0; /* bit m: broken at assignment m (n <= 6) */
	unsigned m;
	bool cubic = false;

	/* The indicator's value at each assignment, then (the Moebius
	 * transform) the coefficient of each product of variables. */
	for (m = 0; m < 1u << n; m++) {
		f[m] = 0;
		for (i = 0; i < n_group && f[m] == 0; i++)
			f[m] = broken_at(group[i], over, m);
	}
	for (m = 0; m < 1u << n; m++)
		if (f[m] != 0)
			broken |= UINT64_C(1) << m;
	for (i = 0; i < n; i++)
		for (m = 0; m < 1u << n; m++)
			if (m >> i & 1)
				f[m] -= f[m ^ 1u << i];
	for (m = 0; m < 1u << n; m++) {
		unsigned two_less = m & (m - 1);

		two_less &= two_less - 1; /* m less its two lowest bits */
		if (f[m] != 0 && two_less != 0)
			cubic = true; /* a product of three variables or more */
	}
	if (cubic && !small_quadratic(n, broken, f))
		return false;
	for (i = 0; i < n; i++) {
		var[i] = qubo_var(q, lin->vars[over->t[i].var].name);
		if (var[i] == SIZE_MAX)
			return true;
	}
	q->offset += lagrange * f[0];
	for (i = 0; i < n; i++) {
		q->linear[var[i]] += lagrange * f[1u << i];
		for (j = i + 1; j < n; j++)
			if (f[1u << i | 1u << j] != 0)
				add_quadratic(q, var[i], var[j],
					      lagrange * f[1u << i | 1u << j]);
	}
	return true;
}

/* Are the variables of a all among those of b? */
static bool vars_within(const struct xrow *a, const struct xrow *b)
{
	size_t i, k;

	for (i = 0; i < a->n; i++) {
		for (k = 0; k < b->n && b->t[k].var != a->t[i].var; k++)
			;
		if (k == b->n)
			return false;
	}
	return true;
}

/* The least and the most the row's left side can be. */
static void row_range(const struct linear *lin, const struct xrow *r,
		      long *low, long *high)
{
	size_t i;

	*low = *high = 0;
	for (i = 0; i < r->n; i++) {
		long c = r->t[i].coef, u = lin->vars[r->t[i].var].upper;

		if (c > 0)
			*high += c * u;
		else
			*low += c * u;
	}
}

/* lagrange times the square of the row made an equation by its slack,
 * whose digits reach from the row's bound to low (for <=) or high (for
 * >=), the least or the most the left side can be where the other rows
 * hold.  Digits a row can need: 64 per variable at most, and its
 * slack's. */
static int add_row(struct qubo *q, const struct linear *lin,
		   const struct xrow *r, long low, long high, double lagrange)
{
	struct digit *d;
	long slack;
	size_t i, n = 0;
	char name[EXPORT_LABEL_MAX];

	d = malloc((r->n + 1) * 64 * sizeof *d);
	if (!d) {
		q->failed = true;
		return RIVER_ENOMEM;
	}
	for (i = 0; i < r->n; i++) {
		const struct lin_var *v = &lin->vars[r->t[i].var];

		n += digits_of(q, v->name, v->upper, v->integer, true,
			       (double)r->t[i].coef, d + n);
	}
	/* Slack makes an inequality an equation: sum + slack = rhs, or
	 * sum - slack = rhs. */
	slack = r->op == '<' ? r->rhs - low : r->op == '>' ? high - r->rhs : 0;
	if (slack > 0) {
		snprintf(name, sizeof name, "slack_%s", r->name);
		n += digits_of(q, name, slack, true, false,
			       r->op == '<' ? 1.0 : -1.0,
			       d + n);
	}
	add_square(q, d, n, -(double)r->rhs, lagrange);
	free(d);
	return q->failed ? RIVER_ENOMEM : RIVER_OK;
}

/* ---- Variables that equations define ------------------------------
 *
 * An equation that defines a variable (lin_row.defines: what is
 * available to cross, and what crosses, from the positions) makes it
 * a function of the others: v = (rhs - the other terms) / its
 * coefficient, when that is 1 or -1.  The penalty form has no such
 * variable: the equation is dropped, v is written as what defines it
 * in every other row, and its bounds become rows of their own,
 * low_NAME (it is at least 0) and high_NAME (at most its upper bound),
 * which most often hold by themselves or cost no slack.  A variable
 * defined in terms of another defined one is written all the way down
 * to the variables that remain. */

/* add coef times variable v, written as what defines it, to r. */
static void expand(struct xrow *r, const struct linear *lin,
		   const struct lin_row *const *def, size_t v, long coef,
		   unsigned depth)
{
	const struct lin_row *d = def[v];
	size_t i;

	if (!d || depth > 64) {
		for (i = 0; i < r->n; i++) {
			if (r->t[i].var == v) {
				r->t[i].coef += coef;
				return;
			}
		}
		if (array_grow(&r->t, &r->cap, r->n + 1, sizeof *r->t) !=
		    RIVER_OK) {
			r->failed = true;
			return;
		}
		r->t[r->n].var = v;
		r->t[r->n].coef = coef;
		r->n++;
		return;
	}
	/* v = (rhs - others) / c, c being 1 or -1. */
	{
		long c = 0;

		for (i = d->first; i < d->first + d->n; i++)
			if (lin->terms[i].var == v)
				c = lin->terms[i].coef;
		r->rhs -= coef * c * d->rhs;
		for (i = d->first; i < d->first + d->n; i++)
			if (lin->terms[i].var != v)
				expand(r, lin, def, lin->terms[i].var,
				       -coef * c * lin->terms[i].coef, depth + 1);
	}
}

/* Drop the terms of r whose coefficients cancelled. */
static void drop_zeros(struct xrow *r)
{
	size_t i, k = 0;

	for (i = 0; i < r->n; i++)
		if (r->t[i].coef != 0)
			r->t[k++] = r->t[i];
	r->n = k;
}

/* r as row src of lin with the defined variables written out; its
 * terms of coefficient 0 dropped. */
static void expand_row(struct xrow *r, const struct linear *lin,
		       const struct lin_row *const *def,
		       const struct lin_row *src)
{
	size_t i;

	r->name = src->name;
	r->n = 0;
	r->op = src->op;
	r->rhs = src->rhs;
	for (i = src->first; i < src->first + src->n; i++)
		expand(r, lin, def, lin->terms[i].var, lin->terms[i].coef, 0);
	drop_zeros(r);
}

/* Which rows define which variables: def[v] the row defining v, NULL
 * for a variable that remains. */
static void find_definitions(const struct linear *lin,
			     const struct lin_row **def)
{
	size_t i, k;

	for (i = 0; i < lin->n_rows; i++) {
		const struct lin_row *r = &lin->rows[i];

		if (r->op != '=' || r->defines == SIZE_MAX || def[r->defines])
			continue;
		for (k = r->first; k < r->first + r->n; k++)
			if (lin->terms[k].var == r->defines &&
			    (lin->terms[k].coef == 1 || lin->terms[k].coef == -1))
				def[r->defines] = r;
	}
}

/* Does row r hold whatever its variables are? */
static bool always_holds(const struct linear *lin, const struct xrow *r)
{
	long low, high;

	row_range(lin, r, &low, &high);
	return (r->op == '<' && high <= r->rhs) ||
	       (r->op == '>' && low >= r->rhs) ||
	       (r->op == '=' && low == r->rhs && high == r->rhs);
}

static int by_size_down(const void *a, const void *b)
{
	const struct xrow *x = *(const struct xrow *const *)a;
	const struct xrow *y = *(const struct xrow *const *)b;

	return (x->n < y->n) - (x->n > y->n);
}

/* The rows of binary variables of each variable, up to REDUNDANT_MAX
 * of them, and which rows need no more penalty (done). */
struct within {
	size_t **of_var;
	size_t *count;
	size_t *seen; /* by the number + 1 of the row last looked from */
	bool *done;
};

/* group[0] = rows + me, then the rows not to skip whose variables are
 * among its own; how many. */
static size_t rows_within(const struct within *w, struct xrow *rows,
			  size_t me, const bool *skip,
			  const struct xrow **group)
{
	size_t n_group = 1, t, k, j, v;

	group[0] = &rows[me];
	w->seen[me] = me + 1;
	for (t = 0; t < rows[me].n; t++) {
		v = rows[me].t[t].var;
		for (k = 0; k < w->count[v]; k++) {
			j = w->of_var[v][k];
			if (w->seen[j] != me + 1 && !skip[j] &&
			    vars_within(&rows[j], &rows[me]))
				group[n_group++] = &rows[j];
			w->seen[j] = me + 1;
		}
	}
	return n_group;
}

/* Is every assignment that breaks group[0] one that breaks another row
 * of the group?  Then group[0] needs no penalty of its own. */
static bool redundant(const struct xrow *const *group, size_t n_group)
{
	unsigned m;
	size_t k;

	for (m = 0; m < 1u << group[0]->n; m++) {
		if (!broken_at(group[0], group[0], m))
			continue;
		for (k = 1; k < n_group && !broken_at(group[k], group[0], m); k++)
			;
		if (k == n_group)
			return false;
	}
	return true;
}

/* The least and the most the left side of group[0] can be where the
 * other rows of the group hold, into *low and *high (left as they are
 * when they hold nowhere). */
static void reach(const struct xrow *const *group, size_t n_group,
		  long *low, long *high)
{
	const struct xrow *r = group[0];
	bool any = false;
	long least = 0, most = 0;
	unsigned m;
	size_t k;

	for (m = 0; m < 1u << r->n; m++) {
		long sum = 0;

		for (k = 1; k < n_group && !broken_at(group[k], r, m); k++)
			;
		if (k < n_group)
			continue;
		for (k = 0; k < r->n; k++)
			if (m >> k & 1)
				sum += r->t[k].coef;
		least = any && least < sum ? least : sum;
		most = any && most > sum ? most : sum;
		any = true;
	}
	if (any) {
		*low = least;
		*high = most;
	}
}

/* The penalties of the rows rows[0..n): none for a row that always
 * holds, or one whose every violation breaks rows within it that keep
 * theirs ("someone aboard" where the only rower must cross); the
 * indicator of a group of small rows (a row and those whose variables
 * are among its own) where it is quadratic; else the square with
 * slack.  The widest rows first. */
static int add_penalties(struct qubo *q, const struct linear *lin,
			 struct xrow *rows, size_t n, double lagrange)
{
	struct xrow **order = malloc((n + 1) * sizeof *order);
	const struct xrow **group = malloc((n + 1) * sizeof *group);
	struct within w;
	bool *dropped = calloc(n + 1, sizeof *dropped);
	/* (The slacks add variables: these are the rows'.) */
	size_t n_vars = lin->n_vars, i, k, j, me, n_group;
	int rc = RIVER_OK;

	w.of_var = calloc(n_vars + 1, sizeof *w.of_var);
	w.count = calloc(n_vars + 1, sizeof *w.count);
	w.done = calloc(n + 1, sizeof *w.done);
	w.seen = calloc(n + 1, sizeof *w.seen);
	if (!order || !group || !w.of_var || !w.count || !w.done || !w.seen ||
	    !dropped) {
		rc = RIVER_ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		w.done[i] = dropped[i] = always_holds(lin, &rows[i]);
		if (!w.done[i] && binary_row(lin, &rows[i], REDUNDANT_MAX))
			for (k = 0; k < rows[i].n; k++)
				w.count[rows[i].t[k].var]++;
	}
	for (i = 0; i < n_vars; i++) {
		w.of_var[i] = malloc((w.count[i] + 1) * sizeof **w.of_var);
		if (!w.of_var[i]) {
			rc = RIVER_ENOMEM;
			goto out;
		}
		w.count[i] = 0;
	}
	for (i = 0; i < n; i++)
		if (!w.done[i] && binary_row(lin, &rows[i], REDUNDANT_MAX))
			for (k = 0; k < rows[i].n; k++) {
				size_t v = rows[i].t[k].var;

				w.of_var[v][w.count[v]++] = i;
			}
	for (i = 0; i < n; i++)
		order[i] = &rows[i];
	qsort(order, n, sizeof *order, by_size_down);
	/* Rows that the others make unnecessary. */
	for (i = 0; i < n; i++) {
		me = (size_t)(order[i] - rows);
		if (w.done[me] || !binary_row(lin, order[i], REDUNDANT_MAX))
			continue;
		n_group = rows_within(&w, rows, me, w.done, group);
		w.done[me] = n_group > 1 && redundant(group, n_group);
		dropped[me] = w.done[me];
	}
	/* Indicators. */
	for (i = 0; i < n; i++) {
		me = (size_t)(order[i] - rows);
		if (w.done[me] || !binary_row(lin, order[i], INDICATOR_MAX))
			continue;
		n_group = rows_within(&w, rows, me, w.done, group);
		/* Else the rows of the very same variables (the two sides of
		 * a rule), else the row alone. */
		if (!add_indicator(q, lin, group, n_group, lagrange)) {
			for (k = j = 0; k < n_group; k++)
				if (group[k]->n == order[i]->n)
					group[j++] = group[k];
			n_group = j;
			if (!add_indicator(q, lin, group, n_group, lagrange))
				n_group = add_indicator(q, lin, group, 1,
							lagrange) ? 1 : 0;
		}
		for (k = 0; k < n_group; k++)
			w.done[group[k] - rows] = true;
	}
	/* Squares with slack, whose range the rows within keep small. */
	for (i = 0; rc == RIVER_OK && i < n; i++) {
		long low, high;

		if (w.done[i])
			continue;
		row_range(lin, &rows[i], &low, &high);
		if (binary_row(lin, &rows[i], REDUNDANT_MAX)) {
			n_group = rows_within(&w, rows, i, dropped, group);
			reach(group, n_group, &low, &high);
		}
		rc = add_row(q, lin, &rows[i], low, high, lagrange);
	}
	if (q->failed)
		rc = RIVER_ENOMEM;
out:
	if (w.of_var)
		for (i = 0; i < n_vars; i++)
			free(w.of_var[i]);
	free(w.of_var);
	free(w.count);
	free(w.done);
	free(w.seen);
	free(dropped);
	free(group);
	free(order);
	return rc;
}

/* Row r of lin's variables as a row of q's binary ones: an integer as
 * its digits (NAME[k]), each with its weight.  false when memory runs
 * out. */
static bool to_digits(struct qubo *q, const struct linear *lin,
		      struct xrow *r)
{
	struct lin_term *t = malloc((r->n * 64 + 1) * sizeof *t);
	struct digit d[64];
	size_t i, k, n = 0, got;

	if (!t)
		return false;
	for (i = 0; i < r->n; i++) {
		const struct lin_var *v = &lin->vars[r->t[i].var];

		got = digits_of(q, v->name, v->upper, v->integer, true,
				(double)r->t[i].coef, d);
		if (got == 0) {
			free(t);
			return false;
		}
		for (k = 0; k < got; k++) {
			t[n].var = d[k].var;
			t[n].coef = (long)d[k].weight;
			n++;
		}
	}
	free(r->t);
	r->t = t;
	r->n = r->cap = n;
	return true;
}

/* Every row of lin but the definitions def found, and the bounds of
 * what they define, written out, into q. */
static int add_rows(struct qubo *q, const struct linear *lin,
		    const struct lin_row *const *def, double lagrange)
{
	size_t n_def = 0, n = 0, i;
	struct xrow *rows;
	int rc = RIVER_OK, high;

	for (i = 0; i < lin->n_vars; i++)
		n_def += def[i] != NULL;
	rows = calloc(lin->n_rows + 2 * n_def + 1, sizeof *rows);
	if (!rows)
		return RIVER_ENOMEM;
	for (i = 0; i < lin->n_rows; i++) {
		const struct lin_row *src = &lin->rows[i];

		if (src->defines != SIZE_MAX && def[src->defines] == src)
			continue;
		expand_row(&rows[n++], lin, def, src);
	}
	for (i = 0; i < lin->n_vars; i++) {
		if (!def[i])
			continue;
		/* The variable written out: v = terms - rhs, at least 0 and
		 * at most its upper bound. */
		for (high = 0; high <= 1; high++) {
			struct xrow *b = &rows[n++];

			snprintf(b->own, sizeof b->own, "%s_%s",
				 high ? "high" : "low", lin->vars[i].name);
			b->name = b->own;
			expand(b, lin, def, i, 1, 0);
			drop_zeros(b);
			b->op = high ? '<' : '>';
			b->rhs += high ? lin->vars[i].upper : 0;
		}
	}
	for (i = 0; i < n; i++)
		if (rows[i].failed || !to_digits(q, lin, &rows[i]))
			rc = RIVER_ENOMEM;
	/* From here on the rows are over q's binary variables. */
	if (rc == RIVER_OK)
		rc = add_penalties(q, &q->vars, rows, n, lagrange);
	for (i = 0; i < n; i++)
		free(rows[i].t);
	free(rows);
	return rc;
}

static int by_pair(const void *a, const void *b)
{
	uint64_t x = ((const struct interaction *)a)->pair;
	uint64_t y = ((const struct interaction *)b)->pair;

	return (x > y) - (x < y);
}

static void put_number(struct buf *o, double x)
{
	if (x == floor(x) && fabs(x) < 1e15)
		buf_printf(o, "%.1f", x);
	else
		buf_printf(o, "%.17g", x);
}

static void write_json(struct export_ctx *ctx, struct buf *o, struct qubo *q)
{
	size_t n = q->vars.n_vars, i, k = 0, m = 0;
	struct interaction *order = malloc((q->n_quad + 1) * sizeof *order);

	if (!order) {
		q->failed = true;
		return;
	}
	/* Interactions in a fixed order (by pair), each with its bias. */
	for (i = 0; i < q->n_quad; i++)
		if (q->quad[i].bias != 0)
			order[m++] = q->quad[i];
	qsort(order, m, sizeof *order, by_pair);
	buf_printf(o, "{\"type\": \"BinaryQuadraticModel\", "
		      "\"version\": {\"bqm_schema\": \"3.0.0\"}, "
		      "\"use_bytes\": false, \"index_type\": \"int32\", "
		      "\"bias_type\": \"float64\",\n \"info\": {\"horizon\": ");
	export_horizon_note(ctx, o, NULL);
	buf_printf(o, "},\n \"num_variables\": %zu, "
		      "\"num_interactions\": %zu,\n \"variable_labels\": [", n, m);
	for (i = 0; i < n; i++) {
		buf_puts(o, i ? ", " : "");
		buf_quote(o, q->vars.vars[i].name, QUOTE_JSON);
	}
	buf_puts(o, "],\n \"variable_type\": \"BINARY\", \"offset\": ");
	put_number(o, q->offset);
	buf_puts(o, ",\n \"linear_biases\": [");
	for (i = 0; i < n; i++) {
		buf_puts(o, i ? ", " : "");
		put_number(o, q->linear[i]);
	}
	buf_puts(o, "],\n \"quadratic_biases\": [");
	for (k = 0; k < m; k++) {
		buf_puts(o, k ? ", " : "");
		put_number(o, order[k].bias);
	}
	buf_puts(o, "],\n \"quadratic_head\": [");
	for (k = 0; k < m; k++)
		buf_printf(o, "%s%llu", k ? ", " : "",
			   (unsigned long long)(order[k].pair >> 32));
	buf_puts(o, "],\n \"quadratic_tail\": [");
	for (k = 0; k < m; k++)
		buf_printf(o, "%s%llu", k ? ", " : "",
			   (unsigned long long)(order[k].pair & 0xFFFFFFFFu));
	buf_puts(o, "]}\n");
	free(order);
}

/* The largest magnitude of a bias or the offset. */
static double largest(const struct qubo *q)
{
	double most = fabs(q->offset);
	size_t i;

	for (i = 0; i < q->vars.n_vars; i++)
		most = fmax(most, fabs(q->linear[i]));
	for (i = 0; i < q->n_quad; i++)
		most = fmax(most, fabs(q->quad[i].bias));
	return most;
}

/* The most the objective can be: the crossings, the horizon; or the
 * steps' times, each at most the slowest.  A broken constraint must cost
 * more than any plan can save. */
static double objective_most(const struct linear *lin)
{
	double most = 0;
	size_t i;

	for (i = lin->objective.first;
	     i < lin->objective.first + lin->objective.n; i++)
		most += fabs((double)lin->terms[i].coef) *
			(double)lin->vars[lin->terms[i].var].upper;
	return most;
}

/* Past 2^53 doubles no longer hold every whole number: sums of the
 * penalties would no longer cancel exactly. */
#define EXACT_MAX 9007199254740992.0

int export_bqm(struct export_ctx *ctx)
{
	struct linear lin;
	struct qubo q;
	const struct lin_row **def = NULL;
	double lagrange = ctx->lagrange;
	size_t i;
	int rc;

	if (lagrange != 0 && !(lagrange > 0 && lagrange <= RIVER_LAGRANGE_MAX))
		return diag_set(ctx->diag, RIVER_EINVAL, NULL, NULL,
				"the Lagrange weight must be a number above 0 "
				"and at most %g, not %g", RIVER_LAGRANGE_MAX,
				lagrange);
	memset(&q, 0, sizeof q);
	linear_init(&q.vars);
	rc = export_linear(ctx, &lin);
	if (rc == RIVER_OK && lagrange == 0)
		lagrange = objective_most(&lin) + 1;
	if (rc == RIVER_OK) {
		def = calloc(lin.n_vars + 1, sizeof *def);
		if (!def)
			rc = RIVER_ENOMEM;
		else
			find_definitions(&lin, def);
	}
	for (i = 0; rc == RIVER_OK && i < lin.n_vars; i++) {
		struct digit d[64];

		/* Every variable that remains gets its digits, even one no
		 * row names. */
		if (!def[i])
			digits_of(&q, lin.vars[i].name, lin.vars[i].upper,
				  lin.vars[i].integer, true, 0, d);
	}
	for (i = lin.objective.first;
	     rc == RIVER_OK && i < lin.objective.first + lin.objective.n; i++) {
		const struct lin_var *v = &lin.vars[lin.terms[i].var];
		struct digit d[64];
		size_t n = digits_of(&q, v->name, v->upper, v->integer, true,
				     (double)lin.terms[i].coef, d), k;

		for (k = 0; k < n; k++)
			q.linear[d[k].var] += d[k].weight;
	}
	if (rc == RIVER_OK)
		rc = add_rows(&q, &lin, def, lagrange);
	if (rc == RIVER_OK && !q.failed && largest(&q) > EXACT_MAX)
		rc = diag_set(ctx->diag, ctx->lagrange != 0 ? RIVER_EINVAL
							    : RIVER_ETOOBIG,
			      NULL, NULL, "with a Lagrange weight of %g the "
			      "model's coefficients reach %.3g, past 2^53, where "
			      "they are no longer exact: %s", lagrange, largest(&q),
			      ctx->lagrange != 0 ? "give a smaller weight"
						 : "the puzzle is too large for "
						   "the bqm format");
	if (rc == RIVER_OK && !q.failed)
		write_json(ctx, ctx->out, &q);
	/* add_row runs out of memory with no diag to fill. */
	if ((rc == RIVER_OK && q.failed) || rc == RIVER_ENOMEM)
		rc = diag_set(ctx->diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	free(def);
	linear_release(&lin);
	linear_release(&q.vars);
	free(q.linear);
	free(q.quad);
	hash_index_release(&q.index);
	return rc;
}
