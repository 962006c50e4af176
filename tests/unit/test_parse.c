/* parse_source: text to syntax tree, and the exact syntax errors. */
#include "unit.h"

struct parsed {
	struct arena arena;
	struct source src;
	struct ast ast;
	river_diag diag;
	int rc;
};

/* Parse len bytes of text (which may hold NULs). */
static void parse_n(struct parsed *p, const char *text, size_t len)
{
	memset(p, 0, sizeof *p);
	arena_init(&p->arena);
	p->src.name = "test.puz";
	p->src.text = text;
	p->src.len = len;
	p->rc = parse_source(&p->ast, &p->arena, &p->src, &p->diag);
}

static void parse_ok(struct parsed *p, const char *text)
{
	parse_n(p, text, strlen(text));
	if (p->rc != RIVER_OK)
		print_error("unexpected error: %d:%d: %s\n", p->diag.line,
			    p->diag.column, p->diag.message);
	assert_int_equal(p->rc, RIVER_OK);
}

/* Parse len bytes, which must fail with a syntax error at line:column
 * saying exactly message. */
static void syntax_error_n(const char *text, size_t len, int line,
			   int column, const char *message)
{
	struct parsed p;

	parse_n(&p, text, len);
	assert_int_equal(p.rc, RIVER_ESYNTAX);
	assert_int_equal(p.diag.status, RIVER_ESYNTAX);
	assert_string_equal(p.diag.file, "test.puz");
	assert_string_equal(p.diag.message, message);
	assert_int_equal(p.diag.line, line);
	assert_int_equal(p.diag.column, column);
	arena_release(&p.arena);
}

static void syntax_error(const char *text, int line, int column,
			 const char *message)
{
	syntax_error_n(text, strlen(text), line, column, message);
}

static size_t count_stmts(const struct ast *ast)
{
	const struct ast_stmt *st;
	size_t n = 0;

	for (st = ast->first; st; st = st->next)
		n++;
	return n;
}

static const struct ast_stmt *stmt_at(const struct ast *ast, size_t i)
{
	const struct ast_stmt *st = ast->first;

	while (st && i-- > 0)
		st = st->next;
	assert_non_null(st);
	return st;
}

static size_t count_names(const struct ast_name *n)
{
	size_t count = 0;

	for (; n; n = n->next)
		count++;
	return count;
}

static void assert_name(const struct ast_name *n, const char *text, int line,
			int column)
{
	assert_non_null(n);
	assert_string_equal(n->text, text);
	assert_int_equal(n->loc.line, line);
	assert_int_equal(n->loc.column, column);
}

/* ---- Trees ------------------------------------------------------- */

static void test_empty_input_is_empty_tree(void **state)
{
	struct parsed p;

	(void)state;
	parse_n(&p, "", 0);
	assert_int_equal(p.rc, RIVER_OK);
	assert_null(p.ast.first);
	assert_null(p.ast.last);
	arena_release(&p.arena);
}

static void test_blank_lines_and_comments_are_empty_tree(void **state)
{
	struct parsed p;

	(void)state;
	parse_ok(&p, "\n# a comment\n   \t\r\n# another, no newline at the end");
	assert_null(p.ast.first);
	arena_release(&p.arena);
}

static void test_statement_kinds_in_order(void **state)
{
	static const enum ast_stmt_kind want[] = {
		ST_TITLE, ST_DESCRIPTION, ST_ITEMS, ST_BOAT, ST_ROWERS,
		ST_GUARD, ST_EATS, ST_OUTNUMBER, ST_EATS};
	struct parsed p;
	size_t i;

	(void)state;
	parse_ok(&p, "title \"T\"\n"
		     "description \"D\"\n"
		     "items farmer, wolf, goat, 2 cats, 2 dogs\n"
		     "boat seats 2\n"
		     "rowers farmer\n"
		     "guard farmer\n"
		     "wolf eats goat\n"
		     "cats must not outnumber dogs\n"
		     "\n"
		     "dogs eat cats unless farmer\n");
	assert_int_equal(count_stmts(&p.ast), 9);
	for (i = 0; i < 9; i++) {
		const struct ast_stmt *st = stmt_at(&p.ast, i);

		assert_int_equal(st->kind, want[i]);
		/* One statement a line, the blank line 9 skipped. */
		assert_int_equal(st->loc.line, i < 8 ? (int)i + 1 : 10);
		assert_int_equal(st->loc.column, 1);
	}
	assert_ptr_equal(p.ast.last, stmt_at(&p.ast, 8));
	assert_null(p.ast.last->next);
	arena_release(&p.arena);
}

