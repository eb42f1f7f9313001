// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the HTML report on results built by hand, for what the
 * analyser does not produce on its own: a step in a file that has gone,
 * a line past the end of a file that shrank, bytes that are not UTF-8 in
 * a message, and write errors.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "addrlimit.h"

static int failures;

static void check(bool cond, const char *what)
{
	printf("%s - %s\n", cond ? "ok" : "not ok", what);
	failures += !cond;
}

static char *slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	struct strbuf sb;
	char buf[4096];
	size_t n;

	if (!fp)
		return NULL;
	strbuf_init(&sb);
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		strbuf_add(&sb, buf, n);
	fclose(fp);
	char *text = strbuf_detach(&sb);
	strbuf_release(&sb);	/* detach left it a fresh buffer */
	return text;
}

static void spit(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");
	if (fp) {
		fputs(text, fp);
		fclose(fp);
	}
}

static bool has(const char *page, const char *s)
{
	return page && strstr(page, s);
}

static void add_step(struct finding *f, unsigned line, unsigned col, const char *msg,
		     const char *file)
{
	struct step st = { .at = { .line = line, .col = col }, .msg = xstrdup(msg),
			   .file = file ? xstrdup(file) : NULL };
	VEC_PUSH(f->steps, st);
}

int main(void)
{
	char tmpl[] = "/tmp/addrlimit-html-XXXXXX";
	char *top = mkdtemp(tmpl);
	if (!top) {
		check(false, "html: mkdtemp");
		return 1;
	}
	char *src = xasprintf("%s/a.c", top);
	char *gone = xasprintf("%s/gone.c", top);
	char *out = xasprintf("%s/deep/er/out", top);
	spit(src, "int f(void)\n{\n\tset_fs(KERNEL_DS);\r\n\treturn 0;\n}\n");

	struct opts o = { .max_file_size = 1 << 20 };
	for (int i = 0; i < C__COUNT; i++)
		o.enabled[i] = true;
	struct file_result r[2] = { { .path = xstrdup(src) }, { .path = xstrdup(gone) } };
	r[1].error = xstrdup("gone.c: cannot open: No such file or directory");

	struct finding f = { .id = C_DS_LEAK, .at = { .line = 4, .col = 2 },
			     .msg = xstrdup("bad \xe9 byte <b>&amp;</b>"), .func = xstrdup("f") };
	add_step(&f, 3, 2, "raised \"here\"", NULL);
	add_step(&f, 7, 1, "in a file that is gone", gone);
	add_step(&f, 6, 1, "past the end", NULL);	/* a.c has 5 lines */
	findings_add(&r[0].findings, &f);

	check(report_html(out, &o, r, 1) == 0, "html: report into a new nested folder");
	/* an earlier, larger run's page, and files that are not ours */
	char *p2 = xasprintf("%s/finding-2.html", out), *p01 = xasprintf("%s/finding-01.html", out);
	char *keep = xasprintf("%s/notes.txt", out);
	spit(p2, "old");
	spit(p01, "not ours");
	spit(keep, "not ours");

	check(report_html(out, &o, r, 2) == 0, "html: report with an unreadable file");
	char *p1 = xasprintf("%s/finding-1.html", out), *pi = xasprintf("%s/index.html", out);
	char *page = slurp(p1), *index = slurp(pi);
	check(page != NULL && index != NULL, "html: index.html and finding-1.html written");
	check(access(p2, F_OK) != 0, "html: a stale finding page is removed");
	check(access(p01, F_OK) == 0 && access(keep, F_OK) == 0, "html: other files are left alone");
	check(has(page, "bad \xef\xbf\xbd byte &lt;b&gt;&amp;amp;&lt;/b&gt;"),
	      "html: a message is escaped and its bad byte becomes U+FFFD");
	check(has(page, "raised &quot;here&quot;"), "html: quotes escaped");
	check(has(page, "<tr class=\"step\"><td class=\"ln\">3</td>"
		  "<td class=\"code\">\tset_fs(KERNEL_DS);</td>"),
	      "html: step line marked, CR of a CRLF line dropped");
	check(has(page, "source not available: ") &&
	      has(page, "<span class=\"bubble\">2</span>in a file that is gone"),
	      "html: a step in a missing file keeps its label");
	check(has(page, "line 6 is not in the file") && !has(page, "<td class=\"ln\">6</td>") &&
	      has(page, "<span class=\"bubble\">3</span>past the end"),
	      "html: a step past the end of the file keeps its label");
	check(has(page, "<tr class=\"fault\"><td class=\"ln\">4</td>") &&
	      has(page, "id=\"fault\"><td></td><td><div style=\"padding-left:8ch\"><div class=\"msg fault\">"),
	      "html: the fault has its own label when no step stands on it");
	check(has(index, "Input problems (1)") && has(index, "cannot open"),
	      "html: index lists the unreadable file");
	check(has(index, "1 finding (1 error, 0 warnings) in 1 of 1 file analysed; "
		  "1 file could not be analysed"),
	      "html: index summary");
	free(page);
	free(index);

	/* write errors: a file where the folder should be, and inside it */
	check(report_html(src, &o, r, 1) == -1, "html: DIR is a file: -1");
	char *under = xasprintf("%s/sub", src);
	check(report_html(under, &o, r, 1) == -1, "html: DIR under a file: -1");
	check(report_html("", &o, r, 1) == -1, "html: empty DIR: -1");
	if (access("/dev/full", W_OK) == 0) {
		/* every write to /dev/full fails: the error must not go unnoticed */
		char *link = xasprintf("%s/full", top);
		mkdir(link, 0777);
		char *idx = xasprintf("%s/index.html", link);
		char *f1 = xasprintf("%s/finding-1.html", link);
		check(symlink("/dev/full", f1) == 0 && report_html(link, &o, r, 1) == -1,
		      "html: a failed write: -1");
		unlink(f1);
		unlink(idx);
		rmdir(link);
		free(idx);
		free(f1);
		free(link);
	}

	/* no findings: still an index */
	findings_release(&r[0].findings);
	memset(&r[0].findings, 0, sizeof(r[0].findings));
	check(report_html(out, &o, r, 1) == 0, "html: report with no findings");
	index = slurp(pi);
	check(has(index, "No findings.") && access(p1, F_OK) != 0, "html: empty index, old pages gone");
	free(index);

	for (size_t i = 0; i < 2; i++)
		file_result_release(&r[i]);
	char *cmd = xasprintf("rm -rf '%s'", top);
	if (system(cmd) != 0)
		check(false, "html: clean up");
	free(cmd);
	free(src);
	free(gone);
	free(out);
	free(p1);
	free(p2);
	free(p01);
	free(pi);
	free(keep);
	free(under);
	return failures ? 1 : 0;
}
