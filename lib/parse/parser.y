/* The grammar of .puz files.  It only builds the syntax tree; names are
 * resolved and meaning checked by the compile pass.  Every node goes to
 * the parse arena, which also frees whatever an error leaves behind, so
 * no %destructor is needed. */
%require "3.6"
%define api.pure full
%define api.prefix {river_yy}
%define parse.error custom
%define parse.lac full
%locations
%expect 0
%start puzzle

%code requires {
#include "parse/ast.h"
#include "parse/parse.h"
#ifndef YY_TYPEDEF_YY_SCANNER_T
#define YY_TYPEDEF_YY_SCANNER_T
typedef void *yyscan_t;
#endif
}

%param {yyscan_t scanner}
%parse-param {struct parse_ctx *ctx}

%code {
#include <ctype.h>
#include <stdio.h>
#include <string.h>

int river_yylex(RIVER_YYSTYPE *lval, RIVER_YYLTYPE *lloc, yyscan_t scanner);
static void river_yyerror(const RIVER_YYLTYPE *lloc, yyscan_t scanner,
			  struct parse_ctx *ctx, const char *msg);

static struct loc L(const RIVER_YYLTYPE *lloc)
{
	struct loc loc = {lloc->first_line, lloc->first_column};
	return loc;
}

/* Allocate a node, or stop the parse when memory runs out. */
#define NEW(var, lloc)                                                     \
	do {                                                               \
		(var) = arena_alloc(ctx->arena, sizeof *(var));            \
		if (!(var)) {                                              \
			struct loc nl = L(&(lloc));                        \
			parse_error(ctx, RIVER_ENOMEM, &nl, "out of memory"); \
			YYABORT;                                           \
		}                                                          \
	} while (0)

/* var = lhs op rhs, the operands copied into the arena; located at the
 * left operand, where the reader's eye starts. */
#define BINARY(var, o, l, r, lloc)                                         \
	do {                                                               \
		struct ast_value *lr_;                                     \
		lr_ = arena_alloc(ctx->arena, 2 * sizeof *lr_);            \
		if (!lr_) {                                                \
			struct loc nl = L(&(lloc));                        \
			parse_error(ctx, RIVER_ENOMEM, &nl, "out of memory"); \
			YYABORT;                                           \
		}                                                          \
		lr_[0] = (l);                                              \
		lr_[1] = (r);                                              \
		memset(&(var), 0, sizeof (var));                           \
		(var).op = (o);                                            \
		(var).lhs = &lr_[0];                                       \
		(var).rhs = &lr_[1];                                       \
		(var).loc = lr_[0].loc;                                    \
	} while (0)

#define CEXPR(var, lloc, k)                                                \
	do {                                                               \
		struct ast_cexpr *cx_;                                     \
		NEW(cx_, lloc);                                            \
		cx_->kind = (k);                                           \
		cx_->loc = L(&(lloc));                                     \
		(var) = cx_;                                               \
	} while (0)

#define COND_RULE(var, lloc, cx, unl, place)                             \
	do {                                                               \
		NEW(var, lloc);                                            \
		(var)->kind = ST_COND;                                     \
		(var)->loc = L(&(lloc));                                   \
		(var)->u.rule.cond = (cx);                                 \
		(var)->u.rule.unless = (unl).first;                        \
		(var)->u.rule.where = (place);                             \
	} while (0)

/* "the boat may go between ...": routes NULL for any two places. */
#define ROUTES(var, pairs_)                                                \
	do {                                                               \
		(var)->u.routes.any = (pairs_) == NULL;                    \
		(var)->u.routes.pairs = (pairs_);                          \
	} while (0)

/* "a b" in the parse arena, or NULL when memory runs out. */
static char *join_words(struct parse_ctx *ctx, const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	char *t = arena_alloc(ctx->arena, na + nb + 2);

	if (t) {
		memcpy(t, a, na);
		t[na] = ' ';
		memcpy(t + na + 1, b, nb + 1);
	}
	return t;
}

/* The verb of "the boat may go between": go, or travel. */
static bool go_word(struct parse_ctx *ctx, const char *w,
		    const RIVER_YYLTYPE *lloc)
{
	struct loc nl = L(lloc);

	if (strcmp(w, "go") == 0 || strcmp(w, "travel") == 0)
		return true;
	parse_error(ctx, RIVER_ESYNTAX, &nl, "expected 'go' after 'may', "
		    "as in: the boat may go between any two places");
	return false;
}

#define APPEND(list, node)                                                 \
	do {                                                               \
		if ((list).last)                                           \
			(list).last->next = (node);                        \
		else                                                       \
			(list).first = (node);                             \
		(list).last = (node);                                      \
	} while (0)

static void add_stmt(struct parse_ctx *ctx, struct ast_stmt *st)
{
	APPEND(*ctx->ast, st);
}
}

