// SPDX-License-Identifier: GPL-2.0
/*
 * Body elision (elide.h).  One pass of a small lexer finds the top-level
 * function bodies: a `{` at brace and parenthesis depth 0 right after a
 * `)`, up to its matching `}` (comments, literals and preprocessor lines
 * skipped).  A top-level `{` after anything else (an initialiser, a
 * struct, an enum) is never a body and is never blanked.  Brackets that do
 * not balance (a conditional group that opens a brace in each arm) make
 * the whole file be parsed as it is.
 *
 * What is kept is decided the way check_pairs.c decides what it runs: a
 * body is needed when its function names a rule call (the same
 * rules_relevant() over the same bytes and more) or the body mentions a
 * name the relevance pass asked about (a registration of an extern
 * handler, a definition whose summary is wanted), and then every body of
 * the file that mentions the name of a kept function, to a fixpoint (its
 * callers are analysed for the summaries it gives them; a body that stores
 * it into an ops table or passes it to a registration makes it an entry
 * point).  Mentions are names, not calls, so the closure over-approximates.
 */
#include "elide.h"

#include <string.h>

#include "lexer.h"
#include "locktok.h"
#include "relevance.h"
#include "rules.h"
#include "util.h"

static inline bool name_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static inline bool name_char(unsigned char c)
{
	return name_start(c) || (c >= '0' && c <= '9');
}

/*
 * If text[i] starts a comment, a literal or (at the start of a line) a
 * preprocessor line, the offset just past it; else i.  A preprocessor line
 * ends at a newline that no backslash continues and no comment spans.  A
 * backslash escapes any byte here, in line comments too (`// a \` then a
 * newline continues the comment, as in C).
 */
static size_t skip_trivia(const char *t, size_t n, size_t i, bool bol)
{
	char c = t[i];
	if (lex_comment_at(t, n, i))
		return lex_comment(t, n, i, LEX_ESC_ANY);
	if (c == '"' || c == '\'')
		return lex_quoted(t, n, i, 0);
	if (c == '#' && bol)
		return lex_line_end(t, n, i, LEX_ESC_ANY | LEX_BLOCK_COMMENTS | LEX_LINE_COMMENTS);
	return i;
}

/* Words that can stand before a parenthesis in a function's head without
 * being its name: the name is then looked for among all the head's words. */
static bool not_a_name(const char *s, size_t len)
{
	static const char *const words[] = {
		"__attribute__", "__attribute", "__declspec", "asm", "__asm__", "__asm",
		"typeof", "__typeof__", "__typeof", "_Alignas", "alignas", "void", "int",
		"char", "long", "short", "unsigned", "signed", "float", "double", "bool",
		"_Bool", "struct", "union", "enum", "const", "volatile", "static", "inline",
		"extern", "register", "__inline", "__inline__", "__extension__",
	};
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (strlen(words[i]) == len && !memcmp(words[i], s, len))
			return true;
	return false;
}

#define MAX_HEAD_NAMES 4

struct span {
	size_t at, len;
};

struct body {
	size_t head;		/* where the definition's text begins (after the last top-level ; or }) */
	size_t open, close;	/* its braces */
	/* the words of the head that stand before a parenthesis at depth 0
	 * (the function's name among them); nnames 0, or more than fit:
	 * every word of the head counts */
	struct span names[MAX_HEAD_NAMES];
	unsigned nnames;
	bool keep;
};

typedef VEC(struct body) body_list;

/* Does t[i, n) (just after a '{') start with a designator, `.f` or `[`?
 * Then the braces hold an initialiser, not statements: `define_machine(x)
 * { .probe = f, };` before the rewrite that spells it as one
 * (normalize_late()). */
static bool designated(const char *t, size_t n, size_t i)
{
	bool bol = false;
	for (;;) {
		while (i < n && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) {
			bol |= t[i] == '\n';
			i++;
		}
		size_t j = i < n ? skip_trivia(t, n, i, bol) : i;
		if (j == i || t[i] == '"' || t[i] == '\'')
			break;
		i = j;
	}
	return i < n && (t[i] == '[' || (t[i] == '.' && i + 1 < n && name_start((unsigned char)t[i + 1])));
}

/* The top-level function bodies of t; false when the brackets do not
 * balance (then nothing is left out). */
