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
	# The models do not take a puzzle of places (tests/coverage.sh).
	is_places "$puz" && continue
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

# The Ocean program builds, with its loops over the steps and the items
# and its rules' rows for one step, the model the LP has: the same
# variables (binary, or integer of the same bound) and the same rows
# (names, terms, senses and right-hand sides), in any order.  same.py
# reads the LP model and what the program builds (in LP form, as --lp
# prints it) into sorted lines and compares them.  A case is a line
# "label<TAB>lp<TAB>program<TAB>same" (or "differs"), and gets a TAP
# line; one Python runs them all, as each takes long to start.
cat >"$tmp/same.py" <<'PYTHON'
import difflib, io, runpy, subprocess, sys


def canon(text):
    """An LP model as sorted lines: each row with its terms sorted, and
    each variable with its type."""
    section, rows, bounds, types = None, [], {}, {}
    for line in text.splitlines():
        if line.startswith("\\"):
            continue
        if line in ("Minimize", "Subject To", "Bounds", "Binary", "General",
                    "End"):
            section = line
        elif section in ("Minimize", "Subject To"):
            if line.startswith("    "):
                rows[-1][1] += " " + line
            else:
                name, rest = line.split(":", 1)
                rows.append([section[0] + name.strip(), rest])
        elif section == "Bounds":
            words = line.split()
            bounds[words[2]] = words[4]
        elif section in ("Binary", "General"):
            types[line.strip()] = section
    out = []
    for name, rest in rows:
        words, terms, sign, coef = rest.split(), {}, 1, 1
        tail = words[-2:] if name[0] == "S" else []
        for word in words[:len(words) - len(tail)]:
            if word in ("+", "-"):
                sign = -1 if word == "-" else 1
                continue
            if word.startswith("-"):
                sign, word = -1, word[1:]
            if word.isdigit():
                coef = int(word)
                continue
            terms[word] = terms.get(word, 0) + sign * coef
            sign, coef = 1, 1
        out.append(" ".join([name] + ["%+d %s" % (c, v) for v, c in
                                      sorted(terms.items())] + tail))
    for v, t in types.items():
        out.append("var %s %s" % (v, "binary" if t == "Binary"
                                  else "integer <= %s" % bounds.get(v)))
    return sorted(out)


def built(program):
    """What the program builds, as --lp prints it, run in this Python
    (a program ending in " --lp" runs in its own)."""
    if program.endswith(" --lp"):
        return subprocess.run([sys.executable, program[:-5], "--lp"],
                              capture_output=True, text=True).stdout
    g = runpy.run_path(program)
    out = io.StringIO()
    g["write_lp"](g["build_model"](), out)
    return out.getvalue()


for case in open(sys.argv[1]).read().splitlines():
    label, lp, program, want = case.split("\t")
    a, b = canon(open(lp).read()), canon(built(program))
    if (a == b) == (want == "same") and a:
        print("ok", label)
        continue
    print("not ok", label)
    for line in list(difflib.unified_diff(a, b, "lp", "program",
                                          lineterm=""))[:12]:
        print("#", line)
PYTHON
tab=$(printf '\t')
n=0
# case LABEL WANT [RIVER-ARGS]: the lp model of $puz with the arguments,
# and the Ocean program of $puz made by $edit (a sed script).
case_of() {
	label=$1 want=$2
	shift 2
	n=$((n + 1))
	run_river export --to lp "$@" "$puz" >"$tmp/$n.lp"
	run_river export --to ocean "$ocean" | sed "$edit" >"$tmp/$n.py"
	echo "$label$tab$tmp/$n.lp$tab$tmp/$n.py$tab$want" >>"$tmp/cases"
}
: >"$tmp/cases"
edit=
for puz in "$srcdir"/puzzles/*.puz "$srcdir"/tests/puzzles/unsolvable.puz \
	   "$srcdir"/tests/puzzles/plain.puz "$srcdir"/tests/puzzles/mixed.puz \
	   "$srcdir"/tests/puzzles/rowing-kind.puz "$srcdir"/tests/puzzles/boat-goal.puz \
	   "$srcdir"/tests/puzzles/kinds-placed.puz; do
	is_places "$puz" && continue
	ocean=$puz
	case_of "ocean program of $(basename "$puz") builds the lp model" same
done
# Run with --lp, it prints that model.
echo "ocean program of kinds-placed.puz run with --lp prints the lp model$tab$tmp/$n.lp$tab$tmp/$n.py --lp${tab}same" >>"$tmp/cases"
# A horizon changed in the program makes the model of that horizon: with
# a rowing period, a margin, kinds, times and a goal for the boat.
for puz in puzzles/day-and-night puzzles/balanced-ferry \
	   puzzles/missionaries-cannibals puzzles/torch-schedule \
	   tests/puzzles/boat-goal; do
	puz="$srcdir/$puz.puz"
	ocean=$puz
	for h in 1 5; do
		edit="s/^HORIZON = .*/HORIZON = $h/"
		case_of "ocean program of $(basename "$puz") with HORIZON = $h builds the lp model of -H $h" same -H $h
	done
done
# So does a boat of more seats; and the check sees a rule's row changed.
ocean="$srcdir/puzzles/wgc.puz"
puz="$tmp/seats.puz"
sed 's/^boat seats 2$/boat seats 3/' "$ocean" >"$puz"
edit='s/^SEATS = 2 /SEATS = 3 /'
case_of "ocean program of wgc.puz with SEATS = 3 builds the lp model of 3 seats" same
puz=$ocean
edit='s/\(pos_farmer_{s} <= \)1"/\12"/'
case_of "the check sees a rule's row changed in the ocean program" differs
if ! command -v python3 >/dev/null 2>&1; then
	ok "ocean programs build the lp models # SKIP needs python3"
else
	python3 "$tmp/same.py" "$tmp/cases" >"$tmp/same.out" 2>&1 ||
		not_ok "same.py runs"
	while IFS= read -r line; do
		case $line in
		"ok "*) ok "${line#ok }" ;;
		"not ok "*) not_ok "${line#not ok }" ;;
		*) echo "# $line" ;;
		esac
	done <"$tmp/same.out"
fi

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