static void test_title_and_description_text(void **state)
{
	struct parsed p;
	const struct ast_stmt *st;

	(void)state;
	parse_ok(&p, "title \"Wolf, goat\"\ndescription  \"Take them over.\"\n");
	st = stmt_at(&p.ast, 0);
	assert_string_equal(st->u.string.text, "Wolf, goat");
	assert_int_equal(st->u.string.loc.line, 1);
	assert_int_equal(st->u.string.loc.column, 7);
	st = stmt_at(&p.ast, 1);
	assert_string_equal(st->u.string.text, "Take them over.");
	assert_int_equal(st->u.string.loc.line, 2);
	assert_int_equal(st->u.string.loc.column, 14);
	arena_release(&p.arena);
}

static void test_items_counts_singulars_and_labels(void **state)
{
	struct parsed p;
	const struct ast_item *it;

	(void)state;
	parse_ok(&p, "items farmer \"F\", 3 missionaries (missionary) \"M\", "
		     "12 sheep\n");
	it = stmt_at(&p.ast, 0)->u.items;
	assert_false(it->counted);
	assert_string_equal(it->name, "farmer");
	assert_string_equal(it->label, "F");
	assert_null(it->annots);
	assert_int_equal(it->loc.column, 7);

	it = it->next;
	assert_true(it->counted);
	assert_int_equal(it->count.number, 3);
	assert_string_equal(it->name, "missionaries");
	assert_string_equal(it->annots->name, "missionary");
	assert_false(it->annots->has_value);
	assert_string_equal(it->label, "M");
	assert_int_equal(it->count.loc.column, 19);
	assert_int_equal(it->loc.column, 21); /* the name, not the count */

	it = it->next;
	assert_true(it->counted);
	assert_int_equal(it->count.number, 12);
	assert_string_equal(it->name, "sheep");
	assert_null(it->annots);
	assert_null(it->label);
	assert_null(it->next);
	arena_release(&p.arena);
}

static void test_columns_count_characters_not_bytes(void **state)
{
	struct parsed p;
	const struct ast_item *it;

	(void)state;
	/* "🐺🐺" is 10 bytes but 4 characters with its quotes: in bytes
	 * goat would be at column 24. */
	parse_ok(&p, "items wolf \"🐺🐺\", goat\n");
	it = stmt_at(&p.ast, 0)->u.items;
	assert_string_equal(it->label, "🐺🐺");
	assert_int_equal(it->next->loc.line, 1);
	assert_int_equal(it->next->loc.column, 18);
	arena_release(&p.arena);
}

static void test_tab_counts_one_column(void **state)
{
	struct parsed p;

	(void)state;
	parse_ok(&p, "\t\ttitle \"x\"\n");
	assert_int_equal(stmt_at(&p.ast, 0)->loc.column, 3);
	assert_int_equal(stmt_at(&p.ast, 0)->u.string.loc.column, 9);
	arena_release(&p.arena);
}

static void test_lines_count_across_comments_and_crlf(void **state)
{
	struct parsed p;
	const struct ast_stmt *st;

	(void)state;
	parse_ok(&p, "# header\r\n\r\ntitle \"x\"\r\n  # more\r\n  boat seats 2\r\n");
	assert_int_equal(count_stmts(&p.ast), 2);
	st = stmt_at(&p.ast, 1);
	assert_int_equal(st->kind, ST_BOAT);
	assert_int_equal(st->loc.line, 5);
	assert_int_equal(st->loc.column, 3);
	assert_int_equal(st->u.boat.clauses->value.number, 2);
	assert_int_equal(st->u.boat.clauses->value.loc.column, 14);
	arena_release(&p.arena);
}

