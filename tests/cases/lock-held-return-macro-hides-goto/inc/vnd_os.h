/* case: the vendor's status macros live in a header beside the driver (this file: the header) */
#ifndef VND_OS_H
#define VND_OS_H

#define vndIS_ERROR(s)		((s) < 0)
#define vndONERROR(func) \
	do { \
		status = func; \
		if (vndIS_ERROR(status)) \
			goto OnError; \
	} while (0)

#endif
