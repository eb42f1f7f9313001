/* case: a backend's .io_begin target saves into b->saved and raises, its .io_end target restores; the caller in another file dispatches both through b->ops on every path (this file: the backend and its ops initializer) */
#include <linux/fs.h>
#include <linux/uaccess.h>

struct pstore_be;

struct pstore_be_ops {
	void (*io_begin)(struct pstore_be *b);
	void (*io_end)(struct pstore_be *b);
};

struct pstore_be {
	const struct pstore_be_ops *ops;
	struct file *fp;
	mm_segment_t saved;
	loff_t pos;
};

static void file_be_io_begin(struct pstore_be *b)
{
	b->saved = get_fs();
	set_fs(KERNEL_DS);
}

static void file_be_io_end(struct pstore_be *b)
{
	set_fs(b->saved);
}

const struct pstore_be_ops file_be_ops = {
	.io_begin	= file_be_io_begin,
	.io_end		= file_be_io_end,
};
