# Strata: `make demo` and `make test` are all a fresh Debian machine needs.
SWIFT ?= swift
PKGS := yaml-0.1 libpng pangocairo pangoft2 fontconfig libavformat libavcodec libavutil libswscale libavfilter \
        libswresample libmicrohttpd
APT_PKGS := libyaml-dev libpng-dev libavcodec-dev libavformat-dev libavutil-dev \
            libswscale-dev libavfilter-dev libswresample-dev libcairo2-dev libpango1.0-dev \
            libfreetype-dev libharfbuzz-dev libfontconfig-dev zlib1g-dev libmicrohttpd-dev pkg-config fonts-dejavu-core
# Shells and groff: the tests check the completion scripts and the man page with them;
# ffprobe (the ffmpeg package) reads the videos back in tests (the product never runs it).
TOOLS := zsh fish groff ffprobe
TOOL_PKGS := zsh fish groff-base ffmpeg
BIN_RELEASE := .build/release/strata
MAN_PAGE := .build/man/strata.1
COMPLETIONS := .build/completions

.PHONY: deps build test test-golden test-preview test-browser demo bench man completions clean \
        fuzz fuzz-build sanitize

# Idempotent: calls apt-get only when pkg-config lacks a library or a tool is missing.
deps:
	@missing=0; \
	command -v pkg-config >/dev/null 2>&1 || missing=1; \
	for p in $(PKGS); do pkg-config --exists $$p 2>/dev/null || missing=1; done; \
	for t in $(TOOLS); do command -v $$t >/dev/null 2>&1 || missing=1; done; \
	if [ $$missing = 1 ]; then \
	  echo "make deps: installing C libraries and test tools with apt-get"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $(APT_PKGS) $(TOOL_PKGS); \
	else echo "make deps: all C libraries and test tools present"; fi

build: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) build -c release
	$(SWIFT) test --disable-swift-testing
	$(MAKE) test-golden
	$(MAKE) test-preview

test-golden:
	$(BIN_RELEASE) check scenes

# `strata preview` in headless Chromium (installs Debian's chromium if missing; ~20 s).
test-preview:
	scripts/test-preview.sh $(BIN_RELEASE)

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
FUZZ_FLAGS := -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -detect_leaks=0 -print_final_stats=1

fuzz-build: deps
	@for t in $(FUZZ_TARGETS); do $(FUZZ_BUILD) --product fuzz-$$t || exit 1; done

fuzz: fuzz-build
	python3 scripts/fuzz-corpus.py $(FUZZ_DIR)/seeds
	@mkdir -p $(FUZZ_DIR)/crashes
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$t; \
	  echo "fuzz-$$t: $(FUZZ_SECONDS) s"; \
	  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 $(FUZZ_DIR)/release/fuzz-$$t $(FUZZ_FLAGS) -max_total_time=$(FUZZ_SECONDS) \
	    -artifact_prefix=$(FUZZ_DIR)/crashes/$$t- $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/seeds/$$t \
	    > $(FUZZ_DIR)/$$t.log 2>&1 \
	    || { tail -n 60 $(FUZZ_DIR)/$$t.log; echo "fuzz-$$t found a problem: $(FUZZ_DIR)/crashes/$$t-*"; exit 1; }; \
	  grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" $(FUZZ_DIR)/$$t.log | tr '\n' ' '; echo; \
	done

clean:
	rm -rf .build out
