/* Reading solvers' answers back: each engine's output as states 0..end,
 * or the engine's word that no plan exists within the horizon. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/answer.h"
#include "search/places.h"
#include "util/json.h"
#include "util/grow.h"

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

	if (array_grow(&t->v, &t->cap, t->n + 1, sizeof *t->v) != RIVER_OK)
		return RIVER_ENOMEM;
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
		return NAN;
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

/* The same, quoting the line of the answer at p (its first 60 bytes). */
static int bad_answer_at(river_diag *diag, const char *engine,
			 const char *what, const char *p)
{
	int n = (int)strcspn(p, "\r\n");

	return diag_set(diag, RIVER_EENGINE, NULL, NULL,
			"%s gave an answer river cannot read: %s ('%.*s%s')",
			engine, what, n > 60 ? 60 : n, p, n > 60 ? "..." : "");
}

/* An answer that stops before it says all it must. */
static int cut_answer(river_diag *diag, const char *engine)
{
	return bad_answer(diag, engine, "it stops short (cut off?)");
}

/* v as a whole number from 0 to max, allowing a solver's rounding. */
static bool whole(double v, double max, unsigned long *out)
{
	if (!(v > -1e-6 && v < max + 1e-6) || fabs(v - round(v)) > 1e-6)
		return false;
	*out = (unsigned long)lround(v);
	return true;
}

static const char *skip_blank(const char *p)
{
	return p + strspn(p, " \t\r\n");
}

/* Does the line at p say exactly word? */
static bool line_is(const char *p, const char *word)
{
	size_t n = strlen(word);

	return strncmp(p, word, n) == 0 &&
	       (p[n] == '\n' || (p[n] == '\r' && p[n + 1] == '\n'));
}

/* Where an answer says things are, as a format names them: on two
 * banks, pos(i, s) is an individual's bank (0 or 1) or a kind's count
 * on the right bank after step s; of a puzzle of places, at(i, p, s)
 * is the copies of item i at place p after step s, and boat(b, s) the
 * place of boat b.  NAN where the answer does not say. */
struct reader {
	double (*pos)(const void *src, const struct export_ctx *ctx, size_t i,
		      unsigned s);
	double (*at)(const void *src, const struct export_ctx *ctx, size_t i,
		     unsigned p, unsigned s);
	double (*boat)(const void *src, const struct export_ctx *ctx,
		       size_t b, unsigned s);
	const void *src;
};

/* Rows 0..end of a puzzle of places from r's at and boat. */
static int build_rows(const struct export_ctx *ctx, const char *engine,
		      unsigned end, const struct reader *r,
		      struct answer *ans, river_diag *diag)
{
	const struct model *m = ctx->model;
	size_t w = places_row_width(m), i, b;
	unsigned s, p;

	ans->rows = malloc(((size_t)end + 1) * w * sizeof *ans->rows);
	if (!ans->rows)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	ans->n = (size_t)end + 1;
	for (s = 0; s <= end; s++) {
		unsigned *row = ans->rows + (size_t)s * w;
		unsigned long n = 0;
		bool ok = true;

		for (i = 0; ok && i < m->n_items; i++)
			for (p = 0; ok && p < m->n_places; p++) {
				ok = whole(r->at(r->src, ctx, i, p, s),
					   m->items[i].copies, &n);
				row[i * m->n_places + p] = (unsigned)n;
			}
		for (b = 0; ok && b < m->n_boats; b++) {
			ok = whole(r->boat(r->src, ctx, b, s),
				   (double)m->n_places - 1, &n);
			row[m->n_items * m->n_places + b] = (unsigned)n;
		}
		if (!ok) {
			free(ans->rows);
			ans->rows = NULL;
			ans->n = 0;
			return bad_answer(diag, engine,
					  "a place is missing or out of range");
		}
	}
	return RIVER_OK;
}

/* States 0..end (rows, of a puzzle of places) from where r says
 * things are. */
static int build_states(const struct export_ctx *ctx, const char *engine,
			unsigned end, const struct reader *r,
			struct answer *ans, river_diag *diag)
{
	const struct system *sys = ctx->sys;
	unsigned s;
	size_t i;

