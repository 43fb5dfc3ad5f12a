#!/usr/bin/env bash
# Benchmarks `tollgate validate` on generated projects of 3, 200, 5,000 and 20,000 products.
#
# For each size, on the same files (the policy and all its templates):
#   (a) draining libyaml's events and nothing else: the floor any libyaml-based loader pays;
#   (b) Tollgate's whole load and validate, as the CLI does it without process start;
#   (c) PyYAML's C loader, yaml.load(f, Loader=yaml.CSafeLoader): what a Python tool pays to parse.
# (a) and (b) come from the TollgateBenchmarks binary (ContinuousClock, best run after a warm-up),
# (c) from Python (time.perf_counter, best run). Peak memory of (b) is read by the
# benchmark binary (getrusage ru_maxrss) in a process of its own per size that runs (b) once.
# Goals: (b) <= 2.5 x (a), (b) <= 0.25 x (c); (b) linear in the input's bytes from 5,000 to 20,000 products
# (time ratio / bytes ratio <= 1.1); peak RSS of (b) <= 2 x the input's bytes + 30 MiB.
#
# Then the time of each validation rule at 5,000 products: each rule's `check` alone over the loaded
# project (the benchmark's rules phase, in the same process as (b)), as a share of (b). Goal: the slowest
# rule < 5% of (b).
#
# usage: scripts/bench-validate.sh [--check] [--breakdown]
#   --check            exit 1 when a goal is missed (the table is printed either way)
#   --breakdown        the rule table at every size, with how each rule grows against the input
# environment:
#   SCRATCH_PATH       SwiftPM build folder (default .build)
#   BENCH_SIZES        sizes to run (default "3 200 5000 20000"); the linearity check needs 5000 and 20000
#   BENCH_TIME_LIMIT   seconds after which a phase stops repeating (default 8; one timed run always happens)
set -euo pipefail
bench_name=bench-validate
source "$(dirname "$0")/bench-lib.sh"

# Timed runs per size, for (a)/(b) and for (c); BENCH_TIME_LIMIT cuts them short when runs are slow.
iterations() {
  case "$1" in
    3) echo "200 100" ;;
    200) echo "40 20" ;;
    5000) echo "5 3" ;;
    *) echo "3 2" ;;
  esac
}

# pyyaml PROJECT RUNS TIME_LIMIT: (c), the best of RUNS passes of yaml.load(f, Loader=yaml.CSafeLoader)
# over the policy and all its templates. No separate warm-up pass: CPython has no JIT and its first pass
# is no slower than the next (measured at 5,000 products), and at 20,000 a pass takes some 45 s.
pyyaml() {
  python3 - "$@" <<'PY'
import glob, os, sys, time
import yaml

project, iterations, limit = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
files = []
for policy in sorted(glob.glob(os.path.join(project, "Policies", "*.yaml"))):
    app = os.path.splitext(os.path.basename(policy))[0]
    files.append(policy)
    files += sorted(glob.glob(os.path.join(project, "Templates", app, "*.yaml")))

def load_all():
    for name in files:
        with open(name, "rb") as f:
            if yaml.load(f, Loader=yaml.CSafeLoader) is None:
                sys.exit("empty document: " + name)

best, spent, runs = float("inf"), 0.0, 0
while runs < iterations and (runs == 0 or spent < limit):
    start = time.perf_counter()
    load_all()
    elapsed = time.perf_counter() - start
    best, spent, runs = min(best, elapsed), spent + elapsed, runs + 1
print("pyyaml_ms=%.3f pyyaml_runs=%d" % (best * 1000, runs))
PY
}

human() {
  awk -v b="$1" 'BEGIN {
    if (b >= 1048576) printf "%.1f MiB", b / 1048576
    else if (b >= 1024) printf "%.1f KiB", b / 1024
    else printf "%d B", b
  }'
}

