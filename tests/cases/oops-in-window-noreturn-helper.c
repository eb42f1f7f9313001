/* case: pmic_fatal() always ends in panic(), so it never returns; calling it inside the window is reported at the call, calling it before the raise is not */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/fs.h>
#include <linux/reboot.h>
#include <linux/uaccess.h>

#define PMIC_OTP_PATH	"/vendor/firmware/pmic_otp.bin"

struct pmic_otp {
	__le32 magic;
	__le16 vsel[16];
	__le16 ilim[16];
};

struct pmic_chip {
	struct device *dev;
	struct pmic_otp otp;
	bool otp_valid;
};

static void pmic_fatal(struct pmic_chip *pc, const char *what, int err)
{
	dev_crit(pc->dev, "%s failed (%d): rails cannot be trusted\n", what, err);
	emergency_sync();
	panic("pmic: %s failed (%d)", what, err);
}

static int pmic_load_otp(struct pmic_chip *pc)
{
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	if (!pc->dev)
		pmic_fatal(pc, "probe", -ENODEV);

	fp = filp_open(PMIC_OTP_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)&pc->otp, sizeof(pc->otp), &pos);
	if (n != sizeof(pc->otp))
		pmic_fatal(pc, "OTP shadow read", (int)n); /* expect: oops-in-window */
	set_fs(old_fs);

	filp_close(fp, NULL);
	pc->otp_valid = true;
	return 0;
}

static int pmic_probe(struct platform_device *pdev)
{
	struct pmic_chip *pc;

	pc = devm_kzalloc(&pdev->dev, sizeof(*pc), GFP_KERNEL);
	if (!pc)
		return -ENOMEM;
	pc->dev = &pdev->dev;
	platform_set_drvdata(pdev, pc);
	return pmic_load_otp(pc);
}
