/* General rules: "no bank may hold wolves = 2 and cows = 1 and nothing
 * else", their condition built into the model's cond (sums of copies
 * compared with 0, joined by and, or, not), with the text river shows. */
#include "compile/compiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most terms one sum may gather, each item once. */
#define MAX_TERMS (MODEL_MAX_ITEMS + 1)

/* A sum being built: a coefficient per model item, and a constant. */
struct acc {
	long long coef[MAX_TERMS];
	long long constant;
	bool any;       /* some item was named */
};

/* Items named anywhere in the condition, for "nothing else". */
struct named {
	bool item[MAX_TERMS];
};

static int add_names(struct compiler *c, const struct ast_name *names,
		     long long sign, const unsigned *weight, struct acc *acc,
		     struct named *named)
{
	size_t set[MODEL_MAX_ITEMS], n = 0, i;
	int rc = resolve_list(c, names, set, &n, "the condition");

	for (i = 0; rc == RIVER_OK && i < n; i++) {
		acc->coef[set[i]] += sign * (long long)(weight ? weight[set[i]]
							       : 1);
		acc->any = true;
		if (named)
			named->item[set[i]] = true;
	}
	return rc;
}

/* Does name stand for a number (a parameter or a loop variable) rather
 * than for items?  Items come first; an unknown name is an unknown
 * item, with a suggestion. */
static bool names_number(const struct compiler *c, const struct ast_name *n)
{
	size_t k;

	if (n->indexed || names_find(&c->names, n->text))
		return false;
	for (k = 0; k < c->n_bind; k++)
		if (strcmp(c->bind[k].name, n->text) == 0)
			return true;
	return names_find(&c->param_names, n->text) != NULL;
}

/* Add the terms of a sum, each with its sign, times sign. */
static int add_terms(struct compiler *c, const struct ast_term *t,
		     long long sign, struct acc *acc, struct named *named)
{
	int rc = RIVER_OK;

	for (; t && rc == RIVER_OK; t = t->next) {
		long long s = t->minus ? -sign : sign;
		unsigned long long v;

		if (t->is_number) {
			acc->constant += s * (long long)t->value.number;
		} else if (t->attr) {
			const struct attribute *attr;

			rc = attribute_named(c, t->attr, &t->loc, &attr);
			if (rc == RIVER_OK)
				rc = add_names(c, t->names, s, attr->value, acc,
					       named);
		} else if (!t->names->next && names_number(c, t->names)) {
			/* Not an item: a parameter or a loop variable. */
			struct ast_value value = {0};

			value.param = t->names->text;
			value.loc = t->names->loc;
			rc = value_of(c, &value, false, &v);
			acc->constant += s * (long long)v;
		} else {
			rc = add_names(c, t->names, s, NULL, acc, named);
		}
	}
	return rc;
}

/* The sum's smallest and largest values over every count of copies. */
static void range_of(const struct compiler *c, const struct acc *acc,
		     long long *lo, long long *hi)
{
	size_t i;

	*lo = *hi = acc->constant;
	for (i = 0; i < c->model->n_items; i++) {
		long long most = acc->coef[i] * c->model->items[i].copies;

		if (most < 0)
			*lo += most;
		else
			*hi += most;
	}
}

/* The sums' span over which their values are found one by one, and the
 * most steps that may take; past either, only the ends are tried. */
#define VALUES_SPAN 4096
#define VALUES_WORK 4000000

/* Which values in lo..hi the sum takes over every count of copies:
 * takes[x - lo], a count of copies of each item at a time.  NULL when
 * the span or the work is too large, or memory runs out. */
