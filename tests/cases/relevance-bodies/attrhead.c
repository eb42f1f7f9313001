/* case: relevance pass, bodies left out: a syntax error in the head of a definition whose body is left out (an attribute macro with expression arguments between the parameters and the brace) could be the blanking's: the file is parsed whole again ("parsed whole after all"), and the lock it leaks is reported all the same */
#include <linux/fs.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(reel_lock);
static int reel_pos;

static int reel_step(int n) SECTION_ATTR(".text" + 1, n | 2)
{
	return n / 3;
}

static int reel_release(struct inode *inode, struct file *file)
{
	mutex_lock(&reel_lock);
	if (file->f_flags & 4)
		return -EINVAL; /* expect: lock-held-return */
	reel_pos = 0;
	mutex_unlock(&reel_lock);
	return 0;
}

static const struct file_operations reel_fops = {
	.release = reel_release,
};
