/* The checking mode (audit.h): the plain successors of a state, and the
 * comparisons of the searches' fast paths with them. */
#include "system/audit.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "system/symmetry.h"

bool audit_requested(void)
{
	const char *v = getenv("RIVER_CHECK");

	return v && *v && strcmp(v, "0") != 0;
}

/* The puzzle's own system behind sys, and the concrete state of s. */
static const struct system *concrete(const struct system *sys, state_t *s)
{
	if (!sys->sym)
		return sys;
	*s = symmetry_canonical(sys->sym, *s);
	return sys->sym->concrete;
}

/* " wolf, goat | cabbage, farmer (the boat right)": right[i] copies
 * of each item i on the right bank, the rest on the left. */
static void describe(const struct model *m, const unsigned *right,
		     bool boat_right, char *out, size_t size)
{
	size_t used = 0, i;
	int side, w;

	out[0] = '\0';
	for (side = 0; side < 2; side++) {
		const char *sep = side ? " | " : " ";

		for (i = 0; i < m->n_items && used < size; i++) {
			unsigned n = side ? right[i]
					  : m->items[i].copies - right[i];

			if (!n)
				continue;
			w = m->items[i].is_kind
				? snprintf(out + used, size - used, "%s%u %s",
					   sep, n, m->items[i].name)
				: snprintf(out + used, size - used, "%s%s",
					   sep, m->items[i].name);
			used += w > 0 ? (size_t)w : 0;
			sep = ", ";
		}
		if (sep[0] != ',' && used < size) {
			w = snprintf(out + used, size - used, "%snobody", sep);
			used += w > 0 ? (size_t)w : 0;
		}
	}
	if (used < size)
		snprintf(out + used, size - used, " (the boat %s)",
			 boat_right ? "right" : "left");
}

/* The same of sys's state s. */
static void describe_state(const struct system *sys, state_t s, char *out,
			   size_t size)
{
	unsigned right[MODEL_MAX_ITEMS];
	const struct system *c = concrete(sys, &s);
	size_t i;

	for (i = 0; i < c->model->n_items; i++)
		right[i] = state_count(c, s, i, true);
	describe(c->model, right, state_boat_right(c, s), out, size);
}

static void fail_at(const char *where, const char *format, va_list ap)
	__attribute__((noreturn, format(printf, 2, 0)));

static void fail_at(const char *where, const char *format, va_list ap)
{
	fprintf(stderr, "river: checking mode (RIVER_CHECK): in state%s: ",
		where);
	vfprintf(stderr, format, ap);
	fputc('\n', stderr);
	abort();
}

void audit_fail(const struct system *sys, state_t s, const char *format, ...)
{
	char where[1024];
	va_list ap;

	describe_state(sys, s, where, sizeof where);
	va_start(ap, format);
	fail_at(where, format, ap);
}

void audit_fail_model(const struct model *m, const unsigned *right,
		      bool boat_right, const char *format, ...)
{
	char where[1024];
	va_list ap;

	describe(m, right, boat_right, where, sizeof where);
	va_start(ap, format);
	fail_at(where, format, ap);
}

/* The enumeration of loads: take[i] copies of each model item i from
 * the before[i] on the boat's bank. */
struct plain {
	const struct model *m;
	bool right;         /* the boat's bank is the right one */
	enum audit_banks banks;
	unsigned before[MODEL_MAX_ITEMS], take[MODEL_MAX_ITEMS];
	struct plan_track track;
	audit_visit visit;
	void *ctx;
};

static int judge(struct plain *p)
{
	const struct model *m = p->m;
	unsigned after[MODEL_MAX_ITEMS], there[MODEL_MAX_ITEMS];
	unsigned right[MODEL_MAX_ITEMS];
	struct plan_track t = p->track;
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		after[i] = p->before[i] - p->take[i];
		there[i] = m->items[i].copies - after[i];
		right[i] = p->right ? after[i] : there[i];
	}
	/* The verdict only: a reason for each load refused would cost
	 * more than the judging. */
	if (!model_crossing_legal(m, p->before, after, &t, NULL, 0))
		return RIVER_OK;
	if (p->banks != AUDIT_ANY_BANKS && model_bank_violation(m, after) >= 0)
		return RIVER_OK;
	if (p->banks == AUDIT_BOTH_BANKS && model_bank_violation(m, there) >= 0)
		return RIVER_OK;
	return p->visit(p->ctx, right);
}

