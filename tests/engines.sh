#!/bin/sh
# Every puzzle round-trips through every external engine, and each
# engine's answer agrees with libriver's own search: the same verdict,
# the same number of crossings (a missing engine is skipped here, but
# CI installs them all).  A missing engine is a clear error, exit 2.
. "${srcdir:-.}/tests/lib.sh"

# The verdict of a JSON plan: "solved crossings", e.g. "true 7"; for a
# puzzle that minimizes time, "solved time".
verdict() {
	if grep -q '^minimize time' "$puz"; then
		sed -n -e 's/^  "solved": \(.*\),$/\1/p' -e 's/^  "time": \(.*\),$/\1/p' "$1"
	else
		sed -n -e 's/^  "solved": \(.*\),$/\1/p' -e 's/^  "crossings": \(.*\),$/\1/p' "$1"
	fi | tr '\n' ' '
}

program() {
	case $1 in
	glpk) echo glpsol ;;
	*) echo "$1" ;;
	esac
}

puzzles="$srcdir/puzzles/*.puz $srcdir/tests/puzzles/unsolvable.puz
$srcdir/tests/puzzles/plain.puz $srcdir/tests/puzzles/articles.puz
$srcdir/tests/puzzles/mixed.puz $srcdir/tests/puzzles/rowing-kind.puz
$srcdir/tests/puzzles/both-banks.puz $srcdir/tests/puzzles/return-trip.puz
$srcdir/tests/puzzles/boat-goal.puz $srcdir/tests/puzzles/kinds-placed.puz
$srcdir/tests/puzzles/boat-goal-individuals.puz
$srcdir/tests/puzzles/walkers-limit.puz"
for puz in $puzzles; do
	name=$(basename "$puz")
	run_river solve -f json "$puz" >"$tmp/bfs.json"
	want=$(verdict "$tmp/bfs.json")
	# river verify accepts every plan river solve prints, as text or JSON
	# (labels with blanks, "Brother 1", included).
	case $want in true*)
		run_river solve -q "$puz" >"$tmp/bfs.txt"
		if run_river verify "$puz" "$tmp/bfs.txt" >/dev/null &&
		   run_river verify "$puz" "$tmp/bfs.json" >/dev/null; then
			ok "verify accepts river's plans for $name"
		else
			not_ok "verify accepts river's plans for $name"
		fi
	esac
	# Every format expresses the whole language (river(1)), so every
	# engine takes every puzzle; those of places, some of which take
	# an engine minutes, are below.
	is_places "$puz" && continue
	for engine in minizinc z3 cbc glpk; do
		if ! command -v "$(program $engine)" >/dev/null 2>&1; then
			ok "$engine $name # SKIP $(program $engine) not installed"
			continue
		fi
		run_river solve -e "$engine" -f json "$puz" >"$tmp/out.json" 2>"$tmp/err"
		status=$?
		got=$(verdict "$tmp/out.json")
		if test "$got" = "$want" && grep -q "\"engine\": \"$engine\"" "$tmp/out.json" &&
		   { test $status -eq 0 || test $status -eq 1; }; then
			ok "$engine $name: $got"
		else
			echo "# want '$want', got '$got' (exit $status)"
			sed 's/^/# /' "$tmp/err"
			not_ok "$engine $name"
		fi
		# river verify accepts every plan an engine finds.
		case $got in true*)
			run_river verify "$puz" "$tmp/out.json" >"$tmp/verdict" 2>&1
			if test $? -eq 0; then
				ok "verify accepts the $engine plan for $name"
			else
				sed 's/^/# /' "$tmp/verdict"
				not_ok "verify accepts the $engine plan for $name"
			fi
		esac
	done
done

