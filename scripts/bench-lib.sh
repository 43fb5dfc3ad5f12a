# Shared by the benchmark scripts: `source scripts/bench-lib.sh` after setting `bench_name`.

# fail MESSAGE…: prints "<bench_name>: error: MESSAGE" and exits 1.
fail() {
  echo "${bench_name:-bench}: error: $*" >&2
  exit 1
}

# check_option ARGUMENT…: the scripts' one option: sets `check` (declared local by the caller) to 1 for --check;
# -h or --help prints the script's header comment and exits 0; anything else exits 2.
check_option() {
  check=0
  local argument
  for argument in "$@"; do
    case "$argument" in
      --check) check=1 ;;
      -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
      *) echo "error: unknown argument '$argument'" >&2; exit 2 ;;
    esac
  done
}

# field NAME LINE: the value of NAME=… in a line of key=value fields.
field() {
  local value
  value="$(tr ' ' '\n' <<<"$2" | sed -n "s/^$1=//p")"
  [[ -n "$value" ]] || fail "no '$1' in the benchmark output: $2"
  echo "$value"
}

# ratio X Y: X / Y with two decimals, "n/a" when Y is not positive.
ratio() { awk -v x="$1" -v y="$2" 'BEGIN { if (y > 0) printf "%.2f", x / y; else print "n/a" }'; }

# meets VALUE GOAL: "ok" when VALUE <= GOAL, "MISS" otherwise.
meets() { awk -v x="$1" -v g="$2" 'BEGIN { print (x != "n/a" && x <= g) ? "ok" : "MISS" }'; }

# mib KIB: kibibytes as mebibytes with one decimal.
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

# thousands N: N with thousands separated by commas.
thousands() { sed -E ':a; s/([0-9])([0-9]{3})($|,)/\1,\2\3/; ta' <<<"$1"; }

# release_binaries PRODUCT…: builds PRODUCTs in release mode (static Swift runtime) under SCRATCH_PATH and
# sets `bin` to the folder they are in.
release_binaries() {
  local scratch="${SCRATCH_PATH:-.build}" product
  echo "building (release, $scratch)…" >&2
  for product in "$@"; do
    swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product "$product" >/dev/null \
      || fail "swift build -c release --product $product failed"
  done
  bin="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)"
}

# versions SIZE FOLDER: FOLDER/v1, a project of SIZE products from scripts/gen-policy.py, and FOLDER/v2, the
# same with new JPY prices for three products and two features in other tiers (export.tool-1 moves from
# s1-basic to s1-plus, library.tool-2 from s1-plus to s1-basic: tiers every size has).
versions() {
  python3 scripts/gen-policy.py --products "$1" --out "$2/v1" >/dev/null || fail "scripts/gen-policy.py failed"
  cp -R "$2/v1" "$2/v2"
  python3 - "$2/v2/Policies/bench.yaml" <<'PY' || fail "cannot edit the second version"
import re, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
text, repriced = re.subn(r'(JPY: ")(\d+)"', lambda m: '%s%d"' % (m.group(1), int(m.group(2)) + 10), text, count=3)
moved = 0
for feature, tier in [("export.tool-1", "s1-plus"), ("library.tool-2", "s1-basic")]:
    text, count = re.subn(r"(?m)^(  %s: \{.*tier: )[\w-]+ \}$" % re.escape(feature), r"\g<1>%s }" % tier, text)
    moved += count
if (repriced, moved) != (3, 2):
    sys.exit("expected 3 prices and 2 features to change, changed %d and %d" % (repriced, moved))
open(path, "w", encoding="utf-8").write(text)
PY
}

# server_scratch: a scratch folder in $work that PostgreSQL's user can read, and $pids, the servers a script
# starts; at exit the servers are stopped, the throwaway cluster in $work/postgres too, and the folder removed.
server_scratch() {
  work="$(mktemp -d)"
  chmod 755 "$work"
  pids=()
  trap server_scratch_cleanup EXIT
}

server_scratch_cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  TOLLGATE_PG_DIR="$work/postgres" scripts/postgres.sh stop >/dev/null 2>&1 || true
  rm -rf "$work"
}

# to_ms VALUE: wrk's 238.00us / 1.26ms / 1.02s in milliseconds.
to_ms() {
  awk -v v="$1" 'BEGIN {
    n = v + 0
    if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000
    printf "%.3f", n
  }'
}

