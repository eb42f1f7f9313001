// SPDX-License-Identifier: GPL-2.0
/*
 * user-ptr-kernel-ds where the window is in the caller, outside the file:
 * kernel_write()/kernel_read(), splice and sendfile (default_file_splice_
 * write) call a driver's ->write or ->read with KERNEL_DS in force and a
 * buffer whose bytes user space wrote.  A handler that copies a header
 * out of that buffer and then follows a pointer stored in the header
 * (copy_from_user(&hdr, buf, ...); copy_to_user(u64_to_user_ptr(hdr.resp),
 * ...)) reads or writes any kernel address then: the class fixed upstream
 * in 2016 (ib_ucm, rdma_ucm, uverbs, qib, hfi1, sg).
 *
 * One file at a time, in the first pass (the handler, its helpers and its
 * dispatch table live in one file): the handlers come from entry.def's
 * UNDER_KERNEL_DS rows, the buffer is followed into the file's functions
 * it is passed to (by name, or through a dispatch table: a call of no
 * name reaches the file's functions named in initialisers whose parameter
 * at that place is __user), and a handler or helper that refuses
 * KERNEL_DS callers (api.def's A_KDS_GUARD names, uaccess_kernel(),
 * segment_eq()) ends the search.  Flow-insensitive: a fill before the
 * pointer's use in the text is enough.
 *
 * Two more sources of the header: an object behind a pointer that some
 * function of the file copies a __user parameter's bytes into (sg's
 * request header, filled by ->write, followed by ->read: find_persistent),
 * and, in the whole-tree pass, a table entry that another file defines
 * (kds_check_remote, from program_kds.c).
 */
#include "check_limit.h"

#include <stdlib.h>
#include <string.h>

#include "api.h"

#define KDS_NAMES 32

typedef VEC(const char *) kds_names;

/* One function of the file that receives the buffer. */
struct kds_fn {
	uint32_t params;		/* parameters holding (a part of) the buffer */
	uint32_t objs;			/* parameters pointing to a header copied out of it */
	uint32_t obj_fill;		/* ... where the caller copied it */
	int from;			/* the function that passed it, or -1: a handler */
	uint32_t call_off;		/* ... where */
	const char *field;		/* the handler's field (for the message) */
	uint32_t field_off;		/* ... where it is stored */
	const struct kds_remote *remote;	/* a handler of another file gave it the
						 * buffer through its table, or NULL */
	const char *remote_path;	/* ... that file */
};

/* What a function of the file copies for its caller: from its parameters
 * `from` (declared __user) into the objects its parameters `into` point to
 * (uhid_event_from_user(buffer, len, &uhid->input_buf)). */
struct kds_filler {
	uint32_t from, into;
	bool done;
};

struct kds_file {
	const struct source *src;
	const char *text;
	const char *path;
	const TSNode *fns;
	char *const *names;
	const bool *skip;
	size_t n;
	struct kds_fn *f;
	bool *in_table;			/* named in an initialiser (a dispatch table) */
	struct findings *out;
	const struct file_facts *ff;	/* its facts: fns[i]'s are ff->fns.v[i] */
	struct kds_filler *fill;	/* per function, computed when first asked */
	node_vec remote_names;		/* identifiers of its initialisers it does not define */
	kds_names persist;		/* members of objects behind a pointer that some
					 * function copies a __user parameter's bytes into
					 * (`&srp->header`): `header` */
	VEC(uint32_t) persist_at;	/* ... where (parallel) */
	struct arena persist_arena;
	struct file_facts *remote_out;	/* the table calls' remote entries go here, or NULL */
};

static bool user_marked(const struct source *src, TSNode n)
{
	uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
	for (size_t i = 0; i < src->user_marks.n; i++)
		if (src->user_marks.v[i] >= a && src->user_marks.v[i] < b)
			return true;
	return false;
}

static bool in_names(const kds_names *v, const char *p, size_t len)
{
	for (size_t i = 0; i < v->n; i++)
		if (strlen(v->v[i]) == len && !memcmp(v->v[i], p, len))
			return true;
	return false;
}

static void names_add(kds_names *v, struct arena *a, const char *p, size_t len, bool *changed)
{
	if (in_names(v, p, len) || v->n >= KDS_NAMES)
		return;
	VEC_PUSH(*v, arena_strndup(a, p, len));
	*changed = true;
}

static int fn_index(const struct kds_file *k, const char *p, size_t len)
{
	for (size_t i = 0; i < k->n; i++)
		if (strlen(k->names[i]) == len && !memcmp(k->names[i], p, len))
			return (int)i;
	return -1;
}

