#!/bin/sh
# Merging interchangeable items changes nothing but the states explored:
# for every bundled puzzle and for small puzzles of the benchmark's
# families, "river solve --count -f json" with and without --no-symmetry
# gives the same verdict, optimum, time and count of optimal plans, and
# river verify accepts the plan printed.
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

for f in "$tmp"/p/*.puz; do
	name=$(basename "$f" .puz)
	run_river solve -q --count -f json "$f" >"$tmp/merged" 2>&1
	s1=$?
	run_river solve -q --count -f json --no-symmetry "$f" >"$tmp/plain" 2>&1
	s2=$?
	answer "$tmp/merged" >"$tmp/a1"
	answer "$tmp/plain" >"$tmp/a2"
	if test $s1 -eq $s2 && test -s "$tmp/a1" && same "$tmp/a2" "$tmp/a1"; then
		ok "$name: the same answer with and without --no-symmetry"
	else
		echo "# exit $s1 and $s2"
		not_ok "$name: the same answer with and without --no-symmetry"
	fi
	if test $s1 -ne 0; then
		continue
	fi
	run_river solve -q "$f" >"$tmp/plan" 2>&1
	if run_river verify "$f" "$tmp/plan" >"$tmp/out" 2>&1 &&
	   grep -q ': legal: .*(the \(fewest\|least\) ' "$tmp/out"; then
		ok "$name: river verify accepts the plan"
	else
		sed 's/^/# /' "$tmp/out"
		not_ok "$name: river verify accepts the plan"
	fi
done
done_testing
