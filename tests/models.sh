#!/bin/sh
# The LP model of every puzzle keeps to what dimod.lp.load (HiGHS's LP
# reader) accepts: names of letters, digits and underscores that do not
# start with a digit, e or E, and do not read as inf, infinity or nan or
# as a section keyword; constants only on the right-hand side.
. "${srcdir:-.}/tests/lib.sh"

check_lp() {
	awk '
	function bad(what) { print "# line " NR ": " what ": " $0; errors++ }
	/^\\/ { next }
	/^(Minimize|Subject To|Bounds|Binary|General|End)$/ { section = $0; next }
	{
		line = $0
		if (section == "Subject To" || section == "Minimize") {
			# "name: terms" on a first line; a constant may only
			# follow the comparison.
			if (sub(/^ [^ :]+:/, "", line) == 0 && line !~ /^    /)
				bad("no row name")
			n = split(line, part, /(<=|>=|=)/)
			if (n > 2) bad("two comparisons")
			if (part[1] ~ /(^|[ +-])[0-9.]+ *($|[+-])/) bad("a constant on the left")
		}
		gsub(/(<=|>=|=|[+-]|:)/, " ", $0)
		for (i = 1; i <= NF; i++) {
			w = $i
			if (w ~ /^[0-9.]+$/) continue
			if (w !~ /^[A-Za-z_][A-Za-z0-9_]*$/) bad("bad name " w)
			if (w ~ /^[eE]/) bad("name starting with e: " w)
			lw = tolower(w)
			if (lw ~ /^(inf|infinity|nan|minimize|maximize|subject|to|st|bounds|binary|binaries|general|generals|end|free)$/)
				bad("reserved name " w)
		}
	}
	END { exit errors > 0 }' "$1"
}

for puz in "$srcdir"/puzzles/*.puz "$srcdir"/tests/puzzles/unsolvable.puz \
	   "$srcdir"/tests/puzzles/plain.puz "$srcdir"/tests/puzzles/mixed.puz \
	   "$srcdir"/tests/puzzles/rowing-kind.puz "$srcdir"/tests/puzzles/boat-goal.puz \
	   "$srcdir"/tests/puzzles/kinds-placed.puz; do
	name=$(basename "$puz")
	run_river export --to lp "$puz" >"$tmp/model.lp"
	if check_lp "$tmp/model.lp"; then
		ok "lp model of $name keeps dimod's rules"
	else
		not_ok "lp model of $name keeps dimod's rules"
	fi
done
# The Ocean program decodes a sample of its model and prints the plan
# the CQM article's way: here the sample is CBC's optimum of the LP
# model, whose variables are the same (D-Wave's own solver is not here).
# Every crossing carries someone, named.  Arguments after the first two
# go to river export.
ocean_case() {
	puz=$1 want=$2
	shift 2
	name="$(basename "$puz")${1:+ $*}"
	crossings=crossings
	test "$want" -eq 1 && crossings=crossing
	if ! command -v python3 >/dev/null 2>&1 || ! command -v cbc >/dev/null 2>&1; then
		ok "ocean program for $name # SKIP needs python3 and cbc"
		return
	fi
	run_river export --to lp "$@" "$puz" >"$tmp/m.lp"
	run_river export --to ocean "$@" "$puz" >"$tmp/m.py"
	(cd "$tmp" && cbc m.lp solve solution sol.txt >/dev/null 2>&1)
	awk 'NR == 1 { printf "{" } NR > 1 { printf "%s\"%s\": %s", (NR > 2 ? ", " : ""), $2, $3 }
	     END { print "}" }' "$tmp/sol.txt" >"$tmp/sample.json"
	if python3 -m py_compile "$tmp/m.py" &&
	   python3 "$tmp/m.py" --sample "$tmp/sample.json" >"$tmp/shown" &&
	   grep -q "^Solved in $want $crossings$" "$tmp/shown" &&
	   grep -q "^Left bank *| Right Bank *| Available *| Choice" "$tmp/shown" &&
	   test "$(grep -c '^\(Bring\|Return with\) [A-Za-z_]' "$tmp/shown")" -eq "$want" &&
	   ! grep -q '^\(Bring\|Return with\)  ' "$tmp/shown"; then
		ok "ocean program for $name shows the $want-crossing plan"
	else
		sed 's/^/# /' "$tmp/shown"
		not_ok "ocean program for $name shows the $want-crossing plan"
	fi
}
ocean_case "$srcdir/puzzles/wgc.puz" 7
ocean_case "$srcdir/puzzles/missionaries-cannibals.puz" 11
# A kind of one copy is still a kind: its count is num_..., not pos_...
ocean_case "$srcdir/puzzles/missionaries-cannibals.puz" 1 -D n=1 --horizon 1

# Without Ocean, the program says how to get it (exit 2).
if command -v python3 >/dev/null 2>&1; then
	run_river export --to ocean "$srcdir/puzzles/wgc.puz" >"$tmp/m.py"
	python3 -c 'import dimod' 2>/dev/null && have_dimod=yes
	if test -n "${have_dimod:-}"; then
		ok "ocean program without dimod # SKIP dimod is installed"
	elif python3 "$tmp/m.py" 2>"$tmp/err"; then
		not_ok "ocean program without dimod says how to get it"
	elif grep -q "pip install dwave-ocean-sdk" "$tmp/err"; then
		ok "ocean program without dimod says how to get it"
	else
		not_ok "ocean program without dimod says how to get it"
	fi
fi

# The check itself catches what it should.
printf 'Minimize\n obj: x + 2\nSubject To\n e1: x + y <= 1\n c: inf + y >= 0\nEnd\n' >"$tmp/bad.lp"
if check_lp "$tmp/bad.lp" >/dev/null; then
	not_ok "the check refuses a model breaking the rules"
else
	ok "the check refuses a model breaking the rules"
fi
done_testing