/* Does e hold (a part of) the buffer: a name of bufs, plus or minus? */
static bool holds_buf(const struct kds_file *k, const kds_names *bufs, TSNode e, int depth)
{
	e = strip_parens(e);
	if (ts_node_is_null(e) || depth > 8)
		return false;
	if (node_is(e, S_identifier))
		return in_names(bufs, node_ptr(e, k->text), node_len(e));
	if (node_is(e, S_binary_expression)) {
		TSNode op = node_field(e, "operator");
		if (!node_text_is(op, k->text, "+") && !node_text_is(op, k->text, "-"))
			return false;
		return holds_buf(k, bufs, node_field(e, "left"), depth + 1) ||
		       holds_buf(k, bufs, node_field(e, "right"), depth + 1);
	}
	if (node_is(e, S_pointer_expression) &&
	    node_text_is(node_field(e, "operator"), k->text, "&")) {
		/* &ucmd->type, &ucmd->cmd.info: a place inside the buffer */
		TSNode a = strip_parens(node_field(e, "argument"));
		TSNode base = a;
		for (int guard = 0; guard < 8 && node_is(base, S_field_expression); guard++) {
			bool arrow = node_text_is(node_field(base, "operator"), k->text, "->");
			base = strip_parens(node_field(base, "argument"));
			if (arrow)
				return holds_buf(k, bufs, base, depth + 1);
		}
		if (node_is(a, S_subscript_expression))
			return holds_buf(k, bufs, ts_node_named_child(a, 0), depth + 1);
	}
	return false;
}

/* The root identifier of an lvalue (`hdr` for `hdr.a.b`, `cmd` for `cmd->x[2]`). */
static TSNode root_of(TSNode n)
{
	for (int guard = 0; guard < 16; guard++) {
		n = strip_parens(n);
		if (node_is(n, S_field_expression))
			n = node_field(n, "argument");
		else if (node_is(n, S_subscript_expression))
			n = ts_node_named_child(n, 0);
		else if (node_is(n, S_pointer_expression))
			n = node_field(n, "argument");
		else
			break;
	}
	return n;
}

/*
 * The key of a copied header: the variable (`hdr` for &hdr, &hdr.type,
 * hdr[0]), or, for a place reached through a pointer, the place itself
 * (`uhid->input_buf`: uhid's other fields are no header).
 */
static char *fill_key(const struct kds_file *k, TSNode dst)
{
	dst = strip_parens(dst);
	if (!(node_is(dst, S_pointer_expression) &&
	      node_text_is(node_field(dst, "operator"), k->text, "&"))) {
		/* a pointer: what it points to is filled (hp->cmdp reads it),
		 * the pointer itself is no header (runtime->oss.buffer);
		 * `buf + used` is a data buffer being filled, no header */
		if (node_is(dst, S_identifier) || node_is(dst, S_field_expression))
			return node_text_nospace(dst, k->text);
		return NULL;
	}
	dst = strip_parens(node_field(dst, "argument"));
	char *t = node_text_nospace(dst, k->text);
	char *arrow = strstr(t, "->");
	if (arrow) {
		/* up to the member after the first arrow */
		char *end = arrow + 2;
		while (*end && *end != '.' && *end != '[' && *end != '-')
			end++;
		*end = '\0';
		return t;
	}
	free(t);
	TSNode r = root_of(dst);
	return node_is(r, S_identifier) ? xstrndup(node_ptr(r, k->text), node_len(r)) : NULL;
}

static bool through_pointer(const struct kds_file *k, TSNode n);

/* The last member of `&X->f...` when the path goes through a pointer
 * (`header` of `&srp->header` and of `&sfp->req.header`), or NULL; *len its
 * length.  An object reached through a pointer outlives the call. */
static const char *arrow_member(const struct kds_file *k, TSNode e, size_t *len)
{
	e = strip_parens(e);
	if (!node_is(e, S_pointer_expression) || !node_text_is(node_field(e, "operator"), k->text, "&"))
		return NULL;
	TSNode top = strip_parens(node_field(e, "argument"));
	if (!through_pointer(k, top))
		return NULL;
	TSNode m = node_field(top, "field");
	*len = node_len(m);
	return node_ptr(m, k->text);
}

/* Is n a member access with a `->` somewhere in its path? */
static bool through_pointer(const struct kds_file *k, TSNode n)
{
	if (!node_is(n, S_field_expression))
		return false;
	for (int guard = 0; guard < 16 && node_is(n, S_field_expression); guard++) {
		if (node_text_is(node_field(n, "operator"), k->text, "->"))
			return true;
		n = strip_parens(node_field(n, "argument"));
	}
	return false;
}

/* Is base an object some function copied a __user parameter's bytes into
 * (`srp->header` of `srp->header.sbp`, `sfp->req.header`)? */
static bool persistent_base(const struct kds_file *k, TSNode base, uint32_t *fill)
{
	if (!k->persist.n || !through_pointer(k, base))
		return false;
	TSNode m = node_field(base, "field");
	for (size_t i = 0; i < k->persist.n; i++) {
		if (strlen(k->persist.v[i]) == node_len(m) &&
		    !memcmp(k->persist.v[i], node_ptr(m, k->text), node_len(m))) {
			*fill = k->persist_at.v[i];
			return true;
		}
	}
	return false;
}

struct kds_taint {
	kds_names bufs;			/* hold the buffer */
	kds_names filled;		/* objects copied out of it */
	VEC(uint32_t) filled_at;	/* ... where (parallel) */
	kds_names loaded;		/* values read out of those objects */
	struct arena arena;
};

