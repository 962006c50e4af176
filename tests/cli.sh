#!/bin/sh
# Golden command-line cases: each folder in tests/cli holds
#   cmd     the arguments to river, as shell words (run from the top of
#           the source tree)
#   stdin   optional: fed to river's standard input
#   stdout  the exact expected standard output
#   stderr  optional: the exact expected standard error (else empty)
#   status  the expected exit status
. "${srcdir:-.}/tests/lib.sh"

for case in "$srcdir"/tests/cli/*/; do
	name=$(basename "$case")
	input=/dev/null
	test -f "$case/stdin" && input="$case/stdin"
	(cd "$srcdir" && eval "run_river $(cat "$case/cmd")") \
		<"$input" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if test -f "$case/stderr"; then
		cp "$case/stderr" "$tmp/want-err"
	else
		: >"$tmp/want-err"
	fi
	echo "$status" >"$tmp/status"
	if same "$case/stdout" "$tmp/out" && same "$tmp/want-err" "$tmp/err" &&
	   same "$case/status" "$tmp/status"; then
		ok "$name"
	else
		not_ok "$name"
	fi
done
done_testing
