/* An engine's answer, read back. */
#ifndef RIVER_ANSWER_H
#define RIVER_ANSWER_H

#include "export/export.h"

struct answer {
	bool infeasible; /* the engine proved no plan within the horizon */
	state_t *states; /* else the plan's states 0..end (malloc) */
	/* A puzzle of places: the plan's rows 0..end instead, each of
	 * places_row_width numbers (search/places.h; malloc) */
	unsigned *rows;
	size_t n;
};

/* Each reads the output of its engine run on ctx's model (ctx->names
 * as the format's writer set them).  RIVER_OK, or RIVER_EENGINE when
 * the output is not an answer river can read. */
typedef int (*answer_reader)(const struct export_ctx *ctx, const char *text,
			     struct answer *ans, river_diag *diag);

int answer_minizinc(const struct export_ctx *ctx, const char *text,
		    struct answer *ans, river_diag *diag);
int answer_z3(const struct export_ctx *ctx, const char *text,
	      struct answer *ans, river_diag *diag);
int answer_cbc(const struct export_ctx *ctx, const char *text,
	       struct answer *ans, river_diag *diag);
int answer_glpk(const struct export_ctx *ctx, const char *text,
		struct answer *ans, river_diag *diag);

#endif
