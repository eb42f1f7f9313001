// SPDX-License-Identifier: GPL-2.0
/*
 * Migration of set_fs() windows (see fix.h and DESIGN.md's migration
 * table).  Syntactic and per function: a function's windows (from its
 * first raise to its last restore) are rewritten together or not at all.
 * A call inside needs the raised limit when it is a uaccess routine, when
 * it is handed a pointer cast to `__user` (what sparse-clean pre-5.10 code
 * had to write to pass a kernel buffer), or when it is an ioctl handler
 * given an address as `unsigned long`.  Every other call is left alone.
 */
#include <stdlib.h>
#include <string.h>

#include "fix.h"

#define KV(a, b, c) (((a) << 16) + ((b) << 8) + (c))

struct fn_fix {
	const struct source *src;
	const char *t;			/* normalised text (same offsets as raw) */
	TSNode fn, body;
	char *var;			/* the saved limit's variable, or NULL */
	VEC(TSNode) raises, restores, saves, decls, uses;
	VEC(TSNode) tests;		/* `if (uaccess_kernel()) ...;` (no else) */
	edit_list edits;
	int version;			/* KERNEL_VERSION the new code needs (0: any) */
	struct strbuf what;		/* "vfs_read → kernel_read, ..." */
	char *why_not;			/* why it cannot be rewritten, or NULL */
	TSNode why_at;
	uint32_t lo, hi;		/* from the first raise to the last restore */
	const TSNode *file_fns;		/* every function of the file (callees) */
	size_t nfile_fns;
	bool dry;			/* classifying a call in an old-kernel #if arm */
	bool lowering;			/* set_fs(USER_DS) around use_mm(): user accesses stay */
	bool kthread_h;			/* kthread_use_mm() needs <linux/kthread.h> */
	VEC(char *) dropvars;		/* option values the typed helpers no longer read */
	bool guarded_need;		/* ... and one of them needs the raised limit */
};

static bool is_id_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static char *raw_of(const struct fn_fix *f, TSNode n)
{
	return xstrndup(f->src->raw + ts_node_start_byte(n), node_len(n));
}

static bool has_user_mark(const struct fn_fix *f, uint32_t a, uint32_t b)
{
	for (size_t i = 0; i < f->src->user_marks.n; i++)
		if (f->src->user_marks.v[i] >= a && f->src->user_marks.v[i] < b)
			return true;
	return false;
}

static void edit(struct fn_fix *f, uint32_t a, uint32_t b, char *text)
{
	for (size_t i = 0; i < f->edits.n; i++)
		if (a < f->edits.v[i].b && f->edits.v[i].a < b) {
			free(text);	/* overlapping: the first rewrite wins */
			return;
		}
	VEC_PUSH(f->edits, ((struct edit){ a, b, text }));
}

static void cannot(struct fn_fix *f, TSNode at, char *why)
{
	if (f->why_not) {
		free(why);
		return;
	}
	f->why_not = why;
	f->why_at = at;
}

static void need(struct fn_fix *f, int version, const char *what)
{
	if (version > f->version)
		f->version = version;
	if (f->what.len)
		strbuf_adds(&f->what, ", ");
	strbuf_adds(&f->what, what);
}

/* The node without the `__user` casts around it: `(char __user *)buf`. */
static TSNode strip_user_casts(const struct fn_fix *f, TSNode n)
{
	for (int guard = 0; guard < 8; guard++) {
		if (node_is(n, S_parenthesized_expression) && ts_node_named_child_count(n) == 1) {
			TSNode in = ts_node_named_child(n, 0);
			if (!node_is(in, S_cast_expression))
				break;
			n = in;
		}
		if (!node_is(n, S_cast_expression))
			break;
		TSNode type = node_field(n, "type");
		if (!has_user_mark(f, ts_node_start_byte(type), ts_node_end_byte(type)))
			break;
		n = node_field(n, "value");
	}
	return n;
}

static bool is_user_cast(const struct fn_fix *f, TSNode n)
{
	TSNode s = strip_user_casts(f, n);
	return !ts_node_eq(s, n);
}

/* Does any argument carry a `__user` cast? */
static bool user_cast_arg(const struct fn_fix *f, TSNode args)
{
	uint32_t c = ts_node_named_child_count(args);
	for (uint32_t i = 0; i < c; i++)
		if (has_user_mark(f, ts_node_start_byte(ts_node_named_child(args, i)),
				  ts_node_end_byte(ts_node_named_child(args, i))))
			return true;
	return false;
}

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

/* Rewrite `call`'s arguments: the text of argument i without user casts. */
static char *arg_text(const struct fn_fix *f, TSNode args, uint32_t i)
{
	char *t = raw_of(f, strip_user_casts(f, ts_node_named_child(args, i)));
	/* `(char __user *)buf + n` keeps its cast, without the annotation */
	static const char *const words[] = { "__user ", "__user", "__force ", "__force" };
	for (size_t w = 0; w < ARRAY_SIZE(words); w++) {
		size_t wl = strlen(words[w]);
		char *q;
		while ((q = strstr(t, words[w])) && !is_id_char(q[wl - (words[w][wl - 1] == ' ')]))
			memmove(q, q + wl, strlen(q + wl) + 1);
	}
	return t;
}

/* The same, as edits of the argument in place, so the call keeps its
 * layout: a top-level `__user` cast goes, nested ones lose the word. */
static void clean_arg(struct fn_fix *f, TSNode arg)
{
	TSNode v = strip_user_casts(f, arg);
	uint32_t a = ts_node_start_byte(arg), b = ts_node_end_byte(arg);
	if (!ts_node_eq(v, arg)) {
		edit(f, a, ts_node_start_byte(v), xstrdup(""));
		a = ts_node_start_byte(v);
	}
	const char *raw = f->src->raw;
	for (uint32_t i = a; i + 6 <= b; i++) {
		size_t wl = !memcmp(raw + i, "__user", 6) ? 6 : i + 7 <= b && !memcmp(raw + i, "__force", 7) ? 7 : 0;
		if (!wl || (i > 0 && is_id_char(raw[i - 1])) || is_id_char(raw[i + wl]))
			continue;
		uint32_t e = i + (uint32_t)wl;
		while (e < b && raw[e] == ' ')
			e++;
		edit(f, i, e, xstrdup(""));
		i = e - 1;
	}
}

/* The statement the call is the whole of, or a null node. */
static TSNode call_statement(TSNode call)
{
	TSNode p = ts_node_parent(call);
	return node_is(p, S_expression_statement) ? p : (TSNode){0};
}

/* Remove a statement or declaration: its whole line when it is alone on
 * it, else just its bytes.  Only inside a block (not as the body of an if
 * without braces). */
static bool in_block(TSNode parent)
{
	return node_is(parent, S_compound_statement) || node_is(parent, S_case_statement) ||
	       node_is(parent, S_preproc_if) || node_is(parent, S_preproc_ifdef) ||
	       node_is(parent, S_preproc_elif) || node_is(parent, S_preproc_elifdef) ||
	       node_is(parent, S_preproc_else);
}

