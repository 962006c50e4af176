/* Checking a plan from outside: read who crosses at each step from the
 * text river solve prints, its JSON, or one crossing a line, then replay
 * the crossings from the start and say where the first one goes wrong. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "compile/names.h"
#include "plan/plan.h"
#include "check/check.h"
#include "render/render.h"
#include "search/places.h"
#include "util/buf.h"
#include "util/json.h"
#include "util/utf8.h"

/* The largest plan read, as for puzzles. */
#define VERIFY_MAX_BYTES (16u << 20)

/* One crossing as the plan states it. */
struct crossing {
	unsigned *count; /* per item: how many board */
	int dir;         /* +1 to the right, -1 to the left, 0 unsaid */
	int to;          /* a puzzle of places: the place, or -1 unsaid */
	int by;          /* and the boat, or -1 unsaid */
	struct loc loc;
};

struct reader {
	const river_puzzle *puzzle;
	const struct source *src;
	river_diag *diag;
	struct arena arena;
	struct names names;  /* names and singulars of the items */
	struct names labels; /* their labels (not read in JSON) */
	const char **shown;  /* per item: the label a table shows, or NULL */
	struct crossing *steps;
	size_t n, cap;
	size_t at;          /* the last offset reader_loc was asked for */
	struct loc at_loc;  /* and its place (line 0: none yet) */
};

/* The place of offset, carried on from the last one asked for when
 * offset is past it: the plan is read front to back, and starting from
 * its top each time made reading a long plan take quadratic time. */
static struct loc reader_loc(struct reader *r, size_t offset)
{
	const struct source *src = r->src;
	size_t i;

	if (r->at_loc.line == 0 || offset < r->at) {
		r->at = 0;
		r->at_loc.line = r->at_loc.column = 1;
	}
	for (i = r->at; i < offset && i < src->len; i++) {
		if (src->text[i] == '\n') {
			r->at_loc.line++;
			r->at_loc.column = 1;
		} else if (((unsigned char)src->text[i] & 0xC0) != 0x80) {
			r->at_loc.column++; /* a character's first byte */
		}
	}
	r->at = i;
	return r->at_loc;
}

static int fail(struct reader *r, size_t offset, const char *fmt,
		const char *word)
{
	struct loc loc = reader_loc(r, offset);

	return diag_set(r->diag, RIVER_ESYNTAX, r->src, &loc, fmt, word);
}

/* Names and singulars go in names, labels in labels: a word is read as
 * a name first, so a label that is another item's name never hides it. */
static int add_names(struct reader *r)
{
	const struct model *m = &r->puzzle->model;
	struct loc none = {0, 0};
	size_t i;
	int oom = 0;

	r->names.arena = &r->arena;
	r->labels.arena = &r->arena;
	r->shown = arena_alloc(&r->arena, (m->n_items + 1) * sizeof *r->shown);
	oom = !r->shown;
	for (i = 0; i < m->n_items && !oom; i++) {
		r->shown[i] = model_shown_label(m, i);
		names_add(&r->names, m->items[i].name, NAME_ITEM, i, none, &oom);
		names_add(&r->names, m->items[i].singular, NAME_ITEM, i, none,
			  &oom);
		if (m->items[i].label[0])
			names_add(&r->labels, m->items[i].label, NAME_ITEM, i, none,
				  &oom);
	}
	return oom ? diag_set(r->diag, RIVER_ENOMEM, NULL, NULL, "out of memory")
		   : RIVER_OK;
}

/* Another item than e's with e's label, or SIZE_MAX. */
static size_t label_twin(const struct reader *r, const struct name_entry *e)
{
	const struct model *m = &r->puzzle->model;
	size_t i;

	for (i = 0; i < m->n_items; i++)
		if (i != e->index && strcmp(m->items[i].label, e->name) == 0)
			return i;
	return SIZE_MAX;
}

static struct crossing *new_step(struct reader *r, size_t offset)
{
	struct crossing *c;

	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 16;
		struct crossing *steps = arena_alloc(&r->arena, cap * sizeof *steps);

