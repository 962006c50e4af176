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

tmp=$(mktemp -d "${TMPDIR:-/tmp}/river-test.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
