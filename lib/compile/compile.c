/* Syntax tree to model: the passes in order, and what the model says of
 * itself. */
#include "compile/compiler.h"

#include <stdio.h>
#include <string.h>

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

/* A boat line: the one unnamed boat, or one of several named ones. */
static int boat_line(struct compiler *c, const struct ast_stmt *st)
{
	const struct ast_stmt *first = c->n_boat_lines ? c->boat_lines[0]
						      : NULL;
	int rc;

	if (first && (!first->u.boat.name || !st->u.boat.name))
		return FAIL(c, &st->loc, "the puzzle already has a boat (line "
			    "%d): several boats each need a name, as in: "
			    "boat ferry seats 2", first->loc.line);
	if (c->n_boat_lines == MODEL_MAX_BOATS)
		return FAIL(c, &st->loc, "too many boats: at most %u",
			    MODEL_MAX_BOATS);
	if (st->u.boat.name) {
		rc = declare_name(c, st->u.boat.name, NAME_BOAT,
				  c->n_boat_lines, st->u.boat.name_loc);
		if (rc != RIVER_OK)
			return rc;
	}
	c->boat_lines[c->n_boat_lines++] = st;
	c->boat = c->boat_lines[0];
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
			rc = boat_line(c, st);
			break;
		case ST_PLACES:
			rc = once(c, &c->places, st, "a places line");
			break;
		case ST_ROUTES:
			break; /* read once the places and boats are known */
		case ST_ROWERS:
			/* A boat's own: read with the rowers line. */
			if (!st->u.rowers.boat)
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
		case ST_COND:
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

/* The parameters and the values compiled with, kept in the model for
 * what tells about the puzzle (a value that makes it trivial). */
static int keep_params(struct compiler *c)
{
	struct model_param *kept;
	size_t i;

	c->model->params = NULL;
	c->model->n_params = c->n_params;
	if (!c->n_params)
		return RIVER_OK;
	kept = arena_alloc(c->arena, c->n_params * sizeof *kept);
	if (!kept)
		return out_of_memory(c);
	for (i = 0; i < c->n_params; i++) {
		kept[i].name = c->params[i].name;
		kept[i].value = c->params[i].value;
		kept[i].loc = c->params[i].loc;
	}
	c->model->params = kept;
	return RIVER_OK;
}

int compile_model(struct model *model, struct arena *arena,
		  const struct ast *ast, const struct source *src,
		  const river_param *params, size_t n_params,
		  const struct stop *stop, river_diag *diag)
{
	struct compiler c;
	int rc;

	memset(&c, 0, sizeof c);
	memset(model, 0, sizeof *model);
	c.stop = stop;
	c.next_look = COMPILE_LOOK_EVERY;
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
		rc = compile_rowers(&c, ast);
	if (rc == RIVER_OK)
		rc = compile_rows(&c, ast);
	if (rc == RIVER_OK)
		rc = compile_places(&c, ast);
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
	return keep_params(&c);
}

unsigned long long model_rowing_period(const struct model *m)
{
	unsigned long long period = 1, a, b, t;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		if (m->items[i].row_every <= 1)
			continue;
		for (a = period, b = m->items[i].row_every; b; a = b, b = t)
			t = a % b;
		period = period / a * m->items[i].row_every;
	}
	return period;
}

/* The least (most) time of a leg of some boat, before its passengers':
 * its boat's, or its route's when that is more. */
static unsigned long long leg_times(const struct model *m, bool most)
{
	unsigned long long best = most ? m->boat_time : ~0ULL;
	size_t b;
	unsigned p, q;

	for (b = 0; b < m->n_boats; b++)
		for (p = 0; p < m->n_places; p++)
			for (q = 0; q < m->n_places; q++) {
				const struct boat *boat = &m->boats[b];
				unsigned long long t = boat->leg_time[p][q];

				if (!((boat->routes[p] >> q) & 1))
					continue;
				if (t < boat->time)
					t = boat->time;
				if (most ? t > best : t < best)
					best = t;
			}
	return best == ~0ULL ? m->boat_time : best;
}

bool model_timed(const struct model *m)
{
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (m->items[i].time)
			return true;
	return m->boat_time > 0 || leg_times(m, true) > 0;
}

