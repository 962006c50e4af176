/* compile_model: names resolved, meaning checked, exact messages. */
#include "unit.h"

#define HEAD "title \"x\"\n"
/* Every item this file's rules need, declared on line 2. */
#define FARM HEAD "items farmer, wolf, goat\nboat seats 2\n"

/* text must compile: its model goes in u. */
static void compile_ok(struct unit_pipe *u, const char *text)
{
	unit_pipe(u, text);
}

static void puzzle_error(const char *text, int line, int column,
			 const char *message)
{
	unit_load_error(text, RIVER_EPUZZLE, line, column, message);
}

/* ---- Names --------------------------------------------------------- */

static void test_names_resolve_to_items(void **state)
{
	struct unit_pipe u;
	const struct model *m = &u.model;

	(void)state;
	compile_ok(&u, WGC_TEXT);
	assert_int_equal(m->n_items, 4);
	assert_string_equal(m->items[3].name, "cabbage");
	assert_int_equal(m->items[3].loc.line, 2);
	assert_int_equal(m->items[3].loc.column, 27);
	assert_int_equal(m->n_rules, 2);
	assert_int_equal(m->rules[0].kind, RULE_EATS);
	assert_int_equal(m->rules[0].a, 1);
	assert_int_equal(m->rules[0].b, 2);
	assert_int_equal(m->rules[0].n_guards, 1);
	assert_int_equal(m->rules[0].guards[0], 0);
	assert_int_equal(m->rules[1].a, 2);
	assert_int_equal(m->rules[1].b, 3);
	assert_int_equal(m->rules[1].loc.line, 7);
	assert_int_equal(m->seats, 2);
	unit_pipe_release(&u);
}

static void test_kind_resolves_by_its_singular(void **state)
{
	struct unit_pipe u;

	(void)state;
	compile_ok(&u, HEAD "items 3 missionaries, 3 cannibals\nboat seats 2\n"
		       "cannibal must not outnumber missionary\n");
	assert_int_equal(u.model.rules[0].kind, RULE_OUTNUMBER);
	assert_int_equal(u.model.rules[0].a, 1);
	assert_int_equal(u.model.rules[0].b, 0);
	assert_string_equal(u.model.rules[0].text,
			    "cannibals must not outnumber missionaries");
	unit_pipe_release(&u);
}

static void test_duplicate_item(void **state)
{
	(void)state;
	puzzle_error(HEAD "items wolf, goat\nboat seats 2\nitems goat\n", 4, 7,
		     "'goat' is already declared at line 2");
}

static void test_duplicate_of_a_singular(void **state)
{
	(void)state;
	puzzle_error(HEAD "items 3 cats, cat\nboat seats 2\n", 2, 15,
		     "'cat' is already declared at line 2");
}

static void test_singular_clashing_with_earlier_item(void **state)
{
	(void)state;
	puzzle_error(HEAD "items cat,\n  3 cats\nboat seats 2\n", 3, 5,
		     "'cat' is already declared at line 2");
}

static void test_unknown_item_with_suggestion(void **state)
{
	(void)state;
	puzzle_error(FARM "wolff eats goat\n", 4, 1,
		     "unknown item 'wolff' (did you mean 'wolf'?)");
}

static void test_unknown_item_suggests_transposition(void **state)
{
	(void)state;
	puzzle_error(FARM "wolf eats gaot unless farmer\n", 4, 11,
		     "unknown item 'gaot' (did you mean 'goat'?)");
}

static void test_unknown_item_suggests_singular(void **state)
{
	(void)state;
	puzzle_error(HEAD "items 3 missionaries, 3 cannibals\nboat seats 2\n"
		     "cannibal must not outnumber missionry\n", 4, 29,
		     "unknown item 'missionry' (did you mean 'missionary'?)");
}

static void test_unknown_short_name_suggestion(void **state)
{
	(void)state;
	puzzle_error(HEAD "items fox, hen\nboat seats 2\nrowers ox\n", 4, 8,
		     "unknown item 'ox' (did you mean 'fox'?)");
}

static void test_unknown_item_suggests_first_of_equals(void **state)
{
	(void)state;
	puzzle_error(HEAD "items cat, hat\nboat seats 2\nrowers bat\n", 4, 8,
		     "unknown item 'bat' (did you mean 'cat'?)");
}

static void test_unknown_item_without_suggestion(void **state)
{
	(void)state;
	puzzle_error(FARM "zebra eats goat\n", 4, 1, "unknown item 'zebra'");
	puzzle_error(HEAD "items cat, dog\nboat seats 2\nrowers owl\n", 4, 8,
		     "unknown item 'owl'");
}

