# SPDX-License-Identifier: GPL-2.0
# addrlimit — plain GNU make.
#   make                  build ./addrlimit (fetches pinned dependencies first)
#   make check            build and run the whole test suite
#   make check SANITIZE=1 the same under AddressSanitizer + UBSan (build/asan)
#   make check-kbuild     addrlimit as kbuild's CHECK= on sample modules
#   make check-html       the HTML report in headless Chromium (installed if missing)
#   make check-real       Debian's linux-source-6.1 and four DKMS packages against
#                         the triaged findings in tests/real/ (downloads, cached)
#   make check-faults     every fault-injection trial of tests/faults.sh (kill -9,
#                         signals, ENOSPC/EIO, read-only folder, concurrent runs;
#                         make check runs a quick subset)
#   make install          PREFIX=/usr/local, DESTDIR= for staging
#   make clean / distclean

CC      ?= cc
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
OPT     ?= -O2 -g
WARN    := -Wall -Wextra -Wshadow -Wno-unused-parameter -Wstrict-prototypes \
           -Wmissing-prototypes -Wformat=2
DEPS    := deps
TS_LIB  := $(DEPS)/tree-sitter/package/vendor/tree-sitter/lib
TSC_SRC := $(DEPS)/tree-sitter-c/package/src
SRCDIRS := src $(sort $(patsubst %/,%,$(dir $(wildcard src/*/*.c src/*/*.h))))
CPPFLAGS += $(addprefix -I,$(SRCDIRS)) -I$(TS_LIB)/include -D_GNU_SOURCE
CFLAGS  ?= $(OPT)
CFLAGS  += -std=gnu17 $(WARN) -MMD -MP
LDLIBS  += -l:libjansson.a -l:libsqlite3.a -lpthread -lm -ldl

# Link-time optimisation for the release build: tree-sitter's node
# accessors (ts_node_symbol, ts_node_child, ...) are called hundreds of
# millions of times from our files; inlined across that boundary a whole
# tree costs ~7% less CPU (bench/RESULTS.md).  Fat objects keep the unit
# tests' links ordinary.  LTO= turns it off.
LTO     ?= -flto=auto -ffat-lto-objects

ifeq ($(SANITIZE),1)
LTO     :=
OUT     := build/asan
CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
BIN     := $(OUT)/addrlimit
else
OUT     := build/rel
BIN     := addrlimit
endif

SRCS    := $(wildcard src/*.c src/*/*.c)
OBJS    := $(patsubst src/%.c,$(OUT)/%.o,$(SRCS))
LIBOBJS := $(filter-out $(OUT)/cli/main.o,$(OBJS))
DEPOBJS := $(OUT)/ts_runtime.o $(OUT)/ts_c_parser.o
UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_BINS := $(patsubst tests/unit/%.c,$(OUT)/unit/%,$(UNIT_SRCS))

.PHONY: all check check-faults check-kbuild check-html check-real unit install uninstall clean distclean deps
all: $(BIN)

deps: $(DEPS)/.stamp
$(DEPS)/.stamp: scripts/deps.sh
	sh scripts/deps.sh

# The dependencies are third-party code: built without our warnings and
# without sanitizers, so their own idioms do not drown our reports.
$(OUT)/ts_runtime.o: $(DEPS)/.stamp | $(OUT)
	$(CC) -O2 $(LTO) -std=gnu17 -D_DEFAULT_SOURCE -w -I$(TS_LIB)/include -I$(TS_LIB)/src \
		-c $(TS_LIB)/src/lib.c -o $@
# (its generated parser.c, through a file of ours that gives its lexer an
# ASCII fast path: src/front/grammar/ts_c_parser.c)
$(OUT)/ts_c_parser.o: src/front/grammar/ts_c_parser.c $(DEPS)/.stamp | $(OUT)
	$(CC) -O2 $(LTO) -std=gnu17 -w -I$(TSC_SRC) -c $< -o $@

$(OUT)/%.o: src/%.c $(DEPS)/.stamp | $(OUT)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LTO) -c $< -o $@

$(BIN): $(OBJS) $(DEPOBJS)
	$(CC) $(LDFLAGS) $(LTO) -o $@ $^ $(LDLIBS)

$(OUT)/unit/%: tests/unit/%.c $(LIBOBJS) $(DEPOBJS) | $(OUT)
	@mkdir -p $(OUT)/unit
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -fno-lto -o $@ $< $(LIBOBJS) $(DEPOBJS) $(LDLIBS)

$(OUT):
	mkdir -p $@

unit: $(UNIT_BINS)