static long long sum_value(const struct cond_sum *l, const unsigned *count)
{
	long long v = l->constant;
	size_t i;

	for (i = 0; i < l->n; i++)
		v += l->terms[i].coef * (long long)count[l->terms[i].item];
	return v;
}

bool cond_cmp_holds(enum cond_cmp cmp, long long x)
{
	switch (cmp) {
	case COND_EQ: return x == 0;
	case COND_NE: return x != 0;
	case COND_LT: return x < 0;
	case COND_LE: return x <= 0;
	case COND_GT: return x > 0;
	case COND_GE: return x >= 0;
	}
	return false;
}

bool cond_holds(const struct cond *c, const unsigned *count)
{
	long long v;

	switch (c->kind) {
	case COND_AND:
		return cond_holds(c->a, count) && cond_holds(c->b, count);
	case COND_OR:
		return cond_holds(c->a, count) || cond_holds(c->b, count);
	case COND_NOT:
		return !cond_holds(c->a, count);
	case COND_CROSSING:
		return false; /* never in a rule */
	case COND_CMP:
		break;
	}
	v = sum_value(&c->sum, count);
	return cond_cmp_holds(c->cmp, v);
}

unsigned long long model_least_trip(const struct model *m)
{
	unsigned long long t = ~0ULL, leg = leg_times(m, false);
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (m->items[i].time < t)
			t = m->items[i].time;
	return t > leg ? t : leg;
}

unsigned long long model_slowest_trip(const struct model *m)
{
	unsigned long long t = leg_times(m, true);
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (m->items[i].time > t)
			t = m->items[i].time;
	for (i = 1; i < m->n_boats; i++)
		if (m->boats[i].time > t)
			t = m->boats[i].time;
	return t;
}

long model_bank_violation(const struct model *m, const unsigned *count)
{
	size_t r;

	for (r = 0; r < m->n_rules; r++)
		if ((m->rules[r].place & PLACE_BANKS) &&
		    cond_holds(m->rules[r].cond, count))
			return (long)r;
	return -1;
}

long model_violation(const struct model *m, const unsigned *right,
		     bool *on_right)
{
	unsigned left[MODEL_MAX_ITEMS];
	size_t i;
	long r;

	for (i = 0; i < m->n_items; i++)
		left[i] = m->items[i].copies - right[i];
	*on_right = false;
	r = model_bank_violation(m, left);
	if (r >= 0)
		return r;
	*on_right = true;
	return model_bank_violation(m, right);
}

long model_boat_violation(const struct model *m, const unsigned *count)
{
	size_t r;

	for (r = 0; r < m->n_rules; r++)
		if ((m->rules[r].place & PLACE_BOAT) &&
		    cond_holds(m->rules[r].cond, count))
			return (long)r;
	return -1;
}

unsigned long long model_load_weight(const struct model *m,
				     const unsigned *count)
{
	unsigned long long w = 0;
	size_t i;

	for (i = 0; i < m->n_items; i++)
		w += (unsigned long long)count[i] * m->items[i].weight;
	return w;
}

void model_of_leg(const struct model *m, size_t b, unsigned from,
		  unsigned to, struct model *out)
{
	const struct boat *boat = &m->boats[b];

	*out = *m;
	out->seats = boat->seats;
	out->boat_time = model_leg_time(m, b, from, to);
	if (boat->items)
		out->items = boat->items;
	out->load_limit = boat->load_limit;
	out->loads = boat->loads;
	out->n_loads = boat->n_loads;
}

unsigned model_leg_time(const struct model *m, size_t b, unsigned from,
			unsigned to)
{
	const struct boat *boat = &m->boats[b];
	unsigned leg = boat->leg_time[from][to];

	return leg > boat->time ? leg : boat->time;
}

bool model_boats_alike(const struct model *m)
{
	size_t b, i;

	for (b = 0; b < m->n_boats; b++) {
		const struct boat *boat = &m->boats[b];

		if (boat->load_limit != m->load_limit || boat->loads != m->loads ||
		    boat->n_loads != m->n_loads)
			return false;
		for (i = 0; boat->items && i < m->n_items; i++)
			if (boat->items[i].rows != m->items[i].rows)
				return false;
	}
	return true;
}

unsigned model_trip_time(const struct model *m, const unsigned *count)
{
	unsigned t = m->boat_time;
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (count[i] && m->items[i].time > t)
			t = m->items[i].time;
	return t;
}
