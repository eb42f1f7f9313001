// SPDX-License-Identifier: GPL-2.0
/*
 * The helper a worker thread calls under KERNEL_DS is also called, under
 * its own raise, from an ioctl: there a user task dies with the limit
 * raised, so its BUG_ON() is reported; the thread's own exit is not.
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
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	BUG_ON(s->nbufs < 0); /* expect: oops-in-window */
	set_fs(old_fs);
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

static long stor_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct stor *s = file->private_data;

	stor_check(s);
	return 0;
}

static const struct file_operations stor_fops = { .unlocked_ioctl = stor_ioctl };
