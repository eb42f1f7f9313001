/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The relevance pass: before anything is parsed, every file is read once
 * and scanned for the names the checks look for.  A file that names no
 * rule call, no set_fs()/force_uaccess_*() and no name the whole-tree
 * analysis later asks about can add nothing to the findings, so it is not
 * parsed.  analyze.c iterates: the facts of the parsed files name
 * further functions (an entry point's registrations, a helper's
 * definitions, the callers of a function that changes the limit), and the
 * files that mention those names are parsed next.  When the tree raises
 * the address limit anywhere, the summaries need every file and every file
 * is parsed (the same as --full).
 */
#ifndef ADDRLIMIT_RELEVANCE_H
#define ADDRLIMIT_RELEVANCE_H

#include "addrlimit.h"
#include "facts.h"

enum {
	SC_LIMIT = 1,	/* a SUB_LIMIT substring (api.def) in the text: a function may change the limit */
	SC_RAISE = 2,	/* KERNEL_DS, get_ds, force_uaccess_begin or uaccess_kernel as a name */
	SC_RULES = 4,	/* a paired-state rule's call as a name */
	SC_MARK = 8,	/* a suppression comment ("addrlimit") */
	SC_TROUBLE = 16,	/* unreadable, binary, too large, not UTF-8: the parse says why */
	SC_API = 32,	/* any name of the address-limit API (get_fs, USER_DS, segment_eq...):
			 * what --fix rewrites */
	SC_USER_PTR = 64,	/* a function stored into a field the kernel also calls
				 * under KERNEL_DS (entry.def) and a copy from user
				 * memory: a ->write handler check_limit_kds.c looks at */
	SC_SETTLED = 128,	/* (kept by the cache only, never scanned) a file left
				 * unparsed because the tokens settled every lock body
				 * (analyze.c; the row's macro digests say when the
				 * verdict is stale) */
};

struct scan {
	uint8_t flags;		/* SC_* */
	bool names_later;	/* the names were not scanned (scan_flags_text): hash
				 * is NULL until scan_names_file() reads them */
	uint32_t nhash;
	uint32_t *hash;		/* the hashes of the names in the file, each once */
};

/* The hash the scan keeps for a name. */
uint32_t scan_name_hash(const char *s, size_t len);

/* A reading buffer, one per thread (free p when done). */
struct scan_buf {
	char *p;
	size_t cap;
};

/* Scan one file into *out; the control macros it defines go to ff (its
 * arena is set up here).  Never fails: a file that cannot be read is
 * SC_TROUBLE, so that the parse reports why.  names: keep the hashes of
 * its names (else only the flags, out->names_later). */
void scan_file(const struct opts *o, const char *path, struct scan *out, struct file_facts *ff,
	       bool names, struct scan_buf *buf);
/* The names of a file scanned with names false, read again; its flags
 * stay (a file that cannot be read now keeps no name). */
void scan_names_file(const struct opts *o, const char *path, struct scan *s,
		     struct scan_buf *buf);
void scan_release(struct scan *s);
/* The name scan alone, over bytes in memory (out->flags gets SC_LIMIT,
 * SC_RAISE, SC_RULES, SC_MARK, SC_API, SC_USER_PTR; out->hash is
 * allocated). */
void scan_text(const struct opts *o, const char *t, size_t len, struct scan *out);
/* The same flags without the names (out->hash NULL, out->names_later):
 * what a run that asks no name needs, at a fraction of the cost (no hash
 * per byte, no set; the substrings searched for as grep would). */
void scan_flags_text(const struct opts *o, const char *t, size_t len, struct scan *out);
struct name_set;
/* Does the file name one of s's names outside every brace pair: where a
 * function is defined (its head, SYSCALL_DEFINEn(name, ...), a prototype,
 * EXPORT_SYMBOL(name)), never where it is only called or stored into a
 * table?  True as well when the file cannot be read or its braces do not
 * pair up (then the parse decides). */
bool scan_outside_bodies(const struct opts *o, const char *path, const struct name_set *s,
			 struct scan_buf *buf);
/* Does the file name one of s's names where no '(' follows (comments and
 * blanks stepped over): where a function may be registered (`.open =
 * name`, `request_irq(irq, name, ...)`, `module_init(name)`,
 * DEVICE_ATTR_RW(x) for x_show), never where it is only called?  True as
 * well when the file cannot be read. */
bool scan_not_called(const struct opts *o, const char *path, const struct name_set *s,
		     struct scan_buf *buf);
/* Only the control macros of a file (a header beside the input). */
void scan_macros(const struct opts *o, const char *path, struct arena *a, ctl_macro_list *out,
		 struct scan_buf *buf);

/* A set of name hashes, for asking which files mention any of them. */
struct name_set {
	uint32_t *slot;		/* 0: empty (a hash of 0 is stored as 1) */
	size_t cap, n;
	/* a blocked Bloom filter of the slots (cap / 16 words): a name the
	 * set does not hold, the common answer of name_set_any() over a
	 * file's names, costs one word's test instead of a probe */
	uint64_t *bloom;
};
/* Add a function's name, and the names a file that defines or registers
 * it may spell it with (SYSCALL_DEFINEn(read ...) for sys_read,
 * DEVICE_ATTR_RW(x) for x_show and x_store). */
void name_set_add(struct name_set *s, const char *name);
bool name_set_any(const struct name_set *s, const struct scan *f);
/* Is the hash of a name (scan_name_hash) in s?  Put one such hash into s;
 * every name of from into s. */
bool name_set_has(const struct name_set *s, uint32_t h);
void name_set_put(struct name_set *s, uint32_t h);
void name_set_merge(struct name_set *s, const struct name_set *from);
void name_set_release(struct name_set *s);

#endif
