/* SPDX-License-Identifier: GPL-2.0 */
/* <linux/pid.h> for oracle test cases: everything is in oracle/kernel.h. */
#include <oracle/kernel.h>
