#!/usr/bin/env bash
# Runs the benchmarks of `make bench`, one script after another (each prints its own report, kept in
# .build/bench/NAME.log too), then one table of every goal they judged: the goal, what was measured (most
# often a ratio against a baseline measured in the same run), the limit, and ok or MISS.
#
# Each script appends its goals to the file BENCH_GOALS names (record_goal in scripts/bench-lib.sh: one line
# of tab-separated fields script, goal, measured, limit, ok|MISS). A script that fails is a MISS row of its
# own ("the script ran to its end"), as is one that exits 0 without judging any goal.
#
# usage: scripts/bench.sh [--check] [--summary FILE]
#   --check            exit 1 when any row is a MISS (the table is printed either way)
#   --summary FILE     run nothing: print the table of FILE, a goals file of an earlier run
# environment:
#   BENCH_SCRIPTS      the scripts to run, by name (default "validate lsp studio eval resolve render store http
#                      fleet customers scaling experiments": scripts/bench-NAME.sh) or by path
#   BENCH_GOALS        the goals file (default .build/bench/goals.tsv, emptied first); each script's log,
#                      NAME.log, is written beside it
# and each script's own (its --help), such as ROUNDS, DURATION, RUNS or BENCH_SIZES for a short run.
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=bench
source scripts/bench-lib.sh

check=0
summary=""
while (($#)); do
  case "$1" in
    --check) check=1 ;;
    --summary)
      [[ $# -ge 2 ]] || { echo "error: --summary needs a file" >&2; exit 2; }
      summary="$2"
      shift
      ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done

# table FILE: the goals of FILE as one aligned table, then how many were missed; returns 1 when any was (or
# when FILE holds none).
table() {
  # Bytes, not characters, under LC_ALL=C in any awk: width() counts the bytes that begin a UTF-8 character.
  LC_ALL=C awk -F '\t' '
    NF >= 5 {
      n++
      script[n] = $1; sub(/^bench-/, "", script[n])
      goal[n] = $2; measured[n] = $3; limit[n] = $4; met[n] = ($5 == "ok") ? "ok" : "MISS"
      if (met[n] != "ok") missed++
      w1 = max(w1, script[n]); w2 = max(w2, goal[n]); w3 = max(w3, measured[n]); w4 = max(w4, limit[n])
    }
    function width(text) { gsub(/[\200-\277]/, "", text); return length(text) }
    function max(w, text) { return width(text) > w ? width(text) : w }
    function repeat(c, w,   s) { s = ""; while (length(s) < w) s = s c; return s }
    function left(text, w) { return text repeat(" ", w - width(text)) }
    function right(text, w) { return repeat(" ", w - width(text)) text }
    function row(a, b, c, d, e) {
      printf "| %s | %s | %s | %s | %s |\n", left(a, w1), left(b, w2), right(c, w3), left(d, w4), left(e, 4)
    }
    END {
      if (n == 0) { print "no goals were recorded"; exit 1 }
      w1 = max(w1, "script"); w2 = max(w2, "goal"); w3 = max(w3, "measured"); w4 = max(w4, "limit")
      row("script", "goal", "measured", "limit", "met")
      printf "| %s | %s | %s: | %s | ---- |\n", repeat("-", w1), repeat("-", w2), repeat("-", w3 - 1), repeat("-", w4)
      for (i = 1; i <= n; i++) row(script[i], goal[i], measured[i], limit[i], met[i])
      printf "\n%d goals, %d met, %d missed\n", n, n - missed, missed
      exit missed > 0
    }' "$1"
}

if [[ -n "$summary" ]]; then
  [[ -f "$summary" ]] || fail "no goals file '$summary'"
  status=0
  table "$summary" || status=1
  ((check)) && exit "$status"
  exit 0
fi

scripts="${BENCH_SCRIPTS:-validate lsp studio eval resolve render store http fleet customers scaling experiments}"
export BENCH_GOALS="${BENCH_GOALS:-$PWD/.build/bench/goals.tsv}"
[[ "$BENCH_GOALS" == /* ]] || BENCH_GOALS="$PWD/$BENCH_GOALS"
logs="$(dirname "$BENCH_GOALS")"
mkdir -p "$logs"
: >"$BENCH_GOALS"
started=$(date +%s)
for name in $scripts; do
  if [[ "$name" == */* ]]; then
    script="$name"
    name="$(basename "$name")"
  else
    script="scripts/bench-${name#bench-}"
    script="${script%.sh}.sh"
  fi
  name="${name#bench-}"
  name="${name%.sh}"
  [[ -x "$script" ]] || fail "no benchmark script $script"
  before=$(wc -l <"$BENCH_GOALS")
  echo "== $script" >&2
  script_started=$(date +%s)
  status=0
  "$script" 2>&1 | tee "$logs/$name.log" || status=${PIPESTATUS[0]}
  bench_name="bench-$name"
  took="$(($(date +%s) - script_started)) s"
  if ((status != 0)); then
    record_goal "the script ran to its end (log: ${logs#"$PWD/"}/$name.log)" "exit $status after $took" "exit 0" MISS
  elif (($(wc -l <"$BENCH_GOALS") == before)); then
    record_goal "the script judged its goals" "none recorded" "at least one" MISS
  fi
  bench_name=bench
  echo >&2
done

echo
echo "goals of this run ($scripts; $(($(date +%s) - started)) s; kept in ${BENCH_GOALS#"$PWD/"}):"
status=0
table "$BENCH_GOALS" || status=1
((check)) && exit "$status"
exit 0
