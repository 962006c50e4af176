#include "compile/compile.h"

#include <stdio.h>
#include <string.h>

#include "compile/names.h"
#include "util/buf.h"

/* A parameter: its value, from the file or from the caller. */
struct param {
	const char *name;
	bool has_value;
	unsigned long long value;
	struct loc loc;
};

/* A family, "husband[1..3]": its members are consecutive items. */
struct family {
	const char *name;
	size_t first;
	unsigned long long from, to;
};

/* A group, "group animals = dog, cat": a name for some items. */
struct group {
	const char *name;
	size_t *members;
	size_t n;
};

/* The most groups, attributes, allowed loads, and the longest period
 * of a rowing rule. */
#define MAX_GROUPS 256u
#define MAX_ATTRS 32u
#define MAX_LOADS 100000u
#define MAX_PERIOD 64u

/* The most rules a puzzle may expand into, and the most choices of its
 * variables a "for" rule may try. */
#define MAX_RULES 100000u
#define MAX_CHOICES 10000000u

struct compiler {
	struct arena *arena;
	struct param *params;
	size_t n_params;
	struct names param_names;
	struct family families[MODEL_MAX_ITEMS];
	size_t n_families;
	struct group groups[MAX_GROUPS];
	size_t n_groups;
	struct {
		const char *name;
		unsigned long long value;
	} bind[8];               /* the variables of the "for" rule at hand */
	size_t n_bind;
	size_t rules_cap;
	const struct source *src;
	river_diag *diag;
	struct model *model;
	struct names names;
	const struct ast_stmt *title, *description, *boat, *rowers, *guard;
	const struct ast_stmt *minimize, *time_limit;
	size_t *guards; /* the guard line's items */
	size_t n_guards;
};

#define FAIL(c, loc, ...) \
	diag_set((c)->diag, RIVER_EPUZZLE, (c)->src, (loc), __VA_ARGS__)

static int out_of_memory(struct compiler *c)
{
	return diag_set(c->diag, RIVER_ENOMEM, c->src, NULL, "out of memory");
}

static bool ends_with(const char *s, size_t n, const char *end)
{
	size_t m = strlen(end);

	return n > m && strcmp(s + n - m, end) == 0;
}

/* Plurals that no suffix rule gets right, matched at the end of a name
 * ("policemen", "fieldmice"). */
static const struct {
	const char *plural, *singular;
} irregular[] = {
	{"children", "child"}, {"people", "person"}, {"men", "man"},
	{"geese", "goose"}, {"mice", "mouse"},
	{"oxen", "ox"}, {"feet", "foot"}, {"teeth", "tooth"},
	{"wolves", "wolf"}, {"calves", "calf"}, {"halves", "half"},
	{"leaves", "leaf"}, {"loaves", "loaf"}, {"thieves", "thief"},
	{"elves", "elf"}, {"selves", "self"}, {"shelves", "shelf"},
	{"wives", "wife"}, {"knives", "knife"},
	{"sheep", "sheep"}, {"deer", "deer"}, {"fish", "fish"},
	{"moose", "moose"}, {"series", "series"}, {"species", "species"},
};

/* "missionaries" -> "missionary", "foxes" -> "fox", "cats" -> "cat",
 * and the irregular ones above; a puzzle names the singular itself
 * where English is less regular still. */
static const char *english_singular(struct arena *arena, const char *plural)
{
	size_t n = strlen(plural), i, m;
	char *s;

	for (i = 0; i < sizeof irregular / sizeof *irregular; i++) {
		m = strlen(irregular[i].plural);
		if (n >= m && strcmp(plural + n - m, irregular[i].plural) == 0) {
			s = arena_alloc(arena, n - m + strlen(irregular[i].singular) + 1);
			if (s) {
				memcpy(s, plural, n - m);
				strcpy(s + n - m, irregular[i].singular);
			}
			return s;
		}
	}
	if (ends_with(plural, n, "ies")) {
		s = arena_strndup(arena, plural, n - 2);
		if (s)
			s[n - 3] = 'y';
		return s;
	}
	if (ends_with(plural, n, "xes") || ends_with(plural, n, "sses") ||
	    ends_with(plural, n, "ches") || ends_with(plural, n, "shes") ||
	    ends_with(plural, n, "zzes"))
		return arena_strndup(arena, plural, n - 2);
	if (ends_with(plural, n, "s") && !ends_with(plural, n, "ss"))
		return arena_strndup(arena, plural, n - 1);
	return plural;
}

