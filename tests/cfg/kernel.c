/* CFG golden: SYSCALL_DEFINE, iterator macros, #ifdef arms, BUG_ON, unsafe_get_user, ?: */
SYSCALL_DEFINE2(frob, int, fd, char __user *, buf)
{
	struct item *it;
	int v = fd ? get(fd) : 0;

	list_for_each_entry(it, &items, node) {
		BUG_ON(!it);
	}
#ifdef CONFIG_FROB
	set_fs(KERNEL_DS);
#else
	v++;
#endif
	unsafe_get_user(v, buf, efault);
	return v;
efault:
	return -EFAULT;
}
