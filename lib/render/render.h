/* The renderers of a plan, and the words and SVG pieces they share:
 * text (render_text.c), JSON (render_json.c), SVG storyboards
 * (render_svg.c) and the sentences and tokens of both (words.c). */
#ifndef RIVER_RENDER_H
#define RIVER_RENDER_H

#include "check/check.h"
#include "plan/plan.h"
#include "util/buf.h"

/* Words for people, shared by the text and SVG renderers (words.c). */
/* Item i as a table shows it: its label, else its name; n copies of a
 * kind as "🧔×3" or "3 missionaries". */
void plan_put_token(struct buf *b, const struct model *m, size_t i,
		    unsigned n);
/* The tokens of count[i] copies of each item i (those with any),
 * blank-separated: a bank or a load as a table shows it. */
void plan_put_tokens(struct buf *b, const struct model *m,
		     const unsigned *count);
/* count[i] copies of each item i as a JSON array of names, one entry a
 * copy. */
void plan_put_json_names(struct buf *b, const struct model *m,
			 const unsigned *count);
/* The passengers of load in words: "the farmer and the goat", "two
 * cannibals". */
void plan_put_passengers(struct buf *b, const struct model *m,
			 const unsigned *load);
/* The crossing of load (per item, how many board) as a sentence, to
 * the right when across: "The farmer takes the goat across." */
void plan_put_sentence(struct buf *b, const struct model *m,
		       const unsigned *load, bool across);
/* A leg of a puzzle of places as a sentence: "The farmer takes the
 * goat to the island.", "The wife goes alone to the right bank in the
 * raft." (the boat named when there are several). */
void plan_put_leg_sentence(struct buf *b, const struct model *m,
			   const unsigned *load, size_t boat, size_t to);
/* The copies of each item that count says of state or crossing k
 * (plan_on_left, plan_on_right, river_plan_item_moved, ...), into
 * n[0 .. items). */
void plan_counts(const river_plan *plan, size_t k,
		 unsigned (*count)(const river_plan *, size_t, size_t),
		 unsigned *n);
/* Crossing k (1-based) of plan as a sentence: plan_put_sentence's, or
 * plan_put_leg_sentence's for a plan of places. */
void plan_put_step_sentence(struct buf *b, const river_plan *plan,
			    size_t k);
/* An optimum in words, into out (size bytes): "time 17" when it is a
 * time, else "7 crossings". */
void plan_cost_words(char *out, size_t size, bool least_time,
		     unsigned long long cost);
/* The verdict on a plan: "Solved in 7 crossings (...)." or "No
 * solution: ...". */
void plan_put_verdict(struct buf *b, const river_plan *plan);

int plan_render_text(char **out, const river_plan *plan);
/* A hint (river_hint_render) as one JSON object. */
int plan_render_hint_json(char **out, const river_plan *hint);
int plan_render_json(char **out, const river_plan *plan);
/* check: NULL for a plan found by a solver, else how its check ended
 * (plan then holds the states up to the fault). */
int plan_render_svg(char **out, const river_plan *plan,
		    const struct plan_check_end *check);

/* SVG pieces, shared by the storyboard and the sweep's chart. */
/* text as XML character data, escaped. */
void svg_put_xml(struct buf *b, const char *text);
/* One line of text at (x, y) of class cls (anchor: NULL or "middle",
 * "end"), squeezed to room px when wider. */
void svg_put_text(struct buf *b, unsigned x, unsigned y, unsigned room,
		  const char *cls, const char *anchor, const char *text);
/* The XML declaration, the svg element's start, width by height px,
 * and its title. */
void svg_begin(struct buf *b, unsigned width, unsigned height,
	       const char *title);
/* head (from svg_begin, with a style), then body, then the end of the
 * svg element, into a new string *out; releases head and body.
 * RIVER_ENOMEM when any of it failed. */
int svg_finish(char **out, struct buf *head, struct buf *body);

#endif