/* Is e a value read out of the copied header (a pointer user space chose)? */
static bool reads_header(const struct kds_file *k, const struct kds_taint *t, TSNode e, int depth,
			 uint32_t *fill)
{
	e = strip_parens(e);
	if (ts_node_is_null(e) || depth > 12)
		return false;
	if (node_is(e, S_identifier))
		return in_names(&t->loaded, node_ptr(e, k->text), node_len(e));
	if (node_is(e, S_field_expression) || node_is(e, S_subscript_expression)) {
		/* a base of e is a copied header: cmd.response, ev->u.create.rd_data */
		TSNode base = e;
		for (int guard = 0; guard < 16; guard++) {
			base = strip_parens(node_is(base, S_field_expression)
					    ? node_field(base, "argument")
					    : ts_node_named_child(base, 0));
			if (persistent_base(k, base, fill))
				return true;
			char *key = node_text_nospace(base, k->text);
			for (size_t i = 0; i < t->filled.n; i++) {
				if (!strcmp(t->filled.v[i], key)) {
					*fill = t->filled_at.v[i];
					free(key);
					return true;
				}
			}
			free(key);
			if (node_is(base, S_identifier))
				return in_names(&t->loaded, node_ptr(base, k->text), node_len(base));
			if (!node_is(base, S_field_expression) && !node_is(base, S_subscript_expression))
				return false;
		}
		return false;
	}
	if (node_is(e, S_call_expression)) {
		/* u64_to_user_ptr(), compat_ptr(): the conversions the kernel
		 * spells a user pointer with take one argument */
		TSNode args = node_field(e, "arguments");
		if (ts_node_named_child_count(args) != 1)
			return false;
		size_t len;
		const char *name = call_name(e, k->text, &len);
		if (!name || !(memmem(name, len, "user_ptr", 8) || memmem(name, len, "compat_ptr", 10)))
			return false;
		return reads_header(k, t, ts_node_named_child(args, 0), depth + 1, fill);
	}
	if (node_is(e, S_binary_expression)) {
		TSNode op = node_field(e, "operator");
		if (!node_text_is(op, k->text, "+") && !node_text_is(op, k->text, "-"))
			return false;
		/* the pointer side: `buf + hdr.offset` stays inside the buffer */
		return reads_header(k, t, node_field(e, "left"), depth + 1, fill);
	}
	return false;
}

static int param_at(const struct param *ps, int n, TSNode id, const char *text)
{
	if (!node_is(id, S_identifier))
		return -1;
	for (int j = 0; j < n && j < 32; j++)
		if (ps[j].name && ps[j].len == node_len(id) &&
		    !memcmp(ps[j].name, node_ptr(id, text), ps[j].len))
			return j;
	return -1;
}

static void filler_walk(const struct kds_file *k, const struct param *ps, int np, uint32_t marked,
			struct kds_filler *f, TSNode n, int depth)
{
	if (ts_node_is_null(n) || depth > 200)
		return;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, k->text, &len);
		TSNode args = node_field(n, "arguments");
		if (api_is(name, len, A_TAINT_LOAD) && !api_is(name, len, A_UA_GET) &&
		    ts_node_named_child_count(args) >= 2) {
			int b = param_at(ps, np, strip_parens(ts_node_named_child(args, 1)), k->text);
			int c = param_at(ps, np, root_of(ts_node_named_child(args, 0)), k->text);
			if (b >= 0 && c >= 0 && b != c && (marked & (1u << b))) {
				f->from |= 1u << b;
				f->into |= 1u << c;
			}
		}
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		filler_walk(k, ps, np, marked, f, ts_node_named_child(n, i), depth + 1);
}

static uint32_t marked_params(const struct kds_file *k, size_t i);

static const struct kds_filler *filler(const struct kds_file *k, size_t j)
{
	struct kds_filler *f = &k->fill[j];
	if (!f->done) {
		f->done = true;
		struct param ps[MAX_PARAMS];
		int np = function_params(k->fns[j], k->text, ps, MAX_PARAMS);
		uint32_t marked = marked_params(k, j);
		if (marked && !k->skip[j])
			filler_walk(k, ps, np, marked, f, node_field(k->fns[j], "body"), 0);
	}
	return f;
}

