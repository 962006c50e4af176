#!/bin/sh
# Puzzles wider than a packed state: more than 63 individuals.  The
# jealous husbands with 100 couples (200 items) are searched by the
# orbits of their couples, as a puzzle of two places; the plan is
# checked here by a checker of its own, written from the puzzle's words,
# and by river verify.  What such a puzzle cannot do (a search without
# symmetry, a graph of its 2^200 states as written) fails with a clear
# message and exit status 3, and a wide puzzle without couples is
# refused as too big.  Every other command on 40 couples agrees with the
# plain search in tests/coverage.sh (its wide class).
. "${srcdir:-.}/tests/lib.sh"

# Not in the checking mode (RIVER_CHECK), whose plain meaning asks each
# of the 9,900 rules of 100 couples of every load of every orbit: most
# of an hour a command.  tests/coverage.sh compares the search with the
# plain meaning on 40 couples, in the checking mode CI runs; here it
# runs as users run it.
unset RIVER_CHECK

jh="$srcdir/puzzles/jealous-husbands.puz"
wide="-D n=100 -D seats=4"

# A check of a JSON plan of the jealous husbands from first principles:
# n couples, everyone on the left at first and on the right at the end;
# each crossing moves the boat and one to seats people from its bank;
# no wife is ever with another man without her husband, on either bank.
check_plan() {
	python3 - "$1" "$2" "$3" <<'END'
import json, sys
plan = json.load(open(sys.argv[1]))
n, seats = int(sys.argv[2]), int(sys.argv[3])
people = ["husband%d" % i for i in range(1, n + 1)] + \
         ["wife%d" % i for i in range(1, n + 1)]
right, boat = set(), "left"

def safe(bank):
    for i in range(1, n + 1):
        if "wife%d" % i in bank and "husband%d" % i not in bank and \
           any("husband%d" % j in bank for j in range(1, n + 1)):
            return False
    return True

assert plan["solved"] and set(plan["start"]["left"]) == set(people)
for k, step in enumerate(plan["plan"], 1):
    load = set(step["boat"])
    assert step["from"] == boat, "crossing %d: the boat is not there" % k
    assert 1 <= len(load) <= seats, "crossing %d: %d aboard" % (k, len(load))
    here = right if boat == "right" else set(people) - right
    assert load <= here, "crossing %d: someone is not on the bank" % k
    right = right - load if boat == "right" else right | load
    boat = "left" if boat == "right" else "right"
    assert safe(right) and safe(set(people) - right), "crossing %d" % k
assert right == set(people), "not everyone is across"
print(len(plan["plan"]))
END
}

run_river solve -q -f json $wide "$jh" >"$tmp/plan.json" 2>"$tmp/err"
s=$?
if test $s -eq 0 && test "$(check_plan "$tmp/plan.json" 100 4)" = 197; then
	ok "100 couples, 4 seats: a plan of 197 crossings (2n - 3) checks"
else
	sed 's/^/# /' "$tmp/err"
	not_ok "100 couples, 4 seats: a plan of 197 crossings (2n - 3) checks"
fi

# The count too: far more than 2^64 plans.
run_river solve -q --count $wide "$jh" >"$tmp/out" 2>&1
if grep -q '^Solved in 197 crossings (416 states explored); at least 18446744073709551615 optimal plans\.$' "$tmp/out"; then
	ok "100 couples, 4 seats: the count saturates"
else
	sed 's/^/# /' "$tmp/out" | tail -3
	not_ok "100 couples, 4 seats: the count saturates"
fi

run_river solve -q $wide "$jh" >"$tmp/plan" 2>&1
if run_river verify $wide "$jh" "$tmp/plan" >"$tmp/out" 2>&1 &&
   grep -q 'legal: the goal is reached after 197 crossings (the fewest' \
	"$tmp/out"; then
	ok "river verify accepts the plan of 100 couples as the fewest"
else
	sed 's/^/# /' "$tmp/out"
	not_ok "river verify accepts the plan of 100 couples as the fewest"
fi

# The same plan with husband 1 for wife 1 on the first crossing: wife 1
# is left with the other husbands.
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
d["plan"][0]["boat"] = ["husband1" if x == "wife1" else x
                        for x in d["plan"][0]["boat"]]
json.dump(d, open(sys.argv[2], "w"))' "$tmp/plan.json" "$tmp/bad.json"
run_river verify $wide "$jh" "$tmp/bad.json" >"$tmp/out" 2>&1
s=$?
if test $s -eq 1 && grep -q 'step 1: the wife1 is left with the husband2 on the left bank (wife1 must not be with husband2 unless husband1)' "$tmp/out"; then
	ok "river verify finds the broken rule in a tampered plan"
