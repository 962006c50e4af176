/* Plans rendered as text and JSON, and the utilities they stand on:
 * UTF-8 widths, the growable buffer and diagnostics with a caret. */
#include <stdlib.h>

#include "plan/plan.h"
#include "unit.h"
#include "util/buf.h"
#include "util/utf8.h"

/* Load, solve and render text in fmt; the caller frees the string. */
static char *render(const char *text, river_format fmt)
{
	river_puzzle *p = unit_load(text);
	river_plan *plan = NULL;
	river_diag diag;
	char *out = NULL;

	assert_int_equal(river_solve(&plan, p, NULL, &diag), RIVER_OK);
	assert_int_equal(river_plan_render(&out, plan, fmt), RIVER_OK);
	assert_non_null(out);
	river_plan_free(plan);
	river_puzzle_free(p);
	return out;
}

static void assert_renders(const char *text, river_format fmt,
			   const char *want)
{
	char *out = render(text, fmt);

	assert_string_equal(out, want);
	river_free(out);
}

/* The sentence lines of a text rendering ("1. ..." to the blank line
 * before the summary) must be exactly want. */
static void assert_sentences(const char *text, const char *want)
{
	char *out = render(text, RIVER_FORMAT_TEXT);
	char *first = strstr(out, "\n\n1. "), *end;

	assert_non_null(first);
	first += 2;
	end = strstr(first, "\n\nSolved in ");
	assert_non_null(end);
	end[1] = '\0';
	assert_string_equal(first, want);
	river_free(out);
}

/* ---- Text ------------------------------------------------------------ */

static void test_text_wgc_exactly(void **state)
{
	(void)state;
	assert_renders(WGC_TEXT, RIVER_FORMAT_TEXT,
		"Wolf, goat and cabbage\n"
		"\n"
		"step | left bank                | boat               | right bank\n"
		"-----+--------------------------+--------------------+--------------------------\n"
		"   0 | farmer wolf goat cabbage |                    |\n"
		"   1 | wolf cabbage             | farmer goat -->    | farmer goat\n"
		"   2 | farmer wolf cabbage      | <-- farmer         | goat\n"
		"   3 | wolf                     | farmer cabbage --> | farmer goat cabbage\n"
		"   4 | farmer wolf goat         | <-- farmer goat    | cabbage\n"
		"   5 | goat                     | farmer wolf -->    | farmer wolf cabbage\n"
		"   6 | farmer goat              | <-- farmer         | wolf cabbage\n"
		"   7 |                          | farmer goat -->    | farmer wolf goat cabbage\n"
		"\n"
		"1. The farmer takes the goat across.\n"
		"2. The farmer returns alone.\n"
		"3. The farmer takes the cabbage across.\n"
		"4. The farmer brings the goat back.\n"
		"5. The farmer takes the wolf across.\n"
		"6. The farmer returns alone.\n"
		"7. The farmer takes the goat across.\n"
		"\n"
		"Solved in 7 crossings (10 states explored).\n");
}

static void test_text_kinds_sentences(void **state)
{
	(void)state;
	assert_sentences(MC_TEXT,
		"1. Two cannibals cross.\n"
		"2. One cannibal returns alone.\n"
		"3. Two cannibals cross.\n"
		"4. One cannibal returns alone.\n"
		"5. Two missionaries cross.\n"
		"6. One missionary and one cannibal return.\n"
		"7. Two missionaries cross.\n"
		"8. One cannibal returns alone.\n"
		"9. Two cannibals cross.\n"
		"10. One cannibal returns alone.\n"
		"11. Two cannibals cross.\n");
}

static void test_text_kinds_table_counts(void **state)
{
	char *out = render(MC_TEXT, RIVER_FORMAT_TEXT);

	(void)state;
	assert_non_null(strstr(out,
		"   0 | 3 missionaries 3 cannibals |                             |\n"));
	assert_non_null(strstr(out,
		"   6 | 2 missionaries 2 cannibals | <-- 1 missionary 1 cannibal "
		"| 1 missionary 1 cannibal\n"));
	assert_non_null(strstr(out,
		"  11 |                            | 2 cannibals -->             "
		"| 3 missionaries 3 cannibals\n"));
	river_free(out);
}