static bool remove_stmt(struct fn_fix *f, TSNode st)
{
	TSNode parent = ts_node_parent(st);
	if (node_is(parent, S_labeled_statement)) {
		/* `out: set_fs(old_fs);` with nothing after the label: keep `out: ;` */
		TSNode next = ts_node_next_named_sibling(parent);
		if (ts_node_is_null(next) || node_is(next, S_comment)) {
			edit(f, ts_node_start_byte(st), ts_node_end_byte(st), xstrdup(";"));
			return true;
		}
	} else if (!in_block(parent)) {
		cannot(f, st, xstrdup("a save or restore is the body of a statement without braces"));
		return false;
	}
	const char *raw = f->src->raw;
	uint32_t a = ts_node_start_byte(st), b = ts_node_end_byte(st);
	uint32_t ls = a;
	while (ls > 0 && raw[ls - 1] != '\n')
		ls--;
	bool alone_before = true;
	for (uint32_t i = ls; i < a; i++)
		alone_before &= raw[i] == ' ' || raw[i] == '\t';
	uint32_t le = b;
	while (le < f->src->len && (raw[le] == ' ' || raw[le] == '\t' || raw[le] == '\r'))
		le++;
	if (alone_before && (le == f->src->len || raw[le] == '\n')) {
		edit(f, ls, le < f->src->len ? le + 1 : le, xstrdup(""));
		return true;
	}
	edit(f, a, le, xstrdup(""));
	return true;
}

/* --- the calls inside a window ---------------------------------------- */

static const char *const uaccess_plain[] = {
	"copy_from_user", "__copy_from_user", "copy_to_user", "__copy_to_user",
	"raw_copy_from_user", "raw_copy_to_user", "__copy_from_user_inatomic",
	"__copy_to_user_inatomic",
};