static bool find_bodies(const char *t, size_t n, body_list *out)
{
	long brace = 0, paren = 0;
	struct body b = {0};
	size_t word = 0, wlen = 0;	/* the last token, when it is a word */
	bool after_paren = false, in_body = false, bol = true;
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)t[i];
		if (c == '\n') {
			bol = true;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
			continue;
		}
		size_t j = skip_trivia(t, n, i, bol);
		bol = false;
		if (j != i) {
			/* a literal is a token; a comment or directive is not */
			if (c == '"' || c == '\'') {
				wlen = 0;
				after_paren = false;
			}
			i = j;
			continue;
		}
		if (name_char(c)) {
			j = i + 1;
			while (j < n && name_char((unsigned char)t[j]))
				j++;
			word = i;
			wlen = name_start(c) ? j - i : 0;
			after_paren = false;
			i = j;
			continue;
		}
		i++;
		if (c == '{') {
			if (!brace && !paren && after_paren && !designated(t, n, i)) {
				in_body = true;
				b.open = i - 1;
			}
			brace++;
		} else if (c == '}') {
			if (--brace < 0)
				return false;
			if (!brace) {
				if (in_body) {
					b.close = i - 1;
					VEC_PUSH(*out, b);
				}
				in_body = false;
				b = (struct body){ .head = i };
			}
		} else if (brace) {
			/* inside a body or an initialiser: only braces count */
		} else if (c == '(') {
			if (!paren && wlen && !not_a_name(t + word, wlen)) {
				if (b.nnames < MAX_HEAD_NAMES)
					b.names[b.nnames] = (struct span){ word, wlen };
				b.nnames++;
			}
			paren++;
		} else if (c == ')') {
			if (--paren < 0)
				return false;
		} else if (c == ';' && !paren) {
			b = (struct body){ .head = i };
		}
		after_paren = c == ')';
		wlen = 0;
	}
	return !brace && !paren && !in_body;
}

/* The next name (not a digit-led run) in t[*i, to): its offset, its length
 * in *len, *i past it; or `to` when there is none. */
static size_t next_name(const char *t, size_t *i, size_t to, size_t *len)
{
	while (*i < to) {
		size_t a = *i;
		if (!name_char((unsigned char)t[a])) {
			(*i)++;
			continue;
		}
		size_t j = a + 1;
		while (j < to && name_char((unsigned char)t[j]))
			j++;
		*i = j;
		if (name_start((unsigned char)t[a])) {
			*len = j - a;
			return a;
		}
	}
	return to;
}

/* Put every name in t[from, to) into s (all: not those not_a_name()). */
static void add_words(struct name_set *s, const char *t, size_t from, size_t to, bool all)
{
	size_t len;
	for (size_t i = from, a; (a = next_name(t, &i, to, &len)) < to;)
		if (all || !not_a_name(t + a, len))
			name_set_put(s, scan_name_hash(t + a, len));
}

/* Put the names a kept body's function can be mentioned by into s: the
 * words before its head's parentheses, or every word of its head when
 * there is none or more than were kept. */
static void add_names(struct name_set *s, const char *t, const struct body *b)
{
	if (b->nnames && b->nnames <= MAX_HEAD_NAMES) {
		for (unsigned k = 0; k < b->nnames; k++)
			name_set_put(s, scan_name_hash(t + b->names[k].at, b->names[k].len));
		return;
	}
	add_words(s, t, b->head, b->open, false);
}

/* Does t[from, to) mention a name of s? */
static bool mentions(const struct name_set *s, const char *t, size_t from, size_t to)
{
	size_t len;
	for (size_t i = from, a; (a = next_name(t, &i, to, &len)) < to;)
		if (name_set_has(s, scan_name_hash(t + a, len)))
			return true;
	return false;
}

/* Is a name of b's head among s?  (Every word when its names did not fit.) */
static bool named_in(const struct name_set *s, const char *t, const struct body *b)
{
	if (!b->nnames || b->nnames > MAX_HEAD_NAMES)
		return mentions(s, t, b->head, b->open);
	for (unsigned k = 0; k < b->nnames; k++)
		if (name_set_has(s, scan_name_hash(t + b->names[k].at, b->names[k].len)))
			return true;
	return false;
}

/*
 * The hashes of the names of raw[head, close) of every body, in order,
 * read once: the fixpoints below ask each body "do you mention one of
 * these?" round after round (on linux-6.1, 4.4 times the text a run),
 * and the names of the bodies left out are those of raw[open, close).
 */
