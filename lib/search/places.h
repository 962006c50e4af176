/* The place search: puzzles of more than two places (islands) or more
 * than one boat (compile/model.h, model_has_places).
 *
 * A state gives each item its place (a kind: its copies at each place)
 * and each boat its place.  A crossing is one leg of one boat, from its
 * place to another its routes join, with a load from the place it
 * leaves; the load obeys the boat's seats and the crossing's meaning
 * (model_crossing_legal), and after the leg every place obeys the bank
 * rules (model_bank_violation).  Nothing is compiled to masks: the
 * search reads the rules' own meaning, so it needs no second
 * implementation to check it against.
 *
 * Interchangeable individuals (system/symmetry.h's classes) and couples
 * (system/tuples.h) are kept one state per orbit: the members of a class,
 * or the tuples of one, sorted by place.  The search is breadth first
 * for the fewest crossings, Dijkstra's for the least time; it counts
 * the optimal plans when asked, each labelled plan once, and lists the
 * first of them: walked from the start along the legs whose nodes lie
 * on an optimal plan.  With the layered method, a plan of the fewest
 * crossings is found by the two-bit layers (solve/layers.h) over the
 * orbits' keys read as numbers, when the states hold places alone. */
#ifndef RIVER_SEARCH_PLACES_H
#define RIVER_SEARCH_PLACES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compile/model.h"
#include "river.h"

struct stop;
struct tuples;

/* A plan of a puzzle of places: n_states rows of places_row_width
 * numbers, each row per item i and place p the copies of i at p
 * (row[i * n_places + p]), then per boat its place. */
struct places_plan {
	bool solved;
	unsigned long long explored;
	/* Unsolved: the states of the puzzle as written those explored
	 * stand for (more than explored up to symmetry). */
	unsigned long long in_all;
	unsigned *rows;  /* malloc'd; the start alone when unsolved */
	size_t n_states;
	bool counted;
	unsigned long long count; /* optimal plans, saturating */
	/* With max_plans: the first optimal plans, labelled, each
	 * plan_lens[k] rows (malloc'd). */
	unsigned **plans;
	size_t *plan_lens, n_plans;
};

static inline size_t places_row_width(const struct model *m)
{
	return m->n_items * m->n_places + m->n_boats;
}

/* The place of boat b in row. */
static inline unsigned places_boat_at(const struct model *m,
				      const unsigned *row, size_t b)
{
	return row[m->n_items * m->n_places + b];
}

/* The row where placement pl puts everything (the start: every boat
 * placed). */
void places_row_of(const struct model *m, const struct placement *pl,
		   unsigned *row);

/* Is row where the goal puts everything? */
bool places_row_is_goal(const struct model *m, const unsigned *row);

/* The rule broken at some place of row, or -1; *place says where. */
long places_violation(const struct model *m, const unsigned *row,
		      unsigned *place);

/* The bits of a state's key (where things are, without the crossing's
 * phase, weight or time) and the states that layout can name. */
void places_space(const struct model *m, unsigned *bits, double *space);

/* Where a search starts when not at the puzzle's start: a row (a
 * hint's), and the plan so far as its track says (the crossings made,
 * the last load's weight, the time taken). */
struct places_from {
	const unsigned *row;
	struct plan_track track;
};

/* Search m for a plan of the fewest crossings (or the least time, when
 * m minimizes it), counting the optimal plans when opts->count or
 * opts->max_plans, and keeping the first max_plans of them; tuples
 * (or NULL) are its couples, used when no two individuals are
 * interchangeable, and opts->no_symmetry searches the puzzle as
 * written, as does a search from a row of the caller's (from, not NULL;
 * its plans begin there).  RIVER_OK with *out filled (release it with
 * places_plan_release), or the search's statuses with diag set. */
int places_search(const struct model *m, const struct tuples *tuples,
		  const struct places_from *from,
		  const river_solve_options *opts, const struct stop *stop,
		  struct places_plan *out, river_diag *diag);

void places_plan_release(struct places_plan *p);

/* ---- Every reachable state ---------------------------------------------

 * The graph of a puzzle of places: every state reachable from the start,
 * goals expanded too, breadth first over the legs the search takes (the
 * same states, one per orbit unless opts->no_symmetry, and the same
 * rules); node 0 is the start.  A state is its row and the track its
 * key keeps (the rowing turn, the last load's weight, the time under a
 * time limit); a puzzle that minimizes time keeps no time in its
 * states, as the search's do not, and its legs are not held to the time
 * limit. */

#define PLACES_NO_NODE UINT32_MAX

/* One leg: boat from the place of node from to place, with its load
 * (places_leg_load); to, the node it leads to, or for a leg that leaves
 * a place breaking a rule, bad, the number of the row it makes. */
struct places_leg {
	uint32_t from, to, bad;
	unsigned boat, place;
	unsigned long long time;  /* the time it takes */
	unsigned long long ways;  /* the labelled legs it stands for: the
				     loads its symmetries exchange */
	size_t load_at;           /* in the graph's loads */
};

/* Legs in the order found: the legs from each node together, the nodes
 * in order. */
struct places_legs {
	struct places_leg *leg;
	size_t n, cap;
};

struct psearch;

struct places_graph {
	const struct model *m;
	bool reduced;            /* states are orbits: some items or
				    couples are interchangeable */
	size_t n_nodes;
	uint32_t *depth;         /* legs from the start */
	unsigned char *goal;     /* 1 for a goal */
	struct places_legs legs;
	/* With broken: the legs that break a rule, and the rows they
	 * make, each once (n_bad rows of places_row_width). */
	struct places_legs broken;
	unsigned *bad_rows;
	size_t n_bad;
	/* The legs' loads, n_items numbers each; the states' keys. */
	unsigned *loads;
	size_t loads_n, loads_cap;
	struct psearch *search;
};

/* Per item, how many board leg l. */
static inline const unsigned *places_leg_load(const struct places_graph *g,
					      const struct places_leg *l)
{
	return g->loads + l->load_at;
}

/* Explore every state of m reachable from its start into *g, up to
 * opts->max_states states (opts->no_symmetry: the puzzle as written;
 * tuples as for places_search), with the legs that break a rule when
 * broken.  RIVER_OK (release g with places_graph_release), or the
 * search's statuses with diag set. */
int places_explore(const struct model *m, const struct tuples *tuples,
		   const river_solve_options *opts, bool broken,
		   const struct stop *stop, struct places_graph *g,
		   river_diag *diag);

/* Node k's row (places_row_width numbers) and track. */
void places_graph_state(const struct places_graph *g, uint32_t k,
			unsigned *row, struct plan_track *t);

/* The node of the state row reaches with track t (any member of its
 * orbit), or PLACES_NO_NODE when not reached. */
uint32_t places_graph_node(const struct places_graph *g, const unsigned *row,
			   const struct plan_track *t);

void places_graph_release(struct places_graph *g);

#endif
