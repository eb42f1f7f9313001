// SPDX-License-Identifier: GPL-2.0
/*
 * Lock wrappers of headers (see macros.h, CM_WRAP).  Headers are not
 * parsed, yet their static inline functions are how a subsystem names its
 * locks: affs_lock_dir() is down() on the inode's hash lock, ipc_unlock()
 * is spin_unlock() and rcu_read_unlock(), spu_release() is mutex_unlock().
 * A plain text scan finds the static inline definitions whose body is a
 * straight line of calls, one of them a rule's open or close, and keeps
 * those calls with the parameters written $K; the pair walk replays them
 * at a call of the wrapper with the caller's arguments.  A body that takes
 * or releases under a condition, or returns the result of a lock call, is
 * not a wrapper: what it does depends on its path, and it is left out.
 */
#include "macros.h"

#include <ctype.h>
#include <string.h>

#include "lexer.h"
#include "rules.h"

#define WRAP_BODY_MAX 1200
#define WRAP_CALLS_MAX 6

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static bool word_at(const char *t, size_t n, size_t i, const char *w)
{
	size_t wl = strlen(w);
	return i + wl <= n && !memcmp(t + i, w, wl) && (i == 0 || !ident_char(t[i - 1])) &&
	       (i + wl == n || !ident_char(t[i + wl]));
}

/* Is name[0, len) a call of a lock rule (*open: which side)?  Only locks:
 * a header's paired states are not replayed (kmap_atomic() disables page
 * faults, and the drivers that map and unmap through their own helpers
 * were 60 false pair-unbalanced findings on 6.1). */
static bool lock_rule_call(const char *name, size_t len, int *r, int *c, bool *open)
{
	if (!rules_lookup(name, len, r, c, open))
		return false;
	return rules_get()->v.v[*r].check == C_LOCK_HELD_RETURN;
}

/* Past blanks and comments from i. */
static size_t skip_blank(const char *t, size_t n, size_t i)
{
	return lex_skip_space(t, n, i);
}

/* The offset of the bracket that closes the one at t[i] ('(' or '{'),
 * stepping over comments and literals, or n. */
static size_t match_close(const char *t, size_t n, size_t i)
{
	char open = t[i], close = open == '(' ? ')' : '}';
	int depth = 0;
	while (i < n) {
		char c = t[i];
		if (c == '/' && lex_comment_at(t, n, i)) {
			i = lex_comment(t, n, i, 0);
			continue;
		}
		if (c == '"' || c == '\'') {
			i = lex_quoted(t, n, i, 0);
			continue;
		}
		if (c == open)
			depth++;
		else if (c == close && --depth == 0)
			return i;
		i++;
	}
	return n;
}

/* The parameter names of ps[0, pn): each one's last identifier (before a
 * '[' or a ')' of a function pointer's name), up to 8. */
static int param_names(const char *ps, size_t pn, const char **nm, size_t *nl)
{
	int k = 0;
	size_t s = 0;
	for (size_t i = 0; i <= pn && k < 8; i++) {
		if (i < pn && ps[i] != ',')
			continue;
		const char *best = NULL;
		size_t bl = 0;
		for (size_t j = s; j < i; j++) {
			if (ps[j] == '[')
				break;
			if (ident_char(ps[j]) && (j == s || !ident_char(ps[j - 1]))) {
				size_t e = j;
				while (e < i && ident_char(ps[e]))
					e++;
				if (!isdigit((unsigned char)ps[j])) {
					best = ps + j;
					bl = e - j;
				}
				j = e - 1;
			}
		}
		nm[k] = best;
		nl[k] = bl;
		k++;
		s = i + 1;
	}
	if (k == 1 && nl[0] == 4 && !memcmp(nm[0], "void", 4))
		k = 0;
	return k;
}

/* A wrapper's locals set once from its parameters (`inode = dentry->d_inode`
 * with `dentry = fhp->fh_dentry`): a lock taken through one is named in
 * the caller's terms ("$0->fh_dentry->d_inode->i_mutex"). */
#define WRAP_LOCALS 8
struct wlocals {
	int n;
	const char *name[WRAP_LOCALS];
	size_t len[WRAP_LOCALS];
	char *val[WRAP_LOCALS];		/* its value, substituted; NULL: set twice */
};

