#!/bin/sh
# river sweep: the known optima of missionaries and cannibals and of the
# jealous husbands over n and the boat's seats, the smallest seats (the
# puzzle's Alcuin number), every cell as river solve finds it at that
# point, the four formats, the same output on one thread as on two, a
# point stopped at its limit, a point that is no puzzle, bad ranges,
# and the README's chart being up to date.
. "${srcdir:-.}/tests/lib.sh"

mc=puzzles/missionaries-cannibals.puz
jh=puzzles/jealous-husbands.puz

sweep() {
	(cd "$srcdir" && run_river sweep "$@")
}

# The cell of CSV file $1 at row value $2, column value $3 (the header
# names the columns NAME=VALUE).
cell() {
	awk -F, -v row="$2" -v col="$3" '
		NR == 1 { for (i = 2; i <= NF; i++) { split($i, kv, "=");
			  if (kv[2] == col) at = i } next }
		$1 == row { print $at }' "$1"
}

for puz in $mc $jh; do
	name=$(basename "$puz" .puz)
	sweep -f csv -D n=3..12 -D seats=2..5 "$puz" >"$tmp/$name.csv"
	status=$?
	got=$(for p in 3/2 4/3 5/3 6/3 4/2; do
		printf '%s ' "$(cell "$tmp/$name.csv" "${p%/*}" "${p#*/}")"
	      done)
	if test "$status" = 0 && test "$got" = "11 9 11 none none "; then
		ok "$name: 3/2 11, 4/3 9, 5/3 11, 6/3 none, 4/2 none"
	else
		not_ok "$name: 3/2 4/3 5/3 6/3 4/2 give $got(status $status)"
	fi
	bad=
	for n in 3 4 5 6 7 8 9 10 11 12; do
		test "$(cell "$tmp/$name.csv" "$n" 4)" = $((2 * n - 3)) ||
			bad="$bad $n"
	done
	if test -z "$bad"; then
		ok "$name: seats 4 take 2n-3 crossings for n from 3 to 12"
	else
		not_ok "$name: seats 4 do not take 2n-3 crossings for n =$bad"
	fi
	# The smallest seats: 2 up to n=3, 3 for n=4 and 5, then 4.
	want="smallest seats 2 3 3 4 4 4 4 4 4 4"
	got="smallest seats $(cut -d, -f6 "$tmp/$name.csv" | sed 1d | tr '\n' ' ')"
	if test "$(head -1 "$tmp/$name.csv" | cut -d, -f6)" = "smallest seats" &&
	   test "$got" = "$want "; then
		ok "$name: the smallest seats with a plan (CSV)"
	else
		not_ok "$name: $got, not $want"
	fi
done

# The text table says the same under it.
sweep -D n=2..7 -D seats=2..5 $mc >"$tmp/mc.txt"
if grep -q '^The smallest seats with a plan, for each n:$' "$tmp/mc.txt" &&
   grep -q '^  n=2: 2, n=3: 2, n=4: 3, n=5: 3, n=6: 4, n=7: 4$' "$tmp/mc.txt"
then
	ok "text: the smallest seats under the table"
else
	sed 's/^/# /' "$tmp/mc.txt"
	not_ok "text: the smallest seats under the table"
fi

