#include "util/diag.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/utf8.h"

const char *river_strerror(int status)
{
	switch (status) {
	case RIVER_OK:
		return "success";
	case RIVER_EINVAL:
		return "invalid argument";
	case RIVER_ENOMEM:
		return "out of memory";
	case RIVER_EIO:
		return "cannot read the puzzle";
	case RIVER_ESYNTAX:
		return "syntax error";
	case RIVER_EPUZZLE:
		return "invalid puzzle";
	case RIVER_ELIMIT:
		return "search limit reached";
	case RIVER_EINTERNAL:
		return "internal error";
	case RIVER_ETOOBIG:
		return "puzzle too big to search";
	case RIVER_ENOENGINE:
		return "engine not installed";
	case RIVER_EENGINE:
		return "engine failed";
	case RIVER_EUNSUPPORTED:
		return "not supported by the model formats";
	case RIVER_ETIMEOUT:
		return "time limit reached";
	case RIVER_ECANCELED:
		return "canceled";
	case RIVER_EVERSION:
		return "unknown structure version";
	default:
		return "unknown status";
	}
}

static const char *char_start(const char *line, const char *p)
{
	while (p > line && ((unsigned char)*p & 0xC0) == 0x80)
		p--;
	return p;
}

/* Show control characters (NUL too) and broken UTF-8 as '?', one for
 * one, so the line prints safely and the caret still lines up; the
 * first n bytes of s, then a NUL. */
static void make_printable(char *s, size_t n)
{
	unsigned char *p = (unsigned char *)s, *end = p + n;

	while (p < end) {
		size_t k = utf8_sequence(p, (size_t)(end - p));

		if (k == 0 || (k == 1 && ((*p < 0x20 && *p != '\t') || *p == 0x7F))) {
			*p = '?';
			k = 1;
		}
		p += k;
	}
	*end = '\0';
}

/* Copy line `line` of src into diag->source_line: the whole line when
 * it fits, else a window that shows the column, marked with "...". */
static void copy_source_line(river_diag *diag, const struct source *src,
			     int line, int column)
{
	const size_t size = sizeof diag->source_line;
	const char *p = src->text, *end = src->text + src->len, *eol, *at;
	size_t n, skip;
	bool cut;
	int l, c;

	diag->source_column = column;
	for (l = 1; l < line && p < end; l++) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return;
		p++;
	}
	eol = memchr(p, '\n', (size_t)(end - p));
	n = (size_t)((eol ? eol : end) - p);
	if (n > 0 && p[n - 1] == '\r')
		n--;
	if (n < size) {
		memcpy(diag->source_line, p, n);
		make_printable(diag->source_line, n);
		return;
	}
	for (at = p, c = 1; c < column && at < p + n; c++) {
		at++;
		while (at < p + n && ((unsigned char)*at & 0xC0) == 0x80)
			at++;
	}
	skip = (size_t)(at - p) > size / 2 ? (size_t)(at - p) - size / 2 : 0;
	if (skip > 0) {
		const char *from = char_start(p, p + skip + 3);

		memcpy(diag->source_line, "...", 3);
		diag->source_column = 4 + (int)utf8_chars(from, (size_t)(at - from));
		n = (size_t)(p + n - from);
		p = from;
		skip = 3;
	}
	cut = skip + n >= size;
	if (cut)
		n = (size_t)(char_start(p, p + (size - 4 - skip)) - p);
	memcpy(diag->source_line + skip, p, n);
	make_printable(diag->source_line + skip, n);
	if (cut) /* the end is cut too: say so */
		memcpy(diag->source_line + skip + n, "...", 4);
}

int diag_set(river_diag *diag, int status, const struct source *src,
	     const struct loc *loc, const char *fmt, ...)
{
	va_list ap;

	if (!diag)
		return status;
	memset(diag, 0, sizeof *diag);
	diag->status = status;
	if (src && src->name)
		snprintf(diag->file, sizeof diag->file, "%s", src->name);
	va_start(ap, fmt);
	vsnprintf(diag->message, sizeof diag->message, fmt, ap);
	va_end(ap);
	if (src && loc && loc->line > 0) {
		diag->line = loc->line;
		diag->column = loc->column;
		copy_source_line(diag, src, loc->line, loc->column);
	}
	return status;
}

struct loc source_loc(const struct source *src, size_t offset)
{
	struct loc loc = {1, 1};
	const char *line = src->text;
	size_t i;

	for (i = 0; i < offset && i < src->len; i++) {
		if (src->text[i] == '\n') {
			loc.line++;
			line = src->text + i + 1;
		}
	}
	loc.column = (int)utf8_chars(line, (size_t)(src->text + i - line)) + 1;
	return loc;
}

/* Blanks that put the caret under the column: tabs kept, and the text
 * between them replaced by as many spaces as it is wide (so an emoji
 * sequence counts as what it shows, not as its code points). */
static void caret_prefix(char *out, size_t size, const char *line,
			 int column)
{
	char run[sizeof ((river_diag *)0)->source_line];
	const char *p = line;
	size_t n = 0, r = 0, w;
	int col = 1;

	for (;; col++) {
		bool end = !*p || col >= column;

		if (end || *p == '\t') {
			run[r] = '\0';
			for (w = utf8_width(run); w > 0 && n + 1 < size; w--)
				out[n++] = ' ';
			r = 0;
			if (end)
				break;
			if (n + 1 < size)
				out[n++] = '\t';
			p++;
			continue;
		}
		do {
			if (r + 1 < sizeof run)
				run[r++] = *p;
			p++;
		} while (((unsigned char)*p & 0xC0) == 0x80);
	}
	out[n] = '\0';
}

int diag_format_as(char *buf, size_t size, const river_diag *diag,
		   const char *kind)
{
	char prefix[sizeof diag->source_line];
	const char *file;

	if (!buf)
		size = 0; /* measure only */
	if (!diag) {
		if (size > 0)
			buf[0] = '\0';
		return 0;
	}
	file = diag->file[0] ? diag->file : "river";
	if (diag->line <= 0)
		return snprintf(buf, size, "%s: %s: %s\n", file, kind,
				diag->message);
	caret_prefix(prefix, sizeof prefix, diag->source_line,
		     diag->source_column > 0 ? diag->source_column : diag->column);
	return snprintf(buf, size, "%s:%d:%d: %s: %s\n%s\n%s^\n", file,
			diag->line, diag->column, kind, diag->message,
			diag->source_line, prefix);
}

int river_diag_format(char *buf, size_t size, const river_diag *diag)
{
	return diag_format_as(buf, size, diag, "error");
}