# serve_in NAME FOLDER [OPTION…]: starts `$tollgate serve --port 0 --host 127.0.0.1 OPTION…` in FOLDER (its log in
# $work/NAME.log, its pid in $pids), waits until it listens and is ready, and sets NAME_pid and NAME_url.
serve_in() {
  local name="$1" folder="$2" log="$work/$1.log" url=""
  shift 2
  (cd "$folder" && exec "$tollgate" serve --port 0 --host 127.0.0.1 "$@" 2>"$log") &
  local pid=$!
  pids+=("$pid")
  for _ in $(seq 300); do
    url="$(sed -n 's/.*"event":"listening","url":"\([^"]*\)".*/\1/p' "$log" | head -1)"
    [[ -n "$url" ]] && curl -sf -o /dev/null "$url/readyz" && break
    kill -0 "$pid" 2>/dev/null || break
    url=""
    sleep 0.1
  done
  [[ -n "$url" ]] || fail "tollgate serve $* in $folder did not start: $(cat "$log")"
  printf -v "${name}_pid" '%s' "$pid"
  printf -v "${name}_url" '%s' "$url"
}

# judge VALUE OPERATOR LIMIT: "ok" when the number VALUE OPERATOR (<, <=, ==, >=, >) LIMIT holds, "MISS"
# otherwise, and when VALUE is not a number (n/a, empty, a stopped run).
judge() {
  awk -v x="$1" -v op="$2" -v g="$3" 'BEGIN {
    if (x !~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/) { print "MISS"; exit }
    x += 0; g += 0
    met = (op == "<") ? x < g : (op == "<=") ? x <= g : (op == "==") ? x == g : (op == ">=") ? x >= g : (op == ">") ? x > g : 0
    print met ? "ok" : "MISS"
  }'
}

# record_goal GOAL MEASURED LIMIT STATUS: when BENCH_GOALS names a file, appends the goal to it as one line of
# tab-separated fields: bench_name, GOAL, MEASURED, LIMIT and ok or MISS (any STATUS but ok, yes or met is a
# MISS). scripts/bench.sh prints these lines as its table; a script alone prints nothing more.
record_goal() {
  [[ -n "${BENCH_GOALS:-}" ]] || return 0
  local status=MISS
  case "$4" in ok|yes|met) status=ok ;; esac
  printf '%s\t%s\t%s\t%s\t%s\n' "${bench_name:-bench}" "${1//$'\t'/ }" "${2//$'\t'/ }" "${3//$'\t'/ }" "$status" \
    >>"$BENCH_GOALS"
}

# ok EXPRESSION: "ok" when the awk EXPRESSION holds, "MISS" otherwise.
ok() { if awk "BEGIN { exit !($1) }"; then echo ok; else echo MISS; fi; }

# fact LABEL MEASURED LIMIT EXPRESSION: a goal judged by an awk EXPRESSION, printed and recorded.
fact() {
  local met
  met="$(ok "$4")"
  printf '%-64s %-22s %s\n' "$1" "$2" "$met"
  record_goal "$1" "$2" "$3" "$met"
}

# cpu_ticks PID: the CPU time (user + system, clock ticks) of PID so far, all its threads.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# wrk_load NAME URL PID LUA [ARGUMENT…]: runs wrk -t$threads -c$connections -d$duration --latency with the script
# LUA (and its arguments) against the server PID, its output in $work/wrk-NAME.txt; sets rps, p50, p99, failed
# (non-2xx answers and socket errors, added to total_failed), requests and cpu_us (the server's CPU time per
# request).
wrk_load() {
  wrk_run "$@"
  failed=$((${non2xx:-0} + ${errors:-0}))
  total_failed=$((${total_failed:-0} + failed))
}

# wrk_run NAME URL PID SCRIPT [ARGUMENTS…]: runs wrk as wrk_load does and sets rps, p50, p99, cpu_us, non2xx and
# errors (socket errors), counting nothing as failed: for scripts that judge the answers themselves.
wrk_run() {
  local name="$1" url="$2" pid="$3" script="$4" before out="$work/wrk-$1.txt"
  shift 4
  before=$(cpu_ticks "$pid")
  wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$script" "$url" -- "$@" >"$out" 2>&1 \
    || fail "wrk failed for $name: $(cat "$out")"
  requests=$(awk '/requests in/ { print $1 }' "$out")
  rps=$(awk '/^Requests\/sec:/ { print $2 }' "$out")
  [[ -n "$requests" && "$requests" -gt 0 && -n "$rps" ]] || fail "cannot read wrk's output for $name: $(cat "$out")"
  cpu_us=$(awk -v t="$(($(cpu_ticks "$pid") - before))" -v hz="$(getconf CLK_TCK)" -v n="$requests" \
    'BEGIN { printf "%.0f", t * 1e6 / hz / n }')
  p50=$(to_ms "$(awk '$1 == "50%" { print $2 }' "$out")")
  p99=$(to_ms "$(awk '$1 == "99%" { print $2 }' "$out")")
  non2xx=$(awk '/Non-2xx or 3xx responses:/ { print $NF }' "$out")
  errors=$(awk '/Socket errors:/ { gsub(",", ""); print $4 + $6 + $8 + $10 }' "$out")
}

