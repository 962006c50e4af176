#!/bin/sh
# The catalogue: at least 20 bundled puzzles, each opening with a
# comment that tells its story, names a source and states its optimum;
# each installed (listed in Makefile.am) and solved by some golden case
# in tests/cli, which checks that optimum.
. "${srcdir:-.}/tests/lib.sh"

n=0
for f in "$srcdir"/puzzles/*.puz; do
	name=$(basename "$f")
	n=$((n + 1))
	if head -n 1 "$f" | grep -q '^# [A-Z]' &&
	   grep -q '^# Source: ' "$f" && grep -qi '^# .*optim' "$f"; then
		ok "$name opens with its story, source and optimum"
	else
		not_ok "$name opens with its story, source and optimum"
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
