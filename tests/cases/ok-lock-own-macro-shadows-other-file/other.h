/* a header of the tree (not included by reg.c) whose X() hides a return */
#define X(v) do { if (!(v)) return -EINVAL; } while (0)
