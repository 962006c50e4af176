/*
 * river.h - libriver, a solver for river-crossing puzzles.
 *
 * The whole public interface.  Every function returns an int status
 * (RIVER_OK or a negative RIVER_E* code) and writes its result through
 * its first argument; every object has a _free function that accepts
 * NULL.  The library never prints and never exits: errors come back as
 * values, with a river_diag the caller owns.
 */
#ifndef RIVER_H
#define RIVER_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(RIVER_BUILDING) && defined(__GNUC__)
#define RIVER_API __attribute__((visibility("default")))
#else
#define RIVER_API
#endif

#define RIVER_VERSION_MAJOR 0
#define RIVER_VERSION_MINOR 3
#define RIVER_VERSION_PATCH 0
#define RIVER_VERSION_STRING "0.3.0"

/* The version of the library actually linked, e.g. "0.3.0". */
RIVER_API const char *river_version(void);

/*
 * Versioned structures.  Every structure the caller allocates and the
 * library reads or fills carries a version as its first field: the
 * RIVER_*_VERSION of the header the caller was built with.  Set it with
 * the structure's _init function (or its RIVER_*_INIT initialiser)
 * before the first call; a later library then reads and writes only the
 * fields that version has.  A version of 0 (not initialised) or one
 * newer than the library knows is RIVER_EINVAL, with diag saying so.
 * The structures the library allocates (river_progress,
 * river_sweep_point) carry the version they were filled as, for the
 * caller to read.  river_diag, river_param and river_sweep_axis have no
 * version: their layout is frozen.  See "Versions and compatibility" in
 * libriver(3).
 */

/* Status codes. */
enum {
	RIVER_OK = 0,
	RIVER_EINVAL = -1,  /* a NULL or out-of-range argument */
	RIVER_ENOMEM = -2,  /* out of memory */
	RIVER_EIO = -3,     /* the file cannot be read */
	RIVER_ESYNTAX = -4, /* the puzzle text does not parse */
	RIVER_EPUZZLE = -5, /* it parses, but is not a valid puzzle */
	RIVER_ELIMIT = -6,  /* the search hit its max_states limit */
	RIVER_EINTERNAL = -7, /* a bug in libriver: please report it */
	RIVER_ETOOBIG = -8, /* the puzzle is too big to search at all */
	RIVER_ENOENGINE = -9, /* the external solver is not installed */
	RIVER_EENGINE = -10, /* the external solver failed or answered wrongly */
	RIVER_EUNSUPPORTED = -11, /* the model formats cannot express the puzzle */
	RIVER_ETIMEOUT = -12, /* the time limit (timeout) was reached */
	RIVER_ECANCELED = -13, /* the caller's cancel flag was set */
	RIVER_EVERSION = -14 /* a structure's version is not one the library
				knows (0: never initialised) */
};

/* A short English description of a status code; never NULL. */
RIVER_API const char *river_strerror(int status);

/*
 * A diagnostic: where and what.  Owned by the caller, filled by the
 * library when a call fails.  Its layout is frozen (no version): every
 * call takes one, and river_sweep_point points at one.  line and column
 * count from 1 (columns in characters, not bytes); both are 0 when
 * there is no location.
 * source_line holds the text of that line, for a caret display; a
 * long line is cut to a window around the column, and source_column is
 * where the column falls in that window.
 */
typedef struct river_diag {
	int status;
	char file[256];
	int line;
	int column;
	char message[512];
	char source_line[256];
	int source_column;
} river_diag;

/*
 * Format diag the way compilers do:
 *   FILE:LINE:COL: error: MESSAGE
 *   <the source line>
 *   <a caret under the column>
 * into buf (always NUL-terminated when size > 0; buf may be NULL to
 * measure only).  Returns the length the full text needs, like snprintf.
 */
RIVER_API int river_diag_format(char *buf, size_t size,
				const river_diag *diag);

/* ---- Puzzles ---------------------------------------------------- */

/* A compiled puzzle: immutable once loaded. */
typedef struct river_puzzle river_puzzle;

/*
 * Load and compile the puzzle in the file at path.  On success *out is
 * a new puzzle the caller frees with river_puzzle_free.  On failure *out
 * is NULL, the status is returned and diag (if not NULL) says why.
 */
RIVER_API int river_puzzle_load_file(river_puzzle **out, const char *path,
				     river_diag *diag);

/*
 * The same for puzzle text held in memory: len bytes at text (which
 * need not be NUL-terminated).  name is used in diagnostics as the
 * file name; it may be NULL ("<string>").
 */
RIVER_API int river_puzzle_load_string(river_puzzle **out, const char *text,
				       size_t len, const char *name,
				       river_diag *diag);

/*
 * The same for the puzzle read from stream to its end (a pipe, standard
 * input); name is used in diagnostics, NULL meaning "<stream>".  The
 * stream is not closed.
 */
RIVER_API int river_puzzle_load_stream(river_puzzle **out, FILE *stream,
				       const char *name, river_diag *diag);

/*
 * A value for one of the puzzle's parameters ("param n = 3" in the
 * file), overriding its default: e.g. {"n", 5}.  Passed in arrays, so
 * its layout is frozen (no version).
 */
typedef struct river_param {
	const char *name;
	long long value;
} river_param;

/*
 * The same as river_puzzle_load_file and river_puzzle_load_string, with
 * n_params parameter values (params may be NULL when n_params is 0).
 * Naming a parameter the puzzle does not declare is RIVER_EPUZZLE.
 */
RIVER_API int river_puzzle_load_file_with(river_puzzle **out,
					  const char *path,
					  const river_param *params,
					  size_t n_params, river_diag *diag);
RIVER_API int river_puzzle_load_string_with(river_puzzle **out,
					    const char *text, size_t len,
					    const char *name,
					    const river_param *params,
					    size_t n_params, river_diag *diag);

/*
 * How a puzzle is loaded: parameter values as in
 * river_puzzle_load_file_with, and, as in river_solve_options, a time
 * limit in seconds (0: none) and a flag that cancels.  Loading (reading
 * the file excepted) then stops with RIVER_ETIMEOUT or RIVER_ECANCELED,
 * diag at the rule being expanded.  Fill it with river_load_options_init
 * first: fields added later keep their defaults.
 */
typedef struct river_load_options {
	unsigned int version; /* RIVER_LOAD_OPTIONS_VERSION */
	const river_param *params;
	size_t n_params;
	double timeout;
	const volatile sig_atomic_t *cancel;
} river_load_options;

#define RIVER_LOAD_OPTIONS_VERSION 1
#define RIVER_LOAD_OPTIONS_INIT { RIVER_LOAD_OPTIONS_VERSION, NULL, 0, 0.0, \
	NULL }

