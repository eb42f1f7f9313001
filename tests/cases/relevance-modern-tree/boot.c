/* case: relevance pass: real-mode boot code has its own set_fs(seg) (a segment register, not the address limit) and btrfs-style names that contain "set_fs": they make the tree look like it changes the limit, the probe finds it never raised, and the other files stay unparsed */
#include <linux/types.h>

static inline void set_fs(u16 seg)
{
	asm volatile("movw %0,%%fs" : : "rm" (seg));
}

struct fs_info { u64 flags; };

static void btrfs_set_fs_incompat(struct fs_info *fi, u64 bit)
{
	fi->flags |= bit;
}

void copy_to_seg(u16 seg, const u8 *src, unsigned int n)
{
	set_fs(seg);
	while (n--)
		asm volatile("movb %0,%%fs:(%1)" : : "q" (*src++), "r" (n));
	set_fs(0);
}

void boot_flags(struct fs_info *fi)
{
	btrfs_set_fs_incompat(fi, 1);
}
