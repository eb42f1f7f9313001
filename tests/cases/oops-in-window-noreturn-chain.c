/* case: never-returning is transitive: codec_fatal() calls codec_halt(), which always ends in BUG(); codec_fatal() inside the window is reported at the call, the same call outside any window is not */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/uaccess.h>

#define CODEC_TUNING_PATH	"/vendor/etc/audio/codec_tuning.bin"

struct codec_priv {
	struct device *dev;
	void __iomem *base;
	u8 tuning[512];
};

static void codec_halt(struct codec_priv *cp)
{
	writel(0, cp->base + 0x08);
	BUG();
}

static void codec_fatal(struct codec_priv *cp, const char *why, long err)
{
	dev_emerg(cp->dev, "codec: %s (%ld), halting\n", why, err);
	codec_halt(cp);
}

static int codec_load_tuning(struct codec_priv *cp)
{
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	if (!cp->base)
		codec_fatal(cp, "no register window", -ENODEV);

	fp = filp_open(CODEC_TUNING_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)cp->tuning, sizeof(cp->tuning), &pos);
	if (n < 0)
		codec_fatal(cp, "tuning read", n); /* expect: oops-in-window */
	set_fs(old_fs);
	filp_close(fp, NULL);
	return 0;
}

static int codec_probe(struct platform_device *pdev)
{
	struct codec_priv *cp;

	cp = devm_kzalloc(&pdev->dev, sizeof(*cp), GFP_KERNEL);
	if (!cp)
		return -ENOMEM;
	cp->dev = &pdev->dev;
	cp->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(cp->base))
		cp->base = NULL;
	return codec_load_tuning(cp);
}
