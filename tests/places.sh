#!/bin/sh
# Places and boats: the literature's numbers for islands (Pressman and
# Singmaster 1989; Dudeney 1917), several boats, least time by way of an
# island, plans of places read back by verify in every form river
# writes them, storyboards and sweeps, the models of every format and
# a fast engine; the commands that do not take a puzzle of places say
# so with exit 2.
. "${srcdir:-.}/tests/lib.sh"

puzzles="$srcdir/puzzles"
field() {
	sed -n "s/^  \"$1\": \\([^,]*\\),\$/\\1/p" "$2"
}

# crossings FILE ARGS...: the fewest crossings river solve finds.
crossings() {
	f=$1
	shift
	run_river solve -f json "$@" "$f" >"$tmp/plan.json" 2>"$tmp/err" &&
		field crossings "$tmp/plan.json"
}

# expect WHAT WANT GOT
expect() {
	if test "$2" = "$3"; then
		ok "$1: $2"
	else
		not_ok "$1: $2 expected, got '$3'"
		sed 's/^/# /' "$tmp/err"
	fi
}

# Jealous husbands, an island, the boat between neighbouring places:
# 8n - 6 crossings.  One couple has no rule to state.
cat >"$tmp/one-couple.puz" <<'EOF'
items husband, wife
boat seats 2
places left bank, island, right bank
the boat may go between left bank and island, island and right bank
EOF
expect "one couple by way of an island" 2 "$(crossings "$tmp/one-couple.puz")"
for n in 2 3 4 5; do
	expect "island husbands, n=$n (8n - 6)" $((8 * n - 6)) \
		"$(crossings "$puzzles/island-husbands.puz" -D n=$n)"
done
# Missionaries and cannibals, an island, any two places: 4n - 1, n >= 3.
for n in 3 4 5 6 10 20; do
	expect "island missionaries, n=$n (4n - 1)" $((4 * n - 1)) \
		"$(crossings "$puzzles/island-missionaries.puz" -D n=$n)"
done
# Jealous husbands, an island, any two places: 4n + 1, n >= 5; and
# Dudeney's four couples in 16, where he printed 17.
for n in 5 6 7; do
	expect "four elopements, n=$n (4n + 1)" $((4 * n + 1)) \
		"$(crossings "$puzzles/four-elopements.puz" -D n=$n)"
done
expect "Dudeney's four elopements" 16 \
	"$(crossings "$puzzles/four-elopements.puz")"

# Two boats: the goat rafts to the island alone, and saves a crossing
# over wolf, goat and cabbage's seven.
expect "a ferry and a raft" 6 "$(crossings "$srcdir/tests/puzzles/two-boats.puz")"
run_river solve "$srcdir/tests/puzzles/two-boats.puz" >"$tmp/out" 2>&1
if grep -q '^1\. The goat goes alone to the island in the raft\.$' "$tmp/out" &&
   grep -q '^step | left bank .* | island .* | right bank .* | boats$' "$tmp/out"; then
	ok "a plan of two boats names the boat of each leg, a column a place"
else
	not_ok "a plan of two boats names the boat of each leg, a column a place"
	sed 's/^/# /' "$tmp/out"
fi

# Least time by way of an island: two torch puzzles of 17 in a row.
run_river solve --count -f json "$srcdir/tests/puzzles/island-ferry-times.puz" \
	>"$tmp/plan.json" 2>"$tmp/err"
expect "least time by way of an island" "34 6" \
	"$(field time "$tmp/plan.json") $(field optimal_plans "$tmp/plan.json")"
sed 's/^minimize time/time limit 30/' \
	"$srcdir/tests/puzzles/island-ferry-times.puz" >"$tmp/limit.puz"
run_river solve "$tmp/limit.puz" >"$tmp/out" 2>&1
expect "within a time limit below the least time: no plan (exit 1)" \
	1 "$?"

