// SPDX-License-Identifier: GPL-2.0
/*
 * Conditional groups in normalisation (normalize_int.h): the brace and
 * bracket depth across `#if` arms, which both passes keep; the groups that
 * split one piece of syntax, flattened on the token list, and the groups
 * of a name a flattened group decided (the arms the compiler would drop
 * before that: normalize_decide.c).
 */
#include "normalize_int.h"
#include "api.h"

/* Is the directive at t[a, e) `#if 0`? */
static bool pp_if0(const char *t, size_t a, size_t e)
{
	size_t i = a + 1;
	while (i < e && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (e - i < 2 || memcmp(t + i, "if", 2) != 0)
		return false;
	i += 2;
	if (i < e && is_ident((unsigned char)t[i]))
		return false;
	while (i < e && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (i >= e || t[i] != '0')
		return false;
	i++;
	return i >= e || !(is_ident((unsigned char)t[i]));
}

/* Saved entries from the top of the bracket stack: an arm that closes more
 * brackets than this (opened before its group) is not restored exactly. */
#define PP_SNAP 64

static void pp_save(struct ppdepth *d, struct ppframe *f, int w, int32_t brace, int32_t paren,
		    const uint32_t *stack, size_t n)
{
	size_t keep = n < PP_SNAP ? n : PP_SNAP;
	f->brace[w] = brace;
	f->paren[w] = paren;
	f->snap[w] = d->pool.n;
	f->len[w] = n;
	f->kept[w] = keep;
	VEC_GROW(d->pool, d->pool.n + keep);
	if (keep)
		memcpy(d->pool.v + d->pool.n, stack + n - keep, keep * sizeof(*stack));
	d->pool.n += keep;
}

/* Apply the directive kind k ('i', 'e', 'l', 'n') at [a, e) to the depths;
 * `stack`/`sn` is an optional bracket stack restored with them. */
void norm_pp_track(struct ppdepth *d, char k, const char *t, size_t a, size_t e,
		   int32_t *brace, int32_t *paren, uint32_t *stack, size_t *sn)
{
	size_t n0 = sn ? *sn : 0;
	if (k == 'i') {
		struct ppframe f = {0};
		f.dead = pp_if0(t, a, e);
		pp_save(d, &f, 0, *brace, *paren, stack, n0);
		VEC_PUSH(d->frames, f);
		return;
	}
	if (!d->frames.n || (k != 'e' && k != 'l' && k != 'n'))
		return;
	struct ppframe *f = &d->frames.v[d->frames.n - 1];
	int w = -1;
	if (k == 'e' || k == 'l') {
		if (!f->have1 && !f->dead) {
			/* keep the first live arm's end, after the start copy */
			d->pool.n = f->snap[0] + f->kept[0];
			pp_save(d, f, 1, *brace, *paren, stack, n0);
			f->have1 = true;
		}
		f->dead = false;
		w = 0;
	} else {
		w = f->have1 ? 1 : f->dead ? 0 : -1;
	}
	if (w >= 0) {
		*brace = f->brace[w];
		*paren = f->paren[w];
		if (sn) {
			/* below the saved top the stack is as it was, or deeper */
			if (f->kept[w] && *sn + f->kept[w] >= f->len[w])
				memcpy(stack + f->len[w] - f->kept[w], d->pool.v + f->snap[w],
				       f->kept[w] * sizeof(*stack));
			if (*sn + f->kept[w] >= f->len[w])
				*sn = f->len[w];
		}
	}
	if (k == 'n') {
		d->pool.n = f->snap[0];
		d->frames.n--;
	}
}

void norm_pp_release(struct ppdepth *d)
{
	VEC_FREE(d->frames);
	VEC_FREE(d->pool);
}

char norm_pp_kind(const char *t, size_t a, size_t e)
{
	size_t i = a + 1;
	while (i < e && (t[i] == ' ' || t[i] == '\t'))
		i++;
	size_t w = i;
	while (i < e && is_ident((unsigned char)t[i]))
		i++;
	size_t len = i - w;
#define PPW(s) (len == strlen(s) && memcmp(t + w, s, len) == 0)
	if (PPW("if") || PPW("ifdef") || PPW("ifndef"))
		return 'i';
	if (PPW("elif") || PPW("elifdef") || PPW("elifndef"))
		return 'e';
	if (PPW("else"))
		return 'l';
	if (PPW("endif"))
		return 'n';
#undef PPW
	return 'o';
}

/*
 * Conditional groups that split what the grammar reads as one piece
 * (`} else` under #ifdef, an argument or initialiser field under #ifdef,
 * a function head with two variants).  The grammar
 * reads a group only where whole statements, declarations or struct fields
 * stand, and each arm is complete.  A group that is not is flattened, in
 * this order of preference:
 *  - one arm: the directive lines are blanked, its code stays (as if the
 *    condition held; an `#if 0` arm is dead and is blanked whole);
 *  - several arms, inside a function or a list: the directives are blanked
 *    and all arms stay, one after the other, when that keeps the brackets
 *    as the first arm alone would (`} else if (a) {` then `} else {`); in
 *    an initialiser, a ',' written into a directive joins two elements;
 *  - inside a function, arms that are whole statements and then the same
 *    opening (the same control structure and calls, as below): every
 *    arm's statements stay, and the last arm's opening;
 *  - otherwise the first live arm stays and the others are blanked, but
 *    only when they hold the same control structure and the same calls that
 *    matter to the analysis (returns, gotos, set_fs/get_fs, uaccess, locks):
 *    `if (x) {` / `if (y) {`; or the longest arm, when each shorter one is
 *    its tail (pp_tail_arm) or opens and closes the same brackets and holds
 *    no jump or call that matters (pp_plain_arms).
 * Otherwise the group is left as written.  Nested groups go first.  A group
 * the grammar can read as it stands keeps its directives, but an `#if 0`
 * arm in it whose brackets do not balance is blanked.
 */
enum { PPF_DEAD = 1, PPF_SHADOW = 2 };

#define PP_MAX_ARMS 16

struct arm_info {
	size_t first, last;	/* live tokens, SIZE_MAX when none */
	int min, delta;		/* running bracket depth */
	uint64_t skel;		/* hash of the control structure */
	size_t nskel;
	size_t nmatter;		/* jumps and calls that matter to the analysis
				 * (return, goto, break, continue, SUB_CRITICAL) */
	bool dead;		/* `#if 0` */
};

static bool structural_word(const char *t, const struct tok *k)
{
	static const char *const words[] = {
		"if", "else", "switch", "case", "default", "while", "for", "do", "return", "goto",
		"break", "continue",
	};
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (tok_is(t, k, words[i]))
			return true;
	return false;
}

static void arm_scan(const char *t, const tok_list *tl, const uint8_t *fl, size_t a, size_t b,
		     struct arm_info *ai)
{
	ai->first = ai->last = SIZE_MAX;
	ai->min = ai->delta = 0;
	ai->skel = 1469598103934665603ull;
	ai->nskel = ai->nmatter = 0;
	for (size_t q = a; q < b; q++) {
		const struct tok *k = &tl->v[q];
		if (k->k == K_PP || (fl[q] & (PPF_DEAD | PPF_SHADOW)))
			continue;
		if (ai->first == SIZE_MAX)
			ai->first = q;
		ai->last = q;
		uint64_t h = 0;
		if (k->k == K_P && strchr("{([", k->c)) {
			ai->delta++;
			h = k->c == '{' ? '{' : 0;
		} else if (k->k == K_P && strchr("})]", k->c)) {
			ai->delta--;
			if (ai->delta < ai->min)
				ai->min = ai->delta;
			h = k->c == '}' ? '}' : 0;
		} else if (k->k == K_ID) {
			/* `struct dlm_lock_result` names a type, not a lock */
			bool crit = api_has_substr(t + k->a, k->b - k->a, SUB_CRITICAL) &&
				    !(q > a && (tok_is(t, &tl->v[q - 1], "struct") ||
						tok_is(t, &tl->v[q - 1], "union") ||
						tok_is(t, &tl->v[q - 1], "enum")));
			if (crit || structural_word(t, k))
				h = word_hash(t + k->a, k->b - k->a) | 0x100;
			ai->nmatter += crit || tok_is(t, k, "return") || tok_is(t, k, "goto") ||
				       tok_is(t, k, "break") || tok_is(t, k, "continue");
		}
		if (h) {
			ai->skel = (ai->skel ^ h) * 1099511628211ull;
			ai->nskel++;
		}
	}
}

/* The live token before a and after b, or SIZE_MAX. */
static size_t live_before(const tok_list *tl, const uint8_t *fl, size_t a)
{
	while (a-- > 0)
		if (tl->v[a].k != K_PP && !(fl[a] & (PPF_DEAD | PPF_SHADOW)))
			return a;
	return SIZE_MAX;
}

/* Is token p the ':' of a statement label (`out:`, after ';', '{', '}'
 * or another label; not `case X:`, `default:` or a bit-field)?  The
 * grammar reads a label then a conditional group as a label with a
 * missing ';' before the group (harmless: vital_error()), so the group
 * keeps its directives and the function its #if decisions. */
static bool label_colon(const char *t, const tok_list *tl, const uint8_t *fl, size_t p, int depth)
{
	if (!is_p(&tl->v[p], ':') || depth > 8)
		return false;
	size_t id = live_before(tl, fl, p);
	if (id == SIZE_MAX || tl->v[id].k != K_ID || is_kw(t, &tl->v[id]))
		return false;
	size_t q = live_before(tl, fl, id);
	return q != SIZE_MAX && (is_p(&tl->v[q], ';') || is_p(&tl->v[q], '{') || is_p(&tl->v[q], '}') ||
				 label_colon(t, tl, fl, q, depth + 1));
}

static size_t live_after(const tok_list *tl, const uint8_t *fl, size_t b)
{
	for (; b < tl->n; b++)
		if (tl->v[b].k != K_PP && !(fl[b] & (PPF_DEAD | PPF_SHADOW)))
			return b;
	return SIZE_MAX;
}

static bool arm_complete(const char *t, const tok_list *tl, const struct arm_info *ai, char ctx,
			 bool next_is_brace)
{
	if (ai->first == SIZE_MAX)
		return true;
	if (ai->min < 0 || ai->delta != 0)
		return false;
	const struct tok *f = &tl->v[ai->first], *l = &tl->v[ai->last];
	switch (ctx) {
	case 'B':
		return !tok_is(t, f, "else") && (is_p(l, ';') || is_p(l, '}'));
	case 0:
		/* `NOKPROBE_SYMBOL(f)` may end an arm; `int f(int a)` before `{` may not,
		 * nor `__attribute__((l1_text))` before the function it is for */
		if (is_p(l, ')') && l->mate != UINT32_MAX && l->mate > 0) {
			const struct tok *c = &tl->v[l->mate - 1];
			if (tok_is(t, c, "__attribute__") || tok_is(t, c, "__attribute"))
				return false;
		}
		return is_p(l, ';') || is_p(l, '}') || (is_p(l, ')') && !next_is_brace);
	case 'S':
		return is_p(l, ';') || is_p(l, ',') || is_p(l, '}') || l->k == K_ID;
	default:
		return false;	/* initialisers, argument lists: never */
	}
}

static void blank_tok(char *t, const tok_list *tl, uint8_t *fl, size_t q)
{
	blank(t, tl->v[q].a, tl->v[q].b);
	fl[q] |= PPF_DEAD;
}

/* The group dir[0..narms] as the compiler would read it with arm `keep`
 * alone compiled (narms: none). */
static void keep_arm(char *t, const tok_list *tl, uint8_t *fl, const size_t *dir, size_t narms,
		     size_t keep)
{
	for (size_t m = 0; m <= narms; m++)
		blank_tok(t, tl, fl, dir[m]);
	for (size_t m = 0; m < narms; m++)
		if (m != keep)
			for (size_t q = dir[m] + 1; q < dir[m + 1]; q++)
				blank_tok(t, tl, fl, q);
}

/*
 * The end of the longest run of whole statements at the start of [a, b):
 * the index after its last ';' or block '}' (not one an `else` follows,
 * nor the `while` of a do loop), or a when there is none.
 */
static size_t stmt_prefix(const char *t, const tok_list *tl, const uint8_t *fl, size_t a,
			  size_t b)
{
	size_t end = a;
	int depth = 0;
	bool first = true, in_do = false;
	for (size_t q = a; q < b; q++) {
		const struct tok *k = &tl->v[q];
		if (k->k == K_PP || (fl[q] & (PPF_DEAD | PPF_SHADOW)))
			continue;
		if (first && tok_is(t, k, "else"))
			return a;
		first = false;
		if (depth == 0 && tok_is(t, k, "do"))
			in_do = true;
		if (k->k == K_P && strchr("{([", k->c)) {
			depth++;
			continue;
		} else if (k->k == K_P && strchr("})]", k->c)) {
			if (--depth < 0)
				break;
			if (depth != 0 || k->c != '}' || k->mate == UINT32_MAX || !tl->v[k->mate].blk)
				continue;
		} else if (depth != 0 || !is_p(k, ';')) {
			continue;
		}
		size_t nx = live_after(tl, fl, q + 1);
		if (nx >= b || !(tok_is(t, &tl->v[nx], "else") ||
				 (in_do && tok_is(t, &tl->v[nx], "while")))) {
			end = q + 1;
			in_do = false;
		}
	}
	return end;
}

/*
 * Arms that are whole statements followed by the same opening:
 * `#ifdef A / for (...) { ... } / for (i = 0; i < 512; i++) { / #else /
 * for (i = 0; i < 528; i++) { / #endif` (the same control structure and
 * limit/lock/uaccess words after each arm's statements).  Every arm's
 * statements stay and the last arm's opening: `for (...) { ... } for (i =
 * 0; i < 528; i++) {`.  Returns whether it rewrote.
 */
static bool pp_prefixes(char *t, const tok_list *tl, uint8_t *fl, const size_t *dir,
			size_t narms, size_t keep, const struct arm_info *arms)
{
	size_t split[PP_MAX_ARMS], ref = SIZE_MAX, last = SIZE_MAX;
	struct arm_info rest[PP_MAX_ARMS], pre[PP_MAX_ARMS];
	bool any = false, same_pre = true;
	size_t p = live_before(tl, fl, dir[0]);
	if (p != SIZE_MAX && !(is_p(&tl->v[p], ';') || is_p(&tl->v[p], '{') ||
			       is_p(&tl->v[p], '}') || is_p(&tl->v[p], ':')))
		return false;
	for (size_t m = keep; m < narms; m++) {
		if (arms[m].first == SIZE_MAX)
			continue;
		split[m] = stmt_prefix(t, tl, fl, dir[m] + 1, dir[m + 1]);
		arm_scan(t, tl, fl, split[m], dir[m + 1], &rest[m]);
		if (rest[m].first == SIZE_MAX)
			return false;
		any |= rest[m].first > arms[m].first;
		arm_scan(t, tl, fl, dir[m] + 1, split[m], &pre[m]);
		if (ref == SIZE_MAX)
			ref = m;
		else if (rest[m].skel != rest[ref].skel || rest[m].nskel != rest[ref].nskel ||
			 rest[m].delta != rest[ref].delta || rest[m].min != rest[ref].min)
			return false;
		else if (pre[m].skel != pre[ref].skel || pre[m].nskel != pre[ref].nskel)
			same_pre = false;
		last = m;
	}
	if (!any)
		return false;
	/* statements that take the same locks (or raise, jump) in every arm
	 * are one variant each: `#if VERSION < 3.9 / spin_lock(&l);
	 * hlist_for_each_entry(i, n, h, m) { / #else / spin_lock(&l);
	 * hlist_for_each_entry(i, h, m) { / #endif` takes the lock once, so
	 * only the last arm stays */
	if (same_pre && pre[ref].nmatter)
		keep = last;
	for (size_t m = 0; m <= narms; m++)
		blank_tok(t, tl, fl, dir[m]);
	for (size_t m = 0; m < narms; m++) {
		if (m < keep)
			for (size_t q = dir[m] + 1; q < dir[m + 1]; q++)
				blank_tok(t, tl, fl, q);
		else if (arms[m].first != SIZE_MAX && m != last)
			for (size_t q = split[m]; q < dir[m + 1]; q++)
				blank_tok(t, tl, fl, q);
	}
	return true;
}

/*
 * Is the live code of [a, b) the same tokens as the end of [c, d)?  Both
 * are arms; their last live tokens are compared backwards.
 */
static bool arm_is_tail(const char *t, const tok_list *tl, const uint8_t *fl, size_t a, size_t b,
			size_t c, size_t d)
{
	size_t q = b, r = d;
	for (;;) {
		q = q > a ? live_before(tl, fl, q) : SIZE_MAX;
		if (q == SIZE_MAX || q < a)
			return true;
		r = r > c ? live_before(tl, fl, r) : SIZE_MAX;
		if (r == SIZE_MAX || r < c)
			return false;
		const struct tok *x = &tl->v[q], *y = &tl->v[r];
		if (x->k != y->k || x->b - x->a != y->b - y->a || memcmp(t + x->a, t + y->a, x->b - x->a))
			return false;
	}
}

/* The live arm from keep on with the most tokens (the first of equals), or
 * SIZE_MAX. */
static size_t longest_arm(size_t narms, size_t keep, const struct arm_info *arms)
{
	size_t best = SIZE_MAX, most = 0;
	for (size_t m = keep; m < narms; m++)
		if (arms[m].first != SIZE_MAX &&
		    (best == SIZE_MAX || arms[m].last - arms[m].first > most)) {
			best = m;
			most = arms[m].last - arms[m].first;
		}
	return best;
}

/*
 * Arms that differ in their skeleton, where each shorter arm is the tail
 * of the longest one: `#ifdef A / if (x) { ... } else if (y) { / #else /
 * if (y) { / #endif`, `#ifdef A / ... } else { / #else / { / #endif`.
 * The longest arm holds all the code of the others and opens the same
 * brackets, so it is kept: the index of that arm, or SIZE_MAX.
 */
static size_t pp_tail_arm(const char *t, const tok_list *tl, const uint8_t *fl, const size_t *dir,
			  size_t narms, size_t keep, const struct arm_info *arms)
{
	size_t best = longest_arm(narms, keep, arms);
	if (best == SIZE_MAX)
		return SIZE_MAX;
	for (size_t m = keep; m < narms; m++) {
		if (m == best || arms[m].first == SIZE_MAX)
			continue;
		if (arms[m].delta != arms[best].delta || arms[m].min < arms[best].min ||
		    !arm_is_tail(t, tl, fl, dir[m] + 1, dir[m + 1], dir[best] + 1, dir[best + 1]))
			return SIZE_MAX;
	}
	return best;
}

/*
 * The last resort before a group is left as written (which the grammar
 * cannot read: on a vendor tree that cost whole files, Mali's
 * `#ifdef CONFIG_64BIT / if (!compat) { ... } else { / #else / if (1) { /
 * #endif`): the longest arm, when every other opens and closes the same
 * brackets and holds no jump or call that matters to the analysis (only
 * code the analysis would not see anyway is dropped): its index, or
 * SIZE_MAX.
 */
static size_t pp_plain_arms(size_t narms, size_t keep, const struct arm_info *arms)
{
	size_t best = longest_arm(narms, keep, arms);
	if (best == SIZE_MAX)
		return SIZE_MAX;
	for (size_t m = keep; m < narms; m++) {
		if (m == best || arms[m].first == SIZE_MAX)
			continue;
		if (arms[m].delta != arms[best].delta || arms[m].min != arms[best].min ||
		    arms[m].nmatter)
			return SIZE_MAX;
	}
	return best;
}

/* A two-arm group inside a function left as written (pp_group), kept to
 * be paired with a later one of the same condition (pp_pair). */
struct pp_left {
	size_t dir[3];
	struct arm_info arm[2];
};

/* The names the conditions of groups not read as written test, so far in
 * the file (flattened as if a condition held: a group after a label that
 * tests one of them is flattened too, or the two would decide it apart). */
struct pp_names {
	VEC(uint64_t) v;	/* hashes of the names */
};

/*
 * One truth value per name: what the groups flattened so far decided of a
 * single name (`#ifdef N` kept alone: N held; the `#else` arm of `#ifdef N`
 * kept: N did not), so that the groups of the file read as written that
 * test only N are decided the same way after the pass (pp_decide_rest):
 * rtl8188eu's issue_beacon takes a lock under `#if defined (N)` and
 * releases it under a group after a label, which is flattened because an
 * earlier function's `} else` under `#ifdef N` was; read both ways, the
 * first group had a path without the lock that the second released on.
 */
struct pp_decided {
	VEC(uint64_t) yes, no;	/* hashes of the names */
};

/*
 * Is the directive at tl->v[d] a test of one name's definition: `#ifdef
 * N`, `#ifndef N`, `#if defined(N)`, `#if defined N`, `#if !defined(N)`
 * (a comment may follow)?  Its hash in *h and 1 when it tests that N is
 * defined, 0 when that it is not; -1 for any other directive.
 */
static int single_name_test(const char *t, const struct tok *d, uint64_t *h)
{
	size_t i = d->a + 1, e = d->b;
	while (i < e && (t[i] == ' ' || t[i] == '\t'))
		i++;
	size_t w = i;
	while (i < e && is_ident((unsigned char)t[i]))
		i++;
	int pol;
	bool need_defined = false;
	if (i - w == 5 && !memcmp(t + w, "ifdef", 5))
		pol = 1;
	else if (i - w == 6 && !memcmp(t + w, "ifndef", 6))
		pol = 0;
	else if (i - w == 2 && !memcmp(t + w, "if", 2))
		pol = 1, need_defined = true;
	else
		return -1;
#define SKIP_BLANKS() while (i < e && (t[i] == ' ' || t[i] == '\t')) i++
	SKIP_BLANKS();
	bool paren = false;
	if (need_defined) {
		if (i < e && t[i] == '!') {
			pol = 0;
			i++;
			SKIP_BLANKS();
		}
		if (e - i < 7 || memcmp(t + i, "defined", 7))
			return -1;
		i += 7;
		SKIP_BLANKS();
		if (i < e && t[i] == '(') {
			paren = true;
			i++;
			SKIP_BLANKS();
		}
	}
	size_t a = i;
	while (i < e && is_ident((unsigned char)t[i]))
		i++;
	if (i == a || (t[a] >= '0' && t[a] <= '9'))
		return -1;
	size_t b = i;
	SKIP_BLANKS();
	if (paren) {
		if (i >= e || t[i] != ')')
			return -1;
		i++;
		SKIP_BLANKS();
	}
#undef SKIP_BLANKS
	if (i < e && !(e - i >= 2 && t[i] == '/' && (t[i + 1] == '*' || t[i + 1] == '/')))
		return -1;
	*h = hash_bytes(t + a, b - a, 0);
	return pol;
}

/* The group dir[0..narms] was flattened keeping arm `keep` alone: what that
 * decided of its name, when it tests one. */
static void note_decided(const char *t, const tok_list *tl, const size_t *dir, size_t narms,
			 size_t keep, struct pp_decided *dec)
{
	uint64_t h;
	int pol = single_name_test(t, &tl->v[dir[0]], &h);
	if (pol < 0 || narms > 2 || (narms == 2 && tl->v[dir[1]].c != 'l'))
		return;
	bool held = keep == 0 ? pol == 1 : pol == 0;
	if (held)
		VEC_PUSH(dec->yes, h);
	else
		VEC_PUSH(dec->no, h);
}

static bool hash_in(const uint64_t *v, size_t n, uint64_t h)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == h)
			return true;
	return false;
}

