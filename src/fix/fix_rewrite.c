// SPDX-License-Identifier: GPL-2.0
/*
 * The calls inside a set_fs() window (see fix_int.h and DESIGN.md's
 * migration table).  A call needs the raised limit when it is a uaccess
 * routine or file/socket I/O on a __user buffer (A_NEEDS_LIMIT in the API
 * table), when it is handed a pointer cast to `__user` (what sparse-clean
 * pre-5.10 code had to write to pass a kernel buffer), when it goes through
 * ->setsockopt/->getsockopt, or when it is an ioctl handler given an address
 * as `unsigned long`.  The table's FX_* kind says how such a call is
 * rewritten to its kernel-pointer form; every other call is left alone.
 */
#include <stdlib.h>
#include <string.h>

#include "fix_int.h"

/* Is an argument `(unsigned long)&x` (a kernel address passed as an ioctl arg)? */
static bool address_as_long(const struct fn_fix *f, TSNode args)
{
	uint32_t c = ts_node_named_child_count(args);
	for (uint32_t i = 0; i < c; i++) {
		TSNode a = ts_node_named_child(args, i);
		if (!node_is(a, S_cast_expression))
			continue;
		TSNode v = node_field(a, "value");
		while (node_is(v, S_parenthesized_expression) && ts_node_named_child_count(v) == 1)
			v = ts_node_named_child(v, 0);
		if (node_is(v, S_pointer_expression) &&
		    node_text_is(ts_node_child(v, 0), f->t, "&"))
			return true;
	}
	return false;
}

/* The name of the field a call goes through (`f->f_op->read` → "read"). */
static const char *via_field(TSNode call, const char *t, size_t *len)
{
	TSNode fn = node_field(call, "function");
	if (!node_is(fn, S_field_expression))
		return NULL;
	TSNode field = node_field(fn, "field");
	*len = node_len(field);
	return node_ptr(field, t);
}

/* A struct iovec variable used by msghdr `m`: `m.msg_iov = &iov` (and
 * `m.msg_iovlen = 1`), or `iov_iter_init(&m.msg_iter, dir, &iov, n, len)`. */
struct msg_iov {
	char *iov, *nr, *len;
	TSNode stmts[2];
	size_t nstmts;
};

struct scan_ctx {
	struct fn_fix *f;
	const char *msg;
	size_t msg_len;
	struct msg_iov *out;
};

static bool scan_msg(TSNode n, void *vctx)
{
	struct scan_ctx *c = vctx;
	const char *t = c->f->t;
	if (node_is(n, S_assignment_expression)) {
		TSNode l = node_field(n, "left"), r = node_field(n, "right");
		if (!node_is(l, S_field_expression))
			return true;
		TSNode obj = node_field(l, "argument"), fld = node_field(l, "field");
		if (node_len(obj) != c->msg_len || memcmp(node_ptr(obj, t), c->msg, c->msg_len))
			return true;
		TSNode st = ts_node_parent(n);
		if (!node_is(st, S_expression_statement) || c->out->nstmts == 2)
			return true;
		if (node_text_is(fld, t, "msg_iov") && node_is(r, S_pointer_expression)) {
			free(c->out->iov);
			c->out->iov = fix_raw_of(c->f, node_field(r, "argument"));
			c->out->stmts[c->out->nstmts++] = st;
		} else if (node_text_is(fld, t, "msg_iovlen")) {
			free(c->out->nr);
			c->out->nr = fix_raw_of(c->f, r);
			c->out->stmts[c->out->nstmts++] = st;
		}
		return true;
	}
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, t, &len);
		TSNode args = node_field(n, "arguments");
		if (!name || len != 13 || memcmp(name, "iov_iter_init", 13) ||
		    ts_node_named_child_count(args) != 5)
			return true;
		char *first = node_text_nospace(ts_node_named_child(args, 0), t);
		bool ours = !strncmp(first, "&", 1) && !strncmp(first + 1, c->msg, c->msg_len) &&
			    !strcmp(first + 1 + c->msg_len, ".msg_iter");
		free(first);
		TSNode st = ts_node_parent(n);
		if (!ours || !node_is(st, S_expression_statement) || c->out->nstmts == 2)
			return true;
		TSNode iov = strip_parens(ts_node_named_child(args, 2));
		if (!node_is(iov, S_pointer_expression))
			return true;
		free(c->out->iov);
		free(c->out->nr);
		free(c->out->len);
		c->out->iov = fix_raw_of(c->f, node_field(iov, "argument"));
		c->out->nr = fix_raw_of(c->f, ts_node_named_child(args, 3));
		c->out->len = fix_raw_of(c->f, ts_node_named_child(args, 4));
		c->out->stmts[c->out->nstmts++] = st;
		return true;
	}
	return true;
}

