/* Symmetry over tuples: items exchanged together, not one by one.
 *
 * In the jealous husbands no two people are interchangeable, but two
 * couples are: exchanging husband[i] with husband[j] and wife[i] with
 * wife[j] at once maps the puzzle onto itself.  Tuples are found by
 * their names (husband[1..n], wife[1..n] make the tuples (husband[i],
 * wife[i])), or else as runs of two to four consecutive items; tuples
 * whose exchange leaves the puzzle unchanged (symmetry_invariant) make
 * classes.
 *
 * The search then stays on the puzzle's own system and keeps one state
 * per orbit: the canonical state, where the tuples of each class are
 * sorted by their placement (the bits of their members).  Each
 * successor is made canonical before it is looked up.  A canonical path
 * lifts back to a labelled one, and a count that adds each successor's
 * paths to its canonical state counts labelled plans: a canonical state
 * stands for the paths to every state of its orbit. */
#ifndef RIVER_TUPLES_H
#define RIVER_TUPLES_H

#include <stdbool.h>
#include <stddef.h>

#include "system/system.h"

/* The most items in a tuple. */
#define TUPLES_MAX_WIDTH 4u

struct tuple_class {
	size_t first, n;   /* its tuples: tuple[first .. first + n) */
	uint64_t mask;     /* all their members' bits */
};

struct tuples {
	const struct system *sys;  /* NULL: found on the model alone */
	unsigned width;            /* items per tuple */
	size_t n;                  /* tuples in classes of two or more */
	unsigned (*bit)[TUPLES_MAX_WIDTH]; /* per tuple: its members' bits
					      (with a system) */
	size_t (*item)[TUPLES_MAX_WIDTH];  /* per tuple: its model items */
	struct tuple_class *classes;
	size_t n_classes;
};

/* The tuple symmetry of model m, in arena: *out is NULL when no two
 * tuples can be exchanged.  sys is m's system, or NULL for a model
 * without one (of places, or too wide): then the tuples have no bits
 * and no masks, and serve the place search (search/places.h).
 * RIVER_OK or RIVER_ENOMEM. */
int tuples_build(const struct tuples **out, struct arena *arena,
		 const struct model *m, const struct system *sys);

/* The canonical state of s's orbit: in each class, the tuples' placements
 * sorted, the smallest on the first tuple. */
state_t tuples_canonical(const struct tuples *t, state_t s);

/* The labelled states of s's orbit: per class, the arrangements of its
 * tuples by placement (the multinomial of how many tuples have each),
 * multiplied, saturating. */
unsigned long long tuples_states(const struct tuples *t, state_t s);

/* path[0..len) of canonical states, each the canonical state of a
 * successor of the one before (from the system's start), made a
 * labelled plan in place.  RIVER_OK, RIVER_ENOMEM, or RIVER_EINTERNAL
 * when a step has no crossing that explains it. */
int tuples_lift(const struct tuples *t, state_t *path, size_t len);

#endif