# tests/faults.sh's helpers: the LD_PRELOAD shim that makes writes fail
# (never built with sanitizers: it is loaded into the binary under test)
# and PRAGMA integrity_check against the SQLite the binary links.
FAULT_OUT := build/faults
FAULT_HELPERS := $(FAULT_OUT)/shim.so $(FAULT_OUT)/integrity
FAULT_ENV = FAULT_SHIM=$(abspath $(FAULT_OUT)/shim.so) FAULT_INTEGRITY=$(abspath $(FAULT_OUT)/integrity)
$(FAULT_OUT)/shim.so: tests/faults/shim.c
	@mkdir -p $(FAULT_OUT)
	$(CC) -O2 -g -Wall -Wextra -shared -fPIC -o $@ $< -ldl
$(FAULT_OUT)/integrity: tests/faults/integrity.c $(DEPS)/.stamp
	@mkdir -p $(FAULT_OUT)
	$(CC) -O2 -g -Wall -Wextra -o $@ $< -l:libsqlite3.a -lpthread -ldl -lm

check: $(BIN) $(UNIT_BINS) $(FAULT_HELPERS)
	ADDRLIMIT=$(abspath $(BIN)) UNIT_DIR=$(abspath $(OUT)/unit) $(FAULT_ENV) bash tests/run

check-faults: $(BIN) $(FAULT_HELPERS)
	ADDRLIMIT=$(abspath $(BIN)) FAULTS_FULL=1 $(FAULT_ENV) bash tests/faults.sh

check-html: $(BIN)
	ADDRLIMIT=$(abspath $(BIN)) bash tests/html-browser.sh

# addrlimit as kbuild's checker on sample modules, against Debian's kernel
# headers (installed by the script when missing).
check-kbuild: $(BIN)
	ADDRLIMIT=$(abspath $(BIN)) bash tests/kbuild.sh

