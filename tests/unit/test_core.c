// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the data structures (arena, strbuf, vectors, hash), for
 * the kernel-dialect normalisation, whose one promise is that every byte
 * offset and newline stays where it was, and for what counts as touching
 * the address limit in a function's text or a file's names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api.h"
#include "load.h"
#include "normalize.h"
#include "parse.h"
#include "relevance.h"
#include "util.h"

static int failures;

static void check(bool cond, const char *what)
{
	printf("%s - %s\n", cond ? "ok" : "not ok", what);
	failures += !cond;
}

static void test_arena(void)
{
	struct arena a;
	arena_init(&a);
	char *p = arena_alloc(&a, 10);
	memset(p, 'x', 10);
	char *big = arena_alloc(&a, 200000);	/* larger than a chunk */
	big[199999] = 1;
	int *z = arena_alloc(&a, sizeof(int) * 4);
	check(z[0] == 0 && z[3] == 0, "arena memory is zeroed");
	check(((uintptr_t)z % _Alignof(max_align_t)) == 0, "arena memory is aligned");
	char *s = arena_strndup(&a, "hello world", 5);
	check(!strcmp(s, "hello"), "arena_strndup copies n bytes and terminates");
	check(a.total >= 200000 + 10, "arena counts what it handed out");
	arena_release(&a);
	check(a.head == NULL && a.total == 0, "arena_release empties the arena");

	/* strings are packed (no alignment), the allocations between them
	 * still aligned and zeroed, across many chunks; nothing overlaps */
	arena_init(&a);
	char *s1 = arena_strndup(&a, "ab", 2), *s2 = arena_strndup(&a, "cde", 3);
	check(s2 == s1 + 3 && !strcmp(s1, "ab") && !strcmp(s2, "cde"),
	      "arena strings are packed one after another");
	enum { N = 5000 };
	static char *strs[N];
	static uint64_t *words[N];
	bool aligned = true, intact = true;
	for (int i = 0; i < N; i++) {
		char name[32];
		int len = snprintf(name, sizeof(name), "fn_%d%s", i, i % 3 ? "" : "_longer_name");
		strs[i] = arena_strndup(&a, name, (size_t)len);
		words[i] = NULL;
		if (i % 7 == 0) {
			words[i] = arena_alloc(&a, 3 * sizeof(uint64_t));
			aligned &= ((uintptr_t)words[i] % _Alignof(max_align_t)) == 0;
			aligned &= words[i][0] == 0 && words[i][2] == 0;
			words[i][0] = words[i][1] = words[i][2] = UINT64_MAX;
		}
	}
	for (int i = 0; i < N; i++) {
		char name[32];
		snprintf(name, sizeof(name), "fn_%d%s", i, i % 3 ? "" : "_longer_name");
		intact &= !strcmp(strs[i], name);
		if (words[i])
			intact &= words[i][0] == UINT64_MAX && words[i][2] == UINT64_MAX;
	}
	check(aligned, "arena_alloc after packed strings is aligned and zeroed");
	check(intact, "arena strings and words interleaved across chunks stay intact");
	arena_release(&a);
}

static void test_strbuf(void)
{
	struct strbuf sb;
	strbuf_init(&sb);
	for (int i = 0; i < 1000; i++)
		strbuf_addf(&sb, "%d,", i);
	check(sb.len == strlen(sb.buf), "strbuf length matches its text");
	check(!strncmp(sb.buf, "0,1,2,", 6) && !strcmp(sb.buf + sb.len - 4, "999,"),
	      "strbuf_addf appends in order");
	strbuf_reset(&sb);
	strbuf_adds(&sb, "ab");
	strbuf_addc(&sb, 'c');
	check(!strcmp(sb.buf, "abc") && sb.len == 3, "strbuf_reset then add");
	char *d = strbuf_detach(&sb);
	check(!strcmp(d, "abc") && sb.len == 0 && sb.buf[0] == '\0', "strbuf_detach hands over the buffer");
	free(d);
	strbuf_release(&sb);
}

static void test_vec_hash(void)
{
	VEC(int) v = {0};
	for (int i = 0; i < 10000; i++)
		VEC_PUSH(v, i * 2);
	check(v.n == 10000 && v.v[9999] == 19998 && v.alloc >= v.n, "VEC_PUSH grows and keeps order");
	VEC_FREE(v);
	check(v.v == NULL && v.n == 0, "VEC_FREE resets");
	check(hash_bytes("abc", 3, 0) == hash_bytes("abc", 3, 0), "hash is deterministic");
	check(hash_bytes("abc", 3, 0) != hash_bytes("abd", 3, 0), "hash separates inputs");
	check(hash_bytes("abc", 3, 0) != hash_bytes("abc", 3, 1), "hash seed matters");
}

static struct source src_of(const char *text)
{
	struct source s = {0};
	s.raw = xstrdup(text);
	s.len = strlen(text);
	s.bad_utf8 = -1;
	normalize(&s);
	return s;
}

static bool same_shape(const struct source *s)
{
	if (strlen(s->text) != s->len)
		return false;
	for (size_t i = 0; i < s->len; i++)
		if ((s->raw[i] == '\n') != (s->text[i] == '\n'))
			return false;
	return true;
}

