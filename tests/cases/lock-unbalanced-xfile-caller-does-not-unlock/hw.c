/* case: lock-unbalanced across files: the helper leaves the regmap mutex held when the register is out of range; its caller in another file does not unlock either (so nothing says it is a contract) */
#include <linux/mutex.h>

struct pmic {
	struct mutex io_lock;
	u8 regs[64];
};

int pmic_reg_read(struct pmic *p, unsigned int reg)
{
	int v;

	mutex_lock(&p->io_lock);
	if (reg >= 64)
		return -EINVAL; /* expect: lock-unbalanced */
	v = p->regs[reg];
	mutex_unlock(&p->io_lock);
	return v;
}
