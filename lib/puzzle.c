/* The public face of the pipeline: text -> syntax tree -> model ->
 * transition system, and what a caller may ask of the result. */
#include <config.h>

#include "puzzle.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "compile/compile.h"
#include "search/places.h"
#include "parse/parse.h"
#include "util/buf.h"
#include "util/grow.h"
#include "util/stop.h"

/* Larger texts are not puzzles; refusing them early keeps a mistaken
 * argument (a disk image, a log) from being read whole. */
#define PUZZLE_MAX_FILE_BYTES (16u << 20)

/* The version configure.ac gives the package, which the header's
 * RIVER_VERSION_* macros must match (tests/unit/header_alone.c). */
const char *river_version(void)
{
	return PACKAGE_VERSION;
}

void river_free(void *ptr)
{
	free(ptr);
}

void river_puzzle_free(river_puzzle *puzzle)
{
	if (!puzzle)
		return;
	arena_release(&puzzle->arena);
	free(puzzle);
}

/* The start and the goal must obey the rules, or no plan can begin or
 * end; and they must differ, or there is nothing to do.  Read on the
 * model, so that a puzzle too wide for a packed state is checked too. */
static int check_ends(const river_puzzle *p, const struct source *src,
		      river_diag *diag)
{
	const struct model *m = &p->model;
	const char *what[2] = {"start", "goal"};
	const struct placement *ends[2] = {&m->start, &m->goal};
	bool right;
	int e;

	for (e = 0; e < 2; e++) {
		long r = model_violation(m, ends[e]->right, &right);

		if (r >= 0)
			return diag_set(diag, RIVER_EPUZZLE, src,
					&m->rules[r].loc,
					"the %s %s this rule (%s) on the %s bank",
					what[e], e ? "breaks" : "already breaks",
					m->rules[r].text,
					right ? "right" : "left");
	}
	if (memcmp(m->start.right, m->goal.right,
		   m->n_items * sizeof *m->start.right) == 0 &&
	    (m->goal.boat < 0 || m->goal.boat == m->start.boat))
		return diag_set(diag, RIVER_EPUZZLE, src,
				m->goal_loc.line ? &m->goal_loc : &m->start_loc,
				"the goal is where the puzzle starts: there is "
				"nothing to do");
	return RIVER_OK;
}

/* b's text, kept in p's arena ("" when empty), and b emptied; NULL when
 * memory ran out. */
static const char *keep_text(river_puzzle *p, struct buf *b)
{
	const char *text = b->failed ? NULL
			   : arena_strdup(&p->arena, b->data ? b->data : "");

	buf_release(b);
	buf_init(b);
	return text;
}

/* The boat, the rowing limits and the objective, in words. */
static int describe(river_puzzle *p)
{
	const struct model *m = &p->model;
	struct buf b;
	const char *sep = "";
	size_t i;
	unsigned k;

	buf_init(&b);
	if (m->seats_given) {
		buf_printf(&b, "%u seat%s", m->seats, m->seats == 1 ? "" : "s");
		sep = ", ";
	}
	if (m->load_limit) {
		buf_printf(&b, "%sa load of at most %llu", sep, m->load_limit);
		sep = ", ";
	}
	if (m->has_margin) {
		buf_printf(&b, "%sa margin of %llu between loads", sep, m->margin);
		sep = ", ";
	}
	if (m->boat_time) {
		buf_printf(&b, "%scrossings of at least %u", sep, m->boat_time);
		sep = ", ";
	}
	if (m->loads)
		buf_printf(&b, "%s%zu allowed load%s", sep, m->n_loads,
			   m->n_loads == 1 ? "" : "s");
	p->boat_text = keep_text(p, &b);
	for (i = 0, sep = ""; i < m->n_items; i++) {
		const struct item *it = &m->items[i];

		if (it->rows_alone) {
			buf_printf(&b, "%s%s rows only alone", sep, it->name);
			sep = "; ";
		}
		if (!it->row_every)
			continue;
		buf_printf(&b, "%s%s rows only on crossing%s", sep, it->name,
			   it->row_on & (it->row_on - 1) ? "s" : "");
		for (k = 0, sep = " "; k < it->row_every; k++)
			if ((it->row_on >> k) & 1) {
				buf_printf(&b, "%s%u", sep, k + 1);
				sep = ", ";
			}
		buf_printf(&b, " of every %u", it->row_every);
		sep = "; ";
	}
	p->rowing_text = keep_text(p, &b);
	buf_puts(&b, m->minimize_time ? "the least time" : "the fewest crossings");
	if (m->has_time_limit)
		buf_printf(&b, " within a time limit of %llu", m->time_limit);
	p->objective_text = keep_text(p, &b);
	return p->boat_text && p->rowing_text && p->objective_text
	       ? RIVER_OK : RIVER_ENOMEM;
}

