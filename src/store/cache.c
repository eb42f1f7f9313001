// SPDX-License-Identifier: GPL-2.0
/*
 * The incremental cache (see cache.h): the SQLite tables, what a row
 * keeps of the control macros, the rows and the runs (the binary form of
 * one file's results and facts is cache_ser.c's).
 */
#include "cache.h"

#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache_ser.h"
#include "kbflags.h"
#include "load.h"
#include "rules.h"

#define KEEP_RUNS 8

struct cache {
	sqlite3 *db;
	char *path;
	uint64_t optkey;
	int64_t *mtime, *size;		/* per input, from cache_load's stat */
	bool *stat_ok;
	bool *same;			/* per input: its row has this mtime and size
					 * (cache_store_files leaves it as it is) */
	char **key;			/* per input: its absolute path, the rows' key */
	uint64_t *fkey;			/* ... and its optkey: the options' and the
					 * Makefile flags' (file_optkey) */
	struct strbuf *uses;		/* per input: what its row's CFGs looked up
					 * (w_uses's names, read only when needed) */
	uint64_t *digest;		/* ... and what the writer's table answered */
	uint64_t *shared;		/* ... and its shared views' digest, when the
					 * file's view was one, else 0 */
	size_t n;
	int jobs;			/* the run's -j (cache_load) */
	uint64_t hkey;			/* the headers' key (headers_key) */
	uint64_t hstate;		/* ... their state, once stat'ed (headers_state) */
	bool hstate_known;
	struct strbuf hblob;		/* ... their macros, scanned in this run, to
					 * store with the rows (hblob.len 0: none) */
	size_t reused, analysed;
	bool whole;
	bool troubled;			/* a statement failed: said once (trouble()) */
	bool usable;			/* cache_open() succeeded */
};

/* --- hashing ------------------------------------------------------------ */

uint64_t content_hash(const void *data, size_t n)
{
	/* 8 bytes at a time, then the tail; mixing as in splitmix64 */
	const unsigned char *p = data;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
	while (n >= 8) {
		uint64_t w;
		memcpy(&w, p, 8);
		h ^= w;
		h *= 0xbf58476d1ce4e5b9ULL;
		h ^= h >> 31;
		p += 8;
		n -= 8;
	}
	uint64_t t = 0;
	memcpy(&t, p, n);
	h ^= t;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 29;
	return h;
}

static uint64_t mix(uint64_t h, const void *p, size_t n)
{
	return content_hash(p, n) ^ (h * 0x100000001b3ULL + 0x9e3779b97f4a7c15ULL);
}

static uint64_t mix_str(uint64_t h, const char *s)
{
	return s ? mix(h, s, strlen(s) + 1) : mix(h, "\xff", 1);
}

static uint64_t mix_u64(uint64_t h, uint64_t v)
{
	return mix(h, &v, sizeof(v));
}

/* A hash of the running executable: a rebuilt analyzer never reads what
 * an older one wrote.  Read as bytes (source_load() refuses a binary: the
 * hash was then only cache.c's build time, and a rebuild that did not
 * recompile cache.c read the older analyzer's results). */
static uint64_t exe_hash(void)
{
	int fd = open("/proc/self/exe", O_RDONLY);
	struct strbuf b;
	strbuf_init(&b);
	bool ok = fd >= 0;
	char chunk[65536];
	while (ok) {
		ssize_t r = read(fd, chunk, sizeof(chunk));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			ok = r == 0;
			break;
		}
		strbuf_add(&b, chunk, (size_t)r);
	}
	if (fd >= 0)
		close(fd);
	uint64_t h = ok && b.len ? content_hash(b.buf, b.len) : mix_str(0, __DATE__ __TIME__);
	strbuf_release(&b);
	return h;
}

/* Everything in the options and the rule set that changes what a file's
 * analysis gives: the options are those the option table marks so
 * (o->key_file, cli/options.c). */
static uint64_t options_key(const struct opts *o)
{
	/* -3: a file row starts with the control macros it looked up;
	 * -4: and the digest of the shared views (ctl_macros_shared);
	 * -5: every row keeps its name scan's flags */
	uint64_t h = mix_str(0, "addrlimit-cache-7 " ADDRLIMIT_VERSION);
	h = mix_u64(h, exe_hash());
	if (!o->key_file.len)
		BUG("--cache without the options' key (options_fill_key)");
	h = mix(h, o->key_file.buf, o->key_file.len);
	const struct rule_set *rs = rules_get();
	for (size_t i = 0; rs && i < rs->v.n; i++) {
		const struct rule *r = &rs->v.v[i];
		h = mix_str(h, r->name);
		h = mix_str(h, r->what);
		h = mix_u64(h, r->check);
		h = mix_u64(h, r->balanced);
		for (size_t k = 0; k < r->open.n; k++) {
			h = mix_str(h, r->open.v[k].name);
			h = mix_u64(h, (uint64_t)r->open.v[k].arg << 8 | r->open.v[k].acq);
		}
		h = mix_str(h, "/");
		for (size_t k = 0; k < r->close.n; k++) {
			h = mix_str(h, r->close.v[k].name);
			h = mix_u64(h, (uint64_t)r->close.v[k].arg);
		}
		for (size_t k = 0; k < r->allow.n; k++)
			h = mix_str(h, r->allow.v[k]);
	}
	return h;
}

