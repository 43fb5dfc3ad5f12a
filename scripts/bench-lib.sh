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
