#include "util/arena.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { ARENA_BLOCK_SIZE = 16384 };

struct arena_block {
	struct arena_block *next;
	size_t used;
	size_t size;
	alignas(max_align_t) unsigned char data[];
};

void arena_init(struct arena *arena)
{
	arena->head = NULL;
}

void arena_release(struct arena *arena)
{
	struct arena_block *block = arena->head;

	while (block) {
		struct arena_block *next = block->next;
		free(block);
		block = next;
	}
	arena->head = NULL;
}

static struct arena_block *arena_grow(struct arena *arena, size_t need)
{
	size_t size = need > ARENA_BLOCK_SIZE ? need : ARENA_BLOCK_SIZE;
	struct arena_block *block;

	if (size > SIZE_MAX - sizeof *block)
		return NULL;
	block = malloc(sizeof *block + size);
	if (!block)
		return NULL;
	block->used = 0;
	block->size = size;
	block->next = arena->head;
	arena->head = block;
	return block;
}

void *arena_alloc(struct arena *arena, size_t size)
{
	const size_t align = alignof(max_align_t);
	struct arena_block *block = arena->head;
	size_t start;
	void *p;

	if (size > SIZE_MAX - align)
		return NULL;
	size = (size + align - 1) & ~(align - 1);
	if (!block || block->size - block->used < size) {
		block = arena_grow(arena, size);
		if (!block)
			return NULL;
	}
	start = block->used;
	block->used += size;
	p = block->data + start;
	memset(p, 0, size);
	return p;
}

char *arena_strndup(struct arena *arena, const char *s, size_t len)
{
	char *copy;

	if (len == SIZE_MAX)
		return NULL;
	copy = arena_alloc(arena, len + 1);
	if (copy) {
		memcpy(copy, s, len);
		copy[len] = '\0';
	}
	return copy;
}

char *arena_strdup(struct arena *arena, const char *s)
{
	return arena_strndup(arena, s, strlen(s));
}