%union {
	char *str;
	unsigned long long num;
	struct ast_name *name;
	struct ast_names names;
	struct ast_route *route;
	struct ast_routes routes;
	struct ast_item *item;
	struct ast_items items;
	struct ast_boat_clause *clause;
	struct ast_boat_clauses clauses;
	struct ast_stmt *stmt;
	struct ast_value value;
	struct ast_place *place;
	struct ast_places places;
	int side;
	struct ast_cond *cond;
	struct ast_cexpr *cexpr;
	struct ast_term *term;
	struct ast_terms terms;
	enum ast_cmp cmp;
	struct ast_conds conds;
	struct ast_decor {
		struct ast_annots annots;
		const char *label;
	} decor;
	struct ast_annot *annot;
	struct ast_annots annots;
	struct ast_load *load;
	struct ast_loads loads;
	struct ast_sum sum;
	struct ast_nums nums;
	struct ast_stmt *rows;
}

%token TITLE "title" DESCRIPTION "description" ITEM "item" BOAT "boat"
%token SEATS "seats" ROWERS "rowers" NONE "none" GUARD "guard"
%token EATS "eats" UNLESS "unless" IS "is" ARE "are" THERE "there"
%token MUST "must" NOT "not" OUTNUMBER "outnumber" OR "or" AND "and"
%token NL "end of line" THE "the" PARAM "param"
%token START "start" GOAL "goal" ON "on" LEFT "left" RIGHT "right" BANK "bank"
%token FOR "for" IN "in" WHERE "where" BE "be" WITH "with" DOTS ".." NE "!="
%token LE "<=" GE ">=" MOD "mod" NO "no" MAY "may" HOLD "hold"
%token NOTHING "nothing" ELSE "else" PLACES "places" BETWEEN "between"
%token ROWS "rows" ONLY "only" ALONE "alone" ODD "odd" EVEN "even"
%token CROSSINGS "crossings" EVERY "every" OF "of" WITHOUT "without"
%token TOGETHER "together" AT "at" MOST "most" LEAST "least" EXCEED "exceed"
%token BY "by" MORE "more" THAN "than" EVERYWHERE "everywhere" GROUP "group"
%token MINIMIZE "minimize" TIME "time" LIMIT "limit" LOAD "load"
%token MARGIN "margin" CARRIES "carries" LEFT_ALONE "left alone"
%token <str> NAME "name" STRING "string"
%token <num> NUMBER "number"

%type <name> name bare_name
%type <names> list guard_list unless either clist
%type <cexpr> cexpr cand cnot catom
%type <term> cterm
%type <terms> csum
%type <item> item
%type <items> items
%type <str> attr_name
%type <annot> annot
%type <annots> annots
%type <decor> decor
%type <load> load
%type <loads> loads
%type <places> load_elems
%type <place> load_elem
%type <sum> sum attr_sum
%type <nums> nums
%type <stmt> rows_tail must_rule
%type <side> where_place
%type <value> margin
%type <clause> boat_clause
%type <clauses> boat_clauses
%type <stmt> statement rule
%type <cond> cond
%type <conds> conds where
%type <value> value term factor lead_value lead_term lead_factor
%type <cmp> cmp
%type <str> param_name
%type <place> place
%type <places> places
%type <name> side words word_seq place_list
%type <route> routes route
%type <routes> route_pairs
%type <str> word

%%

rule
	: name "eats" name unless where_place {
		NEW($$, @1); $$->kind = ST_EATS; $$->loc = L(&@1);
		$$->u.rule.a = $1; $$->u.rule.b = $3;
		$$->u.rule.unless = $4.first;
		$$->u.rule.where = (enum ast_where)$5;
	}
	| list "must" "not" must_rule where_place {
		$$ = $4; $$->loc = L(&@1); $$->u.rule.a = $1.first;
		$$->u.rule.where = (enum ast_where)$5;
	}
	| "at" "most" value of list where_place {
		NEW($$, @1); $$->kind = ST_AT_MOST; $$->loc = L(&@1);
		$$->u.rule.has_bound = true; $$->u.rule.bound = $3;
		$$->u.rule.a = $5.first;
		$$->u.rule.where = (enum ast_where)$6;
	}
	| "at" "least" value of list where_place {
		NEW($$, @1); $$->kind = ST_AT_LEAST; $$->loc = L(&@1);
		$$->u.rule.has_bound = true; $$->u.rule.bound = $3;
		$$->u.rule.a = $5.first;
		$$->u.rule.where = (enum ast_where)$6;
	}
	| "no" "bank" "may" "hold" cexpr unless {
		COND_RULE($$, @1, $5, $6, WHERE_BANKS);
	}
	| "no" "bank" "or" "boat" "may" "hold" cexpr unless {
		COND_RULE($$, @1, $7, $8, WHERE_BOTH);
	}
	| "the" "boat" "must" "not" "hold" cexpr unless {
		COND_RULE($$, @1, $6, $7, WHERE_BOAT);
	}
	| attr_sum "must" "not" "exceed" sum where_place {
		NEW($$, @1); $$->kind = ST_SUM; $$->loc = L(&@1);
		$$->u.rule.lhs = $1; $$->u.rule.rhs = $5;
		$$->u.rule.where = (enum ast_where)$6;
	}
	;