	if (end < 1 || end > ctx->horizon)
		return bad_answer(diag, engine, "its end is missing or out of range");
	if (ctx->places)
		return build_rows(ctx, engine, end, r, ans, diag);
	ans->states = malloc(((size_t)end + 1) * sizeof *ans->states);
	if (!ans->states)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	ans->n = (size_t)end + 1;
	for (s = 0; s <= end; s++) {
		unsigned right[MODEL_MAX_ITEMS + 1];
		state_t st;

		for (i = 0; i < ctx->model->n_items; i++) {
			unsigned long n;

			if (!whole(r->pos(r->src, ctx, i, s),
				   ctx->model->items[i].copies, &n)) {
				free(ans->states);
				ans->states = NULL;
				ans->n = 0;
				return bad_answer(diag, engine,
						  "a position is missing or out of range");
			}
			right[i] = (unsigned)n;
		}
		st = system_state_of(sys, right,
				     (s + state_boat_right(sys, sys->start)) % 2);
		/* The numbers a state carries besides the banks follow from
		 * the crossings. */
		ans->states[s] = s ? system_successor(sys, ans->states[s - 1], st)
				   : st;
	}
	return RIVER_OK;
}

/* ---- MiniZinc: --output-mode json --------------------------------- */

struct mzn_src {
	/* Two banks: at[i][s], right[k][s]; places: at[i][s] (a place),
	 * kind_at[k][p][s] and boat_at[b][s]. */
	const struct json *at, *right, *kind_at, *boat_at;
};

/* Individuals and kinds are separate enums, each in the model's order:
 * item i's index in its own. */
static size_t enum_index(const struct export_ctx *ctx, size_t i)
{
	size_t k, n = 0;

	for (k = 0; k < i; k++)
		n += ctx->model->items[k].is_kind == ctx->model->items[i].is_kind;
	return n;
}

/* arr[a][b] (arr[a][b][c] when c is not SIZE_MAX), or NAN. */
static double json_at(const struct json *arr, size_t a, size_t b, size_t c)
{
	size_t ix[3] = {a, b, c}, k;

	for (k = 0; k < 3 && ix[k] != SIZE_MAX; k++) {
		if (!arr || arr->type != JSON_ARRAY || ix[k] >= arr->n)
			return NAN;
		arr = arr->items[ix[k]];
	}
	return arr->type == JSON_NUMBER ? arr->number : NAN;
}

static double mzn_pos(const void *src, const struct export_ctx *ctx,
		      size_t i, unsigned s)
{
	const struct mzn_src *m = src;

	return json_at(ctx->model->items[i].is_kind ? m->right : m->at,
		       enum_index(ctx, i), s, SIZE_MAX);
}

static double mzn_at(const void *src, const struct export_ctx *ctx, size_t i,
		     unsigned p, unsigned s)
{
	const struct mzn_src *m = src;
	double place;

	if (ctx->model->items[i].is_kind)
		return json_at(m->kind_at, enum_index(ctx, i), p, s);
	place = json_at(m->at, enum_index(ctx, i), s, SIZE_MAX);
	return isnan(place) ? place : place == p;
}

static double mzn_boat(const void *src, const struct export_ctx *ctx,
		       size_t b, unsigned s)
{
	(void)ctx;
	return json_at(((const struct mzn_src *)src)->boat_at, b, s, SIZE_MAX);
}

/* An end read from the answer: 0 (out of range) unless a whole number. */
static unsigned answer_end(double v, unsigned horizon)
{
	unsigned long n;

	return whole(v, horizon, &n) ? (unsigned)n : 0;
}

/* MiniZinc prints each better solution as a JSON object ended by a line
 * "----------", then "==========" once it has proved the last one
 * optimal, or only "=====UNSATISFIABLE=====".  Anything else (another
 * "=====" status, text cut short) proves nothing. */
int answer_minizinc(const struct export_ctx *ctx, const char *text,
		    struct answer *ans, river_diag *diag)
{
	static const char sep[] = "\n----------\n";
	const char *p = text, *last = NULL, *last_end = NULL, *error;
	struct arena arena;
	struct json *v;
	struct mzn_src src;
	const struct json *end;
	size_t at;
	int rc;

