#define _POSIX_C_SOURCE 200809L /* strdup */
/* Sweeps: a puzzle solved at every point of a grid of its parameters'
 * values, the points shared out among a few threads, each point loaded
 * and searched on its own, on one thread, so that the outcome is the
 * same whatever the number of threads.  Then the grid as a table, CSV,
 * JSON or an SVG chart, and for each row (or column) the least value of
 * one axis, the boat's seats as a rule, that admits a plan. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "plan/plan.h"
#include "render/render.h"
#include "search/search.h"
#include "util/diag.h"
#include "util/stop.h"

struct river_sweep {
	river_sweep_axis axes[2]; /* names point into names[] */
	char *names[2];
	size_t n_axes;
	size_t rows, columns;
	river_sweep_point *points; /* rows * columns, a row at a time */
	char *title;             /* of the first point that loads */
	size_t title_from;       /* that point's index */
	bool least_time;
	int smallest;            /* the axis, or -1 */
	/* A census: each point rated (river_rate) rather than solved,
	 * its rating here (NULL at a point without an answer). */
	river_rating **ratings;
};

/* What the threads share. */
struct pool {
	struct river_sweep *s;
	const char *text;
	size_t len;
	const char *name;
	const river_param *params; /* the fixed ones */
	size_t n_params;
	river_solve_options so;
	pthread_mutex_t lock;
	size_t next;               /* the next point to take */
	int failed;                /* RIVER_ENOMEM when a thread ran out */
};

static long long axis_value(const river_sweep_axis *a, size_t k)
{
	return (long long)((unsigned long long)a->from +
			   (unsigned long long)k * (unsigned long long)a->step);
}

/* How many values a has: 0 when it is not a range a sweep takes. */
static size_t axis_count(const river_sweep_axis *a)
{
	unsigned long long span;

	if (a->from > a->to || a->step < 1)
		return 0;
	span = (unsigned long long)a->to - (unsigned long long)a->from;
	return span / (unsigned long long)a->step >= RIVER_SWEEP_MAX_POINTS
		       ? RIVER_SWEEP_MAX_POINTS + 1
		       : (size_t)(span / (unsigned long long)a->step) + 1;
}

/* A point without an answer keeps its diagnostic: a copy of diag only
 * such points pay for. */
static void keep_diag(struct pool *pool, river_sweep_point *pt,
		      const river_diag *diag)
{
	river_diag *kept = malloc(sizeof *kept);

	if (!kept) {
		pthread_mutex_lock(&pool->lock);
		pool->failed = RIVER_ENOMEM;
		pthread_mutex_unlock(&pool->lock);
		return;
	}
	*kept = *diag;
	pt->diag = kept;
}

/* Load and search point k; params has room for the fixed ones and the
 * axes'. */
static void solve_point(struct pool *pool, size_t k, river_param *params)
{
	struct river_sweep *s = pool->s;
	river_sweep_point *pt = &s->points[k];
	river_puzzle *puzzle;
	river_plan *plan;
	river_load_options lo;
	river_diag diag;
	size_t a, n = pool->n_params, at[2];

	at[0] = k / s->columns;
	at[1] = k % s->columns;
	for (a = 0; a < s->n_axes; a++) {
		pt->value[a] = axis_value(&s->axes[a], at[a]);
		params[n].name = s->axes[a].name;
		params[n++].value = pt->value[a];
	}
	/* Loading is under the point's time limit and the sweep's cancel
	 * flag, as its search is. */
	river_load_options_init(&lo, RIVER_LOAD_OPTIONS_VERSION);
	lo.params = params;
	lo.n_params = n;
	lo.timeout = pool->so.timeout;
	lo.cancel = pool->so.cancel;
	pt->status = river_puzzle_load_string_opts(&puzzle, pool->text,
						   pool->len, pool->name, &lo,
						   &diag);
	if (pt->status != RIVER_OK) {
		keep_diag(pool, pt, &diag);
		return;
	}
	pthread_mutex_lock(&pool->lock);
	if (!s->title || k < s->title_from) {
		char *title = strdup(river_puzzle_title(puzzle));

		if (title) {
			free(s->title);
			s->title = title;
			s->title_from = k;
			s->least_time = river_puzzle_minimizes_time(puzzle);
		} else {
			pool->failed = RIVER_ENOMEM;
		}
	}
	pthread_mutex_unlock(&pool->lock);
	if (s->ratings) {
		river_rating_info info;

		pt->status = river_rate(&s->ratings[k], puzzle, &pool->so,
					&diag);
		river_rating_info_init(&info, RIVER_RATING_INFO_VERSION);
		if (pt->status == RIVER_OK) {
			river_rating_get(s->ratings[k], &info);
			pt->solved = info.solved;
			pt->optimum = info.optimum;
		} else {
			keep_diag(pool, pt, &diag);
		}
		river_puzzle_free(puzzle);
		return;
	}
	pt->status = river_solve(&plan, puzzle, &pool->so, &diag);
	if (pt->status == RIVER_OK) {
		pt->solved = river_plan_solved(plan);
		if (pt->solved)
			pt->optimum = river_puzzle_minimizes_time(puzzle)
					      ? river_plan_time(plan)
					      : river_plan_crossings(plan);
		river_plan_free(plan);
	} else {
		keep_diag(pool, pt, &diag);
	}
	river_puzzle_free(puzzle);
}

