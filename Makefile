# shuffle-audit - count every run of a shuffle, exactly.
#
#   make                 the binary, libshuffleaudit.a and libshuffleaudit.so
#   make check           unit tests, CLI golden tests (the heavy ones by a
#                        third; QUICK= for all), documentation checks,
#                        make install, symbols, function lengths, no circles,
#                        each suite run whatever the others did, then one
#                        table of them all and "check: P passed, F failed,
#                        S skipped" (tests/suites.sh)
#   make needs           what make check needs (cmocka.h, mandoc, python3,
#                        pkg-config), one missing named with its package
#   make check-asan      the same tests built with -fsanitize=address,undefined
#   make check-valgrind  the same tests run under valgrind
#   make check-dist      make dist, then make, make check and make install
#                        from the tarball alone, as a user without root
#   make check-recipes   the README's CI recipes, run as written on the tarball
#   make check-mpi       make MPI=1, then mpirun -np 1 to 4 against this build
#   make check-all       all of these (what CI runs); make check runs
#                        once, every case, in the tarball (check-dist)
#   make dist            shuffle-audit-VERSION.tar.gz, the release tarball,
#                        from HEAD (git archive); DIRTY=1 past changes
#   make release         make dist at the tag vVERSION, and SHA256SUMS
#   make bench           the speed goals in one run: the census against
#                        a plain walker, the 1000-card matrix, sample
#                        against std::shuffle, the auditor's cost a run
#   make bench-progress  the census's time left against the time really
#                        left, two busy loops arriving a third of the way
#   make bench-sample    sample's decks a second against std::shuffle,
#                        and fit's lines a second
#   make bench-audit     runs a second of --exec audits, with and without
#                        --batch, --repeat and --instances; each harness
#                        beside a bare client of its language; the
#                        assertion in a test suite, start to finish
#   make bench-seeds     all 2^32 mulberry32 seeds of a 4-card deal
#   make bench-fit       fit's false alarms and power against its odds
#   make bench-mpi       audits, seed spaces and samples under mpirun -np 1
#                        and 2 against the single process
#   make fuzz            every libFuzzer target for FUZZ_S seconds (clang)
#   make audit           census of a plugin (PLUGIN=, CARDS=); fails unless fair
#   make install         the binary, both libraries, headers, shuffle-audit.pc,
#                        the man page, the harnesses and the completions:
#                        PREFIX, DESTDIR, BINDIR, LIBDIR, INCLUDEDIR, MANDIR,
#                        DATADIR (the harnesses), PKGCONFIGDIR, BASHCOMPDIR,
#                        ZSHCOMPDIR, FISHCOMPDIR
#   make uninstall       what make install put, and the directories it made
#   make completions     src/completions/ written again by the binary
#   make help            this list
#
# CC, CFLAGS, CPPFLAGS and LDFLAGS are yours; the warnings and the include
# path are added to them, never replace them.  WERROR=-Werror turns every
# warning into an error (CI does).  A build says one short line a file
# ("CC build/lib/big.o"); V=1 shows every command in full.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANPREFIX ?= $(PREFIX)/share/man
MANDIR ?= $(MANPREFIX)/man1
DATADIR ?= $(PREFIX)/share/shuffle-audit

CFLAGS ?= -O2 -g
# V=1: every command as it runs; else a line a target, from SAY (its
# kind and the target): $(call say,CC,$@)$(CC) ...
V =
Q = $(if $(V),,@)
say = $(if $(V),,@printf '  %-8s %s\n' '$(1)' '$(2)';)
WARNINGS = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wpointer-arith -Wformat=2 -Wundef $(WERROR)
# CI sets WERROR=-Werror: a warning fails the build there.
WERROR =
ALL_CFLAGS = $(WARNINGS) $(CFLAGS)
ALL_CPPFLAGS = -Iinclude -Isrc/lib $(CPPFLAGS)
# The audit runner sees the public headers and its own; the command line
# those and the runner's, and neither the library's internals
# (internal.h).  The unit tests see them all.
RUN_CPPFLAGS = -Iinclude -Isrc/run $(CPPFLAGS)
CLI_CPPFLAGS = -Iinclude -Isrc/run -Isrc/cli $(CPPFLAGS)
TEST_CPPFLAGS = -Iinclude -Isrc/lib -Isrc/run -Isrc/cli $(CPPFLAGS)
CMOCKA_LIBS = -lcmocka
LDLIBS = -lm -pthread -ldl
# What the library itself needs (the command line adds -ldl for plugins).
LIB_LIBS = -lm -pthread

# Object directory, so a sanitizer build can sit beside the normal one.
O = build
BIN = shuffle-audit
LIB = libshuffleaudit.a

# The version, in one place: the public header's version module.  The
# shared library's soname carries its major number.
VERSION := $(shell sed -n 's/^\#define SA_VERSION "\(.*\)"/\1/p' \
	include/shuffle_audit/version.h)
SOMAJOR = $(firstword $(subst ., ,$(VERSION)))
SONAME = libshuffleaudit.so.$(SOMAJOR)
SHLIB = libshuffleaudit.so.$(VERSION)
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig

# The library (src/lib/, into libshuffleaudit.a), the audit runner over
# it (src/run/) and the command line over both (src/cli/, with the
# runner into shuffle-audit).
LIB_SRCS = src/lib/big.c src/lib/cardtable.c src/lib/census.c src/lib/claims.c \
	src/lib/closed.c src/lib/decks.c src/lib/distance.c src/lib/divisibility.c src/lib/eta.c \
	src/lib/exec.c src/lib/figures.c src/lib/fit.c src/lib/foretell.c \
	src/lib/fraction.c \
	src/lib/edge.c src/lib/generators.c src/lib/layers.c src/lib/matrix.c src/lib/oracle.c \
	src/lib/part.c src/lib/perm.c src/lib/plan.c src/lib/reduce.c src/lib/repeat.c \
	src/lib/replay.c src/lib/rng.c src/lib/sample.c src/lib/seedspace.c \
	src/lib/shard.c src/lib/shuffle.c src/lib/statespace.c src/lib/status.c \
	src/lib/steps.c src/lib/steps_pull.c src/lib/steps_push.c src/lib/steps_shard.c src/lib/stream.c src/lib/tally.c \
	src/lib/stepwalk.c src/lib/sys.c src/lib/trace.c src/lib/weighted.c \
	src/lib/wild.c