	memset(ans, 0, sizeof *ans);
	for (;;) {
		p = skip_blank(p);
		if (*p == '%') { /* a comment line */
			p += strcspn(p, "\n");
			continue;
		}
		if (*p == '{') {
			const char *q = strstr(p, sep);

			if (!q)
				return cut_answer(diag, "minizinc");
			last = p;
			last_end = q;
			p = q + sizeof sep - 1;
			continue;
		}
		break;
	}
	if (line_is(p, "=====UNSATISFIABLE=====") && !last &&
	    !*skip_blank(p + 23)) {
		ans->infeasible = true;
		return RIVER_OK;
	}
	if (!*p)
		return last ? bad_answer(diag, "minizinc",
					 "no proof that its last solution is "
					 "optimal (cut off?)")
			    : cut_answer(diag, "minizinc");
	if (!line_is(p, "==========") || *skip_blank(p + 10))
		return bad_answer_at(diag, "minizinc",
				     strncmp(p, "=====", 5) == 0
					     ? "it proved nothing"
					     : "not a solution or a status",
				     p);
	if (!last)
		return bad_answer(diag, "minizinc", "no solution printed");
	arena_init(&arena);
	v = json_parse(&arena, last, (size_t)(last_end - last), &at, &error);
	if (!v) {
		arena_release(&arena);
		return error == JSON_NO_MEMORY
			       ? diag_set(diag, RIVER_ENOMEM, NULL, NULL,
					  "out of memory")
			       : bad_answer(diag, "minizinc", error);
	}
	src.at = json_get(v, "at");
	src.right = json_get(v, "right");
	src.kind_at = json_get(v, "kind_at");
	src.boat_at = json_get(v, "boat_at");
	end = json_get(v, "end");
	if (!end || end->type != JSON_NUMBER) {
		rc = bad_answer(diag, "minizinc", "no end");
	} else {
		struct reader r = {mzn_pos, mzn_at, mzn_boat, &src};

		rc = build_states(ctx, "minizinc",
				  answer_end(end->number, ctx->horizon), &r,
				  ans, diag);
	}
	arena_release(&arena);
	return rc;
}

/* ---- Z3: (get-model) ---------------------------------------------- */

/* A table and how its format names an individual's and a kind's
 * position variables (of a puzzle of places, with a place before the
 * step, and the boats' too). */
struct table_src {
	const struct table *t;
	const char *individual, *kind;
	bool zero_if_missing; /* cbc lists only the non-zero columns */
	/* Places: an individual's variable is its place (not 1 at each),
	 * and a boat's is its place (not one_hot_boat, "boat_B_P_S", 1 at
	 * its place) */
	bool place_valued;
	const char *boat;
	bool one_hot_boat;
};

/* The value of the variable called key in ts's table (0 when missing
 * from an answer that lists only the non-zero columns). */
static double table_value(const struct table_src *ts, const char *key)
{
	double v = table_find(ts->t, key);

	return isnan(v) && ts->zero_if_missing ? 0 : v;
}

static double table_pos(const void *src, const struct export_ctx *ctx,
			size_t i, unsigned s)
{
	const struct table_src *ts = src;
	char key[512];

	snprintf(key, sizeof key, ctx->model->items[i].is_kind ? ts->kind
							       : ts->individual,
		 ctx->names[i], s);
	return table_value(ts, key);
}

static double table_at(const void *src, const struct export_ctx *ctx,
		       size_t i, unsigned p, unsigned s)
{
	const struct table_src *ts = src;
	char key[512];
	double v;

	if (ts->place_valued && !ctx->model->items[i].is_kind) {
		v = table_pos(src, ctx, i, s);
		return isnan(v) ? v : v == p;
	}
	snprintf(key, sizeof key, ctx->model->items[i].is_kind ? ts->kind
							       : ts->individual,
		 ctx->names[i], p, s);
	return table_value(ts, key);
}

static double table_boat(const void *src, const struct export_ctx *ctx,
			 size_t b, unsigned s)
{
	const struct table_src *ts = src;
	char key[512];
	unsigned p;

	if (!ts->one_hot_boat) {
		snprintf(key, sizeof key, ts->boat, b, s);
		return table_value(ts, key);
	}
	for (p = 0; p < ctx->model->n_places; p++) {
		snprintf(key, sizeof key, ts->boat, b, p, s);
		if (table_value(ts, key) > 0.5)
			return p;
	}
	return NAN;
}


/* Past the s-expression at p (which opens with '('), or NULL when the
 * text ends first. */
static const char *sexp_end(const char *p)
{
	int depth = 0;
	bool quoted = false;

	for (; *p; p++) {
		if (quoted)
			quoted = *p != '"';
		else if (*p == '"')
			quoted = true;
		else if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return p + 1;
	}
	return NULL;
}

/* Does what lies from p to end say what? */
static bool within(const char *p, const char *end, const char *what)
{
	const char *hit = strstr(p, what);

	return hit && hit + strlen(what) <= end;
}

/* z3's (error "...") at p, as the engine's failure. */
static int z3_error(river_diag *diag, const char *p)
{
	const char *end = sexp_end(p);
	int n = end ? (int)(end - p) : (int)strcspn(p, "\n");

	return diag_set(diag, RIVER_EENGINE, NULL, NULL, "z3 failed: %.*s",
			n > 300 ? 300 : n, p);
}

