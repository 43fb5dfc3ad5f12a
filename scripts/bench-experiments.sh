#!/usr/bin/env bash
# Benchmarks experiments (release `tollgate`), on SQLite and on PostgreSQL (a throwaway cluster from
# scripts/postgres.sh): what recording exposures costs the service, and experiment results over a large store.
#
# Recording: ROUNDS times on each backend, back to back (wrk -tTHREADS -cCONNECTIONS -dDURATION --latency each):
#   off  POST /v1/apps/photocollage/placements/onboarding/resolve, a context that reaches the running experiment
#        onboarding-paywall (the audience 'everyone'), each request a new user id, on `serve --store S
#        --no-exposures`: the baseline
#   on   the same on `serve --store S`, which records each answer's exposure (batched, written by a thread of the
#        server's own)
# both servers on the same store (the examples published to it first). Every answer must be 200 with reason
# SPLIT; after the servers stopped (SIGTERM writes what they hold), `tollgate experiment results --format json`
# must count each of the 'on' users once and no 'off' user, and every 'on' answer's user must be in the store
# (counted by their run's prefix with sqlite3 and psql) or counted as dropped (tollgate_exposures_dropped_total:
# a flood the store cannot keep up with overruns the 100,000-exposure buffer, which drops and counts by design).
# Results: on a store of each backend seeded with SQL (sqlite3: a recursive CTE; psql: generate_series; then
# ANALYZE) with EXPOSURES exposures of onboarding-paywall (paywall 90 / holdout 10 by user, first exposures spread
# over the 30 days from 2026-10-01, one user in 1,000 seen in both variants) and PURCHASES purchases: 90 % client
# purchases (two per user, from a day before the user's first exposure to 35 days after, at 0, 4.99 and 39.99; 5 %
# in EUR, which no rate converts), 10 % store conversions with their purchase owners (a tenth with the transaction
# id of a client purchase, which then counts once; 4 % sandbox, 2 % refunded); some buyers were never exposed.
# Then RUNS times each, `tollgate experiment results --app photocollage --experiment onboarding-paywall --to
# 2026-11-10T00:00:00Z --format json` (both backends must answer the same users and conversions), against the
# floor of any report that reads every exposure: `SELECT count(*) FROM exposures` in sqlite3 and psql. The plans
# of the report's two aggregations (the SQL of Sources/Store/DatabaseStore+Tally.swift with its parameters filled
# in): EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL, EXPLAIN QUERY PLAN on SQLite, printed and kept in
# .build/bench-experiments/plans.txt.
# Goals: requests/s with recording on >= 0.9x off (median of the rounds' ratios, each backend); results under 5 s
# on PostgreSQL (median of the runs; SQLite's printed); no failed request, no exposure lost uncounted.
#
# usage: scripts/bench-experiments.sh
# environment: SCRATCH_PATH (SwiftPM build folder, default .build), DURATION (wrk -d, default 10s), ROUNDS
#              (default 3), CONNECTIONS (wrk -c, default 16), THREADS (wrk -t, default 2), EXPOSURES (seeded,
#              default 10000000), PURCHASES (seeded, default 1000000), RUNS (results runs per backend, default 3)
set -euo pipefail
cd "$(dirname "$0")/.."

bench_name=bench-experiments
source scripts/bench-lib.sh

