#!/usr/bin/env bash
# Benchmarks the paywall renderer against PyICU formatting the same strings.
#
# Per locale (30 by default): microseconds per full render of lingualeap's `main` paywall (6 products,
# prices, periods, savings, a free trial and two paid intro offers; USD prices from
# Prices/lingualeap/USA.yaml in every locale), with the locale's formatters open (LocaleFormats kept, as a
# service keeps them, and the paywall's lines compiled once per template file by PaywallRenderer); and, measured right after it, PyICU producing the same lines: every price, unit
# name, duration, percentage and list they use, then each line assembled by icu.MessageFormat (formatters
# opened and templates parsed once per locale, outside the timed loop). The lines must equal Swift's.
# Both sides: the mean of the fastest of twenty batches of BENCH_SECONDS / 20, in BENCH_ROUNDS rounds of
# Swift then PyICU per locale, the fastest round of each side kept (on a shared machine the fastest of many
# short batches is the one least slowed by other work, on either side).
# Goals: swift/pyicu <= 0.5 on average over the locales, and <= 1.0 in every locale (both call the same
# ICU formatters; Swift calls them directly, Python through its interpreter on every call).
# Every locale renders the app's `en` templates (copied, with only the locale changed): the same words,
# with numbers, currencies, units, plurals and lists in the locale.
# Then the no-parse check: the render time when every template message also carries an unused 20 KB
# MessageFormat case, which only a parser would read. With valgrind, per render and one locale (de):
# instructions (a figure the machine's load cannot blur), formatter calls, MessageParser calls.
#
# usage: scripts/bench-render.sh [--check]
#   --check          exit 1 when a goal is missed or a PyICU line differs (the report is printed either way)
# environment:
#   SCRATCH_PATH     SwiftPM build folder (default .build)
#   BENCH_SECONDS    timed seconds per locale, side and round (default 0.5)
#   BENCH_ROUNDS     rounds of both sides per locale (default 2)
#   BENCH_LOCALES    comma-separated BCP 47 tags (default: the 30 locales below)
#   CALLGRIND        0 skips the valgrind counts (about a minute)
set -euo pipefail

locales_default="en,de,fr,es,it,pt-BR,nl,sv,da,nb,fi,pl,cs,ru,uk,tr,ar,he,hi,th,ja,ko,zh-Hans,zh-Hant,id,vi,ms,el,hu,ro"

bench_name=bench-render
source "$(dirname "$0")/bench-lib.sh"

# pip_install PACKAGE: pip, then pip with --break-system-packages (Debian's externally managed Python).
pip_install() {
  python3 -m pip install --quiet "$1" >&2 || python3 -m pip install --quiet --break-system-packages "$1" >&2 || true
}

# python_formatter: "pyicu", installing PyICU if needed, else "babel" when PyICU will not install.
python_formatter() {
  if ! python3 -c 'import icu' 2>/dev/null; then
    echo "installing PyICU…" >&2
    pip_install PyICU
  fi
  if python3 -c 'import icu' 2>/dev/null; then
    echo pyicu
    return
  fi
  echo "PyICU will not install (it builds against libicu-dev, found with pkg-config); trying Babel" >&2
  python3 -c 'import babel' 2>/dev/null || pip_install babel
  python3 -c 'import babel' 2>/dev/null || fail "neither PyICU nor Babel could be installed"
  echo babel
}

# callgrind_counts OUT_PREFIX "CALLEE…" COMMAND…: runs COMMAND under callgrind with --renders 0 and 20
# appended; prints "instructions=… CALLEE=…" per render: the difference of the two runs over 20, with calls
# summed over the callers of every function whose (mangled) name contains CALLEE.
callgrind_counts() {
  local prefix="$1" callees="$2" renders
  shift 2
  for renders in 0 20; do
    valgrind --tool=callgrind --callgrind-out-file="$prefix.$renders" --compress-strings=no --compress-pos=no \
      "$@" --renders "$renders" >/dev/null 2>&1 || fail "valgrind failed on: $*"
  done
  awk -v callees="$callees" '
    BEGIN { n = split(callees, names, " ") }
    FNR == 1 { run++ }
    /^(summary|totals):/ { instructions[run] = $2 }
    /^cfn=/ { callee = substr($0, 5) }
    /^calls=/ {
      split($0, parts, /[= ]/)
      for (i = 1; i <= n; i++) if (index(callee, names[i])) calls[run, i] += parts[2]
    }
    END {
      printf "instructions=%d", (instructions[2] - instructions[1]) / 20
      for (i = 1; i <= n; i++) printf " %s=%g", names[i], (calls[2, i] - calls[1, i]) / 20
      print ""
    }' "$prefix.0" "$prefix.20"
}

