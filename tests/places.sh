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

# The bound on the crossings left (A*, search/bound.h) against the
# plain search (-M queue: breadth first, or Dijkstra's alone), without
# symmetry: the same optimum and count of optimal plans, in the checking
# mode, which asks at every leg that the bound drops by at most one.
for case in "island-husbands.puz -D n=4" "island-missionaries.puz -D n=7" \
	    "four-elopements.puz" "../tests/puzzles/two-boats.puz" \
	    "../tests/puzzles/island-ferry-times.puz"; do
	# shellcheck disable=SC2086
	set -- $case
	f=$1
	shift
	RIVER_CHECK=1 run_river solve --count -f json "$@" "$puzzles/$f" \
		>"$tmp/a.json" 2>"$tmp/err"
	RIVER_CHECK=1 run_river solve --count -M queue -S -f json "$@" \
		"$puzzles/$f" >"$tmp/b.json" 2>>"$tmp/err"
	a="$(field crossings "$tmp/a.json") $(field time "$tmp/a.json") $(field optimal_plans "$tmp/a.json")"
	b="$(field crossings "$tmp/b.json") $(field time "$tmp/b.json") $(field optimal_plans "$tmp/b.json")"
	if test -n "$(field optimal_plans "$tmp/a.json")" && test "$a" = "$b"; then
		ok "$case: the bound's search agrees with the plain one ($a)"
	else
		not_ok "$case: the bound's search gives '$a', the plain one '$b'"
		sed 's/^/# /' "$tmp/err"
	fi
done
# The bound is why the big islands are quick: missionaries and
# cannibals, n = 1000, 3999 crossings, within 100,000 states (the plain
# search reaches about n^3 / 8 states); jealous husbands, n = 50, 394
# crossings, within 200,000 (the plain one reaches millions by n = 10).
expect "island missionaries, n=1000, within 100000 states" 3999 \
	"$(crossings "$puzzles/island-missionaries.puz" -D n=1000 \
		--max-states 100000)"
expect "island husbands, n=50, within 200000 states" 394 \
	"$(crossings "$puzzles/island-husbands.puz" -D n=50 \
		--max-states 200000)"

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
	"$isl" "step 3: the wife1 is left with the husband2 at the island (wife1 must not be with husband2 unless husband1 everywhere)"
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

