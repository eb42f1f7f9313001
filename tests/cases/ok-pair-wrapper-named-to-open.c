/* case: a wrapper named *_begin opens the FPU only for the outermost caller, keeping a per-CPU depth (drivers/gpu/drm/amd/display dc_fpu_begin): it leaves the section open on purpose on one path and not on the other, and is not reported */
#include <asm/fpu/api.h>
#include <linux/percpu.h>

static DEFINE_PER_CPU(int, fpu_recursion_depth);

void dc_fpu_begin(const char *function_name, const int line)
{
	int *pcpu;

	pcpu = get_cpu_ptr(&fpu_recursion_depth);
	*pcpu += 1;
	if (*pcpu == 1) {
		migrate_disable();
		kernel_fpu_begin();
	}
	put_cpu_ptr(&fpu_recursion_depth);
}

void dc_fpu_end(const char *function_name, const int line)
{
	int *pcpu;

	pcpu = get_cpu_ptr(&fpu_recursion_depth);
	*pcpu -= 1;
	if (*pcpu <= 0) {
		kernel_fpu_end();
		migrate_enable();
	}
	put_cpu_ptr(&fpu_recursion_depth);
}
