/* case: an arm64 NEON hash update opens kernel_neon_begin per chunk and ends it before the continue (unaligned tail), the break (budget spent) and the loop bottom, so every exit is balanced */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <crypto/internal/hash.h>
#include <crypto/sha2.h>
#include <asm/neon.h>

asmlinkage int lite_sha256_neon_blocks(u32 *state, const u8 *src, int blocks);
void lite_sha256_generic_blocks(u32 *state, const u8 *src, int blocks);

static int lite_sha256_neon_update(u32 *state, const u8 *data, unsigned int len,
				   unsigned int budget)
{
	unsigned int done = 0;

	while (len >= SHA256_BLOCK_SIZE) {
		unsigned int chunk = min_t(unsigned int, len, SZ_4K);
		int blocks = chunk / SHA256_BLOCK_SIZE;

		if (!IS_ALIGNED((unsigned long)data, 4)) {
			lite_sha256_generic_blocks(state, data, blocks);
			data += blocks * SHA256_BLOCK_SIZE;
			len -= blocks * SHA256_BLOCK_SIZE;
			continue;
		}

		kernel_neon_begin();
		blocks -= lite_sha256_neon_blocks(state, data, blocks);
		if (done + chunk > budget) {
			kernel_neon_end();
			break;
		}
		kernel_neon_end();

		data += blocks * SHA256_BLOCK_SIZE;
		len -= blocks * SHA256_BLOCK_SIZE;
		done += chunk;
		cond_resched();
	}
	return len;
}

int lite_sha256_update(struct shash_desc *desc, const u8 *data, unsigned int len)
{
	u32 *state = shash_desc_ctx(desc);

	return lite_sha256_neon_update(state, data, len, UINT_MAX) ? -EAGAIN : 0;
}