/*
 * Fill opts with the defaults of version (RIVER_LOAD_OPTIONS_VERSION):
 * the fields that version has, no further.  RIVER_EINVAL, opts left
 * alone, for a NULL opts; RIVER_EVERSION for a version the library does
 * not know.
 */
RIVER_API int river_load_options_init(river_load_options *opts,
				      unsigned int version);

/*
 * river_puzzle_load_file_with and river_puzzle_load_string_with with
 * opts (NULL: no parameters and no limit).  A negative or infinite
 * timeout, or params NULL with n_params above 0, is RIVER_EINVAL.
 */
RIVER_API int river_puzzle_load_file_opts(river_puzzle **out,
					  const char *path,
					  const river_load_options *opts,
					  river_diag *diag);
RIVER_API int river_puzzle_load_string_opts(river_puzzle **out,
					    const char *text, size_t len,
					    const char *name,
					    const river_load_options *opts,
					    river_diag *diag);

RIVER_API void river_puzzle_free(river_puzzle *puzzle);

/* Borrowed strings, valid while the puzzle lives.  The description is
 * "" when the puzzle has none. */
RIVER_API const char *river_puzzle_title(const river_puzzle *puzzle);
RIVER_API const char *river_puzzle_description(const river_puzzle *puzzle);

/*
 * Items, in the order the puzzle declares them.  An item is either an
 * individual (count 1, e.g. the farmer) or a counted kind of identical
 * items (e.g. 3 missionaries).  Names and labels are borrowed; the
 * label is "" when the puzzle gives none.
 */
RIVER_API size_t river_puzzle_item_count(const river_puzzle *puzzle);
RIVER_API const char *river_puzzle_item_name(const river_puzzle *puzzle,
					     size_t item);
RIVER_API const char *river_puzzle_item_label(const river_puzzle *puzzle,
					      size_t item);
RIVER_API unsigned river_puzzle_item_copies(const river_puzzle *puzzle,
					    size_t item);
RIVER_API int river_puzzle_item_is_kind(const river_puzzle *puzzle,
					size_t item);
RIVER_API int river_puzzle_item_rows(const river_puzzle *puzzle,
				     size_t item);

/* Where things are at the start and in the goal: how many copies of
 * item are on the right bank (by default none at the start, all in the
 * goal); the boat's bank at the start (RIVER_LEFT by default) and in the
 * goal (-1, the default, when the goal does not say). */
RIVER_API unsigned river_puzzle_item_start(const river_puzzle *puzzle,
					   size_t item);
RIVER_API unsigned river_puzzle_item_goal(const river_puzzle *puzzle,
					  size_t item);
RIVER_API int river_puzzle_boat_start(const river_puzzle *puzzle);
RIVER_API int river_puzzle_boat_goal(const river_puzzle *puzzle);

/* The places, first (where items start by default) to last (where the
 * goal puts them): 2, "left bank" and "right bank", unless the puzzle
 * names more ("places left bank, island, right bank"); and the boats: 1,
 * "boat", unless the puzzle names several ("boat ferry seats 2").
 * Names are borrowed; NULL out of range. */
RIVER_API size_t river_puzzle_place_count(const river_puzzle *puzzle);
RIVER_API const char *river_puzzle_place_name(const river_puzzle *puzzle,
					      size_t place);
RIVER_API size_t river_puzzle_boat_count(const river_puzzle *puzzle);
RIVER_API const char *river_puzzle_boat_name(const river_puzzle *puzzle,
					     size_t boat);
/* Copies of item at place at the start and in the goal; boat's place at
 * the start, and in the goal (-1 when the goal does not say, or out of
 * range); boat's seats; 1 when boat may go from place from to place to. */
RIVER_API unsigned river_puzzle_item_start_at(const river_puzzle *puzzle,
					      size_t item, size_t place);
RIVER_API unsigned river_puzzle_item_goal_at(const river_puzzle *puzzle,
					     size_t item, size_t place);
RIVER_API int river_puzzle_boat_start_at(const river_puzzle *puzzle,
					 size_t boat);
RIVER_API int river_puzzle_boat_goal_at(const river_puzzle *puzzle,
					size_t boat);
RIVER_API unsigned river_puzzle_boat_seats(const river_puzzle *puzzle,
					   size_t boat);
RIVER_API int river_puzzle_boat_goes(const river_puzzle *puzzle, size_t boat,
				     size_t from, size_t to);
/* The least time a leg of the boat from place from to place to takes:
 * the boat's time, or its route's ("in time 3") when that is more;
 * 0 when crossings take no time or it does not go there. */
RIVER_API unsigned river_puzzle_boat_leg_time(const river_puzzle *puzzle,
					      size_t boat, size_t from,
					      size_t to);
/* 1 when item may row the boat: by the boat's own rowers ("the raft is
 * rowed by goat"), or else by the rowers line. */
RIVER_API int river_puzzle_boat_rower(const river_puzzle *puzzle,
				      size_t boat, size_t item);

/* 1 when crossings take time (an item or the boat has a time). */
RIVER_API int river_puzzle_timed(const river_puzzle *puzzle);
/* 1 when the objective is the least total time ("minimize time"), 0
 * when it is the fewest crossings. */
RIVER_API int river_puzzle_minimizes_time(const river_puzzle *puzzle);
RIVER_API unsigned river_puzzle_seats(const river_puzzle *puzzle);
/* The boat's limits in words, e.g. "2 seats" or "a load of at most 100,
 * a margin of 90 between loads"; the rowing limits, e.g. "elder rows
 * only alone" ("" when none); the objective, e.g. "the fewest
 * crossings" or "the least time, at most 30".  Borrowed. */
RIVER_API const char *river_puzzle_boat_text(const river_puzzle *puzzle);
RIVER_API const char *river_puzzle_rowing_text(const river_puzzle *puzzle);
RIVER_API const char *river_puzzle_objective_text(const river_puzzle *puzzle);
RIVER_API size_t river_puzzle_rule_count(const river_puzzle *puzzle);
/* The rule as the puzzle states it, e.g. "wolf eats goat unless farmer";
 * borrowed. */
RIVER_API const char *river_puzzle_rule_text(const river_puzzle *puzzle,
					     size_t rule);

/* Bits in one packed state, and the number of states that encoding
 * can name (every placement of every item and the boat, legal or not). */
RIVER_API unsigned river_puzzle_state_bits(const river_puzzle *puzzle);
RIVER_API double river_puzzle_state_space(const river_puzzle *puzzle);

/* ---- Solving ----------------------------------------------------- */

/* Search progress, passed to the progress callback now and then.  The
 * library fills it; version is the RIVER_PROGRESS_VERSION it was filled
 * as, fields added in later versions coming after these. */
typedef struct river_progress {
	unsigned int version;
	unsigned long long states_explored;
	unsigned long long frontier;
	unsigned depth; /* crossings from the start of the states now expanded */
} river_progress;

