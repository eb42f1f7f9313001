/* case: a filldir callback calls verify_dirent_name(), a plain (non-inline) static function of this file, after user_write_access_begin instead of before it, so it runs with user access enabled */
#include <linux/fs.h>
#include <linux/dirent.h>
#include <linux/string.h>
#include <linux/uaccess.h>

struct getdents_callback64 {
	struct dir_context ctx;
	struct linux_dirent64 __user *current_dir;
	int prev_reclen;
	int count;
	int error;
};

static int verify_dirent_name(const char *name, int len)
{
	if (len <= 0 || len >= PATH_MAX)
		return -EIO;
	if (memchr(name, '/', len))
		return -EIO;
	return 0;
}

static bool lite_filldir64(struct dir_context *ctx, const char *name, int namlen,
			   loff_t offset, u64 ino, unsigned int d_type)
{
	struct linux_dirent64 __user *dirent, *prev;
	struct getdents_callback64 *buf =
		container_of(ctx, struct getdents_callback64, ctx);
	int reclen = ALIGN(offsetof(struct linux_dirent64, d_name) + namlen + 1,
			   sizeof(u64));
	int prev_reclen = buf->prev_reclen;

	if (reclen > buf->count)
		return false;
	dirent = buf->current_dir;
	prev = (void __user *)dirent - prev_reclen;
	if (!user_write_access_begin(prev, reclen + prev_reclen))
		goto efault;

	buf->error = verify_dirent_name(name, namlen); /* expect: uaccess-call */
	if (unlikely(buf->error)) {
		user_write_access_end();
		return false;
	}
	unsafe_put_user(offset, &prev->d_off, efault_end);
	unsafe_put_user(ino, &dirent->d_ino, efault_end);
	unsafe_put_user(reclen, &dirent->d_reclen, efault_end);
	unsafe_put_user(d_type, &dirent->d_type, efault_end);
	unsafe_copy_to_user(dirent->d_name, name, namlen, efault_end);
	unsafe_put_user(0, dirent->d_name + namlen, efault_end);
	user_write_access_end();

	buf->prev_reclen = reclen;
	buf->current_dir = (void __user *)dirent + reclen;
	buf->count -= reclen;
	return true;

efault_end:
	user_write_access_end();
efault:
	buf->error = -EFAULT;
	return false;
}
