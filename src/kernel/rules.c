// SPDX-License-Identifier: GPL-2.0
/*
 * The rule table and the rule-file reader (see rules.h, docs/rules.md).
 *
 * Built-in rules are written in the rule-file language itself, so the
 * table and user files go through one reader and one set of checks.
 */
#include "rules.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"

/*
 * One table: each rule, its calls and what may run inside.  `arg N` names
 * the argument that identifies the object (the lock); `if zero` / `if
 * nonzero`: the call takes the state only when it returns that.
 */
static const char builtin_rules[] =
	"rule user_access\n"
	"  check pair-unbalanced\n"
	"  what \"user access window\"\n"
	"  open user_access_begin if nonzero\n"
	"  open user_read_access_begin if nonzero\n"
	"  open user_write_access_begin if nonzero\n"
	"  open masked_user_access_begin\n"
	"  open __uaccess_begin\n"
	"  open __uaccess_begin_nospec\n"
	/* x86 before 5.2: `get_user_try { get_user_ex(...); } get_user_catch(err);`
	 * is a stac()/clac() window (the opens are bare macro names) */
	"  open get_user_try\n"
	"  open put_user_try\n"
	"  open uaccess_try\n"
	"  close user_access_end\n"
	"  close user_read_access_end\n"
	"  close user_write_access_end\n"
	"  close __uaccess_end\n"
	"  close get_user_catch\n"
	"  close put_user_catch\n"
	"  close uaccess_catch\n"
	/* what compiles to no call; objtool's own uaccess-safe list is the API
	 * table's A_UACCESS_SAFE rows (kernel/api.def) */
	"  allow unsafe_* user_access_save user_access_restore user_access_end\n"
	"  allow user_read_access_end user_write_access_end __uaccess_end\n"
	"  allow likely unlikely sizeof offsetof typeof min max min_t max_t clamp clamp_t\n"
	"  allow min3 max3 swap READ_ONCE WRITE_ONCE __builtin_*\n"
	"  allow __read_once_size __write_once_size\n"
	"  allow get_user_ex put_user_ex __get_user_size_ex __put_user_size_ex\n"
	"  allow get_user_catch put_user_catch uaccess_catch\n"
	"end\n"
	"rule user_access_save\n"
	"  check pair-unbalanced\n"
	"  what \"user access state saved by user_access_save()\"\n"
	"  open user_access_save\n"
	"  close user_access_restore\n"
	"end\n"
	"rule kthread_use_mm\n"
	"  check pair-unbalanced\n"
	"  what \"borrowed mm (kthread_use_mm)\"\n"
	"  open kthread_use_mm arg 0\n"
	"  close kthread_unuse_mm arg 0\n"
	"end\n"
	"rule use_mm\n"
	"  check pair-unbalanced\n"
	"  what \"borrowed mm (use_mm)\"\n"
	"  open use_mm arg 0\n"
	"  close unuse_mm arg 0\n"
	"end\n"
	"rule pagefault_disable\n"
	"  check pair-unbalanced\n"
	"  what \"page faults disabled (pagefault_disable)\"\n"
	"  open pagefault_disable\n"
	"  close pagefault_enable\n"

	"end\n"
	"rule kernel_fpu\n"
	"  check pair-unbalanced\n"
	"  what \"kernel FPU section (kernel_fpu_begin)\"\n"
	"  open kernel_fpu_begin\n"
	"  open kernel_fpu_begin_mask\n"
	"  close kernel_fpu_end\n"
	"end\n"
	"rule kernel_neon\n"
	"  check pair-unbalanced\n"
	"  what \"kernel NEON section (kernel_neon_begin)\"\n"
	"  open kernel_neon_begin\n"
	"  close kernel_neon_end\n"
	"end\n"
	"rule mutex\n"
	"  check lock-held-return\n"
	"  what mutex\n"
	"  open mutex_lock arg 0\n"
	"  open mutex_lock_nested arg 0\n"
	"  open mutex_lock_io arg 0\n"
	"  open mutex_lock_io_nested arg 0\n"
	"  open _mutex_lock_nest_lock arg 0\n"
	"  open mutex_lock_nest_lock arg 0\n"
	"  open mutex_lock_interruptible arg 0 if zero\n"
	"  open mutex_lock_interruptible_nested arg 0 if zero\n"
	"  open mutex_lock_killable arg 0 if zero\n"
	"  open mutex_lock_killable_nested arg 0 if zero\n"
	"  open mutex_trylock arg 0 if nonzero\n"
	"  open mutex_trylock_recursive arg 0 if nonzero\n"
	/* the last reference dropped: the lock (argument 1) is taken and
	 * true returned */
	"  open atomic_dec_and_mutex_lock arg 1 if nonzero\n"
	"  open refcount_dec_and_mutex_lock arg 1 if nonzero\n"
	"  close mutex_unlock arg 0\n"
	"end\n"
	"rule rwsem\n"
	"  check lock-held-return\n"
	"  what \"rw_semaphore\"\n"
	"  open down_read arg 0\n"
	"  open down_write arg 0\n"
	"  open down_read_nested arg 0\n"
	"  open down_write_nested arg 0\n"
	"  open down_read_non_owner arg 0\n"
	"  open down_write_nest_lock arg 0\n"
	"  open down_read_killable arg 0 if zero\n"
	"  open down_read_interruptible arg 0 if zero\n"
	"  open down_write_killable arg 0 if zero\n"
	"  open down_write_killable_nested arg 0 if zero\n"
	"  open down_read_trylock arg 0 if nonzero\n"
	"  open down_write_trylock arg 0 if nonzero\n"
	"  close up_read arg 0\n"
	"  close up_write arg 0\n"
	"  close up_read_non_owner arg 0\n"
	"end\n"
	"rule spinlock\n"
	"  check lock-held-return\n"
	"  what spinlock\n"
	"  open spin_lock arg 0\n"
	"  open spin_lock_bh arg 0\n"
	"  open spin_lock_irq arg 0\n"
	"  open spin_lock_irqsave arg 0\n"
	"  open spin_lock_nested arg 0\n"
	"  open spin_lock_irqsave_nested arg 0\n"
	"  open spin_lock_nest_lock arg 0\n"
	"  open raw_spin_lock arg 0\n"
	"  open raw_spin_lock_bh arg 0\n"
	"  open raw_spin_lock_irq arg 0\n"
	"  open raw_spin_lock_irqsave arg 0\n"
	"  open raw_spin_lock_nested arg 0\n"
	"  open spin_trylock arg 0 if nonzero\n"
	"  open spin_trylock_bh arg 0 if nonzero\n"
	"  open spin_trylock_irq arg 0 if nonzero\n"
	"  open spin_trylock_irqsave arg 0 if nonzero\n"
	"  open raw_spin_trylock arg 0 if nonzero\n"
	"  open raw_spin_trylock_irqsave arg 0 if nonzero\n"
	"  open atomic_dec_and_lock arg 1 if nonzero\n"
	"  open _atomic_dec_and_lock arg 1 if nonzero\n"
	"  open atomic_dec_and_lock_irqsave arg 1 if nonzero\n"
	"  open _atomic_dec_and_lock_irqsave arg 1 if nonzero\n"
	"  open atomic_dec_and_raw_lock arg 1 if nonzero\n"
	"  open atomic_dec_and_raw_lock_irqsave arg 1 if nonzero\n"
	"  open refcount_dec_and_lock arg 1 if nonzero\n"
	"  open refcount_dec_and_lock_irqsave arg 1 if nonzero\n"
	"  close spin_unlock arg 0\n"
	"  close spin_unlock_bh arg 0\n"
	"  close spin_unlock_irq arg 0\n"
	"  close spin_unlock_irqrestore arg 0\n"
	"  close raw_spin_unlock arg 0\n"
	"  close raw_spin_unlock_bh arg 0\n"
	"  close raw_spin_unlock_irq arg 0\n"
	"  close raw_spin_unlock_irqrestore arg 0\n"
	"end\n"
	"rule rwlock\n"
	"  check lock-held-return\n"
	"  what rwlock\n"
	"  open read_lock arg 0\n"
	"  open read_lock_bh arg 0\n"
	"  open read_lock_irq arg 0\n"
	"  open read_lock_irqsave arg 0\n"
	"  open write_lock arg 0\n"
	"  open write_lock_bh arg 0\n"
	"  open write_lock_irq arg 0\n"
	"  open write_lock_irqsave arg 0\n"
	"  open read_trylock arg 0 if nonzero\n"
	"  open write_trylock arg 0 if nonzero\n"
	"  close read_unlock arg 0\n"
	"  close read_unlock_bh arg 0\n"
	"  close read_unlock_irq arg 0\n"
	"  close read_unlock_irqrestore arg 0\n"
	"  close write_unlock arg 0\n"
	"  close write_unlock_bh arg 0\n"
	"  close write_unlock_irq arg 0\n"
	"  close write_unlock_irqrestore arg 0\n"
	"end\n"
	"rule rcu\n"
	"  check lock-held-return\n"
	"  what \"RCU read lock\"\n"
	"  open rcu_read_lock\n"
	"  open rcu_read_lock_bh\n"
	"  open rcu_read_lock_sched\n"
	"  close rcu_read_unlock\n"
	"  close rcu_read_unlock_bh\n"
	"  close rcu_read_unlock_sched\n"
	"end\n"
	"rule srcu\n"
	"  check lock-held-return\n"
	"  what \"SRCU read lock\"\n"
	"  open srcu_read_lock arg 0\n"
	"  close srcu_read_unlock arg 0\n"
	"end\n"
	/* a semaphore is often handed on (down() in open(), up() in release();
	 * down() in a request, up() in its completion): balanced */
	"rule semaphore\n"
	"  check lock-held-return\n"
	"  what semaphore\n"
	"  balanced\n"
	"  open down arg 0\n"
	"  open down_interruptible arg 0 if zero\n"
	"  open down_killable arg 0 if zero\n"
	"  open down_timeout arg 0 if zero\n"
	"  open down_trylock arg 0 if zero\n"
	"  close up arg 0\n"
	"end\n"
	"rule sock_lock\n"
	"  check lock-held-return\n"
	"  what \"socket lock\"\n"
	"  open lock_sock arg 0\n"
	"  open lock_sock_nested arg 0\n"
	"  close release_sock arg 0\n"
	"end\n"
	"rule rtnl\n"
	"  check lock-held-return\n"
	"  what \"RTNL lock\"\n"
	"  open rtnl_lock\n"
	"  open rtnl_lock_killable if zero\n"
	"  open rtnl_trylock if nonzero\n"
	"  close rtnl_unlock\n"
	"  close __rtnl_unlock\n"
	"end\n"
	"rule bkl\n"
	"  check lock-held-return\n"
	"  what \"big kernel lock\"\n"
	"  open lock_kernel\n"
	"  close unlock_kernel\n"
	"end\n";

