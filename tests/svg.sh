#!/bin/sh
# Storyboards are well-formed XML: every bundled puzzle's, with xmllint
# (Debian's libxml2-utils), and one whose title and labels hold markup.
. "${srcdir:-.}/tests/lib.sh"

if ! command -v xmllint >/dev/null 2>&1; then
	echo "1..0 # SKIP xmllint not installed (apt-get install libxml2-utils)"
	exit 0
fi
for puz in "$srcdir"/puzzles/*.puz; do
	name=$(basename "$puz" .puz)
	run_river solve --format svg "$puz" >"$tmp/$name.svg"
	status=$?
	if test "$status" -le 1 && xmllint --noout "$tmp/$name.svg"; then
		ok "$name"
	else
		not_ok "$name (status $status)"
	fi
done

cat >"$tmp/odd.puz" <<'PUZ'
title "a & b <c> \"d\" 'e'"
description "x]]>y"
items farmer "a & b <c> \"d\"", wolf "<w>", goat, cabbage
boat seats 2
rowers farmer
guard farmer
wolf eats goat
goat eats cabbage
PUZ
run_river solve --format svg "$tmp/odd.puz" >"$tmp/odd.svg"
if xmllint --noout "$tmp/odd.svg" &&
   grep -q '<title>a &amp; b &lt;c&gt; &quot;d&quot;' "$tmp/odd.svg"; then
	ok "odd title and labels"
else
	not_ok "odd title and labels"
fi
printf 'farmer goat\nfarmer\nfarmer wolf\nfarmer\n' >"$tmp/bad.txt"
run_river verify --format svg "$tmp/odd.puz" "$tmp/bad.txt" >"$tmp/bad.svg"
status=$?
if test "$status" = 1 && xmllint --noout "$tmp/bad.svg" &&
   grep -q 'class="panel fault"' "$tmp/bad.svg"; then
	ok "verify, illegal step"
else
	not_ok "verify, illegal step (status $status)"
fi
# The README's pictures, as "make pictures" draws them (tests/sweep.sh
# checks the sweep's chart, tests/graph.sh the state graphs).
for pic in "$srcdir"/doc/*.svg; do
	name=$(basename "$pic" .svg)
	case $name in *-sweep | *-graph) continue ;; esac
	run_river solve --format svg "$srcdir/puzzles/$name.puz" >"$tmp/pic.svg"
	if same "$pic" "$tmp/pic.svg"; then
		ok "doc/$name.svg is up to date"
	else
		not_ok "doc/$name.svg is out of date: run make pictures"
	fi
done
done_testing
