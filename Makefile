# talkclock — the two commands of the README, and a few helpers.
#   make run    install what the build needs, build, start a practice game (embedded default)
#   make test   install what the tests need, check formatting and lints, run the whole suite
#               (the workspace: talkclock and the talkclock-harness crate with the bench smoke test)
#   make check  the fast tier: formatting, lints, unit tests and tests/fast/ (no outside service)
#   make bench  build talkclock and talkclock-bench (release) and run `talkclock bench $(BENCH_ARGS)`
#   make listen how well Whisper base understands the voice packs, beside RHVoice continuous
#               (harness/listen/; not part of make test; figures in docs/PERFORMANCE.md);
#               make listen-test runs only its self-tests (parser, silence padding, espeak-ng rate)
#   make man    write the manual page target/man/talkclock.1 (read it: man -l target/man/talkclock.1)
#   make deb    build the Debian package target/debian/talkclock_VERSION_ARCH.deb (ARCH=amd64
#               or arm64, cross-built for a Raspberry Pi); make deb-check also checks it
#   make test-arm64  cross-build for arm64 (a Raspberry Pi) and run it under qemu-user: the unit
#               tests, every golden scenario, every shipped configuration, a daemon game with a
#               SIGKILL (.ci/test-arm64.sh); emulation, so not a board's timing nor its devices

CARGO ?= cargo
JOBS ?= 2
BENCH_ARGS ?=
TARGET_DIR ?= $(if $(CARGO_TARGET_DIR),$(CARGO_TARGET_DIR),target)
ARCH ?= amd64
LISTEN_VENV ?= $(TARGET_DIR)/listen-venv
LISTEN_MODEL ?= $(TARGET_DIR)/listen/model
LISTEN_ARGS ?=
VERSION := $(shell sed -n 's/^version = "\(.*\)"$$/\1/p' Cargo.toml | head -n 1)

.PHONY: run test test-arm64 deps-test-arm64 check man bench listen listen-test deps-listen deb deb-check deps-build deps-test deps-deb build fmt lint

run: deps-build
	$(CARGO) build --release -j$(JOBS)
	@echo "A practice game on the embedded default: s starts, w and b are White's and Black's clocks,"
	@echo "t and y say their times, p pauses, r resumes; Ctrl-C stops the clock."
	./target/release/talkclock run

# The tests are eleven binaries (tests/NAME/main.rs, one module per subject, so that the crate is
# linked eleven times, not once per file). The fast tier (issue 33), `make check`: formatting, lints,
# the unit tests and tests/fast/, the integration tests that start no outside service (no
# PulseAudio, ALSA device, speech-dispatcher, mosquitto, Chromium, BRLTTY, strace or libfaketime)
# and take seconds. `make test` runs them all, these included: tests/audio/ (private PulseAudio,
# speech-dispatcher), tests/speech/ (voice packs, every announcement), tests/hall/ (mosquitto),
# tests/web/ (Chromium), tests/journal/ (strace), tests/daemon/ (BRLTTY, libfaketime, crashes,
# users, the README), and audio_alsa_file, audio_layouts, audio_pulse_realtime, page_floods, each
# a process of its own.
check:
	$(CARGO) fmt --all --check
	$(CARGO) clippy -j$(JOBS) --workspace --all-targets -- -D warnings
	$(CARGO) test -j$(JOBS) -p talkclock --lib --bins --test fast
	$(CARGO) test -j$(JOBS) -p talkclock-harness --lib

test: deps-test
	$(CARGO) fmt --all --check
	$(CARGO) clippy -j$(JOBS) --workspace --all-targets -- -D warnings
	$(CARGO) test -j$(JOBS) --workspace
	cd harness/listen && python3 -m unittest -q test_parse test_lead test_engine

# The arm64 build under emulation (issue 37): built for aarch64-unknown-linux-gnu and run by
# qemu-aarch64 as cargo's runner; the scenarios' transcripts, journals and time logs, and the
# configurations' checks, compared byte for byte with this machine's (amd64) binary.
test-arm64: deps-test-arm64
	CARGO_BUILD_JOBS=$(JOBS) bash .ci/test-arm64.sh

deps-test-arm64:
	bash .ci/install-deps.sh test-arm64
	rustup target add aarch64-unknown-linux-gnu

# The manual page, made by the program itself (`talkclock man`), as the package installs it.
man: deps-build
	$(CARGO) build -j$(JOBS) -p talkclock
	mkdir -p target/man
	$(TARGET_DIR)/debug/talkclock man >target/man/talkclock.1.tmp
	mv target/man/talkclock.1.tmp target/man/talkclock.1
	@echo "target/man/talkclock.1: read it with  man -l target/man/talkclock.1"

# The benchmark needs the test packages (private PulseAudio, parec, speech-dispatcher).
bench: deps-test
	$(CARGO) build --release -j$(JOBS) -p talkclock -p talkclock-harness
	$(TARGET_DIR)/release/talkclock bench $(BENCH_ARGS)

# Renders every test sentence with the voice packs and with RHVoice continuous, transcribes
# them with Whisper base (faster-whisper, offline) and reports exact matches, WER, durations,
# gaps and levels into $(TARGET_DIR)/listen/run/ (LISTEN_ARGS: e.g. --langs ru --limit 10).
listen: listen-test deps-listen
	$(CARGO) build --release -j$(JOBS) -p talkclock
	$(LISTEN_VENV)/bin/python harness/listen/listen.py --binary $(TARGET_DIR)/release/talkclock \
	  --model $(LISTEN_MODEL) --out $(TARGET_DIR)/listen/run $(LISTEN_ARGS)

listen-test:
	cd harness/listen && python3 -m unittest -q test_parse test_lead test_engine

deps-listen: deps-build
	bash harness/listen/setup.sh $(LISTEN_VENV) $(LISTEN_MODEL)

deb: deps-deb
	bash packaging/deb/build.sh $(ARCH)

# lintian clean, the unit verified, no source-tree path in the binary, the files in place.
deb-check: deb
	bash packaging/deb/check.sh target/debian/talkclock_$(VERSION)_$(ARCH).deb

deps-deb:
	bash .ci/install-deps.sh $(if $(filter arm64,$(ARCH)),deb-arm64,deb)
	$(if $(filter arm64,$(ARCH)),rustup target add aarch64-unknown-linux-gnu)

deps-build:
	bash .ci/install-deps.sh build

deps-test:
	bash .ci/install-deps.sh test
	bash .ci/install-web-deps.sh

build: deps-build
	$(CARGO) build -j$(JOBS)

fmt:
	$(CARGO) fmt --all