static int local_index(const struct wlocals *lv, const char *t, size_t n)
{
	for (int k = 0; lv && k < lv->n; k++)
		if (lv->len[k] == n && !memcmp(lv->name[k], t, n))
			return k;
	return -1;
}

static void put_subst_lv(struct strbuf *sb, const char *t, size_t n, const char **nm,
			 const size_t *nl, int np, const struct wlocals *lv);

/* Append t[0, n) to sb without blanks and comments, each parameter
 * written $K. */
static void put_subst(struct strbuf *sb, const char *t, size_t n, const char **nm,
		      const size_t *nl, int np)
{
	put_subst_lv(sb, t, n, nm, nl, np, NULL);
}

/* ... and each local of lv set once written as its value */
static void put_subst_lv(struct strbuf *sb, const char *t, size_t n, const char **nm,
			 const size_t *nl, int np, const struct wlocals *lv)
{
	for (size_t i = 0; i < n;) {
		if (t[i] == '/' && lex_comment_at(t, n, i)) {
			i = lex_comment(t, n, i, 0);
			continue;
		}
		if (isspace((unsigned char)t[i])) {
			i++;
			continue;
		}
		if (ident_char(t[i])) {
			size_t e = i;
			while (e < n && ident_char(t[e]))
				e++;
			int p = -1;
			for (int k = 0; k < np && p < 0; k++)
				if (nl[k] == e - i && !memcmp(nm[k], t + i, e - i))
					p = k;
			int l = p < 0 && (i == 0 || (t[i - 1] != '.' && t[i - 1] != '>'))
					? local_index(lv, t + i, e - i) : -1;
			if (p >= 0)
				strbuf_addf(sb, "$%d", p);
			else if (l >= 0 && lv->val[l])
				strbuf_adds(sb, lv->val[l]);
			else
				strbuf_add(sb, t + i, e - i);
			i = e;
			continue;
		}
		strbuf_addc(sb, t[i]);
		i++;
	}
}

/* Does t[0, n) name a rule call anywhere (as an identifier followed by
 * '(')? */
static bool names_rule(const char *t, size_t n)
{
	for (size_t i = 0; i < n;) {
		if (!ident_char(t[i]) || (i && ident_char(t[i - 1]))) {
			i++;
			continue;
		}
		size_t e = i;
		while (e < n && ident_char(t[e]))
			e++;
		int r, c;
		bool o;
		if (rules_lookup(t + i, e - i, &r, &c, &o))
			return true;
		i = e;
	}
	return false;
}

/* The rule call of t[s, e) when it opens conditionally (a trylock, an
 * _interruptible) at c[*cs, *ce): its acquire kind in *acq. */
static bool cond_call(const char *t, size_t s, size_t e, int *acq, size_t *cs, size_t *ce)
{
	s = skip_blank(t, e, s);
	size_t q = s;
	while (q < e && ident_char(t[q]))
		q++;
	size_t p = skip_blank(t, e, q);
	if (q == s || p >= e || t[p] != '(')
		return false;
	size_t c = match_close(t, e, p);
	int r, k;
	bool o;
	if (c >= e || !lock_rule_call(t + s, q - s, &r, &k, &o) || !o)
		return false;
	const struct rule_call *rc = &rules_get()->v.v[r].open.v[k];
	if (rc->acq == ACQ_ALWAYS)
		return false;
	*acq = rc->acq;
	*cs = s;
	*ce = c + 1;
	return true;
}

/*
 * Is the statement t[s, e) (before its ';') the conditional open of a
 * trylock wrapper: `return TRY(x)` (the wrapper's result is the lock's),
 * or `if (!TRY(x)) return 0` / `if (TRY(x) == 0) return 0` (taken when
 * the wrapper goes on to return non-zero)?  Sets the call and its kind.
 */