static void *worker(void *arg)
{
	struct pool *pool = arg;
	size_t total = pool->s->rows * pool->s->columns;
	river_param *params = malloc((pool->n_params + 2) * sizeof *params);

	if (!params) {
		pthread_mutex_lock(&pool->lock);
		pool->failed = RIVER_ENOMEM;
		pthread_mutex_unlock(&pool->lock);
		return NULL;
	}
	if (pool->n_params)
		memcpy(params, pool->params, pool->n_params * sizeof *params);
	for (;;) {
		size_t k;

		if (pool->so.cancel && *pool->so.cancel)
			break;
		pthread_mutex_lock(&pool->lock);
		k = pool->next < total ? pool->next++ : total;
		pthread_mutex_unlock(&pool->lock);
		if (k == total)
			break;
		solve_point(pool, k, params);
	}
	free(params);
	return NULL;
}

/* Share the points out among threads threads, the caller's one of them
 * (fewer when a thread cannot be started: the others do its share). */
static void run_pool(struct pool *pool, unsigned threads)
{
	pthread_t *ids = calloc(threads, sizeof *ids);
	unsigned started = 0, i;

	while (ids && started + 1 < threads &&
	       pthread_create(&ids[started], NULL, worker, pool) == 0)
		started++;
	worker(pool);
	for (i = 0; i < started; i++)
		pthread_join(ids[i], NULL);
	free(ids);
}

static bool is_search_stop(int status)
{
	return status != RIVER_OK && status != RIVER_ESYNTAX &&
	       status != RIVER_EPUZZLE && status != RIVER_EIO &&
	       status != RIVER_EINVAL;
}

/* Are axes a grid a sweep takes, with params?  count gets the values
 * of each axis (the second 1 with one axis), which the smallest's
 * index or -1. */
static int check_axes(const river_param *params, size_t n_params,
		      const river_sweep_axis *axes, size_t n_axes,
		      const char *smallest, size_t *count, int *which,
		      river_diag *diag)
{
	size_t a, i;

	if (n_axes < 1 || n_axes > 2)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"a sweep takes one or two ranges, not %zu",
				n_axes);
	*which = -1;
	for (a = 0; a < n_axes; a++) {
		const river_sweep_axis *x = &axes[a];
		river_sweep_axis one = *x;

		if (!x->name || !x->name[0])
			return diag_set(diag, RIVER_EINVAL, NULL, NULL,
					"a range needs a parameter's name");
		if (one.step == 0)
			one.step = 1;
		if (x->from > x->to)
			return diag_set(diag, RIVER_EINVAL, NULL, NULL,
					"the range %s=%lld..%lld runs backwards",
					x->name, x->from, x->to);
		if (one.step < 0)
			return diag_set(diag, RIVER_EINVAL, NULL, NULL,
					"the range of %s needs a step of at "
					"least 1, not %lld", x->name, x->step);
		count[a] = axis_count(&one);
		for (i = 0; i < a; i++)
			if (strcmp(axes[i].name, x->name) == 0)
				return diag_set(diag, RIVER_EINVAL, NULL, NULL,
						"%s has two ranges", x->name);
		for (i = 0; i < n_params; i++)
			if (params[i].name && strcmp(params[i].name, x->name) == 0)
				return diag_set(diag, RIVER_EINVAL, NULL, NULL,
						"%s has both a range and a "
						"value", x->name);
		if (smallest ? strcmp(smallest, x->name) == 0
			     : strcmp(x->name, "seats") == 0)
			*which = (int)a;
	}
	if (n_axes == 1)
		count[1] = 1;
	if (count[0] > RIVER_SWEEP_MAX_POINTS / count[1])
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"a sweep has at most %d points",
				RIVER_SWEEP_MAX_POINTS);
	if (smallest && *which < 0)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"the smallest value asked is of %s, which has "
				"no range", smallest);
	return RIVER_OK;
}

