/* a call with more than 32 arguments, one from a parameter: facts.c shifted 1u by 32+ (UBSan) */
int many(char *p)
{
	return sink40(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, p);
}
