/* case: a do_sys_poll-style SYSCALL_DEFINE writes revents back in a user_write_access window; the failed begin goes to out_fds with nothing open and the Efault label ends the window before jumping back to out_fds */
#include <linux/syscalls.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

struct poll_list {
	struct poll_list *next;
	int len;
	struct pollfd entries[];
};

int lite_do_poll(struct poll_list *list, struct timespec64 *end_time);
struct poll_list *lite_copy_pollfds(struct pollfd __user *ufds, unsigned int nfds);

SYSCALL_DEFINE3(lite_poll, struct pollfd __user *, ufds, unsigned int, nfds,
		int, timeout_msecs)
{
	struct poll_list *head, *walk;
	struct timespec64 end_time;
	int fdcount, err = -EFAULT;

	if (nfds > rlimit(RLIMIT_NOFILE))
		return -EINVAL;
	if (timeout_msecs >= 0)
		poll_select_set_timeout(&end_time, timeout_msecs / MSEC_PER_SEC,
					NSEC_PER_MSEC * (timeout_msecs % MSEC_PER_SEC));

	head = lite_copy_pollfds(ufds, nfds);
	if (IS_ERR(head))
		return PTR_ERR(head);

	fdcount = lite_do_poll(head, timeout_msecs >= 0 ? &end_time : NULL);

	if (!user_write_access_begin(ufds, nfds * sizeof(*ufds)))
		goto out_fds;

	for (walk = head; walk; walk = walk->next) {
		struct pollfd *fds = walk->entries;
		unsigned int j;

		for (j = walk->len; j; fds++, ufds++, j--)
			unsafe_put_user(fds->revents, &ufds->revents, Efault);
	}
	user_write_access_end();

	err = fdcount;
out_fds:
	while (head) {
		walk = head;
		head = head->next;
		kfree(walk);
	}
	return err;

Efault:
	user_write_access_end();
	err = -EFAULT;
	goto out_fds;
}
