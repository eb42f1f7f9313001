/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What Kconfig says a configuration symbol needs, read without a build:
 * `config IPV6` sourced inside `if INET ... endif`, or with `depends on
 * INET && NET`, cannot be enabled while INET is off.  Without it a
 * function with `#ifdef CONFIG_INET` and `#if IS_ENABLED(CONFIG_IPV6)`
 * has a path no configuration builds (mac80211's ieee80211_register_hw()
 * error ladder took INET off and IPV6=m, and released RTNL it had not
 * taken).  The branch walk asks here when a preprocessor condition names
 * a symbol (cfg_atoms.c, assumes_kconfig).
 *
 * Read: the tree's top Kconfig (the kernel tree the first input lies in:
 * its top folder has a Makefile with VERSION, kernel/ and arch/, cli's
 * tree_top(); else the first input folder, when it has a Kconfig of its
 * own) and the
 * files it sources, with `$SRCARCH`/`$(SRCARCH)`/`$ARCH` read as every
 * folder of arch/.  Kept of each `config`/`menuconfig`: its type (bool or
 * tristate) and what enabling it needs: the conjuncts of its `depends on`
 * lines and of the enclosing `if`, `menu ... depends on` and `choice ...
 * depends on` that are a symbol (`FOO`, `FOO=y`, `FOO!=n`) or a negated
 * one (`!FOO`); a disjunction or anything else says nothing.  A symbol
 * defined in several places needs only what every definition needs.
 * `select` is not read: a select that forces a symbol past its
 * dependencies is a broken configuration Kconfig warns about.
 */
#ifndef ADDRLIMIT_KCONFIG_H
#define ADDRLIMIT_KCONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Read the Kconfig of top, the kernel tree the first input lies in, or
 * when there is none, of the input folder itself if it holds one (main
 * thread, before any worker runs).  Returns
 * the number of symbols read. */
size_t kconfig_load(const char *top, const char *input);
/* A digest of what was read (0 when nothing): what --cache keys on. */
uint64_t kconfig_digest(void);
void kconfig_release(void);

/* The symbol named name (without CONFIG_), or -1. */
int32_t kconfig_find(const char *name, size_t len);
/* Can the symbol be a module (declared tristate somewhere)? */
bool kconfig_tristate(int32_t sym);
/* Does enabling sym need need enabled (directly or through what its
 * needs need, a few levels deep)? */
bool kconfig_needs(int32_t sym, int32_t need);
/* Does enabling sym need off disabled (`depends on !OFF`, directly or
 * through one of its needs)? */
bool kconfig_excludes(int32_t sym, int32_t off);

/* Parse one Kconfig text as if it were the top file, sources not
 * followed (for the unit test); replaces what was loaded. */
size_t kconfig_parse_text(const char *text, size_t len);

#endif
