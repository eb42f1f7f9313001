// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for body elision (src/front/elide.c): which top-level braces are
 * function bodies, which bodies are kept (a rule call, or a mention of a
 * kept function, to a fixpoint), and that blanking keeps every offset,
 * every newline and the preprocessor lines; normalisation in two halves
 * around it (normalize.h).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "elide.h"
#include "load.h"
#include "normalize.h"
#include "relevance.h"
#include "rules.h"
#include "util.h"

static int failures;

static void check(bool cond, const char *what)
{
	printf("%s - %s\n", cond ? "ok" : "not ok", what);
	failures += !cond;
}

struct run {
	char *raw, *text;
	size_t len;
	struct elision e;
};

static struct run elide(const char *src)
{
	struct run r;
	r.len = strlen(src);
	r.raw = xstrdup(src);
	r.text = xstrdup(src);
	elide_bodies(r.raw, r.text, r.len, NULL, NULL, false, false, &r.e);
	return r;
}

static void done(struct run *r)
{
	free(r->raw);
	free(r->text);
	elision_release(&r->e);
}

/* Same length, same newlines, and every byte either kept or a blank. */
static bool same_shape(const struct run *r)
{
	if (strlen(r->text) != r->len)
		return false;
	for (size_t i = 0; i < r->len; i++)
		if ((r->raw[i] == '\n') != (r->text[i] == '\n') ||
		    (r->text[i] != r->raw[i] && r->text[i] != ' '))
			return false;
	return true;
}

static bool has(const struct run *r, const char *s)
{
	return strstr(r->text, s) != NULL;
}