struct body_words {
	uint32_t *h;		/* every body's names, one after another */
	size_t *at;		/* body i's are h[at[i], at[i + 1]) */
	size_t *in;		/* of which those inside its braces from h[in[i]] */
};

static void words_read(const char *raw, const body_list *bodies, struct body_words *w)
{
	size_t cap = 256, n = 0;
	w->h = xmalloc(cap * sizeof(uint32_t));
	w->at = xmalloc((bodies->n + 1) * sizeof(size_t));
	w->in = xmalloc((bodies->n + 1) * sizeof(size_t));
	for (size_t i = 0; i < bodies->n; i++) {
		const struct body *b = &bodies->v[i];
		w->at[i] = n;
		/* the head, then from the brace on (no name crosses a brace) */
		size_t len, to = b->open;
		for (size_t k = b->head, a;;) {
			if ((a = next_name(raw, &k, to, &len)) >= to) {
				if (to == b->close)
					break;
				w->in[i] = n;
				k = b->open;
				to = b->close;
				continue;
			}
			if (n == cap) {
				cap *= 2;
				w->h = xrealloc(w->h, cap * sizeof(uint32_t));
			}
			w->h[n++] = scan_name_hash(raw + a, len);
		}
	}
	w->at[bodies->n] = n;
}

/* w, read now if it was not yet (w zeroed at first) */
static const struct body_words *words_of(struct body_words *w, const char *raw,
					 const body_list *bodies)
{
	if (!w->at)
		words_read(raw, bodies, w);
	return w;
}

static void words_release(struct body_words *w)
{
	free(w->h);
	free(w->at);
	free(w->in);
}

/* Does body i mention a name of s (mentions() over raw[head, close))? */
static bool body_mentions(const struct name_set *s, const struct body_words *w, size_t i)
{
	const struct scan names = { .nhash = (uint32_t)(w->at[i + 1] - w->at[i]),
				    .hash = w->h + w->at[i] };
	return name_set_any(s, &names);
}

/*
 * Keep the bodies of the inline functions that kept bodies call, to a
 * fixpoint: uaccess-call reads a helper inlined into a user access window
 * as part of the window (its calls, its size).  Returns how many more
 * bodies are kept.
 */
static size_t keep_inline_callees(const char *raw, const char *text, body_list *bodies,
				  struct name_set *kept)
{
	struct name_set called = {0};
	for (size_t i = 0; i < bodies->n; i++)
		if (bodies->v[i].keep)
			add_words(&called, text, bodies->v[i].open, bodies->v[i].close, true);
	size_t more = 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t i = 0; i < bodies->n; i++) {
			struct body *b = &bodies->v[i];
			if (b->keep || !memmem(raw + b->head, b->open - b->head, "inline", 6) ||
			    !named_in(&called, text, b))
				continue;
			b->keep = true;
			add_names(kept, text, b);
			add_words(&called, text, b->open, b->close, true);
			changed = true;
			more++;
		}
	}
	name_set_release(&called);
	return more;
}

/* Blank t[from, to) but for newlines and preprocessor lines. */
static size_t blank(char *t, size_t from, size_t to)
{
	size_t done = 0;
	bool bol = false;
	for (size_t i = from; i < to;) {
		char c = t[i];
		if (c == '\n') {
			bol = true;
			i++;
			continue;
		}
		if (c == '#' && bol) {
			i = skip_trivia(t, to, i, true);
			continue;
		}
		if (c != ' ' && c != '\t')
			bol = false;
		if (c != '/' && c != '"' && c != '\'') {
			/* (what skip_trivia() would step over one byte at a time) */
			done += c != ' ';
			t[i++] = ' ';
			continue;
		}
		size_t j = skip_trivia(t, to, i, false);
		if (j == i)
			j = i + 1;
		for (; i < j; i++) {
			if (t[i] != '\n') {
				done += t[i] != ' ';
				t[i] = ' ';
			}
		}
	}
	return done;
}

/*
 * The objects of the top-level declarations in t[from, to) whose
 * initialisers mention a kept name (`static const struct rtc_class_ops
 * toy_ops = { .ioctl = toy_ioctl };`): their names are kept too, so that a
 * body registering the object (`rtc->ops = &toy_ops;`, the general rule of
 * kernel/entry.def) is kept with the handler.  The name is the last word
 * before the first `=` at depth 0.  True when one was new.
 */