/* Does the grammar read the normalised text without an error? */
static bool parses(const struct source *s)
{
	TSParser *p = ts_parser_new();
	ts_parser_set_language(p, tree_sitter_c());
	TSTree *tree = ts_parser_parse_string(p, NULL, s->text, (uint32_t)s->len);
	bool ok = !ts_node_has_error(ts_tree_root_node(tree));
	ts_tree_delete(tree);
	ts_parser_delete(p);
	return ok;
}

/* first_bad_utf8() at every offset around its eight-byte steps */
static void test_utf8(void)
{
	char buf[40];
	bool all = true;
	for (size_t at = 0; at < 24; at++) {
		memset(buf, 'a', sizeof(buf));
		buf[at] = (char)0xff;	/* never valid */
		all &= first_bad_utf8((const unsigned char *)buf, sizeof(buf)) == (long)at;
		memcpy(buf + at, "\xc3\xa9\xe2\x82\xac", 5);	/* valid: e-acute, euro */
		all &= first_bad_utf8((const unsigned char *)buf, sizeof(buf)) == -1;
		buf[at + 4] = 'a';	/* a cut three-byte sequence */
		all &= first_bad_utf8((const unsigned char *)buf, sizeof(buf)) == (long)at + 2;
	}
	check(all, "first_bad_utf8: the first bad byte at any offset, valid sequences passed");
	check(first_bad_utf8((const unsigned char *)"abcdefg\xc3", 8) == 7 &&
	      first_bad_utf8((const unsigned char *)"", 0) == -1,
	      "first_bad_utf8: a sequence cut by the end of the text");
}

