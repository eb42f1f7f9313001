/* case: one `#ifndef N` guards both the lock and the unlock (maestro3's
 * snd_m3_ac97_read); the unlock's group follows a label, so it cannot be read
 * as written and one arm is kept, and an earlier function's `#ifdef N` that
 * is the unbraced body of an `if` already decided N: the unlock's group is
 * decided the same way as the lock's, so no path takes the lock's "not
 * compiled" arm and the unlock's compiled one */
#include <linux/spinlock.h>
#include <linux/interrupt.h>

struct chip {
	spinlock_t ac97_lock;
	struct tasklet_struct hwvol_tq;
	unsigned long iobase;
};

unsigned char chip_inb(struct chip *chip, int reg);
unsigned short chip_inw(struct chip *chip, int reg);
void chip_outb(struct chip *chip, unsigned char v, int reg);
void chip_update_hw_volume(unsigned long data);

irqreturn_t chip_interrupt(int irq, void *dev_id)
{
	struct chip *chip = dev_id;
	u8 status = chip_inb(chip, 0x1a);

	if (status & 0x40)
#ifdef CONFIG_CHIP_INPUT
		chip_update_hw_volume((unsigned long)chip);
#else
		tasklet_schedule(&chip->hwvol_tq);
#endif
	return IRQ_HANDLED;
}

static int chip_wait(struct chip *chip)
{
	int i = 10000;

	do {
		if (!(chip_inb(chip, 0x30) & 1))
			return 0;
		cpu_relax();
	} while (i-- > 0);
	return 1;
}

unsigned short chip_ac97_read(struct chip *chip, unsigned short reg)
{
#ifndef CONFIG_CHIP_INPUT
	unsigned long flags;
#endif
	unsigned short data = 0xffff;

	if (chip_wait(chip))
		goto fail;
#ifndef CONFIG_CHIP_INPUT
	spin_lock_irqsave(&chip->ac97_lock, flags);
#endif
	chip_outb(chip, 0x80 | (reg & 0x7f), 0x30);
	if (chip_wait(chip))
		goto fail_unlock;
	data = chip_inw(chip, 0x32);
fail_unlock:
#ifndef CONFIG_CHIP_INPUT
	spin_unlock_irqrestore(&chip->ac97_lock, flags);
#endif
fail:
	return data;
}
