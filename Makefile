# Strata: `make demo` and `make test` are all a fresh Debian machine needs.
SWIFT ?= swift
PKGS := yaml-0.1 libpng pangocairo pangoft2 fontconfig pixman-1 libavformat libavcodec libavutil libswscale librsvg-2.0 rlottie
APT_PKGS := libyaml-dev libpng-dev libavcodec-dev libavformat-dev libavutil-dev \
            libswscale-dev libcairo2-dev libpango1.0-dev libpixman-1-dev \
            libfreetype-dev libharfbuzz-dev libfontconfig-dev zlib1g-dev librsvg2-dev librlottie-dev \
            pkg-config fonts-dejavu-core
BIN_RELEASE := .build/release/strata

.PHONY: deps build test test-golden test-browser demo bench clean

# Idempotent: calls apt-get only when pkg-config lacks a library.
deps:
	@missing=0; \
	command -v pkg-config >/dev/null 2>&1 || missing=1; \
	for p in $(PKGS); do pkg-config --exists $$p 2>/dev/null || missing=1; done; \
	if [ $$missing = 1 ]; then \
	  echo "make deps: installing C libraries with apt-get"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $(APT_PKGS); \
	else echo "make deps: all C libraries present"; fi

build: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) build -c release
	$(SWIFT) test --disable-swift-testing
	$(MAKE) test-golden

test-golden:
	$(BIN_RELEASE) check scenes

# Screenshots a failing report.html in headless Chromium (local check, not CI).
test-browser: build
	scripts/test-browser.sh

demo: build
	@mkdir -p out
	$(BIN_RELEASE) render scenes/demo.yaml -o out/demo.mp4

# Benchmarks against rlottie, ThorVG and x264 alone; writes bench/results.md.
bench: deps
	bash bench/run.sh

clean:
	rm -rf .build out
