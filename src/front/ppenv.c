// SPDX-License-Identifier: GPL-2.0
/*
 * The preprocessor environment (see ppenv.h): a sorted table of object-like
 * macros and an evaluator for `#if` expressions over it, three-valued so
 * that a macro we never saw leaves a condition undecided instead of 0.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "addrlimit.h"
#include "lexer.h"
#include "ppenv.h"

struct macro {
	char *name;
	char *value;		/* replacement text; NULL: undefined by -U */
};

static struct {
	VEC(struct macro) m;	/* sorted by name once built */
	uint32_t *slot;		/* while it is built: 1 + an index into m, by name */
	size_t cap;
	bool autoconf;		/* generated/autoconf.h read: CONFIG_* not in it are off */
	bool active;
} env;

/* A file's own macro: what its lines above the current one say. */
enum { LM_DEF, LM_UNDEF, LM_UNKNOWN, LM_OFF };

struct lmacro {
	char *name;
	char *value;		/* LM_DEF: replacement text, NULL: function-like */
	int state;		/* LM_OFF: only a commented-out `#define` (pp_local_off) */
};

struct pp_local {
	VEC(struct lmacro) m;
	uint32_t *slot;		/* open addressing: index + 1 into m, 0 empty */
	size_t cap;		/* slots, a power of two */
};

static size_t lslot(const struct pp_local *l, const char *name, size_t len)
{
	size_t i = (size_t)hash_bytes(name, len, 0) & (l->cap - 1);
	for (;; i = (i + 1) & (l->cap - 1)) {
		uint32_t k = l->slot[i];
		if (!k)
			return i;
		const char *n = l->m.v[k - 1].name;
		if (!strncmp(n, name, len) && !n[len])
			return i;
	}
}

static const struct lmacro *local_lookup(const struct pp_local *l, const char *name, size_t len)
{
	if (!l || !l->m.n)
		return NULL;
	uint32_t k = l->slot[lslot(l, name, len)];
	return k ? &l->m.v[k - 1] : NULL;
}

static void local_set(struct pp_local *l, const char *name, size_t len, char *value, int state)
{
	if ((l->m.n + 1) * 2 > l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		free(l->slot);
		l->slot = xcalloc(cap, sizeof(*l->slot));
		l->cap = cap;
		for (size_t i = 0; i < l->m.n; i++) {
			const char *n = l->m.v[i].name;
			l->slot[lslot(l, n, strlen(n))] = (uint32_t)(i + 1);
		}
	}
	size_t i = lslot(l, name, len);
	if (l->slot[i]) {
		struct lmacro *m = &l->m.v[l->slot[i] - 1];
		free(m->value);
		m->value = value;
		m->state = state;
		return;
	}
	VEC_PUSH(l->m, ((struct lmacro){ xstrndup(name, len), value, state }));
	l->slot[i] = (uint32_t)l->m.n;
}

struct pp_local *pp_local_new(void)
{
	return xcalloc(1, sizeof(struct pp_local));
}

void pp_local_free(struct pp_local *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->m.n; i++) {
		free(l->m.v[i].name);
		free(l->m.v[i].value);
	}
	VEC_FREE(l->m);
	free(l->slot);
	free(l);
}

void pp_local_define(struct pp_local *l, const char *name, size_t len, const char *value,
		     size_t vlen, bool fn_like)
{
	local_set(l, name, len, fn_like ? NULL : xstrndup(value, vlen), LM_DEF);
}

void pp_local_undef(struct pp_local *l, const char *name, size_t len)
{
	local_set(l, name, len, NULL, LM_UNDEF);
}

void pp_local_unknown(struct pp_local *l, const char *name, size_t len)
{
	local_set(l, name, len, NULL, LM_UNKNOWN);
}

/* Names kbuild itself may pass on the command line (ccflags-y += -DDEBUG
 * in a Makefile, dynamic debug): a commented-out definition of one does
 * not say it is off. */
static const char *const build_defined[] = { "DEBUG", "VERBOSE_DEBUG" };

