/* The Ocean program: Python that builds the constrained quadratic model
 * of the CQM article with dimod, samples it with LeapHybridCQMSampler,
 * keeps the feasible samples, and prints the best as the article does:
 * its table (left bank, right bank, available, choice) and sentences.
 *
 * It reads as a person would write it: the puzzle as constants at the
 * top (the horizon, the boat, the items, the start and the goal), each
 * rule as its rows for one step, and functions that build the model
 * with loops over the steps and the items.  The physics is written out
 * in Python, as cqm.c builds it; the rules' rows are cqm.c's templates
 * (export_linear_part), so that the linearisation has one owner.  Run
 * with --lp, the program prints what its loops build, which
 * tests/models.sh compares with the LP model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export/export.h"
#include "export/linear.h"

/* The program's lines are at most this long, where names allow. */
#define WIDTH 79

static void put_constants(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;

	buf_puts(o, "TITLE = ");
	buf_quote(o, m->title, QUOTE_C);
	buf_printf(o, "\n# The model's steps: step 0 is the start, and the boat "
		      "may cross at steps\n# 1 to HORIZON.  Change it, and the "
		      "model is built for that many steps.\n# \"No feasible "
		      "sample\" then means that the puzzle has no plan only if\n"
		      "# HORIZON bounds the crossings of an optimal plan (river's "
		      "default bound\n# does); else, that no plan has at most "
		      "HORIZON crossings.\n"
		      "HORIZON = %u\n"
		      "BOAT0 = %u  # the boat's bank at the start (1: the right "
		      "bank)\n"
		      "SEATS = %u  # the most passengers on a crossing\n"
		      "LEAST_TIME = %s  # minimise the time, not the crossings\n"
		      "BOAT_TIME = %u  # the least time a crossing takes\n",
		   ctx->horizon, export_boat0(ctx), m->seats,
		   m->minimize_time ? "True" : "False", m->boat_time);
	if (m->has_time_limit)
		buf_printf(o, "TIME_LIMIT = %llu", m->time_limit);
	else
		buf_puts(o, "TIME_LIMIT = None");
	buf_puts(o, "  # the most time the crossings may take\n");
}

/* NAME = {"item": copies, ...}, on lines of at most WIDTH where the
 * names allow. */
static void put_counts(struct export_ctx *ctx, const char *name,
		       const unsigned *count)
{
	struct buf *o = ctx->out;
	size_t i, col;

	buf_printf(o, "%s = {", name);
	col = strlen(name) + 4;
	for (i = 0; i < ctx->model->n_items; i++) {
		char entry[EXPORT_LABEL_MAX + 32];
		size_t n = (size_t)snprintf(entry, sizeof entry, "\"%s\": %u",
					    ctx->names[i], count[i]);

		if (i && col + 2 + n + 1 > WIDTH) {
			buf_puts(o, ",\n    ");
			col = 4;
		} else if (i) {
			buf_puts(o, ", ");
			col += 2;
		}
		buf_puts(o, entry);
		col += n;
	}
	buf_puts(o, "}\n");
}

/* ITEMS: each item, as the model names it and the puzzle does. */
static void put_item_list(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;
	size_t i;

	buf_puts(o, "\n# Each item: its name in the model and in the puzzle, "
		    "how it is shown,\n# its copies, whether it is a kind "
		    "(num_NAME_S of its copies are on the\n# right bank after "
		    "step S, where an individual is there when pos_NAME_S\n"
		    "# is 1), whether it may row (RULES say who does), its "
		    "weight and its time.\n"
		    "Item = namedtuple(\"Item\", \"var name label copies kind "
		    "rows weight time\",\n"
		    "                  defaults=(1, False, False, 0, 0))\n"
		    "ITEMS = [\n");
	for (i = 0; i < m->n_items; i++) {
		const struct item *it = &m->items[i];

		buf_printf(o, "    Item(\"%s\", ", ctx->names[i]);
		buf_quote(o, it->name, QUOTE_C);
		buf_puts(o, ", ");
		/* As river's table shows it. */
		buf_quote(o, model_shown_label(m, i) ? model_shown_label(m, i)
						    : it->name, QUOTE_C);
		if (it->copies != 1)
			buf_printf(o, ", copies=%u", it->copies);
		if (it->is_kind)
			buf_puts(o, ", kind=True");
		if (it->rows)
			buf_puts(o, ", rows=True");
		if (it->weight)
			buf_printf(o, ", weight=%u", it->weight);
		if (it->time)
			buf_printf(o, ", time=%u", it->time);
		buf_puts(o, "),\n");
	}
	buf_puts(o, "]\n");
}