static void test_text_labels_in_table_names_in_sentences(void **state)
{
	(void)state;
	assert_renders("title \"L\"\n"
		       "items farmer \"F\", wolf \"🐺\", goat, 2 hens \"🐔\"\n"
		       "boat seats 3\nrowers farmer\nguard farmer\n"
		       "wolf eats goat\n", RIVER_FORMAT_TEXT,
		"L\n"
		"\n"
		"step | left bank      | boat            | right bank\n"
		"-----+----------------+-----------------+----------------\n"
		"   0 | F 🐺 goat 🐔×2 |                 |\n"
		"   1 | 🐺 🐔×1        | F goat 🐔×1 --> | F goat 🐔×1\n"
		"   2 | F 🐺 🐔×1      | <-- F           | goat 🐔×1\n"
		"   3 |                | F 🐺 🐔×1 -->   | F 🐺 goat 🐔×2\n"
		"\n"
		"1. The farmer takes the goat and one hen across.\n"
		"2. The farmer returns alone.\n"
		"3. The farmer takes the wolf and one hen across.\n"
		"\n"
		"Solved in 3 crossings (14 states explored).\n");
}

/* Proper names go without an article: a label that reads as one, a
 * name with a capital; an initial, an emoji or two words do not. */
static void test_text_proper_names(void **state)
{
	(void)state;
	assert_sentences("items alice \"Alice\", Bob, carol \"C\", "
			 "dave \"Dave smith\", erin \"Robber 2\"\n"
			 "boat seats 5\n",
		"1. Alice takes Bob, the carol, the dave and Robber 2 across.\n");
}

/* ---- SVG ------------------------------------------------------------- */

static size_t occurrences(const char *s, const char *what)
{
	size_t n = 0;

	while ((s = strstr(s, what)) != NULL) {
		n++;
		s += strlen(what);
	}
	return n;
}

/* A panel for the start, one per crossing and one for the end, each
 * with its sentence; markup in the puzzle's text escaped. */
static void test_svg_wgc_panels(void **state)
{
	char *out;

	(void)state;
	out = render("title \"a & b <c> \\\"d\\\"\"\n"
		     "items farmer \"<F>\", wolf, goat, cabbage\n"
		     "boat seats 2\nrowers farmer\nguard farmer\n"
		     "wolf eats goat\ngoat eats cabbage\n", RIVER_FORMAT_SVG);
	assert_true(strncmp(out, "<?xml version=\"1.0\"", 19) == 0);
	assert_int_equal(occurrences(out, "<g>"), 9);
	assert_non_null(strstr(out, "<title>a &amp; b &lt;c&gt; &quot;d&quot;"
				    "</title>"));
	assert_non_null(strstr(out, ">&lt;F&gt;  goat</text>"));
	assert_non_null(strstr(out, ">7. The farmer takes the goat across."
				    "</text>"));
	assert_null(strstr(out, "<F>"));
	assert_null(strstr(out, "class=\"clock\""));
	river_free(out);
}

/* The clock of a timed puzzle: the time so far after each crossing. */
static void test_svg_clock(void **state)
{
	char *out;

	(void)state;
	out = render("items a (time 1), b (time 2), c (time 5)\n"
		     "boat seats 2\nminimize time\n", RIVER_FORMAT_SVG);
	assert_non_null(strstr(out, ">time 0</text>"));
	assert_non_null(strstr(out, ">time 8</text>"));
	river_free(out);
}

/* A checked plan drawn up to its fault: the crossing at fault is red,
 * with its reason; the verdict is river_verify's. */
static void test_svg_verify_fault(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	const char *plan = "farmer goat\nfarmer\nfarmer wolf\nfarmer\n";
	river_verdict v = RIVER_VERDICT_INIT;
	river_diag diag;
	char *out = NULL;

	(void)state;
	assert_int_equal(river_verify_svg(&out, &v, p, plan, strlen(plan),
					  NULL, &diag), RIVER_OK);
	assert_false(v.legal);
	assert_int_equal(v.step, 4);
	assert_int_equal(occurrences(out, "class=\"panel fault\""), 1);
	assert_int_equal(occurrences(out, "<g>"), 5);
	assert_non_null(strstr(out, ">4. The farmer returns alone.</text>"));
	assert_non_null(strstr(out, "Illegal: step 4: "));
	river_free(out);
	plan = "farmer goat\nfarmer\nfarmer wolf\nfarmer goat\nfarmer cabbage\n"
	       "farmer\nfarmer goat\n";
	assert_int_equal(river_verify_svg(&out, &v, p, plan, strlen(plan),
					  NULL, &diag), RIVER_OK);
	assert_true(v.legal);
	assert_int_equal(occurrences(out, "fault"), 1); /* its style alone */
	assert_non_null(strstr(out, "Legal: the goal is reached after 7 "
				    "crossings."));
	river_free(out);
	river_puzzle_free(p);
}

