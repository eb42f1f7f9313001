// SPDX-License-Identifier: GPL-2.0
/*
 * The oracle's driver.  For every entry point of the case (described by
 * the harness run.sh generated), it enumerates argument vectors (ordinary
 * values, user buffers, and a pointer into the kernel arena) and, for
 * each, every fault schedule of at most ORACLE_FAULTS failures among the
 * first ORACLE_CALLS fallible calls, found by running: a run reports the
 * calls it made, and each of them is failed in turn in a new run.  Every
 * run is a fresh process.  One summary line per entry point on stdout:
 *
 *   entry NAME runs=N leak=0|1 caught=0|1 missed=0|1 kptr=0|1 kptr_any=0|1 oops=N oops_raised=0|1 capped=0|1 errors=N
 *   witness NAME ...      first run whose return to user mode had the limit raised
 *   kwitness NAME ...     first run that touched the kernel arena through a user
 *                         pointer with the limit raised
 *   error NAME ...        first run that crashed the model itself
 *
 * leak: the limit was raised when the task returned to user mode;
 * caught: a return-to-user check fired on such a run; missed: such a run
 * reached user mode with no check firing.  kptr: a uaccess routine touched
 * the kernel arena's victim region through the pointer user space passed,
 * while the limit was raised; kptr_any: the region was touched at all
 * (also by an unchecked __get_user() under USER_DS, say).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#ifndef ORACLE_FORM
#define ORACLE_FORM 1
#endif

struct opts {
	int faults;		/* failures per schedule */
	int calls;		/* only the first calls of a run are failed */
	long max_runs;		/* per entry point */
	long max_combos;	/* argument vectors per entry point */
	unsigned int timeout;	/* seconds per run */
	const char *only;	/* drive this entry point only */
};
static struct opts opts = { 2, 32, 50000, 4096, 5, NULL };

#define MAX_DOMAIN 32
struct domain {
	struct oracle_val v[MAX_DOMAIN];
	int n;
};

struct tally {
	long runs;
	int leak, caught, missed, kptr, kptr_any, oops_raised, capped;
	long oops, errors;
	char witness[768];
	char kwitness[768];
	char error[768];
};

struct ctx {
	const struct oracle_entry *e;
	char classes[8];
	int nargs;
	struct oracle_val vals[6];
	struct oracle_schedule sched;
	struct oracle_result *shared;
	struct tally t;
};

static void dom_add(struct domain *d, int kind, unsigned long v, int str)
{
	for (int i = 0; i < d->n; i++)
		if (d->v[i].kind == kind && d->v[i].v == v && d->v[i].str == str)
			return;
	if (d->n < MAX_DOMAIN) {
		d->v[d->n].kind = kind;
		d->v[d->n].v = v;
		d->v[d->n].str = str;
		d->n++;
	}
}

static void build_domain(char cls, struct domain *d)
{
	const struct oracle_case *c = &oracle_case;

	d->n = 0;
	switch (cls) {
	case 'i':
		dom_add(d, OV_INT, 0, 0);
		dom_add(d, OV_INT, 1, 0);
		dom_add(d, OV_INT, 64, 0);
		for (int i = 0; i < c->nvalues; i++)
			dom_add(d, OV_INT, c->values[i], 0);
		break;
	case 'c':
		dom_add(d, OV_INT, 0, 0);
		for (int i = 0; i < c->nvalues; i++)
			dom_add(d, OV_INT, c->values[i], 0);
		if (!c->nvalues)
			dom_add(d, OV_INT, 1, 0);
		break;
	case 'p':
	case 'a':
		for (int i = 0; i < c->nstrings; i++)
			dom_add(d, OV_USER, 0, i);
		dom_add(d, OV_VICTIM, 0, 0);
		dom_add(d, OV_INT, 0, 0);
		if (cls == 'a')
			dom_add(d, OV_INT, 1, 0);
		break;
	case 'n':
		dom_add(d, OV_INT, 0, 0);
		dom_add(d, OV_INT, 64, 0);
		for (int i = 0; i < c->nstrings; i++)
			dom_add(d, OV_INT, c->string_lens[i], 0);
		break;
	case 's':
		for (int i = 0; i < c->nstrings; i++)
			dom_add(d, OV_USER, 0, i);
		break;
	case 'o':
		dom_add(d, OV_INT, 0, 0);
		dom_add(d, OV_INT, 64, 0);
		break;
	case 'w':
		dom_add(d, OV_INT, 0, 0);
		dom_add(d, OV_INT, 1, 0);
		dom_add(d, OV_INT, 2, 0);
		break;
	}
}

