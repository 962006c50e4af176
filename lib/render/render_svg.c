/* A plan as a picture: an SVG storyboard, one panel a step, stacked.
 * Each panel shows both banks with who is on them, the river, and the
 * boat: at its bank at the start and at the end, mid-river with its
 * load on a crossing, under it the crossing's sentence, and on a timed
 * puzzle the time so far.  A plan checked and found illegal ends with
 * the crossing at fault, in red, and why.
 *
 * The picture is self-contained SVG 1.1: generic font families only, no
 * scripts, no links.  Text widths are guessed from terminal columns
 * (utf8_width), so a layout is the same on every machine; text wider
 * than its room is wrapped at blanks, and a word still too wide is
 * squeezed into it (textLength).
 *
 * A plan of more than RIVER_SVG_MAX_CROSSINGS crossings is drawn as its
 * first half of that many and its last half, with a panel between that
 * says which crossings are left out, so that the picture stays within a
 * few MiB however long the plan (a panel takes from some 650 bytes to
 * a few KiB). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "check/check.h"
#include "render/render.h"
#include "util/utf8.h"

#define COLUMN 8     /* px a terminal column takes, at the font size */
#define LINE 20      /* px between lines of text */
#define MARGIN 10    /* px around the picture and between panels */
#define PAD 8        /* px inside a panel and a bank */
#define BOAT_HEIGHT 28
#define MIN_BANK 140
#define MAX_BANK 340
#define MIN_RIVER 160
#define MAX_RIVER 320

/* text as XML character data: markup characters as references, and what
 * XML 1.0 cannot hold (control characters, U+FFFE and U+FFFF) as U+FFFD. */
void svg_put_xml(struct buf *b, const char *text)
{
	const unsigned char *s = (const unsigned char *)text;

	for (; *s; s++) {
		if (*s == '&')
			buf_puts(b, "&amp;");
		else if (*s == '<')
			buf_puts(b, "&lt;");
		else if (*s == '>')
			buf_puts(b, "&gt;");
		else if (*s == '"')
			buf_puts(b, "&quot;");
		else if (*s < 0x20)
			buf_puts(b, "\xEF\xBF\xBD");
		else if (s[0] == 0xEF && s[1] == 0xBF &&
			 (s[2] == 0xBE || s[2] == 0xBF)) {
			buf_puts(b, "\xEF\xBF\xBD");
			s += 2;
		} else
			buf_putc(b, (char)*s);
	}
}

void svg_begin(struct buf *b, unsigned width, unsigned height,
	       const char *title)
{
	buf_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		      "version=\"1.1\" width=\"%u\" height=\"%u\" "
		      "viewBox=\"0 0 %u %u\">\n<title>", width, height, width,
		   height);
	svg_put_xml(b, title);
	buf_puts(b, "</title>\n");
}

int svg_finish(char **out, struct buf *head, struct buf *body)
{
	if (body->data)
		buf_puts(head, body->data);
	else
		head->failed = true;
	buf_release(body);
	buf_puts(head, "</svg>\n");
	*out = buf_take(head);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}

static unsigned text_width(const char *s)
{
	return (unsigned)utf8_width(s) * COLUMN;
}

/* One line of text at (x, y), squeezed to room px when wider. */
void svg_put_text(struct buf *b, unsigned x, unsigned y, unsigned room,
		  const char *cls, const char *anchor, const char *text)
{
	buf_printf(b, "<text x=\"%u\" y=\"%u\" class=\"%s\"", x, y, cls);
	if (anchor)
		buf_printf(b, " text-anchor=\"%s\"", anchor);
	if (text_width(text) > room)
		buf_printf(b, " textLength=\"%u\" lengthAdjust=\"spacingAndGlyphs\"",
			   room);
	buf_putc(b, '>');
	svg_put_xml(b, text);
	buf_puts(b, "</text>\n");
}

/* The whole layout, the same for every panel. */
struct board {
	const struct model *m;
	struct buf *b;  /* the panels */
	unsigned bank;  /* px: a bank's width */
	unsigned river; /* px: the river's width */
	unsigned width; /* px: the picture's */
	unsigned y;     /* px: the top of the next panel */
};

/* text wrapped at blanks into lines of room px, from baseline y; b NULL
 * only counts the lines. */