/* The flow-insensitive spread through one function body. */
static void taint_walk(const struct kds_file *k, struct kds_taint *t, TSNode n, bool *changed,
		       int depth)
{
	if (ts_node_is_null(n) || depth > 400)
		return;
	if (node_is(n, S_init_declarator) || node_is(n, S_assignment_expression)) {
		TSNode lhs, rhs;
		if (node_is(n, S_init_declarator)) {
			lhs = declarator_name(node_field(n, "declarator"));
			rhs = node_field(n, "value");
		} else {
			lhs = strip_parens(node_field(n, "left"));
			rhs = node_field(n, "right");
		}
		uint32_t fill;
		/* `buf += tmp` moves a pointer, it does not load one */
		bool plain = node_is(n, S_init_declarator) ||
			     node_text_is(node_field(n, "operator"), k->text, "=");
		size_t ml;
		const char *mem = plain && !ts_node_is_null(rhs) && node_is(lhs, S_identifier)
					  ? arrow_member(k, rhs, &ml) : NULL;
		for (size_t q = 0; mem && q < k->persist.n; q++) {
			if (strlen(k->persist.v[q]) != ml || memcmp(k->persist.v[q], mem, ml))
				continue;
			/* hp = &srp->header: what an earlier call copied in */
			size_t before = t->filled.n;
			names_add(&t->filled, &t->arena, node_ptr(lhs, k->text), node_len(lhs), changed);
			if (t->filled.n != before)
				VEC_PUSH(t->filled_at, k->persist_at.v[q]);
			break;
		}
		if (plain && !ts_node_is_null(rhs) && node_is(lhs, S_identifier)) {
			if (holds_buf(k, &t->bufs, rhs, 0))
				names_add(&t->bufs, &t->arena, node_ptr(lhs, k->text), node_len(lhs), changed);
			else if (reads_header(k, t, rhs, 0, &fill))
				names_add(&t->loaded, &t->arena, node_ptr(lhs, k->text), node_len(lhs),
					  changed);
		}
	} else if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, k->text, &len);
		TSNode args = node_field(n, "arguments");
		int j = name && !api_lookup(name, len) ? fn_index(k, name, len) : -1;
		const struct kds_filler *fl = j >= 0 ? filler(k, (size_t)j) : NULL;
		uint32_t na = ts_node_named_child_count(args);
		bool from_buf = false;
		for (uint32_t a = 0; fl && a < na && a < 32; a++)
			from_buf |= (fl->from & (1u << a)) && holds_buf(k, &t->bufs, ts_node_named_child(args, a), 0);
		for (uint32_t a = 0; from_buf && a < na && a < 32; a++) {
			if (!(fl->into & (1u << a)))
				continue;
			/* a helper of the file copied the header for us */
			char *key = fill_key(k, ts_node_named_child(args, a));
			size_t before = t->filled.n;
			if (key)
				names_add(&t->filled, &t->arena, key, strlen(key), changed);
			if (t->filled.n != before)
				VEC_PUSH(t->filled_at, ts_node_start_byte(n));
			free(key);
		}
		if (api_is(name, len, A_TAINT_LOAD) && ts_node_named_child_count(args) >= 2 &&
		    holds_buf(k, &t->bufs, ts_node_named_child(args, 1), 0)) {
			TSNode dst = strip_parens(ts_node_named_child(args, 0));
			if (api_is(name, len, A_UA_GET)) {
				if (node_is(dst, S_identifier))	/* get_user(ptr, &ubuf->ptr) */
					names_add(&t->loaded, &t->arena, node_ptr(dst, k->text),
						  node_len(dst), changed);
			} else {
				char *key = fill_key(k, dst);
				size_t before = t->filled.n;
				if (key)
					names_add(&t->filled, &t->arena, key, strlen(key), changed);
				if (t->filled.n != before)
					VEC_PUSH(t->filled_at, ts_node_start_byte(n));
				free(key);
			}
		}
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		taint_walk(k, t, ts_node_named_child(n, i), changed, depth + 1);
}

/* Does the body refuse KERNEL_DS callers (or test for them)? */
static bool guarded(const struct kds_file *k, TSNode n, int depth)
{
	if (ts_node_is_null(n) || depth > 400)
		return false;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, k->text, &len);
		if (api_is(name, len, A_KDS_GUARD | A_LIMIT_IS_KERNEL | A_LIMIT_COMPARE))
			return true;
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		if (guarded(k, ts_node_named_child(n, i), depth + 1))
			return true;
	return false;
}

static uint32_t marked_params(const struct kds_file *k, size_t i)
{
	struct param ps[MAX_PARAMS];
	int n = function_params(k->fns[i], k->text, ps, MAX_PARAMS);
	uint32_t m = 0;
	for (int j = 0; j < n && j < 32; j++)
		if (ps[j].name && user_marked(k->src, ps[j].decl))
			m |= 1u << j;
	return m;
}

static void seed_bufs(const struct kds_file *k, size_t i, struct kds_taint *t)
{
	struct param ps[MAX_PARAMS];
	int n = function_params(k->fns[i], k->text, ps, MAX_PARAMS);
	bool changed = false;
	for (int j = 0; j < n && j < 32; j++)
		if ((k->f[i].params & (1u << j)) && ps[j].name)
			names_add(&t->bufs, &t->arena, ps[j].name, ps[j].len, &changed);
}

static void taint_fn(const struct kds_file *k, size_t i, struct kds_taint *t)
{
	arena_init(&t->arena);
	seed_bufs(k, i, t);
	if (k->f[i].objs) {
		/* the header a caller copied, reached through a parameter */
		struct param ps[MAX_PARAMS];
		int n = function_params(k->fns[i], k->text, ps, MAX_PARAMS);
		bool changed = false;
		for (int j = 0; j < n && j < 32; j++) {
			size_t before = t->filled.n;
			if ((k->f[i].objs & (1u << j)) && ps[j].name)
				names_add(&t->filled, &t->arena, ps[j].name, ps[j].len, &changed);
			if (t->filled.n != before)
				VEC_PUSH(t->filled_at, k->f[i].obj_fill);
		}
	}
	bool changed = true;
	for (int round = 0; round < 4 && changed; round++) {
		changed = false;
		taint_walk(k, t, node_field(k->fns[i], "body"), &changed, 0);
	}
}

static void taint_release(struct kds_taint *t)
{
	VEC_FREE(t->bufs);
	VEC_FREE(t->filled);
	VEC_FREE(t->filled_at);
	VEC_FREE(t->loaded);
	arena_release(&t->arena);
}