static unsigned char *values_of(const struct compiler *c,
				const struct acc *acc, long long lo,
				long long hi)
{
	size_t span = (size_t)(hi - lo + 1), i, x;
	unsigned long long work = 0;
	unsigned char *takes, *next;
	unsigned j;

	if (hi - lo >= VALUES_SPAN)
		return NULL;
	for (i = 0; i < c->model->n_items; i++)
		if (acc->coef[i]) {
			unsigned long long step = (unsigned long long)
				(acc->coef[i] < 0 ? -acc->coef[i] : acc->coef[i]);
			unsigned long long k = c->model->items[i].copies;

			if (k > span / step)
				k = span / step;
			work += span * (k + 1);
		}
	if (work > VALUES_WORK)
		return NULL;
	takes = calloc(2, span);
	if (!takes)
		return NULL;
	next = takes + span;
	takes[acc->constant - lo] = 1;
	for (i = 0; i < c->model->n_items; i++) {
		long long a = acc->coef[i];

		if (!a)
			continue;
		memset(next, 0, span);
		for (x = 0; x < span; x++) {
			long long y = (long long)x;

			if (!takes[x])
				continue;
			for (j = 0; j <= c->model->items[i].copies &&
				    y >= 0 && y < (long long)span; j++, y += a)
				next[y] = 1;
		}
		memcpy(takes, next, span);
	}
	return takes;
}

/* What the sum's values are shown as, when they are few: what (as "its
 * left side takes") and the amount to add to each, or no what. */
struct shown {
	const char *what;
	long long shift;
};

/* Values shown nowhere. */
static const struct shown no_values = {NULL, 0};

/* " (its left side takes only 0, 3 and 6)": the values that the sum
 * takes, as shown says, when they are few and not every one of lo..hi;
 * else nothing. */
static void few_values(const unsigned char *takes, long long lo,
		       long long hi, const struct shown *shown, char *out,
		       size_t size)
{
	long long x, n = 0, seen = 0;
	size_t used;

	out[0] = '\0';
	if (!shown->what)
		return;
	for (x = lo; x <= hi; x++)
		n += takes[x - lo];
	if (n > 6 || n == hi - lo + 1)
		return;
	used = (size_t)snprintf(out, size, " (%s only", shown->what);
	for (x = lo; x <= hi && used < size; x++)
		if (takes[x - lo]) {
			seen++;
			used += (size_t)snprintf(out + used, size - used,
						 "%s %lld", seen == 1 ? ""
						 : seen == n ? " and" : ",",
						 x + shown->shift);
		}
	if (used < size)
		snprintf(out + used, size - used, ")");
}

/* A comparison that holds for every count, or for none, says nothing
 * about the puzzle: refuse it where it is written.  Where the sum takes
 * few values, each is tried; else its ends, and the values next to 0
 * between them. */
static int check_range(struct compiler *c, const struct acc *acc,
		       enum cond_cmp cmp, const struct loc *loc,
		       const char *sides, const struct shown *shown)
{
	long long lo, hi;
	bool some = false, all = true;
	unsigned char *takes;
	char values[160] = "";

	if (!acc->any)
		return FAIL(c, loc, "this comparison names no item: it always "
			    "holds or never does (compare counts of items, "
			    "as in: wolves = 2)");
	range_of(c, acc, &lo, &hi);
	takes = values_of(c, acc, lo, hi);
	if (takes) {
		for (long long x = lo; x <= hi; x++) {
			if (!takes[x - lo])
				continue;
			some |= cond_cmp_holds(cmp, x);
			all &= cond_cmp_holds(cmp, x);
		}
		few_values(takes, lo, hi, shown, values, sizeof values);
		free(takes);
	} else {
		/* Over lo..hi a comparison with 0 changes at most at 0
		 * and its neighbours: try those that lie in the range, and
		 * the ends. */
		for (long long x = -1; x <= 1; x++) {
			if (x < lo || x > hi)
				continue;
			some |= cond_cmp_holds(cmp, x);
			all &= cond_cmp_holds(cmp, x);
		}
		some |= cond_cmp_holds(cmp, lo) || cond_cmp_holds(cmp, hi);
		all &= cond_cmp_holds(cmp, lo) && cond_cmp_holds(cmp, hi);
	}
	if (!some)
		return FAIL(c, loc, "this comparison never holds, whatever the "
			    "counts%s%s", sides, values);
	if (all)
		return FAIL(c, loc, "this comparison always holds, whatever "
			    "the counts%s%s", sides, values);
	return RIVER_OK;
}

