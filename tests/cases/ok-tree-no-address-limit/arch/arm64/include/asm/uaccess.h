/* arm64 uaccess, 6.1: user access through the uaccess routines, no limit */
static inline int __access_ok(const void __user *ptr, unsigned long size)
{
	return likely(__access_ok_range(ptr, size));
}
