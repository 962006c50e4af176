/* Puzzle families for the benchmark: see families.h. */
#define _POSIX_C_SOURCE 200809L

#include "families.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *word;
	unsigned numbers;
	unsigned min[3];
	unsigned max[3];
} shapes[] = {
	[FAMILY_STAR] = {"star", 2, {2, 1, 0}, {30, 30, 0}},
	[FAMILY_CHAIN] = {"chain", 2, {2, 1, 0}, {30, 30, 0}},
	[FAMILY_NONE] = {"none", 2, {1, 1, 0}, {30, 30, 0}},
	[FAMILY_FEW] = {"few", 3, {2, 1, 1}, {30, 30, 15}},
	[FAMILY_JAPANESE] = {"japanese", 2, {1, 1, 0}, {50, 50, 0}},
	[FAMILY_JEALOUS] = {"jealous", 2, {1, 2, 0}, {1000, 1000, 0}},
	[FAMILY_TORCH] = {"torch", 1, {1, 0, 0}, {60, 0, 0}},
};

enum { N_FAMILIES = sizeof shapes / sizeof *shapes };

/* ---- A growable string ------------------------------------------- */

struct text {
	char *s;
	size_t len, cap;
	int failed;
};

static void put(struct text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->failed)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0,
		      fmt, ap);
	va_end(ap);
	if (n < 0) {
		t->failed = 1;
		return;
	}
	if (!t->s || (size_t)n >= t->cap - t->len) {
		size_t cap = t->cap ? t->cap : 256;
		char *s;

		while (cap - t->len <= (size_t)n)
			cap *= 2;
		s = realloc(t->s, cap);
		if (!s) {
			t->failed = 1;
			return;
		}
		t->s = s;
		t->cap = cap;
		va_start(ap, fmt);
		vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
		va_end(ap);
	}
	t->len += (size_t)n;
}

static char *take(struct text *t, char *err, unsigned long errsize)
{
	if (t->failed || !t->s) {
		free(t->s);
		snprintf(err, errsize, "out of memory");
		return NULL;
	}
	return t->s;
}

/* ---- Sizes ------------------------------------------------------- */

bool family_parse(struct family_size *out, char *const *words,
		  char *err, unsigned long errsize)
{
	unsigned f, i;

	memset(out, 0, sizeof *out);
	if (!words[0]) {
		snprintf(err, errsize, "no family named");
		return false;
	}
	for (f = 0; f < N_FAMILIES; f++)
		if (strcmp(words[0], shapes[f].word) == 0)
			break;
	if (f == N_FAMILIES) {
		snprintf(err, errsize, "unknown family '%s' (star, chain, none, "
			 "few, japanese, jealous, torch)", words[0]);
		return false;
	}
	out->family = (enum family)f;
	for (i = 0; i < shapes[f].numbers; i++) {
		const char *w = words[1 + i];
		char *end;
		unsigned long v;

		if (!w) {
			snprintf(err, errsize, "%s takes %u numbers",
				 shapes[f].word, shapes[f].numbers);
			return false;
		}
		errno = 0;
		v = strtoul(w, &end, 10);
		if (errno || *end || end == w || v < shapes[f].min[i] ||
		    v > shapes[f].max[i]) {
			snprintf(err, errsize, "%s: '%s' is not a number from "
				 "%u to %u", shapes[f].word, w, shapes[f].min[i],
				 shapes[f].max[i]);
			return false;
		}
		out->n[i] = (unsigned)v;
	}
	words += 1 + shapes[f].numbers;
	if (*words && strcmp(*words, "every") == 0) {
		out->every = true;
		words++;
	}
	if (*words) {
		snprintf(err, errsize, "unexpected '%s' after the size", *words);
		return false;
	}
	if (f == FAMILY_FEW && 2 * out->n[2] > out->n[0]) {
		snprintf(err, errsize, "few: %u rules need %u items",
			 out->n[2], 2 * out->n[2]);
		return false;
	}
	return true;
}

