#!/bin/sh
# make fuzz: build the fuzz targets with clang's libFuzzer, AddressSanitizer
# and UndefinedBehaviorSanitizer, then run each for FUZZ_SECONDS.
#
#   fuzz.sh SOURCE...   the core's sources, as Makefile.am lists them
#
# From the environment: FUZZ_CC (clang), FUZZ_SECONDS (per target),
# FUZZ_TARGETS (which, by default all), FUZZ_FLAGS (more libFuzzer
# options), FUZZ_SEEDS_TARGET (folders of seed inputs), srcdir.  New
# inputs go to tests/fuzz/run/TARGET in the build folder, crashes to
# tests/fuzz/run/TARGET-crash-*; the corpus in the source tree is only
# read.
#
# With FUZZ_MERGE=1 (make fuzz-merge) it runs nothing new: it rewrites
# each target's corpus in the source tree as the fewest of its inputs
# and of those in tests/fuzz/run/TARGET that reach every edge of the
# code they reach that the seeds do not (libFuzzer's -merge=1 without
# hit counts, -use_counters=0), so that the corpus replays fast in every
# build and a fuzzing run starts from it at once.

# Flags and lists of objects are split into words on purpose.
# shellcheck disable=SC2086
set -eu

srcdir=${srcdir:-.}
cc=${FUZZ_CC:-clang}
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-puzzle verify answer}
build=tests/fuzz/build
run=tests/fuzz/run
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all"
cflags="-std=c11 -g -O1 -fno-omit-frame-pointer $sanitize"
cppflags="-I$srcdir/include -I$srcdir/lib -Ilib -I."

die() {
	echo "fuzz: $*" >&2
	exit 1
}

command -v "$cc" >/dev/null 2>&1 ||
	die "no clang found ('$cc'): install clang, or run make fuzz FUZZ_CC=..."
mkdir -p "$build" "$run"
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n)
{ (void)d; (void)n; return 0; }' >"$build/probe.c"
"$cc" -fsanitize=fuzzer,address,undefined -o "$build/probe" "$build/probe.c" \
	>"$build/probe.log" 2>&1 ||
	die "$cc cannot link libFuzzer with the sanitizers (on Debian: apt-get
install libclang-rt-14-dev, for clang 14); the error was:
$(cat "$build/probe.log")"

# The core, compiled once with coverage; again only when a source or a
# header is newer than the last build.
stamp="$build/core.stamp"
if [ ! -f "$stamp" ] || [ -n "$(find "$srcdir/lib" "$srcdir/include" \
	"$srcdir/tests/fuzz" lib -newer "$stamp" \( -name '*.[chyl]' \) \
	-print 2>/dev/null | head -n 1)" ]; then
	objects=
	for f in "$@"; do
		case $f in
		*.y | *.l)
			f=${f%.?}.c
			[ -f "$f" ] || f=$srcdir/$f ;;
		*.c) f=$srcdir/$f ;;
		*) continue ;;
		esac
		o=$build/$(basename "$f" .c).o
		echo "  CC (fuzz) $f"
		"$cc" $cflags -fsanitize=fuzzer-no-link $cppflags -c "$f" -o "$o"
		objects="$objects $o"
	done
	for f in fuzz.c fuzz_puzzle.c fuzz_verify.c fuzz_answer.c; do
		o=$build/$(basename "$f" .c).o
		echo "  CC (fuzz) $f"
		"$cc" $cflags -fsanitize=fuzzer-no-link $cppflags -Wall -Wextra \
			-c "$srcdir/tests/fuzz/$f" -o "$o"
	done
	rm -f "$build/core.a"
	"${AR:-ar}" rcs "$build/core.a" $objects
	for t in puzzle verify answer; do
		echo "  CCLD (fuzz) tests/fuzz/fuzz-$t"
		"$cc" $cflags -fsanitize=fuzzer -o "tests/fuzz/fuzz-$t" \
			"$build/fuzz_$t.o" "$build/fuzz.o" "$build/core.a" -lm
	done
	touch "$stamp"
fi

# The targets read bundled puzzles from $srcdir/puzzles.
export srcdir

# The seeds of target $1, one argument each.
seed_folders() {
	for d in $(eval echo "\${FUZZ_SEEDS_$1:-}"); do
		printf '%s\n' "$srcdir/$d"
	done
}

if [ "${FUZZ_MERGE:-0}" = 1 ]; then
	for t in $targets; do
		merged=$build/merge-$t
		rm -rf "$merged"
		mkdir -p "$merged" "$run/$t"
		# The seeds go first, so what the merge adds to them is
		# what reaches code they do not.
		for d in $(seed_folders "$t"); do
			find "$d" -type f | while read -r f; do
				cp "$f" "$merged/seed-$(echo "$f" | cksum | cut -d' ' -f1)"
			done
		done
		"tests/fuzz/fuzz-$t" -merge=1 -use_counters=0 -timeout=25 \
			-rss_limit_mb=2560 "$merged" "$srcdir/tests/fuzz/corpus/$t" \
			"$run/$t" >"$run/$t-merge.log" 2>&1 || {
			tail -n 40 "$run/$t-merge.log"
			die "the merge of $t's corpus failed"
		}
		rm -f "$merged"/seed-*
		rm -rf "$srcdir/tests/fuzz/corpus/$t"
		mv "$merged" "$srcdir/tests/fuzz/corpus/$t"
		echo "=== fuzz-$t's corpus: $(ls "$srcdir/tests/fuzz/corpus/$t" | wc -l) inputs"
	done
	exit 0
fi

status=0
for t in $targets; do
	mkdir -p "$run/$t"
	dict=
	[ -f "$srcdir/tests/fuzz/$t.dict" ] && dict=-dict=$srcdir/tests/fuzz/$t.dict
	echo "=== fuzz-$t for $seconds s"
	seeds=$(seed_folders "$t")
	"tests/fuzz/fuzz-$t" -max_total_time="$seconds" -timeout=25 \
		-rss_limit_mb=2560 -print_final_stats=1 \
		-artifact_prefix="$run/$t-" $dict ${FUZZ_FLAGS:-} \
		"$run/$t" "$srcdir/tests/fuzz/corpus/$t" $seeds \
		>"$run/$t.log" 2>&1 || {
		status=1
		tail -n 60 "$run/$t.log"
		echo "=== fuzz-$t: FOUND A PROBLEM (input saved as $run/$t-*)"
		continue
	}
	grep -E '^(#[0-9]+.*DONE|Done|stat::number_of_executed_units|stat::peak_rss)' \
		"$run/$t.log" || tail -n 3 "$run/$t.log"
done
exit $status
