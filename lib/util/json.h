/* A small JSON reader for what libriver reads back: solvers' answers and
 * plans in river's own JSON.  Values live in an arena. */
#ifndef RIVER_JSON_H
#define RIVER_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING,
		 JSON_ARRAY, JSON_OBJECT };

struct json {
	enum json_type type;
	bool boolean;
	double number;
	const char *string;     /* JSON_STRING: UTF-8, NUL-terminated */
	struct json **items;    /* JSON_ARRAY: values; JSON_OBJECT: values */
	const char **keys;      /* JSON_OBJECT: keys */
	size_t n;
	size_t offset;          /* where the value starts in the text */
};

/* Parse len bytes of text.  NULL on a syntax error, with *error_at set
 * to the byte offset and *error naming what was wrong: JSON_NO_MEMORY
 * (the very pointer) when memory ran out. */
extern const char JSON_NO_MEMORY[];
struct json *json_parse(struct arena *arena, const char *text, size_t len,
			size_t *error_at, const char **error);
/* The member key of an object, or NULL. */
const struct json *json_get(const struct json *object, const char *key);

#endif