/* The variables of the model at p..end: (define-fun NAME () SORT VALUE);
 * a value other than true, false or a number is NAN. */
static int z3_model(struct table *t, const char *p, const char *end)
{
	int rc = RIVER_OK;

	while (rc == RIVER_OK && (p = strstr(p, "(define-fun ")) && p < end) {
		const char *name = p + 12, *q;
		size_t len = strcspn(name, " \n");
		double value;
		char *num_end;

		q = strchr(name + len, ')');  /* the empty argument list */
		if (!q || q >= end)
			break;
		q++;
		q += strspn(q, " \n");
		q += strcspn(q, " \n");       /* the sort */
		q += strspn(q, " \n");
		if (strncmp(q, "true", 4) == 0)
			value = 1;
		else if (strncmp(q, "false", 5) == 0)
			value = 0;
		else if ((value = strtod(q, &num_end)), num_end == q)
			value = NAN;
		rc = table_add(t, name, len, value);
		p = q;
	}
	return rc;
}

/* One answer per check asked (one per end, fewest first, when
 * ctx->ask_each_end): "sat" and its model, or "unsat" and the error of
 * the (get-model) that follows.  The first "sat" is the optimum; only
 * an "unsat" for every check proves there is no plan. */
int answer_z3(const struct export_ctx *ctx, const char *text,
	      struct answer *ans, river_diag *diag)
{
	struct table t = {NULL, 0, 0};
	unsigned asked = ctx->ask_each_end ? ctx->horizon : 1, answered = 0;
	const char *p = text, *model, *model_end;
	int rc;

	memset(ans, 0, sizeof *ans);
	for (;;) {
		p = skip_blank(p);
		if (line_is(p, "sat"))
			break;
		if (line_is(p, "unsat")) {
			const char *e;

			/* The model asked for next is not there. */
			p = skip_blank(p + 5);
			if (strncmp(p, "(error", 6) != 0)
				return *p ? bad_answer_at(diag, "z3",
							  "no error after unsat", p)
					  : cut_answer(diag, "z3");
			e = sexp_end(p);
			if (!e)
				return cut_answer(diag, "z3");
			if (!within(p, e, "model is not available"))
				return z3_error(diag, p);
			p = e;
			if (++answered < asked)
				continue;
			if (*skip_blank(p))
				return bad_answer_at(diag, "z3",
						     "more than it was asked",
						     skip_blank(p));
			ans->infeasible = true;
			return RIVER_OK;
		}
		if (strncmp(p, "(error", 6) == 0)
			return z3_error(diag, p);
		if (!*p)
			return cut_answer(diag, "z3");
		if (line_is(p, "unknown"))
			return diag_set(diag, RIVER_EENGINE, NULL, NULL,
					"z3 failed: it answered unknown");
		return bad_answer_at(diag, "z3", "it did not say sat or unsat",
				     p);
	}
	model = skip_blank(p + 3);
	if (*model != '(')
		return *model ? bad_answer_at(diag, "z3", "no model after sat",
					      model)
			      : cut_answer(diag, "z3");
	model_end = sexp_end(model);
	if (!model_end)
		return cut_answer(diag, "z3");
	rc = z3_model(&t, model, model_end);
	if (rc != RIVER_OK) {
		table_release(&t);
		return diag_set(diag, rc, NULL, NULL, "out of memory");
	}
	table_sort(&t);
	if (isnan(table_find(&t, "end"))) {
		rc = bad_answer(diag, "z3", "no end in its model");
	} else {
		struct table_src src = {&t, "at_%s_%u", "n_%s_%u", false,
					false, NULL, false};
		struct reader r = {table_pos, table_at, table_boat, &src};

		if (ctx->places) {
			src.kind = "n_%s_%u_%u";
			src.place_valued = true;
			src.boat = "boat_%zu_%u";
		}
		rc = build_states(ctx, "z3",
				  answer_end(table_find(&t, "end"), ctx->horizon),
				  &r, ans, diag);
	}
	table_release(&t);
	return rc;
}

/* ---- CBC and GLPK: the LP model's columns ------------------------- */

/* The crossings the LP answer makes: its active steps. */
static unsigned lp_end(const struct table *t, unsigned horizon)
{
	unsigned s, end = 0;
	unsigned long on;

	for (s = 1; s <= horizon; s++)
		if (whole(table_get(t, "active%s_%u", "", s), 1, &on) && on)
			end = s;
	return end;
}