/* The arm the names decided so far give the group dir[0..narms] when its
 * `#if` tests one name alone, with at most an `#else`: 0, 1 (the `#else`,
 * which may not exist), or -1 when the name is undecided (or both ways). */
static int decided_arm(const char *t, const tok_list *tl, const size_t *dir, size_t narms,
		       const struct pp_decided *dec)
{
	uint64_t h;
	int pol = single_name_test(t, &tl->v[dir[0]], &h);
	if (pol < 0 || narms > 2 || (narms == 2 && tl->v[dir[1]].c != 'l'))
		return -1;
	bool yes = hash_in(dec->yes.v, dec->yes.n, h), no = hash_in(dec->no.v, dec->no.n, h);
	if (yes == no)
		return -1;
	return (pol == 1) == yes ? 0 : 1;
}

/* Can the arm a of the group at directive d give way to an empty statement
 * `;`: whole statements (brackets balanced, ending in `;` or `}`) where a
 * statement goes (after `;`, a brace, a label's or case's `:`, `else`,
 * `do`, or the `)` of `if`/`while`/`for`)? */
static bool stmt_arm(const char *t, const tok_list *tl, const uint8_t *fl, size_t d,
		     const struct arm_info *a)
{
	if (a->first == SIZE_MAX || a->delta != 0 || a->min < 0 ||
	    !(is_p(&tl->v[a->last], ';') || is_p(&tl->v[a->last], '}')))
		return false;
	size_t p = live_before(tl, fl, d);
	if (p == SIZE_MAX)
		return false;
	const struct tok *b = &tl->v[p];
	return is_p(b, ';') || is_p(b, '{') || is_p(b, '}') || is_p(b, ':') ||
	       tok_is(t, b, "else") || tok_is(t, b, "do") ||
	       (is_p(b, ')') && b->mate != UINT32_MAX && b->mate > 0 &&
		(tok_is(t, &tl->v[b->mate - 1], "if") || tok_is(t, &tl->v[b->mate - 1], "while") ||
		 tok_is(t, &tl->v[b->mate - 1], "for")));
}

