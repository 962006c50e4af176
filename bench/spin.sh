#!/bin/sh
# Compare river's search with Spin's breadth-first search on one puzzle
# family at one size: every reachable state, no goal.
#
#   bench/spin.sh [-r RUNS] FAMILY N... (e.g. bench/spin.sh star 18 2)
#
# river-bench writes the puzzle (with "goal boat on the left", which no
# plan reaches, so the search visits every state) and the same puzzle as
# a Promela model (see bench/families.h); Spin compiles the model with
#   spin -a model.pml && cc -O2 -DBFS -DSAFETY -DNOCLAIM -o pan pan.c
# Then each run times "river solve" and "./pan" one after the other, so
# that both see the same load on the machine, and the script prints the
# states each found, the median wall time and peak memory of each, and
# their ratios.  Needs spin (Debian: apt-get install spin), a C compiler
# and GNU time (/usr/bin/time).  Run from the build folder, or set RIVER
# and RIVER_BENCH to the programs and PUZZLES to the puzzles folder;
# PAN_FLAGS adds options to ./pan (e.g. -m100000, a deeper search);
# SPIN_CFLAGS replaces the compile options (e.g. without -DBFS, Spin's
# depth-first search).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
RIVER=${RIVER:-./river}
RIVER_BENCH=${RIVER_BENCH:-./tools/river-bench}
PUZZLES=${PUZZLES:-$here/../puzzles}
CC=${CC:-cc}
PAN_FLAGS=${PAN_FLAGS:-}
SPIN_CFLAGS=${SPIN_CFLAGS:--DBFS -DSAFETY -DNOCLAIM}
runs=3

if [ "${1:-}" = -r ]; then
	runs=$2
	shift 2
fi
if [ $# -lt 2 ]; then
	echo "usage: bench/spin.sh [-r RUNS] FAMILY N... (e.g. star 18 2)" >&2
	exit 2
fi
for tool in spin "$CC" /usr/bin/time; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "bench/spin.sh: $tool is not installed" >&2
		exit 2
	}
done
test -x "$RIVER_BENCH" || {
	echo "bench/spin.sh: no $RIVER_BENCH: run 'make tools/river-bench' first" >&2
	exit 2
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$RIVER_BENCH" --puzzle "$PUZZLES" "$@" every >"$work/puzzle.puz"
"$RIVER_BENCH" --promela "$@" >"$work/model.pml"

# The hash table: 2^w slots for a state space the closed form or a first
# river run gives (pan's default, 2^18, slows a big search down).
river_states() {
	sed -n 's/.*(all \([0-9]*\) reachable states\{0,1\} explored).*/\1/p' "$1"
}
"$RIVER" solve -q --no-symmetry -m 4294967295 "$work/puzzle.puz" >"$work/river.out" 2>&1 || true
states=$(river_states "$work/river.out")
test -n "$states" || { cat "$work/river.out" >&2; exit 1; }
w=10
while [ $((1 << w)) -lt "$states" ] && [ "$w" -lt 34 ]; do
	w=$((w + 1))
done

start=$(date +%s.%N)
# shellcheck disable=SC2086
(cd "$work" && spin -a model.pml >/dev/null &&
 "$CC" -O2 -w $SPIN_CFLAGS -o pan pan.c)
compile=$(echo "$start $(date +%s.%N)" | awk '{ printf "%.2f", $2 - $1 }')

i=0
while [ "$i" -lt "$runs" ]; do
	/usr/bin/time -f '%e %M' -o "$work/river.time.$i" \
		"$RIVER" solve -q --no-symmetry -m 4294967295 "$work/puzzle.puz" \
		>"$work/river.out" 2>&1 || true
	# shellcheck disable=SC2086
	(cd "$work" && /usr/bin/time -f '%e %M' -o "pan.time.$i" \
		./pan -w"$w" $PAN_FLAGS >pan.out 2>&1) || true
	i=$((i + 1))
done

# The median of column $1 of the time files $2... (their last lines:
# GNU time puts a line about a non-zero exit status first).
median() {
	col=$1
	shift
	for f in "$@"; do tail -n 1 "$f"; done | awk -v c="$col" '{ print $c }' | sort -g |
		awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
river_s=$(median 1 "$work"/river.time.*)
river_kb=$(median 2 "$work"/river.time.*)
pan_s=$(median 1 "$work"/pan.time.*)
pan_kb=$(median 2 "$work"/pan.time.*)
pan_states=$(awk '/states, stored/ { print $1; exit }' "$work/pan.out")
river_states=$(river_states "$work/river.out")

echo "$* every state, $runs runs, medians (river solve, then Spin's pan -w$w, each run; cc $SPIN_CFLAGS):"
printf '  river: %12s states %9.2f s %9.1f MB\n' "$river_states" "$river_s" \
	"$(echo "$river_kb" | awk '{ print $1 / 1024 }')"
printf '  spin:  %12s states %9.2f s %9.1f MB  (spin -a and cc: %s s more)\n' \
	"${pan_states:-?}" "$pan_s" "$(echo "$pan_kb" | awk '{ print $1 / 1024 }')" \
	"$compile"
echo "$river_s $pan_s $river_kb $pan_kb" | awk '{
	printf "  river/spin: time %.2fx, memory %.2fx\n",
	       ($2 > 0 ? $1 / $2 : 0), ($4 > 0 ? $3 / $4 : 0) }'
if [ "$river_states" != "$pan_states" ]; then
	echo "  the numbers of states differ"
	grep -E 'error|max search depth|pan:' "$work/pan.out" | head -n 5
	exit 1
fi