static void test_unknown_item_in_guard_line(void **state)
{
	(void)state;
	puzzle_error(FARM "guard farmr\nwolf eats goat\n", 4, 7,
		     "unknown item 'farmr' (did you mean 'farmer'?)");
}

/*
 * Regression (lib/compile/compile.c, compile_rule): the guard line is only
 * resolved while compiling an eats rule that has no "unless" of its
 * own, so a misspelt guard line in a puzzle without such a rule is
 * accepted silently instead of being reported as an unknown item.
 */
static void test_unknown_item_in_unused_guard_line(void **state)
{
	(void)state;
	puzzle_error(HEAD "items farmer, 3 ms, 3 cs\nboat seats 2\n"
		     "guard farmr\ncs must not outnumber ms\n", 4, 7,
		     "unknown item 'farmr' (did you mean 'farmer'?)");
}

/* ---- Rules ------------------------------------------------------- */

static void test_rule_naming_item_twice(void **state)
{
	(void)state;
	puzzle_error(FARM "wolf eats wolf\n", 4, 11,
		     "the rule names 'wolf' twice");
}

static void test_rule_naming_kind_twice_by_singular(void **state)
{
	(void)state;
	puzzle_error(HEAD "items 3 missionaries, 3 cannibals\nboat seats 2\n"
		     "cannibal must not outnumber cannibals\n", 4, 29,
		     "the rule names 'cannibals' twice");
}

static void test_rule_guard_equal_to_a_side(void **state)
{
	(void)state;
	puzzle_error(FARM "wolf eats goat unless goat\n", 4, 23,
		     "the rule names 'goat' twice");
}

static void test_rule_guard_named_twice(void **state)
{
	(void)state;
	puzzle_error(FARM "wolf eats goat unless farmer or farmer\n", 4, 33,
		     "the rule names 'farmer' twice");
}

/* A rule does not inherit a guard line item that is one of its own two
 * sides: nothing guards against itself. */
static void test_guard_line_skips_a_rules_own_items(void **state)
{
	struct unit_pipe u;

	(void)state;
	compile_ok(&u, FARM "guard farmer, goat\nwolf eats goat\n");
	assert_int_equal(u.model.rules[0].n_guards, 1);
	assert_int_equal(u.model.rules[0].guards[0], 0);
	assert_string_equal(u.model.rules[0].text,
			    "wolf eats goat unless farmer");
	unit_pipe_release(&u);
}

static void test_guard_line_names_an_item_twice(void **state)
{
	(void)state;
	puzzle_error(FARM "guard farmer, farmer\nwolf eats goat\n", 4, 15,
		     "the guard line names 'farmer' twice");
}

static void test_rule_texts_are_normalised(void **state)
{
	struct unit_pipe u;

	(void)state;
	compile_ok(&u, HEAD "items farmer, wolf, goat, cabbage, 3 missionaries, "
		       "3 cannibals\nboat seats 2\n"
		       "wolf  eat goat unless farmer is there\n"
		       "goat eats cabbage unless wolf, farmer are there\n"
		       "cannibal must not\toutnumber missionary\n");
	assert_string_equal(u.model.rules[0].text,
			    "wolf eats goat unless farmer");
	assert_string_equal(u.model.rules[1].text,
			    "goat eats cabbage unless wolf or farmer");
	assert_string_equal(u.model.rules[2].text,
			    "cannibals must not outnumber missionaries");
	unit_pipe_release(&u);
}

static void test_guard_line_applies_to_eats_without_unless(void **state)
{
	struct unit_pipe u;
	const struct rule *r = NULL;

	(void)state;
	compile_ok(&u, HEAD "items farmer, shepherd, dog, wolf, goat, cabbage, "
		       "3 ms, 3 cs\nboat seats 2\n"
		       "guard farmer and shepherd\n"
		       "wolf eats goat\n"
		       "goat eats cabbage unless dog\n"
		       "cs must not outnumber ms\n");
	r = u.model.rules;
	assert_int_equal(r[0].n_guards, 2);
	assert_int_equal(r[0].guards[0], 0);
	assert_int_equal(r[0].guards[1], 1);
	assert_string_equal(r[0].text, "wolf eats goat unless farmer or shepherd");
	/* Its own unless replaces the guard line. */
	assert_int_equal(r[1].n_guards, 1);
	assert_int_equal(r[1].guards[0], 2);
	assert_string_equal(r[1].text, "goat eats cabbage unless dog");
	/* Outnumber rules have no guards. */
	assert_int_equal(r[2].n_guards, 0);
	unit_pipe_release(&u);
}