/* `struct iovec NAME` declared in the function: becomes `struct kvec`, and
 * `NAME.iov_base = (void __user *)buf` loses its cast. */
struct iovec_ctx {
	struct fn_fix *f;
	const char *name;
	bool found;
};

static bool scan_iovec(TSNode n, void *vctx)
{
	struct iovec_ctx *c = vctx;
	struct fn_fix *f = c->f;
	if (node_is(n, S_declaration)) {
		TSNode type = node_field(n, "type");
		if (!node_is(type, S_struct_specifier) || !node_text_is(node_field(type, "name"), f->t, "iovec"))
			return false;
		uint32_t k = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < k; i++) {
			TSNode d = ts_node_named_child(n, i);
			if (ts_node_eq(d, type))
				continue;
			TSNode id = declarator_name(d);
			if (!ts_node_is_null(id) && node_text_is(id, f->t, c->name)) {
				fix_edit(f, ts_node_start_byte(type), ts_node_end_byte(type),
				     xstrdup("struct kvec"));
				c->found = true;
			}
		}
		return false;
	}
	if (node_is(n, S_assignment_expression)) {
		TSNode l = node_field(n, "left"), r = node_field(n, "right");
		if (node_is(l, S_field_expression) &&
		    node_text_is(node_field(l, "argument"), f->t, c->name) &&
		    node_text_is(node_field(l, "field"), f->t, "iov_base") && fix_is_user_cast(f, r))
			fix_edit(f, ts_node_start_byte(r), ts_node_end_byte(r),
			     fix_raw_of(f, fix_strip_user_casts(f, r)));
	}
	return true;
}

/* `sock_sendmsg(sock, &msg)` → `kernel_sendmsg(sock, &msg, &iov, n, len)`. */
static bool rewrite_msg(struct fn_fix *f, TSNode call, bool send)
{
	TSNode args = node_field(call, "arguments");
	uint32_t nargs = ts_node_named_child_count(args);
	if (nargs < 2 || (send && nargs != 2) || (!send && nargs != 3 && nargs != 4))
		return false;
	TSNode m = strip_parens(ts_node_named_child(args, 1));
	if (!node_is(m, S_pointer_expression))
		return false;
	TSNode mv = node_field(m, "argument");
	if (!node_is(mv, S_identifier))
		return false;
	struct msg_iov mi = {0};
	struct scan_ctx sc = { f, node_ptr(mv, f->t), node_len(mv), &mi };
	node_walk(f->body, scan_msg, &sc);
	bool ok = mi.iov != NULL;
	if (ok && !mi.len) {
		if (mi.nr && strcmp(mi.nr, "1")) {
			ok = false;
		} else {
			mi.len = xasprintf("%s.iov_len", mi.iov);
		}
	}
	if (ok) {
		struct iovec_ctx ic = { f, mi.iov, false };
		node_walk(f->body, scan_iovec, &ic);
		ok = ic.found;
	}
	if (ok) {
		for (size_t i = 0; i < mi.nstmts; i++)
			fix_remove_stmt(f, mi.stmts[i]);
		char *sock = fix_arg_text(f, args, 0), *msg = fix_raw_of(f, ts_node_named_child(args, 1));
		char *flags = send ? NULL : fix_arg_text(f, args, nargs - 1);
		char *text = send ? xasprintf("kernel_sendmsg(%s, %s, &%s, %s, %s)", sock, msg, mi.iov,
					      mi.nr ? mi.nr : "1", mi.len) :
			     xasprintf("kernel_recvmsg(%s, %s, &%s, %s, %s, %s)", sock, msg, mi.iov,
				       mi.nr ? mi.nr : "1", mi.len, flags);
		fix_edit(f, ts_node_start_byte(call), ts_node_end_byte(call), text);
		fix_need(f, 0, send ? "sock_sendmsg → kernel_sendmsg" : "sock_recvmsg → kernel_recvmsg");
		free(sock);
		free(msg);
		free(flags);
	}
	free(mi.iov);
	free(mi.nr);
	free(mi.len);
	return ok;
}