RUN_SRCS = src/run/run_count.c src/run/run_exec.c src/run/run_filter.c \
	src/run/run_guard.c src/run/run_own.c src/run/run_plugin.c \
	src/run/run_ns.c src/run/run_proc.c src/run/run_rawplace.c \
	src/run/run_verdict.c
# Every file of src/cli/ but the MPI one (src/README.md's Layout names
# each: tests/layout.sh).
CLI_SRCS = $(filter-out src/cli/cli_mpi.c,$(sort $(wildcard src/cli/*.c)))
UNIT_TESTS = test_perm test_census test_steps test_replay test_figures \
	test_layers test_matrix test_wild test_cardtable test_shuffle \
	test_report test_big test_generators test_sample test_seedspace \
	test_trace test_reduce test_limits test_fit test_decks test_real \
	test_part test_shard test_closed test_claims test_run test_weighted \
	test_stream test_fraction test_status test_statespace test_sys \
	test_plan test_rng test_repeat test_distance test_stepwalk \
	test_divisibility test_exec test_oracle test_foretell test_abi \
	test_placed test_gave_up

# The harnesses, one a language, which the binary carries (shuffle-audit
# harness LANG prints one) and make install puts under $(DATADIR): every
# file of src/harness/, each the file of one row of src/cli/cli_harness.c's
# table, which finds it by its name (tests/docs.sh holds the two alike).
HARNESS_FILES = $(sort $(wildcard src/harness/*))

LIB_OBJS = $(LIB_SRCS:src/%.c=$(O)/%.o)
# make MPI=1: the same command for Open MPI's mpirun (src/cli/cli_mpi.c),
# built with mpicc under build/mpi, beside the default build, which it
# leaves as it is.
ifeq ($(MPI),1)
CC = mpicc
O = build/mpi
BIN = $(O)/shuffle-audit
LIB = $(O)/libshuffleaudit.a
SHLIB = $(O)/libshuffleaudit.so.$(VERSION)
CLI_SRCS += src/cli/cli_mpi.c
CLI_CPPFLAGS += -DSA_MPI
endif

RUN_OBJS = $(RUN_SRCS:src/%.c=$(O)/%.o)
CLI_OBJS = $(CLI_SRCS:src/%.c=$(O)/%.o) $(O)/cli/harness_files.o
CLI_LIB_OBJS = $(O)/cli/cli_report.o $(O)/cli/cli_escape.o \
	$(O)/cli/cli_progress.o $(O)/cli/cli_util.o $(O)/cli/cli_getopt.o
UNIT_BINS = $(UNIT_TESTS:%=$(O)/tests/%)

# The public headers: the umbrella, the two names kept for programs
# that include them, and one header a module under include/shuffle_audit/,
# installed beside them (make check-headers compiles each alone).
PUBLIC_HEADERS = include/shuffle_audit.h include/shuffle_audit_plugin.h \
	include/shuffle_audit_audit.h
MODULE_HEADERS = $(wildcard include/shuffle_audit/*.h)
HEADERS = $(PUBLIC_HEADERS) $(MODULE_HEADERS) src/run/run.h \
	src/run/run_internal.h src/cli/cli.h src/cli/cli_report.h \
	src/cli/cli_escape.h src/cli/cli_progress.h src/cli/cli_part.h \
	src/cli/cli_audit.h src/cli/cli_census_args.h \
	src/cli/cli_audit_part.h src/cli/cli_census_show.h src/lib/internal.h \
	src/lib/steps_shared.h

# "Possibly lost" is left out: a reader that closes the pipe ends us by
# SIGPIPE mid-count, and the worker thread's stack then shows as possibly
# lost though nothing leaked.  Definite and indirect leaks fail the run.
# The sanitizer and valgrind passes run the CLI cases in this many
# processes at once (tests/cli.sh SHARDS): they are single-threaded and
# slow, and the machines here have two cores.
SAN_SHARDS = 2
# make check runs the CLI cases in SHARDS processes (most of a case is
# waiting on a child it started, so one more than the two cores here),
# and the heavy cases by a representative third (QUICK; tests/cli/heavy).
# make check-all's make check, in the tarball, runs them all (QUICK=).
SHARDS = 3
QUICK = 1
VALGRIND = valgrind -q --error-exitcode=99 --leak-check=full \
	--show-leak-kinds=definite,indirect \
	--errors-for-leak-kinds=definite,indirect
SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all

.PHONY: help all completions dist release needs needs-cmocka check-needs check-dist check-recipes audit plugins harness-examples bench bench-audit bench-fit bench-progress bench-sample bench-seeds bench-mpi check-browser check-mpi fuzz fuzz-build check check-build check-headers check-symbols check-lengths check-circles check-floor check-layout check-unit check-cli check-docs check-install \
	check-asan check-valgrind check-all install install-paths uninstall clean

all: $(BIN) $(LIB) $(SHLIB)

# The release tarball: exactly what HEAD holds (git archive; outside a
# clone, make dist refuses), under shuffle-audit-VERSION/, every file
# root's, 0644 or 0755, stamped with HEAD's commit time, so that the same
# commit gives the same bytes whatever the clone's umask or its untracked
# files.  A tree with changes not committed is refused unless DIRTY=1
# (which still packs HEAD, not the changes).
DIST = shuffle-audit-$(VERSION)
dist:
	@git rev-parse --verify -q HEAD >/dev/null 2>&1 || { echo \
		"shuffle-audit: make dist: not a git clone with a commit: a release is made from one" >&2; \
		exit 2; }
	@if [ -z "$(DIRTY)" ] && [ -n "$$(git status --porcelain \
	    --untracked-files=no)" ]; then echo "shuffle-audit: make dist: the \
	tree has changes not committed (git status): commit them, or DIRTY=1 \
	to pack HEAD as it is" >&2; exit 2; fi
	@git -c tar.umask=022 archive --format=tar --prefix=$(DIST)/ HEAD | \
		gzip -n9 > $(DIST).tar.gz.tmp
	@mv $(DIST).tar.gz.tmp $(DIST).tar.gz
	@echo $(DIST).tar.gz

# A release: HEAD must be the tag v$(VERSION), and DIRTY unset, which
# are checked before anything is written; then the tarball, and its
# SHA-256 in SHA256SUMS (sha256sum -c SHA256SUMS checks it).
release:
	@tag=v$(VERSION); \
	at=$$(git rev-parse -q --verify "refs/tags/$$tag^{commit}") || { \
		echo "shuffle-audit: make release: no tag $$tag (git tag -a $$tag)" >&2; \
		exit 2; }; \
	[ "$$at" = "$$(git rev-parse HEAD)" ] || { echo "shuffle-audit: make \
	release: HEAD is not $$tag (git checkout $$tag)" >&2; exit 2; }; \
	[ -z "$(DIRTY)" ] || { echo "shuffle-audit: make release: not with \
	DIRTY" >&2; exit 2; }
	@$(MAKE) --no-print-directory dist
	@sha256sum $(DIST).tar.gz > SHA256SUMS.tmp && mv SHA256SUMS.tmp SHA256SUMS
	@echo SHA256SUMS

# The targets, from the comment at the top of this file.
help:
	@sed -n '3,/^#$$/s/^# \{0,1\}//p' Makefile

# Each object depends on the headers it includes (the compiler's -MMD
# lists them beside it), so a header touched rebuilds only its readers.
$(O)/%.o: src/%.c
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(CLI_OBJS): ALL_CPPFLAGS = $(CLI_CPPFLAGS)
$(RUN_OBJS): ALL_CPPFLAGS = $(RUN_CPPFLAGS)

# Each harness as the bytes of a C array, with its file's name.
%/cli/harness_files.c: $(HARNESS_FILES)
	@mkdir -p $(@D)
	@{ echo '/* Made by make from src/harness/: do not edit. */'; \
	  echo '#include "cli.h"'; i=0; \
	  for f in $(HARNESS_FILES); do \
		echo "static const char file$$i[] = {"; \
		od -An -v -tx1 $$f | sed 's/\([0-9a-f][0-9a-f]\)/0x\1,/g'; \
		echo '0 };'; i=$$((i + 1)); \
	  done; \
	  echo 'const struct cli_file cli_harness_files[] = {'; i=0; \
	  for f in $(HARNESS_FILES); do \
		echo "	{ \"$${f##*/}\", file$$i, sizeof file$$i - 1 },"; \
		i=$$((i + 1)); \
	  done; \
	  echo '	{ NULL, NULL, 0 },'; echo '};'; } > $@.tmp && mv $@.tmp $@

$(O)/cli/harness_files.o: $(O)/cli/harness_files.c $(HEADERS)
	$(call say,CC,$@)$(CC) $(CLI_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

# main.c's list of commands: every descriptor of src/cli/ (cli.h), by
# name; the file changes only when the list does.
%/cli/cli_commands.h: $(CLI_SRCS)
	@mkdir -p $(@D)
	@names=$$(sed -n 's/^const struct cli_command \(cli_cmd_[a-z_]*\) = {$$/\1/p' \
	    $(CLI_SRCS) | LC_ALL=C sort); \
	{ echo '/* Made by make from src/cli/: do not edit. */'; \
	  for n in $$names; do echo "extern const struct cli_command $$n;"; done; \
	  printf '#define CLI_COMMANDS'; \
	  for n in $$names; do printf ' \\\n\t&%s,' $$n; done; echo; \
	} > $@.tmp && { cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@; }
$(O)/cli/main.o: $(O)/cli/cli_commands.h
$(O)/cli/main.o: ALL_CPPFLAGS = $(CLI_CPPFLAGS) -I$(O)/cli

-include $(LIB_OBJS:.o=.d) $(RUN_OBJS:.o=.d) $(CLI_OBJS:.o=.d) \
	$(LIB_SRCS:src/%.c=$(O)/pic/%.d)

$(LIB): $(LIB_OBJS)
	$(Q)rm -f $@
	$(call say,AR,$@)$(AR) rcs $@ $(LIB_OBJS)

# The shared library: the same sources built position-independent,
# exporting only the public names, listed in src/lib/exports.map.
PIC_OBJS = $(LIB_SRCS:src/%.c=$(O)/pic/%.o)

$(O)/pic/%.o: src/%.c
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -fPIC -c -o $@ $<

$(SHLIB): $(PIC_OBJS) src/lib/exports.map
	$(call say,LD,$@)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) \
		-Wl,--version-script=src/lib/exports.map -o $@ $(PIC_OBJS) \
		$(LIB_LIBS)


$(BIN): $(CLI_OBJS) $(RUN_OBJS) $(LIB)
	$(call say,LD,$@)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJS) $(RUN_OBJS) $(LIB) \
		$(LDLIBS)

$(O)/tests/%: tests/unit/%.c tests/unit/reference.h $(LIB) $(CLI_LIB_OBJS) \
	    $(RUN_OBJS) $(HEADERS) | needs-cmocka
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(TEST_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< \
		$(CLI_LIB_OBJS) $(RUN_OBJS) $(LIB) $(CMOCKA_LIBS) $(LDLIBS)

# The example plugins, built the way the man page tells users to, with
# your CC, CPPFLAGS, CFLAGS and LDFLAGS, under the build directory.  The
# CLI cases load them from build/plugins, so a sanitizer build (whose O
# differs) uses the plain ones: a plugin needs no sanitizer to be
# audited, and the audit runs it in a child process anyway.
PLUGIN_DIR = $(O)/plugins
# The C programs the CLI cases audit over the exec protocol (adversary:
# audited code that fights the auditor's process handling; streamer: the
# streamed walk written by hand, honest or bent one way), built as a
# user would build theirs, under build/exec like the plugins.
EXEC_DIR = $(O)/exec
EXEC_PROGS = $(EXEC_DIR)/adversary $(EXEC_DIR)/hidden $(EXEC_DIR)/streamer $(EXEC_DIR)/giver
PLUGIN_SRCS = $(wildcard tests/examples/plugins/*.c)
PLUGINS = $(PLUGIN_SRCS:tests/examples/plugins/%.c=$(PLUGIN_DIR)/%.so)

$(PLUGIN_DIR)/%.so: tests/examples/plugins/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -shared -fPIC -o $@ $<

# The C++ plugins (libstdc++'s std::shuffle), with your CXX, CXXFLAGS
# and the rest, when there is a C++ compiler; their cases skip without.
HAVE_CXX := $(shell command -v $(CXX) 2>/dev/null)
ifneq ($(HAVE_CXX),)
PLUGIN_CXX_SRCS = $(wildcard tests/examples/plugins/*.cc)
PLUGINS += $(PLUGIN_CXX_SRCS:tests/examples/plugins/%.cc=$(PLUGIN_DIR)/%.so)
endif
CXXFLAGS ?= -O2 -g

$(PLUGIN_DIR)/%.so: tests/examples/plugins/%.cc $(PUBLIC_HEADERS) $(MODULE_HEADERS)
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(CXX) -Iinclude $(CPPFLAGS) -std=c++17 -Wall -Wextra -Wpedantic \
		$(WERROR) $(CXXFLAGS) $(LDFLAGS) -shared -fPIC -o $@ $<

plugins: $(PLUGINS) $(EXEC_PROGS)

# The harness examples, in every language whose toolchain is installed,
# built as the README tells a user to (tests/examples/harness/build.sh),
# under build/harness like the plugins: the CLI cases run them.
# HARNESS_BIN prints the harnesses: the sanitizer pass, whose binary
# carries the same bytes, uses the examples the native one built.
HARNESS_DIR = $(O)/harness
HARNESS_EXAMPLES = $(wildcard tests/examples/harness/*.*)
HARNESS_BIN = $(BIN)

$(HARNESS_DIR)/.built: $(HARNESS_BIN) $(HARNESS_EXAMPLES)
	$(Q)rm -rf $(HARNESS_DIR)
	$(Q)sh tests/examples/harness/build.sh ./$(HARNESS_BIN) $(HARNESS_DIR)
	$(Q)touch $@

harness-examples: $(HARNESS_DIR)/.built

$(EXEC_DIR)/%: tests/examples/exec/%.c
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $<

# The property test's two scripts share their stream and log.
$(EXEC_DIR)/adversary $(PLUGIN_DIR)/misbehave.so: tests/examples/script.h
$(EXEC_DIR)/adversary $(PLUGIN_DIR)/misbehave.so $(PLUGIN_DIR)/forge.so: \
	tests/examples/auditor.h tests/examples/pidns.h

# Audit a plugin, failing on any verdict but fair: a target for CI.
#   make audit PLUGIN=path/to/shuffle.so CARDS=6
PLUGIN ?= $(PLUGIN_DIR)/fair.so
CARDS ?= 6
audit: $(BIN) $(PLUGINS)
	./$(BIN) census --plugin $(PLUGIN) -n $(CARDS) --summary

$(O)/bench: tests/bench/bench.c $(LIB) $(HEADERS)
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(TEST_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

$(O)/bench-placed: tests/bench/placed.c $(LIB) $(HEADERS)
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(TEST_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# Timings print against their goals; nothing is asserted about them, but a
# tally that disagrees with its check exits 1.  BENCH_MAX=11 stops at 11.
bench: $(O)/bench $(BIN)
	$(O)/bench
	sh tests/bench/sample.sh ./$(BIN)
	AUDIT_COST_ONLY=1 sh tests/bench/audit.sh ./$(BIN)

# Decks a second of sample against std::shuffle, lines a second of fit.
# The time left a census shows, against the time really left, with
# busy loops arriving a third of the way in (tests/bench/progress.c).
$(O)/progress: tests/bench/progress.c $(LIB) $(HEADERS)
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) \
		$(LIB_LIBS)

bench-progress: $(O)/progress
	$(O)/progress 11 2

bench-sample: $(BIN)
	sh tests/bench/sample.sh ./$(BIN)

# Runs a second of --exec audits, before and after their speed-ups.
bench-audit: $(BIN) harness-examples $(O)/bench-placed
	$(O)/bench-placed
	sh tests/bench/audit.sh ./$(BIN)
	sh tests/bench/assert.sh ./$(BIN)

# fit's stated odds against fair and biased decks: false alarms beside
# alpha, power beside fit --detect's prediction (SEEDS a row, 1000).
SEEDS = 1000
bench-fit: $(BIN)
	sh tests/bench/fit.sh ./$(BIN) $(SEEDS)

# All 2^32 mulberry32 seeds of a 4-card deal, against the draw oracle.
bench-seeds: $(BIN)
	sh tests/bench/seeds.sh ./$(BIN)

# What make MPI=1 shares out, under mpirun -np 1 and 2 against this
# build (tests/bench/mpi.sh).
bench-mpi: $(BIN) plugins
	$(MAKE) MPI=1
	sh tests/bench/mpi.sh build/mpi/shuffle-audit ./$(BIN)

# libFuzzer targets (tests/fuzz/fuzz_*.c), built with clang against the
# library and the command line built the same way.  Each layer's files
# see only its own include path, as in the normal build (the library's
# ALL_CPPFLAGS, RUN_CPPFLAGS, CLI_CPPFLAGS), and so does each target: a
# library target (FUZZ_LIB_TARGETS) sees include/ and src/lib/ and links
# the library alone; a command-line target (FUZZ_CLI_TARGETS) sees what
# the command line sees and links all three layers.  A target that
# includes a CLI source file to reach its static parsers leaves that
# file's object out (SKIP_name).  Each runs its regression inputs first,
# then fuzzes for FUZZ_S seconds from a copy of its seed corpus; a crash
# fails the run and its log is shown.
FUZZ_CC = clang
FUZZ_S = 60
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=all
FZ = build/fuzz
FUZZ_LIB_TARGETS = protocol
FUZZ_CLI_TARGETS = numbers trace deck report fit
FUZZ_TARGETS = $(FUZZ_LIB_TARGETS) $(FUZZ_CLI_TARGETS)
FUZZ_LIB_OBJS = $(LIB_SRCS:src/%.c=$(FZ)/%.o)
FUZZ_OBJS = $(FUZZ_LIB_OBJS) $(RUN_SRCS:src/%.c=$(FZ)/%.o) \
	$(filter-out $(FZ)/cli/main.o,$(CLI_SRCS:src/%.c=$(FZ)/%.o)) \
	$(FZ)/cli/harness_files.o
SKIP_trace = $(FZ)/cli/cli_trace.o
SKIP_deck = $(FZ)/cli/cli_deal.o

SKIP_fit = $(FZ)/cli/cli_fit.o

$(FZ)/lib/%.o: src/lib/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(call say,CC,$@)$(FUZZ_CC) $(ALL_CPPFLAGS) -std=c11 $(FUZZ_FLAGS) -c -o $@ $<

$(FZ)/run/%.o: src/run/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(call say,CC,$@)$(FUZZ_CC) $(RUN_CPPFLAGS) -std=c11 $(FUZZ_FLAGS) -c -o $@ $<

$(FZ)/cli/%.o: src/cli/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(call say,CC,$@)$(FUZZ_CC) $(CLI_CPPFLAGS) -std=c11 $(FUZZ_FLAGS) -c -o $@ $<

$(FZ)/cli/harness_files.o: $(FZ)/cli/harness_files.c $(HEADERS)
	$(call say,CC,$@)$(FUZZ_CC) $(CLI_CPPFLAGS) -std=c11 $(FUZZ_FLAGS) -c -o $@ $<

$(FUZZ_LIB_TARGETS:%=$(FZ)/fuzz_%): $(FZ)/fuzz_%: tests/fuzz/fuzz_%.c \
	    tests/fuzz/fuzz_util.h $(FUZZ_LIB_OBJS)
	$(call say,LD,$@)$(FUZZ_CC) $(ALL_CPPFLAGS) -std=c11 $(FUZZ_FLAGS) -fsanitize=fuzzer \
		-o $@ $< $(FUZZ_LIB_OBJS) $(LIB_LIBS)

$(FUZZ_CLI_TARGETS:%=$(FZ)/fuzz_%): $(FZ)/fuzz_%: tests/fuzz/fuzz_%.c \
	    tests/fuzz/fuzz_util.h $(FUZZ_OBJS)
	$(call say,LD,$@)$(FUZZ_CC) $(CLI_CPPFLAGS) -std=c11 $(FUZZ_FLAGS) -fsanitize=fuzzer \
		-o $@ $< $(filter-out $(SKIP_$*),$(FUZZ_OBJS)) $(LDLIBS)

.SECONDARY: $(FUZZ_OBJS)

fuzz-build: $(FUZZ_TARGETS:%=$(FZ)/fuzz_%)

# Two targets at a time (tests/fuzz/run.sh), each FUZZ_S seconds.
fuzz:
	@$(MAKE) --no-print-directory -j$(BUILD_JOBS) fuzz-build
	@sh tests/fuzz/run.sh $(FZ) $(FUZZ_S) $(FUZZ_TARGETS)

# What the checks run, built BUILD_JOBS at a time first (the checks
# then run their own processes side by side: tests/units.sh, cli.sh);
# then the quick static checks, so that they fail in seconds.  Each
# suite runs whatever those before it did (make -k), and
# tests/suites.sh ends with a table of every suite's passes, failures,
# skips and seconds, the wall time, and "check: P passed, F failed, S
# skipped"; make check fails when anything failed.
BUILD_JOBS = 2
CHECKS = check-lengths check-circles check-floor check-layout \
	check-headers check-needs check-symbols check-unit check-cli check-docs check-install \
	check-browser
check-build: all $(UNIT_BINS) $(PLUGINS) $(EXEC_PROGS) $(HARNESS_DIR)/.built
check:
	@$(NEED_CC); $(NEED_CMOCKA); $(NEED_TOOLS)
	@MAKE='$(MAKE)' BUILD_JOBS='$(BUILD_JOBS)' sh tests/suites.sh \
		check-build $(CHECKS)

# What make check needs, found before anything is built, each named with
# the Debian package that holds it: a C compiler, cmocka's header (the
# unit tests), and the tools its checks run (CHECK_TOOLS, command and
# package).  The rest its cases use (g++, node, the JDK, Go, rustc, mono,
# chromium, zsh, fish) is optional: those cases say they skip.  make
# needs runs the same; the unit tests' build looks for cmocka.h first.
CHECK_TOOLS = mandoc:mandoc python3:python3 pkg-config:pkgconf
NEED_CC = $(CC) $(TEST_CPPFLAGS) -E -x c /dev/null >/dev/null 2>&1 || { \
	echo "shuffle-audit: make check: $(CC) cannot preprocess C: apt-get \
install gcc libc6-dev" >&2; exit 2; }
NEED_CMOCKA = printf '\043if !__has_include(<cmocka.h>)\n\043error\n\043endif\n' | \
	$(CC) $(TEST_CPPFLAGS) -E -x c - >/dev/null 2>&1 || { echo \
	"shuffle-audit: make check: cmocka.h not found: apt-get install \
libcmocka-dev" >&2; exit 2; }
NEED_TOOLS = for t in $(CHECK_TOOLS); do command -v "$${t%%:*}" \
	>/dev/null 2>&1 || { echo "shuffle-audit: make check: $${t%%:*} not \
found: apt-get install $${t\#*:}" >&2; exit 2; }; done
needs:
	@$(NEED_CC); $(NEED_CMOCKA); $(NEED_TOOLS)
needs-cmocka:
	@$(NEED_CC); $(NEED_CMOCKA)

# Each of those missing stops make check at once, with one line naming
# its package (tests/needs.sh); the unit test's objects built first.
check-needs: $(LIB) $(CLI_LIB_OBJS) $(RUN_OBJS)
	@MAKE='$(MAKE)' CC='$(CC)' UNIT=$(O)/tests/test_perm sh tests/needs.sh

# No file of src/ calls into one that calls it back: the library's files,
# and the command line's over them.
check-circles: $(LIB_OBJS) $(RUN_OBJS) $(CLI_OBJS)
	@sh tests/circles.sh $(LIB_OBJS) $(RUN_OBJS) $(CLI_OBJS)

# The command line does no arithmetic on counts: the library does.
check-floor:
	@sh tests/floor.sh $(CLI_SRCS) $(RUN_SRCS)

# src/README.md's Layout names every source file, and only those.
check-layout:
	@sh tests/layout.sh

# No function runs much past 100 lines, nor past 80 in the command line.
check-lengths:
	@sh tests/lengths.sh $(LIB_SRCS)
	@LIMIT=80 sh tests/lengths.sh $(CLI_SRCS) $(RUN_SRCS)

# The library's names for the linker (tests/symbols.sh): the sa_ prefix
# on every one, and the shared library's exports exactly the list in
# src/lib/exports.map, under its version node, which holds every public
# name of include/ and no other.
check-symbols: $(LIB) $(SHLIB)
	@sh tests/symbols.sh $(LIB) $(SHLIB)

# Each public header compiles by itself, as C11 and as C++, and the
# umbrella includes every module (tests/headers.sh).
check-headers:
	@CC='$(CC)' CXX='$(CXX)' CWARN='$(WARNINGS)' sh tests/headers.sh

# The unit tests, UNIT_JOBS at a time (tests/units.sh), the longest
# first (UNIT_LONG: under valgrind, each over 40 s here, the rest a few
# seconds at most), so that none is left running alone at the end.
UNIT_JOBS = 2
UNIT_LONG = $(addprefix $(O)/tests/,test_fit test_matrix test_limits \
	test_real test_claims)
check-unit: $(UNIT_BINS)
	@RUNNER='$(RUNNER)' UNIT_JOBS=$(UNIT_JOBS) sh tests/units.sh \
		$(UNIT_LONG) $(filter-out $(UNIT_LONG),$(UNIT_BINS))

check-cli: $(BIN) $(PLUGINS) $(EXEC_PROGS) $(HARNESS_DIR)/.built
	$(Q)RUNNER='$(RUNNER)' SKIP_SLOW='$(SKIP_SLOW)' SANITIZED='$(SANITIZED)' \
		SHARDS='$(SHARDS)' SAMPLE='$(SAMPLE)' QUICK='$(QUICK)' \
		HARNESS_DIR='$(HARNESS_DIR)' sh tests/cli.sh ./$(BIN)

# The completions make install copies, written again from the option
# tables (make check-docs fails when they differ).
completions: $(BIN)
	./$(BIN) completions bash > src/completions/shuffle-audit.bash
	./$(BIN) completions zsh > src/completions/_shuffle-audit
	./$(BIN) completions fish > src/completions/shuffle-audit.fish

check-docs: $(BIN)
	$(Q)sh tests/docs.sh ./$(BIN)

# The matrix's SVG in headless Chromium, its pixels checked.
check-browser: $(BIN)
	$(Q)sh tests/browser.sh ./$(BIN)

# make install and uninstall, staged (DESTDIR) and under a PREFIX: the
# files, the example linked both ways through pkg-config, the
# completions in bash, zsh and fish (tests/install.sh).
check-install: all
	$(Q)MAKE='$(MAKE)' sh tests/install.sh

# The native binary first: the CLI cases' `make audit` uses it, and two
# shards must not both build it.
# Its build and the native one's BUILD_JOBS at a time; the harness
# examples are the native binary's (HARNESS_BIN).
ASAN = O=build/asan BIN=build/asan/shuffle-audit \
	LIB=build/asan/libshuffleaudit.a PLUGIN_DIR=build/plugins \
	EXEC_DIR=build/exec HARNESS_DIR=build/harness HARNESS_BIN=$(BIN) \
	CFLAGS='$(SAN_FLAGS)' LDFLAGS='$(LDFLAGS) -fsanitize=address,undefined'
check-asan:
	$(MAKE) -j$(BUILD_JOBS) plugins $(BIN)
	$(MAKE) harness-examples
	$(MAKE) -j$(BUILD_JOBS) $(ASAN) build/asan/shuffle-audit \
		$(UNIT_TESTS:%=build/asan/tests/%)
	$(MAKE) $(ASAN) SKIP_SLOW=1 SANITIZED=1 SHARDS=$(SAN_SHARDS) \
		check-unit check-cli

# Valgrind, the slowest pass, runs every unit test and one CLI case in
# VALGRIND_SAMPLE (tests/cli.sh SAMPLE), a slice of every topic; the
# sanitizer pass runs them all.
VALGRIND_SAMPLE = 3
check-valgrind:
	$(MAKE) -j$(BUILD_JOBS) $(BIN) $(UNIT_BINS) $(PLUGINS) $(EXEC_PROGS)
	$(MAKE) RUNNER='$(VALGRIND)' SHARDS=$(SAN_SHARDS) \
		SAMPLE=$(VALGRIND_SAMPLE) check-unit check-cli

# The tarball alone builds, passes make check and installs, as a user
# without root (tests/dist.sh).
check-dist:
	MAKE='$(MAKE)' WERROR='$(WERROR)' sh tests/dist.sh

# The README's CI recipes, run as written against make dist's tarball
# (tests/recipes.sh).
check-recipes:
	MAKE='$(MAKE)' sh tests/recipes.sh

# make check runs once, in the unpacked tarball: what passes there passes
# in the tree it was made from, which holds the same files.
check-all: check-dist check-asan check-valgrind check-recipes check-mpi

# The Open MPI build under mpirun -np 1 to 4 against this one, byte for
# byte (tests/mpi.sh); skipped, saying so, without mpicc.
check-mpi:
	@$(MAKE) --no-print-directory -j$(BUILD_JOBS) $(BIN) plugins
	@if command -v mpicc >/dev/null 2>&1; then \
		$(MAKE) -j$(BUILD_JOBS) MPI=1 WERROR='$(WERROR)' && \
		sh tests/mpi.sh build/mpi/shuffle-audit ./$(BIN); \
	else echo "mpi: skipped (mpicc is not installed: apt-get install \
libopenmpi-dev openmpi-bin)"; fi

# Where each shell looks for completions (bash-completion, zsh, fish).
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
INSTALL_DIRS = "$(BINDIR)" "$(LIBDIR)" "$(PKGCONFIGDIR)" "$(INCLUDEDIR)" \
	"$(INCLUDEDIR)/shuffle_audit" "$(MANDIR)" "$(DATADIR)/harness" \
	"$(BASHCOMPDIR)" "$(ZSHCOMPDIR)" "$(FISHCOMPDIR)"

# make install notes the directories it had to make (deepest first) in
# $(DATADIR)/installed-dirs, and make uninstall removes those of them
# that are left empty, and no other. Every path is quoted, so a PREFIX or
# a DESTDIR may hold spaces; a character that quoting cannot carry
# through the shell, sed and shuffle-audit.pc is refused before anything
# is copied or removed (INSTALL_VARS, PATH_CHARS below).
# The library needs no rpath where the dynamic linker looks already (the
# system's own directories); anywhere else, shuffle-audit.pc adds one, so
# that a program linked through pkg-config finds the library it linked.
# Only there, and only with no DESTDIR, does make install run ldconfig.
SYSTEM_LIBDIRS = /lib /lib64 /usr/lib /usr/lib64 /usr/lib/$(shell \
	$(CC) -print-multiarch 2>/dev/null)
EMPTY :=
SPACE := $(EMPTY) $(EMPTY)
# LIBDIR when it is one of SYSTEM_LIBDIRS (a path with a space never is).
SYSTEM_LIBDIR = $(if $(findstring $(SPACE),$(LIBDIR)),,$(filter \
	$(LIBDIR),$(SYSTEM_LIBDIRS)))
PC_RPATH = $(if $(SYSTEM_LIBDIR),,-Wl,-rpath,$${libdir})

# The install paths, and the characters none of them may hold: each
# would end a quoted word in the shell or break sed's substitution into
# shuffle-audit.pc, and a newline would end a line of either.  make
# expands a $ in a value it is given ($x, which the user meant as a
# dollar), so the dollar is looked for in the value as written too,
# make's own $(VAR) and ${VAR} references aside.
INSTALL_VARS = DESTDIR PREFIX MANPREFIX BINDIR LIBDIR INCLUDEDIR MANDIR \
	DATADIR PKGCONFIGDIR BASHCOMPDIR ZSHCOMPDIR FISHCOMPDIR
PATH_CHARS = quote dquote pipe amp backquote dollar backslash newline
define NEWLINE


endef
PATH_CHAR_quote := '
PATH_CHAR_dquote := "
PATH_CHAR_pipe := |
PATH_CHAR_amp := &
PATH_CHAR_backquote := `
PATH_CHAR_dollar := $$
PATH_CHAR_backslash := \$(EMPTY)
PATH_CHAR_newline := $(NEWLINE)
REF_PAREN := $$(
REF_BRACE := $${
path_text = $($1)$(if $(filter dollar,$2),$(subst $(REF_PAREN),,$(subst \
	$(REF_BRACE),,$(value $1))))
# VAR:CHAR for the first install path that holds a refused character.
BAD_PATH = $(firstword $(foreach v,$(INSTALL_VARS),$(foreach c,$(PATH_CHARS),\
	$(if $(findstring $(PATH_CHAR_$c),$(call path_text,$v,$c)),$v:$c))))
bad_var = $(firstword $(subst :, ,$(BAD_PATH)))
bad_char = $(lastword $(subst :, ,$(BAD_PATH)))
# The message, one line (a newline shown as \n), in single quotes for
# the shell; a dollar's value as the user wrote it.
bad_value = $(if $(filter dollar,$(bad_char)),$(value $(bad_var)),$($(bad_var)))
bad_what = $(if $(filter newline,$(bad_char)),a newline,the character \
	$(PATH_CHAR_$(bad_char)))
bad_path_msg = shuffle-audit: make $1: $(bad_var) $(subst \
	$(NEWLINE),\n,$(bad_value)): cannot hold $(bad_what)
refuse_paths = $(if $(BAD_PATH),printf '%s\n' '$(subst ','\'',$(call \
	bad_path_msg,$1))' >&2; exit 2,:)

# shuffle-audit.pc's paths: libdir and includedir by ${exec_prefix} and
# ${prefix} where they lie under PREFIX; a space or a # escaped by a
# backslash, as pkg-config reads them (and writes them, for the shell
# that reads its output); then escaped again for sed's replacement (a |
# or & is refused before, and escaped all the same).  A | marks the
# start of the path in under_prefix: no path holds one.
under_prefix = $(subst |,,$(subst |$(PREFIX)/,$1/,|$2))
HASH := \#
pc_escape = $(subst $(HASH),\$(HASH),$(subst $(SPACE),\$(SPACE),$1))
sed_escape = $(subst |,\|,$(subst &,\&,$(subst \$(EMPTY),\\,$1)))
pc_path = $(call sed_escape,$(call pc_escape,$1))
PC_SED = -e 's|@PREFIX@|$(call pc_path,$(PREFIX))|' \
	-e 's|@LIBDIR@|$(call pc_path,$(call \
	under_prefix,$${exec_prefix},$(LIBDIR)))|' \
	-e 's|@INCLUDEDIR@|$(call pc_path,$(call \
	under_prefix,$${prefix},$(INCLUDEDIR)))|'

install-paths:
	@$(call refuse_paths,install)

install: install-paths all
	@mkdir -p $(O)
	@{ cat "$(DESTDIR)$(DATADIR)/installed-dirs" 2>/dev/null; \
	  for d in $(INSTALL_DIRS); do \
		while [ "$$d" != / ] && [ ! -d "$(DESTDIR)$$d" ]; do \
			echo "$$d"; d=$$(dirname "$$d"); done; \
	  done; } | sort -ru > $(O)/installed-dirs
	for d in $(INSTALL_DIRS); do install -d "$(DESTDIR)$$d" || exit; done
	@# A record of the directories made, for uninstall; not in a stage
	@# (DESTDIR), where every file is the package's.
	@if [ -z "$(DESTDIR)" ]; then install -m 644 $(O)/installed-dirs \
		"$(DATADIR)/installed-dirs"; fi
	install -m 755 $(BIN) "$(DESTDIR)$(BINDIR)/shuffle-audit"
	install -m 644 $(LIB) "$(DESTDIR)$(LIBDIR)/libshuffleaudit.a"
	install -m 755 $(SHLIB) "$(DESTDIR)$(LIBDIR)/$(SHLIB)"
	ln -sf $(SHLIB) "$(DESTDIR)$(LIBDIR)/$(SONAME)"
	ln -sf $(SONAME) "$(DESTDIR)$(LIBDIR)/libshuffleaudit.so"
	sed -e 's|@VERSION@|$(VERSION)|' $(PC_SED) -e 's|@LIBS@|$(LIB_LIBS)|' \
		-e 's|@RPATH@|$(PC_RPATH)|' -e 's| *$$||' \
		src/lib/shuffle-audit.pc.in \
		> "$(DESTDIR)$(PKGCONFIGDIR)/shuffle-audit.pc"
	install -m 644 $(PUBLIC_HEADERS) "$(DESTDIR)$(INCLUDEDIR)/"
	install -m 644 $(MODULE_HEADERS) "$(DESTDIR)$(INCLUDEDIR)/shuffle_audit/"
	install -m 644 man/shuffle-audit.1 "$(DESTDIR)$(MANDIR)/"
	install -m 644 $(HARNESS_FILES) "$(DESTDIR)$(DATADIR)/harness/"
	install -m 644 src/completions/shuffle-audit.bash \
		"$(DESTDIR)$(BASHCOMPDIR)/shuffle-audit"
	install -m 644 src/completions/_shuffle-audit "$(DESTDIR)$(ZSHCOMPDIR)/"
	install -m 644 src/completions/shuffle-audit.fish \
		"$(DESTDIR)$(FISHCOMPDIR)/"
	@# The dynamic linker's cache, where that is how this system finds a
	@# library: into one of its own directories, with no DESTDIR.
	@$(if $(DESTDIR)$(if $(SYSTEM_LIBDIR),,no),:,if command -v ldconfig \
	    >/dev/null 2>&1; then echo ldconfig; ldconfig; fi)

uninstall:
	@$(call refuse_paths,uninstall)
	rm -f "$(DESTDIR)$(BINDIR)/shuffle-audit" \
		"$(DESTDIR)$(LIBDIR)/libshuffleaudit.a" \
		"$(DESTDIR)$(LIBDIR)/$(SHLIB)" "$(DESTDIR)$(LIBDIR)/$(SONAME)" \
		"$(DESTDIR)$(LIBDIR)/libshuffleaudit.so" \
		"$(DESTDIR)$(PKGCONFIGDIR)/shuffle-audit.pc" \
		"$(DESTDIR)$(MANDIR)/shuffle-audit.1" \
		"$(DESTDIR)$(BASHCOMPDIR)/shuffle-audit" \
		"$(DESTDIR)$(ZSHCOMPDIR)/_shuffle-audit" \
		"$(DESTDIR)$(FISHCOMPDIR)/shuffle-audit.fish"
	for f in $(notdir $(HARNESS_FILES)); do \
		rm -f "$(DESTDIR)$(DATADIR)/harness/$$f" || exit; done
	for f in $(notdir $(PUBLIC_HEADERS)); do \
		rm -f "$(DESTDIR)$(INCLUDEDIR)/$$f" || exit; done
	for f in $(notdir $(MODULE_HEADERS)); do \
		rm -f "$(DESTDIR)$(INCLUDEDIR)/shuffle_audit/$$f" || exit; done
	@# The directories install made, from its record; in a stage, which
	@# has none, those of its own that are left empty.
	@f="$(DESTDIR)$(DATADIR)/installed-dirs"; \
	if [ -n "$(DESTDIR)" ]; then list=$$(for d in $(INSTALL_DIRS); do \
		while [ "$$d" != / ]; do echo "$$d"; d=$$(dirname "$$d"); \
		done; done | sort -ru); \
	else list=$$(cat "$$f" 2>/dev/null); rm -f "$$f"; fi; \
	printf '%s\n' "$$list" | while IFS= read -r d; do \
		[ -z "$$d" ] || rmdir "$(DESTDIR)$$d" 2>/dev/null || :; done

clean:
	rm -rf build $(BIN) $(LIB) $(SHLIB)