/* Every load of item i on, with seats left (take[i..] are 0). */
static int loads_at(struct plain *p, size_t i, unsigned seats, bool any)
{
	unsigned k;
	int rc;

	/* No seats left: the load is whole (the items after take none),
	 * without a call an item down to the last. */
	if (i == p->m->n_items || !seats)
		return any ? judge(p) : RIVER_OK;
	for (k = 0; k <= p->before[i] && k <= seats; k++) {
		p->take[i] = k;
		rc = loads_at(p, i + 1, seats - k, any || k);
		if (rc != RIVER_OK)
			return rc;
	}
	p->take[i] = 0;
	return RIVER_OK;
}

int audit_model_successors(const struct model *m, const unsigned *right,
			   bool boat_right, const struct plan_track *track,
			   enum audit_banks banks, audit_visit visit, void *ctx)
{
	struct plain p;
	size_t i;

	p.m = m;
	p.right = boat_right;
	p.banks = banks;
	p.visit = visit;
	p.ctx = ctx;
	p.track = *track;
	for (i = 0; i < m->n_items; i++) {
		p.before[i] = boat_right ? right[i]
					 : m->items[i].copies - right[i];
		p.take[i] = 0;
	}
	return loads_at(&p, 0, m->seats, false);
}

/* The most loads the checking mode tries one by one from a state, and
 * the most rule conditions it reads doing so (each load's plain
 * meaning reads every rule): beyond either, it checks the walk's own
 * loads only. */
#define AUDIT_MOST_LOADS 200000
#define AUDIT_MOST_RULE_READS (1ULL << 24)

/* How many loads of at most seats copies the before[i] copies of each
 * of n items make, past AUDIT_MOST_LOADS counted as one more. */
static unsigned long long loads_to_try(const unsigned *before, size_t n,
				       unsigned seats)
{
	unsigned long long ways[65] = {1};
	unsigned long long total = 0, sum;
	size_t i, s, most = 0;
	unsigned j;

	for (i = 0; i < n; i++)
		most += before[i];
	if (most > seats)
		most = seats;
	/* More seats than ways can hold: more loads than can be tried. */
	if (most >= sizeof ways / sizeof *ways)
		return AUDIT_MOST_LOADS + 1;
	for (i = 0; i < n; i++)
		for (s = most; s > 0; s--) {
			for (sum = ways[s], j = 1; j <= before[i] && j <= s; j++)
				sum += ways[s - j];
			ways[s] = sum > AUDIT_MOST_LOADS ? AUDIT_MOST_LOADS + 1
							 : sum;
		}
	for (s = 1; s <= most; s++)
		total += ways[s];
	return total;
}

bool audit_too_many_loads(const struct model *m, const unsigned *before)
{
	unsigned long long most = AUDIT_MOST_RULE_READS / (m->n_rules + 1);

	if (most > AUDIT_MOST_LOADS)
		most = AUDIT_MOST_LOADS;
	return loads_to_try(before, m->n_items, m->seats) > most;
}

/* A successor of from in the concrete system c, made sys's state. */
struct to_state {
	const struct system *sys, *c;
	state_t from;
	bool right;
	struct loads *out;
};

static int add_state(void *ctx, const unsigned *right)
{
	struct to_state *ts = ctx;
	state_t to = system_successor(ts->c, ts->from,
				      system_state_of(ts->c, right, !ts->right));

	if (ts->sys->sym)
		to = symmetry_project(ts->sys->sym, to);
	return loads_push(ts->out, to);
}

static int cmp_state(const void *a, const void *b)
{
	state_t x = *(const state_t *)a, y = *(const state_t *)b;

	return (x > y) - (x < y);
}

