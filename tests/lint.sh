#!/bin/sh
# river check --strict (river_lint): what never matters, in puzzles a
# person can check, at the line and column of the rule, the item or the
# parameter; and every rule it says never matters, deleted from the
# text by hand and rated again, gives the same optimum and reachable
# states, on every bundled puzzle (a path apart from the library's own
# change to the compiled model).
. "${srcdir:-.}/tests/lib.sh"

puzzles=$srcdir/puzzles

# $1: a name for the case; then grep's pattern; then the puzzle and
# river's other arguments.
expect_note() {
	what=$1 pattern=$2
	shift 2
	run_river check --strict "$@" >"$tmp/out" 2>&1
	status=$?
	if test $status -eq 0 && grep -q -- "$pattern" "$tmp/out"; then
		ok "$what"
	else
		sed 's/^/# /' "$tmp/out"
		not_ok "$what (status $status)"
	fi
}

expect_note "family and bag: the bag never matters, at its line" \
	"family-and-bag.puz:19:7: note: 'bag' never matters: starting where the goal puts it, the optimum is the same (9 crossings)" \
	"$puzzles/family-and-bag.puz"
expect_note "wolf, goat and cabbage: everything matters" \
	"note: every rule and every item matters" "$puzzles/wgc.puz"
expect_note "wolf, goat and cabbage: two optimal plans" \
	"note: the optimum is not unique: 2 optimal plans, 2 up to symmetry" \
	"$puzzles/wgc.puz"
expect_note "soldiers and boys: a unique optimum" \
	"note: the optimal plan is unique$" "$puzzles/soldiers-and-boys.puz"
expect_note "missionaries and cannibals: 6 to 8 seats take everyone at once" \
	"missionaries-cannibals.puz:[0-9]*:7: note: seats = 6..8 makes the puzzle trivial" \
	"$puzzles/missionaries-cannibals.puz"
printf '%s\n' "items farmer, wolf, goat, cabbage" "boat seats 2" \
	"rowers farmer" "wolf eats goat unless farmer" \
	"goat eats cabbage unless farmer" \
	"at most 1 of wolf, goat, cabbage in the boat" >"$tmp/extra.puz"
expect_note "one passenger at most, in a boat of two rowed by the farmer" \
	"extra.puz:6:1: note: the rule 'at most 1 of wolf, goat and cabbage in the boat' never matters: without it the optimum (7 crossings) and the 10 reachable states are the same" \
	"$tmp/extra.puz"
expect_note "... and the rules that do matter are not named" \
	"^[^ ]*extra.puz: note: the optimum is not unique" "$tmp/extra.puz"
if grep -q "eats .* never matters" "$tmp/out"; then
	not_ok "no eating rule is said not to matter"
else
	ok "no eating rule is said not to matter"
fi
run_river check "$puzzles/wgc.puz" >"$tmp/plain"
if ! grep -q "note:" "$tmp/plain"; then
	ok "check without --strict says no more than before"
else
	not_ok "check without --strict says no more than before"
fi
run_river solve --strict "$puzzles/wgc.puz" >/dev/null 2>"$tmp/err"
status=$?
if test $status -eq 2 && grep -q -- "--strict is for check only" "$tmp/err"
then
	ok "--strict is for check only"
else
	not_ok "--strict is for check only"
fi
run_river check --strict -m 5 "$puzzles/wgc.puz" >/dev/null 2>"$tmp/err"
test $? -eq 3 && ok "check --strict at its state limit: status 3" ||
	not_ok "check --strict at its state limit: status 3"

# The value of key $1 in the JSON object of file $2.
json_value() {
	sed -n "s/^  \"$1\": \\([^,]*\\),\\{0,1\\}\$/\\1/p" "$2"
}

# Every rule a bundled puzzle is told never matters, deleted by hand.
for f in "$puzzles"/*.puz; do
	name=$(basename "$f" .puz)
	run_river check --strict "$f" >"$tmp/notes" 2>/dev/null
	lines=$(sed -n "s/^.*$name\\.puz:\\([0-9]*\\):1: note: the rule .* never matters.*/\\1/p" \
		"$tmp/notes")
	test -n "$lines" || continue
	run_river rate -f json "$f" >"$tmp/with.json"
	for line in $lines; do
		sed "${line}d" "$f" >"$tmp/without.puz"
		run_river rate -f json "$tmp/without.puz" >"$tmp/without.json"
		if test "$(json_value optimum "$tmp/with.json")" = \
			"$(json_value optimum "$tmp/without.json")" &&
		   test "$(json_value states "$tmp/with.json")" = \
			"$(json_value states "$tmp/without.json")"; then
			ok "$name: without line $line, the same optimum and states"
		else
			not_ok "$name: without line $line, the same optimum and states"
		fi
	done
done

done_testing