# rule_table SIZE: each rule's time at SIZE products, slowest first, as a share of (b) in the same run, and
# the check that the slowest is under 5% of (b); returns 1 when it is not.
rule_table() {
  local size=$1 rule slowest share mark
  echo "rules at $size products: each rule's check alone (best run), against (b) = ${validate_ms[$size]} ms" \
    "in the same process; all rules through the validator: ${rules_ms[$size]} ms" \
    "($(percent "${rules_ms[$size]}" "${validate_ms[$size]}") of (b))"
  printf '%-40s %10s %8s %9s\n' rule ms "% of (b)" findings
  for rule in "${rule_order[@]}"; do
    printf '%s %s\n' "${rule_ms[$size,$rule]}" "$rule"
  done | sort -k1,1 -g -r | while read -r _ rule; do
    printf '%-40s %10s %8s %9s\n' "$rule" "${rule_ms[$size,$rule]}" \
      "$(percent "${rule_ms[$size,$rule]}" "${validate_ms[$size]}")" "${rule_findings[$size,$rule]}"
  done
  slowest=$(for rule in "${rule_order[@]}"; do echo "${rule_ms[$size,$rule]} $rule"; done | sort -k1,1 -g -r | head -1)
  share=$(awk -v x="${slowest%% *}" -v y="${validate_ms[$size]}" 'BEGIN { printf "%.4f", x / y }')
  mark=$(meets "$share" 0.05)
  echo "slowest rule < 5% of validate: ${slowest#* } $(percent "${slowest%% *}" "${validate_ms[$size]}") $mark"
  [[ "$size" == 5000 ]] && record_goal "validate, 5000 products: the slowest rule (${slowest#* }) / validate" \
    "$(percent "${slowest%% *}" "${validate_ms[$size]}")" "< 5%" "$mark"
  echo
  [[ "$mark" == ok ]]
}