/* Sort the states in l and drop repeats; true when there were some. */
static bool sort_unique(struct loads *l)
{
	size_t i, kept = 0;
	bool repeats = false;

	if (l->n > 1) /* (delta may be NULL when there are none) */
		qsort(l->delta, l->n, sizeof *l->delta, cmp_state);
	for (i = 0; i < l->n; i++) {
		if (kept && l->delta[kept - 1] == l->delta[i]) {
			repeats = true;
			continue;
		}
		l->delta[kept++] = l->delta[i];
	}
	l->n = kept;
	return repeats;
}

/* Are the loads from from too many to try one by one? */
static bool too_many_loads(const struct system *sys, state_t from)
{
	unsigned before[MODEL_MAX_ITEMS];
	const struct system *c = concrete(sys, &from);
	bool right = state_boat_right(c, from);
	size_t i;

	for (i = 0; i < c->model->n_items; i++)
		before[i] = state_count(c, from, i, right);
	return audit_too_many_loads(c->model, before);
}

static int plain_successors(const struct system *sys, state_t from,
			    enum audit_banks banks, struct loads *out)
{
	unsigned right[MODEL_MAX_ITEMS];
	struct plan_track track;
	struct to_state ts;
	struct model untimed;
	const struct model *m;
	size_t i;
	int rc;

	ts.sys = sys;
	ts.from = from;
	ts.c = concrete(sys, &ts.from);
	ts.right = state_boat_right(ts.c, ts.from);
	ts.out = out;
	out->n = 0;
	m = ts.c->model;
	/* A state without the time so far (the least-time search's, which
	 * keeps the time limit by the cost of its paths) leaves the limit
	 * to the search: its crossings are those of the puzzle without. */
	if (m->has_time_limit && ts.c->elapsed < 0) {
		untimed = *m;
		untimed.has_time_limit = false;
		m = &untimed;
	}
	if (too_many_loads(sys, from))
		return RIVER_ETOOBIG;
	for (i = 0; i < m->n_items; i++)
		right[i] = state_count(ts.c, ts.from, i, true);
	plan_track_at(ts.c, ts.from, &track);
	rc = audit_model_successors(m, right, ts.right, &track, banks,
				    add_state, &ts);
	if (rc == RIVER_OK)
		sort_unique(out);
	return rc;
}

int audit_successors(const struct system *sys, state_t from,
		     bool departing_only, struct loads *out)
{
	return plain_successors(sys, from,
				departing_only ? AUDIT_DEPARTING_BANK
					       : AUDIT_BOTH_BANKS,
				out);
}

/* The crossing from a to b of sys as one of its concrete, labelled
 * crossings (*ca to *cb), the lowest-numbered members moving.
 * RIVER_OK or RIVER_ENOMEM. */
static int concrete_crossing(const struct system *sys, state_t a, state_t b,
			     state_t *ca, state_t *cb)
{
	state_t rplan[2] = {a, b}, *plan = NULL;
	size_t len = 0, n = 0;
	int rc;

	if (!sys->sym) {
		*ca = a;
		*cb = b;
		return RIVER_OK;
	}
	rc = symmetry_expand(sys->sym, rplan, 2, 1, &plan, &len, &n);
	if (rc != RIVER_OK || n != 1) {
		free(plan);
		return rc != RIVER_OK ? rc : RIVER_EINTERNAL;
	}
	*ca = plan[0];
	*cb = plan[1];
	free(plan);
	return RIVER_OK;
}

/* Too many loads from from to try each: each of the walk's crossings
 * (the states mine holds) must be one the plain meaning allows. */
