# SPDX-License-Identifier: GPL-2.0
# addrlimit — plain GNU make.
#   make                  build ./addrlimit (fetches pinned dependencies first)
#   make check            build and run the whole test suite
#   make check SANITIZE=1 the same under AddressSanitizer + UBSan (build/asan)
#   make check-kbuild     addrlimit as kbuild's CHECK= on sample modules
#   make check-html       the HTML report in headless Chromium (installed if missing)
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
CPPFLAGS += -Isrc -I$(TS_LIB)/include -D_GNU_SOURCE
CFLAGS  ?= $(OPT)
CFLAGS  += -std=gnu17 $(WARN) -MMD -MP
LDLIBS  += -l:libjansson.a -lpthread

ifeq ($(SANITIZE),1)
OUT     := build/asan
CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
BIN     := $(OUT)/addrlimit
else
OUT     := build/rel
BIN     := addrlimit
endif

SRCS    := $(wildcard src/*.c)
OBJS    := $(patsubst src/%.c,$(OUT)/%.o,$(SRCS))
LIBOBJS := $(filter-out $(OUT)/main.o,$(OBJS))
DEPOBJS := $(OUT)/ts_runtime.o $(OUT)/ts_c_parser.o
UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_BINS := $(patsubst tests/unit/%.c,$(OUT)/unit/%,$(UNIT_SRCS))

.PHONY: all check check-kbuild check-html unit install uninstall clean distclean deps
all: $(BIN)

deps: $(DEPS)/.stamp
$(DEPS)/.stamp: scripts/deps.sh
	sh scripts/deps.sh

# The dependencies are third-party code: built without our warnings and
# without sanitizers, so their own idioms do not drown our reports.
$(OUT)/ts_runtime.o: $(DEPS)/.stamp | $(OUT)
	$(CC) -O2 -std=gnu17 -D_DEFAULT_SOURCE -w -I$(TS_LIB)/include -I$(TS_LIB)/src \
		-c $(TS_LIB)/src/lib.c -o $@
$(OUT)/ts_c_parser.o: $(DEPS)/.stamp | $(OUT)
	$(CC) -O2 -std=gnu17 -w -I$(TSC_SRC) -c $(TSC_SRC)/parser.c -o $@

$(OUT)/%.o: src/%.c $(DEPS)/.stamp | $(OUT)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BIN): $(OBJS) $(DEPOBJS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(OUT)/unit/%: tests/unit/%.c $(LIBOBJS) $(DEPOBJS) | $(OUT)
	@mkdir -p $(OUT)/unit
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIBOBJS) $(DEPOBJS) $(LDLIBS)

$(OUT):
	mkdir -p $@

unit: $(UNIT_BINS)

check: $(BIN) $(UNIT_BINS)
	ADDRLIMIT=$(abspath $(BIN)) UNIT_DIR=$(abspath $(OUT)/unit) bash tests/run

check-html: $(BIN)
	ADDRLIMIT=$(abspath $(BIN)) bash tests/html-browser.sh

# addrlimit as kbuild's checker on sample modules, against Debian's kernel
# headers (installed by the script when missing).
check-kbuild: $(BIN)
	ADDRLIMIT=$(abspath $(BIN)) bash tests/kbuild.sh

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/addrlimit
	install -m 644 addrlimit.1 $(DESTDIR)$(MANDIR)/man1/addrlimit.1
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/addrlimit $(DESTDIR)$(MANDIR)/man1/addrlimit.1

clean:
	rm -rf build addrlimit
distclean: clean
	rm -rf $(DEPS)

-include $(OBJS:.o=.d) $(patsubst $(OUT)/unit/%,$(OUT)/unit/%.d,$(UNIT_BINS))
