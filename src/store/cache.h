/* SPDX-License-Identifier: GPL-2.0 */
/*
 * store/ — what persists between runs or comes from the user beside the
 * code: the --cache database (cache.c) around the per-file and per-run
 * results, --baseline files (baseline.c), suppression comments
 * (suppress.c).  May call analysis/facts (what a cached file's row holds),
 * kernel/, front/load, report/diag and util/; never the driver.
 *
 * The incremental cache (--cache): an SQLite database of what earlier runs
 * learnt, so a re-run reads again only what changed.
 *
 * Three tables.  `files` keeps, per input path and analysis options, the
 * file's size, mtime and content hash with its first-pass results (facts,
 * findings, suppressions); a file whose size and mtime are unchanged, or
 * whose bytes hash the same, is not parsed again, unless this run's
 * table of control macros (made of every file's and header's) answers
 * otherwise one of the names its CFGs looked up: the row keeps those
 * names (macros.h: struct macro_uses) and a digest of what the writer's
 * table answered (cache_drop_stale).  `runs` keeps the final results of a
 * whole run, keyed by the options and every input's content hash (and the
 * headers' inodes, sizes and times): a re-run over unchanged input prints them
 * without analysing anything.  `headers` keeps the control macros of the
 * headers beside the sources, keyed by their inodes, sizes and times, so
 * that a run after an edit does not read every header again.  The key of
 * all three includes a hash
 * of the analyzer's own executable, so a rebuilt analyzer starts afresh.
 *
 * WAL journal, one write transaction per run, a busy timeout: concurrent
 * runs wait for each other, a run killed while writing leaves the last
 * committed state.  A cache that cannot be used is reported and the run
 * goes on without it.
 */
#ifndef ADDRLIMIT_CACHE_H
#define ADDRLIMIT_CACHE_H

#include <stdint.h>
#include <sys/stat.h>

#include "addrlimit.h"
#include "facts.h"
#include "macros.h"

struct cache;

/* The file the cache lives in when --cache has no argument. */
char *cache_default_path(void);

/* Open or create the cache at path for runs with these options; NULL with
 * *why (caller frees) when it cannot be used. */
struct cache *cache_open(const char *path, const struct opts *o, char **why);
void cache_close(struct cache *c);

/* A hash of a file's bytes (the cache's notion of "unchanged"). */
uint64_t content_hash(const void *p, size_t n);

/*
 * The first pass of analyze_files with the cache: results[i] and facts[i]
 * for the paths the cache knows unchanged are filled from it and
 * have[i] set; the others are left for the caller to analyse.  hashes[i]
 * gets each file's content hash (0: unknown yet).  Returns true when the
 * whole run is known: results are complete (final) and nothing needs doing.
 */
bool cache_load(struct cache *c, const struct opts *o, char **paths, size_t n,
		struct file_result *results, struct file_facts *facts, bool *have, uint64_t *hashes);

/*
 * Once this run's control-macro table ctl is sealed (built from the rows'
 * macros, the other files' and the headers'): the rows cache_load gave
 * (have[i]) whose CFGs looked up a name that ctl answers otherwise than
 * the table of the run that wrote them.  Each gets stale[i] set and
 * have[i] cleared, and no longer counts as reused: the caller parses the
 * file again.  Returns how many.  Asked once: the rows' names are freed,
 * a second call finds nothing stale.
 */
size_t cache_drop_stale(struct cache *c, const struct ctl_macros *ctl, bool *have, bool *stale);

/*
 * The control macros of the headers beside the sources (o->headers), as an
 * earlier run scanned them: added to out (ctl_macros_add) when every header
 * is where it was, with the same inode, size and times; else false, and
 * the caller scans them and hands the table to cache_keep_header_macros,
 * which stores it with the rows (cache_store_files).  c may be NULL.
 */
bool cache_header_macros(struct cache *c, const struct opts *o, struct ctl_macros *out);
void cache_keep_header_macros(struct cache *c, const struct ctl_macros *t);

/* After the first pass: store the files analysed now (have[i] false),
 * each with uses[i], the names its CFGs looked up in ctl (uses NULL: none). */
void cache_store_files(struct cache *c, char **paths, size_t n, const struct file_result *results,
		       const struct file_facts *facts, const struct macro_uses *uses,
		       const struct ctl_macros *ctl, const bool *have, const uint64_t *hashes);

/* After the second pass: store the final results of the run. */
void cache_store_run(struct cache *c, const struct opts *o, char **paths, size_t n,
		     const struct file_result *results, const uint64_t *hashes);

/* What the cache did in this run, for --stats: files taken from it, files
 * analysed, whether the whole run was. */
void cache_counts(const struct cache *c, size_t *reused, size_t *analysed, bool *whole);

/* Serialisation (also for tests): append / read back one file's results
 * and facts.  The reader returns false on a malformed blob. */
void ser_file(struct strbuf *out, const struct file_result *r, const struct file_facts *ff);
bool deser_file(const void *p, size_t n, struct file_result *r, struct file_facts *ff);

#endif
