/* Rules: each rule statement, quantified ones included, into the
 * model's rules, with the text river shows for each. */
#include "compile/compiler.h"

#include <stdio.h>
#include <string.h>

#include "util/stop.h"

/* n more steps of expanding the rules; every COMPILE_LOOK_EVERY, a look
 * at the clock and the cancel flag, a stop said at the rule at hand. */
static int take_steps(struct compiler *c, unsigned long long n)
{
	int rc;

	c->steps += n;
	if (c->steps < c->next_look || !c->stop)
		return RIVER_OK;
	c->next_look = c->steps + COMPILE_LOOK_EVERY;
	rc = stop_check(c->stop);
	if (rc == RIVER_OK)
		return rc;
	return stop_diag_at(c->stop, rc, c->diag, c->src,
			    c->stmt ? &c->stmt->loc : NULL,
			    "while expanding this rule");
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
	case RULE_COND:
		break; /* written by compile_cond_rule */
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
int compile_guard(struct compiler *c)
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
int new_rule(struct compiler *c, const struct loc *loc, struct rule **out)
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

	int rc;

	rule->place = place_of(st);
	rule->loc = st->loc;
	rc = rule_meaning(c, rule);
	if (rc != RIVER_OK)
		return rc;
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
	const struct attribute *attr;
	unsigned *weights;
	size_t i;
	int rc = attribute_named(c, sum->attr, &sum->loc, &attr);

	if (rc != RIVER_OK)
		return rc;
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
 * mention of it.  The names resolved once already; the caller's
 * diagnostic, set after this returns, replaces whatever a resolve here
 * would say. */
static const struct loc *twice_at(struct compiler *c,
				  const struct ast_stmt *st, size_t item)
{
	const struct ast_name *ref = st->kind == ST_SUM ? st->u.rule.rhs.names
							: st->u.rule.b;
	size_t group[MODEL_MAX_ITEMS], n, k;

	for (; ref; ref = ref->next) {
		if (resolve_group(c, ref, group, &n) != RIVER_OK)
			continue;
		for (k = 0; k < n; k++)
			if (group[k] == item)
				return &ref->loc;
	}
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

	if (st->kind == ST_COND)
		return compile_cond_rule(c, st);
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
			rc = take_steps(c, 1);
			if (rc == RIVER_OK)
				rc = add_rule(c, st, as[i], bs[j], own, n);
			if (rc != RIVER_OK)
				return rc;
		}
	}
	return RIVER_OK;
}

/* The rule a choice of the loop st makes names its own guard in every
 * pair, as "f1 must not be without f1" does: refuse it as it would be
 * refused written alone, naming the choice. */
static int never_at(struct compiler *c, const struct ast_stmt *st)
{
	char choice[256];
	size_t k, used = 0;

	choice[0] = '\0';
	for (k = 0; k < c->n_bind && used < sizeof choice; k++)
		used += (size_t)snprintf(choice + used, sizeof choice - used,
					 "%s%s = %llu", k ? ", " : "",
					 c->bind[k].name, c->bind[k].value);
	return FAIL(c, &st->u.loop.rule->loc, "this rule never applies at %s: "
		    "every pair it makes names its own guard (a 'where' "
		    "condition can leave that choice out)", choice);
}

/* Whether "i < j" holds for the variables' values now. */
static int holds(struct compiler *c, const struct ast_cond *w, bool *ok)
{
	long long x, y;
	int rc = eval_value(c, &w->a, false, &x);

	if (rc == RIVER_OK)
		rc = eval_value(c, &w->b, false, &y);
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

/* The terms of an arithmetic expression. */
static unsigned long long terms(const struct ast_value *v)
{
	return v->op ? terms(v->lhs) + terms(v->rhs) : 1;
}

/* "for i, j in 1..n where i != j: RULE": the rule for every choice of
 * the variables that the conditions allow. */
static int compile_loop(struct compiler *c, const struct ast_stmt *st)
{
	const struct ast_name *v;
	const struct ast_cond *w;
	unsigned long long from, to, values[8], weight = 1;
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
		/* And the rules all together, for the work of a load. */
		if ((double)c->instances + choices > MAX_INSTANCES)
			return FAIL(c, &st->loc, "the rules take %.0f choices "
				    "of values in all, this rule's included, "
				    "more than %u", (double)c->instances + choices,
				    MAX_INSTANCES);
		c->instances += (unsigned long long)choices;
	}
	/* A choice weighs the terms of its conditions too. */
	for (w = st->u.loop.where; w; w = w->next)
		weight += terms(&w->a) + terms(&w->b);
	c->n_bind = n;
	while (rc == RIVER_OK && from <= to && values[0] <= to) {
		bool ok = true;

		rc = take_steps(c, weight);
		for (k = 0; k < n; k++)
			c->bind[k].value = values[k];
		for (w = st->u.loop.where; w && ok && rc == RIVER_OK;
		     w = w->next)
			rc = holds(c, w, &ok);
		if (ok && rc == RIVER_OK) {
			size_t made = c->model->n_rules;

			rc = compile_rule(c, st->u.loop.rule);
			/* Each choice's rule as if written alone. */
			if (rc == RIVER_OK && c->model->n_rules == made)
				rc = never_at(c, st);
		}
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

int compile_rules(struct compiler *c, const struct ast *ast)
{
	const struct ast_stmt *st;
	int rc = RIVER_OK;

	for (st = ast->first; st && rc == RIVER_OK; st = st->next) {
		size_t before = c->model->n_rules;

		c->stmt = st;
		rc = take_steps(c, 1);
		if (rc != RIVER_OK)
			break;
		if (st->kind == ST_EATS || st->kind == ST_OUTNUMBER ||
		    st->kind == ST_WITHOUT || st->kind == ST_ALONE ||
		    st->kind == ST_EXACT || st->kind == ST_AT_MOST ||
		    st->kind == ST_AT_LEAST || st->kind == ST_SUM ||
		    st->kind == ST_COND) {
			c->instances++;
			rc = compile_rule(c, st);
		} else if (st->kind == ST_FOR) {
			rc = compile_loop(c, st);
		} else {
			continue;
		}
		/* A family rule whose every pair guards itself says nothing. */
		if (rc == RIVER_OK && c->model->n_rules == before)
			rc = FAIL(c, &st->loc, "this rule never applies: every "
				  "pair it makes names its own guard");
	}
	return rc;
}
