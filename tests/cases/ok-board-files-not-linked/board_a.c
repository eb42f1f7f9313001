/* case: two board files that each define the same extern functions are alternatives, never
 * linked together; board A's ops target (a setter) is not what board B calls (this file: A) */
#include <linux/fs.h>
#include <linux/uaccess.h>

struct panel_ops {
	int (*bridge_set)(void *fbi);
};

struct panel_ops *board_panel;

static int bridge_a_set(void *fbi)
{
	set_fs(KERNEL_DS);	/* a deliberate setter on board A */
	return 0;
}

int board_panel_init(void)
{
	static struct panel_ops ops;

	ops.bridge_set = bridge_a_set;
	board_panel = &ops;
	return 0;
}
