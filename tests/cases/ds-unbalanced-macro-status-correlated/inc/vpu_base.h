/* A vendor GPU driver's status type and error-handling macros (written for
 * this case): a status that is negative on error, a test macro for it, a
 * jump to OnError on error and an argument check with a hidden return. */
#ifndef VPU_BASE_H
#define VPU_BASE_H

typedef enum _vpu_status {
	vpuSTATUS_SKIPPED = 2,
	vpuSTATUS_TRUE = 1,
	vpuSTATUS_OK = 0,
	vpuSTATUS_INVALID_ARGUMENT = -1,
	/* errors go on downwards */
	vpuSTATUS_OUT_OF_MEMORY,
	vpuSTATUS_GENERIC_IO,
} vpu_status;

#define vpuIS_ERROR(status)	((status) < 0)

#define _vpuONERROR(prefix, func) \
	do { \
		status = func; \
		if (vpuIS_ERROR(status)) { \
			prefix##TRACE("ONERROR %d", status); \
			goto OnError; \
		} \
	} while (0)
#define vpuONERROR(func)	_vpuONERROR(vpu, func)

#define _vpuVERIFY_ARGUMENT(prefix, arg) \
	do { \
		if (!(arg)) { \
			prefix##TRACE("bad argument"); \
			return vpuSTATUS_INVALID_ARGUMENT; \
		} \
	} while (0)
#define vpuVERIFY_ARGUMENT(arg)	_vpuVERIFY_ARGUMENT(vpu, arg)

/* skips the call on a NULL object, reporting success */
#define vpuVERIFY_OR_SKIP(arg) \
	do { \
		if (!(arg)) \
			return vpuSTATUS_SKIPPED; \
	} while (0)

#endif