static bool cond_open(const char *t, size_t s, size_t e, int *acq, size_t *cs, size_t *ce)
{
	if (word_at(t, e, s, "return")) {
		if (!cond_call(t, s + 6, e, acq, cs, ce))
			return false;
		return skip_blank(t, e, *ce) >= e;
	}
	if (!word_at(t, e, s, "if"))
		return false;
	size_t p = skip_blank(t, e, s + 2);
	if (p >= e || t[p] != '(')
		return false;
	size_t c = match_close(t, e, p);
	if (c >= e)
		return false;
	/* then: return 0 / false */
	size_t r = skip_blank(t, e, c + 1);
	if (!word_at(t, e, r, "return"))
		return false;
	size_t v = skip_blank(t, e, r + 6);
	if (!(v < e && ((t[v] == '0' && skip_blank(t, e, v + 1) >= e) ||
			(word_at(t, e, v, "false") && skip_blank(t, e, v + 5) >= e))))
		return false;
	/* the test: !TRY(x) or TRY(x) == 0 */
	size_t a = skip_blank(t, c, p + 1);
	int k;
	if (a < c && t[a] == '!') {
		if (!cond_call(t, a + 1, c, &k, cs, ce) || skip_blank(t, c, *ce) < c)
			return false;
	} else {
		if (!cond_call(t, a, c, &k, cs, ce))
			return false;
		size_t z = skip_blank(t, c, *ce);
		if (z + 1 >= c || t[z] != '=' || t[z + 1] != '=')
			return false;
		z = skip_blank(t, c, z + 2);
		if (z >= c || t[z] != '0' || skip_blank(t, c, z + 1) < c)
			return false;
	}
	/* only a lock taken on non-zero (a trylock) gives the wrapper that
	 * meaning; the wrapper is then taken when it returns non-zero */
	if (k != ACQ_NONZERO)
		return false;
	*acq = ACQ_NONZERO;
	return true;
}

/*
 * The body b[0, n) of a static inline function with parameters nm/nl: its
 * calls, one per line ("name(args)", parameters $K), into sb, when it is a
 * straight line of statements whose rule calls are statements of their
 * own; false when it is no wrapper.
 */
/* Does b[0, n) hold a statement that leaves the body (return, goto)? */
static bool leaves(const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((b[i] == 'r' && word_at(b, n, i, "return")) || (b[i] == 'g' && word_at(b, n, i, "goto")))
			return true;
	return false;
}

/* The statement b[s, e) sets a local (`T *x = v`, `x = v`): note its value,
 * or that it is set more than once. */
static void note_local(struct wlocals *lv, const char *b, size_t s, size_t e, const char **nm,
		       const size_t *nl, int np)
{
	size_t eq = s;
	int depth = 0;
	for (; eq < e; eq++) {
		depth += b[eq] == '(' || b[eq] == '[';
		depth -= b[eq] == ')' || b[eq] == ']';
		if (!depth && b[eq] == '=' && eq > s && !strchr("=!<>+-*/%&|^", b[eq - 1]) &&
		    (eq + 1 >= e || b[eq + 1] != '='))
			break;
	}
	if (eq >= e)
		return;
	/* the name: the last identifier before '=', with only a type, '*'
	 * and blanks before it */
	size_t ne = eq;
	while (ne > s && isspace((unsigned char)b[ne - 1]))
		ne--;
	size_t ns = ne;
	while (ns > s && ident_char(b[ns - 1]))
		ns--;
	if (ns == ne || isdigit((unsigned char)b[ns]))
		return;
	for (size_t k = s; k < ns; k++)
		if (!ident_char(b[k]) && !isspace((unsigned char)b[k]) && b[k] != '*')
			return;		/* a field, an element: not a local */
	for (int k = 0; k < np; k++)
		if (nl[k] == ne - ns && !memcmp(nm[k], b + ns, ne - ns))
			return;		/* a parameter set anew: left as written */
	int l = local_index(lv, b + ns, ne - ns);
	if (l >= 0) {
		free(lv->val[l]);
		lv->val[l] = NULL;
		return;
	}
	if (lv->n == WRAP_LOCALS)
		return;
	struct strbuf v;
	strbuf_init(&v);
	put_subst_lv(&v, b + eq + 1, e - eq - 1, nm, nl, np, lv);
	l = lv->n++;
	lv->name[l] = b + ns;
	lv->len[l] = ne - ns;
	lv->val[l] = strbuf_detach(&v);
	strbuf_release(&v);	/* (detach leaves a fresh buffer) */
}

static bool wrap_body_lv(const char *b, size_t n, const char **nm, const size_t *nl, int np,
			 struct strbuf *sb, struct wlocals *lv);

static bool wrap_body(const char *b, size_t n, const char **nm, const size_t *nl, int np,
		      struct strbuf *sb)
{
	struct wlocals lv = { 0 };
	bool ok = wrap_body_lv(b, n, nm, nl, np, sb, &lv);
	for (int k = 0; k < lv.n; k++)
		free(lv.val[k]);
	return ok;
}

