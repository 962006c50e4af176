#!/bin/sh
# river rate: on every bundled puzzle, the figures agree with those
# tests/rate.py recomputes by other means from the graph river graph
# draws (dead ends, first moves, plans, bottlenecks, the random
# player's exact chance), the optimum and the plans with river solve
# --count's; the backward crossings of puzzles a person can check; a
# puzzle too wide for its states rated by its orbits; the limits stop
# it with status 3.  Each bundled puzzle's time is printed.
. "${srcdir:-.}/tests/lib.sh"

py=
command -v python3 >/dev/null 2>&1 && py=python3

# The value of key $1 in the JSON object of file $2 (numbers, booleans).
json_value() {
	sed -n "s/^  \"$1\": \\([^,]*\\),\\{0,1\\}\$/\\1/p" "$2"
}

for f in "$srcdir"/puzzles/*.puz; do
	name=$(basename "$f" .puz)
	start=$(date +%s.%N)
	run_river rate -f json "$f" >"$tmp/rate.json" 2>"$tmp/err"
	status=$?
	took=$(awk -v a="$start" -v b="$(date +%s.%N)" \
		'BEGIN { printf "%.3f", b - a }')
	echo "# $name: $took s"
	"$RIVER" solve -c "$f" >"$tmp/solve" 2>/dev/null
	solved=$?
	if test "$status" -ne "$solved"; then
		not_ok "$name: rate exits $status, solve $solved"
		continue
	fi
	plans=$(sed -n 's/.*; \([0-9]*\) optimal plans\{0,1\}\.$/\1/p' "$tmp/solve")
	if test "$solved" -eq 0 &&
	   test "$(json_value plans "$tmp/rate.json")" != "$plans"; then
		not_ok "$name: rate's plans are solve --count's ($plans)"
	else
		ok "$name: rate's plans are solve --count's"
	fi
	test -n "$py" || continue
	run_river graph -N 1000000 "$f" >"$tmp/graph.dot" 2>/dev/null
	limit=$("$RIVER" check "$f" |
		sed -n 's/.*the least time within a time limit of \([0-9]*\).*/\1/p')
	if $py "$srcdir/tests/rate.py" "$tmp/graph.dot" "$tmp/rate.json" \
		$limit >"$tmp/diff"; then
		ok "$name: every figure as the graph has it"
	else
		sed 's/^/# /' "$tmp/diff"
		not_ok "$name: every figure as the graph has it"
	fi
done

# Backward crossings a person can count.
run_river rate "$srcdir/puzzles/wgc.puz" >"$tmp/wgc"
if grep -q '^backward crossings 1 in every optimal plan$' "$tmp/wgc" &&
   grep -q '^  4\. The farmer brings the goat back\.$' "$tmp/wgc"; then
	ok "wolf, goat and cabbage: the goat brought back at crossing 4"
else
	not_ok "wolf, goat and cabbage: the goat brought back at crossing 4"
fi
run_river rate "$srcdir/puzzles/missionaries-cannibals.puz" >"$tmp/mc"
if grep -q '^backward crossings 1 in every optimal plan$' "$tmp/mc" &&
   grep -q '^  6\. One missionary and one cannibal return\.$' "$tmp/mc"; then
	ok "missionaries and cannibals: a couple rows back at crossing 6"
else
	not_ok "missionaries and cannibals: a couple rows back at crossing 6"
fi
# Interchangeable walkers: the plans up to symmetry are fewer.
echo "items a, b, c, d
boat seats 2" >"$tmp/four.puz"
run_river rate -f json "$tmp/four.puz" >"$tmp/four.json"
if test "$(json_value plans "$tmp/four.json")" -gt \
	"$(json_value plans_up_to_symmetry "$tmp/four.json")"; then
	ok "four alike: fewer plans up to symmetry"
else
	not_ok "four alike: fewer plans up to symmetry"
fi

# Too wide for its states: by orbits.
run_river rate -f json -D n=70 -D seats=4 \
	"$srcdir/puzzles/jealous-husbands.puz" >"$tmp/wide.json"
status=$?
if test "$status" -eq 0 &&
   test "$(json_value orbits "$tmp/wide.json")" = true &&
   test "$(json_value optimum "$tmp/wide.json")" = 137; then
	ok "70 couples: rated by orbits, 137 crossings"
else
	not_ok "70 couples: rated by orbits, 137 crossings (status $status)"
fi

# The limits: status 3 and the puzzle named.
run_river rate -m 5 "$srcdir/puzzles/wgc.puz" >/dev/null 2>"$tmp/err"
status=$?
if test "$status" -eq 3 &&
   grep -q '^.*wgc.puz: error: the search stopped at its limit of 5 states' \
	"$tmp/err"; then
	ok "the state limit: status 3, named"
else
	not_ok "the state limit: status 3, named (status $status)"
fi
run_river rate -T 0.2 -D n=3000 -D seats=5 \
	"$srcdir/puzzles/missionaries-cannibals.puz" >/dev/null 2>"$tmp/err"
status=$?
if test "$status" -eq 3 && grep -q 'time limit of 0.2 seconds' "$tmp/err"
then
	ok "the time limit: status 3"
else
	not_ok "the time limit: status 3 (status $status)"
fi

# A census of variants: each record the rating of that variant alone.
run_river census -f csv -D n=2..4 -D seats=2..3 \
	"$srcdir/puzzles/missionaries-cannibals.puz" >"$tmp/census.csv"
status=$?
bad=0
records=0
while IFS=, read -r n seats optimum plans sym states dead back random bottle
do
	test "$n" = n && continue
	records=$((records + 1))
	run_river rate -f json -D n="$n" -D seats="$seats" \
		"$srcdir/puzzles/missionaries-cannibals.puz" >"$tmp/one.json"
	want_states=$(json_value states "$tmp/one.json")
	want_dead=$(json_value dead_ends "$tmp/one.json")
	if test "$optimum" = none; then
		test "$(json_value solved "$tmp/one.json")" = false || bad=1
	else
		test "$optimum" = "$(json_value optimum "$tmp/one.json")" &&
		test "$plans" = "$(json_value plans "$tmp/one.json")" &&
		test "$bottle" = "$(json_value bottlenecks "$tmp/one.json")" &&
		test "$random" = "$(json_value random_success "$tmp/one.json")" ||
			bad=1
	fi
	test "$states" = "$want_states" && test "$dead" = "$want_dead" || bad=1
done <"$tmp/census.csv"
if test $status -eq 0 && test $records -eq 6 && test $bad -eq 0; then
	ok "a census of 6 variants: each record as river rate rates it"
else
	sed 's/^/# /' "$tmp/census.csv"
	not_ok "a census of 6 variants: each record as river rate rates it"
fi
run_river census -A -D n=2..3 "$srcdir/puzzles/missionaries-cannibals.puz" \
	>/dev/null 2>&1
test $? -eq 2 && ok "census --alcuin takes no ranges" ||
	not_ok "census --alcuin takes no ranges"

done_testing