else
	sed 's/^/# /' "$tmp/out"
	not_ok "river verify finds the broken rule in a tampered plan (exit $s)"
fi
run_river verify -D n=100 -D seats=3 "$jh" "$tmp/plan.json" >"$tmp/out" 2>&1
s=$?
if test $s -eq 1 && grep -q 'passengers, but the boat has 3 seats' "$tmp/out"
then
	ok "river verify counts the seats of a wide puzzle"
else
	sed 's/^/# /' "$tmp/out"
	not_ok "river verify counts the seats of a wide puzzle (exit $s)"
fi

# Three seats: no plan from 6 couples on, proved over a few hundred
# orbits.
run_river solve -q -f json -D n=100 -D seats=3 "$jh" >"$tmp/out" 2>&1
s=$?
if test $s -eq 1 && grep -q '"solved": false' "$tmp/out"; then
	ok "100 couples, 3 seats: no plan"
else
	sed 's/^/# /' "$tmp/out" | head -5
	not_ok "100 couples, 3 seats: no plan (exit $s)"
fi

# What needs a packed state says so, with exit status 3.
refused() {
	what=$1
	shift
	run_river "$@" >"$tmp/out" 2>&1
	s=$?
	if test $s -eq 3 &&
	   grep -q "error: the puzzle is too big $what.*: it has more individuals than the 64 bits of a packed state hold" \
		"$tmp/out"; then
		ok "wide: $* is refused ($what)"
	else
		sed 's/^/# /' "$tmp/out" | head -5
		not_ok "wide: $* is refused ($what), exit $s"
	fi
}
refused "to search without symmetry" solve --no-symmetry $wide "$jh"
refused "for a graph of the puzzle as written" graph $wide "$jh"

# The layered search, a hint and the graph by orbits take it.
run_river solve -q -M layers $wide "$jh" >"$tmp/out" 2>&1
if grep -q '^Solved in 197 crossings' "$tmp/out"; then
	ok "100 couples: the layered search finds 197 crossings"
else
	tail -3 "$tmp/out" | sed 's/^/# /'
	not_ok "100 couples: the layered search finds 197 crossings"
fi
head -n 40 "$tmp/plan" >"$tmp/part"
run_river hint $wide "$jh" "$tmp/part" >"$tmp/out" 2>&1
s=$?
if test $s -eq 0 && grep -q "^Next: .* 163 crossings to go\.$" "$tmp/out"; then
	ok "100 couples: a hint from a plan's first crossings"
else
	sed 's/^/# /' "$tmp/out" | head -5
	not_ok "100 couples: a hint from a plan's first crossings (exit $s)"
fi
run_river graph --reduced $wide "$jh" >"$tmp/out" 2>&1
if grep -q '^// at least 18446744073709551615 optimal plans, 197 crossings$' \
	"$tmp/out"; then
	ok "100 couples: the graph by orbits"
else
	head -5 "$tmp/out" | sed 's/^/# /'
	not_ok "100 couples: the graph by orbits"
fi

# river check takes it, and says how wide its state is.
run_river check -v $wide "$jh" >"$tmp/out" 2>&1 ||
	run_river check $wide "$jh" >"$tmp/out" 2>&1
if grep -q '201 bits a state' "$tmp/out"; then
	ok "river check describes the wide puzzle"
else
	tail -3 "$tmp/out" | sed 's/^/# /'
	not_ok "river check describes the wide puzzle"
fi

# Seventy items in a chain, nothing to merge: too big, where it
# overflows.
cat >"$tmp/chain.puz" <<'END'
title "Chain"
items farmer, x[1..70]
boat seats 3
rowers farmer
for i in 1..69: x[i] must not be with x[i + 1] unless farmer is there
END
run_river solve "$tmp/chain.puz" >"$tmp/out" 2>&1
s=$?
if test $s -eq 2 &&
   grep -q "chain.puz:2:.*: error: the puzzle is too big: with 'x63' its state needs at least 65 bits, and libriver packs a state in 64; more individuals are searched only where couples" "$tmp/out"; then
	ok "70 items without couples: too big, at the item that overflows"
else
	sed 's/^/# /' "$tmp/out" | head -5
	not_ok "70 items without couples: too big, at the item that overflows (exit $s)"
fi

# At most 1000 items.
run_river check -D n=501 "$jh" >"$tmp/out" 2>&1
s=$?
if test $s -eq 2 && grep -q "is item 1001, and a puzzle has at most 1000" "$tmp/out"
then
	ok "1002 items: too many"
else
	sed 's/^/# /' "$tmp/out" | head -5
	not_ok "1002 items: too many (exit $s)"
fi
done_testing