/* Is a a copied header itself (&hdr, &uhid->input_buf, a pointer param to one)? */
static bool passes_header(const struct kds_file *k, const struct kds_taint *t, TSNode a,
			  uint32_t *fill)
{
	a = strip_parens(a);
	if (!node_is(a, S_identifier) && !(node_is(a, S_pointer_expression) &&
					   node_text_is(node_field(a, "operator"), k->text, "&")))
		return false;
	char *key = fill_key(k, a);
	bool hit = false;
	for (size_t i = 0; key && i < t->filled.n && !hit; i++) {
		if (!strcmp(t->filled.v[i], key)) {
			*fill = t->filled_at.v[i];
			hit = true;
		}
	}
	free(key);
	return hit;
}

/* A call through a table (no name) passes the buffer as argument a: the
 * table's entries that other files define may be its handlers too. */
static void add_remote(struct kds_file *k, size_t i, TSNode call, uint32_t a)
{
	if (!k->remote_out || a > 255)
		return;
	size_t h = i;
	for (int guard = 0; guard < 16 && k->f[h].from >= 0; guard++)
		h = (size_t)k->f[h].from;
	if (k->f[h].remote)
		return;	/* one hop across files */
	struct file_facts *ff = k->remote_out;
	for (size_t r = 0; r < k->remote_names.n; r++) {
		TSNode id = k->remote_names.v[r];
		const char *p = node_ptr(id, k->text);
		size_t len = node_len(id);
		bool seen = false;
		for (size_t x = 0; x < ff->kds_remote.n && !seen; x++)
			seen = ff->kds_remote.v[x].arg == a && strlen(ff->kds_remote.v[x].name) == len &&
			       !memcmp(ff->kds_remote.v[x].name, p, len);
		if (seen)
			continue;
		struct kds_remote e = {
			.name = arena_strndup(&ff->arena, p, len), .arg = (uint8_t)a,
			.handler = arena_strndup(&ff->arena, k->names[h], strlen(k->names[h])),
			.field = arena_strndup(&ff->arena, k->f[h].field, strlen(k->f[h].field)),
			.field_at = source_at(k->src, k->f[h].field_off),
			.call_at = source_at(k->src, ts_node_start_byte(call)),
		};
		VEC_PUSH(ff->kds_remote, e);
	}
}

/* Hand the buffer on: calls of function i whose arguments hold it. */
static bool pass_on(struct kds_file *k, size_t i, const struct kds_taint *t, TSNode n, int depth)
{
	if (ts_node_is_null(n) || depth > 400)
		return false;
	bool changed = false;
	if (node_is(n, S_call_expression)) {
		TSNode args = node_field(n, "arguments");
		uint32_t na = ts_node_named_child_count(args);
		size_t len;
		const char *name = call_name(n, k->text, &len);
		int callee = name ? fn_index(k, name, len) : -1;
		for (uint32_t a = 0; a < na && a < 32; a++) {
			TSNode arg = ts_node_named_child(args, a);
			uint32_t fill;
			if (callee >= 0 && callee != (int)i && !k->skip[callee] &&
			    !(k->f[callee].objs & (1u << a)) && !holds_buf(k, &t->bufs, arg, 0) &&
			    passes_header(k, t, arg, &fill)) {
				/* uhid_dev_create(uhid, &uhid->input_buf): the header itself */
				if (!k->f[callee].params && !k->f[callee].objs) {
					k->f[callee].from = (int)i;
					k->f[callee].call_off = ts_node_start_byte(n);
					k->f[callee].field = k->f[i].field;
					k->f[callee].field_off = k->f[i].field_off;
				}
				k->f[callee].objs |= 1u << a;
				k->f[callee].obj_fill = fill;
				changed = true;
				continue;
			}
			if (!holds_buf(k, &t->bufs, arg, 0))
				continue;
			if (!name)
				add_remote(k, i, n, a);
			for (size_t j = 0; j < k->n; j++) {
				/* by name; through a table: the file's functions named
				 * in initialisers that take a __user pointer there */
				bool hit = name ? (int)j == callee
						: k->in_table[j] && (marked_params(k, j) & (1u << a));
				if (!hit || j == i || k->skip[j] || (k->f[j].params & (1u << a)))
					continue;
				if (!k->f[j].params && !k->f[j].objs) {
					k->f[j].from = (int)i;
					k->f[j].call_off = ts_node_start_byte(n);
					k->f[j].field = k->f[i].field;
					k->f[j].field_off = k->f[i].field_off;
				}
				k->f[j].params |= 1u << a;
				changed = true;
			}
		}
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i2 = 0; i2 < c; i2++)
		changed |= pass_on(k, i, t, ts_node_named_child(n, i2), depth + 1);
	return changed;
}

/* Does the identifier have a small letter (a function, not a constant)? */
static bool lower_name(const struct kds_file *k, TSNode id)
{
	const char *p = node_ptr(id, k->text);
	for (size_t i = 0; i < node_len(id); i++)
		if (p[i] >= 'a' && p[i] <= 'z')
			return true;
	return false;
}