static struct cond *new_cond(struct compiler *c, enum cond_kind kind)
{
	struct cond *cd = arena_alloc(c->arena, sizeof *cd);

	if (cd) {
		memset(cd, 0, sizeof *cd);
		cd->kind = kind;
	}
	return cd;
}

/* acc cmp 0 as a cond, as it stands (the meaning of a rule of a fixed
 * kind, which the compiler has checked already); NULL when memory runs
 * out. */
static const struct cond *leaf(struct compiler *c, const struct acc *acc,
			       enum cond_cmp cmp)
{
	struct cond *cd = new_cond(c, COND_CMP);
	struct cond_term *terms;
	size_t i, n = 0;

	/* Exactly its terms: a puzzle of many items has many rules. */
	for (i = 0; i < c->model->n_items; i++)
		n += acc->coef[i] != 0;
	terms = arena_alloc(c->arena, (n ? n : 1) * sizeof *terms);
	if (!cd || !terms)
		return NULL;
	for (i = 0, n = 0; i < c->model->n_items; i++)
		if (acc->coef[i]) {
			terms[n].item = i;
			terms[n++].coef = acc->coef[i];
		}
	cd->cmp = cmp;
	cd->sum.terms = terms;
	cd->sum.n = n;
	cd->sum.constant = acc->constant;
	return cd;
}

/* The comparison acc cmp 0, as a cond, checked for saying something. */
static int make_cmp(struct compiler *c, const struct acc *acc,
		    enum cond_cmp cmp, const struct loc *loc,
		    const char *sides, const struct shown *shown,
		    const struct cond **out)
{
	int rc = check_range(c, acc, cmp, loc, sides, shown);

	if (rc != RIVER_OK)
		return rc;
	*out = leaf(c, acc, cmp);
	return *out ? RIVER_OK : out_of_memory(c);
}

/* a and b; NULL when memory runs out (then or before). */
static const struct cond *both(struct compiler *c, const struct cond *a,
			       const struct cond *b)
{
	struct cond *cd;

	if (!a || !b)
		return NULL;
	cd = new_cond(c, COND_AND);
	if (cd) {
		cd->a = a;
		cd->b = b;
	}
	return cd;
}

/* The sum of a set's copies (times w when given), times sign, into acc. */
static void add_set(struct acc *acc, const size_t *set, size_t n,
		    const unsigned *w, long long sign)
{
	size_t i;

	for (i = 0; i < n; i++)
		acc->coef[set[i]] += sign * (long long)(w ? w[i] : 1);
}

/* One item's copies at the place compared with 0. */
static const struct cond *one(struct compiler *c, size_t item,
			      enum cond_cmp cmp)
{
	struct cond *cd = new_cond(c, COND_CMP);
	struct cond_term *term = arena_alloc(c->arena, sizeof *term);

	if (!cd || !term)
		return NULL;
	term->item = item;
	term->coef = 1;
	cd->cmp = cmp;
	cd->sum.terms = term;
	cd->sum.n = 1;
	return cd;
}