# The counts of optimal plans do not depend on the symmetry.
for f in "$puzzles/four-elopements.puz" "$puzzles/island-missionaries.puz" \
	 "$srcdir/tests/puzzles/two-boats.puz" \
	 "$srcdir/tests/puzzles/island-ferry-times.puz"; do
	run_river solve --count -f json "$f" >"$tmp/a.json" 2>"$tmp/err"
	run_river solve --count --no-symmetry -f json "$f" >"$tmp/b.json" \
		2>>"$tmp/err"
	a=$(field optimal_plans "$tmp/a.json")
	b=$(field optimal_plans "$tmp/b.json")
	if test -n "$a" && test "$a" = "$b"; then
		ok "$(basename "$f"): $a optimal plans, with symmetry or without"
	else
		not_ok "$(basename "$f"): $a optimal plans with symmetry, $b without"
		sed 's/^/# /' "$tmp/err"
	fi
done

# The optimal plans themselves: as many listed as counted, all
# different, the first the plan shown.
for f in "$srcdir/tests/puzzles/two-boats.puz" \
	 "$srcdir/tests/puzzles/island-ferry-times.puz" \
	 "$puzzles/island-missionaries.puz"; do
	run_river solve -n 1000 -f json "$f" >"$tmp/all.json" 2>"$tmp/err"
	got=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
plans = [json.dumps(p) for p in d["plans"]]
print(len(plans), len(set(plans)), d["optimal_plans"], d["plan"] == d["plans"][0])
' "$tmp/all.json" 2>>"$tmp/err")
	set -- $got
	if test "$#" -eq 4 && test "$1" = "$3" && test "$2" = "$3" &&
	   test "$4" = True; then
		ok "$(basename "$f"): all $1 optimal plans listed, each once"
	else
		not_ok "$(basename "$f"): plans listed, distinct, counted, first: $got"
		sed 's/^/# /' "$tmp/err"
	fi
done

# With no plan, the states explored up to couples stand for those of
# the puzzle as written: --no-symmetry explores as many.
sed 's/^boat seats 2$/boat seats 1/' "$puzzles/island-husbands.puz" \
	>"$tmp/one-seat.puz"
run_river solve -f json "$tmp/one-seat.puz" >"$tmp/a.json" 2>"$tmp/err"
run_river solve -f json -S "$tmp/one-seat.puz" >"$tmp/b.json" 2>>"$tmp/err"
a=$(field states_in_all "$tmp/a.json")
b=$(field states_explored "$tmp/b.json")
e=$(field states_explored "$tmp/a.json")
if test -n "$a" && test "$a" = "$b" && test "$e" -lt "$a"; then
	ok "no plan: $e states up to couples stand for $a, as -S explores"
else
	not_ok "no plan: $e states up to couples stand for '$a', -S explores '$b'"
	sed 's/^/# /' "$tmp/err"
fi

# Every form of a plan river writes is read back by verify.
for f in "$puzzles/four-elopements.puz" "$srcdir/tests/puzzles/two-boats.puz" \
	 "$srcdir/tests/puzzles/island-ferry-times.puz"; do
	for format in text json; do
		run_river solve -f $format "$f" >"$tmp/plan" 2>"$tmp/err"
		run_river verify "$f" "$tmp/plan" >"$tmp/out" 2>&1
		if grep -q 'legal: .*(the \(fewest\|least\) possible)' "$tmp/out"; then
			ok "$(basename "$f"): its $format plan verifies"
		else
			not_ok "$(basename "$f"): its $format plan verifies"
			sed 's/^/# /' "$tmp/out"
		fi
	done
done
printf 'raft: goat --> island\nferry: farmer cabbage --> right bank\n' \
	>"$tmp/lines"
printf 'farmer --> left bank\nfarmer wolf --> right bank\n' >>"$tmp/lines"
printf 'ferry: farmer --> island\nfarmer goat --> right bank\n' >>"$tmp/lines"
run_river verify "$srcdir/tests/puzzles/two-boats.puz" "$tmp/lines" \
	>"$tmp/out" 2>&1