/* The names in the conditions of the group's #if/#elif lines: added to add,
 * and whether one is in look. */
static bool cond_names(const char *t, const tok_list *tl, const size_t *dir, size_t nd,
		       struct pp_names *add, const struct pp_names *look)
{
	for (size_t m = 0; m + 1 < nd; m++) {
		const struct tok *k = &tl->v[dir[m]];
		if (k->c != 'i' && k->c != 'e')
			continue;
		size_t i = k->a;
		while (i < k->b && (t[i] == '#' || t[i] == ' ' || t[i] == '\t'))
			i++;
		while (i < k->b && is_ident((unsigned char)t[i]))	/* the keyword */
			i++;
		while (i < k->b) {
			if (!is_ident((unsigned char)t[i]) || (t[i] >= '0' && t[i] <= '9')) {
				i++;
				continue;
			}
			size_t w = i;
			while (i < k->b && is_ident((unsigned char)t[i]))
				i++;
			if (i - w == 7 && !memcmp(t + w, "defined", 7))
				continue;
			uint64_t h = hash_bytes(t + w, i - w, 0);
			if (add)
				VEC_PUSH(add->v, h);
			for (size_t j = 0; look && j < look->v.n; j++)
				if (look->v.v[j] == h)
					return true;
		}
	}
	return false;
}

