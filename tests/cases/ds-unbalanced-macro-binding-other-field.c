/* case: the command table's macro binds ->cmd_func; the leaking function is stored by the same macro only as ->cmd_done, which the store never calls, so the store is clean and the leak stays a ds-unbalanced warning */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct tsp_cmd {
	struct list_head list;
	const char *cmd_name;
	void (*cmd_func)(void *device_data);
	void (*cmd_done)(void *device_data);
};

#define TSP_CMD(name, func, done) .cmd_name = name, .cmd_func = func, .cmd_done = done

struct ts_info {
	struct list_head cmd_list_head;
	struct file *fp;
};

static void fw_dump_done(void *device_data)
{
	struct ts_info *info = device_data;
	mm_segment_t old_fs;
	loff_t pos = 0;
	u8 hdr[16];

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(info->fp, (char __user *)hdr, sizeof(hdr), &pos) != sizeof(hdr))
		return; /* expect: ds-unbalanced */
	set_fs(old_fs);
}

static void get_fw_ver(void *device_data)
{
}

static struct tsp_cmd tsp_cmds[] = {
	{TSP_CMD("get_fw_ver", get_fw_ver, fw_dump_done),},
};

static ssize_t store_cmd(struct device *dev, struct device_attribute *devattr,
			 const char *buf, size_t count)
{
	struct ts_info *info = dev_get_drvdata(dev);
	struct tsp_cmd *tsp_cmd_ptr;

	list_for_each_entry(tsp_cmd_ptr, &info->cmd_list_head, list) {
		if (!strncmp(buf, tsp_cmd_ptr->cmd_name, strlen(tsp_cmd_ptr->cmd_name)))
			break;
	}
	tsp_cmd_ptr->cmd_func(info);
	return count;
}
static DEVICE_ATTR(cmd, 0220, NULL, store_cmd);