static void test_bodies(void)
{
	struct run r = elide(
		"static const struct file_operations fops = {\n\t.read = dev_read,\n};\n"
		"enum mode { A, B };\n"
		"struct dev { int n; };\n"
		"static int helper(int x)\n{\n\treturn x * 2;\n}\n"
		"static long dev_read(struct dev *d)\n{\n\tmutex_lock(&d->lock);\n"
		"\tmutex_unlock(&d->lock);\n\treturn 0;\n}\n");
	check(same_shape(&r), "elision keeps length, newlines and the bytes it does not blank");
	check(has(&r, ".read = dev_read,") && has(&r, "enum mode { A, B };") &&
	      has(&r, "struct dev { int n; };"),
	      "initialisers, enums and structs are not bodies");
	check(!has(&r, "return x * 2;") && has(&r, "static int helper(int x)\n{\n"),
	      "a body with no rule call is blanked, its head kept");
	check(has(&r, "mutex_lock(&d->lock);"), "a body with a rule call is kept");
	check(r.e.bodies == 1 && r.e.all.n == 2, "two bodies found, one left out");
	done(&r);

	r = elide("static void take(struct dev *d)\n{\n\tmutex_lock(&d->lock);\n}\n"
		  "static void take_all(struct dev *d)\n{\n\ttake(d);\n}\n"
		  "static int setup(struct ops *o)\n{\n\to->ioctl = top;\n\treturn 0;\n}\n"
		  "long top(struct dev *d)\n{\n\ttake_all(d);\n\treturn 0;\n}\n"
		  "static int unrelated(void)\n{\n\treturn 42;\n}\n");
	check(has(&r, "take(d);") && has(&r, "take_all(d);") && has(&r, "o->ioctl = top;"),
	      "callers of kept functions are kept, to a fixpoint, and a body that stores one");
	check(!has(&r, "return 42;") && r.e.bodies == 1, "a body that mentions none is left out");
	check(elision_named(&r.e, "take") && elision_named(&r.e, "take_all") &&
	      elision_named(&r.e, "top") && !elision_named(&r.e, "unrelated"),
	      "the kept functions' names");
	done(&r);

	r = elide("static int quiet(void)\n{\n#define LOCAL(x) ((x) + 1)\n#ifdef CONFIG_X\n"
		  "\tif (a)\n#else\n\tif (b)\n#endif\n\t{\n\t\treturn LOCAL(1);\n\t}\n"
		  "\treturn \"}\"[0] + '{' /* } */;\n}\n"
		  "static void lock(struct dev *d)\n{\n\tspin_lock(&d->l);\n}\n");
	check(same_shape(&r) && has(&r, "#define LOCAL(x) ((x) + 1)\n#ifdef CONFIG_X\n") &&
	      has(&r, "\n#else\n") && has(&r, "\n#endif\n") && !has(&r, "return LOCAL"),
	      "preprocessor lines in a blanked body stay, the rest goes");
	check(has(&r, "spin_lock(&d->l);") && r.e.bodies == 1,
	      "braces in literals and comments do not end a body");
	done(&r);

	r = elide("static int f(void)\n{\n\treturn 1;\n}\n}\n"
		  "static void g(struct dev *d)\n{\n\tmutex_lock(&d->m);\n}\n");
	check(r.e.bytes == 0 && !strcmp(r.raw, r.text), "brackets that do not balance: nothing left out");
	done(&r);

	r = elide("int k_and_r(a)\nint a;\n{\n\treturn a;\n}\n"
		  "static DEFINE_MUTEX(m);\n"
		  "void (*pick(int i))(void)\n{\n\treturn 0;\n}\n"
		  "static void user(void)\n{\n\tmutex_lock(&m);\n\tpick(1);\n}\n");
	check(has(&r, "\treturn a;\n"), "an old-style definition is not taken for a body");
	check(!has(&r, "\treturn 0;\n") && r.e.bodies == 1,
	      "a function returning a function pointer is a body");
	check(elision_body(&r.e, (uint32_t)(strstr(r.raw, "{\n\tmutex_lock") - r.raw),
			   (uint32_t)(strstr(r.raw, "pick(1);\n}") - r.raw) + 10) == 1,
	      "elision_body finds a kept body by its braces");
	done(&r);

	{
		const char *src = "static int a(void)\n{\n\treturn 1;\n}\n"
				  "void reg(struct ops *o)\n{\n\to->read = spool_read;\n}\n"
				  "static void b(void)\n{\n\treg(0);\n}\n";
		struct name_set asked = {0};
		name_set_add(&asked, "spool_read");
		struct run q = { xstrdup(src), xstrdup(src), strlen(src), {0} };
		elide_bodies(q.raw, q.text, q.len, &asked, NULL, false, false, &q.e);
		check(has(&q, "o->read = spool_read;") && has(&q, "reg(0);") && !has(&q, "return 1;"),
		      "a body that mentions an asked name is kept, and its callers");
		bool gone = false;
		for (uint32_t k = 0; k < q.e.ngone; k++)
			gone |= q.e.gone[k] == scan_name_hash("spool_read", 10);
		check(!gone, "an asked name in a kept body is not among the names left out");
		done(&q);
		q = (struct run){ xstrdup(src), xstrdup(src), strlen(src), {0} };
		elide_bodies(q.raw, q.text, q.len, NULL, NULL, false, false, &q.e);
		for (uint32_t k = 0; k < q.e.ngone; k++)
			gone |= q.e.gone[k] == scan_name_hash("spool_read", 10);
		check(gone && !has(&q, "spool_read;"), "... and without it, left out and remembered");
		done(&q);
		name_set_release(&asked);
	}

	r = elide("#include <linux/x.h>\nstatic mutex_fn *f = mutex_lock;\n"
		  "static int a(void)\n{\n\treturn 1;\n}\n");
	check(r.e.bodies == 1 && !has(&r, "return 1;") && has(&r, "f = mutex_lock;"),
	      "a rule's name outside every body keeps no body");
	done(&r);
}

/* normalize_early() then normalize_late() on text nothing was blanked in:
 * byte for byte what normalize() writes? */
static bool halves_agree(const char *path_or_null, const char *text)
{
	struct source a = {0}, b = {0};
	char *why = NULL;
	if (path_or_null) {
		if (source_load(&a, path_or_null, 1 << 26, &why) < 0 ||
		    source_load(&b, path_or_null, 1 << 26, &why) < 0) {
			free(why);
			source_release(&a);
			source_release(&b);
			return false;
		}
	} else {
		a.raw = xstrdup(text);
		b.raw = xstrdup(text);
		a.len = b.len = strlen(text);
	}
	normalize(&a);
	normalize_early(&b);
	normalize_late(b.text, b.len);
	bool same = !memcmp(a.text, b.text, a.len + 1) && a.user_marks.n == b.user_marks.n;
	source_release(&a);
	source_release(&b);
	return same;
}

/* halves_agree() on every .c file under dir; how many, or -1 at the first
 * that differs (printed). */
