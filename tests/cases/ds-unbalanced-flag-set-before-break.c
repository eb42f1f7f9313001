/* case: a MAC-address loader reads the config store word by word; a failed read (the reader leaves KERNEL_DS when the store cannot be opened) sets fgIsReadError = TRUE and breaks, and the function returns FALSE on that flag: only that return is raised, the TRUE return after the flag test is not (the flag's constant assignment decides the later test) */
#include <linux/fs.h>
#include <linux/uaccess.h>

typedef unsigned char BOOLEAN;
#define TRUE	1
#define FALSE	0

static int store_read(char *buf, ssize_t len, loff_t offset)
{
	mm_segment_t old_fs = get_fs();
	struct file *fd;
	int got;

	set_fs(KERNEL_DS);
	fd = filp_open("/data/nvram/wifi", O_RDONLY, 0);
	if (IS_ERR(fd))
		return -1; /* expect: ds-unbalanced */
	got = vfs_read(fd, (char __user *)buf, len, &offset);
	filp_close(fd, NULL);
	set_fs(old_fs);
	return got;
}

BOOLEAN mac_from_store(u8 *mac)
{
	BOOLEAN fgIsReadError = FALSE;
	int i;

	for (i = 0; i < 6; i += 2) {
		if (store_read((char *)(mac + i), sizeof(u16), 0x20 + i) != sizeof(u16)) {
			fgIsReadError = TRUE;
			break;
		}
	}
	if (fgIsReadError == TRUE)
		return FALSE; /* expect: ds-unbalanced */
	else
		return TRUE;
}
