/* case: an arm64 crypto glue routine returns an error from inside its kernel_neon_begin() section while the normal path ends it (aes-ce-ccm style): the NEON section stays open */
#include <asm/neon.h>
#include <crypto/internal/aead.h>

static int ccm_encrypt_blocks(struct aead_request *req, struct skcipher_walk *walk, u8 *mac)
{
	int err = 0;

	kernel_neon_begin();
	while (walk->nbytes) {
		u32 tail = walk->nbytes % AES_BLOCK_SIZE;

		if (walk->nbytes == walk->total)
			tail = 0;
		ce_aes_ccm_encrypt(walk->dst.virt.addr, walk->src.virt.addr,
				   walk->nbytes - tail, mac, walk->iv);
		if (walk->nbytes > 4096)
			return -EINVAL; /* expect: pair-unbalanced */
		err = skcipher_walk_done(walk, tail);
	}
	kernel_neon_end();
	return err;
}