static void put_items(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out;

	put_item_list(ctx);
	buf_puts(o, "\n# Copies of each on the right bank at the start and "
		    "in the goal, and the\n# boat's bank in the goal (None: "
		    "either).\n");
	put_counts(ctx, "START", m->start.right);
	put_counts(ctx, "GOAL", m->goal.right);
	if (export_goal_boat(ctx) >= 0)
		buf_printf(o, "GOAL_BOAT = %d\n", export_goal_boat(ctx));
	else
		buf_puts(o, "GOAL_BOAT = None\n");
}

/* A row as a Python string, broken before a " + " or a " - " where
 * its line would pass WIDTH: Python joins the pieces. */
static void put_row(struct buf *o, const struct linear *lin,
		    const struct lin_row *r)
{
	struct buf text;
	const char *p, *q;
	size_t col = 9;

	buf_init(&text);
	buf_printf(&text, "%s:", r->name);
	linear_put_terms(&text, lin, r, NULL);
	buf_printf(&text, " %s %ld",
		   r->op == '<' ? "<=" : r->op == '>' ? ">=" : "=", r->rhs);
	if (text.failed) {
		o->failed = true;
		buf_release(&text);
		return;
	}
	buf_puts(o, "        \"");
	for (p = text.data; *p; p = q) {
		for (q = p + 1; *q; q++)
			if (q[0] == ' ' && (q[1] == '+' || q[1] == '-') &&
			    q[2] == ' ')
				break;
		if (col > 9 && col + (size_t)(q - p) + 2 > WIDTH) {
			buf_puts(o, "\"\n        \"");
			col = 9;
		}
		buf_putn(o, p, (size_t)(q - p));
		col += (size_t)(q - p);
	}
	buf_puts(o, "\",\n");
	buf_release(&text);
}

/* The rows of lin into rows, one a line or more. */
static int put_rows(struct export_ctx *ctx, struct buf *rows,
		    const struct linear *lin)
{
	size_t i;

	for (i = 0; i < lin->n_rows; i++)
		put_row(rows, lin, &lin->rows[i]);
	if (rows->failed)
		return diag_set(ctx->diag, RIVER_ENOMEM, NULL, NULL,
				"out of memory");
	return RIVER_OK;
}

/* The rows of a part at step s (a template) into rows. */
static int render(struct export_ctx *ctx, struct buf *rows,
		  struct linear *some, enum lin_part part, size_t r,
		  unsigned s)
{
	struct linear lin;
	int rc;

	linear_init(&lin);
	rc = export_linear_part(ctx, &lin, some, part, r, s);
	if (rc == RIVER_OK)
		rc = put_rows(ctx, rows, &lin);
	linear_release(&lin);
	return rc;
}

/* An entry of RULES: where, the rows, and more (", every=..."). */
static void put_entry(struct buf *o, const char *where,
		      const struct buf *rows, const char *more)
{
	buf_printf(o, "    Rule(\"%s\", [", where);
	if (rows->len)
		buf_printf(o, "\n%s    ]", rows->data);
	else
		buf_putc(o, ']');
	buf_printf(o, "%s),\n", more);
}

static int put_part(struct export_ctx *ctx, struct linear *some,
		    const char *where, enum lin_part part, size_t r,
		    unsigned s)
{
	struct buf rows;
	int rc;

	buf_init(&rows);
	rc = render(ctx, &rows, some, part, r, s);
	if (rc == RIVER_OK)
		put_entry(ctx->out, where, &rows, "");
	buf_release(&rows);
	return rc;
}

/* Who rows: one entry, or, when some rower rows only on some crossings
 * of every few, one for each set of crossings with the same rows,
 * counted in the rowing period (every few, or their least common
 * multiple).  A period past any horizon is cut there. */
