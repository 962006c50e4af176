#!/bin/sh
# Merging interchangeable items changes nothing but the states explored:
# for every bundled puzzle and for small puzzles of the benchmark's
# families, "river solve --count -f json" with and without --no-symmetry
# gives the same verdict, optimum, time and count of optimal plans, and
# river verify accepts the plan printed; with no plan, the states the
# reduced search stands for are those the plain search explores.
. "${srcdir:-.}/tests/lib.sh"

# The lines of the answer that must not depend on the search.
answer() {
	grep -E '^  "(solved|crossings|time|optimal_plans)":' "$1"
}

# A family of the benchmark: a farmer who rows and guards, items x1..xk,
# a boat of c + 1 seats and its rules.
family() {
	name=$1 k=$2 c=$3 r=${4:-0}
	echo "title \"$name $k $c\""
	printf 'items farmer'
	for i in $(seq 1 "$k"); do printf ', x%d' "$i"; done
	echo
	echo "boat seats $((c + 1))"
	echo 'rowers farmer'
	echo 'guard farmer'
	case $name in
	star) for i in $(seq 2 "$k"); do echo "x1 eats x$i"; done ;;
	chain) for i in $(seq 2 "$k"); do echo "x$((i - 1)) eats x$i"; done ;;
	few) for i in $(seq 1 "$r"); do echo "x$((2 * i - 1)) eats x$((2 * i))"; done ;;
	esac
}

