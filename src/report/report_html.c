// SPDX-License-Identifier: GPL-2.0
/*
 * HTML report (--html DIR), in the manner of clang's scan-build: an
 * index.html listing every finding, grouped by check, file and folder,
 * and one finding-N.html per finding showing the source around each step
 * of its path, the steps numbered and marked where they happen.
 *
 * The pages are static and self-contained: inline CSS, no script, no
 * external resource (a Content-Security-Policy says so), so they open
 * from file:// anywhere, can be archived as CI artifacts and cannot be
 * turned against the reader by the source text they quote.  The index
 * filters with CSS :target instead of script.  Source bytes are shown as
 * read; what is not UTF-8 becomes U+FFFD, so a Latin-1 file does not spoil
 * the page.  No timestamp: the same input gives the same bytes.  Pages
 * are numbered in the order of the text report, and a rerun into the
 * same folder removes the finding pages it no longer has.
 */
#include "addrlimit.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outfile.h"

#define CONTEXT 3		/* lines shown above and below each step */
#define MAX_INDENT 120		/* columns a step's label may be pushed right */

static const char css[] =
	"body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2328;"
	"background:#fff;max-width:1200px;margin:0 auto;padding:0 1.5em 3em}\n"
	"h1{font-size:1.35em;margin:.5em 0 .3em}\n"
	"h2{font-size:1.1em;margin:1.2em 0 .4em;padding-bottom:.2em;border-bottom:1px solid #d0d7de}\n"
	"a{color:#0969da;text-decoration:none}a:hover{text-decoration:underline}\n"
	"code,.mono,table.src{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"
	"'DejaVu Sans Mono','Liberation Mono',monospace;font-size:13px}\n"
	"nav.top{margin:.8em 0 0;color:#57606a}\n"
	"p.summary{color:#57606a}\n"
	"table.list{border-collapse:collapse;width:100%}\n"
	"table.list th,table.list td{text-align:left;padding:3px 8px;border-bottom:1px solid #eaeef2;"
	"vertical-align:top}\n"
	"table.list th{background:#f6f8fa;font-weight:600}\n"
	"table.list td.n{text-align:right;white-space:nowrap}table.list td.id{white-space:nowrap}\n"
	"table.meta th{text-align:left;padding:2px 12px 2px 0;color:#57606a;font-weight:600;"
	"vertical-align:top}\n"
	".sev{display:inline-block;padding:0 6px;border-radius:3px;font-size:.85em;font-weight:600;"
	"color:#fff;background:#57606a}\n"
	".sev-error{background:#cf222e}.sev-warning{background:#9a6700}\n"
	".help{color:#57606a;max-width:80em}\n"
	"details{margin:.5em 0}summary{cursor:pointer;font-weight:600}\n"
	"details.help summary{font-weight:normal;color:#0969da}\n"
	/* the filters: one section per view, the one named by the URL shown */
	".view{display:none}.view:target,#all{display:block}.view:target~#all{display:none}\n"
	".view h2 a{font-size:.8em;font-weight:normal;margin-left:1em}\n"
	"ol.path{margin:.4em 0}ol.path li{margin:.1em 0}\n"
	".excerpt{border:1px solid #d0d7de;border-radius:6px;margin:1em 0;overflow:hidden}\n"
	".excerpt .file{background:#f6f8fa;border-bottom:1px solid #d0d7de;padding:4px 10px}\n"
	".scroll{overflow-x:auto}\n"
	"table.src{border-collapse:collapse;width:100%;tab-size:8;-moz-tab-size:8}\n"
	"table.src td{padding:0 10px;white-space:pre;vertical-align:top}\n"
	"table.src td.ln{color:#6e7781;text-align:right;width:1%;border-right:1px solid #eaeef2;"
	"user-select:none}\n"
	"tr.step td.code{background:#fff8c5}tr.fault td.code{background:#ffebe9}\n"
	"tr.step td.ln,tr.fault td.ln{color:#1f2328;font-weight:700}\n"
	"tr.gap td{background:#f6f8fa;color:#6e7781;text-align:center}\n"
	"tr.note td{padding-top:1px;padding-bottom:4px}\n"
	".msg{display:inline-block;white-space:pre-wrap;max-width:90ch;"
	"font:13px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;"
	"background:#ddf4ff;border:1px solid #54aeff;border-radius:6px;padding:2px 8px 2px 3px}\n"
	".msg.fault{background:#ffebe9;border-color:#ff8182}\n"
	".msg:target,:target>td>div>.msg{box-shadow:0 0 0 2px #0969da}\n"
	".bubble{display:inline-block;min-width:1.5em;padding:0 .25em;border-radius:.8em;"
	"background:#0969da;color:#fff;text-align:center;font-weight:700;margin-right:.5em}\n"
	".msg.fault .bubble{background:#cf222e}\n"
	"div.nosrc{margin:6px 10px;color:#cf222e}\n";