static int put_rowers(struct export_ctx *ctx, struct linear *some)
{
	const struct model *m = ctx->model;
	unsigned every = ctx->sys->period ? ctx->sys->period : 1;
	unsigned n = every < EXPORT_MAX_HORIZON ? every : EXPORT_MAX_HORIZON;
	struct phase {
		struct buf rows;
		bool done;
	} *ph = calloc(n, sizeof *ph);
	struct buf *o = ctx->out;
	const char *sep = "";
	unsigned k, j, count;
	size_t i;
	int rc = RIVER_OK;

	if (!ph)
		return diag_set(ctx->diag, RIVER_ENOMEM, NULL, NULL,
				"out of memory");
	buf_puts(o, "    # A rower aboard:");
	for (i = 0; i < m->n_items; i++)
		if (m->items[i].rows) {
			buf_printf(o, "%s ", sep);
			export_comment_text(o, m->items[i].name);
			sep = ",";
		}
	if (!*sep)
		buf_puts(o, " none, so no crossing may go");
	if (ctx->puzzle->rowing_text && ctx->puzzle->rowing_text[0]) {
		buf_puts(o, "; ");
		export_comment_text(o, ctx->puzzle->rowing_text);
	}
	buf_puts(o, ".\n");
	for (k = 0; rc == RIVER_OK && k < n; k++) {
		buf_init(&ph[k].rows);
		rc = render(ctx, &ph[k].rows, some, LIN_ROWER, 0, k + 1);
	}
	for (k = 0; rc == RIVER_OK && k < n; k++) {
		struct buf more;

		if (ph[k].done)
			continue;
		buf_init(&more);
		if (every > 1) {
			buf_printf(&more, ", every=%u, on=(", every);
			for (j = k, count = 0; j < n; j++)
				if (ph[j].rows.len == ph[k].rows.len &&
				    (!ph[k].rows.len ||
				     strcmp(ph[j].rows.data, ph[k].rows.data) == 0)) {
					buf_printf(&more, "%s%u", count++ ? ", " : "",
						   j + 1);
					ph[j].done = true;
				}
			buf_puts(&more, count == 1 ? ",)" : ")");
		}
		put_entry(o, "boat", &ph[k].rows, more.len ? more.data : "");
		if (more.failed)
			o->failed = true;
		buf_release(&more);
	}
	for (k = 0; k < n; k++)
		buf_release(&ph[k].rows);
	free(ph);
	return rc;
}

/* RULES: each rule of the puzzle, on the banks and in the boat; the
 * some_ rows they use; who rows; the load; the margin. */
static int put_rules(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	struct buf *o = ctx->out, rows;
	struct linear some;
	size_t r;
	int rc = RIVER_OK;

	buf_puts(o, "\n# The rules, each as the rows river makes of it for one "
		    "step: {s} stands\n# for the step, {p} for the one before.  "
		    "A rule holds on the \"banks\"\n# after every step, in the "
		    "\"boat\" on every crossing (or on crossings on\n# of every "
		    "every), or between \"loads\", each and the one before.  A "
		    "rule\n# forbids what it says, the boat's own rules ask for "
		    "theirs, and a binary\n# aux_ stands for a part of an "
		    "\"or\".  Change a row, or drop a rule, and\n# the model "
		    "changes at every step.\n"
		    "Rule = namedtuple(\"Rule\", \"where rows every on\", "
		    "defaults=(1, (1,)))\nRULES = [\n");
	linear_init(&some);
	/* Every step is the same on the banks, and in the boat but for
	 * who rows: the templates are of step 1 (2 for the margin). */
	for (r = 0; rc == RIVER_OK && r < m->n_rules; r++) {
		buf_puts(o, "    # ");
		export_comment_text(o, m->rules[r].text);
		buf_putc(o, '\n');
		if (m->rules[r].place & PLACE_BANKS)
			rc = put_part(ctx, &some, "banks", LIN_BANKS, r, 1);
		if (rc == RIVER_OK && (m->rules[r].place & PLACE_BOAT))
			rc = put_part(ctx, &some, "boat", LIN_BOAT, r, 1);
	}
	if (rc == RIVER_OK && some.n_rows) {
		buf_puts(o, "    # some_K_l_{s}, some_K_r_{s}: 1 when some of "
			    "kind K are on the left,\n    # the right bank (for "
			    "the rules above).\n");
		buf_init(&rows);
		rc = put_rows(ctx, &rows, &some);
		if (rc == RIVER_OK)
			put_entry(o, "banks", &rows, "");
		buf_release(&rows);
	}
	if (rc == RIVER_OK)
		rc = put_rowers(ctx, &some);
	if (rc == RIVER_OK && ctx->boats[0].load) {
		buf_puts(o, "    # The load:");
		if (m->load_limit)
			buf_printf(o, " a weight of at most %llu%s", m->load_limit,
				   m->loads ? ", and" : "");
		if (m->loads)
			buf_printf(o, " one of the %zu loads the puzzle allows",
				   m->n_loads);
		buf_puts(o, ".\n");
		rc = put_part(ctx, &some, "boat", LIN_LOAD, 0, 1);
	}
	if (rc == RIVER_OK && m->has_margin) {
		buf_printf(o, "    # A load weighs within %llu of the one "
			      "before.\n", m->margin);
		rc = put_part(ctx, &some, "loads", LIN_MARGIN, 0, 2);
	}
	buf_puts(o, "]\n");
	linear_release(&some);
	return rc;
}

/* The program, in pieces: a puzzle of places has its own model
 * builder and display (places_build, places_show). */
