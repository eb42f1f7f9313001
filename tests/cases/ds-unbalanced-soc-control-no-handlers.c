/* case: SOC_SINGLE() controls name no handlers (the core's own get/put serve them), so a helper of the codec that leaks is only ds-unbalanced even though a control table is in the file */
#include <sound/soc.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static int codec_load_eq(struct file *fp, u8 *eq, size_t len)
{
	mm_segment_t old_fs;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(fp, (char __user *)eq, len, &pos) != len)
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old_fs);
	return 0;
}

static const struct snd_kcontrol_new codec_controls[] = {
	SOC_SINGLE("EQ Switch", 0x10, 0, 1, 0),
	SOC_DOUBLE("Gain", 0x11, 0, 4, 15, 0),
};

int codec_probe(struct snd_soc_codec *codec, struct file *fp, u8 *eq)
{
	snd_soc_add_codec_controls(codec, codec_controls, ARRAY_SIZE(codec_controls));
	return codec_load_eq(fp, eq, 64); /* expect: ds-unbalanced */
}
