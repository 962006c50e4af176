/* The boat and rowing: seats, loads, margins and times, who rows and
 * when. */
#include "compile/compiler.h"

#include <stdio.h>
#include <string.h>

/* "a rows only alone", "b rows only on crossings 1, 2 of every 4". */
int compile_rows(struct compiler *c, const struct ast *ast)
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

/* The items a rowers line names, rows[i] for each. */
static int rowers_of(struct compiler *c, const struct ast_stmt *st,
		     bool *rows)
{
	size_t *rowers, n = 0, i;
	int rc;

	if (!st->u.rowers.names)
		return FAIL(c, &st->loc,
			    "nobody can row, so the boat can never cross "
			    "(name at least one rower)");
	rowers = arena_alloc(c->arena, MODEL_MAX_ITEMS * sizeof *rowers);
	if (!rowers)
		return out_of_memory(c);
	rc = resolve_list(c, st->u.rowers.names, rowers, &n,
			  st->u.rowers.boat ? "the line" : "the rowers line");
	if (rc != RIVER_OK)
		return rc;
	memset(rows, 0, c->model->n_items * sizeof *rows);
	for (i = 0; i < n; i++)
		rows[rowers[i]] = true;
	return RIVER_OK;
}

/* "rowers a, b", and a boat's own: "the raft is rowed by goat".  With
 * one boat its own line is its rowers line; with several, each boat's
 * rowers (boat_rows[b]) are its line's or else the rowers line's, and an
 * item rows (items[i].rows) when it may row some boat. */
int compile_rowers(struct compiler *c, const struct ast *ast)
{
	struct model *m = c->model;
	const struct ast_stmt *st, *own[MODEL_MAX_BOATS] = {NULL};
	bool *all = arena_alloc(c->arena, (m->n_items + 1) * sizeof *all);
	size_t b, i, n_boats = c->n_boat_lines ? c->n_boat_lines : 1;
	bool any_own = false;
	int rc;

	if (!all)
		return out_of_memory(c);
	for (st = ast->first; st; st = st->next) {
		if (st->kind != ST_ROWERS || !st->u.rowers.boat)
			continue;
		for (b = 0; b < c->n_boat_lines; b++)
			if (c->boat_lines[b]->u.boat.name
			    ? strcmp(c->boat_lines[b]->u.boat.name,
				     st->u.rowers.boat) == 0
			    : strcmp(st->u.rowers.boat, "boat") == 0)
				break;
		if (b == c->n_boat_lines && c->n_boat_lines &&
		    strcmp(st->u.rowers.boat, "boat") == 0)
			return FAIL(c, &st->u.rowers.boat_loc, "the boats have "
				    "names: say which is rowed by these (as "
				    "in: the %s is rowed by ...)",
				    c->boat_lines[0]->u.boat.name);
		if (b == c->n_boat_lines)
			return FAIL(c, &st->u.rowers.boat_loc, "'%s' is not a "
				    "boat (name it: boat %s seats 2)",
				    st->u.rowers.boat, st->u.rowers.boat);
		if (own[b])
			return FAIL(c, &st->loc, "who rows the %s is already "
				    "said (line %d)", st->u.rowers.boat,
				    own[b]->loc.line);
		if (n_boats == 1 && c->rowers)
			return FAIL(c, &st->loc, "who rows is already said by "
				    "the rowers line (line %d)",
				    c->rowers->loc.line);
		own[b] = st;
		any_own = true;
	}
	for (i = 0; i < m->n_items; i++)
		all[i] = true; /* without a rowers line, everyone rows */
	if (c->rowers) {
		rc = rowers_of(c, c->rowers, all);
		if (rc != RIVER_OK)
			return rc;
	}
	if (n_boats == 1 && own[0]) {
		rc = rowers_of(c, own[0], all);
		if (rc != RIVER_OK)
			return rc;
	}
	for (i = 0; i < m->n_items; i++)
		m->items[i].rows = all[i];
	if (n_boats == 1 || !any_own)
		return RIVER_OK;
	for (b = 0; b < n_boats; b++) {
		c->boat_rows[b] = all;
		if (!own[b])
			continue;
		c->boat_rows[b] = arena_alloc(c->arena, (m->n_items + 1) *
						       sizeof *c->boat_rows[b]);
		if (!c->boat_rows[b])
			return out_of_memory(c);
		rc = rowers_of(c, own[b], c->boat_rows[b]);
		if (rc != RIVER_OK)
			return rc;
	}
	for (i = 0; i < m->n_items; i++) {
		m->items[i].rows = false;
		for (b = 0; b < n_boats; b++)
			m->items[i].rows |= c->boat_rows[b][i];
	}
	return RIVER_OK;
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
	/* The loads made, and where the boat's line is. */
	struct load **loads;
	size_t *n_loads;
	const struct loc *loc;
	int rc;
};