/* Identifiers inside initialiser lists outside function bodies. */
static void find_tables(struct kds_file *k, TSNode n, bool in_init, int depth)
{
	if (ts_node_is_null(n) || depth > 64 || node_is(n, S_function_definition))
		return;
	if (in_init && node_is(n, S_identifier)) {
		int j = fn_index(k, node_ptr(n, k->text), node_len(n));
		if (j >= 0)
			k->in_table[j] = true;
		else if (k->remote_out && k->remote_names.n < 512 && lower_name(k, n) &&
			 !api_lookup(node_ptr(n, k->text), node_len(n)))
			VEC_PUSH(k->remote_names, n);	/* maybe a function of another file */
		return;
	}
	bool init = in_init || node_is(n, S_initializer_list);
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		find_tables(k, ts_node_named_child(n, i), init, depth + 1);
}

static void add_step(struct finding *f, const struct kds_file *k, uint32_t off, char *msg)
{
	struct step s = { .at = source_at(k->src, off), .msg = msg };
	VEC_PUSH(f->steps, s);
}

static void report(const struct kds_file *k, size_t i, TSNode call, TSNode arg, uint32_t fill,
		   const char *what, size_t wlen)
{
	size_t h = i;
	for (int guard = 0; guard < 16 && k->f[h].from >= 0; guard++)
		h = (size_t)k->f[h].from;
	char *at = node_text_folded(arg, k->text, 40);
	const struct kds_remote *rm = k->f[h].remote;
	const char *hname = rm ? rm->handler : k->names[h];
	/* a fill by an earlier call (find_persistent), not out of this buffer */
	bool earlier = false;
	for (size_t x = 0; x < k->persist_at.n && !earlier; x++)
		earlier = k->persist_at.v[x] == fill;
	for (size_t x = 0; earlier && x < k->n; x++) {
		/* ... unless this handler's own buffer is what was copied there */
		if (fill < ts_node_start_byte(k->fns[x]) || fill >= ts_node_end_byte(k->fns[x]) ||
		    (!k->f[x].params && !k->f[x].objs))
			continue;
		size_t r = x;
		for (int guard = 0; guard < 16 && k->f[r].from >= 0; guard++)
			r = (size_t)k->f[r].from;
		earlier = r != h;
	}
	struct finding f = {
		.id = C_USER_PTR_KERNEL_DS, .at = source_at(k->src, ts_node_start_byte(call)),
		.func = xstrdup(k->names[i]),
		.msg = xasprintf("pointer '%s', %s '%s' (.%s handler), reaches '%.*s': "
				 "kernel_write(), splice and sendfile call the handler with KERNEL_DS in force, "
				 "so the address is not checked (arbitrary kernel read/write)",
				 at, earlier ? "which user space stored by an earlier call, followed by"
					     : "read from the buffer written to",
				 hname, k->f[h].field, (int)wlen, what),
	};
	const char *fill_note = earlier
		? "user space's bytes are copied into this object here, by an earlier call; its pointers are what user space wrote"
		: "a header is copied out of the buffer here; its fields are what user space wrote";
	char *handler_step = xasprintf("'%s' is a .%s handler: the kernel may call it under KERNEL_DS "
				       "(kernel_write(), splice, sendfile)", hname, k->f[h].field);
	if (rm) {
		/* the handler and its table are in another file */
		struct step s1 = { rm->field_at, handler_step, xstrdup(k->f[h].remote_path) };
		struct step s2 = { rm->call_at, xasprintf("'%s' passes the buffer to '%s' through a table",
							  rm->handler, k->names[h]),
				   xstrdup(k->f[h].remote_path) };
		VEC_PUSH(f.steps, s1);
		VEC_PUSH(f.steps, s2);
	} else {
		add_step(&f, k, k->f[h].field_off, handler_step);
	}
	bool fill_here = fill >= ts_node_start_byte(k->fns[i]) && fill < ts_node_end_byte(k->fns[i]);
	if (!fill_here)
		add_step(&f, k, fill, xstrdup(fill_note));
	/* the hops from the handler down to this function, handler first */
	size_t hops[16], nh = 0;
	for (size_t x = i; k->f[x].from >= 0 && nh < 16; x = (size_t)k->f[x].from)
		hops[nh++] = x;
	while (nh--) {
		size_t x = hops[nh];
		add_step(&f, k, k->f[x].call_off,
			 xasprintf("'%s' passes the %s to '%s'", k->names[k->f[x].from],
				   k->f[x].params ? "buffer" : "copied header", k->names[x]));
	}
	if (fill_here)
		add_step(&f, k, fill, xstrdup(fill_note));
	int j = fn_index(k, what, wlen);
	if (j >= 0 && j < (int)k->ff->fns.n && k->ff->fns.v[j].sink_callee) {
		/* a helper of the file: where it hands the pointer on */
		const struct fn_fact *h2 = &k->ff->fns.v[j];
		struct step s = { .at = { h2->sink_line, h2->sink_col, h2->sink_col_cp, 0 },
				  .msg = xasprintf("'%s' passes it to '%s'", h2->name, h2->sink_callee) };
		VEC_PUSH(f.steps, s);
	}
	add_step(&f, k, ts_node_start_byte(call),
		 xstrdup("refuse KERNEL_DS callers first (uaccess_kernel(), or an f_cred check such as ib_safe_file_access())"));
	free(at);
	findings_add(k->out, &f);
}

