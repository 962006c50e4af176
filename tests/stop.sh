#!/bin/sh
# Stopping early: SIGTERM, SIGINT or SIGHUP to river, or --timeout, while
# an engine runs or the built-in search does.  A signal N ends river
# with 128+N, a time limit with 3 and a message; either way the engine's
# whole process group is gone and no temporary folder is left.  SIGKILL
# leaves river no say: the watchdog it starts with the engine ends the
# group and removes the folder, and a folder left by a river that no
# longer runs is removed by the next.
. "${srcdir:-.}/tests/lib.sh"

fake="$tmp/bin"
mkdir "$fake" "$tmp/tmp" || exit 99

# An engine that never answers: a shell and a child of it, both
# recorded.  Like MiniZinc it leaves a file of its own in $TMPDIR, and
# its child ignores SIGTERM.
cat >"$fake/engine" <<'EOF'
#!/bin/sh
# With REAL_RUNS=N, the first N runs are the real engine's, $REAL.
runs=$(cat "$FAKE_DIR/runs" 2>/dev/null || echo 0)
echo $((runs + 1)) >"$FAKE_DIR/runs"
if test "$runs" -lt "${REAL_RUNS:-0}"; then
	exec "$REAL" "$@"
fi
echo model >"${TMPDIR:-/tmp}/engine.$$"
(trap '' TERM; exec sleep 1000) &
echo $! >"$FAKE_DIR/child"
echo $$ >"$FAKE_DIR/pid"
wait
EOF
chmod +x "$fake/engine" || exit 99
for p in minizinc z3 cbc glpsol; do
	ln -s engine "$fake/$p" || exit 99
done

# A puzzle the built-in search takes long over, searched as written
# (its x2..x25 are alike): 2^27 states.
big="$tmp/big.puz"
{
	echo 'title "Many"'
	printf 'items farmer'
	for i in $(seq 1 25); do printf ', x%d' "$i"; done
	echo
	echo 'boat seats 3'
	echo 'rowers farmer'
	echo 'x1 eats x2 unless farmer'
} >"$big"

# Does process $1, one of the fake engine's, still run?  A zombie waits
# only to be reaped; a pid that another program now has (the suite
# starts many) is not the fake's.
alive() {
	test -n "$1" || return 1
	case $(ps -o stat=,args= -p "$1" 2>/dev/null) in
	Z*) false ;;
	*"$fake/"* | *"sleep 1000"*) true ;;
	*) false ;;
	esac
}

# Wait up to 10 s for file $1 to exist.
wait_for() {
	tries=0
	while ! test -s "$1" && test $tries -lt 100; do
		sleep 0.1
		tries=$((tries + 1))
	done
	test -s "$1"
}

# river "$@" in the background, with the signals it is sent as they are
# by default (a background job of a script ignores SIGINT, and nohup
# SIGHUP: river keeps ignoring what it was started ignoring), its pid in
# $river_pid.
start_river() {
	rm -f "$fake/pid" "$fake/child" "$fake/runs"
	FAKE_DIR=$fake TMPDIR=$tmp/tmp PATH="$fake:$PATH" \
		env --default-signal=INT,TERM,HUP "$RIVER" "$@" \
		>"$tmp/out" 2>"$tmp/err" &
	river_pid=$!
}

