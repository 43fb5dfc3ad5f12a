#!/usr/bin/env bash
# Benchmarks the evaluator on photocollage and on a generated 5,000-product policy.
#
# For 0, 1, 3 and 10 active entitlements: nanoseconds per fast-path evaluation (Evaluator.access), and,
# measured in the same run, one Dictionary<String, Int> lookup of a product id of the same length (the
# floor of any evaluator that takes ids as strings). Goal: eval(k) <= 2 x k lookups + 50 ns.
# Then the JSON path of the HTTP service (decode the input, evaluate with reasons, encode the answer),
# and the allocations of the fast path, counted by valgrind: the difference between N and 0 evaluations.
#
# usage: scripts/bench-eval.sh
# environment: SCRATCH_PATH (SwiftPM build folder, default .build), ITERATIONS (default 2000000)
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=bench-eval
source scripts/bench-lib.sh

scratch="${SCRATCH_PATH:-.build}"
iterations="${ITERATIONS:-2000000}"
swift build -c release --static-swift-stdlib --product TollgateBenchmarks --scratch-path "$scratch" >/dev/null
bench="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/TollgateBenchmarks"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 scripts/gen-policy.py --products 5000 --out "$work/p5000" >/dev/null

policies=("Policies/photocollage.yaml" "$work/p5000/Policies/bench.yaml")
names=("photocollage" "generated-5000")

printf '%-15s %3s %6s %10s %10s %10s %5s\n' policy k id_len eval_ns lookup_ns goal_ns met
for i in "${!policies[@]}"; do
  while read -r line; do
    case "$line" in
      k=*)
        eval "$(tr ' ' '\n' <<<"$line" | sed -n 's/^\(k\|id_length\|eval_ns\|lookup_ns\|goal_ns\|met\)=\(.*\)/\1=\2/p')"
        printf '%-15s %3s %6s %10s %10s %10s %5s\n' "${names[$i]}" "$k" "$id_length" "$eval_ns" "$lookup_ns" \
          "$goal_ns" "$met"
        record_goal "eval, ${names[$i]}, k=$k: Evaluator.access <= 2 x k lookups + 50 ns" \
          "$(ratio "$eval_ns" "$goal_ns")x" "<= 1.00x" "$met"
        ;;
      json_us=*)
        json_line[$i]="$line"
        ;;
    esac
  done < <("$bench" eval --policy "${policies[$i]}" --iterations "$iterations")
done
echo
for i in "${!policies[@]}"; do
  echo "JSON path (decode input with 3 entitlements, evaluate with reasons and upsell, encode), ${names[$i]}: ${json_line[$i]}"
done

echo
if ! command -v valgrind >/dev/null; then
  echo "allocations: valgrind not installed (apt-get install valgrind) — skipped"
  exit 0
fi
allocs() {
  valgrind --tool=memcheck "$bench" eval-alloc --policy "$1" --k "$2" --iterations "$3" 2>&1 \
    | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ','
}
runs=20000
for i in "${!policies[@]}"; do
  for k in 0 10; do
    base="$(allocs "${policies[$i]}" "$k" 0)"
    loaded="$(allocs "${policies[$i]}" "$k" "$runs")"
    per=$(python3 -c "print(f'{($loaded - $base) / $runs:.4f}')")
    echo "allocations, ${names[$i]}, k=$k: $base with 0 evaluations, $loaded with $runs: $per per evaluation"
  done
done