/* Fill s's axes from axes (checked): the names copied, step 0 as 1. */
static int copy_axes(struct river_sweep *s, const river_sweep_axis *axes)
{
	size_t a;

	for (a = 0; a < s->n_axes; a++) {
		s->axes[a] = axes[a];
		if (!s->axes[a].step)
			s->axes[a].step = 1;
		s->names[a] = strdup(axes[a].name);
		s->axes[a].name = s->names[a];
		if (!s->names[a])
			return RIVER_ENOMEM;
	}
	return RIVER_OK;
}

static int sweep_run(river_sweep **out, const char *text, size_t len,
		     const char *name, const river_param *params,
		     size_t n_params, const river_sweep_axis *axes,
		     size_t n_axes, const char *smallest,
		     const river_solve_options *opts, bool rate,
		     river_diag *diag)
{
	struct river_sweep *s;
	struct pool pool;
	struct stop stop;
	size_t count[2], total, k;
	unsigned threads;
	int rc, which = -1;

	if (out)
		*out = NULL;
	if (!out || (!text && len) || (!params && n_params) || !axes)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	rc = check_axes(params, n_params, axes, n_axes, smallest, count,
			&which, diag);
	if (rc != RIVER_OK)
		return rc;
	memset(&pool, 0, sizeof pool);
	rc = abi_solve_options(&pool.so, opts, diag);
	if (rc != RIVER_OK)
		return rc;
	if (pool.so.threads > RIVER_MAX_THREADS)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"at most %d threads, not %u", RIVER_MAX_THREADS,
				pool.so.threads);
	/* A time limit every point would refuse is the sweep's error. */
	rc = stop_init(&stop, NULL, pool.so.timeout, diag);
	if (rc != RIVER_OK)
		return rc;
	total = count[0] * count[1];
	s = calloc(1, sizeof *s);
	if (s) {
		s->n_axes = n_axes;
		s->rows = count[0];
		s->columns = count[1];
		s->smallest = which;
		s->points = calloc(total, sizeof *s->points);
		if (rate)
			s->ratings = calloc(total, sizeof *s->ratings);
	}
	if (!s || !s->points || (rate && !s->ratings) ||
	    copy_axes(s, axes) != RIVER_OK ||
	    pthread_mutex_init(&pool.lock, NULL) != 0) {
		river_sweep_free(s);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	for (k = 0; k < total; k++)
		s->points[k].version = RIVER_SWEEP_POINT_VERSION;

	pool.s = s;
	pool.text = text ? text : "";
	pool.len = len;
	pool.name = name;
	pool.params = params;
	pool.n_params = n_params;
	/* Each point on one thread: the points are the parallel work, and
	 * a point's search is then the same whatever the threads. */
	threads = search_threads(&pool.so);
	if (threads > total)
		threads = (unsigned)total;
	pool.so.threads = 1;
	pool.so.progress = NULL;
	pool.so.userdata = NULL;
	pool.so.count = 0;
	pool.so.max_plans = 0;
	run_pool(&pool, threads);
	pthread_mutex_destroy(&pool.lock);

	if (pool.so.cancel && *pool.so.cancel) {
		river_sweep_free(s);
		return diag_set(diag, RIVER_ECANCELED, NULL, NULL,
				"the sweep was canceled");
	}
	if (pool.failed || pool.next < total) {
		river_sweep_free(s);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL, "out of memory");
	}
	/* No point loads: the text is no puzzle, whatever the values. */
	if (!s->title) {
		rc = s->points[0].status;
		if (diag)
			*diag = *s->points[0].diag;
		river_sweep_free(s);
		return rc;
	}
	*out = s;
	return RIVER_OK;
}

int river_sweep_run(river_sweep **out, const char *text, size_t len,
		    const char *name, const river_param *params,
		    size_t n_params, const river_sweep_axis *axes,
		    size_t n_axes, const char *smallest,
		    const river_solve_options *opts, river_diag *diag)
{
	return sweep_run(out, text, len, name, params, n_params, axes, n_axes,
			 smallest, opts, false, diag);
}

int river_census_run(river_sweep **out, const char *text, size_t len,
		     const char *name, const river_param *params,
		     size_t n_params, const river_sweep_axis *axes,
		     size_t n_axes, const river_solve_options *opts,
		     river_diag *diag)
{
	return sweep_run(out, text, len, name, params, n_params, axes, n_axes,
			 NULL, opts, true, diag);
}

const river_rating *river_sweep_rating(const river_sweep *sweep, size_t row,
				       size_t column)
{
	if (!sweep || !sweep->ratings || row >= sweep->rows ||
	    column >= sweep->columns)
		return NULL;
	return sweep->ratings[row * sweep->columns + column];
}

