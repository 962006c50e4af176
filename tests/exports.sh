#!/bin/sh
# The shared library exports river_* and nothing else.
. "${srcdir:-.}/tests/lib.sh"

so="$abs_top_builddir/.libs/libriver.so"
test -f "$so" || skip_all "no shared library built"
test -n "$NM" || skip_all "no nm"
$NM -D --defined-only "$so" | awk '{ print $NF }' |
	grep -v -e '^river_' -e '^_init$' -e '^_fini$' \
		-e '^__asan' -e '^__ubsan' -e '^__odr_asan' -e '^__sancov' \
		>"$tmp/extra"
if same /dev/null "$tmp/extra"; then
	ok "libriver.so exports only river_* symbols"
else
	not_ok "libriver.so exports only river_* symbols"
fi
$NM -D --defined-only "$so" | awk '{ print $NF }' | grep -c '^river_' \
	>"$tmp/count"
if test "$(cat "$tmp/count")" -gt 20; then
	ok "libriver.so exports the API ($(cat "$tmp/count") functions)"
else
	not_ok "libriver.so exports the API"
fi
done_testing
