#define _POSIX_C_SOURCE 200809L

#include "util/stop.h"

#include <math.h>
#include <stdio.h>

#include "util/clock.h"
#include "util/diag.h"

int stop_init(struct stop *s, const volatile sig_atomic_t *cancel,
	      double timeout, river_diag *diag)
{
	s->cancel = cancel;
	s->timeout = 0;
	s->deadline = clock_now();
	if (!(timeout >= 0) || !isfinite(timeout))
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"the time limit must be a number of seconds, "
				"0 or more");
	s->timeout = timeout;
	if (timeout > 0) {
		/* Past some 30 years, the same as none. */
		double whole = floor(timeout < 1e9 ? timeout : 1e9);

		s->deadline.tv_sec += (time_t)whole;
		s->deadline.tv_nsec += (long)((timeout < 1e9 ? timeout - whole : 0) * 1e9);
		if (s->deadline.tv_nsec >= 1000000000L) {
			s->deadline.tv_sec++;
			s->deadline.tv_nsec -= 1000000000L;
		}
	}
	return RIVER_OK;
}

int stop_check(const struct stop *s)
{
	struct timespec now;

	if (s->cancel && *s->cancel)
		return RIVER_ECANCELED;
	if (s->timeout <= 0)
		return RIVER_OK;
	now = clock_now();
	if (now.tv_sec > s->deadline.tv_sec ||
	    (now.tv_sec == s->deadline.tv_sec &&
	     now.tv_nsec >= s->deadline.tv_nsec))
		return RIVER_ETIMEOUT;
	return RIVER_OK;
}

int stop_diag(const struct stop *s, int rc, river_diag *diag,
	      const char *what)
{
	return stop_diag_at(s, rc, diag, NULL, NULL, what);
}

int stop_diag_at(const struct stop *s, int rc, river_diag *diag,
		 const struct source *src, const struct loc *loc,
		 const char *what)
{
	if (rc == RIVER_ETIMEOUT)
		return diag_set(diag, rc, src, loc,
				"the time limit of %g second%s was reached %s",
				s->timeout, s->timeout == 1 ? "" : "s", what);
	return diag_set(diag, rc, src, loc, "canceled %s", what);
}

int stop_reached(const struct stop *s, int rc, unsigned long long states,
		 river_diag *diag)
{
	char what[64];

	snprintf(what, sizeof what, "after %llu state%s", states,
		 states == 1 ? "" : "s");
	return stop_diag(s, rc, diag, what);
}

void pace_init(struct pace *p)
{
	p->last = clock_now();
	p->next_states = PACE_STATES;
	p->next_tries = PACE_TRIES;
}

bool pace_look(struct pace *p, unsigned long long states,
	       unsigned long long tried)
{
	if (states == 0 ||
	    (states % PACE_LOOK_STATES != 0 && tried < p->next_tries))
		return false;
	p->next_tries = tried + PACE_TRIES;
	return true;
}

bool pace_due(struct pace *p, unsigned long long states)
{
	if (states < p->next_states && clock_since(p->last) < PACE_SECONDS)
		return false;
	p->last = clock_now();
	p->next_states = states + PACE_STATES;
	return true;
}

void pace_report(const river_solve_options *opts, unsigned long long explored,
		 unsigned long long frontier, unsigned depth)
{
	river_progress p;

	p.version = RIVER_PROGRESS_VERSION;
	p.states_explored = explored;
	p.frontier = frontier;
	p.depth = depth;
	opts->progress(&p, opts->userdata);
}

double stop_left(const struct stop *s)
{
	struct timespec now;
	double left;

	if (!s || s->timeout <= 0)
		return 0;
	now = clock_now();
	left = (double)(s->deadline.tv_sec - now.tv_sec) +
	       (double)(s->deadline.tv_nsec - now.tv_nsec) / 1e9;
	return left > 1e-9 ? left : 1e-9;
}