/* A verdict in words and in JSON, compared with an optimum or not; SVG
 * is river_verify_svg's, not this call's. */
static void test_verdict_render(void **state)
{
	river_puzzle *p = unit_load(WGC_TEXT);
	const char *plan = "farmer goat\nfarmer goat\nfarmer goat\nfarmer\n"
			   "farmer wolf\nfarmer goat\nfarmer cabbage\n"
			   "farmer\nfarmer goat\n";
	river_verdict v = RIVER_VERDICT_INIT;
	river_diag diag;
	char *out = NULL;

	(void)state;
	assert_int_equal(river_verify(&v, p, plan, strlen(plan), "p", &diag),
			 RIVER_OK);
	assert_true(v.legal);
	assert_int_equal(river_verdict_render(&out, &v, p, NULL, 7,
					      RIVER_FORMAT_TEXT), RIVER_OK);
	assert_string_equal(out, "<plan>: legal: the goal is reached after 9 "
				 "crossings (the fewest is 7).\n");
	river_free(out);
	assert_int_equal(river_verdict_render(&out, &v, p, "p", 9,
					      RIVER_FORMAT_TEXT), RIVER_OK);
	assert_non_null(strstr(out, "(the fewest possible)."));
	river_free(out);
	assert_int_equal(river_verdict_render(&out, &v, p, "p", 0,
					      RIVER_FORMAT_JSON), RIVER_OK);
	assert_non_null(strstr(out, "\"legal\": true,\n"));
	assert_non_null(strstr(out, "\"crossings\": 9,\n"));
	assert_non_null(strstr(out, "\"optimum\": null,\n  \"optimal\": null\n"));
	assert_null(strstr(out, "\"time\""));
	river_free(out);
	plan = "farmer goat\nfarmer\nfarmer wolf\nfarmer\n";
	assert_int_equal(river_verify(&v, p, plan, strlen(plan), "p", &diag),
			 RIVER_OK);
	assert_int_equal(river_verdict_render(&out, &v, p, "a \"b\"", 7,
					      RIVER_FORMAT_JSON), RIVER_OK);
	assert_non_null(strstr(out, "\"plan\": \"a \\\"b\\\"\",\n"));
	assert_non_null(strstr(out, "\"legal\": false,\n"));
	assert_non_null(strstr(out, "\"step\": 4,\n"));
	assert_non_null(strstr(out, "\"optimum\": null,"));
	river_free(out);
	out = (char *)"untouched";
	assert_int_equal(river_verdict_render(&out, &v, p, "p", 7,
					      RIVER_FORMAT_SVG), RIVER_EINVAL);
	assert_null(out);
	assert_int_equal(river_verdict_render(&out, NULL, p, "p", 7,
					      RIVER_FORMAT_TEXT), RIVER_EINVAL);
	river_puzzle_free(p);
}

static void test_text_one_crossing_alone(void **state)
{
	(void)state;
	assert_renders("title \"One\"\ndescription \"Just go.\"\nitems x\n"
		       "boat seats 1\n", RIVER_FORMAT_TEXT,
		"One\n"
		"Just go.\n"
		"\n"
		"step | left bank | boat  | right bank\n"
		"-----+-----------+-------+------------\n"
		"   0 | x         |       |\n"
		"   1 |           | x --> | x\n"
		"\n"
		"1. The x crosses alone.\n"
		"\n"
		"Solved in 1 crossing (2 states explored).\n");
}

static void test_text_rower_takes_two_individuals(void **state)
{
	(void)state;
	assert_sentences("title \"T\"\nitems farmer, wolf, goat\n"
			 "boat seats 3\nrowers farmer\n",
			 "1. The farmer takes the wolf and the goat across.\n");
}

