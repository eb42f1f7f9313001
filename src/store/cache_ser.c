// SPDX-License-Identifier: GPL-2.0
/*
 * The binary form of one file's results and facts in the cache (cache.h:
 * ser_file, deser_file).  Private to one build of the analyzer (the key
 * holds a hash of the executable), so it has no version of its own; the
 * reader still checks every length against the blob and rejects what
 * does not fit, and a rejected blob only means the file is analysed again.
 */
#include "cache.h"

#include <stdlib.h>
#include <string.h>

#include "cache_ser.h"
#include "check_pairs.h"

static void w_pos(struct strbuf *b, struct pos p)
{
	w_u32(b, p.line);
	w_u32(b, p.col);
	w_u32(b, p.col_cp);
	w_u32(b, p.off);
}

static struct pos r_pos(struct rd *r)
{
	struct pos p;
	p.line = r_u32(r);
	p.col = r_u32(r);
	p.col_cp = r_u32(r);
	p.off = r_u32(r);
	return p;
}

static void w_finding(struct strbuf *b, const struct finding *f)
{
	w_u32(b, (uint32_t)f->id);
	w_pos(b, f->at);
	w_str(b, f->msg);
	w_str(b, f->func);
	w_u32(b, (uint32_t)f->steps.n);
	for (size_t i = 0; i < f->steps.n; i++) {
		w_pos(b, f->steps.v[i].at);
		w_str(b, f->steps.v[i].msg);
		w_str(b, f->steps.v[i].file);
	}
	w_str(b, f->cause);
	w_u32(b, (uint32_t)f->also.n);
	for (size_t i = 0; i < f->also.n; i++) {
		w_u32(b, (uint32_t)f->also.v[i].id);
		w_u8(b, (uint8_t)f->also.v[i].kind);
		w_pos(b, f->also.v[i].at);
		w_str(b, f->also.v[i].msg);
		w_str(b, f->also.v[i].file);
		w_str(b, f->also.v[i].func);
	}
	w_str(b, f->fingerprint);
	w_str(b, f->justification);
}

/* Reads a finding; its justification (borrowed elsewhere) is returned
 * apart, malloc'd, for the caller to point at the suppression that has it. */
static void r_finding(struct rd *r, struct finding *f, char **just)
{
	memset(f, 0, sizeof(*f));
	uint32_t id = r_u32(r);
	if (id >= C__COUNT)
		r->bad = true;
	f->id = (enum check_id)(id < C__COUNT ? id : 0);
	f->at = r_pos(r);
	f->msg = r_str(r);
	f->func = r_str(r);
	uint32_t ns = r_count(r, 24);
	for (uint32_t i = 0; i < ns && !r->bad; i++) {
		struct step s;
		s.at = r_pos(r);
		s.msg = r_str(r);
		s.file = r_str(r);
		VEC_PUSH(f->steps, s);
	}
	f->cause = r_str(r);
	uint32_t na = r_count(r, 28);
	for (uint32_t i = 0; i < na && !r->bad; i++) {
		struct related a;
		uint32_t aid = r_u32(r);
		if (aid >= C__COUNT)
			r->bad = true;
		a.id = (enum check_id)(aid < C__COUNT ? aid : 0);
		uint8_t kind = r_u8(r);
		a.kind = kind == REL_SOURCE ? REL_SOURCE : kind == REL_RETURN ? REL_RETURN : REL_CALLER;
		a.at = r_pos(r);
		a.msg = r_str(r);
		a.file = r_str(r);
		a.func = r_str(r);
		VEC_PUSH(f->also, a);
	}
	char *fp = r_str(r);
	if (fp) {
		snprintf(f->fingerprint, sizeof(f->fingerprint), "%s", fp);
		free(fp);
	}
	*just = r_str(r);
}

static void w_findings(struct strbuf *b, const struct findings *fs)
{
	w_u32(b, (uint32_t)fs->v.n);
	for (size_t i = 0; i < fs->v.n; i++)
		w_finding(b, &fs->v.v[i]);
}

