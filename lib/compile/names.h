/* The names a puzzle declares, and the nearest one to a misspelling. */
#ifndef RIVER_NAMES_H
#define RIVER_NAMES_H

#include <stddef.h>

#include "util/arena.h"
#include "util/diag.h"

/* What a name stands for. */
enum name_kind {
	NAME_ITEM,   /* an item: index is the model's item */
	NAME_FAMILY, /* a family, "husband": index is the compiler's family */
	NAME_GROUP,  /* a group: index is the compiler's group */
	NAME_PARAM,  /* a parameter: index is the compiler's parameter */
	NAME_BOAT    /* a named boat: index is the model's boat */
};

struct name_entry {
	const char *name;
	enum name_kind kind;
	size_t index;
	struct loc loc;
	struct name_entry *next;
};

struct names {
	struct arena *arena;
	struct name_entry *first;
};

/* Add name for what kind and index say; returns the earlier entry if name is taken (and
 * adds nothing), NULL when added.  *oom is set when memory ran out. */
const struct name_entry *names_add(struct names *names, const char *name,
				   enum name_kind kind, size_t index,
				   struct loc loc, int *oom);
const struct name_entry *names_find(const struct names *names,
				    const char *name);
/* The declared name closest to name, or NULL when none is close. */
const char *names_suggest(const struct names *names, const char *name);

#endif
