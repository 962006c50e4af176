/* The Ocean program: Python that builds the constrained quadratic model
 * of the CQM article with dimod (the same rows as the LP model, with its
 * readable labels), samples it with LeapHybridCQMSampler, keeps the
 * feasible samples, and prints the best as the article does: its table
 * (left bank, right bank, available, choice) and its sentences. */
#include <stdio.h>

#include "export/export.h"
#include "export/linear.h"

static void put_terms(struct buf *o, const struct linear *lin,
		      const struct lin_row *r)
{
	size_t i;
	bool first = true;

	buf_putc(o, '{');
	for (i = r->first; i < r->first + r->n; i++) {
		if (lin->terms[i].coef == 0)
			continue;
		buf_printf(o, "%s\"%s\": %ld", first ? "" : ", ",
			   lin->vars[lin->terms[i].var].name, lin->terms[i].coef);
		first = false;
	}
	buf_putc(o, '}');
}

static void put_data(struct export_ctx *ctx, const struct linear *lin)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	size_t i;

	buf_puts(o, "TITLE = ");
	buf_quote(o, m->title, QUOTE_C);
	buf_printf(o, "\nHORIZON = %u\nBOAT0 = %u  # the boat's bank at the start (1: right)\n\n"
		      "# Each item: VAR (VAR_S is how many of it are on the right "
		      "bank after\n# step S), its name in the puzzle, how it is "
		      "shown, and how many copies.\nITEMS = [\n", ctx->horizon,
		   export_boat0(ctx));
	for (i = 0; i < m->n_items; i++) {
		buf_printf(o, "    (\"%s_%s\", ", m->items[i].is_kind ? "num" : "pos",
			   ctx->names[i]);
		buf_quote(o, m->items[i].name, QUOTE_C);
		buf_puts(o, ", ");
		buf_quote(o, m->items[i].label[0] ? m->items[i].label
						      : m->items[i].name, QUOTE_C);
		buf_printf(o, ", %u),\n", m->items[i].copies);
	}
	buf_puts(o, "]\n\n# pos_I_S: item I on the right bank after step S "
		    "(num_I_S: how many of a kind).\n"
		    "# avail_I_S / choice_I_S: on the boat's bank before step "
		    "S / chosen to cross.\n"
		    "# active_S: the boat crosses at step S, from the left when "
		    "S + BOAT0 is odd.\nBINARY = [\n");
	for (i = 0; i < lin->n_vars; i++)
		if (!lin->vars[i].integer)
			buf_printf(o, "    \"%s\",\n", lin->vars[i].name);
	buf_puts(o, "]\nINTEGER = {\n");
	for (i = 0; i < lin->n_vars; i++)
		if (lin->vars[i].integer)
			buf_printf(o, "    \"%s\": %ld,\n", lin->vars[i].name,
				   lin->vars[i].upper);
	buf_puts(o, ctx->model->minimize_time
		    ? "}\n\n# The least total time: the objective sums the "
		      "steps' times.\nOBJECTIVE = "
		    : "}\n\n# Finish early: the objective counts the crossings.\n"
		      "OBJECTIVE = ");
	put_terms(o, lin, &lin->objective);
	buf_puts(o, "\n\n# The physics: label, {variable: coefficient}, sense, "
		    "right-hand side.\nCONSTRAINTS = [\n");
	for (i = 0; i < lin->n_rows; i++) {
		const struct lin_row *r = &lin->rows[i];

		buf_printf(o, "    (\"%s\", ", r->name);
		put_terms(o, lin, r);
		buf_printf(o, ", \"%s\", %ld),\n",
			   r->op == '<' ? "<=" : r->op == '>' ? ">=" : "==", r->rhs);
	}
	buf_puts(o, "]\n");
}

