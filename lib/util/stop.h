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

/* Set diag for rc (RIVER_ECANCELED or RIVER_ETIMEOUT), ending with what
 * was stopped, e.g. "after 1000 states".  Returns rc. */
int stop_diag(const struct stop *s, int rc, river_diag *diag,
	      const char *what);

/* The same for a search stopped after reaching states states. */
int stop_reached(const struct stop *s, int rc, unsigned long long states,
		 river_diag *diag);

#endif