void river_sweep_free(river_sweep *sweep)
{
	size_t k;

	if (!sweep)
		return;
	free(sweep->names[0]);
	free(sweep->names[1]);
	if (sweep->points)
		for (k = 0; k < sweep->rows * sweep->columns; k++)
			free((river_diag *)sweep->points[k].diag);
	if (sweep->ratings)
		for (k = 0; k < sweep->rows * sweep->columns; k++)
			river_rating_free(sweep->ratings[k]);
	free(sweep->ratings);
	free(sweep->points);
	free(sweep->title);
	free(sweep);
}

size_t river_sweep_axes(const river_sweep *sweep)
{
	return sweep ? sweep->n_axes : 0;
}

const char *river_sweep_axis_name(const river_sweep *sweep, size_t axis)
{
	return sweep && axis < sweep->n_axes ? sweep->axes[axis].name : NULL;
}

size_t river_sweep_rows(const river_sweep *sweep)
{
	return sweep ? sweep->rows : 0;
}

size_t river_sweep_columns(const river_sweep *sweep)
{
	return sweep ? sweep->columns : 0;
}

const river_sweep_point *river_sweep_at(const river_sweep *sweep, size_t row,
					size_t column)
{
	if (!sweep || row >= sweep->rows || column >= sweep->columns)
		return NULL;
	return &sweep->points[row * sweep->columns + column];
}

const char *river_sweep_title(const river_sweep *sweep)
{
	return sweep ? sweep->title : NULL;
}

int river_sweep_minimizes_time(const river_sweep *sweep)
{
	return sweep && sweep->least_time;
}

int river_sweep_smallest_axis(const river_sweep *sweep)
{
	return sweep ? sweep->smallest : -1;
}

int river_sweep_smallest(const river_sweep *sweep, size_t k, long long *value)
{
	size_t i, n;
	int axis;

	if (!sweep || sweep->smallest < 0)
		return -1;
	axis = sweep->smallest;
	n = axis == 0 ? sweep->rows : sweep->columns;
	if (k >= (axis == 0 ? sweep->columns : sweep->rows))
		return -1;
	for (i = 0; i < n; i++) {
		const river_sweep_point *pt = axis == 0
			? river_sweep_at(sweep, i, k)
			: river_sweep_at(sweep, k, i);

		/* A point that stopped early might have had a plan. */
		if (is_search_stop(pt->status))
			return -1;
		if (pt->status == RIVER_OK && pt->solved) {
			if (value)
				*value = pt->value[axis];
			return 1;
		}
	}
	return 0;
}

/* ---- Rendering ---------------------------------------------------- */

/* A point's outcome in a word: "plan", "none", or why there is no
 * answer. */
static const char *point_word(const river_sweep_point *pt)
{
	switch (pt->status) {
	case RIVER_OK:
		return pt->solved ? "plan" : "none";
	case RIVER_ELIMIT:
		return "limit";
	case RIVER_ETIMEOUT:
		return "timeout";
	case RIVER_ETOOBIG:
		return "too big";
	case RIVER_ENOMEM:
		return "no memory";
	case RIVER_ECANCELED:
		return "canceled";
	case RIVER_ESYNTAX:
	case RIVER_EPUZZLE:
	case RIVER_EIO:
	case RIVER_EINVAL:
		return "invalid";
	default:
		return "error";
	}
}

/* The point's cell: the optimum, or the word. */
static void cell_text(char *cell, size_t size, const river_sweep_point *pt)
{
	if (pt->status == RIVER_OK && pt->solved)
		snprintf(cell, size, "%llu", pt->optimum);
	else
		snprintf(cell, size, "%s", point_word(pt));
}

/* "n=3, seats=2": where the point is. */
static void put_where(struct buf *b, const river_sweep *s,
		      const river_sweep_point *pt)
{
	size_t a;

	for (a = 0; a < s->n_axes; a++)
		buf_printf(b, "%s%s=%lld", a ? ", " : "", s->axes[a].name,
			   pt->value[a]);
}

static const char *objective(const river_sweep *s)
{
	return s->least_time ? "time" : "crossings";
}

/* The axis the smallest values are given for (the other one), or -1
 * with one axis. */
static int by_axis(const river_sweep *s)
{
	return s->n_axes == 2 ? 1 - s->smallest : -1;
}

/* How many smallest values there are: one per value of the other axis. */
static size_t n_smallest(const river_sweep *s)
{
	if (s->smallest < 0)
		return 0;
	return s->smallest == 0 ? s->columns : s->rows;
}

/* The k-th smallest value: a number, "none" or "unknown". */
static void smallest_text(char *text, size_t size, const river_sweep *s,
			  size_t k)
{
	long long v;
	int found = river_sweep_smallest(s, k, &v);

	if (found > 0)
		snprintf(text, size, "%lld", v);
	else
		snprintf(text, size, "%s", found == 0 ? "none" : "unknown");
}

