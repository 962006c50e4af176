/* The checking mode: every fast path of the searches against the plain
 * meaning of the rules.
 *
 * With RIVER_CHECK set in the environment (to anything but "" or "0")
 * when a puzzle's system is built, the load walk's loads (its cuts,
 * the compiled masks of the rules), the compiled bank check, the
 * word-wise expansion's masks and the layered search's levels are each
 * compared with what the model says: every load of every size from the
 * boat's bank judged by model_crossing_legal, every bank by each rule's
 * own condition (model_bank_violation).  A search then generates no
 * successor the plain meaning forbids and prunes none it allows.
 *
 * A state that does not hold the time so far (the least-time search's,
 * which keeps the time limit by the cost of its paths) is checked
 * without the time limit.
 *
 * A disagreement is a bug in river, never in the puzzle: the checking
 * mode prints what disagreed on standard error and aborts, as a failed
 * assertion does, so that no test can pass over it.  It is slow (every
 * load of every state is enumerated), and meant for tests. */
#ifndef RIVER_AUDIT_H
#define RIVER_AUDIT_H

#include <stdbool.h>

#include "system/system.h"

/* Is the checking mode asked for in the environment? */
bool audit_requested(void);

/* Which banks a plain successor must leave safe. */
enum audit_banks { AUDIT_ANY_BANKS, AUDIT_DEPARTING_BANK, AUDIT_BOTH_BANKS };

/* Called with each plain successor's copies of each item on the right
 * bank; anything but RIVER_OK stops the enumeration with that value. */
typedef int (*audit_visit)(void *ctx, const unsigned *right);

/* Every load of every size from the boat's bank (boat_right) of a state
 * with right[i] copies of each item i of m on the right bank, that
 * model_crossing_legal allows with the plan so far as track says, and
 * that leaves the banks safe as banks asks: visit is called with the
 * state after it (the boat on the other bank).  RIVER_OK or what visit
 * returned. */
int audit_model_successors(const struct model *m, const unsigned *right,
			   bool boat_right, const struct plan_track *track,
			   enum audit_banks banks, audit_visit visit, void *ctx);

/* The successors of from by the plain meaning, in sys's own encoding
 * (reduced when sys is), ascending and each once, in out->delta: every
 * load from the boat's bank that model_crossing_legal allows, with both
 * banks after it safe (with departing_only, the bank the boat leaves
 * only).  RIVER_OK, RIVER_ENOMEM, or RIVER_ETOOBIG when the loads
 * from from are too many to try one by one (audit_too_many_loads). */
int audit_successors(const struct system *sys, state_t from,
		     bool departing_only, struct loads *out);

/* Are the loads from a bank holding before[i] copies of each item of
 * m too many for the checking mode to try one by one: more than
 * 200,000, or more than 2^24 rule conditions read in all?  Beyond, it
 * checks the walk's own loads only. */
bool audit_too_many_loads(const struct model *m, const unsigned *before);

/* Check the loads a walk gave from from (system_loads when safe is
 * false, system_safe_loads when true) against the plain meaning.
 * RIVER_OK, or RIVER_ENOMEM when the check could not be made. */
int audit_loads(const struct system *sys, state_t from,
		const struct loads *got, bool safe);

/* Check the compiled answer safe about the bank right (true) or left
 * of the concrete state s against each rule's condition. */
void audit_bank(const struct system *sys, state_t s, bool right, bool safe);

/* Does s (of sys, reduced or not) break no rule on either bank, by each
 * rule's own condition? */
bool audit_safe(const struct system *sys, state_t s);

/* Report a disagreement found in a search's own structures (format as
 * printf), and abort. */
void audit_fail(const struct system *sys, state_t s, const char *format, ...)
	__attribute__((noreturn, format(printf, 3, 4)));

/* The same of a state given as right[i] copies of each item i of m on
 * the right bank, for searches without a packed state. */
void audit_fail_model(const struct model *m, const unsigned *right,
		      bool boat_right, const char *format, ...)
	__attribute__((noreturn, format(printf, 4, 5)));

#endif
