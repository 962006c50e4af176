#!/bin/sh
# The manuals lint clean, and what they show works: the puzzle of
# river(5) solves in the number of crossings the page states, ending with
# the output the page shows, and so does its puzzle with start and goal
# statements, whose placements 'river check' shows as the page does, and
# its jealous husbands and Japanese family, with families; the
# program of libriver(3) is examples/solve.c, byte for byte, and prints
# what the page shows, and the page names every function of river.h;
# every command of the examples of river(1) and river(7) runs, 'river
# check' and 'river verify' print what the pages show, the placements of
# a puzzle that starts on the right included, and 'river solve' ends as
# they show with --count, with -D, for that puzzle and for the bundled
# jealous husbands and Japanese family;
# river(1) describes every option of 'river --help', has an example for
# every command, every engine and every model format, and stays a
# reference, under 60000 bytes, its explanations in river(7).
. "${srcdir:-.}/tests/lib.sh"

man="$srcdir/man"

# Undo the mdoc escapes the pages use in literal text: \e (a backslash),
# \(dq (a double quote), \& (nothing).  \e goes through a control
# character so that the backslash it gives starts no other escape.
soh=$(printf '\001')
unescape() {
	sed -e "s/\\\\e/$soh/g" -e 's/\\(dq/"/g' -e 's/\\&//g' \
		-e "s/$soh/\\\\/g"
}

# Print the literal text between the lines '.\" begin-$2' and
# '.\" end-$2' of page $1, without its .Bd and .Ed lines.
extract() {
	MARK=$2 awk '
		$0 == ".\\\" end-" ENVIRON["MARK"] { inside = 0 }
		inside && !/^\.(Bd|Ed)( |$)/ { print }
		$0 == ".\\\" begin-" ENVIRON["MARK"] { inside = 1 }
	' "$1" | unescape
}

# Only the placement lines of a summary: 'start:' and 'goal:'.
placements() {
	grep -e '^start:' -e '^goal:' "$1"
}

# 1. Each page lints clean.
for page in river.1 river.5 river.7 libriver.3; do
	if test -z "$MANDOC"; then
		ok "# SKIP mandoc not installed"
		continue
	fi
	$MANDOC -Tlint -W warning "$man/$page" >"$tmp/lint" 2>&1
	if test ! -s "$tmp/lint"; then
		ok "mandoc -Tlint -W warning man/$page prints nothing"
	else
		sed 's/^/# /' "$tmp/lint"
		not_ok "mandoc -Tlint -W warning man/$page prints nothing"
	fi
done

# A puzzle of river(5) between MARK markers solves in the crossings the
# page states on the line the sed expression PICK reads (N there).
solves_as_stated() {
	mark=$1 pick=$2 what=$3
	extract "$man/river.5" "$mark" >"$tmp/$mark.puz"
	crossings=$(sed -n "$pick" "$man/river.5")
	name="river(5) $what solves in ${crossings:-?} crossings"
	if test ! -s "$tmp/$mark.puz" || test -z "$crossings"; then
		echo "# no $mark example, or no stated optimum, in river.5"
		not_ok "$name"
		return
	fi
	run_river solve "$tmp/$mark.puz" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if test $status -eq 0 &&
	   grep -q "^Solved in $crossings crossings (" "$tmp/out"; then
		ok "$name"
	else
		echo "# exit status $status"
		sed 's/^/# /' "$tmp/out" "$tmp/err"
		not_ok "$name"
	fi
}

# 2. The puzzles of river(5) solve in the crossings the page states; the
# end of the first one's output is what the page shows.
solves_as_stated example \
	's/^Its known optimum is \([0-9][0-9]*\) crossings\.$/\1/p' example
extract "$man/river.5" output >"$tmp/want-tail"
lines=$(wc -l <"$tmp/want-tail" | tr -d " ")
tail -n "$lines" "$tmp/out" >"$tmp/tail"
if test "$lines" -gt 0 && same "$tmp/want-tail" "$tmp/tail"; then
	ok "river(5) shows the end of the example's output"
else
	not_ok "river(5) shows the end of the example's output"
fi

# The example with start and goal statements: 'river check' shows its
# placements, its 'start:' and 'goal:' lines, as the page does.
solves_as_stated placed 's/^Its optimum is \([0-9][0-9]*\) crossings\.$/\1/p' \
	"example with a start and a goal"
extract "$man/river.5" placed-check >"$tmp/want"
run_river check "$tmp/placed.puz" >"$tmp/out" 2>"$tmp/err"
placements "$tmp/out" >"$tmp/got"
if test -s "$tmp/want" && same "$tmp/want" "$tmp/got"; then
	ok "river(5) shows the placements 'river check' prints"
