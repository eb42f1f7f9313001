/* case: address_space_operations .write_begin returns with the allocation rwsem held and .write_end releases it (the pair is the contract, as in ocfs2); only the fields reached from a system call and returning to it (.direct_IO here, balanced) are entry points */
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/rwsem.h>

struct toy_inode {
	struct rw_semaphore alloc_sem;
	struct inode vfs_inode;
};

#define TOY_I(i) container_of(i, struct toy_inode, vfs_inode)

int toy_prepare_write(struct file *file, struct address_space *mapping, loff_t pos,
		      unsigned len, struct page **pagep);
ssize_t toy_do_dio(struct kiocb *iocb, struct iov_iter *iter);

static int toy_write_begin(struct file *file, struct address_space *mapping, loff_t pos,
			   unsigned len, struct page **pagep, void **fsdata)
{
	struct toy_inode *ti = TOY_I(mapping->host);
	int ret;

	down_write(&ti->alloc_sem);
	ret = toy_prepare_write(file, mapping, pos, len, pagep);
	if (ret)
		up_write(&ti->alloc_sem);
	return ret;
}

static int toy_write_end(struct file *file, struct address_space *mapping, loff_t pos,
			 unsigned len, unsigned copied, struct page *page, void *fsdata)
{
	struct toy_inode *ti = TOY_I(mapping->host);

	unlock_page(page);
	put_page(page);
	up_write(&ti->alloc_sem);
	return copied;
}

static ssize_t toy_direct_IO(struct kiocb *iocb, struct iov_iter *iter)
{
	struct toy_inode *ti = TOY_I(file_inode(iocb->ki_filp));
	ssize_t ret;

	down_read(&ti->alloc_sem);
	ret = toy_do_dio(iocb, iter);
	up_read(&ti->alloc_sem);
	return ret;
}

const struct address_space_operations toy_aops = {
	.write_begin	= toy_write_begin,
	.write_end	= toy_write_end,
	.direct_IO	= toy_direct_IO,
};
