#define _POSIX_C_SOURCE 200809L /* strdup */

#include "export/linear.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "river.h"
#include "util/buf.h"
#include "util/grow.h"
#include "util/hash.h"
#include "util/index.h"

void linear_init(struct linear *m)
{
	memset(m, 0, sizeof *m);
}

void linear_release(struct linear *m)
{
	size_t i;

	for (i = 0; i < m->n_vars; i++)
		free(m->vars[i].name);
	for (i = 0; i < m->n_rows; i++)
		free(m->rows[i].name);
	free(m->objective.name);
	free(m->vars);
	hash_index_release(&m->index);
	free(m->terms);
	free(m->rows);
	linear_init(m);
}

/* Room for one more in an array of *cap elements of size. */
static bool grow(struct linear *m, void **array, size_t n, size_t *cap,
		 size_t size)
{
	if (!array_grow(array, cap, n + 1, size))
		return true;
	m->failed = true;
	return false;
}

struct linear_name {
	const struct linear *m;
	const char *name;
};

static bool same_name(const void *ctx, size_t var)
{
	const struct linear_name *k = ctx;

	return strcmp(k->m->vars[var].name, k->name) == 0;
}

size_t linear_find(const struct linear *m, const char *name)
{
	struct linear_name k = {m, name};

	return hash_index_find(&m->index, hash_string(name), same_name, &k,
			       NULL);
}

size_t linear_var(struct linear *m, const char *name)
{
	struct linear_name k = {m, name};
	uint64_t h = hash_string(name);
	size_t j = 0, var;
	char *copy;

	if (hash_index_reserve(&m->index, m->n_vars + 1) != RIVER_OK) {
		m->failed = true;
		return SIZE_MAX;
	}
	var = hash_index_find(&m->index, h, same_name, &k, &j);
	if (var != HASH_INDEX_NONE)
		return var;
	if (!grow(m, (void **)&m->vars, m->n_vars, &m->cap_vars,
		  sizeof *m->vars))
		return SIZE_MAX;
	copy = strdup(name);
	if (!copy) {
		m->failed = true;
		return SIZE_MAX;
	}
	m->vars[m->n_vars].name = copy;
	m->vars[m->n_vars].upper = 1;
	m->vars[m->n_vars].integer = false;
	hash_index_put(&m->index, j, h, m->n_vars);
	return m->n_vars++;
}

void linear_integer(struct linear *m, const char *name, long upper)
{
	size_t v = linear_var(m, name);

	if (v == SIZE_MAX)
		return;
	m->vars[v].integer = true;
	m->vars[v].upper = upper;
}

static struct lin_row *current(struct linear *m)
{
	return m->objective.name && m->objective.op == 0 ? &m->objective
		 : m->n_rows ? &m->rows[m->n_rows - 1] : NULL;
}

void linear_row(struct linear *m, const char *name, bool objective)
{
	struct lin_row *r;
	char *copy = strdup(name);

	if (!copy) {
		m->failed = true;
		return;
	}
	if (objective) {
		r = &m->objective;
	} else {
		if (!grow(m, (void **)&m->rows, m->n_rows, &m->cap_rows,
			  sizeof *m->rows)) {
			free(copy);
			return;
		}
		r = &m->rows[m->n_rows++];
	}
	r->name = copy;
	r->first = m->n_terms;
	r->n = 0;
	r->op = 0;
	r->rhs = 0;
	r->defines = SIZE_MAX;
}

void linear_term(struct linear *m, long coef, const char *var)
{
	size_t v;

	if (coef == 0)
		return;
	v = linear_var(m, var);
	if (v != SIZE_MAX)
		linear_term_var(m, coef, v);
}

void linear_term_var(struct linear *m, long coef, size_t v)
{
	struct lin_row *r = current(m);
	size_t i;

	if (!r || coef == 0)
		return;
	/* A variable named twice in a row is one term. */
	for (i = r->first; i < r->first + r->n; i++) {
		if (m->terms[i].var == v) {
			m->terms[i].coef += coef;
			return;
		}
	}
	if (!grow(m, (void **)&m->terms, m->n_terms, &m->cap_terms,
		  sizeof *m->terms))
		return;
	m->terms[m->n_terms].var = v;
	m->terms[m->n_terms].coef = coef;
	m->n_terms++;
	r->n++;
}

void linear_end(struct linear *m, char op, long rhs)
{
	struct lin_row *r = current(m);

	if (!r)
		return;
	r->op = op ? op : '=';
	r->rhs = rhs;
}

void linear_defines(struct linear *m, const char *var)
{
	struct lin_row *r = current(m);
	size_t v;

	if (!r)
		return;
	v = linear_var(m, var);
	if (v != SIZE_MAX)
		r->defines = v;
}

void linear_put_terms(struct buf *o, const struct linear *m,
		      const struct lin_row *r, const char *wrap)
{
	size_t i;
	int n = 0;

	for (i = r->first; i < r->first + r->n; i++) {
		long c = m->terms[i].coef;

		if (c == 0)
			continue;
		if (wrap && n > 0 && n % 6 == 0)
			buf_puts(o, wrap);
		buf_puts(o, c < 0 ? (n ? " - " : " -") : (n ? " + " : " "));
		if (c != 1 && c != -1)
			buf_printf(o, "%ld ", c < 0 ? -c : c);
		buf_puts(o, m->vars[m->terms[i].var].name);
		n++;
	}
}
