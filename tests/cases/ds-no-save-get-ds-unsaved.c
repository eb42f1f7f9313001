/* case: a helper raises with set_fs(get_ds()) without saving and lowers with set_fs(USER_DS) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/uaccess.h>

static int osdx_unlink_cache(const char *name)
{
	struct path parent;
	struct dentry *d;
	int ret;

	set_fs(get_ds()); /* expect: ds-no-save */
	ret = kern_path("/var/cache/osdx", LOOKUP_DIRECTORY, &parent);
	if (!ret) {
		d = lookup_one_len(name, parent.dentry, strlen(name));
		if (IS_ERR(d)) {
			ret = PTR_ERR(d);
		} else {
			ret = vfs_unlink(d_inode(parent.dentry), d, NULL);
			dput(d);
		}
		path_put(&parent);
	}
	set_fs(USER_DS);
	return ret;
}
