// SPDX-License-Identifier: GPL-2.0
/*
 * sockclient - periodically push a status record to a TCP collector
 *
 * The module connects to server:port at load time and sends one text
 * line every `interval' seconds from a delayed work item.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/net.h>
#include <linux/in.h>
#include <linux/inet.h>
#include <linux/tcp.h>
#include <linux/uio.h>
#include <linux/socket.h>
#include <linux/workqueue.h>
#include <linux/jiffies.h>
#include <linux/uaccess.h>
#include <net/sock.h>
#include <net/net_namespace.h>

static char *server = "127.0.0.1";
module_param(server, charp, 0444);
MODULE_PARM_DESC(server, "IPv4 address of the collector");

static ushort port = 5140;
module_param(port, ushort, 0444);
MODULE_PARM_DESC(port, "TCP port of the collector");

static uint interval = 10;
module_param(interval, uint, 0444);
MODULE_PARM_DESC(interval, "Seconds between two records");

struct sockclient {
	struct socket *sock;
	struct delayed_work work;
	unsigned int seq;
	char buf[128];
};

static struct sockclient *client;

static int sockclient_setopts(struct socket *sock)
{
	mm_segment_t old_fs;
	int one = 1;
	int ret;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	sock_setsockopt(sock, SOL_SOCKET, SO_REUSEADDR,
			(char __user *)&one, sizeof(one));
	ret = sock->ops->setsockopt(sock, SOL_TCP, TCP_NODELAY,
				    (char __user *)&one, sizeof(one));
	set_fs(old_fs);

	return ret;
}

static int sockclient_send(struct sockclient *cl, size_t len)
{
	struct msghdr msg = { };
	struct iovec iov;
	mm_segment_t old_fs;
	int ret;

	iov.iov_base = (void __user *)cl->buf;
	iov.iov_len = len;
	msg.msg_flags = MSG_NOSIGNAL | MSG_DONTWAIT;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	iov_iter_init(&msg.msg_iter, WRITE, &iov, 1, len);
	ret = sock_sendmsg(cl->sock, &msg);
	set_fs(old_fs);

	return ret;
}

static void sockclient_work(struct work_struct *work)
{
	struct sockclient *cl = container_of(to_delayed_work(work),
					     struct sockclient, work);
	int len, ret;

	len = scnprintf(cl->buf, sizeof(cl->buf), "seq=%u uptime=%lu\n",
			cl->seq++, (jiffies - INITIAL_JIFFIES) / HZ);

	ret = sockclient_send(cl, len);
	if (ret < 0 && ret != -EAGAIN)
		pr_warn_ratelimited("send failed: %d\n", ret);

	schedule_delayed_work(&cl->work, interval * HZ);
}

static int sockclient_connect(struct sockclient *cl)
{
	struct sockaddr_in addr = { };
	int ret;

	ret = sock_create_kern(&init_net, AF_INET, SOCK_STREAM, IPPROTO_TCP,
			       &cl->sock);
	if (ret < 0)
		return ret;

	ret = sockclient_setopts(cl->sock);
	if (ret < 0)
		goto err_release;

	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = in_aton(server);
	addr.sin_port = htons(port);

	ret = kernel_connect(cl->sock, (struct sockaddr *)&addr, sizeof(addr),
			     0);
	if (ret < 0)
		goto err_release;

	return 0;

err_release:
	sock_release(cl->sock);
	cl->sock = NULL;
	return ret;
}

static int __init sockclient_init(void)
{
	int ret;

	if (!interval)
		return -EINVAL;

	client = kzalloc(sizeof(*client), GFP_KERNEL);
	if (!client)
		return -ENOMEM;

	ret = sockclient_connect(client);
	if (ret < 0) {
		pr_err("cannot connect to %s:%u: %d\n", server, port, ret);
		kfree(client);
		return ret;
	}

	INIT_DELAYED_WORK(&client->work, sockclient_work);
	schedule_delayed_work(&client->work, 0);
	return 0;
}

static void __exit sockclient_exit(void)
{
	cancel_delayed_work_sync(&client->work);
	kernel_sock_shutdown(client->sock, SHUT_RDWR);
	sock_release(client->sock);
	kfree(client);
}

module_init(sockclient_init);
module_exit(sockclient_exit);

MODULE_DESCRIPTION("Kernel TCP status reporter");
MODULE_LICENSE("GPL");
