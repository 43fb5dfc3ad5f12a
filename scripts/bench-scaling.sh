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
# usage: scripts/bench-scaling.sh
# environment: SCRATCH_PATH (SwiftPM build folder, default .build), BENCH_SIZES (default "3 200 5000 20000"),
#              RUNS (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=bench-scaling
source scripts/bench-lib.sh

sizes="${BENCH_SIZES:-3 200 5000 20000}"
runs="${RUNS:-3}"
release_binaries tollgate TollgateBenchmarks
tollgate="$bin/tollgate"
bench="$bin/TollgateBenchmarks"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

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