/*
 * Regression (lib/render/render_text.c, put_nouns): "and" is placed by counting
 * copies instead of nouns, so a load with a kind of two or more copies
 * joins its last noun with a comma: "The farmer takes the goat, two
 * hens across." instead of "... the goat and two hens across."
 */
static void test_text_joins_last_noun_with_and_after_counted_kind(void **state)
{
	(void)state;
	assert_sentences("title \"T\"\nitems farmer, goat, 2 hens\n"
			 "boat seats 4\nrowers farmer\n",
			 "1. The farmer takes the goat and two hens across.\n");
}

static void test_text_unsolvable(void **state)
{
	(void)state;
	assert_renders("title \"Four\"\ndescription \"Too many.\"\n"
		       "items 4 missionaries, 4 cannibals\nboat seats 2\n"
		       "cannibals must not outnumber missionaries\n",
		       RIVER_FORMAT_TEXT,
		       "Four\nToo many.\n\nNo solution: the goal cannot be reached "
		       "(all 11 reachable states explored).\n");
}

/* Three alike walkers and one minute: 3 states of the search, which
 * merges them, and 7 of the puzzle as written. */
#define WALKERS_TEXT \
	"title \"W\"\nitems a (time 1), b (time 1), c (time 1)\n" \
	"boat seats 2\ntime limit 1\n"

static void test_text_unsolvable_up_to_alike(void **state)
{
	(void)state;
	assert_renders(WALKERS_TEXT, RIVER_FORMAT_TEXT,
		       "W\n\nNo solution: the goal cannot be reached (all 3 "
		       "reachable states explored, up to interchangeable "
		       "items: 7 in all).\n");
}

/* ---- JSON ------------------------------------------------------------- */

static void test_json_wgc_exactly(void **state)
{
	(void)state;
	assert_renders(WGC_TEXT, RIVER_FORMAT_JSON,
		"{\n"
		"  \"title\": \"Wolf, goat and cabbage\",\n"
		"  \"description\": \"\",\n"
		"  \"solved\": true,\n"
		"  \"crossings\": 7,\n"
		"  \"states_explored\": 10,\n"
		"  \"engine\": \"bfs\",\n"
		"  \"start\": {\"boat\": \"left\", \"left\": [\"farmer\", \"wolf\", \"goat\", \"cabbage\"], \"right\": []},\n"
		"  \"plan\": [\n"
		"    {\"boat\": [\"farmer\", \"goat\"], \"from\": \"left\", \"to\": \"right\", \"left\": [\"wolf\", \"cabbage\"], \"right\": [\"farmer\", \"goat\"], \"sentence\": \"The farmer takes the goat across.\"},\n"
		"    {\"boat\": [\"farmer\"], \"from\": \"right\", \"to\": \"left\", \"left\": [\"farmer\", \"wolf\", \"cabbage\"], \"right\": [\"goat\"], \"sentence\": \"The farmer returns alone.\"},\n"
		"    {\"boat\": [\"farmer\", \"cabbage\"], \"from\": \"left\", \"to\": \"right\", \"left\": [\"wolf\"], \"right\": [\"farmer\", \"goat\", \"cabbage\"], \"sentence\": \"The farmer takes the cabbage across.\"},\n"
		"    {\"boat\": [\"farmer\", \"goat\"], \"from\": \"right\", \"to\": \"left\", \"left\": [\"farmer\", \"wolf\", \"goat\"], \"right\": [\"cabbage\"], \"sentence\": \"The farmer brings the goat back.\"},\n"
		"    {\"boat\": [\"farmer\", \"wolf\"], \"from\": \"left\", \"to\": \"right\", \"left\": [\"goat\"], \"right\": [\"farmer\", \"wolf\", \"cabbage\"], \"sentence\": \"The farmer takes the wolf across.\"},\n"
		"    {\"boat\": [\"farmer\"], \"from\": \"right\", \"to\": \"left\", \"left\": [\"farmer\", \"goat\"], \"right\": [\"wolf\", \"cabbage\"], \"sentence\": \"The farmer returns alone.\"},\n"
		"    {\"boat\": [\"farmer\", \"goat\"], \"from\": \"left\", \"to\": \"right\", \"left\": [], \"right\": [\"farmer\", \"wolf\", \"goat\", \"cabbage\"], \"sentence\": \"The farmer takes the goat across.\"}\n"
		"  ]\n"
		"}\n");
}