# The state graph.  Island missionaries, n = 3: as many states as a
# plain walk of the puzzle's own words reaches (each place's
# missionaries not outnumbered), and the optimal plans those of solve.
reached=$(python3 -c '
n = 3
def safe(s):
    return all(s[p] == 0 or s[3 + p] <= s[p] for p in range(3))
start = (n, 0, 0, n, 0, 0, 0)   # missionaries, cannibals by place; boat
seen, queue = {start}, [start]
for s in queue:
    b = s[6]
    for to in range(3):
        for m in range(3):
            for c in range(3 - m):
                if to == b or m + c == 0 or m > s[b] or c > s[3 + b]:
                    continue
                t = list(s)
                t[b] -= m; t[to] += m; t[3 + b] -= c; t[3 + to] += c
                t[6] = to
                if safe(t) and tuple(t) not in seen:
                    seen.add(tuple(t)); queue.append(tuple(t))
print(len(seen))' 2>"$tmp/err")
run_river graph "$puzzles/island-missionaries.puz" >"$tmp/g.dot" 2>>"$tmp/err"
expect "graph of island missionaries: the states a plain walk reaches" \
	"// $reached states; // 136 optimal plans, 11 crossings" \
	"$(sed -n '1s/, [0-9]* crossings;.*//p' "$tmp/g.dot"); $(sed -n '2p' "$tmp/g.dot")"
if test "$(grep -c '^	s[0-9]* \[' "$tmp/g.dot")" = "$reached" &&
   dot -Tsvg "$tmp/g.dot" 2>"$tmp/dot.err" | xmllint --noout - &&
   ! test -s "$tmp/dot.err"; then
	ok "graph of island missionaries: $reached nodes drawn by dot, no warning"
else
	not_ok "graph of island missionaries: nodes drawn by dot"
	sed 's/^/# /' "$tmp/dot.err"
fi
# Jealous husbands by way of an island and the four elopements: the
# optimum and the plans counted, whole and up to the couples.
for run in "island-husbands 18 21168" "four-elopements 16 677376"; do
	set -- $run
	for reduced in "" --reduced; do
		# shellcheck disable=SC2086
		run_river graph -N 3000 $reduced "$puzzles/$1.puz" >"$tmp/g.dot" \
			2>"$tmp/err"
		expect "graph${reduced:+ $reduced} of $1" \
			"// $3 optimal plans, $2 crossings" \
			"$(grep '^// [0-9]* optimal plans' "$tmp/g.dot")"
	done
done
# With no plan, the graph is every state the search explores.
run_river graph "$tmp/one-seat.puz" >"$tmp/g.dot" 2>"$tmp/err"
run_river solve -S -f json "$tmp/one-seat.puz" >"$tmp/b.json" 2>>"$tmp/err"
expect "graph of a puzzle with no plan: the states solve -S explores" \
	"$(field states_explored "$tmp/b.json") no plan" \
	"$(sed -n '1s/^\/\/ \([0-9]*\) states.*/\1/p' "$tmp/g.dot") $(sed -n '2s/^\/\/ \(no plan\) reaches the goal$/\1/p' "$tmp/g.dot")"
# Two boats: each leg labelled with its boat; --broken draws the legs
# that break a rule, each ending where verify says the rule is broken.
run_river graph --broken "$two" >"$tmp/g.dot" 2>"$tmp/err"
if grep -q '^	s0 -> s[0-9]* \[label="raft: goat"' "$tmp/g.dot" &&
   grep -q '^	s[0-9]* -> s[0-9]* \[label="ferry: farmer goat"' "$tmp/g.dot" &&
   ! grep -q -e '-> [sx][0-9]* \[x*label="[^:]*"' "$tmp/g.dot"; then
	ok "graph of two boats: every leg labelled with its boat"
else
	not_ok "graph of two boats: every leg labelled with its boat"
fi
moves=0 good=true
grep '^	s0 -> x[0-9]* ' "$tmp/g.dot" >"$tmp/moves"
while read -r from arrow to rest; do
	load=$(echo "$rest" | sed 's/^\[label="\([^"]*\)".*/\1/')
	rule=$(sed -n "s/^	$to \[label=\"[^\"]*\\\\n\([^\"]*\)\".*/\1/p" "$tmp/g.dot")
	found=false
	for place in "left bank" island "right bank"; do
		echo "$load --> $place" >"$tmp/plan"
		test "$(run_river verify "$two" "$tmp/plan")" = \
			"$tmp/plan: step 1: $rule" && found=true
	done
	$found || { echo "# $load: the graph says $rule"; good=false; }
	moves=$((moves + 1))
done <"$tmp/moves"
if $good && test "$moves" -gt 0; then
	ok "graph --broken of two boats: $moves legs from the start, each as verify says"
else
	not_ok "graph --broken of two boats: $moves legs from the start"
fi

# Explanations (tests/explain.sh checks every alternative against verify
# and hint): the rule an illegal leg breaks, and where; a longer leg's
# crossings, as many as hint finds from where it leads.
run_river explain "$two" >"$tmp/out" 2>"$tmp/err"
expect "explain names the rule a leg breaks, and where" \
	"  The farmer goes alone to the right bank in the ferry (likewise the farmer and the cabbage; the farmer to the island in the raft): the wolf is left with the goat at the left bank (wolf eats goat unless farmer)." \
	"$(sed -n '/^Step 1:/{n;p;}' "$tmp/out")"
run_river explain "$puzzles/island-missionaries.puz" >"$tmp/out" 2>"$tmp/err"
printf 'cannibals --> island\n' >"$tmp/so-far"
run_river hint "$puzzles/island-missionaries.puz" "$tmp/so-far" >"$tmp/hint" \
	2>>"$tmp/err"
left=$(sed -n 's/.* \([0-9]*\) crossings to go\.$/\1/p' "$tmp/hint")
expect "explain's longer leg is as long as hint finds from there" \
	"  One cannibal goes alone to the island: $((left + 1)) crossings in all, $((left + 1 - 11)) more." \
	"$(grep '^  One cannibal goes alone to the island:' "$tmp/out" | head -n 1)"
run_river explain "$tmp/one-seat.puz" >"$tmp/out" 2>"$tmp/err"
expect "explain of a puzzle of places with no plan (exit 1): a seat more helps" \
	"1   With 2 seats: 18 crossings." "$? $(grep 'With 2 seats' "$tmp/out")"

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

# Each boat its own rowers, loads and leg times.  The ferry is the
# ferryman's, the raft the farmer's: the raft's legs by the island take
# 1 each and the ferry's straight across 5, so the least time goes by
# the raft alone; the count and the optimum agree with the plain search.
f="$srcdir/tests/puzzles/ferry-and-raft.puz"
RIVER_CHECK=1 run_river solve --count -f json "$f" >"$tmp/a.json" 2>"$tmp/err"
RIVER_CHECK=1 run_river solve --count -M queue -S -f json "$f" \
	>"$tmp/b.json" 2>>"$tmp/err"
expect "ferry and raft: the least time, crossings and plans" "14 14 12" \
	"$(field time "$tmp/a.json") $(field crossings "$tmp/a.json") $(field optimal_plans "$tmp/a.json")"
expect "ferry and raft, the plain search" "14 14 12" \
	"$(field time "$tmp/b.json") $(field crossings "$tmp/b.json") $(field optimal_plans "$tmp/b.json")"
if grep -q '"by": "ferry"' "$tmp/a.json"; then
	not_ok "ferry and raft: the ferry is never worth its 5"
else
	ok "ferry and raft: the ferry is never worth its 5"
fi
printf '%s\n' "items ferryman, farmer, goat" "boat ferry seats 2" \
	"boat raft seats 1" "the ferry is rowed by ferryman" \
	"the raft is rowed by goat" >"$tmp/rowed.puz"
for leg in "raft: farmer --> right bank" "ferry: farmer --> right bank"; do
	echo "$leg" >"$tmp/leg.txt"
	run_river verify "$tmp/rowed.puz" "$tmp/leg.txt" >"$tmp/out" 2>&1
	expect "'$leg': refused, its boat is not the farmer's to row" \
		"1 yes" "$? $(grep -q 'nobody in the boat can row' "$tmp/out" &&
			      echo yes)"