static bool pp_group(char *t, const tok_list *tl, uint8_t *fl, const size_t *dir, size_t nd,
		     struct pp_left *left, struct pp_names *flat, struct pp_decided *dec)
{
	size_t narms = nd - 1;
	struct arm_info arms[PP_MAX_ARMS];
	left->dir[0] = SIZE_MAX;
	for (size_t m = 0; m < narms; m++) {
		arm_scan(t, tl, fl, dir[m] + 1, dir[m + 1], &arms[m]);
		const struct tok *d = &tl->v[dir[m]];
		arms[m].dead = m == 0 && pp_if0(t, d->a, d->b);
	}
	char ctx = tl->v[dir[0]].encl;
	size_t after = live_after(tl, fl, dir[narms]);
	bool next_is_brace = after != SIZE_MAX && is_p(&tl->v[after], '{');
	/* where the grammar reads no directive at all, even a dead arm breaks it */
	bool ok = ctx == 'B' || ctx == 0 || ctx == 'S';
	for (size_t m = 0; m < narms && ok; m++)
		if (!arms[m].dead && !arm_complete(t, tl, &arms[m], ctx, next_is_brace))
			ok = false;
	if (ok && (ctx == 'B' || ctx == 0)) {
		size_t p = live_before(tl, fl, dir[0]);
		size_t nx = live_after(tl, fl, dir[narms]);
		if (p != SIZE_MAX && !(is_p(&tl->v[p], ';') || is_p(&tl->v[p], '{') ||
				       is_p(&tl->v[p], '}') ||
				       (ctx == 'B' && label_colon(t, tl, fl, p, 0) &&
					!cond_names(t, tl, dir, nd, NULL, flat))))
			ok = false;
		/* `struct { ... }` then `#ifdef A / tbl[18] = {...}; / #else ...`:
		 * the arms finish the declaration the '}' is in */
		if (p != SIZE_MAX && is_p(&tl->v[p], '}') && tl->v[p].mate != UINT32_MAX &&
		    !tl->v[tl->v[p].mate].blk)
			ok = false;
		if (nx != SIZE_MAX && tok_is(t, &tl->v[nx], "else"))
			ok = false;
	}
	if (ok) {
		/* readable as it stands: later arms do not count for outer groups */
		size_t first_live = arms[0].dead && narms > 1 ? 1 : 0;
		for (size_t m = 0; m < narms; m++)
			if (m != first_live)
				for (size_t q = dir[m] + 1; q < dir[m + 1]; q++)
					fl[q] |= PPF_SHADOW;
		/* but an `#if 0` arm with unbalanced brackets (dead code that
		 * opens an `if (...) {` the live code closes) is blanked, and
		 * so is one at file scope that starts with no name (`{ [A] = 1,
		 * };`, an old initialiser): no declaration starts that way;
		 * and inside a function any (`#if 0 / if (x) / #endif /
		 * stmt;` leaves the grammar only the head of a statement: the
		 * compiler never sees dead code, so neither does the analysis) */
		if (arms[0].dead && arms[0].first != SIZE_MAX &&
		    (arms[0].min < 0 || arms[0].delta != 0 || ctx == 'B' ||
		     (ctx == 0 && tl->v[arms[0].first].k != K_ID))) {
			for (size_t q = dir[0] + 1; q < dir[1]; q++)
				blank_tok(t, tl, fl, q);
			return true;
		}
		return false;
	}
	cond_names(t, tl, dir, nd, flat, NULL);
	size_t keep = arms[0].dead ? 1 : 0;
	if (narms == 1) {
		/* one truth value per name: an earlier group flattened decided
		 * this one's name against its arm (maestro3's lock under `#ifndef
		 * N` after a label, N decided by an `if` body under `#ifdef N`):
		 * an empty statement in its place */
		bool empty = !arms[0].dead && ctx == 'B' && decided_arm(t, tl, dir, narms, dec) == 1 &&
			     stmt_arm(t, tl, fl, dir[0], &arms[0]);
		if (arms[0].dead || empty)
			for (size_t q = dir[0] + 1; q < dir[1]; q++)
				blank_tok(t, tl, fl, q);
		else
			note_decided(t, tl, dir, narms, 0, dec);
		blank_tok(t, tl, fl, dir[0]);
		blank_tok(t, tl, fl, dir[1]);
		if (empty)
			t[tl->v[dir[0]].a] = ';';
		return true;
	}
	/* all live arms in a row?  Not as the body of if/while/for/else, where
	 * the second arm would fall outside the condition */
	size_t before = live_before(tl, fl, dir[0]);
	bool body = false;
	if (before != SIZE_MAX) {
		const struct tok *b = &tl->v[before];
		body = tok_is(t, b, "else") || tok_is(t, b, "do") ||
		       (is_p(b, ')') && b->mate != UINT32_MAX && b->mate > 0 &&
			(tok_is(t, &tl->v[b->mate - 1], "if") || tok_is(t, &tl->v[b->mate - 1], "while") ||
			 tok_is(t, &tl->v[b->mate - 1], "for") || tok_is(t, &tl->v[b->mate - 1], "switch")));
	}
	if (ctx != 0 && ctx != 'S' && !(ctx == 'B' && body)) {
		int depth = 0, min = 0;
		for (size_t m = keep; m < narms; m++) {
			if (arms[m].first == SIZE_MAX)
				continue;
			if (depth + arms[m].min < min)
				min = depth + arms[m].min;
			depth += arms[m].delta;
		}
		/* each arm but the last must end where another may follow; in an
		 * initialiser an element with no ',' (`{0x0000, f, g}` before
		 * `#else`) gets one in the directive after it, when the group
		 * starts an element (not after `.ioctl =`) */
		bool joins = true, comma[PP_MAX_ARMS + 1] = { false };
		bool elem = before != SIZE_MAX && (is_p(&tl->v[before], '{') ||
						   is_p(&tl->v[before], ','));
		size_t last_live = SIZE_MAX;
		for (size_t m = keep; m < narms; m++)
			if (arms[m].first != SIZE_MAX)
				last_live = m;
		for (size_t m = keep; m < narms && joins; m++) {
			if (arms[m].first == SIZE_MAX || m == last_live)
				continue;
			const struct tok *l = &tl->v[arms[m].last];
			if (ctx == 'B') {
				joins = is_p(l, ';') || is_p(l, '{') || is_p(l, '}') || tok_is(t, l, "else");
			} else if (is_p(l, ',')) {
				joins = true;
			} else {
				size_t nx = m + 1;
				while (arms[nx].first == SIZE_MAX)
					nx++;
				const struct tok *f = &tl->v[arms[nx].first];
				joins = ctx == 'I' && elem &&
					(is_p(f, ',') ||
					 ((is_p(l, '}') || l->k == K_ID || l->k == K_NUM || l->k == K_STR ||
					   is_p(l, ')')) &&
					  (is_p(f, '{') || is_p(f, '.') || is_p(f, '[') || f->k == K_ID ||
					   f->k == K_NUM || f->k == K_STR || is_p(f, '&'))));
				comma[m + 1] = joins && !is_p(f, ',');
			}
		}
		if (joins && depth == arms[keep].delta && min >= arms[keep].min) {
			for (size_t m = 0; m <= narms; m++) {
				blank_tok(t, tl, fl, dir[m]);
				if (comma[m])
					t[tl->v[dir[m]].a] = ',';
			}
			for (size_t m = 0; m < keep; m++)
				for (size_t q = dir[m] + 1; q < dir[m + 1]; q++)
					blank_tok(t, tl, fl, q);
			return true;
		}
	}
	if (ctx == 'B' && !body && pp_prefixes(t, tl, fl, dir, narms, keep, arms))
		return true;
	/* keep one arm: the others must have the same skeleton, or be its tail */
	bool same = true;
	for (size_t m = keep + 1; m < narms; m++)
		if (arms[m].first != SIZE_MAX && (arms[m].skel != arms[keep].skel ||
						  arms[m].nskel != arms[keep].nskel)) {
			same = false;
			size_t tail = pp_tail_arm(t, tl, fl, dir, narms, keep, arms);
			keep = tail != SIZE_MAX ? tail : pp_plain_arms(narms, keep, arms);
			if (keep == SIZE_MAX) {
				if (narms == 2 && ctx == 'B' && !arms[0].dead) {
					memcpy(left->dir, dir, sizeof(left->dir));
					memcpy(left->arm, arms, sizeof(left->arm));
				}
				return false;
			}
			break;
		}
	/* any arm will do: the one an earlier group's name decided */
	int da = same ? decided_arm(t, tl, dir, narms, dec) : -1;
	if (da >= 0 && (size_t)da < narms && arms[da].first != SIZE_MAX && !arms[da].dead)
		keep = (size_t)da;
	note_decided(t, tl, dir, narms, keep, dec);
	keep_arm(t, tl, fl, dir, narms, keep);
	return true;
}