bool family_parse_string(struct family_size *out, const char *spec,
			 char *err, unsigned long errsize)
{
	char copy[256], *words[8], *save = NULL, *w;
	size_t n = 0;

	snprintf(copy, sizeof copy, "%s", spec);
	for (w = strtok_r(copy, " ", &save); w && n < 7;
	     w = strtok_r(NULL, " ", &save))
		words[n++] = w;
	words[n] = NULL;
	return family_parse(out, words, err, errsize);
}

void family_name(const struct family_size *f, char *buf, unsigned long size)
{
	int n = snprintf(buf, size, "%s", shapes[f->family].word);
	unsigned i;

	for (i = 0; i < shapes[f->family].numbers && n >= 0 &&
		    (unsigned long)n < size; i++)
		n += snprintf(buf + n, size - (unsigned long)n, " %u", f->n[i]);
	if (f->every && n >= 0 && (unsigned long)n < size)
		snprintf(buf + n, size - (unsigned long)n, " every");
}

/* ---- Puzzle text ------------------------------------------------- */

/* The walkers' times: 1, 2, 5, 10, 15, 20, ... */
static unsigned long long walker_time(unsigned i)
{
	return i == 1 ? 1 : i == 2 ? 2 : 5ULL * (i - 2);
}

static char *read_puzzle(const char *dir, const char *name, char *err,
			 unsigned long errsize)
{
	char path[4096];
	struct text t = {0};
	FILE *f;
	int c;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f) {
		snprintf(err, errsize, "%s: %s", path, strerror(errno));
		return NULL;
	}
	put(&t, "%s", "");
	while ((c = getc(f)) != EOF)
		put(&t, "%c", c);
	fclose(f);
	return take(&t, err, errsize);
}

/* Copy text into t, line by line, with each line that starts with one
 * of from[] replaced by to[]. */
static void put_replacing(struct text *t, const char *text,
			  const char *const *from, char *const *to, size_t n)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) + 1 : strlen(text);
		size_t i;

		for (i = 0; i < n; i++)
			if (strncmp(text, from[i], strlen(from[i])) == 0)
				break;
		if (i < n)
			put(t, "%s\n", to[i]);
		else
			put(t, "%.*s", (int)len, text);
		text += len;
	}
}

static void put_farmer_family(struct text *t, const struct family_size *f)
{
	unsigned k = f->n[0], i;

	put(t, "title \"%s %u items, a boat of %u\"\n", shapes[f->family].word,
	    k, f->n[1] + 1);
	put(t, "items farmer");
	for (i = 1; i <= k; i++)
		put(t, ", x%u", i);
	put(t, "\nboat seats %u\nrowers farmer\nguard farmer\n", f->n[1] + 1);
	switch (f->family) {
	case FAMILY_STAR:
		for (i = 2; i <= k; i++)
			put(t, "x1 eats x%u\n", i);
		break;
	case FAMILY_CHAIN:
		for (i = 1; i < k; i++)
			put(t, "x%u eats x%u\n", i, i + 1);
		break;
	case FAMILY_FEW:
		for (i = 1; i <= f->n[2]; i++)
			put(t, "x%u eats x%u\n", 2 * i - 1, 2 * i);
		break;
	default:
		break;
	}
}

char *family_puzzle(const struct family_size *f, const char *puzzledir,
		    char *err, unsigned long errsize)
{
	struct text t = {0};
	char *file = NULL, line[2][128];
	unsigned i;

	switch (f->family) {
	case FAMILY_JAPANESE:
	case FAMILY_JEALOUS: {
		int japanese = f->family == FAMILY_JAPANESE;
		const char *from[2];
		char *to[2] = {line[0], line[1]};

		file = read_puzzle(puzzledir, japanese ? "japanese-family.puz" :
				   "jealous-husbands.puz", err, errsize);
		if (!file)
			return NULL;
		if (japanese) {
			/* One items line names the sons and the daughters. */
			from[0] = "items ";
			snprintf(line[0], sizeof line[0], "items father, mother, "
				 "son[1..%u], daughter[1..%u], policeman, thief",
				 f->n[0], f->n[1]);
			put_replacing(&t, file, from, to, 1);
		} else {
			from[0] = "param n ";
			from[1] = "param seats ";
			snprintf(line[0], sizeof line[0], "param n = %u", f->n[0]);
			snprintf(line[1], sizeof line[1], "param seats = %u",
				 f->n[1]);
			put_replacing(&t, file, from, to, 2);
		}
		free(file);
		break;
	}
	case FAMILY_TORCH:
		put(&t, "title \"Bridge and torch, %u walkers\"\nitems ", f->n[0]);
		for (i = 1; i <= f->n[0]; i++)
			put(&t, "%sw%u (time %llu)", i > 1 ? ", " : "", i,
			    walker_time(i));
		put(&t, "\nboat seats 2\nminimize time\n");
		break;
	default:
		put_farmer_family(&t, f);
		break;
	}
	if (f->every)
		put(&t, "goal boat on the left\n");
	return take(&t, err, errsize);
}

