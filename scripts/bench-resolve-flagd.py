#!/usr/bin/env python3
"""Times flagd's own evaluator (openfeature-flagd-core) deciding photocollage's 'onboarding' placement, for
scripts/bench-resolve.sh. Run it in scripts/python-venv.sh's venv.

usage: bench-resolve-flagd.py FLAG_FILE CONTEXTS_FILE [ITERATIONS]

For each context of CONTEXTS_FILE prints one line: `context=NAME value=PAYWALL variant=VARIANT reason=REASON
ns=N`, N the nanoseconds per FlagdCore.resolve_string_value, the best of five batches of ITERATIONS
(default 20000) calls timed with time.perf_counter_ns after one untimed batch."""
import json
import sys
import time

from openfeature.contrib.tools.flagd.core import FlagdCore
from openfeature.evaluation_context import EvaluationContext

flag_file, contexts_file = sys.argv[1], sys.argv[2]
iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
with open(flag_file, encoding="utf-8") as file:
    flags = json.load(file)
with open(contexts_file, encoding="utf-8") as file:
    contexts = json.load(file)["contexts"]
flags.pop("$comment", None)
(key,) = flags["flags"]
core = FlagdCore()
core.set_flags(flags)

for context in contexts:
    attributes = dict(context["flagd"])
    targeting_key = attributes.pop("targetingKey", None)
    evaluation = EvaluationContext(targeting_key=targeting_key, attributes=attributes)
    result = core.resolve_string_value(key, "none", evaluation)
    if result.error_code is not None:
        sys.exit(f"flagd could not evaluate '{context['name']}': {result.error_code} {result.error_message}")
    resolve = core.resolve_string_value
    best = None
    for batch in range(6):
        start = time.perf_counter_ns()
        for _ in range(iterations):
            resolve(key, "none", evaluation)
        elapsed = time.perf_counter_ns() - start
        if batch > 0 and (best is None or elapsed < best):
            best = elapsed
    print(f"context={context['name']} value={result.value} variant={result.variant} reason={result.reason} "
          f"ns={best / iterations:.0f}")