/* A general rule's condition: or below and below not, as in logic;
 * parentheses group. */
cexpr
	: cand
	| cexpr "or" cand	{ CEXPR($$, @2, CX_OR); $$->a = $1; $$->b = $3; }
	;

cand
	: cnot
	| cand "and" cnot	{ CEXPR($$, @2, CX_AND); $$->a = $1; $$->b = $3; }
	;

cnot
	: catom
	| "not" cnot		{ CEXPR($$, @1, CX_NOT); $$->a = $2; }
	;

catom
	: '(' cexpr ')'		{ $$ = $2; }
	| csum cmp csum {
		CEXPR($$, @1, CX_CMP); $$->lhs = $1.first; $$->cmp = $2;
		$$->rhs = $3.first;
	}
	| csum			{ CEXPR($$, @1, CX_CMP); $$->lhs = $1.first; }
	| "at" "least" value "of" clist {
		CEXPR($$, @1, CX_AT_LEAST); $$->bound = $3;
		$$->names = $5.first;
	}
	| "at" "most" value "of" clist {
		CEXPR($$, @1, CX_AT_MOST); $$->bound = $3;
		$$->names = $5.first;
	}
	| "nothing" "else"	{ CEXPR($$, @1, CX_NOTHING_ELSE); }
	;

/* "wolves + cows", "money of bags", "2": numbers added up. */
csum
	: cterm			{ $$.first = $$.last = $1; }
	| csum '+' cterm	{ $$ = $1; APPEND($$, $3); }
	| csum '-' cterm	{ $$ = $1; $3->minus = true; APPEND($$, $3); }
	;

cterm
	: NUMBER {
		NEW($$, @1); $$->is_number = true; $$->value.number = $1;
		$$->value.loc = $$->loc = L(&@1);
	}
	| name			{ NEW($$, @1); $$->names = $1; $$->loc = L(&@1); }
	| attr_name "of" clist {
		NEW($$, @1); $$->attr = $1; $$->names = $3.first;
		$$->loc = L(&@1);
	}
	;

/* Names in a condition: only commas, as "and" joins conditions. */
clist
	: name			{ $$.first = $$.last = $1; }
	| clist ',' name	{ $$ = $1; APPEND($$, $3); }
	;

/* What follows "A must not": the rule's kind and its other side. */
must_rule
	: "be" "with" either unless {
		NEW($$, @1); $$->kind = ST_EATS;
		$$->u.rule.b = $3.first; $$->u.rule.unless = $4.first;
		$$->u.rule.with = true;
	}
	| "outnumber" list margin {
		NEW($$, @1); $$->kind = ST_OUTNUMBER;
		$$->u.rule.b = $2.first;
		$$->u.rule.has_bound = $3.loc.line != 0; $$->u.rule.bound = $3;
	}
	| "be" "without" guard_list {
		NEW($$, @1); $$->kind = ST_WITHOUT;
		$$->u.rule.unless = $3.first;
	}
	| "be" "alone" {
		NEW($$, @1); $$->kind = ST_ALONE;
	}
	| "be" "left alone" {
		NEW($$, @1); $$->kind = ST_ALONE;
	}
	| "be" "alone" "together" {
		NEW($$, @1); $$->kind = ST_EXACT;
	}
	| "be" "alone" "with" list {
		NEW($$, @1); $$->kind = ST_EXACT; $$->u.rule.b = $4.first;
	}
	;

/* "b or c": each of them, one at a time. */
either
	: name			{ $$.first = $$.last = $1; }
	| either "or" name	{ $$ = $1; APPEND($$, $3); }
	;

/* "by more than 1": how far A may outnumber B. */
margin
	: %empty	{ $$.number = 0; $$.param = NULL; $$.loc.line = 0; $$.loc.column = 0; }
	| "by" "more" "than" value	{ $$ = $4; }
	;

of
	: %empty
	| "of"
	;

/* "weight of the father and mother", or a number. */
attr_sum
	: attr_name "of" list {
		$$.attr = $1; $$.names = $3.first; $$.loc = L(&@1);
		$$.value.number = 0; $$.value.param = NULL;
	}
	;