static bool is_name_char(int c)
{
	return isalnum(c) || c == '_';
}

/* The next word of a line (a "quoted string" counts as one); NULL at the end. */
static char *next_word(char **p, struct strbuf *err, const char *where, bool *bad)
{
	char *s = *p;
	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s || *s == '#') {
		*p = s;
		return NULL;
	}
	char *w = s;
	if (*s == '"') {
		w = ++s;
		while (*s && *s != '"')
			s++;
		if (!*s) {
			strbuf_addf(err, "%s: unterminated string\n", where);
			*bad = true;
			*p = s;
			return NULL;
		}
		*s++ = 0;
		*p = s;
		return w;
	}
	while (*s && *s != ' ' && *s != '\t' && *s != '#')
		s++;
	if (*s == '#') {
		/* a comment right after a word ends the line */
		*s = 0;
		*p = s;
		return w;
	}
	if (*s)
		*s++ = 0;
	*p = s;
	return w;
}

static bool valid_name(const char *s, bool glob)
{
	if (!*s || isdigit((unsigned char)*s))
		return false;
	for (const char *p = s; *p; p++) {
		if (glob && *p == '*' && !p[1])
			return true;
		if (!is_name_char((unsigned char)*p))
			return false;
	}
	return true;
}

static bool name_taken(const struct rule_set *rs, size_t upto, const char *name, const char **rule)
{
	for (size_t i = 0; i < upto; i++) {
		const struct rule *r = &rs->v.v[i];
		for (size_t k = 0; k < r->open.n; k++)
			if (!strcmp(r->open.v[k].name, name)) {
				*rule = r->name;
				return true;
			}
		for (size_t k = 0; k < r->close.n; k++)
			if (!strcmp(r->close.v[k].name, name)) {
				*rule = r->name;
				return true;
			}
	}
	return false;
}

