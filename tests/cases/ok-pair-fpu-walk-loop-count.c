/* case: an skcipher walk checks walk.nbytes for zero before kernel_fpu_begin(), ends and re-begins the FPU section inside the loop only while more data remains (arch/x86/crypto/aesni-intel_glue.c xts_crypt): a length tested non-zero is positive, so the loop is entered and the section closed */
#include <asm/fpu/api.h>
#include <crypto/internal/skcipher.h>

static int xts_crypt(struct skcipher_request *req, bool encrypt)
{
	struct skcipher_walk walk;
	int err;

	err = skcipher_walk_virt(&walk, req, false);
	if (!walk.nbytes)
		return err;

	kernel_fpu_begin();
	while (walk.nbytes > 0) {
		int nbytes = walk.nbytes;

		aesni_xts_crypt8(walk.dst.virt.addr, walk.src.virt.addr, nbytes, encrypt);
		kernel_fpu_end();
		err = skcipher_walk_done(&walk, walk.nbytes - nbytes);
		if (walk.nbytes > 0)
			kernel_fpu_begin();
	}
	return err;
}
