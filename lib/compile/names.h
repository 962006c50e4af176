/* The names a puzzle declares, and the nearest one to a misspelling. */
#ifndef RIVER_NAMES_H
#define RIVER_NAMES_H

#include <stddef.h>

#include "util/arena.h"
#include "util/diag.h"

struct name_entry {
	const char *name;
	size_t item;
	struct loc loc;
	struct name_entry *next;
};

struct names {
	struct arena *arena;
	struct name_entry *first;
};

/* Add name for item; returns the earlier entry if name is taken (and
 * adds nothing), NULL when added.  *oom is set when memory ran out. */
const struct name_entry *names_add(struct names *names, const char *name,
				   size_t item, struct loc loc, int *oom);
const struct name_entry *names_find(const struct names *names,
				    const char *name);
/* The declared name closest to name, or NULL when none is close. */
const char *names_suggest(const struct names *names, const char *name);

#endif