static unsigned put_wrapped(struct buf *b, unsigned x, unsigned y,
			    unsigned room, const char *cls, const char *text)
{
	struct buf line;
	unsigned lines = 0;
	const char *p = text;

	buf_init(&line);
	while (*p) {
		const char *end = strchr(p, ' ');
		size_t n = end ? (size_t)(end - p) : strlen(p), at = line.len;

		if (at > 0)
			buf_putc(&line, ' ');
		buf_putn(&line, p, n);
		if (at > 0 && !line.failed && text_width(line.data) > room) {
			line.data[at] = '\0';
			if (b)
				svg_put_text(b, x, y + lines * LINE, room, cls, NULL,
					     line.data);
			lines++;
			line.len = 0;
			buf_putn(&line, p, n);
		}
		p += n;
		while (*p == ' ')
			p++;
	}
	if (line.len > 0 || lines == 0) {
		if (b && line.data)
			svg_put_text(b, x, y + lines * LINE, room, cls, NULL,
				     line.data);
		lines++;
	}
	if (line.failed && b)
		b->failed = true;
	buf_release(&line);
	return lines;
}

/* The items of count (per item, how many), as the table shows them, in
 * rows of room px from baseline y; b NULL only counts the rows. */
static unsigned put_items(struct buf *b, const struct model *m,
			  const unsigned *count, unsigned x, unsigned y,
			  unsigned room)
{
	struct buf row, token;
	unsigned rows = 0;
	size_t i;

	buf_init(&row);
	buf_init(&token);
	for (i = 0; i < m->n_items; i++) {
		size_t at = row.len;

		if (count[i] == 0)
			continue;
		token.len = 0;
		plan_put_token(&token, m, i, count[i]);
		if (at > 0)
			buf_puts(&row, "  ");
		buf_puts(&row, token.data ? token.data : "");
		if (at > 0 && !row.failed && text_width(row.data) > room) {
			row.data[at] = '\0';
			if (b)
				svg_put_text(b, x, y + rows * LINE, room, "item",
					     NULL, row.data);
			rows++;
			row.len = 0;
			buf_puts(&row, token.data ? token.data : "");
		}
	}
	if (row.len > 0) {
		if (b && row.data)
			svg_put_text(b, x, y + rows * LINE, room, "item", NULL,
				     row.data);
		rows++;
	}
	if ((row.failed || token.failed) && b)
		b->failed = true;
	buf_release(&row);
	buf_release(&token);
	return rows;
}

/* How wide the items of count show on one row; out of memory, out is
 * marked failed. */
static unsigned items_width(const struct model *m, const unsigned *count,
			    struct buf *out)
{
	struct buf row;
	unsigned w;
	size_t i;

	buf_init(&row);
	for (i = 0; i < m->n_items; i++) {
		if (count[i] == 0)
			continue;
		if (row.len > 0)
			buf_puts(&row, "  ");
		plan_put_token(&row, m, i, count[i]);
	}
	w = row.data ? text_width(row.data) : 0;
	if (row.failed)
		out->failed = true;
	buf_release(&row);
	return w;
}

