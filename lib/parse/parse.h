/* Text to syntax tree. */
#ifndef RIVER_PARSE_H
#define RIVER_PARSE_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "parse/ast.h"
#include "util/arena.h"
#include "util/diag.h"

/* State shared by the scanner and the parser of one parse. */
struct parse_ctx {
	struct arena *arena;
	const struct source *src;
	river_diag *diag;
	int status;        /* RIVER_OK until the first error */
	struct ast *ast;   /* the tree being built */
	int line, column;  /* where the scanner is */
	size_t offset;     /* byte offset of the scanner */
	size_t tok_offset; /* byte offset of the last token */
	size_t tok_len;
	bool ended;        /* the scanner has sent its final end of line */
	jmp_buf *fatal;    /* where the scanner's fatal errors unwind to */
};

/* The scanner over len bytes of text (lexer.l). */
int scanner_open(void **scanner, struct parse_ctx *ctx, const char *text,
		 size_t len);
void scanner_close(void *scanner);

/* Parse src into *ast (allocated in arena).  RIVER_OK, RIVER_ESYNTAX
 * or RIVER_ENOMEM; diag says where and why on failure. */
int parse_source(struct ast *ast, struct arena *arena,
		 const struct source *src, river_diag *diag);

/* Record the first error of this parse. */
void parse_error(struct parse_ctx *ctx, int status, const struct loc *loc,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
