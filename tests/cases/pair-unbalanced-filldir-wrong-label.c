/* case: a filldir64-style callback sends its unsafe_put_user faults to efault, the label meant for the failed user_write_access_begin, instead of efault_end, so the fault path returns with the write window open while the success path ends it */
#include <linux/fs.h>
#include <linux/dirent.h>
#include <linux/uaccess.h>

struct getdents_callback64 {
	struct dir_context ctx;
	struct linux_dirent64 __user *current_dir;
	int prev_reclen;
	int count;
	int error;
};

static bool lite_filldir64(struct dir_context *ctx, const char *name, int namlen,
			   loff_t offset, u64 ino, unsigned int d_type)
{
	struct linux_dirent64 __user *dirent, *prev;
	struct getdents_callback64 *buf =
		container_of(ctx, struct getdents_callback64, ctx);
	int reclen = ALIGN(offsetof(struct linux_dirent64, d_name) + namlen + 1,
			   sizeof(u64));
	int prev_reclen;

	buf->error = -EINVAL;
	if (reclen > buf->count)
		return false;
	prev_reclen = buf->prev_reclen;
	dirent = buf->current_dir;
	prev = (void __user *)dirent - prev_reclen;
	if (!user_write_access_begin(prev, reclen + prev_reclen))
		goto efault;

	unsafe_put_user(offset, &prev->d_off, efault);
	unsafe_put_user(ino, &dirent->d_ino, efault);
	unsafe_put_user(reclen, &dirent->d_reclen, efault);
	unsafe_put_user(d_type, &dirent->d_type, efault);
	unsafe_copy_to_user(dirent->d_name, name, namlen, efault);
	unsafe_put_user(0, dirent->d_name + namlen, efault);
	user_write_access_end();

	buf->prev_reclen = reclen;
	buf->current_dir = (void __user *)dirent + reclen;
	buf->count -= reclen;
	return true;

efault:
	buf->error = -EFAULT;
	return false; /* expect: pair-unbalanced */
}

int lite_getdents64(struct file *file, struct getdents_callback64 *buf)
{
	buf->ctx.actor = lite_filldir64;
	return iterate_dir(file, &buf->ctx);
}
