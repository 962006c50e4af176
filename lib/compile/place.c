/* Start and goal: where everything is at the start, and where the goal
 * wants it. */
#include "compile/compiler.h"

#include <stdio.h>
#include <string.h>

/* Put n copies of item i at place `where` of pl (n of a kind; 1
 * otherwise); the rest of a kind's copies stay at its default place,
 * or, when that is the place named, go to the other end (on two banks,
 * "1 sheep on the left" leaves the rest on the right). */
static int place_item(struct compiler *c, const struct ast_place *p,
		      unsigned where, bool goal, struct placement *pl,
		      bool *placed, size_t i, const char *what)
{
	const struct model *m = c->model;
	const struct item *it = &m->items[i];
	unsigned last = (unsigned)m->n_places - 1;
	unsigned home = goal ? last : 0, rest;
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
	rest = where == home ? last - home : home;
	if (!model_has_places(m)) {
		pl->right[i] = where ? (unsigned)n : it->copies - (unsigned)n;
		return RIVER_OK;
	}
	memset(&pl->at[i * m->n_places], 0, m->n_places * sizeof *pl->at);
	pl->at[i * m->n_places + where] = (unsigned)n;
	pl->at[i * m->n_places + rest] += it->copies - (unsigned)n;
	return RIVER_OK;
}

/* Put boat b at place where of pl, once. */
static int place_boat(struct compiler *c, const struct ast_place *p,
		      struct placement *pl, bool *boat_placed, size_t b,
		      unsigned where, const char *what)
{
	const struct model *m = c->model;

	if (boat_placed[b])
		return FAIL(c, &p->loc, "the %s places the %s twice", what,
			    m->n_boats > 1 ? m->boats[b].name : "boat");
	boat_placed[b] = true;
	if (b == 0)
		pl->boat = (int)(where != 0);
	pl->boats[b] = (int)where;
	return RIVER_OK;
}

/* One start or goal line: put what it names (a family: each member; a
 * boat by its name) at its place. */
static int place_line(struct compiler *c, const struct ast_stmt *st,
		      struct placement *pl, bool *placed, bool *boat_placed,
		      bool goal)
{
	const struct model *m = c->model;
	const char *what = goal ? "goal" : "start";
	const struct ast_place *p;
	size_t group[MODEL_MAX_ITEMS], n, k;
	unsigned where;
	int rc;

	rc = place_named(c, st->u.place.where, &st->u.place.where_loc, &where);
	for (p = st->u.place.places; p && rc == RIVER_OK; p = p->next) {
		const struct name_entry *e = p->name && !p->name->indexed
					     ? names_find(&c->names, p->name->text)
					     : NULL;

		if (p->boat && m->n_boats > 1)
			return FAIL(c, &p->loc, "the puzzle has %zu boats: "
				    "name one (%s, %s, ...)", m->n_boats,
				    m->boats[0].name, m->boats[1].name);
		if (p->boat || (e && e->kind == NAME_BOAT)) {
			if (p->counted)
				return FAIL(c, &p->count.loc, "a count is for a "
					    "kind, not a boat");
			rc = place_boat(c, p, pl, boat_placed,
					p->boat ? 0 : e->index, where, what);
			continue;
		}
		rc = resolve_group(c, p->name, group, &n);
		for (k = 0; rc == RIVER_OK && k < n; k++)
			rc = place_item(c, p, where, goal, pl, placed, group[k],
					what);
	}
	return rc;
}

/* The start (everything at the first place unless placed) and the goal
 * (every item at the last place unless placed; the boats anywhere
 * unless placed). */
int compile_placements(struct compiler *c, const struct ast *ast)
{
	struct model *m = c->model;
	const struct ast_stmt *st;
	bool *placed[2], boat_placed[2][MODEL_MAX_BOATS] = {{false}};
	size_t i, b, np = m->n_places;
	int rc = RIVER_OK;

	m->start.right = arena_alloc(c->arena, (m->n_items + 1) * sizeof *m->start.right);
	m->goal.right = arena_alloc(c->arena, (m->n_items + 1) * sizeof *m->goal.right);
	placed[0] = arena_alloc(c->arena, (m->n_items + 1) * sizeof **placed);
	placed[1] = arena_alloc(c->arena, (m->n_items + 1) * sizeof **placed);
	if (!m->start.right || !m->goal.right || !placed[0] || !placed[1])
		return out_of_memory(c);
	if (model_has_places(m)) {
		m->start.at = arena_alloc(c->arena, (m->n_items * np + 1) *
					  sizeof *m->start.at);
		m->goal.at = arena_alloc(c->arena, (m->n_items * np + 1) *
					 sizeof *m->goal.at);
		if (!m->start.at || !m->goal.at)
			return out_of_memory(c);
		for (i = 0; i < m->n_items; i++) {
			m->start.at[i * np] = m->items[i].copies;
			m->goal.at[i * np + np - 1] = m->items[i].copies;
		}
	}
	m->start.boat = 0;
	m->goal.boat = -1;
	for (b = 0; b < MODEL_MAX_BOATS; b++) {
		m->start.boats[b] = 0;
		m->goal.boats[b] = -1;
	}
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
				boat_placed[goal], goal);
	}
	/* Of a puzzle of places, right is the last place, and boat the
	 * first boat's there. */
	for (i = 0; rc == RIVER_OK && m->start.at && i < m->n_items; i++) {
		m->start.right[i] = m->start.at[i * np + np - 1];
		m->goal.right[i] = m->goal.at[i * np + np - 1];
	}
	if (m->start.at) {
		m->start.boat = m->start.boats[0] == (int)np - 1;
		m->goal.boat = m->goal.boats[0] < 0 ? -1
			       : m->goal.boats[0] == (int)np - 1;
	}
	return rc;
}
