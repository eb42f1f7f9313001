/* case: a UBSAN-style report hook saves the user-access state with user_access_save() in its declaration and restores it at the out label, but one suppression check returns early without user_access_restore */
#include <linux/kernel.h>
#include <linux/uaccess.h>
#include <linux/sched.h>

struct source_location {
	const char *file_name;
	u32 line;
	u32 column;
};

struct overflow_data {
	struct source_location location;
	const char *type_name;
};

static bool suppress_report(struct source_location *loc)
{
	return current->in_ubsan || test_and_set_bit(0, (unsigned long *)&loc->line);
}

void __ubsan_handle_lite_overflow(void *_data, void *lhs, void *rhs)
{
	struct overflow_data *data = _data;
	unsigned long ua_flags = user_access_save();

	if (!data->type_name)
		return; /* expect: pair-unbalanced */
	if (suppress_report(&data->location))
		goto out;

	current->in_ubsan++;
	pr_err("UBSAN: overflow in %s:%d:%d\n", data->location.file_name,
	       data->location.line, data->location.column);
	pr_err("%s: %px op %px cannot be represented\n", data->type_name, lhs, rhs);
	dump_stack();
	current->in_ubsan--;
out:
	user_access_restore(ua_flags);
}