static void test_normalize(void)
{
	struct source s = src_of("static long __init foo(char __user *p, int __iomem *q)\n{\n"
				 "\tlist_for_each_entry(a, &b, c) {\n\t\tx = container_of(p, struct foo, m);\n\t}\n"
				 "\ty = min_t(unsigned int, 1, 2); /* __user in a comment */ s = \"__user\";\n}\n");
	check(same_shape(&s), "normalize keeps length and newlines");
	check(strstr(s.text, "__init") == NULL && strstr(s.text, "char        *p"),
	      "annotations are blanked");
	check(s.user_marks.n == 1, "only the __user in code is remembered");
	check(strstr(s.text, "while              (a, &b, c)") != NULL, "iterator macro becomes while");
	check(strstr(s.text, "container_of(p, _         , m)") != NULL, "struct type argument becomes _");
	check(strstr(s.text, "min_t(_           , 1, 2)") != NULL, "primitive type argument becomes _");
	check(strstr(s.text, "/* __user in a comment */") && strstr(s.text, "\"__user\""),
	      "comments and strings are untouched");
	source_release(&s);

	s = src_of("SYSCALL_DEFINE3(read, unsigned int, fd, char __user *, buf, size_t, count)\n{\n}\n"
		   "COMPAT_SYSCALL_DEFINE0(pause)\n{\n}\n");
	check(same_shape(&s), "syscall rewrite keeps length and newlines");
	check(!strncmp(s.text, "long sys_read(", 14), "SYSCALL_DEFINE3 becomes long sys_read(");
	check(strstr(s.text, "unsigned int  fd") && strstr(s.text, "size_t  count"),
	      "type, name pairs lose their comma");
	check(strstr(s.text, "long compat_sys_pause(void") != NULL, "COMPAT_SYSCALL_DEFINE0 takes void");
	source_release(&s);

	s = src_of("static const struct q t[] = {\n\tQ(\"a\", 1, {}),\n\tQ(\"b\", 2, {\n\t\tM(X, \"y\"),\n\t}),\n};\n"
		   "void g(void)\n{\n\tstruct r v[2] = { { 0, 1 }, { 2, 3 } };\n"
		   "\th(1, ({ int k = 2; k; }), &(struct r){ .lo = 1 });\n}\n");
	check(same_shape(&s), "brace arguments keep length and newlines");
	check(strstr(s.text, "Q(\"a\", 1, 0 )") != NULL, "an empty brace argument becomes 0");
	check(strstr(s.text, "Q(\"b\", 2, (\n\t\tM(X, \"y\"),\n\t))") != NULL,
	      "a brace argument becomes a parenthesised list");
	check(strstr(s.text, "{ { 0, 1 }, { 2, 3 } }") && strstr(s.text, "({ int k = 2; k; })") &&
	      strstr(s.text, "(struct r){ .lo = 1 }") && strstr(s.text, "t[] = {"),
	      "nested initializers, statement expressions and compound literals are kept");
	source_release(&s);

	s = src_of("int list_for_each_thing(int x)\n{\n\treturn xyz_for_each(a, b);\n}\n");
	check(!strncmp(s.text, "int list_for_each_thing(", 24) && strstr(s.text, "xyz_for_each(a, b);"),
	      "a function named for_each, or a call ending in ';', is not a loop");
	source_release(&s);

	s = src_of("void f(void)\n{\n\tdo {\n\t\tn++;\n\t} while_each_thread(g, t);\n"
		   "\tdo_each_pid_task(pid, type, p) {\n\t\tn++;\n\t} while_each_pid_task(pid, type, p);\n"
		   "\twhile_each_thread(father, t) {\n\t\tn++;\n\t}\n}\n");
	check(same_shape(&s) && parses(&s), "while_each_* loops keep length and newlines and parse");
	check(strstr(s.text, "} while            (g, t);") != NULL,
	      "`} while_each_thread(g, t);` ends the do loop");
	check(strstr(s.text, "\tdo                             {") &&
	      strstr(s.text, "} while              (pid, type, p);"),
	      "do_each_pid_task(...) { ... } while_each_pid_task(...); becomes a do loop");
	check(strstr(s.text, "\twhile            (father, t) {") != NULL,
	      "while_each_thread(...) { is a while loop");
	source_release(&s);

	s = src_of("#ifdef A\n__attribute__((l1_text))\n#endif\nint f(int x)\n{\n\treturn x;\n}\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "#ifdef") == NULL &&
	      strstr(s.text, "__attribute__((l1_text))") != NULL,
	      "an attribute under #ifdef before a function joins it");
	source_release(&s);

	s = src_of("void f(int a)\n{\n#if 0\n\tif (a) {\n#endif\n\tif (b) {\n\t\tg();\n\t}\n}\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "if (a)") == NULL &&
	      strstr(s.text, "if (b) {") != NULL,
	      "an #if 0 arm with unbalanced braces is blanked");
	source_release(&s);

	s = src_of("struct {\n\tint d, p;\n}\n#ifndef A\n t[2] = { {0, 0}, {1, 2} };\n#else\n"
		   " t[2] = { {0, 0}, {3, 4} };\n#endif\nint x;\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "{1, 2}") && !strstr(s.text, "{3, 4}"),
	      "conditional declarators after a struct body: one arm is kept");
	source_release(&s);

	s = src_of("struct t tab[] =\n{\n#if defined(A)\n\t{0, f}\n#else\n\t{1, g},\n\t{2, h}\n#endif\n};\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "\t{0, f}\n,    \n\t{1, g},") != NULL,
	      "initialiser arms are joined with a ',' in the directive between them");
	source_release(&s);

	s = src_of("struct f fops = {\n\t.ioctl =\n#ifdef X\n\tf1\n#else\n\tf2\n#endif\n\t,\n};\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "f1") && !strstr(s.text, "f2"),
	      "arms of one initialiser value are not joined: one is kept");
	source_release(&s);

	s = src_of("#define DBG(fmt...) printk(fmt)\n#define PORTS \\\n\t{ 0, 1 }, /* ttyS0 */ \\\n"
		   "\t{ 2, 3 }, /* ttyS1 */\nstatic int x[] = { PORTS };\n");
	check(same_shape(&s) && parses(&s), "#define with comments and args... parses");
	check(strstr(s.text, "DBG(fmt   )") && strstr(s.text, "{ 0, 1 },             \\") &&
	      strstr(s.text, "{ 2, 3 }, /* ttyS1 */"),
	      "comments inside a #define are blanked, the last one stays");
	source_release(&s);

	s = src_of("void f(void)\n{\n#ifdef A\n\tfor (i = 0; i < 16; i++) {\n\t\tg(i);\n\t}\n"
		   "\tfor (i = 0; i < 512; i++) {\n#else\n\tfor (i = 0; i < 528; i++) {\n#endif\n"
		   "\t\th(i);\n\t}\n}\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "g(i);") && !strstr(s.text, "512") &&
	      strstr(s.text, "i < 528"),
	      "arms of statements then the same opening: all statements, the last opening");
	source_release(&s);

	s = src_of("void f(void)\n{\n#ifdef A\n\tif (x) g();\n\telse h();\n\tfor (;;) {\n#else\n"
		   "\tfor (;;) {\n#endif\n\t\tk();\n\t}\n}\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "\telse h();\n\t          \n"),
	      "the statements before the opening end after the else, not before it");
	source_release(&s);

	s = src_of("void f(void)\n{\n#ifdef A\n\tfor (;;) {\n\t\tbreak;\n\t}\n\tif (a) {\n#else\n"
		   "\twhile (b) {\n#endif\n\t\th();\n\t}\n}\n");
	check(same_shape(&s) && parses(&s) && !strstr(s.text, "#ifdef A") && strstr(s.text, "if (a)") &&
	      strstr(s.text, "break;") && !strstr(s.text, "while (b)"),
	      "arms whose openings differ, the shorter one holding no jump or call that matters: "
	      "the longer arm is kept");
	source_release(&s);

	s = src_of("void f(void)\n{\n\tCRITFLAGS\n\n\tDBG(__func__)\n\tCRITBEGIN\n\tg();\n"
		   "\tCRITEND\n}\nvoid h(void)\n{\n\tIdle\n}\n");
	check(same_shape(&s) && parses(&s), "statement macros without ';' parse");
	check(strstr(s.text, ";DBG(__func__)\n;CRITBEGIN\n;g();\n\tCRITEN;\n}") && strstr(s.text, "Idl;"),
	      "bare statement macros get a ';' (or their last letter) and calls stay calls");
	source_release(&s);

	s = src_of("const char *name(int cmd)\n{\n\tswitch (cmd) {\n\tN(UP) N(DOWN)\n\tN(GOING_DOWN) N(JOIN)\n"
		   "\t}\n\tFOO(a) BAR(b);\n\treturn 0;\n}\n");
	check(same_shape(&s) && strstr(s.text, "\tN(UP);N(DOWN)\n;N(GOING_DOWN);N(JOIN)\n;}") &&
	      strstr(s.text, "FOO(a) BAR(b);"),
	      "the same macro again on a line is a run of statements; other calls are not split");
	source_release(&s);

	s = src_of("int f(int n)\n{\n#ifdef C\n\tif (n < sizeof(struct dlm_lock_result32))\n#else\n"
		   "\tif (n < sizeof(struct dlm_lock_result))\n#endif\n\t\treturn -1;\n\treturn 0;\n}\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "result32") && !strstr(s.text, "result))"),
	      "a struct tag naming a lock does not make two arms differ");
	source_release(&s);

	s = src_of("static const DECLARE_TLV_DB_RANGE(volume_tlv,\n\t0, 0, TLV_DB_SCALE_ITEM(-16150, 0, 0),\n"
		   "\t1, 1, TLV_DB_SCALE_ITEM(-9280, 0, 0)\n);\nint f(void)\n{\n\treturn 0;\n}\n");
	check(same_shape(&s) && parses(&s) && !strncmp(s.text, "             DECLARE_TLV_DB_RANGE(", 34),
	      "`static const` before a declaring macro at file scope is blanked");
	source_release(&s);

	s = src_of("static struct m pins[] = {\n\tMUX_CFG(DA830, A, 0, 0)\n\tMUX_CFG(DA830, B, 0, 4)\n"
		   "\t/* last */\n\tMUX_CFG(DA830, C, 0, 8)\n\t{ .flags = 0 },\n};\n");
	check(same_shape(&s) && parses(&s), "initialiser macros without ',' parse");
	check(strstr(s.text, "0, 0)\n,MUX_CFG(DA830, B") && strstr(s.text, "0, 4)\n,/* last */") &&
	      strstr(s.text, "0, 8)\n,{ .flags"),
	      "a blank between table macros becomes the ','");
	source_release(&s);

	s = src_of("static const __pernet_initconst struct t {\n\tint a;\n} tab[] = { { 1 } };\n"
		   "static __my_inline unsigned long f(__u32 const x, __le16 v)\n{\n\treturn x;\n}\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "static const                    struct t {") &&
	      strstr(s.text, "static             unsigned long f(__u32 const x, __le16 v)"),
	      "an unknown __word before struct or a type keyword is an annotation; before const or a name it stays");
	source_release(&s);

	s = src_of("void f(void)\n{\n#ifdef A\n\tif (x) {\n\t\tg();\n\t} else if (y) {\n#else\n"
		   "\tif (y) {\n#endif\n\t\th();\n\t}\n#ifdef A\n\tif (z)\n\t\tk();\n\telse {\n#else\n"
		   "\t{\n#endif\n\t\tm();\n\t}\n}\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "g();\n\t} else if (y) {\n") &&
	      strstr(s.text, "\telse {\n") && !strstr(s.text, "#else") && !strstr(s.text, "\tif (y) {"),
	      "an arm that is the tail of another: the longer arm is kept");
	source_release(&s);

	s = src_of("void f(void)\n{\n#ifdef A\n\tif (x) {\n\t\tg();\n\t} else if (y) {\n#else\n"
		   "\tif (w) {\n#endif\n\t\th();\n\t}\n}\n");
	check(same_shape(&s) && parses(&s) && !strstr(s.text, "#ifdef A") && !strstr(s.text, "if (w)") &&
	      strstr(s.text, "} else if (y) {"),
	      "an arm that is not the tail of another and holds nothing that matters: the longer is kept");
	source_release(&s);
	s = src_of("void f(void)\n{\n#ifdef A\n\tif (x) {\n\t\tg();\n\t} else if (y) {\n#else\n"
		   "\tif (w) {\n\t\treturn;\n\t}\n\tif (v) {\n#endif\n\t\th();\n\t}\n}\n");
	check(same_shape(&s) && strstr(s.text, "#ifdef A") && strstr(s.text, "if (w)"),
	      "... one whose other arm holds a return is left as written");
	source_release(&s);

	s = src_of("DEV_ATTR(binf2, BINF.2)\nDEV_ATTR(chsw, CHSW)\nstatic int x;\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "DEV_ATTR binf2, BINF_2;") &&
	      strstr(s.text, "DEV_ATTR chsw, CHSW;"),
	      "a file-scope macro argument `NAME.2` becomes one name");
	source_release(&s);

	s = src_of("static struct m pins[] = {\nMUX(\"A\", 12, 0)\nMUX(\"B\", 13, 1)\n\n/* c */\nMUX(\"C\", 5, x)\n};\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "MUX(\"A\", 12,0),\nMUX(\"B\", 13,1),\n\n/* c */") &&
	      strstr(s.text, "MUX(\"C\", 5, x)\n};"),
	      "table macros in column 0: the blank before the last argument moves to make the ','");
	source_release(&s);

	s = src_of("struct r {\n\tFIELD(u64 a:1,\n\t/* b */\n\tFIELD(u64 b:3,\n\tFIELD(u64 c[2],\n\t;)))\n};\n"
		   "struct q {\n\tFIELD(u64 d, e);\n};\n");
	check(same_shape(&s) && strstr(s.text, "\t      u64 a:1;\n") &&
	      strstr(s.text, "\t      u64 c[2];\n\t    \n};") && strstr(s.text, "\tFIELD(u64 d, e);"),
	      "nested field macros in a struct body become the fields in order");
	source_release(&s);
	s = src_of("struct r {\n\tFIELD(u64 a:1,\n\tFIELD(u64 b:3,\n\t;))\n};\n");
	check(same_shape(&s) && parses(&s), "a nested field macro chain parses");
	source_release(&s);

	s = src_of("static int a[] = { 1, 2 };\n#if 0\n{\n\t[X] = 1,\n};\n#endif\n#if 0\nint b;\n#endif\nint c;\n");
	check(same_shape(&s) && parses(&s) && !strstr(s.text, "[X]") && !strstr(s.text, "int b;") &&
	      strstr(s.text, "int c;"),
	      "an #if 0 arm at file scope is blanked, whether it starts with a name or not");
	source_release(&s);

	/* the file's own #define/#undef lines above a condition decide it */
	s = src_of("#define USE_A 1\nint f(void)\n{\n#ifdef USE_A\n\ta();\n#else\n\tb();\n#endif\n"
		   "#undef USE_A\n#ifdef USE_A\n\tc();\n#endif\n#if LATE\n\td();\n#endif\n\treturn 0;\n}\n"
		   "#define LATE 1\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "a();") && !strstr(s.text, "b();") &&
	      !strstr(s.text, "c();") && strstr(s.text, "d();") && strstr(s.text, "#if LATE"),
	      "#define then #ifdef: the arm is decided; after #undef the other way; a later #define does not count");
	source_release(&s);
	s = src_of("#ifdef CONFIG_X\n#define USE_A 1\n#endif\n#undef USE_B\n#include \"b.h\"\n"
		   "#define MODE (BASE + 1)\n#define BASE 1\n#define FN(x) (x)\n"
		   "int f(void)\n{\n#ifdef USE_A\n\ta();\n#endif\n#ifdef USE_B\n\tb();\n#endif\n"
		   "#if MODE == 2\n\tc();\n#else\n\td();\n#endif\n#ifdef FN\n\te();\n#endif\n"
		   "#if FN(1)\n\tg();\n#endif\n\treturn 0;\n}\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "#ifdef USE_A") && strstr(s.text, "#ifdef USE_B") &&
	      strstr(s.text, "c();") && !strstr(s.text, "d();") && strstr(s.text, "e();") &&
	      !strstr(s.text, "#ifdef FN") && strstr(s.text, "#if FN(1)"),
	      "a #define under an undecided #if, an #undef before an #include, a function-like macro's use: undecided");
	source_release(&s);
	s = src_of("void f(void)\n{\n\tm &= ~G;\n#if 0\n\tif (!dom())\n#endif\n\t\tm &= ~P;\n"
		   "#if 0\n\tg();\n#else\n\th();\n#endif\n}\n");
	check(same_shape(&s) && parses(&s) && !strstr(s.text, "dom()") && strstr(s.text, "m &= ~P;") &&
	      !strstr(s.text, "g();") && strstr(s.text, "h();"),
	      "an #if 0 arm inside a function is blanked (one holding only an if's head broke the parse)");
	source_release(&s);
	/* Mali's kbase_mem_alias(): the arms open the same brace, the #else
	 * one holds nothing the analysis looks at: the longest stays (left as
	 * written, the grammar lost the whole file) */
	s = src_of("u64 f(struct k *c)\n{\n#ifdef CONFIG_64BIT\n\tif (!c->compat) {\n"
		   "\t\tif (!c->cookies)\n\t\t\tgoto no_cookie;\n\t\tva = 1;\n\t} else {\n"
		   "#else\n\tif (1) {\n#endif\n\t\tva = 2;\n\t}\n\treturn va;\nno_cookie:\n\treturn 0;\n}\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "goto no_cookie") &&
	      !strstr(s.text, "if (1)") && !strstr(s.text, "#else"),
	      "arms that open the same brackets, the shorter holding no jump or call that matters: "
	      "the longest is kept");
	source_release(&s);
	s = src_of("int f(struct k *c)\n{\n#ifdef CONFIG_64BIT\n\tif (!c->compat) {\n\t\tva = 1;\n"
		   "\t\tvb = 3;\n\t} else {\n#else\n\tif (c)\n\t\treturn -1;\n\tif (1) {\n#endif\n"
		   "\t\tva = 2;\n\t}\n\treturn va;\n}\n");
	check(same_shape(&s) && strstr(s.text, "return -1") && strstr(s.text, "#else"),
	      "... but not when a shorter arm holds a return: the group is left as written");
	source_release(&s);
	/* falcosecurity-scap's ppm_ioctl: two groups of one condition whose
	 * arms balance only with the same arm of the other */
	s = src_of("long f(void)\n{\n\trcu_read_lock();\n#ifdef for_each_process_thread\n"
		   "\tfor_each_process_thread(p, t) {\n#else\n\tfor_each_process(p) {\n\t\tt = p;\n"
		   "\t\tdo {\n\t\t\ttask_lock(p);\n#endif\n\t\t\tn++;\n#ifdef for_each_process_thread\n"
		   "\t}\n#else\n\t\t\ttask_unlock(p);\n\t\t} while_each_thread(p, t);\n\t}\n#endif\n"
		   "\trcu_read_unlock();\n\treturn n;\n}\n");
	check(same_shape(&s) && parses(&s) && strstr(s.text, "task_lock(p)") &&
	      strstr(s.text, "task_unlock(p)") && !strstr(s.text, "(p, t) {") && !strstr(s.text, "#else"),
	      "two groups of one condition, balanced only by the same arm: that arm in both "
	      "(the one holding the lock calls)");
	source_release(&s);
	s = src_of("long f(void)\n{\n#ifdef X\n\tfor_each_a(p) {\n#else\n\tfor_each_b(p) {\n\t\tdo {\n#endif\n"
		   "\t\t\tn++;\n#ifdef Y\n\t}\n#else\n\t\t} while (0);\n\t}\n#endif\n\treturn n;\n}\n");
	check(same_shape(&s) && strstr(s.text, "#ifdef X") && strstr(s.text, "#ifdef Y"),
	      "... not two groups of different conditions");
	source_release(&s);

	/* one truth value per name across flattened groups: the first (an
	 * `if` body) decides N undefined; a later `if` body keeps its `#else`
	 * arm, and a group after a label whose arm N excludes is an empty
	 * statement */
	s = src_of("void a(int s)\n{\n\tif (s)\n#ifndef N\n\t\tk();\n#else\n\t\tp();\n#endif\n}\n"
		   "void b(int r)\n{\n\tif (r)\n#ifdef N\n\t\tx_one();\n#else\n\t\tx_two();\n#endif\n}\n"
		   "void c(void)\n{\n\tgoto lbl;\nlbl:\n#ifdef N\n\ty_call();\n#endif\n\treturn;\n}\n");
	check(same_shape(&s) && parses(&s), "decided groups keep length and newlines and parse");
	check(strstr(s.text, "k();") && !strstr(s.text, "p();"), "the first group keeps its first arm");
	check(strstr(s.text, "x_two();") && !strstr(s.text, "x_one();"),
	      "a later group of the same name keeps the arm that name gives");
	check(!strstr(s.text, "y_call") && strstr(s.text, "lbl:\n;"),
	      "an arm the name excludes after a label becomes an empty statement");
	source_release(&s);
}

