/* case: a second lock is taken through a pointer variable that stays NULL on the paths that skip it, and released under `if (aux_mutex)` at the shared label (kernel/events/core.c perf_mmap): the NULL edge holds nothing */
#include <linux/fs.h>
#include <linux/mm.h>

static int ev_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct ev *event = file->private_data;
	struct mutex *aux_mutex = NULL;
	struct ev_rb *rb;
	int ret = -EINVAL;

	mutex_lock(&event->mmap_mutex);
	rb = event->rb;
	if (!rb)
		goto aux_unlock;
	aux_mutex = &rb->aux_mutex;
	mutex_lock(aux_mutex);
	if (vma->vm_pgoff != rb->aux_pgoff)
		goto aux_unlock;
	if (rb_has_aux(rb) && atomic_read(&rb->aux_mmap_count))
		goto aux_unlock;
	ret = rb_alloc_aux(rb, vma);
aux_unlock:
	if (aux_mutex)
		mutex_unlock(aux_mutex);
	mutex_unlock(&event->mmap_mutex);
	if (ret)
		return ret;
	vma->vm_flags |= VM_DONTCOPY;
	return 0;
}

static const struct file_operations ev_fops = {
	.mmap = ev_mmap,
};
