/* case: lock-unbalanced must not fire: a work handler downs one of two semaphores and leaves it for the completion, which ups `page_queue ? &pages_sem : &sem` (mlx5's cmd_work_handler() and its completion, 6.1): either object counts as the completion's */
/* args: -Wlock-unbalanced */
#include <linux/semaphore.h>
#include <linux/workqueue.h>

struct cmd {
	struct semaphore sem, pages_sem;
};

struct ent {
	struct cmd *cmd;
	int page_queue;
	struct work_struct work;
};

int post_cmd(struct ent *ent);

static void cmd_done(struct ent *ent)
{
	struct cmd *cmd = ent->cmd;

	up(ent->page_queue ? &cmd->pages_sem : &cmd->sem);
}

static void cmd_work(struct work_struct *work)
{
	struct ent *ent = container_of(work, struct ent, work);
	struct cmd *cmd = ent->cmd;

	if (!ent->page_queue) {
		if (down_timeout(&cmd->sem, 100))
			return;
	} else {
		down(&cmd->pages_sem);
	}
	if (post_cmd(ent)) {
		cmd_done(ent);
		return;
	}
}