/* set_fs as a name's end, force_uaccess_ as its start or a part after an
 * underscore, for limit_relevant() and the relevance scan alike; not
 * inside another word (xfs's offset_fsb, fs_struct.c's set_fs_root made
 * 86 functions of linux-6.1 "touch the limit") */
static void test_limit_parts(void)
{
	static const struct { const char *text; bool limit; } cases[] = {
		{ "set_fs(KERNEL_DS);", true },
		{ "old = get_fs(); my_set_fs(old);", true },
		{ "__set_fs(x)", true },
		{ "set_fs_root(fs, &root); btrfs_set_fs_incompat(i, X);", false },
		{ "force_uaccess_begin();", true },
		{ "x=force_uaccess_end(y)", true },
		{ "end_fsb = offset_fsb + count_fsb;", false },
		{ "reset_fsync(dev); set_fscontext(c);", false },
		{ "startoffset_fsb; set_fs", true },
		{ "noforce_uaccess_begin()", false },
	};
	struct opts o = {0};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *t = cases[i].text;
		char what[160];
		bool fn = api_has_substr(t, strlen(t), SUB_LIMIT);
		snprintf(what, sizeof(what), "a function's text \"%s\" %s the limit", t,
			 cases[i].limit ? "touches" : "does not touch");
		check(fn == cases[i].limit, what);
		struct scan sc = {0};
		scan_text(&o, t, strlen(t), &sc);
		snprintf(what, sizeof(what), "the scan of \"%s\" agrees (SC_LIMIT %s)", t,
			 cases[i].limit ? "set" : "clear");
		check(!!(sc.flags & SC_LIMIT) == cases[i].limit, what);
		scan_release(&sc);
		scan_flags_text(&o, t, strlen(t), &sc);
		snprintf(what, sizeof(what), "the scan without names of \"%s\" agrees", t);
		check(!!(sc.flags & SC_LIMIT) == cases[i].limit && sc.names_later && !sc.hash, what);
		scan_release(&sc);
	}
}

