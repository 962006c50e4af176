#!/bin/sh
# The corpus of bad puzzles: each tests/bad/NAME.puz must be refused by
# both "river check" and "river solve" with exactly the diagnostic in
# NAME.err and exit status 2.
. "${srcdir:-.}/tests/lib.sh"

cd "$srcdir/tests/bad" || exit 99
for puz in *.puz; do
	name=${puz%.puz}
	for command in check solve; do
		run_river "$command" "$puz" >"$tmp/out" 2>"$tmp/err"
		echo $? >"$tmp/status"
		echo 2 >"$tmp/want-status"
		if same "$name.err" "$tmp/err" &&
		   same "$tmp/want-status" "$tmp/status" &&
		   same /dev/null "$tmp/out"; then
			ok "$command $puz"
		else
			not_ok "$command $puz"
		fi
	done
done
done_testing