# notify_answers RUN WHAT: the counts notify.lua printed for the wrk run RUN (see customers_lua), of WHAT was
# posted; sets applied and other (added to total_failed), and fails when a thread ran out of bodies.
notify_answers() {
  local line
  line="$(grep '^notifications applied=' "$work/wrk-$1.txt")" || fail "no count of the answers in $(cat "$work/wrk-$1.txt")"
  [[ "$(field exhausted "$line")" == 0 ]] || fail "a wrk thread ran out of $2 in run $1; raise NOTIFICATIONS"
  applied="$(field applied "$line")"
  other="$(field other "$line")"
  total_failed=$((${total_failed:-0} + other))
}

# lua_threads: the start of a wrk script whose threads know their number (`id`, from 0) and are listed in `all`,
# for `done` to sum what each thread counted.
lua_threads() {
  cat <<'EOF'
local created = 0
local all = {}
function setup(thread)
  thread:set("id", created)
  created = created + 1
  table.insert(all, thread)
end
EOF
}

# customers_lua FOLDER: writes the wrk scripts of the customer benchmarks into FOLDER:
#   notify.lua FILE THREADS [TOKEN]   thread i posts lines i, i + THREADS, … of FILE, each once (with TOKEN, as
#                                     Authorization: Bearer TOKEN, as Play's pushes come); its done() prints how
#                                     many answers were 200 and "applied", how many not, and whether a thread ran
#                                     out of lines
#   customer.lua COUNT [THREADS]      POST evaluate of a customer picked at random among the first COUNT seeded
#                                     (seed_customers_lite / _pg) per request; with THREADS (wrk's -t), thread i
#                                     takes customers i + 1, i + 1 + THREADS, … in turn instead: a warm-up that
#                                     reads each of them once as soon as it can
#   customer-hot.lua                  POST evaluate of one customer, again and again
#   entitlements.lua                  POST evaluate with $entitlement (a yearly subscription) in the body, synced
#   entitlements-made.lua COUNT       the same with the user_id of a customer picked as customer.lua picks one,
#                                     the body made per request as customer.lua makes it: the same evaluation as
#                                     by that customer, at the same cost to wrk
customers_lua() {
  { lua_threads; cat <<'EOF'
function init(args)
  local threads = tonumber(args[2])
  bodies = {}
  local line = 0
  for body in io.lines(args[1]) do
    if line % threads == id then bodies[#bodies + 1] = body end
    line = line + 1
  end
  nextBody, applied, other, exhausted = 1, 0, 0, 0
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  if args[3] then wrk.headers["Authorization"] = "Bearer " .. args[3] end
end
function request()
  local body = bodies[nextBody]
  if body == nil then
    exhausted = 1
    body = bodies[#bodies]
  end
  nextBody = nextBody + 1
  return wrk.format(nil, nil, nil, body)
end
function response(status, headers, body)
  if status == 200 and body:find('"status":"applied"', 1, true) then applied = applied + 1 else other = other + 1 end
end
function done(summary, latency, requests)
  local a, o, e = 0, 0, 0
  for _, thread in ipairs(all) do
    a, o, e = a + thread:get("applied"), o + thread:get("other"), e + thread:get("exhausted")
  end
  io.write(string.format("notifications applied=%d other=%d exhausted=%d\n", a, o, e))
end
EOF
  } >"$1/notify.lua"
  { lua_threads; cat <<'EOF'
function init(args)
  count, threads = tonumber(args[1]), tonumber(args[2])
  math.randomseed(os.time() * 100 + id)
  next_customer = id + 1
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
end
function request()
  local customer = math.random(1, count)
  if threads then
    customer = next_customer
    next_customer = next_customer + threads
    if next_customer > count then next_customer = id + 1 end
  end
  local body = string.format('{"customer": "00000000-0000-4000-9000-%012d", "environment": "sandbox"}', customer)
  return wrk.format(nil, nil, nil, body)
end
EOF
  } >"$1/customer.lua"
  cat >"$1/customer-hot.lua" <<'EOF'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"customer": "00000000-0000-4000-9000-000000000001", "environment": "sandbox"}'
EOF
  { lua_threads; cat <<EOF
function init(args)
  count = tonumber(args[1])
  math.randomseed(os.time() * 100 + id)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
end
function request()
  local body = string.format('{"entitlements": [$entitlement], "synced": true, '
    .. '"user_id": "00000000-0000-4000-9000-%012d"}', math.random(1, count))
  return wrk.format(nil, nil, nil, body)
end
EOF
  } >"$1/entitlements-made.lua"
  cat >"$1/entitlements.lua" <<EOF
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"entitlements": [$entitlement], "synced": true}'
EOF
}
# The entitlement every seeded customer holds, as an evaluate body gives it.
entitlement='{"product": "com.example.photocollage.premium.yearly", "state": "active",'
entitlement+=' "expires": "2030-01-01T00:00:00Z"}'

