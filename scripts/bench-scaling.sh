#!/usr/bin/env bash
# How Tollgate scales: time and peak memory of validate, publish, diff, render and evaluate on generated
# projects of 3, 200, 5,000 and 20,000 products (scripts/gen-policy.py), each next to a baseline measured
# in the same run, and the growth per byte from one size to the next.
#
# Per size, with the release binaries (process start included unless said otherwise):
#   validate   `tollgate validate`; baseline: draining libyaml's events over the same files, in process
#   publish    `tollgate publish` of the project into a new SQLite store; baseline: validate
#   diff       `tollgate diff 1 2` of two published versions (v2: three prices and two features changed);
#              baseline: validate
#   render     `tollgate render` of the first paywall in German with the reference prices; baseline: validate
#   evaluate   `Evaluator.access` with 3 active entitlements, in process (TollgateBenchmarks eval, ns);
#              baseline: one dictionary lookup of a product id; and `tollgate eval` as a process
# Process start alone (`tollgate --version`) is printed above the table.
# Times are the best of RUNS runs (one at 20,000); memory is the peak resident set (getrusage of the child).
# Growth per byte: (time at this size / time at the previous size) / (bytes at this size / bytes at the
# previous size): 1.00 is linear in the input, above 1 grows faster than it.
# Goal for validate's peak memory: at most 2 x the input's bytes + 30 MiB.
#
# Then customers (release `tollgate serve --apple-root-ca` of the test chain --store S, S an SQLite file or a
# database of a throwaway PostgreSQL cluster, the examples published to it first), on stores seeded with SQL to 10,000,
# 100,000 and 1,000,000 customers (seed_customers_lite / _pg of scripts/bench-lib.sh; one active yearly
# subscription each), at each size and on each backend, wrk -tTHREADS -cCONNECTIONS -dDURATION:
#   baseline       POST evaluate with the entitlement in the body
#   by customer    POST evaluate with {"customer": <any of all the seeded, at random>}: a read of the store
#                  whenever the server's customer cache (200,000 customers) does not hold it
#   notification   POST notifications/app-store of distinct signed notifications ('TollgateBenchmarks
#                  customers-sign'), each answered 200 and "applied": verified and committed
# and exposures (release `tollgate serve --store`), on stores seeded with SQL to 100,000, 1,000,000 and
# 10,000,000 exposures of onboarding-paywall and a tenth as many purchases (seed_results_lite / _pg, as
# scripts/bench-experiments.sh seeds them), at each size and on each backend:
#   recording      resolve with a new user each request (wrk, DURATION) on `serve --store S --no-exposures`
#                  then on `serve --store S`, which records each exposure into the seeded table; the exposures
#                  of the 'on' run stored once both servers stopped, per second of load
#   results        `tollgate experiment results --to 2026-11-10T00:00:00Z --format json` (best of RUNS, one at
#                  10,000,000)
# Per unit: microseconds per request (1 / requests/s) for evaluate and notifications, each divided by the
# baseline's run next to it (so that the machine's load cancels); microseconds per stored exposure for
# recording; nanoseconds per seeded exposure for results. Growth per unit: this size's per-unit cost / the
# previous size's. Goal: growth per unit <= GROWTH_LIMIT (default 1.5) from one size to the next: at ten times
# the data, a unit costs at most half as much again (a B-tree's depth adds a level per ~100x; more than that is
# a cache or a plan that stopped fitting).
#
# usage: scripts/bench-scaling.sh
# environment: SCRATCH_PATH (SwiftPM build folder, default .build), BENCH_SIZES (products, default
#              "3 200 5000 20000"), RUNS (default 3), CUSTOMER_SIZES (default "10000 100000 1000000"),
#              EXPOSURE_SIZES (default "100000 1000000 10000000"); an empty list skips its part (a quick run:
#              BENCH_SIZES="3 200" CUSTOMER_SIZES="1000 10000" EXPOSURE_SIZES="10000 100000" DURATION=3s);
#              DURATION (wrk -d, default 10s), CONNECTIONS (wrk -c, default 16), THREADS (wrk -t, default 2),
#              NOTIFICATIONS (signed per notification run, default 4000 per second of DURATION), GROWTH_LIMIT
#              (default 1.5)
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=bench-scaling
source scripts/bench-lib.sh