/* --- the database ------------------------------------------------------- */

char *cache_default_path(void)
{
	const char *x = getenv("XDG_CACHE_HOME");
	if (x && *x)
		return xasprintf("%s/addrlimit/cache.sqlite", x);
	const char *home = getenv("HOME");
	return xasprintf("%s/.cache/addrlimit/cache.sqlite", home && *home ? home : ".");
}

/* mkdir -p of path's folder */
static void make_parent(const char *path)
{
	char *d = xstrdup(path);
	for (char *p = d + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		mkdir(d, 0777);
		*p = '/';
	}
	free(d);
}

static bool exec_sql(struct cache *c, const char *sql, char **why)
{
	char *err = NULL;
	if (sqlite3_exec(c->db, sql, NULL, NULL, &err) == SQLITE_OK)
		return true;
	if (why)
		*why = xasprintf("%s: %s", c->path, err ? err : sqlite3_errmsg(c->db));
	sqlite3_free(err);
	return false;
}

/*
 * A statement the database refused (corrupt pages, a full disk, a lock
 * held past the busy timeout): said once per run; the run goes on with
 * what it has, since the cache only saves time.
 */
static void trouble(struct cache *c, const char *what, int rc)
{
	if (c->troubled)
		return;
	c->troubled = true;
	const char *msg = sqlite3_errmsg(c->db);
	if (!msg || !*msg || !strcmp(msg, "not an error"))
		msg = sqlite3_errstr(rc);
	int base = rc & 0xff;
	warning("cache %s: %s: %s%s", what, c->path, msg,
		base == SQLITE_CORRUPT || base == SQLITE_NOTADB ? " (delete it to start afresh)" : "");
}

/* A step that should finish the statement (an INSERT, an UPDATE). */
static bool step_done(struct cache *c, sqlite3_stmt *s)
{
	int rc = sqlite3_step(s);
	if (rc == SQLITE_DONE)
		return true;
	trouble(c, "not updated", rc);
	return false;
}

/* A step of a SELECT: true on a row; an error is said and read as none. */
static bool step_row(struct cache *c, sqlite3_stmt *s)
{
	int rc = sqlite3_step(s);
	if (rc == SQLITE_ROW)
		return true;
	if (rc != SQLITE_DONE)
		trouble(c, "not used", rc);
	return false;
}

/* COMMIT, or ROLLBACK what this run wrote and say why. */
static void commit(struct cache *c, bool ok)
{
	if (ok) {
		int rc = sqlite3_exec(c->db, "COMMIT", NULL, NULL, NULL);
		if (rc == SQLITE_OK)
			return;
		trouble(c, "not updated", rc);
	}
	sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
}

