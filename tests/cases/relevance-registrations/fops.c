/* case: relevance pass: registers gadget_open() in a file_operations table (a file that names no rule call: parsed when the probe asks who registers gadget_open) */
#include <linux/fs.h>
#include "gadget.h"

const struct file_operations gadget_fops = {
	.owner = THIS_MODULE,
	.open = gadget_open,
};
