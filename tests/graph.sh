#!/bin/sh
# river graph: every bundled puzzle's state graph renders with Graphviz
# (dot -Tsvg, Debian's graphviz; past 1000 states, its reduced graph)
# into well-formed SVG (xmllint); its optimal crossings make as many
# plans as river solve --count finds;
# its crossings are as many as it says; a graph too big to draw is a
# summary by depth whose first goal is river solve's optimum; the
# search limit stops it with status 3; the moves --broken draws break
# the rule river verify names; the README's picture is up to date.
. "${srcdir:-.}/tests/lib.sh"

command -v dot >/dev/null 2>&1 ||
	skip_all "dot not installed (apt-get install graphviz)"
command -v xmllint >/dev/null 2>&1 ||
	skip_all "xmllint not installed (apt-get install libxml2-utils)"

# The plans along the optimal crossings of graph $1, from the start to
# a goal, each crossing drawn from tail to head; then how many optimal
# crossings, states and crossings it draws (a line with arrows at both
# ends is two crossings).
read_graph() {
	awk '
	/^\ts[0-9]+ \[/ {
		states++
		if ($0 ~ /class="(start )?goal/) goal[$1] = 1
		if ($0 ~ /class="start/) start = $1
	}
	/^\ts[0-9]+ -> s[0-9]+ \[/ {
		crossings += /dir=both/ ? 2 : 1
		if (/class="optimal"/) {
			n++; from[n] = $1; to[n] = $3
			indeg[$3]++
		}
	}
	END {
		for (i = 1; i <= n; i++)
			out[from[i], ++outdeg[from[i]]] = to[i]
		paths[start] = 1
		queue[1] = start; head = 1; tail = 1
		while (head <= tail) {
			u = queue[head++]
			for (i = 1; i <= outdeg[u]; i++) {
				v = out[u, i]
				paths[v] += paths[u]
				if (--indeg[v] == 0)
					queue[++tail] = v
			}
		}
		for (g in goal)
			total += paths[g]
		printf "%.0f %d %d %d\n", total, n, states, crossings
	}' "$1"
}

for puz in "$srcdir"/puzzles/*.puz; do
	name=$(basename "$puz" .puz)
	# A puzzle of places is drawn whole (the four elopements' 2625
	# states).
	nodes=
	is_places "$puz" && nodes="-N 3000"
	# shellcheck disable=SC2086
	run_river graph $nodes "$puz" >"$tmp/$name.dot" 2>"$tmp/err"
	status=$?
	set -- $(read_graph "$tmp/$name.dot")
	plans=$1 optimal=$2 states=$3 crossings=$4
	# Graphviz lays out a graph of a few hundred states in a blink but
	# takes 17 s on the four elopements' 2625: a graph of more than
	# 1000 states is only read by Graphviz (gvpr parses it), and its
	# reduced graph (graph -R) is the one laid out.
	if test "$states" -le 1000; then
		dot -Tsvg "$tmp/$name.dot" >"$tmp/$name.svg" 2>"$tmp/dot.err"
	else
		gvpr -c 'N{}' "$tmp/$name.dot" >/dev/null 2>"$tmp/dot.err" &&
		run_river graph -R $nodes "$puz" 2>>"$tmp/dot.err" |
			dot -Tsvg >"$tmp/$name.svg" 2>>"$tmp/dot.err"
	fi
	drawn=$?
	said=$(sed -n '1s/^\/\/ \([0-9]*\) states*, \([0-9]*\) crossings*;.*/\1 \2/p' \
	       "$tmp/$name.dot")
	want=$(run_river solve -q --count "$puz" | tail -n 1 |
	       sed -n 's/.*; \([0-9]*\) optimal plans*\.$/\1/p')
	if test "$status" = 0 && test "$drawn" = 0 && ! test -s "$tmp/err" &&
	   xmllint --noout "$tmp/$name.svg" && test "$plans" = "$want" &&
	   test "$optimal" -gt 0 && test "$said" = "$states $crossings"; then
		ok "$name: drawn, $states states, optimal plans: $plans"
	else
		cat "$tmp/err" "$tmp/dot.err" | sed 's/^/# /'
		not_ok "$name: status $status, dot $drawn, $plans plans (want" \
		       "$want), $states states, $crossings crossings (said $said)"
	fi
done

# Reduced by symmetry, the three cops are one kind: fewer states.
run_river graph "$srcdir/puzzles/cops-and-robbers.puz" >"$tmp/full.dot"
run_river graph --reduced "$srcdir/puzzles/cops-and-robbers.puz" \
	>"$tmp/reduced.dot"
full=$(read_graph "$tmp/full.dot" | cut -d' ' -f3)
reduced=$(read_graph "$tmp/reduced.dot" | cut -d' ' -f3)
if test "$reduced" -gt 0 && test "$reduced" -lt "$full" &&
   grep -q '^// reduced by symmetry$' "$tmp/reduced.dot" &&
   dot -Tsvg "$tmp/reduced.dot" | xmllint --noout -; then
	ok "cops and robbers reduced: $reduced states of $full"
else
	not_ok "cops and robbers reduced: $reduced states of $full"
fi

# Too many states to draw: a node per depth, the states adding up, the
# first goal where river solve's plan ends.
big="-D n=11 $srcdir/puzzles/annoying-neighbours.puz"
run_river graph $big >"$tmp/big.dot" 2>"$tmp/big.err"
status=$?
fewest=$(run_river solve -q $big | tail -n 1 |
	 sed -n 's/^Solved in \([0-9]*\) crossings.*/\1/p')
sum=$(sed -n 's/.*label="depth [0-9]*\\n\([0-9]*\) states*.*/\1/p' \
      "$tmp/big.dot" | awk '{ n += $1 } END { print n }')
first=$(sed -n 's/.*label="depth \([0-9]*\)\\n.*\\n[0-9]* goals*".*/\1/p' \
	"$tmp/big.dot" | head -n 1)
if test "$status" = 0 && test "$sum" -gt 2000 &&
   grep -q "^// $sum states" "$tmp/big.dot" &&
   grep -q "$sum states, more than 2000 to draw" "$tmp/big.err" &&
   test "$first" = "$fewest" && ! grep -q '^	s[0-9]' "$tmp/big.dot" &&
   dot -Tsvg "$tmp/big.dot" | xmllint --noout -; then
	ok "too big: $sum states by depth, the first goal at $first"
else
	cat "$tmp/big.err" | sed 's/^/# /'
	not_ok "too big: status $status, $sum states, first goal $first" \
	       "(want $fewest)"
fi
run_river graph --max-nodes 100000 $big >"$tmp/all.dot"
if test "$(read_graph "$tmp/all.dot" | cut -d' ' -f3)" = "$sum"; then
	ok "too big: drawn whole with --max-nodes"
else
	not_ok "too big: drawn whole with --max-nodes"
fi
run_river graph --max-states 100 $big >"$tmp/out" 2>"$tmp/err"
status=$?
if test "$status" = 3 && ! test -s "$tmp/out" &&
   grep -q 'limit of 100 states' "$tmp/err"; then
	ok "past --max-states: status 3"
else
	not_ok "past --max-states: status $status"
fi

# Every move --broken draws from the start breaks the rule river verify
# names for it as a plan's first crossing.
for puz in wgc missionaries-cannibals jealous-husbands; do
	file=$srcdir/puzzles/$puz.puz
	run_river graph --broken "$file" >"$tmp/broken.dot"
	moves=0 good=true
	grep '^	s0 -> x[0-9]* ' "$tmp/broken.dot" >"$tmp/moves"
	while read -r from arrow to rest; do
		load=$(echo "$rest" | sed 's/^\[label="\([^"]*\)".*/\1/')
		echo "$load" >"$tmp/plan"
		rule=$(sed -n "s/^	$to \[label=\"[^\"]*\\\\n\([^\"]*\)\".*/\1/p" \
		       "$tmp/broken.dot")
		verdict=$(run_river verify "$file" "$tmp/plan")
		if test "$verdict" != "$tmp/plan: step 1: $rule"; then
			echo "# $load: $verdict; the graph says $rule"
			good=false
		fi
		moves=$((moves + 1))
	done <"$tmp/moves"
	if $good && test "$moves" -gt 0 &&
	   dot -Tsvg "$tmp/broken.dot" | xmllint --noout -; then
		ok "$puz --broken: $moves moves from the start, each as verify says"
	else
		not_ok "$puz --broken: $moves moves from the start"
	fi
done

# A title and labels with markup, quotes and backslashes: DOT strings
# that Graphviz reads back as written.
cat >"$tmp/odd.puz" <<'PUZ'
title "a & b <c> \"d\" \\n"
items farmer "f \\N \"x\"", wolf "<w>", goat, cabbage
boat seats 2
rowers farmer
guard farmer
wolf eats goat
goat eats cabbage
PUZ
run_river graph --broken "$tmp/odd.puz" | dot -Tsvg >"$tmp/odd.svg"
if xmllint --noout "$tmp/odd.svg" &&
   grep -q '>a &amp; b &lt;c&gt; &quot;d&quot; \\n<' "$tmp/odd.svg" &&
   grep -q '>f \\N &quot;x&quot; &lt;w&gt;' "$tmp/odd.svg"; then
	ok "odd title and labels"
else
	not_ok "odd title and labels"
fi

# The README's picture, as "make pictures" draws it.  dot's layout
# changes from one Graphviz to another: its text must be the same.
words() {
	sed -n 's/.*<\(title\|text\)[^>]*>\([^<]*\)<.*/\2/p' "$1" | sort
}
run_river graph "$srcdir/puzzles/wgc.puz" | dot -Tsvg >"$tmp/pic.svg"
words "$tmp/pic.svg" >"$tmp/want"
words "$srcdir/doc/wgc-graph.svg" >"$tmp/have"
if test -s "$tmp/want" && same "$tmp/want" "$tmp/have"; then
	ok "doc/wgc-graph.svg is up to date"
else
	not_ok "doc/wgc-graph.svg is out of date: run make pictures"
fi
# Writing a graph of 2^19 states is under the time limit too: it stops
# with status 3 and the limit named, or is done within it.
{
	echo 'title "Many"'
	printf 'items farmer'
	for i in $(seq 1 18); do printf ', x%d' "$i"; done
	echo
	echo 'boat seats 2'
	echo 'rowers farmer'
	echo 'x1 eats x2 unless farmer'
} >"$tmp/many.puz"
bounded_out=/dev/null run_bounded 30 graph -N 1000000 -T 1.5 "$tmp/many.puz"
if { test "$rc" = 3 && test "$took" -lt 4500 &&
     grep -q "the time limit of 1.5 seconds was reached" "$tmp/err"; } ||
   { test "$rc" = 0 && test "$took" -lt 2500; }; then
	ok "graph -N 1000000 -T 1.5: status $rc after ${took} ms"
else
	not_ok "graph -N 1000000 -T 1.5: status $rc after ${took} ms"
	sed 's/^/# /' "$tmp/err"
fi
done_testing