static void test_eats_without_guard_has_none(void **state)
{
	struct unit_pipe u;

	(void)state;
	compile_ok(&u, FARM "wolf eats goat\n");
	assert_int_equal(u.model.rules[0].n_guards, 0);
	assert_string_equal(u.model.rules[0].text, "wolf eats goat");
	unit_pipe_release(&u);
}

/* ---- Boat and rowers --------------------------------------------- */

static void test_rowers_line_sets_who_rows(void **state)
{
	struct unit_pipe u;

	(void)state;
	compile_ok(&u, HEAD "items farmer, wolf, 2 foxes, 2 cats\nboat seats 2\n"
		       "rowers farmer and fox\n");
	assert_true(u.model.items[0].rows);
	assert_false(u.model.items[1].rows);
	assert_true(u.model.items[2].rows);
	assert_false(u.model.items[3].rows);
	unit_pipe_release(&u);
}

static void test_everyone_rows_without_rowers_line(void **state)
{
	struct unit_pipe u;
	size_t i;

	(void)state;
	compile_ok(&u, HEAD "items farmer, wolf, 2 cats\nboat seats 2\n");
	for (i = 0; i < 3; i++)
		assert_true(u.model.items[i].rows);
	unit_pipe_release(&u);
}

static void test_rowers_none(void **state)
{
	(void)state;
	puzzle_error(FARM "rowers none\n", 4, 1,
		     "nobody can row, so the boat can never cross "
		     "(name at least one rower)");
}

static void test_rowers_naming_item_twice(void **state)
{
	(void)state;
	puzzle_error(FARM "rowers farmer, farmer\n", 4, 16,
		     "the rowers line names 'farmer' twice");
}

static void test_seats_zero(void **state)
{
	(void)state;
	puzzle_error(HEAD "items a\nboat seats 0\n", 3, 12,
		     "the boat needs at least one seat");
}

static void test_seats_given_twice(void **state)
{
	(void)state;
	puzzle_error(HEAD "items a\nboat seats 2, seats 3\n", 3, 15,
		     "the boat's seats are given twice");
}

/* ---- Counts ------------------------------------------------------- */

static void test_count_zero(void **state)
{
	(void)state;
	puzzle_error(HEAD "items 0 cats\nboat seats 2\n", 2, 7,
		     "a counted kind needs at least one copy, not 0 cats");
}

static void test_count_over_a_million(void **state)
{
	(void)state;
	puzzle_error(HEAD "items wolf, 1000001 cats\nboat seats 2\n", 2, 13,
		     "1000001 cats is too many: a kind has at most 1000000 copies");
}

static void test_count_of_a_million_and_of_one(void **state)
{
	struct unit_pipe u;

	(void)state;
	compile_ok(&u, HEAD "items 1000000 cats, 1 wolf\nboat seats 2\n");
	assert_int_equal(u.model.items[0].copies, 1000000);
	assert_true(u.model.items[0].is_kind);
	assert_int_equal(u.model.items[1].copies, 1);
	assert_true(u.model.items[1].is_kind);
	assert_string_equal(u.model.items[1].singular, "wolf");
	unit_pipe_release(&u);
}

/* ---- The whole puzzle ---------------------------------------------- */

static void test_missing_parts_have_no_location(void **state)
{
	static const struct {
		const char *text, *message;
	} cases[] = {
		{"", "the puzzle is empty: it needs items and a boat"},
		{"# only\n\n# comments\n",
		 "the puzzle is empty: it needs items and a boat"},
		{"title \"x\"\nboat seats 2\n",
		 "the puzzle has no items (add a line such as: items farmer, wolf)"},
		{"title \"x\"\nitems a\n",
		 "the puzzle has no boat (add a line such as: boat seats 2)"},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		river_diag diag;

		unit_load_fails(cases[i].text, RIVER_EPUZZLE, &diag);
		assert_string_equal(diag.message, cases[i].message);
		assert_int_equal(diag.line, 0);
		assert_int_equal(diag.column, 0);
		assert_string_equal(diag.source_line, "");
	}
}