/* The items' variables (two banks). */
static const char program_var[] =
"\n"
"\n"
"def var(item, s):\n"
"    \"\"\"The variable of an item's place after step s.\"\"\"\n"
"    return \"%s_%s_%d\" % (\"num\" if item.kind else \"pos\", item.var, s)\n";

/* The model as data. */
static const char program_model[] =
"\n"
"\n"
"class Model:\n"
"    \"\"\"Variables, a linear objective to minimise, and linear rows.\"\"\"\n"
"\n"
"    def __init__(self):\n"
"        self.integer = {}  # name: upper bound; all other variables are binary\n"
"        self.objective = (\"crossings\", {})\n"
"        self.rows = []  # (name, {variable: coefficient}, sense, rhs)\n"
"\n"
"    def row(self, name, terms, sense, rhs):\n"
"        \"\"\"Add a row: terms (variable, coefficient), sense, rhs.\"\"\"\n"
"        merged = {}\n"
"        for v, c in terms:\n"
"            merged[v] = merged.get(v, 0) + c\n"
"        self.rows.append((name, {v: c for v, c in merged.items() if c},\n"
"                          sense, rhs))\n"
"\n"
"    def variables(self):\n"
"        \"\"\"Each variable: its upper bound if an integer, else None.\"\"\"\n"
"        found = dict.fromkeys(self.objective[1])\n"
"        for _, terms, _, _ in self.rows:\n"
"            found.update(dict.fromkeys(terms))\n"
"        found.update(self.integer)\n"
"        return found\n";

