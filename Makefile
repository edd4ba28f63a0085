# Strata: `make demo` and `make test` are all a fresh Debian machine needs.
SWIFT ?= swift
PKGS := yaml-0.1 libpng pangocairo pangoft2 fontconfig libavformat libavcodec libavutil libswscale libavfilter \
        libswresample libmicrohttpd librsvg-2.0 rlottie
# What building, `make demo` and `make install` need (`make deps`): the C
# libraries, pkg-config and a system font. The test tools are `make deps-test`'s.
APT_PKGS := libyaml-dev libpng-dev libavcodec-dev libavformat-dev libavutil-dev \
            libswscale-dev libavfilter-dev libswresample-dev libcairo2-dev libpango1.0-dev \
            libfreetype-dev libharfbuzz-dev libfontconfig-dev zlib1g-dev libmicrohttpd-dev librsvg2-dev librlottie-dev \
            pkg-config fonts-dejavu-core
# Test tools: shells and groff check the completion scripts and the man page;
# ffmpeg/ffprobe read the videos back and what `render -o -` streams (the
# product never runs them); xmllint validates JUnit XML against
# Tests/Schemas/junit-10.xsd; script (util-linux) gives tests a terminal;
# node with Debian's node-ajv checks the JSON Schema in JavaScript, as editors
# run it (its patterns compiled as yaml-language-server does, Ajv's draft-07).
TOOLS := zsh fish groff ffmpeg ffprobe xmllint script node
TOOL_PKGS := zsh fish groff-base ffmpeg libxml2-utils bsdutils nodejs node-ajv
NODE_MODULES := /usr/share/nodejs
BIN_RELEASE := .build/release/strata
MAN_PAGE := .build/man/strata.1
COMPLETIONS := .build/completions
# The release binary carries the Swift runtime and Foundation inside it: it
# needs only the C libraries, not the toolchain (make test-install checks it).
RELEASE_FLAGS := -c release --static-swift-stdlib

# make install PREFIX=/usr/local DESTDIR=/tmp/stage: the binary, the man page,
# shell completions and the bundled fonts (found by the binary at
# PREFIX/share/strata/fonts, beside PREFIX/bin).
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_BIN := $(DESTDIR)$(PREFIX)/bin
INSTALL_MAN := $(DESTDIR)$(PREFIX)/share/man/man1
INSTALL_FONTS := $(DESTDIR)$(PREFIX)/share/strata/fonts
INSTALL_BASH := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
INSTALL_ZSH := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
INSTALL_FISH := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
FONTS := scenes/fonts/DejaVuSans.ttf scenes/fonts/LICENSE

.PHONY: deps deps-test deps-python build test test-golden test-preview test-slurm test-kubernetes bench-chunks test-browser test-install demo bench docs man completions install uninstall clean \
        fuzz fuzz-build sanitize

# The C libraries, pkg-config and a font (build, demo, install). Idempotent:
# calls apt-get only when pkg-config lacks a library or fontconfig has no font.
deps:
	@missing=0; \
	command -v pkg-config >/dev/null 2>&1 || missing=1; \
	for p in $(PKGS); do pkg-config --exists $$p 2>/dev/null || missing=1; done; \
	[ -n "$$(fc-list 2>/dev/null)" ] || missing=1; \
	if [ $$missing = 1 ]; then \
	  echo "make deps: installing the C libraries with apt-get"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $(APT_PKGS); \
	else echo "make deps: all C libraries present"; fi

# The test tools (TOOLS above; make test and the test targets that run them).
# Idempotent: calls apt-get only when a tool or node-ajv is missing.
deps-test:
	@missing=0; \
	for t in $(TOOLS); do command -v $$t >/dev/null 2>&1 || missing=1; done; \
	[ -f $(NODE_MODULES)/ajv/package.json ] || missing=1; \
	if [ $$missing = 1 ]; then \
	  echo "make deps-test: installing the test tools with apt-get"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $(TOOL_PKGS); \
	else echo "make deps-test: all test tools present"; fi

