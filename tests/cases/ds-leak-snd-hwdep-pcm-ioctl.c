/* case: ALSA handlers reached from ioctls: snd_hwdep_ops stored field by field (`hw->ops.ioctl = ...`, as old sound drivers do) and snd_pcm_ops.ioctl; each returns with KERNEL_DS on an error path */
#include <sound/core.h>
#include <sound/hwdep.h>
#include <sound/pcm.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static struct file *dsp_fp;

static int dsp_hwdep_ioctl(struct snd_hwdep *hw, struct file *file, unsigned int cmd,
			   unsigned long arg)
{
	mm_segment_t old_fs;
	u8 img[64];
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(dsp_fp, (char __user *)img, sizeof(img), &pos) != sizeof(img))
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return 0;
}

static int dsp_pcm_ioctl(struct snd_pcm_substream *ss, unsigned int cmd, void *arg)
{
	mm_segment_t old_fs;
	u8 cfg[16];
	loff_t pos = 0;

	if (cmd != SNDRV_PCM_IOCTL1_RESET)
		return snd_pcm_lib_ioctl(ss, cmd, arg);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(dsp_fp, (char __user *)cfg, sizeof(cfg), &pos) != sizeof(cfg))
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return snd_pcm_lib_ioctl(ss, cmd, arg);
}

static struct snd_pcm_ops dsp_pcm_ops = {
	.ioctl = dsp_pcm_ioctl,
};

int dsp_new(struct snd_card *card, struct snd_pcm *pcm)
{
	struct snd_hwdep *hw;
	int err;

	err = snd_hwdep_new(card, "DSP", 0, &hw);
	if (err < 0)
		return err;
	hw->ops.ioctl = dsp_hwdep_ioctl;
	snd_pcm_set_ops(pcm, SNDRV_PCM_STREAM_PLAYBACK, &dsp_pcm_ops);
	return 0;
}