static bool add_objects(struct name_set *kept, const char *t, size_t from, size_t to)
{
	bool added = false;
	long depth = 0;
	size_t last = 0, lastlen = 0, eq = 0;
	bool bol = true, have_eq = false;
	for (size_t i = from; i < to;) {
		unsigned char c = (unsigned char)t[i];
		size_t j = skip_trivia(t, to, i, bol);
		if (c != ' ' && c != '\t')
			bol = c == '\n';
		if (j != i) {
			i = j;
			continue;
		}
		if (name_start(c) && depth == 0 && !have_eq) {
			j = i + 1;
			while (j < to && name_char((unsigned char)t[j]))
				j++;
			last = i;
			lastlen = j - i;
			i = j;
			continue;
		}
		if (c == '{' || c == '(' || c == '[') {
			depth++;
		} else if (c == '}' || c == ')' || c == ']') {
			depth -= depth > 0;
		} else if (c == '=' && depth == 0 && !have_eq && lastlen) {
			have_eq = true;
			eq = i;
		} else if (c == ';' && depth == 0) {
			if (have_eq && mentions(kept, t, eq, i)) {
				uint32_t h = scan_name_hash(t + last, lastlen);
				if (!name_set_has(kept, h)) {
					name_set_put(kept, h);
					added = true;
				}
			}
			have_eq = false;
			lastlen = 0;
		}
		i++;
	}
	return added;
}

/*
 * The names of the bodies that take part in the rules (seed[i]), and of
 * the bodies that mention one of them, to a fixpoint (their summaries
 * would reach a body that names them).  False when it does not settle in
 * a few rounds.
 */
static bool rule_names(const struct body_words *w, const char *text, const body_list *bodies,
		       const bool *seed, struct name_set *out)
{
	bool *in = xcalloc(bodies->n ? bodies->n : 1, sizeof(bool));
	for (size_t i = 0; i < bodies->n; i++)
		if (seed[i]) {
			in[i] = true;
			add_names(out, text, &bodies->v[i]);
		}
	bool changed = out->n != 0;
	int round = 0;
	for (; changed && round < 32; round++) {
		changed = false;
		for (size_t i = 0; i < bodies->n; i++) {
			const struct body *b = &bodies->v[i];
			if (in[i] || !body_mentions(out, w, i))
				continue;
			in[i] = true;
			add_names(out, text, b);
			changed = true;
		}
	}
	free(in);
	return !changed;
}

/*
 * Which bodies the token check settles (locktok.h): settled[i]; how many.
 * A body that calls a function of the file taking part in the rules is
 * not settled, but a settled one takes no part: its summary is empty, and
 * calling it changes nothing the walk could report.  So the bodies are
 * judged again with the names of those still unsettled (and of the bodies
 * naming a lock wrapper, and their callers), a few rounds: each round's
 * names are a superset of the next's, so a body settled against them is
 * settled against what is left.
 */
static size_t settle(const char *raw, struct body_words *words, const char *text,
		     const body_list *bodies, const unsigned *rel, const bool *wrapped,
		     const struct ctl_macros *ctl, bool *settled)
{
	bool lock = false;
	for (size_t i = 0; i < bodies->n; i++)
		lock |= rel[i] == RULES_LOCK || wrapped[i];
	if (!lock)
		return 0;
	const struct body_words *w = words_of(words, raw, bodies);
	bool *seed = xcalloc(bodies->n, sizeof(bool));
	/* the file's functions: one handed to a call named like a release
	 * may be a callback that releases (locktok_settled()) */
	struct name_set fns = {0};
	for (size_t i = 0; i < bodies->n; i++)
		add_names(&fns, text, &bodies->v[i]);
	const struct locktok_file file = { raw, &fns };
	size_t n = 0;
	for (int round = 0; round < 4; round++) {
		for (size_t i = 0; i < bodies->n; i++)
			seed[i] = (wrapped[i] || rel[i]) && !settled[i];
		struct name_set tainted = {0};
		size_t before = n;
		if (rule_names(w, text, bodies, seed, &tainted)) {
			for (size_t i = 0; i < bodies->n; i++) {
				const struct body *b = &bodies->v[i];
				/* (a lock wrapper's call is a lock call: locktok.h) */
				if (settled[i] || (rel[i] != RULES_LOCK && (rel[i] || !wrapped[i])))
					continue;
				settled[i] = locktok_settled(text, b->open, b->close, ctl, &tainted, &file);
				n += settled[i];
			}
		}
		name_set_release(&tainted);
		if (n == before)
			break;
	}
	name_set_release(&fns);
	free(seed);
	return n;
}