static void r_findings(struct rd *r, struct findings *fs, suppression_list *supps)
{
	uint32_t n = r_count(r, 40);
	for (uint32_t i = 0; i < n && !r->bad; i++) {
		struct finding f;
		char *just;
		r_finding(r, &f, &just);
		if (!f.msg)	/* only a pair candidate waits for its message */
			r->bad = true;
		if (just) {
			for (size_t k = 0; k < supps->n && !f.justification; k++)
				if (supps->v[k].reason && !strcmp(supps->v[k].reason, just))
					f.justification = supps->v[k].reason;
			free(just);
		}
		VEC_PUSH(fs->v, f);
	}
}

static void w_result(struct strbuf *b, const struct file_result *r)
{
	w_str(b, r->error);
	w_u8(b, r->refused);
	w_str(b, r->warning);
	w_u64(b, r->bytes);
	w_u64(b, r->error_bytes);
	w_u64(b, r->functions);
	w_u64(b, r->fn_parse_errors);
	w_u64(b, r->fn_skipped);
	w_u64(b, r->fn_analysed);
	w_u64(b, r->fn_budget);
	w_u64(b, r->fn_time);
	uint64_t secs;
	memcpy(&secs, &r->seconds, 8);
	w_u64(b, secs);
	w_u64(b, r->suppressed);
	w_u64(b, r->raw_hash);
	w_u8(b, r->unparsed);
	w_u8(b, r->elided);
	w_u64(b, r->elided_bodies);
	w_u8(b, r->scan_flags);
	w_u8(b, r->scan_known);
	w_u32(b, (uint32_t)r->supps.n);
	for (size_t i = 0; i < r->supps.n; i++) {
		const struct suppression *s = &r->supps.v[i];
		w_pos(b, s->at);
		w_u32(b, s->first);
		w_u32(b, s->last);
		w_u32(b, s->ids);
		w_u32(b, s->used);
		w_u8(b, s->all);
		w_str(b, s->reason);
	}
	w_u32(b, (uint32_t)r->notes.n);
	for (size_t i = 0; i < r->notes.n; i++) {
		w_pos(b, r->notes.v[i].at);
		w_str(b, r->notes.v[i].msg);
	}
	w_u32(b, (uint32_t)r->partial.n);
	for (size_t i = 0; i < r->partial.n; i++) {
		w_str(b, r->partial.v[i].func);
		w_u32(b, r->partial.v[i].line);
		w_str(b, r->partial.v[i].why);
		w_u8(b, r->partial.v[i].analysed);
	}
	w_findings(b, &r->findings);
	w_findings(b, &r->silenced);
}

static void r_result(struct rd *rd, struct file_result *r)
{
	r->error = r_str(rd);
	r->refused = r_u8(rd);
	r->warning = r_str(rd);
	r->bytes = r_u64(rd);
	r->error_bytes = r_u64(rd);
	r->functions = r_u64(rd);
	r->fn_parse_errors = r_u64(rd);
	r->fn_skipped = r_u64(rd);
	r->fn_analysed = r_u64(rd);
	r->fn_budget = r_u64(rd);
	r->fn_time = r_u64(rd);
	uint64_t secs = r_u64(rd);
	memcpy(&r->seconds, &secs, 8);
	r->suppressed = r_u64(rd);
	r->raw_hash = r_u64(rd);
	r->unparsed = r_u8(rd);
	r->elided = r_u8(rd);
	r->elided_bodies = r_u64(rd);
	r->scan_flags = r_u8(rd);
	r->scan_known = r_u8(rd);
	uint32_t n = r_count(rd, 37);
	for (uint32_t i = 0; i < n && !rd->bad; i++) {
		struct suppression s = {0};
		s.at = r_pos(rd);
		s.first = r_u32(rd);
		s.last = r_u32(rd);
		s.ids = r_u32(rd);
		s.used = r_u32(rd);
		s.all = r_u8(rd) != 0;
		s.reason = r_str(rd);
		VEC_PUSH(r->supps, s);
	}
	n = r_count(rd, 20);
	for (uint32_t i = 0; i < n && !rd->bad; i++) {
		struct tool_note t;
		t.at = r_pos(rd);
		t.msg = r_str(rd);
		if (!t.msg)
			t.msg = xstrdup("");
		VEC_PUSH(r->notes, t);
	}
	n = r_count(rd, 13);
	for (uint32_t i = 0; i < n && !rd->bad; i++) {
		struct partial p;
		p.func = r_str(rd);
		p.line = r_u32(rd);
		p.why = r_str(rd);
		p.analysed = r_u8(rd) != 0;
		if (!p.func)
			p.func = xstrdup("");
		if (!p.why)
			p.why = xstrdup("");
		VEC_PUSH(r->partial, p);
	}
	r_findings(rd, &r->findings, &r->supps);
	r_findings(rd, &r->silenced, &r->supps);
}