static void test_string_escapes(void **state)
{
	struct parsed p;

	(void)state;
	parse_ok(&p, "title \"a\\\"b\\\\c\\nd\\te\"\n");
	assert_string_equal(stmt_at(&p.ast, 0)->u.string.text,
			    "a\"b\\c\nd\te");
	arena_release(&p.arena);
}

static void test_hash_inside_string_is_not_a_comment(void **state)
{
	struct parsed p;

	(void)state;
	parse_ok(&p, "title \"a # b\" # the comment \"c\"\n");
	assert_int_equal(count_stmts(&p.ast), 1);
	assert_string_equal(stmt_at(&p.ast, 0)->u.string.text, "a # b");
	arena_release(&p.arena);
}

static void test_last_line_needs_no_newline(void **state)
{
	struct parsed p;

	(void)state;
	parse_ok(&p, "title \"x\"\nboat seats 3");
	assert_int_equal(count_stmts(&p.ast), 2);
	assert_int_equal(stmt_at(&p.ast, 1)->u.boat.clauses->value.number, 3);
	arena_release(&p.arena);
}

static void test_list_goes_on_after_comma_on_next_line(void **state)
{
	struct parsed p;
	const struct ast_item *it;

	(void)state;
	parse_ok(&p, "items wolf,\n\n   goat\n");
	assert_int_equal(count_stmts(&p.ast), 1);
	it = stmt_at(&p.ast, 0)->u.items;
	assert_string_equal(it->next->name, "goat");
	assert_int_equal(it->next->loc.line, 3);
	assert_int_equal(it->next->loc.column, 4);
	arena_release(&p.arena);
}

static void test_rule_with_unless_list(void **state)
{
	struct parsed p;
	const struct ast_stmt *st;

	(void)state;
	parse_ok(&p, "wolf eats goat unless farmer or shepherd, dog\n");
	st = stmt_at(&p.ast, 0);
	assert_int_equal(st->kind, ST_EATS);
	assert_name(st->u.rule.a, "wolf", 1, 1);
	assert_name(st->u.rule.b, "goat", 1, 11);
	assert_int_equal(count_names(st->u.rule.unless), 3);
	assert_name(st->u.rule.unless, "farmer", 1, 23);
	assert_name(st->u.rule.unless->next, "shepherd", 1, 33);
	assert_name(st->u.rule.unless->next->next, "dog", 1, 43);
	arena_release(&p.arena);
}

static void test_rule_without_unless(void **state)
{
	struct parsed p;
	const struct ast_stmt *st;

	(void)state;
	parse_ok(&p, "cannibals must not outnumber missionaries\n"
		     "goat eats cabbage\n");
	st = stmt_at(&p.ast, 0);
	assert_int_equal(st->kind, ST_OUTNUMBER);
	assert_name(st->u.rule.a, "cannibals", 1, 1);
	assert_name(st->u.rule.b, "missionaries", 1, 30);
	st = stmt_at(&p.ast, 1);
	assert_null(st->u.rule.unless);
	arena_release(&p.arena);
}

