/* The versions of the public structures: checking a caller's, taking
 * the fields its version has. */
#ifndef RIVER_ABI_H
#define RIVER_ABI_H

#include "river.h"

/* *out as the caller's in says (NULL: the defaults), with the current
 * version and the defaults for the fields in's version lacks.
 * RIVER_EINVAL, diag saying why, for a version the library does not
 * know. */
int abi_load_options(river_load_options *out, const river_load_options *in,
		     river_diag *diag);
int abi_solve_options(river_solve_options *out,
		      const river_solve_options *in, river_diag *diag);
int abi_export_options(river_export_options *out,
		       const river_export_options *in, river_diag *diag);
int abi_graph_options(river_graph_options *out,
		      const river_graph_options *in, river_diag *diag);

/* The caller's verdict, read as the library's own: *out as
 * abi_solve_options takes options. */
int abi_verdict(river_verdict *out, const river_verdict *in,
		river_diag *diag);

/* RIVER_OK when the caller's verdict (info) has a version the library
 * knows (or is NULL), else RIVER_EINVAL with diag saying so. */
int abi_verdict_check(const river_verdict *verdict, river_diag *diag);
int abi_graph_info_check(const river_graph_info *info, river_diag *diag);
int abi_alcuin_check(const river_alcuin *alcuin, river_diag *diag);
int abi_rating_info_check(const river_rating_info *info, river_diag *diag);

/* Write the library's full *from into the caller's *to, whose version
 * abi_*_check accepted: the fields of that version, no further. */
void abi_verdict_put(river_verdict *to, const river_verdict *from);
void abi_graph_info_put(river_graph_info *to, const river_graph_info *from);
void abi_alcuin_put(river_alcuin *to, const river_alcuin *from);
void abi_rating_info_put(river_rating_info *to,
			 const river_rating_info *from);

#endif
