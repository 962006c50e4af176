/* Reading solvers' answers back: each engine's output as states 0..end,
 * or the engine's word that no plan exists within the horizon. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/answer.h"
#include "util/json.h"

/* A name -> value table, sorted for lookup. */
struct value {
	char *name;
	double value;
};

struct table {
	struct value *v;
	size_t n, cap;
};

static void table_release(struct table *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->v[i].name);
	free(t->v);
}

static int table_add(struct table *t, const char *name, size_t len,
		     double value)
{
	char *copy;

	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 256;
		struct value *v = realloc(t->v, cap * sizeof *v);

		if (!v)
			return RIVER_ENOMEM;
		t->v = v;
		t->cap = cap;
	}
	copy = malloc(len + 1);
	if (!copy)
		return RIVER_ENOMEM;
	memcpy(copy, name, len);
	copy[len] = '\0';
	t->v[t->n].name = copy;
	t->v[t->n].value = value;
	t->n++;
	return RIVER_OK;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct value *)a)->name,
		      ((const struct value *)b)->name);
}

/* Sort for table_find (qsort must not see a NULL table either). */
static void table_sort(struct table *t)
{
	if (t->n)
		qsort(t->v, t->n, sizeof *t->v, by_name);
}

/* The value of the variable called key, or NAN. */
static double table_find(const struct table *t, const char *key)
{
	struct value probe = {(char *)key, 0}, *hit;

	if (t->n == 0)
		return NAN; /* bsearch must not see a NULL table */
	hit = bsearch(&probe, t->v, t->n, sizeof *t->v, by_name);
	return hit ? hit->value : NAN;
}

/* The value of the variable the format's fmt makes of an item's name
 * and a step. */
static double table_get(const struct table *t, const char *fmt,
			const char *name, unsigned s)
{
	char key[512];

	snprintf(key, sizeof key, fmt, name, s);
	return table_find(t, key);
}

static int bad_answer(river_diag *diag, const char *engine, const char *what)
{
	return diag_set(diag, RIVER_EENGINE, NULL, NULL,
			"%s gave an answer river cannot read: %s", engine, what);
}

/* States 0..end from per-item positions: pos(i, s) is an individual's
 * bank (0 or 1) or a kind's count on the right bank. */
static int build_states(const struct export_ctx *ctx, const char *engine,
			unsigned end,
			double (*pos)(const void *src, const struct export_ctx *,
				      size_t i, unsigned s),
			const void *src, struct answer *ans, river_diag *diag)
{
	const struct system *sys = ctx->sys;
	unsigned s;
	size_t i;

	if (end < 1 || end > ctx->horizon)
		return bad_answer(diag, engine, "its end is out of range");
	ans->states = malloc(((size_t)end + 1) * sizeof *ans->states);
	if (!ans->states)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	ans->n = (size_t)end + 1;
	for (s = 0; s <= end; s++) {
		state_t st = (s + state_boat_right(sys, sys->start)) % 2
				     ? sys->boat : 0;

		for (i = 0; i < ctx->model->n_items; i++) {
			const struct sys_slot *slot = &sys->slots[i];
			double v = pos(src, ctx, i, s);
			long n = lround(v);

			if (isnan(v) || n < 0 ||
			    (unsigned long)n > ctx->model->items[i].copies)
				return bad_answer(diag, engine,
						  "a position is missing or out of range");
			if (slot->is_kind)
				st |= (state_t)n << sys->kinds[slot->index].shift;
			else if (n)
				st |= UINT64_C(1) << slot->index;
		}
		/* The numbers a state carries besides the banks follow from
		 * the crossings. */
		ans->states[s] = s ? system_successor(sys, ans->states[s - 1], st)
				   : st;
	}
	return RIVER_OK;
}

/* ---- MiniZinc: --output-mode json --------------------------------- */

struct mzn_src {
	const struct json *at, *right;
};

/* Individuals and kinds are separate enums: item i's index in its own. */
static size_t enum_index(const struct export_ctx *ctx, size_t i)
{
	return ctx->sys->slots[i].index;
}

static double mzn_pos(const void *src, const struct export_ctx *ctx,
		      size_t i, unsigned s)
{
	const struct mzn_src *m = src;
	const struct json *arr = ctx->model->items[i].is_kind ? m->right : m->at;
	const struct json *row;
	size_t k = enum_index(ctx, i);

	if (!arr || arr->type != JSON_ARRAY || k >= arr->n)
		return NAN;
	row = arr->items[k];
	if (row->type != JSON_ARRAY || s >= row->n ||
	    row->items[s]->type != JSON_NUMBER)
		return NAN;
	return row->items[s]->number;
}

