# The steps of CI and what each needs first; .ci/run runs them with
# "make -j2", so that the machine's two cores are both busy to the end:
# every step that runs tests shares make's two job slots with the rest
# (its own make inherits them), so a step with one long test left lends
# the other core to another step.  Three builds, each a chain of steps:
#
#   in the tree (gcc, warnings as errors; the README's build): make check
#   (the README's test command, with the Ocean tests); make check-slow in
#   the checking mode (RIVER_CHECK); make bench; make install, and a
#   program built against the installed library;
#
#   clang with AddressSanitizer, LeakSanitizer and UndefinedBehavior-
#   Sanitizer, warnings as errors: the fast suite in the checking mode;
#
#   a build for valgrind (make check-valgrind: the unit tests, the fuzz
#   corpora, each command once);
#
#   a plain build: the web playground in headless Chromium, half a minute
#   of each fuzzer, and distcheck (the tarball builds, installs and
#   passes the tests that show it whole).
#
# The builds out of the tree are made from an unconfigured copy of the
# source that .ci/run makes first ($(W)/src).  Each step's output is in
# $(W)/STEP.log.
T = $(CI_TOP)
W = $(CI_WORK)
STEP = sh $(T)/.ci/step

# make starts what the first goal needs first: the longest chain, in
# the tree, whose Ocean build is the longest step before its tests.
all: in-tree-install sanitizers valgrind distcheck

# ---- In the tree --------------------------------------------------------

# dimod and neal from the vendored sources, for the Ocean tests.
ocean:
	+@$(STEP) $@ $(T) sh -c 'sh "$$0"/../shared/vendor/build-ocean.sh \
		"$$0/build/ocean" >"$$1/ocean.path"' $(T) $(W)

in-tree-build:
	+@$(STEP) $@ $(T) sh -c './configure -q CFLAGS="-g -O2 -Werror" \
		--prefix="$$0/prefix" && $(MAKE) && ./river solve puzzles/wgc.puz' \
		$(W)

# The README's test command.
in-tree-check: ocean in-tree-build
	+@RIVER_OCEAN_PATH=$$(cat $(W)/ocean.path) RIVER_REQUIRE_OCEAN=1 \
		$(STEP) $@ $(T) $(MAKE) check

# The reference search's random puzzles and the engines' answers, with
# every fast path compared with the plain meaning of the rules as it
# runs.
in-tree-check-slow: in-tree-check
	+@RIVER_CHECK=1 $(STEP) $@ $(T) $(MAKE) check-slow

# It reports its figures and fails only on a wrong answer or a gross
# regression, never on a busy machine's noise.
bench: in-tree-check-slow
	+@$(STEP) $@ $(T) $(MAKE) bench

# Installed, libriver is found by pkg-config and links into a program,
# and the Python package loads the installed library.
in-tree-install: bench
	+@$(STEP) $@ $(T) sh -c '$(MAKE) install && sh .ci/installed "$$0"' $(W)/prefix

# ---- Out of the tree ----------------------------------------------------

sanitizers-build:
	+@mkdir -p $(W)/sanitizers && $(STEP) $@ $(W)/sanitizers sh -c \
		'"$$0"/configure -q CC=clang --enable-sanitizers \
		CFLAGS="-O1 -g -Werror" && $(MAKE)' $(W)/src

sanitizers: sanitizers-build
	+@RIVER_CHECK=1 $(STEP) $@ $(W)/sanitizers $(MAKE) check

# valgrind sees what the sanitizers do not, reads of memory never
# written.
valgrind-build:
	+@mkdir -p $(W)/valgrind && $(STEP) $@ $(W)/valgrind sh -c \
		'"$$0"/configure -q CFLAGS="-O1 -g" && $(MAKE)' $(W)/src

valgrind: valgrind-build
	+@$(STEP) $@ $(W)/valgrind $(MAKE) check-valgrind

plain-build:
	+@mkdir -p $(W)/plain && $(STEP) $@ $(W)/plain sh -c \
		'"$$0"/configure -q && $(MAKE)' $(W)/src

# Here it must run its tests, not skip them.
check-web: plain-build
	+@$(STEP) $@ $(W)/plain sh -c '$(MAKE) check-web >web.out 2>&1; \
		rc=$$?; cat web.out; test $$rc -eq 0 && \
		grep -q "^1\.\.[1-9]" web.out && \
		echo "# PASS: $$(grep -c "^ok " web.out)"'

fuzz: check-web
	+@$(STEP) $@ $(W)/plain $(MAKE) fuzz FUZZ_SECONDS=30

# The unit tests, built here from the tarball's sources, ran above in
# three builds of the same sources.
DISTCHECK_TESTS = tests/unit/header_alone tests/cli.sh tests/catalogue.sh \
	tests/man.sh tests/example.sh
distcheck: fuzz
	+@$(STEP) $@ $(W)/plain $(MAKE) distcheck TESTS="$(DISTCHECK_TESTS)"

.PHONY: all ocean in-tree-build in-tree-check in-tree-check-slow bench \
	in-tree-install sanitizers-build sanitizers valgrind-build valgrind \
	plain-build check-web fuzz distcheck