/* The two banks' physics, built by loops over the steps. */
static const char program_physics[] =
"\n"
"\n"
"def objective(m):\n"
"    \"\"\"Finish early: the crossings, or with LEAST_TIME their times.\"\"\"\n"
"    if LEAST_TIME:\n"
"        m.objective = (\"time\", {\"trip_%d\" % s: 1\n"
"                                for s in range(1, HORIZON + 1)})\n"
"    else:\n"
"        m.objective = (\"crossings\", {\"active_%d\" % s: 1\n"
"                                     for s in range(1, HORIZON + 1)})\n"
"\n"
"\n"
"def places(m):\n"
"    \"\"\"Everything starts where START says, and once the boat stops it is\n"
"    where GOAL says: at least its copies there, and at most.\"\"\"\n"
"    for it in ITEMS:\n"
"        n, goal = it.var, GOAL[it.var]\n"
"        m.row(\"start_%s_0\" % n, [(var(it, 0), 1)], \"==\", START[n])\n"
"        for s in range(HORIZON):\n"
"            if goal > 0:\n"
"                m.row(\"goal_%s_%d\" % (n, s),\n"
"                      [(var(it, s), 1), (\"active_%d\" % (s + 1), goal)],\n"
"                      \">=\", goal)\n"
"            if goal < it.copies:\n"
"                m.row(\"goalmax_%s_%d\" % (n, s),\n"
"                      [(var(it, s), 1),\n"
"                       (\"active_%d\" % (s + 1), goal - it.copies)],\n"
"                      \"<=\", goal)\n"
"        m.row(\"goal_%s_%d\" % (n, HORIZON), [(var(it, HORIZON), 1)], \"==\",\n"
"              goal)\n"
"        if it.kind:  # a kind's counts are integers\n"
"            for s in range(HORIZON + 1):\n"
"                m.integer[var(it, s)] = it.copies\n"
"            for s in range(1, HORIZON + 1):\n"
"                m.integer[\"avail_%s_%d\" % (n, s)] = it.copies\n"
"                m.integer[\"choice_%s_%d\" % (n, s)] = it.copies\n"
"    if GOAL_BOAT is not None:\n"
"        # The boat ends on the goal's bank: the crossings, less twice\n"
"        # their pairs, have its parity.\n"
"        m.integer[\"pairs\"] = HORIZON // 2 + 1\n"
"        m.row(\"boat_goal0\", [(\"active_%d\" % s, 1)\n"
"                             for s in range(1, HORIZON + 1)]\n"
"              + [(\"pairs\", -2)], \"==\", (GOAL_BOAT + BOAT0) % 2)\n"
"\n"
"\n"
"def crossings(m):\n"
"    \"\"\"The boat crosses at steps 1 to some end, and then no more; from\n"
"    the left when s + BOAT0 is odd.  What is on its bank is available,\n"
"    what is chosen of it crosses: 1 to SEATS passengers.\"\"\"\n"
"    for s in range(2, HORIZON + 1):\n"
"        m.row(\"stop_%d\" % s, [(\"active_%d\" % s, 1),\n"
"                              (\"active_%d\" % (s - 1), -1)], \"<=\", 0)\n"
"    for s in range(1, HORIZON + 1):\n"
"        left = (s + BOAT0) % 2 == 1\n"
"        for it in ITEMS:\n"
"            n = it.var\n"
"            avail, choice = \"avail_%s_%d\" % (n, s), \"choice_%s_%d\" % (n, s)\n"
"            m.row(\"avail_%s_%d\" % (n, s),\n"
"                  [(avail, 1), (var(it, s - 1), 1 if left else -1)],\n"
"                  \"==\", it.copies if left else 0)\n"
"            m.row(\"choose_%s_%d\" % (n, s), [(choice, 1), (avail, -1)],\n"
"                  \"<=\", 0)\n"
"            m.row(\"move_%s_%d\" % (n, s),\n"
"                  [(var(it, s), 1), (var(it, s - 1), -1),\n"
"                   (choice, -1 if left else 1)], \"==\", 0)\n"
"        aboard = [(\"choice_%s_%d\" % (it.var, s), 1) for it in ITEMS]\n"
"        m.row(\"seats_%d\" % s, aboard + [(\"active_%d\" % s, -SEATS)], \"<=\", 0)\n"
"        m.row(\"aboard_%d\" % s, aboard + [(\"active_%d\" % s, -1)], \">=\", 0)\n"
"\n"
"\n"
"def times(m):\n"
"    \"\"\"The time of each crossing, trip_S: at least its slowest passenger's\n"
"    and the boat's while it crosses; the time limit on their sum.\"\"\"\n"
"    if not LEAST_TIME and TIME_LIMIT is None:\n"
"        return\n"
"    crossings = range(1, HORIZON + 1)\n"
"    most = max([BOAT_TIME] + [it.time for it in ITEMS])\n"
"    for s in crossings:\n"
"        trip = \"trip_%d\" % s\n"
"        m.integer[trip] = most\n"
"        if BOAT_TIME:\n"
"            m.row(\"tripb_%d\" % s, [(trip, 1), (\"active_%d\" % s, -BOAT_TIME)],\n"
"                  \">=\", 0)\n"
"        for it in ITEMS:\n"
"            n = it.var\n"
"            if not it.time:\n"
"                continue\n"
"            # A kind's copies aboard share one time: inboat_ says\n"
"            # whether some are.\n"
"            slow = (\"inboat_%s_%d\" if it.kind else \"choice_%s_%d\") % (n, s)\n"
"            m.row(\"trip_%s_%d\" % (n, s), [(trip, 1), (slow, -it.time)],\n"
"                  \">=\", 0)\n"
"            if it.kind:\n"
"                m.row(\"inboat_%s_%d\" % (n, s),\n"
"                      [(\"choice_%s_%d\" % (n, s), 1), (slow, -it.copies)],\n"
"                      \"<=\", 0)\n"
"    if TIME_LIMIT is not None:\n"
"        m.row(\"timelimit\", [(\"trip_%d\" % s, 1) for s in crossings], \"<=\",\n"
"              TIME_LIMIT)\n"
"\n"
"\n"
"def steps(rule):\n"
"    \"\"\"The steps a rule's rows are made for.\"\"\"\n"
"    if rule.where == \"banks\":\n"
"        return range(HORIZON + 1)\n"
"    if rule.where == \"loads\":\n"
"        return range(2, HORIZON + 1)\n"
"    return [s for s in range(1, HORIZON + 1)\n"
"            if (s - 1) % rule.every + 1 in rule.on]\n";

/* A row read from its text. */
static const char program_parse[] =
"\n"
"\n"
"def parse(text):\n"
"    \"\"\"A row \"name: a + 2 b - c <= 1\" as name, terms, sense and rhs.\"\"\"\n"
"    name, rest = text.split(\":\", 1)\n"
"    words = rest.split()\n"
"    terms, sign, coef = [], 1, 1\n"
"    for word in words[:-2]:\n"
"        if word in (\"+\", \"-\"):\n"
"            sign = -1 if word == \"-\" else 1\n"
"            continue\n"
"        if word.startswith(\"-\"):\n"
"            sign, word = -1, word[1:]\n"
"        if word.isdigit():\n"
"            coef = int(word)\n"
"        else:\n"
"            terms.append((word, sign * coef))\n"
"            sign, coef = 1, 1\n"
"    sense = \"==\" if words[-2] == \"=\" else words[-2]\n"
"    return name, terms, sense, int(words[-1])\n";