# addrlimit on real code: Debian 12's kernel source and DKMS packages
# (apt-get download, unpacked into a cache outside the tree), compared with
# tests/real/*.expected.  scripts/check-real.sh --update rewrites those.
check-real: $(BIN)
	ADDRLIMIT=$(abspath $(BIN)) bash scripts/check-real.sh

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/addrlimit
	install -m 644 addrlimit.1 $(DESTDIR)$(MANDIR)/man1/addrlimit.1
	install -d $(DESTDIR)$(PREFIX)/share/addrlimit/rules
	install -m 644 rules/*.rules $(DESTDIR)$(PREFIX)/share/addrlimit/rules/
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/addrlimit $(DESTDIR)$(MANDIR)/man1/addrlimit.1
	rm -rf $(DESTDIR)$(PREFIX)/share/addrlimit/rules

clean:
	rm -rf build addrlimit
distclean: clean
	rm -rf $(DEPS)

-include $(OBJS:.o=.d) $(patsubst $(OUT)/unit/%,$(OUT)/unit/%.d,$(UNIT_BINS))

# --- fuzzing (libFuzzer; see fuzz/README.md) --------------------------------
#   make fuzz [FUZZ_SECONDS=60]  build every target and run each in turn
#                                for FUZZ_SECONDS; fails if any crashed
#   make fuzz-build              only build them (build/fuzz/fuzz_*)
#   make fuzz-ci [FUZZ_CI_SECONDS=5]   what CI runs: each target from the corpus
#                                kept in fuzz/corpus/TARGET; a crash's input is
#                                copied to tests/fuzz-regress/ and fails it
#   make fuzz-keep               merge what the runs found into fuzz/corpus/
#                                (inputs up to FUZZ_KEEP_LEN bytes), to commit
#   make fuzz-afl AFL_CC=afl-clang-fast   the same targets for AFL++
# Our sources get ASan + UBSan and full coverage; the dependencies ASan
# and edge coverage only (no UBSan: their idioms are not ours to fix; no
# comparison tracing: in the parser's table look-ups it halved exec/s).
# One process at a time, never -jobs/-fork: the machine is shared.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TIMEOUT ?= 10
FUZZ_MAX_LEN ?= 8192
AFL_CC       ?= afl-clang-fast
FUZZ_OUT     := build/fuzz
FUZZ_TARGETS := parse cfg analyze baseline rules cache scan elide
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS  := -O1 -g -fno-omit-frame-pointer -std=gnu17 $(WARN)
FUZZ_DEPFLAGS := -O2 -g -std=gnu17 -w -fsanitize=address \
                 -fsanitize-coverage=inline-8bit-counters,pc-table
FUZZ_OBJS    := $(patsubst src/%.c,$(FUZZ_OUT)/%.o,$(filter-out src/cli/main.c,$(SRCS))) \
                $(FUZZ_OUT)/ts_runtime.o $(FUZZ_OUT)/ts_c_parser.o
FUZZ_BINS    := $(patsubst %,$(FUZZ_OUT)/fuzz_%,$(FUZZ_TARGETS))
FUZZ_SEEDS   := $(shell find tests/cases tests/cfg tests/oracle/cases -name '*.[ch]' | sort)

.PHONY: fuzz fuzz-build fuzz-afl fuzz-corpus fuzz-ci fuzz-keep
fuzz-build: $(FUZZ_BINS)

$(FUZZ_OUT)/%.o: src/%.c $(DEPS)/.stamp
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_SAN) -MMD -MP \
		-c $< -o $@
$(FUZZ_OUT)/ts_runtime.o: $(DEPS)/.stamp
	@mkdir -p $(FUZZ_OUT)
	$(FUZZ_CC) $(FUZZ_DEPFLAGS) -D_DEFAULT_SOURCE -I$(TS_LIB)/include -I$(TS_LIB)/src \
		-c $(TS_LIB)/src/lib.c -o $@
$(FUZZ_OUT)/ts_c_parser.o: $(DEPS)/.stamp
	@mkdir -p $(FUZZ_OUT)
	$(FUZZ_CC) $(FUZZ_DEPFLAGS) -I$(TSC_SRC) -c $(TSC_SRC)/parser.c -o $@
$(FUZZ_BINS): $(FUZZ_OBJS)
$(FUZZ_OUT)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz_common.h
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $< \
		$(FUZZ_OBJS) $(LDLIBS)

# Seeds: every test case, and each folder case joined into one file (for the
# baseline reader: the golden SARIF and JSON reports); new
# inputs the fuzzer finds stay in build/fuzz/corpus-* (never committed).
fuzz-corpus: $(FUZZ_SEEDS) $(BIN)
	@for t in $(FUZZ_TARGETS); do \
		c=$(FUZZ_OUT)/corpus-$$t; mkdir -p $$c; \
		if [ $$t = baseline ]; then \
			for f in tests/golden/*; do cp $$f $$c/seed-$$(basename $$f); done; \
			continue; \
		fi; \
		if [ $$t = rules ]; then \
			for f in tests/rules/*/rules docs/examples/rules/*.rules; do \
				cp $$f $$c/seed-$$(echo $$f | tr / _); done; \
			continue; \
		fi; \
		if [ $$t = cache ]; then \
			rm -f $(FUZZ_OUT)/seed.sqlite; \
			(cd tests/cases && ../../$(BIN) --cache=../../$(FUZZ_OUT)/seed.sqlite . >/dev/null 2>&1); \
			python3 -c 'import sqlite3,sys; [open("%s/seed-%d" % (sys.argv[2], i), "wb").write(b) for i, (b,) in enumerate(sqlite3.connect(sys.argv[1]).execute("select blob from files"))]' \
				$(FUZZ_OUT)/seed.sqlite $$c || exit 1; \
			continue; \
		fi; \
		for f in $(FUZZ_SEEDS); do \
			s=$$c/seed-$$(echo $$f | tr / _); [ -e $$s ] || cp $$f $$s || exit 1; \
		done; \
		for d in tests/cases/*/; do \
			{ find $$d -name '*.h' | sort; find $$d -name '*.c' | sort; } | \
				xargs cat >$$c/seed-$$(basename $$d).c || exit 1; \
		done; \
	done

fuzz: fuzz-build fuzz-corpus
	@failed=""; for t in $(FUZZ_TARGETS); do \
		echo "fuzz: $$t for $(FUZZ_SECONDS)s (log $(FUZZ_OUT)/fuzz_$$t.log)"; \
		if $(FUZZ_OUT)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) \
			-max_len=$(FUZZ_MAX_LEN) -dict=fuzz/c.dict -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_OUT)/$$t- $(FUZZ_OUT)/corpus-$$t \
			$$(test -d fuzz/corpus/$$t && echo fuzz/corpus/$$t) \
			>$(FUZZ_OUT)/fuzz_$$t.log 2>&1; then \
			grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::average_exec_per_sec|Done )' \
				$(FUZZ_OUT)/fuzz_$$t.log | sed 's/^/  /'; \
		else \
			tail -n 40 $(FUZZ_OUT)/fuzz_$$t.log; failed="$$failed $$t"; \
		fi; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: crashed:$$failed (inputs in $(FUZZ_OUT)/)"; exit 1; fi

