/* A bump allocator: many small allocations, one free.  The syntax tree
 * and each compiled puzzle live in one, so no error path can leak a
 * node. */
#ifndef RIVER_ARENA_H
#define RIVER_ARENA_H

#include <stddef.h>

struct arena_block;

struct arena {
	struct arena_block *head;
};

void arena_init(struct arena *arena);
void arena_release(struct arena *arena);
/* Zeroed memory, aligned for any type; NULL when out of memory. */
void *arena_alloc(struct arena *arena, size_t size);
/* A NUL-terminated copy of len bytes at s. */
char *arena_strndup(struct arena *arena, const char *s, size_t len);
char *arena_strdup(struct arena *arena, const char *s);

#endif