/* The rules' templates at every step, and the model of two banks. */
static const char program_build[] =
"\n"
"\n"
"def rules(m):\n"
"    \"\"\"Every rule's rows at every step it holds.\"\"\"\n"
"    for rule in RULES:\n"
"        for s in steps(rule):\n"
"            for text in rule.rows:\n"
"                m.row(*parse(text.format(s=s, p=s - 1)))\n"
"\n"
"\n"
"def build_model():\n"
"    \"\"\"The model of the puzzle over HORIZON steps.\"\"\"\n"
"    m = Model()\n"
"    objective(m)\n"
"    places(m)\n"
"    crossings(m)\n"
"    times(m)\n"
"    rules(m)\n"
"    return m\n";

/* The model as LP text and as dimod's CQM. */
static const char program_cqm[] =
"\n"
"\n"
"def write_lp(m, out):\n"
"    \"\"\"The model in CPLEX LP form, as river export --to lp writes it.\"\"\"\n"
"    def terms(d):\n"
"        text = \"\"\n"
"        for k, (n, c) in enumerate(d.items()):\n"
"            if k and k % 6 == 0:\n"
"                text += \"\\n   \"\n"
"            if k:\n"
"                text += \" - \" if c < 0 else \" + \"\n"
"            else:\n"
"                text += \" -\" if c < 0 else \" \"\n"
"            text += (\"\" if abs(c) == 1 else \"%d \" % abs(c)) + n\n"
"        return text\n"
"\n"
"    variables = m.variables()\n"
"    integers = [n for n, upper in variables.items() if upper is not None]\n"
"    out.write(\"\\\\ %s\\n\\\\ The model of its Ocean program over %d steps.\\n\"\n"
"              % (\" \".join(TITLE.split()), HORIZON))\n"
"    out.write(\"Minimize\\n %s:%s\\nSubject To\\n\"\n"
"              % (m.objective[0], terms(m.objective[1])))\n"
"    for name, lhs, sense, rhs in m.rows:\n"
"        out.write(\" %s:%s %s %d\\n\" % (name, terms(lhs),\n"
"                                     \"=\" if sense == \"==\" else sense, rhs))\n"
"    out.write(\"Bounds\\n\")\n"
"    for n in integers:\n"
"        out.write(\" 0 <= %s <= %d\\n\" % (n, variables[n]))\n"
"    out.write(\"Binary\\n\")\n"
"    for n, upper in variables.items():\n"
"        if upper is None:\n"
"            out.write(\" %s\\n\" % n)\n"
"    if integers:\n"
"        out.write(\"General\\n\")\n"
"        for n in integers:\n"
"            out.write(\" %s\\n\" % n)\n"
"    out.write(\"End\\n\")\n"
"\n"
"\n"
"def build_cqm(m):\n"
"    \"\"\"The model as dimod's constrained quadratic model.\"\"\"\n"
"    import dimod\n"
"\n"
"    v = {}\n"
"    for name, upper in m.variables().items():\n"
"        v[name] = (dimod.Binary(name) if upper is None\n"
"                   else dimod.Integer(name, upper_bound=upper))\n"
"    cqm = dimod.ConstrainedQuadraticModel()\n"
"    cqm.set_objective(dimod.quicksum(c * v[n]\n"
"                                     for n, c in m.objective[1].items()))\n"
"    for label, terms, sense, rhs in m.rows:\n"
"        if not terms:\n"
"            continue  # nothing to constrain\n"
"        lhs = dimod.quicksum(c * v[n] for n, c in terms.items())\n"
"        if sense == \"<=\":\n"
"            cqm.add_constraint(lhs <= rhs, label=label)\n"
"        elif sense == \">=\":\n"
"            cqm.add_constraint(lhs >= rhs, label=label)\n"
"        else:\n"
"            cqm.add_constraint(lhs == rhs, label=label)\n"
"    return cqm\n";

