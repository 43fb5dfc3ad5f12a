#!/usr/bin/env bash
# Benchmarks the HTTP service (release `tollgate serve`) against nginx serving a static file, on loopback.
#
# ROUNDS times, back to back so that both see the same machine (wrk -t2 -d10s --latency each):
#   nginx     GET of a static JSON file as large as an evaluation response (the reference), at 32 connections
#   evaluate  POST /v1/apps/photocollage/evaluate with a typical 3-entitlement input, at 32 connections
#   the same two again at 4 connections, for the latency of a lightly loaded server
# then, once:
#   bundle    GET /v1/apps/photocollage/bundle
#   reload    the evaluate load again, on a second server in a copy of the project, while a loop swaps
#             Policies/photocollage.yaml between two valid variants every second (the server reloads on change)
# and the server's resident memory (VmRSS) with both examples loaded, before and after the load.
#
# Each run records requests/s, p50 and p99 latency and the server's CPU time per request: user + system time of
# its processes (nginx: master and workers) from /proc/<pid>/stat before and after the run, over the requests
# served; steadier than requests/s on a shared host, where wrk and the server share the cores.
# Goals (issues 14 and 27), judged on the median over the rounds of each round's ratio to nginx's run next to
# it: evaluate at >= 0.8x nginx's requests/s, CPU per request <= 1.2x nginx's and p99 <= 1.5x nginx's, each at
# 32 and at 4 connections. Also: no non-2xx response or socket error, no failed request during the reloads,
# resident memory under 30 MB, clean exit on SIGTERM.
#
# usage: scripts/bench-http.sh
# environment: SCRATCH_PATH (SwiftPM build folder, default .build), DURATION (wrk -d, default 10s),
#              CONNECTIONS (wrk -c of the loaded runs, default 32), THREADS (wrk -t, default 2),
#              ROUNDS (default 3), BASELINE (another tollgate executable, such as an older build, whose evaluate
#              runs right after this build's in every round, for a before/after in the same machine state)
set -euo pipefail
cd "$(dirname "$0")/.."

