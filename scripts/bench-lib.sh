# Shared by the benchmark scripts: `source scripts/bench-lib.sh` after setting `bench_name`.

# fail MESSAGE…: prints "<bench_name>: error: MESSAGE" and exits 1.
fail() {
  echo "${bench_name:-bench}: error: $*" >&2
  exit 1
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
