#!/bin/sh
# Long item names and odd text in every model format and through every
# engine.  Names of hundreds or thousands of characters, alike but for
# their ends, stay distinct and within every reader's limits (CBC keeps
# column names of at most 100 characters, GLPK takes 255); a title and
# labels with control characters, quotes, backslashes and non-ASCII
# text leave every language river writes well-formed.  It runs the real
# solvers, on small puzzles: a few seconds.
. "${srcdir:-.}/tests/lib.sh"

have() {
	command -v "$1" >/dev/null 2>&1
}

# A puzzle with individuals and a kind, named $1 (fox, hen, ducks) or,
# given a length $2, names of that many characters that differ only in
# their last three.
puzzle() {
	fox=fox hen=hen ducks=ducks
	if test -n "${2:-}"; then
		pad=$(printf "%0$(($2 - 4))d" 0 | tr 0 x)
		fox=${pad}_fox hen=${pad}_hen ducks=${pad}_dck
	fi
	cat >"$1" <<EOF
title "Ducks, a fox and a hen"
items $fox, $hen, 3 $ducks
boat seats 2
rowers $ducks
$fox eats $hen unless $ducks
EOF
}

# What must not change with the names: how many rows and variables
# each format has, all distinct; and the longest name in the LP model.
shape() {
	case $1 in
	lp)
		awk '
		/^(Minimize|Subject To|Bounds|Binary|General|End)$/ { section = $0; next }
		/^\\/ { next }
		section == "Subject To" && /^ [^ ]+:/ {
			row = substr($1, 1, length($1) - 1)
			if (rows[row]++) dup++
			nrows++
		}
		section == "Binary" || section == "General" {
			if (vars[$1]++) dup++
			nvars++
		}
		{
			gsub(/[-+<=>:]/, " ")
			for (i = 1; i <= NF; i++)
				if (length($i) > longest) longest = length($i)
		}
		END { print nrows, nvars, dup + 0, (longest <= 100 ? "short" : "long " longest) }' "$2" ;;
	smt2)
		sed -n 's/^(declare-const \([^ ]*\) .*/\1/p' "$2" | sort |
			uniq -c | awk '{ n++; if ($1 > 1) dup++ } END { print n, dup + 0 }' ;;
	minizinc)
		sed -n 's/^enum [A-Z]* = {\(.*\)};$/\1/p' "$2" | tr ',' '\n' |
			sed 's/ //g' | sort | uniq -c |
			awk '{ n++; if ($1 > 1) dup++ } END { print n, dup + 0 }' ;;
	ocean)
		python3 -c '
import runpy, sys
m = runpy.run_path(sys.argv[1])["build_model"]()
rows = [r[0] for r in m.rows]
names = list(m.variables())
print(len(rows), len(set(rows)), len(names), len(set(names)))' "$2" ;;
	bqm)
		python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))
labels = m["variable_labels"]
print(m["num_variables"], len(labels), len(set(labels)))' "$2" ;;
	esac
}

# ---- Long names: every format ------------------------------------------

puzzle "$tmp/short.puz"
for format in minizinc smt2 lp ocean bqm; do
	run_river export --to "$format" "$tmp/short.puz" >"$tmp/short.$format"
done
for length in 101 300 500 2000; do
	puzzle "$tmp/long.puz" "$length"
	for format in minizinc smt2 lp ocean bqm; do
		case $format in ocean | bqm)
			if ! have python3; then
				ok "$format, names of $length # SKIP needs python3"
				continue
			fi
		esac
		what="$format model with names of $length characters: distinct, within limits"
		if ! run_river export --to "$format" "$tmp/long.puz" >"$tmp/long.$format"; then
			not_ok "$what"
			continue
		fi
		want=$(shape $format "$tmp/short.$format")
		got=$(shape $format "$tmp/long.$format")
		if test "$got" = "$want"; then
			ok "$what"
		else
			echo "# want '$want', got '$got'"
			not_ok "$what"
		fi
	done
	# The readers take them: each finds its duplicates, and the legend
	# gives back every name.
	# (The Ocean program compiled, to be read above.)
	if have minizinc; then
		cp "$tmp/long.minizinc" "$tmp/long.mzn"
		if minizinc --model-check-only "$tmp/long.mzn" >"$tmp/out" 2>&1; then
			ok "minizinc checks the model with names of $length"
		else
			sed 's/^/# /' "$tmp/out"
			not_ok "minizinc checks the model with names of $length"
		fi
	fi
	sed -n 's/^\\    *[^ ]* = //p; s/^\\      *//p' "$tmp/long.lp" |
		tr -d '\n' >"$tmp/legend"
	pad=$(printf "%0$((length - 4))d" 0 | tr 0 x)
	if test "$(cat "$tmp/legend")" = "${pad}_fox${pad}_hen${pad}_dck"; then
		ok "the legend of the lp model gives the names of $length"
	else
		not_ok "the legend of the lp model gives the names of $length"
	fi
done

# ---- Long names: every engine, to the optimum --------------------------

program() {
	case $1 in
	glpk) echo glpsol ;;
	*) echo "$1" ;;
	esac
}

crossings() {
	sed -n 's/^  "crossings": \(.*\),$/\1/p' "$1"
}

puzzle "$tmp/long.puz" 2000
run_river solve -f json "$tmp/long.puz" >"$tmp/bfs.json"
want=$(crossings "$tmp/bfs.json")
for engine in minizinc z3 cbc glpk; do
	if ! have "$(program $engine)"; then
		ok "$engine, names of 2000 # SKIP $(program $engine) not installed"
		continue
	fi
	run_river solve -e "$engine" -f json "$tmp/long.puz" >"$tmp/out.json" 2>"$tmp/err"
	got=$(crossings "$tmp/out.json")
	if test -n "$want" && test "$got" = "$want"; then
		ok "$engine solves names of 2000 characters in $want crossings"
	else
		sed 's/^/# /' "$tmp/err"
		not_ok "$engine solves names of 2000 characters in $want crossings (got '$got')"
	fi
