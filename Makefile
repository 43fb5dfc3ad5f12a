# Tollgate: `make run` sets up, builds and runs the main job on the examples; `make test` runs the tests.
SWIFT ?= swift
BIN := .build/release/tollgate
APPS := $(basename $(notdir $(wildcard Policies/*.yaml)))
PORT ?= 8080
# CI builds with warnings as errors.
STRICT := $(if $(CI),-Xswiftc -warnings-as-errors,)

.PHONY: run test quick bench deps test-deps bench-deps build docs

run: deps build
	$(BIN) validate
	@for app in $(APPS); do echo; echo "== $$app: the policy against what Catalogs/$$app.storekit sells"; \
	  $(BIN) catalog check --app $$app Catalogs/$$app.storekit || exit 1; done
	@for app in $(APPS); do echo; echo "== $$app: features by tier"; $(BIN) matrix --app $$app || exit 1; done
	@for app in $(APPS); do echo; echo "== $$app: the paywall in the US store"; \
	  $(BIN) render --app $$app --prices Prices/$$app/USA.yaml || exit 1; done
	@echo
	@echo "== photocollage: the paywall a new user in Japan sees after onboarding"
	$(BIN) resolve --app photocollage --placement onboarding --input Contexts/photocollage/new-user-japan.json
	@echo
	@echo "== serving the examples on http://127.0.0.1:$(PORT) (Ctrl-C stops); try:"
	@echo "  curl -s -X POST http://127.0.0.1:$(PORT)/v1/apps/photocollage/evaluate -H 'Content-Type: application/json' \\"
	@echo "    -d '{\"entitlements\": [{\"product\": \"com.example.photocollage.removeads\", \"state\": \"active\"}]}'"
	@echo "  curl -s -X POST http://127.0.0.1:$(PORT)/ofrep/v1/evaluate/flags/cloud-sync -H 'Content-Type: application/json' \\"
	@echo "    -d '{\"context\": {\"targetingKey\": \"user-1\", \"app\": \"photocollage\", \"entitlements\": [\"com.example.photocollage.premium.yearly\"]}}'"
	@echo "  curl -s -X POST http://127.0.0.1:$(PORT)/v1/apps/photocollage/evaluate -H 'Content-Type: application/json' \\"
	@echo "    -d '{\"customer\": \"user-1\"}'    # what the App Store confirmed user-1 bought (docs/customers.md)"
	@echo "  curl -s 'http://127.0.0.1:$(PORT)/v1/apps/lingualeap/paywalls/main/preview?locale=ar' > preview.html"
	$(BIN) serve --port $(PORT)

build:
	$(SWIFT) build -c release --static-swift-stdlib --product tollgate $(STRICT)

# The tests run against a throwaway PostgreSQL cluster (scripts/postgres.sh) as well as SQLite files; a failed
# run ends with a summary of what failed (scripts/run-tests.sh).
test: test-deps
	$(SWIFT) build --build-tests $(STRICT)
	@scripts/postgres.sh start >/dev/null
	@TOLLGATE_TEST_POSTGRES="$$(scripts/postgres.sh url)" SWIFT=$(SWIFT) scripts/run-tests.sh; status=$$?; \
	  scripts/postgres.sh stop; exit $$status

# The daily loop: the suites that need no PostgreSQL, Chromium or Python peer (scripts/quick-tests.sh).
quick:
	$(SWIFT) build --build-tests $(STRICT)
	@SWIFT=$(SWIFT) scripts/quick-tests.sh

# One table of every goal at the end; BENCH_FLAGS=--check makes a miss (or a failed script) fail the target.
bench: bench-deps
	scripts/bench.sh $(BENCH_FLAGS)

# docs/rules.md is the output of 'tollgate explain --all --format markdown'; a test keeps them equal.
docs:
	$(SWIFT) build --product tollgate $(STRICT)
	.build/debug/tollgate explain --all --format markdown > docs/rules.md.new && mv docs/rules.md.new docs/rules.md

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

bench-deps:
	@scripts/install-deps.sh --bench
