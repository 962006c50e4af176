/* river.h compiles on its own, as strict C11, and its version macros
 * agree with each other and with the library linked, whose version is
 * the package's (configure.ac): bumping one without the other fails.
 * Its RIVER_*_INIT initialisers compile without a warning and set the
 * versions. */
#include <river.h>

#include <stdio.h>
#include <string.h>

int main(void)
{
	river_load_options lo = RIVER_LOAD_OPTIONS_INIT;
	river_solve_options so = RIVER_SOLVE_OPTIONS_INIT;
	river_export_options eo = RIVER_EXPORT_OPTIONS_INIT;
	river_graph_options go = RIVER_GRAPH_OPTIONS_INIT;
	river_verdict v = RIVER_VERDICT_INIT;
	river_graph_info gi = RIVER_GRAPH_INFO_INIT;
	char parts[64];

	if (lo.version != RIVER_LOAD_OPTIONS_VERSION ||
	    so.version != RIVER_SOLVE_OPTIONS_VERSION ||
	    eo.version != RIVER_EXPORT_OPTIONS_VERSION ||
	    go.version != RIVER_GRAPH_OPTIONS_VERSION ||
	    v.version != RIVER_VERDICT_VERSION ||
	    gi.version != RIVER_GRAPH_INFO_VERSION) {
		fprintf(stderr, "a RIVER_*_INIT does not set its version\n");
		return 1;
	}

	snprintf(parts, sizeof parts, "%d.%d.%d", RIVER_VERSION_MAJOR,
		 RIVER_VERSION_MINOR, RIVER_VERSION_PATCH);
	if (strcmp(parts, RIVER_VERSION_STRING) != 0) {
		fprintf(stderr, "RIVER_VERSION_STRING %s, but the parts say %s\n",
			RIVER_VERSION_STRING, parts);
		return 1;
	}
	if (strcmp(river_version(), RIVER_VERSION_STRING) != 0) {
		fprintf(stderr, "river.h says %s, the library %s\n",
			RIVER_VERSION_STRING, river_version());
		return 1;
	}
	return 0;
}
