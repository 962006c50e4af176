#include "util/utf8.h"

#include <stdbool.h>
#include <stdint.h>

size_t utf8_sequence(const unsigned char *s, size_t n)
{
	uint32_t cp;
	size_t len, i;

	if (n == 0)
		return 0;
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xC2 && s[0] <= 0xDF) {
		len = 2;
		cp = s[0] & 0x1F;
	} else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
		len = 3;
		cp = s[0] & 0x0F;
	} else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
		len = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	/* Overlong forms, surrogates and values past U+10FFFF are invalid. */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
		return 0;
	return len;
}

size_t utf8_invalid_at(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	while (i < len) {
		size_t n = utf8_sequence(p + i, len - i);

		if (n == 0)
			return i;
		i += n;
	}
	return len;
}

size_t utf8_chars(const char *s, size_t len)
{
	size_t chars = 0, i;

	for (i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			chars++;
	return chars;
}

static uint32_t utf8_decode(const unsigned char *s, size_t *len)
{
	size_t n = utf8_sequence(s, 4);
	uint32_t cp;
	size_t i;

	if (n <= 1) {
		*len = 1;
		return s[0];
	}
	cp = s[0] & (0x7F >> n);
	for (i = 1; i < n; i++)
		cp = (cp << 6) | (s[i] & 0x3F);
	*len = n;
	return cp;
}

static bool is_zero_width(uint32_t cp)
{
	return cp == 0x200D || (cp >= 0xFE00 && cp <= 0xFE0F) ||
	       (cp >= 0x0300 && cp <= 0x036F) ||
	       (cp >= 0x1F3FB && cp <= 0x1F3FF);
}

static bool is_wide(uint32_t cp)
{
	return (cp >= 0x1100 && cp <= 0x115F) ||
	       (cp >= 0x2E80 && cp <= 0xA4CF) ||
	       (cp >= 0xAC00 && cp <= 0xD7A3) ||
	       (cp >= 0xF900 && cp <= 0xFAFF) ||
	       (cp >= 0xFF00 && cp <= 0xFF60) ||
	       (cp >= 0x1F300 && cp <= 0x1FAFF) ||
	       (cp >= 0x2600 && cp <= 0x27BF && cp != 0x2764);
}

size_t utf8_width(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	bool joined = false;
	size_t width = 0;

	while (*p) {
		size_t n;
		uint32_t cp = utf8_decode(p, &n);

		if (cp == 0x200D)
			joined = true;
		else if (joined)
			joined = false; /* drawn inside the emoji before the joiner */
		else if (!is_zero_width(cp))
			width += is_wide(cp) ? 2 : 1;
		p += n;
	}
	return width;
}
