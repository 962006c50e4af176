/* Places and boats: the places a puzzle names ("places left bank,
 * island, right bank"), its boats after the first ("boat raft seats
 * 1"), and where each boat may go ("the boat may go between left bank
 * and island, island and right bank"). */
#include "compile/compiler.h"

#include <stdio.h>
#include <string.h>

/* The places, joined for a message: "left bank, island and right bank". */
static void places_text(const struct model *m, char *out, size_t size)
{
	size_t p, used = 0;

	out[0] = '\0';
	for (p = 0; p < m->n_places && used < size; p++) {
		int w = snprintf(out + used, size - used, "%s%s",
				 p == 0 ? "" : p + 1 == m->n_places ? " and "
								    : ", ",
				 m->place_names[p]);
		if (w < 0)
			break;
		used += (size_t)w;
	}
}

int place_named(struct compiler *c, const char *words, const struct loc *loc,
		unsigned *out)
{
	const struct model *m = c->model;
	char list[256];
	unsigned p;

	for (p = 0; p < m->n_places; p++)
		if (strcmp(words, m->place_names[p]) == 0) {
			*out = p;
			return RIVER_OK;
		}
	if (strcmp(words, "left") == 0 || strcmp(words, "left bank") == 0) {
		*out = 0;
		return RIVER_OK;
	}
	if (strcmp(words, "right") == 0 || strcmp(words, "right bank") == 0) {
		*out = (unsigned)m->n_places - 1;
		return RIVER_OK;
	}
	places_text(m, list, sizeof list);
	return FAIL(c, loc, "there is no place '%s' (the places are %s)",
		    words, list);
}

/* "places a, b, c": two to MODEL_MAX_PLACES distinct names. */
static int compile_place_names(struct compiler *c)
{
	struct model *m = c->model;
	const struct ast_name *n;
	size_t p;

	m->n_places = 2;
	m->place_names[0] = "left bank";
	m->place_names[1] = "right bank";
	if (!c->places)
		return RIVER_OK;
	m->n_places = 0;
	for (n = c->places->u.places; n; n = n->next) {
		if (m->n_places == MODEL_MAX_PLACES)
			return FAIL(c, &n->loc, "too many places: at most %u",
				    MODEL_MAX_PLACES);
		for (p = 0; p < m->n_places; p++)
			if (strcmp(m->place_names[p], n->text) == 0)
				return FAIL(c, &n->loc, "the place '%s' is named "
					    "twice", n->text);
		m->place_names[m->n_places++] = n->text;
	}
	if (m->n_places < 2)
		return FAIL(c, &c->places->loc, "a puzzle needs at least two "
			    "places (as in: places left bank, island, right "
			    "bank)");
	return RIVER_OK;
}

/* A clause of a boat after the first: its seats, time, load limit or
 * loads. */
static int more_boat_clause(struct compiler *c, const struct ast_stmt *st,
			    const struct ast_boat_clause *cl, struct boat *boat,
			    bool *seats)
{
	unsigned long long v;
	int rc;

	if (cl->kind == BOAT_MARGIN)
		return FAIL(c, &cl->loc, "with several boats, a margin (how "
			    "much a load's weight may change from the one "
			    "before) is for a puzzle of one boat");
	if (cl->kind == BOAT_CARRIES) {
		if (boat->loads)
			return FAIL(c, &cl->loc, "the %s's loads are given "
				    "twice", boat->name);
		return compile_loads(c, cl, &st->loc, &boat->loads,
				     &boat->n_loads);
	}
	rc = value_of(c, &cl->value, false, &v);
	if (rc != RIVER_OK)
		return rc;
	if (cl->kind == BOAT_LOAD) {
		if (v < 1)
			return FAIL(c, &cl->value.loc, "the %s's load must be at "
				    "least 1", boat->name);
		if (!any_weight(c->model))
			return FAIL(c, &cl->loc, "the %s's load is a weight, but "
				    "no item has one (as in: item father "
				    "(weight 90))", boat->name);
		boat->load_limit = v;
		return RIVER_OK;
	}
	if (v < 1 || v > MODEL_MAX_COPIES)
		return FAIL(c, &cl->value.loc, "the %s's %s must be 1 to %u",
			    boat->name, cl->kind == BOAT_SEATS ? "seats" : "time",
			    MODEL_MAX_COPIES);
	if (cl->kind == BOAT_SEATS) {
		boat->seats = (unsigned)v;
		*seats = true;
	} else {
		boat->time = (unsigned)v;
	}
	return RIVER_OK;
}

/* The boats after the first: each its seats, time, load limit and
 * loads; and each boat's own rowers (compile_rowers). */
