#!/bin/sh
# The catalogue: at least 20 bundled puzzles, each opening with a
# comment that tells its story, names a source and states its optimum;
# each installed (listed in Makefile.am) and solved by some golden case
# in tests/cli.  The optimum the comment states is checked against the
# search: with the default parameters, the comment must name the
# crossings (or, for a puzzle of least time, the time) river finds, and
# where it says how many optimal plans there are, river's count.
. "${srcdir:-.}/tests/lib.sh"

# The number a word stands for, as the comments spell small counts.
number() {
	case $1 in
	one) echo 1 ;; two) echo 2 ;; three) echo 3 ;; four) echo 4 ;;
	five) echo 5 ;; six) echo 6 ;; seven) echo 7 ;; eight) echo 8 ;;
	nine) echo 9 ;; ten) echo 10 ;; *) echo "$1" ;;
	esac
}

# The value of "key": N in a JSON plan.
field() {
	sed -n "s/^  \"$1\": \\([^,]*\\),\$/\\1/p" "$2"
}

n=0
for f in "$srcdir"/puzzles/*.puz; do
	name=$(basename "$f")
	n=$((n + 1))
	# The opening comment, as one line.
	header=$(sed -n -e '/^#/!q' -e 's/^# \{0,1\}//p' "$f" | tr '\n' ' ')
	if head -n 1 "$f" | grep -q '^# [A-Z]' &&
	   echo "$header" | grep -q 'Source: ' &&
	   echo "$header" | grep -qi 'optim'; then
		ok "$name opens with its story, source and optimum"
	else
		not_ok "$name opens with its story, source and optimum"
	fi
	run_river solve --count -f json "$f" >"$tmp/plan.json" 2>"$tmp/err"
	status=$?
	solved=$(field solved "$tmp/plan.json")
	if test $status -ne 0 || test "$solved" != true; then
		sed 's/^/# /' "$tmp/err"
		not_ok "$name is solved with its default parameters (exit $status)"
	else
		# The optimum, and how the comment must name it.
		if grep -q '^minimize time' "$f"; then
			value=$(field time "$tmp/plan.json")
			units="minutes|seconds|hours|time units"
		else
			value=$(field crossings "$tmp/plan.json")
			units=crossings
		fi
		if echo "$header" | grep -Eq "(^|[^0-9])$value ($units)"; then
			ok "$name states its optimum, $value"
		else
			echo "# the comment does not say $value $units"
			not_ok "$name states its optimum, $value"
		fi
	fi
	said=$(echo "$header" | grep -Eo '[a-z0-9]+ optimal plans' | head -n 1)
	if test -n "$said"; then
		count=$(field optimal_plans "$tmp/plan.json")
		if test "$(number "${said%% *}")" = "$count"; then
			ok "$name states its $count optimal plans"
		else
			echo "# the comment says $said, the search counts $count"
			not_ok "$name states its number of optimal plans"
		fi
	fi
	if grep -q "puzzles/$name" "$srcdir/Makefile.am"; then
		ok "$name is installed"
	else
		not_ok "$name is installed"
	fi
	if cat "$srcdir"/tests/cli/*/cmd | grep -q "puzzles/$name"; then
		ok "$name has a golden case"
	else
		not_ok "$name has a golden case"
	fi
done
if test "$n" -ge 20; then
	ok "the catalogue has $n puzzles (at least 20)"
else
	not_ok "the catalogue has $n puzzles (at least 20)"
fi
done_testing
