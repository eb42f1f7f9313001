/* case: the uhid shape after its 2018 fix: the branch that hands the copied event to the helper first refuses a writer with other credentials or KERNEL_DS (f_cred != current_cred(), uaccess_kernel()): silent */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

struct vhid_create_req {
	__u8 __user *rd_data;
	__u16 rd_size;
};

struct vhid_event {
	__u32 type;
	union {
		struct vhid_create_req create;
	} u;
};

struct vhid_device {
	bool running;
	__u8 *rd_data;
	unsigned int rd_size;
	struct vhid_event input_buf;
};

static int vhid_dev_create(struct vhid_device *vhid, const struct vhid_event *ev)
{
	if (vhid->running)
		return -EALREADY;
	vhid->rd_size = ev->u.create.rd_size;
	vhid->rd_data = kmalloc(vhid->rd_size, GFP_KERNEL);
	if (!vhid->rd_data)
		return -ENOMEM;
	if (copy_from_user(vhid->rd_data, ev->u.create.rd_data, vhid->rd_size)) {
		kfree(vhid->rd_data);
		return -EFAULT;
	}
	vhid->running = true;
	return 0;
}

static ssize_t vhid_char_write(struct file *file, const char __user *buffer, size_t count, loff_t *ppos)
{
	struct vhid_device *vhid = file->private_data;
	size_t len = min(count, sizeof(vhid->input_buf));
	int ret;

	if (copy_from_user(&vhid->input_buf, buffer, len))
		return -EFAULT;
	switch (vhid->input_buf.type) {
	case 0:
		if (file->f_cred != current_cred() || uaccess_kernel()) {
			ret = -EACCES;
			break;
		}
		ret = vhid_dev_create(vhid, &vhid->input_buf);
		break;
	default:
		ret = -EOPNOTSUPP;
	}
	return ret ? ret : count;
}

static const struct file_operations vhid_fops = {
	.owner	= THIS_MODULE,
	.write	= vhid_char_write,
};