/* The scan without names (a run that asks for none) gives the flags of
 * the scan with them, a 64-byte block's edges included */
static void test_scan_flags(void)
{
	static const struct { const char *text; uint8_t flags; } cases[] = {
		{ "old = get_fs(); set_fs(KERNEL_DS);", SC_LIMIT | SC_API | SC_RAISE },
		{ "if (uaccess_kernel()) return;", SC_API | SC_RAISE },
		{ "mm_segment_t fs; /* USER_DS */", SC_API },
		{ "static struct file_operations f = { .write = w }; "
		  "ssize_t w(...) { copy_from_user(b, u, n); }", SC_USER_PTR },
		{ "p->write = w; get_user(x, u);", SC_USER_PTR },
		{ ".write = w; /* no copy from user memory */", 0 },
		{ "// addrlimit: ignore ds-leak", SC_MARK },
		{ "0123456789012345678901234567890123456789012345678901234567890 "
		  "KERNEL_DS", SC_API | SC_RAISE },
		{ "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_get_fs get_fs", SC_API },
		{ "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx KERNEL_DSx", 0 },
		{ "1KERNEL_DS 9_set_fs 9set_fs", SC_LIMIT },
		{ "", 0 },
	};
	struct opts o = {0};
	o.enabled[C_USER_PTR_KERNEL_DS] = true;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *t = cases[i].text;
		struct scan a = {0}, b = {0};
		scan_text(&o, t, strlen(t), &a);
		scan_flags_text(&o, t, strlen(t), &b);
		char what[200];
		snprintf(what, sizeof(what), "scan of \"%.60s\": flags %#x, want %#x", t, a.flags,
			 cases[i].flags);
		check(a.flags == cases[i].flags, what);
		snprintf(what, sizeof(what), "scan without names of \"%.60s\": flags %#x, want %#x", t,
			 b.flags, cases[i].flags);
		check(b.flags == cases[i].flags, what);
		scan_release(&a);
		scan_release(&b);
	}
}

