/* When a long run must stop early: the caller's cancel flag, or a time
 * limit. */
#ifndef RIVER_STOP_H
#define RIVER_STOP_H

#include <stdbool.h>
#include <time.h>

#include "river.h"

struct stop {
	const volatile sig_atomic_t *cancel; /* NULL: none */
	double timeout;                      /* seconds; 0: none */
	struct timespec deadline;
};

/* Start the clock now.  RIVER_EINVAL (in diag) for a timeout that is
 * negative, not a number or not finite. */
int stop_init(struct stop *s, const volatile sig_atomic_t *cancel,
	      double timeout, river_diag *diag);

/* RIVER_OK to go on, else RIVER_ECANCELED or RIVER_ETIMEOUT. */
int stop_check(const struct stop *s);

/* The timeout of a search run within s's: the seconds left to its
 * deadline, 0 (none) when s has none, a nanosecond once it is past. */
double stop_left(const struct stop *s);

/* Set diag for rc (RIVER_ECANCELED or RIVER_ETIMEOUT), ending with what
 * was stopped, e.g. "after 1000 states".  Returns rc. */
int stop_diag(const struct stop *s, int rc, river_diag *diag,
	      const char *what);

/* The same, at loc in src (either may be NULL). */
struct source;
struct loc;
int stop_diag_at(const struct stop *s, int rc, river_diag *diag,
		 const struct source *src, const struct loc *loc,
		 const char *what);

/* The same for a search stopped after reaching states states. */
int stop_reached(const struct stop *s, int rc, unsigned long long states,
		 river_diag *diag);

/* When a search looks at the clock (stop_check) and next calls its
 * progress callback.  It looks every PACE_LOOK_STATES states expanded
 * and every PACE_TRIES crossings tried, so that a search of few states
 * with many crossings each stops on time and reports too; the callback
 * is due a quarter of a second after its last call, or PACE_STATES
 * states expanded after it, whichever comes first. */
#define PACE_SECONDS 0.25
#define PACE_STATES (1ULL << 18)
#define PACE_LOOK_STATES (1ULL << 12)
#define PACE_TRIES (1ULL << 20)

struct pace {
	struct timespec last;
	unsigned long long next_states, next_tries;
};

void pace_init(struct pace *p);

/* Whether to look at the clock, with states expanded and tried
 * crossings tried so far. */
bool pace_look(struct pace *p, unsigned long long states,
	       unsigned long long tried);

/* Whether the callback is due with states expanded so far; if so, the
 * next call is counted from now. */
bool pace_due(struct pace *p, unsigned long long states);

/* Call opts->progress (not NULL) with what a search has reached. */
void pace_report(const river_solve_options *opts, unsigned long long explored,
		 unsigned long long frontier, unsigned depth);

#endif