# seed_customers_lite FILE FIRST LAST TEMPLATE / seed_customers_pg URL FIRST LAST TEMPLATE: adds the customers
# FIRST to LAST (00000000-0000-4000-9000-<i, 12 digits>) of photocollage to the store, with SQL (sqlite3: a
# recursive CTE; psql: generate_series; then ANALYZE): each owns the purchase seed-<i>, one active yearly
# subscription, its transaction TEMPLATE ('TollgateBenchmarks customers-template') with @TRANSACTION@ and
# @CUSTOMER@ filled in.
seed_customers_lite() {
  [[ "$4" != *"'"* ]] || fail "the transaction template has a quote"
  sqlite3 -batch "$1" <<EOF >/dev/null || fail "seeding customers $2 to $3 into SQLite failed"
PRAGMA busy_timeout = 10000;
BEGIN;
CREATE TEMP TABLE seed AS WITH RECURSIVE n(i) AS (SELECT $2 UNION ALL SELECT i + 1 FROM n WHERE i < $3)
  SELECT 'seed-' || i AS purchase, printf('00000000-0000-4000-9000-%012d', i) AS customer FROM n;
INSERT INTO purchase_owners (app, store, purchase, customer, since)
  SELECT 'photocollage', 'app-store', purchase, customer, '$(date -u +%Y-%m-%dT%H:%M:%SZ)' FROM seed;
INSERT INTO store_transactions (app, store, purchase, id, signed_date, payload)
  SELECT 'photocollage', 'app-store', purchase, purchase, '$(date -u +%Y-%m-%dT%H:%M:%SZ)',
    replace(replace('$4', '@TRANSACTION@', purchase), '@CUSTOMER@', customer) FROM seed;
COMMIT;
ANALYZE;
EOF
}
seed_customers_pg() {
  [[ "$4" != *"'"* ]] || fail "the transaction template has a quote"
  psql -q -X -v ON_ERROR_STOP=1 -At "$1" <<EOF || fail "seeding customers $2 to $3 into PostgreSQL failed"
BEGIN;
CREATE TEMP TABLE seed AS
  SELECT 'seed-' || i AS purchase, '00000000-0000-4000-9000-' || lpad(i::text, 12, '0') AS customer
  FROM generate_series($2, $3) AS i;
INSERT INTO purchase_owners (app, store, purchase, customer, since)
  SELECT 'photocollage', 'app-store', purchase, customer, now() FROM seed;
INSERT INTO store_transactions (app, store, purchase, id, signed_date, payload)
  SELECT 'photocollage', 'app-store', purchase, purchase, '$(date -u +%Y-%m-%dT%H:%M:%SZ)',
    replace(replace('$4', '@TRANSACTION@', purchase), '@CUSTOMER@', customer) FROM seed;
COMMIT;
-- Vacuumed and checkpointed now, so that autovacuum and the checkpointer do not share the cores with the runs.
VACUUM (ANALYZE);
CHECKPOINT;
EOF
}