/* mem_find() is memmem() (SSE2 blocks and a tail), name_has() the same
 * for short names: fixed edges, then random texts over a small alphabet
 * (so that first and last bytes match often) against memmem(). */
static void test_mem_find(void)
{
	const char *t = "0123456789abcdef0123456789set_fs";	/* 32 bytes */
	check(mem_find(t, 32, "set_fs", 6) == t + 26, "mem_find: a needle that ends the text");
	check(mem_find(t, 31, "set_fs", 6) == NULL, "mem_find: bounded by len");
	check(mem_find(t, 32, "fset_", 5) == NULL, "mem_find: absent");
	check(mem_find(t, 32, "ef01", 4) == t + 14, "mem_find: across a 16-byte block");
	check(mem_find(t, 3, "0123", 4) == NULL, "mem_find: needle longer than the text");
	check(mem_find(t, 32, "", 0) == t, "mem_find: the empty needle is at the start");
	check(name_has("xx_unlock", 9, "unlock", 6) && !name_has("unloc", 5, "unlock", 6) &&
		      name_has("a", 1, "", 0),
	      "name_has: at the end, longer than the name, empty");
	unsigned seed = 12345;
	bool same = true;
	char buf[200], needle[12];
	for (int round = 0; round < 20000 && same; round++) {
		size_t n = (seed = seed * 1103515245u + 12345u) >> 16 & 127;
		size_t m = 1 + ((seed = seed * 1103515245u + 12345u) >> 16) % 10;
		for (size_t i = 0; i < n; i++)
			buf[i] = "ab_"[((seed = seed * 1103515245u + 12345u) >> 16) % 3];
		for (size_t i = 0; i < m; i++)
			needle[i] = "ab_"[((seed = seed * 1103515245u + 12345u) >> 16) % 3];
		const char *want = memmem(buf, n, needle, m);
		same = mem_find(buf, n, needle, m) == want && name_has(buf, n, needle, m) == (want != NULL);
	}
	check(same, "mem_find and name_has agree with memmem over 20,000 random texts");
}

