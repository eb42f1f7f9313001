// SPDX-License-Identifier: GPL-2.0
/*
 * A pointer set to an object's address is never NULL (MediaTek's
 * hwmsen_attach: `mcxt = &dev_cxt; ... if (mcxt == NULL || ...)`): the
 * path that takes the NULL test is not walked.  The first handler's only
 * raised return is behind that test: nothing to report there.  The second
 * gets its pointer from a call, which may be NULL: reported.  The third's
 * test has another way to be true, which is the path it leaves by.
 */
struct cxt { int n; };
static struct cxt dev_cxt;
struct cxt *find_cxt(unsigned int cmd);
int helper(int x);

static long addr_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cxt *mcxt = &dev_cxt;
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	if (!mcxt)
		return -EINVAL;
	helper(mcxt->n);
	set_fs(old_fs);
	return 0;
}

static long call_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cxt *mcxt = find_cxt(cmd);
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	if (!mcxt)
		return -EINVAL; /* expect: ds-leak */
	helper(mcxt->n);
	set_fs(old_fs);
	return 0;
}

static long either_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cxt *mcxt;
	mm_segment_t old_fs = get_fs();

	mcxt = &dev_cxt;
	set_fs(KERNEL_DS);
	if (mcxt == NULL || cmd > 5)
		return -EINVAL; /* expect: ds-leak */
	helper(mcxt->n);
	set_fs(old_fs);
	return 0;
}

static const struct file_operations addr_fops = { .unlocked_ioctl = addr_ioctl };
static const struct file_operations call_fops = { .unlocked_ioctl = call_ioctl };
static const struct file_operations either_fops = { .unlocked_ioctl = either_ioctl };
