/* case: inside a user_write_access window the code uses lowercase names that are not defined in the scanned files (unsafe_copy_dirent_name, put_unaligned, cpu_to_le32: macros or inlines in headers), which must not be reported; the file's own out-of-line fmt_name() runs before the window */
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <asm/unaligned.h>

struct lite_dirent {
	__le32 ino;
	__le16 reclen;
	u8 type;
	char name[];
};

struct lite_dir_buf {
	struct dir_context ctx;
	struct lite_dirent __user *cur;
	int count;
	int error;
	__le32 last_ino;
	char tmp[64];
};

static int fmt_name(char *out, const char *name, int len)
{
	return len < 64 ? len : -ENAMETOOLONG;
}

static bool lite_fill(struct dir_context *ctx, const char *name, int namlen,
		      loff_t off, u64 ino, unsigned int d_type)
{
	struct lite_dir_buf *buf = container_of(ctx, struct lite_dir_buf, ctx);
	struct lite_dirent __user *de = buf->cur;
	int reclen = ALIGN(sizeof(*de) + namlen + 1, 4);
	__le32 le_ino = cpu_to_le32((u32)ino);

	if (fmt_name(buf->tmp, name, namlen) < 0 || reclen > buf->count)
		return false;
	if (!user_write_access_begin(de, reclen))
		goto efault;
	put_unaligned(le_ino, &buf->last_ino);
	unsafe_put_user(le_ino, &de->ino, efault_end);
	unsafe_put_user(cpu_to_le16(reclen), &de->reclen, efault_end);
	unsafe_put_user(d_type, &de->type, efault_end);
	unsafe_copy_dirent_name(de->name, name, namlen, efault_end);
	user_write_access_end();

	buf->cur = (void __user *)de + reclen;
	buf->count -= reclen;
	return true;

efault_end:
	user_write_access_end();
efault:
	buf->error = -EFAULT;
	return false;
}

int lite_readdir(struct file *file, struct lite_dir_buf *buf)
{
	buf->ctx.actor = lite_fill;
	return iterate_dir(file, &buf->ctx);
}