# seed_results_lite FILE EXPOSURES PURCHASES / seed_results_pg URL EXPOSURES PURCHASES: a store's exposures and
# purchases for photocollage's experiment onboarding-paywall, with SQL (sqlite3: a recursive CTE; psql:
# generate_series; then ANALYZE): EXPOSURES exposures (paywall 90 / holdout 10 by user, first exposures spread
# over the 30 days from 2026-10-01, one user in 1,000 seen in both variants) and PURCHASES purchases: 90 % client
# purchases (two per user, from a day before the user's first exposure to 35 days after, at 0, 4.99 and 39.99;
# 5 % in EUR), 10 % store conversions with their purchase owners (a tenth with the transaction id of a client
# purchase, 4 % sandbox, 2 % refunded); some buyers were never exposed. Users' numbers, first exposures and
# purchase times follow from i: user-<i, 9 digits> first seen 2026-10-01 + (i x 7919 mod 30 days) seconds;
# purchase j of user (j / 2 x 104729 mod 1.1 x EXPOSURES) + 1, at its first exposure + (j x 7907 mod 36 days)
# - 1 day.
seed_results_lite() {
  local exposures="$2" client=$(($3 * 9 / 10)) conversions=$(($3 - $3 * 9 / 10)) users_max=$(($2 * 11 / 10))
  sqlite3 -batch "$1" <<EOF >/dev/null || fail "seeding SQLite failed"
PRAGMA busy_timeout = 10000;
PRAGMA cache_size = -1000000;
BEGIN;
DROP INDEX exposures_by_first_time_variant;
INSERT INTO exposures (app, experiment, seed, user_id, variant, first_time, policy, multiple)
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $exposures)
  SELECT 'photocollage', 'onboarding-paywall', 'onboarding-paywall', printf('user-%09d', i),
    CASE WHEN i % 10 = 0 THEN 'holdout' ELSE 'paywall' END,
    strftime('%Y-%m-%dT%H:%M:%SZ', 1790812800 + i * 7919 % 2592000, 'unixepoch'),
    'sha256:bench', CASE WHEN i % 1000 = 1 THEN 1 ELSE 0 END
  FROM n;
CREATE INDEX exposures_by_first_time_variant ON exposures (app, experiment, seed, first_time, variant, multiple);
INSERT INTO client_purchases (app, transaction_id, user_id, time, product, value, currency)
  WITH RECURSIVE n(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM n WHERE j < $client),
  g(j, k) AS (SELECT j, j / 2 * 104729 % $users_max + 1 FROM n)
  SELECT 'photocollage', 'tx-' || j, printf('user-%09d', k),
    strftime('%Y-%m-%dT%H:%M:%SZ', 1790812800 + k * 7919 % 2592000 + j * 7907 % 3110400 - 86400, 'unixepoch'),
    'com.example.photocollage.premium.monthly',
    CASE j % 10 WHEN 0 THEN '0' WHEN 1 THEN '39.99' ELSE '4.99' END,
    CASE WHEN j % 20 = 3 THEN 'EUR' ELSE 'USD' END
  FROM g;
CREATE TEMP TABLE seed AS
  WITH RECURSIVE n(s) AS (SELECT 1 UNION ALL SELECT s + 1 FROM n WHERE s < $conversions)
  SELECT s, CASE WHEN s % 10 = 0 THEN s / 2 * 104729 % $users_max + 1 ELSE s * 130363 % $users_max + 1 END AS k
  FROM n;
INSERT INTO store_conversions (app, store, purchase, transaction_id, environment, time, product, value, currency,
    refunded)
  SELECT 'photocollage', 'app-store', 'sp-' || s, CASE WHEN s % 10 = 0 THEN 'tx-' || s ELSE 'stx-' || s END,
    CASE WHEN s % 25 = 0 THEN 'sandbox' ELSE 'production' END,
    strftime('%Y-%m-%dT%H:%M:%SZ', 1790812800 + k * 7919 % 2592000 + s * 7907 % 3110400 - 86400, 'unixepoch'),
    'com.example.photocollage.premium.yearly', '39.99', 'USD', CASE WHEN s % 50 = 7 THEN 1 ELSE 0 END
  FROM seed;
INSERT INTO purchase_owners (app, store, purchase, customer, since)
  SELECT 'photocollage', 'app-store', 'sp-' || s, printf('user-%09d', k), '2026-10-01T00:00:00Z' FROM seed;
