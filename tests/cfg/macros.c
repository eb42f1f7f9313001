/* The statement macros that hide a jump: a call of gpuONERROR is a goto to OnError that may be
 * taken, one of gpuVERIFY a return, one of gpuBREAK_IF a break out of the loop; the CFG shows
 * the edges from the call (the same in both passes, and under --dump-cfg). */
#define gpuONERROR(func) \
	do { \
		status = func; \
		if (status < 0) \
			goto OnError; \
	} while (0)
#define gpuVERIFY(expr) do { if (!(expr)) return -EINVAL; } while (0)
#define gpuBREAK_IF(expr) if (expr) break

static int gpu_setup(struct gpu *gpu, int n)
{
	int status;

	gpuVERIFY(gpu != NULL);
	mutex_lock(&gpu->lock);
	for (int i = 0; i < n; i++) {
		gpuBREAK_IF(gpu->stop);
		gpuONERROR(gpu_step(gpu, i));
	}
	mutex_unlock(&gpu->lock);
	return 0;

OnError:
	mutex_unlock(&gpu->lock);
	return status;
}
