/* Filling a caller's river_diag. */
#ifndef RIVER_DIAG_H
#define RIVER_DIAG_H

#include <stddef.h>

#include "river.h"

/* The text a diagnostic may point into. */
struct source {
	const char *name;
	const char *text;
	size_t len;
};

/* A place in a source: line and column count from 1, columns in
 * characters; line 0 means "no place". */
struct loc {
	int line;
	int column;
};

/* Record status and message in diag (which may be NULL), with the
 * place and its source line when loc is not NULL; returns status. */
int diag_set(river_diag *diag, int status, const struct source *src,
	     const struct loc *loc, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* diag formatted as river_diag_format does, as a kind of message other
 * than "error" ("note"). */
int diag_format_as(char *buf, size_t size, const river_diag *diag,
		   const char *kind);

/* The location of byte offset in src. */
struct loc source_loc(const struct source *src, size_t offset);

#endif
