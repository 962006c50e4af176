#!/bin/sh
# An engine that fails is never taken at its word: garbage, nothing, an
# error, a cut answer, a status it does not answer with, death by a
# signal.  Fake engines first on PATH play each fault (the real solver's
# answer, cut, for the cut one); every fault must give exit 5 and a
# message naming the program, never "no solution" (1) or a limit (3),
# and leave no temporary folder behind.  Too much output is a limit:
# exit 3.
. "${srcdir:-.}/tests/lib.sh"

puz="$srcdir/puzzles/wgc.puz"
timed="$srcdir/puzzles/bridge-torch.puz"
fake="$tmp/bin"
mkdir "$fake" "$tmp/tmp" || exit 99

# One script plays every engine; FAULT says how it fails.  cbc and
# glpsol write their answer to the file their 4th argument names.
cat >"$fake/engine" <<'EOF'
#!/bin/sh
prog=$(basename "$0")
real=$(cat "$FAKE_DIR/real-$prog")
answer=
case $prog in cbc|glpsol) answer=$4 ;; esac
# Run the real engine, its standard output in full.
real_run() {
	"$real" "$@" >"$FAKE_DIR/full.$$"
}
# Print (or leave in the answer file) the first $1 bytes of it.
cut_to() {
	if test -n "$answer"; then
		head -c "$1" "$answer" >"$FAKE_DIR/cut.$$"
		mv "$FAKE_DIR/cut.$$" "$answer"
		cat "$FAKE_DIR/full.$$"
	else
		head -c "$1" "$FAKE_DIR/full.$$"
	fi
}
size() {
	wc -c <"${answer:-$FAKE_DIR/full.$$}"
}
# With FAULT_AFTER=N, the first N runs are the real engine's, and every
# run is counted in $FAKE_DIR/runs.
runs=$(cat "$FAKE_DIR/runs" 2>/dev/null || echo 0)
echo $((runs + 1)) >"$FAKE_DIR/runs"
if test "$runs" -lt "${FAULT_AFTER:-0}"; then
	exec "$real" "$@"
fi
case $FAULT in
garbage)
	echo "this is not an answer"
	test -z "$answer" || echo "this is not an answer" >"$answer" ;;
nothing)
	test -z "$answer" || : >"$answer" ;;
error)
	case $prog in
	z3) echo '(error "out of memory")' ;;
	minizinc) echo '=====ERROR====='
		echo 'Error: out of memory' >&2 ;;
	*) echo 'Error: out of memory' ;;
	esac ;;
cut)
	# Half the real answer, ending mid-line.
	real_run "$@"
	n=$(($(size) / 2))
	cut_to "$n"
	while test -n "$answer" && test "$(tail -c 1 "$answer" | od -An -c | tr -d ' ')" = '\n'; do
		n=$((n - 1)); cut_to "$n" >/dev/null
	done ;;
cut30)
	real_run "$@"
	cut_to 30 ;;
exit)
	real_run "$@"
	cat "$FAKE_DIR/full.$$"
	exit 3 ;;
signal)
	real_run "$@"
	head -c 10 "$FAKE_DIR/full.$$"
	kill -KILL $$ ;;
flood)
	exec yes "flood flood flood flood flood flood flood flood flood" ;;
unbound)
	# z3 on the model (its second argument) without the bound on the
	# total time that river asked for.
	sed '/^(assert (<= total [0-9]*))$/d' "$2" >"$FAKE_DIR/model.$$.smt2"
	"$real" -smt2 "$FAKE_DIR/model.$$.smt2"
	rm -f "$FAKE_DIR/model.$$.smt2" ;;
esac
rm -f "$FAKE_DIR/full.$$"
exit 0
EOF
chmod +x "$fake/engine" || exit 99

engines="minizinc z3 cbc glpk"
program() {
	case $1 in
	glpk) echo glpsol ;;
	*) echo "$1" ;;
	esac
}
for e in $engines; do
	p=$(program "$e")
	command -v "$p" >"$fake/real-$p" || echo /nonexistent >"$fake/real-$p"
	ln -s engine "$fake/$p" || exit 99
done