size_t elide_settled(const char *raw, const char *text, size_t len,
		     const struct ctl_macros *ctl, uint32_t **opens)
{
	*opens = NULL;
	body_list bodies = {0};
	if (!find_bodies(text, len, &bodies) || !bodies.n) {
		VEC_FREE(bodies);
		return 0;
	}
	unsigned *rel = xcalloc(bodies.n, sizeof(unsigned));
	bool *settled = xcalloc(bodies.n, sizeof(bool));
	bool *wrapped = xcalloc(bodies.n, sizeof(bool));
	for (size_t i = 0; i < bodies.n; i++) {
		rel[i] = rules_relevant(text, bodies.v[i].head, bodies.v[i].close + 1);
		/* (a body that names a rule call takes part already) */
		wrapped[i] = !rel[i] && ctl &&
			     locktok_wrapped(text, bodies.v[i].open, bodies.v[i].close, ctl);
	}
	struct body_words words = {0};
	size_t n = settle(raw, &words, text, &bodies, rel, wrapped, ctl, settled);
	words_release(&words);
	if (n) {
		*opens = xmalloc(n * sizeof(uint32_t));
		for (size_t i = 0, k = 0; i < bodies.n; i++)
			if (settled[i])
				(*opens)[k++] = (uint32_t)bodies.v[i].open;
	}
	free(rel);
	free(settled);
	free(wrapped);
	VEC_FREE(bodies);
	return n;
}

void elide_bodies(const char *raw, char *text, size_t len, const struct name_set *asked,
		  const struct ctl_macros *ctl, bool wrappers, bool tokens, struct elision *e)
{
	memset(e, 0, sizeof(*e));
	body_list bodies = {0};
	if (!find_bodies(text, len, &bodies) || !bodies.n) {
		VEC_FREE(bodies);
		return;
	}
	struct name_set kept = {0};
	size_t left = 0;
	bool windows = false;	/* a body names a rule other than a lock's */
	unsigned *rel = xcalloc(bodies.n, sizeof(unsigned));
	bool *settled = xcalloc(bodies.n, sizeof(bool));
	/* a body naming a header's lock wrapper takes part as one naming a
	 * lock call does (kept unless the tokens settle it) */
	bool *wrapped = xcalloc(bodies.n, sizeof(bool));
	for (size_t i = 0; i < bodies.n; i++) {
		const struct body *b = &bodies.v[i];
		rel[i] = rules_relevant(text, b->head, b->close + 1);
		/* (a body that names a rule call takes part already: whether
		 * it also names a wrapper changes nothing) */
		wrapped[i] = !rel[i] && wrappers && ctl && locktok_wrapped(text, b->open, b->close, ctl);
		e->rule_bodies += rel[i] != 0;
		/* a rule call outside every body found (a macro's definition, a
		 * head not read as one): the file is not settled from bodies */
		size_t from = i ? bodies.v[i - 1].close + 1 : 0;
		e->rules_outside |= from < b->head && rules_relevant(text, from, b->head) != 0;
	}
	e->rules_outside |= bodies.v[bodies.n - 1].close + 1 < len &&
			    rules_relevant(text, bodies.v[bodies.n - 1].close + 1, len) != 0;
	struct body_words words = {0};
	size_t nsettled = tokens ? settle(raw, &words, text, &bodies, rel, wrapped, ctl, settled) : 0;
	for (size_t i = 0; i < bodies.n; i++) {
		struct body *b = &bodies.v[i];
		windows |= (rel[i] & RULES_OTHER) != 0;
		b->keep = ((rel[i] != 0 || wrapped[i]) && !settled[i]) ||
			  (asked && asked->n && body_mentions(asked, words_of(&words, raw, &bodies), i));
		if (b->keep)
			add_names(&kept, text, b);
		else
			left++;
	}
	/* the names the kept bodies mention: a settled body they call is
	 * kept (its summary, empty as it is, tells them what it returns) */
	struct name_set called = {0};
	for (size_t i = 0; nsettled && i < bodies.n; i++)
		if (bodies.v[i].keep)
			add_words(&called, text, bodies.v[i].open, bodies.v[i].close, true);
	/* the bodies that mention a kept function, to a fixpoint; a file that
	 * has not settled after many rounds keeps everything */
	bool changed = (kept.n || called.n) && left;
	for (int round = 0; changed; round++) {
		changed = false;
		for (size_t i = 0; i < bodies.n; i++) {
			struct body *b = &bodies.v[i];
			if (b->keep || (round < 32 && !body_mentions(&kept, words_of(&words, raw, &bodies), i) &&
					!(settled[i] && named_in(&called, text, b))))
				continue;
			b->keep = true;
			add_names(&kept, text, b);
			if (nsettled)
				add_words(&called, text, b->open, b->close, true);
			changed = true;
			left--;
		}
		/* the objects whose initialisers name a kept function */
		for (size_t i = 0; i <= bodies.n && left && round < 32; i++) {
			size_t from = i ? bodies.v[i - 1].close + 1 : 0;
			size_t to = i < bodies.n ? bodies.v[i].head : len;
			if (from < to && add_objects(&kept, raw, from, to))
				changed = true;
		}
	}
	name_set_release(&called);
	if (windows && left)
		left -= keep_inline_callees(raw, text, &bodies, &kept);
	/* the text as it was, for a parse that has to be done whole after all */
	if (left) {
		e->orig = xmalloc(len + 1);
		memcpy(e->orig, text, len + 1);
	}
	struct name_set gone = {0};
	for (size_t i = 0; i < bodies.n; i++) {
		const struct body *b = &bodies.v[i];
		VEC_PUSH(e->all, ((struct elided_body){ (uint32_t)b->head, (uint32_t)b->open,
							 (uint32_t)b->close, b->keep }));
		e->kept += b->keep;
		e->settled += settled[i] && !b->keep;
		if (!b->keep) {
			const struct body_words *w = words_of(&words, raw, &bodies);
			for (size_t k = w->in[i]; k < w->at[i + 1]; k++)
				name_set_put(&gone, w->h[k]);
			e->bytes += blank(text, b->open + 1, b->close);
			e->bodies++;
		}
	}
	e->names = kept;
	e->gone = xmalloc((gone.n ? gone.n : 1) * sizeof(uint32_t));
	for (size_t i = 0; i < gone.cap; i++)
		if (gone.slot[i])
			e->gone[e->ngone++] = gone.slot[i];
	name_set_release(&gone);
	words_release(&words);
	free(rel);
	free(settled);
	free(wrapped);
	VEC_FREE(bodies);
}