/* ---- Promela ----------------------------------------------------- */

/* The encoding enumerates the loads, one d_step each: more than this
 * makes a model Spin takes too long to compile. */
enum { MAX_LOADS = 20000 };

static unsigned long long binomial(unsigned n, unsigned k)
{
	unsigned long long r = 1;
	unsigned i;

	if (k > n)
		return 0;
	for (i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return r;
}

/* Emit ":: MOVE(mask)" for every set of at most left more passengers
 * among bits from..last, on top of mask. */
static void put_loads(struct text *t, unsigned long mask, unsigned from,
		      unsigned last, unsigned left, int empty_ok)
{
	unsigned i;

	if (mask || empty_ok)
		put(t, "\t:: MOVE(%lu)\n", mask);
	if (!left)
		return;
	for (i = from; i <= last; i++)
		put_loads(t, mask | 1UL << i, i + 1, last, left - 1, 1);
}

char *family_promela(const struct family_size *f, char *err,
		     unsigned long errsize)
{
	struct text t = {0};
	unsigned long long loads = 0;
	unsigned bits, seats, i;
	char name[64];

	if (f->family == FAMILY_JAPANESE || f->family == FAMILY_TORCH) {
		snprintf(err, errsize, "no Promela model for %s",
			 shapes[f->family].word);
		return NULL;
	}
	if (f->family == FAMILY_JEALOUS) {
		bits = 2 * f->n[0];
		seats = f->n[1];
		for (i = 1; i <= seats; i++)
			loads += binomial(bits, i);
	} else {
		bits = f->n[0] + 1;
		seats = f->n[1];
		for (i = 0; i <= seats; i++)
			loads += binomial(bits - 1, i);
	}
	if (bits > 31 || loads > MAX_LOADS) {
		snprintf(err, errsize, "too big for this encoding (%u items, "
			 "%llu loads; at most 31 and %d)", bits, loads, MAX_LOADS);
		return NULL;
	}
	family_name(f, name, sizeof name);
	put(&t, "/* %s, from river-bench --promela.  The state is the bank of\n"
	    " * each item, a bit (0 left, 1 right), and the boat's bank; each\n"
	    " * load is one atomic step that moves it when it is on the boat's\n"
	    " * bank and the banks are legal after the crossing: the reachable\n"
	    " * states are the puzzle's reachable legal states.  There is no\n"
	    " * goal: Spin explores them all.\n */\n", name);
	put(&t, "unsigned bank : %u;\nbit boat;\n\n", bits);
	/* LEGAL is a few operations on the bits whatever the size: one
	 * term a rule would make a model Spin and cc take minutes on. */
	if (f->family == FAMILY_JEALOUS) {
		/* H: the husbands, 1 on the right; W: their wives */
		unsigned long all = (1UL << f->n[0]) - 1;

		put(&t, "#define H (bank & %lu)\n#define W ((bank >> %u) & %lu)\n",
		    all, f->n[0], all);
		put(&t, "/* no wife on the right without her husband while a "
		    "husband is there,\n * nor on the left */\n");
		put(&t, "#define LEGAL (!((W & ~H & %lu) != 0 && H != 0) && \\\n"
		    "\t!((~W & H & %lu) != 0 && H != %lu))\n", all, all, all);
	} else {
		/* S: the items on the bank without the farmer (bit 0) */
		unsigned long pairs = 0, rest = 0;

		if (f->family == FAMILY_STAR)
			rest = ((1UL << bits) - 1) & ~3UL;
		else if (f->family == FAMILY_CHAIN)
			pairs = ((1UL << (bits - 1)) - 1) & ~1UL;
		else if (f->family == FAMILY_FEW)
			for (i = 1; i <= f->n[2]; i++)
				pairs |= 1UL << (2 * i - 1);
		put(&t, "#define S ((bank & 1) -> ~bank : bank)\n");
		if (f->family == FAMILY_STAR)
			put(&t, "/* x1 with any other item there */\n"
			    "#define LEGAL ((S & 2) == 0 || (S & %lu) == 0)\n", rest);
		else if (pairs)
			put(&t, "/* x(i) with x(i+1) there, for the rules' i */\n"
			    "#define LEGAL ((S & (S >> 1) & %lu) == 0)\n", pairs);
		else
			put(&t, "#define LEGAL 1\n");
	}
	put(&t, "#define MOVE(m) d_step { (bank & (m)) == boat * (m) -> \\\n"
	    "\tbank = bank ^ (m); boat = 1 - boat; \\\n"
	    "\tif :: LEGAL -> skip \\\n"
	    "\t:: else -> bank = bank ^ (m); boat = 1 - boat fi }\n\n");
	put(&t, "active proctype crossings()\n{\n\tdo\n");
	if (f->family == FAMILY_JEALOUS)
		put_loads(&t, 0, 0, bits - 1, seats, 0);
	else
		put_loads(&t, 1, 1, bits - 1, seats, 1);
	put(&t, "\tod\n}\n");
	return take(&t, err, errsize);
}

/* ---- Closed forms ------------------------------------------------ */

unsigned long long family_states(const struct family_size *f)
{
	unsigned k = f->n[0], c = f->n[1], i;
	unsigned long long a = 1, b = 1, r;

	if (!f->every)
		return 0;
	switch (f->family) {
	case FAMILY_NONE:
		/* the farmer and the boat together, anything else anywhere */
		return 2ULL << k;
	case FAMILY_STAR:
		/* the bank without the farmer holds x1 alone, or no x1; all
		 * reached when the farmer can take two */
		return c >= 2 ? 2 * ((1ULL << (k - 1)) + 1) : 0;
	case FAMILY_CHAIN:
		/* that bank holds no two neighbours: Fibonacci(k + 2) ways,
		 * all reached when the boat can take half the chain */
		if (c < k / 2)
			return 0;
		for (i = 0; i < k; i++) {
			r = a + b;
			a = b;
			b = r;
		}
		return 2 * b;
	case FAMILY_FEW:
		/* three ways for each pair, two for each other item; all
		 * reached when the boat can take one of each pair */
		if (c < f->n[2])
			return 0;
		r = 2ULL << (k - 2 * f->n[2]);
		for (i = 0; i < f->n[2]; i++)
			r *= 3;
		return r;
	default:
		return 0;
	}
}

static int by_value(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return (x > y) - (x < y);
}

unsigned long long family_optimum(const struct family_size *f)
{
	unsigned long long t[61], best[61];
	unsigned n = f->n[0], i;

	if (f->every)
		return 0;
	if (f->family == FAMILY_NONE)
		/* c across and the farmer back, until the last load */
		return 2 * ((n + f->n[1] - 1) / f->n[1]) - 1;
	if (f->family != FAMILY_TORCH)
		return 0;
	/* Bridge and torch for two: the two fastest ferry the torch, or
	 * the fastest alone escorts each (Rote 2002). */
	for (i = 1; i <= n; i++)
		t[i] = walker_time(i);
	qsort(t + 1, n, sizeof *t, by_value);
	best[1] = t[1];
	if (n >= 2)
		best[2] = t[2];
	if (n >= 3)
		best[3] = t[1] + t[2] + t[3];
	for (i = 4; i <= n; i++) {
		unsigned long long one = best[i - 1] + t[1] + t[i];
		unsigned long long two = best[i - 2] + t[1] + 2 * t[2] + t[i];

		best[i] = one < two ? one : two;
	}
	return best[n];
}
