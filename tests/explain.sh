#!/bin/sh
# river explain, checked against the other commands rather than against
# itself: its JSON is valid; every alternative to a step of an optimal
# plan is what river verify (an illegal load: the same reason at that
# step) and river hint (a legal one: the crossings still to go) say of
# the plan with that load in its place; every single change it claims
# makes a puzzle solvable is made to the puzzle's text and solved, with
# the same optimum, and one it says does not help leaves no plan; and a
# search limit is a limit, never "no plan".
. "${srcdir:-.}/tests/lib.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 is not installed"

cat >"$tmp/check.py" <<'EOF'
import json, os, re, shlex, subprocess, sys

river = shlex.split(os.environ.get("TEST_WRAPPER", "")) + [os.environ["RIVER"]]
tmp = sys.argv[1]


def run(args, stdin=None):
    p = subprocess.run(river + args, input=stdin, capture_output=True,
                       text=True)
    return p.returncode, p.stdout, p.stderr


def report(good, what, why=""):
    print(("PASS " if good else "FAIL ") + what)
    if not good and why:
        for line in str(why).splitlines():
            print("# " + line)


def line(step):
    """A crossing as a line of a plan: its passengers, and of a puzzle
    of places where it goes, in which boat when there are several."""
    text = " ".join(step["boat"])
    if "to" in step:
        text += " --> " + step["to"]
    if "by" in step:
        text = step["by"] + ": " + text
    return text


def verified(puz, args, lines):
    """River verify's crossings and time of a whole plan, or None."""
    path = os.path.join(tmp, "whole")
    with open(path, "w") as f:
        f.write("".join(l + "\n" for l in lines))
    rc, out, _ = run(["verify"] + args + [puz, path])
    m = re.search(r"legal: the goal is reached after (\d+) crossings?"
                  r"(?: taking (\d+) time units?)?", out)
    if rc != 0 or not m:
        return None
    return int(m.group(1)), int(m.group(2) or 0)


def explain(puz, args, status, what):
    """river explain's JSON for puz, and that it exits with status."""
    rc, out, err = run(["explain", "-f", "json"] + args + [puz])
    try:
        e = json.loads(out)
    except ValueError as x:
        report(False, f"{puz}: valid JSON", f"{x}\n{err}")
        return None
    report(rc == status and e["solved"] == (status == 0),
           f"{puz}: {what}, status {status}", err)
    return e


def with_plan(puz, args):
    e = explain(puz, args, 0, "a plan")
    if e is None:
        return
    bad = []
    checked = 0
    best = e["time"] if "minimize" in open(puz).read() else e["crossings"]
    for st in e["steps"]:
        k = st["step"]
        before = [line(s) for s in e["steps"][:k - 1]]
        equal = 0
        for mv in st["moves"]:
            plan = "".join(l + "\n" for l in before + [line(mv)])
            path = os.path.join(tmp, "partial")
            with open(path, "w") as f:
                f.write(plan)
            o = mv["outcome"]
            if o == "illegal":
                rc, out, _ = run(["verify", puz, path])
                want = f"{path}: step {k}: {mv['reason']}\n"
                if rc != 1 or out != want:
                    bad.append(f"step {k} {mv['boat']}: verify says {out!r}")
            elif o == "undoes" or o == "back":
                last = e["steps"][k - 2] if k >= 2 else None
                if k < 2 or sorted(mv["boat"]) != sorted(last["boat"]) or \
                   ("to" in mv and mv["to"] != last["from"]) or \
                   mv.get("undoes") != k - 1:
                    bad.append(f"step {k} {mv['boat']}: does not undo")
            elif o in ("solved", "no plan"):
                rc, out, _ = run(["hint", "-f", "json"] + args + [puz, path])
                h = json.loads(out)
                if o == "no plan" and (rc != 1 or h["solved"]):
                    bad.append(f"step {k} {mv['boat']}: hint finds a plan")
                if o == "solved" and "to" in mv:
                    # Of places: the plan with hint's rest is legal, and
                    # its objective explain's (among plans of the least
                    # time, explain counts the fewest crossings).
                    got = verified(puz, args, before + [line(mv)] +
                                   [line(s) for s in h["plan"]])
                    want = (mv["crossings"], mv.get("time", 0))
                    i = 1 if "minimize" in open(puz).read() else 0
                    if rc != 0 or got is None or got[i] != want[i]:
                        bad.append(f"step {k} {line(mv)}: hint's plan "
                                   f"verifies as {got}, explain {want}")
                elif o == "solved":
                    total = k + h["remaining"]
                    if rc != 0 or total != mv["crossings"]:
                        bad.append(f"step {k} {mv['boat']}: hint says "
                                   f"{total} crossings, explain "
                                   f"{mv['crossings']}")
                if o == "solved":
                    mine = mv["time"] if "minimize" in open(puz).read() \
                        else mv["crossings"]
                    equal += mine == best
            else:
                bad.append(f"step {k} {mv['boat']}: outcome {o}")
            checked += 1
        if equal != st["equal"] or st["forced"] != (equal == 0 and
                                                   st["unsearched"] == 0):
            bad.append(f"step {k}: {equal} equal moves, explain says "
                       f"{st['equal']}")
    report(not bad and checked > 0,
           f"{puz}: {checked} alternatives agree with verify and hint",
           "\n".join(bad))