void w_macros(struct strbuf *b, const struct ctl_macro *v, size_t n)
{
	w_u32(b, (uint32_t)n);
	for (size_t i = 0; i < n; i++) {
		w_str(b, v[i].name);
		w_str(b, v[i].arg);
		w_u8(b, v[i].kind);
		w_u8(b, v[i].param);
		w_str(b, v[i].test);
		w_u8(b, v[i].tparam);
	}
}

void r_macros(struct rd *rd, struct arena *a, ctl_macro_list *out)
{
	uint32_t n = r_count(rd, 15);
	for (uint32_t i = 0; i < n && !rd->bad; i++) {
		struct ctl_macro m = {0};
		m.name = r_str_in(rd, a);
		m.arg = r_str_in(rd, a);
		m.kind = r_u8(rd);
		m.param = r_u8(rd);
		m.test = r_str_in(rd, a);
		m.tparam = r_u8(rd);
		if (!m.name)
			rd->bad = true;
		VEC_PUSH(*out, m);
	}
}

/* One item of a function's pair summary (the whole-tree pass reads them). */
static void w_pair_fx(struct strbuf *b, const struct pair_fx *x)
{
	w_u32(b, x->rule);
	w_u8(b, x->acq);
	w_u8(b, x->kind);
	w_u8(b, x->close);
	w_str(b, x->key);
	w_pos(b, x->open_at);
	w_pos(b, x->exit_at);
}

static void r_pair_fx(struct rd *rd, struct arena *a, struct pair_fx *x)
{
	x->rule = (uint16_t)r_u32(rd);
	x->acq = r_u8(rd);
	x->kind = r_u8(rd);
	x->close = r_u8(rd) != 0;
	x->key = r_str_in(rd, a);
	x->open_at = r_pos(rd);
	x->exit_at = r_pos(rd);
}