static int lp_states(const struct export_ctx *ctx, const char *engine,
		     struct table *t, struct answer *ans, river_diag *diag)
{
	struct table_src src = {t, "pos_%s_%u", "num_%s_%u", true, false,
				NULL, false};
	struct reader r = {table_pos, table_at, table_boat, &src};

	if (ctx->places) {
		src.individual = "pos_%s_%u_%u";
		src.kind = "num_%s_%u_%u";
		src.boat = "boat_%zu_%u_%u";
		src.one_hot_boat = true;
	}
	table_sort(t);
	return build_states(ctx, engine, lp_end(t, ctx->horizon), &r, ans,
			    diag);
}

/* cbc's "solution" file: a status line, then a line "index name value
 * dual" for each column that is not zero, "**" before those out of
 * bounds.  Every line must be whole: the file has no end mark. */
int answer_cbc(const struct export_ctx *ctx, const char *text,
	       struct answer *ans, river_diag *diag)
{
	struct table t = {NULL, 0, 0};
	const char *line = text, *next;
	bool infeasible;
	int rc = RIVER_OK;

	memset(ans, 0, sizeof *ans);
	next = strchr(text, '\n');
	if (!next)
		return *text ? cut_answer(diag, "cbc")
			     : bad_answer(diag, "cbc", "it is empty");
	infeasible = strncmp(text, "Infeasible - ", 13) == 0 ||
		     strncmp(text, "Integer infeasible - ", 21) == 0;
	if (!infeasible && strncmp(text, "Optimal - objective value ", 26) != 0)
		return bad_answer_at(diag, "cbc", "it did not report an optimum",
				     text);
	for (line = next + 1; rc == RIVER_OK && *line; line = next + 1) {
		char name[256];
		double value, dual;
		int index, used = 0;

		next = strchr(line, '\n');
		if (!next) {
			rc = cut_answer(diag, "cbc");
			break;
		}
		line += strspn(line, " *");
		if (sscanf(line, "%d %255s %lf %lf%n", &index, name, &value,
			   &dual, &used) != 4 || line + used != next) {
			rc = bad_answer_at(diag, "cbc", "a line is not a column",
					   line);
			break;
		}
		rc = table_add(&t, name, strlen(name), value);
		if (rc != RIVER_OK)
			diag_set(diag, rc, NULL, NULL, "out of memory");
	}
	if (rc == RIVER_OK && infeasible)
		ans->infeasible = true;
	else if (rc == RIVER_OK)
		rc = lp_states(ctx, "cbc", &t, ans, diag);
	table_release(&t);
	return rc;
}

/* glpsol's printable solution (-o): the status, a table of the rows,
 * then one of the columns, where a long name pushes the rest of its row
 * to the next line, and last "End of output". */
int answer_glpk(const struct export_ctx *ctx, const char *text,
		struct answer *ans, river_diag *diag)
{
	static const char done[] = "\nEnd of output\n";
	struct table t = {NULL, 0, 0};
	const char *status = strstr(text, "Status:");
	const char *columns = strstr(text, "Columns:");
	const char *p, *stop;
	unsigned long n_columns;
	int rc = RIVER_OK;

	memset(ans, 0, sizeof *ans);
	stop = strstr(text, done);
	if (!stop || *skip_blank(stop + sizeof done - 1))
		return *text ? cut_answer(diag, "glpsol")
			     : bad_answer(diag, "glpsol", "it is empty");
	if (!status || !columns ||
	    sscanf(columns + 8, "%lu", &n_columns) != 1)
		return bad_answer(diag, "glpsol", "no status");
	status = skip_blank(status + 7);
	if (line_is(status, "INTEGER EMPTY")) {
		ans->infeasible = true;
		return RIVER_OK;
	}
	if (!line_is(status, "INTEGER OPTIMAL"))
		return bad_answer_at(diag, "glpsol",
				     "it did not report an optimum", status);
	p = strstr(text, "Column name");
	if (!p)
		return bad_answer(diag, "glpsol", "no columns");
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
		if (rc != RIVER_OK)
			diag_set(diag, rc, NULL, NULL, "out of memory");
		p = strchr(e, '\n');
	}
	if (rc == RIVER_OK && t.n != n_columns)
		rc = bad_answer(diag, "glpsol", "columns are missing");
	if (rc == RIVER_OK)
		rc = lp_states(ctx, "glpsol", &t, ans, diag);
	table_release(&t);
	return rc;
}