bench_name=bench-http
source scripts/bench-lib.sh

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || missing+=(nginx-light)
command -v curl >/dev/null || missing+=(curl)
((${#missing[@]} == 0)) || fail "missing ${missing[*]}; run: sudo apt-get install -y ${missing[*]}"
nginx=$(command -v nginx || echo /usr/sbin/nginx)

scratch="${SCRATCH_PATH:-.build}"
duration="${DURATION:-10s}"
connections="${CONNECTIONS:-32}"
threads="${THREADS:-2}"
rounds="${ROUNDS:-3}"
baseline="${BASELINE:-}"
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive number, not '$rounds'"
[[ -z "$baseline" || -x "$baseline" ]] || fail "BASELINE '$baseline' is not an executable"
echo "building tollgate (release, $scratch)…" >&2
swift build -c release --static-swift-stdlib --product tollgate --scratch-path "$scratch" >/dev/null \
  || fail "swift build -c release --static-swift-stdlib --product tollgate failed"
tollgate="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/tollgate"
started=$(date +%s)

work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# serve FOLDER LOG [EXECUTABLE]: starts `tollgate serve` on a free loopback port in FOLDER; sets server_pid and
# server_url.
serve() {
  (cd "$1" && exec "${3:-$tollgate}" serve --port 0 --host 127.0.0.1 2>"$2") &
  server_pid=$!
  pids+=("$server_pid")
  server_url=""
  for _ in $(seq 100); do
    server_url="$(sed -n 's/.*"event":"listening","url":"\([^"]*\)".*/\1/p' "$2" | head -1)"
    [[ -n "$server_url" ]] && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  fail "tollgate serve in $1 did not start: $(cat "$2")"
}

# stop PID: SIGTERM and wait; sets stopped to the exit status (the server exits 0 after finishing in-flight requests).
stop() {
  local pid
  stopped=0
  kill -TERM "$1"
  wait "$1" || stopped=$?
  for pid in "${!pids[@]}"; do
    if [[ ${pids[$pid]} == "$1" ]]; then unset "pids[$pid]"; fi
  done
}

rss_mb() { awk -v key="${2:-VmRSS}:" '$1 == key { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

# cpu_ticks PID: CPU time (user + system, in clock ticks) of PID and its child processes (nginx's workers).
cpu_ticks() {
  local total=0 pid
  for pid in "$1" $(pgrep -P "$1" || true); do
    total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat")))
  done
  echo "$total"
}
ticks_per_second=$(getconf CLK_TCK)

# load NAME URL PID [LUA] [CONNECTIONS]: runs wrk against the server PID and sets rps, p50, p99, non2xx, errors
# (socket errors), requests and cpu_us (the server's CPU time per request, steadier than req/s on a shared host).
load() {
  local name="$1" url="$2" pid="$3" script=() before
  [[ -n "${4:-}" ]] && script=(-s "$4")
  before=$(cpu_ticks "$pid")
  wrk -t"$threads" -c"${5:-$connections}" -d"$duration" --latency "${script[@]}" "$url" >"$work/wrk-$name.txt" 2>&1 \
    || fail "wrk failed for $name: $(cat "$work/wrk-$name.txt")"
  local out="$work/wrk-$name.txt"
  requests=$(awk '/requests in/ { print $1 }' "$out")
  [[ -n "$requests" && "$requests" -gt 0 ]] || fail "cannot read wrk's output for $name: $(cat "$out")"
  cpu_us=$(awk -v t="$(($(cpu_ticks "$pid") - before))" -v hz="$ticks_per_second" -v n="$requests" \
    'BEGIN { printf "%.0f", t * 1e6 / hz / n }')
  rps=$(awk '/^Requests\/sec:/ { print $2 }' "$out")
  p50=$(to_ms "$(awk '$1 == "50%" { print $2 }' "$out")")
  p99=$(to_ms "$(awk '$1 == "99%" { print $2 }' "$out")")
  non2xx=$(awk '/Non-2xx or 3xx responses:/ { print $NF }' "$out")
  non2xx=${non2xx:-0}
  errors=$(awk '/Socket errors:/ { gsub(",", ""); print $4 + $6 + $8 + $10 }' "$out")
  errors=${errors:-0}
  [[ -n "$rps" ]] || fail "cannot read wrk's output for $name: $(cat "$out")"
}

rows=()
# row LABEL [REFERENCE_RPS]: one table line from the last load, its rate against the reference (by default the last
# nginx run, at the same connections).
row() {
  rows+=("$(printf '%-50s %9.0f %6.2fx %8.3f %8.3f %7s %7s %7s' "$1" "$rps" \
    "$(awk -v a="$rps" -v b="${2:-$nginx_rps}" 'BEGIN { print a / b }')" "$p50" "$p99" "$non2xx" "$errors" "$cpu_us")")
}
total_non2xx=0
total_errors=0
# count: adds the last load's non-2xx responses and socket errors to the totals.
count() {
  total_non2xx=$((total_non2xx + non2xx))
  total_errors=$((total_errors + errors))
}
# ratio CONNECTIONS [PREFIX]: keeps the ratios of the last load to the last nginx run (rps-32, cpu-32, p99-32 …,
# after PREFIX), one per round, for the medians.
declare -A ratios=()
ratio() {
  ratios[${2:-}rps-$1]+="$(awk -v a="$rps" -v b="$nginx_rps" 'BEGIN { print a / b }') "
  ratios[${2:-}cpu-$1]+="$(awk -v a="$cpu_us" -v b="$nginx_cpu" 'BEGIN { print a / b }') "
  ratios[${2:-}p99-$1]+="$(awk -v a="$p99" -v b="$nginx_p99" 'BEGIN { print a / b }') "
}
# With c connections always busy, the mean latency is c / rate (Little's law), and wrk, the server and the kernel
# share two cores, so a request now and then waits a scheduler slice: p99 is judged against nginx's in the same
# round, at 32 connections and at 4, where the servers are lightly loaded.
few=4

# The service on the examples, and the answer nginx will serve in its place.
serve . "$work/serve.log"
main_pid=$server_pid
main_url=$server_url
rss_loaded=$(rss_mb "$main_pid")
rss_anon=$(rss_mb "$main_pid" RssAnon)
rss_file=$(rss_mb "$main_pid" RssFile)
pss=$(awk '$1 == "Pss:" { printf "%.1f", $2 / 1024 }' "/proc/$main_pid/smaps_rollup" 2>/dev/null || echo "?")
cat >"$work/evaluate.json" <<'EOF'
{"entitlements":[{"product":"com.example.photocollage.premium.yearly","state":"active","expires":"2030-01-01T00:00:00Z"},{"product":"com.example.photocollage.removeads","state":"active"},{"product":"com.example.photocollage.premium.monthly","state":"expired"}],"synced":true,"consent":"granted"}
EOF
mkdir -p "$work/www" "$work/nginx/tmp"
status=$(curl -s -o "$work/www/evaluation.json" -w '%{http_code}' -H 'Content-Type: application/json' \
  --data-binary @"$work/evaluate.json" "$main_url/v1/apps/photocollage/evaluate")
[[ "$status" == 200 ]] || fail "POST /v1/apps/photocollage/evaluate answered $status: $(cat "$work/www/evaluation.json")"
size=$(wc -c <"$work/www/evaluation.json")
cat >"$work/evaluate.lua" <<EOF
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[$(cat "$work/evaluate.json")]]
EOF
if [[ -n "$baseline" ]]; then
  serve . "$work/baseline.log" "$baseline"
  baseline_pid=$server_pid
  baseline_url=$server_url
  curl -s -o "$work/baseline.json" -H 'Content-Type: application/json' --data-binary @"$work/evaluate.json" \
    "$baseline_url/v1/apps/photocollage/evaluate"
  cmp -s "$work/www/evaluation.json" "$work/baseline.json" \
    || fail "BASELINE answers the evaluation with other bytes than this build"
fi

# nginx on a free loopback port, everything it writes in the temp folder; it logs each request, as tollgate does.
nginx_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
{
  [[ $(id -u) -eq 0 ]] && echo "user root root;"
  cat <<EOF
daemon off;
worker_processes auto;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log $work/nginx/access.log;
  client_body_temp_path $work/nginx/tmp/body;
  proxy_temp_path $work/nginx/tmp/proxy;
  fastcgi_temp_path $work/nginx/tmp/fastcgi;
  uwsgi_temp_path $work/nginx/tmp/uwsgi;
  scgi_temp_path $work/nginx/tmp/scgi;
  default_type application/json;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/www;
  }
}
EOF
} >"$work/nginx/nginx.conf"
"$nginx" -c "$work/nginx/nginx.conf" -p "$work/nginx" -e "$work/nginx/error.log" 2>"$work/nginx/stderr" &
nginx_pid=$!
pids+=("$nginx_pid")
for _ in $(seq 50); do
  curl -sf -o /dev/null "http://127.0.0.1:$nginx_port/evaluation.json" && break
  kill -0 "$nginx_pid" 2>/dev/null || fail "nginx did not start: $(cat "$work/nginx/stderr" "$work/nginx/error.log" 2>/dev/null)"
  sleep 0.1
done

echo "running wrk -t$threads -d$duration on loopback: $rounds rounds of nginx and evaluate at $connections and" \
  "$few connections, then the bundle and reload runs…" >&2
for round in $(seq "$rounds"); do
  for c in "$connections" "$few"; do
    load "nginx-$round-$c" "http://127.0.0.1:$nginx_port/evaluation.json" "$nginx_pid" "" "$c"
    nginx_rps=$rps nginx_p99=$p99 nginx_cpu=$cpu_us
    [[ "$c" == "$connections" ]] && nginx_loaded_rps=$rps
    row "$round: nginx: GET static $size-byte JSON, c$c"
    count
    load "evaluate-$round-$c" "$main_url/v1/apps/photocollage/evaluate" "$main_pid" "$work/evaluate.lua" "$c"
    row "$round: tollgate: POST evaluate, c$c"
    count
    ratio "$c"
    if [[ -n "$baseline" ]]; then
      load "baseline-$round-$c" "$baseline_url/v1/apps/photocollage/evaluate" "$baseline_pid" "$work/evaluate.lua" "$c"
      row "$round: BASELINE: POST evaluate, c$c"
      count
      ratio "$c" baseline-
    fi
  done
done
if [[ -n "$baseline" ]]; then stop "$baseline_pid"; fi

load bundle "$main_url/v1/apps/photocollage/bundle" "$main_pid"
bundle_size=$(curl -s "$main_url/v1/apps/photocollage/bundle" | wc -c)
row "tollgate: GET photocollage/bundle ($bundle_size B), c$connections" "$nginx_loaded_rps"
count
rss_after=$(rss_mb "$main_pid")
rss_peak=$(rss_mb "$main_pid" VmHWM)
stop "$main_pid"
main_exit=$stopped
stop "$nginx_pid"

# The reload run: a copy of the project, whose photocollage policy alternates between two valid variants.
project="$work/project"
mkdir -p "$project"
cp -R Policies Templates "$project/"
cp Policies/photocollage.yaml "$work/variant-a.yaml"
sed "s/title: Cloud sync,/title: Cloud sync everywhere,/" Policies/photocollage.yaml >"$work/variant-b.yaml"
cmp -s "$work/variant-a.yaml" "$work/variant-b.yaml" && fail "the second photocollage variant is not different"
serve "$project" "$work/reload.log"
reload_pid=$server_pid
reload_url=$server_url
(
  i=0
  while :; do
    sleep 1
    if ((i % 2 == 0)); then variant=b; else variant=a; fi
    # Renamed into place, so that the server never reads a half-written file.
    cp "$work/variant-$variant.yaml" "$work/next.yaml"
    mv "$work/next.yaml" "$project/Policies/photocollage.yaml"
    curl -s "$reload_url/v1/apps" >>"$work/policies-seen.json" || true
    i=$((i + 1))
  done
) &
swapper=$!
pids+=("$swapper")
load reload "$reload_url/v1/apps/photocollage/evaluate" "$reload_pid" "$work/evaluate.lua"
stop "$swapper"
row "tollgate: evaluate, policy swapped each 1 s, c$connections" "$nginx_loaded_rps"
count
reload_failed_requests=$((non2xx + errors))
# The first "ok" is the initial load.
reloads=$(($(grep -c '"event":"reload","result":"ok"' "$work/reload.log" || true) - 1))
reload_failures=$(grep -c '"event":"reload","result":"failed"' "$work/reload.log" || true)
versions=$(grep -o '"app":"photocollage","policy":"sha256:[0-9a-f]*"' "$work/policies-seen.json" | sort -u | wc -l)
stop "$reload_pid"
reload_exit=$stopped
elapsed=$(($(date +%s) - started))

echo "loopback, $(nproc) cores shared by wrk and the servers; evaluation response $size bytes; both servers log one"
echo "line per request to a file; cpu_us: the server's CPU time per request (nginx: master and workers);"
echo "/nginx: requests/s against nginx's run just before, at the same connections"
printf '%-50s %9s %7s %8s %8s %7s %7s %7s\n' "target (wrk -t$threads -d$duration)" "req/s" "/nginx" \
  "p50_ms" "p99_ms" "non2xx" "errors" "cpu_us"
printf '%s\n' "${rows[@]}"
echo
echo "reloads during the reload run: $reloads swapped, $reload_failures failed; policy versions seen: $versions"
echo "resident memory of the examples server after loading: $rss_loaded MB ($rss_anon MB anonymous," \
  "$rss_file MB file-backed: libraries and the executable; PSS $pss MB); $rss_after MB after the load (peak $rss_peak MB)"
echo "exit status after SIGTERM: $main_exit (examples), $reload_exit (reload copy); run took ${elapsed}s"
echo

# median NAME: the median of the rounds' ratios, and their range, as "m lo hi".
median() {
  tr ' ' '\n' <<<"${ratios[$1]}" | grep . | sort -g | awk '
    { v[NR] = $1 }
    END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f %.2f %.2f", m, v[1], v[NR] }'
}
# goal LABEL NAME OPERATOR LIMIT: a goal on the median ratio NAME, with the rounds' range.
goal() {
  local m lo hi met
  read -r m lo hi <<<"$(median "$2")"
  met="$(ok "$m $3 $4")"
  printf '%-64s %-22s %s\n' "$1" "${m}x (${lo}-${hi})" "$met"
  record_goal "$1 (median of $rounds)" "${m}x" "$3 ${4}x" "$met"
}
printf '%-64s %-22s %s\n' "goal (median of $rounds rounds; their range)" "measured" "met"
goal "evaluate requests/s >= 0.8x nginx's at $connections connections" "rps-$connections" ">=" 0.8
goal "evaluate requests/s >= 0.8x nginx's at $few connections" "rps-$few" ">=" 0.8
goal "evaluate CPU per request <= 1.2x nginx's at $connections connections" "cpu-$connections" "<=" 1.2
goal "evaluate CPU per request <= 1.2x nginx's at $few connections" "cpu-$few" "<=" 1.2
goal "evaluate p99 <= 1.5x nginx's at $connections connections" "p99-$connections" "<=" 1.5
goal "evaluate p99 <= 1.5x nginx's at $few connections" "p99-$few" "<=" 1.5
fact "no non-2xx response or socket error (all runs)" "$total_non2xx, $total_errors" "0, 0" \
  "$total_non2xx == 0 && $total_errors == 0"
fact "zero failed requests while reloading ($reloads reloads)" "$reload_failed_requests" "0" \
  "$reload_failed_requests == 0 && $reloads > 0 && $reload_failures == 0 && $versions == 2"
fact "resident memory with all examples loaded < 30 MB" "$rss_loaded MB" "< 30 MB" "$rss_loaded < 30"
fact "clean exit on SIGTERM" "$main_exit, $reload_exit" "0, 0" "$main_exit == 0 && $reload_exit == 0"
if [[ -n "$baseline" ]]; then
  echo
  echo "BASELINE ($baseline), the same ratios from its runs in the same rounds:"
  for name in "rps-$connections" "cpu-$connections" "cpu-$few" "p99-$connections" "p99-$few" "rps-$few"; do
    printf '  %-12s %s\n' "$name" "$(read -r m lo hi <<<"$(median "baseline-$name")"; echo "${m}x (${lo}-${hi})")"
  done
fi