# CI: a short run of every target, one after the other, from the committed
# corpus (fuzz/corpus/TARGET, read only) and what earlier runs found
# (build/fuzz/corpus-TARGET, where new inputs go).  Ends with the
# "N passed, N failed" line of the other suites.
FUZZ_CI_SECONDS ?= 5
FUZZ_KEEP_LEN   ?= 1024
fuzz-ci: fuzz-build
	@pass=0; failed=0; for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_OUT)/corpus-$$t fuzz/corpus/$$t; \
		rm -f $(FUZZ_OUT)/$$t-crash-* $(FUZZ_OUT)/$$t-leak-* $(FUZZ_OUT)/$$t-timeout-* $(FUZZ_OUT)/$$t-oom-*; \
		if $(FUZZ_OUT)/fuzz_$$t -max_total_time=$(FUZZ_CI_SECONDS) -timeout=$(FUZZ_TIMEOUT) \
			-max_len=$(FUZZ_MAX_LEN) -dict=fuzz/c.dict -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_OUT)/$$t- $(FUZZ_OUT)/corpus-$$t fuzz/corpus/$$t \
			>$(FUZZ_OUT)/fuzz_$$t.log 2>&1; then \
			pass=$$((pass + 1)); \
			echo "ok - fuzz $$t: $$(sed -n 's/^stat::number_of_executed_units: *//p' $(FUZZ_OUT)/fuzz_$$t.log) runs in $(FUZZ_CI_SECONDS) s"; \
		else \
			failed=$$((failed + 1)); echo "not ok - fuzz $$t (log $(FUZZ_OUT)/fuzz_$$t.log)"; \
			tail -n 30 $(FUZZ_OUT)/fuzz_$$t.log | sed 's/^/#   /'; \
			for a in $(FUZZ_OUT)/$$t-crash-* $(FUZZ_OUT)/$$t-leak-* $(FUZZ_OUT)/$$t-timeout-* $(FUZZ_OUT)/$$t-oom-*; do \
				[ -f "$$a" ] || continue; \
				cp "$$a" tests/fuzz-regress/fuzz-$$(basename "$$a"); \
				echo "#   input kept as tests/fuzz-regress/fuzz-$$(basename "$$a"): minimise it, fix, rename it for what it is (fuzz/README.md)"; \
			done; \
		fi; \
	done; echo "$$pass passed, $$failed failed"; [ $$failed -eq 0 ]

# The corpus kept in the repository: what covers the most of each target
# in the fewest small inputs (libFuzzer's -merge), from the seeds and what
# the runs found.
fuzz-keep: fuzz-build fuzz-corpus
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p fuzz/corpus/$$t; \
		$(FUZZ_OUT)/fuzz_$$t -merge=1 -max_len=$(FUZZ_KEEP_LEN) -timeout=$(FUZZ_TIMEOUT) \
			fuzz/corpus/$$t $(FUZZ_OUT)/corpus-$$t >$(FUZZ_OUT)/merge_$$t.log 2>&1 || \
			{ tail -n 20 $(FUZZ_OUT)/merge_$$t.log; exit 1; }; \
		echo "fuzz-keep: $$t: $$(ls fuzz/corpus/$$t | wc -l) inputs, $$(du -sk fuzz/corpus/$$t | cut -f1) KiB"; \
	done

# AFL++: the same targets with fuzz/afl_driver.c as main(), in build/fuzz/afl.
AFL_OUT      := $(FUZZ_OUT)/afl
AFL_OBJS     := $(patsubst src/%.c,$(AFL_OUT)/%.o,$(filter-out src/cli/main.c,$(SRCS))) \
                $(AFL_OUT)/ts_runtime.o $(AFL_OUT)/ts_c_parser.o
AFL_BINS     := $(patsubst %,$(AFL_OUT)/fuzz_%,$(FUZZ_TARGETS))
fuzz-afl: $(AFL_BINS)

$(AFL_OUT)/%.o: src/%.c $(DEPS)/.stamp
	@mkdir -p $(dir $@)
	$(AFL_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) $(FUZZ_SAN) -MMD -MP -c $< -o $@
$(AFL_OUT)/ts_runtime.o: $(DEPS)/.stamp
	@mkdir -p $(AFL_OUT)
	$(AFL_CC) -O2 -g -std=gnu17 -w -fsanitize=address -D_DEFAULT_SOURCE -I$(TS_LIB)/include \
		-I$(TS_LIB)/src -c $(TS_LIB)/src/lib.c -o $@
$(AFL_OUT)/ts_c_parser.o: $(DEPS)/.stamp
	@mkdir -p $(AFL_OUT)
	$(AFL_CC) -O2 -g -std=gnu17 -w -fsanitize=address -I$(TSC_SRC) -c $(TSC_SRC)/parser.c -o $@
$(AFL_BINS): $(AFL_OBJS) fuzz/afl_driver.c
$(AFL_OUT)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz_common.h
	$(AFL_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) $(FUZZ_SAN) -o $@ $< fuzz/afl_driver.c \
		$(AFL_OBJS) $(LDLIBS)

-include $(FUZZ_OBJS:.o=.d) $(AFL_OBJS:.o=.d)
