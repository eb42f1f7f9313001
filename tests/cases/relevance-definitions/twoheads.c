/* case: relevance pass: two heads for one body under #ifdef: the braces do not pair up when read as they stand, so the file is parsed (it might define what is asked) */
#include <linux/types.h>

u32 fold_sum(const u32 *w, unsigned int n);

#ifdef CONFIG_WIDE_SUM
u64 wide_sum(const u32 *w, unsigned int n) {
#else
u32 wide_sum(const u32 *w, unsigned int n) {
#endif
	return fold_sum(w, n);
}
