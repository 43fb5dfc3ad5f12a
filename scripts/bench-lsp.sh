#!/usr/bin/env bash
# Benchmarks `tollgate lsp`, the language server, as an editor drives it (scripts/bench-lsp-client.py speaks raw LSP
# over pipes): on each example app and on a generated 200-product policy, each in a project of its own,
#   (a) diagnostics latency after a change: from sending a whole-text didChange of the policy (alternately its text
#       and the text with a typo in a grants list) to the last publishDiagnostics of the app, with a request right
#       behind the edit so the server works at once: its work without the debounce; p50 and p99;
#   (b) the same without the request: the debounce (the server waits for typing to pause) plus the work, as a
#       person sees it when they stop typing; p50;
#   (c) the baseline, in the same run: `tollgate validate` on the same project, loaded and validated in-process
#       (the TollgateBenchmarks validate phase, median) and as a process (p50, start included).
# Then the server's resident memory after opening the photocollage policy and after 1,000 and 10,000 edits (each
# validated and published).
# Goals: p99 of (a) under 50 ms on the 200-product policy; (a) p50 <= 2 x (c) in-process (the server adds little
# to validate); memory flat: RSS after 10,000 edits <= 1.1 x RSS after 1,000.
#
# usage: scripts/bench-lsp.sh [--check]
#   --check            exit 1 when a goal is missed (the table is printed either way)
# environment:
#   SCRATCH_PATH       SwiftPM build folder (default .build)
#   BENCH_SAMPLES      edits timed for (a) per project (default 200; 10 untimed first)
#   BENCH_EDITS        the edit counts at which memory is read (default "1000,10000")
set -euo pipefail
bench_name=bench-lsp
source "$(dirname "$0")/bench-lib.sh"

# cli_p50 TOLLGATE PROJECT RUNS: the median wall time of RUNS `tollgate validate` processes in PROJECT, in ms.
cli_p50() {
  local run start
  for (( run = 0; run < $3; run++ )); do
    start=$(date +%s%N)
    (cd "$2" && "$1" validate >/dev/null 2>&1) || true
    echo $(( ($(date +%s%N) - start) / 1000 ))
  done | sort -n | awk '{ t[NR] = $1 } END { printf "%.2f", t[int((NR + 1) / 2)] / 1000 }'
}

main() {
  local check
  check_option "$@"
  cd "$(dirname "$0")/.."
  local samples="${BENCH_SAMPLES:-200}" edits="${BENCH_EDITS:-1000,10000}" started
  started=$(date +%s)

  local bin
  release_binaries tollgate TollgateBenchmarks
  local tollgate="$bin/tollgate" bench="$bin/TollgateBenchmarks"

  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT

  local app
  for app in photocollage lingualeap; do
    mkdir -p "$work/$app/Policies" "$work/$app/Templates"
    cp "Policies/$app.yaml" "$work/$app/Policies/"
    cp -R "Templates/$app" "$work/$app/Templates/"
  done
  python3 scripts/gen-policy.py --products 200 --out "$work/p200" >/dev/null || fail "scripts/gen-policy.py failed"

  local -A policy=([photocollage]=Policies/photocollage.yaml [lingualeap]=Policies/lingualeap.yaml
                   [p200]=Policies/bench.yaml)
  local -A label=([photocollage]="photocollage" [lingualeap]="lingualeap" [p200]="generated, 200 products")
  local -A bytes p50 p99 debounced inprocess cli
  local project line
  for project in photocollage lingualeap p200; do
    echo "$project: (a) $samples edits…" >&2
    line="$(python3 scripts/bench-lsp-client.py latency "$tollgate" "$work/$project" "${policy[$project]}" \
      --samples "$samples")" || fail "the client failed on $project"
    p50[$project]=$(field p50_ms "$line")
    p99[$project]=$(field p99_ms "$line")
    echo "$project: (b) 20 edits…" >&2
    line="$(python3 scripts/bench-lsp-client.py latency "$tollgate" "$work/$project" "${policy[$project]}" \
      --samples 20 --debounced)" || fail "the client failed on $project (debounced)"
    debounced[$project]=$(field p50_ms "$line")
    echo "$project: (c)…" >&2
    line="$("$bench" validate --dir "$work/$project" --phase validate --iterations 200 --warmup 3 --time-limit 10)" \
      || fail "TollgateBenchmarks failed on $project"
    inprocess[$project]=$(field validate_median_ms "$line")
    bytes[$project]=$(field bytes "$line")
    cli[$project]=$(cli_p50 "$tollgate" "$work/$project" 21)
  done

  echo "memory: $edits edits of photocollage…" >&2
  local -A rss
  local count
  while read -r line; do
    count=$(field edits "$line")
    rss[$count]=$(field rss_kib "$line")
  done < <(python3 scripts/bench-lsp-client.py memory "$tollgate" "$work/photocollage" "${policy[photocollage]}" \
    --edits "$edits" || fail "the client failed measuring memory")

  local format='%-24s %9s %12s %12s %16s %12s %14s %16s\n' missed=0 ratio_a mark_a mark_p99
  echo
  printf "$format" project bytes "(a) p50 ms" "(a) p99 ms" "(c) in-proc ms" "(c) cli ms" "a/c (<=2)" "(b) p50 ms"
  for project in photocollage lingualeap p200; do
    ratio_a=$(ratio "${p50[$project]}" "${inprocess[$project]}")
    mark_a=$(meets "$ratio_a" 2)
    [[ "$mark_a" == ok ]] || missed=1
    record_goal "lsp, ${label[$project]}: diagnostics p50 after an edit / validate in-process" "${ratio_a}x" \
      "<= 2x" "$mark_a"
    printf "$format" "${label[$project]}" "${bytes[$project]}" "${p50[$project]}" "${p99[$project]}" \
      "${inprocess[$project]}" "${cli[$project]}" "$ratio_a $mark_a" "${debounced[$project]}"
  done
  mark_p99=$(meets "${p99[p200]}" 50)
  [[ "$mark_p99" == ok ]] || missed=1
  echo
  echo "p99 of (a) on 200 products: ${p99[p200]} ms (goal < 50) $mark_p99"
  record_goal "lsp, 200 products: diagnostics p99 after an edit" "${p99[p200]} ms" "< 50 ms" "$mark_p99"

  local first last growth mark_rss
  first=$(tr "," "\n" <<<"$edits" | sort -n | head -1)
  last=$(tr ',' '\n' <<<"$edits" | sort -n | tail -1)
  growth=$(ratio "${rss[$last]}" "${rss[$first]}")
  mark_rss=$(meets "$growth" 1.1)
  [[ "$mark_rss" == ok ]] || missed=1
  record_goal "lsp: resident memory growth over $(thousands "$first") -> $(thousands "$last") edits" "${growth}x" \
    "<= 1.1x" "$mark_rss"
  echo "resident memory: $(mib "${rss[0]}") MiB after opening, $(mib "${rss[$first]}") MiB after" \
    "$(thousands "$first") edits, $(mib "${rss[$last]}") MiB after $(thousands "$last"): ${growth}x" \
    "(goal <= 1.1, flat) $mark_rss"
  echo
  echo "(a): edit to the app's last publishDiagnostics, a request right behind the edit (no debounce);"
  echo "(b): the same with nothing behind the edit: the debounce plus the work; (c): validate of the same project,"
  echo "in-process (median of up to 200 runs) and as a process (median of 21, start included)."
  echo "total $(( $(date +%s) - started )) s"
  (( check && missed )) && return 1
  return 0
}

main "$@"
exit
