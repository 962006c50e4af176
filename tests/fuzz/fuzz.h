/* What the fuzz targets share: the libFuzzer entry point each defines,
 * the clean-up the replay driver calls at the end, and a way to stop
 * loudly when an invariant breaks (a finding, for the fuzzer). */
#ifndef RIVER_FUZZ_H
#define RIVER_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "river.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Release what the target keeps between inputs (puzzles loaded once). */
void fuzz_finish(void);

/* Abort, naming the broken invariant, when cond is false. */
#define FUZZ_ASSERT(cond) \
	((cond) ? (void)0 : fuzz_fail(__FILE__, __LINE__, #cond))
_Noreturn void fuzz_fail(const char *file, int line, const char *what);

/* The bundled puzzle puzzles/NAME.puz, found under $srcdir (or the
 * current folder); aborts when it cannot be loaded. */
river_puzzle *fuzz_bundled(const char *name);

/* A failed call's diagnostic must carry its status and a message. */
void fuzz_check_diag(int rc, const river_diag *diag);

#endif