static void put_smallest_text(struct buf *b, const river_sweep *s)
{
	int by = by_axis(s);
	size_t k, n = n_smallest(s), width = 2;
	char value[32];

	if (!n)
		return;
	buf_printf(b, "\nThe smallest %s with a plan", s->axes[s->smallest].name);
	if (by < 0) {
		smallest_text(value, sizeof value, s, 0);
		buf_printf(b, ": %s.\n", value);
		return;
	}
	buf_printf(b, ", for each %s:\n ", s->axes[by].name);
	for (k = 0; k < n; k++) {
		char item[128];
		int len;

		smallest_text(value, sizeof value, s, k);
		len = snprintf(item, sizeof item, " %s=%lld: %s%s",
			       s->axes[by].name, axis_value(&s->axes[by], k),
			       value, k + 1 < n ? "," : "");
		if (width + (size_t)len > 72) {
			buf_puts(b, "\n ");
			width = 2;
		}
		buf_puts(b, item);
		width += (size_t)len;
	}
	buf_putc(b, '\n');
}

/* The head of column c: the second axis's value, or the objective
 * with one axis. */
static void column_head(char *cell, size_t size, const river_sweep *s,
			size_t c)
{
	if (s->n_axes == 2)
		snprintf(cell, size, "%lld", axis_value(&s->axes[1], c));
	else
		snprintf(cell, size, "%s", objective(s));
}

static int render_text(char **out, const river_sweep *s)
{
	struct buf b;
	char cell[32], head[160];
	size_t r, c, first, width = 1, notes = 0;

	buf_init(&b);
	buf_printf(&b, "%s: the %s\n\n", s->title,
		   s->least_time ? "least time" : "fewest crossings");
	if (s->n_axes == 2)
		snprintf(head, sizeof head, "%s \\ %s", s->axes[0].name,
			 s->axes[1].name);
	else
		snprintf(head, sizeof head, "%s", s->axes[0].name);
	first = strlen(head);
	for (r = 0; r < s->rows; r++) {
		int n = snprintf(cell, sizeof cell, "%lld",
				 axis_value(&s->axes[0], r));

		if ((size_t)n > first)
			first = (size_t)n;
	}
	/* One width for every column of results. */
	for (r = 0; r < s->rows; r++)
		for (c = 0; c < s->columns; c++) {
			cell_text(cell, sizeof cell, river_sweep_at(s, r, c));
			if (strlen(cell) > width)
				width = strlen(cell);
		}
	for (c = 0; c < s->columns; c++) {
		column_head(cell, sizeof cell, s, c);
		if (strlen(cell) > width)
			width = strlen(cell);
	}

	buf_printf(&b, "%-*s", (int)first, head);
	for (c = 0; c < s->columns; c++) {
		column_head(cell, sizeof cell, s, c);
		buf_printf(&b, "  %*s", (int)width, cell);
	}
	buf_putc(&b, '\n');
	for (r = 0; r < s->rows; r++) {
		buf_printf(&b, "%-*lld", (int)first, axis_value(&s->axes[0], r));
		for (c = 0; c < s->columns; c++) {
			const river_sweep_point *pt = river_sweep_at(s, r, c);

			cell_text(cell, sizeof cell, pt);
			buf_printf(&b, "  %*s", (int)width, cell);
			notes += pt->status != RIVER_OK;
		}
		buf_putc(&b, '\n');
	}

	if (notes) {
		buf_printf(&b, "\nNo answer at %zu point%s:\n", notes,
			   notes == 1 ? "" : "s");
		for (r = 0; r < s->rows * s->columns; r++) {
			const river_sweep_point *pt = &s->points[r];

			if (pt->status == RIVER_OK)
				continue;
			buf_puts(&b, "  ");
			put_where(&b, s, pt);
			buf_puts(&b, ": ");
			if (pt->diag->line > 0)
				buf_printf(&b, "%s:%d:%d: ", pt->diag->file,
					   pt->diag->line, pt->diag->column);
			buf_printf(&b, "%s\n", pt->diag->message);
		}
	}
	put_smallest_text(&b, s);
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}

/* A grid of the outcomes, a line a row: the first axis's value, then
 * the columns'; with a smallest of the columns' axis, a last column of
 * them, of the rows' axis, a last row. */