#define RIVER_PROGRESS_VERSION 1

typedef struct river_solve_options {
	/* RIVER_SOLVE_OPTIONS_VERSION, set by river_solve_options_init. */
	unsigned int version;
	/* Stop with RIVER_ELIMIT after reaching this many states (or after
	 * trying 64 times as many crossings, or meeting 4 times as many
	 * states that break a rule); 0 means RIVER_DEFAULT_MAX_STATES, and
	 * values above 4294967295 act as 4294967295. */
	unsigned long long max_states;
	/* Called a quarter of a second after its last call, or after
	 * another 262144 states, whichever comes first (not by the
	 * least-time search); may be NULL. */
	void (*progress)(const river_progress *progress, void *userdata);
	void *userdata;
	/* Non-zero: also count the optimal plans (river_plan_count). */
	int count;
	/* Keep up to this many optimal plans (river_plan_alternative);
	 * implies count.  0 keeps only the plan itself. */
	size_t max_plans;
	/* Stop with RIVER_ETIMEOUT after this many seconds (counting
	 * included); 0 means no limit.  Negative or not a number is
	 * RIVER_EINVAL. */
	double timeout;
	/* When not NULL, the search stops with RIVER_ECANCELED soon after
	 * *cancel becomes non-zero: a flag a signal handler may set. */
	const volatile sig_atomic_t *cancel;
	/* Non-zero: search the puzzle as written, without merging the
	 * items and tuples whose exchange maps the puzzle onto itself. */
	int no_symmetry;
	/* Threads for the search; 0 means one per online CPU, and more
	 * than RIVER_MAX_THREADS is RIVER_EINVAL. */
	unsigned threads;
	/* How the search stores the states it has reached: one of
	 * RIVER_METHOD_AUTO (the default), RIVER_METHOD_QUEUE,
	 * RIVER_METHOD_LAYERS.  Each gives the same optimum and count. */
	int method;
} river_solve_options;

/* Values of river_solve_options.method. */
#define RIVER_METHOD_AUTO 0   /* chosen by the size of the state space */
#define RIVER_METHOD_QUEUE 1  /* a queue of states and a visited set */
#define RIVER_METHOD_LAYERS 2 /* two bits per state, layer by layer */

/* The most threads a search may ask for. */
#define RIVER_MAX_THREADS 1024

#define RIVER_DEFAULT_MAX_STATES 20000000ULL

#define RIVER_SOLVE_OPTIONS_VERSION 1
#define RIVER_SOLVE_OPTIONS_INIT { RIVER_SOLVE_OPTIONS_VERSION, 0, NULL, \
	NULL, 0, 0, 0.0, NULL, 0, 0, RIVER_METHOD_AUTO }

/* Fill opts with the defaults of version (RIVER_SOLVE_OPTIONS_VERSION),
 * as river_load_options_init does. */
RIVER_API int river_solve_options_init(river_solve_options *opts,
				       unsigned int version);

/* The outcome of a search: an optimal plan, or a proof that none exists. */
typedef struct river_plan river_plan;

/*
 * Search for a plan with the fewest crossings (breadth-first).
 * Returns RIVER_OK when the search finished: *out is a new plan (free it
 * with river_plan_free), which is either solved or a proof that the goal
 * cannot be reached.  Returns RIVER_ELIMIT when max_states was reached
 * first, RIVER_ETOOBIG when a single crossing has more loads than can be
 * searched (or, for a puzzle of more than 63 individuals, with
 * no_symmetry), RIVER_ENOMEM when memory ran out, RIVER_EINTERNAL when the
 * plan found fails libriver's own plan checker (a bug); then *out is
 * NULL and diag says how far the search got.  opts may be NULL for the defaults.  The
 * plan borrows the puzzle: free the plan first.
 */
RIVER_API int river_solve(river_plan **out, const river_puzzle *puzzle,
			  const river_solve_options *opts, river_diag *diag);

RIVER_API void river_plan_free(river_plan *plan);

/* 1 when the plan reaches the goal, 0 when the goal is unreachable (or,
 * for river_replay's plan, not reached). */
RIVER_API int river_plan_solved(const river_plan *plan);
/* Distinct legal states the search reached, the start included. */
RIVER_API unsigned long long river_plan_states_explored(const river_plan *plan);
/* For a search that proved the goal cannot be reached, the states of
 * the puzzle as written that the states explored stand for, which are
 * all its reachable states: more than river_plan_states_explored when
 * the search ran up to interchangeable items (a class of them counted
 * as a kind, or couples kept one arrangement for all), which
 * opts->no_symmetry turns off; ULLONG_MAX means at least that many.
 * Otherwise river_plan_states_explored. */
RIVER_API unsigned long long river_plan_states_in_all(const river_plan *plan);
/* Number of crossings (0 when unsolved; a replay's, all it played). */
/* The total time of a solved plan's crossings (each takes its slowest
 * passenger's time, at least the boat's); 0 when unsolved. */
RIVER_API unsigned long long river_plan_time(const river_plan *plan);
RIVER_API size_t river_plan_crossings(const river_plan *plan);

/* How many optimal plans there are, when the search counted them (else
 * 0); ULLONG_MAX means at least that many. */
RIVER_API unsigned long long river_plan_count(const river_plan *plan);
/* The optimal plans kept (max_plans), and the k-th of them (0-based, in
 * the order of the moves), borrowed from plan: walk it like any plan. */
RIVER_API size_t river_plan_alternatives(const river_plan *plan);
RIVER_API const river_plan *river_plan_alternative(const river_plan *plan,
						   size_t k);

typedef enum river_bank { RIVER_LEFT = 0, RIVER_RIGHT = 1 } river_bank;

/*
 * Walking a plan.  States are numbered 0 (the start) to crossings (the
 * goal); crossing k (1-based) takes the boat from state k-1 to state k.
 * An unsolved plan holds only state 0, the start.
 */
RIVER_API river_bank river_plan_boat_bank(const river_plan *plan,
					  size_t state);
/* How many copies of item are on bank in that state. */
RIVER_API unsigned river_plan_item_on(const river_plan *plan, size_t state,
				      size_t item, river_bank bank);
/* How many copies of item are in the boat on crossing k (1-based). */
RIVER_API unsigned river_plan_item_moved(const river_plan *plan,
					 size_t crossing, size_t item);
/* For puzzles of places (river_puzzle_place_count): how many copies of
 * item are at place in that state, and the place of boat.  On two
 * banks, place 0 is the left bank and place 1 the right.  (Of a puzzle
 * of places, river_plan_item_on reads the first place as RIVER_LEFT and
 * the last as RIVER_RIGHT, and river_plan_boat_bank the first boat.) */
RIVER_API unsigned river_plan_item_at(const river_plan *plan, size_t state,
				      size_t item, size_t place);
