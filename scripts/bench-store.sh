#!/usr/bin/env bash
# Benchmarks the policy store with the release binaries, on generated policies.
#
# Whole commands, as processes, wall time (median of RUNS):
#   publish   'tollgate publish' of a changed version (a few prices and features differ) of a 5,000-product
#             policy to a store that holds the previous one; the store is copied back before each run
#   history   'tollgate history --format json' over 1,000 snapshots (seeded through PolicyStore.publish)
#   diff      'tollgate diff 1 2' of two versions in the store, at 500, 1,000 and 5,000 products; a run
#             longer than DIFF_LIMIT seconds is stopped and reported as such
# The store's own share, in-process (TollgateBenchmarks store …, median of 5 after one untimed run):
# opening the store, reading the published catalog, the publish transaction; PolicyStore.history();
# reading the two snapshots. Baselines from the same run give the figures a scale: process start
# ('tollgate --version'), reading the policy's files ('cat'), and 'tollgate validate' of the same policy.
# And the compiled bundle's canonical JSON at 5,000 products (TollgateBenchmarks bundle): the project's encoder
# against Foundation's JSONEncoder, which wrote it before, in the same run. Goals: the same bytes, and faster
# (JSONEncoder's time / the encoder's >= 1).
#
# usage: scripts/bench-store.sh
# environment: SCRATCH_PATH (SwiftPM build folder, default .build), RUNS (default 3), DIFF_LIMIT (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."

bench_name=bench-store
source scripts/bench-lib.sh
runs="${RUNS:-3}"
diff_limit="${DIFF_LIMIT:-60}"
release_binaries tollgate TollgateBenchmarks
tollgate="$bin/tollgate"
bench="$bin/TollgateBenchmarks"
started=$(date +%s)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# wall_ms FOLDER COMMAND…: runs COMMAND in FOLDER, output discarded, and prints its wall time in ms.
wall_ms() {
  local folder="$1" start end
  shift
  start=$(date +%s%N)
  (cd "$folder" && "$@" >/dev/null 2>&1) || fail "failed in $folder: $*"
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}

# median VALUES…: the middle value (the upper one of an even count).
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int(NR / 2) + 1] }'; }
# xratio X Y: "2.0x", X / Y with one decimal. bytes_mib BYTES: "1.5 MiB".
xratio() { awk -v x="$1" -v y="$2" 'BEGIN { if (y > 0) printf "%.1fx", x / y; else print "n/a" }'; }
bytes_mib() { echo "$(mib $(( $1 / 1024 ))) MiB"; }

# publish FOLDER STORE MESSAGE: publishes the project in FOLDER, untimed.
publish() {
  (cd "$1" && "$tollgate" publish --db "$2" --author bench -m "$3" >/dev/null) || fail "publishing $1 failed"
}

echo "generating two versions of 5,000 products…" >&2
versions 5000 "$work/p5000"
files=("$work/p5000/v2/Policies/bench.yaml" "$work/p5000/v2/Templates/bench/"*.yaml)

echo "baselines…" >&2
version_ms=() cat_ms=() validate_ms=()
for _ in 1 2 3 4 5; do
  version_ms+=("$(wall_ms "$work" "$tollgate" --version)")
  cat_ms+=("$(wall_ms "$work" cat "${files[@]}")")
done
for _ in $(seq "$runs"); do
  validate_ms+=("$(wall_ms "$work/p5000/v2" "$tollgate" validate)")
done

echo "publish…" >&2
publish "$work/p5000/v1" "$work/seed.sqlite" v1
publish_ms=()
for _ in $(seq "$runs"); do
  rm -f "$work/p5000.sqlite" "$work/p5000.sqlite-wal" "$work/p5000.sqlite-shm"
  cp "$work/seed.sqlite" "$work/p5000.sqlite"
  publish_ms+=("$(wall_ms "$work/p5000/v2" "$tollgate" publish --db "$work/p5000.sqlite" --author bench -m v2)")
done
"$tollgate" history --db "$work/p5000.sqlite" --format json | grep -q '"version" : 2' \
  || fail "the timed publish did not write version 2"
store_bytes=$(wc -c <"$work/p5000.sqlite")
publish_parts="$("$bench" store publish --dir "$work/p5000/v2")" || fail "TollgateBenchmarks store publish failed"
snapshot_parts="$("$bench" store snapshots --db "$work/p5000.sqlite" --app bench)" \
  || fail "TollgateBenchmarks store snapshots failed"
bundle_line="$("$bench" bundle --policy "$work/p5000/v2/Policies/bench.yaml")" \
  || fail "TollgateBenchmarks bundle failed"

echo "history…" >&2
seed="$("$bench" store seed --db "$work/history.sqlite" --snapshots 1000)" || fail "seeding 1,000 snapshots failed"
entries="$("$tollgate" history --format json --db "$work/history.sqlite" \
  | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')"
[[ "$entries" == 1000 ]] || fail "history lists $entries entries, not 1000"
history_ms=()
for _ in 1 2 3 4 5; do
  history_ms+=("$(wall_ms "$work" "$tollgate" history --format json --db "$work/history.sqlite")")
