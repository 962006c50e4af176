#!/bin/sh
# river hardest: the start (or goal) with the longest optimum, checked
# against a search of every start written out as a puzzle of its own
# ("start ... on the right", river(5)) and solved one by one; bridge and
# torch's hardest start (Dave over with the torch: 10 + 17); the
# hardest goal; the hardest variant of a family over -D ranges, as
# river sweep's largest optimum; the limits.
. "${srcdir:-.}/tests/lib.sh"

puzzles=$srcdir/puzzles

# The value of key $1 in the JSON object of file $2 (top level).
json_value() {
	sed -n "s/^  \"$1\": \\([^,]*\\),\\{0,1\\}\$/\\1/p" "$2" | head -n 1
}

# Every start of wolf, goat and cabbage, by hand: each subset of the
# items on the right, the boat on either bank.
best=0 valid=0 plans=0
for mask in $(seq 0 15); do
	right=
	k=0
	for item in farmer wolf goat cabbage; do
		test $(((mask >> k) & 1)) -eq 1 && right="$right${right:+, }$item"
		k=$((k + 1))
	done
	for boat in left right; do
		{
			echo "items farmer, wolf, goat, cabbage"
			echo "boat seats 2"
			echo "rowers farmer"
			echo "wolf eats goat unless farmer"
			echo "goat eats cabbage unless farmer"
			test -n "$right" && echo "start $right on the right"
			echo "start boat on the $boat"
		} >"$tmp/start.puz"
		"$RIVER" solve -q -f json "$tmp/start.puz" >"$tmp/plan.json" \
			2>/dev/null
		status=$?
		test $status -eq 2 && continue
		valid=$((valid + 1))
		test $status -eq 0 || continue
		plans=$((plans + 1))
		n=$(json_value crossings "$tmp/plan.json")
		test "$n" -gt $best && best=$n
	done
done
run_river hardest -f json "$puzzles/wgc.puz" >"$tmp/h.json"
status=$?
if test $status -eq 0 &&
   test "$(json_value tried "$tmp/h.json")" = 32 &&
   test "$(json_value legal "$tmp/h.json")" = $valid &&
   test "$(json_value solvable "$tmp/h.json")" = $plans &&
   test "$(json_value optimum "$tmp/h.json")" = $best; then
	ok "wolf, goat and cabbage: $valid valid starts, $plans with a plan, the hardest $best, as each solved alone"
else
	sed 's/^/# /' "$tmp/h.json" | head -12
	not_ok "wolf, goat and cabbage: $valid valid starts, $plans with a plan, the hardest $best (status $status)"
fi

run_river hardest "$puzzles/bridge-torch.puz" >"$tmp/bt"
if grep -q '^The hardest takes time 27; the puzzle.s own time 17\.' "$tmp/bt"
then
	ok "bridge and torch: the hardest start takes 27 minutes"
else
	sed 's/^/# /' "$tmp/bt" | head -5
	not_ok "bridge and torch: the hardest start takes 27 minutes"
fi

run_river hardest --goal -f json "$puzzles/missionaries-cannibals.puz" \
	>"$tmp/g.json"
if test "$(json_value varied "$tmp/g.json")" = '"goal"' &&
   test "$(json_value optimum "$tmp/g.json")" = 11; then
	ok "missionaries and cannibals: the hardest goal is the usual one, 11"
else
	not_ok "missionaries and cannibals: the hardest goal is the usual one, 11"
fi

# The hardest variant: sweep's largest optimum, and its plan.
run_river sweep -f csv -D n=1..5 -D seats=2..3 \
	"$puzzles/missionaries-cannibals.puz" >"$tmp/sweep.csv"
most=$(awk -F, 'NR > 1 { for (i = 2; i <= NF; i++)
	if ($i != "none" && $i + 0 > m) m = $i + 0 } END { print m }' \
	"$tmp/sweep.csv")
run_river hardest -D n=1..5 -D seats=2..3 \
	"$puzzles/missionaries-cannibals.puz" >"$tmp/v"
status=$?
if test $status -eq 0 && grep -q "^Solved in $most crossings" "$tmp/v" &&
   grep -q 'the hardest variant of 10 (8 with a plan): n=3 seats=2$' "$tmp/v"
then
	ok "the hardest variant of missionaries and cannibals: $most crossings, n=3 seats=2"
else
	sed 's/^/# /' "$tmp/v" | head -3
	not_ok "the hardest variant of missionaries and cannibals: $most crossings (status $status)"
fi

run_river hardest -D n=70 "$puzzles/jealous-husbands.puz" >/dev/null \
	2>"$tmp/err"
status=$?
if test $status -eq 3 && grep -q 'more than 65536 placements' "$tmp/err"
then
	ok "too many placements: status 3, said"
else
	not_ok "too many placements: status 3, said (status $status)"
fi
run_river hardest --goal -D n=1..3 "$puzzles/missionaries-cannibals.puz" \
	>/dev/null 2>&1
test $? -eq 2 && ok "--goal takes no ranges" || not_ok "--goal takes no ranges"
run_river solve --goal "$puzzles/wgc.puz" >/dev/null 2>&1
test $? -eq 2 && ok "--goal is for hardest only" ||
	not_ok "--goal is for hardest only"

done_testing
