/* case: an .open handler raises before allocating its buffer and returns -ENOMEM still raised */
/* oracle: entry ir_open */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define IR_KEYMAP_PATH	"/vendor/etc/ir_keymap.bin"
#define IR_KEYMAP_LEN	256

struct ir_ctx {
	u8 *keymap;
	size_t len;
};

static int ir_open(struct inode *inode, struct file *file)
{
	struct ir_ctx *ctx;
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ctx->keymap = kmalloc(IR_KEYMAP_LEN, GFP_KERNEL);
	if (!ctx->keymap) {
		kfree(ctx);
		return -ENOMEM; /* expect: ds-leak */
	}
	fp = filp_open(IR_KEYMAP_PATH, O_RDONLY, 0);
	if (!IS_ERR(fp)) {
		n = vfs_read(fp, (char __user *)ctx->keymap, IR_KEYMAP_LEN, &pos);
		ctx->len = n > 0 ? n : 0;
		filp_close(fp, NULL);
	}
	set_fs(old_fs);
	file->private_data = ctx;
	return 0;
}

static int ir_release(struct inode *inode, struct file *file)
{
	struct ir_ctx *ctx = file->private_data;

	if (ctx) {
		kfree(ctx->keymap);
		kfree(ctx);
	}
	return 0;
}

static const struct file_operations ir_fops = {
	.owner		= THIS_MODULE,
	.open		= ir_open,
	.release	= ir_release,
};