RIVER_API size_t river_plan_boat_at(const river_plan *plan, size_t state,
				    size_t boat);

/* ---- Rendering --------------------------------------------------- */

typedef enum river_format {
	RIVER_FORMAT_TEXT = 0, /* title, table of states, sentences, summary */
	RIVER_FORMAT_JSON = 1, /* one JSON object */
	RIVER_FORMAT_SVG = 2,  /* a storyboard: SVG 1.1, a panel a step */
	RIVER_FORMAT_CSV = 3   /* comma-separated values (sweeps only) */
} river_format;

/*
 * Render a plan (solved or not) as text, JSON or SVG into a new string
 * *out, NUL-terminated, which the caller releases with river_free.
 * RIVER_FORMAT_CSV is RIVER_EINVAL.  The SVG storyboard of a plan of
 * more than RIVER_SVG_MAX_CROSSINGS crossings draws the first half of
 * that many and the last half, with a panel between saying which
 * crossings are not drawn.
 */
#define RIVER_SVG_MAX_CROSSINGS 1000

RIVER_API int river_plan_render(char **out, const river_plan *plan,
				river_format format);

/* ---- Checking a plan --------------------------------------------- */

typedef struct river_verdict {
	/* RIVER_VERDICT_VERSION, set by the caller (river_verdict_init):
	 * the library writes the fields of that version, no further. */
	unsigned int version;
	/* 1 when every crossing is legal and the plan ends with
	 * everything across. */
	int legal;
	/* Crossings the plan makes (when not legal: up to the fault). */
	size_t crossings;
	/* When not legal: the crossing at fault (1-based), or 0 when the
	 * fault is the plan as a whole (it stops short of the goal). */
	size_t step;
	char reason[256];
	/* The total time of the crossings checked (see river_plan_time). */
	unsigned long long time;
} river_verdict;

#define RIVER_VERDICT_VERSION 1
#define RIVER_VERDICT_INIT { RIVER_VERDICT_VERSION, 0, 0, 0, "", 0 }

/* Clear verdict, setting its version (RIVER_VERDICT_VERSION), as
 * river_load_options_init does. */
RIVER_API int river_verdict_init(river_verdict *verdict, unsigned int version);

/*
 * Check a plan written by hand or by another tool: the text river solve
 * prints (its table), its JSON, or one crossing a line naming who is in
 * the boat ("farmer goat", "2 cannibals", optionally "-->" or "<--").
 * name is used in diagnostics (NULL: "<plan>").  RIVER_OK when the text
 * was read as a plan, legal or not (see *out); RIVER_ESYNTAX, with diag
 * pointing into the plan, when it cannot be read as one; RIVER_ENOMEM,
 * diag naming the plan, when memory runs out.
 */
RIVER_API int river_verify(river_verdict *out, const river_puzzle *puzzle,
			   const char *text, size_t len, const char *name,
			   river_diag *diag);
/*
 * As river_verify, and on RIVER_OK a storyboard of the plan in *out (as
 * river_plan_render's RIVER_FORMAT_SVG, released with river_free): the
 * crossings up to the first illegal one, and that one in red with its
 * reason; for a legal plan, all of them (of more than
 * RIVER_SVG_MAX_CROSSINGS, the first and the last, as river_plan_render
 * draws them).
 */
RIVER_API int river_verify_svg(char **out, river_verdict *verdict,
			       const river_puzzle *puzzle, const char *text,
			       size_t len, const char *name, river_diag *diag);

/*
 * A verdict in words or JSON (RIVER_FORMAT_TEXT or RIVER_FORMAT_JSON;
 * SVG is river_verify_svg's, RIVER_EINVAL here) into a new string *out,
 * released with river_free.  name is the plan's (NULL: "<plan>");
 * optimum is the fewest crossings (the least time, for a puzzle that
 * minimises time) to compare a legal plan with, or 0 when unknown.
 * Text: "NAME: step 3: the wolf eats the goat ...", or "NAME: legal: the
 * goal is reached after 7 crossings (the fewest possible)."  JSON: plan,
 * legal, crossings, time (timed puzzles), step and reason (null when
 * legal; step null when the fault is the plan as a whole), objective
 * ("crossings" or "time"), optimum and optimal (null when unknown).
 */
RIVER_API int river_verdict_render(char **out, const river_verdict *verdict,
				   const river_puzzle *puzzle,
				   const char *name, unsigned long long optimum,
				   river_format format);

/*
 * Replay the crossings a player made, without any search: the text is
 * read as river_verify reads a plan, and may hold no crossings.  On
 * RIVER_OK, *verdict is river_verify's and *out a new plan
 * (river_plan_free) of the crossings replayed, up to the one at fault
 * when one is: its last state is where the player stands.  Walk it with
 * the accessors below; river_plan_solved says whether it ends at the
 * goal, river_plan_crossings and river_plan_time count what was played,
 * and river_plan_render shows it (its verdict "3 crossings played: the
 * goal is not reached yet.", its JSON engine "replay" with
 * states_explored null).  RIVER_ESYNTAX as river_verify.
 */
RIVER_API int river_replay(river_plan **out, river_verdict *verdict,
			   const river_puzzle *puzzle, const char *text,
			   size_t len, const char *name, river_diag *diag);

/* ---- Hints ------------------------------------------------------- */

/*
 * The rest of an optimal plan from where a player stands: replay the
 * partial plan text (read as river_verify reads a plan; it may hold no
 * crossings, the player then standing at the start) and search from the
 * state it reaches, as river_solve does (opts may be NULL), but on the
 * puzzle as written, without symmetry, so that every crossing is a
 * labelled one from the player's own state.  On RIVER_OK, *verdict is
 * river_verify's; when a crossing is at fault (verdict->step > 0) *out
 * is NULL, else *out is a new plan (river_plan_free) whose state 0 is
 * the player's: solved with its first crossing the hint (none when the
 * goal is reached), or not solved when no plan leads on from there.
 * RIVER_ESYNTAX when the text cannot be read as a plan; the search's
 * statuses (RIVER_ELIMIT, ...) when it stops.
 */
RIVER_API int river_hint(river_plan **out, river_verdict *verdict,
			 const river_puzzle *puzzle, const char *text,
			 size_t len, const char *name,
			 const river_solve_options *opts, river_diag *diag);
/*
 * A hint as words or JSON (RIVER_FORMAT_TEXT or RIVER_FORMAT_JSON; SVG
 * is RIVER_EINVAL) into a new string *out, released with river_free:
 * "Next: The farmer takes the goat across. 7 crossings to go.", the goal
 * reached, or a dead end.
 */
RIVER_API int river_hint_render(char **out, const river_plan *hint,
				river_format format);

/* ---- Explanations ------------------------------------------------ */

/* Why a puzzle has the plans it has: see river_explain. */
typedef struct river_explanation river_explanation;