static void test_second_statements(void **state)
{
	(void)state;
	puzzle_error(HEAD "items a\ntitle \"y\"\nboat seats 2\n", 3, 1,
		     "the puzzle already has a title (line 1)");
	puzzle_error(HEAD "description \"d\"\nitems a\n  description \"e\"\n"
		     "boat seats 2\n", 4, 3,
		     "the puzzle already has a description (line 2)");
	puzzle_error(HEAD "items a\nboat seats 2\nboat seats 3\n", 4, 1,
		     "the puzzle already has a boat (line 3): several boats "
		     "each need a name, as in: boat ferry seats 2");
	puzzle_error(FARM "rowers farmer\nrowers wolf\n", 5, 1,
		     "the puzzle already has a rowers line (line 4)");
	puzzle_error(FARM "guard farmer\n\nguard wolf\n", 6, 1,
		     "the puzzle already has a guard line (line 4)");
}

static void test_title_description_and_labels(void **state)
{
	struct unit_pipe u;

	(void)state;
	compile_ok(&u, "title \"T\"\ndescription \"D\"\n"
		       "items a \"🅰\", b\nboat seats 1\n");
	assert_string_equal(u.model.title, "T");
	assert_string_equal(u.model.description, "D");
	assert_string_equal(u.model.items[0].label, "🅰");
	assert_string_equal(u.model.items[1].label, "");
	assert_false(u.model.items[1].is_kind);
	assert_int_equal(u.model.items[1].copies, 1);
	assert_string_equal(u.model.items[1].singular, "b");
	unit_pipe_release(&u);

	compile_ok(&u, "title \"T\"\nitems a\nboat seats 1\n");
	assert_string_equal(u.model.description, "");
	assert_int_equal(u.model.n_rules, 0);
	unit_pipe_release(&u);
}

/* ---- English singulars ---------------------------------------------- */

static void test_english_singulars(void **state)
{
	static const char *const want[] = {
		"missionary", "fox", "sheep", "boss", "cat", "goose",
		"witch", "dish", "glass", "mouse", "ox", "wolf", "wife",
		"policeman", "child", "person", "thief", "calf", "fieldmouse",
		"hero", "bus"};
	struct unit_pipe u;
	size_t i;

	(void)state;
	compile_ok(&u, HEAD "items 3 missionaries, 2 foxes, 2 sheep, 2 bosses, "
		       "2 cats, 2 geese, 2 witches, 2 dishes, 2 glass,\n"
		       "  2 mice (mouse), 2 oxen (ox), 2 wolves, 2 wives,\n"
		       "  2 policemen, 2 children, 2 people, 2 thieves, 2 calves,\n"
		       "  2 fieldmice, 2 heroes (hero), 2 buses (bus)\n"
		       "boat seats 2\n");
	assert_int_equal(u.model.n_items, 21);
	for (i = 0; i < 21; i++)
		assert_string_equal(u.model.items[i].singular, want[i]);
	assert_string_equal(u.model.items[0].name, "missionaries");
	unit_pipe_release(&u);
}

static void test_singulars_are_names(void **state)
{
	struct unit_pipe u;

	(void)state;
	compile_ok(&u, HEAD "items 2 foxes, 2 mice (mouse), 2 hens\n"
		       "boat seats 2\nrowers fox\nfox eats mouse unless hen\n");
	assert_true(u.model.items[0].rows);
	assert_false(u.model.items[1].rows);
	assert_int_equal(u.model.rules[0].a, 0);
	assert_int_equal(u.model.rules[0].b, 1);
	assert_int_equal(u.model.rules[0].guards[0], 2);
	assert_string_equal(u.model.rules[0].text, "foxes eat mice unless hens");
	unit_pipe_release(&u);
}

/* ---- The full language ------------------------------------------------- */

/* Attributes, labels in either order, and a family's shared value. */
static void test_attributes(void **state)
{
	struct unit_pipe u;
	const struct model *m = &u.model;

	(void)state;
	compile_ok(&u, HEAD "items a \"A\" (time 3), b (weight 7) \"B\", "
		   "2 kids (kid, money 4), c[1..2] (money 1)\nboat seats 2\n");
	assert_int_equal(m->items[0].time, 3);
	assert_string_equal(m->items[0].label, "A");
	assert_int_equal(m->items[1].weight, 7);
	assert_string_equal(m->items[1].label, "B");
	assert_string_equal(m->items[2].singular, "kid");
	assert_int_equal(m->n_attrs, 3);
	assert_string_equal(m->attrs[2].name, "money");
	assert_int_equal(m->attrs[2].value[2], 4);
	assert_int_equal(m->attrs[2].value[3], 1);
	assert_int_equal(m->attrs[2].value[4], 1);
	assert_int_equal(m->attrs[2].value[0], 0);
	unit_pipe_release(&u);
}