done
history_parts="$("$bench" store history --db "$work/history.sqlite")" || fail "TollgateBenchmarks store history failed"

echo "diff…" >&2
declare -A diff_ms diff_validate_ms
for size in 500 1000 5000; do
  if [[ "$size" != 5000 ]]; then
    versions "$size" "$work/p$size"
    publish "$work/p$size/v1" "$work/p$size.sqlite" v1
    publish "$work/p$size/v2" "$work/p$size.sqlite" v2
    diff_validate_ms[$size]="$(wall_ms "$work/p$size/v2" "$tollgate" validate)"
  else
    diff_validate_ms[$size]="$(median "${validate_ms[@]}")"
  fi
  taken=()
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    status=0
    (cd "$work/p$size/v2" && timeout "$diff_limit" "$tollgate" diff 1 2 --app bench --db "$work/p$size.sqlite" \
      >"$work/diff.out" 2>&1) || status=$?
    if (( status == 124 )); then
      taken=("> $(( diff_limit * 1000 ))")
      break
    fi
    (( status == 0 )) || fail "'tollgate diff 1 2' failed at $size products: $(head -3 "$work/diff.out")"
    grep -q "moves from tier s1-basic to s1-plus" "$work/diff.out" || fail "the diff at $size misses a change"
    taken+=($(( ($(date +%s%N) - start) / 1000000 )))
  done
  if [[ "${taken[0]}" == ">"* ]]; then
    diff_ms[$size]="${taken[0]}"
  else
    diff_ms[$size]="$(median "${taken[@]}")"
  fi
done

version=$(median "${version_ms[@]}")
validate=$(median "${validate_ms[@]}")
format='%-62s %11s  %s\n'
echo
printf "$format" "measure" "ms" "note"
printf "$format" "baseline: tollgate --version (process start)" "$version" ""
printf "$format" "baseline: cat the 5,000-product policy and its 7 templates" "$(median "${cat_ms[@]}")" \
  "$(bytes_mib "$(cat "${files[@]}" | wc -c)")"
printf "$format" "baseline: tollgate validate, 5,000 products" "$validate" ""
printf "$format" "tollgate publish, 5,000 products, changed version" "$(median "${publish_ms[@]}")" \
  "$(xratio "$(median "${publish_ms[@]}")" "$validate") validate"
printf "$format" "  store: open (in-process)" "$(field open_ms "$publish_parts")" ""
printf "$format" "  store: read the published catalog (in-process)" "$(field catalog_ms "$publish_parts")" \
  "$(field products "$publish_parts") products"
printf "$format" "  store: write the snapshot, one transaction (in-process)" "$(field write_ms "$publish_parts")" \
  "bundle $(bytes_mib "$(field bundle_bytes "$publish_parts")"), files $(bytes_mib "$(field file_bytes "$publish_parts")")"
printf "$format" "  bundle's canonical JSON (in-process, best of 5)" "$(field bundle_ms "$bundle_line")" \
  "Foundation's JSONEncoder: $(field foundation_ms "$bundle_line") ms; same bytes: $(field same "$bundle_line")"
printf "$format" "tollgate history --format json, 1,000 snapshots" "$(median "${history_ms[@]}")" \
  "$(xratio "$(median "${history_ms[@]}")" "$version") process start"
printf "$format" "  PolicyStore.history() (in-process)" "$(field history_api_ms "$history_parts")" \
  "$(field entries "$history_parts") entries"
printf "$format" "  history command without process start" "$(field history_command_ms "$history_parts")" \
  "$(field json_bytes "$history_parts") bytes of JSON"
for size in 500 1000 5000; do
  note="validate of the same: ${diff_validate_ms[$size]} ms"
  [[ "${diff_ms[$size]}" == ">"* ]] || note="$(xratio "${diff_ms[$size]}" "${diff_validate_ms[$size]}") validate; $note"
  printf "$format" "tollgate diff 1 2, two $(thousands "$size")-product versions" "${diff_ms[$size]}" "$note"
done
printf "$format" "  store: read both 5,000-product snapshots (in-process)" "$(field snapshots_ms "$snapshot_parts")" \
  "$(bytes_mib "$(field bytes "$snapshot_parts")")"
echo
echo "process figures: median of $runs runs (history and baselines: 5), wall time, start included;"
echo "a diff stopped after DIFF_LIMIT=$diff_limit s shows '> limit'."
echo "seeding 1,000 snapshots through PolicyStore.publish (one transaction each): $(field seed_ms "$seed") ms."
echo "store file after the two 5,000-product versions: $(bytes_mib "$store_bytes") (each snapshot keeps its files whole)."
echo "total $(( $(date +%s) - started )) s (build excluded)"
record_goal "bundle canonical JSON, 5,000 products: JSONEncoder's time / the project's encoder's" \
  "$(field speedup "$bundle_line")x" ">= 1.00x" "$(judge "$(field speedup "$bundle_line")" ">=" 1)"
record_goal "bundle canonical JSON, 5,000 products: the same bytes as JSONEncoder's" "$(field same "$bundle_line")" \
  "yes" "$(field same "$bundle_line")"