struct cache *cache_open(const char *path, const struct opts *o, char **why)
{
	struct cache *c = xcalloc(1, sizeof(*c));
	c->path = xstrdup(path);
	make_parent(path);
	if (sqlite3_open_v2(path, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
			    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		*why = xasprintf("%s: %s", path, c->db ? sqlite3_errmsg(c->db) : "cannot open");
		cache_close(c);
		return NULL;
	}
	sqlite3_busy_timeout(c->db, 60000);
	/* Switching to WAL and creating the tables can meet another run doing
	 * the same; SQLite does not always wait for that, so retry.  A new
	 * database gets 64 KiB pages: a run reads every row (170 MB for
	 * linux-6.1), in 6,000 reads instead of 4 KiB pages' 114,000. */
	static const char setup[] =
		"PRAGMA page_size=65536; PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
		"CREATE TABLE IF NOT EXISTS files (path TEXT NOT NULL, optkey INTEGER NOT NULL,"
		" mtime INTEGER, size INTEGER, hash INTEGER, blob BLOB, PRIMARY KEY (path, optkey));"
		"CREATE TABLE IF NOT EXISTS runs (key INTEGER PRIMARY KEY, created INTEGER, blob BLOB);"
		"CREATE TABLE IF NOT EXISTS headers (key INTEGER PRIMARY KEY, created INTEGER, blob BLOB);";
	for (int tries = 0;; tries++) {
		char *err = NULL;
		int rc = sqlite3_exec(c->db, setup, NULL, NULL, &err);
		if (rc == SQLITE_OK)
			break;
		if ((rc == SQLITE_BUSY || rc == SQLITE_LOCKED) && tries < 600) {
			sqlite3_free(err);
			usleep(50000);
			continue;
		}
		*why = xasprintf("%s: %s", path, err ? err : sqlite3_errmsg(c->db));
		sqlite3_free(err);
		cache_close(c);
		return NULL;
	}
	c->optkey = options_key(o);
	strbuf_init(&c->hblob);
	c->usable = true;
	return c;
}

void cache_close(struct cache *c)
{
	if (!c)
		return;
	if (c->db) {
		/* what sqlite3_close() would do, but a failure is said: the
		 * committed rows stay in the -wal file, the disk is failing */
		int rc = c->usable ? sqlite3_wal_checkpoint_v2(c->db, NULL, SQLITE_CHECKPOINT_PASSIVE,
							       NULL, NULL) : SQLITE_OK;
		if (rc != SQLITE_OK && (rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED)
			trouble(c, "not checkpointed", rc);
		sqlite3_close(c->db);
	}
	free(c->path);
	free(c->mtime);
	free(c->size);
	free(c->stat_ok);
	free(c->same);
	for (size_t i = 0; c->key && i < c->n; i++)
		free(c->key[i]);
	free(c->key);
	free(c->fkey);
	for (size_t i = 0; c->uses && i < c->n; i++)
		strbuf_release(&c->uses[i]);
	free(c->uses);
	free(c->digest);
	free(c->shared);
	strbuf_release(&c->hblob);
	free(c);
}

void cache_counts(const struct cache *c, size_t *reused, size_t *analysed, bool *whole)
{
	*reused = c ? c->reused : 0;
	*analysed = c ? c->analysed : 0;
	*whole = c && c->whole;
}

/* --- the control macros a row depends on -------------------------------- */

/* What table t answers for each of u's names (kind, label or the argument
 * that holds it): a file's
 * first pass is the same under two tables with the same digest. */
static uint64_t uses_digest(const struct macro_uses *u, const struct ctl_macros *t)
{
	uint64_t h = mix_u64(0, u->at.n);
	for (size_t i = 0; i < u->at.n; i++) {
		const char *name = macro_uses_name(u, i);
		const char *label = NULL;
		int param = -1;
		size_t len = strlen(name);
		enum ctl_kind k = macros_lookup(t, name, len, &label, &param);
		h = mix_str(h, name);
		h = mix_u64(h, (uint64_t)k);
		h = mix_str(h, k == CM_NONE ? NULL : label);
		h = mix_u64(h, k == CM_NONE ? 0 : (uint64_t)(param + 1));
		/* a header's lock wrapper the pair walk replays, and whether
		 * the token check may skip it (inert: locktok.c) */
		bool live;
		h = mix_str(h, macros_wrapper_both(t, name, len, &live));
		h = mix_u64(h, live);
	}
	return h;
}

/* A file row: the digest, the shared views' digest (sdigest, when t is
 * one, else 0), the names' length in bytes and the names, then
 * ser_file's form. */
static void w_uses(struct strbuf *b, const struct macro_uses *u, const struct ctl_macros *t,
		   uint64_t sdigest)
{
	static const struct macro_uses none;
	if (!u)
		u = &none;
	w_u64(b, uses_digest(u, t));
	w_u64(b, ctl_macros_shared(t) ? sdigest : 0);
	size_t at = b->len;
	w_u32(b, 0);
	w_u32(b, (uint32_t)u->at.n);
	for (size_t i = 0; i < u->at.n; i++)
		w_str(b, macro_uses_name(u, i));
	uint32_t len = (uint32_t)(b->len - at - 4);
	memcpy(b->buf + at, &len, 4);
}

/* Reads what w_uses wrote: the digests, and the names as they are (into
 * raw: most rows never need them); false on a malformed row. */
static bool r_uses(struct rd *r, struct strbuf *raw, uint64_t *digest, uint64_t *shared)
{
	*digest = r_u64(r);
	*shared = r_u64(r);
	uint32_t len = r_u32(r);
	if (r->bad || (size_t)(r->end - r->p) < len)
		return false;
	strbuf_init(raw);
	strbuf_add(raw, r->p, len);
	r->p += len;
	return true;
}

/* The names r_uses kept, into u; false when malformed. */
static bool uses_parse(const struct strbuf *raw, struct macro_uses *u)
{
	struct rd r = { (const unsigned char *)raw->buf, (const unsigned char *)raw->buf + raw->len,
			false };
	uint32_t n = r_count(&r, 4);
	for (uint32_t i = 0; i < n && !r.bad; i++) {
		uint32_t len = r_u32(&r);
		if (r.bad || len == UINT32_MAX || (size_t)(r.end - r.p) < len) {
			r.bad = true;
			break;
		}
		macro_uses_add(u, (const char *)r.p, len);
		r.p += len;
	}
	return !r.bad && r.p == r.end;
}

/*
 * A row written through a shared view (a file with no macros of its own)
 * under a table whose headers' entries were the same is still good: such
 * a view answers from those alone.  The others look their names up again.
 */
struct stale_part {
	struct cache *c;
	const struct ctl_macros *ctl;
	const bool *have;
	bool *stale;
	uint64_t shared;
};

static void stale_part_main(void *arg, size_t from, size_t to)
{
	struct stale_part *k = arg;
	struct cache *c = k->c;
	for (size_t i = from; i < to; i++) {
		k->stale[i] = false;
		if (!k->have[i])
			continue;
		const struct ctl_macros *view = ctl_macros_view(k->ctl, i);
		if (c->shared[i] == k->shared && ctl_macros_shared(view))
			continue;
		struct macro_uses u = {0};
		k->stale[i] = !(uses_parse(&c->uses[i], &u) && uses_digest(&u, view) == c->digest[i]);
		macro_uses_release(&u);
	}
}

size_t cache_drop_stale(struct cache *c, const struct ctl_macros *ctl, bool *have, bool *stale)
{
	size_t dropped = 0;
	if (!c->uses) {
		memset(stale, 0, c->n * sizeof(bool));
		return 0;
	}
	/* the rows' look-ups are independent: with -j above 1, the second
	 * half on a thread of its own (0.1 s of an edited re-run of 6.1) */
	struct stale_part a = { c, ctl, have, stale, ctl_macros_shared_digest(ctl) };
	run_halves(stale_part_main, &a, c->n, c->jobs);
	for (size_t i = 0; i < c->n; i++) {
		if (!stale[i])
			continue;
		have[i] = false;
		c->reused--;
		dropped++;
	}
	/* asked once a run: the names (an edited re-run of linux-6.1 holds 78
	 * MB of them) go before the whole-tree probes need the memory */
	for (size_t i = 0; c->uses && i < c->n; i++)
		strbuf_release(&c->uses[i]);
	free(c->uses);
	c->uses = NULL;
	return dropped;
}

/* --- the folders of the paths -------------------------------------------- */

/*
 * realpath(3) of folder d: a folder that is no link (lstat(2)) is its
 * parent's real path and its name, the parent resolved the same way and
 * remembered (memo, a ring of the last ones), so a run of folders costs an
 * lstat each, not realpath()'s readlink(2) of every folder of its path
 * (3,400 folders of linux-6.1, ten deep).  "." and ".." and a folder at
 * the top of a relative path go to realpath().
 */
#define DIR_MEMO 64

struct dir_memo {
	char *dir[DIR_MEMO], *abs[DIR_MEMO];
	unsigned next;
};

static char *dir_realpath(struct dir_memo *m, const char *d, int depth)
{
	for (unsigned i = 0; i < DIR_MEMO; i++)
		if (m->dir[i] && !strcmp(m->dir[i], d))
			return m->abs[i] ? xstrdup(m->abs[i]) : NULL;
	char *abs = NULL;
	const char *slash = strrchr(d, '/');
	const char *base = slash ? slash + 1 : d;
	if (slash && slash != d && *base && strcmp(base, ".") && strcmp(base, "..") && depth < 64) {
		char *pd = xstrndup(d, (size_t)(slash - d));
		char *pabs = dir_realpath(m, pd, depth + 1);
		struct stat st;
		if (pabs && lstat(d, &st) == 0 && S_ISDIR(st.st_mode)) {
			size_t al = strlen(pabs);
			abs = xconcat3(pabs, al && pabs[al - 1] == '/' ? "" : "/", base);
		}
		free(pabs);
		free(pd);
	}
	if (!abs)
		abs = realpath(d, NULL);
	unsigned k = m->next++ % DIR_MEMO;
	free(m->dir[k]);
	free(m->abs[k]);
	m->dir[k] = xstrdup(d);
	m->abs[k] = abs ? xstrdup(abs) : NULL;
	return abs;
}

static void dir_memo_release(struct dir_memo *m)
{
	for (unsigned i = 0; i < DIR_MEMO; i++) {
		free(m->dir[i]);
		free(m->abs[i]);
	}
}

/*
 * A run of paths in one folder: the folder held open (O_PATH), so that
 * each file's stat(2) looks up its name alone, not every folder of its
 * path again; with_abs, its real path too (dir_realpath()).
 */
struct folder_at {
	char *dir, *abs;
	int fd;				/* -1: none */
	bool with_abs;
	struct dir_memo memo;
};

/* f moved to path's folder ("." for a bare name), reopened only when it
 * differs from the last one's; *base: the name in it. */
static void folder_move(struct folder_at *f, const char *path, const char **base)
{
	const char *slash = strrchr(path, '/');
	*base = slash ? slash + 1 : path;
	const char *d = slash ? path : ".";
	size_t dl = slash ? (size_t)(slash - path) + (slash == path) : 1;
	if (f->dir && strlen(f->dir) == dl && !memcmp(f->dir, d, dl))
		return;
	free(f->dir);
	free(f->abs);
	if (f->fd >= 0)
		close(f->fd);
	f->dir = xstrndup(d, dl);
	f->abs = f->with_abs ? dir_realpath(&f->memo, f->dir, 0) : NULL;
	f->fd = open(f->dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
}

static void folder_release(struct folder_at *f)
{
	dir_memo_release(&f->memo);
	if (f->fd >= 0)
		close(f->fd);
	free(f->dir);
	free(f->abs);
}

/* --- the headers' control macros ----------------------------------------- */

/* What headers_state() takes of each header of [from, to): stat(2)
 * through its folder (folder_at: 26,000 headers of linux-6.1). */
struct hstat_part {
	char **paths;
	uint64_t (*v)[6];
	bool *ok;
};

static void hstat_part_main(void *arg, size_t from, size_t to)
{
	struct hstat_part *h = arg;
	struct folder_at f = { .fd = -1 };
	for (size_t i = from; i < to; i++) {
		const char *path = h->paths[i], *base;
		folder_move(&f, path, &base);
		struct stat st;
		bool got = *base && f.fd >= 0 ? fstatat(f.fd, base, &st, 0) == 0 : stat(path, &st) == 0;
		h->ok[i] = got;
		if (!got)
			continue;
		uint64_t v[6] = { (uint64_t)st.st_dev, (uint64_t)st.st_ino, (uint64_t)st.st_size,
				  (uint64_t)st.st_mtim.tv_sec * 1000000000ULL + (uint64_t)st.st_mtim.tv_nsec,
				  (uint64_t)st.st_ctim.tv_sec * 1000000000ULL + (uint64_t)st.st_ctim.tv_nsec,
				  (uint64_t)st.st_mode };
		memcpy(h->v[i], v, sizeof(v));
	}
	folder_release(&f);
}

/* The headers beside the sources, as files: where they are, which inode,
 * size, times (the change time too: a restored mtime does not hide an
 * edit).  Stat'ed once a run: the headers' key and the run's use it. */
static uint64_t headers_state(struct cache *c, const struct opts *o)
{
	if (c->hstate_known)
		return c->hstate;
	size_t n = o->headers.n;
	struct hstat_part part = { o->headers.v, xcalloc(n ? n : 1, sizeof(*part.v)),
				   xcalloc(n ? n : 1, sizeof(bool)) };
	run_halves(hstat_part_main, &part, n, o->jobs);
	uint64_t h = mix_u64(0, n);
	for (size_t i = 0; i < n; i++) {
		h = mix_str(h, o->headers.v[i]);
		h = part.ok[i] ? mix(h, part.v[i], sizeof(part.v[i])) : mix_u64(h, UINT64_MAX);
	}
	free(part.v);
	free(part.ok);
	c->hstate = h;
	c->hstate_known = true;
	return h;
}

/* The key of the headers' macros: their state under the options' key
 * (the rule set decides the wrappers).  Not where the run is: the state
 * holds each header's path as given and the file it names (device,
 * inode), so a relative path from another folder is another key, and an
 * absolute one is the same header (a run from /tmp re-read them all, 0.3 s
 * for linux-6.1). */
static uint64_t headers_key(struct cache *c, const struct opts *o)
{
	uint64_t h = mix_u64(c->optkey, headers_state(c, o));
	h = mix_u64(h, o->max_file_size);	/* a header over it adds no macros */
	return h & INT64_MAX;
}

bool cache_header_macros(struct cache *c, const struct opts *o, struct ctl_macros *out)
{
	if (!c || !c->usable)
		return false;
	c->hkey = headers_key(c, o);
	sqlite3_stmt *q = NULL;
	if (sqlite3_prepare_v2(c->db, "SELECT blob FROM headers WHERE key = ?1", -1, &q, NULL) !=
	    SQLITE_OK)
		return false;
	sqlite3_bind_int64(q, 1, (sqlite3_int64)c->hkey);
	bool ok = false;
	if (step_row(c, q)) {
		const unsigned char *b = sqlite3_column_blob(q, 0);
		struct rd rd = { b, b + sqlite3_column_bytes(q, 0), false };
		struct arena a;
		arena_init(&a);
		ctl_macro_list l = {0};
		if (b)
			r_macros(&rd, &a, &l);
		ok = b && !rd.bad && rd.p == rd.end;
		if (ok)
			ctl_macros_add(out, &l);
		VEC_FREE(l);
		arena_release(&a);
	}
	sqlite3_finalize(q);
	return ok;
}

void cache_keep_header_macros(struct cache *c, const struct ctl_macros *t)
{
	if (!c || !c->usable)
		return;
	strbuf_reset(&c->hblob);
	w_macros(&c->hblob, t->v.v, t->v.n);
}

/* Keep blob under key in table (`headers`, `runs`: key, created, blob),
 * the KEEP_RUNS newest rows of it only; in the caller's transaction. */
static bool store_keyed(struct cache *c, const char *table, uint64_t key,
			const struct strbuf *blob)
{
	char sql[200];
	snprintf(sql, sizeof(sql), "INSERT OR REPLACE INTO %s (key, created, blob)"
		 " VALUES (?1, strftime('%%s','now'), ?2)", table);
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(c->db, sql, -1, &s, NULL);
	bool ok = rc == SQLITE_OK;
	if (ok) {
		sqlite3_bind_int64(s, 1, (sqlite3_int64)key);
		sqlite3_bind_blob(s, 2, blob->buf, (int)blob->len, SQLITE_STATIC);
		ok = step_done(c, s);
		sqlite3_finalize(s);
	} else {
		trouble(c, "not updated", rc);
	}
	snprintf(sql, sizeof(sql), "DELETE FROM %s WHERE key NOT IN (SELECT key FROM %s"
		 " ORDER BY created DESC, rowid DESC LIMIT %d)", table, table, KEEP_RUNS);
	if (ok && (rc = sqlite3_exec(c->db, sql, NULL, NULL, NULL)) != SQLITE_OK) {
		trouble(c, "not updated", rc);
		ok = false;
	}
	return ok;
}

/* In cache_store_files' transaction: the headers' macros this run scanned. */
static bool store_header_macros(struct cache *c)
{
	return !c->hblob.len || store_keyed(c, "headers", c->hkey, &c->hblob);
}

/* --- the run ------------------------------------------------------------- */

/* A file row's optkey: the options', and the -D and -U its folder's
 * Makefile gives (kbflags.h), so that a Makefile edit that changes them
 * has the files it reaches analysed again. */
static uint64_t file_optkey(const struct cache *c, const char *path)
{
	const struct kbflags *kb = kbflags_for(path);
	return (kb ? mix_u64(c->optkey, kb->digest) : c->optkey) & INT64_MAX;
}

static uint64_t run_key(struct cache *c, const struct opts *o, char **paths, size_t n,
			const uint64_t *hashes)
{
	uint64_t h = mix_u64(c->optkey, n);
	/* options with the same findings, other statistics (--full) */
	h = mix(h, o->key_run.len ? o->key_run.buf : "", o->key_run.len);
	for (size_t i = 0; i < n; i++) {
		h = mix_str(h, paths[i]);
		h = mix_u64(h, hashes[i]);
		h = mix_u64(h, c->fkey[i]);	/* (cache_load's: its Makefile flags) */
	}
	/* the headers beside the sources give the control macros */
	h = mix_u64(h, headers_state(c, o));
	return h & INT64_MAX;	/* an SQLite integer key */
}

/*
 * A row's key: path made absolute with every link resolved, as realpath(3)
 * gives it, or path itself when it cannot be.  A file that is no link is
 * its folder's real path and its name: the folder is resolved once for a
 * run of paths in it (f, folder_move()), not once per file.
 * *linked is false when st holds what stat(2) of path gives (its lstat,
 * of no link).
 */
static char *row_key(const char *path, struct folder_at *f, struct stat *st, bool *linked)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	*linked = true;
	if (!*base || !strcmp(base, ".") || !strcmp(base, "..")) {
		char *abs = realpath(path, NULL);
		return abs ? abs : xstrdup(path);
	}
	folder_move(f, path, &base);
	if ((f->fd >= 0 ? fstatat(f->fd, base, st, AT_SYMLINK_NOFOLLOW) : lstat(path, st)) != 0 ||
	    S_ISLNK(st->st_mode) || !f->abs) {
		char *abs = realpath(path, NULL);
		return abs ? abs : xstrdup(path);
	}
	*linked = false;
	size_t dl = strlen(f->abs);
	return xconcat3(f->abs, dl && f->abs[dl - 1] == '/' ? "" : "/", base);
}

/* The row keys of paths[from, to) (row_key), one run of a folder's files
 * resolving the folder once. */
struct keys_part {
	char **paths;
	char **key;
	struct stat *sts;
	bool *linked;
};

static void keys_part_main(void *arg, size_t from, size_t to)
{
	struct keys_part *k = arg;
	struct folder_at f = { .fd = -1, .with_abs = true };
	for (size_t i = from; i < to; i++)
		k->key[i] = row_key(k->paths[i], &f, &k->sts[i], &k->linked[i]);
	folder_release(&f);
}

/* Every row key, the second half on a thread of its own when there are
 * many (one lstat(2) a file: 0.12 s of an edited re-run of linux-6.1). */
static void row_keys(char **paths, size_t n, int jobs, char **key, struct stat *sts, bool *linked)
{
	struct keys_part a = { paths, key, sts, linked };
	run_halves(keys_part_main, &a, n, jobs);
}

/* The rows of the known files of paths[from, to), read through db and
 * read back into results, facts and c's per-file arrays.  With -j above 1
 * the second half is read on a thread of its own, through a connection of
 * its own (the rows of linux-6.1: 0.24 -> 0.13 s of an edited re-run). */
struct rows_part {
	struct cache *c;
	sqlite3 *db;
	char **paths;
	struct file_result *results;
	struct file_facts *facts;
	bool *have;
	const bool *known;
	const uint64_t *hashes;
	size_t from, to;
	size_t reused;
	int rc;			/* the first error, said by the caller (trouble()) */
};

static void *rows_part_main(void *arg)
{
	struct rows_part *k = arg;
	struct cache *c = k->c;
	sqlite3_stmt *bq = NULL;
	bool own = k->db != c->db;
	if (own) {
		/* its own read transaction: each row is asked with the hash
		 * the first one found, so a row another run wrote meanwhile
		 * is not taken for this file's */
		sqlite3_busy_timeout(k->db, 60000);
		k->rc = sqlite3_exec(k->db, "BEGIN", NULL, NULL, NULL);
		if (k->rc != SQLITE_OK)
			return NULL;
	}
	k->rc = sqlite3_prepare_v2(k->db, "SELECT blob FROM files WHERE path = ?1 AND optkey = ?2 AND hash = ?3",
				   -1, &bq, NULL);
	if (k->rc != SQLITE_OK)
		bq = NULL;
	for (size_t i = k->from; i < k->to && bq; i++) {
		if (!k->known[i])
			continue;
		sqlite3_reset(bq);
		sqlite3_bind_text(bq, 1, c->key[i], -1, SQLITE_STATIC);
		sqlite3_bind_int64(bq, 2, (sqlite3_int64)c->fkey[i]);
		sqlite3_bind_int64(bq, 3, (sqlite3_int64)k->hashes[i]);
		int rc = sqlite3_step(bq);
		if (rc != SQLITE_ROW) {
			if (rc != SQLITE_DONE && k->rc == SQLITE_OK)
				k->rc = rc;
			continue;
		}
		const void *b = sqlite3_column_blob(bq, 0);
		size_t bl = (size_t)sqlite3_column_bytes(bq, 0);
		if (!b || !bl)
			continue;
		struct file_result *r = &k->results[i];
		r->path = xstrdup(k->paths[i]);
		struct rd rd = { b, (const unsigned char *)b + bl, false };
		if (r_uses(&rd, &c->uses[i], &c->digest[i], &c->shared[i]) &&
		    deser_file(rd.p, (size_t)(rd.end - rd.p), r, &k->facts[i])) {
			k->have[i] = true;
			k->reused++;
		} else {
			file_result_release(r);
			facts_release(&k->facts[i]);
			memset(&k->facts[i], 0, sizeof(k->facts[i]));
			strbuf_release(&c->uses[i]);
		}
	}
	sqlite3_finalize(bq);
	if (own)
		sqlite3_exec(k->db, "COMMIT", NULL, NULL, NULL);
	return NULL;
}

bool cache_load(struct cache *c, const struct opts *o, char **paths, size_t n,
		struct file_result *results, struct file_facts *facts, bool *have, uint64_t *hashes)
{
	c->n = n;
	c->jobs = o->jobs;
	c->mtime = xcalloc(n ? n : 1, sizeof(int64_t));
	c->size = xcalloc(n ? n : 1, sizeof(int64_t));
	c->stat_ok = xcalloc(n ? n : 1, sizeof(bool));
	c->same = xcalloc(n ? n : 1, sizeof(bool));
	/* rows are keyed by absolute path: `./x.c` in another folder is
	 * another file */
	c->key = xcalloc(n ? n : 1, sizeof(char *));
	struct stat *sts = xcalloc(n ? n : 1, sizeof(*sts));
	bool *linked = xcalloc(n ? n : 1, sizeof(bool));
	row_keys(paths, n, o->jobs, c->key, sts, linked);
	c->fkey = xcalloc(n ? n : 1, sizeof(uint64_t));
	for (size_t i = 0; i < n; i++)
		c->fkey[i] = file_optkey(c, paths[i]);
	bool *known = xcalloc(n ? n : 1, sizeof(bool));	/* a row with these bytes */
	/* one read transaction: the rows as one committed state, whatever
	 * another run writes meanwhile */
	int rc = sqlite3_exec(c->db, "BEGIN", NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		trouble(c, "not used", rc);
	sqlite3_stmt *q = NULL;
	rc = sqlite3_prepare_v2(c->db, "SELECT mtime, size, hash FROM files WHERE path = ?1 AND optkey = ?2",
				-1, &q, NULL);
	if (rc != SQLITE_OK) {
		trouble(c, "not used", rc);
		q = NULL;
	}
	bool all = q != NULL;
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (!linked[i])
			st = sts[i];	/* (the key's lstat: no link) */
		else if (stat(paths[i], &st) != 0)
			st.st_mode = 0;
		if (!S_ISREG(st.st_mode)) {
			all = false;
			continue;
		}
		c->stat_ok[i] = true;
		c->mtime[i] = (int64_t)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
		c->size[i] = (int64_t)st.st_size;
		bool row = false;
		int64_t rm = 0, rs = 0;
		uint64_t rh = 0;
		if (q) {
			sqlite3_reset(q);
			sqlite3_bind_text(q, 1, c->key[i], -1, SQLITE_STATIC);
			sqlite3_bind_int64(q, 2, (sqlite3_int64)c->fkey[i]);
			if (step_row(c, q)) {
				row = true;
				rm = sqlite3_column_int64(q, 0);
				rs = sqlite3_column_int64(q, 1);
				rh = (uint64_t)sqlite3_column_int64(q, 2);
			}
		}
		if (row && rm == c->mtime[i] && rs == c->size[i]) {
			hashes[i] = rh;
			known[i] = true;
			c->same[i] = true;
			continue;
		}
		/* changed or new: the bytes decide (a touched file is unchanged) */
		struct source s;
		char *why = NULL;
		if (source_load(&s, paths[i], o->max_file_size, &why) == 0) {
			hashes[i] = content_hash(s.raw, s.len);
			source_release(&s);
		} else {
			free(why);
			hashes[i] = 0;
		}
		known[i] = row && rh == hashes[i] && hashes[i];
		all &= known[i];
	}
	if (q)
		sqlite3_finalize(q);
	free(sts);
	free(linked);

	bool done = false;
	if (all) {
		sqlite3_stmt *r = NULL;
		uint64_t key = run_key(c, o, paths, n, hashes);
		if (sqlite3_prepare_v2(c->db, "SELECT blob FROM runs WHERE key = ?1", -1, &r, NULL) == SQLITE_OK) {
			sqlite3_bind_int64(r, 1, (sqlite3_int64)key);
			if (step_row(c, r)) {
				const unsigned char *b = sqlite3_column_blob(r, 0);
				size_t bl = (size_t)sqlite3_column_bytes(r, 0);
				struct rd rd = { b, b + bl, false };
				uint32_t m = b ? r_u32(&rd) : 0;
				done = b && m == n;
				for (size_t i = 0; done && i < n; i++) {
					uint32_t len = r_u32(&rd);
					if (rd.bad || (size_t)(rd.end - rd.p) < len) {
						done = false;
						break;
					}
					struct file_facts none = {0};
					results[i].path = results[i].path ? results[i].path : xstrdup(paths[i]);
					done = deser_file(rd.p, len, &results[i], &none);
					facts_release(&none);
					rd.p += len;
				}
				if (!done)
					for (size_t i = 0; i < n; i++)
						file_result_release(&results[i]);
			}
			sqlite3_finalize(r);
		}
	}
	if (done) {
		sqlite3_exec(c->db, "COMMIT", NULL, NULL, NULL);
		c->whole = true;
		c->reused = n;
		for (size_t i = 0; i < n; i++)
			have[i] = true;
		free(known);
		return true;
	}
	/* the run as a whole is new: each unchanged file's first pass, and
	 * what it looked up in the control macros (cache_drop_stale) */
	c->uses = xcalloc(n ? n : 1, sizeof(*c->uses));
	c->digest = xcalloc(n ? n : 1, sizeof(*c->digest));
	c->shared = xcalloc(n ? n : 1, sizeof(*c->shared));
	for (size_t i = 0; i < n; i++)
		have[i] = false;
	struct rows_part a = { .c = c, .db = c->db, .paths = paths, .results = results,
			       .facts = facts, .have = have, .known = known, .hashes = hashes,
			       .to = n }, b = a;
	/* (a second connection costs about a millisecond; from a few hundred
	 * files on, tests/cache.sh's tree among them, it pays) */
	bool two = o->jobs > 1 && n >= 256 &&
		   sqlite3_open_v2(c->path, &b.db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX,
				   NULL) == SQLITE_OK;
	if (two) {
		a.to = b.from = n / 2;
		run_pair(rows_part_main, &a, &b);
	} else {
		rows_part_main(&a);
	}
	if (b.db != c->db)
		sqlite3_close(b.db);	/* (opened, or the handle of a failed open) */
	c->reused += a.reused + b.reused;
	if (a.rc != SQLITE_OK || b.rc != SQLITE_OK)
		trouble(c, "not used", a.rc != SQLITE_OK ? a.rc : b.rc);
	sqlite3_exec(c->db, "COMMIT", NULL, NULL, NULL);
	free(known);
	return false;
}

void cache_store_files(struct cache *c, char **paths, size_t n, const struct file_result *results,
		       const struct file_facts *facts, const struct macro_uses *uses,
		       const struct ctl_macros *ctl, const bool *have, const uint64_t *hashes)
{
	char *why = NULL;
	if (!exec_sql(c, "BEGIN IMMEDIATE", &why)) {
		warning("cache not updated: %s", why);
		c->troubled = true;
		free(why);
		return;
	}
	sqlite3_stmt *ins = NULL, *touch = NULL;
	int rc = sqlite3_prepare_v2(c->db, "INSERT OR REPLACE INTO files (path, optkey, mtime, size, hash, blob)"
				    " VALUES (?1, ?2, ?3, ?4, ?5, ?6)", -1, &ins, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(c->db, "UPDATE files SET mtime = ?3, size = ?4 WHERE path = ?1 AND optkey = ?2",
					-1, &touch, NULL);
	bool ok = rc == SQLITE_OK;
	if (!ok)
		trouble(c, "not updated", rc);
	struct strbuf b;
	strbuf_init(&b);
	uint64_t shared = ctl_macros_shared_digest(ctl);
	for (size_t i = 0; i < n && ok; i++) {
		if (!c->stat_ok[i] || !hashes[i] || (have[i] && c->same[i]))
			continue;	/* (a row as it was: 32,000 updates of nothing on linux-6.1) */
		sqlite3_stmt *s = have[i] ? touch : ins;
		sqlite3_reset(s);
		sqlite3_bind_text(s, 1, c->key[i], -1, SQLITE_STATIC);
		sqlite3_bind_int64(s, 2, (sqlite3_int64)c->fkey[i]);
		sqlite3_bind_int64(s, 3, c->mtime[i]);
		sqlite3_bind_int64(s, 4, c->size[i]);
		if (!have[i]) {
			c->analysed += !results[i].unparsed;	/* else only scanned */
			strbuf_reset(&b);
			w_uses(&b, uses ? &uses[i] : NULL, ctl_macros_view(ctl, i), shared);
			ser_file(&b, &results[i], &facts[i]);
			sqlite3_bind_int64(s, 5, (sqlite3_int64)hashes[i]);
			sqlite3_bind_blob(s, 6, b.buf, (int)b.len, SQLITE_TRANSIENT);
		}
		ok = step_done(c, s);
	}
	strbuf_release(&b);
	sqlite3_finalize(ins);
	sqlite3_finalize(touch);
	ok = ok && store_header_macros(c);
	commit(c, ok);
}

void cache_store_run(struct cache *c, const struct opts *o, char **paths, size_t n,
		     const struct file_result *results, const uint64_t *hashes)
{
	for (size_t i = 0; i < n; i++)
		if (!c->stat_ok[i] || !hashes[i])
			return;	/* a run over an unreadable input is not kept */
	struct strbuf b, one;
	strbuf_init(&b);
	strbuf_init(&one);
	w_u32(&b, (uint32_t)n);
	for (size_t i = 0; i < n; i++) {
		strbuf_reset(&one);
		ser_file(&one, &results[i], NULL);
		w_u32(&b, (uint32_t)one.len);
		strbuf_add(&b, one.buf, one.len);
	}
	strbuf_release(&one);
	char *why = NULL;
	if (!exec_sql(c, "BEGIN IMMEDIATE", &why)) {
		warning("cache not updated: %s", why);
		c->troubled = true;
		free(why);
		strbuf_release(&b);
		return;
	}
	bool ok = store_keyed(c, "runs", run_key(c, o, paths, n, hashes), &b);
	commit(c, ok);
	strbuf_release(&b);
}
