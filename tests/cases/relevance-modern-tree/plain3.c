/* case: relevance pass: a file that names nothing any check looks for (not parsed) */
#include <linux/types.h>

size_t plain_len(const char *s)
{
	const char *p = s;

	for (; *p; p++)
		;
	return p - s;
}