/*
 * Explain puzzle.  It is solved as river_solve solves it (opts may be
 * NULL; its count and max_plans are ignored); then, when it has a plan,
 * each crossing of that optimal plan is set against every other load of
 * 1 to seats passengers that could cross from the same state: an
 * illegal one with the reason river_verify would give, a legal one with
 * the optimum of a search from where it leads (or a dead end).  When it
 * has none, the states reachable from the start are walked on the
 * puzzle as written: how many, how far the furthest are from the start,
 * and for a few of those every load tried and why it fails; then each
 * single change that could help is searched (one rule dropped, one seat
 * more, a non-rower rowing, the next larger load limit, the least time
 * limit that lets the goal be reached) and reported with its optimum.
 * opts->max_states bounds each search and opts->timeout the whole
 * explanation; a search of a step or change that stops at a limit is
 * reported as stopped in the explanation.  RIVER_OK with *out a new
 * explanation (river_explanation_free; free it before the puzzle); the
 * first search's statuses (RIVER_ELIMIT, RIVER_ETIMEOUT, ...) when it
 * stops, with diag set.
 */
RIVER_API int river_explain(river_explanation **out,
			    const river_puzzle *puzzle,
			    const river_solve_options *opts, river_diag *diag);
/* The optimal plan explained, or the proof that there is none:
 * borrowed from the explanation. */
RIVER_API const river_plan *river_explanation_plan(
	const river_explanation *explanation);
/*
 * An explanation as text or JSON (RIVER_FORMAT_TEXT or
 * RIVER_FORMAT_JSON; SVG is RIVER_EINVAL) into a new string *out,
 * released with river_free.
 */
RIVER_API int river_explain_render(char **out,
				   const river_explanation *explanation,
				   river_format format);
RIVER_API void river_explanation_free(river_explanation *explanation);

/* ---- How hard a puzzle is ---------------------------------------- */

/*
 * A difficulty profile from the whole state graph (the one river_graph
 * draws), each figure exact; river(1) RATE defines them:
 */
typedef struct river_rating river_rating;

/* The figures of a rating, filled by river_rating_get: the caller
 * allocates it and sets its version (river_rating_info_init); the
 * library writes the fields of that version, no further. */
typedef struct river_rating_info {
	unsigned int version;        /* RIVER_RATING_INFO_VERSION */
	int solved;                  /* a goal is reached */
	int least_time;              /* the optimum is a time */
	int orbits;                  /* the states counted are orbits (a
					puzzle too wide for its states) */
	unsigned long long optimum;  /* fewest crossings, or least time */
	unsigned long long crossings; /* the fewest crossings to a goal */
	unsigned long long plans;    /* optimal plans, saturating */
	unsigned long long plans_up_to_symmetry;
	unsigned long long states;   /* reachable */
	unsigned long long dead_ends; /* reachable, no way to a goal */
	unsigned long long first_moves;         /* legal from the start */
	unsigned long long first_moves_on;      /* of them, to a state
						   with a way to a goal */
	unsigned long long first_moves_optimal; /* ... on an optimal plan */
	unsigned long long backward_fewest; /* backward crossings of an */
	unsigned long long backward_most;   /* optimal plan: fewest, most */
	unsigned long long random_horizon;  /* 2 x crossings */
	double random_success;  /* a player choosing uniformly among the
				   legal crossings reaches a goal within
				   random_horizon crossings (and the time
				   limit); -1 when not computed */
	unsigned long long bottlenecks; /* states every optimal plan
					   passes, start and goal aside */
} river_rating_info;

#define RIVER_RATING_INFO_VERSION 1

/* Clear info, setting its version (RIVER_RATING_INFO_VERSION), as
 * river_load_options_init does. */
RIVER_API int river_rating_info_init(river_rating_info *info,
				     unsigned int version);

/*
 * Rate puzzle: walk every reachable state (the puzzle as written; a
 * puzzle too wide for its states by orbits), up to opts->max_states
 * states, under opts's timeout and cancel flag (opts may be NULL).
 * RIVER_OK with a new rating in *out (river_rating_free; free it
 * before the puzzle), also when no plan exists; RIVER_ELIMIT,
 * RIVER_ETIMEOUT, RIVER_ECANCELED, RIVER_ENOMEM with diag set.
 */
RIVER_API int river_rate(river_rating **out, const river_puzzle *puzzle,
			 const river_solve_options *opts, river_diag *diag);
/* The figures into *info (RIVER_EVERSION for a version this library
 * does not know, RIVER_EINVAL for NULL). */
RIVER_API int river_rating_get(const river_rating *rating,
			       river_rating_info *info);
/* The rating as text or JSON (RIVER_FORMAT_TEXT or RIVER_FORMAT_JSON)
 * into a new string *out (river_free). */
RIVER_API int river_rating_render(char **out, const river_rating *rating,
				  river_format format);
RIVER_API void river_rating_free(river_rating *rating);

/* ---- What matters in a puzzle ------------------------------------- */

/*
 * Notes for the person who designs a puzzle (river check --strict): each
 * rule dropped, each item placed where the goal puts it from the start,
 * each parameter tried at the values 0 up to twice its own plus 4 (at
 * most 23), the whole state graph walked for each, as river_rate walks
 * it; a note for a rule without which the optimum and the reachable
 * states are the same, for an item that changes no optimum by starting
 * at its goal, for the values of a parameter that make the puzzle
 * trivial (a plan of at most one crossing), and one that says whether
 * the optimal plan is unique.  Each note is a river_diag of status
 * RIVER_OK, at the rule's, the item's or the parameter's line, or at
 * none.  opts gives the state limit of each walk (a variant past it is
 * taken to matter), the time limit and the cancel flag of the whole.
 * RIVER_OK with *out (river_notes_free, before the puzzle); the
 * statuses of river_rate for the puzzle itself, with diag set.
 */
typedef struct river_notes river_notes;
RIVER_API int river_lint(river_notes **out, const river_puzzle *puzzle,
			 const river_solve_options *opts, river_diag *diag);
RIVER_API size_t river_notes_count(const river_notes *notes);
/* Note k (borrowed), or NULL out of range. */
RIVER_API const river_diag *river_notes_at(const river_notes *notes,
					   size_t k);
/* The notes as text ("FILE:LINE:COL: note: ..." with the line and a
 * caret, as diagnostics are) or a JSON array, into a new string *out
 * (river_free). */
RIVER_API int river_notes_render(char **out, const river_notes *notes,
				 river_format format);
RIVER_API void river_notes_free(river_notes *notes);

/* ---- The hardest start ------------------------------------------- */