# Puzzles of places: each engine finds the place search's optimum (the
# fewest crossings, or the least time), and river verify accepts its
# plan.  Jealous husbands by way of an island with n = 3 (18 crossings)
# and the four elopements (16) are left out: cbc takes over two
# minutes on the first, and glpk longer.
for case in "two-boats:$srcdir/tests/puzzles/two-boats.puz" \
	    "island-missionaries:$srcdir/puzzles/island-missionaries.puz" \
	    "island-husbands n=2:$srcdir/puzzles/island-husbands.puz:-D n=2" \
	    "island-ferry-times:$srcdir/tests/puzzles/island-ferry-times.puz"; do
	name=${case%%:*}
	rest=${case#*:}
	puz=${rest%%:*}
	args=
	case $rest in *:*) args=${rest#*:} ;; esac
	# shellcheck disable=SC2086
	run_river solve -f json $args "$puz" >"$tmp/bfs.json"
	want=$(verdict "$tmp/bfs.json")
	for engine in minizinc z3 cbc glpk; do
		if ! command -v "$(program $engine)" >/dev/null 2>&1; then
			ok "$engine $name # SKIP $(program $engine) not installed"
			continue
		fi
		# shellcheck disable=SC2086
		run_river solve -e "$engine" -f json $args "$puz" \
			>"$tmp/out.json" 2>"$tmp/err"
		status=$?
		got=$(verdict "$tmp/out.json")
		# shellcheck disable=SC2086
		if test $status -eq 0 && test "$got" = "$want" &&
		   grep -q "\"engine\": \"$engine\"" "$tmp/out.json" &&
		   run_river verify $args "$puz" "$tmp/out.json" >/dev/null 2>&1
		then
			ok "$engine $name (places): $got"
		else
			echo "# want '$want', got '$got' (exit $status)"
			sed 's/^/# /' "$tmp/err"
			not_ok "$engine $name (places)"
		fi
	done
done

# A horizon shorter than the optimum proves nothing: exit 3, not 1.
if command -v z3 >/dev/null 2>&1; then
	fails_with 3 "z3 found no plan of at most 3 crossings; a longer one may exist" \
		"a short horizon is a limit, not a proof" \
		solve -e z3 -H 3 "$srcdir/puzzles/wgc.puz"
else
	ok "a short horizon is a limit # SKIP z3 not installed"
fi

# -H search: the model of river's own plan's crossings, which each engine
# solves to the same optimum (7 crossings; for the bridge and torch 5
# crossings taking 17), at that horizon alone.  Without a plan there is
# no such model: exit 2, before any engine runs.
for engine in minizinc z3 cbc glpk; do
	if ! command -v "$(program $engine)" >/dev/null 2>&1; then
		ok "$engine -H search # SKIP $(program $engine) not installed"
		continue
	fi
	for case in "wgc.puz 7" "bridge-torch.puz 17"; do
		set -- $case
		puz="$srcdir/puzzles/$1"
		want="true $2 "
		run_river solve -e $engine -H search -f json "$puz" >"$tmp/out.json" 2>"$tmp/err"
		status=$?
		got=$(verdict "$tmp/out.json")
		river_h=$(run_river solve -f json "$puz" | sed -n 's/^  "crossings": \([0-9]*\),$/\1/p')
		if test $status -eq 0 && test "$got" = "$want" &&
		   grep -q "^  \"horizon\": $river_h,$" "$tmp/out.json"; then
			ok "$engine -H search $(basename "$puz"): $got at horizon $river_h"
		else
			echo "# want '$want' at horizon $river_h, got '$got' (exit $status)"
			sed 's/^/# /' "$tmp/err"
			not_ok "$engine -H search $(basename "$puz")"
		fi
	done
	fails_with 2 "error: river's search finds no plan for the puzzle" \
		"$engine -H search refuses a puzzle without a plan" \
		solve -e $engine -H search "$srcdir/tests/puzzles/unsolvable.puz"
done

# The least time with z3: no plan within the lamp's 28 seconds proves
# there is none (exit 1); a horizon too short for the quickest plan
# proves nothing (exit 3); and the exported model, run by hand, answers
# sat first at the least time, with a plan that takes it.
if command -v z3 >/dev/null 2>&1; then
	fails_with 1 "^No solution: z3 proved that no plan has at most 28 crossings, a bound on every plan" \
		"z3: no plan of the five walkers within 28 seconds" \
		solve -e z3 -D lamp=28 "$srcdir/puzzles/bridge-torch-five.puz"
	fails_with 3 "z3 found no plan of at most 4 crossings; a longer one may exist" \
		"z3: the least time within a short horizon is a limit, not a proof" \
		solve -e z3 -H 4 "$srcdir/puzzles/bridge-torch.puz"
	run_river export -t smt2 "$srcdir/puzzles/bridge-torch.puz" >"$tmp/bt.smt2"
	z3 -smt2 "$tmp/bt.smt2" >"$tmp/out" 2>&1
	# The bound of the first sat, and the total of its model.
	first=$(awk '/^total at most/ { t = $4 } /^sat$/ { sub(":", "", t); print t; exit }' "$tmp/out")
	total=$(sed -n "/^total at most $first:\$/,/^total at most/p" "$tmp/out" |
		grep -A1 '(define-fun total () Int' | sed -n 's/^ *\([0-9]*\))$/\1/p')
	if test "$first" = 17 && test "$total" = 17 && grep -q '^total at most 16:$' "$tmp/out"; then
		ok "the smt2 model of bridge-torch, run by hand, answers sat first at 17"
	else
		not_ok "the smt2 model of bridge-torch, run by hand, answers sat first at 17 (got '$first', total '$total')"
	fi
else
	ok "least time with z3 # SKIP z3 not installed"
fi

# The MiniZinc model runs by hand too, its output item printing the plan.
if command -v minizinc >/dev/null 2>&1; then
	run_river export --to minizinc "$srcdir/puzzles/missionaries-cannibals.puz" >"$tmp/m.mzn"
	minizinc --solver gecode "$tmp/m.mzn" >"$tmp/out" 2>/dev/null
	if grep -q '^Step 11: \[\] <-> \[3 .* 3 .*\]$' "$tmp/out" && grep -q '^==========$' "$tmp/out"; then
		ok "the MiniZinc model prints its plan when run by hand"
	else
		sed 's/^/# /' "$tmp/out"
		not_ok "the MiniZinc model prints its plan when run by hand"
	fi
else
	ok "the MiniZinc model by hand # SKIP minizinc not installed"
fi

# A title that spans lines cannot break a model's comments.
printf 'title "two\\nlines"\nitems x\nboat seats 1\n' >"$tmp/title.puz"
for engine in minizinc z3 cbc glpk; do
	if command -v "$(program $engine)" >/dev/null 2>&1; then
		if run_river solve -e $engine "$tmp/title.puz" >/dev/null 2>&1; then
			ok "$engine copes with a two-line title"
		else
			not_ok "$engine copes with a two-line title"
		fi
	fi
done

# Without the engine on PATH: exit 2, naming the Debian package.
mkdir "$tmp/empty"
env PATH="$tmp/empty" "$RIVER" solve -e cbc "$srcdir/puzzles/wgc.puz" \
	>"$tmp/out" 2>"$tmp/err"
status=$?
if test $status -eq 2 && grep -q "error: the cbc engine needs 'cbc', which is not installed (on Debian: apt-get install coinor-cbc)" "$tmp/err"; then
	ok "a missing engine is an error naming its package"
else
	sed 's/^/# /' "$tmp/err"
	not_ok "a missing engine is an error naming its package (exit $status)"
fi
done_testing