static int compile_more_boats(struct compiler *c)
{
	struct model *m = c->model;
	size_t b, i;
	int rc;

	m->n_boats = c->n_boat_lines ? c->n_boat_lines : 1;
	m->boats[0].name = c->boat && c->boat->u.boat.name
			   ? c->boat->u.boat.name : "boat";
	m->boats[0].seats = m->seats;
	m->boats[0].time = m->boat_time;
	m->boats[0].load_limit = m->load_limit;
	m->boats[0].loads = m->loads;
	m->boats[0].n_loads = m->n_loads;
	m->boats[0].loc = m->boat_loc;
	for (b = 1; b < m->n_boats; b++) {
		const struct ast_stmt *st = c->boat_lines[b];
		const struct ast_boat_clause *cl;
		struct boat *boat = &m->boats[b];
		bool seats = false;

		boat->name = st->u.boat.name;
		boat->loc = st->loc;
		for (cl = st->u.boat.clauses; cl; cl = cl->next) {
			rc = more_boat_clause(c, st, cl, boat, &seats);
			if (rc != RIVER_OK)
				return rc;
		}
		if (!seats && !boat->load_limit && !boat->loads)
			return FAIL(c, &st->loc, "the %s needs seats, a load "
				    "limit or a list of loads (as in: boat %s "
				    "seats 2)", boat->name, boat->name);
		/* Only the weight or the loads limit who boards. */
		for (i = 0; !seats && i < m->n_items; i++)
			boat->seats += m->items[i].copies;
	}
	if (m->n_boats > 1 && m->has_margin)
		return FAIL(c, &m->boat_loc, "with several boats, a margin (how "
			    "much a load's weight may change from the one "
			    "before) is for a puzzle of one boat");
	for (b = 0; b < m->n_boats && c->boat_rows[0]; b++) {
		struct item *items = arena_alloc(c->arena, (m->n_items + 1) *
							   sizeof *items);

		if (!items)
			return out_of_memory(c);
		memcpy(items, m->items, m->n_items * sizeof *items);
		for (i = 0; i < m->n_items; i++)
			items[i].rows = c->boat_rows[b][i];
		m->boats[b].items = items;
	}
	for (b = 0; b < m->n_boats; b++)
		for (i = 0; i < m->n_places; i++)
			m->boats[b].routes[i] = (uint8_t)(((1u << m->n_places) - 1)
							  & ~(1u << i));
	return RIVER_OK;
}

/* One pair of "the boat may go between": both ways, each leg taking
 * its time when it gives one ("island and right bank in time 3"). */
static int route_pair(struct compiler *c, const struct ast_route *n,
		      uint8_t *routes,
		      unsigned (*times)[MODEL_MAX_PLACES])
{
	unsigned long long v = 0;
	unsigned p, q;
	int rc;

	rc = place_named(c, n->a, &n->a_loc, &p);
	if (rc == RIVER_OK)
		rc = place_named(c, n->b, &n->b_loc, &q);
	if (rc != RIVER_OK)
		return rc;
	if (p == q)
		return FAIL(c, &n->b_loc, "a boat goes between two places, "
			    "not from '%s' to itself", n->a);
	if ((routes[p] >> q) & 1)
		return FAIL(c, &n->a_loc, "the route between '%s' and '%s' "
			    "is given twice", n->a, n->b);
	if (n->timed) {
		rc = value_of(c, &n->time, false, &v);
		if (rc != RIVER_OK)
			return rc;
		if (v < 1 || v > MODEL_MAX_COPIES)
			return FAIL(c, &n->time.loc, "a leg's time must be 1 "
				    "to %u", MODEL_MAX_COPIES);
	}
	routes[p] |= (uint8_t)(1u << q);
	routes[q] |= (uint8_t)(1u << p);
	times[p][q] = times[q][p] = (unsigned)v;
	return RIVER_OK;
}

/* "the boat may go between ...": the routes of every boat, or of the
 * one it names. */
static int compile_routes(struct compiler *c, const struct ast *ast)
{
	struct model *m = c->model;
	const struct ast_stmt *st, *said[MODEL_MAX_BOATS] = {NULL};
	size_t b;

	for (st = ast->first; st; st = st->next) {
		uint8_t routes[MODEL_MAX_PLACES] = {0};
		unsigned times[MODEL_MAX_PLACES][MODEL_MAX_PLACES] = {{0}};
		const struct ast_route *n;
		size_t from = 0, to = m->n_boats;
		unsigned p;
		int rc;

		if (st->kind != ST_ROUTES)
			continue;
		if (st->u.routes.boat) {
			const struct name_entry *e =
				names_find(&c->names, st->u.routes.boat);

			if (!e || e->kind != NAME_BOAT)
				return FAIL(c, &st->u.routes.boat_loc,
					    "'%s' is not a boat",
					    st->u.routes.boat);
			from = e->index;
			to = from + 1;
		}
		for (b = from; b < to; b++) {
			if (said[b])
				return FAIL(c, &st->loc, "where the %s may go is "
					    "already said (line %d)",
					    m->boats[b].name, said[b]->loc.line);
			said[b] = st;
		}
		for (p = 0; p < m->n_places; p++)
			routes[p] = (uint8_t)(((1u << m->n_places) - 1) &
					      ~(1u << p));
		if (!st->u.routes.any) {
			memset(routes, 0, sizeof routes);
			for (n = st->u.routes.pairs; n; n = n->next) {
				rc = route_pair(c, n, routes, times);
				if (rc != RIVER_OK)
					return rc;
			}
		}
		for (b = from; b < to; b++) {
			memcpy(m->boats[b].routes, routes, sizeof routes);
			memcpy(m->boats[b].leg_time, times, sizeof times);
		}
	}
	/* Two banks and one boat: its one route's time is the boat's (the
	 * two-bank system reads that alone). */
	if (!model_has_places(m) && m->boats[0].leg_time[0][1]) {
		unsigned t = m->boats[0].leg_time[0][1];

		if (t > m->boat_time)
			m->boat_time = m->boats[0].time = t;
		memset(m->boats[0].leg_time, 0, sizeof m->boats[0].leg_time);
	}
	return RIVER_OK;
}

int compile_places(struct compiler *c, const struct ast *ast)
{
	int rc = compile_place_names(c);

	if (rc == RIVER_OK)
		rc = compile_more_boats(c);
	if (rc == RIVER_OK)
		rc = compile_routes(c, ast);
	return rc;
}