/*
 * Append n bytes of text as HTML: markup characters escaped (quotes too,
 * so the result is safe in attributes), bytes that are not UTF-8 as
 * U+FFFD, control characters other than tab and newline as their visible
 * Unicode pictures (the form feeds of old kernel files included).
 */
static void esc_n(struct strbuf *sb, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	while (i < n) {
		unsigned char c = p[i];
		size_t k;

		switch (c) {
		case '&':
			strbuf_adds(sb, "&amp;");
			break;
		case '<':
			strbuf_adds(sb, "&lt;");
			break;
		case '>':
			strbuf_adds(sb, "&gt;");
			break;
		case '"':
			strbuf_adds(sb, "&quot;");
			break;
		case '\'':
			strbuf_adds(sb, "&#39;");
			break;
		case '\t':
		case '\n':
			strbuf_addc(sb, (char)c);
			break;
		default:
			if (c < 0x20 || c == 0x7f) {
				strbuf_addf(sb, "&#x%x;", c == 0x7f ? 0x2421u : 0x2400u + c);
			} else if ((k = utf8_len(p + i, n - i))) {
				strbuf_add(sb, p + i, k);
				i += k;
				continue;
			} else {
				strbuf_adds(sb, "\xef\xbf\xbd");
			}
			break;
		}
		i++;
	}
}

static void esc(struct strbuf *sb, const char *s)
{
	if (s)
		esc_n(sb, s, strlen(s));
}

static void page_head(struct strbuf *sb, const char *title)
{
	strbuf_adds(sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		    "style-src 'unsafe-inline'\">\n"
		    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		    "<meta name=\"generator\" content=\"addrlimit " ADDRLIMIT_VERSION "\">\n<title>");
	esc(sb, title);
	strbuf_adds(sb, "</title>\n<style>\n");
	strbuf_adds(sb, css);
	strbuf_adds(sb, "</style>\n</head>\n<body>\n");
}

static void sev_badge(struct strbuf *sb, enum severity s)
{
	strbuf_addf(sb, "<span class=\"sev sev-%s\">%s</span>", severity_name(s), severity_name(s));
}

/* Like mkdir -p; says why when it cannot. */
static int make_dir(const char *dir)
{
	if (!*dir)
		return error("--html needs a folder name");
	char *p = xstrdup(dir);
	for (char *s = p + 1;; s++) {
		if (*s && *s != '/')
			continue;
		char c = *s;
		*s = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			int e = errno;
			error("cannot create folder '%s': %s", p, strerror(e));
			free(p);
			return -1;
		}
		*s = c;
		if (!c)
			break;
	}
	free(p);
	struct stat st;
	if (stat(dir, &st) != 0)
		return error("cannot create folder '%s': %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return error("cannot write the HTML report to '%s': not a folder", dir);
	return 0;
}

/* Each page is written under a temporary name and renamed (outfile.h):
 * a page in the folder is always whole. */
static int write_page(const char *dir, const char *name, const struct strbuf *sb)
{
	char *path = xasprintf("%s/%s", dir, name);
	int rc = outfile_write_all(path, sb->buf, sb->len, false);
	free(path);
	return rc;
}

/* Is name "finding-N.html" with N > keep?  Those are left from a larger run. */
static bool stale_page(const char *name, size_t keep)
{
	if (strncmp(name, "finding-", 8))
		return false;
	const char *p = name + 8;
	size_t n = 0;
	if (*p < '1' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9') {
		if (n > SIZE_MAX / 10 - 1)
			return true;
		n = n * 10 + (size_t)(*p++ - '0');
	}
	return !strcmp(p, ".html") && n > keep;
}

/*
 * Remove the finding pages an earlier, larger run left behind, so that
 * every finding-N.html in the folder belongs to this index.  Only our own
 * page names are touched.
 */
