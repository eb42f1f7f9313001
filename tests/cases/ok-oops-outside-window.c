/* case: BUG_ON before the raise and BUG()/panic after the restore are outside the window */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/uaccess.h>

struct sec_key {
	struct file *fp;
	u8 key[32];
	loff_t pos;
};

static int sec_key_load(struct sec_key *sk, bool mandatory)
{
	mm_segment_t old_fs;
	ssize_t n;

	BUG_ON(!sk->fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(sk->fp, (char __user *)sk->key, sizeof(sk->key), &sk->pos);
	set_fs(old_fs);

	if (n != sizeof(sk->key)) {
		if (mandatory)
			panic("sec_key: key file unreadable\n");
		return -EIO;
	}
	if (sk->key[0] == 0xff)
		BUG();
	return 0;
}
