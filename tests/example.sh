#!/bin/sh
# The example program of libriver(3) loads, solves and walks a plan.
. "${srcdir:-.}/tests/lib.sh"

example="$abs_top_builddir/examples/solve"
$TEST_WRAPPER "$example" "$srcdir/puzzles/wgc.puz" >"$tmp/out" 2>"$tmp/err"
status=$?
if test $status -eq 0 && grep -q '^7 crossings' "$tmp/out"; then
	ok "examples/solve solves wgc.puz in 7 crossings"
else
	sed 's/^/# /' "$tmp/out" "$tmp/err"
	not_ok "examples/solve solves wgc.puz in 7 crossings"
fi
$TEST_WRAPPER "$example" "$srcdir/tests/bad/no-such-file.puz" >"$tmp/out" 2>"$tmp/err"
status=$?
if test $status -ne 0 && grep -q 'no-such-file.puz: error: cannot open' "$tmp/err"; then
	ok "examples/solve reports a missing file"
else
	sed 's/^/# /' "$tmp/out" "$tmp/err"
	not_ok "examples/solve reports a missing file"
fi
done_testing