/* The constant an int variable is set to in the function, or -1. */
struct const_ctx {
	const char *t;
	const char *name;
	long value;
	int sets;
};

static bool scan_const(TSNode n, void *vctx)
{
	struct const_ctx *c = vctx;
	TSNode l = {0}, r = {0};
	if (node_is(n, S_init_declarator)) {
		l = node_field(n, "declarator");
		r = node_field(n, "value");
	} else if (node_is(n, S_assignment_expression)) {
		l = node_field(n, "left");
		r = node_field(n, "right");
	} else {
		return true;
	}
	if (!node_is(l, S_identifier) || !node_text_is(l, c->t, c->name))
		return true;
	c->sets++;
	if (node_is(r, S_number_literal))
		c->value = strtol(node_ptr(r, c->t), NULL, 0);
	else
		c->value = -1;
	return true;
}

/* The typed helpers of 5.8: `on` ones only switch an option on (the value
 * must be a nonzero constant); the others take the value; `void` ones can
 * only replace a call whose result is unused. */
static const struct {
	const char *opt, *helper;
	bool on, is_void;
} sockopt_helpers[] = {
	{ "SO_REUSEADDR", "sock_set_reuseaddr", true, true },
	{ "SO_REUSEPORT", "sock_set_reuseport", true, true },
	{ "SO_KEEPALIVE", "sock_set_keepalive", true, true },
	{ "TCP_NODELAY", "tcp_sock_set_nodelay", true, true },
	{ "IP_RECVERR", "ip_sock_set_recverr", true, true },
	{ "IP_FREEBIND", "ip_sock_set_freebind", true, true },
	{ "IP_PKTINFO", "ip_sock_set_pktinfo", true, true },
	{ "SO_PRIORITY", "sock_set_priority", false, true },
	{ "SO_RCVBUF", "sock_set_rcvbuf", false, true },
	{ "SO_MARK", "sock_set_mark", false, true },
	{ "IP_TOS", "ip_sock_set_tos", false, true },
	{ "TCP_CORK", "tcp_sock_set_cork", false, true },
	{ "TCP_USER_TIMEOUT", "tcp_sock_set_user_timeout", false, true },
	{ "IP_MTU_DISCOVER", "ip_sock_set_mtu_discover", false, false },
	{ "TCP_KEEPIDLE", "tcp_sock_set_keepidle", false, false },
	{ "TCP_KEEPINTVL", "tcp_sock_set_keepintvl", false, false },
	{ "TCP_KEEPCNT", "tcp_sock_set_keepcnt", false, false },
	{ "TCP_SYNCNT", "tcp_sock_set_syncnt", false, false },
};

/* sock_setsockopt / kernel_setsockopt / sock->ops->setsockopt. */
static bool rewrite_setsockopt(struct fn_fix *f, TSNode call, bool via_ops)
{
	TSNode args = node_field(call, "arguments");
	if (ts_node_named_child_count(args) != 5)
		return false;
	char *sock = fix_arg_text(f, args, 0);
	TSNode opt = ts_node_named_child(args, 2);
	TSNode val = fix_strip_user_casts(f, ts_node_named_child(args, 3));
	/* `(char *)&one` too: a plain cast to char * around an address */
	TSNode v = val;
	if (node_is(v, S_cast_expression))
		v = node_field(v, "value");
	bool stmt = !ts_node_is_null(fix_call_statement(call));
	for (size_t i = 0; i < ARRAY_SIZE(sockopt_helpers); i++) {
		if (!node_text_is(opt, f->t, sockopt_helpers[i].opt) || !node_is(v, S_pointer_expression))
			continue;
		TSNode var = node_field(v, "argument");
		if (!node_is(var, S_identifier) || (sockopt_helpers[i].is_void && !stmt))
			break;
		char *name = fix_raw_of(f, var);
		char *text;
		if (sockopt_helpers[i].on) {
			struct const_ctx cc = { f->t, name, -1, 0 };
			node_walk(f->body, scan_const, &cc);
			if (cc.sets != 1 || cc.value <= 0) {
				free(name);
				break;
			}
			text = xasprintf("%s(%s->sk)", sockopt_helpers[i].helper, sock);
			VEC_PUSH(f->dropvars, name);
		} else {
			text = xasprintf("%s(%s->sk, %s)", sockopt_helpers[i].helper, sock, name);
			free(name);
		}
		fix_edit(f, ts_node_start_byte(call), ts_node_end_byte(call), text);
		char *w = xasprintf("setsockopt(%s) → %s (5.8)", sockopt_helpers[i].opt,
				    sockopt_helpers[i].helper);
		fix_need(f, KV(5, 8, 0), w);
		free(w);
		free(sock);
		return true;
	}
	/* otherwise the value as a kernel sockptr_t (5.9), in place */
	TSNode varg = ts_node_named_child(args, 3);
	char *value = fix_raw_of(f, v);
	fix_edit(f, ts_node_start_byte(varg), ts_node_end_byte(varg), xasprintf("KERNEL_SOCKPTR(%s)", value));
	free(value);
	if (!via_ops) {
		TSNode fnn = node_field(call, "function");
		static const char *const to = "sock_setsockopt";	/* the one taking a sockptr_t */
		if (!node_text_is(fnn, f->t, to))
			fix_edit(f, ts_node_start_byte(fnn), ts_node_end_byte(fnn), xstrdup(to));
	}
	fix_need(f, KV(5, 9, 0), "setsockopt → KERNEL_SOCKPTR (5.9)");
	free(sock);
	return true;
}

