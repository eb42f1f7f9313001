/* A selftest's header: user-space code, whose ASSERT() returns. */
#define ASSERT(cond, msg) \
	do { if (!(cond)) { printf("%s", (msg)); return 1; } } while (0)
