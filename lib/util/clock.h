/* Elapsed time, for the "seconds" a plan reports.  Files that include
 * this define _POSIX_C_SOURCE (for clock_gettime) before any header. */
#ifndef RIVER_CLOCK_H
#define RIVER_CLOCK_H

#include <time.h>

static inline struct timespec clock_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t;
}

static inline double clock_since(struct timespec start)
{
	struct timespec now = clock_now();

	return (double)(now.tv_sec - start.tv_sec) +
	       (double)(now.tv_nsec - start.tv_nsec) / 1e9;
}

#endif
