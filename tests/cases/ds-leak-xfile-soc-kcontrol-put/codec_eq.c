/* case: the EQ put handler reads the profile from a file under KERNEL_DS and returns raised when the profile index is out of range (this file: the handlers) */
#include <sound/soc.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

int codec_write_eq(const u8 *eq, size_t len);

int codec_eq_get(struct snd_kcontrol *kc, struct snd_ctl_elem_value *uc)
{
	uc->value.integer.value[0] = 0;
	return 0;
}

int codec_eq_put(struct snd_kcontrol *kc, struct snd_ctl_elem_value *uc)
{
	static u8 eq[256];
	long profile = uc->value.integer.value[0];
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos;
	ssize_t n;

	fp = filp_open("/system/etc/codec_eq.bin", O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	pos = profile * sizeof(eq);
	n = vfs_read(fp, (char __user *)eq, sizeof(eq), &pos);
	filp_close(fp, NULL);
	if (n != sizeof(eq))
		return -EINVAL; /* expect: ds-leak */
	set_fs(old_fs);
	return codec_write_eq(eq, n);
}

int codec_mode_get(struct snd_kcontrol *kc, struct snd_ctl_elem_value *uc)
{
	return 0;
}

int codec_mode_put(struct snd_kcontrol *kc, struct snd_ctl_elem_value *uc)
{
	return 0;
}
