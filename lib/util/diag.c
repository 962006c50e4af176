#include "util/diag.h"

#include <stdarg.h>
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
		return "syntax error in the puzzle";
	case RIVER_EPUZZLE:
		return "invalid puzzle";
	case RIVER_ELIMIT:
		return "search limit reached";
	case RIVER_EINTERNAL:
		return "internal error";
	default:
		return "unknown status";
	}
}

/* Copy the loc->line'th line of src into out, tabs kept, cut to fit. */
static void copy_source_line(char *out, size_t size, const struct source *src,
			     int line)
{
	const char *p = src->text, *end = src->text + src->len, *eol;
	size_t n;
	int l;

	out[0] = '\0';
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
	if (n >= size) {
		/* Cut on a character boundary. */
		n = size - 1;
		while (n > 0 && ((unsigned char)p[n] & 0xC0) == 0x80)
			n--;
	}
	memcpy(out, p, n);
	out[n] = '\0';
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
		copy_source_line(diag->source_line, sizeof diag->source_line,
				 src, loc->line);
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

/* Blanks that put the caret under the column: tabs kept, each
 * character replaced by as many spaces as it is wide. */
static void caret_prefix(char *out, size_t size, const char *line,
			 int column)
{
	const char *p = line;
	size_t n = 0;
	int col = 1;

	while (*p && col < column) {
		char one[5] = {0};
		size_t len = 1, w;

		while (len < 4 && ((unsigned char)p[len] & 0xC0) == 0x80)
			len++;
		memcpy(one, p, len);
		w = *p == '\t' ? 1 : utf8_width(one);
		while (w-- > 0 && n + 1 < size)
			out[n++] = *p == '\t' ? '\t' : ' ';
		p += len;
		col++;
	}
	out[n] = '\0';
}

int river_diag_format(char *buf, size_t size, const river_diag *diag)
{
	char prefix[sizeof diag->source_line];
	const char *file;

	if (!diag) {
		if (size > 0)
			buf[0] = '\0';
		return 0;
	}
	file = diag->file[0] ? diag->file : "river";
	if (diag->line <= 0)
		return snprintf(buf, size, "%s: error: %s\n", file,
				diag->message);
	caret_prefix(prefix, sizeof prefix, diag->source_line, diag->column);
	return snprintf(buf, size, "%s:%d:%d: error: %s\n%s\n%s^\n", file,
			diag->line, diag->column, diag->message,
			diag->source_line, prefix);
}