/*
 * Two groups of one function left as written, with the same condition
 * and each arm unbalanced alone but balanced with the same arm of the
 * other (scap's `#ifdef for_each_process_thread / for_each_process_thread(p,
 * t) { / #else / for_each_process(p) { t = p; do { task_lock(p); / #endif`
 * ... `#ifdef for_each_process_thread / } / #else / task_unlock(p); }
 * while_each_thread(p, t); } / #endif`): the compiler takes the same arm
 * in both, and so does the analysis, keeping the arm that holds the jumps
 * and calls that matter when the other holds none (else the first).
 * True when a and b were flattened.
 */
static bool pp_pair(char *t, const tok_list *tl, uint8_t *fl, const struct pp_left *a,
		    const struct pp_left *b)
{
	const struct tok *da = &tl->v[a->dir[0]], *db = &tl->v[b->dir[0]];
	if (da->b - da->a != db->b - db->a || memcmp(t + da->a, t + db->a, da->b - da->a) ||
	    tl->v[a->dir[1]].c != 'l' || tl->v[b->dir[1]].c != 'l')
		return false;
	for (int k = 0; k < 2; k++)
		if (a->arm[k].delta + b->arm[k].delta != 0 || a->arm[k].min < 0 ||
		    b->arm[k].min < -a->arm[k].delta)
			return false;
	/* one function: file scope is never reached in between */
	for (size_t q = a->dir[2]; q < b->dir[0]; q++)
		if (tl->v[q].brace <= 0)
			return false;
	size_t keep;
	if (!a->arm[1].nmatter && !b->arm[1].nmatter)
		keep = 0;
	else if (!a->arm[0].nmatter && !b->arm[0].nmatter)
		keep = 1;
	else
		return false;
	for (const struct pp_left *g = a; g; g = g == a ? b : NULL) {
		for (int m = 0; m < 3; m++)
			blank_tok(t, tl, fl, g->dir[m]);
		for (size_t q = g->dir[1 - keep] + 1; q < g->dir[2 - keep]; q++)
			blank_tok(t, tl, fl, q);
	}
	return true;
}

