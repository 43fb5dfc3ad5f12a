#!/usr/bin/env bash
# Before and after, in one run: builds this checkout and REVISION (a commit, default HEAD~1) in release mode and
# measures both on the same machine, alternating ROUNDS times (default 3), so a refactor's cost shows as a ratio:
# validate (5,000 products, in-process), evaluate (photocollage, one entitlement: the fast path and the service's
# JSON path), resolve (photocollage's onboarding, every context), render (lingualeap, 3 locales), publish
# (5,000 products, a fresh SQLite store, the whole command) and POST evaluate over HTTP (one keep-alive client).
# Prints the median of each side and after/before; 1.00 is no change, and a few percent either way is noise.
# The older side stays checked out (and built) in .build/bench-compare/, for the next comparison.
#
# usage: scripts/bench-compare.sh [REVISION]
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=bench-compare
source scripts/bench-lib.sh
revision="${1:-HEAD~1}"
rounds="${ROUNDS:-3}"
base_commit="$(git rev-parse --verify "$revision^{commit}")" || fail "no commit '$revision'"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The older side is checked out once under .build, so a second comparison with it builds only this side.
base=".build/bench-compare/$base_commit"
if [[ ! -d "$base" ]]; then
  git worktree add --detach "$base" "$base_commit" >/dev/null 2>&1 || fail "cannot check out $revision"
fi

build() { # build FOLDER: the folder of its release binaries
  (cd "$1" && swift build -c release --static-swift-stdlib --product TollgateBenchmarks >/dev/null \
    && swift build -c release --static-swift-stdlib --product tollgate >/dev/null \
    && swift build -c release --static-swift-stdlib --show-bin-path) || fail "cannot build $1"
}
echo "building (release) this checkout and $revision (${base_commit:0:12})…" >&2
after_bin="$(build "$PWD")"
before_bin="$(build "$base")"
python3 scripts/gen-policy.py --products 5000 --out "$work/p5000" >/dev/null || fail "scripts/gen-policy.py failed"

mean() { awk '{ s += $1; n++ } END { if (n) printf "%.3f", s / n }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
now_ms() { date +%s%3N; }

# measure BIN METRIC: one figure of METRIC for the binaries in BIN (lower is better except requests_per_s).
measure() {
  local bin="$1" metric="$2"
  case "$metric" in
    validate_ms)
      "$bin/TollgateBenchmarks" validate --dir "$work/p5000" --iterations 3 --phase validate \
        | tr ' ' '\n' | sed -n 's/^validate_ms=//p' ;;
    eval_ns)
      "$bin/TollgateBenchmarks" eval --policy Policies/photocollage.yaml --iterations 1000000 \
        | grep '^k=1 ' | tr ' ' '\n' | sed -n 's/^eval_ns=//p' ;;
    eval_json_us)
      "$bin/TollgateBenchmarks" eval --policy Policies/photocollage.yaml --iterations 200000 \
        | grep -o 'json_us=[0-9.]*' | head -1 | cut -d= -f2 ;;
    resolve_ns)
      "$bin/TollgateBenchmarks" resolve --policy Policies/photocollage.yaml --contexts Benchmarks/resolve/contexts.json \
        --iterations 200000 | tr ' ' '\n' | sed -n 's/^resolve_ns=//p' | mean ;;
    render_us)
      "$bin/TollgateBenchmarks" render --locales en,ja,ar --seconds 0.5 | tr ' ' '\n' | sed -n 's/^render_us=//p' | mean ;;
    publish_ms)
      rm -f "$work/store.sqlite"
      local start; start=$(now_ms)
      (cd "$work/p5000" && "$bin/tollgate" publish --store "$work/store.sqlite" --author bench >/dev/null 2>&1) \
        || fail "publish failed with $bin"
      echo $(( $(now_ms) - start )) ;;
    requests_per_s)
      python3 - "$bin/tollgate" <<'PY'
import http.client, json, re, subprocess, sys, tempfile, time
# The log goes to a file: a pipe nobody reads would fill with request lines and stop the server.
log = tempfile.NamedTemporaryFile(mode="w+")
server = subprocess.Popen([sys.argv[1], "serve", "--port", "0"], stderr=log, stdout=subprocess.DEVNULL)
try:
    port = None
    for _ in range(300):
        log.seek(0)
        found = re.search(r'"url":"http://127\.0\.0\.1:(\d+)"', log.read())
        if found:
            port = int(found.group(1))
            break
        time.sleep(0.05)
    assert port, "tollgate serve did not say where it listens"
    body = json.dumps({"entitlements": [{"product": "com.example.photocollage.removeads", "state": "active"}]})
    client = http.client.HTTPConnection("127.0.0.1", port)
    def post():
        client.request("POST", "/v1/apps/photocollage/evaluate", body, {"Content-Type": "application/json"})
        answer = client.getresponse()
        answer.read()
        assert answer.status == 200, answer.status
    for _ in range(500):
        post()
    count, start = 5000, time.perf_counter()
    for _ in range(count):
        post()
    print(f"{count / (time.perf_counter() - start):.0f}")
finally:
    server.terminate()
    server.wait()
PY
      ;;
  esac
}

metrics=(validate_ms eval_ns eval_json_us resolve_ns render_us publish_ms requests_per_s)
declare -A before after
for round in $(seq "$rounds"); do
  echo "round $round of $rounds…" >&2
  for metric in "${metrics[@]}"; do
    before[$metric]+="$(measure "$before_bin" "$metric")"$'\n'
    after[$metric]+="$(measure "$after_bin" "$metric")"$'\n'
  done
done

printf '%-16s %12s %12s %12s\n' metric before after after/before
for metric in "${metrics[@]}"; do
  b="$(printf '%s' "${before[$metric]}" | median)"
  a="$(printf '%s' "${after[$metric]}" | median)"
  printf '%-16s %12s %12s %12s\n' "$metric" "$b" "$a" "$(ratio "$a" "$b")"
done