expect "a plan a line, boats named where it matters" \
	"$tmp/lines: legal: the goal is reached after 6 crossings (the fewest possible)." \
	"$(cat "$tmp/out")"
# Faults, each said of its step.
check_fault() {
	printf '%b' "$2" >"$tmp/bad"
	run_river verify "$3" "$tmp/bad" >"$tmp/out" 2>&1
	if grep -q "$4" "$tmp/out"; then
		ok "verify: $1"
	else
		not_ok "verify: $1"
		sed 's/^/# /' "$tmp/out"
	fi
}
two="$srcdir/tests/puzzles/two-boats.puz"
isl="$puzzles/island-husbands.puz"
check_fault "a leg the routes do not allow" 'ferry: farmer goat --> island\n' \
	"$two" "step 1: the ferry does not go between the left bank and the island"
check_fault "a rule broken on the island" \
	'wife1 husband1 --> island\nhusband1 --> left bank\nhusband2 wife2 --> island\n' \
	"$isl" "step 3: at the island, a rule is broken (wife1 must not be with husband2 unless husband1 everywhere)"
check_fault "a place that is not the puzzle's" 'farmer --> middle\n' \
	"$two" "there is no place 'middle'"
check_fault "where the boat goes, unsaid" 'wife1 husband1\n' \
	"$isl" "step 1: say where the boat goes"
check_fault "a passenger not where the boat is" 'ferry: farmer goat --> right bank\nraft: farmer --> island\n' \
	"$two" "step 2: the farmer is not at the left bank, where the raft is"
run_river verify "$isl" /dev/null >"$tmp/out" 2>&1
expect "an empty plan is a bad plan (exit 2)" 2 "$?"

# Hints: from the start, and from where a plan so far leaves off (the
# time taken counted).
: >"$tmp/none"
run_river hint "$two" "$tmp/none" >"$tmp/out" 2>"$tmp/err"
expect "a hint from the start" \
	"Next: The goat goes alone to the island in the raft. 6 crossings to go." \
	"$(cat "$tmp/out")"
printf 'c d --> island\n' >"$tmp/so-far"
run_river hint "$srcdir/tests/puzzles/island-ferry-times.puz" "$tmp/so-far" \
	>"$tmp/out" 2>"$tmp/err"
expect "a hint after a slow start" \
	"Next: The c goes alone to the near bank. 9 crossings to go, taking 30 time units." \
	"$(cat "$tmp/out")"

# The storyboard: a column a place, each named.
run_river solve -f svg "$srcdir/tests/puzzles/two-boats.puz" >"$tmp/plan.svg" \
	2>"$tmp/err"
if xmllint --noout "$tmp/plan.svg" 2>>"$tmp/err" &&
   test "$(grep -c 'class="place"' "$tmp/plan.svg")" -eq 3 &&
   grep -q '>raft<' "$tmp/plan.svg"; then
	ok "the storyboard of two boats names its three places and its boats"
else
	not_ok "the storyboard of two boats names its three places and its boats"
	sed 's/^/# /' "$tmp/err"
fi

# A sweep over islands: the optimum per n.
run_river sweep -f csv -D n=3..6 "$puzzles/island-missionaries.puz" \
	>"$tmp/sweep.csv" 2>"$tmp/err"
expect "a sweep of the island missionaries" "11 15 19 23" \
	"$(tail -n +2 "$tmp/sweep.csv" | cut -d, -f2 | tr '\n' ' ' | sed 's/ $//')"

