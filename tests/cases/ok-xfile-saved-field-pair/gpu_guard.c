/* case: a guard helper saves the limit into g->saved through a pointer and raises, another restores set_fs(g->saved); a firmware loader in another file pairs them on every goto path (this file: the helpers) */
#include <linux/fs.h>
#include <linux/uaccess.h>

struct gpu_guard {
	mm_segment_t saved;
	unsigned int depth;
};

void gpu_guard_enter(struct gpu_guard *g)
{
	g->saved = get_fs();
	set_fs(KERNEL_DS);
	g->depth++;
}

void gpu_guard_exit(struct gpu_guard *g)
{
	g->depth--;
	set_fs(g->saved);
}
