#!/usr/bin/env bash
# Benchmarks placement decisions: Evaluator.resolve on photocollage's 'onboarding' placement (five audiences,
# a running experiment) for four contexts that stop at different audiences, against (a) one
# Dictionary<String, String> lookup of the placement id and (b) flagd's own evaluator in Python
# (openfeature-flagd-core, from scripts/python-venv.sh's venv) deciding the same from an equivalent flag
# (Benchmarks/resolve/onboarding.flagd.json: the same conditions in JSONLogic, 'fractional' for the
# experiment), all in one run. Both sides must make the same decision for every context, or the script fails.
# Goal: under 1 us per resolve, at least 50x faster than flagd's evaluator, and no allocation per resolve
# (counted by valgrind: the difference between N and 0 resolves); callgrind's instructions per resolve are
# the steady figure where times vary.
#
# usage: scripts/bench-resolve.sh
# environment: SCRATCH_PATH (SwiftPM build folder, default .build), ITERATIONS (default 2000000),
#              FLAGD_ITERATIONS (default 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=bench-resolve
source scripts/bench-lib.sh

scratch="${SCRATCH_PATH:-.build}"
iterations="${ITERATIONS:-2000000}"
flagd_iterations="${FLAGD_ITERATIONS:-20000}"
policy=Policies/photocollage.yaml
contexts=Benchmarks/resolve/contexts.json
flag=Benchmarks/resolve/onboarding.flagd.json

swift build -c release --static-swift-stdlib --product TollgateBenchmarks --scratch-path "$scratch" >/dev/null
bench="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/TollgateBenchmarks"
python="$(scripts/python-venv.sh)"

declare -A audience paywall variant reason bucket resolve_ns lookup_ns flagd_value flagd_variant flagd_ns
names=()
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $2"; }
while read -r line; do
  name="$(field context "$line")"
  names+=("$name")
  for key in audience paywall variant reason bucket resolve_ns lookup_ns; do
    declare -n slot="$key"
    slot[$name]="$(field "$key" "$line")"
    unset -n slot
  done
done < <("$bench" resolve --policy "$policy" --contexts "$contexts" --iterations "$iterations")
while read -r line; do
  name="$(field context "$line")"
  flagd_value[$name]="$(field value "$line")"
  flagd_variant[$name]="$(field variant "$line")"
  flagd_ns[$name]="$(field ns "$line")"
done < <("$python" scripts/bench-resolve-flagd.py "$flag" "$contexts" "$flagd_iterations")

echo "placement 'onboarding' of $policy: decisions"
printf '%-13s %-12s %-8s %-12s %-16s %-9s | flagd: %-8s %-12s %s\n' \
  context audience paywall variant reason bucket paywall variant same
disagree=0
for name in "${names[@]}"; do
  ours="${paywall[$name]}"
  [[ $ours == - ]] && ours=""
  theirs="${flagd_value[$name]-missing}"
  # flagd names the variant; Tollgate's OFREP variant is the experiment's variant, else the audience.
  named="${variant[$name]}"
  [[ $named == - ]] && named="${audience[$name]}"
  same=yes
  if [[ $ours != "$theirs" || $named != "${flagd_variant[$name]-missing}" ]]; then
    same=NO
    disagree=1
  fi
  printf '%-13s %-12s %-8s %-12s %-16s %-9s | flagd: %-8s %-12s %s\n' "$name" "${audience[$name]}" \
    "${paywall[$name]}" "${variant[$name]}" "${reason[$name]}" "${bucket[$name]}" "${theirs:--}" \
    "${flagd_variant[$name]-missing}" "$same"
done
if ((disagree)); then
  echo "error: flagd's evaluator and Tollgate decide differently (rows marked NO); the timings would compare different work" >&2
  exit 1
fi

echo
echo "time per decision (best of 5 runs; Tollgate $iterations resolves per run, flagd $flagd_iterations)"
printf '%-13s %10s %10s %8s %10s %12s %5s\n' context resolve_ns lookup_ns x_lookup flagd_ns flagd/ours met
for name in "${names[@]}"; do
  read -r ratio speedup met < <(python3 -c "
ours, lookup, flagd = ${resolve_ns[$name]}, ${lookup_ns[$name]}, ${flagd_ns[$name]}
print(f'{ours / lookup:.1f} {flagd / ours:.0f} {\"yes\" if ours < 1000 and flagd / ours >= 50 else \"no\"}')")
  printf '%-13s %10s %10s %8s %10s %12s %5s\n' "$name" "${resolve_ns[$name]}" "${lookup_ns[$name]}" "$ratio" \
    "${flagd_ns[$name]}" "$speedup" "$met"
  record_goal "resolve, $name: under 1000 ns" "${resolve_ns[$name]} ns" "< 1000 ns" \
    "$(judge "${resolve_ns[$name]}" "<" 1000)"
  record_goal "resolve, $name: flagd's evaluator / Tollgate's time" "${speedup}x" ">= 50x" "$(judge "$speedup" ">=" 50)"
done
echo "goal: resolve under 1000 ns and at least 50x faster than flagd's evaluator"

echo
if ! command -v valgrind >/dev/null; then
  echo "allocations: valgrind not installed (apt-get install valgrind) — skipped"
  record_goal "resolve: no allocation per resolve (valgrind)" "not measured: no valgrind" "== 0" MISS
  exit 0
fi
# Instructions are the steady figure on a busy machine, where times vary.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" resolve-alloc --policy "$policy" \
    --contexts "$contexts" --context "$1" --iterations "$2" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
allocs() {
  valgrind --tool=memcheck "$bench" resolve-alloc --policy "$policy" --contexts "$contexts" --context "$1" \
    --iterations "$2" 2>&1 | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ','
}
runs=20000
for name in "${names[@]}"; do
  base="$(allocs "$name" 0)"
  loaded="$(allocs "$name" "$runs")"
  per=$(python3 -c "print(f'{($loaded - $base) / $runs:.4f}')")
  echo "allocations, $name: $base with 0 resolves, $loaded with $runs: $per per resolve"
  record_goal "resolve, $name: no allocation per resolve (valgrind)" "$per" "== 0" "$(judge "$per" "==" 0)"
done
for name in "${names[@]}"; do
  base="$(instructions "$name" 0)"
  loaded="$(instructions "$name" "$runs")"
  echo "instructions, $name: $(( (loaded - base) / runs )) per resolve (callgrind, $runs resolves against 0)"
done