/* A group stands for its members, in rules and in other groups. */
static void test_groups(void **state)
{
	struct unit_pipe u;
	const struct model *m = &u.model;

	(void)state;
	compile_ok(&u, HEAD "items a, b, c\ngroup g = a, b\ngroup h = g, c\n"
		   "boat seats 2\nh must not be alone in the boat\n");
	assert_int_equal(m->n_rules, 1);
	assert_int_equal(m->rules[0].kind, RULE_ALONE);
	assert_int_equal(m->rules[0].place, PLACE_BOAT);
	assert_int_equal(m->rules[0].n_a, 3);
	assert_string_equal(m->rules[0].text, "a, b and c must not be alone in the boat");
	unit_pipe_release(&u);
}

/* Each condition compiles to its kind, place, sets and bound. */
static void test_rule_kinds(void **state)
{
	struct unit_pipe u;
	const struct model *m = &u.model;

	(void)state;
	compile_ok(&u, HEAD "items a (gold 2), b (gold 3), 3 cs, d\nboat seats 2\n"
		   "a, b must not outnumber cs by more than 1 everywhere\n"
		   "d must not be without a or b\n"
		   "a and b must not be alone together\n"
		   "d must not be alone with a, b\n"
		   "at most 2 of cs in the boat\n"
		   "at least 1 a, d in the boat\n"
		   "gold of a, b must not exceed 4 on the banks\n");
	assert_int_equal(m->n_rules, 7);
	assert_int_equal(m->rules[0].kind, RULE_OUTNUMBER);
	assert_int_equal(m->rules[0].place, PLACE_BOTH);
	assert_int_equal(m->rules[0].bound, 1);
	assert_int_equal(m->rules[0].n_a, 2);
	assert_int_equal(m->rules[1].kind, RULE_WITHOUT);
	assert_int_equal(m->rules[1].n_guards, 2);
	assert_int_equal(m->rules[2].kind, RULE_EXACT);
	assert_int_equal(m->rules[3].kind, RULE_EXACT);
	assert_int_equal(m->rules[3].n_a, 3);
	assert_int_equal(m->rules[4].kind, RULE_AT_MOST);
	assert_int_equal(m->rules[5].kind, RULE_AT_LEAST);
	assert_int_equal(m->rules[6].kind, RULE_SUM);
	assert_int_equal(m->rules[6].wa[1], 3);
	assert_int_equal(m->rules[6].bound, 4);
	assert_string_equal(m->rules[6].text, "gold of a and b must not exceed 4");
	unit_pipe_release(&u);
}

/* "must not be with b or c" makes the rule for each of them. */
static void test_with_either(void **state)
{
	struct unit_pipe u;
	const struct model *m = &u.model;

	(void)state;
	compile_ok(&u, HEAD "items farmer, wolf, goat, cabbage\nboat seats 2\n"
		   "goat must not be with wolf or cabbage unless farmer\n");
	assert_int_equal(m->n_rules, 2);
	assert_string_equal(m->rules[0].text,
			    "goat must not be with wolf unless farmer");
	assert_string_equal(m->rules[1].text,
			    "goat must not be with cabbage unless farmer");
	assert_int_equal(m->rules[1].n_guards, 1);
	assert_int_equal(m->rules[1].guards[0], 0);
	unit_pipe_release(&u);
}

/* "(weight 40, 45, 50)": one value per member of a family. */
static void test_values_per_member(void **state)
{
	struct unit_pipe u;
	const struct model *m = &u.model;

	(void)state;
	compile_ok(&u, HEAD "param n = 5\n"
		   "item son[1..3] (weight 40, (n*9), (1+2)*10, time 2, gold 7),"
		   " father (weight 90)\nboat load 100\n");
	assert_int_equal(m->n_items, 4);
	assert_int_equal(m->items[0].weight, 40);
	assert_int_equal(m->items[1].weight, 45);
	assert_int_equal(m->items[2].weight, 30);
	assert_int_equal(m->items[2].time, 2);
	assert_int_equal(m->items[3].weight, 90);
	assert_int_equal(m->attrs[2].value[1], 7);
	unit_pipe_release(&u);
}

/* General rules: each condition means what it says, on counts given by
 * hand, with and, or, not and parentheses as in logic. */
