/* case (tree layout): a file of arch/ so that the folder is a kernel tree */
int case_tree_arch_file(void)
{
	return 0;
}