static bool wrap_body_lv(const char *b, size_t n, const char **nm, const size_t *nl, int np,
			 struct strbuf *sb, struct wlocals *lv)
{
	int calls = 0, rule_calls = 0;
	bool cond = false;	/* a conditional open was seen: nothing else may lock */
	size_t i = 0;
	while (i < n) {
		i = skip_blank(b, n, i);
		if (i >= n)
			break;
		/* one statement: up to ';' outside parentheses */
		size_t s = i;
		int depth = 0;
		while (i < n && !(depth == 0 && (b[i] == ';' || b[i] == '{' || b[i] == '}'))) {
			if (b[i] == '/' && lex_comment_at(b, n, i)) {
				i = lex_comment(b, n, i, 0);
				continue;
			}
			if (b[i] == '"' || b[i] == '\'') {
				i = lex_quoted(b, n, i, 0);
				continue;
			}
			depth += b[i] == '(';
			depth -= b[i] == ')';
			i++;
		}
		size_t e = i;
		/* a trylock wrapper: `return mutex_trylock(x);`, or
		 * `if (!down_write_trylock(x)) return 0; ...; return 1;` */
		int cacq = -1;
		size_t cs = 0, ce = 0;
		if (i < n && b[i] == ';' && cond_open(b, s, e, &cacq, &cs, &ce)) {
			if (cond || rule_calls)
				return false;
			cond = true;
			strbuf_addf(sb, "?%d", cacq);
			put_subst_lv(sb, b + cs, ce - cs, nm, nl, np, lv);
			strbuf_addc(sb, '\n');
			calls++;
			rule_calls++;
			i++;
			continue;
		}
		if (i < n && b[i] == '{') {
			/* a block (an if's, a loop's): its effects are conditional;
			 * one that may leave the body early makes the rest so too */
			size_t c = match_close(b, n, i);
			if (names_rule(b + s, (c < n ? c : n) - s) ||
			    (rule_calls && leaves(b + s, (c < n ? c : n) - s)))
				return false;
			i = c < n ? c + 1 : n;
			continue;
		}
		i += i < n;
		bool control = word_at(b, n, s, "if") || word_at(b, n, s, "for") ||
			       word_at(b, n, s, "while") || word_at(b, n, s, "switch") ||
			       word_at(b, n, s, "do") || word_at(b, n, s, "else") ||
			       word_at(b, n, s, "return") || word_at(b, n, s, "goto");
		/* a statement that is one call: NAME(...) */
		size_t q = s;
		while (q < e && ident_char(b[q]))
			q++;
		size_t nq = skip_blank(b, e, q);
		size_t cc = nq < e && b[nq] == '(' ? match_close(b, e, nq) : e;
		bool is_call = !control && q > s && cc < e && skip_blank(b, e, cc + 1) >= e;
		if (cond && names_rule(b + s, e - s))
			return false;
		/* after a trylock wrapper's test, its `return 1;` */
		if (cond && word_at(b, n, s, "return")) {
			size_t v = skip_blank(b, e, s + 6);
			if (v < e && (b[v] == '0' || word_at(b, e, v, "false")))
				return false;	/* a second way to give up */
			continue;
		}
		if (!is_call) {
			if (names_rule(b + s, e - s))
				return false;	/* a lock call whose result is used, or under a test */
			if (!control)
				note_local(lv, b, s, e, nm, nl, np);
			/* `if (!memcg) return true;` after rcu_read_lock() (the
			 * memcontrol.h mem_cgroup_trylock_pages()): what the rest of
			 * the body does depends on the path */
			if (control && rule_calls && leaves(b + s, e - s) &&
			    skip_blank(b, n, i) < n)
				return false;
			continue;
		}
		int r, c;
		bool o;
		bool rule = lock_rule_call(b + s, q - s, &r, &c, &o);
		if (rule) {
			const struct rule_set *rs = rules_get();
			const struct rule_call *rc = o ? &rs->v.v[r].open.v[c] : &rs->v.v[r].close.v[c];
			if (rc->acq != ACQ_ALWAYS)
				return false;	/* a trylock's result thrown away: no wrapper */
		} else if (names_rule(b + nq, e - nq)) {
			return false;		/* foo(spin_trylock(x)) */
		}
		if (++calls > WRAP_CALLS_MAX)
			return false;
		rule_calls += rule;
		put_subst_lv(sb, b + s, e - s, nm, nl, np, lv);
		strbuf_addc(sb, '\n');
	}
	return rule_calls > 0;
}