static int audit_walked(const struct system *sys, state_t from,
			const struct loads *mine, bool safe)
{
	unsigned before[MODEL_MAX_ITEMS], after[MODEL_MAX_ITEMS];
	const struct system *c = sys->sym ? sys->sym->concrete : sys;
	const struct model *m = c->model;
	struct model untimed;
	struct plan_track track;
	char reason[256], to[1024];
	state_t ca, cb;
	size_t k, i;
	int rc;

	if (m->has_time_limit && c->elapsed < 0) {
		untimed = *m;
		untimed.has_time_limit = false;
		m = &untimed;
	}
	for (k = 0; k < mine->n; k++) {
		bool right;

		rc = concrete_crossing(sys, from, mine->delta[k], &ca, &cb);
		if (rc == RIVER_EINTERNAL)
			audit_fail(sys, from, "a crossing of the search stands "
				   "for no crossing of the puzzle as written");
		if (rc != RIVER_OK)
			return rc;
		right = state_boat_right(c, ca);
		for (i = 0; i < m->n_items; i++) {
			before[i] = state_count(c, ca, i, right);
			after[i] = state_count(c, cb, i, right);
		}
		plan_track_at(c, ca, &track);
		describe_state(c, cb, to, sizeof to);
		if (!model_crossing_legal(m, before, after, &track, reason,
					  sizeof reason))
			audit_fail(sys, from, "the load walk crosses to%s, which "
				   "the rules forbid: %s", to, reason);
		if (safe && model_bank_violation(m, after) >= 0)
			audit_fail(sys, from, "the load walk crosses to%s, which "
				   "leaves the bank unsafe", to);
	}
	return RIVER_OK;
}

int audit_loads(const struct system *sys, state_t from,
		const struct loads *got, bool safe)
{
	struct loads mine, plain;
	size_t i, j;
	char to[1024];
	int rc = RIVER_OK;

	loads_init(&mine);
	loads_init(&plain);
	for (i = 0; rc == RIVER_OK && i < got->n; i++)
		rc = loads_push(&mine, state_cross(sys, from, got->delta[i]));
	if (rc == RIVER_OK && sort_unique(&mine))
		audit_fail(sys, from, "the load walk gives one crossing twice");
	if (rc == RIVER_OK && too_many_loads(sys, from)) {
		rc = audit_walked(sys, from, &mine, safe);
		loads_release(&mine);
		return rc;
	}
	if (rc == RIVER_OK)
		rc = plain_successors(sys, from,
				      safe ? AUDIT_DEPARTING_BANK
					   : AUDIT_ANY_BANKS, &plain);
	if (rc != RIVER_OK) {
		/* Nothing checked: the search fails as out of memory. */
		loads_release(&mine);
		loads_release(&plain);
		return rc;
	}
	for (i = j = 0; i < mine.n || j < plain.n;) {
		if (i < mine.n && j < plain.n &&
		    mine.delta[i] == plain.delta[j]) {
			i++, j++;
			continue;
		}
		if (j == plain.n ||
		    (i < mine.n && mine.delta[i] < plain.delta[j])) {
			describe_state(sys, mine.delta[i], to, sizeof to);
			audit_fail(sys, from, "the load walk crosses to%s, which "
				   "the rules forbid%s", to,
				   safe ? " (or which leaves the bank unsafe)"
					: "");
		}
		describe_state(sys, plain.delta[j], to, sizeof to);
		audit_fail(sys, from, "the load walk prunes the crossing to%s, "
			   "which the rules allow", to);
	}
	loads_release(&mine);
	loads_release(&plain);
	return RIVER_OK;
}

void audit_bank(const struct system *sys, state_t s, bool right, bool safe)
{
	const struct model *m = sys->model;
	unsigned count[MODEL_MAX_ITEMS];
	size_t i;
	long r;

	for (i = 0; i < m->n_items; i++)
		count[i] = state_count(sys, s, i, right);
	r = model_bank_violation(m, count);
	if ((r < 0) == safe)
		return;
	if (safe)
		audit_fail(sys, s, "the compiled rules call the %s bank safe, "
			   "but a rule is broken there (%s)",
			   right ? "right" : "left", m->rules[r].text);
	audit_fail(sys, s, "the compiled rules call the %s bank unsafe, but "
		   "no rule is broken there", right ? "right" : "left");
}

bool audit_safe(const struct system *sys, state_t s)
{
	unsigned right[MODEL_MAX_ITEMS];
	const struct system *c = concrete(sys, &s);
	bool on_right;
	size_t i;

	for (i = 0; i < c->model->n_items; i++)
		right[i] = state_count(c, s, i, true);
	return model_violation(c->model, right, &on_right) < 0;
}
