#!/usr/bin/env bash
# Benchmarks replicas that share a store, with the release binaries, on a copy of the examples.
#
# In one run:
#   converge   three 'tollgate serve' replicas on loopback; PUBLISHES publishes of photocollage (its premium tier
#              renamed each time), each in-process ('TollgateBenchmarks fleet'); the time from each publish's
#              return to the moment all three serve the new ETag (watched by long polls): p50, p99, max.
#              On PostgreSQL (a throwaway cluster from scripts/postgres.sh: the replicas are notified) and on an
#              SQLite file (the baseline: the replicas poll it every 0.5 s).
#   publish    the publish's own time on each backend (validation included, same policy): p50, p99.
#   load       wrk -t1 -c16 on each of the three PostgreSQL replicas at once (POST evaluate) for DURATION while
#              a publish lands every second: requests per second summed, p99 per replica, and every failed or
#              non-2xx request counted (the goal is none).
# Goals: p99 convergence on PostgreSQL under 100 ms; no failed request.
#
# usage: scripts/bench-fleet.sh
# environment: SCRATCH_PATH (SwiftPM build folder, default .build), PUBLISHES (default 100), DURATION (wrk -d,
#              default 10s)
set -euo pipefail
cd "$(dirname "$0")/.."

bench_name=bench-fleet
source scripts/bench-lib.sh

command -v wrk >/dev/null || fail "wrk is not installed (Debian: apt-get install wrk)"
publishes="${PUBLISHES:-100}"
duration="${DURATION:-10s}"
release_binaries tollgate TollgateBenchmarks
tollgate="$bin/tollgate"
bench="$bin/TollgateBenchmarks"
started=$(date +%s)

server_scratch

xratio() { echo "$(ratio "$1" "$2")x"; }

# project NAME: a copy of the examples' policies and templates in $work/NAME.
project() {
  mkdir -p "$work/$1"
  cp -R Policies Templates "$work/$1/"
}

# replicas NAME STORE: starts three replicas of STORE, waits until each serves, and sets urls (comma-separated).
replicas() {
  local list=() log port
  for index in 1 2 3; do
    log="$work/$1-replica-$index.log"
    (cd "$work" && exec "$tollgate" serve --store "$2" --port 0 2>"$log") &
    pids+=($!)
    port=""
    for _ in $(seq 300); do
      port="$(sed -n 's/.*"event":"listening".*"port":\([0-9]*\).*/\1/p' "$log" | head -n 1)"
      [[ -n "$port" ]] && curl -sf -o /dev/null "http://127.0.0.1:$port/readyz" && break
      sleep 0.1
    done
    [[ -n "$port" ]] || fail "replica $index of $1 did not start: $(cat "$log")"
    list+=("http://127.0.0.1:$port")
  done
  urls="$(IFS=,; echo "${list[*]}")"
}

echo "PostgreSQL: a throwaway cluster, three replicas, $publishes publishes…" >&2
postgres_url="$(TOLLGATE_PG_DIR="$work/postgres" scripts/postgres.sh start)" || fail "scripts/postgres.sh start failed"
project pg
(cd "$work/pg" && "$tollgate" publish --store "$postgres_url" --author bench -m first >/dev/null) \
  || fail "the first publish to PostgreSQL failed"
replicas pg "$postgres_url"
pg_urls="$urls"
pg="$("$bench" fleet --dir "$work/pg" --store "$postgres_url" --replicas "$pg_urls" --publishes "$publishes")" \
  || fail "TollgateBenchmarks fleet on PostgreSQL failed"

echo "SQLite: three replicas polling one file, $publishes publishes…" >&2
project lite
(cd "$work/lite" && "$tollgate" publish --store "$work/store.sqlite" --author bench -m first >/dev/null) \
  || fail "the first publish to SQLite failed"
replicas lite "$work/store.sqlite"
lite="$("$bench" fleet --dir "$work/lite" --store "$work/store.sqlite" --replicas "$urls" --publishes "$publishes")" \
  || fail "TollgateBenchmarks fleet on SQLite failed"