int rule_meaning(struct compiler *c, struct rule *r)
{
	const struct cond *cd = NULL, *more;
	struct acc acc;
	size_t i;

	memset(&acc, 0, sizeof acc);
	switch (r->kind) {
	case RULE_EATS:
	case RULE_WITHOUT:
		/* a (and b) there, and none of the guards. */
		cd = one(c, r->a, COND_GT);
		if (r->kind == RULE_EATS)
			cd = both(c, cd, one(c, r->b, COND_GT));
		add_set(&acc, r->guards, r->n_guards, NULL, 1);
		if (r->n_guards)
			cd = both(c, cd, leaf(c, &acc, COND_EQ));
		break;
	case RULE_OUTNUMBER:
		/* Some of b, and a - b - bound > 0. */
		add_set(&acc, r->set_b, r->n_b, NULL, 1);
		cd = leaf(c, &acc, COND_GT);
		memset(&acc, 0, sizeof acc);
		add_set(&acc, r->set_a, r->n_a, NULL, 1);
		add_set(&acc, r->set_b, r->n_b, NULL, -1);
		acc.constant = -(long long)r->bound;
		cd = both(c, cd, leaf(c, &acc, COND_GT));
		break;
	case RULE_ALONE:
	case RULE_EXACT:
		/* Something there (each of set a, for exact), and nothing
		 * but set a: everything less set a is 0. */
		for (i = 0; r->kind == RULE_EXACT && i < r->n_a; i++)
			cd = cd ? both(c, cd, one(c, r->set_a[i], COND_GT))
				: one(c, r->set_a[i], COND_GT);
		for (i = 0; i < c->model->n_items; i++)
			acc.coef[i] = 1;
		if (r->kind == RULE_ALONE)
			cd = leaf(c, &acc, COND_GT);
		add_set(&acc, r->set_a, r->n_a, NULL, -1);
		more = leaf(c, &acc, COND_EQ);
		cd = cd ? both(c, cd, more) : more;
		break;
	case RULE_AT_MOST:
	case RULE_AT_LEAST:
		add_set(&acc, r->set_a, r->n_a, NULL, 1);
		acc.constant = -(long long)r->bound;
		cd = leaf(c, &acc, r->kind == RULE_AT_MOST ? COND_GT : COND_LT);
		break;
	case RULE_SUM:
		add_set(&acc, r->set_a, r->n_a, r->wa, 1);
		add_set(&acc, r->set_b, r->n_b, r->wb, -1);
		acc.constant = -(long long)r->bound;
		cd = leaf(c, &acc, COND_GT);
		break;
	case RULE_COND:
		return RIVER_OK; /* built from its own words */
	}
	if (!cd)
		return out_of_memory(c);
	r->cond = cd;
	return RIVER_OK;
}

static enum cond_cmp cmp_of(enum ast_cmp cmp)
{
	switch (cmp) {
	case CMP_EQ: return COND_EQ;
	case CMP_NE: return COND_NE;
	case CMP_LT: return COND_LT;
	case CMP_LE: return COND_LE;
	case CMP_GT: return COND_GT;
	case CMP_GE: return COND_GE;
	}
	return COND_EQ;
}

/* The items the condition names, for "nothing else". */
static int collect_named(struct compiler *c, const struct ast_cexpr *x,
			 struct named *named)
{
	struct acc acc;
	int rc = RIVER_OK;

	memset(&acc, 0, sizeof acc);
	switch (x->kind) {
	case CX_AND:
	case CX_OR:
		rc = collect_named(c, x->a, named);
		if (rc == RIVER_OK)
			rc = collect_named(c, x->b, named);
		return rc;
	case CX_NOT:
		return collect_named(c, x->a, named);
	case CX_CMP:
		rc = add_terms(c, x->lhs, 1, &acc, named);
		if (rc == RIVER_OK)
			rc = add_terms(c, x->rhs, 1, &acc, named);
		return rc;
	case CX_AT_LEAST:
	case CX_AT_MOST:
		return add_names(c, x->names, 1, NULL, &acc, named);
	case CX_NOTHING_ELSE:
		return RIVER_OK;
	}
	return RIVER_OK;
}

