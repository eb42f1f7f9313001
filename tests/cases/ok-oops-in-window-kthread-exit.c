// SPDX-License-Identifier: GPL-2.0
/*
 * A storage gadget's worker thread raises the limit for its whole life
 * (kernel buffers handed to vfs_read() as __user) and ends with
 * complete_and_exit(); a static helper only that thread calls asserts with
 * BUG_ON() inside the window.  A kernel thread has no user clear_child_tid
 * for do_exit() to write (CVE-2010-4258's write needs one), so neither its
 * end nor its oops is an oops-in-window.
 */
struct completion { int done; };
struct task_struct;
struct stor {
	int state;
	int nbufs;
	struct completion thread_done;
	struct task_struct *task;
};
#define ST_TERMINATED 3

int handle_one_command(struct stor *s);

static void stor_check(struct stor *s)
{
	BUG_ON(s->nbufs < 0);
}

static int stor_main_thread(void *data)
{
	struct stor *s = data;
	mm_segment_t old_fs;

	old_fs = get_fs();
	set_fs(get_ds());
	while (s->state != ST_TERMINATED) {
		stor_check(s);
		handle_one_command(s);
	}
	complete_and_exit(&s->thread_done, 0);
	set_fs(old_fs);
	return 0;
}

int stor_start(struct stor *s)
{
	s->task = kthread_create(stor_main_thread, s, "stor");
	return s->task ? 0 : -ENOMEM;
}
