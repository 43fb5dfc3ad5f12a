#!/usr/bin/env python3
"""Evaluates flags through the real OpenFeature Python SDK and OFREP provider against a running service.

usage: ofrep-client-check.py BASE_URL CASES.json   (CASES.json may be '-' for standard input)

CASES.json is a list of {"flag", "default", "targetingKey", "attributes"}: the flag key, the default value passed
to the client (a boolean asks for a boolean flag, a string for a string flag), and the evaluation context.
Prints a JSON list with one result per case, in order:
{"flag", "value", "reason", "variant", "metadata", "errorCode", "errorMessage"}.
Run it in scripts/python-venv.sh's venv.
"""

import json
import sys

from openfeature import api
from openfeature.contrib.provider.ofrep import OFREPProvider
from openfeature.evaluation_context import EvaluationContext


def plain(value):
    """An enum (Reason, ErrorCode) as its string, anything else as it is."""
    return getattr(value, "value", value)


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    base_url, cases_path = argv[1], argv[2]
    with (sys.stdin if cases_path == "-" else open(cases_path, encoding="utf-8")) as source:
        cases = json.load(source)

    api.set_provider(OFREPProvider(base_url))
    client = api.get_client()
    results = []
    for case in cases:
        context = EvaluationContext(targeting_key=case.get("targetingKey"), attributes=case.get("attributes", {}))
        if isinstance(case["default"], bool):
            details = client.get_boolean_details(case["flag"], case["default"], context)
        else:
            details = client.get_string_details(case["flag"], case["default"], context)
        results.append({
            "flag": details.flag_key,
            "value": details.value,
            "reason": plain(details.reason),
            "variant": details.variant,
            "metadata": dict(details.flag_metadata),
            "errorCode": plain(details.error_code),
            "errorMessage": details.error_message,
        })
    json.dump(results, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv)
