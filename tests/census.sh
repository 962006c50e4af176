#!/bin/sh
# river census: the Alcuin number of graphs read as graph6, checked
# against the theory (Csorba, Hurkens and Woeginger 2010; Lampis and
# Mitsou): never below the vertex cover number tau, never above tau + 1,
# tau for every tree with tau > 1, 2 for the star K(1,3); the puzzle of
# the path on three vertices is the wolf, goat and cabbage's, 7
# crossings; every graph up to 7 vertices from nauty's geng (skipped
# without it); the formats; and bad lines, with the line's number.
. "${srcdir:-.}/tests/lib.sh"

# expect WHAT WANT GOT
expect() {
	if test "$2" = "$3"; then
		ok "$1: $2"
	else
		not_ok "$1: '$2' expected, got '$3'"
		sed 's/^/# /' "$tmp/err" 2>/dev/null
	fi
}

# The CSV record of graph6 $1, less the header: vertices, edges, tau,
# alcuin, crossings.
record() {
	echo "$1" | run_river census -f csv 2>"$tmp/err" | sed -n '2s/^[^,]*,//p'
}

# Graphs written out by hand, as geng writes them.
expect "the path on three vertices (wolf, goat, cabbage)" "3,2,1,1,7" \
	"$(record Bg)"
expect "the star K(1,3) needs 2" "4,3,1,2,5" "$(record Cs)"
expect "K4: tau 3, a boat of 3" "4,6,3,3,3" "$(record 'C~')"
expect "two vertices, no edge: a boat of 1" "2,0,0,1,3" "$(record 'A?')"
expect "no vertex at all" "0,0,0,0,1" "$(record '?')"
expect "geng's header is read" "3,2,1,1,7" "$(record '>>graph6<<Bg')"

# Bad lines: exit 2, the file and line named, nothing on standard output
# but what came before.
printf 'Bg\nB!\n' >"$tmp/bad.g6"
run_river census "$tmp/bad.g6" >"$tmp/out" 2>"$tmp/err"
status=$?
expect "a bad character: exit 2" 2 "$status"
if grep -q "bad.g6:2:2: '!' is not a graph6 character" "$tmp/err"; then
	ok "a bad character is named with its line"
else
	not_ok "a bad character is named with its line"
	sed 's/^/# /' "$tmp/err"
fi
echo 'Bgg' | run_river census >"$tmp/out" 2>"$tmp/err"
expect "a line of the wrong length: exit 2" 2 $?
grep -q "<stdin>:1: a graph of 3 vertices is 2 characters" "$tmp/err" &&
	ok "the length is explained" || not_ok "the length is explained"
echo 'W???????????????????????????????????????????????????????????' |
	run_river census >"$tmp/out" 2>"$tmp/err"
expect "more vertices than it takes: exit 2" 2 $?
run_river census -D n=3 "$tmp/bad.g6" >"$tmp/out" 2>"$tmp/err"
expect "census takes no -D: exit 2" 2 $?
run_river census "$tmp/missing.g6" >"$tmp/out" 2>"$tmp/err"
expect "a missing file: exit 2" 2 $?

# The formats: a CSV header, JSON that parses, the text summary.
printf 'Bg\nCs\n' >"$tmp/two.g6"
run_river census -f csv "$tmp/two.g6" >"$tmp/two.csv" 2>"$tmp/err"
expect "CSV: a header and a row a graph" \
	"graph6,vertices,edges,tau,alcuin,crossings|Bg,3,2,1,1,7|Cs,4,3,1,2,5" \
	"$(tr '\n' '|' <"$tmp/two.csv" | sed 's/|$//')"
run_river census -f json "$tmp/two.g6" >"$tmp/two.json" 2>"$tmp/err"
for p in ${PYTHON:+"$PYTHON"} python3; do
	if command -v "$p" >/dev/null 2>&1; then
		got=$("$p" -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join("%s:%d" % (g["graph6"], g["alcuin"]) for g in d["graphs"]),
      d["summary"][0]["alcuin_tau_plus_one"])' "$tmp/two.json")
		expect "JSON: the records and the summary" "Bg:1 Cs:2 0" \
			"$(echo "$got" | tr '\n' ' ' | sed 's/ $//')"
		break
	fi
done
run_river census --alcuin "$tmp/two.g6" >"$tmp/two.txt" 2>"$tmp/err"
if grep -q '^       3          1            1            0      0               7$' \
	"$tmp/two.txt" && grep -q '^1 graph whose Alcuin number is tau + 1' \
	"$tmp/two.txt" && grep -qx 'Cs' "$tmp/two.txt"; then
	ok "text: the summary by vertex count and the graphs of tau + 1"
else
	not_ok "text: the summary by vertex count and the graphs of tau + 1"
	sed 's/^/# /' "$tmp/two.txt"
fi

# The theory, on every graph geng makes up to 7 vertices (1,252), and
# on every tree up to 10 (199 from 3 vertices, all but the 8 stars of
# tau > 1).
geng=
for g in nauty-geng geng; do
	command -v "$g" >/dev/null 2>&1 && geng=$g && break
done
if test -z "$geng"; then
	ok "every graph up to 7 vertices # SKIP no geng (Debian: nauty)"
	ok "every tree up to 10 vertices # SKIP no geng (Debian: nauty)"
else
	for n in 1 2 3 4 5 6 7; do "$geng" -q "$n"; done >"$tmp/all.g6"
	run_river census -f csv "$tmp/all.g6" >"$tmp/all.csv" 2>"$tmp/err"
	got=$(awk -F, 'NR > 1 { n++; if ($5 < $4 || $5 > $4 + 1) bad++ }
		END { print n, bad + 0 }' "$tmp/all.csv")
	expect "every graph up to 7 vertices: tau <= alcuin <= tau + 1" \
		"1252 0" "$got"
	for n in 3 4 5 6 7 8 9 10; do
		"$geng" -q -c "$n" "$((n - 1)):$((n - 1))"
	done >"$tmp/trees.g6"
	run_river census -f csv "$tmp/trees.g6" >"$tmp/trees.csv" 2>"$tmp/err"
	got=$(awk -F, 'NR > 1 && $4 > 1 { n++; if ($5 != $4) bad++ }
		END { print n, bad + 0 }' "$tmp/trees.csv")
	expect "every tree of tau > 1 up to 10 vertices: alcuin = tau" \
		"191 0" "$got"
fi
done_testing
