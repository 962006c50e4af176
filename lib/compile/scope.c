/* Names and numbers: declaring names, parameters, arithmetic and
 * loop variables, and resolving references to items, families and groups. */
#include "compile/compiler.h"

#include <stdio.h>
#include <string.h>

int out_of_memory(struct compiler *c)
{
	return diag_set(c->diag, RIVER_ENOMEM, c->src, NULL, "out of memory");
}

bool ends_with(const char *s, size_t n, const char *end)
{
	size_t m = strlen(end);

	return n > m && strcmp(s + n - m, end) == 0;
}

int declare_name(struct compiler *c, const char *name,
		 enum name_kind kind, size_t index, struct loc loc)
{
	int oom = 0;
	const struct name_entry *old = names_add(&c->names, name, kind, index, loc,
						 &oom);

	if (oom)
		return out_of_memory(c);
	if (old)
		return FAIL(c, &loc, "'%s' is already declared at line %d",
			    name, old->loc.line);
	return RIVER_OK;
}

/* The most any arithmetic in a puzzle may reach, either side of 0: far
 * past every limit, and far from overflow. */
#define MAX_ARITHMETIC 1000000000000000LL

/* The number a leaf stands for: itself, a loop variable's value, or
 * its parameter's value. */
static int leaf_value(struct compiler *c, const struct ast_value *v,
		      bool in_list, unsigned long long *out)
{
	const struct name_entry *e;
	const char *near;
	struct param *p;

	if (!v->param) {
		*out = v->number;
		return RIVER_OK;
	}
	for (size_t k = 0; k < c->n_bind; k++) {
		if (strcmp(c->bind[k].name, v->param) == 0) {
			*out = c->bind[k].value;
			return RIVER_OK;
		}
	}
	e = names_find(&c->param_names, v->param);
	if (!e && c->n_bind > 0) {
		struct buf vars;
		int rc;

		buf_init(&vars);
		for (size_t k = 0; k < c->n_bind; k++)
			buf_printf(&vars, "%s%s", k ? ", " : "", c->bind[k].name);
		rc = vars.failed ? out_of_memory(c)
				 : FAIL(c, &v->loc, "'%s' is not a variable of "
					"this rule (%s) or a parameter",
					v->param, vars.data);
		buf_release(&vars);
		return rc;
	}
	if (!e) {
		near = names_suggest(&c->param_names, v->param);
		if (near)
			return FAIL(c, &v->loc,
				    "unknown parameter '%s' (did you mean '%s'?)",
				    v->param, near);
		return FAIL(c, &v->loc, "'%s' is not a number or a parameter%s",
			    v->param, in_list ? " (is a comma missing after it?)"
					      : "");
	}
	p = &c->params[e->index];
	if (!p->has_value)
		return FAIL(c, &v->loc,
			    "parameter '%s' has no value: give it one in the "
			    "puzzle (param %s = 3) or when solving (-D %s=3)",
			    p->name, p->name, p->name);
	*out = p->value;
	return RIVER_OK;
}

/* "i+1" as written, for messages. */
static void value_text(const struct ast_value *v, struct buf *b, bool inner)
{
	if (!v->op) {
		if (v->param)
			buf_puts(b, v->param);
		else
			buf_printf(b, "%llu", v->number);
		return;
	}
	if (inner)
		buf_puts(b, "(");
	value_text(v->lhs, b, true);
	if (v->op == 'm')
		buf_puts(b, " mod ");
	else
		buf_printf(b, "%c", v->op);
	value_text(v->rhs, b, true);
	if (inner)
		buf_puts(b, ")");
}

/* The loop variables' values now, "i = 1, j = 2", for messages. */
static void bindings_text(const struct compiler *c, struct buf *b)
{
	size_t k;

	for (k = 0; k < c->n_bind; k++)
		buf_printf(b, "%s%s = %llu", k ? ", " : " (with ",
			   c->bind[k].name, c->bind[k].value);
	if (c->n_bind)
		buf_puts(b, ")");
}

static int arithmetic_error(struct compiler *c, const struct ast_value *v,
			    const char *what)
{
	struct buf text, where;
	int rc;

	buf_init(&text);
	buf_init(&where);
	value_text(v, &text, false);
	bindings_text(c, &where);
	rc = text.failed || where.failed
	     ? out_of_memory(c)
	     : FAIL(c, &v->loc, "'%s' %s%s", text.data ? text.data : "", what,
		    where.data ? where.data : "");
	buf_release(&text);
	buf_release(&where);
	return rc;
}

