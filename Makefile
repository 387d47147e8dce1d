# talkclock — the two commands of the README, and a few helpers.
#   make run    install what the build needs, build, start a practice game (embedded default)
#   make test   install what the tests need, check formatting and lints, run the whole suite

CARGO ?= cargo
JOBS ?= 2

.PHONY: run test deps-build deps-test build fmt lint

run: deps-build
	$(CARGO) build --release -j$(JOBS)
	./target/release/talkclock run

test: deps-test
	$(CARGO) fmt --check
	$(CARGO) clippy -j$(JOBS) --all-targets -- -D warnings
	$(CARGO) test -j$(JOBS)

deps-build:
	bash .ci/install-deps.sh build

deps-test:
	bash .ci/install-deps.sh test

build: deps-build
	$(CARGO) build -j$(JOBS)

fmt:
	$(CARGO) fmt