done
expect "each boat rowed by its own" 2 "$(crossings "$tmp/rowed.puz")"
# The one unnamed boat: its line is the rowers line.
printf '%s\n' "items a, b, c" "boat seats 2" "the boat is rowed by a" \
	>"$tmp/rowed-one.puz"
run_river check "$tmp/rowed-one.puz" >"$tmp/out" 2>&1
expect "the boat is rowed by: its rowers" "rowers: a" \
	"$(grep '^rowers:' "$tmp/out")"
run_river check "$tmp/rowed.puz" >"$tmp/out" 2>&1
expect "check names each boat's rowers" 2 \
	"$(grep -c -e 'ferry: 2 seats, rowed by ferryman,' \
		  -e 'raft: 1 seat, rowed by goat,' "$tmp/out")"
# A leg's own time: straight across takes 10, by the island 2 and 3;
# the fewest crossings go straight, the least time by the island.
printf '%s\n' "items walker (time 1)" "boat seats 1" \
	"places near bank, island, far bank" \
	"the boat may go between near bank and far bank in time 10, near bank and island in time 2, island and far bank in time 3" \
	>"$tmp/legs.puz"
expect "leg times: the fewest crossings" 1 "$(crossings "$tmp/legs.puz")"
echo "minimize time" >>"$tmp/legs.puz"
RIVER_CHECK=1 run_river solve -f json "$tmp/legs.puz" >"$tmp/plan.json" \
	2>"$tmp/err"