echo "evaluate under wrk on the three PostgreSQL replicas while a publish lands every second…" >&2
cat >"$work/evaluate.lua" <<'EOF'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"entitlements": [{"product": "com.example.photocollage.removeads", "state": "active"}, {"product": "com.example.photocollage.premium.monthly", "state": "expired"}, {"product": "com.example.photocollage.coins.100", "state": "active"}]}'
EOF
(
  round=0
  while [[ ! -f "$work/stop-publishing" ]]; do
    round=$((round + 1))
    sed -i "s/{ title: Premium[^,]*,/{ title: Premium load $round,/" "$work/pg/Policies/photocollage.yaml"
    (cd "$work/pg" && "$tollgate" publish --store "$postgres_url" --app photocollage --author bench \
      -m "load $round" >/dev/null 2>&1) && echo "$round" >"$work/load-publishes"
    sleep 1
  done
) &
publisher=$!
wrk_pids=()
index=0
for url in ${pg_urls//,/ }; do
  index=$((index + 1))
  wrk -t1 -c16 -d"$duration" --latency -s "$work/evaluate.lua" "$url/v1/apps/photocollage/evaluate" \
    >"$work/wrk-$index.txt" 2>&1 &
  wrk_pids+=($!)
done
for pid in "${wrk_pids[@]}"; do wait "$pid" || fail "wrk failed: $(cat "$work"/wrk-*.txt)"; done
touch "$work/stop-publishing"
wait "$publisher"
total_rps=0 failed=0 p99s=()
for index in 1 2 3; do
  out="$work/wrk-$index.txt"
  rps="$(awk '/^Requests\/sec:/ { print $2 }' "$out")"
  [[ -n "$rps" ]] || fail "cannot read wrk's output: $(cat "$out")"
  total_rps="$(awk -v a="$total_rps" -v b="$rps" 'BEGIN { printf "%.0f", a + b }')"
  non2xx="$(awk '/Non-2xx or 3xx responses:/ { print $5 }' "$out")"
  errors="$(awk '/Socket errors:/ { gsub(",", ""); print $4 + $6 + $8 + $10 }' "$out")"
  failed=$((failed + ${non2xx:-0} + ${errors:-0}))
  p99s+=("$(awk '$1 == "99%" { print $2 }' "$out")")
done
load_publishes="$(cat "$work/load-publishes" 2>/dev/null || echo 0)"

format='%-58s %10s %10s %10s  %s\n'
echo
printf "$format" "measure" "p50 ms" "p99 ms" "max ms" "note"
printf "$format" "convergence, PostgreSQL (notified), 3 replicas" "$(field converge_p50_ms "$pg")" \
  "$(field converge_p99_ms "$pg")" "$(field converge_max_ms "$pg")" "$(field rounds "$pg") publishes"
printf "$format" "convergence, SQLite file (polled every 0.5 s), 3 replicas" "$(field converge_p50_ms "$lite")" \
  "$(field converge_p99_ms "$lite")" "$(field converge_max_ms "$lite")" \
  "p50 $(xratio "$(field converge_p50_ms "$pg")" "$(field converge_p50_ms "$lite")") of SQLite's"
printf "$format" "publish (in-process, validation included), PostgreSQL" "$(field publish_p50_ms "$pg")" \
  "$(field publish_p99_ms "$pg")" "" "p50 $(xratio "$(field publish_p50_ms "$pg")" "$(field publish_p50_ms "$lite")") of SQLite's"
printf "$format" "publish (in-process, validation included), SQLite" "$(field publish_p50_ms "$lite")" \
  "$(field publish_p99_ms "$lite")" "" ""
echo
echo "evaluate under wrk -t1 -c16 -d$duration on each of the 3 PostgreSQL replicas at once, $load_publishes publishes meanwhile:"
echo "  $total_rps requests/s in total; p99 per replica: ${p99s[*]}; failed or non-2xx requests: $failed"
echo "convergence is measured from the publish's return (just after its commit) to the last replica's new bundle."
echo "total $(( $(date +%s) - started )) s (build excluded)"
converge_p99="$(field converge_p99_ms "$pg")"
record_goal "fleet: convergence after a publish on PostgreSQL, 3 replicas, p99" "$converge_p99 ms" "< 100 ms" \
  "$(judge "$converge_p99" "<" 100)"
record_goal "fleet: no failed request under load while publishing" "$failed" "0" "$(judge "$failed" "==" 0)"
echo "goals: p99 convergence on PostgreSQL $converge_p99 ms < 100 ms: $(judge "$converge_p99" "<" 100);" \
  "failed requests $failed: $(judge "$failed" "==" 0)"
(( failed == 0 )) || fail "$failed requests failed or were not 2xx while publishing"