/*
 * After the pass: the groups inside functions still read as written (no
 * directive blanked) whose `#if` tests only a name the flattened groups
 * decided (pp_decided), with at most an `#else`, keep the arm the compiler
 * would with that decision, as a -D would (norm_decide_conditionals).  A
 * name decided both ways is left alone.  Returns whether any was.
 */
static bool pp_decide_rest(char *t, const tok_list *tl, uint8_t *fl, const struct pp_decided *dec)
{
	bool changed = false;
	VEC(size_t) dirs = {0};
	VEC(size_t) starts = {0};
	for (size_t i = 0; i < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_PP || (fl[i] & PPF_DEAD))
			continue;
		if (k->c == 'i') {
			VEC_PUSH(starts, dirs.n);
			VEC_PUSH(dirs, i);
			continue;
		}
		if (!starts.n || (k->c != 'e' && k->c != 'l' && k->c != 'n'))
			continue;
		VEC_PUSH(dirs, i);
		if (k->c != 'n')
			continue;
		size_t s0 = starts.v[--starts.n];
		const size_t *dir = dirs.v + s0;
		size_t narms = dirs.n - s0 - 1;
		dirs.n = s0;
		uint64_t h;
		int pol = single_name_test(t, &tl->v[dir[0]], &h);
		if (pol < 0 || tl->v[dir[0]].encl != 'B' || narms > 2 ||
		    (narms == 2 && tl->v[dir[1]].c != 'l'))
			continue;
		bool yes = hash_in(dec->yes.v, dec->yes.n, h), no = hash_in(dec->no.v, dec->no.n, h);
		if (yes == no)
			continue;
		keep_arm(t, tl, fl, dir, narms, (pol == 1) == yes ? 0 : 1);	/* arm 1 may not exist */
		changed = true;
	}
	VEC_FREE(dirs);
	VEC_FREE(starts);
	return changed;
}

