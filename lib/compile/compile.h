/* Syntax tree to model: resolve names, check meaning. */
#ifndef RIVER_COMPILE_H
#define RIVER_COMPILE_H

#include "compile/model.h"
#include "parse/ast.h"
#include "util/arena.h"

struct stop;

/* Fill *model from ast, allocating in arena.  RIVER_OK, or
 * RIVER_EPUZZLE / RIVER_ENOMEM with diag pointing at the culprit;
 * RIVER_ETIMEOUT or RIVER_ECANCELED when stop (NULL: none) says to
 * stop, at the rule being expanded. */
int compile_model(struct model *model, struct arena *arena,
		  const struct ast *ast, const struct source *src,
		  const river_param *params, size_t n_params,
		  const struct stop *stop, river_diag *diag);

#endif
