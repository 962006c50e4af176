#!/bin/sh
# Numbers from the literature, as river finds them:
#   Dudeney, Amusements in Mathematics (1917): no. 373, "Crossing the
#   Stream", 11 crossings for any weight of the dog a son can carry,
#   none past it, and Dudeney's own plan legal and optimal; no. 374,
#   "Crossing the River Axe", 13 crossings, Dudeney's plan legal and
#   optimal (no. 376, the four elopements by an island, is
#   tests/places.sh's);
#   OEIS A356480, missionaries and cannibals at the smallest boat that
#   takes them, the rule in the boat too: 1, 5, 11, 9, 11, 9, 11, 13;
#   OEIS A078476, bridge and torch with times 1..n, n = 1..14;
#   Rote, "Crossing the bridge at night" (2002): his formula for the
#   least time, on random times of 1 to 30 minutes for up to 12 walkers.
. "${srcdir:-.}/tests/lib.sh"

puzzles=$srcdir/puzzles

# ---- Dudeney 373 and 374 --------------------------------------------

run_river sweep -f csv -D dog=1..76 "$puzzles/crossing-the-stream.puz" \
	>"$tmp/dog.csv"
if awk -F, 'NR > 1 && $1 <= 75 && $2 != 11 { bad = 1 }
	    NR > 1 && $1 == 76 && $2 != "none" { bad = 1 }
	    END { exit bad || NR != 77 }' "$tmp/dog.csv"; then
	ok "Dudeney 373: 11 crossings for a dog of 1 to 75 lbs., none at 76"
else
	sed 's/^/# /' "$tmp/dog.csv" | head -5
	not_ok "Dudeney 373: 11 crossings for a dog of 1 to 75 lbs., none at 76"
fi

# Dudeney's answer to no. 373, a crossing a line.
printf '%s\n' "son1 son2" "son1" "man" "son2" "son1 son2" \
	"son1" "wife" "son2" "son1 son2" "son1" "son1 dog" \
	>"$tmp/373.txt"
run_river verify "$puzzles/crossing-the-stream.puz" "$tmp/373.txt" \
	>"$tmp/out" 2>&1
if grep -q 'legal: the goal is reached after 11 crossings (the fewest possible)' \
	"$tmp/out"; then
	ok "Dudeney 373: his plan is legal and optimal"
else
	sed 's/^/# /' "$tmp/out"
	not_ok "Dudeney 373: his plan is legal and optimal"
fi

# Dudeney's answer to no. 374: J5, J, G3, G, JT, T3, G8, J5, JT, G, G3,
# J, J5 (Giles, Jasper, Timothy and their sacks of 800, 500 and 300).
printf '%s\n' "jasper sack500" "jasper" "giles sack300" "giles" \
	"jasper timothy" "timothy sack300" "giles sack800" "jasper sack500" \
	"jasper timothy" "giles" "giles sack300" "jasper" "jasper sack500" \
	>"$tmp/374.txt"
run_river verify "$puzzles/river-axe.puz" "$tmp/374.txt" >"$tmp/out" 2>&1
if grep -q 'legal: the goal is reached after 13 crossings (the fewest possible)' \
	"$tmp/out"; then
	ok "Dudeney 374: his plan is legal and optimal"
else
	sed 's/^/# /' "$tmp/out"
	not_ok "Dudeney 374: his plan is legal and optimal"
fi

# ---- OEIS A356480 ----------------------------------------------------

sed 's/^cannibals must not outnumber missionaries$/& everywhere/' \
	"$puzzles/missionaries-cannibals.puz" >"$tmp/boat-rule.puz"
grep -q 'outnumber missionaries everywhere$' "$tmp/boat-rule.puz" ||
	not_ok "the rule of missionaries-cannibals.puz is where this expects"
run_river sweep -f csv -D n=1..8 -D seats=1..5 "$tmp/boat-rule.puz" \
	>"$tmp/mc.csv"
# The first number in each row is the optimum at the smallest boat.
got=$(awk -F, 'NR > 1 {
		for (i = 2; i <= NF; i++) if ($i != "none") break
		printf "%s%s", sep, $i; sep = ", " }' "$tmp/mc.csv")
want="1, 5, 11, 9, 11, 9, 11, 13"
if test "$got" = "$want"; then
	ok "OEIS A356480: $want"
else
	echo "# got $got"
	not_ok "OEIS A356480: $want"
fi

# ---- Bridge and torch ------------------------------------------------

# A puzzle of walkers with the times given.
walkers() {
	printf 'items'
	k=0
	for t in "$@"; do
		k=$((k + 1))
		test $k -gt 1 && printf ','
		printf ' w%d (time %d)' "$k" "$t"
	done
	printf '\nboat seats 2\nminimize time\n'
}

least_time() {
	walkers "$@" >"$tmp/walkers.puz"
	run_river solve -q -f json "$tmp/walkers.puz" 2>/dev/null |
		sed -n 's/^  "time": \([0-9]*\),$/\1/p'
}

got=
n=0
for want in 1 2 6 11 16 22 28 35 42 50 58 67 76 86; do
	n=$((n + 1))
	got="$got $(least_time $(seq 1 $n))"
done
want=" 1 2 6 11 16 22 28 35 42 50 58 67 76 86"
if test "$got" = "$want"; then
	ok "OEIS A078476, n = 1..14:$want"
else
	echo "# got$got"
	not_ok "OEIS A078476, n = 1..14:$want"
fi

# Rote's formula: times sorted t1 <= ... <= tn, the least time is the
# least over k = 0 .. n/2 - 1 of (n - 2 - k) t1 + (2k + 1) t2 +
# (t3 + ... + tn) - (t(n-1) + t(n-3) + ... , k terms); t1 for one
# walker, t2 for two.
rote() {
	echo "$@" | tr ' ' '\n' | sort -n | awk '
		{ t[NR] = $1 }
		END {
			n = NR
			if (n == 1) { print t[1]; exit }
			if (n == 2) { print t[2]; exit }
			rest = 0
			for (i = 3; i <= n; i++) rest += t[i]
			best = -1; gone = 0
			for (k = 0; k <= int(n / 2) - 1; k++) {
				if (k > 0) gone += t[n + 1 - 2 * k]
				c = (n - 2 - k) * t[1] + (2 * k + 1) * t[2] + rest - gone
				if (best < 0 || c < best) best = c
			}
			print best
		}'
}

bad=0
cases=0
for seed in $(seq 1 120); do
	n=$((seed % 10 + 3))
	test $((seed % 12)) -eq 0 && n=12
	times=$(awk -v s="$seed" -v n="$n" 'BEGIN {
		srand(s)
		for (i = 0; i < n; i++) printf "%d ", 1 + int(rand() * 30) }')
	# shellcheck disable=SC2086
	mine=$(least_time $times)
	# shellcheck disable=SC2086
	his=$(rote $times)
	cases=$((cases + 1))
	if test "$mine" != "$his"; then
		echo "# times $times: river $mine, Rote $his"
		bad=$((bad + 1))
	fi
done
if test $bad -eq 0; then
	ok "Rote's formula on $cases random bridges of 3 to 12 walkers"
else
	not_ok "Rote's formula on $cases random bridges: $bad differ"
fi

done_testing