static void rule_free(struct rule *r)
{
	VEC_FREE(r->open);
	VEC_FREE(r->close);
	VEC_FREE(r->allow);
}

/* Check a finished rule; false after adding errors. */
static bool rule_finish(struct rule_set *rs, struct rule *r, struct strbuf *err, const char *where)
{
	bool ok = true;
	if (!r->open.n) {
		strbuf_addf(err, "%s: rule '%s' has no 'open' call\n", where, r->name);
		ok = false;
	}
	if (!r->close.n) {
		strbuf_addf(err, "%s: rule '%s' has no 'close' call\n", where, r->name);
		ok = false;
	}
	for (size_t i = 0; i < rs->v.n; i++)
		if (!strcmp(rs->v.v[i].name, r->name)) {
			strbuf_addf(err, "%s: rule '%s' is already defined (%s)\n", where, r->name,
				    rs->v.v[i].origin);
			ok = false;
		}
	const char *other;
	for (size_t k = 0; k < r->open.n + r->close.n; k++) {
		const char *n = k < r->open.n ? r->open.v[k].name : r->close.v[k - r->open.n].name;
		if (name_taken(rs, rs->v.n, n, &other)) {
			strbuf_addf(err, "%s: rule '%s': '%s' already belongs to rule '%s'\n", where,
				    r->name, n, other);
			ok = false;
		}
	}
	return ok;
}