/* Every node's children by kids_next() are its ts_node_named_child()s. */
static bool kids_agree(TSNode n, int depth)
{
	struct kids k;
	uint32_t i = 0, c = ts_node_named_child_count(n);
	bool same = true;
	kids_start(&k, n);
	for (TSNode ch; same && kids_next(&k, &ch); i++)
		same = i < c && ts_node_eq(ch, ts_node_named_child(n, i)) &&
		       (depth > 50 || kids_agree(ch, depth + 1));
	kids_end(&k);
	return same && i == c;
}

/* field_id() gives the grammar's id for each of its field names (and 0
 * for a name it has not), through its caches, twice over. */
static void test_field_id(void)
{
	const TSLanguage *lang = tree_sitter_c();
	uint32_t n = ts_language_field_count(lang);
	bool same = n > 10;
	/* copies at other addresses, alive to the end (the cache is keyed by
	 * the address: callers pass constants) */
	char **copy = xcalloc(n + 1, sizeof(char *));
	for (int round = 0; round < 2; round++)
		for (TSFieldId id = 1; id <= n && same; id++) {
			const char *name = ts_language_field_name_for_id(lang, id);
			if (!copy[id])
				copy[id] = xstrdup(name);
			same = field_id(name) == id && field_id(copy[id]) == id;
		}
	for (uint32_t i = 0; i <= n; i++)
		free(copy[i]);
	free(copy);
	check(same && field_id("no_such_field") == 0,
	      "field_id(): every field of the grammar by its name, none for another");
}

