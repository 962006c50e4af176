#!/bin/sh
# The Python package (python/river) with pytest: each test a TAP line.
# The library is the build tree's; D-Wave's dimod and neal, for the
# tests of the Ocean models, come from RIVER_OCEAN_PATH or from
# build/ocean.path ("make ocean"), and their tests skip without them
# unless RIVER_REQUIRE_OCEAN=1.
. "${srcdir:-.}/tests/lib.sh"

test "$SANITIZERS" = yes &&
	skip_all "the sanitizers' library cannot be loaded into Python"
py=
for p in ${PYTHON:+"$PYTHON"} python3 /usr/bin/python3; do
	if "$p" -c 'import pytest' 2>/dev/null; then
		py=$p
		break
	fi
done
test -n "$py" ||
	skip_all "no python3 with pytest (Debian: apt-get install python3-pytest)"
ocean=${RIVER_OCEAN_PATH:-$(cat "$abs_top_builddir/build/ocean.path" 2>/dev/null)}
soname=$(sed -n "s/^dlname='\(.*\)'$/\1/p" "$abs_top_builddir/libriver.la" \
	2>/dev/null)
RIVER_LIBRARY="$abs_top_builddir/.libs/$soname"
test -n "$soname" && test -f "$RIVER_LIBRARY" ||
	skip_all "no shared library in the build tree (configure --enable-shared)"
PYTHONPATH="$srcdir/python/tests:$srcdir/python${ocean:+:$ocean}"
export RIVER_LIBRARY PYTHONPATH

# The package looks for the library by the name this build gives it.
if grep -q "^SONAME = \"$soname\"\$" "$srcdir/python/river/_lib.py"; then
	ok "the package's SONAME is the library's, $soname"
else
	not_ok "the package's SONAME is the library's, $soname"
fi

# -p no:cacheprovider: nothing written into the source tree.
(cd "$tmp" && PYTHONDONTWRITEBYTECODE=1 "$py" -m pytest -p no:cacheprovider \
	--rootdir "$srcdir/python" -v -rs --tb=short \
	"$srcdir/python/tests") >"$tmp/log" 2>&1
status=$?
sed 's/^/# /' "$tmp/log"
grep -E ' (PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)( |$)' "$tmp/log" |
	sed 's/ \[ *[0-9]*%\]$//' >"$tmp/results"
while read -r name verdict rest; do
	case $verdict in
	PASSED | XFAIL) ok "$name" ;;
	SKIPPED) tap_count=$((tap_count + 1))
		echo "ok $tap_count - $name # SKIP" ;;
	*) not_ok "$name" ;;
	esac
done <"$tmp/results"
# A run that fails outside any test (an import, a collection error).
case $status in
0 | 1) ;;
*) not_ok "pytest exited with status $status" ;;
esac
done_testing