static void test_json_kinds_repeat_names_per_copy(void **state)
{
	char *out = render(MC_TEXT, RIVER_FORMAT_JSON);

	(void)state;
	assert_non_null(strstr(out,
		"  \"start\": {\"boat\": \"left\", \"left\": [\"missionaries\", \"missionaries\", "
		"\"missionaries\", \"cannibals\", \"cannibals\", \"cannibals\"], "
		"\"right\": []},\n"));
	assert_non_null(strstr(out,
		"    {\"boat\": [\"cannibals\", \"cannibals\"], \"from\": \"left\", "
		"\"to\": \"right\", \"left\": [\"missionaries\", \"missionaries\", "
		"\"missionaries\", \"cannibals\"], \"right\": [\"cannibals\", "
		"\"cannibals\"], \"sentence\": \"Two cannibals cross.\"},\n"));
	river_free(out);
}

static void test_json_unsolved(void **state)
{
	(void)state;
	assert_renders(MC44_TEXT, RIVER_FORMAT_JSON,
		       "{\n"
		       "  \"title\": \"Four and four\",\n"
		       "  \"description\": \"\",\n"
		       "  \"solved\": false,\n"
		       "  \"crossings\": null,\n"
		       "  \"states_explored\": 11,\n"
		       "  \"states_in_all\": 11,\n"
		       "  \"engine\": \"bfs\",\n"
		       "  \"start\": {\"boat\": \"left\", \"left\": [\"missionaries\", \"missionaries\", "
		       "\"missionaries\", \"missionaries\", \"cannibals\", "
		       "\"cannibals\", \"cannibals\", \"cannibals\"], \"right\": []},\n"
		       "  \"plan\": []\n"
		       "}\n");
}

static void test_json_unsolved_up_to_alike(void **state)
{
	char *out;

	(void)state;
	out = render(WALKERS_TEXT, RIVER_FORMAT_JSON);
	assert_non_null(strstr(out, "  \"states_explored\": 3,\n"
				    "  \"states_in_all\": 7,\n"));
	river_free(out);
}

static void test_json_escapes_title(void **state)
{
	char *out;

	(void)state;
	/* Quote, backslash, newline, tab by escapes; raw \x01 \x1f \r \x7f,
	 * control characters all, by \u escapes. */
	out = render("title \"a\\\"b\\\\c\\nd\\te\x01\x1f\r\x7f é\"\n"
		     "items x\nboat seats 1\n", RIVER_FORMAT_JSON);
	assert_non_null(strstr(out,
		"  \"title\": \"a\\\"b\\\\c\\nd\\te\\u0001\\u001f\\u000d\\u007f é\",\n"));
	river_free(out);
}

/* ---- UTF-8 ------------------------------------------------------------ */

static void test_utf8_width(void **state)
{
	(void)state;
	assert_int_equal(utf8_width(""), 0);
	assert_int_equal(utf8_width("farmer"), 6);
	assert_int_equal(utf8_width("é×"), 2);
	assert_int_equal(utf8_width("🐺"), 2);
	assert_int_equal(utf8_width("🐺 🐐"), 5);
	assert_int_equal(utf8_width("中文"), 4);
	assert_int_equal(utf8_width("한"), 2);
}

static void test_utf8_width_of_sequences(void **state)
{
	(void)state;
	assert_int_equal(utf8_width("👨‍🌾"), 2);           /* man ZWJ ear of rice */
	assert_int_equal(utf8_width("👨‍👩‍👧"), 2);         /* two joiners */
	assert_int_equal(utf8_width("👍🏽"), 2);            /* skin tone */
	assert_int_equal(utf8_width("\xe2\x9d\xa4\xef\xb8\x8f"), 1); /* ❤ VS16 */
	assert_int_equal(utf8_width("e\xcc\x81"), 1);      /* e + acute */
	assert_int_equal(utf8_width("\xcc\x81\xcc\x88"), 0);
	assert_int_equal(utf8_width("a\xe2\x80\x8d" "b"), 1); /* joined b */
}