# Every cell is what river solve says at that point (a least-time
# puzzle too: its time).
agree() {
	puz=$1 row=$2 col=$3
	shift 3
	sweep -f csv "$@" "$puz" >"$tmp/grid.csv"
	bad=
	rows=$(sed 1d "$tmp/grid.csv" | cut -d, -f1 | grep -E '^-?[0-9]+$')
	cols=$(head -1 "$tmp/grid.csv" | tr ',' '\n' | sed -n 's/^[a-z]*=//p')
	for r in $rows; do
		for c in ${cols:-x}; do
			if test -n "$col"; then
				define="-D $row=$r -D $col=$c"
				got=$(cell "$tmp/grid.csv" "$r" "$c")
			else
				define="-D $row=$r"
				got=$(awk -F, -v r="$r" '$1 == r { print $2 }' \
					"$tmp/grid.csv")
			fi
			# shellcheck disable=SC2086
			want=$(cd "$srcdir" && run_river solve -q -f json $define \
			       "$puz" | sed -n -e 's/^  "solved": false,*$/none/p' \
				-e "s/^  \"$field\": \\([0-9]*\\),*\$/\\1/p")
			test -n "$got" && test "$got" = "$want" ||
				bad="$bad $r/$c:$got/$want"
		done
	done
	test -z "$bad" || echo "# differ:$bad"
	test -z "$bad"
}
field=crossings
if agree $mc n seats -D n=1..8 -D seats=1..5 &&
   agree $jh n seats -D n=2..6 -D seats=2..4 &&
   agree $mc seats "" -D seats=1..4; then
	ok "every cell is river solve's answer at that point"
else
	not_ok "every cell is river solve's answer at that point"
fi
field=time
if agree puzzles/bridge-torch-five.puz lamp "" -D lamp=24..32/2 &&
   grep -q '^lamp,time$' "$tmp/grid.csv" &&
   grep -q '^24,none$' "$tmp/grid.csv"; then
	ok "least time: every cell is river solve's time"
else
	sed 's/^/# /' "$tmp/grid.csv"
	not_ok "least time: every cell is river solve's time"
fi

# CSV: a header, a line a row, as many fields on each.
sweep -f csv -D n=1..5 -D seats=2..4 $mc >"$tmp/shape.csv"
if test "$(wc -l <"$tmp/shape.csv")" = 6 &&
   test "$(head -1 "$tmp/shape.csv")" = \
	"n,seats=2,seats=3,seats=4,smallest seats" &&
   test "$(awk -F, '{ print NF }' "$tmp/shape.csv" | sort -u)" = 5; then
	ok "CSV: a header and a line a row, five fields each"
else
	sed 's/^/# /' "$tmp/shape.csv"
	not_ok "CSV: a header and a line a row, five fields each"
fi

# JSON parses, and holds the points and the smallest values.
sweep -f json -D n=0..6 -D seats=2..4 $mc >"$tmp/mc.json"
if python3 - "$tmp/mc.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
pts = {(p["n"], p["seats"]): p for p in d["points"]}
assert d["objective"] == "crossings"
assert [a["name"] for a in d["axes"]] == ["n", "seats"]
assert len(pts) == 21
assert pts[(3, 2)] == {"n": 3, "seats": 2, "result": "plan", "optimum": 11}
assert pts[(6, 3)]["result"] == "none"
assert pts[(0, 2)]["result"] == "invalid" and pts[(0, 2)]["line"] > 0
assert d["smallest"]["name"] == "seats"
assert {"n": 4, "seats": 3} in d["smallest"]["values"]
assert {"n": 0, "seats": "none"} in d["smallest"]["values"]
PY
then
	ok "JSON: valid, with the points and the smallest seats"
else
	not_ok "JSON: valid, with the points and the smallest seats"
fi

# The chart is well-formed XML.
if command -v xmllint >/dev/null 2>&1; then
	sweep -f svg -D n=1..12 -D seats=2..5 $mc >"$tmp/mc.svg"
	if xmllint --noout "$tmp/mc.svg" &&
	   grep -q '<title>n=3, seats=2: 11</title>' "$tmp/mc.svg"; then
		ok "SVG: well-formed, a dot a plan"
	else
		not_ok "SVG: well-formed, a dot a plan"
	fi
else
	ok "SVG: # SKIP xmllint not installed"
fi

# One thread or two, the same output.
same_out=true
for f in text csv json svg; do
	sweep -f "$f" --threads 1 -D n=1..8 -D seats=1..4 $jh >"$tmp/one.$f"
	sweep -f "$f" --threads 2 -D n=1..8 -D seats=1..4 $jh >"$tmp/two.$f"
	same "$tmp/one.$f" "$tmp/two.$f" || same_out=false