static unsigned individuals(const struct model *m)
{
	unsigned n = 0;
	size_t i;

	for (i = 0; i < m->n_items; i++)
		n += !m->items[i].is_kind;
	return n;
}

/* The start and the goal of a puzzle of two banks said by place, as a
 * puzzle of places says them (the left bank place 0, the right 1). */
static int places_of_banks(river_puzzle *p)
{
	struct model *m = &p->model;
	struct placement *ends[2] = {&m->start, &m->goal};
	size_t e, i;

	for (e = 0; e < 2; e++) {
		struct placement *pl = ends[e];

		pl->at = arena_alloc(&p->arena,
				     (m->n_items * 2 + 1) * sizeof *pl->at);
		if (!pl->at)
			return RIVER_ENOMEM;
		for (i = 0; i < m->n_items; i++) {
			pl->at[2 * i] = m->items[i].copies - pl->right[i];
			pl->at[2 * i + 1] = pl->right[i];
		}
		pl->boats[0] = pl->boat;
	}
	return RIVER_OK;
}

/* The start and the goal of a puzzle of places obey the rules at every
 * place, and differ. */
static int check_places_ends(const river_puzzle *p, const struct source *src,
			     river_diag *diag)
{
	const struct model *m = &p->model;
	const char *what[2] = {"start", "goal"};
	const struct placement *ends[2] = {&m->start, &m->goal};
	size_t w = places_row_width(m), b;
	unsigned *row = calloc(2 * w, sizeof *row), place;
	bool same;
	long r = -1;
	int e;

	if (!row)
		return diag_set(diag, RIVER_ENOMEM, src, NULL, "out of memory");
	for (e = 0; e < 2 && r < 0; e++) {
		places_row_of(m, ends[e], row + e * w);
		r = places_violation(m, row + e * w, &place);
	}
	same = memcmp(row, row + w, m->n_items * m->n_places * sizeof *row) == 0;
	for (b = 0; same && b < m->n_boats; b++)
		same = m->goal.boats[b] < 0 ||
		       m->goal.boats[b] == m->start.boats[b];
	free(row);
	if (r >= 0)
		return diag_set(diag, RIVER_EPUZZLE, src, &m->rules[r].loc,
				"the %s %s this rule (%s) at the %s",
				what[e - 1], e == 2 ? "breaks" : "already breaks",
				m->rules[r].text, m->place_names[place]);
	if (same)
		return diag_set(diag, RIVER_EPUZZLE, src,
				m->goal_loc.line ? &m->goal_loc : &m->start_loc,
				"the goal is where the puzzle starts: there is "
				"nothing to do");
	return RIVER_OK;
}

/* A puzzle of places: its couples for the place search, and its ends
 * checked. */
static int build_places(river_puzzle *p, const struct source *src,
			river_diag *diag)
{
	int rc = p->tuples ? RIVER_OK
			   : tuples_build(&p->tuples, &p->arena, &p->model,
					  NULL);

	if (rc != RIVER_OK)
		return diag_set(diag, rc, src, NULL, "out of memory");
	p->places = true;
	p->sys.model = &p->model;
	places_space(&p->model, &p->sys.bits, &p->sys.space);
	return check_places_ends(p, src, diag);
}

/* A puzzle of more individuals than a packed state holds: searched as
 * a puzzle of two places (build_places), whose state keeps the orbits
 * of its couples, when it has couples; else system_build says it is too
 * big, at the item that overflows. */
