/* river.h compiles on its own, as strict C11, and its version macros
 * agree with the library linked. */
#include <river.h>

#include <string.h>

int main(void)
{
	return strcmp(river_version(), RIVER_VERSION_STRING) != 0;
}
