/* case: a config-store reader leaves KERNEL_DS when the file cannot be opened and returns -1; a BOOLEAN wrapper compares the count with sizeof and returns FALSE on that path, TRUE only after a full read with the limit restored; a caller that tests the wrapper against FALSE, and one that tests a result it returned itself with `if (fd < 0) return fd;`, must be reported on the failing arm only (the success arms are restored) */
#include <linux/fs.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>

typedef unsigned char BOOLEAN;
#define TRUE	1
#define FALSE	0
#define CFG_STORE	"/data/nvram/wifi_cfg"

static int cfg_read(char *buf, ssize_t len, loff_t offset)
{
	mm_segment_t old_fs = get_fs();
	struct file *fd;
	int got;

	set_fs(KERNEL_DS);
	fd = filp_open(CFG_STORE, O_RDONLY, 0);
	if (IS_ERR(fd))
		return -1; /* expect: ds-unbalanced */
	got = vfs_read(fd, (char __user *)buf, len, &offset);
	filp_close(fd, NULL);
	set_fs(old_fs);
	return got;
}

BOOLEAN cfg_read16(u32 offset, u16 *out)
{
	if (!out)
		return FALSE;
	if (cfg_read((char *)out, sizeof(u16), offset) != sizeof(u16))
		return FALSE; /* expect: ds-unbalanced */
	return TRUE;
}

int cfg_load_mac(u8 *mac)
{
	int i;

	for (i = 0; i < 6; i += 2) {
		if (cfg_read16(0x10 + i, (u16 *)(mac + i)) == FALSE)
			return -EIO; /* expect: ds-unbalanced */
	}
	return 0;
}

static long cfg_dump(const char *dir)
{
	mm_segment_t fs = get_fs();
	long fd;

	set_fs(KERNEL_DS);
	fd = sys_mkdir(dir, 0770);
	if (fd < 0)
		return fd; /* expect: ds-unbalanced */
	set_fs(fs);
	return 0;
}

int cfg_dump_cmd(const char *dir, int count)
{
	long ret = cfg_dump(dir);

	if (ret < 0)
		return ret; /* expect: ds-unbalanced */
	return count;
}
