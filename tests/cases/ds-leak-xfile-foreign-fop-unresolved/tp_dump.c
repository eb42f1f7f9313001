/* case: a touch-panel debug helper opens a log file and writes through the opened file's own f_op->write; that call goes to the filesystem under the log file, not to the write handler the tool interface in the other file stores into a .write field, so the helper stays silent although that handler leaks */
#include <linux/fs.h>
#include <linux/i2c.h>
#include <linux/uaccess.h>

int tp_i2c_read(u16 addr, u8 *buf, int len);

void tp_dump_regs(u16 addr, int length, const char *path)
{
	struct file *flp;
	u8 buf[64];
	int done = 0;

	flp = filp_open(path, O_RDWR | O_CREAT, 0644);
	if (IS_ERR(flp))
		return;
	while (length > 0) {
		int len = length > (int)sizeof(buf) ? (int)sizeof(buf) : length;

		if (tp_i2c_read(addr + done, buf, len))
			memset(buf, 0xee, len);
		flp->f_op->write(flp, (char *)buf, len, &flp->f_pos);
		done += len;
		length -= len;
	}
	filp_close(flp, NULL);
}