# Idempotent: the Python package the schema test validates with (jsonschema),
# from PyPI with pip, only when python3 cannot import it.
deps-python:
	@if python3 -c 'import jsonschema' 2>/dev/null; then echo "make deps-python: jsonschema present"; else \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  if ! python3 -m pip --version >/dev/null 2>&1; then \
	    echo "make deps-python: installing python3 and pip with apt-get"; \
	    $$SUDO apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends python3 python3-pip; \
	  fi; \
	  echo "make deps-python: installing jsonschema with pip"; \
	  python3 -m pip install --user --quiet jsonschema 2>/dev/null || \
	    python3 -m pip install --user --quiet --break-system-packages jsonschema; \
	  python3 -c 'import jsonschema'; \
	fi

build: deps
	$(SWIFT) build $(RELEASE_FLAGS)

test: deps deps-test deps-python
	$(SWIFT) build $(RELEASE_FLAGS)
	$(SWIFT) test --disable-swift-testing
	$(MAKE) test-golden
	$(MAKE) test-preview

test-golden:
	$(BIN_RELEASE) check scenes

# `strata preview` in headless Chromium (installs Debian's chromium if missing; ~20 s).
test-preview:
	scripts/test-preview.sh $(BIN_RELEASE)

# The Slurm recipe of docs/scale-out.md on a single-node cluster started on this
# machine (installs slurm-wlm and munge if missing; ~40 s, ~1 min with the install).
test-slurm: build deps-test
	scripts/test-slurm.sh $(BIN_RELEASE)

# The Kubernetes manifests of docs/scale-out.md against the batch/v1 Job schema
# (kubernetes-validate from PyPI, in .build/venv), and their command run locally.
test-kubernetes: build
	scripts/test-kubernetes.sh $(BIN_RELEASE)

# Screenshots a failing report.html in headless Chromium (local check, not CI).
test-browser: build
	scripts/test-browser.sh

demo: build
	@mkdir -p out
	$(BIN_RELEASE) render scenes/demo.yaml -o out/demo.mp4

# Benchmarks against rlottie, ThorVG and x264 alone (writes bench/results.md),
# then the cost of 1080p frames against the bare canvas (printed).
bench: deps
	bash bench/run.sh
	sh bench/frame-costs.sh

# The manual page, made from the command-line declarations (strata help --man).
man: build
	@mkdir -p $(dir $(MAN_PAGE))
	$(BIN_RELEASE) help --man > $(MAN_PAGE).tmp && mv $(MAN_PAGE).tmp $(MAN_PAGE)
	@echo "wrote $(MAN_PAGE); read it with: man -l $(MAN_PAGE)"

# Shell completion scripts, made from the same declarations (strata completion SHELL).
completions: build
	@mkdir -p $(COMPLETIONS)
	$(BIN_RELEASE) completion bash > $(COMPLETIONS)/strata.bash
	$(BIN_RELEASE) completion zsh > $(COMPLETIONS)/_strata
	$(BIN_RELEASE) completion fish > $(COMPLETIONS)/strata.fish

# libFuzzer over each target of Fuzz/ for FUZZ_SECONDS seconds (docs/fuzzing.md).
# Built with -sanitize=fuzzer,address in its own build folder (.build/fuzz),
# so the normal build is untouched. Seeds come from scenes/ (scripts/fuzz-corpus.py);
# what libFuzzer learns stays in .build/fuzz/corpus/, crashes go to .build/fuzz/crashes/.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= scene path values image frame
FUZZ_DIR := .build/fuzz
FUZZ_BUILD := STRATA_FUZZ=1 $(SWIFT) build -c release --scratch-path $(FUZZ_DIR) \
	-Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xswiftc -enable-testing