/* A sample shown as the CQM article shows it (two banks). */
static const char program_show[] =
"\n"
"\n"
"def count(sample, item, step):\n"
"    \"\"\"How many of an item are on the right bank after a step.\"\"\"\n"
"    return round(sample.get(var(item, step), 0))\n"
"\n"
"\n"
"def shown(counts):\n"
"    \"\"\"Items as the table shows them: 'wolf' or '3 missionaries'.\"\"\"\n"
"    words = []\n"
"    for it, n in zip(ITEMS, counts):\n"
"        if n:\n"
"            words.append(it.label if it.copies == 1\n"
"                         else \"%d %s\" % (n, it.label))\n"
"    return \" \".join(words)\n"
"\n"
"\n"
"def show(sample):\n"
"    \"\"\"Print the plan in a sample the way the CQM article does.\"\"\"\n"
"    end = sum(round(sample.get(\"active_%d\" % s, 0))\n"
"              for s in range(1, HORIZON + 1))\n"
"    right = [[count(sample, it, s) for it in ITEMS] for s in range(end + 1)]\n"
"    left = [[it.copies - r for it, r in zip(ITEMS, row)] for row in right]\n"
"    moved = [[abs(a - b) for a, b in zip(right[s + 1], right[s])]\n"
"             for s in range(end)] + [[0] * len(ITEMS)]\n"
"    rows = []\n"
"    for s in range(end + 1):\n"
"        here = left[s] if (s + BOAT0) % 2 == 0 else right[s]\n"
"        rows.append((shown(left[s]), shown(right[s]), shown(here),\n"
"                     shown(moved[s])))\n"
"    head = (\"Left bank\", \"Right Bank\", \"Available\", \"Choice\")\n"
"    widths = [max(len(r[k]) for r in rows + [head]) for k in range(4)]\n"
"    line = \"-\" * (sum(widths) + 12)\n"
"    print(TITLE)\n"
"    print(line)\n"
"    for row in [head] + rows:\n"
"        print(\" | \".join(t.ljust(w) for t, w in zip(row, widths)) + \" |\")\n"
"        if row is head:\n"
"            print(line)\n"
"    print(\"=\" * len(line))\n"
"    for s in range(end):\n"
"        who = [it.name for it, k in zip(ITEMS, moved[s]) for _ in range(k)]\n"
"        if (s + BOAT0) % 2 == 0:\n"
"            print(\"Bring %s to the other side\" % \", \".join(who))\n"
"        else:\n"
"            print(\"Return with %s\" % \", \".join(who))\n"
"    print(\"Solved in %d crossing%s\" % (end, \"\" if end == 1 else \"s\"))\n";

/* The command line. */
static const char program_main[] =
"\n"
"\n"
"def main(argv):\n"
"    if len(argv) == 3 and argv[1] == \"--sample\":\n"
"        # Show a sample saved as JSON ({\"label\": value, ...}).\n"
"        with open(argv[2]) as f:\n"
"            show(json.load(f))\n"
"        return 0\n"
"    if len(argv) == 2 and argv[1] == \"--lp\":\n"
"        write_lp(build_model(), sys.stdout)\n"
"        return 0\n"
"    if len(argv) != 1:\n"
"        print(\"usage: %s [--lp | --sample FILE]\" % argv[0], file=sys.stderr)\n"
"        return 2\n"
"    try:\n"
"        cqm = build_cqm(build_model())\n"
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

/* A puzzle of places: the model is river's rows, as the LP has them,
 * and a sample is shown a line a step, each place with what is there. */
static const char places_build[] =
"\n"
"\n"
"def build_model():\n"
"    \"\"\"The model of the puzzle over HORIZON steps: river's rows.\"\"\"\n"
"    m = Model()\n"
"    m.objective = (OBJECTIVE[0], dict.fromkeys(OBJECTIVE[1], 1))\n"
"    m.integer.update(INTEGER)\n"
"    for text in ROWS:\n"
"        m.row(*parse(text))\n"
"    return m\n";

static const char places_show[] =
"\n"
"\n"
"def show(sample):\n"
"    \"\"\"Print the plan in a sample: each place after each step.\"\"\"\n"
"    def at(name):\n"
"        return round(sample.get(name, 0))\n"
"\n"
"    end = sum(at(\"active_%d\" % s) for s in range(1, HORIZON + 1))\n"
"    print(TITLE)\n"
"    for s in range(end + 1):\n"
"        cells = []\n"
"        for p in range(len(PLACES)):\n"
"            words = []\n"
"            for it in ITEMS:\n"
"                n = at(\"%s_%s_%d_%d\" % (\"num\" if it.kind else \"pos\",\n"
"                                         it.var, p, s))\n"
"                if n:\n"
"                    words.append(it.label if it.copies == 1\n"
"                                 else \"%d %s\" % (n, it.label))\n"
"            words += [\"(%s)\" % b for k, b in enumerate(BOATS)\n"
"                      if at(\"boat_%d_%d_%d\" % (k, p, s))]\n"
"            cells.append(\"[%s]\" % \" \".join(words))\n"
"        print(\"Step %d: %s\" % (s, \" \".join(cells)))\n"
"    print(\"Solved in %d crossing%s\" % (end, \"\" if end == 1 else \"s\"))\n";

/* NAME = ["text", ...], a string a line. */
static void put_strings(struct buf *o, const char *name,
			const char *const *text, size_t n)
{
	size_t k;

	buf_printf(o, "%s = [", name);
	for (k = 0; k < n; k++) {
		buf_puts(o, k ? ", " : "");
		buf_quote(o, text[k], QUOTE_C);
	}
	buf_puts(o, "]\n");
}

/* The data of a puzzle of places: its places and boats, its items, and
 * the whole model, objective, integers and rows, for HORIZON steps. */
