#!/bin/sh
# Hints lead to the goal: start with no crossings, follow "river hint"
# one crossing at a time until it says the goal is reached, and the plan
# so built is legal and optimal (river verify says "the fewest" or "the
# least possible"), as long as river solve's plan; and a dead end is one:
# the puzzle started where the player stands has no plan.
. "${srcdir:-.}/tests/lib.sh"

# The names in the boat of the hint in JSON file $1, as a plan line.
next_load() {
	sed -n 's/^  "next": {"boat": \[\([^]]*\)\].*/\1/p' "$1" | tr -d '",'
}

puzzles="wgc bridge-torch bridge-torch-five missionaries-cannibals
jealous-husbands alcuin-brothers"
# With CLI_FIRST_CASES=1 (check-valgrind): the first two, a puzzle of
# crossings and one of time, each followed to its goal.
test "${CLI_FIRST_CASES:-0}" = 1 && puzzles="wgc bridge-torch"
for puz in $puzzles; do
	file=puzzles/$puz.puz
	: >"$tmp/plan"
	steps=0 good=true
	while :; do
		(cd "$srcdir" && run_river hint -f json "$file" "$tmp/plan") \
			>"$tmp/hint" 2>"$tmp/err" || { good=false; break; }
		grep -q '"at_goal": true' "$tmp/hint" && break
		next=$(next_load "$tmp/hint")
		test -n "$next" && test "$steps" -lt 200 || { good=false; break; }
		echo "$next" >>"$tmp/plan"
		steps=$((steps + 1))
	done
	want=$(cd "$srcdir" && run_river solve -q -f json "$file" |
	       sed -n 's/^  "crossings": \([0-9]*\),*$/\1/p')
	(cd "$srcdir" && run_river verify "$file" "$tmp/plan") >"$tmp/verdict"
	if $good && test "$steps" = "$want" &&
	   grep -q ' possible)\.$' "$tmp/verdict"; then
		ok "$puz: the hints make an optimal plan of $steps crossings"
	else
		cat "$tmp/err" "$tmp/verdict" | sed 's/^/# /'
		not_ok "$puz: the hints make $steps crossings, river solve $want"
	fi
done

# Bridge and torch, five walkers: after 1 s and 12 s cross (12 of the
# lamp's 30 s), no plan is left; after 1 s and 3 s (3 s), 26 s are
# needed.  The same puzzle started there, with the lamp's time left,
# agrees.
torch() {
	sed -e '/^param lamp/d' -e 's/time limit lamp/time limit '"$1"'/' \
		"$srcdir/puzzles/bridge-torch-five.puz"
	echo "start boat, $2 on the right"
}
torch 18 'p1, p12' >"$tmp/dead.puz"
torch 27 'p1, p3' >"$tmp/live.puz"
echo 'p12 p1' >"$tmp/dead.txt"
echo 'p1 p3' >"$tmp/live.txt"
(cd "$srcdir" && run_river hint puzzles/bridge-torch-five.puz "$tmp/dead.txt") \
	>"$tmp/out"
hint_status=$?
run_river solve -q "$tmp/dead.puz" >"$tmp/solve"
solve_status=$?
if test "$hint_status" = 1 && test "$solve_status" = 1 &&
   grep -q '^Dead end: no plan from here' "$tmp/out"; then
	ok "a dead end is one: the puzzle started there has no plan"
else
	not_ok "dead end: hint $hint_status, solve from there $solve_status"
fi
(cd "$srcdir" && run_river hint -f json puzzles/bridge-torch-five.puz \
	"$tmp/live.txt") | grep -E '^  "(remaining|time)"' >"$tmp/hint"
run_river solve -q -f json "$tmp/live.puz" |
	grep -E '^  "(crossings|time)"' |
	sed 's/"crossings"/"remaining"/' >"$tmp/want"
if test -s "$tmp/want" && same "$tmp/want" "$tmp/hint"; then
	ok "the time left agrees with a search started there"
else
	not_ok "the time left differs from a search started there"
fi
done_testing
