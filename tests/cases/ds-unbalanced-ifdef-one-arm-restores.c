/* case: the raise is unconditional but the restore sits in one #ifdef arm only */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct nfc_fw {
	struct file *fp;
	u8 hdr[16];
};

static int nfc_fw_read_header(struct nfc_fw *fw)
{
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fw->fp, (char __user *)fw->hdr, sizeof(fw->hdr), &pos);
#ifdef CONFIG_NFC_FW_DEBUG
	print_hex_dump_bytes("nfc hdr: ", DUMP_PREFIX_OFFSET, fw->hdr, sizeof(fw->hdr));
	set_fs(old_fs);
#else
	pr_debug("nfc: header read %zd bytes\n", n);
#endif
	return n == sizeof(fw->hdr) ? 0 : -EIO; /* expect: ds-unbalanced */
}
