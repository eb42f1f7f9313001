/* case: Samsung touchscreen drivers fill their factory command table through a macro of their own (`#define TSP_CMD(name, func) .cmd_name = name, .cmd_func = func`); the sysfs store calls the chosen command through ->cmd_func, so the firmware update that returns with KERNEL_DS when flashing fails leaks it to user mode through the store */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

struct tsp_cmd {
	struct list_head list;
	const char *cmd_name;
	void (*cmd_func)(void *device_data);
};

#define TSP_CMD(name, func) .cmd_name = name, .cmd_func = func

struct ts_info {
	struct list_head cmd_list_head;
	int cmd_state;
};

int ts_upgrade_sequence(struct ts_info *info, const u8 *fw);

static void fw_update(void *device_data)
{
	struct ts_info *info = device_data;
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	u8 *buff;

	old_fs = get_fs();
	set_fs(get_ds());
	fp = filp_open("/sdcard/tsp_fw.bin", O_RDONLY, 0);
	if (IS_ERR(fp))
		goto err_open;
	buff = kzalloc(32768, GFP_KERNEL);
	if (!buff)
		goto err_alloc;
	vfs_read(fp, (char __user *)buff, 32768, &pos);
	if (ts_upgrade_sequence(info, buff) < 0) {
		kfree(buff);
		info->cmd_state = -1;
		return; /* expect: ds-unbalanced */
	}
	kfree(buff);
err_alloc:
	filp_close(fp, NULL);
err_open:
	set_fs(old_fs);
}

static void get_fw_ver(void *device_data)
{
}

static struct tsp_cmd tsp_cmds[] = {
	{TSP_CMD("fw_update", fw_update),},
	{TSP_CMD("get_fw_ver", get_fw_ver),},
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
	return count; /* expect: ds-leak */
}
static DEVICE_ATTR(cmd, 0220, NULL, store_cmd);
