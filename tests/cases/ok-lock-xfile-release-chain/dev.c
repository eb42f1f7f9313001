/* netdev_run_todo(): names no lock call, releases through __rtnl_unlock() */
void netdev_run_todo(void)
{
	int x = 1;
	__rtnl_unlock();
	if (x)
		x++;
}