static int build_wide(river_puzzle *p, const struct source *src,
		      river_diag *diag)
{
	int rc = tuples_build(&p->tuples, &p->arena, &p->model, NULL);

	if (rc != RIVER_OK)
		return diag_set(diag, rc, src, NULL, "out of memory");
	if (!p->tuples)
		return system_build(&p->sys, &p->arena, &p->model, src, diag);
	if (places_of_banks(p) != RIVER_OK)
		return diag_set(diag, RIVER_ENOMEM, src, NULL, "out of memory");
	p->wide = true;
	return build_places(p, src, diag);
}

int puzzle_need_system(const river_puzzle *p, const char *what,
		       river_diag *diag)
{
	if (p->wide)
		return diag_set(diag, RIVER_ETOOBIG, NULL, NULL,
				"the puzzle is too big %s: it has more "
				"individuals than the %d bits of a packed "
				"state hold, and is searched by the orbits of "
				"its couples, as a puzzle of two places",
				what, SYSTEM_MAX_BITS);
	if (p->places)
		return diag_set(diag, RIVER_EUNSUPPORTED, NULL, NULL,
				"a puzzle of more than two places or more "
				"than one boat is not taken %s (the default "
				"search and the queue take it, as every other "
				"command does)", what);
	return RIVER_OK;
}

int puzzle_build(river_puzzle *p, const struct source *src,
		 river_diag *diag)
{
	int rc;

	if (model_has_places(&p->model))
		return build_places(p, src, diag);
	if (individuals(&p->model) + 1 > SYSTEM_MAX_BITS)
		return build_wide(p, src, diag);
	rc = system_build(&p->sys, &p->arena, &p->model, src, diag);

	if (rc == RIVER_OK)
		rc = check_ends(p, src, diag);
	if (rc == RIVER_OK)
		rc = symmetry_build(&p->sym, &p->arena, &p->sys, src, diag);
	/* Tuples are searched on the puzzle's own system: with a reduced
	 * one too, its canonical states would need to know both. */
	if (rc == RIVER_OK && !p->sym &&
	    tuples_build(&p->tuples, &p->arena, &p->model, &p->sys) != RIVER_OK)
		rc = diag_set(diag, RIVER_ENOMEM, src, NULL, "out of memory");
	return rc;
}

int puzzle_vary(river_puzzle **out, const river_puzzle *p,
		const struct model_change *change, river_diag *diag)
{
	river_puzzle *v = calloc(1, sizeof *v);
	int rc;

	*out = NULL;
	if (!v)
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	arena_init(&v->arena);
	v->src = p->src;
	v->boat_text = p->boat_text;
	v->rowing_text = p->rowing_text;
	v->objective_text = p->objective_text;
	rc = model_vary(&v->model, &p->model, &v->arena, change);
	if (rc != RIVER_OK)
		rc = diag_set(diag, rc, NULL, NULL, "out of memory");
	if (rc == RIVER_OK)
		rc = puzzle_build(v, &p->src, diag);
	if (rc != RIVER_OK) {
		river_puzzle_free(v);
		return rc;
	}
	*out = v;
	return RIVER_OK;
}

static int load_source(river_puzzle **out, const struct source *src,
		       const river_param *params, size_t n_params,
		       const struct stop *stop, river_diag *diag)
{
	struct ast ast;
	river_puzzle *p;
	int rc;

	p = calloc(1, sizeof *p);
	if (!p)
		return diag_set(diag, RIVER_ENOMEM, src, NULL, "out of memory");
	/* The tree shares the puzzle's arena: the model keeps its strings,
	 * and the rest of it is small. */
	arena_init(&p->arena);
	rc = parse_source(&ast, &p->arena, src, diag);
	if (rc == RIVER_OK)
		rc = compile_model(&p->model, &p->arena, &ast, src, params,
				   n_params, stop, diag);
	if (rc == RIVER_OK)
		rc = puzzle_build(p, src, diag);
	if (rc == RIVER_OK) {
		p->src.name = arena_strdup(&p->arena, src->name);
		p->src.text = arena_strndup(&p->arena, src->text, src->len);
		p->src.len = src->len;
		if (!p->src.name || !p->src.text || describe(p) != RIVER_OK)
			rc = diag_set(diag, RIVER_ENOMEM, src, NULL,
				      "out of memory");
	}
	if (rc != RIVER_OK) {
		river_puzzle_free(p);
		return rc;
	}
	*out = p;
	return RIVER_OK;
}