static void test_general_conditions(void **state)
{
	static const struct {
		const char *rule;
		unsigned count[6]; /* farmer, a, b, c, wolves, cows */
		bool broken;
	} cases[] = {
		{"no bank may hold wolves = 2 and cows = 1 and nothing else",
		 {0, 0, 0, 0, 2, 1}, true},
		{"no bank may hold wolves = 2 and cows = 1 and nothing else",
		 {0, 1, 0, 0, 2, 1}, false},
		{"no bank may hold wolves = 2 and cows = 1 and nothing else",
		 {0, 0, 0, 0, 2, 2}, false},
		{"no bank may hold at least 2 of a, b, c unless farmer",
		 {0, 1, 0, 1, 0, 0}, true},
		{"no bank may hold at least 2 of a, b, c unless farmer",
		 {1, 1, 0, 1, 0, 0}, false},
		{"no bank may hold at most 1 of a, b, c", {0, 0, 1, 0, 2, 2}, true},
		{"no bank may hold a or b and c", {0, 1, 0, 0, 0, 0}, true},
		{"no bank may hold (a or b) and c", {0, 1, 0, 0, 0, 0}, false},
		{"no bank may hold not a and wolves > cows", {0, 0, 0, 0, 2, 1}, true},
		{"no bank may hold not (a or wolves > cows)", {0, 0, 0, 0, 1, 1}, true},
		{"no bank may hold wolves - cows >= 2", {0, 0, 0, 0, 2, 0}, true},
		{"no bank may hold wolves - cows >= 2", {0, 0, 0, 0, 2, 1}, false},
		{"no bank may hold gold of a, b > gold of cows + 1", {0, 1, 1, 0, 0, 0}, true},
		{"no bank may hold gold of a, b > gold of cows + 1", {0, 1, 1, 0, 0, 1}, false},
		{"no bank may hold gold of a, b > gold of cows + 1", {0, 1, 1, 0, 0, 2}, false},
		{"no bank may hold wolves != cows and wolves >= 1", {0, 0, 0, 0, 1, 2}, true},
		{"no bank may hold wolves < cows", {0, 0, 0, 0, 1, 1}, false},
		{"no bank may hold wolves <= cows and cows > 0", {0, 0, 0, 0, 1, 1}, true},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct unit_pipe u;
		char text[512];
		const struct rule *r;

		snprintf(text, sizeof text, HEAD "items farmer, a (gold 3), "
			 "b (gold 2), c, 2 wolves, 2 cows (cow, gold 4)\n"
			 "boat seats 2\n%s\n", cases[i].rule);
		compile_ok(&u, text);
		r = &u.model.rules[0];
		assert_int_equal(r->kind, RULE_COND);
		assert_int_equal(r->place, PLACE_BANKS);
		assert_string_equal(r->text, cases[i].rule);
		if (rule_broken(&u.model, r, cases[i].count) != cases[i].broken)
			fail_msg("'%s' on case %zu", cases[i].rule, i);
		unit_pipe_release(&u);
	}
}

/* The boat, and both places; loops and parameters in conditions. */
static void test_general_places(void **state)
{
	struct unit_pipe u;
	const struct model *m = &u.model;

	(void)state;
	compile_ok(&u, HEAD "param k = 2\nitems x[1..3], 2 adults, 3 children\n"
		   "boat seats 3\n"
		   "the boat must not hold adults = 0 and children >= k\n"
		   "no bank or boat may hold x1 = 1 and nothing else\n"
		   "for i in 1..2: no bank may hold x[i] + x[i+1] = 2 unless adults\n");
	assert_int_equal(m->n_rules, 4);
	assert_int_equal(m->rules[0].place, PLACE_BOAT);
	assert_string_equal(m->rules[0].text,
			    "the boat must not hold adults = 0 and children >= k");
	assert_int_equal(m->rules[1].place, PLACE_BOTH);
	assert_string_equal(m->rules[3].text,
			    "no bank may hold x2 + x3 = 2 unless adults");
	unit_pipe_release(&u);
}

/* Arithmetic: * and mod before + and -, each from the left, parentheses
 * first, remainders from 0, parts below 0 allowed. */
static void test_arithmetic(void **state)
{
	static const struct {
		const char *value;
		unsigned long long want;
	} cases[] = {
		{"1+2*3", 7}, {"(1+2)*3", 9}, {"10-3-2", 5}, {"n-1", 4},
		{"n*n mod 7", 4}, {"(0-1) mod n", 4}, {"1-n+n", 1},
		{"2*(n-(n-1))", 2}, {"n mod n+3", 3}, {"17 mod 5 mod 3", 2},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct unit_pipe u;
		char text[256];

		snprintf(text, sizeof text, HEAD "param n = 5\nitems 40 xs\n"
			 "boat seats 2\nat most %s of xs\n", cases[i].value);
		compile_ok(&u, text);
		assert_int_equal(u.model.rules[0].bound, cases[i].want);
		unit_pipe_release(&u);
	}
}

