#!/bin/sh
# Every command on one puzzle of every class: plain, counted kinds,
# interchangeable individuals, couples, wide (over 63 individuals),
# timed, rowing by crossing, islands, two boats.  Each command either
# works, agreeing with the plain queue search (river solve -S -M queue)
# on the optimum and the count of optimal plans, or refuses the class
# as river(1) documents (exit 3 for a puzzle too wide for a packed
# state), saying why.  The external engines run
# in the slow suite (tests/engines.sh); here their models are exported.
. "${srcdir:-.}/tests/lib.sh"

field() {
	sed -n "s/^  \"$1\": \\([^,]*\\),\$/\\1/p" "$2"
}

cat >"$tmp/alike.puz" <<'EOF'
title "A ferryman and three alike walkers"
items ferryman, a, b, c
boat seats 2
rowers ferryman
EOF

# class FILE ARGS: the puzzles, each with its -D arguments.
classes="plain:$srcdir/puzzles/wgc.puz:
kinds:$srcdir/puzzles/missionaries-cannibals.puz:
alike:$tmp/alike.puz:
couples:$srcdir/puzzles/jealous-husbands.puz:
wide:$srcdir/puzzles/jealous-husbands.puz:-D n=40 -D seats=4
timed:$srcdir/puzzles/bridge-torch.puz:
turns:$srcdir/puzzles/day-and-night.puz:
islands:$srcdir/puzzles/island-missionaries.puz:
boats:$srcdir/tests/puzzles/two-boats.puz:"

# The commands a class refuses, with the exit status it refuses them
# with: river(1), EXIT STATUS.
refused() {
	case $1:$2 in
	wide:plain|wide:graph) echo 3 ;;
	*) echo 0 ;;
	esac
}

# outcome CLASS COMMAND STATUS: the status is what the class must give.
outcome() {
	want=$(refused "$1" "$2")
	if test "$want" -ne 0; then
		if test "$3" -eq "$want" &&
		   grep -q -e "not taken" -e "too big" "$tmp/err"; then
			ok "$1: $2 refused as documented (exit $want)"
		else
			not_ok "$1: $2 should be refused with exit $want, not $3"
			sed 's/^/# /' "$tmp/err"
		fi
		return 1
	fi
	if test "$3" -ne 0 && test "$3" -ne 1; then
		not_ok "$1: $2 failed (exit $3)"
		sed 's/^/# /' "$tmp/err"
		return 1
	fi
	return 0
}