/*
 * The hardest start of puzzle (goal 0), or its hardest goal (goal 1):
 * every placement of its items over its banks or places (and, for a
 * start, of its boats), each made the puzzle's start (goal) under the
 * same rules and boats and searched as river_solve searches (one
 * thread, no count; opts's state limit for each, its time limit and
 * cancel flag for the whole); the one with the longest optimum (the
 * first found of those), and its plan.  Placements that make no valid
 * puzzle (a start that breaks a rule, a goal where it starts) are
 * skipped.  RIVER_ETOOBIG past RIVER_HARDEST_MAX_PLACEMENTS placements
 * (and for a puzzle too wide for its states); the search's statuses
 * with diag set.  RIVER_OK with *out (river_hardest_free, before the
 * puzzle).
 */
#define RIVER_HARDEST_MAX_PLACEMENTS 65536
typedef struct river_hardest river_hardest;
RIVER_API int river_hardest_find(river_hardest **out,
				 const river_puzzle *puzzle, int goal,
				 const river_solve_options *opts,
				 river_diag *diag);
/* The plan from the hardest placement (borrowed; its steps start there),
 * or NULL when no placement has a plan. */
RIVER_API const river_plan *river_hardest_plan(const river_hardest *h);
/* The placements tried, those that make a valid puzzle, those with a
 * plan (any of the pointers may be NULL). */
RIVER_API void river_hardest_counts(const river_hardest *h, size_t *tried,
				    size_t *legal, size_t *solvable);
/* As text (a line of counts, then the plan as river_plan_render writes
 * it) or JSON (the counts and the plan's JSON), into *out (river_free). */
RIVER_API int river_hardest_render(char **out, const river_hardest *h,
				   river_format format);
RIVER_API void river_hardest_free(river_hardest *h);

/* ---- Models for other solvers ------------------------------------- */

/*
 * The puzzle as a declarative model for another solver: a time-expanded
 * model with a position per item per step, the physics as constraints,
 * and "finish as early as possible" as the objective.  Formats:
 *   "minizinc"  a MiniZinc model (enums, location arrays, var end)
 *   "smt2"      SMT-LIB 2 for Z3, with (minimize ...)
 *   "lp"        the constrained model, linear, in CPLEX LP format
 *   "ocean"     a Python program that builds that model with D-Wave
 *               Ocean's dimod and samples it with LeapHybridCQMSampler
 *   "bqm"       its penalty form, a QUBO, as dimod's BQM JSON (schema
 *               3.0.0), for pure annealers
 */
typedef struct river_export_options {
	/* RIVER_EXPORT_OPTIONS_VERSION, set by river_export_options_init. */
	unsigned int version;
	/* Steps in the model, at most 100000.  0 means the default, a
	 * bound no optimal plan can exceed (river_export_horizon).
	 * RIVER_HORIZON_SEARCH means the crossings of the optimal plan
	 * river_solve finds (for the least time, its least-time plan's), so
	 * that the model's optimum is river's; RIVER_EINVAL when it finds no
	 * plan, and its own errors when it stops (RIVER_ELIMIT, ...). */
	unsigned horizon;
	/* bqm: the weight of a broken constraint, at most
	 * RIVER_LAGRANGE_MAX; 0 means the default, one more than the
	 * objective can be: the horizon plus one for the crossings, the
	 * horizon times the slowest crossing plus one for least time.  A
	 * negative, infinite or NaN
	 * weight, or a larger one, is RIVER_EINVAL. */
	double lagrange;
	/* As in river_solve_options: a time limit in seconds (0: none), and
	 * a flag that cancels.  For river_solve_engine, the whole solve,
	 * after which the engine's processes are ended and its temporary
	 * files removed; for river_export, the search for the horizon (the
	 * default bound's, or RIVER_HORIZON_SEARCH's). */
	double timeout;
	const volatile sig_atomic_t *cancel;
} river_export_options;

/* river_export_options.horizon: the crossings of river's own plan. */
#define RIVER_HORIZON_SEARCH 0xFFFFFFFFu

/* The largest penalty weight of the bqm format. */
#define RIVER_LAGRANGE_MAX 1e12

#define RIVER_EXPORT_OPTIONS_VERSION 1
#define RIVER_EXPORT_OPTIONS_INIT { RIVER_EXPORT_OPTIONS_VERSION, 0, 0.0, \
	0.0, NULL }

/* Fill opts with the defaults of version (RIVER_EXPORT_OPTIONS_VERSION),
 * as river_load_options_init does. */
RIVER_API int river_export_options_init(river_export_options *opts,
					unsigned int version);

/* The formats river_export knows, as a NULL-terminated array. */
RIVER_API const char *const *river_export_formats(void);

/*
 * Write the model of puzzle in format into a new string *out (release
 * it with river_free).  opts may be NULL.  RIVER_EINVAL for an unknown
 * format, RIVER_ETOOBIG when the default horizon cannot be worked out.
 */
RIVER_API int river_export(char **out, const river_puzzle *puzzle,
			   const char *format, const river_export_options *opts,
			   river_diag *diag);

/*
 * The default horizon of puzzle's models: a bound on the crossings of an
 * optimal plan, from the states the search reaches from the start
 * without passing a goal.  A plan of fewest crossings (and some plan of
 * least time) goes through distinct states, the boat changing banks at
 * every crossing; with a of those states that are not goals with the
 * boat on the bank where it starts and b with it on the other, it has
 * at most 2 min(a, b) crossings when it ends with the boat on the
 * starting bank, min(2a - 1, 2b + 1) when on the other.  The default is
 * the larger of those whose bank some goal reached has, or 1 when no
 * goal is reached (there is no plan) or the start is one.  RIVER_ETOOBIG
 * when the search reaches more than 16777216 states, or the bound would
 * be more than 100000.  A puzzle of more than two places or more than
 * one boat has as default the crossings of the plan river_solve finds
 * (1 when it finds none), on which the bound then rests.
 */
RIVER_API int river_export_horizon(unsigned *out, const river_puzzle *puzzle,
				   river_diag *diag);

/*
 * Solve puzzle with an external engine found on PATH: "minizinc"
 * (MiniZinc with Gecode), "z3", "cbc" or "glpk" ("bfs" is river_solve
 * with its defaults).  The model is exported, the engine run, its answer
 * read back and checked by libriver's own plan checker; the engine
 * minimises, and optimality is its word.  RIVER_OK gives a plan as
 * river_solve does (unsolved when the engine proves no plan exists
 * within a horizon that bounds every plan); RIVER_ELIMIT when it finds
 * none within a shorter horizon opts gave, or its output passes 64 MiB;
 * RIVER_ENOENGINE when the engine is not installed (diag names the
 * Debian package); RIVER_EENGINE when it fails: it exits with a status
 * it does not use for an answer, is killed by a signal, or its answer
 * is not a whole, readable statement of an optimum or of infeasibility,
 * or its plan is not legal; RIVER_ETIMEOUT or RIVER_ECANCELED (see
 * opts).  Runs the engine as a child process in a process group of its
 * own, ended whole when the solve stops early, and uses temporary files
 * under $TMPDIR (or /tmp), removed before it returns.
 */
