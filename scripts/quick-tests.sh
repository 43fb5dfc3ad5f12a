#!/usr/bin/env bash
# The daily loop: runs the built test suite (scripts/run-tests.sh) without the suites tagged as needing a real peer
# (`.tags(.postgres)`, `.tags(.chromium)`, `.tags(.python)`: TestSupport's Tag+Peers.swift), so it passes on a
# machine without PostgreSQL, Chromium or PyPI. `make test`, and CI, run everything.
#
# The tags in the test sources are the list: this toolchain's `swift test` cannot filter by tag yet, so the tagged
# suites are skipped by name. Arguments are passed on (`--filter ServerTests`, for one target).
set -euo pipefail
cd "$(dirname "$0")/.."
suites=$(grep -rhoE '@Suite\([^)]*\.tags\([^)]*\)[^)]*\) (final class|struct|enum) [A-Za-z0-9_]+' Tests \
  | awk '{print $NF}' | sort -u | paste -sd'|')
[[ -n "$suites" ]] || { echo "quick-tests.sh: no tagged suite found under Tests/" >&2; exit 2; }
exec scripts/run-tests.sh --skip "\.($suites)/" "$@"
