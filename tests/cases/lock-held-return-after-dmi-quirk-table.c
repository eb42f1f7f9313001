/* case: a quirk table whose entries pass brace groups to a macro (`ENTRY(..., { DMI_MATCH(...), })`, as drivers/acpi/x86/utils.c does) is not C; tree-sitter's recovery used to lose the whole file to it (0% understood, skipped), hiding the ioctl handler below that keeps its mutex on an error return */
#include <linux/dmi.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

struct quirk {
	const char *hid;
	unsigned long flags;
	struct dmi_system_id dmi_ids[2];
};

#define QUIRK(hid, flags, dmi...) \
	{ { hid }, flags, { { .matches = dmi } } }

static const struct quirk quirks[] = {
	QUIRK("80860F09", 1, {}),
	QUIRK("80862289", 2, {
		DMI_MATCH(DMI_SYS_VENDOR, "Xiaomi Inc"),
		DMI_MATCH(DMI_PRODUCT_NAME, "Mipad2"),
	}),
	QUIRK("INT33F5", 0, {
		DMI_MATCH(DMI_SYS_VENDOR, "LENOVO"),
		DMI_EXACT_MATCH(DMI_PRODUCT_VERSION, "Lenovo MIIX 320-10ICR"),
	}),
};

static DEFINE_MUTEX(quirk_lock);
static unsigned long quirk_flags;

static long quirk_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	unsigned long v;

	mutex_lock(&quirk_lock);
	if (copy_from_user(&v, (void __user *)arg, sizeof(v)))
		return -EFAULT; /* expect: lock-held-return */
	quirk_flags = v & quirks[0].flags;
	mutex_unlock(&quirk_lock);
	return 0;
}

static const struct file_operations quirk_fops = {
	.unlocked_ioctl = quirk_ioctl,
};