static int render_csv(char **out, const river_sweep *s)
{
	struct buf b;
	char cell[32];
	size_t r, c;

	buf_init(&b);
	buf_puts(&b, s->axes[0].name);
	for (c = 0; c < s->columns; c++) {
		if (s->n_axes == 2)
			buf_printf(&b, ",%s=%lld", s->axes[1].name,
				   axis_value(&s->axes[1], c));
		else
			buf_printf(&b, ",%s", objective(s));
	}
	if (s->smallest == 1)
		buf_printf(&b, ",smallest %s", s->axes[1].name);
	buf_putc(&b, '\n');
	for (r = 0; r < s->rows; r++) {
		buf_printf(&b, "%lld", axis_value(&s->axes[0], r));
		for (c = 0; c < s->columns; c++) {
			cell_text(cell, sizeof cell, river_sweep_at(s, r, c));
			buf_printf(&b, ",%s", cell);
		}
		if (s->smallest == 1) {
			smallest_text(cell, sizeof cell, s, r);
			buf_printf(&b, ",%s", cell);
		}
		buf_putc(&b, '\n');
	}
	if (s->smallest == 0) {
		buf_printf(&b, "smallest %s", s->axes[0].name);
		for (c = 0; c < s->columns; c++) {
			smallest_text(cell, sizeof cell, s, c);
			buf_printf(&b, ",%s", cell);
		}
		buf_putc(&b, '\n');
	}
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}

static void put_json_values(struct buf *b, const river_sweep_axis *a,
			    size_t n)
{
	size_t k;

	buf_putc(b, '[');
	for (k = 0; k < n; k++)
		buf_printf(b, "%s%lld", k ? ", " : "", axis_value(a, k));
	buf_putc(b, ']');
}

static int render_json(char **out, const river_sweep *s)
{
	struct buf b;
	char text[32];
	size_t a, k, n = s->rows * s->columns;

	buf_init(&b);
	buf_puts(&b, "{\n  \"title\": ");
	buf_quote(&b, s->title, QUOTE_JSON);
	buf_printf(&b, ",\n  \"objective\": \"%s\",\n  \"axes\": [",
		   objective(s));
	for (a = 0; a < s->n_axes; a++) {
		buf_puts(&b, a ? ", {\"name\": " : "{\"name\": ");
		buf_quote(&b, s->axes[a].name, QUOTE_JSON);
		buf_puts(&b, ", \"values\": ");
		put_json_values(&b, &s->axes[a], a ? s->columns : s->rows);
		buf_putc(&b, '}');
	}
	buf_puts(&b, "],\n  \"points\": [\n");
	for (k = 0; k < n; k++) {
		const river_sweep_point *pt = &s->points[k];

		buf_puts(&b, "    {");
		for (a = 0; a < s->n_axes; a++) {
			buf_quote(&b, s->axes[a].name, QUOTE_JSON);
			buf_printf(&b, ": %lld, ", pt->value[a]);
		}
		buf_printf(&b, "\"result\": \"%s\"", point_word(pt));
		if (pt->status == RIVER_OK && pt->solved)
			buf_printf(&b, ", \"optimum\": %llu", pt->optimum);
		if (pt->status != RIVER_OK) {
			buf_puts(&b, ", \"message\": ");
			buf_quote(&b, pt->diag->message, QUOTE_JSON);
			if (pt->diag->line > 0)
				buf_printf(&b, ", \"line\": %d, \"column\": %d",
					   pt->diag->line, pt->diag->column);
		}
		buf_puts(&b, k + 1 < n ? "},\n" : "}\n");
	}
	buf_puts(&b, "  ]");
	if (s->smallest >= 0) {
		int by = by_axis(s);

		buf_puts(&b, ",\n  \"smallest\": {\"name\": ");
		buf_quote(&b, s->axes[s->smallest].name, QUOTE_JSON);
		buf_puts(&b, ", \"values\": [");
		for (k = 0; k < n_smallest(s); k++) {
			long long v;
			int found = river_sweep_smallest(s, k, &v);

			buf_puts(&b, k ? ", {" : "{");
			if (by >= 0) {
				buf_quote(&b, s->axes[by].name, QUOTE_JSON);
				buf_printf(&b, ": %lld, ",
					   axis_value(&s->axes[by], k));
			}
			buf_quote(&b, s->axes[s->smallest].name, QUOTE_JSON);
			if (found > 0)
				snprintf(text, sizeof text, "%lld", v);
			else
				snprintf(text, sizeof text, "\"%s\"",
					 found == 0 ? "none" : "unknown");
			buf_printf(&b, ": %s}", text);
		}
		buf_puts(&b, "]}");
	}
	buf_puts(&b, "\n}\n");
	*out = buf_take(&b);
	return *out ? RIVER_OK : RIVER_ENOMEM;
}

/* The chart's layout, px. */
#define CHART_LEFT 60    /* room for the y axis's labels */
#define CHART_TOP 80     /* the title and the caption */
#define CHART_WIDTH 480  /* the plot */
#define CHART_HEIGHT 280
#define CHART_LEGEND 130 /* right of the plot */
#define CHART_LINE 20    /* between lines of text */

static const char *const palette[] = {
	"#1565c0", "#c62828", "#2e7d32", "#ef6c00",
	"#6a1b9a", "#00838f", "#5d4037", "#ad1457",
};