/* The last solution: MiniZinc prints each better one as a JSON object
 * ended by "----------", then "==========" once it has proved the last
 * one optimal. */
int answer_minizinc(const struct export_ctx *ctx, const char *text,
		    struct answer *ans, river_diag *diag)
{
	static const char sep[] = "----------";
	const char *done = strstr(text, "==========");
	const char *from = text, *to = NULL, *p, *error;
	struct arena arena;
	struct json *v;
	struct mzn_src src;
	const struct json *end;
	size_t at;
	int rc;

	memset(ans, 0, sizeof *ans);
	if (strstr(text, "=====UNSATISFIABLE=====")) {
		ans->infeasible = true;
		return RIVER_OK;
	}
	if (!done)
		return bad_answer(diag, "minizinc", "no optimal solution reported");
	for (p = text; (p = strstr(p, sep)) && p < done; p += sizeof sep - 1) {
		if (to)
			from = to + sizeof sep - 1;
		to = p;
	}
	if (!to)
		return bad_answer(diag, "minizinc", "no solution printed");
	arena_init(&arena);
	v = json_parse(&arena, from, (size_t)(to - from), &at, &error);
	if (!v) {
		arena_release(&arena);
		return error == JSON_NO_MEMORY
			       ? diag_set(diag, RIVER_ENOMEM, NULL, NULL,
					  "out of memory")
			       : bad_answer(diag, "minizinc", error);
	}
	src.at = json_get(v, "at");
	src.right = json_get(v, "right");
	end = json_get(v, "end");
	if (!end || end->type != JSON_NUMBER)
		rc = bad_answer(diag, "minizinc", "no end");
	else
		rc = build_states(ctx, "minizinc", (unsigned)lround(end->number),
				  mzn_pos, &src, ans, diag);
	arena_release(&arena);
	return rc;
}

/* ---- Z3: (get-model) ---------------------------------------------- */

/* A table and how its format names an individual's and a kind's
 * position variables. */
struct table_src {
	const struct table *t;
	const char *individual, *kind;
	bool zero_if_missing; /* cbc lists only the non-zero columns */
};

static double table_pos(const void *src, const struct export_ctx *ctx,
			size_t i, unsigned s)
{
	const struct table_src *ts = src;
	double v = table_get(ts->t, ctx->model->items[i].is_kind ? ts->kind
								 : ts->individual,
			     ctx->names[i], s);

	return isnan(v) && ts->zero_if_missing ? 0 : v;
}

int answer_z3(const struct export_ctx *ctx, const char *text,
	      struct answer *ans, river_diag *diag)
{
	struct table t = {NULL, 0, 0};
	const char *p = text, *model_end;
	double end;
	bool unsat = false;
	int rc = RIVER_OK;

	memset(ans, 0, sizeof *ans);
	/* One answer per end asked: the first "sat" is the optimum; only
	 * "unsat" (each followed by an error for the model it lacks) means
	 * no plan within the horizon.  Errors alone are no answer. */
	for (;;) {
		while (*p == ' ' || *p == '\n')
			p++;
		if (strncmp(p, "sat", 3) == 0)
			break;
		if (!*p)
			break;
		if (strncmp(p, "unsat", 5) == 0)
			unsat = true;
		else if (strncmp(p, "(error", 6) != 0)
			return bad_answer(diag, "z3", "it did not say sat or unsat");
		p = strchr(p, '\n');
		if (!p)
			break;
	}
	if (!p || !*p) {
		if (!unsat)
			return bad_answer(diag, "z3", "it did not say sat or unsat");
		ans->infeasible = true;
		return RIVER_OK;
	}
	/* This answer's model: up to the next check's result. */
	{
		const char *next = strstr(p + 3, "\nsat");
		const char *no = strstr(p + 3, "\nunsat");

		if (no && (!next || no < next))
			next = no;
		model_end = next;
	}
	while (rc == RIVER_OK && (p = strstr(p, "(define-fun ")) &&
	       (!model_end || p < model_end)) {
		const char *name = p + 12, *q;
		size_t len = strcspn(name, " ");
		double value;

		q = strchr(name + len, ')');  /* the empty argument list */
		if (!q)
			break;
		q++;
		q += strspn(q, " \n");
		q += strcspn(q, " \n");       /* the sort */
		q += strspn(q, " \n");
		if (strncmp(q, "true", 4) == 0)
			value = 1;
		else if (strncmp(q, "false", 5) == 0)
			value = 0;
		else
			value = strtod(q, NULL);
		rc = table_add(&t, name, len, value);
		p = q;
	}
	if (rc != RIVER_OK) {
		table_release(&t);
		return diag_set(diag, rc, NULL, NULL, "out of memory");
	}
	table_sort(&t);
	end = table_find(&t, "end");
	if (isnan(end)) {
		rc = bad_answer(diag, "z3", "no end in its model");
	} else {
		struct table_src src = {&t, "at_%s_%u", "n_%s_%u", false};

		rc = build_states(ctx, "z3", (unsigned)lround(end), table_pos,
				  &src, ans, diag);
	}
	table_release(&t);
	return rc;
}

