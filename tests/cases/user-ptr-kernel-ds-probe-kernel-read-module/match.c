#include <linux/string.h>
#include "hooks.h"

int hook_match_demo(const char *path)
{
	return !strcmp(path, "/system/bin/su");
}
