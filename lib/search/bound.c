/* A lower bound on the crossings still needed (search/bound.h). */
#include "search/bound.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The relaxed puzzle's table is kept only up to this many entries; a
 * bigger puzzle (copies by the hundred thousand) keeps the plain bound. */
#define BOUND_MAX_TABLE (UINT32_C(1) << 22)

/* The bound where the relaxed puzzle has no end: large, but no pruning
 * (and no overflow when the least-time search weighs it by a time). */
#define BOUND_UNREACHED (UINT32_C(1) << 30)

/* legs[] of the relaxed puzzle: breadth first from its goals, backwards
 * along its moves. */
static int relax(struct places_bound *b, int boat_goal_d)
{
	size_t D = (size_t)b->far + 1, n = (b->psi_cap + 1) * D, head = 0,
	       tail = 0;
	uint32_t *queue = malloc(n * sizeof *queue);
	size_t psi;
	unsigned d;

	b->legs = malloc(n * sizeof *b->legs);
	if (!queue || !b->legs) {
		free(queue);
		free(b->legs);
		b->legs = NULL;
		return RIVER_ENOMEM;
	}
	/* Unreached: a state the relaxed puzzle cannot finish from, where
	 * neither can the puzzle; a large bound, not a pruning. */
	for (psi = 0; psi < n; psi++)
		b->legs[psi] = BOUND_UNREACHED;
	for (d = 0; d <= b->far; d++) {
		if (boat_goal_d >= 0 && d != (unsigned)boat_goal_d)
			continue;
		b->legs[d] = 0;
		queue[tail++] = d;
	}
	while (head < tail) {
		uint32_t at = queue[head++];
		size_t to_psi = at / D;
		unsigned to_d = at % D, from_d, k;

		/* A move from (psi, from_d) to (to_psi, to_d): the boat goes
		 * from a place from_d legs from g to one to_d legs from it,
		 * to_d >= from_d - 1, with k aboard, each to_d - from_d
		 * further. */
		for (from_d = 0; from_d <= b->far && from_d <= to_d + 1;
		     from_d++) {
			if (from_d == to_d)
				continue;
			for (k = 1; k <= b->seats; k++) {
				long long from_psi = (long long)to_psi -
					(long long)k * ((long long)to_d - from_d);
				size_t v;

				if (from_psi < 0 || from_psi > (long long)b->psi_cap)
					continue;
				v = (size_t)from_psi * D + from_d;
				if (b->legs[v] != BOUND_UNREACHED)
					continue;
				b->legs[v] = b->legs[at] + 1;
				queue[tail++] = (uint32_t)v;
			}
		}
	}
	free(queue);
	return RIVER_OK;
}

int bound_init(struct places_bound *b, const struct model *m)
{
	size_t P = m->n_places, i, p, q, r, k;
	unsigned long long psi_max = 0;
	int g = -2;

	memset(b, 0, sizeof *b);
	for (p = 0; p < P; p++)
		for (q = 0; q < P; q++)
			b->dist[p][q] = p == q ? 0 : UINT_MAX;
	for (k = 0; k < m->n_boats; k++) {
		if (m->boats[k].seats > b->seats)
			b->seats = m->boats[k].seats;
		for (p = 0; p < P; p++)
			for (q = 0; q < P; q++)
				if (p != q && ((m->boats[k].routes[p] >> q) & 1))
					b->dist[p][q] = 1;
	}
	for (r = 0; r < P; r++)
		for (p = 0; p < P; p++)
			for (q = 0; q < P; q++)
				if (b->dist[p][r] != UINT_MAX &&
				    b->dist[r][q] != UINT_MAX &&
				    b->dist[p][r] + b->dist[r][q] < b->dist[p][q])
					b->dist[p][q] = b->dist[p][r] +
							b->dist[r][q];
	b->goal_place = malloc((m->n_items ? m->n_items : 1) *
			       sizeof *b->goal_place);
	if (!b->goal_place)
		return RIVER_ENOMEM;
	for (i = 0; i < m->n_items; i++) {
		unsigned copies = m->items[i].is_kind ? m->items[i].copies : 1;

		b->goal_place[i] = -1;
		for (p = 0; p < P && copies; p++)
			if (m->goal.at[i * P + p] == copies)
				b->goal_place[i] = (int)p;
		if (!copies)
			continue;
		if (b->goal_place[i] >= 0)
			b->useful = true;
		/* One goal place for every item that has copies. */
		if (b->goal_place[i] < 0 || (g != -2 && g != b->goal_place[i]))
			g = -1;
		else
			g = b->goal_place[i];
	}
	for (k = 0; k < m->n_boats; k++)
		if (m->goal.boats[k] >= 0)
			b->useful = true;
	if (g < 0 || m->n_boats != 1 || b->seats == 0)
		return RIVER_OK;
	b->g = (unsigned)g;
	for (p = 0; p < P; p++) {
		if (b->dist[p][g] == UINT_MAX)
			return RIVER_OK; /* a place that never reaches g */
		if (b->dist[p][g] > b->far)
			b->far = b->dist[p][g];
	}
	for (i = 0; i < m->n_items; i++)
		psi_max += (unsigned long long)(m->items[i].is_kind ?
						m->items[i].copies : 1) * b->far;
	/* Room above the farthest state for the relaxed moves that carry
	 * one item away before carrying seats back. */
	psi_max += (unsigned long long)(b->far + 1) * (b->seats + 1);
	if ((psi_max + 1) * (b->far + 1) > BOUND_MAX_TABLE)
		return RIVER_OK;
	b->psi_cap = (size_t)psi_max;
	return relax(b, m->goal.boats[0] >= 0 ?
			(int)b->dist[m->goal.boats[0]][g] : -1);
}

void bound_release(struct places_bound *b)
{
	free(b->goal_place);
	free(b->legs);
	memset(b, 0, sizeof *b);
}

uint32_t bound_crossings(const struct places_bound *b, const struct model *m,
			 const unsigned *row)
{
	size_t P = m->n_places, i, p, k;
	unsigned long long psi = 0;
	uint32_t most = 0, boats = 0;

	for (i = 0; i < m->n_items; i++) {
		int g = b->goal_place[i];

		if (g < 0)
			continue;
		for (p = 0; p < P; p++)
			if (row[i * P + p] && b->dist[p][g] != UINT_MAX)
				psi += (unsigned long long)row[i * P + p] *
				       b->dist[p][g];
	}
	for (k = 0; k < m->n_boats; k++) {
		unsigned at = row[m->n_items * P + k];

		if (m->goal.boats[k] >= 0 &&
		    b->dist[at][m->goal.boats[k]] != UINT_MAX &&
		    b->dist[at][m->goal.boats[k]] > boats)
			boats = b->dist[at][m->goal.boats[k]];
	}
	if (b->seats) {
		unsigned long long plain = (psi + b->seats - 1) / b->seats;

		most = plain > BOUND_UNREACHED ? BOUND_UNREACHED : (uint32_t)plain;
	}
	if (boats > most)
		most = boats;
	if (b->legs && psi <= b->psi_cap) {
		unsigned d = b->dist[row[m->n_items * P]][b->g];
		uint32_t relaxed = b->legs[psi * (b->far + 1) + d];

		if (relaxed > most)
			most = relaxed;
	}
	return most;
}
