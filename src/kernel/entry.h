/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Entry points recognisable inside one file: functions user space reaches
 * directly.  System calls (SYSCALL_DEFINEn, sys_*, compat_sys_*), handlers
 * named in initialisers of file_operations and its kin (and of a driver's
 * own attribute structs, by position too), functions passed to registration
 * calls, and the handlers registration macros name (DEVICE_ATTR* and
 * friends).  The kinds are the rows of entry.def.
 */
#ifndef ADDRLIMIT_ENTRY_H
#define ADDRLIMIT_ENTRY_H

#include "parse.h"

struct entry {
	char *name;		/* function name, owned */
	const char *why;	/* static text: "system call", "file_operations .read handler"... */
};

/* The general rule (entry.def's REGISTER rows), while a file is read: what
 * was stored into fields, and which objects were passed to registration
 * calls.  entries_find() settles them into entries. */
struct entry_store {
	char *obj;		/* the object's text, blanks left out ("rng", "priv->rng"), owned */
	char *field;		/* owned; "" for an element of an array of pointers */
	char *val;		/* the function, or the object whose address is stored, owned */
	char *tag;		/* struct tag of obj when known, owned, or NULL */
	uint32_t scope;		/* start of the function obj is local to; 0: file scope */
	uint32_t vscope;	/* the same for val, when addr */
	bool addr;		/* `&val`: an object, not a handler */
};

struct entry_regd {
	char *obj;		/* as in entry_store, owned */
	const char *call;	/* the registration call's name, in es->whys */
	uint32_t scope;
};

struct entries {
	VEC(struct entry) v;
	VEC(char *) whys;	/* the kinds made up here ("registered hwrng.read handler"), owned */
	VEC(struct entry_store) stores;
	VEC(struct entry_regd) regd;
};

/* Collect the entry points a parsed file registers in declarations and
 * attribute macros (root of its tree, normalised text). */
void entries_find(struct entries *es, TSNode root, const char *text, size_t len);
/* ... and by the assignment expression n (`fops.unlocked_ioctl = f;`): the
 * caller's tree walk hands every assignment here. */
void entries_note_assignment(struct entries *es, TSNode n, const char *text);
/* ... and by the call expression n (`single_open(file, my_show, NULL)`, the
 * CALL rows of entry.def): the caller hands every call in a body here. */
void entries_note_call(struct entries *es, TSNode call, const char *text);
/* ... and by the n parameter declarations of its definition (the
 * SIGNATURE rows): the caller hands every function defined here. */
void entries_note_params(struct entries *es, const char *name, const TSNode *decls, int n,
			 const char *text);
/* The reason `name` is an entry point, or NULL. */
/* "system call" when name is one by its name (sys_*, compat_sys_*: what
 * SYSCALL_DEFINEn defines once normalised), else NULL.  The one place that
 * decides it. */
const char *entry_syscall(const char *name);
/* That reason, for comparing an entry's `why` with it. */
extern const char ENTRY_SYSCALL[];
/* The reason of a function declared asmlinkage whose name says no system
 * call: an old kernel's system call by another name (irix_xstat(),
 * ia32_utime(), solaris_*, listed only in an assembly table) or a trap
 * handler; both return to user mode.  For the address limit only: the
 * semaphores' slow paths (__down_failed()) are asmlinkage too, and return
 * holding what they took by design. */
extern const char ENTRY_ASMLINKAGE[];
/* The reason of entry.def's 32-bit ioctl translations: handler(fd, cmd,
 * arg[, file]), the user's argument third whatever its declared type. */
extern const char ENTRY_COMPAT_IOCTL[];
const char *entries_lookup(const struct entries *es, const char *name);
/* Is a handler of kind `why` stored into field[0, len) also called by the
 * kernel with KERNEL_DS in force (entry.def's UNDER_KERNEL_DS rows)? */
bool entry_kernel_ds(const char *why, const char *field, size_t len);
/* ... is field[0, len) such a field of any kind? */
bool entry_kernel_ds_field(const char *field, size_t len);
/* Each word of those fields' lists, as written (`foo*` for a prefix). */
void entry_kernel_ds_fields(void (*fn)(void *ctx, const char *field, size_t len), void *ctx);
void entries_add(struct entries *es, const char *name, size_t len, const char *why);

/* --stats: the entry points of a run by kind.  entry_tally_add() counts
 * one function of kind why (the whole-tree pass, once per run, single
 * threaded); entry_tally() gives the kinds, most frequent first, and
 * their number (valid until the next entry_tally_reset()). */
struct entry_kind_count {
	char *why;		/* owned */
	size_t n;
};
void entry_tally_reset(void);
void entry_tally_add(const char *why);
size_t entry_tally(const struct entry_kind_count **kinds);
void entries_release(struct entries *es);

#endif
