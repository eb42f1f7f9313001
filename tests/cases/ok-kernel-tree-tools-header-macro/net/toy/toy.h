/* kernel code's own ASSERT(): not a jump */
#define ASSERT(X) do { if (!(X)) BUG(); } while (0)
