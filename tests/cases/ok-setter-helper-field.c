/* case: begin/end helper pair: begin saves into io->old_fs and raises on its one path, end restores it */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct kio {
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos;
};

static void kio_begin(struct kio *io)
{
	io->old_fs = get_fs();
	set_fs(KERNEL_DS);
}

static void kio_end(struct kio *io)
{
	set_fs(io->old_fs);
}

static inline bool kio_active(const struct kio *io)
{
	return io->fp != NULL;
}
