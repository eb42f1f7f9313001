/* case: the status codes of a wireless driver, an enum in a header beside the C files */
#ifndef WL_STATUS_H
#define WL_STATUS_H

typedef enum {
	WL_STATUS_SUCCESS,
	WL_STATUS_FAILURE,
	WL_STATUS_PENDING,
} WL_STATUS;

#endif
