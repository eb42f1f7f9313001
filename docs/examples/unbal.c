#include <linux/net.h>
#include <linux/uaccess.h>

static int rpcx_set_sndbuf(struct socket *sock, int size)
{
	mm_segment_t old_fs = get_fs();
	int ret;

	set_fs(KERNEL_DS);
	ret = sock_setsockopt(sock, SOL_SOCKET, SO_SNDBUF,
			      (char __user *)&size, sizeof(size));
	if (ret < 0)
		return ret;
	set_fs(old_fs);
	return 0;
}
