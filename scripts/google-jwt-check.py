#!/usr/bin/env python3
"""Verifies JWTs with Google's own auth library (google-auth on PyPI), so tests can check that Tollgate accepts and
refuses the same RS256 tokens: google.auth.jwt.decode with verify=True, the certificates by key id, an audience and
a clock skew.

Reads a file of JSON lines, each {"id": "...", "token": "..."}, and prints one JSON line per token:
{"id": "...", "accepted": true | false, "reason": "<google-auth's exception or OK>"}.

    google-jwt-check.py --cert KID=CERTIFICATE.pem [--cert ...] --audience AUD [--clock-skew SECONDS] TOKENS.jsonl
"""
import argparse
import json

from google.auth import jwt


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cert", action="append", required=True, help="KID=PATH of a PEM certificate")
    parser.add_argument("--audience", required=True)
    parser.add_argument("--clock-skew", type=int, default=0)
    parser.add_argument("tokens")
    arguments = parser.parse_args()
    certs = {}
    for entry in arguments.cert:
        key_id, path = entry.split("=", 1)
        with open(path, encoding="ascii") as file:
            certs[key_id] = file.read()
    with open(arguments.tokens, encoding="utf-8") as file:
        lines = file.readlines()
    for line in lines:
        if not line.strip():
            continue
        item = json.loads(line)
        try:
            jwt.decode(item["token"], certs=certs, verify=True, audience=arguments.audience,
                       clock_skew_in_seconds=arguments.clock_skew)
            answer = {"id": item["id"], "accepted": True, "reason": "OK"}
        except Exception as error:  # google-auth raises its own errors, and ValueError or TypeError on bad input
            answer = {"id": item["id"], "accepted": False, "reason": f"{type(error).__name__}: {error}"[:200]}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
