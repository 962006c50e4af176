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
# A long plan's storyboard stays small: of 5007 crossings the first 500
# and the last 500 are drawn, and a panel between says which are not
# (without the cap: 5009 panels, 3.2 MB); river says so on stderr.
# An illegal crossing at the end, the 5007th, is drawn after them.
awk 'BEGIN { for (i = 0; i < 2500; i++) print "farmer goat\nfarmer goat"
	print "farmer goat\nfarmer\nfarmer wolf\nfarmer goat\nfarmer cabbage\nfarmer\nfarmer goat" }' \
	>"$tmp/long.txt"
for how in legal illegal; do
	if test $how = illegal; then
		sed '$d' "$tmp/long.txt" >"$tmp/cut.txt"
		echo wolf >>"$tmp/cut.txt"
		mv "$tmp/cut.txt" "$tmp/long.txt"
		# Crossings checked, panels (the start, 1000, the gap, the
		# fault), faults.
		want=1 n=5006 want_panels=1003 fault=1
	else
		# The start, 1000, the gap, the end.
		want=0 n=5007 want_panels=1003 fault=0
	fi
	run_river verify --format svg "$srcdir/puzzles/wgc.puz" "$tmp/long.txt" \
		>"$tmp/long.svg" 2>"$tmp/long.err"
	status=$?
	size=$(wc -c <"$tmp/long.svg")
	panels=$(grep -c 'class="panel' "$tmp/long.svg")
	if test "$status" = $want && xmllint --noout "$tmp/long.svg" &&
	   test "$size" -lt 1000000 && test "$panels" -eq $want_panels &&
	   test "$(grep -c 'class="panel fault"' "$tmp/long.svg")" -eq $fault &&
	   grep -q ">Crossings 501 to $((n - 500)) ($((n - 1000)) of them) are not drawn" "$tmp/long.svg" &&
	   grep -q '>500\. ' "$tmp/long.svg" && ! grep -q '>501\. ' "$tmp/long.svg" &&
	   ! grep -q ">$((n - 500))\\. " "$tmp/long.svg" &&
	   grep -q ">$((n - 499))\\. " "$tmp/long.svg" && grep -q '>5007\. ' "$tmp/long.svg" &&
	   grep -q "long.txt: $n crossings, more than 1000 to draw" "$tmp/long.err"; then
		ok "verify, $how plan of 5007 crossings: 1000 drawn ($size bytes)"
	else
		not_ok "verify, $how plan of 5007 crossings: 1000 drawn (status $status, $size bytes, $panels panels)"
		sed 's/^/# /' "$tmp/long.err"
	fi
done

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