static bool in_list(const char *n, size_t len, const char *const *l, size_t k)
{
	for (size_t i = 0; i < k; i++)
		if (strlen(l[i]) == len && !memcmp(l[i], n, len))
			return true;
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
			c->out->iov = raw_of(c->f, node_field(r, "argument"));
			c->out->stmts[c->out->nstmts++] = st;
		} else if (node_text_is(fld, t, "msg_iovlen")) {
			free(c->out->nr);
			c->out->nr = raw_of(c->f, r);
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
		c->out->iov = raw_of(c->f, node_field(iov, "argument"));
		c->out->nr = raw_of(c->f, ts_node_named_child(args, 3));
		c->out->len = raw_of(c->f, ts_node_named_child(args, 4));
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
				edit(f, ts_node_start_byte(type), ts_node_end_byte(type),
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
		    node_text_is(node_field(l, "field"), f->t, "iov_base") && is_user_cast(f, r))
			edit(f, ts_node_start_byte(r), ts_node_end_byte(r),
			     raw_of(f, strip_user_casts(f, r)));
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
			remove_stmt(f, mi.stmts[i]);
		char *sock = arg_text(f, args, 0), *msg = raw_of(f, ts_node_named_child(args, 1));
		char *flags = send ? NULL : arg_text(f, args, nargs - 1);
		char *text = send ? xasprintf("kernel_sendmsg(%s, %s, &%s, %s, %s)", sock, msg, mi.iov,
					      mi.nr ? mi.nr : "1", mi.len) :
			     xasprintf("kernel_recvmsg(%s, %s, &%s, %s, %s, %s)", sock, msg, mi.iov,
				       mi.nr ? mi.nr : "1", mi.len, flags);
		edit(f, ts_node_start_byte(call), ts_node_end_byte(call), text);
		need(f, 0, send ? "sock_sendmsg → kernel_sendmsg" : "sock_recvmsg → kernel_recvmsg");
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
	char *sock = arg_text(f, args, 0);
	TSNode opt = ts_node_named_child(args, 2);
	TSNode val = strip_user_casts(f, ts_node_named_child(args, 3));
	/* `(char *)&one` too: a plain cast to char * around an address */
	TSNode v = val;
	if (node_is(v, S_cast_expression))
		v = node_field(v, "value");
	bool stmt = !ts_node_is_null(call_statement(call));
	for (size_t i = 0; i < ARRAY_SIZE(sockopt_helpers); i++) {
		if (!node_text_is(opt, f->t, sockopt_helpers[i].opt) || !node_is(v, S_pointer_expression))
			continue;
		TSNode var = node_field(v, "argument");
		if (!node_is(var, S_identifier) || (sockopt_helpers[i].is_void && !stmt))
			break;
		char *name = raw_of(f, var);
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
		edit(f, ts_node_start_byte(call), ts_node_end_byte(call), text);
		char *w = xasprintf("setsockopt(%s) → %s (5.8)", sockopt_helpers[i].opt,
				    sockopt_helpers[i].helper);
		need(f, KV(5, 8, 0), w);
		free(w);
		free(sock);
		return true;
	}
	/* otherwise the value as a kernel sockptr_t (5.9), in place */
	TSNode varg = ts_node_named_child(args, 3);
	char *value = raw_of(f, v);
	edit(f, ts_node_start_byte(varg), ts_node_end_byte(varg), xasprintf("KERNEL_SOCKPTR(%s)", value));
	free(value);
	if (!via_ops) {
		TSNode fnn = node_field(call, "function");
		if (!node_text_is(fnn, f->t, "sock_setsockopt"))
			edit(f, ts_node_start_byte(fnn), ts_node_end_byte(fnn), xstrdup("sock_setsockopt"));
	}
	need(f, KV(5, 9, 0), "setsockopt → KERNEL_SOCKPTR (5.9)");
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
	char *file = arg_text(f, args, 0), *vec = arg_text(f, args, 1), *nr = arg_text(f, args, 2);
	char *pos = arg_text(f, args, 3);
	char *text = xasprintf("({ struct iov_iter iter; iov_iter_kvec(&iter, %s, (struct kvec *)(%s), %s, "
			       "iov_length(%s, %s)); vfs_iter_%s(%s, &iter, %s, 0); })",
			       read ? "READ" : "WRITE", vec, nr, vec, nr, read ? "read" : "write", file,
			       pos);
	edit(f, ts_node_start_byte(call), ts_node_end_byte(call), text);
	need(f, KV(4, 20, 0), read ? "vfs_readv → iov_iter_kvec + vfs_iter_read (4.20)" :
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
	char *x = raw_of(f, ts_node_named_child(args, 0));
	char *pt = arg_text(f, args, 1);
	bool stmt = !ts_node_is_null(call_statement(call));
	char *text;
	if (get) {
		text = xasprintf("get_kernel_nofault(%s, %s)", x, pt);
		need(f, KV(5, 8, 0), "get_user on a kernel pointer → get_kernel_nofault (5.8)");
	} else if (stmt) {
		TSNode p = strip_user_casts(f, ts_node_named_child(args, 1));
		char *lv = node_is(p, S_pointer_expression) && node_text_is(ts_node_child(p, 0), f->t, "&") ?
			   raw_of(f, node_field(p, "argument")) :
			   node_is(p, S_identifier) ? xasprintf("*%s", pt) : xasprintf("*(%s)", pt);
		text = xasprintf("%s = %s", lv, x);
		free(lv);
		need(f, 0, "put_user on a kernel pointer → plain store");
	} else {
		text = xasprintf("({ typeof(*(%s)) kval = (%s); copy_to_kernel_nofault(%s, &kval, "
				 "sizeof(kval)); })", pt, x, pt);
		need(f, KV(5, 8, 0), "put_user on a kernel pointer → copy_to_kernel_nofault (5.8)");
	}
	edit(f, ts_node_start_byte(call), ts_node_end_byte(call), text);
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
	char *d = arg_text(f, args, 0), *s = arg_text(f, args, 1), *n = arg_text(f, args, 2);
	edit(f, ts_node_start_byte(call), ts_node_end_byte(call),
	     xasprintf("copy_%s_kernel_nofault(%s, %s, %s)", to ? "to" : "from", d, s, n));
	need(f, KV(5, 8, 0), to ? "copy_to_user on kernel buffers → copy_to_kernel_nofault (5.8)" :
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
		size_t len;
		const char *name = call_name(n, c->f->t, &len);
		if (name && len == 6 && !memcmp(name, "set_fs", 6)) {
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

/* Does this call need the raised limit (whether or not we can rewrite it)? */
static bool needs_limit(struct fn_fix *f, TSNode call, int depth)
{
	const char *t = f->t;
	size_t len = 0, flen = 0;
	const char *name = call_name(call, t, &len);
	const char *field = via_field(call, t, &flen);
	TSNode args = node_field(call, "arguments");
#define IS(s) (name && len == sizeof(s) - 1 && !memcmp(name, s, len))
#define VIA(s) (!name && field && flen == sizeof(s) - 1 && !memcmp(field, s, flen))
	bool needs = IS("vfs_read") || IS("__vfs_read") || IS("vfs_write") || IS("__vfs_write") ||
		     IS("vfs_readv") || IS("vfs_writev") || IS("sock_sendmsg") || IS("sock_recvmsg") ||
		     IS("vfs_stat") || IS("vfs_lstat") ||
		     IS("sock_setsockopt") || IS("get_user") || IS("put_user") || IS("__get_user") ||
		     IS("__put_user") || (name && in_list(name, len, uaccess_plain, ARRAY_SIZE(uaccess_plain))) ||
		     VIA("setsockopt") || VIA("getsockopt") || user_cast_arg(f, args) ||
		     (depth > 0 && name && same_file_needs(f, name, len, depth));
#undef IS
#undef VIA
	return needs;
}

/* What replaces a system call made from the kernel (DESIGN.md's table):
 * none of these is mechanical for a module (ksys_* and init_* are not
 * exported), so the note names the kernel-pointer API to use. */
static const char *sys_advice(const char *name, size_t len)
{
	static const struct {
		const char *sys, *use;
	} advice[] = {
		{ "sys_open", "open the file with filp_open() and use the struct file" },
		{ "sys_read", "call kernel_read() on the struct file (fget() the fd)" },
		{ "sys_write", "call kernel_write() on the struct file (fget() the fd)" },
		{ "sys_lseek", "call vfs_llseek() on the struct file" },
		{ "sys_close", "filp_close() the struct file" },
		{ "sys_newstat", "use kern_path() + vfs_getattr()" },
		{ "sys_stat", "use kern_path() + vfs_getattr()" },
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
	char *path = arg_text(f, args, 0), *st = arg_text(f, args, 1);
	edit(f, ts_node_start_byte(call), ts_node_end_byte(call),
	     xasprintf("({ struct path kp; int kerr = kern_path(%s, %s, &kp); if (!kerr) { "
		       "kerr = vfs_getattr(&kp, %s, STATX_BASIC_STATS, AT_STATX_SYNC_AS_STAT); "
		       "path_put(&kp); } kerr; })", path, follow ? "LOOKUP_FOLLOW" : "0", st));
	need(f, KV(4, 11, 0), follow ? "vfs_stat → kern_path + vfs_getattr (4.11)" :
				       "vfs_lstat → kern_path + vfs_getattr (4.11)");
	free(path);
	free(st);
	return true;
}

/* One call inside the window. */
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
	bool done = true;
	if (IS("use_mm") || IS("unuse_mm")) {
		char *nn = xasprintf("kthread_%s", shown);
		TSNode fnn = node_field(call, "function");
		edit(f, ts_node_start_byte(fnn), ts_node_end_byte(fnn), nn);
		f->kthread_h = true;
		char *w = xasprintf("%s → kthread_%s (5.8)", shown, shown);
		need(f, KV(5, 8, 0), w);
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
	if (IS("vfs_read") || IS("__vfs_read") || IS("vfs_write") || IS("__vfs_write") ||
	    ((VIA("read") || VIA("write")) && ts_node_named_child_count(args) == 4 &&
	     memmem(node_ptr(call, t), node_len(call), "f_op", 4))) {
		bool rd = IS("vfs_read") || IS("__vfs_read") || VIA("read");
		if (ts_node_named_child_count(args) != 4) {
			done = false;
		} else {
			TSNode fnn = node_field(call, "function");
			edit(f, ts_node_start_byte(fnn), ts_node_end_byte(fnn),
			     xstrdup(rd ? "kernel_read" : "kernel_write"));
			for (uint32_t i = 0; i < 4; i++)
				clean_arg(f, ts_node_named_child(args, i));
			char *w = xasprintf("%s → %s (4.14)", shown, rd ? "kernel_read" : "kernel_write");
			need(f, KV(4, 14, 0), w);
			free(w);
		}
	} else if (IS("vfs_stat") || IS("vfs_lstat")) {
		done = rewrite_stat(f, call, IS("vfs_stat"));
	} else if (IS("vfs_readv") || IS("vfs_writev")) {
		done = rewrite_readv(f, call, IS("vfs_readv"));
	} else if (IS("sock_sendmsg") || IS("sock_recvmsg")) {
		done = rewrite_msg(f, call, IS("sock_sendmsg"));
	} else if (IS("sock_setsockopt") || IS("kernel_setsockopt") || VIA("setsockopt")) {
		done = rewrite_setsockopt(f, call, VIA("setsockopt"));
	} else if (IS("get_user") || IS("__get_user") || IS("put_user") || IS("__put_user")) {
		done = rewrite_getput(f, call, IS("get_user") || IS("__get_user"));
	} else if (name && in_list(name, len, uaccess_plain, ARRAY_SIZE(uaccess_plain))) {
		done = rewrite_copy(f, call, name && memmem(name, len, "to_user", 7));
	} else if (VIA("getsockopt") || IS("sock_getsockopt") || IS("kernel_getsockopt")) {
		done = false;
	} else if (!((name && memmem(name, len, "ioctl", 5)) || (field && memmem(field, flen, "ioctl", 5))) &&
		   name && same_file_needs(f, name, len, 0)) {
		char *why = xasprintf("'%s' (in this file) passes a buffer to a uaccess routine and relies on "
				      "the caller's raised limit; rewrite it first", shown);
		cannot(f, call, why);
	} else if (user_cast_arg(f, args) ||
		   (((name && memmem(name, len, "ioctl", 5)) || (field && memmem(field, flen, "ioctl", 5))) &&
		    address_as_long(f, args)) ||
		   (name && len > 4 && (!memcmp(name, "sys_", 4) || !memcmp(name, "ksys_", 5)))) {
		done = false;
	} else {
		free(shown);
		return;		/* does not need the raised limit */
	}
	if (!done) {
		char *why;
		if ((name && memmem(name, len, "ioctl", 5)) || (field && memmem(field, flen, "ioctl", 5)))
			why = xasprintf("'%s' is handed a kernel address where it expects a user pointer; "
					"split a core function that takes the kernel struct (or use "
					"compat_ptr_ioctl() when only the pointer differs, 5.5)", shown);
		else if (VIA("getsockopt") || IS("sock_getsockopt") || IS("kernel_getsockopt"))
			why = xasprintf("'%s' still takes a user buffer; read the option from the sock "
					"directly", shown);
		else if (name && len > 4 && (!memcmp(name, "sys_", 4) || !memcmp(name, "ksys_", 5)))
			why = xasprintf("'%s' is a system call made from the kernel; %s", shown,
					sys_advice(name, len));
		else
			why = xasprintf("'%s' is handed a kernel buffer where it expects a user pointer "
					"and has no kernel-pointer counterpart in the migration table", shown);
		cannot(f, call, why);
	}
	free(shown);
#undef IS
#undef VIA
}

/* --- finding the windows ------------------------------------------------ */

static bool is_raise_arg(TSNode a, const char *t)
{
	a = strip_parens(a);
	return node_text_is(a, t, "KERNEL_DS") || node_text_is(a, t, "get_ds()") ||
	       node_text_is(a, t, "USER_DS");
}

/* Is `n` a call of `name` with one argument? */
static bool is_call1(TSNode n, const char *t, const char *name, TSNode *arg)
{
	n = strip_parens(n);
	size_t len;
	const char *cn = node_is(n, S_call_expression) ? call_name(n, t, &len) : NULL;
	if (!cn || len != strlen(name) || memcmp(cn, name, len))
		return false;
	TSNode args = node_field(n, "arguments");
	if (arg)
		*arg = ts_node_named_child_count(args) == 1 ? ts_node_named_child(args, 0) : (TSNode){0};
	return true;
}

/* `uaccess_kernel()`, `segment_eq(get_fs(), KERNEL_DS)`, `get_fs() == KERNEL_DS`:
 * always false once the limit is gone (5.10). */
static bool is_kernel_ds_test(TSNode c, const char *t)
{
	c = strip_parens(c);
	char *x = node_text_nospace(c, t);
	bool yes = !strcmp(x, "uaccess_kernel()") || !strcmp(x, "segment_eq(get_fs(),KERNEL_DS)") ||
		   !strcmp(x, "segment_eq(KERNEL_DS,get_fs())") || !strcmp(x, "get_fs()==KERNEL_DS") ||
		   !strcmp(x, "segment_eq(get_fs(),get_ds())");
	free(x);
	return yes;
}

static bool version_guarded(TSNode n, const char *t);

static bool collect(TSNode n, void *vctx)
{
	struct fn_fix *f = vctx;
	const char *t = f->t;
	if (node_is(n, S_if_statement) && ts_node_is_null(node_field(n, "alternative")) &&
	    is_kernel_ds_test(node_field(n, "condition"), t) && !version_guarded(n, t)) {
		VEC_PUSH(f->tests, n);
		return false;
	}
	if (node_is(n, S_expression_statement)) {
		TSNode e = ts_node_named_child(n, 0);
		TSNode arg;
		if (is_call1(e, t, "set_fs", &arg) && !ts_node_is_null(arg)) {
			if (is_raise_arg(arg, t) && !node_text_is(strip_parens(arg), t, "USER_DS"))
				VEC_PUSH(f->raises, n);
			else if (node_text_is(strip_parens(arg), t, "USER_DS") ||
				 node_is(strip_parens(arg), S_identifier) ||
				 node_is(strip_parens(arg), S_field_expression))
				VEC_PUSH(f->restores, n);
			else
				cannot(f, n, xstrdup("set_fs() to a value that is not a saved limit"));
			return false;
		}
		if (is_call1(e, t, "force_uaccess_end", NULL)) {
			VEC_PUSH(f->restores, n);
			return false;
		}
		if (node_is(e, S_assignment_expression)) {
			TSNode r = node_field(e, "right");
			if (is_call1(r, t, "get_fs", NULL) || is_call1(r, t, "force_uaccess_begin", NULL)) {
				VEC_PUSH(f->saves, n);
				if (is_call1(r, t, "force_uaccess_begin", NULL))
					VEC_PUSH(f->raises, n);
				return false;
			}
		}
	}
	if (node_is(n, S_declaration)) {
		TSNode type = node_field(n, "type");
		if (node_text_is(type, t, "mm_segment_t")) {
			VEC_PUSH(f->decls, n);
			uint32_t k = ts_node_named_child_count(n);
			for (uint32_t i = 0; i < k; i++) {
				TSNode d = ts_node_named_child(n, i);
				TSNode v = node_is(d, S_init_declarator) ? node_field(d, "value") : (TSNode){0};
				if (!ts_node_is_null(v) && is_call1(v, t, "force_uaccess_begin", NULL))
					VEC_PUSH(f->raises, n);
			}
			return false;
		}
	}
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *cn = call_name(n, t, &len);
		if (cn && ((len == 6 && !memcmp(cn, "get_fs", 6)) ||
			   (len == 14 && !memcmp(cn, "uaccess_kernel", 14)) ||
			   (len == 10 && !memcmp(cn, "segment_eq", 10))))
			VEC_PUSH(f->uses, n);
	}
	return true;
}

/* Inside an arm of `#if LINUX_VERSION_CODE ...` (or of a configure probe such
 * as HAVE_KERNEL_WRITE or AFS_FILE_NEEDS_SET_FS): code for old kernels that
 * the driver already ported with #if (or a --compat rewrite). */
static bool version_guarded(TSNode n, const char *t)
{
	for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
		if (!(node_is(p, S_preproc_if) || node_is(p, S_preproc_elif)))
			continue;
		TSNode c = node_field(p, "condition");
		if (!ts_node_is_null(c) && (memmem(node_ptr(c, t), node_len(c), "LINUX_VERSION_CODE", 18) ||
					    memmem(node_ptr(c, t), node_len(c), "SET_FS", 6) ||
					    memmem(node_ptr(c, t), node_len(c), "HAVE_", 5))) {
			/* in the arm itself, not in its #else */
			TSNode alt = node_field(p, "alternative");
			if (ts_node_is_null(alt) || ts_node_start_byte(n) < ts_node_start_byte(alt))
				return true;
		}
	}
	return false;
}

/* The variable a save statement or declaration stores the limit into. */
static char *saved_var(const struct fn_fix *f, TSNode st)
{
	if (node_is(st, S_expression_statement)) {
		TSNode l = node_field(ts_node_named_child(st, 0), "left");
		return raw_of(f, l);
	}
	uint32_t k = ts_node_named_child_count(st);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(st, i);
		if (node_is(d, S_init_declarator))
			return raw_of(f, node_field(d, "declarator"));
	}
	return NULL;
}

/* A use of the saved variable outside its saves, declarations and restores. */
struct var_ctx {
	struct fn_fix *f;
	TSNode other;
};

static bool listed(TSNode n, const TSNode *v, size_t k)
{
	for (size_t i = 0; i < k; i++)
		if (ts_node_eq(n, v[i]))
			return true;
	return false;
}

static bool scan_var(TSNode n, void *vctx)
{
	struct var_ctx *c = vctx;
	struct fn_fix *f = c->f;
	if (!ts_node_is_null(c->other))
		return false;
	if (listed(n, f->saves.v, f->saves.n) || listed(n, f->decls.v, f->decls.n) ||
	    listed(n, f->restores.v, f->restores.n) || listed(n, f->raises.v, f->raises.n))
		return false;
	if (node_is(n, S_identifier) && node_text_is(n, f->t, f->var))
		c->other = n;
	return true;
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
		f->dry = version_guarded(n, f->t);
		classify_call(f, n);
		f->dry = false;
	}
	return true;
}

static void note(const struct opts *o, const struct fn_fix *f, struct file_result *r,
		 const char *fname, char *msg, TSNode at)
{
	if (!o->enabled[C_SETFS_MIGRATE]) {
		free(msg);
		return;
	}
	struct finding fd = { .id = C_SETFS_MIGRATE, .msg = msg, .func = xstrdup(fname) };
	uint32_t off = ts_node_start_byte(at);
	fd.at.off = off;
	source_pos(f->src, off, &fd.at.line, &fd.at.col);
	fd.at.col_cp = source_col_cp(f->src, off);
	if (f->raises.n && !ts_node_eq(at, f->raises.v[0])) {
		struct step s = { .msg = xasprintf("the window opens here") };
		uint32_t ro = ts_node_start_byte(f->raises.v[0]);
		s.at.off = ro;
		source_pos(f->src, ro, &s.at.line, &s.at.col);
		s.at.col_cp = source_col_cp(f->src, ro);
		VEC_PUSH(fd.steps, s);
	}
	findings_add(&r->findings, &fd);
}

static int cmp_edit(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;
	return x->a < y->a ? -1 : x->a > y->a;
}

/* Is n inside the block `outer` (or outer itself)? */
static bool inside(TSNode n, TSNode outer)
{
	return ts_node_start_byte(n) >= ts_node_start_byte(outer) &&
	       ts_node_end_byte(n) <= ts_node_end_byte(outer);
}

/* The statement of the function's blocks that holds byte `at`: the node
 * there, climbed to a child of a block. */
static TSNode stmt_at(const struct fn_fix *f, uint32_t at)
{
	TSNode n = ts_node_descendant_for_byte_range(f->body, at, at);
	while (!ts_node_is_null(n) && !ts_node_eq(n, f->body)) {
		TSNode p = ts_node_parent(n);
		if (node_is(p, S_compound_statement))
			return n;
		n = p;
	}
	return (TSNode){0};
}

/* A byte inside edit k that is code, not the blank around a removed line. */
static uint32_t code_byte(const struct fn_fix *f, const struct edit *e, bool last)
{
	const char *raw = f->src->raw;
	if (e->b == e->a)
		return e->a;
	if (!last) {
		uint32_t i = e->a;
		while (i + 1 < e->b && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n'))
			i++;
		return i;
	}
	uint32_t i = e->b - 1;
	while (i > e->a && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n'))
		i--;
	return i;
}

/*
 * The statements of one block that cover edits i..j, as a byte range of
 * whole lines: an #if arm must hold whole statements (a loop whose body
 * holds the call is guarded whole), or the next parse, and the reader,
 * would see unbalanced braces.
 */
static bool region_of(const struct fn_fix *f, size_t i, size_t j, uint32_t *ra, uint32_t *rb)
{
	TSNode s1 = stmt_at(f, code_byte(f, &f->edits.v[i], false));
	uint32_t last = code_byte(f, &f->edits.v[j], true);
	for (size_t k = i; k <= j; k++)
		if (code_byte(f, &f->edits.v[k], true) > last)
			last = code_byte(f, &f->edits.v[k], true);
	TSNode s2 = stmt_at(f, last);
	if (ts_node_is_null(s1) || ts_node_is_null(s2))
		return false;
	/* climb the later one until its block holds the first, then the
	 * first to a child of that block */
	for (int guard = 0;; guard++) {
		TSNode block = ts_node_parent(s2);
		if (inside(s1, block)) {
			while (!ts_node_eq(ts_node_parent(s1), block))
				s1 = ts_node_parent(s1);
			break;
		}
		TSNode up = block;
		do
			up = ts_node_parent(up);
		while (!ts_node_is_null(up) && !node_is(ts_node_parent(up), S_compound_statement));
		if (ts_node_is_null(up) || guard > 64)
			return false;
		s2 = up;
	}
	const char *raw = f->src->raw;
	uint32_t a = ts_node_start_byte(s1), b = ts_node_end_byte(s2);
	for (size_t k = i; k <= j; k++) {
		if (f->edits.v[k].a < a)
			a = f->edits.v[k].a;
		if (f->edits.v[k].b > b)
			b = f->edits.v[k].b;
	}
	while (a > 0 && raw[a - 1] != '\n')
		a--;
	if (!(b > a && raw[b - 1] == '\n'))
		while (b < f->src->len && raw[b++] != '\n')
			;
	*ra = a;
	*rb = b;
	return true;
}

/* Region [a, b) holding edits i..j: old under the guard, new after #else
 * (no #else when the new code is empty: a removal). */
static void wrap_region(struct fn_fix *f, size_t i, size_t j, uint32_t a, uint32_t b,
			edit_list *out)
{
	const char *raw = f->src->raw;
	struct strbuf nw;
	strbuf_init(&nw);
	uint32_t at = a;
	for (size_t k = i; k <= j; k++) {
		strbuf_add(&nw, raw + at, f->edits.v[k].a - at);
		strbuf_adds(&nw, f->edits.v[k].text);
		at = f->edits.v[k].b;
	}
	strbuf_add(&nw, raw + at, b - at);
	bool blank = true;
	for (size_t k = 0; k < nw.len; k++)
		blank &= nw.buf[k] == ' ' || nw.buf[k] == '\t' || nw.buf[k] == '\n';
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_addf(&sb, "#if LINUX_VERSION_CODE < KERNEL_VERSION(%d, %d, %d)\n", f->version >> 16,
		    (f->version >> 8) & 0xff, f->version & 0xff);
	strbuf_add(&sb, raw + a, b - a);
	if (sb.buf[sb.len - 1] != '\n')
		strbuf_addc(&sb, '\n');
	if (!blank) {
		strbuf_adds(&sb, "#else\n");
		strbuf_add(&sb, nw.buf, nw.len);
		if (sb.buf[sb.len - 1] != '\n')
			strbuf_addc(&sb, '\n');
	}
	strbuf_adds(&sb, "#endif\n");
	strbuf_release(&nw);
	char *text = strbuf_detach(&sb);
	strbuf_release(&sb);
	VEC_PUSH(*out, ((struct edit){ a, b, text }));
}

/* --compat: each cluster of edits (no more than one untouched line apart),
 * widened to whole statements of one block, gets its own guard, so the
 * unrelated lines between clusters are not doubled. */
static void wrap_compat(struct fn_fix *f, edit_list *out)
{
	const char *raw = f->src->raw;
	size_t i = 0;
	while (i < f->edits.n) {
		size_t j = i;
		uint32_t a = 0, b = 0;
		for (;;) {
			while (j + 1 < f->edits.n) {
				int lines = 0;
				for (uint32_t q = f->edits.v[j].b; q < f->edits.v[j + 1].a; q++)
					lines += raw[q] == '\n';
				if (lines > 2)
					break;
				j++;
			}
			if (!region_of(f, i, j, &a, &b)) {
				/* no common block: the lines as they are */
				a = f->edits.v[i].a;
				while (a > 0 && raw[a - 1] != '\n')
					a--;
				b = f->edits.v[j].b;
				if (!(b > a && raw[b - 1] == '\n'))
					while (b < f->src->len && raw[b++] != '\n')
						;
			}
			/* a widened region may swallow the next edits */
			if (j + 1 < f->edits.n && f->edits.v[j + 1].a < b) {
				j++;
				continue;
			}
			break;
		}
		wrap_region(f, i, j, a, b, out);
		i = j + 1;
	}
	edits_release(&f->edits);
}

/* A variable only the rewritten calls read: its lone declaration goes. */
struct dropvar_ctx {
	struct fn_fix *f;
	const char *name;
	TSNode decl;
	int uses;
};

static bool in_edit(const struct fn_fix *f, uint32_t off)
{
	for (size_t i = 0; i < f->edits.n; i++)
		if (off >= f->edits.v[i].a && off < f->edits.v[i].b)
			return true;
	return false;
}

static bool scan_dropvar(TSNode n, void *vctx)
{
	struct dropvar_ctx *c = vctx;
	if (node_is(n, S_declaration)) {
		uint32_t k = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < k; i++) {
			TSNode d = ts_node_named_child(n, i);
			TSNode id = node_is(d, S_init_declarator) ? declarator_name(d) : (TSNode){0};
			if (!ts_node_is_null(id) && node_text_is(id, c->f->t, c->name)) {
				if (k == 2)
					c->decl = n;
				else
					c->uses++;	/* shares its declaration: keep */
				return false;
			}
		}
	}
	if (node_is(n, S_identifier) && node_text_is(n, c->f->t, c->name) &&
	    !in_edit(c->f, ts_node_start_byte(n)))
		c->uses++;
	return true;
}

static void drop_unused_vars(struct fn_fix *f)
{
	for (size_t i = 0; i < f->dropvars.n; i++) {
		struct dropvar_ctx c = { .f = f, .name = f->dropvars.v[i] };
		node_walk(f->body, scan_dropvar, &c);
		/* ... and in the new code: a call rewritten to KERNEL_SOCKPTR(&one) */
		size_t nl = strlen(c.name);
		for (size_t k = 0; k < f->edits.n; k++)
			for (const char *q = f->edits.v[k].text; (q = strstr(q, c.name)); q += nl) {
				bool before = q > f->edits.v[k].text && is_id_char(q[-1]);
				if (!before && !is_id_char(q[nl]))
					c.uses++;
			}
		if (!c.uses && !ts_node_is_null(c.decl))
			remove_stmt(f, c.decl);
	}
}

/* When every declaration at the top of the body went, the blank line that
 * separated them from the statements goes too. */
static void drop_separator(struct fn_fix *f)
{
	const char *raw = f->src->raw;
	uint32_t k = ts_node_named_child_count(f->body);
	uint32_t end = 0;
	for (uint32_t i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(f->body, i);
		if (!node_is(c, S_declaration))
			break;
		if (!in_edit(f, ts_node_start_byte(c)))
			return;
		end = ts_node_end_byte(c);
	}
	if (!end)
		return;
	while (end < f->src->len && raw[end] != '\n')
		end++;
	if (end + 1 < f->src->len && raw[end + 1] == '\n')
		edit(f, end + 1, end + 2, xstrdup(""));
}

static bool blank_line_at(const char *raw, size_t len, size_t at)
{
	for (; at < len && raw[at] != '\n'; at++)
		if (raw[at] != ' ' && raw[at] != '\t' && raw[at] != '\r')
			return false;
	return at < len;
}

/*
 * Removed lines that stood between two blank lines leave the blanks
 * doubled: the run of removals (adjacent whole-line edits) also takes the
 * blank line after it.  Edits are sorted.
 */
static void collapse_blanks(struct fn_fix *f)
{
	const char *raw = f->src->raw;
	size_t len = f->src->len;
	for (size_t i = 0; i < f->edits.n;) {
		size_t j = i;
		while (j + 1 < f->edits.n && f->edits.v[j + 1].a == f->edits.v[j].b &&
		       !*f->edits.v[j + 1].text)
			j++;
		struct edit *first = &f->edits.v[i], *last = &f->edits.v[j];
		bool lines = !*first->text && (first->a == 0 || raw[first->a - 1] == '\n') &&
			     last->b > last->a && raw[last->b - 1] == '\n';
		if (lines && first->a >= 2 && raw[first->a - 2] == '\n' &&
		    blank_line_at(raw, len, last->b) &&
		    (j + 1 >= f->edits.n || f->edits.v[j + 1].a > last->b)) {
			const char *nl = memchr(raw + last->b, '\n', len - last->b);
			last->b = (uint32_t)(nl - raw) + 1;
		}
		i = j + 1;
	}
}

static void drop_stmt(struct fn_fix *f, TSNode st)
{
	remove_stmt(f, st);
}

/* Keep a save, raise or restore for kernels before 5.10 only. */
static void guard_stmt(struct fn_fix *f, TSNode st)
{
	const char *raw = f->src->raw;
	uint32_t a = ts_node_start_byte(st), b = ts_node_end_byte(st);
	uint32_t ls = a;
	while (ls > 0 && raw[ls - 1] != '\n')
		ls--;
	uint32_t le = b;
	while (le < f->src->len && raw[le] != '\n')
		le++;
	for (uint32_t i = ls; i < a; i++)
		if (raw[i] != ' ' && raw[i] != '\t') {
			cannot(f, st, xstrdup("a save or restore shares its line with other code"));
			return;
		}
	char *line = xstrndup(raw + ls, le - ls);
	edit(f, ls, le, xasprintf("#if LINUX_VERSION_CODE < KERNEL_VERSION(5, 10, 0)\n%s\n#endif", line));
	free(line);
}

/* A compat shim that defines the replacement API itself (kernel_setsockopt
 * around ->setsockopt, copy_from_kernel_nofault around __copy_from_user):
 * the table applied there would make the function call itself. */
static bool is_shim(const char *fname)
{
	static const char *const api[] = {
		"kernel_read", "kernel_write", "kernel_setsockopt", "kernel_getsockopt",
		"kernel_sendmsg", "kernel_recvmsg", "copy_from_kernel_nofault",
		"copy_to_kernel_nofault", "probe_kernel_read", "probe_kernel_write",
		"get_kernel_nofault", "kthread_use_mm", "kthread_unuse_mm", "vfs_iter_read",
		"vfs_iter_write", "kernel_read_file_from_path",
	};
	return in_list(fname, strlen(fname), api, ARRAY_SIZE(api));
}

static void fix_function(const struct opts *o, struct fn_fix *f, struct file_result *r,
			 edit_list *out, const char *fname)
{
	if (is_shim(fname))
		return;
	node_walk(f->body, collect, f);
	if (f->tests.n && !f->raises.n && !f->restores.n) {
		/* only tests of a limit that no longer exists: they go */
		for (size_t i = 0; i < f->tests.n; i++)
			remove_stmt(f, f->tests.v[i]);
		if (f->why_not) {
			note(o, f, r, fname, xasprintf("the address-limit test in '%s' cannot be removed "
						       "mechanically: %s", fname, f->why_not), f->tests.v[0]);
			edits_release(&f->edits);
			return;
		}
		need(f, KV(5, 10, 0), "uaccess_kernel() test removed");
		note(o, f, r, fname, xasprintf("'%s' tests the address limit, which is always USER_DS "
					       "since 5.10: the test is removed", fname), f->tests.v[0]);
		if (f->edits.n > 1)
			qsort(f->edits.v, f->edits.n, sizeof(*f->edits.v), cmp_edit);
		if (o->compat) {
			wrap_compat(f, out);
			return;
		}
		for (size_t i = 0; i < f->edits.n; i++)
			VEC_PUSH(*out, f->edits.v[i]);
		VEC_FREE(f->edits);
		return;
	}
	if (!f->raises.n && !f->restores.n)
		return;
	if (version_guarded(f->raises.n ? f->raises.v[0] : f->restores.v[0], f->t))
		return;
	if (!f->raises.n && f->restores.n > 1 && f->saves.n + f->decls.n &&
	    memmem(node_ptr(f->body, f->t), node_len(f->body), "use_mm(", 7)) {
		/* `old = get_fs(); set_fs(USER_DS); use_mm(mm); ... set_fs(old);` */
		TSNode arg = ts_node_named_child(ts_node_named_child(ts_node_named_child(f->restores.v[0], 0), 1), 0);
		if (node_text_is(strip_parens(arg), f->t, "USER_DS")) {
			VEC_PUSH(f->raises, f->restores.v[0]);
			memmove(f->restores.v, f->restores.v + 1, (f->restores.n - 1) * sizeof(TSNode));
			f->restores.n--;
			f->lowering = true;
		}
	}
	TSNode at = f->raises.n ? f->raises.v[0] : f->restores.v[0];
	if (!f->raises.n || !f->restores.n) {
		note(o, f, r, fname,
		     xasprintf("'%s' %s the address limit but %s it: the window spans functions; "
			       "migrate its callers by hand", fname, f->raises.n ? "raises" : "restores",
			       f->raises.n ? "does not restore" : "does not raise"), at);
		return;
	}
	/* a window opened under a condition (`if (seg == SYS) set_fs(KERNEL_DS)`)
	 * runs the same calls with user pointers on the other path */
	TSNode block = ts_node_parent(f->raises.v[0]);
	bool cond = !in_block(block);
	while (!ts_node_is_null(block) && !node_is(block, S_compound_statement))
		block = ts_node_parent(block);
	for (size_t i = 0; i < f->restores.n && !ts_node_is_null(block); i++)
		if (cond || !inside(f->restores.v[i], block)) {
			cannot(f, f->raises.v[0], xstrdup("the window is opened under a condition and closed "
							  "outside it: the same calls may run with user pointers"));
			break;
		}
	f->lo = ts_node_end_byte(f->raises.v[0]);
	f->hi = ts_node_start_byte(f->restores.v[f->restores.n - 1]);
	for (size_t i = 0; i < f->raises.n; i++) {
		uint32_t e = ts_node_end_byte(f->raises.v[i]);
		if (e < f->lo)
			f->lo = e;
	}
	/* the saved variable: every use must be a save, a restore or its declaration */
	for (size_t i = 0; i < f->saves.n && !f->var; i++)
		f->var = saved_var(f, f->saves.v[i]);
	for (size_t i = 0; i < f->decls.n && !f->var; i++)
		f->var = saved_var(f, f->decls.v[i]);
	if (f->uses.n)
		cannot(f, f->uses.v[0], xstrdup("the limit is tested (get_fs(), uaccess_kernel() or segment_eq()), "
						"not only saved and restored; remove the test by hand"));
	if (f->var) {
		struct var_ctx vc = { .f = f };
		node_walk(f->body, scan_var, &vc);
		if (!ts_node_is_null(vc.other))
			cannot(f, vc.other, xasprintf("the saved limit '%s' is used for more than the restore",
						       f->var));
	}
	struct call_ctx cc = { f };
	node_walk(f->body, visit_calls, &cc);
	if (f->why_not) {
		note(o, f, r, fname, xasprintf("set_fs() window in '%s' cannot be rewritten mechanically: %s",
					       fname, f->why_not), f->raises.v[0]);
		edits_release(&f->edits);
		return;
	}
	if (f->guarded_need && f->what.len)
		cannot(f, f->raises.v[0], xstrdup("calls that need the limit both inside and outside "
						   "#if LINUX_VERSION_CODE arms"));
	void (*drop)(struct fn_fix *, TSNode) = f->guarded_need ? guard_stmt : drop_stmt;
	for (size_t i = 0; i < f->raises.n; i++)
		if (!node_is(f->raises.v[i], S_declaration))
			drop(f, f->raises.v[i]);
	for (size_t i = 0; i < f->restores.n; i++)
		drop(f, f->restores.v[i]);
	for (size_t i = 0; i < f->tests.n; i++)
		drop(f, f->tests.v[i]);
	for (size_t i = 0; i < f->saves.n; i++)
		if (!node_is(f->saves.v[i], S_declaration))
			drop(f, f->saves.v[i]);
	for (size_t i = 0; i < f->decls.n; i++) {
		/* only a declaration of the saved limit alone */
		uint32_t k = ts_node_named_child_count(f->decls.v[i]);
		if (k == 2)
			drop(f, f->decls.v[i]);
		else
			cannot(f, f->decls.v[i], xstrdup("the saved limit is declared with other variables"));
	}
	drop_unused_vars(f);
	if (!f->guarded_need)
		drop_separator(f);
	if (f->guarded_need)
		need(f, 0, "the calls that need it are already under #if LINUX_VERSION_CODE: "
			   "the window is kept for kernels before 5.10 only");
	if (f->why_not) {
		note(o, f, r, fname, xasprintf("set_fs() window in '%s' cannot be rewritten mechanically: %s",
					       fname, f->why_not), f->raises.v[0]);
		edits_release(&f->edits);
		return;
	}
	if (f->edits.n > 1)
		qsort(f->edits.v, f->edits.n, sizeof(*f->edits.v), cmp_edit);
	if (!o->compat || !f->version)
		collapse_blanks(f);
	char *what = f->what.len ? xstrdup(f->what.buf) :
		     xstrdup("nothing inside needs it: the window is removed");
	note(o, f, r, fname, xasprintf("set_fs() window in '%s' can be rewritten: %s", fname, what),
	     f->raises.v[0]);
	free(what);
	if (o->compat && f->version > 0) {
		wrap_compat(f, out);
		return;
	}
	for (size_t i = 0; i < f->edits.n; i++)
		VEC_PUSH(*out, f->edits.v[i]);
	VEC_FREE(f->edits);
}

/* `#include <header>` after the last #include before the code, unless the
 * file has it. */
static void add_include(const struct source *src, TSNode root, edit_list *out, const char *header)
{
	if (memmem(src->raw, src->len, header, strlen(header)))
		return;
	uint32_t first_code = out->n ? out->v[0].a : (uint32_t)src->len;
	uint32_t k = ts_node_named_child_count(root), at = 0;
	for (uint32_t i = 0; i < k; i++) {
		TSNode c = ts_node_named_child(root, i);
		if (ts_node_start_byte(c) >= first_code)
			break;
		if (node_is(c, S_preproc_include))
			at = ts_node_end_byte(c);
	}
	if (at > 0 && src->raw[at - 1] != '\n') {
		while (at < src->len && src->raw[at] != '\n')
			at++;
		at++;
	}
	/* after an earlier insertion at the same place */
	char *text = xasprintf("#include <%s>\n", header);
	for (size_t i = 0; i < out->n; i++)
		if (out->v[i].a == at && out->v[i].b == at && !strncmp(out->v[i].text, "#include", 8)) {
			char *both = xasprintf("%s%s", out->v[i].text, text);
			free(out->v[i].text);
			free(text);
			out->v[i].text = both;
			return;
		}
	VEC_PUSH(*out, ((struct edit){ at, at, text }));
}

void fix_file(const struct opts *o, const struct source *src, TSNode root,
	      const TSNode *fns, size_t nfns, struct file_result *r)
{
	edit_list out = {0};
	bool guarded = false, kthread_h = false;
	for (size_t i = 0; i < nfns; i++) {
		struct fn_fix f = { .src = src, .t = src->text, .fn = fns[i],
				    .body = node_field(fns[i], "body"), .file_fns = fns, .nfile_fns = nfns };
		strbuf_init(&f.what);
		TSNode id = declarator_name(node_field(fns[i], "declarator"));
		char *fname = ts_node_is_null(id) ? xstrdup("?") : raw_of(&f, id);
		size_t before = out.n;
		if (!ts_node_has_error(fns[i]))
			fix_function(o, &f, r, &out, fname);
		guarded |= o->compat && f.version > 0 && out.n > before;
		kthread_h |= f.kthread_h && out.n > before;
		free(fname);
		free(f.var);
		free(f.why_not);
		VEC_FREE(f.raises);
		VEC_FREE(f.restores);
		VEC_FREE(f.saves);
		VEC_FREE(f.decls);
		VEC_FREE(f.uses);
		VEC_FREE(f.tests);
		for (size_t k = 0; k < f.dropvars.n; k++)
			free(f.dropvars.v[k]);
		VEC_FREE(f.dropvars);
		edits_release(&f.edits);
		strbuf_release(&f.what);
	}
	if (!o->fix) {
		edits_release(&out);
		return;
	}
	if (out.n > 1)
		qsort(out.v, out.n, sizeof(*out.v), cmp_edit);
	if (guarded)
		add_include(src, root, &out, "linux/version.h");
	if (kthread_h)
		add_include(src, root, &out, "linux/kthread.h");
	if (out.n > 1)
		qsort(out.v, out.n, sizeof(*out.v), cmp_edit);
	r->edits = out;
	r->raw_hash = hash_bytes(src->raw, src->len, 0);
}

char *fix_apply(const char *raw, size_t len, const edit_list *e, size_t *out_len)
{
	struct strbuf sb;
	strbuf_init(&sb);
	size_t at = 0;
	for (size_t i = 0; i < e->n; i++) {
		strbuf_add(&sb, raw + at, e->v[i].a - at);
		strbuf_adds(&sb, e->v[i].text);
		at = e->v[i].b;
	}
	strbuf_add(&sb, raw + at, len - at);
	*out_len = sb.len;
	char *r = strbuf_detach(&sb);
	strbuf_release(&sb);
	return r;
}

/* --- unified diff ---------------------------------------------------- */

static size_t line_of(const char *raw, size_t len, size_t off, size_t *starts, size_t n)
{
	(void)raw;
	(void)len;
	size_t lo = 0, hi = n;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static void add_lines(struct strbuf *out, char mark, const char *p, size_t n)
{
	size_t i = 0;
	while (i < n) {
		const char *nl = memchr(p + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - p) : n;
		strbuf_addc(out, mark);
		strbuf_add(out, p + i, e - i);
		strbuf_addc(out, '\n');
		if (!nl)
			strbuf_adds(out, "\\ No newline at end of file\n");
		i = e + 1;
	}
}

static size_t count_lines(const char *p, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += p[i] == '\n';
	return c + (n && p[n - 1] != '\n');
}

/* Edits grouped by the lines they touch: a group's lines are rewritten
 * whole; the lines between groups of one hunk are context. */
struct group {
	size_t i, j;		/* edits i..j */
	size_t first, last;	/* old lines, 0-based; last < first: an insertion */
};

void fix_diff(struct strbuf *out, const char *path, const char *raw, size_t len,
	      const edit_list *e)
{
	if (!e->n)
		return;
	VEC(size_t) st = {0};
	VEC_PUSH(st, 0);
	for (size_t i = 0; i < len; i++)
		if (raw[i] == '\n' && i + 1 < len)
			VEC_PUSH(st, i + 1);
	size_t nl = len ? st.n : 0;
#define LSTART(l) ((l) < nl ? st.v[l] : len)
	VEC(struct group) gs = {0};
	for (size_t i = 0; i < e->n; i++) {
		size_t first = line_of(raw, len, e->v[i].a, st.v, st.n);
		size_t last = e->v[i].b > e->v[i].a ? line_of(raw, len, e->v[i].b - 1, st.v, st.n) :
			      first;
		/* an insertion at the start of a line touches no old line */
		bool insert = e->v[i].b == e->v[i].a && e->v[i].a == LSTART(first);
		if (insert)
			last = first - 1;	/* wraps for line 0: last + 1 is then 0 */
		if (e->v[i].a == len && len) {
			first = nl;
			last = nl - 1;
		}
		struct group *g = gs.n ? &gs.v[gs.n - 1] : NULL;
		/* edits that share a line are one group */
		if (g && !insert && g->last + 1 > g->first && first <= g->last) {
			g->j = i;
			if (last > g->last)
				g->last = last;
		} else {
			VEC_PUSH(gs, ((struct group){ i, i, first, last }));
		}
	}
	const char *p = path[0] == '.' && path[1] == '/' ? path + 2 : path;
	strbuf_addf(out, "--- a/%s\n+++ b/%s\n", p, p);
	long delta = 0;
	for (size_t h = 0; h < gs.n;) {
		size_t k = h;
		while (k + 1 < gs.n && gs.v[k + 1].first <= gs.v[k].last + 1 + 6)
			k++;
		size_t ctx_a = gs.v[h].first >= 3 ? gs.v[h].first - 3 : 0;
		size_t end = gs.v[k].last + 1;	/* first line after the last group */
		size_t ctx_b = end + 3 < nl ? end + 3 : nl;	/* exclusive */
		struct strbuf body;
		strbuf_init(&body);
		size_t old_n = ctx_b - ctx_a, new_n = 0;
		size_t line = ctx_a;
		/* adjacent groups: all their old lines, then all their new ones */
		struct strbuf minus, plus;
		strbuf_init(&minus);
		strbuf_init(&plus);
		for (size_t g = h; g <= k; g++) {
			struct group *gr = &gs.v[g];
			if (gr->first > line) {
				strbuf_add(&body, minus.buf ? minus.buf : "", minus.len);
				strbuf_add(&body, plus.buf ? plus.buf : "", plus.len);
				strbuf_reset(&minus);
				strbuf_reset(&plus);
				add_lines(&body, ' ', raw + LSTART(line), LSTART(gr->first) - LSTART(line));
				new_n += gr->first - line;
			}
			size_t oa = LSTART(gr->first), ob = LSTART(gr->last + 1);
			struct strbuf nw;
			strbuf_init(&nw);
			size_t at = oa;
			for (size_t q = gr->i; q <= gr->j; q++) {
				strbuf_add(&nw, raw + at, e->v[q].a - at);
				strbuf_adds(&nw, e->v[q].text);
				at = e->v[q].b;
			}
			if (at < ob)
				strbuf_add(&nw, raw + at, ob - at);
			add_lines(&minus, '-', raw + oa, ob - oa);
			add_lines(&plus, '+', nw.buf ? nw.buf : "", nw.len);
			new_n += count_lines(nw.buf ? nw.buf : "", nw.len);
			strbuf_release(&nw);
			line = gr->last + 1;
		}
		strbuf_add(&body, minus.buf ? minus.buf : "", minus.len);
		strbuf_add(&body, plus.buf ? plus.buf : "", plus.len);
		strbuf_release(&minus);
		strbuf_release(&plus);
		add_lines(&body, ' ', raw + LSTART(line), LSTART(ctx_b) - LSTART(line));
		new_n += ctx_b - line;
		long new_start = (long)ctx_a + 1 + delta;
		strbuf_addf(out, "@@ -%zu,%zu +%ld,%zu @@\n", old_n ? ctx_a + 1 : ctx_a, old_n,
			    new_n ? new_start : new_start - 1, new_n);
		strbuf_add(out, body.buf ? body.buf : "", body.len);
		strbuf_release(&body);
		delta += (long)new_n - (long)old_n;
		h = k + 1;
	}
#undef LSTART
	VEC_FREE(gs);
	VEC_FREE(st);
}

void edits_release(edit_list *e)
{
	for (size_t i = 0; i < e->n; i++)
		free(e->v[i].text);
	VEC_FREE(*e);
}