/* `vfs_readv(file, (struct iovec __user *)vec, n, &pos[, flags])` →
 * an iov_iter over the same vector as kvecs and vfs_iter_read (4.20). */
static bool rewrite_readv(struct fn_fix *f, TSNode call, bool read)
{
	TSNode args = node_field(call, "arguments");
	uint32_t n = ts_node_named_child_count(args);
	if (n != 4 && n != 5)
		return false;
	char *file = fix_arg_text(f, args, 0), *vec = fix_arg_text(f, args, 1), *nr = fix_arg_text(f, args, 2);
	char *pos = fix_arg_text(f, args, 3);
	char *text = xasprintf("({ struct iov_iter iter; iov_iter_kvec(&iter, %s, (struct kvec *)(%s), %s, "
			       "iov_length(%s, %s)); vfs_iter_%s(%s, &iter, %s, 0); })",
			       read ? "READ" : "WRITE", vec, nr, vec, nr, read ? "read" : "write", file,
			       pos);
	fix_edit(f, ts_node_start_byte(call), ts_node_end_byte(call), text);
	fix_need(f, KV(4, 20, 0), read ? "vfs_readv → iov_iter_kvec + vfs_iter_read (4.20)" :
				      "vfs_writev → iov_iter_kvec + vfs_iter_write (4.20)");
	free(file);
	free(vec);
	free(nr);
	free(pos);
	return true;
}

/*
 * get_user(x, p) / put_user(x, p) on a kernel pointer.  Code that reads
 * through get_user under KERNEL_DS may rely on the fault being caught (bus
 * probing: `if (get_user(i, addr))`), so reads become get_kernel_nofault
 * (5.8), which still returns -EFAULT; a put_user whose result is unused
 * becomes a plain store, one whose result is tested copy_to_kernel_nofault.
 */
static bool rewrite_getput(struct fn_fix *f, TSNode call, bool get)
{
	TSNode args = node_field(call, "arguments");
	if (ts_node_named_child_count(args) != 2)
		return false;
	char *x = fix_raw_of(f, ts_node_named_child(args, 0));
	char *pt = fix_arg_text(f, args, 1);
	bool stmt = !ts_node_is_null(fix_call_statement(call));
	char *text;
	if (get) {
		text = xasprintf("get_kernel_nofault(%s, %s)", x, pt);
		fix_need(f, KV(5, 8, 0), "get_user on a kernel pointer → get_kernel_nofault (5.8)");
	} else if (stmt) {
		TSNode p = fix_strip_user_casts(f, ts_node_named_child(args, 1));
		char *lv = node_is(p, S_pointer_expression) && node_text_is(ts_node_child(p, 0), f->t, "&") ?
			   fix_raw_of(f, node_field(p, "argument")) :
			   node_is(p, S_identifier) ? xasprintf("*%s", pt) : xasprintf("*(%s)", pt);
		text = xasprintf("%s = %s", lv, x);
		free(lv);
		fix_need(f, 0, "put_user on a kernel pointer → plain store");
	} else {
		text = xasprintf("({ typeof(*(%s)) kval = (%s); copy_to_kernel_nofault(%s, &kval, "
				 "sizeof(kval)); })", pt, x, pt);
		fix_need(f, KV(5, 8, 0), "put_user on a kernel pointer → copy_to_kernel_nofault (5.8)");
	}
	fix_edit(f, ts_node_start_byte(call), ts_node_end_byte(call), text);
	free(x);
	free(pt);
	return true;
}