/* Every keyword, in every spelling the scanner knows. */
static void test_every_keyword(void **state)
{
	struct parsed p;
	const struct ast_stmt *st;

	(void)state;
	parse_ok(&p, "title \"t\"\n"                                  /* 0 */
		     "description \"d\"\n"                            /* 1 */
		     "item farmer\n"                                  /* 2 */
		     "items shepherd, 2 dogs\n"                       /* 3 */
		     "boat seat 1\n"                                  /* 4 */
		     "boat seats 2, seats 3\n"                        /* 5 */
		     "rower farmer\n"                                 /* 6 */
		     "rowers farmer, shepherd and dogs\n"             /* 7 */
		     "rowers none\n"                                  /* 8 */
		     "guard farmer and shepherd\n"                    /* 9 */
		     "wolf eat goat unless farmer is there\n"         /* 10 */
		     "goat eats cabbage unless farmer or dogs are there\n"
		     "dogs must not outnumber shepherd\n");           /* 12 */
	assert_int_equal(count_stmts(&p.ast), 13);
	assert_int_equal(stmt_at(&p.ast, 2)->kind, ST_ITEMS);
	assert_string_equal(stmt_at(&p.ast, 2)->u.items->name, "farmer");
	st = stmt_at(&p.ast, 4);
	assert_int_equal(st->u.boat.clauses->kind, BOAT_SEATS);
	assert_int_equal(st->u.boat.clauses->value.number, 1);
	st = stmt_at(&p.ast, 5);
	assert_int_equal(st->u.boat.clauses->value.number, 2);
	assert_int_equal(st->u.boat.clauses->next->value.number, 3);
	assert_int_equal(st->u.boat.clauses->next->loc.column, 15);
	assert_int_equal(count_names(stmt_at(&p.ast, 6)->u.rowers.names), 1);
	st = stmt_at(&p.ast, 7);
	assert_int_equal(count_names(st->u.rowers.names), 3);
	assert_name(st->u.rowers.names->next->next, "dogs", 8, 29);
	st = stmt_at(&p.ast, 8);
	assert_int_equal(st->kind, ST_ROWERS);
	assert_null(st->u.rowers.names);
	st = stmt_at(&p.ast, 9);
	assert_int_equal(st->kind, ST_GUARD);
	assert_int_equal(count_names(st->u.guard), 2);
	assert_name(st->u.guard->next, "shepherd", 10, 18);
	st = stmt_at(&p.ast, 10);
	assert_int_equal(st->kind, ST_EATS);
	assert_int_equal(count_names(st->u.rule.unless), 1);
	st = stmt_at(&p.ast, 11);
	assert_int_equal(count_names(st->u.rule.unless), 2);
	assert_name(st->u.rule.unless->next, "dogs", 12, 36);
	assert_int_equal(stmt_at(&p.ast, 12)->kind, ST_OUTNUMBER);
	arena_release(&p.arena);
}

static void test_the_before_a_name_is_noise(void **state)
{
	struct parsed p;
	const struct ast_stmt *st;

	(void)state;
	parse_ok(&p, "the wolf eats the goat unless the farmer is there\n"
		     "rowers the farmer and the wolf\n");
	st = stmt_at(&p.ast, 0);
	assert_int_equal(st->loc.column, 1); /* the statement starts at 'the' */
	assert_name(st->u.rule.a, "wolf", 1, 5);
	assert_name(st->u.rule.b, "goat", 1, 19);
	assert_name(st->u.rule.unless, "farmer", 1, 35);
	st = stmt_at(&p.ast, 1);
	assert_name(st->u.rowers.names, "farmer", 2, 12);
	assert_name(st->u.rowers.names->next, "wolf", 2, 27);
	arena_release(&p.arena);
}

static void test_error_the_is_not_an_item_name(void **state)
{
	(void)state;
	syntax_error("items the\n", 1, 7,
		     "unexpected 'the', expected a name or a number ('the' is a keyword, and a name cannot be one: 'The' would do)");
	/* After a comma the list may also go on on the next line. */
	syntax_error("items wolf, the\n", 1, 13,
		     "unexpected 'the', expected end of line, a name or a number ('the' is a keyword, and a name cannot be one: 'The' would do)");
}

static void test_error_the_without_name(void **state)
{
	(void)state;
	/* 'the' is never listed among the expected tokens. */
	syntax_error("wolf eats the\n", 1, 14,
		     "unexpected end of line, expected a name");
}

static void test_keyword_prefix_is_a_name(void **state)
{
	struct parsed p;
	const struct ast_item *it;

	(void)state;
	/* The longest match wins: these are names, not keywords. */
	parse_ok(&p, "items boats, titles, eater, nones, rowersx, them\n");
	it = stmt_at(&p.ast, 0)->u.items;
	assert_string_equal(it->name, "boats");
	assert_string_equal(it->next->name, "titles");
	assert_string_equal(it->next->next->name, "eater");
	assert_string_equal(it->next->next->next->name, "nones");
	assert_string_equal(it->next->next->next->next->name, "rowersx");
	assert_string_equal(it->next->next->next->next->next->name, "them");
	arena_release(&p.arena);
}