/* The number v works out to, signed, so that i-1 may be taken before a
 * +1. */
int eval_value(struct compiler *c, const struct ast_value *v, bool in_list,
	       long long *out)
{
	unsigned long long leaf = 0;
	long long x, y, r;
	int rc;

	if (!v->op) {
		rc = leaf_value(c, v, in_list, &leaf);
		*out = (long long)leaf; /* leaves are at most 10^9 */
		return rc;
	}
	rc = eval_value(c, v->lhs, in_list, &x);
	if (rc == RIVER_OK)
		rc = eval_value(c, v->rhs, in_list, &y);
	if (rc != RIVER_OK)
		return rc;
	switch (v->op) {
	case '+':
		r = x + y;
		break;
	case '-':
		r = x - y;
		break;
	case '*':
		if (y != 0 && (x > MAX_ARITHMETIC / (y < 0 ? -y : y) ||
			       x < -MAX_ARITHMETIC / (y < 0 ? -y : y)))
			return arithmetic_error(c, v, "is too large (past 10^15)");
		r = x * y;
		break;
	default: /* 'm' */
		if (y <= 0)
			return arithmetic_error(c, v, y == 0
				? "divides by 0: mod needs a number above 0"
				: "divides by a number below 0: mod needs a "
				  "number above 0");
		r = x % y;
		if (r < 0)
			r += y; /* the remainder in 0..y-1, as in a ring */
		break;
	}
	if (r > MAX_ARITHMETIC || r < -MAX_ARITHMETIC)
		return arithmetic_error(c, v, "is too large (past 10^15)");
	*out = r;
	return RIVER_OK;
}

/* The number v stands for: a count, an index, a bound, never below 0. */
int value_of(struct compiler *c, const struct ast_value *v,
	     bool in_list, unsigned long long *out)
{
	long long x;
	char what[64];
	int rc = eval_value(c, v, in_list, &x);

	if (rc != RIVER_OK)
		return rc;
	if (x < 0) {
		snprintf(what, sizeof what, "is %lld, and a number here cannot "
			 "be below 0", x);
		return arithmetic_error(c, v, what);
	}
	*out = (unsigned long long)x;
	return RIVER_OK;
}

/* The parameters the puzzle declares, then the caller's values. */
int collect_params(struct compiler *c, const struct ast *ast,
		   const river_param *given, size_t n_given)
{
	const struct ast_stmt *st;
	size_t n = 0, i;
	int oom = 0;

	for (st = ast->first; st; st = st->next)
		n += st->kind == ST_PARAM;
	c->params = arena_alloc(c->arena, (n + 1) * sizeof *c->params);
	if (!c->params)
		return out_of_memory(c);
	c->param_names.arena = c->arena;
	for (st = ast->first; st; st = st->next) {
		const struct name_entry *old;
		struct param *p;

		if (st->kind != ST_PARAM)
			continue;
		old = names_add(&c->param_names, st->u.param.name, NAME_PARAM,
				c->n_params, st->loc, &oom);
		if (oom)
			return out_of_memory(c);
		if (old)
			return FAIL(c, &st->loc,
				    "parameter '%s' is already declared at line %d",
				    st->u.param.name, old->loc.line);
		p = &c->params[c->n_params++];
		p->name = st->u.param.name;
		p->loc = st->loc;
		p->has_value = st->u.param.has_value;
		p->value = st->u.param.value;
	}
	for (i = 0; i < n_given; i++) {
		const struct name_entry *e = given[i].name
			? names_find(&c->param_names, given[i].name) : NULL;

		if (!e)
			return FAIL(c, NULL, "the puzzle has no parameter '%s'",
				    given[i].name ? given[i].name : "(null)");
		if (given[i].value < 0 || given[i].value > 1000000000)
			return FAIL(c, NULL,
				    "parameter '%s' = %lld is out of range (0 to "
				    "1000000000)", given[i].name, given[i].value);
		c->params[e->index].has_value = true;
		c->params[e->index].value = (unsigned long long)given[i].value;
	}
	return RIVER_OK;
}