mkdir "$tmp/p"
for f in "$srcdir"/puzzles/*.puz; do
	cp "$f" "$tmp/p/"
done
family star 6 2 >"$tmp/p/star-6-2.puz"
family star 7 3 >"$tmp/p/star-7-3.puz"
family none 6 2 >"$tmp/p/none-6-2.puz"
family none 7 3 >"$tmp/p/none-7-3.puz"
family few 7 2 2 >"$tmp/p/few-7-2-2.puz"
family few 8 3 1 >"$tmp/p/few-8-3-1.puz"
family chain 5 1 >"$tmp/p/chain-5-1.puz"
family chain 6 2 >"$tmp/p/chain-6-2.puz"
# No plan: the boat must end on the left, which no crossing leaves it.
{ family star 6 2; echo 'goal boat on the left'; } >"$tmp/p/star-every.puz"
# Alike walkers, the least time.
cat >"$tmp/p/walkers.puz" <<'EOF'
title "Walkers"
items w[1..3] (time 1), v[1..2] (time 4), s (time 9)
boat seats 2
minimize time
EOF

# river solve --count -f json with and without --no-symmetry on the
# arguments after the name: the same exit status and answer.  The
# outputs stay in $tmp/merged and $tmp/plain, the exit status in $s1.
same_answer() {
	name=$1
	shift
	run_river solve -q --count -f json "$@" >"$tmp/merged" 2>&1
	s1=$?
	run_river solve -q --count -f json --no-symmetry "$@" >"$tmp/plain" 2>&1
	s2=$?
	answer "$tmp/merged" >"$tmp/a1"
	answer "$tmp/plain" >"$tmp/a2"
	if test $s1 -eq $s2 && test -s "$tmp/a1" && same "$tmp/a2" "$tmp/a1"; then
		ok "$name: the same answer with and without --no-symmetry"
	else
		echo "# exit $s1 and $s2"
		not_ok "$name: the same answer with and without --no-symmetry"
	fi
}

# river verify accepts the plan river solve prints for the arguments
# after the name, and says it is optimal.
verified() {
	name=$1
	shift
	run_river solve -q "$@" >"$tmp/plan" 2>&1
	if run_river verify "$@" "$tmp/plan" >"$tmp/out" 2>&1 &&
	   grep -q ': legal: .*(the \(fewest\|least\) ' "$tmp/out"; then
		ok "$name: river verify accepts the plan"
	else
		sed 's/^/# /' "$tmp/out"
		not_ok "$name: river verify accepts the plan"
	fi
}

for f in "$tmp"/p/*.puz; do
	name=$(basename "$f" .puz)
	same_answer "$name" "$f"
	if test $s1 -eq 0; then
		verified "$name" "$f"
	fi
done

# Couples exchanged together: the jealous husbands have no two
# interchangeable people, but any two couples are.  The same answer and
# count of labelled plans as without the merging, fewer states, and a
# plan river verify accepts.
explored() {
	sed -n 's/^  "states_explored": \([0-9]*\),$/\1/p' "$1"
}

# The plan alone (no count) comes from the search over orbits: the same
# verdict and crossings as the plain search of $tmp/plain.
orbits_same() {
	name=$1
	shift
	run_river solve -q -f json "$@" >"$tmp/orbit" 2>&1
	s3=$?
	grep -E '^  "(solved|crossings)":' "$tmp/orbit" >"$tmp/a3"
	grep -E '^  "(solved|crossings)":' "$tmp/plain" >"$tmp/a2"
	if test $s3 -eq $s2 && test -s "$tmp/a3" && same "$tmp/a2" "$tmp/a3"; then
		ok "$name: the orbits' plan as long as the plain search's"
	else
		echo "# exit $s3 and $s2"
		not_ok "$name: the orbits' plan as long as the plain search's"
	fi
}

couples() {
	same_answer "$@"
	orbits_same "$@"
	e1=$(explored "$tmp/merged")
	e2=$(explored "$tmp/plain")
	if test -n "$e1" && test -n "$e2" && test "$e1" -lt "$e2"; then
		ok "$1: fewer states explored ($e1, not $e2)"
	else
		not_ok "$1: fewer states explored ($e1, not $e2)"
	fi
	if test $s1 -eq 0; then
		verified "$@"
	fi
}

jh="$srcdir/puzzles/jealous-husbands.puz"
for n in 3 4 5 6; do
	for c in 2 3 4; do
		couples "jealous husbands n=$n seats $c" -D n=$n -D seats=$c "$jh"
	done
done

# Couples by position, not by name: (ha, wa), (hb, wb), (hc, wc).
cat >"$tmp/runs.puz" <<'END'
title "Couples in runs"
items ha, wa, hb, wb, hc, wc
boat seats 2
wa must not be with hb unless ha is there
wa must not be with hc unless ha is there
wb must not be with ha unless hb is there
wb must not be with hc unless hb is there
wc must not be with ha unless hc is there
wc must not be with hb unless hc is there
END
couples "couples in runs" "$tmp/runs.puz"

# Triples by their families: (a[i], b[i], c[i]).
cat >"$tmp/triples.puz" <<'END'
title "Triples"
param n = 3
param seats = 3
items a[1..n], b[1..n], c[1..n]
boat seats seats
for i, j in 1..n where i != j: b[i] must not be with a[j] unless a[i] is there
for i, j in 1..n where i != j: c[i] must not be with b[j] unless b[i] is there
END
for n in 3 4; do
	couples "triples n=$n" -D n=$n "$tmp/triples.puz"
done

# The orbits with what else a puzzle may say: a ferryman outside the
# couples who rows with the wives, and at most one husband in the boat;
# weights and a load limit; a rule that counts (husbands must not
# outnumber wives); rowers who row only alone (then no plan).
cat >"$tmp/ferry.puz" <<'END'
title "Couples and a ferryman"
param n = 3
items ferryman, husband[1..n], wife[1..n]
boat seats 3
rowers ferryman, wife
at most 1 of husband in the boat
for i, j in 1..n where i != j: wife[i] must not be with husband[j] unless husband[i] is there
END
cat >"$tmp/heavy.puz" <<'END'
title "Heavy couples"
param n = 3
items husband[1..n] (weight 3), wife[1..n] (weight 2)
boat seats 3, load 6
for i, j in 1..n where i != j: wife[i] must not be with husband[j] unless husband[i] is there
END
cat >"$tmp/count.puz" <<'END'
title "Counted couples"
param n = 3
items husband[1..n], wife[1..n]
boat seats 2
husband must not outnumber wife
for i, j in 1..n where i != j: wife[i] must not be with husband[j] unless husband[i] is there
END
cat >"$tmp/alone.puz" <<'END'
title "Lone rowers"
param n = 3
items ferryman, husband[1..n], wife[1..n]
boat seats 3
rowers ferryman, wife
wife rows only alone
ferryman rows only alone
for i, j in 1..n where i != j: wife[i] must not be with husband[j] unless husband[i] is there
END
for f in ferry heavy count alone; do
	for n in 3 4 5; do
		couples "$f n=$n" -D n=$n "$tmp/$f.puz"
	done
done

# Where couples are not alike, exchanging them must not be assumed: the
# first wife also fears the third husband unless the second is there
# (then no two couples are alike), or the second couple starts on the
# right bank (the other three still are).  Still the same answer.
four="s/^param n = 3/param n = 4/; s/^param seats = 2/param seats = 3/"
{
	sed "$four" "$jh"
	echo 'wife[1] must not be with husband[3] unless husband[2] is there'
} >"$tmp/fear.puz"
same_answer "couples not alike (fear)" "$tmp/fear.puz"
verified "couples not alike (fear)" "$tmp/fear.puz"
{
	sed "$four" "$jh"
	echo 'start husband[2], wife[2] on the right'
} >"$tmp/start.puz"
couples "couples not alike (start)" "$tmp/start.puz"

# With no plan, the search up to interchangeable items still says how
# many states the puzzle as written has: the states it explored stand
# for as many labelled ones as the plain search (--no-symmetry) explores,
# whichever search runs (the queue, the layers, the count, the orbits).
in_all() {
	sed -n 's/^  "states_in_all": \([0-9]*\),$/\1/p' "$1"
}

no_plan_in_all() {
	name=$1
	shift
	run_river solve -q -f json --no-symmetry "$@" >"$tmp/plain" 2>&1
	want=$(explored "$tmp/plain")
	if grep -q '"solved": false' "$tmp/plain" && test -n "$want" &&
	   test "$(in_all "$tmp/plain")" = "$want"; then
		ok "$name: no plan, $want states as written"
	else
		sed 's/^/# /' "$tmp/plain"
		not_ok "$name: no plan, the states as written"
	fi
	for how in "" "-M queue" "-M layers" "--count" "-M queue --count" \
		   "-M layers --count"; do
		# shellcheck disable=SC2086
		run_river solve -q -f json $how "$@" >"$tmp/merged" 2>&1
		got=$(in_all "$tmp/merged")
		if test "$got" = "$want"; then
			ok "$name${how:+ $how}: $got states in all"
		else
			sed 's/^/# /' "$tmp/merged"
			not_ok "$name${how:+ $how}: $got states in all, not $want"
		fi
	done
	e=$(explored "$tmp/merged")
	run_river solve -q "$@" >"$tmp/text" 2>&1
	if test -n "$e" && test "$e" -lt "$want" &&
	   grep -q "(all $e reachable states* explored, up to interchangeable items: $want in all)\.\$" "$tmp/text"
	then
		ok "$name: the text says $e explored, $want in all"
	else
		sed 's/^/# /' "$tmp/text"
		not_ok "$name: the text says $e explored, $want in all"
	fi
}

# Three walkers and one minute: 3 states, 7 as written (the fewest
# crossings and the least time).
cat >"$tmp/walkers3.puz" <<'END'
title "Three walkers"
items a (time 1), b (time 1), c (time 1)
boat seats 2
time limit 1
END
no_plan_in_all "three walkers, a limit of 1" "$tmp/walkers3.puz"
no_plan_in_all "three walkers, the least time" \
	"$srcdir/tests/puzzles/walkers-limit.puz"
cat >"$tmp/walkers4.puz" <<'END'
title "Four walkers"
items a (time 1), b (time 1), c (time 1), d (time 1)
boat seats 2
time limit 4
minimize time
END
no_plan_in_all "four walkers, the least time" "$tmp/walkers4.puz"
# Two alike foxes and five alike hens: the layers take the reduced
# puzzle, which has no fields.
cat >"$tmp/hens.puz" <<'END'
title "Foxes and hens"
items farmer, fox[1..2], hen[1..5]
boat seats 3
rowers farmer
for i in 1..5: fox[1] eats hen[i] unless farmer is there
for i in 1..5: fox[2] eats hen[i] unless farmer is there
END
no_plan_in_all "foxes and hens" "$tmp/hens.puz"
no_plan_in_all "star 6 2, the boat back" "$tmp/p/star-every.puz"
# Couples: on their orbits, and (with a time limit, which the orbits do
# not take) kept one arrangement for all on the queue.
for nc in "4 2" "5 2" "6 3"; do
	set -- $nc
	no_plan_in_all "jealous husbands n=$1 seats $2" -D n=$1 -D seats=$2 "$jh"
done
cat >"$tmp/timed.puz" <<'END'
title "Timed husbands"
items husband[1..3] (time 1), wife[1..3] (time 1)
boat seats 2
time limit 9
for i, j in 1..3 where i != j: wife[i] must not be with husband[j] unless husband[i] is there
END
no_plan_in_all "timed husbands" "$tmp/timed.puz"

# The sizes the merging is for: 16 couples and a boat of 3 (no plan, a
# few dozen states rather than 131,902), 14 couples and a boat of 4.
run_river solve -q -f json -D n=16 -D seats=3 "$jh" >"$tmp/big" 2>&1
e=$(explored "$tmp/big")
if grep -q '"solved": false' "$tmp/big" && test -n "$e" && test "$e" -lt 1000
then
	ok "jealous husbands n=16 seats 3: no plan, $e states"
else
	sed 's/^/# /' "$tmp/big"
	not_ok "jealous husbands n=16 seats 3: no plan, under 1000 states"
fi
run_river solve -q -D n=14 -D seats=4 "$jh" >"$tmp/plan" 2>&1
if run_river verify -D n=14 -D seats=4 "$jh" "$tmp/plan" >"$tmp/out" 2>&1 &&
   grep -q ': legal: the goal is reached after 25 crossings (the fewest' \
	"$tmp/out"; then
	ok "jealous husbands n=14 seats 4: river verify accepts 25 crossings"
else
	sed 's/^/# /' "$tmp/out"
	not_ok "jealous husbands n=14 seats 4: river verify accepts 25 crossings"
fi
done_testing