/* A tick step for values up to most: 1, 2 or 5 times a power of ten,
 * at most 8 ticks. */
static unsigned long long tick_step(unsigned long long most)
{
	unsigned long long step = 1;

	for (;;) {
		if (most / step <= 8)
			return step;
		if (most / (2 * step) <= 8)
			return 2 * step;
		if (most / (5 * step) <= 8)
			return 5 * step;
		step *= 10;
	}
}

static unsigned chart_x(const river_sweep *s, size_t r)
{
	if (s->rows == 1)
		return CHART_LEFT + CHART_WIDTH / 2;
	return CHART_LEFT + (unsigned)(r * CHART_WIDTH / (s->rows - 1));
}

static unsigned chart_y(unsigned long long v, unsigned long long top)
{
	return CHART_TOP + CHART_HEIGHT -
	       (unsigned)((double)v / (double)top * CHART_HEIGHT + 0.5);
}

/* The axes, their ticks and names. */
static void put_chart_axes(struct buf *b, const river_sweep *s,
			   unsigned long long top, unsigned long long step)
{
	unsigned bottom = CHART_TOP + CHART_HEIGHT;
	size_t r, every = s->rows > 20 ? (s->rows + 19) / 20 : 1;
	unsigned long long v;
	char label[32];

	for (v = 0; v <= top; v += step) {
		unsigned y = chart_y(v, top);

		buf_printf(b, "<line class=\"grid\" x1=\"%u\" y1=\"%u\" "
			   "x2=\"%u\" y2=\"%u\"/>\n", CHART_LEFT, y,
			   CHART_LEFT + CHART_WIDTH, y);
		snprintf(label, sizeof label, "%llu", v);
		svg_put_text(b, CHART_LEFT - 6, y + 5, CHART_LEFT - 8, "tick",
			     "end", label);
	}
	buf_printf(b, "<path class=\"axis\" d=\"M%u %u V%u H%u\"/>\n",
		   CHART_LEFT, CHART_TOP, bottom, CHART_LEFT + CHART_WIDTH);
	for (r = 0; r < s->rows; r += every) {
		snprintf(label, sizeof label, "%lld", axis_value(&s->axes[0], r));
		svg_put_text(b, chart_x(s, r), bottom + 18, 40, "tick",
			     "middle", label);
	}
	svg_put_text(b, CHART_LEFT + CHART_WIDTH / 2, bottom + 40, CHART_WIDTH,
		     "label", "middle", s->axes[0].name);
	svg_put_text(b, 10, CHART_TOP - 14, CHART_WIDTH, "label", NULL,
		     objective(s));
}

/* Column c's line, through each run of points with a plan, a dot on
 * each with its value as a tooltip, and its entry in the legend. */
static void put_chart_series(struct buf *b, const river_sweep *s, size_t c,
			     unsigned long long top)
{
	const char *colour = palette[c % (sizeof palette / sizeof *palette)];
	unsigned legend = CHART_LEFT + CHART_WIDTH + 20;
	bool drawing = false;
	size_t r;

	buf_printf(b, "<g stroke=\"%s\" fill=\"%s\">\n<path class=\"series\" d=\"",
		   colour, colour);
	for (r = 0; r < s->rows; r++) {
		const river_sweep_point *pt = river_sweep_at(s, r, c);
		bool plan = pt->status == RIVER_OK && pt->solved;

		if (plan)
			buf_printf(b, "%s%c%u %u", r ? " " : "",
				   drawing ? 'L' : 'M', chart_x(s, r),
				   chart_y(pt->optimum, top));
		drawing = plan;
	}
	buf_puts(b, "\"/>\n");
	for (r = 0; r < s->rows; r++) {
		const river_sweep_point *pt = river_sweep_at(s, r, c);

		if (pt->status != RIVER_OK || !pt->solved)
			continue;
		buf_printf(b, "<circle cx=\"%u\" cy=\"%u\" r=\"3\"><title>",
			   chart_x(s, r), chart_y(pt->optimum, top));
		put_where(b, s, pt);
		buf_printf(b, ": %llu</title></circle>\n", pt->optimum);
	}
	buf_puts(b, "</g>\n");
	if (s->n_axes == 2) {
		unsigned y = CHART_TOP + 10 + (unsigned)c * CHART_LINE;
		char label[128];

		buf_printf(b, "<line class=\"key\" stroke=\"%s\" x1=\"%u\" "
			   "y1=\"%u\" x2=\"%u\" y2=\"%u\"/>\n", colour, legend,
			   y - 5, legend + 20, y - 5);
		snprintf(label, sizeof label, "%s=%lld", s->axes[1].name,
			 axis_value(&s->axes[1], c));
		svg_put_text(b, legend + 26, y, CHART_LEGEND - 30, "tick", NULL,
			     label);
	}
}