main() {
  local check
  check_option "$@"
  cd "$(dirname "$0")/.."
  local seconds="${BENCH_SECONDS:-0.5}" rounds="${BENCH_ROUNDS:-2}"
  local formatter started bench
  local -a locales
  IFS=, read -r -a locales <<<"${BENCH_LOCALES:-$locales_default}"
  started=$(date +%s)

  formatter="$(python_formatter)"
  local babel=() side=PyICU
  if [[ $formatter == babel ]]; then
    babel=(--babel)
    side=Babel
    echo "NOTE: comparing against Babel, not PyICU: PyICU will not install here. Babel has no MessageFormat"
    echo "(lines are joined from plain {name} arguments) and its CLDR data differs, so lines may not match."
  fi

  release_binaries TollgateBenchmarks
  bench="$bin/TollgateBenchmarks"

  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT

  local format='%-8s %10s %10s %8s %7s %7s\n' locale swift python ratio lines same
  local total_swift=0 total_python=0 total_ratio=0 worst=0 mismatched=0 swift_lines python_line
  local table
  table="$(printf "$format" locale swift_us "${formatter}_us" ratio lines same)"$'\n'
  for locale in "${locales[@]}"; do
    echo "locale $locale…" >&2
    local round swift_us python_us
    swift="" python=""
    for ((round = 0; round < rounds; round++)); do
      swift_us="$("$bench" render --locales "$locale" --seconds "$seconds" --plan "$work/$locale.json")" \
        || fail "TollgateBenchmarks render failed for $locale"
      python_line="$(python3 scripts/bench-render-pyicu.py "$work/$locale.json" --seconds "$seconds" \
        "${babel[@]}")" || fail "scripts/bench-render-pyicu.py failed for $locale"
      swift_lines=$(field lines "$swift_us")
      swift_us=$(field render_us "$swift_us")
      python_us=$(field pyicu_us "$python_line")
      swift=$(awk -v a="$swift" -v b="$swift_us" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
      python=$(awk -v a="$python" -v b="$python_us" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
    done
    lines=$(field lines "$python_line")
    same=$(field same "$python_line")
    [[ "$same" == "$swift_lines" && "$lines" == "$swift_lines" ]] || mismatched=$((mismatched + 1))
    ratio=$(awk -v s="$swift" -v p="$python" 'BEGIN { printf "%.2f", s / p }')
    read -r total_swift total_python total_ratio worst < <(awk -v a="$total_swift" -v b="$total_python" \
      -v c="$total_ratio" -v w="$worst" -v s="$swift" -v p="$python" -v r="$ratio" \
      'BEGIN { print a + s, b + p, c + r, (r > w ? r : w) }')
    table+="$(printf "$format" "$locale" "$swift" "$python" "$ratio" "$swift_lines/$lines" "$same")"$'\n'
  done

  local count=${#locales[@]} mean_ratio mean_met worst_met met
  mean_ratio=$(awk -v c="$total_ratio" -v n="$count" 'BEGIN { printf "%.2f", c / n }')
  mean_met=$(awk -v r="$mean_ratio" 'BEGIN { print (r <= 0.5) ? "ok" : "MISS" }')
  worst_met=$(awk -v r="$worst" 'BEGIN { print (r <= 1.0) ? "ok" : "MISS" }')
  met=$([[ $mean_met == ok && $worst_met == ok ]] && echo met || echo MISSED)
  record_goal "render, mean over $count locales: Tollgate / $side time" "${mean_ratio}x" "<= 0.50x" "$mean_met"
  record_goal "render, worst locale: Tollgate / $side time" "${worst}x" "<= 1.00x" "$worst_met"
  [[ $formatter == pyicu ]] && record_goal "render: PyICU's lines equal Tollgate's in every locale" \
    "$((count - mismatched)) of $count" "all $count" "$(judge "$mismatched" "==" 0)"
  echo
  echo "lingualeap 'main' (6 products, USD prices from Prices/lingualeap/USA.yaml, en templates in every" \
    "locale): µs per full render"
  printf '%s' "$table"
  printf "$format" mean "$(awk -v t="$total_swift" -v n="$count" 'BEGIN { printf "%.2f", t / n }')" \
    "$(awk -v t="$total_python" -v n="$count" 'BEGIN { printf "%.2f", t / n }')" "$mean_ratio" "" ""
  echo
  echo "goals: a full render in the time $side takes for the same strings: mean ratio $mean_ratio <= 0.50:" \
    "$mean_met; worst locale $worst <= 1.00: $worst_met"
  echo "lines: formatted lines per paywall, Swift/$side; same: $side lines equal to Swift's" \
    "(all equal in $((count - mismatched)) of $count locales)"
  echo "$side calls per render: $(cut -d' ' -f6- <<<"$python_line") (number: prices, units," \
    "durations, percentages; message: one line assembled)"

  echo "no-parse check…" >&2
  local line
  line="$("$bench" render-check --seconds "$seconds")" || fail "TollgateBenchmarks render-check failed"
  echo
  echo "no template parsing on the render path (en; renders timed in alternating batches):"
  echo "  templates of $(field template_bytes "$line") B: render $(field render_us "$line") µs," \
    "load (YAML and MessageFormat parse) $(field load_us "$line") µs"
  echo "  the same with an unused 20 KB case in every message, $(field padded_template_bytes "$line") B:" \
    "render $(field padded_render_us "$line") µs, load $(field padded_load_us "$line") µs;" \
    "same lines: $(field same_output "$line")"

  echo
  if [[ "${CALLGRIND:-1}" != 0 ]] && command -v valgrind >/dev/null; then
    local probe=de python_bin swift_counts python_counts swift_instructions python_instructions
    [[ -f "$work/$probe.json" ]] || probe="${locales[0]}"
    echo "callgrind ($probe)…" >&2
    swift_counts="$(callgrind_counts "$work/swift" "cicu_number_format cicu_list_format cicu_plural_select \
      MessageRendererV6render MessageFormat0A6ParserO5parse" "$bench" render-count --locales "$probe")"
    # The real interpreter, not a pyenv shim script, so that callgrind follows Python itself.
    python_bin="$(python3 -c 'import sys; print(sys.executable)')"
    python_counts="$(callgrind_counts "$work/python" "" "$python_bin" scripts/bench-render-pyicu.py \
      "$work/$probe.json" "${babel[@]}")"
    swift_instructions=$(field instructions "$swift_counts")
    python_instructions=$(field instructions "$python_counts")
    echo "callgrind, per render after a warm-up render ($probe; counts the machine's load cannot blur):"
    echo "  instructions: Swift $swift_instructions, $side $python_instructions (CPython included), ratio" \
      "$(awk -v s="$swift_instructions" -v p="$python_instructions" 'BEGIN { printf "%.2f", s / p }')"
    echo "  Swift calls: number=$(field cicu_number_format "$swift_counts")" \
      "plural=$(field cicu_plural_select "$swift_counts") list=$(field cicu_list_format "$swift_counts")" \
      "message=$(field MessageRendererV6render "$swift_counts") (message: lines MessageRenderer fills)"
    echo "  MessageParser.parse calls during renders: $(field MessageFormat0A6ParserO5parse "$swift_counts")"
  else
    echo "callgrind counts skipped (CALLGRIND=0 or valgrind not installed)"
  fi
  echo "times: µs per render, the mean of the fastest of twenty batches of ${seconds}/20 s per locale and side," \
    "in the faster of $rounds rounds of Swift then $side for each locale; total $(( $(date +%s) - started )) s"
  (( check )) && [[ $met != met || ($formatter == pyicu && $mismatched != 0) ]] && return 1
  return 0
}

main "$@"
exit
