/* sparc: die_if_kernel() never returns */
extern void die_if_kernel(char *str, struct pt_regs *regs) __attribute__ ((noreturn));
