/* A growable NUL-terminated string.  Once an allocation fails the
 * buffer stays failed and later appends do nothing, so a renderer can
 * append freely and check once at the end. */
#ifndef RIVER_BUF_H
#define RIVER_BUF_H

#include <stdbool.h>
#include <stddef.h>

struct buf {
	char *data;
	size_t len;
	size_t cap;
	bool failed;
};

void buf_init(struct buf *b);
void buf_release(struct buf *b);
void buf_putn(struct buf *b, const char *s, size_t n);
void buf_puts(struct buf *b, const char *s);
void buf_putc(struct buf *b, char c);
void buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Append n spaces. */
void buf_pad(struct buf *b, size_t n);
/* text as a string literal in a language: quotes and backslashes
 * escaped, \n and \t, any other control character (below 0x20, or
 * 0x7F) as \xHH (MiniZinc, Python; C-style) or \u00HH (JSON); UTF-8
 * passes through. */
enum buf_quote { QUOTE_C, QUOTE_JSON };
void buf_quote(struct buf *b, const char *text, enum buf_quote style);
/* Hand the string over (the caller frees it); NULL if any append failed. */
char *buf_take(struct buf *b);

#endif