static void remove_stale(const char *dir, size_t keep)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (!stale_page(de->d_name, keep))
			continue;
		char *p = xasprintf("%s/%s", dir, de->d_name);
		if (unlink(p) != 0)
			warning("cannot remove the old page '%s': %s", p, strerror(errno));
		free(p);
	}
	closedir(d);
}

/*
 * The sources a finding page quotes.  Kept per analysed file only: its
 * findings mostly quote it and a few helpers' files, and a whole tree
 * must not be held in memory at once.
 */
struct cached_source {
	const char *path;	/* borrowed from the results */
	struct source src;
	char *why;		/* why it could not be read, or NULL */
};

struct source_cache {
	VEC(struct cached_source) v;
	size_t max_size;
};

static struct cached_source *cache_get(struct source_cache *c, const char *path)
{
	for (size_t i = 0; i < c->v.n; i++)
		if (!strcmp(c->v.v[i].path, path))
			return &c->v.v[i];
	struct cached_source cs = { .path = path };
	source_load(&cs.src, path, c->max_size, &cs.why);
	VEC_PUSH(c->v, cs);
	return &c->v.v[c->v.n - 1];
}

static void cache_clear(struct source_cache *c)
{
	for (size_t i = 0; i < c->v.n; i++) {
		if (c->v.v[i].why)
			free(c->v.v[i].why);
		else
			source_release(&c->v.v[i].src);
	}
	c->v.n = 0;
}

/* A step, or the fault itself (num 0), placed in the source. */
struct mark {
	const char *file;
	unsigned line, col;
	const char *msg;
	size_t num;
	bool fault;		/* where the finding is reported */
};

/* Lines in the file: a final newline ends the last line, it starts none. */
static size_t lines_of(const struct source *src)
{
	if (src->nlines > 1 && src->raw[src->len - 1] == '\n')
		return src->nlines - 1;
	return src->nlines;
}

/* Bytes of line l (1-based), without the line break. */
static const char *line_text(const struct source *src, size_t l, size_t *len)
{
	size_t b = src->line_start[l - 1];
	size_t e = l < src->nlines ? src->line_start[l] : src->len;
	while (e > b && (src->raw[e - 1] == '\n' || src->raw[e - 1] == '\r'))
		e--;
	*len = e - b;
	return src->raw + b;
}

/* Screen column of byte column col, with 8-column tabs as the CSS has. */
static unsigned screen_col(const struct source *src, const struct mark *m)
{
	size_t len;
	const char *s = line_text(src, m->line, &len);
	unsigned vc = 0;
	for (size_t i = 0; i + 1 < m->col && i < len; i++) {
		if (s[i] == '\t')
			vc = (vc / 8 + 1) * 8;
		else if (((unsigned char)s[i] & 0xc0) != 0x80)
			vc++;
	}
	return vc > MAX_INDENT ? MAX_INDENT : vc;
}

/* The numbered label of a step; the fault's in red. */
static void mark_label(struct strbuf *sb, const struct mark *m, enum severity sev)
{
	const char *cls = m->fault ? "msg fault" : "msg";

	if (m->num)
		strbuf_addf(sb, "<div class=\"%s\" id=\"step-%zu\"><span class=\"bubble\">%zu</span>",
			    cls, m->num, m->num);
	else
		strbuf_addf(sb, "<div class=\"%s\"><span class=\"bubble\">!</span><b>%s:</b> ", cls,
			    severity_name(sev));
	esc(sb, m->msg);
	strbuf_adds(sb, "</div>");
}

/* The element holding the fault's label is the page's #fault anchor. */
static const char *fault_id(const struct mark *m)
{
	return m->fault ? " id=\"fault\"" : "";
}

struct range {
	size_t lo, hi;
};