/* Conditions compare arithmetic with each of the six comparisons. */
static void test_where_comparisons(void **state)
{
	static const struct {
		const char *cond;
		size_t rules;
	} cases[] = {
		{"i < j", 6}, {"i > j", 6}, {"i != j", 12},
		{"i <= j - 1", 6}, {"j >= i + 2", 3}, {"i = j - 1", 3},
		{"j = (i mod 4)+1", 4}, {"i+j = 5", 4}, {"i < j, j < i+2", 3},
		{"i*j >= n and i != j", 8},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct unit_pipe u;
		char text[256];

		snprintf(text, sizeof text, HEAD "param n = 4\n"
			 "items x[1..4]\nboat seats 2\n"
			 "for i, j in 1..4 where %s: at most 1 of x[i], x[j]\n",
			 cases[i].cond);
		compile_ok(&u, text);
		assert_int_equal(u.model.n_rules, cases[i].rules);
		unit_pipe_release(&u);
	}
}

/* What each condition forbids, on counts given by hand. */
static void test_rule_semantics(void **state)
{
	struct unit_pipe u;
	const struct model *m = &u.model;
	/* items: a, b, cs (3), d */
	static const unsigned none[4] = {0, 0, 0, 0}, ab[4] = {1, 1, 0, 0},
			      abd[4] = {1, 1, 0, 1}, c3a[4] = {1, 0, 3, 0},
			      c2ab[4] = {1, 1, 2, 0}, c1[4] = {0, 0, 1, 0},
			      d[4] = {0, 0, 0, 1};

	(void)state;
	compile_ok(&u, HEAD "items a (gold 2), b (gold 3), 3 cs, d\nboat seats 9\n"
		   "cs must not outnumber a, b by more than 1\n"
		   "d must not be without a or b\n"
		   "a and b must not be alone together\n"
		   "cs must not be alone\n"
		   "at most 2 of cs\n"
		   "at least 1 a, d in the boat\n"
		   "gold of a, b must not exceed 4\n");
	/* outnumber by more than 1: 3 > 1 + 1, but 2 > 2 + 1 is not */
	assert_true(rule_broken(m, &m->rules[0], c3a));
	assert_false(rule_broken(m, &m->rules[0], c2ab));
	assert_false(rule_broken(m, &m->rules[0], c1)); /* no a, b: safe */
	/* without */
	assert_true(rule_broken(m, &m->rules[1], d));
	assert_false(rule_broken(m, &m->rules[1], abd));
	/* exact set */
	assert_true(rule_broken(m, &m->rules[2], ab));
	assert_false(rule_broken(m, &m->rules[2], abd));
	/* alone */
	assert_true(rule_broken(m, &m->rules[3], c1));
	assert_false(rule_broken(m, &m->rules[3], none));
	assert_false(rule_broken(m, &m->rules[3], c3a));
	/* at most 2 */
	assert_true(rule_broken(m, &m->rules[4], c3a));
	assert_false(rule_broken(m, &m->rules[4], c2ab));
	/* at least 1 of a, d */
	assert_true(rule_broken(m, &m->rules[5], c1));
	assert_false(rule_broken(m, &m->rules[5], d));
	/* gold 2 + 3 > 4, 2 is not */
	assert_true(rule_broken(m, &m->rules[6], ab));
	assert_false(rule_broken(m, &m->rules[6], c3a));
	unit_pipe_release(&u);
}

/* The boat's loads expand a group into each choice of its members. */
static void test_boat_loads(void **state)
{
	struct unit_pipe u;
	const struct model *m = &u.model;

	(void)state;
	compile_ok(&u, HEAD "items f (weight 5), x, y, 2 zs\ngroup pets = x, y, zs\n"
		   "boat carries f and pets or 2 zs, load 9, margin 3, time 2\n");
	/* f+x, f+y, f+z, 2 z */
	assert_int_equal(m->n_loads, 4);
	assert_int_equal(m->load_limit, 9);
	assert_true(m->has_margin);
	assert_int_equal(m->margin, 3);
	assert_int_equal(m->boat_time, 2);
	assert_int_equal(m->seats, 5); /* no seats: every copy may board */
	assert_false(m->seats_given);
	unit_pipe_release(&u);
}