static void test_utf8_invalid_at(void **state)
{
	(void)state;
	assert_int_equal(utf8_invalid_at("abc", 3), 3);
	assert_int_equal(utf8_invalid_at("a\0b", 3), 3);
	assert_int_equal(utf8_invalid_at("🐺é", 6), 6);
	assert_int_equal(utf8_invalid_at("a\xff" "b", 3), 1);
	assert_int_equal(utf8_invalid_at("é\xc3", 3), 2);     /* cut short */
	assert_int_equal(utf8_invalid_at("🐺", 3), 0);        /* len cuts it */
	assert_int_equal(utf8_invalid_at("\xc3\x28", 2), 0);  /* bad follower */
	assert_int_equal(utf8_invalid_at("\xc0\xaf", 2), 0);  /* overlong 2 */
	assert_int_equal(utf8_invalid_at("\xe0\x80\xaf", 3), 0);
	assert_int_equal(utf8_invalid_at("\xf0\x80\x80\xaf", 4), 0);
	assert_int_equal(utf8_invalid_at("x\xed\xa0\x80", 4), 1); /* surrogate */
	assert_int_equal(utf8_invalid_at("\xf4\x90\x80\x80", 4), 0); /* > 10FFFF */
	assert_int_equal(utf8_invalid_at("\xf4\x8f\xbf\xbf", 4), 4); /* 10FFFF */
	assert_int_equal(utf8_invalid_at("\x80", 1), 0);
}

static void test_utf8_chars(void **state)
{
	(void)state;
	assert_int_equal(utf8_chars("", 0), 0);
	assert_int_equal(utf8_chars("héllo", 6), 5);
	assert_int_equal(utf8_chars("🐺🐺", 8), 2);
	assert_int_equal(utf8_chars("👨‍🌾", 11), 3);
	assert_int_equal(utf8_chars("é", 1), 1); /* a lead byte starts one */
	assert_int_equal(utf8_chars("ab\ncd", 5), 5);
}

static void test_utf8_sequence_lengths(void **state)
{
	(void)state;
	assert_int_equal(utf8_sequence((const unsigned char *)"a", 1), 1);
	assert_int_equal(utf8_sequence((const unsigned char *)"é", 2), 2);
	assert_int_equal(utf8_sequence((const unsigned char *)"中", 3), 3);
	assert_int_equal(utf8_sequence((const unsigned char *)"🐺", 4), 4);
	assert_int_equal(utf8_sequence((const unsigned char *)"🐺", 3), 0);
	assert_int_equal(utf8_sequence((const unsigned char *)"a", 0), 0);
}

/* ---- The buffer -------------------------------------------------------- */

static void test_buf_printf_grows(void **state)
{
	struct buf b;
	char *s;
	int i;

	(void)state;
	buf_init(&b);
	for (i = 0; i < 10000; i++)
		buf_printf(&b, "%05d,", i);
	assert_false(b.failed);
	assert_int_equal(b.len, 60000);
	assert_true(b.cap > b.len);
	assert_memory_equal(b.data, "00000,00001,", 12);
	assert_memory_equal(b.data + 6 * 4321, "04321,", 6);
	assert_string_equal(b.data + 60000 - 6, "09999,");
	s = buf_take(&b);
	assert_int_equal(strlen(s), 60000);
	assert_null(b.data);
	assert_int_equal(b.len, 0);
	free(s);
}

static void test_buf_one_large_append(void **state)
{
	char big[1000];
	struct buf b;
	char *s;

	(void)state;
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	buf_init(&b);
	buf_putc(&b, '[');
	buf_printf(&b, "%s]", big);
	buf_pad(&b, 3);
	buf_puts(&b, "end");
	buf_putn(&b, "abcdef", 2);
	s = buf_take(&b);
	assert_int_equal(strlen(s), 1 + 999 + 1 + 3 + 3 + 2);
	assert_int_equal(s[0], '[');
	assert_int_equal(s[999], 'x');
	assert_string_equal(s + 1000, "]   endab");
	free(s);
}

static void test_buf_take_empty_and_failed(void **state)
{
	struct buf b;
	char *s;

	(void)state;
	buf_init(&b);
	s = buf_take(&b);
	assert_non_null(s);
	assert_string_equal(s, "");
	free(s);

	buf_init(&b);
	buf_puts(&b, "lost");
	b.failed = true;
	buf_puts(&b, " and more");
	assert_int_equal(b.len, 4); /* appends stop once failed */
	assert_null(buf_take(&b));
	assert_null(b.data);
}