void wrappers_scan(const char *text, size_t len, struct arena *a, ctl_macro_list *out)
{
	if (!rules_get())
		return;
	const char *p = text, *end = text + len;
	size_t first = out->n;
	/* the static inline definitions that are not wrappers: a name defined
	 * both ways (`#ifdef CONFIG_MEMCG` ... `#else` ...) is no wrapper */
	struct strbuf other;
	strbuf_init(&other);
	strbuf_addc(&other, '\n');
	while ((p = mem_find(p, (size_t)(end - p), "static", 6))) {
		size_t at = (size_t)(p - text);
		p += 6;
		if (!word_at(text, len, at, "static"))
			continue;
		/* the declaration's head, up to its '(' */
		size_t i = at + 6, paren = 0;
		bool is_inline = false;
		for (; i < len && i < at + 240; i++) {
			char c = text[i];
			if (c == ';' || c == '=' || c == '{' || c == '}' || c == '#')
				break;
			if (c == '(') {
				paren = i;
				break;
			}
			if (c == 'i' && (word_at(text, len, i, "inline")))
				is_inline = true;
			if (c == '_' && (word_at(text, len, i, "__always_inline") ||
					 word_at(text, len, i, "__inline") ||
					 word_at(text, len, i, "__inline__")))
				is_inline = true;
		}
		if (!paren || !is_inline)
			continue;
		size_t ne = paren;
		while (ne > at && isspace((unsigned char)text[ne - 1]))
			ne--;
		size_t ns = ne;
		while (ns > at && ident_char(text[ns - 1]))
			ns--;
		if (ns == ne)
			continue;
		size_t pc = match_close(text, len, paren);
		if (pc >= len)
			continue;
		/* annotations between ')' and '{' (__acquires(x)) are stepped over */
		size_t j = skip_blank(text, len, pc + 1);
		while (j < len && ident_char(text[j])) {
			while (j < len && ident_char(text[j]))
				j++;
			j = skip_blank(text, len, j);
			if (j < len && text[j] == '(') {
				size_t c = match_close(text, len, j);
				j = skip_blank(text, len, c < len ? c + 1 : len);
			}
		}
		if (j >= len || text[j] != '{')
			continue;
		size_t bc = match_close(text, len, j);
		if (bc >= len || bc - j > WRAP_BODY_MAX) {
			p = text + (bc < len ? bc : len);
			continue;
		}
		int ri, ci;
		bool o;
		if (rules_lookup(text + ns, ne - ns, &ri, &ci, &o)) {
			p = text + bc;	/* a rule's own name (spin_lock() in spinlock.h) */
			continue;
		}
		const char *nm[8];
		size_t nl[8];
		int np = param_names(text + paren + 1, pc - paren - 1, nm, nl);
		struct strbuf sb;
		strbuf_init(&sb);
		if (wrap_body(text + j + 1, bc - j - 1, nm, nl, np, &sb)) {
			struct ctl_macro m = { .name = arena_strndup(a, text + ns, ne - ns),
					       .arg = arena_strndup(a, sb.buf, sb.len),
					       .kind = CM_WRAP };
			VEC_PUSH(*out, m);
		} else if (other.len < 65536) {
			strbuf_add(&other, text + ns, ne - ns);
			strbuf_addc(&other, '\n');
		}
		strbuf_release(&sb);
		p = text + bc;
	}
	size_t w = first;
	for (size_t i = first; i < out->n; i++) {
		const struct ctl_macro *m = &out->v[i];
		bool keep = true;
		for (size_t k = first; k < out->n && keep; k++)
			keep = k == i || strcmp(out->v[k].name, m->name) || !strcmp(out->v[k].arg, m->arg);
		if (keep) {
			size_t nl = strlen(m->name);
			for (const char *q = other.buf; keep && (q = memmem(q, other.len - (size_t)(q - other.buf), m->name, nl));
			     q += nl)
				keep = !(q[-1] == '\n' && q[nl] == '\n');
		}
		if (keep)
			out->v[w++] = *m;
	}
	out->n = w;
	strbuf_release(&other);
}