expect "leg times: the least time, by the island" "5 2" \
	"$(field time "$tmp/plan.json") $(field crossings "$tmp/plan.json")"
run_river verify "$tmp/legs.puz" "$tmp/plan.json" >"$tmp/out" 2>&1
expect "leg times: verify adds up the legs" "0 yes" \
	"$? $(grep -q '5 time units' "$tmp/out" && echo yes)"
# Each boat its own loads: the raft carries the goat alone, so the wolf
# must wait for the ferry.
printf '%s\n' "items farmer, wolf, goat" "boat ferry seats 2" \
	"boat raft carries goat" "rowers farmer, goat" \
	"the ferry is rowed by farmer" >"$tmp/loads.puz"
echo "raft: wolf --> right bank" >"$tmp/leg.txt"
run_river verify "$tmp/loads.puz" "$tmp/leg.txt" >"$tmp/out" 2>&1
expect "a load the raft does not carry: refused" 1 "$?"
expect "the raft takes the goat, the ferry the rest" \
	"2 1" "$(crossings "$tmp/loads.puz") $(grep -c \
		'"boat": \["goat"\], "by": "raft"' "$tmp/plan.json")"
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

# Each boat's own rowers, loads and leg times in the models: every
# engine finds what the place search finds, each a puzzle whose answer
# would differ if the models gave every boat the same ones.
#  - The legs straight across take 10, by the island 2 and 3: 5, not 1.
#  - The raft carries the goat alone: 2 crossings; with the ferry's
#    loads (any) the raft takes everything at once (1), with the raft's
#    the ferry takes nobody (no plan).
#  - The ferryman's ferry starts across, the goat alone rows the raft:
#    no plan at all, and none within 9 crossings either, where with
#    rowers shared (ferryman and goat rowing both) 5 would do.
#  - The ferry's load limit is its own: the raft takes the ox, too
#    heavy for the ferry (1 crossing; with the ferry's limit, no plan).
#  - The ferry and the raft: only minizinc and z3 here, CBC takes
#    minutes to prove its least time.
grep -v "is rowed by" "$tmp/loads.puz" >"$tmp/raft-loads.puz"
echo "wolf eats goat unless farmer is there" >>"$tmp/loads.puz"
printf '%s\n' "items ferryman, farmer, goat" "boat ferry seats 2" \
	"boat raft seats 1" "the ferry is rowed by ferryman" \
	"the raft is rowed by goat" "start ferry on the right bank" \
	>"$tmp/stranded.puz"
printf '%s\n' "items farmer (weight 1), ox (weight 5)" \
	"boat ferry seats 2, load 3" "boat raft seats 2" "rowers farmer" \
	>"$tmp/limit.puz"
for engine in minizinc z3 cbc glpk; do
	case $engine in
	minizinc) tool=minizinc ;;
	glpk) tool=glpsol ;;
	*) tool=$engine ;;
	esac
	if ! command -v $tool >/dev/null 2>&1; then
		ok "boats of their own through $engine # SKIP $tool not installed"
		continue
	fi
	run_river solve -e $engine -f json "$tmp/legs.puz" >"$tmp/e.json" \
		2>"$tmp/err"
	expect "$engine: leg times of their own" "5 2" \
		"$(field time "$tmp/e.json") $(field crossings "$tmp/e.json")"
	run_river solve -e $engine -f json "$tmp/loads.puz" >"$tmp/e.json" \
		2>"$tmp/err"
	expect "$engine: the raft's own loads" 2 \
		"$(field crossings "$tmp/e.json")"
	run_river solve -e $engine -f json "$tmp/raft-loads.puz" \
		>"$tmp/e.json" 2>"$tmp/err"
	expect "$engine: the raft's own loads, both boats rowed by both" 2 \
		"$(field crossings "$tmp/e.json")"
	run_river solve -e $engine -f json "$tmp/limit.puz" >"$tmp/e.json" \
		2>"$tmp/err"
	expect "$engine: the ferry's load limit, not the raft's" 1 \
		"$(field crossings "$tmp/e.json")"
	fails_with 1 "no plan has at most 1 crossing" \
		"$engine: each boat rowed by its own, no plan (exit 1)" \
		solve -e $engine "$tmp/stranded.puz"
	fails_with 3 "found no plan of at most 9 crossings" \
		"$engine: no plan within 9 crossings either (exit 3)" \
		solve -e $engine -H 9 "$tmp/stranded.puz"
	case $engine in minizinc|z3)
		run_river solve -e $engine -f json \
			"$srcdir/tests/puzzles/ferry-and-raft.puz" \
			>"$tmp/e.json" 2>"$tmp/err"
		expect "$engine: the ferry and the raft, least time" "14 14" \
			"$(field time "$tmp/e.json") $(field crossings "$tmp/e.json")"
	esac
