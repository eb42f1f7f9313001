/* case (tree layout): a file of kernel/ so that the folder is a kernel tree */
int case_tree_kernel_file(void)
{
	return 0;
}