void elide_bodies_except(char *text, size_t len, const uint32_t *spans, size_t nspans,
			 struct elision *e)
{
	memset(e, 0, sizeof(*e));
	body_list bodies = {0};
	if (!find_bodies(text, len, &bodies) || !bodies.n) {
		VEC_FREE(bodies);
		return;
	}
	size_t left = 0;
	for (size_t i = 0; i < bodies.n; i++) {
		struct body *b = &bodies.v[i];
		for (size_t k = 0; k < nspans && !b->keep; k++)
			b->keep = b->open >= spans[2 * k] && b->open < spans[2 * k + 1];
		left += !b->keep;
	}
	if (left) {
		e->orig = xmalloc(len + 1);
		memcpy(e->orig, text, len + 1);
	}
	for (size_t i = 0; i < bodies.n; i++) {
		const struct body *b = &bodies.v[i];
		VEC_PUSH(e->all, ((struct elided_body){ (uint32_t)b->head, (uint32_t)b->open,
							 (uint32_t)b->close, b->keep }));
		if (!b->keep) {
			e->bytes += blank(text, b->open + 1, b->close);
			e->bodies++;
		}
	}
	VEC_FREE(bodies);
}

int elision_body(const struct elision *e, uint32_t open, uint32_t close)
{
	size_t lo = 0, hi = e->all.n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (e->all.v[mid].open < open)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == e->all.n || e->all.v[lo].open != open || e->all.v[lo].close + 1 != close)
		return -1;
	return e->all.v[lo].keep;
}

bool elision_named(const struct elision *e, const char *name)
{
	return name_set_has(&e->names, scan_name_hash(name, strlen(name)));
}

uint32_t *elision_take_gone(struct elision *e, uint32_t *n)
{
	uint32_t *g = e->gone;
	*n = e->ngone;
	e->gone = NULL;
	e->ngone = 0;
	return g;
}

void elision_release(struct elision *e)
{
	free(e->orig);
	free(e->gone);
	VEC_FREE(e->all);
	name_set_release(&e->names);
	memset(e, 0, sizeof(*e));
}
