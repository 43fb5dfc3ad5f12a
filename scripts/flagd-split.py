#!/usr/bin/env python3
"""Assigns users to variants with flagd's own evaluator (openfeature-flagd-core), for the test that holds
Tollgate's experiment bucketing to flagd's `fractional`. Run it in scripts/python-venv.sh's venv.

Reads JSON on stdin: {"seed": "...", "variants": [["control", 45], ...], "users": ["u-1", ...]}.
Writes JSON on stdout: the variant flagd picks for each user, in order. The flag key is the seed and the
targeting key the user id, with the shorthand `fractional` (bucketing by [flagKey, targetingKey])."""
import json
import sys

from openfeature.contrib.tools.flagd.core import FlagdCore
from openfeature.evaluation_context import EvaluationContext

request = json.load(sys.stdin)
seed = request["seed"]
names = [name for name, _ in request["variants"]]
core = FlagdCore()
core.set_flags({"flags": {seed: {
    "state": "ENABLED",
    "variants": {name: name for name in names},
    "defaultVariant": names[0],
    "targeting": {"fractional": [[name, weight] for name, weight in request["variants"]]},
}}})
json.dump([core.resolve_string_value(seed, "", EvaluationContext(targeting_key=user)).variant
           for user in request["users"]], sys.stdout)