RIVER_API int river_solve_engine(river_plan **out, const river_puzzle *puzzle,
				 const char *engine,
				 const river_export_options *opts,
				 river_diag *diag);

/* The engines river_solve_engine knows, as a NULL-terminated array. */
RIVER_API const char *const *river_engines(void);

/* The engine that made plan ("bfs" for river_solve), and how long it
 * took in seconds (the engine's whole run, for external ones). */
RIVER_API const char *river_plan_engine(const river_plan *plan);
RIVER_API double river_plan_seconds(const river_plan *plan);
/* External engines: the steps of the model solved (0 for "bfs"). */
RIVER_API unsigned river_plan_horizon(const river_plan *plan);

/* ---- Sweeps ------------------------------------------------------ */

/*
 * A parameter's values in a sweep: from, from + step, ... up to to
 * (from <= to, step >= 1; step 0 means 1).  Passed in arrays, so its
 * layout is frozen (no version).
 */
typedef struct river_sweep_axis {
	const char *name;
	long long from;
	long long to;
	long long step;
} river_sweep_axis;

/* The most points a sweep may have. */
#define RIVER_SWEEP_MAX_POINTS 100000

/* One point of a sweep: the puzzle with its parameters' values there.
 * The library allocates it (river_sweep_at); version is the
 * RIVER_SWEEP_POINT_VERSION it was filled as, fields added in later
 * versions coming after these.  (Version 1, of libriver.so.1, held its
 * diag whole: a kilobyte a point.) */
typedef struct river_sweep_point {
	unsigned int version;
	/* The values of the axes here (value[1] is 0 with one axis). */
	long long value[2];
	/* RIVER_OK when the search finished: solved says whether there is
	 * a plan, optimum is its crossings (its time, for a puzzle of the
	 * least time).  Else why there is no answer: the load's status
	 * (RIVER_EPUZZLE, ...: these values make no valid puzzle) or the
	 * search's (RIVER_ELIMIT, RIVER_ETIMEOUT, ...), and diag says more:
	 * borrowed from the sweep, NULL when status is RIVER_OK. */
	int status;
	int solved;
	unsigned long long optimum;
	const river_diag *diag;
} river_sweep_point;

#define RIVER_SWEEP_POINT_VERSION 2

/* The outcome of a sweep. */
typedef struct river_sweep river_sweep;

/*
 * Solve the puzzle text (len bytes; name as in river_puzzle_load_string)
 * at every point of a grid: one or two axes (the first gives the rows,
 * the second the columns), the other parameters as params gives them
 * (as river_puzzle_load_string_with).  Each point is loaded and searched
 * on its own, as river_solve with opts (NULL: the defaults) does, on one
 * thread; opts->threads points are searched at a time (0: one per online
 * CPU), and the outcome is the same whatever their number.  max_states
 * and timeout hold for each point (the timeout for its loading, as
 * river_puzzle_load_string_opts has it, and for its search), cancel for
 * the whole sweep, loading included.
 *
 * smallest names the axis whose least value admitting a plan the sweep
 * finds, for each value of the other axis (river_sweep_smallest); NULL
 * means "seats" when an axis has that name, else none.
 *
 * RIVER_OK gives a new sweep in *out (free it with river_sweep_free),
 * also when some points found no answer: each point says.  RIVER_EINVAL
 * for no axis or more than two, a range that runs backwards, a step
 * below 0, more than RIVER_SWEEP_MAX_POINTS points, an axis named twice
 * or also in params, a smallest that names no axis, or threads or a
 * timeout that river_solve refuses; a text that
 * makes no valid puzzle at any point gives the first point's status
 * and diag; RIVER_ECANCELED when cancel was set.
 */
RIVER_API int river_sweep_run(river_sweep **out, const char *text,
			      size_t len, const char *name,
			      const river_param *params, size_t n_params,
			      const river_sweep_axis *axes, size_t n_axes,
			      const char *smallest,
			      const river_solve_options *opts,
			      river_diag *diag);
RIVER_API void river_sweep_free(river_sweep *sweep);

/*
 * A census of a puzzle family: river_sweep_run's grid, each point rated
 * as river_rate rates a puzzle rather than solved;
 * river_sweep_at gives each point's optimum, river_sweep_rating its
 * rating, and river_census_render the records.
 */
RIVER_API int river_census_run(river_sweep **out, const char *text,
			       size_t len, const char *name,
			       const river_param *params, size_t n_params,
			       const river_sweep_axis *axes, size_t n_axes,
			       const river_solve_options *opts,
			       river_diag *diag);
/* The rating at row and column of a census (borrowed), or NULL: out of
 * range, a point without an answer, or a sweep that is no census. */
RIVER_API const river_rating *river_sweep_rating(const river_sweep *sweep,
						 size_t row, size_t column);
/* A census as a record a point: text (a table), CSV (a header, then a
 * row a point) or JSON (an array of objects: the axes' values and the
 * rating's figures, or the point's error), into *out (river_free). */
RIVER_API int river_census_render(char **out, const river_sweep *sweep,
				  river_format format);

/* The axes (1 or 2), their names (borrowed), and how many values each
 * has; the rows are the first axis's values, the columns the second's
 * (one column with one axis). */
RIVER_API size_t river_sweep_axes(const river_sweep *sweep);
RIVER_API const char *river_sweep_axis_name(const river_sweep *sweep,
					    size_t axis);
RIVER_API size_t river_sweep_rows(const river_sweep *sweep);
RIVER_API size_t river_sweep_columns(const river_sweep *sweep);
/* The point at row and column (borrowed), or NULL out of range. */
RIVER_API const river_sweep_point *river_sweep_at(const river_sweep *sweep,
						  size_t row, size_t column);
/* The puzzle's title (of the first point that loads), and 1 when it
 * asks for the least time. */
RIVER_API const char *river_sweep_title(const river_sweep *sweep);
RIVER_API int river_sweep_minimizes_time(const river_sweep *sweep);
/* The axis the smallest values are of (0 or 1), or -1 when none. */
RIVER_API int river_sweep_smallest_axis(const river_sweep *sweep);
/*
 * The least value of the smallest axis admitting a plan, for index k
 * of the other axis (a row when the smallest axis is the columns', a
 * column when it is the rows'; k is 0 with one axis): 1 with *value set,
 * 0 when no value in the range admits one, -1 when it is unknown (a
 * point before the first plan found has no answer) or there is no
 * smallest axis.
 */
RIVER_API int river_sweep_smallest(const river_sweep *sweep, size_t k,
				   long long *value);