done

# ---- Odd text: a title and labels with control characters --------------
#
# A carriage return, a tab, \001, a quote, a backslash and non-ASCII
# text, raw in the strings (as the lexer takes them) or escaped.

cr=$(printf '\r') tab=$(printf '\t') soh=$(printf '\001')
printf '%s\n' "title \"Odd $cr|$tab|$soh|\\\"|\\\\|é🐺|\\t\"" \
	"description \"A${cr}B\"" \
	"items farmer \"F$cr$soh\\\"\\\\é\", wolf \"w${tab}olf\", goat, cabbage" \
	'boat seats 2' 'rowers farmer' 'guard farmer' \
	'wolf eats goat' 'goat eats cabbage' >"$tmp/odd.puz"
title='Odd \r|\t|\x01|"|\\|é🐺|\t'

for format in minizinc smt2 lp ocean bqm; do
	if run_river export --to "$format" "$tmp/odd.puz" >"$tmp/odd.$format"; then
		ok "odd text exports to $format"
	else
		not_ok "odd text exports to $format"
	fi
done
# A comment is one line, whatever the title.
for format in minizinc smt2 lp; do
	if test "$(grep -c 'Odd' "$tmp/odd.$format")" -eq 1; then
		ok "the $format model keeps the odd title on one comment line"
	else
		not_ok "the $format model keeps the odd title on one comment line"
	fi
done
if have minizinc; then
	cp "$tmp/odd.minizinc" "$tmp/odd.mzn"
	if minizinc "$tmp/odd.mzn" >"$tmp/out" 2>"$tmp/err" &&
	   grep -q '^==========$' "$tmp/out"; then
		ok "minizinc solves the model with odd text"
	else
		sed 's/^/# /' "$tmp/err"
		not_ok "minizinc solves the model with odd text"
	fi
fi
if have z3; then
	if z3 "$tmp/odd.smt2" >"$tmp/out" 2>&1 && test "$(head -n 1 "$tmp/out")" = sat; then
		ok "z3 solves the model with odd text"
	else
		sed 's/^/# /' "$tmp/out"
		not_ok "z3 solves the model with odd text"
	fi
fi
if have glpsol; then
	if glpsol --lp "$tmp/odd.lp" -o "$tmp/out" >/dev/null 2>&1 &&
	   grep -q 'INTEGER OPTIMAL' "$tmp/out"; then
		ok "glpsol solves the lp model with odd text"
	else
		not_ok "glpsol solves the lp model with odd text"
	fi
fi
if have cbc; then
	if (cd "$tmp" && cbc odd.lp solve solution sol.txt >/dev/null 2>&1) &&
	   grep -q '^Optimal' "$tmp/sol.txt"; then
		ok "cbc solves the lp model with odd text"
	else
		not_ok "cbc solves the lp model with odd text"
	fi
fi
if have python3; then
	# The farmer's label holds a line break: the program's plan table
	# shows the name instead, as river's own table does.
	if python3 -m py_compile "$tmp/odd.ocean" &&
	   python3 -c '
import runpy, sys
g = runpy.run_path(sys.argv[1])
sys.exit(g["TITLE"] != sys.argv[2].encode().decode("unicode_escape").encode("latin-1").decode()
         or g["ITEMS"][0][1] != "farmer" or g["ITEMS"][0][2] != "farmer")
' "$tmp/odd.ocean" "$title"; then
		ok "the Ocean program has the odd title exactly, and the farmer's name"
	else
		not_ok "the Ocean program has the odd title exactly, and the farmer's name"
	fi
	# A label river's table shows, and one it does not: a bar would
	# split the program's table into columns.
	printf '%s\n' 'items wolf "Wolf", goat "a|b"' 'boat seats 1' \
		>"$tmp/bar.puz"
	if run_river export --to ocean "$tmp/bar.puz" >"$tmp/bar.ocean" &&
	   python3 -c '
import runpy, sys
g = runpy.run_path(sys.argv[1])
sys.exit([it.label for it in g["ITEMS"]] != ["Wolf", "goat"])
' "$tmp/bar.ocean"; then
		ok "the Ocean program labels its items as river's table does"
	else
		not_ok "the Ocean program labels its items as river's table does"
	fi
	if python3 -m json.tool "$tmp/odd.bqm" >/dev/null; then
		ok "the bqm model of odd text is JSON"
	else
		not_ok "the bqm model of odd text is JSON"
	fi
	# The plans in JSON, river's own and each engine's.
	for engine in search minizinc z3 cbc glpk; do
		if test $engine != search && ! have "$(program $engine)"; then
			ok "plan JSON from $engine # SKIP $(program $engine) not installed"
			continue
		fi
		if test $engine = search; then
			run_river solve -f json "$tmp/odd.puz" >"$tmp/plan.json"
		else
			run_river solve -e $engine -f json "$tmp/odd.puz" >"$tmp/plan.json"
		fi
		if python3 -c '
import json, sys
plan = json.load(open(sys.argv[1]))
want = sys.argv[2].encode().decode("unicode_escape").encode("latin-1").decode()
sys.exit(plan["title"] != want or plan["crossings"] != 7)
' "$tmp/plan.json" "$title"; then
			ok "the plan JSON from $engine has the odd title, exactly"
		else
			sed 's/^/# /' "$tmp/plan.json"
			not_ok "the plan JSON from $engine has the odd title, exactly"
		fi
	done
fi
done_testing
