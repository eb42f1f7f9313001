/* a header pair in the style of highmem-internal.h: the map is a static
 * inline that disables page faults; the unmap is a macro that checks its
 * argument and calls its own implementation __NAME(), which enables them */
#include <linux/uaccess.h>

static inline void *map_atom(struct page *page)
{
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		migrate_disable();
	else
		preempt_disable();
	pagefault_disable();
	return page_address(page);
}

static inline void __unmap_atom(const void *addr)
{
	flush_atom(addr);
	pagefault_enable();
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		migrate_enable();
	else
		preempt_enable();
}

#define unmap_atom(__addr)					\
do {								\
	BUILD_BUG_ON(__same_type((__addr), struct page *));	\
	__unmap_atom(__addr);					\
} while (0)