# Per input: 10 s and 2 GiB at most (a slower or bigger input is a finding); no leak
# checks (caches that live as long as the process: fonts, decoded images).
# Inputs up to 1 MiB, so one long scalar (the long-scalar seeds of
# scripts/fuzz-corpus.py, grown with Fuzz/Dictionaries/TARGET.dict) can
# show super-linear work as a timeout.
FUZZ_FLAGS := -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 -max_len=1048576

fuzz-build: deps
	@for t in $(FUZZ_TARGETS); do $(FUZZ_BUILD) --product fuzz-$$t || exit 1; done

fuzz: fuzz-build
	python3 scripts/fuzz-corpus.py $(FUZZ_DIR)/seeds
	@mkdir -p $(FUZZ_DIR)/crashes
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$t; \
	  echo "fuzz-$$t: $(FUZZ_SECONDS) s"; \
	  dict=; [ -f Fuzz/Dictionaries/$$t.dict ] && dict=-dict=Fuzz/Dictionaries/$$t.dict; \
	  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 $(FUZZ_DIR)/release/fuzz-$$t $(FUZZ_FLAGS) $$dict -max_total_time=$(FUZZ_SECONDS) \
	    -artifact_prefix=$(FUZZ_DIR)/crashes/$$t- $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/seeds/$$t \
	    > $(FUZZ_DIR)/$$t.log 2>&1 \
	    || { tail -n 60 $(FUZZ_DIR)/$$t.log; echo "fuzz-$$t found a problem: $(FUZZ_DIR)/crashes/$$t-*"; exit 1; }; \
	  grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" $(FUZZ_DIR)/$$t.log | tr '\n' ' '; echo; \
	done

# ASan and TSan debug builds (.build/sanitize-NAME) render every scene's golden
# frames at -j 2 and run the CLI tests (scripts/sanitize.sh; SANITIZERS=address
# for one). Two full builds: about 30 min on 2 cores, so not part of make test.
sanitize: deps deps-test
	SWIFT=$(SWIFT) scripts/sanitize.sh

install: man completions
	install -d $(INSTALL_BIN) $(INSTALL_MAN) $(INSTALL_FONTS) $(INSTALL_BASH) $(INSTALL_ZSH) $(INSTALL_FISH)
	install -m 755 $(BIN_RELEASE) $(INSTALL_BIN)/strata
	install -m 644 $(MAN_PAGE) $(INSTALL_MAN)/strata.1
	install -m 644 $(FONTS) $(INSTALL_FONTS)/
	install -m 644 $(COMPLETIONS)/strata.bash $(INSTALL_BASH)/strata
	install -m 644 $(COMPLETIONS)/_strata $(INSTALL_ZSH)/_strata
	install -m 644 $(COMPLETIONS)/strata.fish $(INSTALL_FISH)/strata.fish

uninstall:
	rm -f $(INSTALL_BIN)/strata $(INSTALL_MAN)/strata.1 $(INSTALL_BASH)/strata $(INSTALL_ZSH)/_strata $(INSTALL_FISH)/strata.fish
	rm -f $(addprefix $(INSTALL_FONTS)/,$(notdir $(FONTS)))
	-rmdir $(INSTALL_FONTS) $(DESTDIR)$(PREFIX)/share/strata 2>/dev/null

# The installed release binary in a clean Debian 12 root (debootstrap, cached
# in .build/test-install/root) with only the C libraries' runtime packages:
# no Swift toolchain, no -dev packages, no system fonts. ~5 min the first time.
test-install: build
	scripts/test-install.sh

# Writes the property tables in docs/ (between <!-- properties: NAME --> markers)
# from the property table, LayerProperty; `make test` fails when they differ.
docs:
	STRATA_WRITE_DOCS=1 $(SWIFT) test --disable-swift-testing --filter PropertyDocsTests

# Chunked renders: 1, 2 and 4 chunks of a 60 s 1080p scene, the join's share,
# the speed-up predicted for 10 and 100 machines; writes bench/chunks-results.md (~10 min).
bench-chunks: build
	STRATA=$(BIN_RELEASE) bash bench/chunks.sh

clean:
	rm -rf .build out
