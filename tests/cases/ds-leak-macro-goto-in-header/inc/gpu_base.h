/* case: the vendor's status macros live in a header beside the driver (this file: the header) */
#ifndef GPU_BASE_H
#define GPU_BASE_H

#define gpuIS_ERROR(s)		((s) < 0)
#define _gpuONERROR(prefix, func) \
	do { \
		status = func; \
		if (gpuIS_ERROR(status)) { \
			prefix##TRACE("ONERROR %d\n", status); \
			goto OnError; \
		} \
	} while (0)
#define gpuONERROR(func)	_gpuONERROR(gpu, func)

#endif
