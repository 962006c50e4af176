#!/bin/sh
# --threads and --method on the command line: bad values are usage
# errors (exit 2); the layered search solves every bundled puzzle with a
# plan that river verify accepts, in as many crossings as the queue.
. "${srcdir:-.}/tests/lib.sh"

puzzle="$srcdir/puzzles/wgc.puz"

for bad in "--threads 0" "--threads -1" "--threads x" "--threads 2x" \
	"--threads 1025" "--threads 99999999999999999999" "--threads=" \
	"--method fast" "--method=" "--method LAYERS"; do
	# shellcheck disable=SC2086 # the option and its value, split
	run_river solve $bad "$puzzle" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if test $rc -eq 2 && test ! -s "$tmp/out" &&
		grep -q "^river: .*--\(threads\|method\)\|unknown method\|needs a value" \
			"$tmp/err"; then
		ok "usage error: $bad"
	else
		not_ok "usage error: $bad (exit $rc)"
		sed 's/^/# /' "$tmp/err"
	fi
done

for good in "--threads 1" "--threads 1024" "-j 3" "--method auto" \
	"--method queue" "--method=layers" "-M layers --threads 2"; do
	# shellcheck disable=SC2086
	if run_river solve $good "$puzzle" >"$tmp/out" 2>"$tmp/err" &&
		grep -q "Solved in 7 crossings" "$tmp/out"; then
		ok "accepted: $good"
	else
		not_ok "accepted: $good"
		sed 's/^/# /' "$tmp/err"
	fi
done

# Every bundled puzzle: the layers' plan is legal and as short as the
# queue's (the same plan on 1 and 2 threads).
for p in "$srcdir"/puzzles/*.puz; do
	name=$(basename "$p" .puz)
	# The layers do not take a puzzle of places (tests/coverage.sh).
	is_places "$p" && continue
	run_river solve --method queue "$p" >"$tmp/queue" 2>"$tmp/err"
	run_river solve --method layers --threads 1 "$p" >"$tmp/one" 2>>"$tmp/err"
	run_river solve --method layers --threads 2 "$p" >"$tmp/two" 2>>"$tmp/err"
	run_river verify "$p" "$tmp/two" >"$tmp/verdict" 2>>"$tmp/err"
	rc=$?
	q=$(sed -n 's/^Solved in \([0-9]*\) crossings.*/\1/p' "$tmp/queue")
	l=$(sed -n 's/^Solved in \([0-9]*\) crossings.*/\1/p' "$tmp/two")
	if test $rc -eq 0 && test -n "$q" && test "$q" = "$l" &&
		grep -q "(the \(fewest\|least\) possible)" "$tmp/verdict" &&
		cmp -s "$tmp/one" "$tmp/two"; then
		ok "layers: $name"
	else
		not_ok "layers: $name (queue $q, layers $l, verify exit $rc)"
		sed 's/^/# /' "$tmp/verdict" "$tmp/err"
	fi
done

# The state limit ends the layered search with exit 3 and a message (on
# the puzzle as written: symmetry would merge the x into one kind).
big="$tmp/big.puz"
{
	echo 'title "Many"'
	printf 'items farmer'
	for i in $(seq 1 16); do printf ', x%d' "$i"; done
	echo
	echo 'boat seats 3'
	echo 'rowers farmer'
	echo 'goal boat on the left'
} >"$big"
run_river solve --no-symmetry --method layers --threads 2 --max-states 1000 "$big" \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
if test $rc -eq 3 && grep -q "limit of 1000 states" "$tmp/err"; then
	ok "layers: --max-states"
else
	not_ok "layers: --max-states (exit $rc)"
	sed 's/^/# /' "$tmp/err"
fi
run_river solve --no-symmetry --method layers --threads 2 "$big" >"$tmp/out" 2>"$tmp/err"
rc=$?
if test $rc -eq 1 && grep -q "all 131072 reachable states" "$tmp/out"; then
	ok "layers: every state of a dense space"
else
	not_ok "layers: every state of a dense space (exit $rc)"
	sed 's/^/# /' "$tmp/out" "$tmp/err"
fi

# Counting on the layers: a plain puzzle they take is counted on its
# cells, with the plan and the states explored of solving without the
# count, and the count of the queue's.
star="$tmp/star.puz"
{
	echo 'title "Star"'
	printf 'items farmer'
	for i in $(seq 1 12); do printf ', x%d' "$i"; done
	echo
	echo 'boat seats 3'
	echo 'rowers farmer'
	echo 'guard farmer'
	for i in $(seq 2 12); do echo "x1 eats x$i"; done
} >"$star"
for t in 1 2; do
	run_river solve --no-symmetry --method layers --threads $t "$star" \
		>"$tmp/plain" 2>"$tmp/err"
	run_river solve --no-symmetry --method layers --threads $t --count \
		"$star" >"$tmp/count" 2>>"$tmp/err"
	run_river solve --no-symmetry --method queue --count "$star" \
		>"$tmp/queue" 2>>"$tmp/err"
	run_river verify "$star" "$tmp/count" >"$tmp/verdict" 2>>"$tmp/err"
	rc=$?
	explored=$(sed -n 's/.*(\([0-9]*\) states explored).*/\1/p' "$tmp/plain")
	plans=$(sed -n 's/.*; \([0-9]*\) optimal plans.*/\1/p' "$tmp/count")
	want=$(sed -n 's/.*; \([0-9]*\) optimal plans.*/\1/p' "$tmp/queue")
	sed '$d' "$tmp/plain" >"$tmp/plain-steps"
	sed '$d' "$tmp/count" >"$tmp/count-steps"
	if test $rc -eq 0 && test -n "$plans" && test "$plans" = "$want" &&
		grep -q "($explored states explored)" "$tmp/count" &&
		cmp -s "$tmp/plain-steps" "$tmp/count-steps"; then
		ok "layers: --count on $t thread(s), $plans plans"
	else
		not_ok "layers: --count on $t thread(s) ($plans plans, the queue $want)"
		sed 's/^/# /' "$tmp/count" "$tmp/queue" "$tmp/err"
	fi
done

# A search larger than the machine's memory is refused before it asks
# for any, solving or counting, with exit status 3 and the bytes it
# needs: 2^40 states here.  (Under AddressSanitizer, asking calloc for
# half a terabyte aborts the process.)
wide40="$tmp/wide40.puz"
{
	printf 'items farmer'
	for i in $(seq 1 39); do printf ', x%d' "$i"; done
	echo
	echo 'boat seats 3'
	echo 'rowers farmer'
	echo 'x1 eats x2 unless farmer'
} >"$wide40"
for count in "" --count; do
	run_river solve --no-symmetry --method layers $count "$wide40" \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	if test $rc -eq 3 && grep -q 'the two-bit search needs [0-9]* MB.*and this machine has' "$tmp/err"; then
		ok "layers: a search past the memory refused before it starts${count:+ ($count)}"
	else
		not_ok "layers: a search past the memory refused before it starts${count:+ ($count)} (exit $rc)"
		sed 's/^/# /' "$tmp/err"
	fi
done

done_testing