/* The items ref names: one, or a family's members (all of them, or the
 * one its index picks).  *n is how many; out has room for them. */
int resolve_group(struct compiler *c, const struct ast_name *ref,
		  size_t *out, size_t *n)
{
	const struct name_entry *e = names_find(&c->names, ref->text);
	const struct family *f;
	unsigned long long k;
	const char *near;
	int rc;

	if (!e) {
		near = names_suggest(&c->names, ref->text);
		if (near)
			return FAIL(c, &ref->loc,
				    "unknown item '%s' (did you mean '%s'?)",
				    ref->text, near);
		return FAIL(c, &ref->loc, "unknown item '%s'", ref->text);
	}
	if (e->kind == NAME_BOAT)
		return FAIL(c, &ref->loc, "'%s' is a boat, not an item",
			    ref->text);
	if (e->kind == NAME_GROUP) {
		const struct group *g = &c->groups[e->index];

		if (ref->indexed)
			return FAIL(c, &ref->index.loc,
				    "'%s' is a group, not a family: it takes no "
				    "index", ref->text);
		memcpy(out, g->members, g->n * sizeof *out);
		*n = g->n;
		return RIVER_OK;
	}
	if (e->kind == NAME_ITEM) {
		if (ref->indexed)
			return FAIL(c, &ref->index.loc,
				    "'%s' is not a family: it takes no index",
				    ref->text);
		out[0] = e->index;
		*n = 1;
		return RIVER_OK;
	}
	f = &c->families[e->index];
	if (!ref->indexed) {
		for (*n = 0; *n <= f->to - f->from; (*n)++)
			out[*n] = f->first + *n;
		return RIVER_OK;
	}
	rc = value_of(c, &ref->index, false, &k);
	if (rc != RIVER_OK)
		return rc;
	if (k < f->from || k > f->to) {
		struct buf where;

		buf_init(&where);
		bindings_text(c, &where);
		rc = where.failed
		     ? out_of_memory(c)
		     : FAIL(c, &ref->index.loc, "%s[%llu] is out of range: the "
			    "family has %llu..%llu%s", f->name, k, f->from,
			    f->to, where.data ? where.data : "");
		buf_release(&where);
		return rc;
	}
	out[0] = f->first + (size_t)(k - f->from);
	*n = 1;
	return RIVER_OK;
}

/* Resolve a list of names (families standing for their members) into
 * items, refusing any item named twice (counting the *n items already
 * in out, which has room for every item). */
int resolve_list(struct compiler *c, const struct ast_name *list,
		 size_t *out, size_t *n, const char *where)
{
	const struct ast_name *ref;
	size_t group[MODEL_MAX_ITEMS], k, g, i;
	int rc;

	for (ref = list; ref; ref = ref->next) {
		rc = resolve_group(c, ref, group, &g);
		if (rc != RIVER_OK)
			return rc;
		for (k = 0; k < g; k++) {
			for (i = 0; i < *n; i++)
				if (out[i] == group[k])
					return FAIL(c, &ref->loc,
						    "%s names '%s' twice", where,
						    c->model->items[group[k]].name);
			out[(*n)++] = group[k];
		}
	}
	return RIVER_OK;
}

/* "group animals = dog, cat, mouse": in the order written, so a group
 * may name an earlier group. */
int compile_groups(struct compiler *c, const struct ast *ast)
{
	const struct ast_stmt *st;
	int rc;

	for (st = ast->first; st; st = st->next) {
		struct group *g = &c->groups[c->n_groups];

		if (st->kind != ST_GROUP)
			continue;
		if (c->n_groups == MAX_GROUPS)
			return FAIL(c, &st->loc, "a puzzle has at most %u groups",
				    MAX_GROUPS);
		g->members = arena_alloc(c->arena, MODEL_MAX_ITEMS *
						   sizeof *g->members);
		if (!g->members)
			return out_of_memory(c);
		g->n = 0;
		rc = resolve_list(c, st->u.group.names, g->members, &g->n,
				  "the group");
		if (rc != RIVER_OK)
			return rc;
		g->name = st->u.group.name;
		rc = declare_name(c, g->name, NAME_GROUP, c->n_groups,
				  st->loc);
		if (rc != RIVER_OK)
			return rc;
		c->n_groups++;
	}
	return RIVER_OK;
}