static void w_facts(struct strbuf *b, const struct file_facts *ff)
{
	w_u32(b, (uint32_t)ff->fns.n);
	for (size_t i = 0; i < ff->fns.n; i++) {
		const struct fn_fact *f = &ff->fns.v[i];
		w_str(b, f->name);
		w_u32(b, f->start);
		w_u32(b, f->end);
		w_u32(b, f->line);
		w_u8(b, (uint8_t)(f->is_static | f->is_inline << 1 | f->direct << 2 |
				  f->unanalysable << 3 | f->noreturn << 4 | f->always_inline << 5 |
				  f->px_known << 6 | f->asmlinkage << 7));
		w_u8(b, (uint8_t)f->exported);
		w_u8(b, f->nparams);
		w_u32(b, f->sinks);
		w_u32(b, f->usinks);
		w_str(b, f->tail);
		w_str(b, f->sink_callee);
		w_u32(b, f->sink_line);
		w_u32(b, f->sink_col);
		w_u32(b, f->sink_col_cp);
		w_u32(b, f->pair_closes);
		w_u32(b, f->pair_partial);
		w_u8(b, f->px_rets);
		w_u8(b, f->npx);
		for (uint8_t k = 0; k < f->npx; k++)
			w_pair_fx(b, &f->px[k]);
		w_u32(b, f->ncalls);
		for (uint32_t k = 0; k < f->ncalls; k++) {
			const struct call_fact *c = &f->calls[k];
			w_str(b, c->callee);
			w_u32(b, c->off);
			w_u8(b, c->nargs);
			w_u8(b, (uint8_t)(c->fop | (c->argmask != NULL) << 1 | c->foreign << 2 | c->kmode << 3));
			if (c->argmask)	/* facts keep masks for the first 64 arguments */
				strbuf_add(b, c->argmask, (size_t)(c->nargs < 64 ? c->nargs : 64) * 4);
		}
	}
	w_u32(b, (uint32_t)ff->binds.n);
	for (size_t i = 0; i < ff->binds.n; i++) {
		w_str(b, ff->binds.v[i].field);
		w_str(b, ff->binds.v[i].fn);
	}
	w_u32(b, (uint32_t)ff->regs.v.n);
	for (size_t i = 0; i < ff->regs.v.n; i++) {
		w_str(b, ff->regs.v.v[i].name);
		w_str(b, ff->regs.v.v[i].why);
	}
	w_macros(b, ff->macros.v, ff->macros.n);
	w_u32(b, (uint32_t)ff->pairs.n);
	for (size_t i = 0; i < ff->pairs.n; i++) {
		const struct pair_cand *c = &ff->pairs.v[i];
		w_u32(b, c->fn);
		w_u32(b, c->rule);
		w_u8(b, c->need);
		w_finding(b, &c->f);
		w_str(b, c->held);
		w_str(b, c->callee);
	}
	w_u32(b, (uint32_t)ff->ufollow.n);
	for (size_t i = 0; i < ff->ufollow.n; i++)
		w_str(b, ff->ufollow.v[i]);
	w_u32(b, (uint32_t)ff->kds_remote.n);
	for (size_t i = 0; i < ff->kds_remote.n; i++) {
		const struct kds_remote *k = &ff->kds_remote.v[i];
		w_str(b, k->name);
		w_u8(b, k->arg);
		w_str(b, k->handler);
		w_str(b, k->field);
		w_pos(b, k->field_at);
		w_pos(b, k->call_at);
	}
}