int river_puzzle_load_string(river_puzzle **out, const char *text,
			     size_t len, const char *name, river_diag *diag)
{
	return river_puzzle_load_string_with(out, text, len, name, NULL, 0,
					     diag);
}

/* The load's stop, from opts (NULL: none); RIVER_EINVAL for a bad
 * time limit or parameters. */
static int load_stop(struct stop *stop, const river_load_options *opts,
		     const struct source *src, river_diag *diag)
{
	if (opts && !opts->params && opts->n_params > 0)
		return diag_set(diag, RIVER_EINVAL, src, NULL,
				"invalid argument");
	return stop_init(stop, opts ? opts->cancel : NULL,
			 opts ? opts->timeout : 0, diag);
}

int river_puzzle_load_string_with(river_puzzle **out, const char *text,
				  size_t len, const char *name,
				  const river_param *params, size_t n_params,
				  river_diag *diag)
{
	river_load_options opts;

	river_load_options_init(&opts, RIVER_LOAD_OPTIONS_VERSION);
	opts.params = params;
	opts.n_params = n_params;
	return river_puzzle_load_string_opts(out, text, len, name, &opts, diag);
}

int river_puzzle_load_string_opts(river_puzzle **out, const char *text,
				  size_t len, const char *name,
				  const river_load_options *opts,
				  river_diag *diag)
{
	static const char bom[] = "\xEF\xBB\xBF";
	struct source src = {name ? name : "<string>", text, len};
	river_load_options o;
	struct stop stop;
	int rc;

	if (out)
		*out = NULL;
	if (!out || (!text && len > 0))
		return diag_set(diag, RIVER_EINVAL, &src, NULL,
				"invalid argument");
	rc = abi_load_options(&o, opts, diag);
	if (rc != RIVER_OK)
		return rc;
	opts = &o;
	rc = load_stop(&stop, opts, &src, diag);
	if (rc != RIVER_OK)
		return rc;
	if (!text)
		src.text = "";
	if (len > PUZZLE_MAX_FILE_BYTES)
		return diag_set(diag, RIVER_EIO, &src, NULL,
				"too large for a puzzle (over %u MiB)",
				PUZZLE_MAX_FILE_BYTES >> 20);
	/* Some editors open UTF-8 files with a byte-order mark: skip it. */
	if (len >= 3 && memcmp(text, bom, 3) == 0) {
		src.text += 3;
		src.len -= 3;
	}
	return load_source(out, &src, opts ? opts->params : NULL,
			   opts ? opts->n_params : 0, &stop, diag);
}

/* Read all of f, refusing more than a puzzle could be. */
static int read_all(FILE *f, const struct source *src, char **text,
		    size_t *len, river_diag *diag)
{
	size_t cap = 0, n = 0, got;
	char *buf = NULL;

	do {
		if (array_grow(&buf, &cap, n + 4096, 1) != RIVER_OK) {
			free(buf);
			return diag_set(diag, RIVER_ENOMEM, src, NULL,
					"out of memory");
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got != 0 && n <= PUZZLE_MAX_FILE_BYTES);
	if (ferror(f)) {
		int err = errno;

		free(buf);
		return diag_set(diag, RIVER_EIO, src, NULL, "cannot read: %s",
				strerror(err));
	}
	if (n > PUZZLE_MAX_FILE_BYTES) {
		free(buf);
		return diag_set(diag, RIVER_EIO, src, NULL,
				"too large for a puzzle (over %u MiB)",
				PUZZLE_MAX_FILE_BYTES >> 20);
	}
	*text = buf;
	*len = n;
	return RIVER_OK;
}

static int load_stream(river_puzzle **out, FILE *stream, const char *name,
		       const river_load_options *opts, river_diag *diag)
{
	struct source src = {name ? name : "<stream>", "", 0};
	char *text = NULL;
	size_t len = 0;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !stream)
		return diag_set(diag, RIVER_EINVAL, &src, NULL,
				"invalid argument");
	rc = read_all(stream, &src, &text, &len, diag);
	if (rc != RIVER_OK)
		return rc;
	rc = river_puzzle_load_string_opts(out, text, len, src.name, opts,
					   diag);
	free(text);
	return rc;
}