/* ---- Diagnostics with a caret ---------------------------------------- */

static void assert_formats(const river_diag *diag, const char *want)
{
	char buf[1024];
	int n = river_diag_format(buf, sizeof buf, diag);

	assert_string_equal(buf, want);
	assert_int_equal(n, (int)strlen(want));
}

/* Load text, which must fail, and format its diagnostic. */
static void assert_load_formats(const char *text, const char *want)
{
	river_diag diag;
	river_puzzle *p = NULL;

	assert_true(river_puzzle_load_string(&p, text, strlen(text),
					     "test.puz", &diag) < 0);
	assert_formats(&diag, want);
}

static void test_diag_caret_under_column(void **state)
{
	(void)state;
	assert_load_formats("title \"x\"\nitems a @\n",
			    "test.puz:2:9: error: unexpected character '@'\n"
			    "items a @\n"
			    "        ^\n");
}

static void test_diag_caret_after_tab(void **state)
{
	(void)state;
	assert_load_formats("\ttitle \"x\" x\n",
			    "test.puz:1:12: error: unexpected 'x', expected end of line\n"
			    "\ttitle \"x\" x\n"
			    "\t          ^\n");
}

static void test_diag_caret_after_emoji(void **state)
{
	(void)state;
	/* The wolf is one column but two cells wide. */
	assert_load_formats("title \"🐺\" x\n",
			    "test.puz:1:11: error: unexpected 'x', expected end of line\n"
			    "title \"🐺\" x\n"
			    "           ^\n");
}

/*
 * Regression (lib/util/diag.c, caret_prefix): widths are taken one code point
 * at a time, so a ZWJ sequence such as "👨‍🌾" (two cells, as
 * utf8_width says) is counted as four and the caret lands two cells
 * right of the column.
 */
static void test_diag_caret_after_zwj_sequence(void **state)
{
	(void)state;
	assert_load_formats("title \"👨‍🌾\" x\n",
			    "test.puz:1:13: error: unexpected 'x', expected end of line\n"
			    "title \"👨‍🌾\" x\n"
			    "           ^\n");
}

static void test_diag_control_characters_shown_as_question_marks(void **state)
{
	(void)state;
	assert_load_formats("title \"x\"\x01 x\n",
			    "test.puz:1:10: error: unexpected byte 0x01\n"
			    "title \"x\"? x\n"
			    "         ^\n");
}

/* An error near the start of a long line: the window keeps the start
 * and marks the cut end; a NUL after the error shows as '?'. */
static void test_diag_long_line_cut_at_the_end(void **state)
{
	char text[1200];
	river_diag diag;
	size_t len, i;

	(void)state;
	len = (size_t)snprintf(text, sizeof text, "items @");
	for (i = 0; i < 100; i++)
		len += (size_t)snprintf(text + len, sizeof text - len, ", a%zu", i);
	unit_load_fails(text, RIVER_ESYNTAX, &diag);
	assert_int_equal(diag.column, 7);
	assert_int_equal(diag.source_column, 7);
	assert_memory_equal(diag.source_line, "items @, a0", 11);
	assert_string_equal(diag.source_line + strlen(diag.source_line) - 3, "...");
	assert_true(strlen(diag.source_line) < sizeof diag.source_line);
}

static void test_diag_long_line_is_windowed(void **state)
{
	char text[400], caret[300], *want;
	river_diag diag;
	size_t len, i;
	int n;

	(void)state;
	len = (size_t)snprintf(text, sizeof text, "items a0");
	for (i = 1; i < 60; i++)
		len += (size_t)snprintf(text + len, sizeof text - len, ", a%zu", i);
	snprintf(text + len, sizeof text - len, " @\n");
	unit_load_fails(text, RIVER_ESYNTAX, &diag);
	assert_int_equal(diag.column, (int)len + 2);
	assert_true(strlen(diag.source_line) < sizeof diag.source_line);
	assert_memory_equal(diag.source_line, "...", 3);
	assert_true(diag.source_column > 3);
	assert_int_equal(diag.source_line[diag.source_column - 1], '@');
	/* The caret sits under the '@' of the window. */
	for (i = 0; i + 1 < (size_t)diag.source_column; i++)
		caret[i] = ' ';
	caret[i] = '\0';
	want = malloc(1024);
	assert_non_null(want);
	snprintf(want, 1024, "test.puz:1:%d: error: unexpected character '@'\n"
		 "%s\n%s^\n", diag.column, diag.source_line, caret);
	n = river_diag_format(NULL, 0, &diag);
	assert_int_equal(n, (int)strlen(want));
	assert_formats(&diag, want);
	free(want);
}