static void test_largest_number_is_accepted(void **state)
{
	struct parsed p;

	(void)state;
	parse_ok(&p, "items 1000000000 ants\n");
	assert_int_equal(stmt_at(&p.ast, 0)->u.items->count.number, 1000000000ULL);
	arena_release(&p.arena);
}

/* ---- Syntax errors ------------------------------------------------ */

static void test_error_missing_name_after_eats(void **state)
{
	(void)state;
	syntax_error("title \"x\"\nwolf eats\n", 2, 10,
		     "unexpected end of line, expected a name");
}

static void test_error_missing_name_at_end_of_file(void **state)
{
	(void)state;
	syntax_error("title \"x\"\nwolf eats", 2, 10,
		     "unexpected end of line, expected a name");
}

static void test_error_comma_instead_of_name(void **state)
{
	(void)state;
	syntax_error("wolf eats , goat\n", 1, 11,
		     "unexpected ',', expected a name");
}

static void test_error_lists_what_was_expected(void **state)
{
	(void)state;
	syntax_error("items farmer = 3\n", 1, 14,
		     "unexpected '=', expected end of line, a name, a \"string\", '(', ',' or '['");
}

static void test_error_keyword_after_statement(void **state)
{
	(void)state;
	syntax_error("title \"x\" title \"y\"\n", 1, 11,
		     "unexpected 'title', expected end of line");
}

static void test_error_title_without_string(void **state)
{
	(void)state;
	syntax_error("title wolf\n", 1, 7,
		     "unexpected 'wolf', expected a \"string\"");
}

static void test_error_too_many_expected_says_none(void **state)
{
	(void)state;
	/* A statement can begin many ways: no list then. */
	syntax_error("\n\n  42\n", 3, 3, "unexpected '42'");
}

static void test_error_long_token_is_cut_to_60(void **state)
{
	char text[200], want[200];

	(void)state;
	snprintf(text, sizeof text, "title \"x\" %0100d\n", 0);
	snprintf(want, sizeof want,
		 "unexpected '%060d', expected end of line", 0);
	syntax_error(text, 1, 11, want);
}

static void test_error_unterminated_string(void **state)
{
	(void)state;
	syntax_error("items wolf\ntitle \"Wolf\nboat seats 2\n", 2, 7,
		     "unterminated string: a string ends with \" on the same line");
}

static void test_error_unknown_escape_points_at_backslash(void **state)
{
	(void)state;
	/* "é" is one column: the backslash is column 9, not 10. */
	syntax_error("title \"é\\q\"\n", 1, 9,
		     "unknown escape '\\q' in string (use \\\" \\\\ \\n or \\t)");
}

/*
 * Regression (lib/parse/lexer.l, lexer_string): an escape of a non-ASCII
 * character puts only its first byte in the message, so the message is
 * not valid UTF-8 ('\' then the lone byte 0xC3 for "\é").
 */
static void test_error_unknown_escape_of_non_ascii_keeps_character(void **state)
{
	(void)state;
	syntax_error("title \"a\\éb\"\n", 1, 9,
		     "unknown escape '\\é' in string (use \\\" \\\\ \\n or \\t)");
}

static void test_error_at_end_of_line(void **state)
{
	(void)state;
	syntax_error("title \"x\"\nrowers\n", 2, 7,
		     "unexpected end of line, expected 'none' or a name");
	syntax_error("wolf eats goat unless farmer is\n", 1, 32,
		     "unexpected end of line, expected 'there'");
}

static void test_error_at_end_of_file(void **state)
{
	(void)state;
	/* The list may go on after the comma, even past blank lines. */
	syntax_error("title \"x\"\nitems a,\n\n", 4, 1,
		     "unexpected end of file, expected end of line, a name or a number");
}

