# Strata: `make demo` and `make test` are all a fresh Debian machine needs.
SWIFT ?= swift
PKGS := yaml-0.1 libpng pangocairo pangoft2 fontconfig libavformat libavcodec libavutil libswscale libavfilter \
        libswresample libmicrohttpd librsvg-2.0 rlottie
APT_PKGS := libyaml-dev libpng-dev libavcodec-dev libavformat-dev libavutil-dev \
            libswscale-dev libavfilter-dev libswresample-dev libcairo2-dev libpango1.0-dev \
            libfreetype-dev libharfbuzz-dev libfontconfig-dev zlib1g-dev libmicrohttpd-dev librsvg2-dev librlottie-dev \
            pkg-config fonts-dejavu-core
# Shells and groff: the tests check the completion scripts and the man page with them;
# ffprobe (the ffmpeg package) reads the videos back in tests (the product never runs it).
TOOLS := zsh fish groff ffprobe
TOOL_PKGS := zsh fish groff-base ffmpeg
BIN_RELEASE := .build/release/strata
MAN_PAGE := .build/man/strata.1
COMPLETIONS := .build/completions

.PHONY: deps build test test-golden test-preview test-browser demo bench man completions clean

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

clean:
	rm -rf .build out
