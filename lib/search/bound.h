/* A lower bound on the crossings still needed from a state of a puzzle
 * of places (search/places.h), for the place search's A* order.
 *
 * Each crossing is one leg of one boat, along its routes, with at least
 * one aboard.  Let d(p) be the fewest legs from place p to an item's
 * goal place over every boat's routes, and the distance of a state the
 * sum of d over every copy of every item whose goal puts all its copies
 * at one place.  A leg carries at most `seats` items one route each, so
 * it lowers the distance by at most the most seats of any boat: the
 * distance over those seats, rounded up, is a bound; so is each boat's
 * own legs to its goal place.
 *
 * When one boat carries everything to one goal place g, the bound is
 * sharper: every leg towards g carries at most `seats` items one step
 * nearer, but every leg away from it carries at least one item one step
 * further, since the boat never moves empty.  The fewest legs from a
 * state are then at least the fewest moves of the relaxed puzzle whose
 * state is the distance alone and the boat's distance from g (a leg to a
 * place one step nearer lowers the distance by 1 to seats, a leg to a
 * place k steps further raises it by k to k * seats), computed once for
 * every such pair by a breadth-first search backwards from its goal.
 * Jealous husbands by way of an island, the boat between neighbouring
 * places: the relaxed puzzle needs 8n - 6 legs from the start, the
 * optimum itself.
 *
 * Every leg of the puzzle is a move of the relaxed one, so the bound
 * drops by at most one a leg (it is consistent) and is 0 at the goal:
 * A* ordered by crossings plus the bound finds the fewest crossings and
 * expands each state on an optimal plan after every state before it on
 * one.  The checking mode (RIVER_CHECK) asks that of every leg the
 * search makes. */
#ifndef RIVER_SEARCH_BOUND_H
#define RIVER_SEARCH_BOUND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compile/model.h"

struct places_bound {
	/* dist[p][q]: the fewest legs from place p to place q over every
	 * boat's routes (UINT_MAX: none). */
	unsigned dist[MODEL_MAX_PLACES][MODEL_MAX_PLACES];
	/* Per item, the place its goal puts all its copies at, or -1. */
	int *goal_place;
	unsigned seats;        /* the most seats of any boat */
	/* The relaxed puzzle of one boat to one place g: legs[psi * (far +
	 * 1) + d] the fewest moves from distance psi with the boat d legs
	 * from g, for psi up to psi_cap; NULL when it does not apply. */
	uint32_t *legs;
	size_t psi_cap;
	unsigned g, far;
	bool useful;           /* is the bound above 0 anywhere? */
};

/* The bound of m's states; RIVER_OK or RIVER_ENOMEM. */
int bound_init(struct places_bound *b, const struct model *m);

void bound_release(struct places_bound *b);

/* The bound of row (places_row_width numbers, search/places.h). */
uint32_t bound_crossings(const struct places_bound *b, const struct model *m,
			 const unsigned *row);

#endif
