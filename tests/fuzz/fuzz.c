/* Helpers for the fuzz targets. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void fuzz_fail(const char *file, int line, const char *what)
{
	fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, what);
	abort();
}

river_puzzle *fuzz_bundled(const char *name)
{
	const char *top = getenv("srcdir");
	char path[4096];
	river_puzzle *p = NULL;
	river_diag diag;

	snprintf(path, sizeof path, "%s/puzzles/%s.puz", top && *top ? top : ".",
		 name);
	if (river_puzzle_load_file(&p, path, &diag) != RIVER_OK) {
		fprintf(stderr, "%s: %s (set srcdir to the source tree)\n", path,
			diag.message);
		abort();
	}
	return p;
}

void fuzz_check_diag(int rc, const river_diag *diag)
{
	FUZZ_ASSERT(rc < 0);
	FUZZ_ASSERT(diag->status == rc);
	FUZZ_ASSERT(diag->message[0] != '\0');
	FUZZ_ASSERT(memchr(diag->message, '\0', sizeof diag->message));
	FUZZ_ASSERT(strcmp(river_strerror(rc), river_strerror(0)) != 0);
}