# rule_growth: with --breakdown, how each rule's time grows from one size to the next against the input's
# bytes; a rule that grows more than 1.5 x as fast as the input (and takes 1 ms or more) is marked.
rule_growth() {
  local -a measured=()
  local size rule previous row i
  for size in "${sizes[@]}"; do
    [[ -n "${rules_ms[$size]:-}" ]] && measured+=("$size")
  done
  (( ${#measured[@]} >= 2 )) || return 0
  echo "rule growth: time ratio from one size to the next / bytes ratio (1.00 = linear in the input)"
  row="$(printf '%-40s' rule)"
  for (( i = 1; i < ${#measured[@]}; i++ )); do
    row+="$(printf ' %18s' "${measured[i-1]}->${measured[i]}")"
  done
  echo "$row"
  for rule in "${rule_order[@]}"; do
    row="$(printf '%-40s' "$rule")"
    for (( i = 1; i < ${#measured[@]}; i++ )); do
      previous=${measured[i-1]} size=${measured[i]}
      row+="$(awk -v a="${rule_ms[$previous,$rule]}" -v b="${rule_ms[$size,$rule]}" \
        -v x="${bytes[$previous]}" -v y="${bytes[$size]}" 'BEGIN {
          if (a <= 0) { printf " %17s ", "n/a"; exit }
          g = (b / a) / (y / x)
          printf " %17.2f%s", g, (g > 1.5 && b >= 1) ? "!" : " "
        }')"
    done
    echo "$row"
  done
  echo "  '!': grows faster than the input (> 1.5 x its ratio) at 1 ms or more; n/a: under the clock's resolution"
  echo
}

# percent X Y: X as a percentage of Y, one decimal.
percent() { awk -v x="$1" -v y="$2" 'BEGIN { if (y > 0) printf "%.1f%%", 100 * x / y; else print "n/a" }'; }

main() {
  local check=0 breakdown=0 argument
  for argument in "$@"; do
    case "$argument" in
      --check) check=1 ;;
      --breakdown) breakdown=1 ;;
      -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; return 0 ;;
      *) echo "error: unknown argument '$argument'" >&2; return 2 ;;
    esac
  done
  cd "$(dirname "$0")/.."
  local time_limit="${BENCH_TIME_LIMIT:-8}" started
  local -a sizes
  read -r -a sizes <<<"${BENCH_SIZES:-3 200 5000 20000}"
  started=$(date +%s)

  python3 -c 'import yaml, sys; sys.exit(0 if yaml.__with_libyaml__ else 1)' 2>/dev/null \
    || fail "(c) needs PyYAML built with libyaml: pip install pyyaml, with libyaml-dev installed"

  local bin
  release_binaries tollgate TollgateBenchmarks
  local tollgate="$bin/tollgate" bench="$bin/TollgateBenchmarks"

  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT

  local -A bytes files events_ms validate_ms pyyaml_ms rss runs cli_ms rule_ms rule_findings rules_ms
  local size project output line swift_runs python_runs cli_start phases rule_line rule
  local -a rule_order=()
  for size in "${sizes[@]}"; do
    project="$work/p$size"
    python3 scripts/gen-policy.py --products "$size" --out "$project" 2>/dev/null \
      || fail "scripts/gen-policy.py --products $size failed"

    # The generated project must be valid: the release tollgate accepts it (exit 0, no errors).
    echo "size $size: tollgate validate…" >&2
    cli_start=$(date +%s%N)
    if ! output="$(cd "$project" && "$tollgate" validate 2>&1)"; then
      echo "$output" | head -40 >&2
      fail "the generated project of $size products does not pass 'tollgate validate' (above):" \
        "fix scripts/gen-policy.py, or the rule if it is wrong"
    fi
    cli_ms[$size]=$(( ($(date +%s%N) - cli_start) / 1000000 ))

    read -r swift_runs python_runs <<<"$(iterations "$size")"
    phases=events,validate
    if (( breakdown )) || [[ "$size" == 5000 ]]; then
      phases=events,validate,rules
    fi
    echo "size $size: (a) and (b)$([[ "$phases" == *rules ]] && echo ", each rule")…" >&2
    output="$("$bench" validate --dir "$project" --phase "$phases" --iterations "$swift_runs" --warmup 1 \
      --time-limit "$time_limit")" || fail "TollgateBenchmarks failed on $size products"
    line="$(head -1 <<<"$output")"
    if [[ "$phases" == *rules ]]; then
      rules_ms[$size]=$(field rules_ms "$line")
      while read -r rule_line; do
        rule=$(field rule "$rule_line")
        [[ -n "${rule_ms[$size,$rule]:-}" ]] && fail "rule '$rule' timed twice on $size products"
        [[ " ${rule_order[*]} " == *" $rule "* ]] || rule_order+=("$rule")
        rule_ms[$size,$rule]=$(field ms "$rule_line")
        rule_findings[$size,$rule]=$(field findings "$rule_line")
      done < <(grep '^rule=' <<<"$output")
    fi
    [[ "$(field errors "$line")" == 0 ]] || fail "(b) found errors on $size products: $line"
    bytes[$size]=$(field bytes "$line")
    files[$size]=$(field files "$line")
    events_ms[$size]=$(field events_ms "$line")
    validate_ms[$size]=$(field validate_ms "$line")
    runs[$size]="$(field events_runs "$line")/$(field validate_runs "$line")"

    echo "size $size: (c)…" >&2
    line="$(pyyaml "$project" "$python_runs" "$time_limit")" || fail "PyYAML failed on $size products"
    pyyaml_ms[$size]=$(field pyyaml_ms "$line")
    runs[$size]="${runs[$size]}/$(field pyyaml_runs "$line")"

    echo "size $size: peak memory of (b)…" >&2
    line="$("$bench" validate --dir "$project" --phase validate --iterations 1 --warmup 0)" \
      || fail "TollgateBenchmarks (memory) failed on $size products"
    rss[$size]=$(field maxrss_kib "$line")
  done

  local format='%-7s %10s %6s %12s %14s %12s %14s %14s %16s %12s %10s\n' missed=0 ba bc mark_ba mark_bc mark_rss
  echo
  printf "$format" size bytes files "(a) ms" "(b) ms" "(c) ms" "b/a (<=2.5)" "b/c (<=0.25)" "RSS(b) MiB (<=2B+30)" \
    "tollgate ms" runs
  for size in "${sizes[@]}"; do
    ba=$(ratio "${validate_ms[$size]}" "${events_ms[$size]}")
    bc=$(ratio "${validate_ms[$size]}" "${pyyaml_ms[$size]}")
    mark_ba=$(meets "$ba" 2.5)
    mark_bc=$(meets "$bc" 0.25)
    mark_rss=$(meets "${rss[$size]}" "$(( (2 * bytes[$size] + 30 * 1048576) / 1024 ))")
    [[ "$mark_ba" == ok && "$mark_bc" == ok && "$mark_rss" == ok ]] || missed=1
    record_goal "validate, $size products: Tollgate / libyaml's event scan" "${ba}x" "<= 2.5x" "$mark_ba"
    record_goal "validate, $size products: Tollgate / PyYAML's C loader" "${bc}x" "<= 0.25x" "$mark_bc"
    record_goal "validate, $size products: peak RSS against 2 x input + 30 MiB" "$(mib "${rss[$size]}") MiB" \
      "<= $(mib "$(( (2 * bytes[$size] + 30 * 1048576) / 1024 ))") MiB" "$mark_rss"
    printf "$format" "$size" "$(human "${bytes[$size]}")" "${files[$size]}" "${events_ms[$size]}" \
      "${validate_ms[$size]}" "${pyyaml_ms[$size]}" "$ba $mark_ba" "$bc $mark_bc" "$(mib "${rss[$size]}") $mark_rss" \
      "${cli_ms[$size]}" "${runs[$size]}"
  done
  echo
  if [[ -n "${validate_ms[5000]:-}" && -n "${validate_ms[20000]:-}" ]]; then
    local linear input per_byte mark
    linear=$(ratio "${validate_ms[20000]}" "${validate_ms[5000]}")
    input=$(ratio "${bytes[20000]}" "${bytes[5000]}")
    per_byte=$(ratio "$linear" "$input")
    mark=$(meets "$per_byte" 1.1)
    [[ "$mark" == ok ]] || missed=1
    record_goal "validate, 5000 -> 20000 products: growth per byte" "${per_byte}x" "<= 1.1x" "$mark"
    echo "linearity of (b), 20000 vs 5000 products: ${linear}x the time for ${input}x the bytes (locales grow" \
      "with products): ${per_byte}x per byte (goal <= 1.1) $mark; (a) grows" \
      "$(ratio "$(ratio "${events_ms[20000]}" "${events_ms[5000]}")" "$input")x per byte"
  fi
  if [[ -n "${rules_ms[5000]:-}" ]]; then
    rule_table 5000 || missed=1
  fi
  if (( breakdown )); then
    for size in "${sizes[@]}"; do
      [[ "$size" == 5000 ]] || rule_table "$size" || true
    done
    rule_growth
  fi
  echo "goals: (b) <= 2.5 x (a) and <= 0.25 x (c); peak RSS of (b) <= 2 x the input's bytes + 30 MiB;"
  echo "(b) linear in the input's bytes. Times are the best timed run, in ms."
  echo "runs: timed runs of (a)/(b)/(c); (a) and (b) after one warm-up. tollgate ms: one 'tollgate validate'"
  echo "process, start included (the validity check). RSS(b): peak RSS of a process that runs (b) once."
  echo "total $(( $(date +%s) - started )) s"
  (( check && missed )) && return 1
  return 0
}

main "$@"
exit
