/* Load a puzzle, solve it, and walk the plan.
 * Build: cc solve.c $(pkg-config --cflags --libs libriver) */
#include <stdio.h>

#include <river.h>

int main(int argc, char **argv)
{
	river_puzzle *puzzle;
	river_plan *plan;
	river_diag diag;
	char message[2048];
	size_t k, i;

	if (argc != 2) {
		fprintf(stderr, "usage: %s PUZZLE\n", argv[0]);
		return 2;
	}
	if (river_puzzle_load_file(&puzzle, argv[1], &diag) != RIVER_OK) {
		river_diag_format(message, sizeof message, &diag);
		fputs(message, stderr);
		return 2;
	}
	if (river_solve(&plan, puzzle, NULL, &diag) != RIVER_OK) {
		river_diag_format(message, sizeof message, &diag);
		fputs(message, stderr);
		river_puzzle_free(puzzle);
		return 3;
	}
	printf("%s\n", river_puzzle_title(puzzle));
	for (k = 1; k <= river_plan_crossings(plan); k++) {
		printf("%zu:", k);
		for (i = 0; i < river_puzzle_item_count(puzzle); i++) {
			unsigned n = river_plan_item_moved(plan, k, i);

			if (n > 0)
				printf(" %u %s", n, river_puzzle_item_name(puzzle, i));
		}
		printf(" %s\n", river_plan_boat_bank(plan, k) == RIVER_RIGHT
					? "->" : "<-");
	}
	if (river_plan_solved(plan))
		printf("%zu crossings, %llu states explored\n",
		       river_plan_crossings(plan),
		       river_plan_states_explored(plan));
	else
		printf("no solution, %llu states explored\n",
		       river_plan_states_explored(plan));
	river_plan_free(plan);
	river_puzzle_free(puzzle);
	return 0;
}
