/* Fuzz target: a plan, as river verify reads it (river's table, its
 * JSON, or a crossing a line), checked against bundled puzzles: the
 * classic, counted kinds, families and a timed one. */
#include <string.h>

#include "fuzz.h"

static const char *const names[] = {
	"wgc", "missionaries-cannibals", "jealous-husbands", "bridge-torch"
};
#define N_PUZZLES (sizeof names / sizeof names[0])

static river_puzzle *puzzles[N_PUZZLES];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t i;

	for (i = 0; i < N_PUZZLES; i++) {
		river_verdict v;
		river_diag diag;
		int rc;

		if (!puzzles[i])
			puzzles[i] = fuzz_bundled(names[i]);
		memset(&v, 0xA5, sizeof v);
		v.version = RIVER_VERDICT_VERSION;
		rc = river_verify(&v, puzzles[i], (const char *)data, size,
				  "fuzz.plan", &diag);
		if (rc != RIVER_OK) {
			fuzz_check_diag(rc, &diag);
			FUZZ_ASSERT(rc == RIVER_ESYNTAX || rc == RIVER_EIO);
			continue;
		}
		FUZZ_ASSERT(v.legal == 0 || v.legal == 1);
		FUZZ_ASSERT(v.crossings > 0 || !v.legal);
		FUZZ_ASSERT(v.legal ? v.step == 0 && v.reason[0] == '\0'
				    : v.reason[0] != '\0');
		FUZZ_ASSERT(v.step <= v.crossings + 1);
		FUZZ_ASSERT(memchr(v.reason, '\0', sizeof v.reason));
	}
	return 0;
}

void fuzz_finish(void)
{
	size_t i;

	for (i = 0; i < N_PUZZLES; i++) {
		river_puzzle_free(puzzles[i]);
		puzzles[i] = NULL;
	}
}
