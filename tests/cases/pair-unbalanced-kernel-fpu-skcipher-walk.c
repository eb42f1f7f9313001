/* case: an aesni-style ECB handler keeps one kernel_fpu_begin section across the whole skcipher walk and returns the skcipher_walk_done error from inside the loop without kernel_fpu_end */
#include <crypto/aes.h>
#include <crypto/internal/skcipher.h>
#include <asm/fpu/api.h>

asmlinkage void aesni_ecb_enc(struct crypto_aes_ctx *ctx, u8 *out, const u8 *in,
			      unsigned int len);

static struct crypto_aes_ctx *aes_ctx(void *raw_ctx)
{
	unsigned long addr = (unsigned long)raw_ctx;

	return (struct crypto_aes_ctx *)ALIGN(addr, 16);
}

static int lite_ecb_encrypt(struct skcipher_request *req)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	struct crypto_aes_ctx *ctx = aes_ctx(crypto_skcipher_ctx(tfm));
	struct skcipher_walk walk;
	unsigned int nbytes;
	int err;

	err = skcipher_walk_virt(&walk, req, true);
	if (err)
		return err;

	kernel_fpu_begin();
	while ((nbytes = walk.nbytes)) {
		aesni_ecb_enc(ctx, walk.dst.virt.addr, walk.src.virt.addr,
			      nbytes & AES_BLOCK_MASK);
		nbytes &= AES_BLOCK_SIZE - 1;
		err = skcipher_walk_done(&walk, nbytes);
		if (err)
			return err; /* expect: pair-unbalanced */
	}
	kernel_fpu_end();
	return err;
}

static struct skcipher_alg lite_aesni_alg = {
	.base.cra_name		= "__ecb(aes)",
	.base.cra_driver_name	= "__ecb-aes-lite",
	.base.cra_blocksize	= AES_BLOCK_SIZE,
	.min_keysize		= AES_MIN_KEY_SIZE,
	.max_keysize		= AES_MAX_KEY_SIZE,
	.encrypt		= lite_ecb_encrypt,
};