static const char program[] =
"\n\n"
"def build_cqm():\n"
"    \"\"\"The constrained quadratic model, with the labels above.\"\"\"\n"
"    import dimod\n"
"\n"
"    v = {name: dimod.Binary(name) for name in BINARY}\n"
"    for name, upper in INTEGER.items():\n"
"        v[name] = dimod.Integer(name, upper_bound=upper)\n"
"    cqm = dimod.ConstrainedQuadraticModel()\n"
"    cqm.set_objective(dimod.quicksum(c * v[n] for n, c in OBJECTIVE.items()))\n"
"    for label, terms, sense, rhs in CONSTRAINTS:\n"
"        if not terms:\n"
"            continue  # nothing to constrain\n"
"        lhs = dimod.quicksum(c * v[n] for n, c in terms.items())\n"
"        if sense == \"<=\":\n"
"            cqm.add_constraint(lhs <= rhs, label=label)\n"
"        elif sense == \">=\":\n"
"            cqm.add_constraint(lhs >= rhs, label=label)\n"
"        else:\n"
"            cqm.add_constraint(lhs == rhs, label=label)\n"
"    return cqm\n"
"\n"
"\n"
"def count(sample, var, step):\n"
"    \"\"\"How many of an item are on the right bank after a step.\"\"\"\n"
"    return round(sample.get(\"%s_%d\" % (var, step), 0))\n"
"\n"
"\n"
"def shown(counts):\n"
"    \"\"\"Items as the table shows them: 'wolf' or '3 missionaries'.\"\"\"\n"
"    words = []\n"
"    for (_, _, label, copies), n in zip(ITEMS, counts):\n"
"        if n:\n"
"            words.append(label if copies == 1 else \"%d %s\" % (n, label))\n"
"    return \" \".join(words)\n"
"\n"
"\n"
"def show(sample):\n"
"    \"\"\"Print the plan in a sample the way the CQM article does.\"\"\"\n"
"    end = sum(round(sample.get(\"active_%d\" % s, 0))\n"
"              for s in range(1, HORIZON + 1))\n"
"    right = [[count(sample, v, s) for v, _, _, _ in ITEMS]\n"
"             for s in range(end + 1)]\n"
"    left = [[c - r for (_, _, _, c), r in zip(ITEMS, row)] for row in right]\n"
"    rows = []\n"
"    for s in range(end + 1):\n"
"        here = left[s] if (s + BOAT0) % 2 == 0 else right[s]\n"
"        moved = [abs(a - b) for a, b in zip(right[s + 1], right[s])] \\\n"
"            if s < end else [0] * len(ITEMS)\n"
"        rows.append((shown(left[s]), shown(right[s]), shown(here),\n"
"                     shown(moved)))\n"
"    widths = [max(len(r[k]) for r in rows + [(\"Left bank\", \"Right Bank\",\n"
"                                                \"Available\", \"Choice\")])\n"
"              for k in range(4)]\n"
"    line = \"-\" * (sum(widths) + 12)\n"
"    print(TITLE)\n"
"    print(line)\n"
"    for row in [(\"Left bank\", \"Right Bank\", \"Available\", \"Choice\")] + rows:\n"
"        print(\" | \".join(t.ljust(w) for t, w in zip(row, widths)) + \" |\")\n"
"        if row[0] == \"Left bank\":\n"
"            print(line)\n"
"    print(\"=\" * len(line))\n"
"    for s in range(end):\n"
"        who = [n for (_, n, _, _), k in\n"
"               zip(ITEMS, [abs(a - b) for a, b in zip(right[s + 1], right[s])])\n"
"               for _ in range(k)]\n"
"        if (s + BOAT0) % 2 == 0:\n"
"            print(\"Bring %s to the other side\" % \", \".join(who))\n"
"        else:\n"
"            print(\"Return with %s\" % \", \".join(who))\n"
"    print(\"Solved in %d crossing%s\" % (end, \"\" if end == 1 else \"s\"))\n"
"\n"
"\n"
"def main(argv):\n"
"    if len(argv) == 3 and argv[1] == \"--sample\":\n"
"        # Show a sample saved as JSON ({\"label\": value, ...}).\n"
"        with open(argv[2]) as f:\n"
"            show(json.load(f))\n"
"        return 0\n"
"    try:\n"
"        cqm = build_cqm()\n"
"    except ImportError:\n"
"        print(\"This program needs Ocean's dimod: pip install dwave-ocean-sdk\",\n"
"              file=sys.stderr)\n"
"        return 2\n"
"    try:\n"
"        from dwave.system import LeapHybridCQMSampler\n"
"    except ImportError:\n"
"        print(\"Sampling needs dwave-system (pip install dwave-ocean-sdk) and a\"\n"
"              \" Leap account (dwave setup).\", file=sys.stderr)\n"
"        return 2\n"
"    sampleset = LeapHybridCQMSampler().sample_cqm(cqm, label=TITLE)\n"
"    feasible = sampleset.filter(lambda row: row.is_feasible)\n"
"    if len(feasible) == 0:\n"
"        print(\"No feasible sample: no plan of at most %d crossings was found.\"\n"
"              % HORIZON)\n"
"        return 1\n"
"    show(feasible.first.sample)\n"
"    return 0\n"
"\n"
"\n"
"if __name__ == \"__main__\":\n"
"    sys.exit(main(sys.argv))\n";

int export_ocean(struct export_ctx *ctx)
{
	struct buf *o = ctx->out;
	struct linear lin;
	int rc;

	rc = export_linear(ctx, &lin);
	if (rc != RIVER_OK)
		return rc;
	/* The title is no comment here: on the first two lines, one that
	 * says "coding: ..." would set the program's encoding. */
	buf_puts(o, "#!/usr/bin/env python3\n\"\"\"A constrained quadratic model for D-Wave's Leap "
		    "hybrid solver.\n\n"
		    "Written by river.  The positions of every item at every "
		    "step, the\n"
		    "\"available\" and \"choice\" variables of every crossing, "
		    "the boat's\n"
		    "alternation, who rows, the loads and the dangers are "
		    "constraints; the\n"
		    "objective counts the crossings (or sums their times), so "
		    "the solver is\n"
		    "told nothing of how to solve the puzzle.\n\n"
		    "Run it with Ocean and a Leap account:\n"
		    "    pip install dwave-ocean-sdk && dwave setup\n"
		    "    python3 this-file.py\n"
		    "Or show a sample saved as JSON: python3 this-file.py "
		    "--sample FILE\n\"\"\"\n"
		    "import json\nimport sys\n\n");
	export_horizon_note(ctx, o, "#");
	export_legend(ctx, "#");
	put_data(ctx, &lin);
	buf_puts(o, program);
	linear_release(&lin);
	return RIVER_OK;
}
