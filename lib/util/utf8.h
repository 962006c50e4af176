/* The few UTF-8 facts libriver needs: is the text valid, how many
 * characters a byte range holds (for columns), and how wide a string
 * shows in a terminal (for tables). */
#ifndef RIVER_UTF8_H
#define RIVER_UTF8_H

#include <stddef.h>

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0 when
 * the bytes there are not valid UTF-8. */
size_t utf8_sequence(const unsigned char *s, size_t n);
/* Offset of the first byte that is not valid UTF-8, or len if none. */
size_t utf8_invalid_at(const char *s, size_t len);
/* Characters (code points) in the first len bytes of s. */
size_t utf8_chars(const char *s, size_t len);
/* Terminal columns the NUL-terminated string s takes: emoji count two,
 * joiners, variation selectors and combining marks none. */
size_t utf8_width(const char *s);

#endif