void pp_local_off(struct pp_local *l, const char *name, size_t len)
{
	/* a CONFIG_ option is the configuration's to set, whatever a file
	 * says in a comment (`//#define CONFIG_PROC_FS`, on in most builds) */
	if (local_lookup(l, name, len) || (len > 7 && !memcmp(name, "CONFIG_", 7)))
		return;
	for (size_t i = 0; i < sizeof(build_defined) / sizeof(build_defined[0]); i++)
		if (strlen(build_defined[i]) == len && !memcmp(build_defined[i], name, len))
			return;
	local_set(l, name, len, NULL, LM_OFF);
}

void pp_local_include(struct pp_local *l)
{
	for (size_t i = 0; i < l->m.n; i++)
		if (l->m.v[i].state == LM_UNDEF)
			l->m.v[i].state = LM_UNKNOWN;
}

static int cmp_macro(const void *a, const void *b)
{
	return strcmp(((const struct macro *)a)->name, ((const struct macro *)b)->name);
}

static const struct macro *lookup(const char *name, size_t len)
{
	size_t lo = 0, hi = env.m.n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(env.m.v[mid].name, name, len);
		if (c == 0 && env.m.v[mid].name[len])
			c = 1;
		if (c == 0)
			return &env.m.v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Later definitions win (as with -D after an -include): keep the last. */
/* The slot of name in env.slot: its entry's, or the empty one to take.
 * (A kernel's autoconf.h defines some 8,000 names: a linear search per
 * definition cost kbuild's checker 70 ms a file.) */
static size_t macro_slot(const char *name)
{
	size_t h = hash_bytes(name, strlen(name), 0) & (env.cap - 1);
	while (env.slot[h] && strcmp(env.m.v[env.slot[h] - 1].name, name))
		h = (h + 1) & (env.cap - 1);
	return h;
}

static void set_macro(char *name, char *value)
{
	if ((env.m.n + 1) * 2 > env.cap) {
		free(env.slot);
		env.cap = env.cap ? env.cap * 2 : 1024;
		env.slot = xcalloc(env.cap, sizeof(*env.slot));
		for (size_t i = 0; i < env.m.n; i++)
			env.slot[macro_slot(env.m.v[i].name)] = (uint32_t)i + 1;
	}
	size_t h = macro_slot(name);
	if (env.slot[h]) {
		struct macro *m = &env.m.v[env.slot[h] - 1];
		free(m->value);
		free(name);
		m->value = value;
		return;
	}
	VEC_PUSH(env.m, ((struct macro){ name, value }));
	env.slot[h] = (uint32_t)env.m.n;
}

static bool is_id(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       (!first && c >= '0' && c <= '9');
}

static const char *skip_blank(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

static int read_header(const struct opts *o, const char *path, const char *from_dir, int depth);

/* `#include <x>` or "x": the first match under the -I folders (and, for
 * "x", the including file's folder). */
static void follow_include(const struct opts *o, const char *p, const char *e,
			   const char *from_dir, int depth)
{
	char close = *p == '<' ? '>' : *p == '"' ? '"' : 0;
	if (!close)
		return;
	const char *q = memchr(p + 1, close, (size_t)(e - p - 1));
	if (!q)
		return;
	char *name = xstrndup(p + 1, (size_t)(q - p - 1));
	struct stat st;
	for (size_t i = 0; i <= o->incdirs.n; i++) {
		const char *dir = i < o->incdirs.n ? o->incdirs.v[i] : (close == '"' ? from_dir : NULL);
		if (!dir)
			continue;
		char *full = xasprintf("%s/%s", dir, name);
		bool found = stat(full, &st) == 0 && S_ISREG(st.st_mode);
		if (found)
			read_header(o, full, NULL, depth + 1);
		free(full);
		if (found)
			break;
	}
	free(name);
}

/*
 * The object-like `#define`s of a header, outside conditionals we cannot
 * decide (kept simple: the headers read here are kbuild's generated ones,
 * which are flat).  Returns -1 when the file cannot be read.
 */
static int read_header(const struct opts *o, const char *path, const char *from_dir, int depth)
{
	if (depth > 4)
		return 0;
	struct source src;
	char *why = NULL;
	if (source_load(&src, path, o->max_file_size, &why) < 0) {
		if (depth == 0)
			error("-include: %s", why);
		free(why);
		return -1;
	}
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		strcpy(dir, ".");
	if (strstr(path, "generated/autoconf.h"))
		env.autoconf = true;
	for (size_t l = 0; l < src.nlines; l++) {
		const char *p = src.raw + src.line_start[l];
		const char *e = l + 1 < src.nlines ? src.raw + src.line_start[l + 1] : src.raw + src.len;
		p = skip_blank(p, e);
		if (p >= e || *p != '#')
			continue;
		p = skip_blank(p + 1, e);
		if ((size_t)(e - p) > 7 && !memcmp(p, "include", 7)) {
			follow_include(o, skip_blank(p + 7, e), e, dir, depth);
			continue;
		}
		if ((size_t)(e - p) <= 6 || memcmp(p, "define", 6) || !(p[6] == ' ' || p[6] == '\t'))
			continue;
		p = skip_blank(p + 6, e);
		const char *n = p;
		while (p < e && is_id(*p, p == n))
			p++;
		if (p == n || (p < e && *p == '('))	/* function-like: not ours */
			continue;
		const char *v = skip_blank(p, e);
		const char *ve = e;
		while (ve > v && (ve[-1] == '\n' || ve[-1] == '\r' || ve[-1] == ' ' || ve[-1] == '\t'))
			ve--;
		if (ve > v && ve[-1] == '\\')	/* continued: too clever for us */
			continue;
		set_macro(xstrndup(n, (size_t)(p - n)), xstrndup(v, (size_t)(ve - v)));
	}
	free(dir);
	source_release(&src);
	return 0;
}

int ppenv_init(const struct opts *o)
{
	memset(&env, 0, sizeof(env));
	int rc = 0;
	for (size_t i = 0; i < o->includes.n; i++)
		if (read_header(o, o->includes.v[i], NULL, 0) < 0)
			rc = -1;
	/* LINUX_VERSION_CODE: the first <linux/version.h> under -I */
	static const char *const version_h[] = { "generated/uapi/linux/version.h",
						 "linux/version.h" };
	bool have_version = false;
	for (size_t i = 0; i < o->incdirs.n && !have_version; i++)
		for (size_t k = 0; k < ARRAY_SIZE(version_h) && !have_version; k++) {
			char *full = xasprintf("%s/%s", o->incdirs.v[i], version_h[k]);
			struct stat st;
			if (stat(full, &st) == 0 && S_ISREG(st.st_mode))
				have_version = read_header(o, full, NULL, 1) == 0;
			free(full);
		}
	for (size_t i = 0; i < o->defines.n; i++) {
		const char *d = o->defines.v[i];
		const char *eq = strchr(d, '=');
		set_macro(xstrndup(d, (size_t)(eq - d)), xstrdup(eq + 1));
	}
	for (size_t i = 0; i < o->undefs.n; i++)
		set_macro(xstrdup(o->undefs.v[i]), NULL);
	/* from here on, look-ups go by binary search */
	free(env.slot);
	env.slot = NULL;
	env.cap = 0;
	if (env.m.n > 1)
		qsort(env.m.v, env.m.n, sizeof(*env.m.v), cmp_macro);
	env.active = env.m.n > 0;
	return rc;
}

void ppenv_release(void)
{
	for (size_t i = 0; i < env.m.n; i++) {
		free(env.m.v[i].name);
		free(env.m.v[i].value);
	}
	VEC_FREE(env.m);
	free(env.slot);
	memset(&env, 0, sizeof(env));
}

bool ppenv_active(void)
{
	return env.active;
}

int ppenv_defined(const struct pp_local *l, const char *name, size_t len)
{
	const struct lmacro *lm = local_lookup(l, name, len);
	const struct macro *m = lookup(name, len);
	if (lm && lm->state == LM_OFF)	/* -D and -U say more */
		return m ? m->value != NULL : 0;
	if (lm)
		return lm->state == LM_DEF ? 1 : lm->state == LM_UNDEF ? 0 : -1;
	if (m)
		return m->value != NULL;
	if (env.autoconf && len > 7 && !memcmp(name, "CONFIG_", 7))
		return 0;
	return -1;
}

/* --- the evaluator: a value that may be unknown ---------------------------- */

struct val {
	long long v;
	bool known;
};

struct ev {
	const struct pp_local *loc;	/* the file's own macros, or NULL */
	const char *p, *e;
	int depth;		/* expression nesting */
	int macros;		/* macro expansions in progress */
	bool bad;		/* syntax we do not read: the whole result is unknown */
};

static struct val expr(struct ev *s, int prec);

static struct val known(long long v)
{
	return (struct val){ v, true };
}

static const struct val unknown = { 0, false };

static void blank(struct ev *s)
{
	for (;;) {
		s->p = skip_blank(s->p, s->e);
		size_t left = (size_t)(s->e - s->p);
		int cm = lex_comment_at(s->p, left, 0);
		if (cm == '*') {
			s->p += lex_block_comment(s->p, left, 0);
		} else if (cm == '/') {
			s->p = s->e;	/* the rest of the directive */
		} else if (s->p + 1 < s->e && s->p[0] == '\\' && (s->p[1] == '\n' || s->p[1] == '\r')) {
			s->p += 2;
		} else if (s->p < s->e && (*s->p == '\n' || *s->p == '\r')) {
			s->p++;
		} else {
			return;
		}
	}
}

static bool eat(struct ev *s, const char *tok)
{
	blank(s);
	size_t n = strlen(tok);
	if ((size_t)(s->e - s->p) >= n && !memcmp(s->p, tok, n)) {
		s->p += n;
		return true;
	}
	return false;
}

/* Evaluate a macro's replacement text in the same environment. */
static struct val eval_text(const struct pp_local *loc, const char *t, size_t len, int macros)
{
	struct ev s = { loc, t, t + len, 0, macros, false };
	if (macros > 16)	/* a macro defined in terms of itself */
		return unknown;
	struct val v = expr(&s, 0);
	blank(&s);
	return s.bad || s.p != s.e ? unknown : v;
}

/* The arguments of NAME(a, b, c): up to 3, each evaluated. */
static int args(struct ev *s, struct val *out, int max)
{
	if (!eat(s, "("))
		return -1;
	int n = 0;
	for (;;) {
		if (n == max) {
			s->bad = true;
			return -1;
		}
		out[n++] = expr(s, 0);
		if (eat(s, ","))
			continue;
		if (eat(s, ")"))
			return n;
		s->bad = true;
		return -1;
	}
}

/* kconfig.h's test: is the option defined to exactly 1? */
static int config_is_1(const struct pp_local *loc, const char *name, size_t len)
{
	const struct lmacro *lm = local_lookup(loc, name, len);
	if (lm && lm->state == LM_OFF && !lookup(name, len))
		return 0;
	if (lm && lm->state != LM_OFF)
		return lm->state == LM_UNKNOWN ? -1 :
		       lm->state == LM_DEF && lm->value && !strcmp(lm->value, "1");
	const struct macro *m = lookup(name, len);
	if (m)
		return m->value && !strcmp(m->value, "1");
	return ppenv_defined(NULL, name, len) == 0 ? 0 : -1;
}

/* The macro name operand of `defined NAME`, `defined(NAME)` or
 * `IS_ENABLED(NAME)`: its length (*a set), or 0 after marking s bad. */
static size_t operand_name(struct ev *s, bool need_paren, const char **a)
{
	bool paren = eat(s, "(");
	blank(s);
	*a = s->p;
	while (s->p < s->e && is_id(*s->p, s->p == *a))
		s->p++;
	size_t len = (size_t)(s->p - *a);
	if (!len || (need_paren && !paren) || (paren && !eat(s, ")"))) {
		s->bad = true;
		return 0;
	}
	return len;
}

static struct val identifier(struct ev *s, const char *n, size_t len)
{
	if (len == 7 && !memcmp(n, "defined", 7)) {
		const char *a;
		size_t al = operand_name(s, false, &a);
		if (!al)
			return unknown;
		int d = ppenv_defined(s->loc, a, al);
		return d < 0 ? unknown : known(d);
	}
	if (len == 14 && !memcmp(n, "KERNEL_VERSION", 14)) {
		struct val a[3];
		if (args(s, a, 3) != 3)
			return unknown;
		if (!a[0].known || !a[1].known || !a[2].known)
			return unknown;
		return known((a[0].v << 16) + (a[1].v << 8) + (a[2].v > 255 ? 255 : a[2].v));
	}
	bool is_en = len == 10 && !memcmp(n, "IS_ENABLED", 10);
	bool is_bi = len == 10 && !memcmp(n, "IS_BUILTIN", 10);
	bool is_mod = len == 9 && !memcmp(n, "IS_MODULE", 9);
	bool is_reach = len == 12 && !memcmp(n, "IS_REACHABLE", 12);
	if (is_en || is_bi || is_mod || is_reach) {
		const char *a;
		size_t al = operand_name(s, true, &a);
		if (!al)
			return unknown;
		char *mod = xasprintf("%.*s_MODULE", (int)al, a);
		int y = config_is_1(s->loc, a, al), m = config_is_1(s->loc, mod, strlen(mod));
		free(mod);
		if (is_bi)
			return y < 0 ? unknown : known(y);
		if (is_mod)
			return m < 0 ? unknown : known(m);
		if (y == 1 || m == 1)
			return known(1);
		return y == 0 && m == 0 ? known(0) : unknown;
	}
	const struct lmacro *lm = local_lookup(s->loc, n, len);
	if (lm && lm->state == LM_OFF && lookup(n, len))
		lm = NULL;	/* -D or -U: the environment's value */
	if (lm && lm->state == LM_DEF && lm->value)
		return eval_text(s->loc, lm->value, strlen(lm->value), s->macros + 1);
	if (lm && lm->state == LM_UNKNOWN)
		return unknown;
	if (lm && lm->state == LM_DEF) {
		s->bad = true;	/* function-like: its uses are not evaluated */
		return unknown;
	}
	if (lm) {	/* #undef: 0 */
		if (blank(s), s->p < s->e && *s->p == '(')
			s->bad = true;
		return known(0);
	}
	const struct macro *m = lookup(n, len);
	if (m && m->value)
		return eval_text(s->loc, m->value, strlen(m->value), s->macros + 1);
	if (blank(s), s->p < s->e && *s->p == '(') {
		/* a function-like macro we do not know */
		s->bad = true;
		return unknown;
	}
	if (m)	/* -U: undefined, so 0 */
		return known(0);
	if (env.autoconf && len > 7 && !memcmp(n, "CONFIG_", 7))
		return known(0);
	return unknown;
}

static struct val primary(struct ev *s)
{
	if (++s->depth > 200) {
		s->bad = true;
		return unknown;
	}
	struct val r = unknown;
	blank(s);
	if (s->p >= s->e) {
		s->bad = true;
	} else if (eat(s, "(")) {
		r = expr(s, 0);
		if (!eat(s, ")"))
			s->bad = true;
	} else if (eat(s, "!")) {
		r = primary(s);
		r.v = !r.v;
	} else if (eat(s, "~")) {
		r = primary(s);
		r.v = ~r.v;
	} else if (eat(s, "-")) {
		r = primary(s);
		r.v = (long long)(0ull - (unsigned long long)r.v);
	} else if (eat(s, "+")) {
		r = primary(s);
	} else if (*s->p >= '0' && *s->p <= '9') {
		char *end;
		errno = 0;
		unsigned long long v = strtoull(s->p, &end, 0);
		if (errno || end > s->e)
			s->bad = true;
		s->p = end;
		while (s->p < s->e && (*s->p == 'u' || *s->p == 'U' || *s->p == 'l' || *s->p == 'L'))
			s->p++;
		r = known((long long)v);
	} else if (is_id(*s->p, true)) {
		const char *n = s->p;
		while (s->p < s->e && is_id(*s->p, false))
			s->p++;
		r = identifier(s, n, (size_t)(s->p - n));
	} else {
		s->bad = true;
	}
	s->depth--;
	return r;
}

/* Binary operators by precedence (C's, lowest first). */
static const struct { const char *op; int prec; } ops[] = {
	{ "||", 1 }, { "&&", 2 }, { "|", 3 }, { "^", 4 }, { "&", 5 },
	{ "==", 6 }, { "!=", 6 }, { "<=", 7 }, { ">=", 7 }, { "<<", 8 }, { ">>", 8 },
	{ "<", 7 }, { ">", 7 }, { "+", 9 }, { "-", 9 }, { "*", 10 }, { "/", 10 }, { "%", 10 },
};

static int peek_op(struct ev *s)
{
	blank(s);
	for (size_t i = 0; i < ARRAY_SIZE(ops); i++) {
		size_t n = strlen(ops[i].op);
		if ((size_t)(s->e - s->p) >= n && !memcmp(s->p, ops[i].op, n)) {
			/* `|` is not `||`, `&` is not `&&` */
			if (n == 1 && s->p + 1 < s->e && s->p[1] == s->p[0] && strchr("|&<>", s->p[0]))
				continue;
			return (int)i;
		}
	}
	return -1;
}

static struct val apply(const char *op, struct val a, struct val b)
{
	/* && and || are decided by one known side */
	if (!strcmp(op, "&&")) {
		if ((a.known && !a.v) || (b.known && !b.v))
			return known(0);
		return a.known && b.known ? known(1) : unknown;
	}
	if (!strcmp(op, "||")) {
		if ((a.known && a.v) || (b.known && b.v))
			return known(1);
		return a.known && b.known ? known(0) : unknown;
	}
	if (!a.known || !b.known)
		return unknown;
	long long x = a.v, y = b.v;
	unsigned long long ux = (unsigned long long)x, uy = (unsigned long long)y;
	switch (op[0]) {
	case '|': return known(x | y);
	case '^': return known(x ^ y);
	case '&': return known(x & y);
	case '=': return known(x == y);
	case '!': return known(x != y);
	case '+': return known((long long)(ux + uy));
	case '-': return known((long long)(ux - uy));
	case '*': return known((long long)(ux * uy));
	case '/': return y && !(x == LLONG_MIN && y == -1) ? known(x / y) : unknown;
	case '%': return y && !(x == LLONG_MIN && y == -1) ? known(x % y) : unknown;
	case '<':
		if (op[1] == '<')
			return uy < 64 ? known((long long)(ux << uy)) : unknown;
		return known(op[1] == '=' ? x <= y : x < y);
	case '>':
		if (op[1] == '>')
			return uy < 64 ? known(x >> uy) : unknown;
		return known(op[1] == '=' ? x >= y : x > y);
	default:
		return unknown;
	}
}

static struct val expr(struct ev *s, int prec)
{
	if (++s->depth > 200) {
		s->bad = true;
		return unknown;
	}
	struct val l = primary(s);
	for (;;) {
		int i = peek_op(s);
		if (i < 0 || ops[i].prec <= prec) {
			if (prec == 0 && eat(s, "?")) {
				struct val a = expr(s, 0);
				if (!eat(s, ":"))
					s->bad = true;
				struct val b = expr(s, 0);
				l = !l.known ? (a.known && b.known && a.v == b.v ? a : unknown) :
				    l.v ? a : b;
			}
			break;
		}
		s->p += strlen(ops[i].op);
		struct val r = expr(s, ops[i].prec);
		l = apply(ops[i].op, l, r);
	}
	s->depth--;
	return l;
}

int ppenv_eval(const struct pp_local *l, const char *text, size_t len)
{
	struct val v = eval_text(l, text, len, 0);
	return v.known ? v.v != 0 : -1;
}
