/* case: begin/end helpers (this file) save into k->old_fs and raise / restore; an ioctl in another file copies out to its user pointer between them, so the copy runs under KERNEL_DS */
#include <linux/fs.h>
#include <linux/uaccess.h>

struct nfc_kio {
	mm_segment_t old_fs;
};

void nfc_kio_begin(struct nfc_kio *k)
{
	k->old_fs = get_fs();
	set_fs(KERNEL_DS);
}

void nfc_kio_end(struct nfc_kio *k)
{
	set_fs(k->old_fs);
}