# river under fault $1 with engine $2, on puzzle $3 (else $puz), the
# engine's first $after runs real: its exit status in $rc, its runs in
# $fake/runs.
after=0
fault_run() {
	rm -f "$fake/runs"
	FAULT=$1 FAULT_AFTER=$after FAKE_DIR=$fake TMPDIR=$tmp/tmp PATH="$fake:$PATH" \
		run_river solve -q --engine "$2" "${3:-$puz}" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# Nothing left in the private TMPDIR.
clean() {
	test -z "$(ls "$tmp/tmp")"
}

# Did fault $1 end river as it should: exit 5 (3 for a flood), an error
# naming program $2, neither a plan nor "no solution", nothing left
# behind, and (when $4 is given) $4 runs of the engine?  $3 names the
# check.
check_fault() {
	want=5
	test "$1" = flood && want=3
	if test "$rc" -eq "$want" && grep -q "error: $2" "$tmp/err" &&
	   ! grep -q "Solved\|No solution" "$tmp/out" && clean &&
	   { test -z "$4" || test "$(cat "$fake/runs")" -eq "$4"; }; then
		ok "$3 exits $want"
	else
		not_ok "$3 exits $want (got $rc)"
		sed 's/^/# /' "$tmp/err"
		ls "$tmp/tmp" | sed 's/^/# left: /'
	fi
	rm -rf "$tmp/tmp"/*
}

for e in $engines; do
	p=$(program "$e")
	for f in garbage nothing error cut cut30 exit signal flood; do
		case $f in cut*|exit|signal)
			if test "$(cat "$fake/real-$p")" = /nonexistent; then
				ok "$e $f # SKIP $p is not installed"
				continue
			fi
		esac
		fault_run "$f" "$e"
		check_fault "$f" "$p" "$e: fault '$f', naming $p,"
	done
done

# The least time, with z3: a run for each bound on the time.  A fault in
# any run, the first, one after a plan was found, or the last (whose
# answer would prove the plan the quickest), fails the whole search: no
# plan, no "no solution".
if test "$(cat "$fake/real-z3")" != /nonexistent; then
	after=1000 && fault_run none z3 "$timed"
	runs=$(cat "$fake/runs")
	if test "$runs" -ge 3 && grep -q "^Solved in 5 crossings taking 17 time units" "$tmp/out"; then
		ok "z3 finds the least time of $(basename "$timed") in $runs runs"
	else
		not_ok "z3 finds the least time of $(basename "$timed") in several runs ($runs)"
		sed 's/^/# /' "$tmp/err"
	fi
	for after in 0 1 $((runs - 1)); do
		for f in garbage nothing error cut cut30 exit signal flood; do
			fault_run "$f" z3 "$timed"
			check_fault "$f" z3 "least time: fault '$f' in z3's run $((after + 1)) of $runs" $((after + 1))
		done
	done
	# A plan over the bound it was asked for is z3's fault too.
	after=1 && fault_run unbound z3 "$timed"
	if test "$rc" -eq 5 && grep -q "error: z3 answered with a plan that takes [0-9]*, over the bound of [0-9]* it was given" "$tmp/err" &&
	   ! grep -q "Solved" "$tmp/out"; then
		ok "least time: a plan over z3's bound is z3's fault"
	else
		not_ok "least time: a plan over z3's bound is z3's fault (got $rc)"
		sed 's/^/# /' "$tmp/err"
	fi
	after=0
else
	ok "least time faults # SKIP z3 is not installed"
fi

# What the engine said is in the message.
fault_run error z3
if grep -q 'z3 failed: (error "out of memory")' "$tmp/err"; then
	ok "z3's own error is quoted"
else
	not_ok "z3's own error is quoted"
	sed 's/^/# /' "$tmp/err"
fi
fault_run signal cbc
if grep -q "cbc failed: it was killed by signal 9" "$tmp/err"; then
	ok "death by a signal is named"
else
	not_ok "death by a signal is named"
	sed 's/^/# /' "$tmp/err"
fi
fault_run flood minizinc
if grep -q "minizinc wrote more than 64 MiB" "$tmp/err"; then
	ok "too much output is a limit, said as one"
else
	not_ok "too much output is a limit, said as one"
	sed 's/^/# /' "$tmp/err"
fi

# Memory that runs out while a plan, or a puzzle on standard input, is
# read is a limit: exit 3, the file named.  A plan of 14 MB read with
# some 12 MB of address space fails in river's own reading, with 64 MB
# in the library's.
# out_of_memory WHAT KB NAME ARGS...: river ARGS with KB of address
# space (standard input the big plan) must exit 3 naming NAME.
out_of_memory() {
	what=$1 kb=$2 name=$3
	shift 3
	(ulimit -v "$kb" && exec "$RIVER" "$@" <"$tmp/big.plan") \
		>/dev/null 2>"$tmp/err"
	rc=$?
	if test "$rc" -eq 3 &&
	   grep -q "^$name: error: out of memory while reading" "$tmp/err"; then
		ok "out of memory reading $what ($kb KB): exit 3, named"
	else
		not_ok "out of memory reading $what ($kb KB): exit $rc"
		sed 's/^/# /' "$tmp/err"
	fi
}
# A checker's own runtime (valgrind, the sanitizers' shadow memory)
# needs more address space than the limit leaves.
if test -n "$TEST_WRAPPER"; then
	ok "out of memory reading a plan # SKIP under $TEST_WRAPPER"
elif test "$SANITIZERS" = yes; then
	ok "out of memory reading a plan # SKIP under the sanitizers"
else
	yes 'farmer goat' | head -n 1200000 >"$tmp/big.plan"
	out_of_memory "a plan" 12000 "$tmp/big.plan" verify "$puz" "$tmp/big.plan"
	out_of_memory "a plan" 64000 "$tmp/big.plan" verify "$puz" "$tmp/big.plan"
	out_of_memory "standard input" 12000 "<stdin>" check -
fi
done_testing
