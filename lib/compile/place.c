/* Start and goal: where everything is at the start, and where the goal
 * wants it. */
#include "compile/compiler.h"

#include <stdio.h>
#include <string.h>

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
int compile_placements(struct compiler *c, const struct ast *ast)
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