COMMIT;
ANALYZE;
EOF
}
seed_results_pg() {
  local exposures="$2" client=$(($3 * 9 / 10)) conversions=$(($3 - $3 * 9 / 10)) users_max=$(($2 * 11 / 10))
  psql -q -X -v ON_ERROR_STOP=1 -At "$1" <<EOF || fail "seeding PostgreSQL failed"
BEGIN;
DROP INDEX exposures_by_first_time;
INSERT INTO exposures (app, experiment, seed, user_id, variant, first_time, policy, multiple)
  SELECT 'photocollage', 'onboarding-paywall', 'onboarding-paywall', 'user-' || lpad(i::text, 9, '0'),
    CASE WHEN i % 10 = 0 THEN 'holdout' ELSE 'paywall' END,
    to_char(timestamp '2026-10-01' + (i * 7919 % 2592000) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'sha256:bench', CASE WHEN i % 1000 = 1 THEN 1 ELSE 0 END
  FROM generate_series(1::bigint, $exposures) AS i;
CREATE INDEX exposures_by_first_time ON exposures (app, experiment, seed, first_time);
INSERT INTO client_purchases (app, transaction_id, user_id, time, product, value, currency)
  SELECT 'photocollage', 'tx-' || j, 'user-' || lpad(k::text, 9, '0'),
    to_char(timestamp '2026-10-01' + (k * 7919 % 2592000 + j * 7907 % 3110400 - 86400) * interval '1 second',
      'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'com.example.photocollage.premium.monthly',
    CASE j % 10 WHEN 0 THEN '0' WHEN 1 THEN '39.99' ELSE '4.99' END,
    CASE WHEN j % 20 = 3 THEN 'EUR' ELSE 'USD' END
  FROM (SELECT j, j / 2 * 104729 % $users_max + 1 AS k FROM generate_series(1::bigint, $client) AS j) AS g;
CREATE TEMP TABLE seed AS
  SELECT s, CASE WHEN s % 10 = 0 THEN s / 2 * 104729 % $users_max + 1 ELSE s * 130363 % $users_max + 1 END AS k
  FROM generate_series(1::bigint, $conversions) AS s;
INSERT INTO store_conversions (app, store, purchase, transaction_id, environment, time, product, value, currency,
    refunded)
  SELECT 'photocollage', 'app-store', 'sp-' || s, CASE WHEN s % 10 = 0 THEN 'tx-' || s ELSE 'stx-' || s END,
    CASE WHEN s % 25 = 0 THEN 'sandbox' ELSE 'production' END,
    to_char(timestamp '2026-10-01' + (k * 7919 % 2592000 + s * 7907 % 3110400 - 86400) * interval '1 second',
      'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'com.example.photocollage.premium.yearly', '39.99', 'USD', CASE WHEN s % 50 = 7 THEN 1 ELSE 0 END
  FROM seed;
INSERT INTO purchase_owners (app, store, purchase, customer, since)
  SELECT 'photocollage', 'app-store', 'sp-' || s, 'user-' || lpad(k::text, 9, '0'), '2026-10-01T00:00:00Z'
  FROM seed;
COMMIT;
VACUUM ANALYZE;
EOF
}

# stop_server PID: SIGTERM and wait; fails unless the server exits 0 (it writes the exposures it holds first).
stop_server() {
  local status=0 index
  kill -TERM "$1"
  wait "$1" || status=$?
  for index in "${!pids[@]}"; do
    if [[ ${pids[$index]} == "$1" ]]; then unset "pids[$index]"; fi
  done
  ((status == 0)) || fail "a server exited $status after SIGTERM"
}

# metric URL NAME: a counter of the server's /metrics.
metric() { curl -sf "$1/metrics" | awk -v name="$2" '$1 == name { s += $NF } END { print s + 0 }'; }

# experiments_lua FOLDER: writes FOLDER/resolve.lua, the wrk script of the experiment benchmarks: PREFIX (its
# argument) resolves onboarding for a new user each request (PREFIX-<thread>-<n>) and counts the answers that
# are 200 with reason SPLIT, printed as "resolves split=… other=…".
experiments_lua() {
  { lua_threads; cat <<'EOF'
function init(args)
  prefix, next_user, split, other = args[1], 0, 0, 0
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
end
function request()
  next_user = next_user + 1
  local body = string.format('{"user_id": "%s-%d-%d", "storefront": "USA", "app_version": "2.4.1"}',
    prefix, id, next_user)
  return wrk.format(nil, nil, nil, body)
end
function response(status, headers, body)
  if status == 200 and body:find('"reason":"SPLIT"', 1, true) then split = split + 1 else other = other + 1 end
end
function done(summary, latency, requests)
  local s, o = 0, 0
  for _, thread in ipairs(all) do s, o = s + thread:get("split"), o + thread:get("other") end
  io.write(string.format("resolves split=%d other=%d\n", s, o))
end
EOF
  } >"$1/resolve.lua"
}
