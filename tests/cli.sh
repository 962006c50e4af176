#!/bin/sh
# Golden command-line cases: each folder in tests/cli holds
#   cmd     the arguments to river, as shell words (run from the top of
#           the source tree)
#   stdin   optional: fed to river's standard input
#   stdout  the exact expected standard output
#   stderr  optional: the exact expected standard error (else empty)
#   status  the expected exit status
# With CLI_FIRST_CASES=1 (check-valgrind), only the first case of each
# command and first argument ("solve -f", "verify -D"): a path through
# every command and option, not every input.
. "${srcdir:-.}/tests/lib.sh"

seen=" "
for case in "$srcdir"/tests/cli/*/; do
	name=$(basename "$case")
	if test "${CLI_FIRST_CASES:-0}" = 1; then
		path=$(awk '{ print $1 "_" $2; exit }' "$case/cmd")
		case $seen in
		*" $path "*) continue ;;
		esac
		seen="$seen$path "
	fi
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