sum
	: attr_sum
	| NUMBER {
		$$.attr = NULL; $$.names = NULL; $$.loc = L(&@1);
		$$.value.number = $1; $$.value.param = NULL; $$.value.loc = L(&@1);
	}
	;

attr_name
	: NAME		{ $$ = $1; }
	| "time"	{ $$ = "time"; }
	| "load"	{ $$ = "load"; }
	;

/* Where a rule holds: on the banks (when not said), in the boat, or
 * both. */
where_place
	: %empty			{ $$ = 0; }
	| "in" "the" "boat"		{ $$ = WHERE_BOAT; }
	| "in" "boat"			{ $$ = WHERE_BOAT; }
	| "on" "the" "bank"		{ $$ = WHERE_BANKS; }
	| "on" "bank"			{ $$ = WHERE_BANKS; }
	| "everywhere"			{ $$ = WHERE_BOTH; }
	;

where
	: %empty		{ $$.first = $$.last = NULL; }
	| "where" conds		{ $$ = $2; }
	;

conds
	: cond			{ $$.first = $$.last = $1; }
	| conds comma cond	{ $$ = $1; APPEND($$, $3); }
	| conds "and" cond	{ $$ = $1; APPEND($$, $3); }
	;

cond
	: value cmp value {
		NEW($$, @1); $$->a = $1; $$->cmp = $2; $$->b = $3;
		$$->loc = L(&@1);
	}
	;

cmp
	: '='		{ $$ = CMP_EQ; }
	| "!="		{ $$ = CMP_NE; }
	| '<'		{ $$ = CMP_LT; }
	| "<="		{ $$ = CMP_LE; }
	| '>'		{ $$ = CMP_GT; }
	| ">="		{ $$ = CMP_GE; }
	;

/* One statement a line; blank lines and comments between them. */
puzzle
	: %empty
	| puzzle NL
	| puzzle statement NL	{ add_stmt(ctx, $2); }
	;

/* A list may go on after a comma on the next line. */
comma
	: ','
	| comma NL
	;