		if (!steps)
			return NULL;
		if (r->n)
			memcpy(steps, r->steps, r->n * sizeof *steps);
		r->steps = steps;
		r->cap = cap;
	}
	c = &r->steps[r->n];
	c->count = arena_alloc(&r->arena, (r->puzzle->model.n_items + 1) *
						 sizeof *c->count);
	if (!c->count)
		return NULL;
	c->dir = 0;
	c->to = c->by = -1;
	c->loc = reader_loc(r, offset);
	r->n++;
	return c;
}

/* Board n copies of the item called word (len bytes at offset): its
 * name or singular, else (when labels) its label, which must be that
 * item's alone. */
static int board(struct reader *r, struct crossing *c, const char *word,
		 size_t len, size_t offset, unsigned n, bool labels)
{
	const struct model *m = &r->puzzle->model;
	char *name = arena_strndup(&r->arena, word, len);
	const struct name_entry *e;
	struct loc loc = reader_loc(r, offset);
	const char *near;

	if (!name)
		return diag_set(r->diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	e = names_find(&r->names, name);
	if (!e && labels) {
		e = names_find(&r->labels, name);
		if (e && label_twin(r, e) != SIZE_MAX)
			return diag_set(r->diag, RIVER_ESYNTAX, r->src, &loc,
					"'%s' is the label of both the %s and "
					"the %s: write the name", name,
					m->items[e->index].name,
					m->items[label_twin(r, e)].name);
	}
	if (e) {
		c->count[e->index] += n;
		return RIVER_OK;
	}
	near = names_suggest(&r->names, name);
	if (!near && labels)
		near = names_suggest(&r->labels, name);
	if (near)
		return diag_set(r->diag, RIVER_ESYNTAX, r->src, &loc,
				"unknown item '%s' (did you mean '%s'?)", name,
				near);
	return fail(r, offset, "unknown item '%s'", name);
}

/* The place named by len bytes at word, or -1. */
static int place_index(const struct model *m, const char *word, size_t len)
{
	size_t p;

	for (p = 0; p < m->n_places; p++)
		if (strlen(m->place_names[p]) == len &&
		    memcmp(m->place_names[p], word, len) == 0)
			return (int)p;
	return -1;
}

/* The boat named by len bytes at word, or -1. */
static int boat_index(const struct model *m, const char *word, size_t len)
{
	size_t b;

	for (b = 0; b < m->n_boats; b++)
		if (strlen(m->boats[b].name) == len &&
		    memcmp(m->boats[b].name, word, len) == 0)
			return (int)b;
	return -1;
}

/* After "-->" in a puzzle of places: the place the boat goes to, the
 * rest of the crossing's text (start..end), trimmed. */
static int read_place(struct reader *r, struct crossing *c, size_t start,
		      size_t end)
{
	const struct model *m = &r->puzzle->model;
	const char *text = r->src->text;

	while (start < end && strchr(" \t\r", text[start]))
		start++;
	while (end > start && strchr(" \t\r", text[end - 1]))
		end--;
	if (start == end)
		return fail(r, start, "%s", "say where the boat goes after "
			    "'-->' (a place's name)");
	c->to = place_index(m, text + start, end - start);
	if (c->to < 0) {
		char *name = arena_strndup(&r->arena, text + start,
					   end - start);

		return name ? fail(r, start, "there is no place '%s'", name)
			    : diag_set(r->diag, RIVER_ENOMEM, NULL, NULL,
				       "out of memory");
	}
	return RIVER_OK;
}

static bool all_digits(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return len > 0 && len < 8;
}

/* The number written in len digits at s (all_digits holds). */
static unsigned digits_value(const char *s, size_t len)
{
	unsigned n = 0;
	size_t i;

	for (i = 0; i < len; i++)
		n = n * 10 + (unsigned)(s[i] - '0');
	return n;
}

/* Where "×" stands in the word, or NULL. */
static const char *find_times(const char *word, size_t len)
{
	size_t i;

	for (i = 0; i + 1 < len; i++)
		if (word[i] == '\xC3' && word[i + 1] == '\x97')
			return word + i;
	return NULL;
}

/* The length of the longest label with a blank in it ("Brother 1")
 * that the text at p spells out as a whole word, or 0.  Only labels a
 * table shows count: another ("2 cannibals") could hide what is meant. */
static size_t label_at(const struct reader *r, size_t p, size_t end)
{
	const struct model *m = &r->puzzle->model;
	const char *text = r->src->text;
	size_t i, best = 0;

	for (i = 0; i < m->n_items; i++) {
		const char *label = r->shown[i] ? r->shown[i] : "";
		size_t len = strlen(label), q = p + len;

		if (len <= best || !strpbrk(label, " \t\r") || q > end ||
		    memcmp(text + p, label, len) != 0)
			continue;
		if (q == end || strchr(" \t\r", text[q]) ||
		    find_times(text + q, end - q) == text + q)
			best = len;
	}
	return best;
}

/* The passengers of one crossing, as words between start and end:
 * "farmer goat", "2 cannibals", "🧔×2", an arrow "-->" or "<--". */
static int read_load(struct reader *r, size_t start, size_t end)
{
	const char *text = r->src->text;
	struct crossing *c = new_step(r, start);
	unsigned pending = 0; /* a count waiting for its item */
	size_t p = start;
	int rc = RIVER_OK;

	const struct model *m = &r->puzzle->model;
	bool places = model_has_places(m), first = true;

	if (!c)
		return diag_set(r->diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	while (rc == RIVER_OK && p < end) {
		size_t w = p + label_at(r, p, end), len;
		const char *x;

		while (w < end && !strchr(" \t\r", text[w]))
			w++;
		len = w - p;
		x = find_times(text + p, len);
		if (len == 0) {
			w++;
		} else if (places && first && len > 1 &&
			   text[w - 1] == ':' &&
			   boat_index(m, text + p, len - 1) >= 0) {
			c->by = boat_index(m, text + p, len - 1);
		} else if (places && len == 3 && memcmp(text + p, "-->", 3) == 0) {
			rc = read_place(r, c, w, end);
			w = end;
		} else if (len == 3 && memcmp(text + p, "-->", 3) == 0) {
			c->dir = 1;
		} else if (len == 3 && memcmp(text + p, "<--", 3) == 0) {
			c->dir = -1;
		} else if (all_digits(text + p, len) && !pending) {
			pending = digits_value(text + p, len);
			if (pending == 0)
				rc = fail(r, p, "a count must be at least %s", "1");
		} else if (x && all_digits(x + 2, (size_t)(text + w - x - 2))) {
			rc = board(r, c, text + p, (size_t)(x - text - p), p,
				   digits_value(x + 2, (size_t)(text + w - x - 2)),
				   true);
		} else {
			rc = board(r, c, text + p, len, p, pending ? pending : 1,
				   true);
			pending = 0;
		}
		first = first && len == 0;
		p = w;
	}
	if (rc == RIVER_OK && pending)
		rc = fail(r, end, "a count with no item after it%s", "");
	return rc;
}

static size_t line_end(const struct source *src, size_t p)
{
	const char *nl = memchr(src->text + p, '\n', src->len - p);

	return nl ? (size_t)(nl - src->text) : src->len;
}

/* river solve's table: "  3 | left | boat | right"; the boat column.
 * A puzzle of places' table has a column a place, then the boat's:
 * "  3 | left bank | island | right bank | goat --> island". */
static bool table_row(const struct source *src, size_t start, size_t end,
		      size_t places, size_t *boat_start, size_t *boat_end)
{
	const char *t = src->text;
	size_t p = start, bars[MODEL_MAX_PLACES + 2], n = 0;
	size_t want = places ? places + 1 : 3;

	while (p < end && t[p] == ' ')
		p++;
	if (p == end || t[p] < '0' || t[p] > '9')
		return false;
	for (; p < end && n < want; p++)
		if (t[p] == '|')
			bars[n++] = p;
	if (n < want)
		return false;
	if (places) {
		*boat_start = bars[n - 1] + 1;
		*boat_end = end;
		return true;
	}
	*boat_start = bars[1] + 1;
	*boat_end = bars[2];
	return true;
}

static int read_text(struct reader *r)
{
	const struct source *src = r->src;
	size_t p, e, bs, be;
	size_t places = model_has_places(&r->puzzle->model)
			? r->puzzle->model.n_places : 0;
	bool table = false;
	int rc = RIVER_OK;

	for (p = 0; p < src->len; p = e + 1) {
		e = line_end(src, p);
		if (table_row(src, p, e, places, &bs, &be))
			table = true;
	}
	for (p = 0; rc == RIVER_OK && p < src->len; p = e + 1) {
		size_t q;

		e = line_end(src, p);
		if (table) {
			size_t k;

			if (!table_row(src, p, e, places, &bs, &be))
				continue;
			for (k = bs; k < be && src->text[k] == ' '; k++)
				;
			/* Row 0, the start, has an empty boat; a second row 0
			 * starts another plan (river solve --all): stop. */
			if (k < be)
				rc = read_load(r, bs, be);
			else if (r->n > 0)
				break;
			continue;
		}
		for (q = p; q < e && strchr(" \t\r", src->text[q]); q++)
			;
		if (q == e || src->text[q] == '#')
			continue;
		/* A leading step number, "3." or "3:", is allowed. */
		{
			size_t d = q;

			while (d < e && src->text[d] >= '0' && src->text[d] <= '9')
				d++;
			if (d > q && d < e && (src->text[d] == '.' || src->text[d] == ':'))
				q = d + 1;
		}
		rc = read_load(r, q, e);
	}
	return rc;
}

/* A step of a puzzle of places in JSON: "to", the place, and "by", the
 * boat (either may be left out where it is clear). */
static int json_place(struct reader *r, struct crossing *c,
		      const struct json *step)
{
	const struct model *m = &r->puzzle->model;
	const struct json *to = json_get(step, "to"), *by = json_get(step, "by");

	if (to && to->type != JSON_STRING)
		return fail(r, to->offset, "%s", "\"to\" must be a place's name");
	if (to && (c->to = place_index(m, to->string, strlen(to->string))) < 0)
		return fail(r, to->offset, "there is no place '%s'", to->string);
	if (by && by->type != JSON_STRING)
		return fail(r, by->offset, "%s", "\"by\" must be a boat's name");
	if (by && (c->by = boat_index(m, by->string, strlen(by->string))) < 0)
		return fail(r, by->offset, "there is no boat '%s'", by->string);
	return RIVER_OK;
}

/* river solve's JSON: the "boat" and "from" of each step of "plan". */
static int read_json(struct reader *r)
{
	const struct source *src = r->src;
	size_t at, i, j;
	const char *error;
	const struct json *v = json_parse(&r->arena, src->text, src->len, &at,
					  &error);
	const struct json *plan;

	if (!v && error == JSON_NO_MEMORY)
		return diag_set(r->diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	if (!v)
		return fail(r, at, "this is not a plan: %s", error);
	plan = json_get(v, "plan");
	if (!plan || plan->type != JSON_ARRAY)
		return fail(r, v->offset, "%s", "this JSON has no \"plan\" array");
	for (i = 0; i < plan->n; i++) {
		const struct json *step = plan->items[i];
		const struct json *boat = json_get(step, "boat");
		const struct json *from = json_get(step, "from");
		struct crossing *c;

		if (!boat || boat->type != JSON_ARRAY)
			return fail(r, step->offset, "%s",
				    "a step without a \"boat\" array");
		c = new_step(r, step->offset);
		if (!c)
			return diag_set(r->diag, RIVER_ENOMEM, NULL, NULL,
					"out of memory");
		if (model_has_places(&r->puzzle->model)) {
			int rc = json_place(r, c, step);

			if (rc != RIVER_OK)
				return rc;
		} else if (from && (from->type != JSON_STRING ||
			     (strcmp(from->string, "left") != 0 &&
			      strcmp(from->string, "right") != 0))) {
			return fail(r, from->offset, "%s",
				    "\"from\" must be \"left\" or \"right\"");
		} else if (from) {
			c->dir = strcmp(from->string, "left") == 0 ? 1 : -1;
		}
		for (j = 0; j < boat->n; j++) {
			const struct json *who = boat->items[j];
			int rc;

			if (who->type != JSON_STRING)
				return fail(r, who->offset, "%s",
					    "a passenger that is not a name");
			rc = board(r, c, who->string, strlen(who->string),
				   who->offset, 1, false);
			if (rc != RIVER_OK)
				return rc;
		}
	}
	return RIVER_OK;
}

/* Replay the crossings from the start; states (room for r->n + 1, or
 * NULL) gets the states reached, the start first. */
static void replay(const struct reader *r, river_verdict *v, state_t *states)
{
	const river_puzzle *p = r->puzzle;
	const struct system *sys = &p->sys;
	const struct model *m = &p->model;
	state_t s = sys->start;
	struct plan_track t;
	size_t k, i;

	plan_track_init(&t);
	if (states)
		states[0] = s;
	for (k = 0; k < r->n; k++) {
		const struct crossing *c = &r->steps[k];
		bool right = state_boat_right(sys, s);
		unsigned passengers = 0;
		state_t next;

		v->step = k + 1;
		if (c->dir != 0 && (c->dir > 0) == right) {
			snprintf(v->reason, sizeof v->reason,
				 "the boat is on the %s bank, so it crosses %s",
				 right ? "right" : "left",
				 right ? "to the left (<--)" : "to the right (-->)");
			return;
		}
		for (i = 0; i < m->n_items; i++) {
			if (!m->items[i].is_kind && c->count[i] > 1) {
				snprintf(v->reason, sizeof v->reason,
					 "the %s cannot be in the boat twice",
					 m->items[i].name);
				return;
			}
			if (c->count[i] > state_count(sys, s, i, right)) {
				if (!m->items[i].is_kind)
					snprintf(v->reason, sizeof v->reason,
						 "the %s is not on the %s bank",
						 m->items[i].name,
						 right ? "right" : "left");
				else
					snprintf(v->reason, sizeof v->reason,
						 "there %s not %u %s on the %s bank",
						 c->count[i] == 1 ? "is" : "are",
						 c->count[i],
						 c->count[i] == 1 ? m->items[i].singular
								  : m->items[i].name,
						 right ? "right" : "left");
				return;
			}
			passengers += c->count[i];
		}
		if (passengers == 0) {
			snprintf(v->reason, sizeof v->reason,
				 "the boat cannot cross empty");
			return;
		}
		next = system_successor(sys, s,
			state_cross(sys, s, system_load_delta(sys, c->count) |
					       sys->boat));
		if (!plan_check_step(sys, s, next, &t, v->reason,
				     sizeof v->reason))
			return;
		s = next;
		if (states)
			states[k + 1] = s;
		v->crossings = k + 1;
		v->time = t.time;
	}
	v->step = 0;
	if (!state_is_goal(sys, s)) {
		snprintf(v->reason, sizeof v->reason,
			 "after %zu crossing%s, the goal is not reached",
			 r->n, r->n == 1 ? "" : "s");
		return;
	}
	v->legal = 1;
}

/* Which boat crossing c of a puzzle of places takes, from row: the one
 * it names, the only one, or the only one where its passengers are that
 * goes where it says; SIZE_MAX with a reason when that is not clear. */
static size_t leg_boat(const struct model *m, const struct crossing *c,
		       const unsigned *row, char *reason, size_t size)
{
	size_t b, found = SIZE_MAX, i, n = 0;
	unsigned q;

	if (c->by >= 0)
		return (size_t)c->by;
	if (m->n_boats == 1)
		return 0;
	for (b = 0; b < m->n_boats; b++) {
		q = places_boat_at(m, row, b);
		if (c->to >= 0 && !((m->boats[b].routes[q] >> c->to) & 1))
			continue;
		for (i = 0; i < m->n_items; i++)
			if (c->count[i] > row[i * m->n_places + q])
				break;
		if (i == m->n_items) {
			found = b;
			n++;
		}
	}
	if (n == 1)
		return found;
	snprintf(reason, size, "%s boat is at the place of its passengers: "
		 "say which (as in: %s: ... --> %s)", n ? "more than one"
						       : "no",
		 m->boats[0].name, m->place_names[m->n_places - 1]);
	return SIZE_MAX;
}

/* Replay a puzzle of places' crossings from the start into rows (room
 * for r->n + 1 rows of places_row_width). */
static void replay_places(const struct reader *r, river_verdict *v,
			  unsigned *rows)
{
	const struct model *m = &r->puzzle->model;
	size_t w = places_row_width(m), np = m->n_places, k, i;
	struct plan_track t;

	plan_track_init(&t);
	places_row_of(m, &m->start, rows);
	for (k = 0; k < r->n; k++) {
		const struct crossing *c = &r->steps[k];
		const unsigned *row = rows + k * w;
		unsigned *next = rows + (k + 1) * w, from, to;
		size_t b;

		v->step = k + 1;
		b = leg_boat(m, c, row, v->reason, sizeof v->reason);
		if (b == SIZE_MAX)
			return;
		from = places_boat_at(m, row, b);
		/* Two banks said as places (a wide puzzle): the arrow
		 * says which way. */
		if (np == 2 && c->dir != 0 && (c->dir > 0) != (from == 0)) {
			snprintf(v->reason, sizeof v->reason,
				 "the boat is at the %s, so it crosses %s",
				 m->place_names[from], from
				 ? "to the left (<--)" : "to the right (-->)");
			return;
		}
		if (c->to >= 0)
			to = (unsigned)c->to;
		else if (np == 2)
			to = 1 - from;
		else {
			snprintf(v->reason, sizeof v->reason, "say where the "
				 "boat goes (as in: ... --> %s)",
				 m->place_names[np - 1]);
			return;
		}
		for (i = 0; i < m->n_items; i++) {
			if (!m->items[i].is_kind && c->count[i] > 1) {
				snprintf(v->reason, sizeof v->reason,
					 "the %s cannot be in the boat twice",
					 m->items[i].name);
				return;
			}
			if (c->count[i] > row[i * np + from]) {
				const char *boat = m->n_boats > 1
						   ? m->boats[b].name : "boat";

				if (!m->items[i].is_kind)
					snprintf(v->reason, sizeof v->reason,
						 "the %s is not at the %s, where "
						 "the %s is", m->items[i].name,
						 m->place_names[from], boat);
				else
					snprintf(v->reason, sizeof v->reason,
						 "there %s not %u %s at the %s, "
						 "where the %s is",
						 c->count[i] == 1 ? "is" : "are",
						 c->count[i], c->count[i] == 1
						 ? m->items[i].singular
						 : m->items[i].name,
						 m->place_names[from], boat);
				return;
			}
		}
		memcpy(next, row, w * sizeof *next);
		for (i = 0; i < m->n_items; i++) {
			next[i * np + from] -= c->count[i];
			next[i * np + to] += c->count[i];
		}
		next[m->n_items * np + b] = to;
		if (from == to) {
			snprintf(v->reason, sizeof v->reason, "the %s is at the "
				 "%s already", m->n_boats > 1 ? m->boats[b].name
							   : "boat",
				 m->place_names[to]);
			return;
		}
		if (!plan_check_places_step(m, row, next, &t, v->reason,
					    sizeof v->reason))
			return;
		v->crossings = k + 1;
		v->time = t.time;
	}
	v->step = 0;
	if (!places_row_is_goal(m, rows + r->n * w)) {
		snprintf(v->reason, sizeof v->reason,
			 "after %zu crossing%s, the goal is not reached",
			 r->n, r->n == 1 ? "" : "s");
		return;
	}
	v->legal = 1;
}

/* The plan checked as a storyboard (plan_render_svg): its states up to
 * the fault, and the crossing at fault. */
static int draw(const struct reader *r, const river_verdict *v,
		state_t *states, unsigned *at, char **svg)
{
	struct river_plan plan;
	struct plan_check_end end;

	memset(&plan, 0, sizeof plan);
	plan.puzzle = r->puzzle;
	plan.solved = v->legal;
	plan.states = states;
	plan.at = at;
	plan.n_states = v->crossings + 1;
	plan.engine = "bfs";
	end.legal = v->legal;
	end.load = !v->legal && v->step > 0 ? r->steps[v->step - 1].count : NULL;
	end.reason = v->reason;
	return plan_render_svg(svg, &plan, &end);
}

/* The crossings replayed (those before the one at fault, if any) as a
 * new plan in *out (river_replay's). */
static int keep(river_plan **out, const river_puzzle *puzzle,
		const river_verdict *v, const state_t *states,
		const unsigned *at)
{
	river_plan *plan = plan_new(puzzle, "replay");
	size_t n = v->crossings + 1;
	size_t size = puzzle->places
		      ? n * places_row_width(&puzzle->model) * sizeof *at
		      : n * sizeof *states;
	void *copy = plan ? malloc(size) : NULL;

	if (!copy) {
		free(plan);
		return RIVER_ENOMEM;
	}
	memcpy(copy, puzzle->places ? (const void *)at : (const void *)states,
	       size);
	if (puzzle->places)
		plan->at = copy;
	else
		plan->states = copy;
	plan->n_states = n;
	plan->solved = v->legal;
	plan->replayed = true;
	*out = plan;
	return RIVER_OK;
}

/* river_verify into the library's own verdict *out (cleared), and the
 * storyboard when svg is not NULL; when played is not NULL, a plan may
 * have no crossings (a player's partial plan) and *played gets the
 * crossings replayed. */
static int read_plan(river_verdict *out, const river_puzzle *puzzle,
		     const char *text, size_t len, const char *name,
		     river_diag *diag, char **svg, river_plan **played)
{
	struct source src = {name ? name : "<plan>", text, len};
	struct reader r;
	state_t *states = NULL;
	unsigned *at = NULL;
	size_t first;
	int rc;

	if (!text)
		src.text = "";
	memset(&r, 0, sizeof r);
	r.puzzle = puzzle;
	r.src = &src;
	r.diag = diag;
	arena_init(&r.arena);
	if (len > VERIFY_MAX_BYTES)
		return diag_set(diag, RIVER_EIO, &src, NULL,
				"too large for a plan (over %u MiB)",
				VERIFY_MAX_BYTES >> 20);
	{
		const char *nul = memchr(src.text, 0, len);
		size_t bad = utf8_invalid_at(src.text, len);

		if (nul && (size_t)(nul - src.text) < bad)
			bad = (size_t)(nul - src.text);
		if (bad < len) {
			arena_release(&r.arena);
			return fail(&r, bad, "%s", "a plan is UTF-8 text");
		}
	}
	rc = add_names(&r);
	for (first = 0; first < len && strchr(" \t\r\n", src.text[first]); first++)
		;
	if (rc == RIVER_OK)
		rc = first < len && src.text[first] == '{' ? read_json(&r)
							   : read_text(&r);
	if (rc == RIVER_OK && r.n == 0 && !played)
		rc = diag_set(diag, RIVER_ESYNTAX, &src, NULL,
			      "no crossings in this plan");
	if (rc == RIVER_OK && puzzle->places) {
		at = arena_alloc(&r.arena, (r.n + 1) *
				 places_row_width(&puzzle->model) * sizeof *at);
		if (!at)
			rc = RIVER_ENOMEM;
	} else if (rc == RIVER_OK && (svg || played)) {
		states = arena_alloc(&r.arena, (r.n + 1) * sizeof *states);
		if (!states)
			rc = RIVER_ENOMEM;
	}
	if (rc == RIVER_OK && puzzle->places)
		replay_places(&r, out, at);
	else if (rc == RIVER_OK)
		replay(&r, out, states);
	if (rc == RIVER_OK && played)
		rc = keep(played, puzzle, out, states, at);
	if (rc == RIVER_OK && svg)
		rc = draw(&r, out, states, at, svg);
	/* Memory that ran out, wherever it did, is said of the plan. */
	if (rc == RIVER_ENOMEM)
		diag_set(diag, rc, &src, NULL, "out of memory while reading "
			 "the plan");
	arena_release(&r.arena);
	return rc;
}

/* read_plan into the caller's verdict *out, of its version. */
static int check(river_verdict *out, const river_puzzle *puzzle,
		 const char *text, size_t len, const char *name,
		 river_diag *diag, char **svg, river_plan **played)
{
	river_verdict v;
	int rc;

	if (!out || !puzzle || (!text && len))
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	rc = abi_verdict_check(out, diag);
	if (rc != RIVER_OK)
		return rc;
	river_verdict_init(&v, RIVER_VERDICT_VERSION);
	rc = read_plan(&v, puzzle, text, len, name, diag, svg, played);
	abi_verdict_put(out, &v);
	return rc;
}

int river_verify(river_verdict *out, const river_puzzle *puzzle,
		 const char *text, size_t len, const char *name,
		 river_diag *diag)
{
	return puzzle_failed(puzzle, check(out, puzzle, text, len, name, diag,
					   NULL, NULL), diag);
}

int river_verify_svg(char **out, river_verdict *verdict,
		     const river_puzzle *puzzle, const char *text, size_t len,
		     const char *name, river_diag *diag)
{
	if (out)
		*out = NULL;
	if (!out)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	return puzzle_failed(puzzle, check(verdict, puzzle, text, len, name,
					   diag, out, NULL), diag);
}

int river_replay(river_plan **out, river_verdict *verdict,
		 const river_puzzle *puzzle, const char *text, size_t len,
		 const char *name, river_diag *diag)
{
	if (out)
		*out = NULL;
	if (!out)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	return puzzle_failed(puzzle, check(verdict, puzzle, text, len, name,
					   diag, NULL, out), diag);
}

/* "legal: the goal is reached after 7 crossings (the fewest possible)" */
static void verdict_text(struct buf *b, const river_verdict *v,
			 const river_puzzle *puzzle, const char *name,
			 unsigned long long optimum)
{
	bool by_time = river_puzzle_minimizes_time(puzzle);
	unsigned long long mine = by_time ? v->time : v->crossings;

	if (!v->legal && v->step > 0) {
		buf_printf(b, "%s: step %zu: %s\n", name, v->step, v->reason);
		return;
	}
	if (!v->legal) {
		buf_printf(b, "%s: %s\n", name, v->reason);
		return;
	}
	buf_printf(b, "%s: legal: the goal is reached after %zu crossing%s",
		   name, v->crossings, v->crossings == 1 ? "" : "s");
	if (model_timed(&puzzle->model))
		buf_printf(b, " taking %llu time unit%s", v->time,
			   v->time == 1 ? "" : "s");
	if (optimum == mine)
		buf_printf(b, " (the %s possible)", by_time ? "least" : "fewest");
	else if (optimum > 0)
		buf_printf(b, " (the %s is %llu)", by_time ? "least" : "fewest",
			   optimum);
	buf_puts(b, ".\n");
}

static void verdict_json(struct buf *b, const river_verdict *v,
			 const river_puzzle *puzzle, const char *name,
			 unsigned long long optimum)
{
	bool by_time = river_puzzle_minimizes_time(puzzle);
	unsigned long long mine = by_time ? v->time : v->crossings;

	buf_puts(b, "{\n  \"plan\": ");
	buf_quote(b, name, QUOTE_JSON);
	buf_printf(b, ",\n  \"legal\": %s", v->legal ? "true" : "false");
	buf_printf(b, ",\n  \"crossings\": %zu", v->crossings);
	if (model_timed(&puzzle->model))
		buf_printf(b, ",\n  \"time\": %llu", v->time);
	if (v->legal) {
		buf_puts(b, ",\n  \"step\": null,\n  \"reason\": null");
	} else {
		if (v->step > 0)
			buf_printf(b, ",\n  \"step\": %zu", v->step);
		else
			buf_puts(b, ",\n  \"step\": null");
		buf_puts(b, ",\n  \"reason\": ");
		buf_quote(b, v->reason, QUOTE_JSON);
	}
	buf_printf(b, ",\n  \"objective\": \"%s\"",
		   by_time ? "time" : "crossings");
	if (v->legal && optimum > 0)
		buf_printf(b, ",\n  \"optimum\": %llu,\n  \"optimal\": %s",
			   optimum, optimum == mine ? "true" : "false");
	else
		buf_puts(b, ",\n  \"optimum\": null,\n  \"optimal\": null");
	buf_puts(b, "\n}\n");
}

int river_verdict_render(char **out, const river_verdict *verdict,
			 const river_puzzle *puzzle, const char *name,
			 unsigned long long optimum, river_format format)
{
	river_verdict v;
	struct buf b;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !verdict || !puzzle ||
	    (format != RIVER_FORMAT_TEXT && format != RIVER_FORMAT_JSON))
		return RIVER_EINVAL;
	rc = abi_verdict(&v, verdict, NULL);
	if (rc != RIVER_OK)
		return rc;
	verdict = &v;
	if (!name)
		name = "<plan>";
	buf_init(&b);
	if (format == RIVER_FORMAT_JSON)
		verdict_json(&b, verdict, puzzle, name, optimum);
	else
		verdict_text(&b, verdict, puzzle, name, optimum);
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}
