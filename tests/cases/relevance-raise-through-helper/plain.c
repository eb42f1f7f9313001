/* case: relevance pass: a file that names nothing any check looks for */
int plain_twice(int x)
{
	return 2 * x;
}