/* Returns whether anything was rewritten. */
bool norm_fix_conditionals(char *t, const tok_list *tl)
{
	bool changed = false;
	uint8_t *fl = xcalloc(tl->n ? tl->n : 1, 1);
	VEC(size_t) dirs = {0};		/* directive indices of the open groups */
	VEC(size_t) starts = {0};	/* where each open group starts in dirs */
	VEC(struct pp_left) left = {0};	/* groups left as written, to pair */
	struct pp_names flat = {0};
	struct pp_decided dec = {0};
	VEC(size_t) left_level = {0};	/* ... and how deep each was nested */
	for (size_t i = 0; i < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_PP)
			continue;
		if (k->c == 'i') {
			VEC_PUSH(starts, dirs.n);
			VEC_PUSH(dirs, i);
		} else if ((k->c == 'e' || k->c == 'l') && starts.n) {
			VEC_PUSH(dirs, i);
		} else if (k->c == 'n' && starts.n) {
			VEC_PUSH(dirs, i);
			size_t s0 = starts.v[--starts.n];
			size_t nd = dirs.n - s0;
			/* deeper than any real file nests: left as written */
			if (nd - 1 <= PP_MAX_ARMS && starts.n < 64) {
				struct pp_left l;
				changed |= pp_group(t, tl, fl, dirs.v + s0, nd, &l, &flat, &dec);
				/* a pending group nested deeper than this one's
				 * level cannot pair across it */
				while (left.n && left_level.v[left.n - 1] > starts.n) {
					left.n--;
					left_level.n--;
				}
				bool paired = false;
				for (size_t p = left.n; l.dir[0] != SIZE_MAX && p-- > 0 && !paired;) {
					if (left_level.v[p] != starts.n)
						continue;
					paired = pp_pair(t, tl, fl, &left.v[p], &l);
					if (paired) {
						memmove(left.v + p, left.v + p + 1,
							(left.n - p - 1) * sizeof(*left.v));
						memmove(left_level.v + p, left_level.v + p + 1,
							(left_level.n - p - 1) * sizeof(*left_level.v));
						left.n--;
						left_level.n--;
					}
				}
				changed |= paired;
				if (l.dir[0] != SIZE_MAX && !paired) {
					VEC_PUSH(left, l);
					VEC_PUSH(left_level, starts.n);
				}
			}
			dirs.n = s0;
		}
	}
	if (dec.yes.n || dec.no.n)
		changed |= pp_decide_rest(t, tl, fl, &dec);
	VEC_FREE(dirs);
	VEC_FREE(starts);
	VEC_FREE(flat.v);
	VEC_FREE(dec.yes);
	VEC_FREE(dec.no);
	VEC_FREE(left);
	VEC_FREE(left_level);
	free(fl);
	return changed;
}