done
if $same_out; then
	ok "the same output on one thread and on two"
else
	not_ok "the same output on one thread and on two"
fi

# Test $1: status $2 was $3's, and file $4 has a line matching each of
# the patterns that follow.
expect_lines() {
	name=$1 want=$2 got=$3 file=$4
	shift 4
	good=true
	test "$got" = "$want" || good=false
	for pattern; do
		grep -q -- "$pattern" "$file" || good=false
	done
	if $good; then
		ok "$name"
	else
		sed 's/^/# /' "$file"
		not_ok "$name (status $got)"
	fi
}

# A point stopped at its limit: the word in its cell, why below, 3.
sweep --max-states 25 -D n=3..5 -D seats=3 $jh >"$tmp/limit.txt"
expect_lines "a point at the state limit: limit, status 3" 3 $? \
	"$tmp/limit.txt" '^5  *limit$' '^4  *9$' \
	'^  n=5: the search stopped at its limit of 25 states$'

# A point that is no puzzle: its message, with its place, and 2.
sweep -D n=0..2 -D seats=2 $mc >"$tmp/zero.txt"
expect_lines "a point that is no puzzle: its message in the notes, status 2" \
	2 $? "$tmp/zero.txt" '^0  *invalid$' '^2  *5$' \
	"^  n=0: $mc:25:7: a counted kind needs at least one copy"

# Bad ranges and commands: a clear message and status 2.
bad_usage() {
	want=$1
	shift
	sweep "$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if test "$status" = 2 && grep -qF -- "$want" "$tmp/err" &&
	   test ! -s "$tmp/out"; then
		ok "$*: $want"
	else
		sed 's/^/# /' "$tmp/err"
		not_ok "$*: status $status, not: $want"
	fi
}
bad_usage 'the range n=5..2 runs backwards' -D n=5..2 $mc
bad_usage "-D needs NAME=FROM..TO or NAME=FROM..TO/STEP with whole numbers, not 'n=a..b'" \
	-D n=a..b $mc
bad_usage "-D needs NAME=FROM..TO or NAME=FROM..TO/STEP with whole numbers, not 'n=1..3/0'" \
	-D n=1..3/0 $mc
bad_usage "the puzzle has no parameter 'k'" -D k=1..3 $mc
bad_usage 'sweep needs a range of values' -D n=3 $mc
bad_usage 'sweep takes one or two ranges' -D n=1..2 -D seats=2..3 \
	-D n=4..5 $mc
bad_usage 'n has both a range and a value' -D n=1..2 -D n=3 $mc
bad_usage 'the smallest value asked is of k, which has no range' --smallest k -D n=1..2 $mc
bad_usage 'sweep uses the built-in search' -e z3 -D n=1..2 $mc
bad_usage 'sweep uses the built-in search' --count -D n=1..2 $mc
bad_usage "unknown format 'bogus' (use text, json, svg or csv)" -f bogus \
	-D n=1..2 $mc
(cd "$srcdir" && run_river solve -f csv $mc) >/dev/null 2>"$tmp/err"
expect_lines "solve refuses csv" 2 $? "$tmp/err" \
	'^river: solve writes text, json or svg$'
(cd "$srcdir" && run_river solve -D n=1..3 $mc) >/dev/null 2>"$tmp/err"
expect_lines "solve refuses a range" 2 $? "$tmp/err" \
	"^river: -D needs NAME=NUMBER, not 'n=1..3'$"

# The README's chart, as "make pictures" draws it.
sweep -f svg -D n=1..12 -D seats=2..5 $mc >"$tmp/pic.svg"
if same "$srcdir/doc/missionaries-sweep.svg" "$tmp/pic.svg"; then
	ok "doc/missionaries-sweep.svg is up to date"
else
	not_ok "doc/missionaries-sweep.svg is out of date: run make pictures"
fi
done_testing