static int put_places_model(struct export_ctx *ctx)
{
	const struct model *m = ctx->model;
	const char *boats[MODEL_MAX_BOATS];
	struct buf *o = ctx->out, rows;
	struct linear lin;
	const char *sep = "";
	size_t i;
	int rc;

	buf_printf(o, "TITLE = ");
	buf_quote(o, m->title, QUOTE_C);
	buf_printf(o, "\n# The model's steps: step 0 is the start, and a boat "
		      "may go one leg at each\n# of steps 1 to HORIZON.  The "
		      "rows below are for this many steps: export\n# the "
		      "model again for another.\nHORIZON = %u\n"
		      "LEAST_TIME = %s  # minimise the time, not the crossings\n",
		   ctx->horizon, m->minimize_time ? "True" : "False");
	put_strings(o, "PLACES", m->place_names, m->n_places);
	for (i = 0; i < m->n_boats; i++)
		boats[i] = m->boats[i].name;
	put_strings(o, "BOATS", boats, m->n_boats);
	put_item_list(ctx);
	rc = export_linear(ctx, &lin);
	if (rc != RIVER_OK)
		return rc;
	buf_printf(o, "\n# The model as river builds it (the LP's rows): pos_ITEM_P_S "
		      "is 1 when the\n# item is at place P after step S "
		      "(num_KIND_P_S counts a kind's copies\n# there), "
		      "boat_B_P_S when boat B is, leg_B_P_Q_S when it goes from "
		      "P to Q\n# on step S, and active_S when a boat goes.\n"
		      "OBJECTIVE = (\"%s\", [", lin.objective.name);
	for (i = lin.objective.first; i < lin.objective.first + lin.objective.n;
	     i++) {
		buf_printf(o, "%s\"%s\"", sep, lin.vars[lin.terms[i].var].name);
		sep = ", ";
	}
	buf_puts(o, "])\nINTEGER = {");
	sep = "";
	for (i = 0; i < lin.n_vars; i++)
		if (lin.vars[i].integer) {
			buf_printf(o, "%s\n    \"%s\": %ld", sep, lin.vars[i].name,
				   lin.vars[i].upper);
			sep = ",";
		}
	buf_puts(o, "}\nROWS = [\n");
	buf_init(&rows);
	rc = put_rows(ctx, &rows, &lin);
	if (rc == RIVER_OK)
		buf_puts(o, rows.data ? rows.data : "");
	buf_puts(o, "]\n");
	buf_release(&rows);
	linear_release(&lin);
	return rc;
}

int export_ocean(struct export_ctx *ctx)
{
	const char *const two_banks[] = {program_var, program_model,
					 program_physics, program_parse,
					 program_build, program_cqm,
					 program_show, program_main, NULL};
	struct buf *o = ctx->out;
	size_t i;
	int rc;

	rc = export_linear_names(ctx);
	if (rc != RIVER_OK)
		return rc;
	/* The title is no comment here: on the first two lines, one that
	 * says "coding: ..." would set the program's encoding. */
	buf_puts(o, "#!/usr/bin/env python3\n\"\"\"A constrained quadratic "
		    "model for D-Wave's Leap hybrid solver.\n\n"
		    "Written by river.  The position of every item after every "
		    "step, the\n\"available\" and \"choice\" variables of every "
		    "crossing and the boat's\nalternation are built by the loops "
		    "below from the puzzle's constants, and\nthe rules from "
		    "their rows for one step.  The objective counts the\n"
		    "crossings (or sums their times), so the solver is told "
		    "nothing of how\nto solve the puzzle.\n\n"
		    "Run it with Ocean and a Leap account:\n"
		    "    pip install dwave-ocean-sdk && dwave setup\n"
		    "    python3 this-file.py\n"
		    "Without Ocean, show a sample saved as JSON, or print the "
		    "model in CPLEX\nLP form:\n"
		    "    python3 this-file.py --sample FILE\n"
		    "    python3 this-file.py --lp\n\"\"\"\n"
		    "import json\nimport sys\nfrom collections import "
		    "namedtuple\n\n");
	export_horizon_note(ctx, o, "#");
	export_legend(ctx, "#");
	if (ctx->places) {
		const char *const parts[] = {program_model, program_parse,
					     places_build, program_cqm,
					     places_show, program_main, NULL};

		rc = put_places_model(ctx);
		for (i = 0; rc == RIVER_OK && parts[i]; i++)
			buf_puts(o, parts[i]);
		return rc;
	}
	put_constants(ctx);
	put_items(ctx);
	rc = put_rules(ctx);
	for (i = 0; rc == RIVER_OK && two_banks[i]; i++)
		buf_puts(o, two_banks[i]);
	return rc;
}
