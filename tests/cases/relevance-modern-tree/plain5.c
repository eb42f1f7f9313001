/* case: relevance pass: a file that names nothing any check looks for (not parsed) */
#include <linux/types.h>

static const u8 crc_table[4] = { 0x00, 0x07, 0x0e, 0x09 };

u8 plain_crc2(u8 c, u8 b)
{
	return crc_table[(c ^ b) & 3];
}
