/* case: relevance pass: a helper that sets the limit to what its caller passes; nothing in this file raises it by name, so only the probe of the parsed files finds that the caller raises it and that every file must be parsed */
#include <linux/uaccess.h>

void dev_set_limit(mm_segment_t fs)
{
	set_fs(fs);
}
