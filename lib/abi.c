/*
 * The versions of the public structures.  Each structure the caller
 * allocates starts with its version; the library knows the size of
 * every version up to the current one, and reads and writes no byte
 * past the caller's.  When a version adds fields (at the end), the
 * size of the versions before it becomes offsetof the first new field.
 */
#include <config.h>

#include "abi.h"

#include <string.h>

#include "util/diag.h"

struct versioned {
	const char *name;	/* the type's, for diagnostics */
	const char *init;	/* the function that sets its version */
	unsigned current;	/* the header's RIVER_*_VERSION */
	size_t size[2];		/* size[v]: the bytes of version v */
};

static const struct versioned load_options = {
	"river_load_options", "river_load_options_init",
	RIVER_LOAD_OPTIONS_VERSION, {0, sizeof(river_load_options)}};
static const struct versioned solve_options = {
	"river_solve_options", "river_solve_options_init",
	RIVER_SOLVE_OPTIONS_VERSION, {0, sizeof(river_solve_options)}};
static const struct versioned export_options = {
	"river_export_options", "river_export_options_init",
	RIVER_EXPORT_OPTIONS_VERSION, {0, sizeof(river_export_options)}};
static const struct versioned graph_options = {
	"river_graph_options", "river_graph_options_init",
	RIVER_GRAPH_OPTIONS_VERSION, {0, sizeof(river_graph_options)}};
static const struct versioned verdict = {
	"river_verdict", "river_verdict_init",
	RIVER_VERDICT_VERSION, {0, sizeof(river_verdict)}};
static const struct versioned graph_info = {
	"river_graph_info", "river_graph_info_init",
	RIVER_GRAPH_INFO_VERSION, {0, sizeof(river_graph_info)}};
static const struct versioned alcuin = {
	"river_alcuin", "river_alcuin_init",
	RIVER_ALCUIN_VERSION, {0, sizeof(river_alcuin)}};

static const struct versioned rating_info = {
	"river_rating_info", "river_rating_info_init",
	RIVER_RATING_INFO_VERSION, {0, sizeof(river_rating_info)}};

static int known(const struct versioned *t, unsigned version)
{
	return version >= 1 && version <= t->current;
}

/* RIVER_OK when p (whose first field is its version) is NULL or of a
 * version the library knows; else RIVER_EVERSION, diag saying so. */
static int check(const struct versioned *t, const void *p, river_diag *diag)
{
	unsigned version;

	if (!p)
		return RIVER_OK;
	memcpy(&version, p, sizeof version);
	if (known(t, version))
		return RIVER_OK;
	return diag_set(diag, RIVER_EVERSION, NULL, NULL,
			"%s version %u is not one this library (%s) knows: "
			"initialise it with %s", t->name, version,
			river_version(), t->init);
}

/* Clear the fields of version at p and set its version: the defaults
 * of every structure are its zeros. */
static int init(const struct versioned *t, void *p, unsigned version)
{
	if (!p)
		return RIVER_EINVAL;
	if (!known(t, version))
		return RIVER_EVERSION;
	memset(p, 0, t->size[version]);
	memcpy(p, &version, sizeof version);
	return RIVER_OK;
}

/* *out, of the current version, from in (NULL: the defaults). */
static int take(const struct versioned *t, void *out, const void *in,
		river_diag *diag)
{
	int rc = check(t, in, diag);
	unsigned version;

	if (rc != RIVER_OK)
		return rc;
	init(t, out, t->current);
	if (in) {
		memcpy(&version, in, sizeof version);
		memcpy(out, in, t->size[version]);
		memcpy(out, &t->current, sizeof t->current);
	}
	return RIVER_OK;
}

/* The library's full *from into the caller's *to, keeping its version. */
static void put(const struct versioned *t, void *to, const void *from)
{
	unsigned version;

	memcpy(&version, to, sizeof version);
	memcpy((char *)to + sizeof version, (const char *)from + sizeof version,
	       t->size[version] - sizeof version);
}

int river_load_options_init(river_load_options *opts, unsigned version)
{
	return init(&load_options, opts, version);
}

int river_solve_options_init(river_solve_options *opts, unsigned version)
{
	return init(&solve_options, opts, version);
}

int river_export_options_init(river_export_options *opts, unsigned version)
{
	return init(&export_options, opts, version);
}

int river_graph_options_init(river_graph_options *opts, unsigned version)
{
	return init(&graph_options, opts, version);
}

int river_verdict_init(river_verdict *v, unsigned version)
{
	return init(&verdict, v, version);
}

int river_graph_info_init(river_graph_info *info, unsigned version)
{
	return init(&graph_info, info, version);
}

int river_alcuin_init(river_alcuin *a, unsigned version)
{
	return init(&alcuin, a, version);
}

int river_rating_info_init(river_rating_info *info, unsigned version)
{
	return init(&rating_info, info, version);
}

int abi_load_options(river_load_options *out, const river_load_options *in,
		     river_diag *diag)
{
	return take(&load_options, out, in, diag);
}

int abi_solve_options(river_solve_options *out,
		      const river_solve_options *in, river_diag *diag)
{
	return take(&solve_options, out, in, diag);
}

int abi_export_options(river_export_options *out,
		       const river_export_options *in, river_diag *diag)
{
	return take(&export_options, out, in, diag);
}

int abi_graph_options(river_graph_options *out,
		      const river_graph_options *in, river_diag *diag)
{
	return take(&graph_options, out, in, diag);
}

int abi_verdict(river_verdict *out, const river_verdict *in,
		river_diag *diag)
{
	return take(&verdict, out, in, diag);
}

int abi_verdict_check(const river_verdict *v, river_diag *diag)
{
	return check(&verdict, v, diag);
}

int abi_graph_info_check(const river_graph_info *info, river_diag *diag)
{
	return check(&graph_info, info, diag);
}

void abi_verdict_put(river_verdict *to, const river_verdict *from)
{
	put(&verdict, to, from);
}

void abi_graph_info_put(river_graph_info *to, const river_graph_info *from)
{
	put(&graph_info, to, from);
}

int abi_alcuin_check(const river_alcuin *a, river_diag *diag)
{
	return check(&alcuin, a, diag);
}

void abi_alcuin_put(river_alcuin *to, const river_alcuin *from)
{
	put(&alcuin, to, from);
}

int abi_rating_info_check(const river_rating_info *info, river_diag *diag)
{
	return check(&rating_info, info, diag);
}

void abi_rating_info_put(river_rating_info *to, const river_rating_info *from)
{
	put(&rating_info, to, from);
}