sizes="${BENCH_SIZES-3 200 5000 20000}"
runs="${RUNS:-3}"
customer_sizes="${CUSTOMER_SIZES-10000 100000 1000000}"
exposure_sizes="${EXPOSURE_SIZES-100000 1000000 10000000}"
duration="${DURATION:-10s}"
connections="${CONNECTIONS:-16}"
threads="${THREADS:-2}"
seconds="$(awk -v d="$duration" 'BEGIN { n = d + 0; if (d ~ /m$/) n *= 60; else if (d ~ /h$/) n *= 3600; print n }')"
notifications="${NOTIFICATIONS:-$((4000 * seconds))}"
growth_limit="${GROWTH_LIMIT:-1.5}"
for size in $sizes $customer_sizes $exposure_sizes; do
  [[ "$size" =~ ^[1-9][0-9]*$ ]] || fail "sizes must be positive numbers, not '$size'"
done
if [[ -n "$customer_sizes$exposure_sizes" ]]; then
  missing=()
  for tool in wrk curl sqlite3 psql; do command -v "$tool" >/dev/null || missing+=("$tool"); done
  ((${#missing[@]} == 0)) \
    || fail "missing ${missing[*]}; run: sudo apt-get install -y ${missing[*]/psql/postgresql-client}"
fi
release_binaries tollgate TollgateBenchmarks
tollgate="$bin/tollgate"
bench="$bin/TollgateBenchmarks"
server_scratch

# measure FOLDER RUNS COMMAND…: "MS KIB", the best wall time of RUNS runs of COMMAND in FOLDER and the
# largest peak resident set among them; output discarded, a failure stops the benchmark.
measure() {
  python3 - "$@" <<'PY' || fail "failed in $1: ${*:3}"
import os, subprocess, sys, time
folder, runs, command = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
best, peak = float("inf"), 0
for _ in range(runs):
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(1)
    best, peak = min(best, elapsed), max(peak, usage.ru_maxrss)
print("%.1f %d" % (best * 1000, peak))
PY
}

# products: the products part (BENCH_SIZES).
products() {
  start="$(measure "$work" 5 "$tollgate" --version)"
  declare -A bytes validate publish diff render eval_cli events lookup evaluate
  for size in $sizes; do
    echo "size $size…" >&2
    folder="$work/p$size"
    versions "$size" "$folder"
    (( size >= 20000 )) && n=1 || n="$runs"
    bytes[$size]=$(cat "$folder/v1/Policies/bench.yaml" "$folder/v1/Templates/bench/"*.yaml | wc -c)
    line="$("$bench" validate --dir "$folder/v1" --phase events --iterations "$n")" \
      || fail "TollgateBenchmarks validate --phase events failed at $size"
    events[$size]="$(field events_ms "$line")"
    validate[$size]="$(measure "$folder/v1" "$n" "$tollgate" validate)"
    publish[$size]="$(measure "$folder/v1" "$n" sh -c \
      'rm -f "$1"*; exec "$2" publish --store "$1" --author bench -m v1' _ "$work/once.sqlite" "$tollgate")"
    (cd "$folder/v1" && "$tollgate" publish --store "$folder/store.sqlite" --author bench -m v1 >/dev/null) \
      || fail "publishing v1 failed at $size"
    (cd "$folder/v2" && "$tollgate" publish --store "$folder/store.sqlite" --author bench -m v2 >/dev/null) \
      || fail "publishing v2 failed at $size"
    diff[$size]="$(measure "$folder/v2" "$n" "$tollgate" diff 1 2 --app bench --store "$folder/store.sqlite")"
    render[$size]="$(measure "$folder/v1" "$n" "$tollgate" render --app bench --locale de)"
    products="$(awk '/^  - id: / && n < 3 { ids = ids (n++ ? "," : "") $3 } END { print ids }' \
      "$folder/v1/Policies/bench.yaml")"
    eval_cli[$size]="$(measure "$folder/v1" "$n" "$tollgate" eval --app bench --products "$products")"
    line="$("$bench" eval --policy "$folder/v1/Policies/bench.yaml" --iterations 200000 | grep '^k=3 ')" \
      || fail "TollgateBenchmarks eval failed at $size"
    evaluate[$size]="$(field eval_ns "$line")"
    lookup[$size]="$(field lookup_ns "$line")"
  done

  ms() { echo "${1%% *}"; }
  kib() { echo "${1##* }"; }
  echo
  echo "time (ms, best run) and peak memory (MiB), each with its baseline from the same run;"
  echo "process start alone ('tollgate --version'): ${start%% *} ms, $(mib "${start##* }") MiB"
  printf "%-8s %10s | %9s %7s %6s %9s | %9s %7s %6s | %9s %7s %6s | %9s %7s %6s | %8s %8s %6s %9s %7s\n" \
    products bytes validate "x scan" MiB "mem goal" publish "x val" MiB diff "x val" MiB render "x val" MiB \
    "eval ns" "look ns" "x look" "eval cli" MiB
  for size in $sizes; do
    v="$(ms "${validate[$size]}")"
    goal="$(awk -v b="${bytes[$size]}" -v k="$(kib "${validate[$size]}")" \
      'BEGIN { printf "%s", (k <= (2 * b + 30 * 1048576) / 1024) ? "ok" : "MISS" }')"
    record_goal "tollgate validate process, $size products: peak RSS against 2 x input + 30 MiB" \
      "$(mib "$(kib "${validate[$size]}")") MiB" "<= $(mib $(( (2 * bytes[$size] + 30 * 1048576) / 1024 ))) MiB" "$goal"
    printf "%-8s %10s | %9s %7s %6s %9s | %9s %7s %6s | %9s %7s %6s | %9s %7s %6s | %8s %8s %6s %9s %7s\n" \
      "$(thousands "$size")" "$(thousands "${bytes[$size]}")" \
      "$v" "$(ratio "$v" "${events[$size]}")" "$(mib "$(kib "${validate[$size]}")")" "$goal" \
      "$(ms "${publish[$size]}")" "$(ratio "$(ms "${publish[$size]}")" "$v")" "$(mib "$(kib "${publish[$size]}")")" \
      "$(ms "${diff[$size]}")" "$(ratio "$(ms "${diff[$size]}")" "$v")" "$(mib "$(kib "${diff[$size]}")")" \
      "$(ms "${render[$size]}")" "$(ratio "$(ms "${render[$size]}")" "$v")" "$(mib "$(kib "${render[$size]}")")" \
      "${evaluate[$size]}" "${lookup[$size]}" "$(ratio "${evaluate[$size]}" "${lookup[$size]}")" \
      "$(ms "${eval_cli[$size]}")" "$(mib "$(kib "${eval_cli[$size]}")")"
  done
  echo
  echo "growth per byte from the previous size: (time ratio) / (bytes ratio); 1.00 is linear"
  printf "%-16s %8s %8s %8s %8s %8s %8s %8s\n" "sizes" "bytes x" validate publish diff render "eval cli" "RSS val"
  previous=""
  for size in $sizes; do
    if [[ -n "$previous" ]]; then
      grow="$(ratio "${bytes[$size]}" "${bytes[$previous]}")"
      per() { ratio "$(ratio "$(ms "$1")" "$(ms "$2")")" "$grow"; }
      printf "%-16s %8s %8s %8s %8s %8s %8s %8s\n" "$previous -> $size" "$grow" \
        "$(per "${validate[$size]}" "${validate[$previous]}")" "$(per "${publish[$size]}" "${publish[$previous]}")" \
        "$(per "${diff[$size]}" "${diff[$previous]}")" "$(per "${render[$size]}" "${render[$previous]}")" \
        "$(per "${eval_cli[$size]}" "${eval_cli[$previous]}")" \
        "$(ratio "$(ratio "$(kib "${validate[$size]}")" "$(kib "${validate[$previous]}")")" "$grow")"
    fi
    previous="$size"
  done
}

# per_request RPS BASE_RPS: microseconds per request at RPS, and that against the baseline's at BASE_RPS
# (BASE_RPS / RPS), as "US RELATIVE".
per_request() { awk -v r="$1" -v b="$2" 'BEGIN { printf "%.1f %.3f", 1e6 / r, b / r }'; }

# growth_rows TITLE UNIT LABEL:ARRAY…: for each named associative array of per-unit costs by size (of the
# sizes in $part_sizes), the cost at each size and the growth from the previous size; each growth is a goal
# (<= growth_limit), printed and recorded.
growth_rows() {
  local title="$1" unit="$2" spec label name size previous growth met
  shift 2
  echo
  echo "$title"
  printf '%-52s' "per-unit cost ($unit) at"
  for size in $part_sizes; do printf ' %14s' "$(thousands "$size")"; done
  echo
  for spec in "$@"; do
    label="${spec%%:*}" name="${spec#*:}"
    local -n costs="$name"
    printf '%-52s' "$label"
    for size in $part_sizes; do printf ' %14s' "${costs[$size]}"; done
    echo
    unset -n costs
  done
  printf '%-52s' "growth per unit from the previous size (goal <= $growth_limit)"
  echo
  for spec in "$@"; do
    label="${spec%%:*}" name="${spec#*:}"
    local -n costs="$name"
    previous=""
    printf '%-52s' "  $label"
    for size in $part_sizes; do
      if [[ -z "$previous" ]]; then
        printf ' %14s' "-"
      else
        growth="$(ratio "${costs[$size]}" "${costs[$previous]}")"
        met="$(judge "$growth" "<=" "$growth_limit")"
        printf ' %14s' "$growth $met"
        record_goal "scaling: $label, $(thousands "$previous") -> $(thousands "$size"): growth per unit" \
          "${growth}x" "<= ${growth_limit}x" "$met"
      fi
      previous="$size"
    done
    echo
    unset -n costs
  done
}

postgres_url=""
# postgres NAME: a database NAME of the throwaway cluster (started on first use), its URL in NAME_url.
postgres() {
  if [[ -z "$postgres_url" ]]; then
    echo "PostgreSQL: a throwaway cluster…" >&2
    postgres_url="$(TOLLGATE_PG_DIR="$work/postgres" scripts/postgres.sh start)" || fail "scripts/postgres.sh start failed"
  fi
  psql -q -X -v ON_ERROR_STOP=1 -At "$postgres_url" -c "CREATE DATABASE $1" || fail "CREATE DATABASE $1 failed"
  printf -v "$1_url" '%s' "${postgres_url%/*}/$1"
}

# customers: the customers part (CUSTOMER_SIZES).
customers() {
  local root_ca="$PWD/Tests/Fixtures/app-store/test-chain/root.pem" template previous=0 size name store
  local -A eval_lite eval_pg notify_lite notify_pg raw
  customers_lua "$work"
  mkdir -p "$work/clite" "$work/cpg"
  cp -R Policies Templates "$work/clite/"
  cp -R Policies Templates "$work/cpg/"
  postgres customers
  for store in "$work/customers.sqlite" "$customers_url"; do
    (cd "$work/cpg" && "$tollgate" publish --store "$store" --author bench -m first >/dev/null) \
      || fail "the first publish to $store failed"
  done
  serve_in clite "$work/clite" --apple-root-ca "$root_ca" --store "$work/customers.sqlite"
  serve_in cpg "$work/cpg" --apple-root-ca "$root_ca" --store "$customers_url"
  template="$("$bench" customers-template)"
  for size in $customer_sizes; do
    echo "customers: seeding to $(thousands "$size")…" >&2
    seed_customers_lite "$work/customers.sqlite" $((previous + 1)) "$size" "$template"
    seed_customers_pg "$customers_url" $((previous + 1)) "$size" "$template"
    previous="$size"
    for name in lite pg; do
      local pid_var="c${name}_pid" url_var="c${name}_url" base us rel
      echo "customers: $(thousands "$size"), $name: evaluate, by customer, notifications (wrk -d$duration each)…" >&2
      wrk_load "body-$name-$size" "${!url_var}/v1/apps/photocollage/evaluate" "${!pid_var}" "$work/entitlements.lua"
      base="$rps"
      wrk_load "customer-$name-$size" "${!url_var}/v1/apps/photocollage/evaluate" "${!pid_var}" \
        "$work/customer.lua" "$size"
      read -r us rel <<<"$(per_request "$rps" "$base")"
      printf -v "eval_${name}[$size]" '%s' "$rel"
      raw[eval-$name-$size]="$us µs (baseline $(per_request "$base" "$base" | cut -d' ' -f1) µs)"
      "$bench" customers-sign --count "$notifications" --out "$work/notifications.jsonl" >/dev/null \
        || fail "TollgateBenchmarks customers-sign failed"
      wrk_load "notify-$name-$size" "${!url_var}/v1/apps/photocollage/notifications/app-store" "${!pid_var}" \
        "$work/notify.lua" "$work/notifications.jsonl" "$threads"
      rm -f "$work/notifications.jsonl"
      notify_answers "notify-$name-$size" notifications
      read -r us rel <<<"$(per_request "$rps" "$base")"
      printf -v "notify_${name}[$size]" '%s' "$rel"
      raw[notify-$name-$size]="$us µs, $applied applied"
    done
  done
  echo
  echo "customers: microseconds per request (1 / requests/s, wrk -t$threads -c$connections -d$duration), the"
  echo "baseline's (evaluate with the entitlement in the body, run just before) in parentheses:"
  for size in $customer_sizes; do
    for name in lite pg; do
      printf '  %-10s %-10s evaluate by customer %-34s notification %s\n' "$(thousands "$size")" "$name" \
        "${raw[eval-$name-$size]}" "${raw[notify-$name-$size]}"
    done
  done
  part_sizes="$customer_sizes"
  growth_rows "customers: per request against the baseline (the baseline's time = 1)" "x baseline" \
    "evaluate by customer, SQLite:eval_lite" "evaluate by customer, PostgreSQL:eval_pg" \
    "notification committed, SQLite:notify_lite" "notification committed, PostgreSQL:notify_pg"
  stop_server "$clite_pid"
  stop_server "$cpg_pid"
}

# exposures: the exposures part (EXPOSURE_SIZES).
exposures() {
  local size name store purchases
  local -A record_lite record_pg results_lite results_pg raw
  experiments_lua "$work"
  mkdir -p "$work/xproject"
  cp -R Policies Templates "$work/xproject/"
  for size in $exposure_sizes; do
    purchases=$((size / 10 >= 10 ? size / 10 : 10))
    postgres "x$size"
    local pg_var="x${size}_url"
    for name in lite pg; do
      if [[ $name == lite ]]; then store="$work/x$size.sqlite"; else store="${!pg_var}"; fi
      (cd "$work/xproject" && "$tollgate" publish --store "$store" --author bench -m examples >/dev/null) \
        || fail "publishing the examples to $store failed"
      echo "exposures: seeding $(thousands "$size") and $(thousands "$purchases") purchases, $name…" >&2
      if [[ $name == lite ]]; then seed_results_lite "$store" "$size" "$purchases"
      else seed_results_pg "$store" "$size" "$purchases"; fi
      echo "exposures: $(thousands "$size"), $name: results, then resolve with recording off and on…" >&2
      local n="$runs" best="" start end taken
      ((size >= 10000000)) && n=1
      for _ in $(seq "$n"); do
        start=$(date +%s%N)
        (cd "$work/xproject" && "$tollgate" experiment results --app photocollage --experiment onboarding-paywall \
          --store "$store" --to 2026-11-10T00:00:00Z --format json >/dev/null) \
          || fail "tollgate experiment results failed at $size on $name"
        end=$(date +%s%N)
        taken=$(((end - start) / 1000))
        [[ -z "$best" || $taken -lt $best ]] && best=$taken
      done
      printf -v "results_${name}[$size]" '%s' "$(awk -v us="$best" -v n="$size" 'BEGIN { printf "%.1f", us * 1000 / n }')"
      raw[results-$name-$size]="$(awk -v us="$best" 'BEGIN { printf "%.3f s", us / 1e6 }')"
      serve_in xoff "$work/xproject" --store "$store" --no-exposures
      serve_in xon "$work/xproject" --store "$store"
      wrk_load "off-$name-$size" "$xoff_url/v1/apps/photocollage/placements/onboarding/resolve" "$xoff_pid" \
        "$work/resolve.lua" "off$size"
      local off_rps="$rps"
      wrk_load "on-$name-$size" "$xon_url/v1/apps/photocollage/placements/onboarding/resolve" "$xon_pid" \
        "$work/resolve.lua" "on$size"
      local on_rps="$rps" dropped stored
      dropped="$(metric "$xon_url" tollgate_exposures_dropped_total)"
      stop_server "$xoff_pid"
      stop_server "$xon_pid"
      local query="SELECT count(*) FROM exposures WHERE user_id LIKE 'on$size-%'"
      if [[ $name == lite ]]; then stored="$(sqlite3 -batch "$store" "$query")"
      else stored="$(psql -q -X -At "$store" -c "$query")"; fi
      ((stored > 0)) || fail "no exposure of the recording run was stored at $size on $name"
      printf -v "record_${name}[$size]" '%s' "$(awk -v n="$stored" -v s="$seconds" 'BEGIN { printf "%.1f", s * 1e6 / n }')"
      raw[record-$name-$size]="$(thousands "$stored") stored ($(thousands "$dropped") dropped), on/off $(ratio "$on_rps" "$off_rps")x"
      if [[ $name == lite ]]; then rm -f "$store" "$store"-*; fi
    done
    psql -q -X "$postgres_url" -c "DROP DATABASE x$size" >/dev/null || true
  done
  echo
  echo "exposures: the report's time (best of $runs, one at 10,000,000), and the recording run's exposures"
  echo "(wrk -t$threads -c$connections -d$duration of resolve, each request a new user):"
  for size in $exposure_sizes; do
    for name in lite pg; do
      printf '  %-12s %-6s results %-12s recording %s\n' "$(thousands "$size")" "$name" "${raw[results-$name-$size]}" \
        "${raw[record-$name-$size]}"
    done
  done
  part_sizes="$exposure_sizes"
  growth_rows "exposures: recording, µs of load per stored exposure; results, ns per seeded exposure" "µs, ns" \
    "recording, per stored exposure, SQLite:record_lite" "recording, per stored exposure, PostgreSQL:record_pg" \
    "results, per exposure, SQLite:results_lite" "results, per exposure, PostgreSQL:results_pg"
}

[[ -z "$sizes" ]] || products
[[ -z "$customer_sizes" ]] || customers
[[ -z "$exposure_sizes" ]] || exposures
