/* Fuzz target: the readers of external engines' answers (MiniZinc's
 * JSON, Z3's model, CBC's solution file, GLPK's printout) and the JSON
 * reader under them.  Internal functions: linked against the core.
 *
 * The first byte chooses: '0'..'7' an engine (minizinc, z3, cbc, glpk,
 * two each) and a puzzle (wgc, then missionaries-cannibals), with the
 * model those engines are given at horizon FUZZ_HORIZON; '8' the JSON
 * reader alone.  The rest is the answer. */
#include <stdlib.h>
#include <string.h>

#include "engine/answer.h"
#include "fuzz.h"
#include "plan/plan.h"
#include "check/check.h"
#include "util/json.h"

#define FUZZ_HORIZON 12

static const struct {
	const char *format;
	answer_reader read;
} engines[] = {
	{"minizinc", answer_minizinc},
	{"smt2", answer_z3},
	{"lp", answer_cbc},
	{"lp", answer_glpk},
};
#define N_ENGINES (sizeof engines / sizeof engines[0])

static const char *const puzzle_names[] = {"wgc", "missionaries-cannibals"};
#define N_PUZZLES (sizeof puzzle_names / sizeof puzzle_names[0])

static river_puzzle *puzzles[N_PUZZLES];
static struct export_ctx contexts[N_ENGINES][N_PUZZLES];
static bool ready[N_ENGINES][N_PUZZLES];

/* The context the engine's answer is read with: its model written, as
 * river_solve_engine writes it, so that the names are the model's. */
static const struct export_ctx *context(size_t e, size_t p)
{
	struct export_ctx *ctx = &contexts[e][p];
	river_export_options opts;
	river_diag diag;
	struct buf model;

	if (ready[e][p])
		return ctx;
	if (!puzzles[p])
		puzzles[p] = fuzz_bundled(puzzle_names[p]);
	river_export_options_init(&opts, RIVER_EXPORT_OPTIONS_VERSION);
	opts.horizon = FUZZ_HORIZON;
	buf_init(&model);
	FUZZ_ASSERT(export_begin(ctx, puzzles[p], &opts, &model, &diag) ==
		    RIVER_OK);
	ctx->ask_each_end = engines[e].read == answer_z3;
	FUZZ_ASSERT(export_find(engines[e].format)(ctx) == RIVER_OK);
	buf_release(&model);
	ctx->out = NULL;
	ready[e][p] = true;
	return ctx;
}

static void read_answer(size_t e, size_t p, const char *text)
{
	const struct export_ctx *ctx = context(e, p);
	struct answer ans;
	struct plan_fault fault;
	river_diag diag;
	int rc = engines[e].read(ctx, text, &ans, &diag);

	if (rc != RIVER_OK) {
		fuzz_check_diag(rc, &diag);
		FUZZ_ASSERT(rc == RIVER_EENGINE || rc == RIVER_ENOMEM);
	} else if (!ans.infeasible) {
		/* What the engine runner does next: check the plan. */
		FUZZ_ASSERT(ans.states && ans.n >= 2);
		FUZZ_ASSERT(ans.n <= FUZZ_HORIZON + 1);
		(void)plan_check(ctx->sys, ans.states, ans.n, &fault);
	} else {
		FUZZ_ASSERT(!ans.states);
	}
	free(ans.states);
}

/* Walk a parsed value, as the readers do. */
static void walk(const struct json *v)
{
	size_t i;

	switch (v->type) {
	case JSON_STRING:
		(void)strlen(v->string);
		break;
	case JSON_OBJECT:
		for (i = 0; i < v->n; i++) {
			FUZZ_ASSERT(json_get(v, v->keys[i]) != NULL);
			walk(v->items[i]);
		}
		break;
	case JSON_ARRAY:
		for (i = 0; i < v->n; i++)
			walk(v->items[i]);
		break;
	default:
		break;
	}
}

static void read_json(const char *text, size_t len)
{
	struct arena arena;
	const char *error = NULL;
	size_t at = 0;
	struct json *v;

	arena_init(&arena);
	v = json_parse(&arena, text, len, &at, &error);
	if (v)
		walk(v);
	else
		FUZZ_ASSERT(error && at <= len);
	arena_release(&arena);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned choice;
	char *text;

	if (size < 1)
		return 0;
	choice = (uint8_t)(data[0] - '0') % (N_ENGINES * N_PUZZLES + 1);
	if (choice == N_ENGINES * N_PUZZLES) {
		read_json((const char *)data + 1, size - 1);
		return 0;
	}
	/* The runner reads the answer as a C string. */
	text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	read_answer(choice / N_PUZZLES, choice % N_PUZZLES, text);
	free(text);
	return 0;
}

void fuzz_finish(void)
{
	size_t e, p;

	for (e = 0; e < N_ENGINES; e++)
		for (p = 0; p < N_PUZZLES; p++)
			if (ready[e][p]) {
				export_end(&contexts[e][p]);
				ready[e][p] = false;
			}
	for (p = 0; p < N_PUZZLES; p++) {
		river_puzzle_free(puzzles[p]);
		puzzles[p] = NULL;
	}
}