def changed(text, c):
    """The puzzle text with change c made, and -D values, or None."""
    kind = c["change"]
    if kind == "drop rule":
        lines = text.split("\n")
        keep = [l for l in lines if l.strip() != c["rule"]]
        return ("\n".join(keep), []) if len(keep) == len(lines) - 1 else None
    if kind == "seats":
        if re.search(r"^param seats = ", text, re.M):
            return text, ["-D", f"seats={c['value']}"]
        return re.subn(r"(boat seats )\d+", r"\g<1>%d" % c["value"],
                       text)[0], []
    if kind == "rower":
        return re.subn(r"^rowers (.*)$", r"rowers \1, " + c["item"], text,
                       count=1, flags=re.M)[0], []
    if kind == "load limit":
        return re.subn(r"(boat load )\d+", r"\g<1>%d" % c["value"],
                       text)[0], []
    if kind == "time limit" and c["value"] is not None:
        return re.subn(r"(time limit )\d+", r"\g<1>%d" % c["value"],
                       text)[0], []
    return None


def without_plan(puz, args, kinds):
    e = explain(puz, args, 1, "no plan")
    if e is None:
        return
    # The furthest states: every legal load leads one crossing back (of
    # places, where a leg may go aside, no further from the start).
    for s in e["shown"]:
        aside = "boats" in s["state"]
        for mv in s["moves"]:
            if mv["outcome"] not in ("illegal", "back") or \
               (mv["outcome"] == "back" and mv["depth"] != e["depth"] - 1
                and not (aside and mv["depth"] <= e["depth"])):
                report(False, f"{puz}: a furthest state's move", mv)
                return
    text = open(puz).read()
    bad = []
    seen = set()
    for c in e["changes"]:
        seen.add(c["change"])
        made = changed(text, c)
        if made is None:
            bad.append(f"cannot make {c['text']}")
            continue
        edited, more = made
        rc, out, err = run(["solve", "-q", "-f", "json"] + args + more +
                           ["-"], edited)
        if c["outcome"] == "solved":
            s = json.loads(out) if rc == 0 else {}
            if rc != 0 or s["crossings"] != c["crossings"] or \
               s.get("time") != c.get("time"):
                bad.append(f"{c['text']}: solve says {rc} {out[:200]}")
        elif c["outcome"] == "no plan" and rc != 1:
            bad.append(f"{c['text']}: solve exits {rc}")
        elif c["outcome"] == "stopped":
            bad.append(f"{c['text']}: stopped ({c['stopped']})")
    missing = set(kinds) - seen
    report(not bad and not missing,
           f"{puz}: {len(e['changes'])} changes agree with river solve",
           "\n".join(bad + [f"no {m} change tried" for m in missing]))


for puz in ["puzzles/wgc.puz", "puzzles/day-and-night.puz",
            "puzzles/bridge-torch.puz", "puzzles/balanced-ferry.puz"]:
    with_plan(puz, [])