/* copy_from_user(d, s, n) / copy_to_user on kernel addresses: the _nofault
 * copies (5.8) keep the fault handling; a nonzero result still means failure. */
static bool rewrite_copy(struct fn_fix *f, TSNode call, bool to)
{
	TSNode args = node_field(call, "arguments");
	if (ts_node_named_child_count(args) != 3)
		return false;
	char *d = fix_arg_text(f, args, 0), *s = fix_arg_text(f, args, 1), *n = fix_arg_text(f, args, 2);
	fix_edit(f, ts_node_start_byte(call), ts_node_end_byte(call),
	     xasprintf("copy_%s_kernel_nofault(%s, %s, %s)", to ? "to" : "from", d, s, n));
	fix_need(f, KV(5, 8, 0), to ? "copy_to_user on kernel buffers → copy_to_kernel_nofault (5.8)" :
				  "copy_from_user on kernel buffers → copy_from_kernel_nofault (5.8)");
	free(d);
	free(s);
	free(n);
	return true;
}

static bool needs_limit(struct fn_fix *f, TSNode call, int depth);

/* A function of this file called inside the window that hands a buffer to
 * a uaccess routine itself, outside a window of its own. */
struct needs_ctx {
	struct fn_fix *f;
	int depth;
	bool found;
};

static bool scan_needs(TSNode n, void *vctx)
{
	struct needs_ctx *c = vctx;
	if (c->found)
		return false;
	if (node_is(n, S_call_expression)) {
		size_t len = 0;
		const char *name = call_name(n, c->f->t, &len);
		if (api_is(name, len, A_LIMIT_SET)) {
			c->depth = -1;	/* it has a window of its own */
			c->found = false;
			return false;
		}
		if (needs_limit(c->f, n, c->depth + 1))
			c->found = true;
	}
	return true;
}

static bool same_file_needs(struct fn_fix *f, const char *name, size_t len, int depth)
{
	if (depth > 3)
		return false;
	for (size_t i = 0; i < f->nfile_fns; i++) {
		TSNode id = declarator_name(node_field(f->file_fns[i], "declarator"));
		if (ts_node_is_null(id) || node_len(id) != len || memcmp(node_ptr(id, f->t), name, len) ||
		    ts_node_eq(f->file_fns[i], f->fn))
			continue;
		struct needs_ctx c = { f, depth, false };
		node_walk(node_field(f->file_fns[i], "body"), scan_needs, &c);
		return c.found && c.depth >= 0;
	}
	return false;
}

/* Does this call need the raised limit (whether or not we can rewrite it)?
 * By name (the table's A_NEEDS_LIMIT: uaccess routines and I/O on a __user
 * buffer), through a socket's ->setsockopt/->getsockopt, by a `__user`
 * cast on an argument, or, below the window's own calls, by calling a
 * function of this file that needs it. */
static bool needs_limit(struct fn_fix *f, TSNode call, int depth)
{
	const char *t = f->t;
	size_t len = 0, flen = 0;
	const char *name = call_name(call, t, &len);
	const char *field = via_field(call, t, &flen);
	TSNode args = node_field(call, "arguments");
#define VIA(s) (!name && field && flen == sizeof(s) - 1 && !memcmp(field, s, flen))
	bool needs = api_is(name, len, A_NEEDS_LIMIT) ||
		     VIA("setsockopt") || VIA("getsockopt") || fix_user_cast_arg(f, args) ||
		     (depth > 0 && name && same_file_needs(f, name, len, depth));
#undef VIA
	return needs;
}

/* What replaces a system call made from the kernel (DESIGN.md's table):
 * none of these is mechanical for a module (ksys_* and init_* are not
 * exported), so the note names the kernel-pointer API to use. */
