/* the caller of another file: it takes no lock and releases none */
#include <linux/mutex.h>

struct pmic;

int pmic_reg_read(struct pmic *p, unsigned int reg);

int pmic_ldo_is_enabled(struct pmic *p, int ldo)
{
	int v = pmic_reg_read(p, 0x10 + ldo);

	return v < 0 ? v : !!(v & 0x80);
}