static int build(struct compiler *c, const struct ast_cexpr *x,
		 const struct named *named, const struct cond **out)
{
	struct acc acc;
	struct cond *cd;
	unsigned long long bound;
	long long lo, hi;
	char sides[80];
	struct shown shown = {NULL, 0};
	size_t i;
	int rc;

	memset(&acc, 0, sizeof acc);
	switch (x->kind) {
	case CX_AND:
	case CX_OR:
	case CX_NOT:
		cd = new_cond(c, x->kind == CX_AND ? COND_AND
				 : x->kind == CX_OR ? COND_OR : COND_NOT);
		if (!cd)
			return out_of_memory(c);
		rc = build(c, x->a, named, &cd->a);
		if (rc == RIVER_OK && x->kind != CX_NOT)
			rc = build(c, x->b, named, &cd->b);
		*out = cd;
		return rc;
	case CX_CMP: {
		struct acc left, right;
		long long llo, lhi, rlo, rhi;
		char sides[160];

		memset(&left, 0, sizeof left);
		memset(&right, 0, sizeof right);
		rc = add_terms(c, x->lhs, 1, &left, NULL);
		if (rc == RIVER_OK)
			rc = add_terms(c, x->rhs, 1, &right, NULL);
		if (rc != RIVER_OK)
			return rc;
		range_of(c, &left, &llo, &lhi);
		range_of(c, &right, &rlo, &rhi);
		if (llo == lhi)
			snprintf(sides, sizeof sides, ": its left side is %lld",
				 llo);
		else
			snprintf(sides, sizeof sides, ": its left side is "
				 "%lld to %lld", llo, lhi);
		if (x->rhs)
			snprintf(sides + strlen(sides),
				 sizeof sides - strlen(sides),
				 rlo == rhi ? ", its right side %lld"
					    : ", its right side %lld to %lld",
				 rlo, rhi);
		for (i = 0; i < MAX_TERMS; i++)
			acc.coef[i] = left.coef[i] - right.coef[i];
		acc.constant = left.constant - right.constant;
		acc.any = left.any || right.any;
		/* Its left side's values, when the right is one number. */
		shown.what = !x->rhs || rlo == rhi ? "its left side takes" : NULL;
		shown.shift = x->rhs ? rlo : 0;
		return make_cmp(c, &acc, x->rhs ? cmp_of(x->cmp) : COND_GT,
				&x->loc, sides, &shown, out);
	}
	case CX_AT_LEAST:
	case CX_AT_MOST:
		rc = add_names(c, x->names, 1, NULL, &acc, NULL);
		if (rc == RIVER_OK)
			rc = value_of(c, &x->bound, false, &bound);
		if (rc != RIVER_OK)
			return rc;
		range_of(c, &acc, &lo, &hi);
		snprintf(sides, sizeof sides, ": these can count %lld to %lld",
			 lo, hi);
		acc.constant = -(long long)bound;
		shown.what = "they count";
		shown.shift = (long long)bound;
		return make_cmp(c, &acc, x->kind == CX_AT_LEAST ? COND_GE
							       : COND_LE,
				&x->loc, sides, &shown, out);
	case CX_NOTHING_ELSE:
		for (i = 0; i < c->model->n_items; i++)
			if (!named->item[i]) {
				acc.coef[i] = 1;
				acc.any = true;
			}
		if (!acc.any)
			return FAIL(c, &x->loc, "'nothing else' leaves nothing "
				    "out: the condition names every item");
		return make_cmp(c, &acc, COND_EQ, &x->loc, "", &no_values, out);
	}
	return out_of_memory(c);
}

/* ---- The rule's text ------------------------------------------------ */

static void name_text(struct compiler *c, struct buf *b,
		      const struct ast_name *n, const char *sep)
{
	unsigned long long k;

	for (; n; n = n->next) {
		buf_puts(b, n->text);
		if (n->indexed && value_of(c, &n->index, false, &k) == RIVER_OK)
			buf_printf(b, "%llu", k);
		if (n->next)
			buf_puts(b, sep);
	}
}