statement
	: "title" STRING {
		NEW($$, @1); $$->kind = ST_TITLE; $$->loc = L(&@1);
		$$->u.string.text = $2; $$->u.string.loc = L(&@2);
	}
	| "description" STRING {
		NEW($$, @1); $$->kind = ST_DESCRIPTION; $$->loc = L(&@1);
		$$->u.string.text = $2; $$->u.string.loc = L(&@2);
	}
	| "item" items {
		NEW($$, @1); $$->kind = ST_ITEMS; $$->loc = L(&@1);
		$$->u.items = $2.first;
	}
	| "boat" boat_clauses {
		NEW($$, @1); $$->kind = ST_BOAT; $$->loc = L(&@1);
		$$->u.boat.clauses = $2.first;
	}
	| "boat" NAME boat_clauses {
		NEW($$, @1); $$->kind = ST_BOAT; $$->loc = L(&@1);
		$$->u.boat.clauses = $3.first;
		$$->u.boat.name = $2; $$->u.boat.name_loc = L(&@2);
	}
	| "places" place_list {
		NEW($$, @1); $$->kind = ST_PLACES; $$->loc = L(&@1);
		$$->u.places = $2;
	}
	| "the" "boat" "may" NAME "between" routes {
		if (!go_word(ctx, $4, &@4))
			YYABORT;
		NEW($$, @1); $$->kind = ST_ROUTES; $$->loc = L(&@1);
		ROUTES($$, $6);
	}
	| "the" NAME "may" NAME "between" routes {
		if (!go_word(ctx, $4, &@4))
			YYABORT;
		NEW($$, @1); $$->kind = ST_ROUTES; $$->loc = L(&@1);
		$$->u.routes.boat = $2; $$->u.routes.boat_loc = L(&@2);
		ROUTES($$, $6);
	}
	| "rowers" list {
		NEW($$, @1); $$->kind = ST_ROWERS; $$->loc = L(&@1);
		$$->u.rowers.names = $2.first;
	}
	| "rowers" "none" {
		NEW($$, @1); $$->kind = ST_ROWERS; $$->loc = L(&@1);
		$$->u.rowers.names = NULL;
	}
	| "the" "boat" "is" NAME "by" list {
		if (strcmp($4, "rowed") != 0) {
			struct loc nl = L(&@4);
			parse_error(ctx, RIVER_ESYNTAX, &nl, "expected 'rowed', "
				    "as in: the boat is rowed by ferryman");
			YYABORT;
		}
		NEW($$, @1); $$->kind = ST_ROWERS; $$->loc = L(&@1);
		$$->u.rowers.names = $6.first;
		$$->u.rowers.boat = "boat"; $$->u.rowers.boat_loc = L(&@2);
	}
	| "the" NAME "is" NAME "by" list {
		if (strcmp($4, "rowed") != 0) {
			struct loc nl = L(&@4);
			parse_error(ctx, RIVER_ESYNTAX, &nl, "expected 'rowed', "
				    "as in: the %s is rowed by ferryman", $2);
			YYABORT;
		}
		NEW($$, @1); $$->kind = ST_ROWERS; $$->loc = L(&@1);
		$$->u.rowers.names = $6.first;
		$$->u.rowers.boat = $2; $$->u.rowers.boat_loc = L(&@2);
	}
	| "guard" list {
		NEW($$, @1); $$->kind = ST_GUARD; $$->loc = L(&@1);
		$$->u.guard = $2.first;
	}
	| rule
	| list "rows" "only" rows_tail {
		$$ = $4; $$->loc = L(&@1); $$->u.rows.names = $1.first;
	}
	| "group" NAME '=' list {
		NEW($$, @1); $$->kind = ST_GROUP; $$->loc = L(&@2);
		$$->u.group.name = $2; $$->u.group.names = $4.first;
	}
	| "minimize" "time" {
		NEW($$, @1); $$->kind = ST_MINIMIZE; $$->loc = L(&@1);
		$$->u.minimize_time = true;
	}
	| "minimize" "crossings" {
		NEW($$, @1); $$->kind = ST_MINIMIZE; $$->loc = L(&@1);
	}
	| "time" "limit" value {
		NEW($$, @1); $$->kind = ST_TIME_LIMIT; $$->loc = L(&@1);
		$$->u.limit = $3;
	}
	| "for" list "in" value ".." value where ':' rule {
		NEW($$, @1); $$->kind = ST_FOR; $$->loc = L(&@1);
		$$->u.loop.vars = $2.first; $$->u.loop.from = $4;
		$$->u.loop.to = $6; $$->u.loop.where = $7.first;
		$$->u.loop.rule = $9;
	}
	| "start" places side {
		NEW($$, @1); $$->kind = ST_START; $$->loc = L(&@1);
		$$->u.place.places = $2.first; $$->u.place.where = $3->text;
		$$->u.place.where_loc = $3->loc;
	}
	| "goal" places side {
		NEW($$, @1); $$->kind = ST_GOAL; $$->loc = L(&@1);
		$$->u.place.places = $2.first; $$->u.place.where = $3->text;
		$$->u.place.where_loc = $3->loc;
	}
	| "param" param_name {
		NEW($$, @1); $$->kind = ST_PARAM; $$->loc = L(&@2);
		$$->u.param.name = $2;
	}
	| "param" param_name '=' NUMBER {
		NEW($$, @1); $$->kind = ST_PARAM; $$->loc = L(&@2);
		$$->u.param.name = $2; $$->u.param.has_value = true;
		$$->u.param.value = $4;
	}
	;

/* After "X rows only": when X may row. */
rows_tail
	: "alone" {
		NEW($$, @1); $$->kind = ST_ROWS; $$->u.rows.alone = true;
	}
	| "on" "odd" "crossings" {
		NEW($$, @1); $$->kind = ST_ROWS; $$->u.rows.odd = true;
	}
	| "on" "even" "crossings" {
		NEW($$, @1); $$->kind = ST_ROWS; $$->u.rows.even = true;
	}
	| "on" "crossings" nums "of" "every" value {
		NEW($$, @1); $$->kind = ST_ROWS; $$->u.rows.on = $3.first;
		$$->u.rows.every = $6;
	}
	;

nums
	: value {
		struct ast_num *n; NEW(n, @1); n->value = $1;
		$$.first = $$.last = n;
	}
	| nums comma value {
		struct ast_num *n; NEW(n, @3); n->value = $3;
		$$ = $1; APPEND($$, n);
	}
	| nums "and" value {
		struct ast_num *n; NEW(n, @3); n->value = $3;
		$$ = $1; APPEND($$, n);
	}
	;

places
	: place			{ $$.first = $$.last = $1; }
	| places comma place	{ $$ = $1; APPEND($$, $3); }
	;

/* "boat", "wolf", "the wolf", "2 cannibals", "n cannibals". */
place
	: "boat" {
		NEW($$, @1); $$->boat = true; $$->loc = L(&@1);
	}
	| name {
		NEW($$, @1); $$->name = $1; $$->loc = $1->loc;
	}
	| value name {
		NEW($$, @1); $$->counted = true; $$->count = $1;
		$$->name = $2; $$->loc = $2->loc;
	}
	;

/* "on the right", "on the left bank", "on the island": a place's words. */
side
	: "on" "the" words		{ $$ = $3; }
	| "on" words			{ $$ = $2; }
	;

