/* case: relevance pass, a kernel whose address limit is gone (--kernel-version=6.1): a ->write handler that copies from user memory matters to user-ptr-kernel-ds only on kernels that can still raise the limit; here the file is parsed for its lock alone, with the bodies that take part */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

static DEFINE_MUTEX(cfg_lock);
static char cfg_buf[64];

static ssize_t cfg_write(struct file *f, const char __user *ubuf, size_t len, loff_t *off)
{
	if (len > sizeof(cfg_buf))
		return -EINVAL;
	mutex_lock(&cfg_lock);
	if (copy_from_user(cfg_buf, ubuf, len))
		return -EFAULT; /* expect: lock-held-return */
	mutex_unlock(&cfg_lock);
	return len;
}

static unsigned int cfg_hash(const char *s)
{
	unsigned int h = 0;

	while (*s)
		h = h * 31 + *s++;
	return h;
}

unsigned int cfg_key(void)
{
	return cfg_hash(cfg_buf);
}

static const struct file_operations cfg_fops = {
	.write = cfg_write,
};
