/* The Alcuin number of a graph (river.h): the graph read from graph6,
 * its vertex cover number by brute force, and the least boat found by
 * searching the puzzle the graph makes (a man, the vertices, each edge
 * a pair he must not leave alone), boat by boat, with river_solve. */
#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "abi.h"
#include "util/buf.h"
#include "util/diag.h"

struct graph {
	unsigned n, edges;
	uint32_t adj[RIVER_ALCUIN_MAX_VERTICES]; /* the neighbours of each */
};

/* g from graph6 text: n in its first byte (63 + n; 126 starts a larger
 * n, which is too many here), then the upper triangle of the adjacency
 * matrix column by column, six bits a byte (63 + bits), the first bit
 * highest.  A header ">>graph6<<" may come first. */
static int read_graph6(struct graph *g, const char *s, size_t len,
		       river_diag *diag)
{
	static const char header[] = ">>graph6<<";
	const struct source src = {"graph6", s, len};
	size_t i, k, need;
	unsigned j;

	memset(g, 0, sizeof *g);
	if (len >= sizeof header - 1 &&
	    memcmp(s, header, sizeof header - 1) == 0) {
		s += sizeof header - 1;
		len -= sizeof header - 1;
	}
	if (len == 0)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"an empty line is not a graph in graph6");
	for (i = 0; i < len; i++)
		if (s[i] < 63 || s[i] > 126) {
			struct loc at = {1, (int)i + 1};

			return diag_set(diag, RIVER_EINVAL, &src, &at,
					"'%c' is not a graph6 character "
					"(from '?' to '~')", s[i]);
		}
	if (s[0] == 126)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"more than 62 vertices: at most %d here",
				RIVER_ALCUIN_MAX_VERTICES);
	g->n = (unsigned)(s[0] - 63);
	if (g->n > RIVER_ALCUIN_MAX_VERTICES)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"%u vertices: at most %d here", g->n,
				RIVER_ALCUIN_MAX_VERTICES);
	need = ((size_t)g->n * (g->n - (g->n > 0)) / 2 + 5) / 6;
	if (len - 1 != need)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"a graph of %u vertices is %zu characters in "
				"graph6, not %zu", g->n, need + 1, len);
	k = 0;
	for (j = 1; j < g->n; j++)
		for (i = 0; i < j; i++, k++)
			if ((s[1 + k / 6] - 63) >> (5 - k % 6) & 1) {
				g->adj[i] |= UINT32_C(1) << j;
				g->adj[j] |= UINT32_C(1) << i;
				g->edges++;
			}
	return RIVER_OK;
}

/* The vertex cover number: the fewest vertices touching every edge.
 * A set covers when every vertex left out has all its neighbours in
 * it. */
static unsigned cover_number(const struct graph *g)
{
	uint32_t set, all = g->n ? UINT32_MAX >> (32 - g->n) : 0;
	unsigned best = g->n, v;

	for (set = 0;; set++) {
		unsigned size = (unsigned)__builtin_popcount(set);
		bool covers = size < best;

		for (v = 0; covers && v < g->n; v++)
			if (!(set >> v & 1) && (g->adj[v] & ~set))
				covers = false;
		if (covers)
			best = size;
		if (set == all)
			return best;
	}
}

/* The puzzle of g with a boat for the man and b vertices. */
static void put_puzzle(struct buf *t, const struct graph *g, unsigned b)
{
	unsigned i, j;

	buf_printf(t, "title \"Alcuin\"\nitems man");
	for (i = 0; i < g->n; i++)
		buf_printf(t, ", v%u", i + 1);
	buf_printf(t, "\nboat seats %u\nrowers man\nguard man\n", b + 1);
	for (j = 1; j < g->n; j++)
		for (i = 0; i < j; i++)
			if (g->adj[i] >> j & 1)
				buf_printf(t, "v%u eats v%u\n", i + 1, j + 1);
}

/* Whether a boat for b vertices admits a plan; *crossings, its fewest. */
static int plan_with(const struct graph *g, unsigned b,
		     const river_solve_options *opts, bool *solved,
		     unsigned long long *crossings, river_diag *diag)
{
	struct buf t;
	river_puzzle *p = NULL;
	river_plan *plan = NULL;
	int rc;

	buf_init(&t);
	put_puzzle(&t, g, b);
	if (t.failed) {
		buf_release(&t);
		return diag_set(diag, RIVER_ENOMEM, NULL, NULL,
				"out of memory");
	}
	rc = river_puzzle_load_string(&p, t.data, t.len, "graph", diag);
	buf_release(&t);
	if (rc == RIVER_OK)
		rc = river_solve(&plan, p, opts, diag);
	if (rc == RIVER_OK) {
		*solved = river_plan_solved(plan);
		*crossings = river_plan_crossings(plan);
	}
	river_plan_free(plan);
	river_puzzle_free(p);
	return rc;
}

int river_alcuin_graph6(river_alcuin *out, const char *graph6, size_t len,
			const river_solve_options *opts, river_diag *diag)
{
	river_alcuin a;
	struct graph g;
	unsigned long long crossings = 0;
	bool solved = false;
	unsigned b;
	int rc;

	if (!out || !graph6)
		return diag_set(diag, RIVER_EINVAL, NULL, NULL,
				"invalid argument");
	rc = abi_alcuin_check(out, diag);
	if (rc == RIVER_OK)
		rc = read_graph6(&g, graph6, len, diag);
	if (rc != RIVER_OK)
		return rc;
	memset(&a, 0, sizeof a);
	a.vertices = g.n;
	a.edges = g.edges;
	a.cover = cover_number(&g);
	/* A larger boat takes every load a smaller one does, so the least
	 * boat with a plan is found from tau - 1: up to the first with a
	 * plan, or, should tau - 1 have one (never, the theory says; the
	 * search is asked, not the theory), down while the one below has
	 * one too.  A boat for every vertex has a plan. */
	b = a.cover ? a.cover - 1 : 0;
	rc = plan_with(&g, b, opts, &solved, &crossings, diag);
	while (rc == RIVER_OK && !solved && b < g.n)
		rc = plan_with(&g, ++b, opts, &solved, &crossings, diag);
	a.alcuin = b;
	a.crossings = crossings;
	if (rc == RIVER_OK && b == (a.cover ? a.cover - 1 : 0))
		while (rc == RIVER_OK && a.alcuin > 0) {
			rc = plan_with(&g, a.alcuin - 1, opts, &solved,
				       &crossings, diag);
			if (rc != RIVER_OK || !solved)
				break;
			a.alcuin--;
			a.crossings = crossings;
		}
	if (rc != RIVER_OK)
		return rc;
	abi_alcuin_put(out, &a);
	return RIVER_OK;
}