# Did river die of signal $1 (exit 128+N), leaving nothing behind?  The
# folder must be gone when river exits; a process killed may take a
# moment to die on a busy machine, so those get up to 5 s.
check_stopped() {
	what=$1 want=$2 engine_pid=$3 child_pid=$4
	wait_timeout "$river_pid" 30
	rc=$?
	left=$(ls "$tmp/tmp")
	tries=0
	while { alive "$engine_pid" || alive "$child_pid"; } && test $tries -lt 50; do
		sleep 0.1
		tries=$((tries + 1))
	done
	if test "$rc" -eq "$want" && ! alive "$engine_pid" &&
	   ! alive "$child_pid" && test -z "$left"; then
		ok "$what"
	else
		not_ok "$what (exit $rc, want $want)"
		alive "$engine_pid" && echo "# the engine $engine_pid runs on"
		alive "$child_pid" && echo "# its child $child_pid runs on"
		test -n "$left" && echo "$left" | sed 's/^/# left: /'
		sed 's/^/# /' "$tmp/err"
		kill -KILL "$engine_pid" "$child_pid" 2>/dev/null
	fi
	rm -rf "$tmp/tmp"/*
}

if ! env --default-signal=INT,TERM,HUP true 2>/dev/null; then
	skip_all "env has no --default-signal"
fi

for sig in TERM INT HUP; do
	case $sig in TERM) n=15 ;; INT) n=2 ;; HUP) n=1 ;; esac
	for e in z3 minizinc glpk; do
		start_river solve -q --engine "$e" "$srcdir/puzzles/wgc.puz"
		if wait_for "$fake/child"; then
			kill -"$sig" "$river_pid"
			check_stopped "SIG$sig during $e: exit $((128 + n)), engine group ended, folder removed" \
				$((128 + n)) "$(cat "$fake/pid")" "$(cat "$fake/child")"
		else
			not_ok "the fake $e did not start"
			kill -KILL "$river_pid"
			wait_timeout "$river_pid" 10
		fi
	done
	# The built-in search.
	start_river solve -q --no-symmetry --max-states 4294967295 "$big"
	sleep 1
	kill -"$sig" "$river_pid"
	check_stopped "SIG$sig during the built-in search: exit $((128 + n))" \
		$((128 + n)) "" ""
done

# SIGKILL, as the OOM killer sends: river cannot clean up, its watchdog
# does, within a few seconds (a second's grace for the child that
# ignores SIGTERM): the engine's group ended, the folder removed, and the
# watchdog gone too.
for e in z3 cbc; do
	start_river solve -q --engine "$e" "$srcdir/puzzles/wgc.puz"
	if wait_for "$fake/child"; then
		engine_pid=$(cat "$fake/pid") child_pid=$(cat "$fake/child")
		kill -KILL "$river_pid"
		wait_timeout "$river_pid" 10
		rc=$?
		tries=0
		while { alive "$engine_pid" || alive "$child_pid" ||
			test -n "$(ls "$tmp/tmp")" ||
			pgrep -f "$tmp/tmp/river-" >/dev/null; } && test $tries -lt 50; do
			sleep 0.1
			tries=$((tries + 1))
		done
		if test "$rc" -eq 137 && ! alive "$engine_pid" && ! alive "$child_pid" &&
		   test -z "$(ls "$tmp/tmp")" && ! pgrep -f "$tmp/tmp/river-" >/dev/null; then
			ok "SIGKILL during $e: engine group ended, folder removed, by the watchdog"
		else
			not_ok "SIGKILL during $e: engine group ended, folder removed, by the watchdog (exit $rc)"
			alive "$engine_pid" && echo "# the engine $engine_pid runs on"
			alive "$child_pid" && echo "# its child $child_pid runs on"
			ls "$tmp/tmp" | sed 's/^/# left: /'
			pgrep -af "$tmp/tmp/river-" | sed 's/^/# runs on: /'
			kill -KILL -"$engine_pid" "$child_pid" 2>/dev/null
			for p in $(pgrep -f "$tmp/tmp/river-"); do kill -KILL "$p"; done
		fi
	else
		not_ok "the fake $e did not start"
		kill -KILL "$river_pid"
		wait_timeout "$river_pid" 10
	fi
	rm -rf "$tmp/tmp"/*
done

# Folders left behind (by a river killed before the watchdog, or
# without one): the next river to run an engine removes those named for
# a process that no longer runs, and keeps the others.
sh -c 'exit 0' &
dead=$!
wait_timeout "$dead" 10
mkdir "$tmp/tmp/river-$dead-AbCdEf" "$tmp/tmp/river-$dead-AbCdEf/tmp" \
	"$tmp/tmp/river-$$-AbCdEf" "$tmp/tmp/river-AbCdEf" \
	"$tmp/tmp/river-$dead-AbCdEfGh" || exit 99
echo model >"$tmp/tmp/river-$dead-AbCdEf/model.lp"
echo model >"$tmp/tmp/river-$dead-AbCdEf/tmp/engine.1"
start_river solve -q --timeout 1 --engine glpk "$srcdir/puzzles/wgc.puz"
wait_timeout "$river_pid" 30
left=$(ls "$tmp/tmp" | LC_ALL=C sort | tr '\n' ' ')
kept=$(printf '%s\n' "river-$$-AbCdEf" "river-$dead-AbCdEfGh" river-AbCdEf |
	LC_ALL=C sort | tr '\n' ' ')
if test "$left" = "$kept"; then
	ok "the folder of a river that no longer runs is removed, the others kept"
else
	not_ok "the folder of a river that no longer runs is removed, the others kept"
	echo "# left: $left"
fi
rm -rf "$tmp/tmp"/*

# The least time with z3 takes several runs: a signal, or the time
# limit, in the third ends it all the same, with no plan.
if REAL=$(command -v z3); then
	export REAL REAL_RUNS=2
	for how in TERM timeout; do
		if test $how = TERM; then
			start_river solve -q --engine z3 "$srcdir/puzzles/bridge-torch.puz"
			want=143
		else
			start_river solve -q --timeout 3 --engine z3 "$srcdir/puzzles/bridge-torch.puz"
			want=3
		fi
		if wait_for "$fake/child"; then
			test $how = TERM && kill -TERM "$river_pid"
			check_stopped "least time: $how during z3's third run: exit $want, engine group ended, folder removed" \
				$want "$(cat "$fake/pid")" "$(cat "$fake/child")"
			if test "$(cat "$fake/runs")" -eq 3 && ! grep -q "Solved" "$tmp/out"; then
				ok "least time: no plan after $how in z3's third run"
			else
				not_ok "least time: no plan after $how in z3's third run ($(cat "$fake/runs") runs)"
				sed 's/^/# /' "$tmp/out"
			fi
		else
			not_ok "least time: the third z3 run did not start"
			kill -KILL "$river_pid"
			wait_timeout "$river_pid" 10
		fi
	done
	unset REAL REAL_RUNS
else
	ok "least time: stopping z3's runs # SKIP z3 is not installed"
fi

# Timeouts: exit 3, the limit named, the engine ended.
start_river solve -q --timeout 1 --engine cbc "$srcdir/puzzles/wgc.puz"
wait_for "$fake/child"
check_stopped "--timeout 1 ends a slow engine: exit 3" 3 \
	"$(cat "$fake/pid")" "$(cat "$fake/child")"
if grep -q "the time limit of 1 second was reached while cbc was running" "$tmp/err"; then
	ok "the time limit is named"
else
	not_ok "the time limit is named"
	sed 's/^/# /' "$tmp/err"
fi

start_river solve -q --no-symmetry --timeout 0.5 --max-states 4294967295 "$big"
check_stopped "--timeout ends the built-in search: exit 3" 3 "" ""
if grep -q "the time limit of 0.5 seconds was reached after [0-9]* states" "$tmp/err"; then
	ok "the built-in search names the time limit"
else
	not_ok "the built-in search names the time limit"
	sed 's/^/# /' "$tmp/err"
fi

start_river solve -q --no-symmetry --count --timeout 1 --max-states 4294967295 "$big"
check_stopped "--timeout ends counting too: exit 3" 3 "" ""

# A real engine on a puzzle it takes long over.
if command -v minizinc >/dev/null; then
	start=$(date +%s)
	TMPDIR=$tmp/tmp run_river solve -q --timeout 1 --engine minizinc \
		"$srcdir/puzzles/bridge-torch-five.puz" >/dev/null 2>"$tmp/err"
	rc=$? took=$(($(date +%s) - start))
	if test "$rc" -eq 3 && test "$took" -lt 10 && test -z "$(ls "$tmp/tmp" | grep "^river-")" &&
	   ! pgrep -f "$tmp/tmp" >/dev/null; then
		ok "--timeout 1 stops MiniZinc on bridge-torch-five (${took} s)"
	else
		not_ok "--timeout 1 stops MiniZinc on bridge-torch-five (exit $rc, ${took} s)"
		sed 's/^/# /' "$tmp/err"
	fi
else
	ok "--timeout with MiniZinc # SKIP minizinc is not installed"
fi

# Bad values are usage errors.
for bad in 0 -1 abc 1e3 1.2.3 '' 2000000 0.0 nan inf; do
	run_river solve --timeout "$bad" "$srcdir/puzzles/wgc.puz" >/dev/null 2>"$tmp/err"
	rc=$?
	if test "$rc" -eq 2 && grep -q -- "--timeout needs" "$tmp/err"; then
		ok "--timeout '$bad' is a usage error"
	else
		not_ok "--timeout '$bad' is a usage error (exit $rc)"
	fi
done

# Loading is under the time limit and the signals too.  A rule of
# 10000000 choices, each of which weighs 31 conditions, takes seconds
# to expand.
heavy="$tmp/heavy.puz"
{
	echo 'title "Heavy"'
	echo 'param s = 2'
	echo 'items a[1..3], b'
	echo 'boat seats s'
	printf 'for i, j in 1..3162 where '
	for k in $(seq 1 30); do printf 'i + j > 1, '; done
	echo 'i + j < 3: a[1] must not be with b unless a[2]'
} >"$heavy"
for command in check solve; do
	run_bounded 30 "$command" -T 1 "$heavy"
	if test "$rc" -eq 3 && test "$took" -lt 3000 &&
	   grep -q "heavy.puz:5:1: error: the time limit of 1 second was reached while expanding this rule" "$tmp/err"; then
		ok "$command -T 1 stops loading: exit 3 after ${took} ms"
	else
		not_ok "$command -T 1 stops loading: exit $rc after ${took} ms"
		sed 's/^/# /' "$tmp/err"
	fi
done
run_signalled INT 0.5 30 solve -q "$heavy"
if test "$rc" -eq 130 && test "$took" -lt 3000; then
	ok "SIGINT while loading: exit 130 after ${took} ms"
else
	not_ok "SIGINT while loading: exit $rc after ${took} ms"
fi
run_signalled INT 1 60 sweep -j 1 -D s=1..3 "$heavy"
if test "$rc" -eq 130 && test "$took" -lt 3000; then
	ok "SIGINT while a sweep loads a point: exit 130 after ${took} ms"
else
	not_ok "SIGINT while a sweep loads a point: exit $rc after ${took} ms"
fi
run_bounded 60 sweep -j 1 -T 1 -D s=1..2 "$heavy"
if test "$rc" -eq 3 && test "$took" -lt 5000 &&
   grep -q "the time limit of 1 second was reached while expanding" "$tmp/err"; then
	ok "sweep -T 1 stops loading each point: exit 3 after ${took} ms"
else
	not_ok "sweep -T 1 stops loading each point: exit $rc after ${took} ms"
	sed 's/^/# /' "$tmp/out" "$tmp/err"
fi

done_testing
