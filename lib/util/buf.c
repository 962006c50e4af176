#include "util/buf.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "river.h"
#include "util/grow.h"

void buf_init(struct buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
	b->failed = false;
}

void buf_release(struct buf *b)
{
	free(b->data);
	buf_init(b);
}

static bool buf_reserve(struct buf *b, size_t extra)
{
	if (b->failed)
		return false;
	if (extra < b->cap - b->len)
		return true;
	/* Room for the text, extra bytes and the NUL. */
	if (extra > SIZE_MAX - 1 - b->len ||
	    array_grow(&b->data, &b->cap, b->len + extra + 1, 1) != RIVER_OK)
		b->failed = true;
	return !b->failed;
}

void buf_putn(struct buf *b, const char *s, size_t n)
{
	if (!buf_reserve(b, n))
		return;
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void buf_puts(struct buf *b, const char *s)
{
	buf_putn(b, s, strlen(s));
}

void buf_putc(struct buf *b, char c)
{
	buf_putn(b, &c, 1);
}

void buf_pad(struct buf *b, size_t n)
{
	while (n-- > 0)
		buf_putc(b, ' ');
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->failed = true;
		return;
	}
	if (!buf_reserve(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

char *buf_take(struct buf *b)
{
	char *s;

	if (!b->failed && !b->data)
		buf_reserve(b, 0);
	if (b->failed) {
		buf_release(b);
		return NULL;
	}
	s = b->data;
	s[b->len] = '\0';
	buf_init(b);
	return s;
}

void buf_quote(struct buf *b, const char *text, enum buf_quote style)
{
	buf_putc(b, '"');
	for (; *text; text++) {
		unsigned char c = (unsigned char)*text;

		if (c == '"' || c == '\\')
			buf_printf(b, "\\%c", c);
		else if (c == '\n')
			buf_puts(b, "\\n");
		else if (c == '\t')
			buf_puts(b, "\\t");
		else if ((c < 0x20 || c == 0x7F) && style == QUOTE_JSON)
			buf_printf(b, "\\u%04x", c);
		else if (c < 0x20 || c == 0x7F)
			buf_printf(b, "\\x%02x", c); /* read as two digits */
		else
			buf_putc(b, (char)c);
	}
	buf_putc(b, '"');
}
