SYSCALL_DEFINE1(frob, int, fd)
{
	mm_segment_t old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (fd < 0)
		return -EINVAL;
	set_fs(old_fs);
	return 0;
}
static ssize_t mode_store(struct device *dev, struct device_attribute *attr, const char *buf, size_t count)
{
	set_fs(KERNEL_DS);
	return count;
}
static DEVICE_ATTR_WO(mode);
static long my_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	set_fs(KERNEL_DS);
	if (cmd)
		set_fs(USER_DS);
	return 0;
}