/*
 * The sweep as a table (RIVER_FORMAT_TEXT), one CSV row a row of the
 * grid (RIVER_FORMAT_CSV), one JSON object (RIVER_FORMAT_JSON) or a
 * chart (RIVER_FORMAT_SVG: the optimum against the first axis, a line
 * for each value of the second), into a new string *out, released with
 * river_free.
 */
RIVER_API int river_sweep_render(char **out, const river_sweep *sweep,
				 river_format format);

/* ---- The state graph --------------------------------------------- */

/*
 * Every state reachable from the start, drawn as a Graphviz DOT digraph:
 * a node per state (its two banks, the boat's side, and the numbers the
 * state carries: time so far, rowing turn, last load), ranked by the
 * crossings from the start (its depth); an edge per crossing, labelled
 * with the load (and its time when crossings take time), one line with
 * arrows at both ends for a crossing and its way back.  The start is
 * filled yellow, the goals green; the states and crossings of every
 * optimal plan are drawn thick and blue (for the least time, the plans
 * of least time).  States past the goal are drawn too.
 */
typedef struct river_graph_options {
	/* RIVER_GRAPH_OPTIONS_VERSION, set by river_graph_options_init. */
	unsigned int version;
	/* Draw at most this many states; a bigger graph is drawn as a
	 * summary, a node per depth.  0 means RIVER_GRAPH_DEFAULT_NODES. */
	size_t max_nodes;
	/* As in river_solve_options: the states the search may reach (0:
	 * RIVER_DEFAULT_MAX_STATES), a time limit in seconds (0: none), a
	 * flag that cancels. */
	unsigned long long max_states;
	double timeout;
	const volatile sig_atomic_t *cancel;
	/* Non-zero: also the crossings that break a rule, dashed red, each
	 * to the state it would make, labelled with the rule in words. */
	int broken;
	/* Non-zero: the graph the search sees when it merges the items
	 * whose exchange maps the puzzle onto itself (the same graph when
	 * the puzzle has none). */
	int reduced;
} river_graph_options;

#define RIVER_GRAPH_DEFAULT_NODES 2000

/* What the graph held.  version is set by the caller
 * (river_graph_info_init): the library writes the fields of that
 * version, no further. */
typedef struct river_graph_info {
	unsigned int version;         /* RIVER_GRAPH_INFO_VERSION */
	unsigned long long states;    /* reachable states */
	unsigned long long crossings; /* legal crossings between them */
	unsigned long long broken;    /* crossings that break a rule
					 (counted only with broken) */
	unsigned depth;               /* the deepest state's */
	int summary;                  /* 1: drawn as a node per depth */
	int solved;                   /* a goal is reached (within the
					 time limit for the least time) */
	unsigned long long optimum;   /* the fewest crossings, or the least
					 time (when solved); in a summary,
					 the fewest crossings always */
	unsigned long long plans;     /* optimal plans, saturating (when
					 solved and not a summary) */
} river_graph_info;

#define RIVER_GRAPH_OPTIONS_VERSION 1
#define RIVER_GRAPH_OPTIONS_INIT { RIVER_GRAPH_OPTIONS_VERSION, 0, 0, 0.0, \
	NULL, 0, 0 }

#define RIVER_GRAPH_INFO_VERSION 1
#define RIVER_GRAPH_INFO_INIT { RIVER_GRAPH_INFO_VERSION, 0, 0, 0, 0, 0, 0, \
	0, 0 }

/* Fill opts with the defaults of version (RIVER_GRAPH_OPTIONS_VERSION),
 * and clear info setting its version (RIVER_GRAPH_INFO_VERSION), as
 * river_load_options_init does. */
RIVER_API int river_graph_options_init(river_graph_options *opts,
				       unsigned int version);
RIVER_API int river_graph_info_init(river_graph_info *info,
				    unsigned int version);

/*
 * Write the state graph of puzzle as DOT into a new string *dot
 * (release it with river_free).  opts may be NULL for the defaults,
 * info NULL when not wanted.  RIVER_OK when written (summary or not,
 * the goal reached or not); RIVER_ELIMIT when the search reaches more
 * than max_states states, RIVER_ETOOBIG, RIVER_ENOMEM, RIVER_ETIMEOUT
 * or RIVER_ECANCELED as river_solve, with diag set (the time limit and
 * the cancel flag hold for writing the DOT too); RIVER_EINVAL for a
 * NULL dot or puzzle, or a bad timeout.
 */
RIVER_API int river_graph(char **dot, river_graph_info *info,
			  const river_puzzle *puzzle,
			  const river_graph_options *opts, river_diag *diag);

/* ---- The Alcuin number of a graph ------------------------------------ */

/*
 * A man must carry the vertices of a graph across a river in a boat that
 * holds him and at most b of them, never leaving the two ends of an
 * edge on a bank without him (Prisner; Csorba, Hurkens and Woeginger,
 * SIAM J. Discrete Math. 2010).  The Alcuin number is the least such b;
 * it is the vertex cover number tau or tau + 1.  The caller allocates
 * the result and sets its version (river_alcuin_init); the library
 * writes the fields of that version, no further.
 */
typedef struct river_alcuin {
	unsigned int version;         /* RIVER_ALCUIN_VERSION */
	unsigned int vertices;
	unsigned int edges;
	unsigned int cover;           /* tau, the vertex cover number */
	unsigned int alcuin;          /* the least boat, not counting the
					 man */
	unsigned long long crossings; /* the fewest crossings with it */
} river_alcuin;

#define RIVER_ALCUIN_VERSION 1
#define RIVER_ALCUIN_INIT { RIVER_ALCUIN_VERSION, 0, 0, 0, 0, 0 }
/* The most vertices river_alcuin_graph6 takes. */
#define RIVER_ALCUIN_MAX_VERTICES 24

/* Clear a, setting its version (RIVER_ALCUIN_VERSION), as
 * river_load_options_init does. */
RIVER_API int river_alcuin_init(river_alcuin *a, unsigned int version);

/*
 * The Alcuin number of the graph written in graph6 (nauty's format; len
 * bytes, without the newline), its vertex cover number, and the fewest
 * crossings with the least boat: each boat from tau - 1 up is searched,
 * as river_solve does (opts: NULL for the defaults), until one admits
 * a plan.  RIVER_OK; RIVER_EINVAL (diag says where) for text that is
 * not graph6 or a graph of more than RIVER_ALCUIN_MAX_VERTICES vertices;
 * RIVER_EVERSION for a result of a version this library does not know;
 * the search's failures as river_solve.
 */
RIVER_API int river_alcuin_graph6(river_alcuin *out, const char *graph6,
				  size_t len, const river_solve_options *opts,
				  river_diag *diag);

/* Release memory the library returned to the caller (NULL is fine). */
RIVER_API void river_free(void *ptr);

#ifdef __cplusplus
}
#endif

#endif /* RIVER_H */