/*
 * Regression (lib/parse/lexer.l, the "\n" rule): with CRLF line ends the end
 * of line is placed at the '\n', one column past the '\r' where the
 * line ends, so "wolf eats\r\n" is reported at column 11 where
 * "wolf eats\n" is reported at column 10 (and the caret lands two
 * cells past the source line shown, which has its '\r' removed).
 */
static void test_error_at_crlf_end_of_line(void **state)
{
	(void)state;
	syntax_error("title \"x\"\r\nwolf eats\r\n", 2, 10,
		     "unexpected end of line, expected a name");
}

static void test_error_unexpected_character(void **state)
{
	(void)state;
	syntax_error("items a @\n", 1, 9, "unexpected character '@'");
}

static void test_error_unexpected_control_byte(void **state)
{
	(void)state;
	syntax_error("title \"x\"\n\x01\n", 2, 1, "unexpected byte 0x01");
	syntax_error("boat\x7f\n", 1, 5, "unexpected byte 0x7f");
}

static void test_error_non_ascii_outside_string(void **state)
{
	(void)state;
	syntax_error("items wolf \"é\", é\n", 1, 17,
		     "unexpected character 'é' (non-ASCII text belongs in a \"string\")");
	syntax_error("items 🐺\n", 1, 7,
		     "unexpected character '🐺' (non-ASCII text belongs in a \"string\")");
}

static void test_error_number_too_large(void **state)
{
	(void)state;
	syntax_error("title \"x\"\nitems 1000000001 ants\n", 2, 7,
		     "number 1000000001 is too large (the largest is 1000000000)");
	syntax_error("boat seats 99999999999999999999999\n", 1, 12,
		     "number 99999999999999999999999 is too large (the largest is 1000000000)");
}

static void test_error_nul_byte(void **state)
{
	static const char text[] = "title \"é\"\nit\0ems a\n";

	(void)state;
	syntax_error_n(text, sizeof text - 1, 2, 3,
		       "this is binary data (a NUL byte), not puzzle text");
}

static void test_error_invalid_utf8_after_multibyte(void **state)
{
	(void)state;
	syntax_error("title \"é\" \xff\n", 1, 11,
		     "invalid UTF-8 (byte 0xff): a puzzle is UTF-8 text");
}

static void test_error_truncated_utf8_at_end(void **state)
{
	(void)state;
	syntax_error("title \"x\"\nab\xc3", 2, 3,
		     "invalid UTF-8 (byte 0xc3): a puzzle is UTF-8 text");
}

static void test_error_overlong_and_surrogate_utf8(void **state)
{
	(void)state;
	syntax_error("title \"\xc0\xaf\"\n", 1, 8,
		     "invalid UTF-8 (byte 0xc0): a puzzle is UTF-8 text");
	syntax_error("title \"\xed\xa0\x80\"\n", 1, 8,
		     "invalid UTF-8 (byte 0xed): a puzzle is UTF-8 text");
}

static void test_error_first_bad_byte_wins(void **state)
{
	static const char nul_first[] = "a\0b\xff";
	static const char bad_first[] = "a\xff\0";

	(void)state;
	syntax_error_n(nul_first, sizeof nul_first - 1, 1, 2,
		       "this is binary data (a NUL byte), not puzzle text");
	syntax_error_n(bad_first, sizeof bad_first - 1, 1, 2,
		       "invalid UTF-8 (byte 0xff): a puzzle is UTF-8 text");
}

static void test_error_first_of_two_is_reported(void **state)
{
	(void)state;
	syntax_error("title \"x\" @\nitems \"y\n", 1, 11,
		     "unexpected character '@'");
}

static void test_error_fills_source_line(void **state)
{
	static const char text[] = "title \"x\"\nwolf eats ,\nboat\n";
	struct parsed p;

	(void)state;
	parse_n(&p, text, sizeof text - 1);
	assert_int_equal(p.rc, RIVER_ESYNTAX);
	assert_string_equal(p.diag.source_line, "wolf eats ,");
	assert_int_equal(p.diag.source_column, 11);
	arena_release(&p.arena);
}