with_plan("puzzles/missionaries-cannibals.puz", [])
# Puzzles of places: islands, two boats, the least time by way of an
# island.
for puz in ["puzzles/island-missionaries.puz", "puzzles/island-husbands.puz",
            "tests/puzzles/two-boats.puz",
            "tests/puzzles/island-ferry-times.puz"]:
    with_plan(puz, [])
without_plan("tests/puzzles/unsolvable.puz", [], ["drop rule", "seats"])
without_plan("puzzles/missionaries-cannibals.puz", ["-D", "n=4"],
             ["drop rule", "seats"])
without_plan("tests/puzzles/heavy-calf.puz", [], ["rower", "load limit"])
without_plan("tests/puzzles/bridge-short.puz", [], ["seats", "time limit"])
without_plan("tests/puzzles/walkers-limit.puz", [], ["seats", "time limit"])
# An island and a boat of one seat: whoever rows across stays there.
one_seat = os.path.join(tmp, "island-one-seat.puz")
with open(one_seat, "w") as f:
    f.write(open("puzzles/island-missionaries.puz").read()
            .replace("boat seats 2", "boat seats 1"))
without_plan(one_seat, [], ["drop rule", "seats"])
EOF

(cd "$srcdir" && python3 "$tmp/check.py" "$tmp") >"$tmp/results" 2>&1
while IFS= read -r result; do
	case $result in
	"PASS "*) ok "${result#PASS }" ;;
	"FAIL "*) not_ok "${result#FAIL }" ;;
	*) echo "$result" ;;
	esac
done <"$tmp/results"
grep -q '^PASS ' "$tmp/results" || not_ok "the checks ran"

# The first search stopped by its limit: status 3, the limit said.
(cd "$srcdir" && run_river explain -m 5 -D n=4 \
	puzzles/missionaries-cannibals.puz) >"$tmp/out" 2>"$tmp/err"
status=$?
if test "$status" = 3 && test ! -s "$tmp/out" &&
   grep -q 'stopped at its limit of 5 states' "$tmp/err"; then
	ok "a limit on the first search is status 3"
else
	not_ok "a limit on the first search: status $status"
fi

# A change whose search stops at the limit is reported as stopped, not
# as no plan; the explanation still stands (status 1, no plan).
(cd "$srcdir" && run_river explain -f json -m 12 -D n=4 \
	puzzles/missionaries-cannibals.puz) >"$tmp/out" 2>"$tmp/err"
status=$?
if test "$status" = 1 &&
   grep -c '"outcome": "stopped", "stopped": "the search stopped at its limit of 12 states"' \
	"$tmp/out" | grep -qx 2 &&
   ! grep -q '"outcome": "no plan"' "$tmp/out"; then
	ok "a limit on a change is reported as stopped"
else
	sed 's/^/# /' "$tmp/out" "$tmp/err"
	not_ok "a limit on a change: status $status"
fi
# A boat of a billion seats: the loads are listed up to what the bank
# holds, and the explanation stops with the time limit or a signal.
sed 's/^boat seats 2$/boat seats 1000000000/' "$srcdir/puzzles/wgc.puz" \
	>"$tmp/wide-boat.puz"
run_bounded 10 explain -T 2 "$tmp/wide-boat.puz"
if { test "$rc" = 0 || test "$rc" = 3; } && test "$took" -lt 3000; then
	ok "a boat of 1e9 seats: explained within -T 2 (${took} ms, status $rc)"
else
	not_ok "a boat of 1e9 seats: status $rc after ${took} ms with -T 2"
fi
if env --default-signal=INT true 2>/dev/null; then
	run_signalled INT 0.5 10 explain "$tmp/wide-boat.puz"
	if { test "$rc" = 0 || test "$rc" = 130; } && test "$took" -lt 3000; then
		ok "a boat of 1e9 seats: SIGINT heard (status $rc, ${took} ms)"
	else
		not_ok "a boat of 1e9 seats: SIGINT: status $rc after ${took} ms"
	fi
else
	ok "a boat of 1e9 seats: SIGINT # SKIP env has no --default-signal"
fi
done_testing
