#include "util/json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char JSON_NO_MEMORY[] = "out of memory";

/* Deeper nesting than this is no answer libriver asked for. */
#define JSON_MAX_DEPTH 64

struct reader {
	struct arena *arena;
	const char *text;
	size_t len, pos;
	const char *error;
};

static void skip_space(struct reader *r)
{
	while (r->pos < r->len && strchr(" \t\r\n", r->text[r->pos]) &&
	       r->text[r->pos])
		r->pos++;
}

static struct json *fail(struct reader *r, const char *what)
{
	if (!r->error)
		r->error = what;
	return NULL;
}

static struct json *new_value(struct reader *r, enum json_type type)
{
	struct json *v = arena_alloc(r->arena, sizeof *v);

	if (!v)
		return fail(r, JSON_NO_MEMORY);
	v->type = type;
	v->offset = r->pos;
	return v;
}

static bool literal(struct reader *r, const char *word)
{
	size_t n = strlen(word);

	if (r->len - r->pos < n || memcmp(r->text + r->pos, word, n) != 0)
		return false;
	r->pos += n;
	return true;
}

static unsigned hex4(const char *s)
{
	unsigned v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		char c = s[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return 0x110000; /* not hex */
	}
	return v;
}

static size_t put_utf8(char *out, unsigned cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	out[0] = (char)(0xE0 | (cp >> 12));
	out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[2] = (char)(0x80 | (cp & 0x3F));
	return 3;
}

/* A string body after its opening quote; escapes undone (\u below
 * U+10000 only, which is all libriver writes). */
static const char *read_string(struct reader *r)
{
	size_t start = r->pos, n = 0;
	char *out;

	while (r->pos < r->len && r->text[r->pos] != '"') {
		/* An escape's character, if the text goes on past it. */
		if (r->text[r->pos] == '\\' && r->pos + 1 < r->len)
			r->pos++;
		r->pos++;
	}
	if (r->pos >= r->len)
		return (const char *)fail(r, "unterminated string");
	out = arena_alloc(r->arena, r->pos - start + 1);
	if (!out)
		return (const char *)fail(r, JSON_NO_MEMORY);
	for (size_t i = start; i < r->pos; i++) {
		char c = r->text[i];

		if (c != '\\') {
			out[n++] = c;
			continue;
		}
		c = r->text[++i];
		switch (c) {
		case 'n': out[n++] = '\n'; break;
		case 't': out[n++] = '\t'; break;
		case 'r': out[n++] = '\r'; break;
		case 'b': out[n++] = '\b'; break;
		case 'f': out[n++] = '\f'; break;
		case 'u':
			if (i + 4 >= r->pos || hex4(r->text + i + 1) > 0xFFFF ||
			    hex4(r->text + i + 1) == 0)
				return (const char *)fail(r, "bad \\u escape");
			n += put_utf8(out + n, hex4(r->text + i + 1));
			i += 4;
			break;
		default:
			out[n++] = c;
		}
	}
	out[n] = '\0';
	r->pos++; /* the closing quote */
	return out;
}

static struct json *read_value(struct reader *r, int depth);

/* Items of an array or members of an object, up to the closing mark. */
static struct json *read_list(struct reader *r, struct json *v, char close,
			      int depth)
{
	size_t cap = 0;

	r->pos++;
	skip_space(r);
	if (r->pos < r->len && r->text[r->pos] == close) {
		r->pos++;
		return v;
	}
	for (;;) {
		const char *key = NULL;
		struct json *item;

		skip_space(r);
		if (close == '}') {
			if (r->pos >= r->len || r->text[r->pos] != '"')
				return fail(r, "expected a key");
			r->pos++;
			key = read_string(r);
			if (!key)
				return NULL;
			skip_space(r);
			if (r->pos >= r->len || r->text[r->pos] != ':')
				return fail(r, "expected ':'");
			r->pos++;
		}
		item = read_value(r, depth + 1);
		if (!item)
			return NULL;
		if (v->n == cap) {
			size_t ncap = cap ? cap * 2 : 8;
			struct json **items = arena_alloc(r->arena,
							  ncap * sizeof *items);
			const char **keys = arena_alloc(r->arena,
							ncap * sizeof *keys);

			if (!items || !keys)
				return fail(r, JSON_NO_MEMORY);
			if (v->n) {
				memcpy(items, v->items, v->n * sizeof *items);
				memcpy(keys, v->keys, v->n * sizeof *keys);
			}
			v->items = items;
			v->keys = keys;
			cap = ncap;
		}
		v->keys[v->n] = key;
		v->items[v->n++] = item;
		skip_space(r);
		if (r->pos < r->len && r->text[r->pos] == ',') {
			r->pos++;
			continue;
		}
		if (r->pos < r->len && r->text[r->pos] == close) {
			r->pos++;
			return v;
		}
		return fail(r, close == ']' ? "expected ',' or ']'"
					    : "expected ',' or '}'");
	}
}

static struct json *read_number(struct reader *r)
{
	struct json *v = new_value(r, JSON_NUMBER);
	char buf[64];
	size_t start = r->pos, n;
	char *end;

	if (!v)
		return NULL;
	while (r->pos < r->len && strchr("+-0123456789.eE", r->text[r->pos]) &&
	       r->text[r->pos])
		r->pos++;
	n = r->pos - start;
	if (n == 0 || n >= sizeof buf)
		return fail(r, "expected a value");
	memcpy(buf, r->text + start, n);
	buf[n] = '\0';
	v->number = strtod(buf, &end);
	if (*end || !isfinite(v->number))
		return fail(r, "bad number");
	return v;
}

static struct json *read_value(struct reader *r, int depth)
{
	struct json *v;
	char c;

	if (depth > JSON_MAX_DEPTH)
		return fail(r, "nested too deeply");
	skip_space(r);
	if (r->pos >= r->len)
		return fail(r, "unexpected end");
	c = r->text[r->pos];
	if (c == '{' || c == '[') {
		v = new_value(r, c == '{' ? JSON_OBJECT : JSON_ARRAY);
		return v ? read_list(r, v, c == '{' ? '}' : ']', depth) : NULL;
	}
	if (c == '"') {
		v = new_value(r, JSON_STRING);
		if (!v)
			return NULL;
		r->pos++;
		v->string = read_string(r);
		return v->string ? v : NULL;
	}
	if (c == 't' || c == 'f' || c == 'n') {
		v = new_value(r, c == 'n' ? JSON_NULL : JSON_BOOL);
		if (v && !literal(r, c == 't' ? "true" : c == 'f' ? "false" : "null"))
			return fail(r, "expected a value");
		if (v)
			v->boolean = c == 't';
		return v;
	}
	return read_number(r);
}

struct json *json_parse(struct arena *arena, const char *text, size_t len,
			size_t *error_at, const char **error)
{
	struct reader r = {arena, text, len, 0, NULL};
	struct json *v = read_value(&r, 0);

	if (v) {
		skip_space(&r);
		if (r.pos < r.len)
			v = fail(&r, "text after the value");
	}
	if (!v) {
		*error_at = r.pos;
		*error = r.error;
	}
	return v;
}

const struct json *json_get(const struct json *object, const char *key)
{
	size_t i;

	if (!object || object->type != JSON_OBJECT)
		return NULL;
	for (i = 0; i < object->n; i++)
		if (strcmp(object->keys[i], key) == 0)
			return object->items[i];
	return NULL;
}