/* A place's name: one or more words, "left bank", "island". */
words
	: word_seq {
		$$ = $1;
	}
	;

word_seq
	: word {
		NEW($$, @1); $$->text = $1; $$->loc = L(&@1);
	}
	| word_seq word {
		char *t = join_words(ctx, $1->text, $2);
		if (!t) {
			struct loc nl = L(&@2);
			parse_error(ctx, RIVER_ENOMEM, &nl, "out of memory");
			YYABORT;
		}
		$$ = $1; $$->text = t;
	}
	;

word
	: NAME		{ $$ = $1; }
	| "left"	{ $$ = "left"; }
	| "right"	{ $$ = "right"; }
	| "bank"	{ $$ = "bank"; }
	;

/* "places left bank, island, right bank" */
place_list
	: words			{ $$ = $1; }
	| place_list comma words {
		struct ast_name *n = $1;
		while (n->next)
			n = n->next;
		n->next = $3; $$ = $1;
	}
	;

/* After "the boat may go between": "any two places", or pairs. */
routes
	: words "places" {
		if (strcmp($1->text, "any two") != 0) {
			struct loc nl = $1->loc;
			parse_error(ctx, RIVER_ESYNTAX, &nl, "expected 'any "
				    "two places', or pairs of places such "
				    "as 'left bank and island'");
			YYABORT;
		}
		$$ = NULL;
	}
	| route_pairs		{ $$ = $1.first; }
	;

route_pairs
	: route			{ $$.first = $$.last = $1; }
	| route_pairs comma route { $$ = $1; APPEND($$, $3); }
	;

/* "left bank and island", "island and right bank in time 3". */
route
	: words "and" words {
		NEW($$, @1);
		$$->a = $1->text; $$->a_loc = $1->loc;
		$$->b = $3->text; $$->b_loc = $3->loc;
	}
	| words "and" words "in" "time" value {
		NEW($$, @1);
		$$->a = $1->text; $$->a_loc = $1->loc;
		$$->b = $3->text; $$->b_loc = $3->loc;
		$$->timed = true; $$->time = $6;
	}
	;

/* "seats" may name a parameter: river -D seats=3 reads naturally. */
param_name
	: NAME		{ $$ = $1; }
	| "seats"	{ $$ = "seats"; }
	;

/* A number: written out, or a parameter's value. */
/* Numbers, with + and - below * and mod, all to the left: "n-1",
 * "(i mod n)+1". */
value
	: term
	| value '+' term	{ BINARY($$, '+', $1, $3, @2); }
	| value '-' term	{ BINARY($$, '-', $1, $3, @2); }
	;

term
	: factor
	| term '*' factor	{ BINARY($$, '*', $1, $3, @2); }
	| term "mod" factor	{ BINARY($$, 'm', $1, $3, @2); }
	;

factor
	: lead_factor
	| param_name {
		memset(&$$, 0, sizeof $$); $$.param = $1; $$.loc = L(&@1);
	}
	;

/* A number that does not start with a name: after a comma in an item's
 * attributes, where a name starts the next attribute. */
lead_value
	: lead_term
	| lead_value '+' term	{ BINARY($$, '+', $1, $3, @2); }
	| lead_value '-' term	{ BINARY($$, '-', $1, $3, @2); }
	;

lead_term
	: lead_factor
	| lead_term '*' factor	{ BINARY($$, '*', $1, $3, @2); }
	| lead_term "mod" factor { BINARY($$, 'm', $1, $3, @2); }
	;

lead_factor
	: NUMBER {
		memset(&$$, 0, sizeof $$); $$.number = $1; $$.loc = L(&@1);
	}
	| '(' value ')'		{ $$ = $2; }
	;

items
	: item			{ $$.first = $$.last = $1; }
	| items comma item	{ $$ = $1; APPEND($$, $3); }
	;

item
	: NAME decor {
		NEW($$, @1); $$->name = $1; $$->label = $2.label; $$->loc = L(&@1);
		$$->annots = $2.annots.first;
	}
	| NAME '[' value ".." value ']' decor {
		NEW($$, @1); $$->name = $1; $$->label = $7.label; $$->loc = L(&@1);
		$$->family = true; $$->from = $3; $$->to = $5;
		$$->annots = $7.annots.first;
	}
	| value NAME decor {
		NEW($$, @1); $$->counted = true; $$->count = $1;
		$$->name = $2; $$->loc = L(&@2);
		$$->annots = $3.annots.first; $$->label = $3.label;
	}
	;

/* A label and annotations, in either order: "Alice" (time 1),
 * (missionary) "M", (weight 90). */
