# Tollgate: `make run` sets up, builds and runs the main job on the examples; `make test` runs the tests.
SWIFT ?= swift
BIN := .build/release/tollgate
APPS := $(basename $(notdir $(wildcard Policies/*.yaml)))
# CI builds with warnings as errors.
STRICT := $(if $(CI),-Xswiftc -warnings-as-errors,)

.PHONY: run test bench deps test-deps build

run: deps build
	$(BIN) validate
	@for app in $(APPS); do echo; echo "== $$app: features by tier"; $(BIN) matrix --app $$app || exit 1; done
	@for app in $(APPS); do echo; echo "== $$app: the paywall in the US store"; \
	  $(BIN) render --app $$app --prices Prices/$$app/USA.yaml || exit 1; done

build:
	$(SWIFT) build -c release --product tollgate $(STRICT)

test: test-deps
	$(SWIFT) build --build-tests $(STRICT)
	$(SWIFT) test --skip-build

bench: deps
	scripts/bench-validate.sh
	scripts/bench-eval.sh
	scripts/bench-render.sh

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test
