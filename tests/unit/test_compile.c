#include "unit.h"

static void test_placeholder_compile(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);

	(void)state;
	river_puzzle_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_placeholder_compile),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
