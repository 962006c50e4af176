#include "compile/names.h"

#include <string.h>

const struct name_entry *names_find(const struct names *names,
				    const char *name)
{
	const struct name_entry *e;

	for (e = names->first; e; e = e->next)
		if (strcmp(e->name, name) == 0)
			return e;
	return NULL;
}

const struct name_entry *names_add(struct names *names, const char *name,
				   enum name_kind kind, size_t index,
				   struct loc loc, int *oom)
{
	const struct name_entry *old = names_find(names, name);
	struct name_entry *e, **tail;

	if (old)
		return old;
	e = arena_alloc(names->arena, sizeof *e);
	if (!e) {
		*oom = 1;
		return NULL;
	}
	e->name = name;
	e->kind = kind;
	e->index = index;
	e->loc = loc;
	for (tail = &names->first; *tail; tail = &(*tail)->next)
		;
	*tail = e;
	return NULL;
}

static size_t min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;
	return m < c ? m : c;
}

/* Edit distance with transpositions (optimal string alignment), or a
 * number past limit when it exceeds limit or the names are too long. */
static size_t distance(const char *a, const char *b, size_t limit)
{
	enum { MAX = 64 };
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t d[MAX + 1][MAX + 1];

	if (la > MAX || lb > MAX)
		return limit + 1;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++) {
		for (j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];

			d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1,
				       d[i - 1][j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < d[i][j])
				d[i][j] = d[i - 2][j - 2] + 1;
		}
	}
	return d[la][lb];
}

const char *names_suggest(const struct names *names, const char *name)
{
	size_t len = strlen(name);
	size_t limit = len < 4 ? 1 : len / 3 + 1;
	const struct name_entry *e;
	const char *best = NULL;
	size_t best_d = limit + 1;

	for (e = names->first; e; e = e->next) {
		size_t d = distance(name, e->name, limit);

		if (d < best_d) {
			best = e->name;
			best_d = d;
		}
	}
	return best;
}
