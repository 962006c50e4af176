/* The walk of every state reachable from the start, breadth first, as
 * the search goes: the one walk that explores them all.  It counts the
 * states a plan can pass through, by the boat's bank, for a bound on
 * the crossings of an optimal plan (the models' default horizon,
 * lib/export), and keeps them by depth for what tells about a puzzle
 * (lib/analysis, through search/walk.h). */
#ifndef RIVER_REACH_H
#define RIVER_REACH_H

#include "river.h"
#include "system/system.h"
#include "util/stop.h"

struct reach_count {
	/* States that are not goals, [0] with the boat on the bank where it
	 * starts, [1] with it on the other: the start, and every state
	 * reached from it through such states. */
	unsigned long long states[2];
	/* A goal is reached with the boat there. */
	bool goal[2];
	/* The count stopped once both banks had more than most states. */
	bool cut;
};

/* Breadth-first from sys's start, as the search goes (the same loads,
 * the same legal states), but expanding no goal, since a plan ends at
 * the first it meets.  A start that breaks a rule reaches nothing.
 * Stops with out->cut once both banks have more than most states (0:
 * never).  RIVER_OK; RIVER_ELIMIT past limit states (or after trying 64
 * times as many crossings); RIVER_ETOOBIG, RIVER_ENOMEM, RIVER_ETIMEOUT
 * or RIVER_ECANCELED (stop), diag set as bfs_diag sets it. */
int reach_count(const struct system *sys, unsigned long long limit,
		unsigned long long most, const struct stop *stop,
		struct reach_count *out, river_diag *diag);

/* The states reach_count walks (with most 0), kept: state[0..n) in the
 * order reached, the start first; those d crossings from the start are
 * state[layer[d] .. layer[d + 1]), for d below depths.  A start that
 * breaks a rule reaches nothing (n is 0).  Walked with every, the goals
 * are expanded too, so that the states are every one reachable (the
 * state graph's), and a start that breaks a rule is the one state. */
struct reach_layers {
	state_t *state;
	size_t n;
	size_t *layer;  /* depths + 1 entries */
	size_t depths;
};

/* reach_count, keeping the states in *out (release it with
 * reach_layers_release) as well as counting them in *count; with every,
 * the goals expanded as well. */
int reach_layers(const struct system *sys, unsigned long long limit,
		 bool every, const struct stop *stop,
		 struct reach_count *count, struct reach_layers *out,
		 river_diag *diag);
void reach_layers_release(struct reach_layers *l);

#endif
