/* Analyses of a puzzle's whole state graph, shared by river graph and
 * river explain (graph.c): its states walked once, and each one's least
 * cost from the start and to a goal. */
#ifndef RIVER_ANALYSIS_GRAPH_H
#define RIVER_ANALYSIS_GRAPH_H

#include <stdbool.h>
#include <stdint.h>

#include "puzzle.h"

struct stop;

/* A crossing between states numbered from 0 (the start), for the
 * distances over a state graph: cost, the objective's (1, or its time),
 * and other, the number that breaks ties (its time, or 1). */
struct graph_arc {
	uint32_t from, to;
	unsigned long long cost, other;
};

/* The least cost of each of n states from state 0 (from_start, unless
 * NULL) and to a state marked in goal (to_goal), ULLONG_MAX where there
 * is none, relaxed over arcs until they hold, the clock and cancel flag
 * looked at after each pass; to_other (unless NULL), of the ways to a
 * goal of the least cost, the least sum of their other numbers.
 * RIVER_OK, RIVER_ETIMEOUT or RIVER_ECANCELED. */
int graph_distances(const struct graph_arc *arcs, size_t n_arcs, size_t n,
		    const unsigned char *goal, unsigned long long *from_start,
		    unsigned long long *to_goal, unsigned long long *to_other,
		    const struct stop *stop);

/* Every state of sys (a puzzle's system, or its reduction by symmetry)
 * reachable from its start, and each one's least cost to a goal: its
 * time when the puzzle minimizes time, else its crossings, with the
 * other number (crossings or time) of the cheapest way.  The graph
 * river graph draws, walked once.  RIVER_OK, RIVER_ENOMEM, or with diag
 * set RIVER_ELIMIT (more than limit states), RIVER_ETIMEOUT or
 * RIVER_ECANCELED. */
struct graph_costs;
int graph_costs_new(struct graph_costs **out, const river_puzzle *puzzle,
		    const struct system *sys, unsigned long long limit,
		    const struct stop *stop, river_diag *diag);
/* The least cost from state s of the system to a goal, and *other:
 * ULLONG_MAX when no goal is reachable or s was not reached. */
unsigned long long graph_costs_of(const struct graph_costs *c, state_t s,
				  unsigned long long *other);
void graph_costs_free(struct graph_costs *c);

/* The opening of a public function that tells about puzzle into an
 * out-parameter (have_out: it is not NULL): the arguments checked, the
 * caller's options read into *o and the clock started in *stop.
 * RIVER_OK, or RIVER_EINVAL / RIVER_EVERSION with diag set. */
int analysis_begin(bool have_out, const river_puzzle *puzzle,
		   const river_solve_options *opts, river_solve_options *o,
		   struct stop *stop, river_diag *diag);

/* A puzzle's whole state graph, as river graph draws it, for what
 * measures it (rate.c): every state reachable from the start (state 0)
 * walked once, as written or reduced by symmetry (its states orbits,
 * each crossing standing for state_graph_ways labelled ones), each
 * state's least cost from the start and to a goal (ULLONG_MAX: none),
 * the crossings on optimal plans marked, the optimal plans counted
 * (state_graph_info).  RIVER_OK, or RIVER_ELIMIT (more than max_states
 * states; 0: the search's default), RIVER_ENOMEM, RIVER_ETIMEOUT,
 * RIVER_ECANCELED with diag set. */
struct state_graph;
struct buf;
int state_graph_new(struct state_graph **out, const river_puzzle *puzzle,
		    bool reduced, unsigned long long max_states,
		    const struct stop *stop, river_diag *diag);
void state_graph_free(struct state_graph *sg);
const river_graph_info *state_graph_info(const struct state_graph *sg);
size_t state_graph_states(const struct state_graph *sg);
/* All the crossings; state u's are [*first, *end). */
const struct graph_arc *state_graph_arcs(const struct state_graph *sg,
					 size_t u, size_t *first, size_t *end);
bool state_graph_goal(const struct state_graph *sg, size_t u);
unsigned long long state_graph_from_start(const struct state_graph *sg,
					  size_t u);
unsigned long long state_graph_to_goal(const struct state_graph *sg,
				       size_t u);
bool state_graph_optimal(const struct state_graph *sg, size_t arc);
unsigned long long state_graph_ways(const struct state_graph *sg, size_t arc);
bool state_graph_reduced(const struct state_graph *sg);
/* How many items (copies of a kind each) of state u stand where the
 * goal puts them. */
unsigned state_graph_placed(const struct state_graph *sg, size_t u);
/* State u on one line, as the graph labels it ("farmer goat ⛵ |
 * wolf"); a crossing as a sentence ("The farmer takes the goat
 * across."). */
void state_graph_put_state(struct buf *b, const struct state_graph *sg,
			   size_t u);
void state_graph_put_crossing(struct buf *b, const struct state_graph *sg,
			      size_t arc);

#endif
