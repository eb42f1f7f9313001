int hook_match_demo(const char *path);