static void test_kids(void)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_addf(&b, "static int t[] = { 1, 2, 3 };\nint f(int x)\n{\n");
	for (int i = 0; i < 40; i++)	/* a block longer than KIDS_BY_INDEX */
		strbuf_addf(&b, "\tif (x > %d) /* c */ return g(x, %d, t[%d]);\n", i, i, i % 3);
	strbuf_addf(&b, "\treturn h(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);\n}\n");
	TSParser *p = ts_parser_new();
	ts_parser_set_language(p, tree_sitter_c());
	TSTree *tree = ts_parser_parse_string(p, NULL, b.buf, (uint32_t)b.len);
	check(kids_agree(ts_tree_root_node(tree), 0),
	      "kids_next(): the named children ts_node_named_child() gives, short and long");
	ts_tree_delete(tree);
	ts_parser_delete(p);
	strbuf_release(&b);
}

/* A file at path (its folders made first). */
static void put_file(const char *path)
{
	char buf[512];
	snprintf(buf, sizeof(buf), "%s", path);
	for (char *q = buf + 1; *q; q++)
		if (*q == '/') {
			*q = 0;
			mkdir(buf, 0755);
			*q = '/';
		}
	FILE *f = fopen(path, "w");
	if (f)
		fclose(f);
}

/* collect_files() on two threads gives walk()'s paths in walk()'s order:
 * files at the top, beside and below folders, a kernel top's tools/
 * (whose headers are not kept), a linked folder (skipped) and file. */
static void test_walk_two(void)
{
	char top[] = "/tmp/addrlimit-walk-XXXXXX";
	if (!mkdtemp(top)) {
		check(false, "collect_files: a temporary folder");
		return;
	}
	static const char *const files[] = {
		"a.c", "z.h", "arch/x86/k.c", "arch/x86/include/k.h", "kernel/exit.c", "kernel/a/b/c/d.c",
		"drivers/net/e.c", "drivers/net/e.h", "drivers/x.c", "tools/t.c", "tools/t.h",
		"m/n.c", "m/o/p.h", "m/o/q.c", "y.c",
	};
	char path[512];
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", top, files[i]);
		put_file(path);
	}
	char to[512];
	snprintf(path, sizeof(path), "%s/linked", top);
	snprintf(to, sizeof(to), "%s/m", top);
	check(symlink(to, path) == 0, "collect_files: a linked folder made");
	snprintf(path, sizeof(path), "%s/l.c", top);
	snprintf(to, sizeof(to), "%s/a.c", top);
	check(symlink(to, path) == 0, "collect_files: a linked file made");
	path_list a = {0}, ah = {0}, b = {0}, bh = {0};
	check(collect_files(top, &a, &ah, 1) == 0 && collect_files(top, &b, &bh, 2) == 0,
	      "collect_files: a tree walked with one thread and with two");
	bool same = a.n == b.n && ah.n == bh.n;
	for (size_t i = 0; same && i < a.n; i++)
		same = !strcmp(a.v[i], b.v[i]);
	for (size_t i = 0; same && i < ah.n; i++)
		same = !strcmp(ah.v[i], bh.v[i]);
	/* (10 files, the linked one; 4 headers, not tools/t.h) */
	check(same && a.n == 11 && ah.n == 4,
	      "collect_files: two threads give one thread's 11 C files and 4 headers, in its order");
	bool tools_h = false;
	for (size_t i = 0; i < bh.n; i++)
		tools_h |= strstr(bh.v[i], "/tools/") != NULL;
	check(!tools_h && b.n && strstr(b.v[b.n - 1], "/y.c"),
	      "collect_files: a kernel top's tools/ headers left out, the last name last");
	for (size_t i = 0; i < a.n; i++)
		free(a.v[i]);
	for (size_t i = 0; i < b.n; i++)
		free(b.v[i]);
	for (size_t i = 0; i < ah.n; i++)
		free(ah.v[i]);
	for (size_t i = 0; i < bh.n; i++)
		free(bh.v[i]);
	VEC_FREE(a);
	VEC_FREE(b);
	VEC_FREE(ah);
	VEC_FREE(bh);
	char cmd[600];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	check(system(cmd) == 0, "collect_files: the temporary tree removed");
}

/* A table a run touches few entries of: zeroed, aligned, every byte
 * writable, small or large (its own mapping), freed either way. */
static void test_sparse(void)
{
	/* (the two around 4 MiB: one on the heap, one mapped, header included) */
	size_t sizes[] = { 2, 1000, (4u << 20) / 8 - 5, (4u << 20) / 8 - 4, 3000000 };
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		size_t n = sizes[k];
		uint64_t *t = xcalloc_sparse(n, sizeof(*t));
		bool zero = t[0] == 0 && t[n / 2] == 0 && t[n - 1] == 0;
		bool aligned = ((uintptr_t)t % _Alignof(max_align_t)) == 0;
		t[0] = 1;
		t[n - 1] = 2;
		check(zero && aligned && t[0] == 1 && t[n - 1] == 2,
		      "xcalloc_sparse: zeroed, aligned, writable to its last entry");
		free_sparse(t);
	}
	free_sparse(NULL);	/* (a no-op, as free(NULL)) */
}

int main(void)
{
	test_arena();
	test_sparse();
	test_strbuf();
	test_vec_hash();
	test_utf8();
	test_normalize();
	test_limit_parts();
	test_scan_flags();
	test_mem_find();
	test_kids();
	test_field_id();
	test_walk_two();
	return failures ? 1 : 0;
}