static unsigned clamp(unsigned v, unsigned lo, unsigned hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* What a panel shows. */
struct panel {
	const unsigned *left, *right; /* per item, on each bank */
	int boat;       /* -1 at the left bank, +1 at the right, 0 crossing */
	const unsigned *load; /* crossing: who is in the boat */
	bool across;    /* crossing: to the right */
	const char *caption;
	const char *note;     /* NULL, or why the step is illegal (red) */
	bool timed;
	unsigned long long clock; /* timed: the time so far */
};

static void put_boat(struct board *d, const struct panel *p, unsigned x0,
		     unsigned mid)
{
	unsigned lw = p->load ? items_width(d->m, p->load, d->b) : 0;
	unsigned w = clamp(lw + 2 * PAD, 48, d->river - 2 * PAD);
	unsigned x = p->boat < 0 ? x0 + d->bank + 4
		   : p->boat > 0 ? x0 + d->bank + d->river - w - 4
				 : x0 + d->bank + (d->river - w) / 2;
	unsigned top = mid - BOAT_HEIGHT / 2, ay = top + BOAT_HEIGHT + 7;

	buf_printf(d->b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" "
			 "rx=\"8\" class=\"boat\"/>\n", x, top, w, BOAT_HEIGHT);
	if (p->boat != 0)
		return;
	if (p->load && lw > 0) {
		struct buf row;
		size_t i;

		buf_init(&row);
		for (i = 0; i < d->m->n_items; i++) {
			if (p->load[i] == 0)
				continue;
			if (row.len > 0)
				buf_puts(&row, "  ");
			plan_put_token(&row, d->m, i, p->load[i]);
		}
		if (row.data)
			svg_put_text(d->b, x + w / 2, top + 19, w - PAD, "item",
				     "middle", row.data);
		else
			d->b->failed = true;
		buf_release(&row);
	}
	/* The way it goes: an arrow under the boat. */
	buf_printf(d->b, "<path d=\"M%u %uH%u\" class=\"way\"/>\n", x, ay,
		   x + w);
	if (p->across)
		buf_printf(d->b, "<path d=\"M%u %ul-8 -5v10z\" class=\"head\"/>\n",
			   x + w, ay);
	else
		buf_printf(d->b, "<path d=\"M%u %ul8 -5v10z\" class=\"head\"/>\n",
			   x, ay);
}

/* A panel's frame: its height measured from the scene's and the
 * caption's and note's lines (*lines gets the caption's), and the frame
 * opened; panel_close writes the words under the scene and closes it. */
static unsigned panel_open(struct board *d, unsigned scene,
			   const char *caption, const char *note,
			   unsigned *lines)
{
	unsigned inner = d->width - 2 * MARGIN, text = inner - 2 * PAD;
	unsigned notes = 0, height;

	*lines = put_wrapped(NULL, 0, 0, text, "caption", caption);
	if (note)
		notes = put_wrapped(NULL, 0, 0, text, "note", note);
	height = PAD + scene + 6 + (*lines + notes) * LINE + PAD / 2;
	buf_printf(d->b, "<g>\n<rect x=\"%u\" y=\"%u\" width=\"%u\" "
			 "height=\"%u\" class=\"%s\"/>\n", MARGIN, d->y, inner,
		   height, note ? "panel fault" : "panel");
	return height;
}

static void panel_close(struct board *d, unsigned scene, unsigned height,
			unsigned lines, const char *caption, const char *note)
{
	unsigned text = d->width - 2 * MARGIN - 2 * PAD;
	unsigned y = d->y + PAD + scene + 6 + 15;

	put_wrapped(d->b, MARGIN + PAD, y, text, "caption", caption);
	if (note)
		put_wrapped(d->b, MARGIN + PAD, y + lines * LINE, text, "note",
			    note);
	buf_puts(d->b, "</g>\n");
	d->y += height + MARGIN;
}

static void put_panel(struct board *d, const struct panel *p)
{
	unsigned x0 = MARGIN + PAD;
	unsigned room = d->bank - 2 * PAD, top = d->y + PAD;
	unsigned rows = put_items(NULL, d->m, p->left, 0, 0, room);
	unsigned r2 = put_items(NULL, d->m, p->right, 0, 0, room);
	unsigned scene, lines, height;

	if (r2 > rows)
		rows = r2;
	scene = rows * LINE + 2 * PAD;
	if (scene < BOAT_HEIGHT + 32)
		scene = BOAT_HEIGHT + 32;
	height = panel_open(d, scene, p->caption, p->note, &lines);
	buf_printf(d->b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" "
			 "class=\"bank\"/>\n", x0, top, d->bank, scene);
	buf_printf(d->b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" "
			 "class=\"river\"/>\n", x0 + d->bank, top, d->river,
		   scene);
	buf_printf(d->b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" "
			 "class=\"bank\"/>\n", x0 + d->bank + d->river, top,
		   d->bank, scene);
	put_items(d->b, d->m, p->left, x0 + PAD, top + PAD + 15, room);
	put_items(d->b, d->m, p->right, x0 + d->bank + d->river + PAD,
		  top + PAD + 15, room);
	if (p->timed) {
		char clock[40];

		snprintf(clock, sizeof clock, "time %llu", p->clock);
		svg_put_text(d->b, x0 + d->bank + d->river / 2, top + 15,
			     d->river - 2 * PAD, "clock", "middle", clock);
	}
	put_boat(d, p, x0, top + scene / 2 + 4);
	panel_close(d, scene, height, lines, p->caption, p->note);
}

/* In place of crossings first to last, which are not drawn: a panel
 * that says so. */
static void put_gap(struct board *d, size_t first, size_t last)
{
	unsigned inner = d->width - 2 * MARGIN, text = inner - 4 * PAD;
	unsigned lines, height;
	struct buf say;

	buf_init(&say);
	buf_printf(&say, "Crossings %zu to %zu (%zu of them) are not drawn: a "
		   "storyboard draws at most %u crossings, the first and the "
		   "last.", first, last, last - first + 1,
		   (unsigned)RIVER_SVG_MAX_CROSSINGS);
	if (!say.data) {
		d->b->failed = true;
		return;
	}
	lines = put_wrapped(NULL, 0, 0, text, "caption", say.data);
	height = 2 * PAD + lines * LINE;
	buf_printf(d->b, "<g>\n<rect x=\"%u\" y=\"%u\" width=\"%u\" "
			 "height=\"%u\" class=\"panel\"/>\n", MARGIN, d->y,
		   inner, height);
	put_wrapped(d->b, MARGIN + 2 * PAD, d->y + PAD + 15, text, "caption",
		    say.data);
	buf_puts(d->b, "</g>\n");
	d->y += height + MARGIN;
	buf_release(&say);
}

/* The banks while crossing k goes (the state after it, less the load
 * on the bank it reaches), or at state k. */
static void banks(const river_plan *plan, size_t k, const unsigned *load,
		  bool across, unsigned *left, unsigned *right)
{
	size_t i;

	for (i = 0; i < plan->puzzle->model.n_items; i++) {
		left[i] = plan_on_left(plan, k, i);
		right[i] = plan_on_right(plan, k, i);
		if (load && across)
			right[i] -= load[i] < right[i] ? load[i] : right[i];
		else if (load)
			left[i] -= load[i] < left[i] ? load[i] : left[i];
	}
}

/* The picture's widths: banks for everyone on one row, a river for the
 * widest load, each within bounds. */
static void measure(struct board *d, const river_plan *plan,
		    const struct plan_check_end *check)
{
	const struct model *m = d->m;
	unsigned all[MODEL_MAX_ITEMS + 1], load[MODEL_MAX_ITEMS + 1], w = 0;
	size_t i, k;

	for (i = 0; i < m->n_items; i++)
		all[i] = m->items[i].copies;
	d->bank = clamp(items_width(m, all, d->b) + 2 * PAD, MIN_BANK, MAX_BANK);
	for (k = 1; k < plan->n_states; k++) {
		unsigned lw;

		plan_load(plan, k, load);
		lw = items_width(m, load, d->b);
		if (lw > w)
			w = lw;
	}
	if (check && check->load && items_width(m, check->load, d->b) > w)
		w = items_width(m, check->load, d->b);
	d->river = clamp(w + 6 * PAD, MIN_RIVER, MAX_RIVER);
	d->width = 2 * MARGIN + 2 * PAD + 2 * d->bank + d->river;
}

/* The line under the title: the verdict on the plan. */
static void put_verdict(struct buf *b, const river_plan *plan,
			const struct plan_check_end *check,
			unsigned long long time)
{
	size_t crossings = plan->n_states - 1;

	if (!check) {
		plan_put_verdict(b, plan);
	} else if (check->legal) {
		buf_printf(b, "Legal: the goal is reached after %zu crossing%s",
			   crossings, crossings == 1 ? "" : "s");
		if (model_timed(&plan->puzzle->model))
			buf_printf(b, " taking %llu time unit%s", time,
				   time == 1 ? "" : "s");
		buf_putc(b, '.');
	} else if (check->load) {
		buf_printf(b, "Illegal: step %zu: %s.", crossings + 1,
			   check->reason);
	} else {
		buf_printf(b, "Illegal: %s.", check->reason);
	}
}

/* The title, the description and the verdict (written to line), above
 * the panels, text px wide; returns the y below them. */
static unsigned put_heading(struct board *d, const river_plan *plan,
			    const struct plan_check_end *check,
			    struct buf *line, unsigned text)
{
	const struct model *m = d->m;
	unsigned y = MARGIN + 18;

	y += put_wrapped(d->b, MARGIN, y, text, "title", m->title) * LINE;
	if (m->description[0])
		y += put_wrapped(d->b, MARGIN, y, text, "caption",
				 m->description) * LINE;
	put_verdict(line, plan, check, plan_span_time(plan, 0,
						      plan->n_states - 1));
	if (line->data)
		y += put_wrapped(d->b, MARGIN, y, text,
				 check && !check->legal ? "note" : "caption",
				 line->data) * LINE;
	return y;
}

/* The picture's style sheet and white ground, after svg_begin; with
 * the places' names' style when it has places. */
static void put_style(struct buf *head, bool places)
{
	if (places)
		buf_puts(head, "<style type=\"text/css\"><![CDATA[\n"
			 ".place { font-family: sans-serif; font-size: 14px; "
			 "font-weight: bold; fill: #33691e; }\n]]></style>\n");
	buf_puts(head, "<style type=\"text/css\"><![CDATA[\n"
		 "text { font-family: sans-serif; font-size: 14px; "
		 "fill: #212121; }\n"
		 ".title { font-size: 18px; font-weight: bold; }\n"
		 ".clock { font-size: 12px; fill: #0d47a1; }\n"
		 ".note { fill: #b71c1c; font-weight: bold; }\n"
		 ".panel { fill: #fafafa; stroke: #bdbdbd; }\n"
		 ".fault { fill: #ffebee; stroke: #d32f2f; stroke-width: 3; }\n"
		 ".bank { fill: #c5e1a5; }\n"
		 ".river { fill: #90caf9; }\n"
		 ".boat { fill: #d7b48a; stroke: #6d4c41; stroke-width: 2; }\n"
		 ".way { stroke: #0d47a1; stroke-width: 2; }\n"
		 ".head { fill: #0d47a1; }\n"
		 "]]></style>\n"
		 "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
}

/* The most numbers a panel of places counts: every item at one place. */
#define MAX_COLUMNS_ITEMS (MODEL_MAX_ITEMS + 1)

/* ---- A plan of places --------------------------------------------------- */

/* What a panel of a plan of places shows: the items at each place (the
 * load off its place while it crosses), the boats docked, and the boat
 * on its leg. */
struct place_panel {
	const unsigned *at;    /* per item and place: copies there */
	const unsigned *boats; /* per boat: its place */
	size_t moving;         /* the boat on its leg, or SIZE_MAX */
	unsigned from, to;
	const unsigned *load;
	const char *caption, *note;
	bool timed;
	unsigned long long clock;
};

/* x of place q's column. */
static unsigned place_x(const struct board *d, unsigned q)
{
	return MARGIN + PAD + q * (d->bank + d->river);
}

static void put_place_boats(struct board *d, const struct place_panel *p,
			    unsigned q, unsigned y)
{
	const struct model *m = d->m;
	unsigned x = place_x(d, q) + PAD;
	size_t b;

	for (b = 0; b < m->n_boats; b++) {
		unsigned w;

		if (b == p->moving || p->boats[b] != q)
			continue;
		w = m->n_boats > 1 ? text_width(m->boats[b].name) + 2 * PAD : 48;
		if (x + w > place_x(d, q) + d->bank)
			break;
		buf_printf(d->b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" "
				 "height=\"%u\" rx=\"8\" class=\"boat\"/>\n",
			   x, y, w, BOAT_HEIGHT);
		if (m->n_boats > 1)
			svg_put_text(d->b, x + w / 2, y + 19, w - PAD, "item",
				     "middle", m->boats[b].name);
		x += w + PAD;
	}
}

/* The boat on its leg, in the river beside the place it leaves, on the
 * side it goes, with an arrow that way. */
static void put_leg(struct board *d, const struct place_panel *p,
		    unsigned mid)
{
	const struct model *m = d->m;
	bool ahead = p->to > p->from;
	unsigned strip = ahead ? p->from : p->from - 1;
	unsigned x0 = place_x(d, strip) + d->bank;
	unsigned lw = items_width(m, p->load, d->b), w, x, top, ay;
	struct buf row;
	size_t i;

	w = clamp(lw + 2 * PAD, 48, d->river - 2 * PAD);
	x = x0 + (d->river - w) / 2;
	top = mid - BOAT_HEIGHT / 2;
	ay = top + BOAT_HEIGHT + 7;
	buf_printf(d->b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" "
			 "rx=\"8\" class=\"boat\"/>\n", x, top, w, BOAT_HEIGHT);
	buf_init(&row);
	for (i = 0; i < m->n_items; i++) {
		if (p->load[i] == 0)
			continue;
		if (row.len > 0)
			buf_puts(&row, "  ");
		plan_put_token(&row, m, i, p->load[i]);
	}
	if (row.data)
		svg_put_text(d->b, x + w / 2, top + 19, w - PAD, "item",
			     "middle", row.data);
	buf_release(&row);
	buf_printf(d->b, "<path d=\"M%u %uH%u\" class=\"way\"/>\n", x, ay,
		   x + w);
	if (ahead)
		buf_printf(d->b, "<path d=\"M%u %ul-8 -5v10z\" class=\"head\"/>\n",
			   x + w, ay);
	else
		buf_printf(d->b, "<path d=\"M%u %ul8 -5v10z\" class=\"head\"/>\n",
			   x, ay);
	/* A leg past a place says where it goes. */
	if ((ahead ? p->to - p->from : p->from - p->to) > 1 ||
	    m->n_boats > 1) {
		char to[160];

		snprintf(to, sizeof to, "%s%sto the %s",
			 m->n_boats > 1 ? m->boats[p->moving].name : "",
			 m->n_boats > 1 ? " " : "", m->place_names[p->to]);
		svg_put_text(d->b, x0 + d->river / 2, top - 6, d->river - PAD,
			     "clock", "middle", to);
	}
}

static void put_place_panel(struct board *d, const struct place_panel *p)
{
	const struct model *m = d->m;
	unsigned room = d->bank - 2 * PAD, top = d->y + PAD, rows = 0, q;
	unsigned count[MAX_COLUMNS_ITEMS], scene, lines, height;
	size_t i;

	for (q = 0; q < m->n_places; q++) {
		unsigned r;

		for (i = 0; i < m->n_items; i++)
			count[i] = p->at[i * m->n_places + q];
		r = put_items(NULL, m, count, 0, 0, room);
		if (r > rows)
			rows = r;
	}
	scene = rows * LINE + 2 * PAD + BOAT_HEIGHT + PAD;
	if (scene < BOAT_HEIGHT + 48)
		scene = BOAT_HEIGHT + 48;
	height = panel_open(d, scene, p->caption, p->note, &lines);
	for (q = 0; q < m->n_places; q++) {
		unsigned x = place_x(d, q);

		buf_printf(d->b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" "
				 "height=\"%u\" class=\"bank\"/>\n", x, top,
			   d->bank, scene);
		if (q + 1 < m->n_places)
			buf_printf(d->b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" "
					 "height=\"%u\" class=\"river\"/>\n",
				   x + d->bank, top, d->river, scene);
		for (i = 0; i < m->n_items; i++)
			count[i] = p->at[i * m->n_places + q];
		put_items(d->b, m, count, x + PAD, top + PAD + 15, room);
		put_place_boats(d, p, q, top + scene - BOAT_HEIGHT - PAD);
	}
	if (p->timed) {
		char clock[40];

		snprintf(clock, sizeof clock, "time %llu", p->clock);
		svg_put_text(d->b, place_x(d, 0) + d->bank + d->river / 2,
			     top + 15, d->river - 2 * PAD, "clock", "middle",
			     clock);
	}
	if (p->moving != SIZE_MAX)
		put_leg(d, p, top + scene / 2);
	panel_close(d, scene, height, lines, p->caption, p->note);
}

/* The places and boats of state k into at and boats; load (not NULL)
 * taken off place to, where it is not yet. */
static void places_state(const river_plan *plan, size_t k,
			 const unsigned *load, unsigned to, unsigned *at,
			 unsigned *boats)
{
	const struct model *m = &plan->puzzle->model;
	size_t i, q;

	for (i = 0; i < m->n_items; i++)
		for (q = 0; q < m->n_places; q++)
			at[i * m->n_places + q] =
				river_plan_item_at(plan, k, i, q);
	for (q = 0; q < m->n_boats; q++)
		boats[q] = (unsigned)river_plan_boat_at(plan, k, q);
	for (i = 0; load && i < m->n_items; i++) {
		unsigned *c = &at[i * m->n_places + to];

		*c -= load[i] < *c ? load[i] : *c;
	}
}

/* What both storyboards share: the page (its head and body), the line a
 * caption is written on, the verdict's words, the board, the clock, and
 * which crossings are drawn: 1 to drawn and tail to n, a gap between. */
struct storyboard {
	struct buf head, body, line, why;
	struct board d;
	size_t n, drawn, tail;
	unsigned long long clock;
};

static void storyboard_begin(struct storyboard *sb, const river_plan *plan,
			     const struct plan_check_end *check)
{
	memset(sb, 0, sizeof *sb);
	buf_init(&sb->head);
	buf_init(&sb->body);
	buf_init(&sb->line);
	buf_init(&sb->why);
	if (check && !check->legal)
		buf_printf(&sb->why, "Illegal: %s.", check->reason);
	sb->d.m = &plan->puzzle->model;
	sb->d.b = &sb->body;
	sb->n = plan->n_states - 1;
	sb->drawn = sb->n;
	sb->tail = sb->n + 1;
	if (sb->n > RIVER_SVG_MAX_CROSSINGS) {
		sb->drawn = RIVER_SVG_MAX_CROSSINGS / 2;
		sb->tail = sb->n - (RIVER_SVG_MAX_CROSSINGS - sb->drawn) + 1;
	}
}

/* Crossing *k, in the middle left out of a long plan: the gap drawn in
 * its place, the clock moved past it and *k to its last crossing (true).
 * Else the clock moved past crossing *k and its caption begun (false). */
static bool storyboard_next(struct storyboard *sb, const river_plan *plan,
			    size_t *k)
{
	if (*k > sb->drawn && *k < sb->tail) {
		sb->clock += plan_span_time(plan, *k - 1, sb->tail - 1);
		put_gap(&sb->d, *k, sb->tail - 1);
		*k = sb->tail - 1;
		return true;
	}
	sb->clock += plan_span_time(plan, *k - 1, *k);
	sb->line.len = 0;
	buf_printf(&sb->line, "%zu. ", *k);
	return false;
}

static const char *storyboard_caption(const struct storyboard *sb)
{
	return sb->line.data ? sb->line.data : "";
}

static int storyboard_finish(struct storyboard *sb, char **out, bool places)
{
	svg_begin(&sb->head, sb->d.width, sb->d.y, sb->d.m->title);
	put_style(&sb->head, places);
	if (sb->line.failed || sb->why.failed)
		sb->body.failed = true;
	buf_release(&sb->line);
	buf_release(&sb->why);
	return svg_finish(out, &sb->head, &sb->body);
}

/* The storyboard of a plan of places: a column a place, rivers between,
 * the boats docked at their places and on their legs. */
static int render_places_svg(char **out, const river_plan *plan,
			     const struct plan_check_end *check)
{
	const struct model *m = &plan->puzzle->model;
	unsigned *at = calloc(m->n_items * m->n_places + 1, sizeof *at);
	unsigned load[MODEL_MAX_ITEMS + 1], boats[MODEL_MAX_BOATS];
	struct storyboard sb;
	struct board *d = &sb.d;
	struct place_panel p;
	size_t k;
	unsigned text, y;

	if (!at)
		return RIVER_ENOMEM;
	storyboard_begin(&sb, plan, check);
	measure(d, plan, NULL);
	d->width = 2 * MARGIN + 2 * PAD + (unsigned)m->n_places * d->bank +
		   (unsigned)(m->n_places - 1) * d->river;
	text = d->width - 2 * MARGIN;
	y = put_heading(d, plan, check, &sb.line, text);
	/* The places' names over their columns. */
	for (k = 0; k < m->n_places; k++)
		svg_put_text(&sb.body, place_x(d, (unsigned)k) + d->bank / 2,
			     y + 4, d->bank - PAD, "place", "middle",
			     m->place_names[k]);
	y += LINE - 6;
	d->y = y;
	memset(&p, 0, sizeof p);
	p.at = at;
	p.boats = boats;
	p.timed = model_timed(m);
	p.moving = SIZE_MAX;
	places_state(plan, 0, NULL, 0, at, boats);
	p.caption = "Start.";
	put_place_panel(d, &p);
	for (k = 1; k <= sb.n; k++) {
		size_t to;

		if (storyboard_next(&sb, plan, &k))
			continue;
		plan_load(plan, k, load);
		p.moving = plan_leg_boat(plan, k, &to);
		p.to = (unsigned)to;
		p.from = (unsigned)river_plan_boat_at(plan, k - 1, p.moving);
		places_state(plan, k, load, p.to, at, boats);
		p.clock = sb.clock;
		p.load = load;
		plan_put_leg_sentence(&sb.line, m, load, p.moving, to);
		p.caption = storyboard_caption(&sb);
		put_place_panel(d, &p);
	}
	if (sb.n > 0 || (check && !check->legal)) {
		places_state(plan, sb.n, NULL, 0, at, boats);
		p.moving = SIZE_MAX;
		p.caption = check && !check->legal ? "Where the plan stops."
						   : "The end.";
		p.note = check && !check->legal && sb.why.data ? sb.why.data
							       : NULL;
		put_place_panel(d, &p);
	}
	free(at);
	return storyboard_finish(&sb, out, true);
}

int plan_render_svg(char **out, const river_plan *plan,
		    const struct plan_check_end *check)
{
	const struct model *m = &plan->puzzle->model;
	unsigned left[MODEL_MAX_ITEMS + 1], right[MODEL_MAX_ITEMS + 1];
	unsigned load[MODEL_MAX_ITEMS + 1];
	struct storyboard sb;
	struct board *d = &sb.d;
	struct panel p;
	size_t k;

	if (plan_of_places(plan))
		return render_places_svg(out, plan, check);
	storyboard_begin(&sb, plan, check);
	measure(d, plan, check);
	/* The title, the description and the verdict, above the panels. */
	d->y = put_heading(d, plan, check, &sb.line, d->width - 2 * MARGIN);

	memset(&p, 0, sizeof p);
	p.left = left;
	p.right = right;
	p.timed = model_timed(m);
	banks(plan, 0, NULL, false, left, right);
	p.boat = river_plan_boat_bank(plan, 0) == RIVER_RIGHT ? 1 : -1;
	p.caption = "Start.";
	put_panel(d, &p);
	for (k = 1; k <= sb.n; k++) {
		if (storyboard_next(&sb, plan, &k))
			continue;
		plan_load(plan, k, load);
		p.across = river_plan_boat_bank(plan, k) == RIVER_RIGHT;
		banks(plan, k, load, p.across, left, right);
		p.clock = sb.clock;
		p.boat = 0;
		p.load = load;
		plan_put_sentence(&sb.line, m, load, p.across);
		p.caption = storyboard_caption(&sb);
		put_panel(d, &p);
	}
	if (check && check->load) {
		/* The crossing at fault, from the last state reached. */
		sb.line.len = 0;
		p.across = river_plan_boat_bank(plan, sb.n) == RIVER_LEFT;
		banks(plan, sb.n, NULL, false, left, right);
		for (k = 0; k < m->n_items; k++) {
			unsigned *from = p.across ? left : right;

			from[k] -= check->load[k] < from[k] ? check->load[k]
							    : from[k];
		}
		p.boat = 0;
		p.load = check->load;
		p.timed = false;
		buf_printf(&sb.line, "%zu. ", sb.n + 1);
		plan_put_sentence(&sb.line, m, check->load, p.across);
		p.caption = storyboard_caption(&sb);
		p.note = sb.why.data ? sb.why.data : "";
		put_panel(d, &p);
	} else if (sb.n > 0) {
		banks(plan, sb.n, NULL, false, left, right);
		p.boat = river_plan_boat_bank(plan, sb.n) == RIVER_RIGHT ? 1 : -1;
		p.load = NULL;
		p.caption = "The end.";
		p.note = check && !check->legal && sb.why.data ? sb.why.data
							       : NULL;
		put_panel(d, &p);
	}
	return storyboard_finish(&sb, out, false);
}