static void r_facts(struct rd *rd, struct file_facts *ff)
{
	struct arena *a = &ff->arena;
	uint32_t n = r_count(rd, 40);
	for (uint32_t i = 0; i < n && !rd->bad; i++) {
		struct fn_fact f = {0};
		f.name = r_str_in(rd, a);
		f.start = r_u32(rd);
		f.end = r_u32(rd);
		f.line = r_u32(rd);
		uint8_t bits = r_u8(rd);
		f.is_static = bits & 1;
		f.is_inline = bits >> 1 & 1;
		f.direct = bits >> 2 & 1;
		f.unanalysable = bits >> 3 & 1;
		f.noreturn = bits >> 4 & 1;
		f.always_inline = bits >> 5 & 1;
		f.px_known = bits >> 6 & 1;
		f.asmlinkage = bits >> 7 & 1;
		f.exported = r_u8(rd) & 1;
		f.nparams = r_u8(rd);
		f.sinks = r_u32(rd);
		f.usinks = r_u32(rd);
		f.tail = r_str_in(rd, a);
		f.sink_callee = r_str_in(rd, a);
		f.sink_line = r_u32(rd);
		f.sink_col = r_u32(rd);
		f.sink_col_cp = r_u32(rd);
		f.pair_closes = r_u32(rd);
		f.pair_partial = r_u32(rd);
		f.px_rets = r_u8(rd);
		f.npx = r_u8(rd);
		f.px = f.npx ? arena_alloc(a, f.npx * sizeof(struct pair_fx)) : NULL;
		for (uint8_t k = 0; k < f.npx && !rd->bad; k++)
			r_pair_fx(rd, a, &f.px[k]);
		f.ncalls = r_count(rd, 10);
		f.calls = arena_alloc(a, (f.ncalls ? f.ncalls : 1) * sizeof(struct call_fact));
		for (uint32_t k = 0; k < f.ncalls && !rd->bad; k++) {
			struct call_fact *c = &f.calls[k];
			c->callee = r_str_in(rd, a);
			c->off = r_u32(rd);
			c->nargs = r_u8(rd);
			uint8_t cb = r_u8(rd);
			c->fop = cb & 1;
			c->foreign = (cb & 4) != 0;
			c->kmode = (cb & 8) != 0;
			if (cb & 2) {
				size_t m = c->nargs < 64 ? c->nargs : 64;
				c->argmask = arena_alloc(a, (m ? m : 1) * 4);
				r_take(rd, c->argmask, m * 4);
			}
			if (!c->callee)
				rd->bad = true;
		}
		if (!f.name)
			rd->bad = true;
		VEC_PUSH(ff->fns, f);
	}
	n = r_count(rd, 8);
	for (uint32_t i = 0; i < n && !rd->bad; i++) {
		struct binding bd;
		bd.field = r_str_in(rd, a);
		bd.fn = r_str_in(rd, a);
		if (!bd.field || !bd.fn)
			rd->bad = true;
		VEC_PUSH(ff->binds, bd);
	}
	n = r_count(rd, 8);
	for (uint32_t i = 0; i < n && !rd->bad; i++) {
		char *name = r_str(rd);
		const char *why = r_str_in(rd, a);
		if (name && why)
			entries_add(&ff->regs, name, strlen(name), why);
		else
			rd->bad = true;
		free(name);
	}
	r_macros(rd, a, &ff->macros);
	n = r_count(rd, 49);
	for (uint32_t i = 0; i < n && !rd->bad; i++) {
		struct pair_cand c = {0};
		c.fn = r_u32(rd);
		c.rule = (uint16_t)r_u32(rd);
		c.need = r_u8(rd);
		char *just;
		r_finding(rd, &c.f, &just);
		free(just);
		c.held = r_str(rd);
		c.callee = r_str(rd);
		if (c.fn >= ff->fns.n || (c.need == PC_OUTLINE && !c.callee))
			rd->bad = true;
		VEC_PUSH(ff->pairs, c);
	}
	n = r_count(rd, 4);
	for (uint32_t i = 0; i < n && !rd->bad; i++) {
		const char *f = r_str_in(rd, a);
		if (!f)
			rd->bad = true;
		else
			VEC_PUSH(ff->ufollow, f);
	}
	n = r_count(rd, 8);
	for (uint32_t i = 0; i < n && !rd->bad; i++) {
		struct kds_remote k = { .name = r_str_in(rd, a) };
		k.arg = r_u8(rd);
		k.handler = r_str_in(rd, a);
		k.field = r_str_in(rd, a);
		k.field_at = r_pos(rd);
		k.call_at = r_pos(rd);
		if (!k.name || !k.handler || !k.field)
			rd->bad = true;
		else
			VEC_PUSH(ff->kds_remote, k);
	}
}

void ser_file(struct strbuf *out, const struct file_result *r, const struct file_facts *ff)
{
	w_result(out, r);
	w_u8(out, ff != NULL);
	if (ff)
		w_facts(out, ff);
	if (ff && (r->unparsed || r->elided)) {
		/* a file row keeps an unparsed file's names: a later run need
		 * not read the file again to know them (a run row does not);
		 * for a file parsed with bodies left out, those bodies' names */
		w_u32(out, r->nscan_hash);
		for (uint32_t i = 0; i < r->nscan_hash; i++)
			w_u32(out, r->scan_hash[i]);
	}
}

bool deser_file(const void *p, size_t n, struct file_result *r, struct file_facts *ff)
{
	struct rd rd = { p, (const unsigned char *)p + n, false };
	r_result(&rd, r);
	bool has = r_u8(&rd);
	arena_init(&ff->arena);
	if (has)
		r_facts(&rd, ff);
	if (has && (r->unparsed || r->elided) && !rd.bad) {
		r->nscan_hash = r_count(&rd, 4);
		r->scan_hash = xmalloc((r->nscan_hash ? r->nscan_hash : 1) * sizeof(uint32_t));
		for (uint32_t i = 0; i < r->nscan_hash; i++)
			r->scan_hash[i] = r_u32(&rd);
	}
	if (rd.p != rd.end)
		rd.bad = true;
	return !rd.bad;
}
