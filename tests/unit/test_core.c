// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the data structures (arena, strbuf, vectors, hash) and
 * for the kernel-dialect normalisation, whose one promise is that every
 * byte offset and newline stays where it was.
 */
#include <stdio.h>
#include <string.h>

#include "load.h"
#include "normalize.h"
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

	s = src_of("int list_for_each_thing(int x)\n{\n\treturn xyz_for_each(a, b);\n}\n");
	check(!strncmp(s.text, "int list_for_each_thing(", 24) && strstr(s.text, "xyz_for_each(a, b);"),
	      "a function named for_each, or a call ending in ';', is not a loop");
	source_release(&s);
}

int main(void)
{
	test_arena();
	test_strbuf();
	test_vec_hash();
	test_normalize();
	return failures ? 1 : 0;
}
