/* Replay a fuzz target's corpus as a plain test: feed every file of
 * tests/fuzz/corpus/TARGET and of its seed folders (or the files and
 * folders named on the command line) to its LLVMFuzzerTestOneInput, with no fuzzer linked,
 * so the corpus runs under any compiler, sanitizer or valgrind. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

/* FUZZ_TARGET names the target's corpus; FUZZ_SEEDS, the other folders
 * of inputs it started from (separated by spaces, from the top of the
 * source tree). */
#ifndef FUZZ_TARGET
#error "FUZZ_TARGET names the target's corpus"
#endif
#ifndef FUZZ_SEEDS
#define FUZZ_SEEDS ""
#endif

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t len = 0, cap = 0, n;

	if (!f) {
		perror(path);
		return 1;
	}
	for (;;) {
		if (len == cap) {
			uint8_t *more;

			cap = cap ? cap * 2 : 4096;
			more = realloc(data, cap);
			if (!more) {
				fprintf(stderr, "%s: out of memory\n", path);
				free(data);
				fclose(f);
				return 1;
			}
			data = more;
		}
		n = fread(data + len, 1, cap - len, f);
		if (n == 0)
			break;
		len += n;
	}
	fclose(f);
	/* An exact-size copy, so that a read past the input is caught. */
	{
		uint8_t *exact = malloc(len ? len : 1);

		if (!exact) {
			free(data);
			return 1;
		}
		if (len)
			memcpy(exact, data, len);
		free(data);
		LLVMFuzzerTestOneInput(exact, len);
		free(exact);
	}
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file of a folder, in name order; *count gets how many. */
static int replay_path(const char *path, size_t *count)
{
	struct stat st;
	DIR *dir;
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, i;
	int failed = 0;

	if (stat(path, &st) != 0) {
		perror(path);
		return 1;
	}
	if (!S_ISDIR(st.st_mode)) {
		(*count)++;
		return replay_file(path);
	}
	dir = opendir(path);
	if (!dir) {
		perror(path);
		return 1;
	}
	while ((e = readdir(dir)) != NULL) {
		char **more;
		size_t size;

		if (e->d_name[0] == '.')
			continue;
		more = realloc(names, (n + 1) * sizeof *names);
		size = strlen(path) + strlen(e->d_name) + 2;
		if (!more || !(more[n] = malloc(size))) {
			fprintf(stderr, "%s: out of memory\n", path);
			abort();
		}
		names = more;
		snprintf(names[n++], size, "%s/%s", path, e->d_name);
	}
	closedir(dir);
	if (n)
		qsort(names, n, sizeof *names, by_name);
	for (i = 0; i < n; i++) {
		failed |= replay_path(names[i], count);
		free(names[i]);
	}
	free(names);
	return failed;
}

int main(int argc, char **argv)
{
	const char *top = getenv("srcdir");
	char folder[4096];
	const char *seeds = FUZZ_SEEDS, *end;
	size_t count = 0;
	int failed = 0, i;

	if (!top || !*top)
		top = ".";
	if (argc > 1) {
		for (i = 1; i < argc; i++)
			failed |= replay_path(argv[i], &count);
	} else {
		const char *check = getenv("RIVER_CHECK");
		char *kept = check ? strdup(check) : NULL;

		/* The fuzzer's own corpus holds pathological inputs (boats of
		 * sixty seats, hundreds of items), every load of whose states
		 * the checking mode (RIVER_CHECK) would try: it runs without
		 * it; the seeds, the bundled and test puzzles, run in it when
		 * it is asked for. */
		unsetenv("RIVER_CHECK");
		snprintf(folder, sizeof folder, "%s/tests/fuzz/corpus/%s", top,
			 FUZZ_TARGET);
		failed = replay_path(folder, &count);
		if (kept)
			setenv("RIVER_CHECK", kept, 1);
		free(kept);
		/* The seeds the corpus grew from, kept in their own folders. */
		for (; *seeds; seeds = *end ? end + 1 : end) {
			end = strchr(seeds, ' ');
			if (!end)
				end = seeds + strlen(seeds);
			snprintf(folder, sizeof folder, "%s/%.*s", top,
				 (int)(end - seeds), seeds);
			failed |= replay_path(folder, &count);
		}
	}
	fuzz_finish();
	printf("%s: %zu input%s replayed\n", FUZZ_TARGET, count,
	       count == 1 ? "" : "s");
	return failed || count == 0;
}
