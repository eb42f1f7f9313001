// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the token check of locks (src/front/locktok.c): the
 * straight-line stretches it settles, and each shape it must leave to the
 * parse (a way out between acquire and release, a conditional acquire, a
 * release at another depth, a label, a name the walk reads as a release,
 * a hand-over, the lock's own address stored, a control macro, a function
 * of the file with rule calls).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "locktok.h"
#include "macros.h"
#include "rules.h"
#include "util.h"

static int failures;

static void check(bool cond, const char *what)
{
	printf("%s - %s\n", cond ? "ok" : "not ok", what);
	failures += !cond;
}

/* The verdict on `{ body }`, with the control macros of ctl and the names
 * of tainted; the file's functions are free_it and helper_locks. */
static bool settled(const char *body, const struct ctl_macros *ctl, const struct name_set *tainted)
{
	char *t = xasprintf("{%s}", body);
	struct name_set fns = {0};
	name_set_add(&fns, "free_it");
	name_set_add(&fns, "helper_locks");
	const struct locktok_file file = { t, &fns };
	bool ok = locktok_settled(t, 0, strlen(t) - 1, ctl, tainted, &file);
	name_set_release(&fns);
	free(t);
	return ok;
}

int main(void)
{
	struct rule_set rs = {0};
	rules_builtin(&rs);
	rules_set(&rs);

	/* a table with one control macro, as the run builds it */
	struct ctl_macros ctl;
	ctl_macros_init(&ctl);
	struct arena a;
	arena_init(&a);
	ctl_macro_list l = {0};
	const char defs[] = "#define CHK(x) do { if (!(x)) return -1; } while (0)\n"
			    "static inline void zi_lock(struct zi *i)\n{\n\tdown_write(&i->rw);\n}\n"
			    "static inline void zi_unlock(struct zi *i)\n{\n\tup_write(&i->rw);\n}\n"
			    "static inline void zi_lock_both(struct zi *i)\n{\n\tdown_write(&i->rw);"
			    "\n\tmutex_lock(&i->m);\n}\n"
			    "static inline int zi_trylock(struct zi *i)\n{\n\treturn down_write_trylock(&i->rw);"
			    "\n}\n"
			    "static inline int zi_peek(struct zi *i)\n{\n\tint n;\n\tmutex_lock(&i->m);"
			    "\n\tn = i->n;\n\tmutex_unlock(&i->m);\n\treturn n;\n}\n";
	macros_scan(defs, sizeof(defs) - 1, true, &a, &l);
	wrappers_scan(defs, sizeof(defs) - 1, &a, &l);
	ctl_macros_add(&ctl, &l);
	ctl_macros_seal(&ctl);
	struct name_set tainted = {0};
	name_set_add(&tainted, "helper_locks");

	check(settled(" int x; spin_lock(&d->lock); x = d->n; spin_unlock(&d->lock); return x; ",
		      &ctl, &tainted), "a straight stretch is settled");
	check(settled(" mutex_lock(&(d->m)); spin_lock_irqsave(&d->s, f); d->n++;"
		      " spin_unlock_irqrestore(&d->s, f); mutex_unlock(&d->m); ", &ctl, &tainted),
	      "nested locks of two rules, the key without parentheses");
	check(settled(" rcu_read_lock(); p = q; rcu_read_unlock(); ", &ctl, &tainted),
	      "a counter (no object) is settled");
	check(settled(" mutex_lock(&d->m); while (i < 4) { if (a[i]) break; i++; }"
		      " switch (x) { case 1: y = 2; break; default: y = 0; } mutex_unlock(&d->m); ",
		      &ctl, &tainted), "a break and cases of a loop and a switch inside the stretch");
	check(settled(" if (!d) return -1; CHK(d->ok); spin_lock(&d->l); d->n = 0;"
		      " spin_unlock(&d->l); return 0; ", &ctl, &tainted),
	      "a return and a control macro before the stretch");
	check(settled(" retry: spin_lock(&d->l); d->n++; spin_unlock(&d->l); if (x) goto retry;"
		      " switch (c) { case 1: mutex_lock(&d->m); d->n = 0; mutex_unlock(&d->m); break; } ",
		      &ctl, &tainted), "an acquire after a label or a case");
	check(!settled(" x = c ? 0 : spin_lock(&d->l); spin_unlock(&d->l); ", &ctl, &tainted),
	      "an acquire in a conditional expression");
	check(settled(" mutex_lock(&d->m); skb_put(skb, 4); mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a call named like a release, handed nothing the lock hangs off");
	check(settled(" spin_lock_bh(&d->l); if (nla_put_u32(skb, A, d->n)) x = 1;"
		      " usb_autopm_put_interface(d->intf); spin_unlock_bh(&d->l); ", &ctl, &tainted),
	      "a call named like a release, handed other fields of the object");
	check(!settled(" spin_lock(&d->l); if (d->n) return -1; spin_unlock(&d->l); return 0; ",
		       &ctl, &tainted), "a return inside the stretch");
	check(!settled(" spin_lock(&d->l); if (d->n) goto out; spin_unlock(&d->l); out: return 0; ",
		       &ctl, &tainted), "a goto inside the stretch");
	check(!settled(" spin_lock(&d->l); d->n = 1; spin_unlock(&d->l); if (x) goto in;"
		       " spin_lock(&d->l); in: d->n = 2; spin_unlock(&d->l); ", &ctl, &tainted),
	      "a label inside the stretch");
	check(!settled(" while (x) { spin_lock(&d->l); if (d->n) break; spin_unlock(&d->l); } ",
		       &ctl, &tainted), "a break out of the stretch");
	check(settled(" if (spin_trylock(&d->l)) { d->n = 1; spin_unlock(&d->l); } ", &ctl,
		      &tainted), "a trylock whose arm holds the lock and gives it back");
	check(settled(" if (mutex_trylock(&d->m)) { d->n = 1; mutex_unlock(&d->m); } else { d->n = 2; }"
		      " return 0; ", &ctl, &tainted),
	      "... with an else, which runs without it");
	check(!settled(" if (spin_trylock(&d->l)) { d->n = 1; } return 0; ", &ctl, &tainted),
	      "a trylock whose arm keeps the lock");
	check(!settled(" if (spin_trylock(&d->l)) { return 1; } return 0; ", &ctl, &tainted),
	      "a trylock whose arm returns with the lock");
	check(!settled(" if (!spin_trylock(&d->l)) { d->n = 1; } spin_unlock(&d->l); ", &ctl, &tainted),
	      "a failed trylock's arm that does not leave");
	check(!settled(" if (spin_trylock(&d->l) < 0) { d->n = 1; spin_unlock(&d->l); } ", &ctl,
		       &tainted), "a trylock compared");
	check(settled(" if (mutex_lock_interruptible(&d->m)) return -EINTR; mutex_unlock(&d->m); ",
		      &ctl, &tainted), "an interruptible acquire whose failure returns");
	check(settled(" if (!mutex_trylock(&d->m)) return -EBUSY; d->n = 1; mutex_unlock(&d->m); ",
		      &ctl, &tainted), "a trylock whose failure returns");
	check(settled(" ret = mutex_lock_interruptible(&d->m); if (ret) { return ret; } d->n = 1;"
		      " mutex_unlock(&d->m); return 0; ", &ctl, &tainted),
	      "an interruptible acquire's result tested and returned");
	check(settled(" spin_lock(&d->l); if (mutex_lock_killable(&d->m)) goto out; d->n = 1;"
		      " mutex_unlock(&d->m); out: spin_unlock(&d->l); ", &ctl, &tainted),
	      "a killable acquire whose failure jumps to the label that releases the other lock");
	check(!settled(" spin_lock(&d->l); if (mutex_lock_interruptible(&d->m)) return -EINTR;"
		       " mutex_unlock(&d->m); spin_unlock(&d->l); ", &ctl, &tainted),
	      "an interruptible acquire whose failure returns holding another lock");
	check(!settled(" if (mutex_trylock(&d->m)) return -EBUSY; mutex_unlock(&d->m); ", &ctl,
		       &tainted), "a trylock tested the wrong way round");
	check(settled(" if (mutex_lock_interruptible(&d->m)) { d->err = 1; return -EINTR; }"
		      " mutex_unlock(&d->m); ", &ctl, &tainted),
	      "an interruptible acquire whose failure arm does more, then leaves");
	check(settled(" if (mutex_lock_interruptible(&d->m) < 0) return -EINTR; d->n = 1;"
		      " mutex_unlock(&d->m); ", &ctl, &tainted),
	      "an interruptible acquire tested `< 0`");
	check(settled(" if (down_interruptible(&d->s) != 0) { ret = -EINTR; goto out; } d->n = 1;"
		      " up(&d->s); out: return ret; ", &ctl, &tainted),
	      "an interruptible acquire tested `!= 0`, its failure arm jumping");
	check(settled(" ret = mutex_lock_killable(&d->m); if (ret < 0) return ret; d->n = 1;"
		      " mutex_unlock(&d->m); return 0; ", &ctl, &tainted),
	      "a killable acquire's result tested `< 0`");
	check(!settled(" if (mutex_lock_interruptible(&d->m)) { d->err = 1; }"
		       " mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a failure arm that does not leave");
	check(!settled(" if (mutex_lock_interruptible(&d->m)) { if (x) return -EINTR; }"
		       " mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a failure arm that leaves on some paths only");
	check(!settled(" if (mutex_lock_interruptible(&d->m)) { return -EINTR; } else { d->n = 1; }"
		       " mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a failure arm in braces with an else");
	check(!settled(" spin_lock(&d->l); if (mutex_lock_interruptible(&d->m)) { d->err = 1;"
		       " return -EINTR; } mutex_unlock(&d->m); spin_unlock(&d->l); ", &ctl, &tainted),
	      "a failure arm that returns holding another lock");
	check(!settled(" if (mutex_lock_interruptible(&d->m)) { goto out; again: d->n = 1; }"
		       " mutex_unlock(&d->m); out: if (x) goto again; return 0; ", &ctl, &tainted),
	      "a failure arm a label makes live again");
	check(!settled(" if (mutex_lock_interruptible(&d->m) < 1) return -EINTR;"
		       " mutex_unlock(&d->m); ", &ctl, &tainted), "a test other than `< 0`");
	check(!settled(" if (mutex_lock_interruptible(&d->m)) { return -EINTR; }"
		       " if (mutex_trylock(&d->n)) { d->x = 1; } mutex_unlock(&d->m); ", &ctl, &tainted),
	      "two acquires in arms, the second kept");
	check(!settled(" if (x) y = 1; else if (mutex_lock_interruptible(&d->m)) return -1;"
		       " mutex_unlock(&d->m); ", &ctl, &tainted), "an acquire under an else");
	check(!settled(" if (mutex_lock_interruptible(&d->m)) return -EINTR; else d->n = 1;"
		       " mutex_unlock(&d->m); ", &ctl, &tainted), "a failure arm with an else");
	check(!settled(" ret = mutex_lock_interruptible(&d->m); if (other) return ret;"
		       " mutex_unlock(&d->m); ", &ctl, &tainted), "the result stored, another test");
	check(!settled(" if (x) spin_lock(&d->l); spin_unlock(&d->l); ", &ctl, &tainted),
	      "an acquire under a test without braces");
	check(!settled(" mutex_lock(&d->m); if (x) { mutex_unlock(&d->m); } ", &ctl, &tainted),
	      "a release at another depth");
	check(!settled(" spin_lock(&a->l); spin_unlock(&b->l); ", &ctl, &tainted),
	      "a release of another object");
	check(!settled(" spin_lock(&d->l); spin_lock(&d->l); spin_unlock(&d->l); spin_unlock(&d->l); ",
		       &ctl, &tainted), "the same lock taken twice");
	check(!settled(" spin_unlock(&d->l); spin_lock(&d->l); ", &ctl, &tainted),
	      "a release of the caller's lock");
	check(!settled(" mutex_lock(&d->m); CHK(d->ok); mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a control macro inside the stretch");
	check(settled(" mutex_lock(&d->m); while (x) { mutex_unlock(&d->m); probe(x); "
		      "mutex_lock(&d->m); x = x->next; } mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a lock dropped and taken again inside a loop");
	check(settled(" spin_lock_irq(d->l); if (a) { spin_unlock_irq(d->l); b = f(a);"
		      " spin_lock_irq(d->l); } spin_unlock_irq(d->l); ", &ctl, &tainted),
	      "a lock dropped and taken again inside a branch");
	check(!settled(" mutex_lock(&d->m); while (x) { mutex_unlock(&d->m); probe(x); "
		       "mutex_lock(&e->m); } mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a lock dropped, another one taken");
	check(!settled(" mutex_lock(&d->m); while (x) { mutex_unlock(&d->m); if (probe(x)) "
		       "return -1; mutex_lock(&d->m); } mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a lock dropped, a return before it is taken again");
	check(!settled(" mutex_lock(&d->m); while (x) { mutex_unlock(&d->m); helper_locks(x); "
		       "mutex_lock(&d->m); } mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a lock dropped, a function that takes part called before it is taken again");
	check(!settled(" mutex_lock(&d->m); while (x) { mutex_unlock(&d->m); probe(x); "
		       "if (!mutex_trylock(&d->m)) break; } mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a lock dropped, taken again only maybe");
	check(!settled(" mutex_lock(&d->m); while (x) { mutex_unlock(&d->m); probe(x); } "
		       "mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a lock dropped inside a loop and not taken again");
	check(settled(" zi_lock(inode); n = inode->n; zi_unlock(inode); return n; ", &ctl, &tainted),
	      "a header's lock wrapper and its unlock wrapper, as the calls they make");
	check(settled(" zi_lock(d->inode); d->n++; up_write(&d->inode->rw); ", &ctl, &tainted),
	      "a lock wrapper released by the rule's own call on the same object");
	check(settled(" zi_lock_both(d); d->n++; mutex_unlock(&d->m); up_write(&d->rw); ", &ctl,
		      &tainted), "a wrapper that takes two locks, both released");
	check(!settled(" zi_lock(inode); if (inode->n) return -1; zi_unlock(inode); ", &ctl,
		       &tainted), "a lock wrapper, then a return before its release");
	check(!settled(" zi_lock(inode); zi_unlock(other); ", &ctl, &tainted),
	      "a lock wrapper released on another object");
	check(!settled(" down_write(&d->rw); zi_lock(d); zi_unlock(d); up_write(&d->rw); ", &ctl,
		       &tainted), "a lock wrapper taking a lock already held");
	check(!settled(" if (!zi_trylock(d)) return -1; zi_unlock(d); ", &ctl, &tainted),
	      "a conditional lock wrapper");
	check(!settled(" zi_lock(d), x = 1; zi_unlock(d); ", &ctl, &tainted),
	      "a lock wrapper's call that is not a statement of its own");
	check(settled(" n = zi_peek(d); if (zi_peek(e) > n) return 1; return zi_peek(f); ", &ctl,
		      &tainted), "a wrapper that gives back what it takes, inside expressions");
	check(settled(" spin_lock(&d->l); n = zi_peek(d); spin_unlock(&d->l); ", &ctl, &tainted),
	      "... while another lock is held");
	check(!settled(" mutex_lock(&d->m); n = zi_peek(d); mutex_unlock(&d->m); ", &ctl, &tainted),
	      "... taking a lock already held");
	check(!settled(" x = zi_lock(d); zi_unlock(d); ", &ctl, &tainted),
	      "a wrapper that keeps its lock, inside an expression");
	check(!settled(" n = d->zi_peek(d); m = d.zi_peek(d); ", &ctl, &tainted),
	      "a field's function named like a wrapper");
	check(settled(" spin_lock(&d->l); d->zi_lock = 1; n = zi_lock + d->zi_peek; spin_unlock(&d->l); ",
		      &ctl, &tainted), "a field or a variable named like a wrapper, not called");
	check(!settled(" mutex_lock(&d->m); foo_put(d); mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a call the walk reads as a release");
	check(!settled(" mutex_lock(&d->m); foo_release(x, (&d->m)); mutex_unlock(&d->m); ", &ctl,
		       &tainted), "a call named like a release, handed the lock itself");
	check(!settled(" mutex_lock(&d->m); kref_put(&d->ref, free_it); mutex_unlock(&d->m); ", &ctl,
		       &tainted), "a call named like a release, handed a field and a callback");
	check(!settled(" mutex_lock(&d->m); other_unlock(x); mutex_unlock(&d->m); ", &ctl,
		       &tainted), "a call named to unlock, whatever it is handed");
	check(!settled(" mutex_lock(&d->m); o->dev = d; mutex_unlock(&d->m); ", &ctl, &tainted),
	      "the locked object handed on");
	check(!settled(" spin_lock_bh(&d->l); d->t.data = (unsigned long) d; spin_unlock_bh(&d->l); ",
		       &ctl, &tainted), "the locked object handed on through a cast");
	check(!settled(" mutex_lock(&d->m); q->lock = &d->m; mutex_unlock(&d->m); ", &ctl, &tainted),
	      "the held lock's own address stored");
	check(!settled(" mutex_lock(&d->m); q->lock = (struct mutex *)&d->m; mutex_unlock(&d->m); ",
		       &ctl, &tainted), "the held lock's own address stored through a cast");
	check(settled(" mutex_lock(&d->m); q->buf = &d->buf[0]; p = &d->m == x; mutex_unlock(&d->m); ",
		      &ctl, &tainted), "another field's address stored, the lock's compared");
	check(!settled(" spin_lock(&d->l); d = d->next; spin_unlock(&d->l); ", &ctl, &tainted),
	      "the lock's root assigned: the same text names another object");
	check(settled(" spin_lock(&d->l); d->n = 1; x->d = 0; if (d == e) y = 1; spin_unlock(&d->l); ",
		      &ctl, &tainted), "a field of the root assigned, the root compared");
	check(!settled(" mutex_lock(&d->m); helper_locks(d); mutex_unlock(&d->m); ", &ctl,
		       &tainted), "a call of a function of the file with rule calls");
	check(!settled(" user_access_begin(p, n); user_access_end(); ", &ctl, &tainted),
	      "a window is no plain lock");
	check(settled(" spin_lock(&d->l);\n#ifdef X\n d->n = 1;\n#else\n d->n = 2;\n#endif\n"
		      " spin_unlock(&d->l); ", &ctl, &tainted),
	      "a conditional group whose arms do nothing to the lock");
	check(settled("\n#if defined(A) && \\\n    B /* two\n lines */\n x = 1;\n#endif\n"
		      " spin_lock(&d->l); d->n = 1; spin_unlock(&d->l); ", &ctl, &tainted),
	      "a directive continued on the next line, and a comment across lines");
	check(!settled(" spin_lock(&d->l);\n#define Y 1\n d->n = Y;\n spin_unlock(&d->l); ", &ctl,
		       &tainted), "a #define inside the body");
	check(!settled("\n#ifdef X\n spin_lock(&d->l);\n#else\n mutex_lock(&d->m);\n#endif\n"
		       " spin_unlock(&d->l); ", &ctl, &tainted), "a lock call inside an arm");
	check(!settled(" spin_lock(&d->l);\n#ifdef X\n if (d->n)\n#endif\n"
		       " spin_unlock(&d->l); ", &ctl, &tainted),
	      "an arm that makes the release conditional");
	check(!settled(" spin_lock(&d->l);\n#ifdef X\n if (d->n) return -1;\n#endif\n"
		       " spin_unlock(&d->l); ", &ctl, &tainted), "a return inside an arm");
	check(!settled(" spin_lock(&d->l);\n#ifdef X\n if (d->n) {\n#else\n {\n#endif\n"
		       " d->n = 0; } spin_unlock(&d->l); ", &ctl, &tainted), "a block opened in arms");
	check(!settled(" spin_lock(&d->l); f(a,\n#ifdef X\n b);\n#else\n c);\n#endif\n"
		       " spin_unlock(&d->l); ", &ctl, &tainted), "a directive inside parentheses");
	check(!settled(" spin_lock(&d->l);\n#ifdef X\n d->n = 1;\n spin_unlock(&d->l); ", &ctl,
		       &tainted), "a group not closed in the body");
	check(!settled(" spin_lock(&d->l);\n#endif\n spin_unlock(&d->l); ", &ctl, &tainted),
	      "an #endif without its group");
	check(settled(" /* spin_lock(&d->l) held */ d->n = 1; ", &ctl, &tainted),
	      "a body whose only lock call is in a comment takes no part");
	check(!settled(" d->n = 1; f(mutex_unlock); ", &ctl, &tainted),
	      "a rule's name not called (a callback) is left to the parse");
	check(!settled(" mutex_lock(&helper_locks(d)->m); mutex_unlock(&helper_locks(d)->m); ",
		       &ctl, &tainted), "a function of the file with rule calls in a lock's argument");
	check(settled(" mutex_lock(&to_dev(d)->m); mutex_unlock(&to_dev(d)->m); ", &ctl, &tainted),
	      "a plain call in a lock's argument");

	/* jumps to a label that releases, and releases before a return */
	check(settled(" mutex_lock(&d->m); if (d->n) { ret = -EINVAL; goto out_unlock; } d->n = 1;"
		      " out_unlock: mutex_unlock(&d->m); return ret; ", &ctl, &tainted),
	      "a goto to the label that releases, the path falling into it holding the same");
	check(settled(" mutex_lock(&d->m); if (d->n) { mutex_unlock(&d->m); return -EBUSY; }"
		      " d->n = 1; mutex_unlock(&d->m); return 0; ", &ctl, &tainted),
	      "a release and a return in an if's block");
	check(settled(" spin_lock(&d->l); if (!d->p) goto err; d->n = 1; spin_unlock(&d->l);"
		      " return 0; err: spin_unlock(&d->l); return -1; ", &ctl, &tainted),
	      "a label after a return, reached only by a jump holding the lock");
	check(settled(" mutex_lock(&d->m); if (x) { mutex_unlock(&d->m); goto out; }"
		      " mutex_unlock(&d->m); out: return 0; ", &ctl, &tainted),
	      "a release and a goto to a label reached with nothing held");
	check(!settled(" mutex_lock(&d->m); if (x) goto out; mutex_unlock(&d->m); return 0;"
		       " out: return -1; ", &ctl, &tainted),
	      "a goto to a label that returns without the release");
	check(!settled(" again: mutex_lock(&d->m); if (x) goto again; mutex_unlock(&d->m); ", &ctl,
		       &tainted), "a goto back to a label before the acquire, holding it");
	check(!settled(" mutex_lock(&a->m); spin_lock(&d->l); if (x) { spin_unlock(&d->l); return -1; }"
		       " spin_unlock(&d->l); mutex_unlock(&a->m); ", &ctl, &tainted),
	      "a return that releases only one of the locks held");
	check(!settled(" spin_lock(&d->l); if (x) goto out; spin_unlock(&d->l); if (y) goto out;"
		       " return 0; out: spin_unlock(&d->l); return -1; ", &ctl, &tainted),
	      "two jumps to one label, one holding the lock and one not");
	check(!settled(" switch (c) { case 1: spin_lock(&d->l); goto out; case 2: spin_unlock(&d->l);"
		       " break; } out: ; ", &ctl, &tainted),
	      "a case after a jump that left with that case's lock");
	check(settled(" mutex_lock(&d->m); if (x) { mutex_unlock(&d->m); kfree(p); ret = -1; return ret; }"
		      " mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a release under a test, plain statements, then the return");
	check(!settled(" mutex_lock(&d->m); if (x) { mutex_unlock(&d->m); if (y) return -1; d->n = 0; }"
		       " mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a release under a test and a return under another");
	check(!settled(" mutex_lock(&d->m); if (x) { mutex_unlock(&d->m); helper_locks(d); return -1; }"
		       " mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a release under a test, then a function that takes part, then the return");
	check(!settled(" mutex_lock(&d->m); if (x) { mutex_unlock(&d->m); CHK(d); return -1; }"
		       " mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a release under a test, then a control macro, then the return");
	check(!settled(" mutex_lock(&d->m); while (x) { if (y) { mutex_unlock(&d->m); break; } }"
		       " mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a release under a test, then a break");
	check(settled(" for (i = 0; i < n; i++) { mutex_lock(&d->m); if (!d->p[i]) {"
		      " mutex_unlock(&d->m); continue; } d->p[i]->n = 1; mutex_unlock(&d->m); } ",
		      &ctl, &tainted),
	      "a lock taken in the loop, released before a continue");
	check(settled(" while (x) { spin_lock(&d->l); if (d->stop) { spin_unlock(&d->l); break; }"
		      " d->n++; spin_unlock(&d->l); } return 0; ", &ctl, &tainted),
	      "a lock taken in the loop, released before a break");
	check(!settled(" while (x) { spin_lock(&d->l); switch (d->k) { case 1: spin_unlock(&d->l);"
		       " break; } spin_unlock(&d->l); } ", &ctl, &tainted),
	      "a break that leaves a switch, not the loop");
	check(!settled(" while (x) { spin_lock(&d->l); for (i = 0; i < n; i++) if (d->p[i]) {"
		       " spin_unlock(&d->l); break; } spin_unlock(&d->l); } ", &ctl, &tainted),
	      "a break out of a loop without braces inside the loop");
	check(!settled(" spin_lock(&d->l); while (x) { spin_lock(&d->m); if (y) {"
		       " spin_unlock(&d->m); spin_unlock(&d->l); continue; } spin_unlock(&d->m); }"
		       " spin_unlock(&d->l); ", &ctl, &tainted),
	      "a continue releasing a lock taken before the loop");
	check(settled(" mutex_lock(&d->m); if (d->n) { d->n = 0; mutex_unlock(&d->m); f(d); }"
		      " else { mutex_unlock(&d->m); g(d); } return 0; ", &ctl, &tainted),
	      "a lock released in both arms of an if");
	check(settled(" spin_lock(&d->l); if (!d->k) { spin_unlock(&d->l); n = 1; } else"
		      " spin_unlock(&d->l); ", &ctl, &tainted),
	      "a lock released in a block and in an else without braces");
	check(!settled(" mutex_lock(&d->m); if (d->n) { mutex_unlock(&d->m); } else { g(d); } ",
		       &ctl, &tainted),
	      "a lock released in one arm only");
	check(!settled(" mutex_lock(&d->m); if (a) { h(d); } else if (d->n) { mutex_unlock(&d->m); }"
		       " else { mutex_unlock(&d->m); } ", &ctl, &tainted),
	      "an else-if that releases, after an arm that does not");
	check(!settled(" mutex_lock(&d->m); if (d->n) { spin_lock(&d->l); mutex_unlock(&d->m); }"
		       " else { mutex_unlock(&d->m); } if (x) { spin_unlock(&d->l); } ", &ctl, &tainted),
	      "an arm that takes another lock and keeps it");
	check(!settled(" mutex_lock(&d->m); if (d->n) { mutex_unlock(&d->m); } else {"
		       " mutex_unlock(&d->m); mutex_unlock(&d->m); } ", &ctl, &tainted),
	      "an else arm that releases twice");
	check(!settled(" mutex_lock(&d->m); if (d->n) { mutex_unlock(&d->m); } else {"
		       " dev_unlock(d); mutex_unlock(&d->m); } ", &ctl, &tainted),
	      "an arm that calls what may release the lock too");
	check(!settled(" mutex_lock(&d->m); if (x) { mutex_unlock(&d->m); return helper_locks(d); }"
		       " mutex_unlock(&d->m); ", &ctl, &tainted),
	      "a release and a return of a call that takes part");

	name_set_release(&tainted);
	ctl_macros_release(&ctl);
	VEC_FREE(l);
	arena_release(&a);
	rules_set(NULL);
	rules_release(&rs);
	return failures ? 1 : 0;
}
