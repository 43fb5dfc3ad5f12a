#!/usr/bin/env bash
# Benchmarks the customers of the service (release `tollgate serve --apple-root-ca` of the test chain, taking
# Google Play's pushes from a fake Google of its own: scripts/fake-google.py on loopback, with the fixture service
# account), on SQLite (a copy of the examples in folder mode: customers in .tollgate/store.sqlite) and on
# PostgreSQL (a throwaway cluster from scripts/postgres.sh, published to first, served with --store).
#
# ROUNDS times, on each backend, back to back (wrk -tTHREADS -cCONNECTIONS -dDURATION --latency each):
#   notifications  POST /v1/apps/photocollage/notifications/app-store of distinct signed notifications
#                  ('TollgateBenchmarks customers-sign': SUBSCRIBED and DID_RENEW with renewal info, ONE_TIME_CHARGE
#                  coins, each a new notificationUUID, spread over many customers and purchases), a file of new
#                  ones each run; each wrk thread posts its own slice of the file, so none repeats. Every answer
#                  must be 200 and "applied" (and the store must hold them all as applied)
#   evaluate       the baseline: the same server's POST evaluate with a one-entitlement body
# then ROUNDS times on each backend, likewise:
#   play           POST /v1/apps/lingualeap/notifications/play of distinct Pub/Sub pushes ('TollgateBenchmarks
#                  customers-play-sign': SUBSCRIPTION_RENEWED, each a new messageId and purchase token) with one
#                  push token (RS256, the fixture key) in Authorization; the server reads each purchase from its
#                  fake's GET subscriptionsv2 (every unknown token answers an active, acknowledged monthly
#                  subscription of the customer "android-<token>"), then commits it. Posted as the App Store's
#                  are; every answer must be 200 and "applied"
#   evaluate       its baseline, run next to it
#   Google's GET   the fake's GET subscriptionsv2 alone (with an access token of its control API): how much of a
#                  Play notification's time is the API round trip
# and each fake must have granted its server one access token for the whole run; then, once: the cost of one
# notification by part, in-process ('TollgateBenchmarks customers-split'): verify, decode, commit, and the whole
# ledger; and, on a store seeded with SQL with 1,000,000 customers (one active yearly subscription each; sqlite3
# with a recursive CTE, psql with generate_series), ROUNDS times on each backend:
#   by customer    POST evaluate with {"customer": "<one of the ACTIVE (10,000) active customers, at random>",
#                  "environment": "sandbox"}, after a warm-up run that takes each of them in turn: the goal's
#                  figure; and, for information, of any of all 1,000,000 at random (a cache helps little when
#                  every customer is as likely)
#   entitlements   the baseline: POST evaluate with the same entitlement in the body, synced; for the goal's
#                  figure, with the user_id of a customer picked the same way too, the body made per request by
#                  the same Lua as the customer's (the same evaluation, and the same cost to wrk, which shares
#                  the 2 cores: a static body costs wrk less, and the server's share of the cores grows)
#   one customer   POST evaluate of the same customer every time (what a customer cache can give)
# Goals: notifications >= 2,000/s on each backend (2 cores, shared with wrk and PostgreSQL); evaluate by customer
# >= 0.8x evaluate with the entitlements in the body (median of the rounds' ratios); no failed request. None for
# Play: its figures and ratios are printed.
#
# usage: scripts/bench-customers.sh
# environment: SCRATCH_PATH (SwiftPM build folder, default .build), DURATION (wrk -d, default 10s), ROUNDS
#              (default 3), CONNECTIONS (wrk -c, default 16), THREADS (wrk -t, default 2), NOTIFICATIONS (signed
#              per notification run, default 4000 per second of DURATION; as many Play pushes), CUSTOMERS (seeded,
#              default 1000000), ACTIVE (the customers the goal's evaluations pick from, default 10000)
set -euo pipefail
cd "$(dirname "$0")/.."

bench_name=bench-customers
source scripts/bench-lib.sh