static void sum_text(struct compiler *c, struct buf *b, const struct ast_term *t)
{
	for (; t; t = t->next) {
		if (t->minus)
			buf_puts(b, " - ");
		if (t->is_number)
			buf_printf(b, "%llu", t->value.number);
		else if (t->attr)
			buf_printf(b, "%s of ", t->attr);
		if (!t->is_number)
			name_text(c, b, t->names, ", ");
		if (t->next && !t->next->minus)
			buf_puts(b, " + ");
	}
}

static void cexpr_text(struct compiler *c, struct buf *b,
		       const struct ast_cexpr *x, int outer)
{
	static const char *const cmp[] = {"=", "!=", "<", "<=", ">", ">="};
	int prec = x->kind == CX_OR ? 1 : x->kind == CX_AND ? 2 : 3;
	unsigned long long k = 0;

	if (prec < outer)
		buf_putc(b, '(');
	switch (x->kind) {
	case CX_AND:
	case CX_OR:
		cexpr_text(c, b, x->a, prec);
		buf_puts(b, x->kind == CX_AND ? " and " : " or ");
		cexpr_text(c, b, x->b, prec + 1);
		break;
	case CX_NOT:
		buf_puts(b, "not ");
		cexpr_text(c, b, x->a, 3);
		break;
	case CX_CMP:
		sum_text(c, b, x->lhs);
		if (x->rhs) {
			buf_printf(b, " %s ", cmp[x->cmp]);
			sum_text(c, b, x->rhs);
		}
		break;
	case CX_AT_LEAST:
	case CX_AT_MOST:
		(void)value_of(c, &x->bound, false, &k);
		buf_printf(b, "at %s %llu of ",
			   x->kind == CX_AT_LEAST ? "least" : "most", k);
		name_text(c, b, x->names, ", ");
		break;
	case CX_NOTHING_ELSE:
		buf_puts(b, "nothing else");
		break;
	}
	if (prec < outer)
		buf_putc(b, ')');
}

/* "no bank may hold C unless g": the rule, its cond and its text. */
int compile_cond_rule(struct compiler *c, const struct ast_stmt *st)
{
	struct named named;
	const struct cond *cd;
	struct rule *rule;
	struct buf text;
	int rc;

	memset(&named, 0, sizeof named);
	rc = collect_named(c, st->u.rule.cond, &named);
	if (rc == RIVER_OK)
		rc = build(c, st->u.rule.cond, &named, &cd);
	if (rc == RIVER_OK && st->u.rule.unless) {
		/* "unless g": and none of the guards is there. */
		struct acc acc;
		const struct cond *none;
		struct cond *both;

		memset(&acc, 0, sizeof acc);
		rc = add_names(c, st->u.rule.unless, 1, NULL, &acc, NULL);
		if (rc == RIVER_OK)
			rc = make_cmp(c, &acc, COND_EQ, &st->u.rule.unless->loc,
				      "", &no_values, &none);
		both = rc == RIVER_OK ? new_cond(c, COND_AND) : NULL;
		if (rc == RIVER_OK && !both)
			rc = out_of_memory(c);
		if (rc == RIVER_OK) {
			both->a = cd;
			both->b = none;
			cd = both;
		}
	}
	if (rc == RIVER_OK)
		rc = new_rule(c, &st->loc, &rule);
	if (rc != RIVER_OK)
		return rc;
	rule->kind = RULE_COND;
	rule->cond = cd;
	rule->place = (enum rule_place)st->u.rule.where;
	rule->loc = st->loc;
	buf_init(&text);
	buf_puts(&text, rule->place == PLACE_BOAT ? "the boat must not hold "
			: rule->place == PLACE_BOTH ? "no bank or boat may hold "
						    : "no bank may hold ");
	cexpr_text(c, &text, st->u.rule.cond, 0);
	if (st->u.rule.unless) {
		buf_puts(&text, " unless ");
		name_text(c, &text, st->u.rule.unless, " or ");
	}
	rule->text = text.failed ? NULL : arena_strdup(c->arena, text.data);
	buf_release(&text);
	return rule->text ? RIVER_OK : out_of_memory(c);
}
