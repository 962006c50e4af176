#!/bin/sh
# A plan river writes reads back as legal: every bundled puzzle, crafted
# ones in tests/puzzles whose labels are shared or another item's name,
# and random ones (tests/reference.py writes them) with labels that are
# hard to read back: each plan, and the other optimal plans, rendered as
# text and as JSON and checked by river_verify (tests/roundtrip.c).
. "${srcdir:-.}/tests/lib.sh"

seeds=${ROUNDTRIP_SEEDS:-600}
if command -v python3 >/dev/null 2>&1; then
	mkdir "$tmp/random" &&
	python3 "$srcdir/tests/reference.py" --labels 1 "$seeds" "$tmp/random" ||
		not_ok "reference.py --labels writes random puzzles"
fi
$TEST_WRAPPER "$abs_top_builddir/tests/roundtrip" \
	"$srcdir"/puzzles/*.puz "$srcdir"/tests/puzzles/labels-*.puz \
	$(ls "$tmp"/random/*.puz 2>/dev/null) >"$tmp/out" 2>&1 ||
	not_ok "tests/roundtrip runs"
random=0
while read -r verdict path why; do
	name=${path#"$srcdir"/}
	case $verdict:$path in
	read:*) ok "$name: its plans read back as text and JSON" ;;
	unsolved:"$tmp"/*) random=$((random + 1)) ;; # nothing to read back
	*) not_ok "$name: $verdict $why" ;;
	esac
done <"$tmp/out"
echo "# $random random puzzles have no plan"
done_testing
