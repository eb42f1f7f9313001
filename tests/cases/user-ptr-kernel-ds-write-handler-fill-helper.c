/* case: the uhid shape of 4.x: a helper of the file copies the event out of the written buffer into the device structure, the ->write handler hands the copied event to another helper, which copies the header part into a local and follows the pointer it holds: reported at that copy_from_user */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct rhid_create_req {
	__u8 __user *rd_data;
	__u16 rd_size;
};

struct rhid_event {
	__u32 type;
	union {
		struct rhid_create_req create;
		struct {
			__u16 rd_size;
			__u8 rd_data[4096];
		} create2;
	} u;
};

struct rhid_device {
	struct rhid_event input_buf;
};

static int rhid_event_from_user(const char __user *buffer, size_t len, struct rhid_event *event)
{
	if (copy_from_user(event, buffer, min(len, sizeof(*event))))
		return -EFAULT;
	return 0;
}

static int rhid_dev_create(struct rhid_device *rhid, struct rhid_event *ev)
{
	struct rhid_create_req orig;

	orig = ev->u.create;
	if (orig.rd_size <= 0 || orig.rd_size > 4096)
		return -EINVAL;
	if (copy_from_user(&ev->u.create2.rd_data, orig.rd_data, orig.rd_size)) /* expect: user-ptr-kernel-ds */
		return -EFAULT;
	return 0;
}

static ssize_t rhid_char_write(struct file *file, const char __user *buffer, size_t count, loff_t *ppos)
{
	struct rhid_device *rhid = file->private_data;
	int ret;

	ret = rhid_event_from_user(buffer, count, &rhid->input_buf);
	if (ret)
		return ret;
	if (rhid->input_buf.type == 0)
		ret = rhid_dev_create(rhid, &rhid->input_buf);
	return ret ? ret : count;
}

static const struct file_operations rhid_fops = {
	.owner	= THIS_MODULE,
	.write	= rhid_char_write,
};