int rules_parse(struct rule_set *rs, const char *text, size_t len, const char *origin,
		struct strbuf *err)
{
	size_t err0 = err->len;
	size_t first = rs->v.n;
	struct rule cur;
	bool in_rule = false;
	unsigned rule_line = 0;
	unsigned line = 0;
	size_t i = 0;
	char where[512];
	if (memchr(text, 0, len)) {
		strbuf_addf(err, "%s: not a text file (NUL byte)\n", origin);
		return -1;
	}
	while (i < len) {
		size_t e = i;
		while (e < len && text[e] != '\n')
			e++;
		line++;
		char *buf = xstrndup(text + i, e - i);
		if (e - i && buf[e - i - 1] == '\r')
			buf[e - i - 1] = 0;
		i = e + 1;
		snprintf(where, sizeof(where), "%s:%u", origin, line);
		char *p = buf;
		bool bad = false;
		char *w = next_word(&p, err, where, &bad);
		if (!w) {
			free(buf);
			continue;
		}
		char *args[32];
		int nargs = 0;
		char *a;
		while (nargs < 32 && (a = next_word(&p, err, where, &bad)))
			args[nargs++] = a;
		if (nargs == 32 && next_word(&p, err, where, &bad)) {
			strbuf_addf(err, "%s: too many words on one line\n", where);
			bad = true;
		}
		if (bad) {
			free(buf);
			continue;
		}
		if (!strcmp(w, "rule")) {
			if (in_rule) {
				strbuf_addf(err, "%s: 'rule' inside rule '%s' (missing 'end')\n", where, cur.name);
				rule_free(&cur);
			}
			memset(&cur, 0, sizeof(cur));
			in_rule = true;
			rule_line = line;
			if (nargs != 1 || !valid_name(args[0], false)) {
				strbuf_addf(err, "%s: expected 'rule NAME' (letters, digits, '_')\n", where);
				cur.name = "?";
			} else {
				cur.name = arena_strndup(&rs->arena, args[0], strlen(args[0]));
			}
			cur.what = cur.name;
			cur.check = C_PAIR_UNBALANCED;
			cur.origin = arena_strndup(&rs->arena, where, strlen(where));
		} else if (!in_rule) {
			strbuf_addf(err, "%s: '%s' outside a rule (start one with 'rule NAME')\n", where, w);
		} else if (!strcmp(w, "end")) {
			if (nargs)
				strbuf_addf(err, "%s: 'end' takes nothing\n", where);
			snprintf(where, sizeof(where), "%s:%u", origin, rule_line);
			if (rule_finish(rs, &cur, err, where))
				VEC_PUSH(rs->v, cur);
			else
				rule_free(&cur);
			in_rule = false;
		} else if (!strcmp(w, "check")) {
			int id = nargs == 1 ? check_by_id(args[0], strlen(args[0])) : -1;
			if (id != C_PAIR_UNBALANCED && id != C_LOCK_HELD_RETURN)
				strbuf_addf(err, "%s: expected 'check pair-unbalanced' or 'check lock-held-return'\n",
					    where);
			else
				cur.check = (enum check_id)id;
		} else if (!strcmp(w, "balanced")) {
			if (nargs)
				strbuf_addf(err, "%s: 'balanced' takes nothing\n", where);
			cur.balanced = true;
		} else if (!strcmp(w, "what")) {
			if (nargs != 1 || !*args[0])
				strbuf_addf(err, "%s: expected 'what \"TEXT\"'\n", where);
			else
				cur.what = arena_strndup(&rs->arena, args[0], strlen(args[0]));
		} else if (!strcmp(w, "open") || !strcmp(w, "close")) {
			bool open = w[0] == 'o';
			struct rule_call c = { .arg = -1, .acq = ACQ_ALWAYS };
			bool ok = nargs >= 1 && valid_name(args[0], false);
			int k = 1;
			if (ok && k < nargs && !strcmp(args[k], "arg")) {
				char *end = NULL;
				long n = k + 1 < nargs ? strtol(args[k + 1], &end, 10) : -1;
				if (!end || *end || n < 0 || n > 31)
					ok = false;
				else
					c.arg = (int8_t)n;
				k += 2;
			}
			if (ok && open && k < nargs && !strcmp(args[k], "if")) {
				if (k + 1 < nargs && !strcmp(args[k + 1], "zero"))
					c.acq = ACQ_ZERO;
				else if (k + 1 < nargs && !strcmp(args[k + 1], "nonzero"))
					c.acq = ACQ_NONZERO;
				else
					ok = false;
				k += 2;
			}
			if (!ok || k != nargs) {
				strbuf_addf(err, open ? "%s: expected 'open NAME [arg N] [if zero|if nonzero]'\n"
						      : "%s: expected 'close NAME [arg N]'\n", where);
			} else {
				c.name = arena_strndup(&rs->arena, args[0], strlen(args[0]));
				bool dup = false;
				for (size_t m = 0; m < cur.open.n; m++)
					dup |= !strcmp(cur.open.v[m].name, c.name);
				for (size_t m = 0; m < cur.close.n; m++)
					dup |= !strcmp(cur.close.v[m].name, c.name);
				if (dup)
					strbuf_addf(err, "%s: '%s' named twice in rule '%s'\n", where, c.name,
						    cur.name);
				else if (open)
					VEC_PUSH(cur.open, c);
				else
					VEC_PUSH(cur.close, c);
			}
		} else if (!strcmp(w, "allow")) {
			if (!nargs)
				strbuf_addf(err, "%s: expected 'allow NAME...'\n", where);
			for (int k = 0; k < nargs; k++) {
				if (!valid_name(args[k], true)) {
					strbuf_addf(err, "%s: '%s' is not a function name or NAME* pattern\n",
						    where, args[k]);
					continue;
				}
				VEC_PUSH(cur.allow, arena_strndup(&rs->arena, args[k], strlen(args[k])));
			}
		} else {
			strbuf_addf(err, "%s: unknown directive '%s' (rule, check, what, open, close, allow, balanced, end)\n",
				    where, w);
		}
		free(buf);
	}
	if (in_rule) {
		snprintf(where, sizeof(where), "%s:%u", origin, rule_line);
		strbuf_addf(err, "%s: rule '%s' has no 'end'\n", where, cur.name);
		rule_free(&cur);
	}
	if (err->len == err0)
		return 0;
	for (size_t k = first; k < rs->v.n; k++)
		rule_free(&rs->v.v[k]);
	rs->v.n = first;
	return -1;
}

