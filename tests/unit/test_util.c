/* The library's mechanisms of one owner each: the hash index
 * (util/index.h) against a plain scan of the same entries, and the
 * growable arrays (util/grow.h). */
#include "unit.h"
#include "util/grow.h"
#include "util/hash.h"
#include "util/index.h"

/* Entries kept as an owner keeps them: keys in an array of its own. */
struct owner {
	uint64_t *key;
	size_t n, cap;
	struct hash_index index;
};

struct probe {
	const struct owner *o;
	uint64_t key;
};

static bool same(const void *ctx, size_t entry)
{
	const struct probe *p = ctx;

	return p->o->key[entry] == p->key;
}

/* The hash of key: a poor one when poor (few distinct homes and tags),
 * so that probes run long and tags collide. */
static uint64_t hash_of(uint64_t key, bool poor)
{
	return poor ? (key % 7) << 32 | (key % 3) << 60 : hash_words(&key, 1);
}

static size_t scan(const struct owner *o, uint64_t key)
{
	size_t i;

	for (i = 0; i < o->n; i++)
		if (o->key[i] == key)
			return i;
	return HASH_INDEX_NONE;
}

/* Add key unless there: its entry either way, as the owners do. */
static size_t add(struct owner *o, uint64_t key, bool poor)
{
	struct probe p = {o, key};
	uint64_t h = hash_of(key, poor);
	size_t at = 0, k;

	assert_int_equal(hash_index_reserve(&o->index, o->n + 1), RIVER_OK);
	k = hash_index_find(&o->index, h, same, &p, &at);
	if (k != HASH_INDEX_NONE)
		return k;
	assert_int_equal(array_grow(&o->key, &o->cap, o->n + 1,
				    sizeof *o->key),
			 RIVER_OK);
	o->key[o->n] = key;
	hash_index_put(&o->index, at, h, o->n);
	return o->n++;
}

static void run(bool poor)
{
	struct owner o = {NULL, 0, 0, {NULL, 0, 0}};
	uint64_t x = 12345;
	size_t i, j;

	hash_index_init(&o.index);
	assert_int_equal(hash_index_find(&o.index, 1, same, NULL, NULL),
			 HASH_INDEX_NONE);
	for (i = 0; i < (poor ? 600u : 6000u); i++) {
		uint64_t key;
		size_t want, got;
		struct probe p;

		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		key = (x >> 33) % (poor ? 400 : 3000);
		want = scan(&o, key);
		got = add(&o, key, poor);
		if (want != HASH_INDEX_NONE)
			assert_int_equal(got, want);
		else
			assert_int_equal(got, o.n - 1);
		assert_int_equal(o.index.n, o.n);
		/* At most three quarters full, whatever it grew
		 * through. */
		assert_true(4 * o.index.n <= 3 * o.index.cap);
		p.o = &o;
		p.key = key + 1000000; /* never added */
		assert_int_equal(hash_index_find(&o.index,
						 hash_of(p.key, poor), same,
						 &p, NULL),
				 HASH_INDEX_NONE);
	}
	/* Every entry found where it was put, after all the growing. */
	for (j = 0; j < o.n; j++) {
		struct probe p = {&o, o.key[j]};

		assert_int_equal(hash_index_find(&o.index,
						 hash_of(o.key[j], poor),
						 same, &p, NULL),
				 j);
	}
	/* Cleared for a few: empty, and no larger than a few need. */
	assert_int_equal(hash_index_clear(&o.index, 10), RIVER_OK);
	assert_int_equal(o.index.n, 0);
	assert_int_equal(o.index.cap, 64);
	for (j = 0; j < o.n; j++) {
		struct probe p = {&o, o.key[j]};

		assert_int_equal(hash_index_find(&o.index,
						 hash_of(o.key[j], poor),
						 same, &p, NULL),
				 HASH_INDEX_NONE);
	}
	hash_index_release(&o.index);
	assert_null(o.index.slot);
	free(o.key);
}

static void test_index_as_a_scan(void **state)
{
	(void)state;
	run(false);
}

static void test_index_long_probes(void **state)
{
	(void)state;
	run(true);
}

static void test_index_too_many(void **state)
{
	struct hash_index x;

	(void)state;
	hash_index_init(&x);
	assert_int_equal(hash_index_reserve(&x, UINT32_MAX), RIVER_ENOMEM);
	assert_int_equal(x.cap, 0);
	assert_int_equal(hash_index_reserve(&x, 0), RIVER_OK);
	assert_int_equal(x.cap, 64);
	hash_index_release(&x);
}

static void test_grow(void **state)
{
	int *a = NULL;
	double *b = NULL;
	size_t cap = 0, i;
	const struct grow_array cols[] = {{&a, sizeof *a}, {&b, sizeof *b}};

	(void)state;
	assert_int_equal(array_grow(&a, &cap, 1, sizeof *a), RIVER_OK);
	assert_int_equal(cap, 64);
	for (i = 0; i < 64; i++)
		a[i] = (int)i;
	assert_int_equal(array_grow(&a, &cap, 64, sizeof *a), RIVER_OK);
	assert_int_equal(cap, 64);
	assert_int_equal(array_grow(&a, &cap, 300, sizeof *a), RIVER_OK);
	assert_int_equal(cap, 512);
	for (i = 0; i < 64; i++)
		assert_int_equal(a[i], (int)i);
	/* Too large to count in bytes: refused, the array whole. */
	assert_int_equal(array_grow(&a, &cap, SIZE_MAX / 2, sizeof *a),
			 RIVER_ENOMEM);
	assert_int_equal(cap, 512);
	assert_int_equal(a[63], 63);
	free(a);

	/* Columns of one table: one capacity for both. */
	a = NULL;
	cap = 0;
	assert_int_equal(arrays_grow(&cap, 100, cols, 2), RIVER_OK);
	assert_int_equal(cap, 128);
	a[127] = 7;
	b[127] = 0.5;
	assert_int_equal(arrays_grow(&cap, 129, cols, 2), RIVER_OK);
	assert_int_equal(cap, 256);
	assert_int_equal(a[127], 7);
	assert_true(b[127] == 0.5);
	free(a);
	free(b);

	/* Reserved exactly, never shrunk. */
	a = NULL;
	cap = 0;
	assert_int_equal(array_reserve(&a, &cap, 1000, sizeof *a), RIVER_OK);
	assert_int_equal(cap, 1000);
	assert_int_equal(array_reserve(&a, &cap, 10, sizeof *a), RIVER_OK);
	assert_int_equal(cap, 1000);
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_index_as_a_scan),
		cmocka_unit_test(test_index_long_probes),
		cmocka_unit_test(test_index_too_many),
		cmocka_unit_test(test_grow),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