/* Sinks of function i given a pointer read out of the header. */
static void find_sinks(const struct kds_file *k, size_t i, const struct kds_taint *t, TSNode n,
		       int depth)
{
	if (ts_node_is_null(n) || depth > 400)
		return;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, k->text, &len);
		uint32_t sa = name ? sink_args(name, len, false) : 0;
		int j = name && !sa ? fn_index(k, name, len) : -1;
		if (j >= 0 && j < (int)k->ff->fns.n)
			sa = k->ff->fns.v[j].sinks;	/* a helper of the file that copies through it */
		TSNode args = node_field(n, "arguments");
		uint32_t na = ts_node_named_child_count(args);
		for (uint32_t a = 0; a < na && a < 32; a++) {
			if (!(sa & (1u << a)))
				continue;
			TSNode arg = ts_node_named_child(args, a);
			uint32_t fill = UINT32_MAX;
			if (!reads_header(k, t, arg, 0, &fill))
				continue;
			if (fill == UINT32_MAX)
				fill = t->filled_at.n ? t->filled_at.v[0] : ts_node_start_byte(n);
			/* a fill in this function must come first; one in a caller did */
			bool here = fill >= ts_node_start_byte(k->fns[i]) && fill < ts_node_end_byte(k->fns[i]);
			if (!here || fill < ts_node_start_byte(n)) {
				report(k, i, n, arg, fill, name, len);
				break;
			}
		}
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t j = 0; j < c; j++)
		find_sinks(k, i, t, ts_node_named_child(n, j), depth + 1);
}

/* Aliases `v = &X->f...` of one function, and the copies of its __user
 * parameters' bytes into them or into `&X->f...` directly. */
struct persist_walk {
	kds_names bufs;			/* the function's __user parameters */
	kds_names alias, member;	/* v and its f (parallel) */
	struct arena arena;
};

static void persist_aliases(const struct kds_file *k, struct persist_walk *w, TSNode n, int depth)
{
	if (ts_node_is_null(n) || depth > 400)
		return;
	TSNode lhs = {0}, rhs = {0};
	if (node_is(n, S_init_declarator)) {
		lhs = declarator_name(node_field(n, "declarator"));
		rhs = node_field(n, "value");
	} else if (node_is(n, S_assignment_expression) &&
		   node_text_is(node_field(n, "operator"), k->text, "=")) {
		lhs = strip_parens(node_field(n, "left"));
		rhs = node_field(n, "right");
	}
	size_t ml;
	const char *mem = !ts_node_is_null(rhs) && node_is(lhs, S_identifier)
				  ? arrow_member(k, rhs, &ml) : NULL;
	if (mem && w->alias.n < KDS_NAMES) {
		VEC_PUSH(w->alias, arena_strndup(&w->arena, node_ptr(lhs, k->text), node_len(lhs)));
		VEC_PUSH(w->member, arena_strndup(&w->arena, mem, ml));
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		persist_aliases(k, w, ts_node_named_child(n, i), depth + 1);
}

static void persist_copies(struct kds_file *k, struct persist_walk *w, TSNode n, int depth)
{
	if (ts_node_is_null(n) || depth > 400)
		return;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, k->text, &len);
		TSNode args = node_field(n, "arguments");
		if (name && api_is(name, len, A_TAINT_LOAD) && !api_is(name, len, A_UA_GET) &&
		    ts_node_named_child_count(args) >= 2 &&
		    holds_buf(k, &w->bufs, ts_node_named_child(args, 1), 0)) {
			TSNode dst = strip_parens(ts_node_named_child(args, 0));
			size_t ml = 0;
			const char *mem = arrow_member(k, dst, &ml);
			for (size_t i = 0; !mem && node_is(dst, S_identifier) && i < w->alias.n; i++) {
				if (strlen(w->alias.v[i]) == node_len(dst) &&
				    !memcmp(w->alias.v[i], node_ptr(dst, k->text), node_len(dst))) {
					mem = w->member.v[i];
					ml = strlen(mem);
				}
			}
			bool changed = false;
			size_t before = k->persist.n;
			if (mem)
				names_add(&k->persist, &k->persist_arena, mem, ml, &changed);
			if (k->persist.n != before)
				VEC_PUSH(k->persist_at, ts_node_start_byte(n));
		}
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		persist_copies(k, w, ts_node_named_child(n, i), depth + 1);
}

/*
 * What the file's functions copy from their __user parameters into objects
 * that outlive the call (`hp = &srp->header; copy_from_user(hp, buf, ...)`
 * in sg_new_write()): a later ->read the kernel calls under KERNEL_DS that
 * follows a pointer out of such an object (`copy_to_user(hp->sbp, ...)` in
 * sg_new_read()) follows what user space wrote before (the sg read abuse
 * fixed in 2018).  Copies into locals are no such object.
 */