else
	sed 's/^/# /' "$tmp/err"
	not_ok "river(5) shows the placements 'river check' prints"
fi

# The puzzles of river(5) with families and quantified rules, the
# jealous husbands and the Japanese family, solve as the page says: the
# former in the crossings it states for three couples and a boat for two,
# and with its -D example, the latter with the crossings and the number
# of optimal plans it states.
extract "$man/river.5" jealous >"$tmp/jealous.puz"
crossings=$(sed -n \
	's/^Three couples in a boat for two cross in \([0-9][0-9]*\) crossings\.$/\1/p' \
	"$man/river.5")
defined=$(sed -n \
	's/^solves it for four couples and a boat for three, in \([0-9][0-9]*\) crossings; five$/\1/p' \
	"$man/river.5")
for example in ":${crossings:-?}" "-D n=4 -D seats=3:${defined:-?}"; do
	args=${example%:*}
	want=${example##*:}
	name="river(5) jealous husbands${args:+ with $args} solves in $want crossings"
	# $args is split into words on purpose.
	run_river solve $args "$tmp/jealous.puz" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if test -s "$tmp/jealous.puz" && test $status -eq 0 &&
	   grep -q "^Solved in $want crossings (" "$tmp/out"; then
		ok "$name"
	else
		echo "# exit status $status"
		sed 's/^/# /' "$tmp/err"
		not_ok "$name"
	fi
done
extract "$man/river.5" japanese >"$tmp/japanese.puz"
line='^Its ten rules leave \([0-9][0-9]*\) optimal plans of \([0-9][0-9]*\) crossings, which$'
plans=$(sed -n "s/$line/\\1/p" "$man/river.5")
crossings=$(sed -n "s/$line/\\2/p" "$man/river.5")
name="river(5) Japanese family solves in ${crossings:-?} crossings, ${plans:-?} optimal plans"
run_river solve -c "$tmp/japanese.puz" >"$tmp/out" 2>"$tmp/err"
status=$?
if test -s "$tmp/japanese.puz" && test -n "$plans" &&
   test -n "$crossings" && test $status -eq 0 &&
   grep -q "^Solved in $crossings crossings (.*); $plans optimal plans\.$" \
	"$tmp/out"; then
	ok "$name"
else
	echo "# exit status $status"
	sed 's/^/# /' "$tmp/out" "$tmp/err"
	not_ok "$name"
fi

# 3. The program of libriver(3) is examples/solve.c.
extract "$man/libriver.3" example >"$tmp/solve.c"
if test -s "$tmp/solve.c" && same "$srcdir/examples/solve.c" "$tmp/solve.c"
then
	ok "libriver(3) example is examples/solve.c"
else
	not_ok "libriver(3) example is examples/solve.c"
fi

# The program of libriver(3) prints, for the wolf, goat and cabbage, what
# the page shows.
extract "$man/libriver.3" output >"$tmp/want"
example="$abs_top_builddir/examples/solve"
name="libriver(3) shows what its example prints"
if test ! -x "$example"; then
	ok "# SKIP $name: examples/solve not built"
else
	$TEST_WRAPPER "$example" "$srcdir/puzzles/wgc.puz" >"$tmp/out" \
		2>"$tmp/err"
	if test -s "$tmp/want" && same "$tmp/want" "$tmp/out"; then
		ok "$name"
	else
		sed 's/^/# /' "$tmp/err"
		not_ok "$name"
	fi
fi

# libriver(3) names every function that river.h declares, in its NAME
# and its SYNOPSIS.
sed -n 's/^RIVER_API .*[ *]\(river_[a-z_]*\)(.*/\1/p' \
	"$srcdir/include/river.h" >"$tmp/functions"
if test ! -s "$tmp/functions"; then
	echo "# no RIVER_API functions found in include/river.h"
	not_ok "river.h declares functions"
fi
while IFS= read -r function; do
	if grep -q "^\.Nm $function\( ,\)\{0,1\}$" "$man/libriver.3" &&
	   grep -q "^\.F[no] $function\( \|$\)" "$man/libriver.3"; then
		ok "libriver(3) names and declares $function"
	else
		not_ok "libriver(3) names and declares $function"
	fi
done <"$tmp/functions"

# 4. Every example command of river(1) and river(7) runs, from the top of
# the source tree, and ends with status 0 or 1 (a pipeline, with its last
# command's status; each river in it is the one under test).  An example
# whose external engine is not installed here is skipped.
for page in river.1 river.7; do
	sed -n 's/^\.Dl \$ river //p' "$man/$page" | unescape \
		>"$tmp/commands-$page"
	if test ! -s "$tmp/commands-$page"; then
		echo "# no '.Dl \$ river' lines in $page"
		not_ok "$page has examples"
	fi
done
# Part 7 looks for river(1)'s own examples in $tmp/commands.
cp "$tmp/commands-river.1" "$tmp/commands"
cat "$tmp/commands-river.1" "$tmp/commands-river.7" >"$tmp/all-commands"
while IFS= read -r args; do
	run=$(printf '%s\n' "$args" | sed 's/| river /| run_river /g')
	(cd "$srcdir" && eval "run_river $run") </dev/null >/dev/null \
		2>"$tmp/err"
	status=$?
	if test $status -eq 0 || test $status -eq 1; then
		ok "river $args"
	elif test $status -eq 2 && grep -q "which is not installed" "$tmp/err"
	then
		ok "river $args # SKIP its engine is not installed"
	else
		echo "# exit status $status"
		sed 's/^/# /' "$tmp/err"
		not_ok "river $args"
	fi
done <"$tmp/all-commands"

# 5. 'river check' prints what river(1) shows.
extract "$man/river.1" check >"$tmp/want"
(cd "$srcdir" && run_river check puzzles/wgc.puz) >"$tmp/out" 2>"$tmp/err"
if test -s "$tmp/want" && same "$tmp/want" "$tmp/out"; then
	ok "river(1) shows what 'river check' prints"
else
	sed 's/^/# /' "$tmp/err"
	not_ok "river(1) shows what 'river check' prints"
fi

# ... and river(7) the placements it prints for a puzzle that starts on
# the right.
extract "$man/river.7" check-placed >"$tmp/want"
(cd "$srcdir" && run_river check tests/puzzles/return-trip.puz) \
	>"$tmp/out" 2>"$tmp/err"
placements "$tmp/out" >"$tmp/got"
if test -s "$tmp/want" && same "$tmp/want" "$tmp/got"; then
	ok "river(7) shows the placements 'river check' prints"
else
	sed 's/^/# /' "$tmp/err"
	not_ok "river(7) shows the placements 'river check' prints"
fi

# 'river solve' ends with what river(1) shows for counting the optimal
# plans, for values given to the parameters of the bundled missionaries
# and cannibals, and for a sweep; and with what river(7) shows for the
# bundled jealous husbands, for counting the optimal plans of the
# Japanese family, and for a puzzle that starts on the right.
for example in "1:count:solve -c puzzles/wgc.puz" \
	       "1:define:solve -D n=4 -D seats=3 puzzles/missionaries-cannibals.puz" \
	       "7:jealous:solve -D n=4 -D seats=3 puzzles/jealous-husbands.puz" \
	       "7:japanese:solve -c puzzles/japanese-family.puz" \
	       "7:solve-placed:solve tests/puzzles/return-trip.puz" \
	       "1:sweep:sweep -D n=1..8 -D seats=2..5 puzzles/missionaries-cannibals.puz"
do
	section=${example%%:*}
	mark=${example#*:}
	mark=${mark%%:*}
	args=${example#*:*:}
	name="river($section) shows the end of what 'river $args' prints"
	extract "$man/river.$section" "$mark" >"$tmp/want"
	lines=$(wc -l <"$tmp/want" | tr -d " ")
	# $args is split into words on purpose.
	(cd "$srcdir" && run_river $args) >"$tmp/out" 2>"$tmp/err"
	status=$?
	tail -n "$lines" "$tmp/out" >"$tmp/tail"
	if test "$lines" -gt 0 && test $status -eq 0 &&
	   same "$tmp/want" "$tmp/tail"; then
		ok "$name"
	else
		echo "# exit status $status"
		sed 's/^/# /' "$tmp/err"
		not_ok "$name"
	fi
done

# 'river explain' ends as river(1) shows, for a puzzle with no plan
# (status 1).
extract "$man/river.1" explain >"$tmp/want"
lines=$(wc -l <"$tmp/want" | tr -d " ")
(cd "$srcdir" && run_river explain tests/puzzles/unsolvable.puz) \
	>"$tmp/out" 2>"$tmp/err"
status=$?
tail -n "$lines" "$tmp/out" >"$tmp/tail"
if test "$lines" -gt 0 && test $status -eq 1 && same "$tmp/want" "$tmp/tail"
then
	ok "river(1) shows the end of what 'river explain' prints"
else
	echo "# exit status $status"
	not_ok "river(1) shows the end of what 'river explain' prints"
fi

# 'river verify' prints what river(1) shows, long lines folded at blanks
# there, and exits as the page says; the plan the page shows is the one
# in the tree.
# 'river rate' prints what river(1) shows.
extract "$man/river.1" rate >"$tmp/want"
(cd "$srcdir" && run_river rate puzzles/missionaries-cannibals.puz) \
	>"$tmp/out" 2>"$tmp/err"
status=$?
if test -s "$tmp/want" && test $status -eq 0 && same "$tmp/want" "$tmp/out"
then
	ok "river(1) shows what 'river rate' prints"
else
	echo "# exit status $status"
	not_ok "river(1) shows what 'river rate' prints"
fi

extract "$man/river.1" plan >"$tmp/want"
if test -s "$tmp/want" &&
   same "$srcdir/tests/plans/wgc-goat-eats-cabbage.txt" "$tmp/want"; then
	ok "river(1) shows tests/plans/wgc-goat-eats-cabbage.txt"
else
	not_ok "river(1) shows tests/plans/wgc-goat-eats-cabbage.txt"
fi
unfold() {
	tr '\n' ' ' | sed 's/ $//'
}
for example in solve:0:tests/cli/wgc-solve/stdout \
	       plan:1:tests/plans/wgc-goat-eats-cabbage.txt; do
	mark=verify-${example%%:*}
	want_status=${example#*:}
	want_status=${want_status%%:*}
	plan=${example#*:*:}
	name="river(1) shows what 'river verify puzzles/wgc.puz $plan' prints"
	extract "$man/river.1" "$mark" | unfold >"$tmp/want"
	(cd "$srcdir" && run_river verify puzzles/wgc.puz "$plan") \
		>"$tmp/out" 2>"$tmp/err"
	status=$?
	unfold <"$tmp/out" >"$tmp/got"
	if test -s "$tmp/want" && test $status -eq "$want_status" &&
	   same "$tmp/want" "$tmp/got"; then
		ok "$name"
	else
		echo "# exit status $status, not $want_status"
		sed 's/^/# /' "$tmp/err"
		not_ok "$name"
	fi
done

# 6. river(1) describes every long option that 'river --help' lists.
run_river --help >"$tmp/help" 2>&1
sed -n 's/^  -[A-Za-z], --\([a-z][a-z-]*\).*/\1/p' "$tmp/help" >"$tmp/options"
if test ! -s "$tmp/options"; then
	sed 's/^/# /' "$tmp/help"
	not_ok "'river --help' lists options"
fi
while IFS= read -r option; do
	if grep -q "^\.It Fl .*Fl -$option\( \|$\)" "$man/river.1"; then
		ok "river(1) describes --$option"
	else
		not_ok "river(1) describes --$option"
	fi
done <"$tmp/options"

# 7. river(1) has an example for every command, every engine and every
# model format that river accepts, as its complaint about an unknown one
# lists them: "unknown engine 'x' (use bfs, minizinc, ...)"; and its
# synopsis and list of commands show every command.
names() {
	run_river "$@" 2>&1 | sed -n 's/.*(use \(.*\))$/\1/p' |
		sed -e 's/,/ /g' -e 's/ or / /'
}
commands=$(names '?' x.puz)
engines=$(names solve -e '?' x.puz)
formats=$(names export -t '?' x.puz)
if test -z "$commands" || test -z "$engines" || test -z "$formats"; then
	echo "# no list of commands, engines or formats in river's complaints"
	not_ok "river lists its commands, engines and model formats"
fi
for command in $commands; do
	if grep -Eq -- "(^| )$command( |$)" "$tmp/commands"; then
		ok "river(1) has an example of $command"
	else
		not_ok "river(1) has an example of $command"
	fi
	if grep -q "^\.Cm $command$" "$man/river.1" &&
	   grep -q "^\.It Cm $command Ar " "$man/river.1"; then
		ok "river(1) shows $command in its synopsis and commands"
	else
		not_ok "river(1) shows $command in its synopsis and commands"
	fi
done
for engine in $engines; do
	if grep -Eq -- "(^| )(-e ?|--engine[ =])$engine( |$)" "$tmp/commands"
	then
		ok "river(1) has an example with --engine $engine"
	else
		not_ok "river(1) has an example with --engine $engine"
	fi
done
for format in $formats; do
	if grep -Eq -- "(^| )(-t ?|--to[ =])$format( |$)" "$tmp/commands"
	then
		ok "river(1) has an example with --to $format"
	else
		not_ok "river(1) has an example with --to $format"
	fi
done

# 8. river(1) stays a reference of the commands and options, under 60000
# bytes: the long explanations belong in river(7).
size=$(wc -c <"$man/river.1" | tr -d " ")
if test "$size" -lt 60000; then
	ok "river(1) is under 60000 bytes ($size)"
else
	echo "# man/river.1 is $size bytes: move explanations to river(7)"
	not_ok "river(1) is under 60000 bytes"
fi
done_testing