static void test_param_statements_and_values(void **state)
{
	struct parsed p;
	const struct ast_stmt *st;

	(void)state;
	parse_ok(&p, "param n = 4\nparam seats\nitems n ants\nboat seats seats\n");
	st = stmt_at(&p.ast, 0);
	assert_int_equal(st->kind, ST_PARAM);
	assert_string_equal(st->u.param.name, "n");
	assert_true(st->u.param.has_value);
	assert_int_equal(st->u.param.value, 4);
	st = stmt_at(&p.ast, 1);
	assert_string_equal(st->u.param.name, "seats");
	assert_false(st->u.param.has_value);
	st = stmt_at(&p.ast, 2);
	assert_string_equal(st->u.items->count.param, "n");
	assert_int_equal(st->u.items->count.loc.column, 7);
	st = stmt_at(&p.ast, 3);
	assert_string_equal(st->u.boat.clauses->value.param, "seats");
	arena_release(&p.arena);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_param_statements_and_values),
		cmocka_unit_test(test_empty_input_is_empty_tree),
		cmocka_unit_test(test_blank_lines_and_comments_are_empty_tree),
		cmocka_unit_test(test_statement_kinds_in_order),
		cmocka_unit_test(test_title_and_description_text),
		cmocka_unit_test(test_items_counts_singulars_and_labels),
		cmocka_unit_test(test_columns_count_characters_not_bytes),
		cmocka_unit_test(test_tab_counts_one_column),
		cmocka_unit_test(test_lines_count_across_comments_and_crlf),
		cmocka_unit_test(test_string_escapes),
		cmocka_unit_test(test_hash_inside_string_is_not_a_comment),
		cmocka_unit_test(test_last_line_needs_no_newline),
		cmocka_unit_test(test_list_goes_on_after_comma_on_next_line),
		cmocka_unit_test(test_rule_with_unless_list),
		cmocka_unit_test(test_rule_without_unless),
		cmocka_unit_test(test_every_keyword),
		cmocka_unit_test(test_the_before_a_name_is_noise),
		cmocka_unit_test(test_error_the_is_not_an_item_name),
		cmocka_unit_test(test_error_the_without_name),
		cmocka_unit_test(test_keyword_prefix_is_a_name),
		cmocka_unit_test(test_largest_number_is_accepted),
		cmocka_unit_test(test_error_missing_name_after_eats),
		cmocka_unit_test(test_error_missing_name_at_end_of_file),
		cmocka_unit_test(test_error_comma_instead_of_name),
		cmocka_unit_test(test_error_lists_what_was_expected),
		cmocka_unit_test(test_error_keyword_after_statement),
		cmocka_unit_test(test_error_title_without_string),
		cmocka_unit_test(test_error_too_many_expected_says_none),
		cmocka_unit_test(test_error_long_token_is_cut_to_60),
		cmocka_unit_test(test_error_unterminated_string),
		cmocka_unit_test(test_error_unknown_escape_points_at_backslash),
		cmocka_unit_test(test_error_unknown_escape_of_non_ascii_keeps_character),
		cmocka_unit_test(test_error_at_end_of_line),
		cmocka_unit_test(test_error_at_end_of_file),
		cmocka_unit_test(test_error_at_crlf_end_of_line),
		cmocka_unit_test(test_error_unexpected_character),
		cmocka_unit_test(test_error_unexpected_control_byte),
		cmocka_unit_test(test_error_non_ascii_outside_string),
		cmocka_unit_test(test_error_number_too_large),
		cmocka_unit_test(test_error_nul_byte),
		cmocka_unit_test(test_error_invalid_utf8_after_multibyte),
		cmocka_unit_test(test_error_truncated_utf8_at_end),
		cmocka_unit_test(test_error_overlong_and_surrogate_utf8),
		cmocka_unit_test(test_error_first_bad_byte_wins),
		cmocka_unit_test(test_error_first_of_two_is_reported),
		cmocka_unit_test(test_error_fills_source_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