static const char *param_name(const struct oracle_entry *e, char cls, int i, char *buf, size_t len)
{
	if (cls == 'p' && (e->route == OR_READ || e->route == OR_WRITE))
		return "buf";
	switch (cls) {
	case 'c': return "cmd";
	case 'a': return "arg";
	case 'n': return "count";
	case 's': return "input";
	case 'o': return "offset";
	case 'w': return "whence";
	}
	snprintf(buf, len, "arg%d", i + 1);
	return buf;
}

static size_t quote(char *out, size_t len, const char *s, size_t slen)
{
	const char *end = s + slen;
	size_t o = 0;

	if (o < len)
		out[o++] = '"';
	for (; s < end && o + 5 < len; s++) {
		if (*s == '\n')
			o += (size_t)snprintf(out + o, len - o, "\\n");
		else if (*s == '"' || *s == '\\')
			o += (size_t)snprintf(out + o, len - o, "\\%c", *s);
		else if ((unsigned char)*s < 32)
			o += (size_t)snprintf(out + o, len - o, "\\x%02x", (unsigned char)*s);
		else
			out[o++] = *s;
	}
	if (o < len)
		out[o++] = '"';
	if (o < len)
		out[o] = 0;
	return o;
}

/* "cmd=0x4e02 arg=user:\"1\\n\"; fail call 2 (file read: -EIO); ..." */
static void describe(const struct ctx *x, const struct oracle_result *r, char *out, size_t len)
{
	size_t o = 0;
	char nb[16];

#define PUT(...) do { if (o < len) o += (size_t)snprintf(out + o, len - o, __VA_ARGS__); } while (0)
	PUT("%s", x->nargs ? "" : "no arguments");
	for (int i = 0; i < x->nargs; i++) {
		const struct oracle_val *v = &x->vals[i];

		PUT("%s%s=", i ? " " : "", param_name(x->e, x->classes[i], i, nb, sizeof(nb)));
		if (v->kind == OV_USER) {
			PUT("user:");
			if (o < len)
				o += quote(out + o, len - o, oracle_case.strings[v->str],
					   oracle_case.string_lens[v->str]);
		} else if (v->kind == OV_VICTIM) {
			PUT("kernel-arena-pointer");
		} else if (v->v > 4096 && v->v < 0xffffffffUL) {
			PUT("%#lx", v->v);
		} else {
			PUT("%ld", (long)v->v);
		}
	}
	if (!x->sched.n)
		PUT("; no fault injected");
	for (int i = 0; i < x->sched.n; i++) {
		int at = x->sched.f[i].at;
		int site = at <= ORACLE_MAX_CALLS ? r->site[at - 1] : -1;

		PUT("%s call %d (%s: %s)", i ? "," : "; failing", at,
		    site >= 0 ? oracle_site_name[site] : "?", oracle_mode_name(site, x->sched.f[i].mode));
	}
	switch (r->end) {
	case OE_VIOLATION:
		PUT("; %s check fired: %s", r->check == OC_WRAPPER ? "syscall-wrapper" : "exit-path", r->where);
		break;
	case OE_RETURNED:
		PUT("; returned %ld to user mode", r->ret);
		break;
	default:
		PUT("; task ended: %s", r->where);
		break;
	}
#undef PUT
}

static void child(void *arg)
{
	struct ctx *x = arg;

	oracle_model_run(x->e, x->vals, x->nargs, &x->sched, x->shared);
}

/* One run: returns its record in r, or -1 if the model itself crashed. */
static int run_one(struct ctx *x, struct oracle_result *r)
{
	char why[128];

	memset(x->shared, 0, sizeof(*x->shared));
	x->t.runs++;
	if (oracle_os_run_child(child, x, opts.timeout, why, sizeof(why))) {
		if (!x->t.errors++) {
			memset(r, 0, sizeof(*r));
			snprintf(r->where, sizeof(r->where), "the run crashed: %.100s", why);
			r->end = OE_OOPS;
			describe(x, r, x->t.error, sizeof(x->t.error));
		}
		return -1;
	}
	*r = *x->shared;
	if (r->end == OE_INIT) {
		if (!x->t.errors++)
			describe(x, r, x->t.error, sizeof(x->t.error));
		return -1;
	}
	if (r->end == OE_VIOLATION || r->ghost_leak) {
		if (!x->t.leak)
			describe(x, r, x->t.witness, sizeof(x->t.witness));
		x->t.leak = 1;
		if (r->end == OE_VIOLATION)
			x->t.caught = 1;
		else
			x->t.missed = 1;
	}
	if (r->kptr_read || r->kptr_write)
		x->t.kptr_any = 1;
	if (r->kptr_raised) {
		if (!x->t.kptr) {
			describe(x, r, x->t.kwitness, sizeof(x->t.kwitness));
			snprintf(x->t.kwitness + strlen(x->t.kwitness),
				 sizeof(x->t.kwitness) - strlen(x->t.kwitness), "; victim %s%s%s",
				 r->kptr_read ? "read" : "", r->kptr_read && r->kptr_write ? " and " : "",
				 r->kptr_write ? "written" : "");
		}
		x->t.kptr = 1;
	}
	if (r->end == OE_OOPS || r->end == OE_PANIC || r->end == OE_EXIT) {
		x->t.oops++;
		if (r->raised_at_end)
			x->t.oops_raised = 1;
	}
	return 0;
}