decor
	: %empty {
		$$.annots.first = $$.annots.last = NULL; $$.label = NULL;
	}
	| decor '(' annots ')' {
		$$ = $1;
		if ($$.annots.last)
			$$.annots.last->next = $3.first;
		else
			$$.annots.first = $3.first;
		$$.annots.last = $3.last;
	}
	| decor STRING {
		$$ = $1;
		if ($$.label) {
			struct loc at = L(&@2);
			parse_error(ctx, RIVER_ESYNTAX, &at,
				    "the item already has a label");
			YYABORT;
		}
		$$.label = $2;
	}
	;

annots
	: annot			{ $$.first = $$.last = $1; }
	| annots ',' annot	{ $$ = $1; APPEND($$, $3); }
	| annots ',' lead_value {
		/* "(weight 40, 45)": one more value for the last one; the
		 * compiler refuses it after a singular. */
		struct ast_num *more;

		NEW(more, @3); more->value = $3;
		$$ = $1;
		if ($$.last->more_last)
			$$.last->more_last->next = more;
		else
			$$.last->more = more;
		$$.last->more_last = more;
	}
	;

annot
	: NAME {
		NEW($$, @1); $$->name = $1; $$->loc = L(&@1);
	}
	| attr_name value {
		NEW($$, @1); $$->name = $1; $$->loc = L(&@1);
		$$->has_value = true; $$->value = $2;
	}
	;

boat_clauses
	: boat_clause			{ $$.first = $$.last = $1; }
	| boat_clauses comma boat_clause	{ $$ = $1; APPEND($$, $3); }
	;

boat_clause
	: "seats" value {
		NEW($$, @1); $$->kind = BOAT_SEATS; $$->loc = L(&@1);
		$$->value = $2;
	}
	| "load" value {
		NEW($$, @1); $$->kind = BOAT_LOAD; $$->loc = L(&@1);
		$$->value = $2;
	}
	| "margin" value {
		NEW($$, @1); $$->kind = BOAT_MARGIN; $$->loc = L(&@1);
		$$->value = $2;
	}
	| "time" value {
		NEW($$, @1); $$->kind = BOAT_TIME; $$->loc = L(&@1);
		$$->value = $2;
	}
	| "carries" loads {
		NEW($$, @1); $$->kind = BOAT_CARRIES; $$->loc = L(&@1);
		$$->loads = $2.first;
	}
	;

/* "soldier or 2 boys or mouse and chicken". */
loads
	: load			{ $$.first = $$.last = $1; }
	| loads "or" load	{ $$ = $1; APPEND($$, $3); }
	;

load
	: load_elems {
		NEW($$, @1); $$->elems = $1; $$->loc = L(&@1);
	}
	;

load_elems
	: load_elem			{ $$.first = $$.last = $1; }
	| load_elems "and" load_elem	{ $$ = $1; APPEND($$, $3); }
	| load_elems "with" load_elem	{ $$ = $1; APPEND($$, $3); }
	;

load_elem
	: name {
		NEW($$, @1); $$->name = $1; $$->loc = $1->loc;
	}
	| value name {
		NEW($$, @1); $$->counted = true; $$->count = $1;
		$$->name = $2; $$->loc = $2->loc;
	}
	;

unless
	: %empty		{ $$.first = $$.last = NULL; }
	| "unless" guard_list there	{ $$ = $2; }
	;

there
	: %empty
	| "is" "there"
	| "are" "there"
	;

/* Items that all play the same part: "father, mother and policeman". */
list
	: name			{ $$.first = $$.last = $1; }
	| list comma name	{ $$ = $1; APPEND($$, $3); }
	| list "and" name	{ $$ = $1; APPEND($$, $3); }
	;

/* Any one of these prevents the harm: "farmer or shepherd". */
guard_list
	: name			{ $$.first = $$.last = $1; }
	| guard_list comma name	{ $$ = $1; APPEND($$, $3); }
	| guard_list "or" name	{ $$ = $1; APPEND($$, $3); }
	;

/* "the wolf" reads better in a rule, and means "wolf". */
name
	: bare_name
	| "the" bare_name	{ $$ = $2; }
	;

bare_name
	: NAME { NEW($$, @1); $$->text = $1; $$->loc = L(&@1); }
	| NAME '[' value ']' {
		NEW($$, @1); $$->text = $1; $$->loc = L(&@1);
		$$->indexed = true; $$->index = $3;
	}
	;

%%

/* Quote a grammar symbol the way the manual writes it: 'eats', a name. */
static const char *symbol_text(yysymbol_kind_t sym, char *buf, size_t size)
{
	const char *name = yysymbol_name(sym);
	size_t len = strlen(name);

	if (sym == YYSYMBOL_YYEOF)
		return "end of file";
	if (sym == YYSYMBOL_NAME)
		return "a name";
	if (sym == YYSYMBOL_STRING)
		return "a \"string\"";
	if (sym == YYSYMBOL_NUMBER)
		return "a number";
	if (sym == YYSYMBOL_NL)
		return "end of line";
	if (len >= 2 && (name[0] == '"' || name[0] == '\'')) {
		name++;
		len -= 2;
	}
	snprintf(buf, size, "'%.*s'", (int)len, name);
	return buf;
}