/* The smallest values under the chart, a few to a line, from baseline
 * y; returns the lines written. */
static unsigned put_chart_smallest(struct buf *b, const river_sweep *s,
				   unsigned width, unsigned y)
{
	struct buf line;
	int by = by_axis(s);
	unsigned lines = 0;
	size_t k, n = n_smallest(s);
	char value[32];

	if (!n)
		return 0;
	buf_init(&line);
	buf_printf(&line, "The smallest %s with a plan",
		   s->axes[s->smallest].name);
	if (by >= 0)
		buf_printf(&line, ", for each %s:", s->axes[by].name);
	for (k = 0; k < n; k++) {
		size_t at = line.len;

		smallest_text(value, sizeof value, s, k);
		if (by >= 0)
			buf_printf(&line, " %s=%lld: %s%s", s->axes[by].name,
				   axis_value(&s->axes[by], k), value,
				   k + 1 < n ? "," : ".");
		else
			buf_printf(&line, ": %s.", value);
		if (!line.failed && line.len > 80 && at > 0) {
			line.data[at] = '\0';
			svg_put_text(b, 10, y + lines++ * CHART_LINE, width,
				     "caption", NULL, line.data);
			memmove(line.data + 1, line.data + at + 1,
				line.len - at);
			line.data[0] = ' ';
			line.len -= at;
		}
	}
	if (line.failed)
		b->failed = true;
	else
		svg_put_text(b, 10, y + lines++ * CHART_LINE, width, "caption",
			     NULL, line.data);
	buf_release(&line);
	return lines;
}

static int render_svg(char **out, const river_sweep *s)
{
	struct buf b, body;
	unsigned long long top = 1, step;
	unsigned width = CHART_LEFT + CHART_WIDTH + CHART_LEGEND, height;
	size_t k, c, lines;
	char caption[256];

	for (k = 0; k < s->rows * s->columns; k++)
		if (s->points[k].status == RIVER_OK && s->points[k].solved &&
		    s->points[k].optimum > top)
			top = s->points[k].optimum;
	step = tick_step(top);
	top = (top + step - 1) / step * step;

	buf_init(&body);
	svg_put_text(&body, 10, 28, width - 20, "title", NULL, s->title);
	if (s->n_axes == 2)
		snprintf(caption, sizeof caption, "The %s by %s, a line for "
			 "each %s; no dot, no plan.",
			 s->least_time ? "least time" : "fewest crossings",
			 s->axes[0].name, s->axes[1].name);
	else
		snprintf(caption, sizeof caption, "The %s by %s; no dot, no "
			 "plan.", s->least_time ? "least time"
						: "fewest crossings",
			 s->axes[0].name);
	svg_put_text(&body, 10, 48, width - 20, "caption", NULL, caption);
	put_chart_axes(&body, s, top, step);
	for (c = 0; c < s->columns; c++)
		put_chart_series(&body, s, c, top);
	height = CHART_TOP + CHART_HEIGHT + 70;
	lines = put_chart_smallest(&body, s, width - 20, height);
	height += (unsigned)lines * CHART_LINE;
	/* A long legend runs below the plot. */
	if (s->n_axes == 2 &&
	    height < CHART_TOP + 20 + (unsigned)s->columns * CHART_LINE)
		height = CHART_TOP + 20 + (unsigned)s->columns * CHART_LINE;

	buf_init(&b);
	svg_begin(&b, width, height, s->title);
	buf_puts(&b, "<style type=\"text/css\"><![CDATA[\n"
		 "text { font-family: sans-serif; font-size: 14px; "
		 "fill: #212121; stroke: none; }\n"
		 ".title { font-size: 18px; font-weight: bold; }\n"
		 ".tick { font-size: 12px; }\n"
		 ".label { font-style: italic; }\n"
		 ".grid { stroke: #e0e0e0; }\n"
		 ".axis { stroke: #424242; fill: none; }\n"
		 ".series { fill: none; stroke-width: 2; }\n"
		 ".key { stroke-width: 2; }\n"
		 "]]></style>\n"
		 "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
	return svg_finish(out, &b, &body);
}

int river_sweep_render(char **out, const river_sweep *sweep,
		       river_format format)
{
	if (out)
		*out = NULL;
	if (!out || !sweep)
		return RIVER_EINVAL;
	switch (format) {
	case RIVER_FORMAT_TEXT:
		return render_text(out, sweep);
	case RIVER_FORMAT_CSV:
		return render_csv(out, sweep);
	case RIVER_FORMAT_JSON:
		return render_json(out, sweep);
	case RIVER_FORMAT_SVG:
		return render_svg(out, sweep);
	default:
		return RIVER_EINVAL;
	}
}