int river_puzzle_load_stream(river_puzzle **out, FILE *stream,
			     const char *name, river_diag *diag)
{
	return load_stream(out, stream, name, NULL, diag);
}

int river_puzzle_load_file(river_puzzle **out, const char *path,
			   river_diag *diag)
{
	return river_puzzle_load_file_with(out, path, NULL, 0, diag);
}

int river_puzzle_load_file_with(river_puzzle **out, const char *path,
				const river_param *params, size_t n_params,
				river_diag *diag)
{
	river_load_options opts;

	river_load_options_init(&opts, RIVER_LOAD_OPTIONS_VERSION);
	opts.params = params;
	opts.n_params = n_params;
	return river_puzzle_load_file_opts(out, path, &opts, diag);
}

int river_puzzle_load_file_opts(river_puzzle **out, const char *path,
				const river_load_options *opts,
				river_diag *diag)
{
	struct source src = {path, "", 0};
	river_load_options o;
	FILE *f;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !path)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	rc = abi_load_options(&o, opts, diag);
	if (rc != RIVER_OK)
		return rc;
	f = fopen(path, "rb");
	if (!f)
		return diag_set(diag, RIVER_EIO, &src, NULL, "cannot open: %s",
				strerror(errno));
	rc = load_stream(out, f, path, &o, diag);
	fclose(f);
	return rc;
}

const char *river_puzzle_title(const river_puzzle *p)
{
	return p ? p->model.title : "";
}

const char *river_puzzle_description(const river_puzzle *p)
{
	return p ? p->model.description : "";
}

size_t river_puzzle_item_count(const river_puzzle *p)
{
	return p ? p->model.n_items : 0;
}

static const struct item *item_at(const river_puzzle *p, size_t item)
{
	return p && item < p->model.n_items ? &p->model.items[item] : NULL;
}

const char *river_puzzle_item_name(const river_puzzle *p, size_t item)
{
	const struct item *it = item_at(p, item);

	return it ? it->name : NULL;
}

const char *river_puzzle_item_label(const river_puzzle *p, size_t item)
{
	const struct item *it = item_at(p, item);

	return it ? it->label : NULL;
}

unsigned river_puzzle_item_copies(const river_puzzle *p, size_t item)
{
	const struct item *it = item_at(p, item);

	return it ? it->copies : 0;
}

int river_puzzle_item_is_kind(const river_puzzle *p, size_t item)
{
	const struct item *it = item_at(p, item);

	return it ? it->is_kind : 0;
}

int river_puzzle_item_rows(const river_puzzle *p, size_t item)
{
	const struct item *it = item_at(p, item);

	return it ? it->rows : 0;
}

unsigned river_puzzle_item_start(const river_puzzle *p, size_t item)
{
	return item_at(p, item) ? p->model.start.right[item] : 0;
}

unsigned river_puzzle_item_goal(const river_puzzle *p, size_t item)
{
	return item_at(p, item) ? p->model.goal.right[item] : 0;
}

int river_puzzle_boat_start(const river_puzzle *p)
{
	return p ? p->model.start.boat == 1 : 0;
}

int river_puzzle_boat_goal(const river_puzzle *p)
{
	return p ? p->model.goal.boat : -1;
}

unsigned river_puzzle_seats(const river_puzzle *p)
{
	return p ? p->model.seats : 0;
}

const char *river_puzzle_boat_text(const river_puzzle *p)
{
	return p ? p->boat_text : NULL;
}

const char *river_puzzle_rowing_text(const river_puzzle *p)
{
	return p ? p->rowing_text : NULL;
}

const char *river_puzzle_objective_text(const river_puzzle *p)
{
	return p ? p->objective_text : NULL;
}

size_t river_puzzle_rule_count(const river_puzzle *p)
{
	return p ? p->model.n_rules : 0;
}

const char *river_puzzle_rule_text(const river_puzzle *p, size_t rule)
{
	return p && rule < p->model.n_rules ? p->model.rules[rule].text : NULL;
}

unsigned river_puzzle_state_bits(const river_puzzle *p)
{
	return p ? p->sys.bits : 0;
}

