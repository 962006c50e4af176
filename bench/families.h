/* Puzzle families for the benchmark, generated at any size: the puzzle
 * text for river, the same puzzle as a Promela model for Spin, and the
 * answers known in closed form. */
#ifndef BENCH_FAMILIES_H
#define BENCH_FAMILIES_H

#include <stdbool.h>

/* A family and its size, as written on the command line or in the
 * benchmark's table, e.g. "star 18 2" or "chain 16 10 every":
 *   star K C       a farmer who rows and guards, items x1..xK, a boat of
 *                  C+1 seats; x1 eats every other item
 *   chain K C      the same, x(i) eats x(i+1) for i < K
 *   none K C       the same, no rule
 *   few K C R      the same, x1 eats x2, x3 eats x4, ...: R rules
 *   japanese S D   puzzles/japanese-family.puz with S sons, D daughters
 *   jealous N S    puzzles/jealous-husbands.puz, N couples, S seats
 *   torch N        bridge and torch, N walkers taking 1, 2, 5, 10, 15,
 *                  20, ... (5 more each), least total time
 * "every" after the size adds "goal boat on the left", a goal no plan
 * reaches, so that the search must visit every reachable state. */
enum family {
	FAMILY_STAR, FAMILY_CHAIN, FAMILY_NONE, FAMILY_FEW,
	FAMILY_JAPANESE, FAMILY_JEALOUS, FAMILY_TORCH
};

struct family_size {
	enum family family;
	unsigned n[3]; /* the numbers after the family's name */
	bool every;
};

/* Read a size from words (a NULL-terminated array); false, with a
 * message in err, when they are not one. */
bool family_parse(struct family_size *out, char *const *words,
		  char *err, unsigned long errsize);
/* The same from one string, words separated by spaces. */
bool family_parse_string(struct family_size *out, const char *spec,
			 char *err, unsigned long errsize);

/* A short name for the size, e.g. "star 18 2 every", into buf. */
void family_name(const struct family_size *f, char *buf, unsigned long size);

/* The puzzle text (malloc'd; NULL when out of memory or a puzzle file
 * under puzzledir cannot be read, with a message in err). */
char *family_puzzle(const struct family_size *f, const char *puzzledir,
		    char *err, unsigned long errsize);

/* The puzzle as a Promela model whose reachable states are the
 * puzzle's reachable legal states, without a goal: Spin explores them
 * all.  NULL, with a message in err, for a family it cannot express
 * (japanese, torch) or when out of memory. */
char *family_promela(const struct family_size *f, char *err,
		     unsigned long errsize);

/* The number of reachable legal states with "every", when a closed form
 * gives it; 0 when none is known. */
unsigned long long family_states(const struct family_size *f);

/* The optimum (fewest crossings, or least time for torch) when a closed
 * form gives it and the goal is reachable; 0 when none is known. */
unsigned long long family_optimum(const struct family_size *f);

#endif
