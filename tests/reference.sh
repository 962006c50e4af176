#!/bin/sh
# The full language against an independent reference: random small
# puzzles (tests/reference.py writes them, with every kind of rule in
# every place, rowing limits, loads, weights, margins, times) solved by
# river and by a plain search written from river(5); the verdict, the
# optimum (crossings, or time) and the number of optimal plans agree,
# and so do the reachable states of a puzzle with no plan (and no
# turns, margin or time, where a state is only where everything is),
# and river verify accepts river's plan.  Every fifth puzzle solvable
# in the fewest crossings also goes through the MiniZinc and SMT-LIB
# models of it (when minizinc and z3 are installed), and another fifth
# through the LP model and CBC, which must find the same optimum (proving
# that no plan exists, or that a time is the least, can take Gecode
# minutes, too long to try on all); a fifth of those solved in the least
# time go through the SMT-LIB model, a run of z3 for each bound.
# Every fourth puzzle is one of places or boats (three or four places,
# or two boats; its verdict is said after "places"), some with a boat's
# own rowers ("the raft is rowed by"), the second boat's own load limit
# or list of loads, or legs of a time of their own ("in time 3"):
# river's place search must find the same optimum and number of optimal
# plans (its states are orbits of interchangeable items, not the
# reference's labelled ones, so they are not compared), and river verify
# accept its plan; those of at most 8 crossings then go through the
# models and engines as the others do.
. "${srcdir:-.}/tests/lib.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed"

# 260 seeds: about as many puzzles of two banks as the 200 of before
# every fourth became one of places.
seeds=${REFERENCE_SEEDS:-260}
seed=1
while test "$seed" -le "$seeds"; do
	want=$(python3 "$srcdir/tests/reference.py" "$seed" "$tmp") || {
		not_ok "reference.py $seed"
		seed=$((seed + 1))
		continue
	}
	case $want in
	places\ *) places=yes; want=${want#places } ;;
	*) places= ;;
	esac
	label="$seed${places:+ (places)}"
	puz="$tmp/$seed.puz"
	run_river solve -f json --count "$puz" >"$tmp/out.json" 2>"$tmp/err"
	status=$?
	case $want in
	invalid)
		# The start or the goal breaks a rule: river refuses it.
		if test $status -eq 2 && grep -q "breaks this rule" "$tmp/err"; then
			ok "$label: refused, as its start or goal breaks a rule"
		else
			not_ok "$label: want a refusal, got exit $status"
		fi ;;
	unsolvable*)
		# "unsolvable N": the reachable states, where a state is only
		# where everything is: river's states in all.
		states=${want#unsolvable}
		states=${states# }
		in_all=$(sed -n 's/^  "states_in_all": \([0-9]*\),*$/\1/p' "$tmp/out.json")
		if test $status -eq 1 && grep -q '"solved": false' "$tmp/out.json" &&
		   { test -z "$states" || test "$in_all" = "$states"; }; then
			ok "$label: no solution${states:+, $states reachable states}"
		else
			sed 's/^/# /' "$puz" "$tmp/err"
			not_ok "$label: want no solution${states:+ and $states states}, got exit $status${states:+ and $in_all states}"
		fi ;;
	*)
		set -- $want # solved COST crossings|time COUNT
		cost=$(sed -n "s/^  \"$3\": \([0-9]*\),$/\1/p" "$tmp/out.json")
		count=$(sed -n 's/^  "optimal_plans": \([0-9]*\),$/\1/p' "$tmp/out.json")
		if test $status -eq 0 && test "$cost" = "$2" && test "$count" = "$4" &&
		   run_river verify "$puz" "$tmp/out.json" >/dev/null; then
			ok "$label: $2 $3, $4 optimal plans"
		else
			sed 's/^/# /' "$puz" "$tmp/err"
			not_ok "$label: want $2 $3 and $4 plans, got '$cost' and '$count' (exit $status)"
		fi ;;
	esac
	# Of places, only those river solves in at most 8 crossings go on to
	# the models: Gecode and CBC can take minutes over longer ones.
	crossings=$(sed -n 's/^  "crossings": \([0-9]*\),$/\1/p' "$tmp/out.json")
	if test -n "$places" && { test -z "$crossings" || test "$crossings" -gt 8; }; then
		seed=$((seed + 1))
		continue
	fi
	# The models' default horizon is at least the fewest crossings.
	case $want in solved*crossings*)
		set -- $want
		h=$(run_river export --to minizinc "$puz" 2>"$tmp/err" |
		    sed -n 's/^int: H = \([0-9]*\);.*/\1/p')
		if test -n "$h" && test "$h" -ge "$2"; then
			ok "$label: the default horizon $h bounds $2 crossings"
		else
			sed 's/^/# /' "$puz" "$tmp/err"
			not_ok "$label: the default horizon '$h' is below $2 crossings"
		fi
	esac
	case $want in solved*crossings*) mzn=$((seed % 5)) ;; *) mzn=1 ;; esac
	# Another fifth through the LP model and CBC (least time is left to
	# tests/engines.sh's bundled puzzles: over the long default horizon
	# of a puzzle with a margin, CBC can take minutes to prove it).
	case $want in solved*crossings*) lp=$((seed % 5)) ;; *) lp=0 ;; esac
	case $want in solved*time*) least=$((seed % 5)) ;; *) least=0 ;; esac
	for engine in minizinc z3 cbc; do
		case $engine in
		cbc) test $lp -eq 2 ;;
		z3) test $mzn -eq 0 || test $least -eq 3 ;;
		*) test $mzn -eq 0 ;;
		esac && command -v $engine >/dev/null 2>&1 || continue
		run_river solve -e $engine -f json "$puz" >"$tmp/mzn.json" 2>"$tmp/err"
		status=$?
		set -- $want
		if test $status -eq 0 &&
		   test "$(sed -n "s/^  \"$3\": \([0-9]*\),$/\1/p" "$tmp/mzn.json")" = "$2"; then
			ok "$label: $engine agrees ($want)"
		else
			sed 's/^/# /' "$puz" "$tmp/err"
			not_ok "$label: $engine disagrees with $want (exit $status)"
		fi
	done
	seed=$((seed + 1))
done
done_testing