static long halves_agree_under(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	long n = 0;
	struct dirent *de;
	while (n >= 0 && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		char *p = xasprintf("%s/%s", dir, de->d_name);
		struct stat st;
		size_t l = strlen(p);
		if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
			long k = halves_agree_under(p);
			n = k < 0 ? -1 : n + k;
		} else if (l > 2 && !strcmp(p + l - 2, ".c")) {
			if (halves_agree(p, NULL)) {
				n++;
			} else {
				printf("# normalize() and its halves differ on %s\n", p);
				n = -1;
			}
		}
		free(p);
	}
	closedir(d);
	return n;
}

static void test_halves(void)
{
	/* the rewrites of the second half: a block macro's loop, a statement
	 * macro with no ';', a top-level call with operator arguments, a
	 * conditional group that splits a statement, a type macro */
	static const char *const texts[] = {
		"void f(void)\n{\n\tdo_each_pid_task(pid, type, p) {\n\t\tn++;\n"
		"\t} while_each_pid_task(pid, type, p);\n}\n",
		"#define OPS(op, c) int f_##op(int a) { return a c 1; }\nOPS(add, +)\nOPS(sub, -)\n"
		"int g(void)\n{\n\tDECLARE_X(y)\n\tFOO\n\treturn 0;\n}\n",
		"void f(int a)\n{\n#ifdef A\n\tif (a) {\n#else\n\tif (!a) {\n#endif\n\t\tg();\n\t}\n}\n",
		"void f(void)\n{\n\ttypeof(x) v = 1;\n\tasm volatile(\"nop\" X \"y\");\n"
		"\tswitch (v) { case 1 ... 5: break; }\n}\n",
	};
	bool all = true;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		all &= halves_agree(NULL, texts[i]);
	check(all, "normalize_early() + normalize_late() write what normalize() does (examples)");
	long n = halves_agree_under("tests/cases");
	check(n > 100, "normalize_early() + normalize_late() write what normalize() does (every case file)");

	/* the first half leaves a block macro for the second */
	struct source s = {0};
	s.raw = xstrdup(texts[0]);
	s.len = strlen(texts[0]);
	normalize_early(&s);
	bool early = strstr(s.text, "do_each_pid_task(pid, type, p) {") != NULL;
	normalize_late(s.text, s.len);
	check(early && strstr(s.text, "\tdo                             {") != NULL,
	      "the block macro's loop is written by the second half");
	source_release(&s);

	/* the second half on text whose bodies are blanked: the head stays,
	 * the body is the blanks it was */
	const char *src = "#define OPS(op, c) int f_##op(int a) { return a c 1; }\nOPS(add, +=)\n"
			  "static int g(void)\n{\n\tdo_each_thread(a, b) {\n\t\tn++;\n\t} while_each_thread(a, b);\n"
			  "\treturn 0;\n}\n";
	s = (struct source){0};
	s.raw = xstrdup(src);
	s.len = strlen(src);
	normalize_early(&s);
	struct elision e;
	elide_bodies(s.raw, s.text, s.len, NULL, NULL, false, false, &e);
	normalize_late(s.text, s.len);
	check(e.bodies == 1 && strstr(s.text, "static int g(void)\n{\n   ") && !strstr(s.text, "n++") &&
	      !strstr(s.text, "OPS(add") && strlen(s.text) == s.len,
	      "the second half after blanking: the top-level call is rewritten, the body stays blank");
	elision_release(&e);
	source_release(&s);

	/* a macro that takes an initialiser as its body is no function: the
	 * second half spells it as a declaration only if the fields are there */
	src = "define_machine(board) {\n\t.name = \"b\",\n\t.probe = board_probe,\n};\n"
	      "static int board_probe(void)\n{\n\treturn 1;\n}\n";
	s = (struct source){0};
	s.raw = xstrdup(src);
	s.len = strlen(src);
	normalize_early(&s);
	elide_bodies(s.raw, s.text, s.len, NULL, NULL, false, false, &e);
	normalize_late(s.text, s.len);
	check(e.bodies == 1 && strstr(s.text, "board= {") && strstr(s.text, ".probe = board_probe,") &&
	      !strstr(s.text, "return 1;"),
	      "`define_machine(x) { .f = ... };` is no body: its initialiser stays for the second half");
	elision_release(&e);
	source_release(&s);
}

int main(void)
{
	struct rule_set rs = {0};
	arena_init(&rs.arena);
	rules_builtin(&rs);
	rules_set(&rs);
	test_bodies();
	test_halves();
	rules_set(NULL);
	rules_release(&rs);
	return failures ? 1 : 0;
}