void rules_builtin(struct rule_set *rs)
{
	struct strbuf err;
	strbuf_init(&err);
	if (rules_parse(rs, builtin_rules, sizeof(builtin_rules) - 1, "built-in", &err))
		die("%s", err.buf);
	strbuf_release(&err);
	for (size_t i = 0; i < rs->v.n; i++)
		rs->v.v[i].origin = "built-in";
}

int rules_load(struct rule_set *rs, const char *path)
{
	struct source src;
	char *why = NULL;
	if (source_load(&src, path, 1 << 20, &why)) {
		error("--rules: %s", why);
		free(why);
		return -1;
	}
	struct strbuf err;
	strbuf_init(&err);
	int rc = rules_parse(rs, src.raw, src.len, path, &err);
	if (rc)
		fprintf(stderr, "%s", err.buf);
	strbuf_release(&err);
	source_release(&src);
	return rc;
}

void rules_release(struct rule_set *rs)
{
	for (size_t i = 0; i < rs->v.n; i++)
		rule_free(&rs->v.v[i]);
	VEC_FREE(rs->v);
	arena_release(&rs->arena);
}

/* --- lookup ------------------------------------------------------------ */

static const struct rule_set *current;

/* open-addressed table of every open/close name */
#define NAME_SLOTS 1024
static struct slot {
	const char *name;
	uint16_t rule, call;
	bool open;
} slots[NAME_SLOTS];
static uint32_t first_chars[8];	/* bitmap of first bytes of names */

