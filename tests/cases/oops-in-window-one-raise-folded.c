/* case: one raise, several calls that never return under it: one finding.
 * A board's setup raises the limit for good (its paging_init()) and then
 * asserts the fixed layout with three BUG_ON()s: one oops-in-window finding
 * with the two others as "same source" notes (tests/fold.sh counts them);
 * a second window of the same function is its own finding. */
#include <linux/uaccess.h>
#include <linux/bug.h>

extern unsigned long _text, _etext, memory_end;

void board_setup(unsigned long start)
{
	set_fs(KERNEL_DS);
	BUG_ON(_text > _etext); /* expect: oops-in-window */
	BUG_ON(start & 3); /* expect: oops-in-window */
	BUG_ON(memory_end < start); /* expect: oops-in-window */
}

void board_probe(unsigned long start)
{
	mm_segment_t old = get_fs();

	set_fs(KERNEL_DS);
	BUG_ON(start & 1); /* expect: oops-in-window */
	set_fs(old);
	set_fs(KERNEL_DS);
	BUG_ON(start & 2); /* expect: oops-in-window */
	set_fs(old);
}
