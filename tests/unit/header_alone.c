/* river.h compiles on its own, as strict C11, and its version macros
 * agree with each other and with the library linked, whose version is
 * the package's (configure.ac): bumping one without the other fails. */
#include <river.h>

#include <stdio.h>
#include <string.h>

int main(void)
{
	char parts[64];

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