static uint32_t slot_of(const char *s, size_t len)
{
	return (uint32_t)hash_bytes(s, len, 7) & (NAME_SLOTS - 1);
}

void rules_set(const struct rule_set *rs)
{
	current = rs;
	memset(slots, 0, sizeof(slots));
	memset(first_chars, 0, sizeof(first_chars));
	if (!rs)
		return;
	size_t used = 0;
	for (size_t i = 0; i < rs->v.n; i++) {
		const struct rule *r = &rs->v.v[i];
		for (size_t k = 0; k < r->open.n + r->close.n; k++) {
			bool open = k < r->open.n;
			const char *n = open ? r->open.v[k].name : r->close.v[k - r->open.n].name;
			if (++used >= NAME_SLOTS / 2)
				die("too many rule calls (more than %d)", NAME_SLOTS / 2);
			uint32_t h = slot_of(n, strlen(n));
			while (slots[h].name)
				h = (h + 1) & (NAME_SLOTS - 1);
			slots[h] = (struct slot){ n, (uint16_t)i,
						  (uint16_t)(open ? k : k - r->open.n), open };
			unsigned char c = (unsigned char)n[0];
			first_chars[c >> 5] |= 1u << (c & 31);
		}
	}
}

const struct rule_set *rules_get(void)
{
	return current;
}

bool rules_lookup(const char *name, size_t len, int *rule, int *call, bool *is_open)
{
	if (!current || !name || !len)
		return false;
	unsigned char c = (unsigned char)name[0];
	if (!(first_chars[c >> 5] & (1u << (c & 31))))
		return false;
	for (uint32_t h = slot_of(name, len); slots[h].name; h = (h + 1) & (NAME_SLOTS - 1)) {
		if (!strncmp(slots[h].name, name, len) && !slots[h].name[len]) {
			*rule = slots[h].rule;
			*call = slots[h].call;
			*is_open = slots[h].open;
			return true;
		}
	}
	return false;
}

bool rule_allows(const struct rule *r, const char *name, size_t len)
{
	for (size_t i = 0; i < r->allow.n; i++) {
		const char *a = r->allow.v[i];
		size_t al = strlen(a);
		if (al && a[al - 1] == '*') {
			if (len >= al - 1 && !memcmp(a, name, al - 1))
				return true;
		} else if (al == len && !memcmp(a, name, len)) {
			return true;
		}
	}
	return false;
}

bool rules_used_as_call(const char *text, size_t end, size_t len)
{
	while (end < len && (text[end] == ' ' || text[end] == '\t' || text[end] == '\n'))
		end++;
	return end < len && (text[end] == '(' || text[end] == '{');
}

/* The rule class of the name that ends just before text[p] (white space
 * between them), when a call of it (a `(` or `{` at p) names a rule: the
 * name is read back from p, not before start. */
static unsigned relevant_at(const char *text, size_t start, size_t p)
{
	size_t j = p;
	while (j > start && (text[j - 1] == ' ' || text[j - 1] == '\t' || text[j - 1] == '\n'))
		j--;
	size_t i = j;
	while (i > start && is_name_char((unsigned char)text[i - 1]))
		i--;
	int r, k;
	bool o;
	if (i == j || !rules_lookup(text + i, j - i, &r, &k, &o))
		return 0;
	return current->v.v[r].check == C_LOCK_HELD_RETURN && !current->v.v[r].allow.n ? RULES_LOCK
										     : RULES_OTHER;
}

/*
 * Every name followed by `(` or `{` (white space between) is looked up:
 * the brackets are found with memchr(), and the name read back from each,
 * which is several times faster than reading every word of the text (the
 * elision asks this of every body of every file that names a rule).
 */
unsigned rules_relevant(const char *text, size_t start, size_t end)
{
	if (!current || end <= start)
		return 0;
	unsigned out = 0;
	static const char brackets[2] = { '(', '{' };
	for (int b = 0; b < 2 && out != (RULES_LOCK | RULES_OTHER); b++) {
		const char *p = text + start, *e = text + end;
		while (out != (RULES_LOCK | RULES_OTHER) && (p = memchr(p, brackets[b], (size_t)(e - p)))) {
			out |= relevant_at(text, start, (size_t)(p - text));
			p++;
		}
	}
	return out;
}
