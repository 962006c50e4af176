/* The penalty form, for pure annealers: the constrained model as a
 * binary quadratic model.  Integers become binary digits; an inequality
 * gets binary slack digits to become an equation; every equation
 * E = 0 adds lagrange * E^2 to the objective (the number of crossings).
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

/* The biases being summed: linear ones by variable, quadratic ones in
 * an open-addressing table keyed by the variable pair. */
struct qubo {
	struct linear vars; /* the binary variables, by label */
	double *linear;
	size_t cap_linear;
	uint64_t *keys;     /* (i << 32 | j) + 1, i < j; 0 when free */
	double *biases;
	size_t cap, count;
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
		size_t cap = q->cap_linear ? q->cap_linear * 2 : 256;
		double *l = realloc(q->linear, cap * sizeof *l);

		if (!l) {
			q->failed = true;
			return SIZE_MAX;
		}
		memset(l + q->cap_linear, 0, (cap - q->cap_linear) * sizeof *l);
		q->linear = l;
		q->cap_linear = cap;
	}
	return v;
}

static bool qubo_grow(struct qubo *q)
{
	size_t cap = q->cap ? q->cap * 2 : 4096, i;
	uint64_t *keys = calloc(cap, sizeof *keys);
	double *biases = calloc(cap, sizeof *biases);

	if (!keys || !biases) {
		free(keys);
		free(biases);
		q->failed = true;
		return false;
	}
	for (i = 0; i < q->cap; i++) {
		size_t j;

		if (!q->keys[i])
			continue;
		for (j = (q->keys[i] * UINT64_C(0x9E3779B97F4A7C15)) >> 32 & (cap - 1);
		     keys[j]; j = (j + 1) & (cap - 1))
			;
		keys[j] = q->keys[i];
		biases[j] = q->biases[i];
	}
	free(q->keys);
	free(q->biases);
	q->keys = keys;
	q->biases = biases;
	q->cap = cap;
	return true;
}

static void add_quadratic(struct qubo *q, size_t a, size_t b, double bias)
{
	uint64_t key;
	size_t j;

	if (a > b) {
		size_t t = a;

		a = b;
		b = t;
	}
	key = ((uint64_t)a << 32 | b) + 1;
	if ((q->count + 1) * 2 > q->cap && !qubo_grow(q))
		return;
	for (j = (key * UINT64_C(0x9E3779B97F4A7C15)) >> 32 & (q->cap - 1);
	     q->keys[j] && q->keys[j] != key; j = (j + 1) & (q->cap - 1))
		;
	if (!q->keys[j]) {
		q->keys[j] = key;
		q->count++;
	}
	q->biases[j] += bias;
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

/* Digits a row can need: 64 per variable at most, and its slack's. */
static int add_row(struct qubo *q, const struct linear *lin,
		   const struct lin_row *r, double lagrange)
{
	struct digit *d = malloc((r->n + 1) * 64 * sizeof *d);
	long low = 0, high = 0, slack;
	size_t i, n = 0;
	char name[EXPORT_LABEL_MAX];

	if (!d) {
		q->failed = true;
		return RIVER_ENOMEM;
	}
	for (i = r->first; i < r->first + r->n; i++) {
		const struct lin_var *v = &lin->vars[lin->terms[i].var];
		long c = lin->terms[i].coef;

		n += digits_of(q, v->name, v->upper, v->integer, true, (double)c,
			       d + n);
		if (c > 0)
			high += c * v->upper;
		else
			low += c * v->upper;
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

static int by_key(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

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
	uint64_t *order = malloc((q->count + 1) * sizeof *order);

	if (!order) {
		q->failed = true;
		return;
	}
	/* Interactions in a fixed order (by pair), each with its bias. */
	for (i = 0; i < q->cap; i++)
		if (q->keys[i] && q->biases[i] != 0)
			order[m++] = q->keys[i];
	qsort(order, m, sizeof *order, by_key);
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
		size_t j;

		for (j = (order[k] * UINT64_C(0x9E3779B97F4A7C15)) >> 32 & (q->cap - 1);
		     q->keys[j] != order[k]; j = (j + 1) & (q->cap - 1))
			;
		buf_puts(o, k ? ", " : "");
		put_number(o, q->biases[j]);
	}
	buf_puts(o, "],\n \"quadratic_head\": [");
	for (k = 0; k < m; k++)
		buf_printf(o, "%s%llu", k ? ", " : "",
			   (unsigned long long)((order[k] - 1) >> 32));
	buf_puts(o, "],\n \"quadratic_tail\": [");
	for (k = 0; k < m; k++)
		buf_printf(o, "%s%llu", k ? ", " : "",
			   (unsigned long long)((order[k] - 1) & 0xFFFFFFFFu));
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
	for (i = 0; i < q->cap; i++)
		if (q->keys[i])
			most = fmax(most, fabs(q->biases[i]));
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
	for (i = 0; rc == RIVER_OK && i < lin.n_vars; i++) {
		struct digit d[64];

		/* Every variable gets its digits, even one no row names. */
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
	for (i = 0; rc == RIVER_OK && i < lin.n_rows; i++)
		rc = add_row(&q, &lin, &lin.rows[i], lagrange);
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
	linear_release(&lin);
	linear_release(&q.vars);
	free(q.linear);
	free(q.keys);
	free(q.biases);
	return rc;
}