missing=()
for tool in wrk curl sqlite3 psql python3; do command -v "$tool" >/dev/null || missing+=("$tool"); done
((${#missing[@]} == 0)) \
  || fail "missing ${missing[*]}; run: sudo apt-get install -y ${missing[*]/psql/postgresql-client}"
duration="${DURATION:-10s}"
rounds="${ROUNDS:-3}"
connections="${CONNECTIONS:-16}"
threads="${THREADS:-2}"
exposures="${EXPOSURES:-10000000}"
purchases="${PURCHASES:-1000000}"
runs="${RUNS:-3}"
seconds="$(awk -v d="$duration" 'BEGIN { n = d + 0; if (d ~ /m$/) n *= 60; else if (d ~ /h$/) n *= 3600; print n }')"
for name in rounds exposures purchases runs; do
  [[ "${!name}" =~ ^[1-9][0-9]*$ ]] || fail "${name^^} must be a positive number, not '${!name}'"
done
((purchases >= 10)) || fail "PURCHASES must be at least 10, not '$purchases'"
release_binaries tollgate
tollgate="$bin/tollgate"
started=$(date +%s)
plans_dir=.build/bench-experiments
mkdir -p "$plans_dir"
plans="$plans_dir/plans.txt"

server_scratch

# serve NAME STORE [OPTION…]: starts `tollgate serve --store STORE` (with the OPTIONs) in $work/project on a free
# loopback port; sets NAME_pid and NAME_url.
serve() {
  local name="$1" store="$2"
  shift 2
  serve_in "$name" "$work/project" --store "$store" "$@"
}



# resolve.lua (experiments_lua in scripts/bench-lib.sh).
experiments_lua "$work"

total_failed=0
# load NAME URL PID PREFIX: resolves on the server PID with new users PREFIX-…; sets rps, p50, p99, split (the
# SPLIT answers), failed (other answers and socket errors, added to total_failed) and cpu_us (the server's CPU
# time per request, its recording thread's included).
load() {
  local line
  wrk_run "$1" "$2" "$3" "$work/resolve.lua" "$4"
  line="$(grep '^resolves split=' "$work/wrk-$1.txt")" || fail "no count of the answers in $(cat "$work/wrk-$1.txt")"
  split="$(field split "$line")"
  failed=$(($(field other "$line") + ${errors:-0}))
  total_failed=$((total_failed + failed))
}

rows=()
# row LABEL REFERENCE_RPS: one table line from the last load, its rate against REFERENCE_RPS.
row() {
  rows+=("$(printf '%-58s %9.0f %6sx %8.2f %8.2f %8s %7s %7s' "$1" "$rps" "$(ratio "$rps" "$2")" "$p50" "$p99" \
    "$split" "$failed" "$cpu_us")")
}
declare -A values=()
# keep NAME VALUE: keeps VALUE among the rounds' (or runs') values NAME, for the medians.
keep() { values[$1]+="$2 "; }
# median NAME [DECIMALS]: the median of the values NAME, and their range, as "m lo hi" (default 2 decimals).
median() {
  tr ' ' '\n' <<<"${values[$1]}" | grep . | sort -g | awk -v d="${2:-2}" '
    { v[NR] = $1 }
    END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
          f = "%." d "f"; printf f " " f " " f, m, v[1], v[NR] }'
}

mkdir -p "$work/project"
cp -R Policies Templates "$work/project/"
# publish STORE: the examples, published to STORE.
publish() {
  (cd "$work/project" && "$tollgate" publish --store "$1" --author bench -m examples >/dev/null) \
    || fail "publishing the examples to $1 failed"
}
echo "PostgreSQL: a throwaway cluster…" >&2
postgres_url="$(TOLLGATE_PG_DIR="$work/postgres" scripts/postgres.sh start)" || fail "scripts/postgres.sh start failed"
sql_pg() { psql -q -X -v ON_ERROR_STOP=1 -At "$@"; }
sql_pg "$postgres_url" -c 'CREATE DATABASE results'
results_pg="${postgres_url%/*}/results"
lite_store="$work/recording.sqlite"
results_lite="$work/results.sqlite"
for store in "$lite_store" "$postgres_url" "$results_lite" "$results_pg"; do publish "$store"; done
label() { if [[ $1 == lite ]]; then echo SQLite; else echo PostgreSQL; fi; }

# Recording on and off, two servers on each backend's store.
serve lite_off "$lite_store" --no-exposures
serve lite_on "$lite_store"
serve pg_off "$postgres_url" --no-exposures
serve pg_on "$postgres_url"
echo "resolve, recording off and on: $rounds rounds on each backend (wrk -t$threads -c$connections" \
  "-d$duration)…" >&2
declare -A answered=()
for round in $(seq "$rounds"); do
  for name in lite pg; do
    for mode in off on; do
      pid_var="${name}_${mode}_pid" url_var="${name}_${mode}_url"
      load "$name-$mode-$round" "${!url_var}/v1/apps/photocollage/placements/onboarding/resolve" "${!pid_var}" \
        "$mode$round"
      answered[$name-$mode-$round]=$split
      if [[ $mode == off ]]; then
        off_rps=$rps off_cpu=$cpu_us
        row "$round: $(label "$name"): resolve, recording off (baseline)" "$off_rps"
      else
        row "$round: $(label "$name"): resolve, recording on" "$off_rps"
        keep "rps-$name" "$(ratio "$rps" "$off_rps")"
        keep "cpu-$name" "$(ratio "$cpu_us" "$off_cpu")"
      fi
    done
  done
done
for name in lite pg; do
  for mode in off on; do
    url_var="${name}_${mode}_url" pid_var="${name}_${mode}_pid"
    printf -v "dropped_${name}_${mode}" '%s' "$(metric "${!url_var}" tollgate_exposures_dropped_total)"
    stop_server "${!pid_var}"
  done
done

# users STORE: the users `tollgate experiment results` counts (every variant's and those seen in both).
users() {
  (cd "$work/project" && "$tollgate" experiment results --app photocollage --experiment onboarding-paywall \
    --store "$1" --format json) >"$work/users.json" || fail "tollgate experiment results --store $1 failed"
  python3 -c 'import json, sys
report = json.load(open(sys.argv[1]))
print(sum(v["users"] for v in report["variants"]) + report["multiple_exposures"])' "$work/users.json"
}
sql_lite() { sqlite3 -batch "$@"; }
# stored NAME PREFIX: the exposures of onboarding-paywall in the recording store of NAME whose user starts PREFIX-.
stored() {
  local query="SELECT count(*) FROM exposures WHERE app = 'photocollage' AND experiment = 'onboarding-paywall'
    AND user_id LIKE '$2-%'"
  if [[ $1 == lite ]]; then sql_lite "$lite_store" "$query"; else sql_pg "$postgres_url" -c "$query"; fi
}
recorded_ok=1
recording_lines=()
for name in lite pg; do
  if [[ $name == lite ]]; then store="$lite_store"; else store="$postgres_url"; fi
  counted="$(users "$store")"
  on_answers=0 on_stored=0 off_stored=0
  for round in $(seq "$rounds"); do
    split="${answered[$name-on-$round]}"
    on_answers=$((on_answers + split))
    kept="$(stored "$name" "on$round")"
    on_stored=$((on_stored + kept))
    off_stored=$((off_stored + $(stored "$name" "off$round")))
  done
  dropped_on_var="dropped_${name}_on" dropped_off_var="dropped_${name}_off"
  # A flood the store cannot keep up with fills the buffer, and what is past it is dropped and counted, by
  # design: every answer's exposure must be stored or counted, each stored one counted once by the report.
  ((counted == on_stored && on_stored + ${!dropped_on_var} >= on_answers && off_stored == 0 \
    && ${!dropped_off_var} == 0)) || recorded_ok=0
  rate="$(awk -v n="$on_stored" -v s="$((rounds * seconds))" 'BEGIN { printf "%.0f", n / s }')"
  recording_lines+=("$(label "$name"): $(thousands "$on_answers") SPLIT answers with recording on, $(thousands \
    "$on_stored") of their users in the store ($(thousands "$rate") per second of load), $(thousands "$counted")")
  line="  counted by 'experiment results', $(thousands "${!dropped_on_var}") dropped (tollgate_exposures_dropped_total);"
  recording_lines+=("$line recording off: $off_stored stored, ${!dropped_off_var} dropped")
done

# The results stores: the seeded rows (seed_results_lite and seed_results_pg in scripts/bench-lib.sh).
client=$((purchases * 9 / 10))
conversions=$((purchases - client))
echo "seeding $(thousands "$exposures") exposures and $(thousands "$purchases") purchases on each backend…" >&2
seed_start=$(date +%s)
seed_results_lite "$results_lite" "$exposures" "$purchases"
seed_lite_s=$(($(date +%s) - seed_start))
seed_start=$(date +%s)
seed_results_pg "$results_pg" "$exposures" "$purchases"
seed_pg_s=$(($(date +%s) - seed_start))
lite_bytes=$(cat "$results_lite"* | wc -c)
pg_bytes="$(sql_pg "$results_pg" -c 'SELECT pg_database_size(current_database())')"

# timed COMMAND…: runs COMMAND (its output to $work/out) and prints how long it took, in seconds.
timed() {
  local start end
  start=$(date +%s%N)
  "$@" >"$work/out" || fail "$* failed: $(cat "$work/out")"
  end=$(date +%s%N)
  awk -v ns=$((end - start)) 'BEGIN { printf "%.3f", ns / 1e9 }'
}
to=2026-11-10T00:00:00Z
# results STORE: the report of onboarding-paywall up to $to, as JSON.
results() {
  (cd "$work/project" && "$tollgate" experiment results --app photocollage --experiment onboarding-paywall \
    --store "$1" --to "$to" --format json)
}
floor_query="SELECT count(*) FROM exposures"
echo "experiment results: $runs runs on each backend…" >&2
for run in $(seq "$runs"); do
  for name in lite pg; do
    if [[ $name == lite ]]; then store="$results_lite"; else store="$results_pg"; fi
    keep "results-$name" "$(timed results "$store")"
    cp "$work/out" "$work/report-$name.json"
    if [[ $name == lite ]]; then
      keep "floor-$name" "$(timed sql_lite "$results_lite" "$floor_query")"
    else
      keep "floor-$name" "$(timed sql_pg "$results_pg" -c "$floor_query")"
    fi
  done
done
# summary FILE: the users, conversions and trials of each variant in a report, and the users seen in both.
summary() {
  python3 -c 'import json, sys
report = json.load(open(sys.argv[1]))
print(" ".join("%s: %d users, %d conversions, %d paid, %d trials;" % (v["variant"], v["users"],
  v["metrics"]["conversion"]["sum"], v["metrics"]["paid_conversion"]["sum"], v["metrics"]["trial_start"]["sum"])
  for v in report["variants"]), "seen in both: %d; purchases left out: %d" % (report["multiple_exposures"],
  report["left_out_purchases"]))' "$1"
}
summary_lite="$(summary "$work/report-lite.json")"
summary_pg="$(summary "$work/report-pg.json")"

# The report's two aggregations with the parameters it binds filled in: the first exposure (its --from), the
# --to, the 14-day window in seconds and the one rate (USD, the report's currency, 1).
first="$(sql_pg "$results_pg" -c "SELECT MIN(first_time) FROM exposures WHERE app = 'photocollage'
  AND experiment = 'onboarding-paywall' AND seed = 'onboarding-paywall'")"
days_sql="SELECT substr(first_time, 1, 10) AS day, variant, multiple, COUNT(*) AS users FROM exposures
WHERE app = 'photocollage' AND experiment = 'onboarding-paywall' AND seed = 'onboarding-paywall'
    AND first_time >= '$first' AND first_time < '$to'
GROUP BY substr(first_time, 1, 10), variant, multiple"
# buyers_sql SECONDS_OF_P_TIME SECONDS_OF_E_FIRST_TIME: the buyers' sums, with the dialect's seconds of a time.
buyers_sql() {
  cat <<EOF
WITH rates (currency, factor) AS (VALUES ('USD', CAST('1.0' AS DOUBLE PRECISION))),
purchases (user_id, time, price, refunded, currency) AS (
    SELECT o.customer, s.time, CAST(s.value AS DOUBLE PRECISION), s.refunded, s.currency
    FROM store_conversions s
    JOIN purchase_owners o ON o.app = s.app AND o.store = s.store AND o.purchase = s.purchase
    WHERE s.app = 'photocollage' AND s.environment = 'production' AND o.customer IS NOT NULL
    UNION ALL
    SELECT c.user_id, c.time, CAST(c.value AS DOUBLE PRECISION), 0, c.currency FROM client_purchases c
    WHERE c.app = 'photocollage' AND NOT EXISTS (
        SELECT 1 FROM store_conversions s WHERE s.app = c.app AND s.transaction_id = c.transaction_id)
),
buyers AS (
    SELECT e.variant,
        MAX(CASE WHEN p.price IS NULL OR p.price > 0 THEN 1 ELSE 0 END) AS paid,
        MAX(CASE WHEN p.price = 0 THEN 1 ELSE 0 END) AS trial,
        SUM(CASE WHEN p.refunded = 1 THEN 0 ELSE p.price * r.factor END) AS revenue,
        SUM(CASE WHEN p.refunded = 0 AND (p.price IS NULL OR (p.price <> 0 AND r.factor IS NULL))
            THEN 1 ELSE 0 END) AS left_out
    FROM exposures e
    JOIN purchases p ON p.user_id = e.user_id
    LEFT JOIN rates r ON r.currency = p.currency
    WHERE e.app = 'photocollage' AND e.experiment = 'onboarding-paywall' AND e.seed = 'onboarding-paywall'
        AND e.multiple = 0 AND e.first_time >= '$first' AND e.first_time < '$to' AND p.time >= e.first_time
        AND p.time < '$to' AND $1 - $2 < 1209600
    GROUP BY e.variant, e.user_id
)
SELECT variant, COUNT(*) AS conversions, CAST(SUM(paid) AS BIGINT) AS paid,
    CAST(SUM(trial) AS BIGINT) AS trials,
    CAST(COALESCE(SUM(revenue), 0) AS DOUBLE PRECISION) AS revenue,
    CAST(COALESCE(SUM(revenue * revenue), 0) AS DOUBLE PRECISION) AS revenue_squares,
    CAST(SUM(left_out) AS BIGINT) AS left_out
FROM buyers GROUP BY variant
EOF
}
{
  echo "== PostgreSQL: users by day (EXPLAIN (ANALYZE, BUFFERS))"
  sql_pg "$results_pg" -c "EXPLAIN (ANALYZE, BUFFERS) $days_sql"
  echo
  echo "== PostgreSQL: buyers' sums (EXPLAIN (ANALYZE, BUFFERS), with the report's settings)"
  sql_pg "$results_pg" -c "SET enable_nestloop = off" -c "SET jit = off" -c "EXPLAIN (ANALYZE, BUFFERS) $(buyers_sql "extract(epoch FROM (p.time)::timestamptz)" \
    "extract(epoch FROM (e.first_time)::timestamptz)")"
  echo
  echo "== SQLite: users by day (EXPLAIN QUERY PLAN)"
  sql_lite "$results_lite" "EXPLAIN QUERY PLAN $days_sql;"
  echo
  echo "== SQLite: buyers' sums (EXPLAIN QUERY PLAN)"
  sql_lite "$results_lite" "EXPLAIN QUERY PLAN $(buyers_sql "unixepoch(p.time)" "unixepoch(e.first_time)");"
} >"$plans" 2>&1 || fail "explaining the report's statements failed: $(cat "$plans")"
elapsed=$(($(date +%s) - started))

echo
echo "loopback, $(nproc) cores shared by wrk, the servers and PostgreSQL; cpu_us: the tollgate server's CPU time per"
echo "request (its recording thread's included, PostgreSQL's own not); /base: requests/s against recording off next to it"
printf '%-58s %9s %7s %8s %8s %8s %7s %7s\n' "target (wrk -t$threads -c$connections -d$duration)" "req/s" "/base" \
  "p50_ms" "p99_ms" "SPLIT" "failed" "cpu_us"
printf '%s\n' "${rows[@]}"
echo
printf '%s\n' "${recording_lines[@]}"
echo
echo "seeded $(thousands "$exposures") exposures and $(thousands "$purchases") purchases ($(thousands "$client")" \
  "client purchases, $(thousands "$conversions") store conversions) in ${seed_lite_s}s (SQLite, file" \
  "$(mib $((lite_bytes / 1024))) MiB) and ${seed_pg_s}s (PostgreSQL, database $(mib $((pg_bytes / 1024))) MiB)"
echo "report, SQLite:     $summary_lite"
echo "report, PostgreSQL: $summary_pg"
printf '%-64s %12s %12s\n' "seconds (median of $runs runs; their range)" SQLite PostgreSQL
for part in results floor; do
  case $part in
    results) text="tollgate experiment results --to $to --format json" ;;
    floor) text="the floor: $floor_query (sqlite3, psql)" ;;
  esac
  read -r lite_m lite_lo lite_hi <<<"$(median "$part-lite" 3)"
  read -r pg_m pg_lo pg_hi <<<"$(median "$part-pg" 3)"
  printf '%-64s %12s %12s\n' "$text" "$lite_m" "$pg_m"
  printf '%-64s %12s %12s\n' "" "($lite_lo-$lite_hi)" "($pg_lo-$pg_hi)"
