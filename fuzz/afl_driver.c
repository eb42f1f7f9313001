// SPDX-License-Identifier: GPL-2.0
/*
 * A main() for the fuzz targets without libFuzzer: read each file named
 * on the command line (stdin when none) and hand its bytes to
 * LLVMFuzzerTestOneInput.  Built with afl-clang-fast it is an AFL++
 * target (`afl-fuzz -i seeds -o out -- build/fuzz/afl/fuzz_parse @@`), in
 * persistent mode when AFL++ defines __AFL_LOOP; built with any compiler
 * it replays a crash file under a debugger.  See fuzz/README.md.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(FILE *f)
{
	size_t n = 0, cap = 1 << 16;
	uint8_t *buf = malloc(cap);
	while (buf) {
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		uint8_t *nb = realloc(buf, cap * 2);
		if (!nb)
			free(buf);
		buf = nb;
		cap *= 2;
	}
	if (!buf || ferror(f)) {
		free(buf);
		return 1;
	}
	/* an exact-size copy, so AddressSanitizer sees a read past the end */
	uint8_t *in = malloc(n ? n : 1);
	if (!in) {
		free(buf);
		return 1;
	}
	memcpy(in, buf, n);
	free(buf);
	LLVMFuzzerTestOneInput(in, n);
	free(in);
	return 0;
}

static int run_all(int argc, char **argv)
{
	if (argc < 2) {
		clearerr(stdin);	/* persistent mode reads stdin again */
		return run_file(stdin);
	}
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		if (!f) {
			perror(argv[i]);
			return 1;
		}
		int rc = run_file(f);
		fclose(f);
		if (rc)
			return rc;
	}
	return 0;
}

int main(int argc, char **argv)
{
#ifdef __AFL_LOOP
	int rc = 0;
	while (__AFL_LOOP(1000))
		rc = run_all(argc, argv);
	return rc;
#else
	return run_all(argc, argv);
#endif
}