static bool symbol_is(yysymbol_kind_t sym, const char *name)
{
	return strcmp(yysymbol_name(sym), name) == 0;
}

static int yyreport_syntax_error(const yypcontext_t *yyctx, yyscan_t scanner,
				 struct parse_ctx *ctx)
{
	enum { MAX_EXPECTED = 6, MAX_ASKED = 16 };
	yysymbol_kind_t expected[MAX_ASKED];
	yysymbol_kind_t got = yypcontext_token(yyctx);
	struct loc loc = L(yypcontext_location(yyctx));
	char what[128], msg[400], one[64];
	int n = yypcontext_expected_tokens(yyctx, expected, MAX_ASKED);
	size_t len;
	int i, kept;
	bool value, name_expected = false, or_expected = false;

	(void)scanner;
	if (got == YYSYMBOL_YYEOF)
		snprintf(what, sizeof what, "end of file");
	else if (got == YYSYMBOL_NL)
		snprintf(what, sizeof what, "end of line");
	else
		snprintf(what, sizeof what, "'%.*s'",
			 (int)(ctx->tok_len > 60 ? 60 : ctx->tok_len),
			 ctx->src->text + ctx->tok_offset);
	if (n < 0)
		n = 0; /* no memory to work the list out: give none */
	/* 'the' is noise before a name, 'seats' where a number may stand
	 * is a parameter's name, '(' there opens arithmetic, and so do the
	 * operators after a name that may be a parameter: listing them
	 * would only distract. */
	for (i = 0, value = false; i < n; i++)
		value |= expected[i] == YYSYMBOL_NUMBER;
	for (i = 0, kept = 0; i < n; i++)
		if (expected[i] != YYSYMBOL_THE &&
		    !(value && (expected[i] == YYSYMBOL_SEATS ||
				symbol_is(expected[i], "'('"))) &&
		    !symbol_is(expected[i], "'+'") &&
		    !symbol_is(expected[i], "'-'") &&
		    !symbol_is(expected[i], "'*'") &&
		    expected[i] != YYSYMBOL_MOD)
			expected[kept++] = expected[i];
	for (i = 0; i < kept; i++) {
		name_expected |= expected[i] == YYSYMBOL_NAME;
		or_expected |= expected[i] == YYSYMBOL_OR;
	}
	n = kept <= MAX_EXPECTED ? kept : 0;
	len = (size_t)snprintf(msg, sizeof msg, "unexpected %s", what);
	/* n is 0 when more tokens were possible than fit: say nothing then. */
	for (i = 0; i < n && len < sizeof msg; i++)
		len += (size_t)snprintf(msg + len, sizeof msg - len, "%s%s",
					i == 0 ? ", expected " :
					i == n - 1 ? " or " : ", ",
					symbol_text(expected[i], one, sizeof one));
	/* A hint where the mistake is a common one. */
	if (got == YYSYMBOL_NAME || got == YYSYMBOL_NUMBER ||
	    got == YYSYMBOL_STRING || got == YYSYMBOL_NL ||
	    got == YYSYMBOL_YYEOF)
		;
	else if (symbol_is(got, "','") && or_expected && len < sizeof msg)
		len += (size_t)snprintf(msg + len, sizeof msg - len,
					" (join several names here with 'or', "
					"as in 'b or c', or name a group)");
	else if (name_expected && got != YYSYMBOL_YYerror &&
		 got != YYSYMBOL_YYUNDEF &&
		 isalpha((unsigned char)yysymbol_name(got)[0]) &&
		 len < sizeof msg)
		len += (size_t)snprintf(msg + len, sizeof msg - len,
					" ('%.*s' is a keyword, and a name "
					"cannot be one: '%c%.*s' would do)",
					(int)ctx->tok_len,
					ctx->src->text + ctx->tok_offset,
					toupper((unsigned char)ctx->src->text
						[ctx->tok_offset]),
					(int)ctx->tok_len - 1,
					ctx->src->text + ctx->tok_offset + 1);
	parse_error(ctx, RIVER_ESYNTAX, &loc, "%s", msg);
	return 0;
}

static void river_yyerror(const RIVER_YYLTYPE *lloc, yyscan_t scanner,
			  struct parse_ctx *ctx, const char *msg)
{
	struct loc loc = L(lloc);

	(void)scanner;
	parse_error(ctx, RIVER_ESYNTAX, &loc, "%s", msg);
}