done
read -r results_lite_m _ <<<"$(median results-lite 3)"
read -r results_pg_m _ <<<"$(median results-pg 3)"
read -r floor_lite_m _ <<<"$(median floor-lite 3)"
read -r floor_pg_m _ <<<"$(median floor-pg 3)"
printf '%-64s %11sx %11sx\n' "results against the floor" "$(ratio "$results_lite_m" "$floor_lite_m")" \
  "$(ratio "$results_pg_m" "$floor_pg_m")"
echo
cat "$plans"
echo "(kept in $plans)"
echo "run took ${elapsed}s (build excluded)"
echo

# goal LABEL NAME OPERATOR LIMIT [DECIMALS [UNIT]]: a goal on the median of NAME, with the range, printed and
# recorded (record_goal, with UNIT after the figures).
goal() {
  local m lo hi met
  read -r m lo hi <<<"$(median "$2" "${5:-2}")"
  met="$(ok "$m $3 $4")"
  printf '%-64s %-22s %s\n' "$1" "$m (${lo}-${hi})" "$met"
  record_goal "$1 (median)" "$m${6:-}" "$3 $4${6:-}" "$met"
}
printf '%-64s %-22s %s\n' "goal (median; range)" "measured" "met"
for name in lite pg; do
  goal "resolve recording on / off, requests/s, $(label "$name")" "rps-$name" ">=" 0.9 2 x
done
for name in lite pg; do
  printf '%-64s %-22s %s\n' "(resolve recording on / off, CPU per request, $(label "$name"))" \
    "$(read -r m lo hi <<<"$(median "cpu-$name")"; echo "${m}x (${lo}-${hi})")" "-"
done
goal "experiment results under 5 s on PostgreSQL ($(thousands "$exposures") exposures)" results-pg "<" 5 3 " s"
printf '%-64s %-22s %s\n' "(experiment results on SQLite, s)" \
  "$(read -r m lo hi <<<"$(median results-lite 3)"; echo "$m (${lo}-${hi})")" "-"
same_report=0
[[ "$summary_lite" == "$summary_pg" ]] && same_report=1
fact "both backends report the same users and conversions" "$( ((same_report)) && echo same || echo different)" \
  "same" "$same_report == 1"
fact "every exposure stored once or counted as dropped, none with recording off" \
  "$( ((recorded_ok)) && echo yes || echo no)" "yes" "$recorded_ok == 1"
fact "no failed request" "$total_failed" "0" "$total_failed == 0"