/* ---- CBC and GLPK: the LP model's columns ------------------------- */

/* The crossings the LP answer makes: its active steps. */
static unsigned lp_end(const struct table *t, unsigned horizon)
{
	unsigned s, end = 0;

	for (s = 1; s <= horizon; s++)
		if (lround(table_get(t, "active%s_%u", "", s)) == 1)
			end = s;
	return end;
}

static int lp_states(const struct export_ctx *ctx, const char *engine,
		     struct table *t, struct answer *ans, river_diag *diag)
{
	struct table_src src = {t, "pos_%s_%u", "num_%s_%u", true};

	table_sort(t);
	return build_states(ctx, engine, lp_end(t, ctx->horizon), table_pos,
			    &src, ans, diag);
}

/* cbc's "solution" file: a status line, then "index name value dual". */
int answer_cbc(const struct export_ctx *ctx, const char *text,
	       struct answer *ans, river_diag *diag)
{
	struct table t = {NULL, 0, 0};
	const char *line;
	int rc = RIVER_OK;

	memset(ans, 0, sizeof *ans);
	if (strncmp(text, "Infeasible", 10) == 0 ||
	    strncmp(text, "Integer infeasible", 18) == 0) {
		ans->infeasible = true;
		return RIVER_OK;
	}
	if (strncmp(text, "Optimal", 7) != 0)
		return bad_answer(diag, "cbc", "it did not report an optimum");
	for (line = strchr(text, '\n'); rc == RIVER_OK && line;
	     line = strchr(line + 1, '\n')) {
		char name[256];
		double value;
		int index;

		if (sscanf(line + 1, "%d %255s %lf", &index, name, &value) == 3)
			rc = table_add(&t, name, strlen(name), value);
	}
	if (rc == RIVER_OK)
		rc = lp_states(ctx, "cbc", &t, ans, diag);
	else
		diag_set(diag, rc, NULL, NULL, "out of memory");
	table_release(&t);
	return rc;
}

/* glpsol's printable solution (-o): the status, then a table of the
 * columns, where a long name pushes the rest of its row to the next
 * line. */
int answer_glpk(const struct export_ctx *ctx, const char *text,
		struct answer *ans, river_diag *diag)
{
	struct table t = {NULL, 0, 0};
	const char *status = strstr(text, "Status:");
	const char *p;
	int rc = RIVER_OK;

	memset(ans, 0, sizeof *ans);
	if (!status)
		return bad_answer(diag, "glpk", "no status");
	if (strncmp(status + strspn(status + 7, " ") + 7, "INTEGER EMPTY", 13) == 0) {
		ans->infeasible = true;
		return RIVER_OK;
	}
	if (strncmp(status + strspn(status + 7, " ") + 7, "INTEGER OPTIMAL", 15) != 0)
		return bad_answer(diag, "glpk", "it did not report an optimum");
	p = strstr(text, "Column name");
	if (!p)
		return bad_answer(diag, "glpk", "no columns");
	p = strchr(p, '\n');
	p = p ? strchr(p + 1, '\n') : NULL; /* past the dashes */
	while (rc == RIVER_OK && p && *++p) {
		char name[256];
		const char *q;
		char *e;
		double value;
		int index, used;

		if (sscanf(p, "%d %255s%n", &index, name, &used) != 2)
			break;
		q = p + used;
		q += strspn(q, " \n");
		if (*q == '*')
			q++;
		value = strtod(q, &e);
		if (e == q)
			break;
		rc = table_add(&t, name, strlen(name), value);
		p = strchr(e, '\n');
	}
	if (rc == RIVER_OK)
		rc = lp_states(ctx, "glpk", &t, ans, diag);
	else
		diag_set(diag, rc, NULL, NULL, "out of memory");
	table_release(&t);
	return rc;
}