static int cmp_range(const void *a, const void *b)
{
	const struct range *x = a, *y = b;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/*
 * One box of source: marks[0..n), consecutive on the path and all in one
 * file.  Shows CONTEXT lines around each mark, in file order, with a gap
 * row where lines are left out; under each marked line the labels of the
 * marks on it, pushed right to the mark's column.
 */
static void excerpt(struct strbuf *sb, struct source_cache *cache, const struct mark *marks,
		    size_t n, enum severity sev)
{
	struct cached_source *cs = cache_get(cache, marks[0].file);

	strbuf_adds(sb, "<div class=\"excerpt\">\n<div class=\"file mono\">");
	esc(sb, marks[0].file);
	strbuf_adds(sb, "</div>\n");
	if (cs->why) {
		strbuf_adds(sb, "<div class=\"nosrc\">source not available: ");
		esc(sb, cs->why);
		strbuf_adds(sb, "</div>\n");
		for (size_t i = 0; i < n; i++) {
			strbuf_addf(sb, "<div class=\"mono\" style=\"padding:2px 10px\"%s>line %u: ",
				    fault_id(&marks[i]), marks[i].line);
			mark_label(sb, &marks[i], sev);
			strbuf_adds(sb, "</div>\n");
		}
		strbuf_adds(sb, "</div>\n");
		return;
	}

	const struct source *src = &cs->src;
	size_t nlines = lines_of(src);
	struct range *rg = xcalloc(n, sizeof(*rg));
	size_t nr = 0;
	for (size_t i = 0; i < n; i++) {
		size_t l = marks[i].line;
		if (l < 1 || l > nlines)
			continue;	/* the file changed since; labelled below */
		rg[nr].lo = l > CONTEXT ? l - CONTEXT : 1;
		rg[nr].hi = l + CONTEXT < nlines ? l + CONTEXT : nlines;
		nr++;
	}
	qsort(rg, nr, sizeof(*rg), cmp_range);
	size_t m = 0;
	for (size_t i = 0; i < nr; i++) {
		/* a gap row for a line or three would hide nothing worth hiding */
		if (m && rg[i].lo <= rg[m - 1].hi + 4) {
			if (rg[i].hi > rg[m - 1].hi)
				rg[m - 1].hi = rg[i].hi;
		} else {
			rg[m++] = rg[i];
		}
	}

	strbuf_adds(sb, "<div class=\"scroll\"><table class=\"src\">\n");
	for (size_t r = 0; r < m; r++) {
		if (r)
			strbuf_addf(sb, "<tr class=\"gap\"><td></td><td>&#8943; %zu lines &#8943;"
				    "</td></tr>\n", rg[r].lo - rg[r - 1].hi - 1);
		for (size_t l = rg[r].lo; l <= rg[r].hi; l++) {
			const char *cls = "";
			for (size_t i = 0; i < n; i++) {
				if (marks[i].line != l)
					continue;
				if (marks[i].fault) {
					cls = " class=\"fault\"";
					break;
				}
				cls = " class=\"step\"";
			}
			size_t len;
			const char *t = line_text(src, l, &len);
			strbuf_addf(sb, "<tr%s><td class=\"ln\">%zu</td><td class=\"code\">", cls, l);
			esc_n(sb, t, len);
			strbuf_adds(sb, "</td></tr>\n");
			for (size_t i = 0; i < n; i++) {
				if (marks[i].line != l)
					continue;
				strbuf_addf(sb, "<tr class=\"note\"%s><td></td><td>"
					    "<div style=\"padding-left:%uch\">", fault_id(&marks[i]),
					    screen_col(src, &marks[i]));
				mark_label(sb, &marks[i], sev);
				strbuf_adds(sb, "</div></td></tr>\n");
			}
		}
	}
	strbuf_adds(sb, "</table></div>\n");
	for (size_t i = 0; i < n; i++) {
		if (marks[i].line >= 1 && marks[i].line <= nlines)
			continue;
		strbuf_addf(sb, "<div class=\"nosrc\"%s>line %u is not in the file as it is now: ",
			    fault_id(&marks[i]), marks[i].line);
		mark_label(sb, &marks[i], sev);
		strbuf_adds(sb, "</div>\n");
	}
	strbuf_adds(sb, "</div>\n");
	free(rg);
}

static void finding_page(struct strbuf *sb, struct source_cache *cache, const struct file_result *r,
			 const struct finding *f, size_t num, size_t total)
{
	const struct check_info *ci = &checks[f->id];
	char *title = xasprintf("%s: %s", ci->id, f->msg);

	page_head(sb, title);
	free(title);
	strbuf_adds(sb, "<nav class=\"top\"><a href=\"index.html\">&#8592; All findings</a>");
	if (num > 1)
		strbuf_addf(sb, " &#183; <a href=\"finding-%zu.html\" rel=\"prev\">&#8249; previous</a>",
			    num - 1);
	if (num < total)
		strbuf_addf(sb, " &#183; <a href=\"finding-%zu.html\" rel=\"next\">next &#8250;</a>",
			    num + 1);
	strbuf_addf(sb, " &#183; finding %zu of %zu</nav>\n<h1>", num, total);
	sev_badge(sb, finding_default_severity(f));
	strbuf_addc(sb, ' ');
	esc(sb, f->msg);
	strbuf_addf(sb, "</h1>\n<table class=\"meta\">\n<tr><th>Check</th><td>"
		    "<a class=\"mono\" href=\"index.html#check-%s\">%s</a> &#8212; ", ci->id, ci->id);
	esc(sb, ci->shortd);
	strbuf_adds(sb, "</td></tr>\n<tr><th>Location</th><td><a class=\"mono\" href=\"#fault\">");
	esc(sb, r->path);
	strbuf_addf(sb, ":%u:%u</a></td></tr>\n<tr><th>Function</th><td class=\"mono\">",
		    f->at.line, f->at.col);
	esc(sb, f->func);
	strbuf_addf(sb, "</td></tr>\n</table>\n<details class=\"help\"><summary>About %s</summary>",
		    ci->id);
	esc(sb, ci->help);
	strbuf_adds(sb, "</details>\n");

	/*
	 * The path, then the same steps in the source.  The fault closes the
	 * path: the last step when it stands there (as "returns with ..."
	 * does), else a label of its own.
	 */
	size_t nm = f->steps.n;
	struct mark *marks = xcalloc(nm + 1, sizeof(*marks));
	for (size_t s = 0; s < nm; s++) {
		const struct step *st = &f->steps.v[s];
		marks[s] = (struct mark){ st->file ? st->file : r->path, st->at.line, st->at.col,
					  st->msg, s + 1, false };
	}
	if (nm && !strcmp(marks[nm - 1].file, r->path) && marks[nm - 1].line == f->at.line &&
	    marks[nm - 1].col == f->at.col)
		marks[nm - 1].fault = true;
	else
		marks[nm++] = (struct mark){ r->path, f->at.line, f->at.col, f->msg, 0, true };

	if (f->steps.n) {
		strbuf_adds(sb, "<h2>Path</h2>\n<ol class=\"path\">\n");
		for (size_t s = 0; s < f->steps.n; s++) {
			strbuf_addf(sb, "<li><a class=\"mono\" href=\"#step-%zu\">", s + 1);
			esc(sb, marks[s].file);
			strbuf_addf(sb, ":%u:%u</a> ", marks[s].line, marks[s].col);
			esc(sb, marks[s].msg);
			strbuf_adds(sb, "</li>\n");
		}
		strbuf_adds(sb, "</ol>\n");
	}
	if (f->also.n) {
		strbuf_adds(sb, "<h2>Reached from</h2>\n<p>The same root cause, where it would have "
			    "been reported again: callers it reaches, pointers from the same "
			    "source, or other returns after the same raise or acquire (<span class=\"mono\">--every-caller</span> reports each as a "
			    "finding of its own):</p>\n<ul class=\"path\">\n");
		for (size_t s = 0; s < f->also.n; s++) {
			const struct related *a = &f->also.v[s];
			strbuf_addf(sb, "<li id=\"also-%zu\"><span class=\"mono\">", s + 1);
			esc(sb, a->file);
			strbuf_addf(sb, ":%u:%u</span> <span class=\"mono id\">%s</span> %s", a->at.line,
				    a->at.col, checks[a->id].id,
				    a->kind == REL_SOURCE ? "(same source) " :
				    a->kind == REL_RETURN ? "(same cause) " : "");
			esc(sb, a->msg);
			strbuf_adds(sb, "</li>\n");
		}
		strbuf_adds(sb, "</ul>\n");
	}
	strbuf_adds(sb, "<h2>Source</h2>\n");
	for (size_t i = 0, j; i < nm; i = j) {
		for (j = i + 1; j < nm && !strcmp(marks[j].file, marks[i].file); j++)
			;
		excerpt(sb, cache, marks + i, j - i, finding_default_severity(f));
	}
	free(marks);
	strbuf_adds(sb, "</body>\n</html>\n");
}

/* The folder part of a path, "." for a bare file name. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

/* Is the file at path in folder dir, or below it? */
static bool in_folder(const char *path, const char *dir)
{
	char *d = dir_of(path);
	size_t n = strlen(dir);
	bool yes = !strcmp(d, dir) || (!strncmp(d, dir, n) && d[n] == '/');
	free(d);
	return yes;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void row(struct strbuf *sb, const struct file_result *r, const struct finding *f, size_t num)
{
	strbuf_addf(sb, "<tr><td class=\"n\"><a href=\"finding-%zu.html\">%zu</a></td><td>", num, num);
	sev_badge(sb, finding_default_severity(f));
	strbuf_addf(sb, "</td><td class=\"mono id\">%s</td><td class=\"mono\">", checks[f->id].id);
	esc(sb, r->path);
	strbuf_addf(sb, ":%u:%u</td><td class=\"mono\">", f->at.line, f->at.col);
	esc(sb, f->func);
	strbuf_addf(sb, "</td><td><a href=\"finding-%zu.html\">", num);
	esc(sb, f->msg);
	strbuf_addf(sb, "</a></td><td class=\"n\">%zu</td></tr>\n", f->steps.n);
}

static void view_head(struct strbuf *sb, const char *id, const char *kind, const char *name,
		      size_t count)
{
	strbuf_addf(sb, "<section class=\"view\" id=\"%s\">\n<h2>%s", id, kind);
	esc(sb, name);
	strbuf_addf(sb, ": %zu finding%s", count, count == 1 ? "" : "s");
	if (strcmp(id, "all"))
		strbuf_adds(sb, " <a href=\"#all\">show all</a>");
	strbuf_adds(sb, "</h2>\n<table class=\"list\">\n<tr><th>#</th><th>Severity</th><th>Check</th>"
		    "<th>Location</th><th>Function</th><th>Message</th><th>Steps</th></tr>\n");
}

static void view_tail(struct strbuf *sb)
{
	strbuf_adds(sb, "</table>\n</section>\n");
}

static void index_page(struct strbuf *sb, const struct opts *o, const struct file_result *rs,
		       size_t n, size_t total)
{
	size_t per_check[C__COUNT] = {0}, per_sev[3] = {0}, files_hit = 0, analysed = 0;
	/* each finding's table row, made once and shown in several views */
	char **rows = xcalloc(total, sizeof(*rows));
	size_t *first = xcalloc(n + 1, sizeof(*first));	/* rs[i]'s first row */
	struct strbuf tmp;

	strbuf_init(&tmp);
	for (size_t i = 0, num = 0; i < n; i++) {
		const struct file_result *r = &rs[i];
		first[i] = num;
		analysed += !r->error;
		files_hit += r->findings.v.n > 0;
		for (size_t k = 0; k < r->findings.v.n; k++) {
			const struct finding *f = &r->findings.v.v[k];
			per_check[f->id]++;
			per_sev[finding_default_severity(f)]++;
			row(&tmp, r, f, num + 1);
			rows[num++] = strbuf_detach(&tmp);
		}
	}
	first[n] = total;

	/* Folders, sorted: each folder holding a file with findings, and every
	 * folder above it, so drivers/ counts what drivers/net/ holds. */
	VEC(char *) dv = {0};
	for (size_t i = 0; i < n; i++) {
		if (!rs[i].findings.v.n)
			continue;
		char *d = dir_of(rs[i].path);
		for (;;) {
			VEC_PUSH(dv, d);
			char *slash = strrchr(d, '/');
			if (!slash || slash == d)
				break;
			d = xstrndup(d, (size_t)(slash - d));
		}
	}
	char **dirs = dv.v;
	size_t nd = dv.n;
	if (nd > 1)
		qsort(dirs, nd, sizeof(*dirs), cmp_str);
	size_t u = 0;
	for (size_t i = 0; i < nd; i++) {
		if (u && !strcmp(dirs[u - 1], dirs[i]))
			free(dirs[i]);
		else
			dirs[u++] = dirs[i];
	}
	nd = u;
	size_t *dir_count = xcalloc(nd ? nd : 1, sizeof(*dir_count));
	for (size_t d = 0; d < nd; d++)
		for (size_t i = 0; i < n; i++)
			if (rs[i].findings.v.n && in_folder(rs[i].path, dirs[d]))
				dir_count[d] += rs[i].findings.v.n;

	page_head(sb, "addrlimit report");
	strbuf_addf(sb, "<h1>addrlimit report</h1>\n<p class=\"summary\">%zu finding%s "
		    "(%zu error%s, %zu warning%s) in %zu of %zu file%s analysed",
		    total, total == 1 ? "" : "s", per_sev[SEV_ERROR], per_sev[SEV_ERROR] == 1 ? "" : "s",
		    per_sev[SEV_WARNING], per_sev[SEV_WARNING] == 1 ? "" : "s", files_hit, analysed,
		    analysed == 1 ? "" : "s");
	if (n - analysed)
		strbuf_addf(sb, "; %zu file%s could not be analysed", n - analysed,
			    n - analysed == 1 ? "" : "s");
	strbuf_adds(sb, ". addrlimit " ADDRLIMIT_VERSION ".</p>\n");

	strbuf_adds(sb, "<h2>By check</h2>\n<table class=\"list\">\n<tr><th>Check</th><th>Severity</th>"
		    "<th>Description</th><th>Findings</th></tr>\n");
	for (int c = 0; c < C__COUNT; c++) {
		strbuf_adds(sb, "<tr><td class=\"mono\">");
		if (per_check[c])
			strbuf_addf(sb, "<a href=\"#check-%s\">%s</a>", checks[c].id, checks[c].id);
		else
			strbuf_adds(sb, checks[c].id);
		strbuf_adds(sb, "</td><td>");
		sev_badge(sb, checks[c].sev);
		strbuf_adds(sb, "</td><td>");
		esc(sb, checks[c].shortd);
		if (!o->enabled[c])
			strbuf_adds(sb, " <i>(not run)</i>");
		strbuf_addf(sb, "</td><td class=\"n\">%zu</td></tr>\n", per_check[c]);
	}
	strbuf_adds(sb, "</table>\n");
	if (nd)
		strbuf_adds(sb, "<p>Filter also by <a href=\"#by-folder\">folder</a> or by "
			    "<a href=\"#by-file\">file</a>.</p>\n");

	/*
	 * The views: the one the URL names is shown, #all when none is.  #all
	 * must be the last view: ".view:target ~ #all" hides it.
	 */
	for (int c = 0; c < C__COUNT; c++) {
		if (!per_check[c])
			continue;
		char *id = xasprintf("check-%s", checks[c].id);
		view_head(sb, id, "Check ", checks[c].id, per_check[c]);
		free(id);
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < rs[i].findings.v.n; k++)
				if (rs[i].findings.v.v[k].id == (enum check_id)c)
					strbuf_adds(sb, rows[first[i] + k]);
		view_tail(sb);
	}
	for (size_t d = 0; d < nd; d++) {
		char *id = xasprintf("dir-%zu", d + 1);
		view_head(sb, id, "Folder ", dirs[d], dir_count[d]);
		free(id);
		for (size_t i = 0; i < n; i++)
			if (rs[i].findings.v.n && in_folder(rs[i].path, dirs[d]))
				for (size_t k = first[i]; k < first[i + 1]; k++)
					strbuf_adds(sb, rows[k]);
		view_tail(sb);
	}
	for (size_t i = 0; i < n; i++) {
		if (!rs[i].findings.v.n)
			continue;
		char *id = xasprintf("file-%zu", i + 1);
		view_head(sb, id, "File ", rs[i].path, rs[i].findings.v.n);
		free(id);
		for (size_t k = first[i]; k < first[i + 1]; k++)
			strbuf_adds(sb, rows[k]);
		view_tail(sb);
	}
	view_head(sb, "all", "All", "", total);
	if (!total)
		strbuf_adds(sb, "<tr><td colspan=\"7\">No findings.</td></tr>\n");
	for (size_t k = 0; k < total; k++)
		strbuf_adds(sb, rows[k]);
	view_tail(sb);

	if (nd) {
		strbuf_addf(sb, "<details id=\"by-folder\"%s><summary>By folder (%zu)</summary>\n"
			    "<table class=\"list\">\n<tr><th>Folder</th><th>Findings</th></tr>\n",
			    nd <= 30 ? " open" : "", nd);
		for (size_t d = 0; d < nd; d++) {
			strbuf_addf(sb, "<tr><td class=\"mono\"><a href=\"#dir-%zu\">", d + 1);
			esc(sb, dirs[d]);
			strbuf_addf(sb, "</a></td><td class=\"n\">%zu</td></tr>\n", dir_count[d]);
		}
		strbuf_adds(sb, "</table>\n</details>\n");
		strbuf_addf(sb, "<details id=\"by-file\"%s><summary>By file (%zu)</summary>\n"
			    "<table class=\"list\">\n<tr><th>File</th><th>Findings</th></tr>\n",
			    files_hit <= 30 ? " open" : "", files_hit);
		for (size_t i = 0; i < n; i++) {
			if (!rs[i].findings.v.n)
				continue;
			strbuf_addf(sb, "<tr><td class=\"mono\"><a href=\"#file-%zu\">", i + 1);
			esc(sb, rs[i].path);
			strbuf_addf(sb, "</a></td><td class=\"n\">%zu</td></tr>\n", rs[i].findings.v.n);
		}
		strbuf_adds(sb, "</table>\n</details>\n");
	}

	/* Input problems: what the findings above cannot speak for. */
	size_t problems = 0;
	for (size_t i = 0; i < n; i++)
		problems += (size_t)(rs[i].error != NULL) + (size_t)(rs[i].warning != NULL) +
			    rs[i].partial.n;
	if (problems) {
		strbuf_addf(sb, "<details><summary>Input problems (%zu)</summary>\n<ul>\n", problems);
		for (size_t i = 0; i < n; i++) {
			const struct file_result *r = &rs[i];
			if (r->error) {
				strbuf_adds(sb, "<li>error: ");
				esc(sb, r->error);
				strbuf_adds(sb, "</li>\n");
			}
			if (r->warning) {
				strbuf_adds(sb, "<li>warning: ");
				esc(sb, r->warning);
				strbuf_adds(sb, "</li>\n");
			}
			for (size_t k = 0; k < r->partial.n; k++) {
				strbuf_adds(sb, "<li><span class=\"mono\">");
				esc(sb, r->path);
				strbuf_addf(sb, ":%u</span>: function <span class=\"mono\">",
					    r->partial.v[k].line);
				esc(sb, r->partial.v[k].func);
				strbuf_adds(sb, "</span> ");
				esc(sb, r->partial.v[k].why);
				strbuf_adds(sb, "</li>\n");
			}
		}
		strbuf_adds(sb, "</ul>\n</details>\n");
	}

	strbuf_adds(sb, "</body>\n</html>\n");

	for (size_t k = 0; k < total; k++)
		free(rows[k]);
	for (size_t d = 0; d < nd; d++)
		free(dirs[d]);
	free(rows);
	free(first);
	free(dirs);
	free(dir_count);
	strbuf_release(&tmp);
}

int report_html(const char *dir, const struct opts *o, const struct file_result *rs, size_t n)
{
	if (make_dir(dir) < 0)
		return -1;

	size_t total = 0;
	for (size_t i = 0; i < n; i++)
		total += rs[i].findings.v.n;

	struct strbuf sb;
	struct source_cache cache = { .max_size = o->max_file_size };
	int rc = 0;

	/* index.html goes first and comes back last: a folder that has one
	 * holds a complete report, whenever the run was stopped (even by
	 * kill -9) or failed */
	char *index = xasprintf("%s/index.html", dir);
	if (unlink(index) != 0 && errno != ENOENT) {
		rc = error("cannot replace '%s': %s", index, strerror(errno));
		free(index);
		return rc;
	}
	remove_stale(dir, total);
	strbuf_init(&sb);
	for (size_t i = 0, num = 0; i < n && !rc; i++) {
		for (size_t k = 0; k < rs[i].findings.v.n && !rc; k++) {
			char name[40];
			num++;
			strbuf_reset(&sb);
			finding_page(&sb, &cache, &rs[i], &rs[i].findings.v.v[k], num, total);
			snprintf(name, sizeof(name), "finding-%zu.html", num);
			rc = write_page(dir, name, &sb);
		}
		cache_clear(&cache);
	}
	if (!rc) {
		strbuf_reset(&sb);
		index_page(&sb, o, rs, n, total);
		rc = write_page(dir, "index.html", &sb);
	}
	if (rc)
		error("the HTML report in '%s' is incomplete: index.html not written", dir);
	free(index);
	VEC_FREE(cache.v);
	strbuf_release(&sb);
	return rc;
}
