// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the Kconfig reader (kconfig.h): what enabling a symbol
 * needs, from its `depends on` conjuncts and the enclosing `if`, `menu`
 * and `choice`; help text that reads like statements; continued lines;
 * a symbol defined twice; negations; what says nothing (a disjunction).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig.h"
#include "util.h"

static int failures;

static void check(bool cond, const char *what)
{
	printf("%s - %s\n", cond ? "ok" : "not ok", what);
	failures += !cond;
}

static int32_t sym(const char *name)
{
	return kconfig_find(name, strlen(name));
}

static bool needs(const char *a, const char *b)
{
	return sym(a) >= 0 && sym(b) >= 0 && kconfig_needs(sym(a), sym(b));
}

static bool excludes(const char *a, const char *b)
{
	return sym(a) >= 0 && sym(b) >= 0 && kconfig_excludes(sym(a), sym(b));
}

int main(void)
{
	const char *text =
		"mainmenu \"test\"\n"
		"menuconfig NET\n"
		"\tbool \"Networking\"\n"
		"\thelp\n"
		"\t  Say Y.\n"
		"\t  if you say N, depends on nothing (help text)\n"
		"\n"
		"\t  endif: still help\n"
		"if NET\n"
		"config INET\n"
		"\tbool \"TCP/IP\"\n"
		"\t---help---\n"
		"\t  config HELPSYM is help too\n"
		"if INET\n"
		"config IPV6\n"
		"\ttristate \"IPv6\"\n"
		"config IPV6_MIP6\n"
		"\ttristate\n"
		"\tdepends on IPV6 && \\\n"
		"\t\t   (EXPERIMENTAL || BROKEN)\n"
		"endif # INET\n"
		"endif # NET\n"
		"menu \"Drivers\"\n"
		"\tdepends on PCI=y\n"
		"choice\n"
		"\tprompt \"Mode\"\n"
		"\tdepends on !UML\n"
		"config MODE_A\n"
		"\tbool \"A\"\n"
		"config MODE_B\n"
		"\tbool \"B\"\n"
		"\tdepends on FOO || BAR\n"
		"endchoice\n"
		"endmenu\n"
		"config UML\n"
		"\tbool\n"
		"config TWICE\n"
		"\tbool\n"
		"\tdepends on NET && PCI\n"
		"config TWICE\n"
		"\tbool\n"
		"\tdepends on NET # only NET is needed by both\n"
		"config PCI\n"
		"\tdef_bool y\n";
	size_t n = kconfig_parse_text(text, strlen(text));
	check(n > 0 && sym("IPV6") >= 0, "kconfig: symbols read");
	check(needs("INET", "NET") && needs("IPV6", "INET") && needs("IPV6", "NET"),
	      "kconfig: nested `if` blocks: IPV6 needs INET and NET");
	check(needs("IPV6_MIP6", "IPV6") && needs("IPV6_MIP6", "INET"),
	      "kconfig: a continued `depends on` line and its enclosing `if`");
	check(!needs("IPV6_MIP6", "EXPERIMENTAL") && !needs("MODE_B", "FOO"),
	      "kconfig: a disjunction says nothing");
	check(sym("HELPSYM") < 0, "kconfig: help text is not read as statements");
	check(!needs("NET", "NET") && !needs("INET", "IPV6"), "kconfig: needs go one way");
	check(needs("MODE_A", "PCI") && excludes("MODE_A", "UML") && excludes("MODE_B", "UML"),
	      "kconfig: menu and choice `depends on` (PCI=y; !UML of a bool) reach their entries");
	check(needs("TWICE", "NET") && !needs("TWICE", "PCI"),
	      "kconfig: a symbol defined twice needs what both definitions need");
	check(kconfig_tristate(sym("IPV6")) && !kconfig_tristate(sym("INET")),
	      "kconfig: bool and tristate");
	const char *neg = "config A\n\ttristate\nconfig B\n\tbool\n\tdepends on !A\n";
	kconfig_parse_text(neg, strlen(neg));
	check(!excludes("B", "A"), "kconfig: `!A` of a tristate A still allows A=m");
	kconfig_release();
	check(sym("A") < 0 && kconfig_digest() == 0, "kconfig: released");
	return failures ? 1 : 0;
}
