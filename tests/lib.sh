# Shared by the test scripts: TAP output, and running river the way
# the suite asks (under TEST_WRAPPER, e.g. valgrind, when set).
srcdir=$(cd "${srcdir:-.}" && pwd) || exit 99
tap_count=0
tap_failed=0

ok() {
	tap_count=$((tap_count + 1))
	echo "ok $tap_count - $1"
}

not_ok() {
	tap_count=$((tap_count + 1))
	tap_failed=$((tap_failed + 1))
	echo "not ok $tap_count - $1"
}

skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

# Print the plan last, as TAP allows.
done_testing() {
	echo "1..$tap_count"
	test "$tap_failed" -eq 0
}

# Is the puzzle FILE [ARGS] one of more than two places or more than one
# boat (river(5), Places and boats)?  Its summary says so.
is_places() {
	"$RIVER" check "$@" 2>/dev/null | grep -q '^\(places\|boats\):'
}

run_river() {
	$TEST_WRAPPER "$RIVER" "$@"
}

# Compare expected file $1 with actual file $2; on a difference print
# it as a TAP diagnostic and fail.
same() {
	if cmp -s "$1" "$2"; then
		return 0
	fi
	diff -u "$1" "$2" | sed 's/^/# /'
	return 1
}

# Wait for background process $1, a child of this shell, at most $2
# seconds, and return its exit status.  Past that, kill it, say so as a
# TAP diagnostic, and return 124 (as timeout(1) does), so that a test
# fails rather than hangs.  A zombie has ended and waits to be reaped.
wait_timeout() {
	wt_tries=0
	while test $wt_tries -lt $(($2 * 10)); do
		case $(ps -o stat= -p "$1" 2>/dev/null) in
		'' | Z*) break ;;
		esac
		sleep 0.1
		wt_tries=$((wt_tries + 1))
	done
	case $(ps -o stat= -p "$1" 2>/dev/null) in
	'' | Z*)
		wait "$1"
		return ;;
	esac
	echo "# process $1 did not end within $2 s: killed"
	kill -KILL "$1" 2>/dev/null
	wait "$1"
	return 124
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/river-test.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# Milliseconds on the wall clock.
now_ms() {
	echo $(($(date +%s%N) / 1000000))
}

# river "$@", killed if it runs past $1 seconds: its output in $tmp/out
# (or the file $bounded_out names) and $tmp/err, its status in $rc and
# its wall-clock time in $took (ms).
run_bounded() {
	bound=$1
	shift
	start_ms=$(now_ms)
	timeout -s KILL "$bound" $TEST_WRAPPER "$RIVER" "$@" \
		>"${bounded_out:-$tmp/out}" 2>"$tmp/err"
	rc=$?
	took=$(($(now_ms) - start_ms))
}

# river "$@" sent signal $1 after $2 seconds and killed if it runs past
# $3 seconds: $rc is its status (128 + N when the signal ended it) and
# $took the milliseconds from the signal to its end.  SIGINT is as it
# is by default (a background job of a script ignores it).
run_signalled() {
	sig=$1 delay=$2 bound=$3
	shift 3
	env --default-signal=INT $TEST_WRAPPER "$RIVER" "$@" \
		>"$tmp/out" 2>"$tmp/err" &
	pid=$!
	(sleep "$bound"; kill -KILL "$pid") >/dev/null 2>&1 &
	dog=$!
	sleep "$delay"
	start_ms=$(now_ms)
	kill -"$sig" "$pid" 2>/dev/null
	wait "$pid"
	rc=$?
	took=$(($(now_ms) - start_ms))
	kill "$dog" 2>/dev/null
	wait "$dog" 2>/dev/null
}

# Test NAME: river, given the arguments after the first three, exits
# with status STATUS and says MESSAGE (on its standard error or output).
fails_with() { # STATUS MESSAGE NAME ARGUMENTS...
	want_status=$1 message=$2 name=$3
	shift 3
	run_river "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if test $status -eq "$want_status" &&
	   cat "$tmp/err" "$tmp/out" | grep -q "$message"; then
		ok "$name"
	else
		sed 's/^/# /' "$tmp/err" "$tmp/out"
		not_ok "$name (exit $status)"
	fi
}
