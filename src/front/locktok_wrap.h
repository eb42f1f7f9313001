// SPDX-License-Identifier: GPL-2.0
/*
 * A header's lock wrapper for the token check (locktok.c): the lock calls
 * it makes, from what macros_wrap.c recorded of it.
 */
#ifndef ADDRLIMIT_LOCKTOK_WRAP_H
#define ADDRLIMIT_LOCKTOK_WRAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "macros.h"

enum { LT_WRAP_ARGS = 8, LT_WRAP_CALLS = 4 };

struct lt_wrap_call {
	uint16_t rule;
	bool open;
	char *key;	/* the object, as the walk's key (the caller frees it);
			 * "" for a lock of no object */
	int root_arg;	/* the caller's argument the key is built from, or -1 */
};

/*
 * The lock calls the live wrapper name[0, len) of ctl makes when called
 * with the arguments argv[0, argc) (each as the pair walk's key_text()
 * gives it), as check_pairs_walk.c's wrap_replay() replays them: out[0,
 * *n), each a plain lock rule's call taken always or released on an object
 * its recorded argument builds from one of argv.  A recorded line that
 * calls neither a rule nor a live wrapper does nothing.  False (out empty)
 * when a line is not one the token check follows: a release or trylock
 * line, another live wrapper, a rule that is not a plain lock, an
 * argument not passed, an object built from no argument, token pasting,
 * more than LT_WRAP_CALLS calls.
 */
bool lt_wrapper_calls(const struct ctl_macros *ctl, const char *name, size_t len, char **argv,
		      int argc, struct lt_wrap_call *out, int *n);

#endif
