# talkclock — the two commands of the README, and a few helpers.
#   make run    install what the build needs, build, start a practice game (embedded default)
#   make test   install what the tests need, check formatting and lints, run the whole suite
#               (the workspace: talkclock and the talkclock-harness crate with the bench smoke test)
#   make bench  build talkclock and talkclock-bench (release) and run `talkclock bench $(BENCH_ARGS)`

CARGO ?= cargo
JOBS ?= 2
BENCH_ARGS ?=
TARGET_DIR ?= $(if $(CARGO_TARGET_DIR),$(CARGO_TARGET_DIR),target)

.PHONY: run test bench deps-build deps-test build fmt lint

run: deps-build
	$(CARGO) build --release -j$(JOBS)
	./target/release/talkclock run

test: deps-test
	$(CARGO) fmt --all --check
	$(CARGO) clippy -j$(JOBS) --workspace --all-targets -- -D warnings
	$(CARGO) test -j$(JOBS) --workspace

# The benchmark needs the test packages (private PulseAudio, parec, speech-dispatcher).
bench: deps-test
	$(CARGO) build --release -j$(JOBS) -p talkclock -p talkclock-harness
	$(TARGET_DIR)/release/talkclock bench $(BENCH_ARGS)

deps-build:
	bash .ci/install-deps.sh build

deps-test:
	bash .ci/install-deps.sh test

build: deps-build
	$(CARGO) build -j$(JOBS)

fmt:
	$(CARGO) fmt --all
