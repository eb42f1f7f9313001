/* CFG golden: if/else, &&/||, goto cleanup, switch with fall-through, loops */
static int branches(struct dev *d, int cmd)
{
	mm_segment_t old_fs = get_fs();
	int ret = 0;

	if (!d || d->dead)
		return -ENODEV;
	set_fs(KERNEL_DS);
	switch (cmd) {
	case 1:
		ret = 1;
		/* fall through */
	case 2:
		ret++;
		break;
	default:
		goto out;
	}
	while (ret < 10) {
		if (ret == 5)
			continue;
		ret++;
	}
	do {
		ret--;
	} while (0);
out:
	set_fs(old_fs);
	return ret;
}