static void add_load(struct expansion *x)
{
	struct model *m = x->c->model;
	unsigned *count;

	if (*x->n_loads == MAX_LOADS) {
		x->rc = FAIL(x->c, x->loc, "the boat's loads expand "
			     "to more than %u loads", MAX_LOADS);
		return;
	}
	if (*x->n_loads % 64 == 0) {
		struct load *loads = arena_alloc(x->c->arena,
						 (*x->n_loads + 64) *
						 sizeof *loads);

		if (!loads) {
			x->rc = out_of_memory(x->c);
			return;
		}
		if (*x->n_loads)
			memcpy(loads, *x->loads, *x->n_loads * sizeof *loads);
		*x->loads = loads;
	}
	count = arena_alloc(x->c->arena, m->n_items * sizeof *count);
	if (!count) {
		x->rc = out_of_memory(x->c);
		return;
	}
	memcpy(count, x->cur, m->n_items * sizeof *count);
	(*x->loads)[(*x->n_loads)++].count = count;
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
 * these allow, into *loads and *n_loads (the boat line at loc). */
int compile_loads(struct compiler *c, const struct ast_boat_clause *cl,
		  const struct loc *loc, struct load **loads, size_t *n_loads)
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
		size_t n = 0, before = *n_loads;

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
		x->loads = loads;
		x->n_loads = n_loads;
		x->loc = loc;
		expand(x, 0, 0, elem[0].count);
		if (x->rc != RIVER_OK)
			return x->rc;
		if (*n_loads == before)
			return FAIL(c, &ld->loc, "this load names more copies "
				    "than there are");
	}
	return RIVER_OK;
}

bool any_weight(const struct model *m)
{
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (m->items[i].weight)
			return true;
	return false;
}

int compile_boat(struct compiler *c)
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
	for (cl = c->boat->u.boat.clauses; cl; cl = cl->next) {
		unsigned long long v = 0;
		int rc;

		if (seen[cl->kind])
			return FAIL(c, &cl->loc, "the boat's %s %s given twice",
				    what[cl->kind],
				    cl->kind == BOAT_SEATS || cl->kind == BOAT_CARRIES
				    ? "are" : "is");
		seen[cl->kind] = cl;
		if (cl->kind == BOAT_CARRIES) {
			rc = compile_loads(c, cl, &c->boat->loc, &m->loads,
					   &m->n_loads);
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
int compile_time(struct compiler *c)
{
	struct model *m = c->model;
	const struct ast_stmt *st = c->minimize ? c->minimize : c->time_limit;
	size_t i, untimed = SIZE_MAX;
	bool timed = model_timed(m);
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
	for (i = 0; i < m->n_items; i++)
		if (m->items[i].time == 0 && untimed == SIZE_MAX)
			untimed = i;
	if (!timed)
		return FAIL(c, &st->loc, "the puzzle %s time, but no crossing "
			    "takes any: give the items times (item a (time 1)) "
			    "or the boat one (boat time 1)",
			    m->minimize_time ? "minimizes" : "limits");
	if (m->minimize_time && model_least_trip(m) == 0 && untimed != SIZE_MAX)
		return FAIL(c, &st->loc, "to minimize time, every crossing must "
			    "take some: the %s has no time (give it one, or the "
			    "boat one: boat time 1)", m->items[untimed].name);
	return RIVER_OK;
}