static void test_diag_without_location(void **state)
{
	(void)state;
	assert_load_formats("title \"x\"\nitems a\n",
			    "test.puz: error: the puzzle has no boat "
			    "(add a line such as: boat seats 2)\n");
}

static void test_diag_without_file_name(void **state)
{
	river_diag diag;

	(void)state;
	memset(&diag, 0, sizeof diag);
	snprintf(diag.message, sizeof diag.message, "boom");
	assert_formats(&diag, "river: error: boom\n");
	/* A hand-made diag without source_column uses column. */
	diag.line = 3;
	diag.column = 2;
	snprintf(diag.source_line, sizeof diag.source_line, "abc");
	assert_formats(&diag, "river:3:2: error: boom\nabc\n ^\n");
}

static void test_diag_format_truncates_like_snprintf(void **state)
{
	river_diag diag;
	char small[10];
	int n;

	(void)state;
	memset(&diag, 0, sizeof diag);
	snprintf(diag.file, sizeof diag.file, "f.puz");
	snprintf(diag.message, sizeof diag.message, "a long message");
	n = river_diag_format(small, sizeof small, &diag);
	assert_int_equal(n, (int)strlen("f.puz: error: a long message\n"));
	assert_string_equal(small, "f.puz: er");
	assert_int_equal(river_diag_format(NULL, 0, &diag), n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_wgc_exactly),
		cmocka_unit_test(test_text_kinds_sentences),
		cmocka_unit_test(test_text_kinds_table_counts),
		cmocka_unit_test(test_text_labels_in_table_names_in_sentences),
		cmocka_unit_test(test_text_proper_names),
		cmocka_unit_test(test_svg_wgc_panels),
		cmocka_unit_test(test_svg_clock),
		cmocka_unit_test(test_svg_verify_fault),
		cmocka_unit_test(test_text_one_crossing_alone),
		cmocka_unit_test(test_text_rower_takes_two_individuals),
		cmocka_unit_test(test_text_joins_last_noun_with_and_after_counted_kind),
		cmocka_unit_test(test_text_unsolvable),
		cmocka_unit_test(test_text_unsolvable_up_to_alike),
		cmocka_unit_test(test_json_wgc_exactly),
		cmocka_unit_test(test_json_kinds_repeat_names_per_copy),
		cmocka_unit_test(test_json_unsolved),
		cmocka_unit_test(test_json_unsolved_up_to_alike),
		cmocka_unit_test(test_json_escapes_title),
		cmocka_unit_test(test_utf8_width),
		cmocka_unit_test(test_utf8_width_of_sequences),
		cmocka_unit_test(test_utf8_invalid_at),
		cmocka_unit_test(test_utf8_chars),
		cmocka_unit_test(test_utf8_sequence_lengths),
		cmocka_unit_test(test_buf_printf_grows),
		cmocka_unit_test(test_buf_one_large_append),
		cmocka_unit_test(test_buf_take_empty_and_failed),
		cmocka_unit_test(test_diag_caret_under_column),
		cmocka_unit_test(test_diag_caret_after_tab),
		cmocka_unit_test(test_diag_caret_after_emoji),
		cmocka_unit_test(test_diag_caret_after_zwj_sequence),
		cmocka_unit_test(test_diag_control_characters_shown_as_question_marks),
		cmocka_unit_test(test_diag_long_line_is_windowed),
		cmocka_unit_test(test_diag_long_line_cut_at_the_end),
		cmocka_unit_test(test_verdict_render),
		cmocka_unit_test(test_diag_without_location),
		cmocka_unit_test(test_diag_without_file_name),
		cmocka_unit_test(test_diag_format_truncates_like_snprintf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