static void explore(struct ctx *x)
{
	struct oracle_result r;
	unsigned char sites[ORACLE_MAX_CALLS];
	int n, last;

	if (x->t.runs >= opts.max_runs) {
		x->t.capped = 1;
		return;
	}
	if (run_one(x, &r) || x->sched.n >= opts.faults)
		return;
	n = r.ncalls < opts.calls ? r.ncalls : opts.calls;
	if (n > ORACLE_MAX_CALLS)
		n = ORACLE_MAX_CALLS;
	memcpy(sites, r.site, sizeof(sites));
	last = x->sched.n ? x->sched.f[x->sched.n - 1].at : 0;
	for (int k = last + 1; k <= n; k++) {
		for (int m = 1; m <= oracle_site_modes[sites[k - 1]]; m++) {
			x->sched.f[x->sched.n].at = k;
			x->sched.f[x->sched.n].mode = m;
			x->sched.n++;
			explore(x);
			x->sched.n--;
		}
	}
}

static void drive(const struct oracle_entry *e, struct oracle_result *shared)
{
	static struct ctx x;
	struct domain dom[6];
	int idx[6] = { 0 };
	long combos = 0;

	memset(&x, 0, sizeof(x));
	x.e = e;
	x.shared = shared;
	x.nargs = oracle_entry_params(e, x.classes);
	if (x.nargs < 0) {
		printf("entry %s runs=0 leak=0 caught=0 missed=0 kptr=0 kptr_any=0 oops=0 oops_raised=0 capped=0 errors=1\n",
		       e->name);
		printf("error %s cannot tell how to call it\n", e->name);
		return;
	}
	for (int i = 0; i < x.nargs; i++)
		build_domain(x.classes[i], &dom[i]);
	for (;;) {
		for (int i = 0; i < x.nargs; i++)
			x.vals[i] = dom[i].v[idx[i]];
		x.sched.n = 0;
		explore(&x);
		if (++combos >= opts.max_combos) {
			x.t.capped = 1;
			break;
		}
		int i = 0;
		while (i < x.nargs && ++idx[i] == dom[i].n)
			idx[i++] = 0;
		if (i == x.nargs)
			break;
	}
	printf("entry %s runs=%ld leak=%d caught=%d missed=%d kptr=%d kptr_any=%d oops=%ld oops_raised=%d capped=%d errors=%ld\n",
	       e->name, x.t.runs, x.t.leak, x.t.caught, x.t.missed, x.t.kptr, x.t.kptr_any, x.t.oops,
	       x.t.oops_raised, x.t.capped, x.t.errors);
	if (x.t.leak)
		printf("witness %s %s\n", e->name, x.t.witness);
	if (x.t.kptr)
		printf("kwitness %s %s\n", e->name, x.t.kwitness);
	if (x.t.errors)
		printf("error %s %s\n", e->name, x.t.error);
}

static long env_long(const char *name, long def, long lo, long hi)
{
	const char *s = oracle_os_getenv(name);
	char *end;
	long v;

	if (!s || !*s)
		return def;
	v = strtol(s, &end, 10);
	if (*end || v < lo || v > hi) {
		fprintf(stderr, "oracle: %s=%s is not a number in [%ld, %ld]; using %ld\n", name, s, lo, hi, def);
		return def;
	}
	return v;
}

int main(void)
{
	struct oracle_result *shared;
	char why[256];

	opts.faults = (int)env_long("ORACLE_FAULTS", opts.faults, 0, ORACLE_MAX_FAULTS);
	opts.calls = (int)env_long("ORACLE_CALLS", opts.calls, 1, ORACLE_MAX_CALLS);
	opts.max_runs = env_long("ORACLE_MAX_RUNS", opts.max_runs, 1, 100000000);
	opts.only = oracle_os_getenv("ORACLE_ONLY");
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (oracle_model_boot(&oracle_case, why, sizeof(why))) {
		printf("fatal %s\n", why);
		return 2;
	}
	shared = oracle_os_map_shared(sizeof(*shared));
	if (!shared) {
		printf("fatal cannot map shared memory\n");
		return 2;
	}
	printf("form %d faults=%d calls=%d\n", ORACLE_FORM, opts.faults, opts.calls);
	for (int i = 0; i < oracle_case.nentries; i++)
		if (!opts.only || !strcmp(opts.only, oracle_case.entries[i].name))
			drive(&oracle_case.entries[i], shared);
	return 0;
}
