# Atrium: the two commands (make demo, make test) and a few more.
SWIFT ?= swift
DATA ?= ./atrium-data
PORT ?= 8080
DATABASE ?=

.PHONY: demo test fuzz bench bench-cost build deps format format-check contract-check clean

## Runs Atrium on http://127.0.0.1:$(PORT) with its embedded database and the demo company;
## DATABASE=postgres://USER@HOST/DB runs it on PostgreSQL instead (the demo is seeded once).
## With Debian's mosquitto installed, a broker of its own and simulated sensors too (scripts/demo.sh).
demo: deps
	SWIFT="$(SWIFT)" DATA="$(DATA)" PORT="$(PORT)" DATABASE="$(DATABASE)" scripts/demo.sh

## Runs every test, twice: on SQLite, then on PostgreSQL (ATRIUM_TEST_DATABASE=postgres; the
## tests start a throwaway cluster). The calendar-feed test parses feeds with Python's
## icalendar, from .venv; the directory tests start their own slapd.
test: deps
	@scripts/python-tools.sh
	@scripts/install-test-servers.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test
	ATRIUM_TEST_DATABASE=postgres $(SWIFT) test --skip-build

## Contract fuzzing: schemathesis (pinned in .venv) with all its checks, as each role, against
## a throwaway demo server per role; see fuzz/run.py (FUZZ_EXAMPLES, FUZZ_SEED).
fuzz: deps
	@scripts/python-tools.sh
	$(SWIFT) build --product atrium
	python3 fuzz/run.py

## Load benchmark: release build, seeded company (BENCH_EMPLOYEES, default 1000), wrk; see bench/README.md.
bench: deps
	@command -v wrk >/dev/null 2>&1 || (sudo=$$( [ "$$(id -u)" -ne 0 ] && echo sudo ); DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq wrk)
	$(SWIFT) build -c release --product atrium
	$(SWIFT) build -c release --product atrium-http-hello
	python3 bench/run.py

## Instructions per request for each row, under valgrind's callgrind (repeatable on a busy
## machine, where req/s are not); bench/cost_check.py compares with the recorded figures.
bench-cost: deps
	@command -v valgrind >/dev/null 2>&1 || (sudo=$$( [ "$$(id -u)" -ne 0 ] && echo sudo ); DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq valgrind)
	$(SWIFT) build -c release --product atrium
	$(SWIFT) build -c release --product atrium-http-hello
	python3 bench/cost.py

build: deps
	$(SWIFT) build

## Installs the Debian libraries that are missing (apt-get; sudo when not root).
deps:
	@scripts/install-deps.sh

## Formats the code with the toolchain's swift-format and .swift-format.
format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

## Fails when the code is not formatted.
format-check:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

## Validates openapi.yaml against the OpenAPI 3.1 specification (a pinned PyPI validator in .venv).
contract-check:
	@scripts/contract-check.sh

clean:
	rm -rf .build .venv