# Every model format takes a puzzle of places: each item and boat has a
# place per step, and its default horizon is the place search's plan.
boats="$srcdir/tests/puzzles/two-boats.puz"
for case in "lp:leg_1_0_1_1" "bqm:\"leg_0_2_1_6\"" \
	    "minizinc:array\[BOAT, STEP0\] of var PLACE: boat_at;" \
	    "smt2:(declare-const mover_6 Int)" "ocean:^ROWS = \["; do
	format=${case%%:*}
	marker=${case#*:}
	run_river export --to "$format" "$boats" >"$tmp/model.$format" 2>"$tmp/err"
	status=$?
	if test "$status" -eq 0 && grep -q "$marker" "$tmp/model.$format" &&
	   grep -q "Horizon 6: the default of a puzzle of places" \
		"$tmp/model.$format"; then
		ok "river export --to $format writes a model of places and boats"
	else
		not_ok "river export --to $format writes a model of places and boats (exit $status)"
		sed 's/^/# /' "$tmp/err"
	fi
done
# The LP's binaries grow by what a step holds: per item a place and a
# boarding per place and a choice, per boat a place per place, a leg
# per route and direction, and active_S (the ferry's four, the raft's
# two): with 4 items, 3 places and 2 boats, 4 x 7 + 6 + 6 + 1 = 41,
# over step 0's 18 places.
binaries() {
	run_river export --to lp -H "$1" "$boats" |
		sed -n '/^Binary/,/^End/p' | grep -c '^ '
}
expect "the binaries of the two boats' LP at horizons 6, 7 and 12" \
	"264 305 510" "$(binaries 6) $(binaries 7) $(binaries 12)"
# The Ocean program builds river's own rows: its LP is the LP model.
if command -v python3 >/dev/null 2>&1; then
	python3 "$tmp/model.ocean" --lp | grep -v '^\\' >"$tmp/ocean.lp"
	grep -v '^\\' "$tmp/model.lp" >"$tmp/river.lp"
	if same "$tmp/river.lp" "$tmp/ocean.lp"; then
		ok "the Ocean program of places builds the LP model"
	else
		not_ok "the Ocean program of places builds the LP model"
	fi
else
	ok "the Ocean program of places # SKIP no python3"
fi
# A fast engine finds the place search's optimum, and proves that a
# horizon one short holds no plan (exit 3: no plan within it); its plan
# passes river verify.
if command -v glpsol >/dev/null 2>&1; then
	run_river solve -e glpk -f json "$boats" >"$tmp/glpk.json" 2>"$tmp/err"
	expect "glpk solves the two boats" "6" "$(field crossings "$tmp/glpk.json")"
	run_river verify "$boats" "$tmp/glpk.json" >"$tmp/out" 2>"$tmp/err"
	expect "river verify accepts glpk's plan of two boats (exit)" 0 "$?"
	fails_with 3 "no plan of at most 5 crossings" \
		"glpk finds no plan of two boats within 5 crossings (exit 3)" \
		solve -e glpk -H 5 "$boats"
	# A boat of one seat takes nobody by way of the island safely: the
	# place search proves no plan, the default horizon is 1, and glpk
	# finds none within it (exit 1, as the built-in search).
	sed 's/^boat seats 2$/boat seats 1/' \
		"$puzzles/island-missionaries.puz" >"$tmp/one-seat.puz"
	fails_with 1 "no plan has at most 1 crossing, a bound on every plan by river's place search" \
		"glpk proves no plan of one seat by way of the island (exit 1)" \
		solve -e glpk "$tmp/one-seat.puz"
	if glpsol --lp "$tmp/model.lp" --check >"$tmp/out" 2>&1; then
		ok "glpsol reads the LP of places"
	else
		not_ok "glpsol reads the LP of places"
		sed 's/^/# /' "$tmp/out"
	fi
else
	ok "glpk on places # SKIP glpsol not installed"
fi

# What does not take a puzzle of places says so: exit 2, and why.
for cmd in "explain" "graph" "solve --method layers"; do
	# shellcheck disable=SC2086
	fails_with 2 "more than two places or more than one boat" \
		"river $cmd refuses a puzzle of places (exit 2)" \
		$cmd "$puzzles/four-elopements.puz"
done
done_testing
