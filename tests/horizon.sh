#!/bin/sh
# The models' horizon (river(7), MODELS): on every bundled puzzle the
# default is at least the crossings of river's own optimal plan (it
# bounds every optimal plan), -H search is exactly those crossings, or
# a clear error when there is no plan, and every model says at its top
# which horizon it was built for.
. "${srcdir:-.}/tests/lib.sh"

# The horizon of a MiniZinc model.
horizon_of() {
	sed -n 's/^int: H = \([0-9]*\);.*/\1/p' "$1"
}

for puz in "$srcdir"/puzzles/*.puz "$srcdir"/tests/puzzles/*.puz; do
	name=$(basename "$puz")
	run_river solve -q -f json "$puz" >"$tmp/plan.json" 2>/dev/null
	case $? in
	0) crossings=$(sed -n 's/^  "crossings": \([0-9]*\),$/\1/p' "$tmp/plan.json") ;;
	1) crossings= ;;
	*) continue ;; # not a puzzle to solve (bad on purpose)
	esac
	# The models do not take a puzzle of places (tests/coverage.sh).
	is_places "$puz" && continue
	if ! run_river export --to minizinc "$puz" >"$tmp/default.mzn" 2>"$tmp/err"; then
		# Only a puzzle too big to bound may go without a default.
		if grep -q "error: the puzzle has too many states to bound its plans" "$tmp/err"; then
			ok "$name: too big for a default horizon, clearly"
		else
			sed 's/^/# /' "$tmp/err"
			not_ok "$name: a default horizon"
		fi
		continue
	fi
	h=$(horizon_of "$tmp/default.mzn")
	if test -n "$crossings" && test "$h" -ge "$crossings" && test "$h" -ge 1 &&
	   head -n 2 "$tmp/default.mzn" | grep -q "^% Horizon $h: the default"; then
		ok "$name: the default horizon $h bounds the plan of $crossings"
	elif test -z "$crossings" && test "$h" -ge 1 &&
	     head -n 2 "$tmp/default.mzn" | grep -q "^% Horizon $h: the default"; then
		ok "$name: no plan; the default horizon is $h"
	else
		not_ok "$name: the default horizon $h, the plan's crossings '$crossings'"
	fi
	run_river export --to minizinc -H search "$puz" >"$tmp/search.mzn" 2>"$tmp/err"
	status=$?
	if test -n "$crossings"; then
		want=$crossings
		test "$want" -ge 1 || want=1
		if test $status -eq 0 && test "$(horizon_of "$tmp/search.mzn")" = "$want" &&
		   head -n 2 "$tmp/search.mzn" | grep -q "^% Horizon $want: the crossings of the"; then
			ok "$name: -H search is river's $crossings crossings"
		else
			sed 's/^/# /' "$tmp/err"
			not_ok "$name: -H search, want $want (exit $status)"
		fi
	elif test $status -eq 2 && test ! -s "$tmp/search.mzn" &&
	     grep -q "error: river's search finds no plan for the puzzle, so no horizon can be taken from one" "$tmp/err"; then
		ok "$name: -H search refuses a puzzle without a plan"
	else
		sed 's/^/# /' "$tmp/err"
		not_ok "$name: -H search on a puzzle without a plan (exit $status)"
	fi
done

# The wolf, goat and cabbage: 9 by default (test_export.c works it out),
# 7 from the search, 12 as given; the note in each format's comments.
wgc="$srcdir/puzzles/wgc.puz"
for format in minizinc:% smt2:\; lp:\\\\ ocean:\#; do
	to=${format%%:*}
	mark=${format#*:}
	for case in "::the default bound on the crossings of an optimal plan" \
		    "search:7:the crossings of the plan river's own search found" \
		    "12:12:given by the caller; at least the default bound of 9"; do
		given=${case%%:*}
		rest=${case#*:}
		h=${rest%%:*}
		what=${rest#*:}
		test -n "$h" || h=9
		run_river export --to "$to" ${given:+-H "$given"} "$wgc" >"$tmp/model" 2>"$tmp/err"
		if head -n 30 "$tmp/model" | grep -q "^$mark Horizon $h: $what"; then
			ok "$to model of wgc notes horizon $h (${given:-default})"
		else
			head -n 30 "$tmp/model" | sed 's/^/# /'
			not_ok "$to model of wgc notes horizon $h (${given:-default})"
		fi
	done
done
run_river export --to bqm -H search "$wgc" >"$tmp/model"
if head -n 2 "$tmp/model" | grep -q '^ "info": {"horizon": "Horizon 7: the crossings of the plan'; then
	ok "the bqm model carries its note in dimod's info"
else
	not_ok "the bqm model carries its note in dimod's info"
fi
done_testing
