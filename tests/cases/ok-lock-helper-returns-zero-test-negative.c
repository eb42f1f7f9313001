/* case: lock helpers of the file return 0 always and callers test `< 0` (a vendor gpufreq sysfs show/store): the failure branch is not a path, so the lock is always released */
#include <linux/kobject.h>
#include <linux/rwsem.h>

#define GPU_ELEM(var, gpu) gpufreq_global[gpu].var

static int lock_policy_rwsem_read(int gpu)
{
	int policy_gpu = GPU_ELEM(policy_gpu, gpu);
	BUG_ON(policy_gpu == -1);
	down_read(&GPU_ELEM(policy_rwsem, policy_gpu));
	return 0;
}

static void unlock_policy_rwsem_read(int gpu)
{
	int policy_gpu = GPU_ELEM(policy_gpu, gpu);
	up_read(&GPU_ELEM(policy_rwsem, policy_gpu));
}

static ssize_t show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct gpufreq_policy *policy = to_policy(kobj);
	ssize_t ret = -EINVAL;

	if (lock_policy_rwsem_read(policy->gpu) < 0)
		goto fail;
	ret = sprintf(buf, "%u\n", policy->cur);
	unlock_policy_rwsem_read(policy->gpu);
fail:
	return ret;
}

static const struct sysfs_ops sysfs_ops = {
	.show = show,
};