static void find_persistent(struct kds_file *k)
{
	for (size_t i = 0; i < k->n; i++) {
		uint32_t m = k->skip[i] ? 0 : marked_params(k, i);
		if (!m)
			continue;
		struct persist_walk w = {0};
		arena_init(&w.arena);
		struct param ps[MAX_PARAMS];
		int np = function_params(k->fns[i], k->text, ps, MAX_PARAMS);
		bool changed = false;
		for (int j = 0; j < np && j < 32; j++)
			if ((m & (1u << j)) && ps[j].name)
				names_add(&w.bufs, &w.arena, ps[j].name, ps[j].len, &changed);
		TSNode body = node_field(k->fns[i], "body");
		persist_aliases(k, &w, body, 0);
		persist_copies(k, &w, body, 0);
		VEC_FREE(w.bufs);
		VEC_FREE(w.alias);
		VEC_FREE(w.member);
		arena_release(&w.arena);
	}
}

/* From the seeded handlers: the functions the buffer reaches, to a
 * fixpoint, then the sinks of each. */
static void kds_run(struct kds_file *k, TSNode root)
{
	find_tables(k, root, false, 0);
	for (int round = 0; round < 8; round++) {
		bool changed = false;
		for (size_t i = 0; i < k->n; i++) {
			/* a function that refuses KERNEL_DS callers passes nothing on */
			if ((!k->f[i].params && !k->f[i].objs) ||
			    guarded(k, node_field(k->fns[i], "body"), 0))
				continue;
			struct kds_taint t = {0};
			taint_fn(k, i, &t);
			changed |= pass_on(k, i, &t, node_field(k->fns[i], "body"), 0);
			taint_release(&t);
		}
		if (!changed)
			break;
	}
	for (size_t i = 0; i < k->n; i++) {
		if ((!k->f[i].params && !k->f[i].objs) || guarded(k, node_field(k->fns[i], "body"), 0))
			continue;
		struct kds_taint t = {0};
		taint_fn(k, i, &t);
		if (t.filled.n || t.loaded.n)
			find_sinks(k, i, &t, node_field(k->fns[i], "body"), 0);
		taint_release(&t);
	}
}

static void kds_init(struct kds_file *k, const struct source *src, const char *path,
		     const TSNode *fns, char *const *names, const bool *skip, size_t n,
		     const struct file_facts *ff, struct findings *out)
{
	*k = (struct kds_file){ .src = src, .text = src->text, .path = path, .fns = fns,
				.names = names, .skip = skip, .n = n,
				.f = xcalloc(n, sizeof(struct kds_fn)),
				.in_table = xcalloc(n, sizeof(bool)), .out = out, .ff = ff,
				.fill = xcalloc(n, sizeof(struct kds_filler)) };
	arena_init(&k->persist_arena);
	for (size_t i = 0; i < n; i++)
		k->f[i].from = -1;
}

static void kds_release(struct kds_file *k)
{
	free(k->f);
	free(k->in_table);
	free(k->fill);
	VEC_FREE(k->remote_names);
	VEC_FREE(k->persist);
	VEC_FREE(k->persist_at);
	arena_release(&k->persist_arena);
}

void kds_check_file(const struct opts *o, const struct source *src, const char *path, TSNode root,
		    const TSNode *fns, char *const *names, const bool *skip, size_t n,
		    struct file_facts *ff, struct findings *out)
{
	if (!o->enabled[C_USER_PTR_KERNEL_DS] || !n)
		return;
	struct kds_file k;
	kds_init(&k, src, path, fns, names, skip, n, ff, out);
	k.remote_out = ff;
	bool any = false;
	for (size_t b = 0; b < ff->binds.n; b++) {
		const struct binding *bd = &ff->binds.v[b];
		const char *why = entries_lookup(&ff->regs, bd->fn);
		if (!why || !entry_kernel_ds(why, bd->field, strlen(bd->field)))
			continue;
		int i = fn_index(&k, bd->fn, strlen(bd->fn));
		if (i < 0 || skip[i] || k.f[i].params)
			continue;
		uint32_t m = marked_params(&k, (size_t)i);
		if (!m || guarded(&k, node_field(fns[i], "body"), 0))
			continue;
		k.f[i].params = m;
		k.f[i].field = bd->field;
		k.f[i].field_off = bd->off;
		any = true;
	}
	if (any) {
		find_persistent(&k);
		kds_run(&k, root);
	}
	kds_release(&k);
}

void kds_check_remote(const struct opts *o, const struct source *src, const char *path,
		      TSNode root, const TSNode *fns, char *const *names, const bool *skip, size_t n,
		      const struct file_facts *ff, const struct kds_seed *seeds, size_t nseeds,
		      struct findings *out)
{
	if (!o->enabled[C_USER_PTR_KERNEL_DS] || !n)
		return;
	struct kds_file k;
	kds_init(&k, src, path, fns, names, skip, n, ff, out);
	bool any = false;
	for (size_t s = 0; s < nseeds; s++) {
		size_t i = seeds[s].fn;
		const struct kds_remote *r = seeds[s].remote;
		/* like a table entry of the file: the parameter must be __user */
		if (i >= n || skip[i] || (k.f[i].params & (1u << r->arg)) ||
		    !(marked_params(&k, i) & (1u << r->arg)) || guarded(&k, node_field(fns[i], "body"), 0))
			continue;
		if (!k.f[i].params) {
			k.f[i].remote = r;
			k.f[i].remote_path = seeds[s].path;
			k.f[i].field = r->field;
		}
		k.f[i].params |= 1u << r->arg;
		any = true;
	}
	if (any)
		kds_run(&k, root);
	kds_release(&k);
}
