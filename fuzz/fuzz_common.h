/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the fuzz targets: turn the fuzzer's bytes into a normalised,
 * parsed source the way load_and_parse() does for a file, and keep one
 * parser per process.  Each target defines LLVMFuzzerTestOneInput; the
 * libFuzzer runtime or fuzz/afl_driver.c supplies main().
 */
#ifndef ADDRLIMIT_FUZZ_COMMON_H
#define ADDRLIMIT_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "normalize.h"
#include "parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One parser for the whole run, made on first use. */
static inline TSParser *fuzz_parser(void)
{
	static TSParser *parser;
	if (!parser) {
		parse_init();
		parser = ts_parser_new();
		if (!ts_parser_set_language(parser, tree_sitter_c()))
			abort();
	}
	return parser;
}

/*
 * Load data into src and parse its normalised text.  Returns the tree, or
 * NULL when the input is refused as a file would be (a NUL byte): then
 * src holds nothing.  With check_shape, normalisation's one promise is
 * checked: same length, every newline where it was, no NUL written.
 */
static inline TSTree *fuzz_parse_buffer(const uint8_t *data, size_t size, struct source *src,
					bool check_shape)
{
	char *why = NULL;
	if (source_from_buffer(src, "fuzz.c", (const char *)data, size, &why) < 0) {
		free(why);
		return NULL;
	}
	normalize(src);
	if (check_shape) {
		if (strlen(src->text) != src->len)
			abort();
		for (size_t i = 0; i < src->len; i++)
			if ((src->raw[i] == '\n') != (src->text[i] == '\n'))
				abort();
	}
	TSParser *parser = fuzz_parser();
	TSTree *tree = ts_parser_parse_string(parser, NULL, src->text, (uint32_t)src->len);
	ts_parser_reset(parser);
	if (!tree)
		source_release(src);
	return tree;
}

#endif