static const char *sys_advice(const char *name, size_t len, enum api_fix fx, bool alt)
{
	/* (the calls api.def knows: by their kind) */
	if (fx == FX_SYS_STAT)
		return "use kern_path() + vfs_getattr()";
	if (fx == FX_SYS_OPEN)
		return "open the file with filp_open() and use the struct file";
	if (fx == FX_SYS_RW)
		return alt ? "call kernel_read() on the struct file (fget() the fd)"
			   : "call kernel_write() on the struct file (fget() the fd)";
	static const struct {
		const char *sys, *use;
	} advice[] = {
		{ "sys_lseek", "call vfs_llseek() on the struct file" },
		{ "sys_close", "filp_close() the struct file" },
		{ "sys_unlink", "use kern_path_locked() + vfs_unlink() (init_unlink() only at boot)" },
		{ "sys_mkdir", "use kern_path_create() + vfs_mkdir() (init_mkdir() only at boot)" },
		{ "sys_ioctl", "call the driver's handler with a kernel struct (split its core)" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(advice); i++)
		if (strlen(advice[i].sys) == len && !memcmp(advice[i].sys, name, len))
			return advice[i].use;
	return "call the kernel function behind it with kernel pointers";
}

/* `vfs_stat(path, &st)` / `vfs_lstat`: kern_path() + vfs_getattr() (4.11). */
static bool rewrite_stat(struct fn_fix *f, TSNode call, bool follow)
{
	TSNode args = node_field(call, "arguments");
	if (ts_node_named_child_count(args) != 2)
		return false;
	char *path = fix_arg_text(f, args, 0), *st = fix_arg_text(f, args, 1);
	fix_edit(f, ts_node_start_byte(call), ts_node_end_byte(call),
	     xasprintf("({ struct path kp; int kerr = kern_path(%s, %s, &kp); if (!kerr) { "
		       "kerr = vfs_getattr(&kp, %s, STATX_BASIC_STATS, AT_STATX_SYNC_AS_STAT); "
		       "path_put(&kp); } kerr; })", path, follow ? "LOOKUP_FOLLOW" : "0", st));
	fix_need(f, KV(4, 11, 0), follow ? "vfs_stat → kern_path + vfs_getattr (4.11)" :
				       "vfs_lstat → kern_path + vfs_getattr (4.11)");
	free(path);
	free(st);
	return true;
}

/* One call inside the window: the table's FX_* kind picks its rewrite (a
 * call through a struct's field is known by the field); a call the table
 * does not rewrite may still need the limit (a helper of this file, a
 * `__user` cast, an ioctl handler given an address, a system call), which
 * keeps the window. */
static void classify_call(struct fn_fix *f, TSNode call)
{
	const char *t = f->t;
	size_t len = 0, flen = 0;
	const char *name = call_name(call, t, &len);
	const char *field = via_field(call, t, &flen);
	TSNode args = node_field(call, "arguments");
	char *shown = name ? xstrndup(name, len) : field ? xstrndup(field, flen) : xstrdup("a call");
#define IS(s) (name && len == sizeof(s) - 1 && !memcmp(name, s, len))
#define VIA(s) (!name && field && flen == sizeof(s) - 1 && !memcmp(field, s, flen))
	if (IS("use_mm") || IS("unuse_mm")) {
		char *nn = xasprintf("kthread_%s", shown);
		TSNode fnn = node_field(call, "function");
		fix_edit(f, ts_node_start_byte(fnn), ts_node_end_byte(fnn), nn);
		f->kthread_h = true;
		char *w = xasprintf("%s → kthread_%s (5.8)", shown, shown);
		fix_need(f, KV(5, 8, 0), w);
		free(w);
		free(shown);
		return;
	}
	if (f->lowering) {
		free(shown);	/* under USER_DS the uaccess calls are real user accesses */
		return;
	}
	if (f->dry) {
		/* in an old-kernel arm: only whether it needs the limit */
		f->guarded_need |= needs_limit(f, call, 0);
		free(shown);
		return;
	}
	/* the rewrite the table names; a call through a field, by the field */
	const struct api *api = api_lookup(name, len);
	enum api_fix fx = api ? api->fix : FX_NONE;
	bool alt = api && (api->roles & A_FIX_ALT);
	if ((VIA("read") || VIA("write")) && ts_node_named_child_count(args) == 4 &&
	    memmem(node_ptr(call, t), node_len(call), "f_op", 4)) {
		fx = FX_KERNEL_RW;	/* file->f_op->read(file, buf, n, &pos) */
		alt = VIA("read");
	} else if (VIA("setsockopt")) {
		fx = FX_SETSOCKOPT;
	} else if (VIA("getsockopt")) {
		fx = FX_CANNOT;
	}
	bool is_ioctl = (name && memmem(name, len, "ioctl", 5)) || (field && memmem(field, flen, "ioctl", 5));
	bool is_sys = name && len > 4 && (!memcmp(name, "sys_", 4) || !memcmp(name, "ksys_", 5));
	bool done = true;
	switch (fx) {
	case FX_KERNEL_RW:	/* alt: read */
		if (ts_node_named_child_count(args) != 4) {
			done = false;
		} else {
			TSNode fnn = node_field(call, "function");
			fix_edit(f, ts_node_start_byte(fnn), ts_node_end_byte(fnn),
				 xstrdup(alt ? "kernel_read" : "kernel_write"));
			for (uint32_t i = 0; i < 4; i++)
				fix_clean_arg(f, ts_node_named_child(args, i));
			char *w = xasprintf("%s → %s (4.14)", shown, alt ? "kernel_read" : "kernel_write");
			fix_need(f, KV(4, 14, 0), w);
			free(w);
		}
		break;
	case FX_STAT:		/* alt: follows the last link (stat, not lstat) */
		done = rewrite_stat(f, call, alt);
		break;
	case FX_READV:		/* alt: readv */
		done = rewrite_readv(f, call, alt);
		break;
	case FX_MSG:		/* alt: send */
		done = rewrite_msg(f, call, alt);
		break;
	case FX_SETSOCKOPT:
		done = rewrite_setsockopt(f, call, VIA("setsockopt"));
		break;
	case FX_GETPUT:		/* alt: get */
		done = rewrite_getput(f, call, alt);
		break;
	case FX_COPY:		/* alt: to user */
		done = rewrite_copy(f, call, alt);
		break;
	case FX_CANNOT:
	case FX_SYS_STAT:
	case FX_SYS_OPEN:
	case FX_SYS_RW:
		done = false;
		break;
	case FX_NONE:
		if (!is_ioctl && name && same_file_needs(f, name, len, 0)) {
			char *why = xasprintf("'%s' (in this file) passes a buffer to a uaccess routine and "
					      "relies on the caller's raised limit; rewrite it first", shown);
			fix_cannot(f, call, why);
		} else if (fix_user_cast_arg(f, args) || (is_ioctl && address_as_long(f, args)) || is_sys) {
			done = false;
		} else {
			free(shown);
			return;		/* does not need the raised limit */
		}
		break;
	}
	if (!done) {
		char *why;
		if (is_ioctl)
			why = xasprintf("'%s' is handed a kernel address where it expects a user pointer; "
					"split a core function that takes the kernel struct (or use "
					"compat_ptr_ioctl() when only the pointer differs, 5.5)", shown);
		else if (fx == FX_CANNOT)
			why = xasprintf("'%s' still takes a user buffer; read the option from the sock "
					"directly", shown);
		else if (is_sys)
			why = xasprintf("'%s' is a system call made from the kernel; %s", shown,
					sys_advice(name, len, fx, alt));
		else
			why = xasprintf("'%s' is handed a kernel buffer where it expects a user pointer "
					"and has no kernel-pointer counterpart in the migration table", shown);
		fix_cannot(f, call, why);
	}
	free(shown);
#undef IS
#undef VIA
}

struct call_ctx {
	struct fn_fix *f;
};

static bool visit_calls(TSNode n, void *vctx)
{
	struct fn_fix *f = ((struct call_ctx *)vctx)->f;
	if (!node_is(n, S_call_expression))
		return true;
	uint32_t a = ts_node_start_byte(n);
	size_t len;
	const char *name = call_name(n, f->t, &len);
	bool mm = name && ((len == 6 && !memcmp(name, "use_mm", 6)) ||
			   (len == 8 && !memcmp(name, "unuse_mm", 8)));
	if ((a >= f->lo && a < f->hi) || mm) {
		f->dry = fix_version_guarded(n, f->t);
		classify_call(f, n);
		f->dry = false;
	}
	return true;
}

void fix_calls(struct fn_fix *f)
{
	struct call_ctx cc = { f };
	node_walk(f->body, visit_calls, &cc);
}