done

# The layers (-M layers) over the place search's orbits: the same fewest
# crossings as the place search breadth first (-M queue) and by A* (the
# default), and a plan verify accepts; a puzzle whose states carry a
# time, or a count asked for, is searched by the place search.
layers_agree() {
	name=$1
	f=$2
	shift 2
	a=$(crossings "$f" "$@")
	q=$(crossings "$f" -M queue "$@")
	l=$(crossings "$f" -M layers "$@")
	if test -n "$a" && test "$a" = "$q" && test "$a" = "$l" &&
		run_river solve -M layers "$@" "$f" >"$tmp/layers.txt" \
			2>"$tmp/err" &&
		run_river verify "$@" "$f" "$tmp/layers.txt" >"$tmp/err" 2>&1
	then
		ok "layers agree: $name ($a crossings)"
	else
		not_ok "layers agree: $name: default '$a', queue '$q', layers '$l'"
		sed 's/^/# /' "$tmp/err"
	fi
}
for n in 2 3 4; do
	layers_agree "island husbands, n=$n" "$puzzles/island-husbands.puz" \
		-D n=$n
done
for n in 3 5 8; do
	layers_agree "island missionaries, n=$n" \
		"$puzzles/island-missionaries.puz" -D n=$n
done
layers_agree "four elopements" "$puzzles/four-elopements.puz"
layers_agree "four elopements, as written (-S)" \
	"$puzzles/four-elopements.puz" -S
layers_agree "the farm family" "$puzzles/farm-family.puz"
layers_agree "one couple" "$tmp/one-couple.puz"
for f in legs loads raft-loads limit rowed rowed-one; do
	layers_agree "$f.puz" "$tmp/$f.puz"
done
for f in ferry-and-raft island-ferry-times two-boats; do
	layers_agree "$f.puz" "$srcdir/tests/puzzles/$f.puz"
done
# No plan: every reachable state explored, standing for as many of the
# puzzle as written as the place search's, up to symmetry or not (the
# couples kept from the right bank: 16 orbits of 40 states).
sed 's/, island and right bank$//' "$puzzles/island-husbands.puz" \
	>"$tmp/unreachable.puz"
for f in one-seat stranded unreachable; do
	for how in "" -S; do
		run_river solve -f json -M queue $how "$tmp/$f.puz" \
			>"$tmp/q.json" 2>"$tmp/err"
		run_river solve -f json -M layers $how "$tmp/$f.puz" \
			>"$tmp/l.json" 2>>"$tmp/err"
		expect "layers, no plan: $f.puz $how, states in all" \
			"false $(field states_in_all "$tmp/q.json")" \
			"$(field solved "$tmp/l.json") $(field states_in_all "$tmp/l.json")"
	done
done
n_q=$(crossings "$puzzles/island-husbands.puz" -D n=3 -M queue -c)
n_l=$(crossings "$puzzles/island-husbands.puz" -D n=3 -M layers -c)
expect "layers with a count: the place search counts" "$n_q" "$n_l"
done_testing
