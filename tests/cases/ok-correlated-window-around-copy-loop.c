/* case: the limit is raised and restored under the same test (uio_seg == AFS_UIOSYS) around a copy loop with many branches (openafs osi_rdwr): more than 24 states reach the loop, and joining them must not drop the test, or the restore looks conditional */
#include <linux/fs.h>
#include <linux/uaccess.h>

int osi_rdwr(struct osi_file *osifile, struct uio *uiop, int rw)
{
	struct file *filp = osifile->filp;
	mm_segment_t old_fs = {0};
	int code = 0;
	struct iovec *iov;
	size_t count;
	unsigned long savelim;
	loff_t pos;

	savelim = current->TASK_STRUCT_RLIM[RLIMIT_FSIZE].rlim_cur;
	current->TASK_STRUCT_RLIM[RLIMIT_FSIZE].rlim_cur = RLIM_INFINITY;

	if (uiop->uio_seg == AFS_UIOSYS) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
	}

	while (code == 0 && uiop->uio_resid > 0 && uiop->uio_iovcnt > 0) {
		iov = uiop->uio_iov;
		count = iov->iov_len;
		if (count == 0) {
			uiop->uio_iov++;
			uiop->uio_iovcnt--;
			continue;
		}
		pos = uiop->uio_offset;
#ifdef AFS_LINUX_ZERO_COPY
		if (uiop->uio_flags & UIO_ZEROCOPY)
			count = min_t(size_t, count, PAGE_SIZE);
#endif
#if defined(STRUCT_TASK_HAS_CRED)
		if (rw == UIO_WRITE && osifile->cred)
			count = afs_fix_count(osifile, count);
#endif
		if (uiop->uio_flags & UIO_APPEND)
			pos = i_size_read(file_inode(filp));
		if (uiop->uio_flags & UIO_SYNC)
			filp->f_flags |= O_SYNC;
		if (rw == UIO_READ)
			code = filp->f_op->read(filp, iov->iov_base, count, &pos);
		else
			code = filp->f_op->write(filp, iov->iov_base, count, &pos);
		if (code < 0) {
			code = -code;
			break;
		} else if (code == 0) {
			if (rw == UIO_WRITE)
				code = EIO;
			break;
		}
		if (code > count)
			code = count;
		iov->iov_base += code;
		iov->iov_len -= code;
		uiop->uio_resid -= code;
		uiop->uio_offset += code;
		code = 0;
	}

	if (uiop->uio_seg == AFS_UIOSYS)
		set_fs(old_fs);

	current->TASK_STRUCT_RLIM[RLIMIT_FSIZE].rlim_cur = savelim;
	return code;
}