/* Rowing limits and the period the state then carries. */
static void test_rowing_limits(void **state)
{
	struct unit_pipe u;
	const struct model *m = &u.model;

	(void)state;
	compile_ok(&u, HEAD "items a, b, c\nboat seats 2\n"
		   "a rows only alone\nb rows only on crossings 1, 3 of every 4\n"
		   "c rows only on even crossings\n");
	assert_true(m->items[0].rows_alone);
	assert_int_equal(m->items[1].row_every, 4);
	assert_int_equal(m->items[1].row_on, 5);
	assert_int_equal(m->items[2].row_every, 2);
	assert_int_equal(m->items[2].row_on, 2);
	assert_int_equal(u.sys.period, 4);
	assert_true(u.sys.phase >= 0);
	assert_false(u.sys.plain_loads);
	unit_pipe_release(&u);
}

/* Time: the objective, the limit, and the field a limit needs when the
 * objective is crossings. */
static void test_time(void **state)
{
	struct unit_pipe u;

	(void)state;
	compile_ok(&u, HEAD "items a (time 1), b (time 4)\nboat seats 2\n"
		   "minimize time\ntime limit 9\n");
	assert_true(u.model.minimize_time);
	assert_true(u.model.has_time_limit);
	assert_int_equal(u.model.time_limit, 9);
	assert_int_equal(u.sys.elapsed, -1);
	unit_pipe_release(&u);
	compile_ok(&u, HEAD "items a (time 1), b (time 4)\nboat seats 2\n"
		   "time limit 9\n");
	assert_false(u.model.minimize_time);
	assert_true(u.sys.elapsed >= 0);
	assert_int_equal(u.sys.fields[u.sys.elapsed].radix, 10);
	unit_pipe_release(&u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_resolve_to_items),
		cmocka_unit_test(test_kind_resolves_by_its_singular),
		cmocka_unit_test(test_duplicate_item),
		cmocka_unit_test(test_duplicate_of_a_singular),
		cmocka_unit_test(test_singular_clashing_with_earlier_item),
		cmocka_unit_test(test_unknown_item_with_suggestion),
		cmocka_unit_test(test_unknown_item_suggests_transposition),
		cmocka_unit_test(test_unknown_item_suggests_singular),
		cmocka_unit_test(test_unknown_short_name_suggestion),
		cmocka_unit_test(test_unknown_item_suggests_first_of_equals),
		cmocka_unit_test(test_unknown_item_without_suggestion),
		cmocka_unit_test(test_unknown_item_in_guard_line),
		cmocka_unit_test(test_unknown_item_in_unused_guard_line),
		cmocka_unit_test(test_rule_naming_item_twice),
		cmocka_unit_test(test_rule_naming_kind_twice_by_singular),
		cmocka_unit_test(test_rule_guard_equal_to_a_side),
		cmocka_unit_test(test_rule_guard_named_twice),
		cmocka_unit_test(test_guard_line_skips_a_rules_own_items),
		cmocka_unit_test(test_guard_line_names_an_item_twice),
		cmocka_unit_test(test_rule_texts_are_normalised),
		cmocka_unit_test(test_guard_line_applies_to_eats_without_unless),
		cmocka_unit_test(test_eats_without_guard_has_none),
		cmocka_unit_test(test_rowers_line_sets_who_rows),
		cmocka_unit_test(test_everyone_rows_without_rowers_line),
		cmocka_unit_test(test_rowers_none),
		cmocka_unit_test(test_rowers_naming_item_twice),
		cmocka_unit_test(test_seats_zero),
		cmocka_unit_test(test_seats_given_twice),
		cmocka_unit_test(test_count_zero),
		cmocka_unit_test(test_count_over_a_million),
		cmocka_unit_test(test_count_of_a_million_and_of_one),
		cmocka_unit_test(test_missing_parts_have_no_location),
		cmocka_unit_test(test_second_statements),
		cmocka_unit_test(test_title_description_and_labels),
		cmocka_unit_test(test_english_singulars),
		cmocka_unit_test(test_singulars_are_names),
		cmocka_unit_test(test_attributes),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_rule_kinds),
		cmocka_unit_test(test_arithmetic),
		cmocka_unit_test(test_general_conditions),
		cmocka_unit_test(test_general_places),
		cmocka_unit_test(test_values_per_member),
		cmocka_unit_test(test_with_either),
		cmocka_unit_test(test_where_comparisons),
		cmocka_unit_test(test_rule_semantics),
		cmocka_unit_test(test_boat_loads),
		cmocka_unit_test(test_rowing_limits),
		cmocka_unit_test(test_time),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