missing=()
for tool in wrk curl sqlite3 psql; do command -v "$tool" >/dev/null || missing+=("$tool"); done
((${#missing[@]} == 0)) \
  || fail "missing ${missing[*]}; run: sudo apt-get install -y ${missing[*]/psql/postgresql-client}"
duration="${DURATION:-10s}"
rounds="${ROUNDS:-3}"
connections="${CONNECTIONS:-16}"
threads="${THREADS:-2}"
seconds="$(awk -v d="$duration" 'BEGIN { n = d + 0; if (d ~ /m$/) n *= 60; else if (d ~ /h$/) n *= 3600; print n }')"
notifications="${NOTIFICATIONS:-$((4000 * seconds))}"
customers="${CUSTOMERS:-1000000}"
active="${ACTIVE:-10000}"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive number, not '$rounds'"
[[ "$customers" =~ ^[1-9][0-9]*$ ]] || fail "CUSTOMERS must be a positive number, not '$customers'"
release_binaries tollgate TollgateBenchmarks
tollgate="$bin/tollgate"
bench="$bin/TollgateBenchmarks"
root_ca="$PWD/Tests/Fixtures/app-store/test-chain/root.pem"
python="$(scripts/python-venv.sh)" || fail "scripts/python-venv.sh failed (the fake Google needs google-auth)"
started=$(date +%s)

server_scratch

# The fakes' key id, and the audience of the push tokens.
play_kid=tollgate-test-push-key
play_audience="https://tollgate.example.com/v1/apps/lingualeap/notifications/play"
# fake_google NAME: starts scripts/fake-google.py for the server NAME, alive while this script holds the write end
# of its stdin; sets NAME_google (its URL) and NAME_google_pid, and writes $work/NAME-account.json, the fixture
# service account whose token_uri is the fake's.
fake_google() {
  local log="$work/google-$1" port="" fd
  mkfifo "$log.in"
  "$python" scripts/fake-google.py --service-account Tests/Fixtures/google/service-account.json \
    --certificate Tests/Fixtures/google/service-account-certificate.pem --kid "$play_kid" \
    <"$log.in" >"$log.out" 2>"$log.err" &
  local pid=$!
  pids+=("$pid")
  exec {fd}>"$log.in"
  for _ in $(seq 300); do
    port="$(sed -n 's/^{"port": \([0-9]*\)}$/\1/p' "$log.out")"
    [[ -n "$port" ]] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  [[ -n "$port" ]] || fail "scripts/fake-google.py did not start: $(cat "$log.err")"
  sed "s|\"token_uri\": \"[^\"]*\"|\"token_uri\": \"http://127.0.0.1:$port/token\"|" \
    Tests/Fixtures/google/service-account.json >"$work/$1-account.json"
  printf -v "$1_google" '%s' "http://127.0.0.1:$port"
  printf -v "$1_google_pid" '%s' "$pid"
}

# serve NAME FOLDER [STORE]: starts `tollgate serve` in FOLDER (on STORE if given) on a free loopback port, taking
# Play's pushes from the fake Google NAME_google (see fake_google); sets NAME_pid and NAME_url.
serve() {
  local store=() google_var="$1_google"
  [[ -n "${3:-}" ]] && store=(--store "$3")
  serve_in "$1" "$2" --apple-root-ca "$root_ca" "${store[@]}" --play-service-account "$work/$1-account.json" \
    --play-push-audience "$play_audience" --google-certs-url "${!google_var}/oauth2/v3/certs" \
    --google-api-url "${!google_var}"
}

total_failed=0

rows=()
# row LABEL REFERENCE_RPS: one table line from the last load, its rate against REFERENCE_RPS.
row() {
  rows+=("$(printf '%-62s %9.0f %7sx %8.2f %8.2f %7s %7s' "$1" "$rps" "$(ratio "$rps" "$2")" "$p50" "$p99" \
    "$failed" "$cpu_us")")
}
declare -A ratios=()
# fine X Y: X / Y with four decimals (the notifications' ratios are small).
fine() { awk -v x="$1" -v y="$2" 'BEGIN { printf "%.4f", x / y }'; }
# keep NAME X Y: keeps X / Y among the rounds' values NAME, for the medians.
keep() { ratios[$1]+="$(fine "$2" "$3") "; }
# median NAME [DECIMALS]: the median of the rounds' values, and their range, as "m lo hi" (default 2 decimals).
median() {
  tr ' ' '\n' <<<"${ratios[$1]}" | grep . | sort -g | awk -v d="${2:-2}" '
    { v[NR] = $1 }
    END {
      m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
      f = "%." d "f"
      printf f " " f " " f, m, v[1], v[NR]
    }'
}

# The load scripts (customers_lua in scripts/bench-lib.sh), and google-get.lua.
customers_lua "$work"
# google-get.lua ACCESS_TOKEN: the fake Google's GET subscriptionsv2 of a token it does not know (its default
# subscription answers), with an access token it granted.
cat >"$work/google-get.lua" <<'EOF'
function init(args)
  wrk.headers["Authorization"] = "Bearer " .. args[1]
end
EOF

# The two servers: SQLite in folder mode, PostgreSQL after a first publish; each with a fake Google of its own, whose
# unknown tokens all answer an active monthly subscription of lingualeap (acknowledged, as a renewal is), and an
# access token of it for the GET alone.
play_expiry="$(date -u -d '+30 days' +%Y-%m-%dT%H:%M:%SZ)"
play_start="$(date -u -d '-30 days' +%Y-%m-%dT%H:%M:%SZ)"
play_subscription='{"acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED", "externalAccountIdentifiers":'
play_subscription+=' {"obfuscatedExternalAccountId": "android-@TOKEN@"},'
play_subscription+=' "kind": "androidpublisher#subscriptionPurchaseV2", "latestOrderId": "GPA.3300-0000-0000-00001",'
play_subscription+=' "lineItems": [{"autoRenewingPlan": {"autoRenewEnabled": true}, "expiryTime": "'"$play_expiry"'",'
play_subscription+=' "latestSuccessfulOrderId": "GPA.3300-0000-0000-00001", "offerDetails": {"basePlanId": "monthly"},'
play_subscription+=' "productId": "com.example.lingualeap.pro.monthly"}], "regionCode": "US",'
play_subscription+=' "startTime": "'"$play_start"'", "subscriptionState": "SUBSCRIPTION_STATE_ACTIVE"}'
for name in lite pg; do
  mkdir -p "$work/$name"
  cp -R Policies Templates "$work/$name/"
  fake_google "$name"
  google_var="${name}_google"
  curl -sf -o /dev/null -d "{\"kind\": \"subscription\", \"json\": \"${play_subscription//\"/\\\"}\"}" \
    "${!google_var}/_control/default" || fail "the fake Google took no default subscription"
  answer="$(curl -sf -X POST "${!google_var}/_control/access-token")" || fail "the fake Google granted no access token"
  printf -v "${name}_access" '%s' "$(sed -n 's/.*"access_token": "\([^"]*\)".*/\1/p' <<<"$answer")"
done
serve lite "$work/lite"
echo "PostgreSQL: a throwaway cluster…" >&2
postgres_url="$(TOLLGATE_PG_DIR="$work/postgres" scripts/postgres.sh start)" || fail "scripts/postgres.sh start failed"
(cd "$work/pg" && "$tollgate" publish --store "$postgres_url" --author bench -m first >/dev/null) \
  || fail "the first publish to PostgreSQL failed"
serve pg "$work/pg" "$postgres_url"
# sql_lite SQL… / sql_pg SQL…: runs statements on the SQLite store / the PostgreSQL database, quietly.
sql_lite() { sqlite3 -batch "$work/lite/.tollgate/store.sqlite" "$@"; }
sql_pg() { psql -q -X -v ON_ERROR_STOP=1 -At "$postgres_url" "$@"; }


echo "notifications: $rounds rounds of $notifications signed notifications and evaluate on each backend" \
  "(wrk -t$threads -c$connections -d$duration)…" >&2
sent_lite=0 sent_pg=0
for round in $(seq "$rounds"); do
  for name in lite pg; do
    pid_var="${name}_pid" url_var="${name}_url"
    "$bench" customers-sign --count "$notifications" --out "$work/notifications.jsonl" >"$work/sign.txt" \
      || fail "TollgateBenchmarks customers-sign failed"
    wrk_load "notify-$name-$round" "${!url_var}/v1/apps/photocollage/notifications/app-store" "${!pid_var}" \
      "$work/notify.lua" "$work/notifications.jsonl" "$threads"
    rm -f "$work/notifications.jsonl"
    notify_answers "notify-$name-$round" notifications
    if [[ $name == lite ]]; then sent_lite=$((sent_lite + applied)); else sent_pg=$((sent_pg + applied)); fi
    notify=("$rps" "$p50" "$p99" "$((failed + other))" "$cpu_us")
    wrk_load "evaluate-$name-$round" "${!url_var}/v1/apps/photocollage/evaluate" "${!pid_var}" "$work/entitlements.lua"
    label=SQLite
    [[ $name == pg ]] && label=PostgreSQL
    row "$round: $label: POST evaluate, entitlements (baseline)" "$rps"
    keep "notify-$name" "${notify[0]}" 1
    keep "notify-ratio-$name" "${notify[0]}" "$rps"
    rows+=("$(printf '%-62s %9.0f %7sx %8.2f %8.2f %7s %7s' "$round: $label: POST notifications/app-store" \
      "${notify[0]}" "$(fine "${notify[0]}" "$rps")" "${notify[1]}" "${notify[2]}" "${notify[3]}" "${notify[4]}")")
  done
done

echo "Play notifications: $rounds rounds of $notifications pushes, evaluate and the fake Google's GET on each" \
  "backend…" >&2
sent_play_lite=0 sent_play_pg=0
for round in $(seq "$rounds"); do
  for name in lite pg; do
    pid_var="${name}_pid" url_var="${name}_url" google_var="${name}_google" google_pid_var="${name}_google_pid"
    access_var="${name}_access"
    push_token="$("$bench" customers-play-sign --count "$notifications" --out "$work/play.jsonl" \
      --audience "$play_audience" --kid "$play_kid")" || fail "TollgateBenchmarks customers-play-sign failed"
    wrk_load "play-$name-$round" "${!url_var}/v1/apps/lingualeap/notifications/play" "${!pid_var}" "$work/notify.lua" \
      "$work/play.jsonl" "$threads" "$push_token"
    rm -f "$work/play.jsonl"
    notify_answers "play-$name-$round" "Play pushes"
    if [[ $name == lite ]]; then sent_play_lite=$((sent_play_lite + applied)); else
      sent_play_pg=$((sent_play_pg + applied)); fi
    pushed=("$rps" "$p50" "$p99" "$((failed + other))" "$cpu_us")
    wrk_load "evaluate-play-$name-$round" "${!url_var}/v1/apps/photocollage/evaluate" "${!pid_var}" \
      "$work/entitlements.lua"
    label=SQLite
    [[ $name == pg ]] && label=PostgreSQL
    row "$round: $label: POST evaluate, entitlements (Play's baseline)" "$rps"
    base_rps=$rps
    keep "play-$name" "${pushed[0]}" 1
    keep "play-ratio-$name" "${pushed[0]}" "$rps"
    keep "play-p50-$name" "${pushed[1]}" 1
    keep "play-cpu-$name" "${pushed[4]}" 1
    rows+=("$(printf '%-62s %9.0f %7sx %8.2f %8.2f %7s %7s' "$round: $label: POST notifications/play" \
      "${pushed[0]}" "$(fine "${pushed[0]}" "$base_rps")" "${pushed[1]}" "${pushed[2]}" "${pushed[3]}" "${pushed[4]}")")
    wrk_load "google-$name-$round" \
      "${!google_var}/androidpublisher/v3/applications/com.example.lingualeap/purchases/subscriptionsv2/tokens/get" \
      "${!google_pid_var}" "$work/google-get.lua" "${!access_var}"
    row "$round: $label: the fake Google's GET alone (cpu_us: the fake's)" "$base_rps"
    keep "google-$name" "$rps" 1
    keep "google-p50-$name" "$p50" 1
  done
done
# grants NAME: the access tokens the fake Google of NAME granted.
grants() {
  local google_var="$1_google"
  curl -sf "${!google_var}/_control/grants" | sed -n 's/.*"grants": \([0-9]*\).*/\1/p'
}
grants_lite="$(grants lite)"
grants_pg="$(grants pg)"

stored_lite="$(sql_lite "SELECT count(*) FROM store_notifications WHERE store = 'app-store' AND status = 'applied'")"
stored_pg="$(sql_pg -c "SELECT count(*) FROM store_notifications WHERE store = 'app-store' AND status = 'applied'")"
stored_play_lite="$(sql_lite "SELECT count(*) FROM store_notifications WHERE store = 'play' AND status = 'applied'")"
stored_play_pg="$(sql_pg -c "SELECT count(*) FROM store_notifications WHERE store = 'play' AND status = 'applied'")"
not_applied="$(( $(sql_lite "SELECT count(*) FROM store_notifications WHERE status <> 'applied'") \
  + $(sql_pg -c "SELECT count(*) FROM store_notifications WHERE status <> 'applied'") ))"

echo "the cost split, in-process…" >&2
split_lite="$("$bench" customers-split --store "$work/split.sqlite")" || fail "customers-split on SQLite failed"
sql_pg -c 'CREATE DATABASE split' -c 'CREATE DATABASE "split-ledger"'
split_pg="$("$bench" customers-split --store "${postgres_url%/*}/split")" || fail "customers-split on PostgreSQL failed"

echo "seeding $(thousands "$customers") customers on each backend…" >&2
template="$("$bench" customers-template)"
seed_start=$(date +%s)
seed_customers_lite "$work/lite/.tollgate/store.sqlite" 1 "$customers" "$template"
seed_lite_s=$(($(date +%s) - seed_start))
seed_start=$(date +%s)
seed_customers_pg "$postgres_url" 1 "$customers" "$template"
seed_pg_s=$(($(date +%s) - seed_start))
lite_bytes=$(cat "$work/lite/.tollgate/store.sqlite"* | wc -c)
pg_bytes="$(sql_pg -c 'SELECT pg_database_size(current_database())')"

# Both bodies must grant the same: premium, from the yearly subscription.
for name in lite pg; do
  url_var="${name}_url"
  by_customer="$(curl -s -H 'Content-Type: application/json' \
    -d "{\"customer\": \"$(printf '00000000-0000-4000-9000-%012d' "$customers")\", \"environment\": \"sandbox\"}" \
    "${!url_var}/v1/apps/photocollage/evaluate")"
  by_body="$(curl -s -H 'Content-Type: application/json' -d "{\"entitlements\": [$entitlement], \"synced\": true}" \
    "${!url_var}/v1/apps/photocollage/evaluate")"
  for answer in "$by_customer" "$by_body"; do
    grep -q '"tiers":\[[^]]*"premium"' <<<"$answer" || fail "an evaluation on $name does not grant premium: $answer"
  done
done

echo "evaluate by customer: $rounds rounds on each backend…" >&2
for round in $(seq "$rounds"); do
  for name in lite pg; do
    pid_var="${name}_pid" url_var="${name}_url"
    label=SQLite
    [[ $name == pg ]] && label=PostgreSQL
    wrk_load "entitlements-$name-$round" "${!url_var}/v1/apps/photocollage/evaluate" "${!pid_var}" "$work/entitlements.lua"
    body_rps=$rps
    row "$round: $label: evaluate, entitlements in the body (baseline)" "$body_rps"
    wrk_load "customer-$name-$round" "${!url_var}/v1/apps/photocollage/evaluate" "${!pid_var}" "$work/customer.lua" \
      "$customers"
    row "$round: $label: evaluate by customer, of $(thousands "$customers")" "$body_rps"
    keep "customer-$name" "$rps" "$body_rps"
    if ((round == 1)); then
      wrk_load "customer-warm-$name" "${!url_var}/v1/apps/photocollage/evaluate" "${!pid_var}" "$work/customer.lua" \
        "$active" "$threads"
    fi
    wrk_load "entitlements-made-$name-$round" "${!url_var}/v1/apps/photocollage/evaluate" "${!pid_var}" \
      "$work/entitlements-made.lua" "$active"
    made_rps=$rps
    row "$round: $label: evaluate, entitlements and user_id in the body (baseline)" "$made_rps"
    wrk_load "customer-active-$name-$round" "${!url_var}/v1/apps/photocollage/evaluate" "${!pid_var}" \
      "$work/customer.lua" "$active"
    row "$round: $label: evaluate by customer, $(thousands "$active") active of $(thousands "$customers")" "$made_rps"
    keep "customer-active-$name" "$rps" "$made_rps"
    wrk_load "customer-hot-$name-$round" "${!url_var}/v1/apps/photocollage/evaluate" "${!pid_var}" \
      "$work/customer-hot.lua"
    row "$round: $label: evaluate by customer, always the same one" "$body_rps"
    keep "customer-hot-$name" "$rps" "$body_rps"
  done
done
# lookups URL: the server's count of customer reads.
lookups() { curl -s "$1/metrics" | awk '/^tollgate_customer_lookups_total/ { s += $NF } END { print s + 0 }'; }
lookups_lite="$(lookups "$lite_url")"
lookups_pg="$(lookups "$pg_url")"
elapsed=$(($(date +%s) - started))

echo
echo "loopback, $(nproc) cores shared by wrk, the servers and PostgreSQL; cpu_us: the tollgate server's CPU time"
echo "per request (PostgreSQL's own not included); /base: requests/s against the baseline run next to it"
printf '%-62s %9s %8s %8s %8s %7s %7s\n' "target (wrk -t$threads -c$connections -d$duration)" "req/s" "/base" \
  "p50_ms" "p99_ms" "failed" "cpu_us"
printf '%s\n' "${rows[@]}"
echo
format='%-52s %10s %10s\n'
printf "$format" "one notification, in-process (µs, mean)" "SQLite" "PostgreSQL"
for part in verify decode store ledger; do
  case $part in
    verify) label="verify: outer JWS + transaction + renewal" ;;
    decode) label="decode: notification, transaction, renewal" ;;
    store) label="store: recordPurchaseEvent, committed" ;;
    ledger) label="whole ledger (receiveAppStoreNotification)" ;;
  esac
  printf "$format" "$label" "$(field "${part}_us" "$split_lite")" "$(field "${part}_us" "$split_pg")"
done
echo "($(field count "$split_lite") notifications of the same mix each; the store parts on a store of their own)"
echo
# play_line NAME LABEL: the Play figures of NAME, medians of the rounds.
play_line() {
  local rate ratio p50 cpu get get_p50 rest
  read -r rate rest <<<"$(median "play-$1" 0)"
  read -r ratio rest <<<"$(median "play-ratio-$1" 4)"
  read -r p50 rest <<<"$(median "play-p50-$1")"
  read -r cpu rest <<<"$(median "play-cpu-$1" 0)"
  read -r get rest <<<"$(median "google-$1" 0)"
  read -r get_p50 rest <<<"$(median "google-p50-$1")"
  echo "Play on $2: $rate notifications/s (${ratio}x evaluate), p50 $p50 ms, served CPU $cpu µs per notification;"
  echo "  the fake Google's GET alone: $get req/s, p50 $get_p50 ms"
}
echo "Play notifications, medians of $rounds rounds (each reads its purchase from the fake Google in Python, on the"
echo "same cores):"
play_line lite SQLite
play_line pg PostgreSQL
echo "token grants (one per server for the whole run): SQLite $grants_lite, PostgreSQL $grants_pg"
echo
echo "notifications stored as applied: SQLite $stored_lite (answered applied: $sent_lite), PostgreSQL $stored_pg" \
  "($sent_pg); Play: SQLite $stored_play_lite ($sent_play_lite), PostgreSQL $stored_play_pg ($sent_play_pg);" \
  "stored otherwise: $not_applied (the stores also hold the requests in flight when each wrk run stopped)"
echo "seeded $(thousands "$customers") customers in ${seed_lite_s}s (SQLite, file $(mib $((lite_bytes / 1024))) MiB)" \
  "and ${seed_pg_s}s (PostgreSQL, database $(mib $((pg_bytes / 1024))) MiB); customer lookups counted:" \
  "SQLite $lookups_lite, PostgreSQL $lookups_pg"
echo "run took ${elapsed}s (build excluded)"
echo

# goal LABEL NAME OPERATOR LIMIT [UNIT]: a goal on the median over the rounds of NAME, with the rounds' range,
# printed and recorded (record_goal, with UNIT after the figures).
goal() {
  local m lo hi met
  read -r m lo hi <<<"$(median "$2")"
  met="$(ok "$m $3 $4")"
  printf '%-64s %-22s %s\n' "$1" "$m (${lo}-${hi})" "$met"
  record_goal "$1 (median of $rounds)" "$m${5:-}" "$3 $4${5:-}" "$met"
}
printf '%-64s %-22s %s\n' "goal (median of $rounds rounds; their range)" "measured" "met"
goal "notifications/s on SQLite >= 2,000" notify-lite ">=" 2000 /s
goal "notifications/s on PostgreSQL >= 2,000" notify-pg ">=" 2000 /s
printf '%-64s %-22s %s\n' "(notifications/s against evaluate's requests/s, SQLite)" \
  "$(read -r m lo hi <<<"$(median notify-ratio-lite 4)"; echo "${m}x (${lo}-${hi})")" "-"
printf '%-64s %-22s %s\n' "(notifications/s against evaluate's requests/s, PostgreSQL)" \
  "$(read -r m lo hi <<<"$(median notify-ratio-pg 4)"; echo "${m}x (${lo}-${hi})")" "-"
goal "evaluate by customer >= 0.8x entitlements in the body, SQLite, $(thousands "$customers")" \
  customer-active-lite ">=" 0.8 x
goal "evaluate by customer >= 0.8x entitlements in the body, PostgreSQL, $(thousands "$customers")" \
  customer-active-pg ">=" 0.8 x
for name in lite pg; do
  label=SQLite
  [[ $name == pg ]] && label=PostgreSQL
  printf '%-64s %-22s %s\n' "(evaluate by customer, any of all $(thousands "$customers"), against the body, $label)" \
    "$(read -r m lo hi <<<"$(median "customer-$name")"; echo "${m}x (${lo}-${hi})")" "-"
done
for name in lite pg; do
  label=SQLite
  [[ $name == pg ]] && label=PostgreSQL
  printf '%-64s %-22s %s\n' "(evaluate by customer, always the same one, against the body, $label)" \
    "$(read -r m lo hi <<<"$(median "customer-hot-$name")"; echo "${m}x (${lo}-${hi})")" "-"
done
for name in lite pg; do
  label=SQLite
  [[ $name == pg ]] && label=PostgreSQL
  printf '%-64s %-22s %s\n' "(Play notifications/s against evaluate's requests/s, $label)" \
    "$(read -r m lo hi <<<"$(median "play-ratio-$name" 4)"; echo "${m}x (${lo}-${hi})")" "-"
done
fact "one token grant per server for all its Play notifications" "$grants_lite, $grants_pg" "1, 1" \
  "${grants_lite:-0} == 1 && ${grants_pg:-0} == 1"
fact "no failed request or non-applied notification (all runs)" "$total_failed, $not_applied" "0, 0" \
  "$total_failed == 0 && $not_applied == 0 && $stored_lite >= $sent_lite && $stored_pg >= $sent_pg \
    && $stored_play_lite >= $sent_play_lite && $stored_play_pg >= $sent_play_pg"