static int declare_name(struct compiler *c, const char *name,
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
static int eval(struct compiler *c, const struct ast_value *v, bool in_list,
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
	rc = eval(c, v->lhs, in_list, &x);
	if (rc == RIVER_OK)
		rc = eval(c, v->rhs, in_list, &y);
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
static int value_of(struct compiler *c, const struct ast_value *v,
		    bool in_list, unsigned long long *out)
{
	long long x;
	char what[64];
	int rc = eval(c, v, in_list, &x);

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

static int too_many_items(struct compiler *c, const struct loc *loc,
			  const char *name)
{
	return FAIL(c, loc,
		    "the puzzle is too big: '%s' is item %u, and a puzzle has "
		    "at most %u (its state is packed in 64 bits)", name,
		    MODEL_MAX_ITEMS + 1, MODEL_MAX_ITEMS);
}

/* The attribute called name, made when first seen. */
static struct attribute *attribute(struct compiler *c, const char *name)
{
	struct model *m = c->model;
	size_t i;

	for (i = 0; i < m->n_attrs; i++)
		if (strcmp(m->attrs[i].name, name) == 0)
			return &m->attrs[i];
	if (m->n_attrs == MAX_ATTRS)
		return NULL;
	if (!m->attrs) {
		m->attrs = arena_alloc(c->arena, MAX_ATTRS * sizeof *m->attrs);
		if (!m->attrs)
			return NULL;
	}
	m->attrs[m->n_attrs].name = name;
	m->attrs[m->n_attrs].value = arena_alloc(c->arena, MODEL_MAX_ITEMS *
						 sizeof(unsigned));
	if (!m->attrs[m->n_attrs].value)
		return NULL;
	memset(m->attrs[m->n_attrs].value, 0, MODEL_MAX_ITEMS * sizeof(unsigned));
	return &m->attrs[m->n_attrs++];
}

/* An item's annotations: "(missionary, weight 80)". */
/* The value annotation a gives the member-th (from 0) of members: its
 * one value, or its own of one value per member. */
static int annot_value(struct compiler *c, const struct ast_item *it,
		       const struct ast_annot *a, size_t member, size_t members,
		       unsigned long long *v)
{
	const struct ast_value *value = &a->value;
	const struct ast_num *n;
	size_t given = 1, k;

	for (n = a->more; n; n = n->next)
		given++;
	if (given > 1 && members == 1)
		return FAIL(c, &a->more->value.loc, "'%s' has %zu values, and "
			    "'%s' is one item: several values are for the "
			    "members of a family, one each", a->name, given,
			    it->name);
	if (given > 1 && given != members)
		return FAIL(c, &a->loc, "'%s' has %zu values for the %zu "
			    "members of '%s': give one for all, or one each",
			    a->name, given, members, it->name);
	if (given > 1)
		for (k = 1, n = a->more; k <= member; k++, n = n->next)
			value = &n->value;
	return value_of(c, value, false, v);
}

static int annotate(struct compiler *c, const struct ast_item *it,
		    size_t index, size_t member, size_t members)
{
	struct item *item = &c->model->items[index];
	const struct ast_annot *a, *b;
	bool singular = false;
	int rc;

	for (a = it->annots; a; a = a->next) {
		unsigned long long v;
		struct attribute *attr;

		for (b = it->annots; b != a; b = b->next)
			if (a->has_value && b->has_value &&
			    strcmp(a->name, b->name) == 0)
				return FAIL(c, &a->loc, "'%s' is given twice for "
					    "'%s'", a->name, it->name);
		if (!a->has_value && a->more)
			return FAIL(c, &a->more->value.loc, "a number after "
				    "'(%s': only an attribute takes numbers, "
				    "as in (weight 40, 45)", a->name);
		if (!a->has_value) {
			if (!it->counted)
				return FAIL(c, &a->loc, "'(%s)' names a singular, and "
					    "only a counted kind has one (give "
					    "an attribute a value: (%s 3))",
					    a->name, a->name);
			if (singular)
				return FAIL(c, &a->loc, "'%s' already has a singular",
					    it->name);
			singular = true;
			item->singular = a->name;
			continue;
		}
		rc = annot_value(c, it, a, member, members, &v);
		if (rc != RIVER_OK)
			return rc;
		if (v > 1000000)
			return FAIL(c, &a->value.loc, "%s %llu is too large (the "
				    "largest is 1000000)", a->name, v);
		attr = attribute(c, a->name);
		if (!attr)
			return c->model->n_attrs == MAX_ATTRS
				? FAIL(c, &a->loc, "a puzzle has at most %u "
				       "attributes", MAX_ATTRS)
				: out_of_memory(c);
		attr->value[index] = (unsigned)v;
		if (strcmp(a->name, "weight") == 0)
			item->weight = (unsigned)v;
		else if (strcmp(a->name, "time") == 0)
			item->time = (unsigned)v;
	}
	return RIVER_OK;
}

/* "husband[1..3]": the individuals husband1, husband2, husband3, and the
 * family husband naming them all. */
static int declare_family(struct compiler *c, const struct ast_item *it)
{
	struct family *f = &c->families[c->n_families];
	unsigned long long k;
	int rc;

	rc = value_of(c, &it->from, false, &f->from);
	if (rc == RIVER_OK)
		rc = value_of(c, &it->to, false, &f->to);
	if (rc != RIVER_OK)
		return rc;
	if (f->to < f->from)
		return FAIL(c, &it->to.loc, "the family '%s' is empty: %llu..%llu",
			    it->name, f->from, f->to);
	if (f->to - f->from >= MODEL_MAX_ITEMS - c->model->n_items)
		return too_many_items(c, &it->loc, it->name);
	rc = declare_name(c, it->name, NAME_FAMILY, c->n_families,
			  it->loc);
	if (rc != RIVER_OK)
		return rc;
	f->name = it->name;
	f->first = c->model->n_items;
	c->n_families++;
	for (k = f->from; k <= f->to; k++) {
		struct item *item = &c->model->items[c->model->n_items];
		char *name = arena_alloc(c->arena, strlen(it->name) + 24);
		char *label = it->label ? arena_alloc(c->arena, strlen(it->label) + 24)
					: NULL;

		if (!name || (it->label && !label))
			return out_of_memory(c);
		sprintf(name, "%s%llu", it->name, k);
		if (label)
			sprintf(label, "%s%llu", it->label, k);
		item->name = item->singular = name;
		item->label = label ? label : "";
		item->loc = it->loc;
		item->rows = true;
		item->copies = 1;
		rc = annotate(c, it, c->model->n_items, (size_t)(k - f->from),
			      (size_t)(f->to - f->from + 1));
		if (rc == RIVER_OK)
			rc = declare_name(c, name, NAME_ITEM, c->model->n_items,
					  it->loc);
		if (rc != RIVER_OK)
			return rc;
		c->model->n_items++;
	}
	return RIVER_OK;
}

static int declare_item(struct compiler *c, const struct ast_item *it)
{
	struct item *item = &c->model->items[c->model->n_items];
	size_t index = c->model->n_items;
	int rc;

	if (it->family)
		return declare_family(c, it);
	if (index == MODEL_MAX_ITEMS)
		return too_many_items(c, &it->loc, it->name);
	item->name = it->name;
	item->label = it->label ? it->label : "";
	item->loc = it->loc;
	item->rows = true;
	item->copies = 1;
	item->singular = it->name;
	if (it->counted) {
		unsigned long long count;

		rc = value_of(c, &it->count, true, &count);
		if (rc != RIVER_OK)
			return rc;
		if (count == 0)
			return FAIL(c, &it->count.loc,
				    "a counted kind needs at least one copy, not 0 %s",
				    it->name);
		if (count > MODEL_MAX_COPIES)
			return FAIL(c, &it->count.loc,
				    "%llu %s is too many: a kind has at most %u copies",
				    count, it->name, MODEL_MAX_COPIES);
		item->is_kind = true;
		item->copies = (unsigned)count;
	}
	rc = annotate(c, it, index, 0, 1);
	if (rc != RIVER_OK)
		return rc;
	if (it->counted && item->singular == it->name) {
		item->singular = english_singular(c->arena, it->name);
		if (!item->singular)
			return out_of_memory(c);
	}
	rc = declare_name(c, item->name, NAME_ITEM, index, it->loc);
	if (rc == RIVER_OK && strcmp(item->singular, item->name) != 0)
		rc = declare_name(c, item->singular, NAME_ITEM, index,
				  it->loc);
	if (rc == RIVER_OK)
		c->model->n_items++;
	return rc;
}

/* Keep the one statement of its sort, or refuse a second. */
static int once(struct compiler *c, const struct ast_stmt **slot,
		const struct ast_stmt *st, const char *what)
{
	if (*slot)
		return FAIL(c, &st->loc,
			    "the puzzle already has %s (line %d)", what,
			    (*slot)->loc.line);
	*slot = st;
	return RIVER_OK;
}

/* The parameters the puzzle declares, then the caller's values. */
static int collect_params(struct compiler *c, const struct ast *ast,
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

static int collect(struct compiler *c, const struct ast *ast)
{
	const struct ast_stmt *st;
	const struct ast_item *it;
	int rc = RIVER_OK;

	for (st = ast->first; st && rc == RIVER_OK; st = st->next) {
		switch (st->kind) {
		case ST_TITLE:
			rc = once(c, &c->title, st, "a title");
			break;
		case ST_DESCRIPTION:
			rc = once(c, &c->description, st, "a description");
			break;
		case ST_BOAT:
			rc = once(c, &c->boat, st, "a boat");
			break;
		case ST_ROWERS:
			rc = once(c, &c->rowers, st, "a rowers line");
			break;
		case ST_GUARD:
			rc = once(c, &c->guard, st, "a guard line");
			break;
		case ST_ITEMS:
			for (it = st->u.items; it && rc == RIVER_OK; it = it->next)
				rc = declare_item(c, it);
			break;
		case ST_MINIMIZE:
			rc = once(c, &c->minimize, st, "a minimize line");
			break;
		case ST_TIME_LIMIT:
			rc = once(c, &c->time_limit, st, "a time limit");
			break;
		case ST_EATS:
		case ST_OUTNUMBER:
		case ST_WITHOUT:
		case ST_ALONE:
		case ST_EXACT:
		case ST_AT_MOST:
		case ST_AT_LEAST:
		case ST_SUM:
		case ST_FOR:
		case ST_ROWS:
		case ST_GROUP:
			break; /* compiled once everything else is known */
		case ST_PARAM:
			break; /* read before everything else */
		case ST_START:
		case ST_GOAL:
			break; /* read once the items are known */
		}
	}
	return rc;
}

/* The items ref names: one, or a family's members (all of them, or the
 * one its index picks).  *n is how many; out has room for them. */
static int resolve_group(struct compiler *c, const struct ast_name *ref,
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
static int resolve_list(struct compiler *c, const struct ast_name *list,
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
static int compile_groups(struct compiler *c, const struct ast *ast)
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

/* "a rows only alone", "b rows only on crossings 1, 2 of every 4". */
static int compile_rows(struct compiler *c, const struct ast *ast)
{
	const struct ast_stmt *st;
	size_t who[MODEL_MAX_ITEMS], n, i;
	int rc;

	for (st = ast->first; st; st = st->next) {
		unsigned long long every = 0, k;
		uint64_t on = 0;
		const struct ast_num *num;

		if (st->kind != ST_ROWS)
			continue;
		n = 0;
		rc = resolve_list(c, st->u.rows.names, who, &n, "the line");
		if (rc != RIVER_OK)
			return rc;
		if (st->u.rows.odd || st->u.rows.even) {
			every = 2;
			on = st->u.rows.odd ? 1 : 2;
		} else if (st->u.rows.on) {
			rc = value_of(c, &st->u.rows.every, false, &every);
			if (rc != RIVER_OK)
				return rc;
			if (every < 1 || every > MAX_PERIOD)
				return FAIL(c, &st->u.rows.every.loc,
					    "every %llu crossings: the period must "
					    "be 1 to %u", every, MAX_PERIOD);
			for (num = st->u.rows.on; num; num = num->next) {
				rc = value_of(c, &num->value, true, &k);
				if (rc != RIVER_OK)
					return rc;
				if (k < 1 || k > every)
					return FAIL(c, &num->value.loc,
						    "crossing %llu of every %llu: "
						    "it must be 1 to %llu", k,
						    every, every);
				on |= UINT64_C(1) << (k - 1);
			}
		}
		for (i = 0; i < n; i++) {
			struct item *item = &c->model->items[who[i]];

			if (!item->rows)
				return FAIL(c, &st->loc, "the %s does not row (the "
					    "rowers line leaves it out)",
					    item->name);
			if (st->u.rows.alone) {
				if (item->rows_alone)
					return FAIL(c, &st->loc, "the %s already "
						    "rows only alone", item->name);
				item->rows_alone = true;
				continue;
			}
			if (item->row_every)
				return FAIL(c, &st->loc, "the %s already rows only "
					    "on some crossings", item->name);
			item->row_every = (unsigned)every;
			item->row_on = on;
		}
	}
	return RIVER_OK;
}

static int compile_rowers(struct compiler *c)
{
	const struct ast_name *names;
	size_t *rowers, n = 0, i;
	int rc;

	if (!c->rowers)
		return RIVER_OK; /* everyone rows */
	names = c->rowers->u.rowers.names;
	if (!names)
		return FAIL(c, &c->rowers->loc,
			    "nobody can row, so the boat can never cross "
			    "(name at least one rower)");
	rowers = arena_alloc(c->arena, MODEL_MAX_ITEMS * sizeof *rowers);
	if (!rowers)
		return out_of_memory(c);
	rc = resolve_list(c, names, rowers, &n, "the rowers line");
	if (rc != RIVER_OK)
		return rc;
	for (i = 0; i < c->model->n_items; i++)
		c->model->items[i].rows = false;
	for (i = 0; i < n; i++)
		c->model->items[rowers[i]].rows = true;
	return RIVER_OK;
}

/* "a", "a and b", "a, b and c". */
static void list_text(struct buf *b, const struct model *m, const size_t *set,
		      size_t n, const char *last)
{
	size_t i;

	for (i = 0; i < n; i++)
		buf_printf(b, "%s%s", i == 0 ? "" : i + 1 == n ? last : ", ",
			   m->items[set[i]].name);
}

static void rule_text(struct buf *b, const struct model *m,
		      const struct rule *r, const struct ast_stmt *st)
{
	size_t i;

	switch (r->kind) {
	case RULE_EATS:
		buf_printf(b, "%s %s %s", m->items[r->a].name,
			   r->with ? "must not be with"
				   : m->items[r->a].is_kind ? "eat" : "eats",
			   m->items[r->b].name);
		for (i = 0; i < r->n_guards; i++)
			buf_printf(b, "%s%s", i == 0 ? " unless " : " or ",
				   m->items[r->guards[i]].name);
		break;
	case RULE_WITHOUT:
		buf_printf(b, "%s must not be without ", m->items[r->a].name);
		list_text(b, m, r->guards, r->n_guards, " or ");
		break;
	case RULE_OUTNUMBER:
		list_text(b, m, r->set_a, r->n_a, " and ");
		buf_puts(b, " must not outnumber ");
		list_text(b, m, r->set_b, r->n_b, " and ");
		if (r->bound)
			buf_printf(b, " by more than %llu", r->bound);
		break;
	case RULE_ALONE:
		list_text(b, m, r->set_a, r->n_a, " and ");
		buf_puts(b, " must not be alone");
		break;
	case RULE_EXACT:
		list_text(b, m, r->set_a, r->n_a, " and ");
		buf_puts(b, " must not be alone together");
		break;
	case RULE_AT_MOST:
	case RULE_AT_LEAST:
		buf_printf(b, "at %s %llu of ", r->kind == RULE_AT_MOST ? "most"
								 : "least",
			   r->bound);
		list_text(b, m, r->set_a, r->n_a, " and ");
		break;
	case RULE_SUM:
		buf_printf(b, "%s of ", st->u.rule.lhs.attr);
		list_text(b, m, r->set_a, r->n_a, " and ");
		buf_puts(b, " must not exceed ");
		if (st->u.rule.rhs.attr) {
			buf_printf(b, "%s of ", st->u.rule.rhs.attr);
			list_text(b, m, r->set_b, r->n_b, " and ");
		} else {
			buf_printf(b, "%llu", r->bound);
		}
		break;
	}
	if (r->place == PLACE_BOAT)
		buf_puts(b, " in the boat");
	else if (r->place == PLACE_BOTH)
		buf_puts(b, " everywhere");
}

/* The guard line's items, resolved whether or not a rule uses them. */
static int compile_guard(struct compiler *c)
{
	const struct ast_name *names;

	if (!c->guard)
		return RIVER_OK;
	names = c->guard->u.guard;
	c->guards = arena_alloc(c->arena, MODEL_MAX_ITEMS * sizeof *c->guards);
	if (!c->guards)
		return out_of_memory(c);
	return resolve_list(c, names, c->guards, &c->n_guards, "the guard line");
}

/* A rule without its own "unless" is guarded by the guard line, less
 * the rule's own two items: nothing guards against itself. */
static size_t inherit_guards(const struct compiler *c, const struct rule *rule,
			     size_t *out)
{
	size_t i, n = 0;

	for (i = 0; i < c->n_guards; i++)
		if (c->guards[i] != rule->a && c->guards[i] != rule->b)
			out[n++] = c->guards[i];
	return n;
}

/* A slot for one more rule. */
static int new_rule(struct compiler *c, const struct loc *loc,
		    struct rule **out)
{
	struct model *m = c->model;

	*out = NULL;
	if (m->n_rules == MAX_RULES)
		return FAIL(c, loc, "the rules expand to more than %u rules",
			    MAX_RULES);
	if (m->n_rules == c->rules_cap) {
		size_t cap = c->rules_cap ? c->rules_cap * 2 : 16;
		struct rule *rules = arena_alloc(c->arena, cap * sizeof *rules);

		if (!rules)
			return out_of_memory(c);
		if (m->n_rules)
			memcpy(rules, m->rules, m->n_rules * sizeof *rules);
		m->rules = rules;
		c->rules_cap = cap;
	}
	*out = &m->rules[m->n_rules++];
	memset(*out, 0, sizeof **out);
	return RIVER_OK;
}

/* A copy of n items in the arena. */
static size_t *copy_items(struct compiler *c, const size_t *items, size_t n)
{
	size_t *copy = arena_alloc(c->arena, (n + 1) * sizeof *copy);

	if (copy && n)
		memcpy(copy, items, n * sizeof *copy);
	return copy;
}

static enum rule_place place_of(const struct ast_stmt *st)
{
	return st->u.rule.where ? (enum rule_place)st->u.rule.where
				: PLACE_BANKS;
}

/* Finish a rule filled in by the caller: its place, location, text. */
static int finish_rule(struct compiler *c, const struct ast_stmt *st,
		       struct rule *rule)
{
	struct buf text;

	rule->place = place_of(st);
	rule->loc = st->loc;
	buf_init(&text);
	rule_text(&text, c->model, rule, st);
	rule->text = text.failed ? NULL : arena_strdup(c->arena, text.data);
	buf_release(&text);
	return rule->text ? RIVER_OK : out_of_memory(c);
}

/* One rule between single items a and b, with guards[0..n). */
static int add_rule(struct compiler *c, const struct ast_stmt *st, size_t a,
		    size_t b, const size_t *guards, size_t n)
{
	struct rule *rule;
	int rc = new_rule(c, &st->loc, &rule);

	if (rc != RIVER_OK)
		return rc;
	rule->guards = copy_items(c, guards, n);
	if (!rule->guards)
		return out_of_memory(c);
	rule->kind = st->kind == ST_WITHOUT ? RULE_WITHOUT : RULE_EATS;
	rule->with = st->u.rule.with;
	rule->a = a;
	rule->b = b;
	rule->n_guards = n;
	return finish_rule(c, st, rule);
}

/* A rule statement: families on either side stand for each member in
 * turn, so "father must not be with daughter" is one rule a daughter.
 * A single item named twice is an error; a pair a family makes of an
 * item with itself, or with its own guard, says nothing and is left out. */
/* The items a list names, in out (room for every item); NULL names
 * nothing. */
static int items_of(struct compiler *c, const struct ast_name *list,
		    size_t *out, size_t *n)
{
	*n = 0;
	return list ? resolve_list(c, list, out, n, "the rule") : RIVER_OK;
}

static unsigned long long copies_of(const struct compiler *c,
				    const size_t *set, size_t n,
				    const unsigned *w)
{
	unsigned long long total = 0;
	size_t i;

	for (i = 0; i < n; i++)
		total += (unsigned long long)c->model->items[set[i]].copies *
			 (w ? w[i] : 1);
	return total;
}

/* One side of a sum: the weights of its items under attribute name. */
static int sum_side(struct compiler *c, const struct ast_sum *sum,
		    size_t *set, size_t *n, const unsigned **w)
{
	struct attribute *attr = NULL;
	unsigned *weights;
	size_t i;
	int rc;

	for (i = 0; i < c->model->n_attrs; i++)
		if (strcmp(c->model->attrs[i].name, sum->attr) == 0)
			attr = &c->model->attrs[i];
	if (!attr)
		return FAIL(c, &sum->loc, "no item has a %s: give some one, as "
			    "in: item bag (%s 20)", sum->attr, sum->attr);
	rc = items_of(c, sum->names, set, n);
	if (rc != RIVER_OK)
		return rc;
	weights = arena_alloc(c->arena, (*n + 1) * sizeof *weights);
	if (!weights)
		return out_of_memory(c);
	for (i = 0; i < *n; i++)
		weights[i] = attr->value[set[i]];
	*w = weights;
	return RIVER_OK;
}

/* Where the other side of st names item: to point at the second
 * mention of it. */
static const struct loc *twice_at(struct compiler *c,
				  const struct ast_stmt *st, size_t item)
{
	const struct ast_name *ref = st->kind == ST_SUM ? st->u.rule.rhs.names
							: st->u.rule.b;
	size_t group[MODEL_MAX_ITEMS], n, k;
	river_diag *diag = c->diag;

	c->diag = NULL; /* the names resolved once already */
	for (; ref; ref = ref->next) {
		if (resolve_group(c, ref, group, &n) != RIVER_OK)
			continue;
		for (k = 0; k < n; k++)
			if (group[k] == item) {
				c->diag = diag;
				return &ref->loc;
			}
	}
	c->diag = diag;
	return &st->loc;
}

/* The rules over sets of items: outnumber, alone, exact, at most, at
 * least and sums.  Counts on a side add up. */
static int compile_set_rule(struct compiler *c, const struct ast_stmt *st)
{
	size_t as[MODEL_MAX_ITEMS], bs[MODEL_MAX_ITEMS], na = 0, nb = 0, i, j;
	const unsigned *wa = NULL, *wb = NULL;
	unsigned long long bound = 0, most;
	struct rule *rule;
	int rc = RIVER_OK;

	if (st->kind == ST_SUM) {
		rc = sum_side(c, &st->u.rule.lhs, as, &na, &wa);
		if (rc == RIVER_OK && st->u.rule.rhs.attr)
			rc = sum_side(c, &st->u.rule.rhs, bs, &nb, &wb);
		else if (rc == RIVER_OK)
			bound = st->u.rule.rhs.value.number;
	} else {
		rc = items_of(c, st->u.rule.a, as, &na);
		if (rc == RIVER_OK && st->kind == ST_EXACT) {
			if (st->u.rule.b)
				rc = resolve_list(c, st->u.rule.b, as, &na,
						  "the rule");
		} else if (rc == RIVER_OK) {
			rc = items_of(c, st->u.rule.b, bs, &nb);
		}
		if (rc == RIVER_OK && st->u.rule.has_bound)
			rc = value_of(c, &st->u.rule.bound, false, &bound);
	}
	if (rc != RIVER_OK)
		return rc;
	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			if (as[i] == bs[j])
				return FAIL(c, twice_at(c, st, bs[j]),
					    "the rule names '%s' twice",
					    c->model->items[as[i]].name);
	most = copies_of(c, as, na, wa);
	if (st->kind == ST_EXACT && !st->u.rule.b && na < 2)
		return FAIL(c, &st->loc, "'alone together' needs two or more "
			    "items (for one, write: %s must not be alone)",
			    c->model->items[as[0]].name);
	if ((st->kind == ST_AT_MOST && most <= bound) ||
	    (st->kind == ST_AT_LEAST && bound == 0) ||
	    (st->kind == ST_OUTNUMBER && most <= bound) ||
	    (st->kind == ST_SUM && most <= bound))
		return st->kind == ST_AT_LEAST
			? FAIL(c, &st->loc, "this rule never applies: there are "
			       "always at least 0")
			: st->kind == ST_SUM
			? FAIL(c, &st->loc, "this rule never applies: the left "
			       "side adds up to %llu at most", most)
			: FAIL(c, &st->loc, "this rule never applies: there are "
			       "only %llu of %s in all, never more than %llu",
			       most, st->kind == ST_AT_MOST ? "them" : "the first",
			       bound);
	rc = new_rule(c, &st->loc, &rule);
	if (rc != RIVER_OK)
		return rc;
	switch (st->kind) {
	case ST_OUTNUMBER: rule->kind = RULE_OUTNUMBER; break;
	case ST_ALONE: rule->kind = RULE_ALONE; break;
	case ST_EXACT: rule->kind = RULE_EXACT; break;
	case ST_AT_MOST: rule->kind = RULE_AT_MOST; break;
	case ST_AT_LEAST: rule->kind = RULE_AT_LEAST; break;
	default: rule->kind = RULE_SUM; break;
	}
	rule->set_a = copy_items(c, as, na);
	rule->set_b = copy_items(c, bs, nb);
	if (!rule->set_a || !rule->set_b)
		return out_of_memory(c);
	rule->n_a = na;
	rule->n_b = nb;
	rule->wa = wa;
	rule->wb = wb;
	rule->bound = bound;
	rule->a = as[0];
	rule->b = nb ? bs[0] : as[0];
	return finish_rule(c, st, rule);
}

static int compile_rule(struct compiler *c, const struct ast_stmt *st)
{
	size_t as[MODEL_MAX_ITEMS], bs[MODEL_MAX_ITEMS], na, nb, i, j, g;
	size_t guards[MODEL_MAX_ITEMS + 2], ng = 0;
	bool grouped;
	int rc;

	if (st->kind != ST_EATS && st->kind != ST_WITHOUT)
		return compile_set_rule(c, st);
	na = 0;
	rc = resolve_list(c, st->u.rule.a, as, &na, "the rule");
	if (rc == RIVER_OK && st->kind == ST_WITHOUT) {
		/* "a must not be without g": each a, guarded by the g. */
		rc = resolve_list(c, st->u.rule.unless, guards, &ng, "the rule");
		for (i = 0; rc == RIVER_OK && i < na; i++) {
			for (g = 0; g < ng && guards[g] != as[i]; g++)
				;
			if (g == ng)
				rc = add_rule(c, st, as[i], as[i], guards, ng);
		}
		return rc;
	}
	nb = 0;
	if (rc == RIVER_OK) /* "b", or "b or c": each of them */
		rc = resolve_list(c, st->u.rule.b, bs, &nb, "the rule");
	if (rc != RIVER_OK)
		return rc;
	grouped = na > 1 || nb > 1;
	if (!grouped && as[0] == bs[0])
		return FAIL(c, &st->u.rule.b->loc, "the rule names '%s' twice",
			    c->model->items[as[0]].name);
	if (st->u.rule.unless) {
		/* A single rule's guard may not be one of its two items. */
		if (!grouped) {
			guards[ng++] = as[0];
			guards[ng++] = bs[0];
		}
		rc = resolve_list(c, st->u.rule.unless, guards, &ng, "the rule");
		if (rc != RIVER_OK)
			return rc;
		if (!grouped) {
			ng -= 2;
			memmove(guards, guards + 2, ng * sizeof *guards);
		}
	}
	for (i = 0; i < na; i++) {
		for (j = 0; j < nb; j++) {
			size_t own[MODEL_MAX_ITEMS], n = 0;

			if (as[i] == bs[j])
				continue;
			if (st->u.rule.unless) {
				for (g = 0; g < ng && guards[g] != as[i] &&
					    guards[g] != bs[j]; g++)
					;
				if (g < ng)
					continue; /* its own guard: never fires */
				memcpy(own, guards, ng * sizeof *own);
				n = ng;
			} else if (st->kind == ST_EATS) {
				struct rule probe = {.a = as[i], .b = bs[j]};

				n = inherit_guards(c, &probe, own);
			}
			rc = add_rule(c, st, as[i], bs[j], own, n);
			if (rc != RIVER_OK)
				return rc;
		}
	}
	return RIVER_OK;
}

/* Whether "i < j" holds for the variables' values now. */
static int holds(struct compiler *c, const struct ast_cond *w, bool *ok)
{
	long long x, y;
	int rc = eval(c, &w->a, false, &x);

	if (rc == RIVER_OK)
		rc = eval(c, &w->b, false, &y);
	if (rc != RIVER_OK)
		return rc;
	switch (w->cmp) {
	case CMP_EQ: *ok = x == y; break;
	case CMP_NE: *ok = x != y; break;
	case CMP_LT: *ok = x < y; break;
	case CMP_LE: *ok = x <= y; break;
	case CMP_GT: *ok = x > y; break;
	case CMP_GE: *ok = x >= y; break;
	}
	return RIVER_OK;
}

/* "for i, j in 1..n where i != j: RULE": the rule for every choice of
 * the variables that the conditions allow. */
static int compile_loop(struct compiler *c, const struct ast_stmt *st)
{
	const struct ast_name *v;
	const struct ast_cond *w;
	unsigned long long from, to, values[8];
	size_t n = 0, k, before = c->model->n_rules;
	int rc;

	rc = value_of(c, &st->u.loop.from, false, &from);
	if (rc == RIVER_OK)
		rc = value_of(c, &st->u.loop.to, false, &to);
	if (rc != RIVER_OK)
		return rc;
	for (v = st->u.loop.vars; v; v = v->next) {
		if (n == 8 || v->indexed)
			return FAIL(c, &v->loc, n == 8 ? "at most 8 variables"
						       : "a variable takes no index");
		for (k = 0; k < n; k++)
			if (strcmp(c->bind[k].name, v->text) == 0)
				return FAIL(c, &v->loc, "the variable '%s' is "
					    "named twice", v->text);
		c->bind[n].name = v->text;
		values[n++] = from;
	}
	/* Every choice is tried: refuse more than can be tried quickly. */
	{
		double choices = 1;

		for (k = 0; k < n; k++)
			choices *= to >= from ? (double)(to - from + 1) : 0;
		if (choices > MAX_CHOICES)
			return FAIL(c, &st->loc, "the rule's variables take %.0f "
				    "choices of values, more than %u", choices,
				    MAX_CHOICES);
	}
	c->n_bind = n;
	while (rc == RIVER_OK && from <= to && values[0] <= to) {
		bool ok = true;

		for (k = 0; k < n; k++)
			c->bind[k].value = values[k];
		for (w = st->u.loop.where; w && ok && rc == RIVER_OK;
		     w = w->next)
			rc = holds(c, w, &ok);
		if (ok && rc == RIVER_OK)
			rc = compile_rule(c, st->u.loop.rule);
		/* The next choice, the last variable fastest. */
		for (k = n; k-- > 0;) {
			if (++values[k] <= to || k == 0)
				break;
			values[k] = from;
		}
	}
	c->n_bind = 0;
	if (rc == RIVER_OK && c->model->n_rules == before)
		return FAIL(c, &st->loc, "this rule never applies: no choice of "
			    "its variables makes a rule");
	return rc;
}

static int compile_rules(struct compiler *c, const struct ast *ast)
{
	const struct ast_stmt *st;
	int rc = RIVER_OK;

	for (st = ast->first; st && rc == RIVER_OK; st = st->next) {
		size_t before = c->model->n_rules;

		if (st->kind == ST_EATS || st->kind == ST_OUTNUMBER ||
		    st->kind == ST_WITHOUT || st->kind == ST_ALONE ||
		    st->kind == ST_EXACT || st->kind == ST_AT_MOST ||
		    st->kind == ST_AT_LEAST || st->kind == ST_SUM)
			rc = compile_rule(c, st);
		else if (st->kind == ST_FOR)
			rc = compile_loop(c, st);
		else
			continue;
		/* A family rule whose every pair guards itself says nothing. */
		if (rc == RIVER_OK && c->model->n_rules == before)
			rc = FAIL(c, &st->loc, "this rule never applies: every "
				  "pair it makes names its own guard");
	}
	return rc;
}

/* One start or goal line: put what it names on its bank. */
/* Put n copies of item i on a bank of pl (n of a kind; 1 otherwise). */
static int place_item(struct compiler *c, const struct ast_place *p,
		      const struct ast_stmt *st, struct placement *pl,
		      bool *placed, size_t i, const char *what)
{
	const struct item *it = &c->model->items[i];
	unsigned long long n = it->copies;
	int rc;

	if (placed[i])
		return FAIL(c, &p->loc, "the %s places '%s' twice", what, it->name);
	placed[i] = true;
	if (p->counted) {
		rc = value_of(c, &p->count, true, &n);
		if (rc != RIVER_OK)
			return rc;
		if (!it->is_kind)
			return FAIL(c, &p->count.loc,
				    "'%s' is one item: a count is for a kind",
				    it->name);
		if (n > it->copies)
			return FAIL(c, &p->count.loc, "there are only %u %s",
				    it->copies, it->name);
	}
	/* "n on the right"; "n on the left" leaves the rest right. */
	pl->right[i] = st->u.place.right ? (unsigned)n : it->copies - (unsigned)n;
	return RIVER_OK;
}

/* One start or goal line: put what it names (a family: each member) on
 * its bank. */
static int place_line(struct compiler *c, const struct ast_stmt *st,
		      struct placement *pl, bool *placed, bool *boat_placed,
		      const char *what)
{
	const struct ast_place *p;
	size_t group[MODEL_MAX_ITEMS], n, k;
	int rc = RIVER_OK;

	for (p = st->u.place.places; p && rc == RIVER_OK; p = p->next) {
		if (p->boat) {
			if (*boat_placed)
				return FAIL(c, &p->loc, "the %s places the boat twice",
					    what);
			*boat_placed = true;
			pl->boat = st->u.place.right;
			continue;
		}
		rc = resolve_group(c, p->name, group, &n);
		for (k = 0; rc == RIVER_OK && k < n; k++)
			rc = place_item(c, p, st, pl, placed, group[k], what);
	}
	return rc;
}

/* The start (everything left unless placed) and the goal (every item
 * right unless placed; the boat anywhere unless placed). */
static int compile_placements(struct compiler *c, const struct ast *ast)
{
	struct model *m = c->model;
	const struct ast_stmt *st;
	bool *placed[2], boat_placed[2] = {false, false};
	size_t i;
	int rc = RIVER_OK;

	m->start.right = arena_alloc(c->arena, (m->n_items + 1) * sizeof *m->start.right);
	m->goal.right = arena_alloc(c->arena, (m->n_items + 1) * sizeof *m->goal.right);
	placed[0] = arena_alloc(c->arena, (m->n_items + 1) * sizeof **placed);
	placed[1] = arena_alloc(c->arena, (m->n_items + 1) * sizeof **placed);
	if (!m->start.right || !m->goal.right || !placed[0] || !placed[1])
		return out_of_memory(c);
	m->start.boat = 0;
	m->goal.boat = -1;
	for (i = 0; i < m->n_items; i++)
		m->goal.right[i] = m->items[i].copies;
	for (st = ast->first; st && rc == RIVER_OK; st = st->next) {
		bool goal = st->kind == ST_GOAL;

		if (st->kind != ST_START && !goal)
			continue;
		if (goal && !m->goal_loc.line)
			m->goal_loc = st->loc;
		if (!goal && !m->start_loc.line)
			m->start_loc = st->loc;
		rc = place_line(c, st, goal ? &m->goal : &m->start, placed[goal],
				&boat_placed[goal], goal ? "goal" : "start");
	}
	return rc;
}

/* One element of an allowed load, resolved: count copies from among
 * these items. */
struct load_elem {
	size_t items[MODEL_MAX_ITEMS];
	size_t n;
	unsigned count;
};

struct expansion {
	struct compiler *c;
	const struct load_elem *elem;
	size_t n_elems;
	unsigned cur[MODEL_MAX_ITEMS];
	int rc;
};

static void add_load(struct expansion *x)
{
	struct model *m = x->c->model;
	unsigned *count;

	if (m->n_loads == MAX_LOADS) {
		x->rc = FAIL(x->c, &x->c->boat->loc, "the boat's loads expand "
			     "to more than %u loads", MAX_LOADS);
		return;
	}
	if (m->n_loads % 64 == 0) {
		struct load *loads = arena_alloc(x->c->arena, (m->n_loads + 64) *
							    sizeof *loads);

		if (!loads) {
			x->rc = out_of_memory(x->c);
			return;
		}
		if (m->n_loads)
			memcpy(loads, m->loads, m->n_loads * sizeof *loads);
		m->loads = loads;
	}
	count = arena_alloc(x->c->arena, m->n_items * sizeof *count);
	if (!count) {
		x->rc = out_of_memory(x->c);
		return;
	}
	memcpy(count, x->cur, m->n_items * sizeof *count);
	m->loads[m->n_loads++].count = count;
}

/* Every way to take elem[e]'s left copies from its items k.., then the
 * elements after it. */
static void expand(struct expansion *x, size_t e, size_t k, unsigned left)
{
	const struct load_elem *el;
	unsigned t, most, id;

	if (x->rc != RIVER_OK)
		return;
	if (e == x->n_elems) {
		add_load(x);
		return;
	}
	el = &x->elem[e];
	if (left == 0) {
		expand(x, e + 1, 0, e + 1 < x->n_elems ? x->elem[e + 1].count : 0);
		return;
	}
	if (k == el->n)
		return;
	id = (unsigned)el->items[k];
	most = x->c->model->items[id].copies - x->cur[id];
	if (most > left)
		most = left;
	for (t = most + 1; t-- > 0;) {
		x->cur[id] += t;
		expand(x, e, k + 1, left - t);
		x->cur[id] -= t;
	}
}

/* "carries soldier or 2 boys or mouse and chicken": every exact load
 * these allow. */
static int compile_loads(struct compiler *c, const struct ast_boat_clause *cl)
{
	enum { MAX_ELEMS = 16 };
	const struct ast_load *ld;
	struct expansion *x = arena_alloc(c->arena, sizeof *x);
	struct load_elem *elem = arena_alloc(c->arena, MAX_ELEMS * sizeof *elem);
	int rc;

	if (!x || !elem)
		return out_of_memory(c);
	for (ld = cl->loads; ld; ld = ld->next) {
		const struct ast_place *p;
		size_t n = 0, before = c->model->n_loads;

		for (p = ld->elems.first; p; p = p->next) {
			unsigned long long count = 1, avail = 0;
			size_t k;

			if (n == MAX_ELEMS)
				return FAIL(c, &p->loc, "a load has at most %d "
					    "parts", MAX_ELEMS);
			rc = resolve_group(c, p->name, elem[n].items, &elem[n].n);
			if (rc == RIVER_OK && p->counted)
				rc = value_of(c, &p->count, true, &count);
			if (rc != RIVER_OK)
				return rc;
			for (k = 0; k < elem[n].n; k++)
				avail += c->model->items[elem[n].items[k]].copies;
			if (count == 0)
				return FAIL(c, &p->count.loc, "a load takes at "
					    "least one of each thing it names");
			if (count > avail)
				return FAIL(c, &p->loc, "there are only %llu "
					    "'%s' to take", avail, p->name->text);
			elem[n++].count = (unsigned)count;
		}
		memset(x, 0, sizeof *x);
		x->c = c;
		x->elem = elem;
		x->n_elems = n;
		expand(x, 0, 0, elem[0].count);
		if (x->rc != RIVER_OK)
			return x->rc;
		if (c->model->n_loads == before)
			return FAIL(c, &ld->loc, "this load names more copies "
				    "than there are");
	}
	return RIVER_OK;
}

static bool any_weight(const struct model *m)
{
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (m->items[i].weight)
			return true;
	return false;
}

static int compile_boat(struct compiler *c)
{
	const struct ast_boat_clause *cl, *seen[BOAT_CARRIES + 1] = {NULL};
	static const char *const what[] = {"seats", "load", "margin", "time",
					   "loads"};
	struct model *m = c->model;
	size_t i;

	if (!c->boat)
		return FAIL(c, NULL,
			    "the puzzle has no boat (add a line such as: boat seats 2)");
	m->boat_loc = c->boat->loc;
	for (cl = c->boat->u.boat; cl; cl = cl->next) {
		unsigned long long v = 0;
		int rc;

		if (seen[cl->kind])
			return FAIL(c, &cl->loc, "the boat's %s %s given twice",
				    what[cl->kind],
				    cl->kind == BOAT_SEATS || cl->kind == BOAT_CARRIES
				    ? "are" : "is");
		seen[cl->kind] = cl;
		if (cl->kind == BOAT_CARRIES) {
			rc = compile_loads(c, cl);
			if (rc != RIVER_OK)
				return rc;
			continue;
		}
		rc = value_of(c, &cl->value, false, &v);
		if (rc != RIVER_OK)
			return rc;
		if (v < 1 && cl->kind != BOAT_MARGIN)
			return FAIL(c, &cl->value.loc, cl->kind == BOAT_SEATS
				    ? "the boat needs at least one seat"
				    : "the boat's %s must be at least 1",
				    what[cl->kind]);
		switch (cl->kind) {
		case BOAT_SEATS:
			m->seats = (unsigned)v;
			m->seats_given = true;
			break;
		case BOAT_LOAD:
			m->load_limit = v;
			break;
		case BOAT_MARGIN:
			m->margin = v;
			m->has_margin = true;
			break;
		case BOAT_TIME:
			m->boat_time = (unsigned)v;
			break;
		case BOAT_CARRIES:
			break;
		}
	}
	if ((seen[BOAT_LOAD] || seen[BOAT_MARGIN]) && !any_weight(m))
		return FAIL(c, &(seen[BOAT_LOAD] ? seen[BOAT_LOAD]
						 : seen[BOAT_MARGIN])->loc,
			    "the boat's %s is a weight, but no item has one "
			    "(as in: item father (weight 90))",
			    seen[BOAT_LOAD] ? "load" : "margin");
	if (!m->seats_given) {
		if (!seen[BOAT_LOAD] && !seen[BOAT_CARRIES])
			return FAIL(c, &c->boat->loc, "the boat needs seats, a "
				    "load limit or a list of loads (as in: boat "
				    "seats 2)");
		/* Only the weight or the loads limit who boards. */
		for (i = 0; i < m->n_items; i++)
			m->seats += m->items[i].copies;
	}
	return RIVER_OK;
}

/* "minimize time" and "time limit 17": they need crossing times. */
static int compile_time(struct compiler *c)
{
	struct model *m = c->model;
	const struct ast_stmt *st = c->minimize ? c->minimize : c->time_limit;
	size_t i, untimed = SIZE_MAX;
	bool timed = m->boat_time > 0;
	int rc;

	if (c->time_limit) {
		rc = value_of(c, &c->time_limit->u.limit, false, &m->time_limit);
		if (rc != RIVER_OK)
			return rc;
		m->has_time_limit = true;
	}
	m->minimize_time = c->minimize && c->minimize->u.minimize_time;
	if (!st || (!m->minimize_time && !m->has_time_limit))
		return RIVER_OK;
	m->time_loc = st->loc;
	for (i = 0; i < m->n_items; i++) {
		timed |= m->items[i].time > 0;
		if (m->items[i].time == 0 && untimed == SIZE_MAX)
			untimed = i;
	}
	if (!timed)
		return FAIL(c, &st->loc, "the puzzle %s time, but no crossing "
			    "takes any: give the items times (item a (time 1)) "
			    "or the boat one (boat time 1)",
			    m->minimize_time ? "minimizes" : "limits");
	if (m->minimize_time && m->boat_time == 0 && untimed != SIZE_MAX)
		return FAIL(c, &st->loc, "to minimize time, every crossing must "
			    "take some: the %s has no time (give it one, or the "
			    "boat one: boat time 1)", m->items[untimed].name);
	return RIVER_OK;
}

/* The title of a puzzle without one: the base name of its file without
 * ".puz", or "Untitled puzzle" when the name is a stand-in such as
 * "<string>". */
static const char *default_title(struct arena *arena, const char *name)
{
	const char *base = strrchr(name, '/');
	size_t n;

	base = base ? base + 1 : name;
	n = strlen(base);
	if (ends_with(base, n, ".puz"))
		n -= 4;
	if (n == 0 || (base[0] == '<' && base[n - 1] == '>'))
		return "Untitled puzzle";
	return arena_strndup(arena, base, n);
}

static int check_whole(struct compiler *c, const struct ast *ast)
{
	if (!ast->first)
		return FAIL(c, NULL,
			    "the puzzle is empty: it needs items and a boat");
	if (c->model->n_items == 0)
		return FAIL(c, NULL,
			    "the puzzle has no items (add a line such as: items farmer, wolf)");
	return RIVER_OK;
}

int compile_model(struct model *model, struct arena *arena,
		  const struct ast *ast, const struct source *src,
		  const river_param *params, size_t n_params,
		  river_diag *diag)
{
	struct compiler c;
	int rc;

	memset(&c, 0, sizeof c);
	memset(model, 0, sizeof *model);
	c.arena = arena;
	c.src = src;
	c.diag = diag;
	c.model = model;
	c.names.arena = arena;
	/* Room for as many items as a puzzle may have. */
	model->items = arena_alloc(arena, MODEL_MAX_ITEMS * sizeof *model->items);
	if (!model->items)
		return out_of_memory(&c);
	rc = collect_params(&c, ast, params, n_params);
	if (rc == RIVER_OK)
		rc = collect(&c, ast);
	if (rc == RIVER_OK)
		rc = check_whole(&c, ast);
	if (rc == RIVER_OK)
		rc = compile_groups(&c, ast);
	if (rc == RIVER_OK)
		rc = compile_boat(&c);
	if (rc == RIVER_OK)
		rc = compile_rowers(&c);
	if (rc == RIVER_OK)
		rc = compile_rows(&c, ast);
	if (rc == RIVER_OK)
		rc = compile_time(&c);
	if (rc == RIVER_OK)
		rc = compile_placements(&c, ast);
	if (rc == RIVER_OK)
		rc = compile_guard(&c);
	if (rc == RIVER_OK)
		rc = compile_rules(&c, ast);
	if (rc != RIVER_OK)
		return rc;
	model->title = c.title ? c.title->u.string.text
			       : default_title(arena, src->name);
	if (!model->title)
		return out_of_memory(&c);
	model->description = c.description ? c.description->u.string.text : "";
	return RIVER_OK;
}

bool rule_is_basic(const struct rule *r)
{
	return r->place == PLACE_BANKS &&
	       (r->kind == RULE_EATS ||
		(r->kind == RULE_OUTNUMBER && r->n_a == 1 && r->n_b == 1 &&
		 !r->bound));
}

bool model_is_basic(const struct model *m, const char **what, struct loc *loc)
{
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		if (m->items[i].rows_alone || m->items[i].row_every) {
			*what = "a rowing rule ('rows only')";
			*loc = m->items[i].loc;
			return false;
		}
	}
	for (i = 0; i < m->n_rules; i++) {
		const struct rule *r = &m->rules[i];

		if (!rule_is_basic(r)) {
			*what = "this rule";
			*loc = r->loc;
			return false;
		}
	}
	*loc = m->time_loc;
	if (m->load_limit || m->has_margin || m->loads) {
		*what = m->loads ? "a list of the boat's loads"
			: m->load_limit ? "a load limit" : "a load margin";
		*loc = m->boat_loc;
		return false;
	}
	if (m->minimize_time || m->has_time_limit) {
		*what = m->minimize_time ? "a time objective" : "a time limit";
		return false;
	}
	return true;
}

bool model_timed(const struct model *m)
{
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (m->items[i].time)
			return true;
	return m->boat_time > 0;
}

unsigned long long model_least_trip(const struct model *m)
{
	unsigned long long t = ~0ULL;
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (m->items[i].time < t)
			t = m->items[i].time;
	return t > m->boat_time ? t : m->boat_time;
}

bool model_plain_rowing(const struct model *m)
{
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (m->items[i].rows_alone || m->items[i].row_every)
			return false;
	return true;
}