/* Does the name say it releases (as the pair walk's release_by_name())? */
static bool says_release(const char *name, size_t len)
{
	static const char *const words[] = { "unlock", "release", "_put", "_end", "_exit",
					     "_done", "_finish", "_leave", "_unref", "_drop" };
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (name_has(name, len, words[i], strlen(words[i])))
			return true;
	return false;
}

const char *wrappers_macro(const char *name, size_t name_len, const char *b, size_t n,
			   const char *ps, size_t pn, struct arena *a)
{
	if (!rules_get())
		return NULL;
	const char *nm[8];
	size_t nl[8];
	int np = param_names(ps, pn, nm, nl);
	struct strbuf sb;
	strbuf_init(&sb);
	for (size_t i = 0; i < n;) {
		if (!ident_char(b[i]) || (i && ident_char(b[i - 1]))) {
			i++;
			continue;
		}
		size_t e = i;
		while (e < n && ident_char(b[e]))
			e++;
		size_t p = skip_blank(b, n, e);
		int r, c;
		bool o;
		bool is_rule = p < n && b[p] == '(' && lock_rule_call(b + i, e - i, &r, &c, &o);
		if (is_rule && o) {
			/* it takes the lock again (sk_wait_event(): release_sock(),
			 * wait, lock_sock()): a drop and retake, no release */
			strbuf_release(&sb);
			return NULL;
		}
		bool rel = p < n && b[p] == '(' && (is_rule || says_release(b + i, e - i));
		/* the macro's own implementation, `__NAME(x)` (kunmap_atomic()
		 * checks its argument's type and calls __kunmap_atomic(), a
		 * header wrapper that re-enables page faults): replayed whole */
		bool impl = !rel && p < n && b[p] == '(' && e - i == name_len + 2 &&
			    b[i] == '_' && b[i + 1] == '_' && !memcmp(b + i + 2, name, name_len);
		size_t pc = rel || impl ? match_close(b, n, p) : n;
		if ((rel || impl) && pc < n && sb.len < 400) {
			if (rel)
				strbuf_addc(&sb, '~');
			put_subst(&sb, b + i, pc + 1 - i, nm, nl, np);
			strbuf_addc(&sb, '\n');
		}
		i = e;
	}
	const char *out = sb.len ? arena_strndup(a, sb.buf, sb.len) : NULL;
	strbuf_release(&sb);
	return out;
}

/* --- the recorded calls, replayed (check_pairs_walk.c, locktok.c) --- */

/* (macros.h) */
size_t wrap_arg(const char *t, size_t *at)
{
	size_t i = *at, s = i;
	int depth = 0;
	for (; t[i] && t[i] != '\n'; i++) {
		if (t[i] == '(')
			depth++;
		else if (t[i] == ')' && depth-- == 0)
			break;
		else if (t[i] == ',' && depth == 0)
			break;
	}
	*at = i + (t[i] == ',');
	return i - s;
}

/* (macros.h) */
char *wrap_subst(const char *a, size_t n, char **argv, int argc)
{
	struct strbuf sb;
	strbuf_init(&sb);
	for (size_t i = 0; i < n; i++) {
		if (a[i] != '$' || !isdigit((unsigned char)a[i + 1])) {
			if (a[i] != '(' && a[i] != ')')
				strbuf_addc(&sb, a[i]);
			continue;
		}
		int k = 0;
		size_t j = i + 1;
		while (j < n && isdigit((unsigned char)a[j]))
			k = k * 10 + (a[j++] - '0');
		if (k >= argc) {
			strbuf_release(&sb);
			return NULL;
		}
		/* skip the parentheses around $K: &AFFS_I(inode)->lock */
		size_t after = j;
		while (after < n && a[after] == ')')
			after++;
		const char *v = argv[k];
		if (v[0] == '&' && after + 1 < n && a[after] == '-' && a[after + 1] == '>' &&
		    sb.len && sb.buf[sb.len - 1] == '&') {
			strbuf_add(&sb, v + 1, strlen(v + 1));
			strbuf_addc(&sb, '.');
			j = after + 2;
		} else {
			strbuf_add(&sb, v, strlen(v));
		}
		i = j - 1;
	}
	char *out = strbuf_detach(&sb);
	strbuf_release(&sb);	/* (detach leaves an empty buffer behind) */
	return out;
}