echo "$classes" >"$tmp/classes"
while IFS=: read -r class file args; do
	# The reference: the plain queue search, counting.
	# shellcheck disable=SC2086
	run_river solve -S -M queue -c -f json $args "$file" >"$tmp/ref.json" \
		2>"$tmp/err"
	outcome "$class" plain $?
	ref_ok=$?
	# A wide puzzle is never searched without symmetry: its reference
	# is the default search, counting, which the others must agree
	# with (each checked on the plain meaning in the checking mode).
	if test "$class" = wide; then
		# shellcheck disable=SC2086
		run_river solve -c -f json $args "$file" >"$tmp/ref.json" \
			2>"$tmp/err"
		ref_ok=$?
	fi
	best=$(field crossings "$tmp/ref.json")
	grep -q '^minimize time' "$file" && best=$(field time "$tmp/ref.json")
	count=$(field optimal_plans "$tmp/ref.json")
	objective() {
		if grep -q '^minimize time' "$file"; then
			field time "$1"
		else
			field crossings "$1"
		fi
	}
	# solve, solve -c, solve -M layers with -c and without, solve -a 2:
	# the same optimum, and where counted, the same count.
	for run in "solve:" "count:-c" "layers:-M layers -c" \
		   "layers-plan:-M layers" "all:-n 2"; do
		name=${run%%:*}
		opt=${run#*:}
		# shellcheck disable=SC2086
		run_river solve $opt -f json $args "$file" >"$tmp/got.json" \
			2>"$tmp/err"
		outcome "$class" "$name" $? || continue
		got=$(objective "$tmp/got.json")
		gc=$(field optimal_plans "$tmp/got.json")
		if test "$ref_ok" -ne 0; then
			ok "$class: $name gives $got (no plain search to compare)"
		elif test "$got" = "$best" &&
		     { test "$name" = solve || test "$name" = layers-plan ||
		       test "$gc" = "$count"; }; then
			ok "$class: $name agrees with the plain search ($got${gc:+, $gc plans})"
		else
			not_ok "$class: $name gives $got ($gc plans), the plain search $best ($count plans)"
		fi
	done
	# verify: the plan solve prints is legal and optimal.
	# shellcheck disable=SC2086
	run_river solve $args "$file" >"$tmp/plan.txt" 2>"$tmp/err"
	# shellcheck disable=SC2086
	run_river verify $args "$file" "$tmp/plan.txt" >"$tmp/out" 2>"$tmp/err"
	if outcome "$class" verify $?; then
		if grep -q "legal: .* possible)" "$tmp/out"; then
			ok "$class: verify finds solve's plan legal and optimal"
		else
			not_ok "$class: verify finds solve's plan legal and optimal"
			sed 's/^/# /' "$tmp/out"
		fi
	fi
	# The storyboard.
	# shellcheck disable=SC2086
	run_river solve -f svg $args "$file" >"$tmp/plan.svg" 2>"$tmp/err"
	if outcome "$class" svg $?; then
		if xmllint --noout "$tmp/plan.svg" 2>"$tmp/err"; then
			ok "$class: the storyboard is well-formed SVG"
		else
			not_ok "$class: the storyboard is well-formed SVG"
		fi
	fi
	# The commands that answer in their own way.
	: >"$tmp/empty"
	for run in "explain:explain" "hint:hint" "graph:graph" \
		   "export:export --to lp" "check:check"; do
		name=${run%%:*}
		cmd=${run#*:}
		extra=
		test "$name" = hint && extra="$tmp/empty"
		# shellcheck disable=SC2086
		run_river $cmd $args "$file" $extra >"$tmp/out" 2>"$tmp/err"
		outcome "$class" "$name" $? && ok "$class: $name answers"
	done
	# graph and explain: the plain search's optimum, and the graph's
	# optimal plans are as many as it counts.
	# (A wide puzzle's graph by its orbits: as written, it has 2^n
	# states.)
	if test "$ref_ok" -eq 0; then
		reduced=
		test "$class" = wide && reduced=--reduced
		# shellcheck disable=SC2086
		run_river graph $reduced $args "$file" >"$tmp/graph.dot" \
			2>"$tmp/err"
		said=$(sed -n 's/^\/\/ \(at least \)*\([0-9]*\) optimal plans*, \(time \)*\([0-9]*\).*/\2 \4/p' \
		       "$tmp/graph.dot")
		if test "$said" = "$count $best"; then
			ok "$class: graph agrees with the plain search ($said)"
		else
			not_ok "$class: graph says '$said', the plain search $count $best"
		fi
	fi
	if test "$ref_ok" -eq 0 && test "$(refused "$class" explain)" -eq 0; then
		# shellcheck disable=SC2086
		run_river explain -f json $args "$file" >"$tmp/explain.json" \
			2>"$tmp/err"
		got=$(objective "$tmp/explain.json")
		if test "$got" = "$best" && grep -q '"steps": \[' "$tmp/explain.json"; then
			ok "$class: explain agrees with the plain search ($got)"
		else
			not_ok "$class: explain gives '$got', the plain search $best"
		fi
	fi
	# sweep over one parameter where the puzzle has one.
	if grep -q '^param n' "$file" && test "$class" != wide; then
		run_river sweep -f csv -D n=2..3 "$file" >"$tmp/out" 2>"$tmp/err"
		outcome "$class" sweep $? && ok "$class: sweep answers"
	fi
done <"$tmp/classes"
done_testing
