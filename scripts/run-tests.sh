#!/usr/bin/env bash
# Runs the built test suite (`swift test --skip-build`, arguments passed on) and keeps its output in
# .build/test.log. When the run fails, it ends with a summary, so the last lines of a CI log say what broke:
# the crash report's reason and crashed thread, the failed tests and the tests that started and never ended.
set -uo pipefail
cd "$(dirname "$0")/.."
log=.build/test.log
mkdir -p .build
# A crash report names the crashed thread only, with its frames and without registers or the image list.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=yes,interactive=no,threads=crashed,registers=none,images=none}"
"${SWIFT:-swift}" test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && exit 0

echo
echo "== the test run failed (exit $status); the whole output is in $log"
crash=$(grep -n -m1 -E 'Program crashed|^Fatal error|Fatal error:' "$log" | cut -d: -f1)
if [ -n "$crash" ]; then
    echo "-- the crash:"
    sed -n "$((crash > 3 ? crash - 3 : 1)),$((crash + 40))p" "$log"
fi
echo "-- what failed:"
grep -E '^✘ ' "$log" | head -60
# Without the run's last line the process died or hung: name the tests it was running then.
grep -q -E 'Test run with [0-9]+ tests? in [0-9]+ suites? (passed|failed)' "$log" && exit "$status"
echo "-- tests that started and never ended:"
sed -nE '
    /^◇ Test (case |run started)/d
    /recorded an issue/d
    s/^◇ Test (.*) started\.$/S\t\1/p
    s/ with [0-9]+ test cases? (passed|failed) after/ \1 after/
    s/^[✔✘] Test (.*) (passed|failed) after .*$/E\t\1/p
    s/^➜ Test (.*) skipped.*$/E\t\1/p
' "$log" | awk -F '\t' '
    $1 == "S" { open[$2]++ }
    $1 == "E" && open[$2] > 0 { open[$2]-- }
    END { for (name in open) if (open[name] > 0) print "  " name }
' | sort | head -40
exit "$status"
