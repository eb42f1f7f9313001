/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/version.h> for oracle test cases.  The default version is one
 * that still has set_fs() (5.4); a case can compile itself for another
 * with an `oracle: config -DORACLE_LINUX_VERSION_CODE=...` line.
 */
#ifndef ORACLE_LINUX_VERSION_H
#define ORACLE_LINUX_VERSION_H
#include <oracle/kernel.h>
#define KERNEL_VERSION(a, b, c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))
#ifdef ORACLE_LINUX_VERSION_CODE
#define LINUX_VERSION_CODE ORACLE_LINUX_VERSION_CODE
#else
#define LINUX_VERSION_CODE KERNEL_VERSION(5, 4, 0)
#endif
#endif