double river_puzzle_state_space(const river_puzzle *p)
{
	return p ? p->sys.space : 0.0;
}

size_t river_puzzle_place_count(const river_puzzle *puzzle)
{
	return puzzle ? puzzle->model.n_places : 0;
}

const char *river_puzzle_place_name(const river_puzzle *puzzle, size_t place)
{
	return puzzle && place < puzzle->model.n_places
	       ? puzzle->model.place_names[place] : NULL;
}

size_t river_puzzle_boat_count(const river_puzzle *puzzle)
{
	return puzzle ? puzzle->model.n_boats : 0;
}

const char *river_puzzle_boat_name(const river_puzzle *puzzle, size_t boat)
{
	return puzzle && boat < puzzle->model.n_boats
	       ? puzzle->model.boats[boat].name : NULL;
}

int puzzle_failed(const river_puzzle *p, int rc, river_diag *diag)
{
	if (rc != RIVER_OK && diag && !diag->file[0] && p && p->src.name)
		snprintf(diag->file, sizeof diag->file, "%s", p->src.name);
	return rc;
}

/* How many copies of an item a placement (the start or the goal) puts at
 * a place: its table where it has one, else the two banks'. */
static unsigned placement_item_at(const struct model *m,
				  const struct placement *pl, size_t item,
				  size_t place)
{
	if (pl->at)
		return pl->at[item * m->n_places + place];
	return place ? pl->right[item]
		     : m->items[item].copies - pl->right[item];
}

unsigned river_puzzle_item_start_at(const river_puzzle *puzzle, size_t item,
				    size_t place)
{
	const struct model *m = puzzle ? &puzzle->model : NULL;

	if (!m || item >= m->n_items || place >= m->n_places)
		return 0;
	return placement_item_at(m, &m->start, item, place);
}

unsigned river_puzzle_item_goal_at(const river_puzzle *puzzle, size_t item,
				   size_t place)
{
	const struct model *m = puzzle ? &puzzle->model : NULL;

	if (!m || item >= m->n_items || place >= m->n_places)
		return 0;
	return placement_item_at(m, &m->goal, item, place);
}

int river_puzzle_boat_start_at(const river_puzzle *puzzle, size_t boat)
{
	if (!puzzle || boat >= puzzle->model.n_boats)
		return -1;
	return puzzle->model.start.boats[boat];
}

int river_puzzle_boat_goal_at(const river_puzzle *puzzle, size_t boat)
{
	if (!puzzle || boat >= puzzle->model.n_boats)
		return -1;
	return puzzle->model.goal.boats[boat];
}

unsigned river_puzzle_boat_seats(const river_puzzle *puzzle, size_t boat)
{
	if (!puzzle || boat >= puzzle->model.n_boats)
		return 0;
	return puzzle->model.boats[boat].seats;
}

int river_puzzle_boat_goes(const river_puzzle *puzzle, size_t boat,
			   size_t from, size_t to)
{
	const struct model *m = puzzle ? &puzzle->model : NULL;

	if (!m || boat >= m->n_boats || from >= m->n_places ||
	    to >= m->n_places)
		return 0;
	return (m->boats[boat].routes[from] >> to) & 1;
}

unsigned river_puzzle_boat_leg_time(const river_puzzle *puzzle,
				    size_t boat, size_t from, size_t to)
{
	struct model leg;

	if (!river_puzzle_boat_goes(puzzle, boat, from, to))
		return 0;
	model_of_leg(&puzzle->model, boat, (unsigned)from, (unsigned)to,
		     &leg);
	return leg.boat_time;
}

int river_puzzle_boat_rower(const river_puzzle *puzzle, size_t boat,
			    size_t item)
{
	const struct model *m = puzzle ? &puzzle->model : NULL;

	if (!m || boat >= m->n_boats || item >= m->n_items)
		return 0;
	return (m->boats[boat].items ? m->boats[boat].items
				     : m->items)[item].rows;
}

int river_puzzle_timed(const river_puzzle *puzzle)
{
	return puzzle && model_timed(&puzzle->model);
}

int river_puzzle_minimizes_time(const river_puzzle *puzzle)
{
	return puzzle && puzzle->model.minimize_time;
}
