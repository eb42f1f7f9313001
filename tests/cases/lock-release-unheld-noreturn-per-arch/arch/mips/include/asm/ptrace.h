/* mips: die() never returns; its die_if_kernel() returns for a user-mode frame */
#define NORET_TYPE	/**/
#define ATTRIB_NORET	__attribute__((noreturn))
extern NORET_TYPE void die(const char *, struct pt_regs *) ATTRIB_NORET;
void die_if_kernel(const char *str, struct pt_regs *regs);
