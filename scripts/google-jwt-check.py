#!/usr/bin/env python3
"""Verifies JWTs with Google's own auth library (google-auth on PyPI), so tests can check that Tollgate accepts and
refuses the same RS256 tokens: google.auth.jwt.decode with verify=True, the certificates by key id, an audience and
a clock skew.

With --certs-url instead of certificates, verifies as a Google ID token (a Pub/Sub push token): the keys fetched
from that URL by google.oauth2.id_token.verify_token (a JWK Set there is read with PyJWT, which google-auth then
uses without the clock skew), and the issuer checked as verify_oauth2_token checks it (that function takes no
certs URL: it always fetches Google's). PyJWT comes into the venv with app-store-server-library.

Reads a file of JSON lines, each {"id": "...", "token": "..."}, and prints one JSON line per token:
{"id": "...", "accepted": true | false, "reason": "<google-auth's exception or OK>"}.

    google-jwt-check.py --cert KID=CERTIFICATE.pem [--cert ...] --audience AUD [--clock-skew SECONDS] TOKENS.jsonl
    google-jwt-check.py --certs-url URL --audience AUD [--clock-skew SECONDS] TOKENS.jsonl
"""
import argparse
import json

import google.auth.transport.requests
from google.auth import exceptions, jwt
from google.oauth2 import id_token


def verify_id_token(token, certs_url, audience, clock_skew):
    """verify_oauth2_token with the keys at `certs_url`: verify_token, then the issuer among Google's."""
    claims = id_token.verify_token(token, google.auth.transport.requests.Request(), audience=audience,
                                   certs_url=certs_url, clock_skew_in_seconds=clock_skew)
    if claims.get("iss") not in id_token._GOOGLE_ISSUERS:
        raise exceptions.GoogleAuthError(f"Wrong issuer: {claims.get('iss')}")
    return claims


def main():
    parser = argparse.ArgumentParser()
    keys = parser.add_mutually_exclusive_group(required=True)
    keys.add_argument("--cert", action="append", help="KID=PATH of a PEM certificate")
    keys.add_argument("--certs-url", help="the URL of the keys, as Google's https://www.googleapis.com/oauth2/v3/certs")
    parser.add_argument("--audience", required=True)
    parser.add_argument("--clock-skew", type=int, default=0)
    parser.add_argument("tokens")
    arguments = parser.parse_args()
    certs = {}
    for entry in arguments.cert or []:
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
            if arguments.certs_url:
                verify_id_token(item["token"], arguments.certs_url, arguments.audience, arguments.clock_skew)
            else:
                jwt.decode(item["token"], certs=certs, verify=True, audience=arguments.audience,
                           clock_skew_in_seconds=arguments.clock_skew)
            answer = {"id": item["id"], "accepted": True, "reason": "OK"}
        except Exception as error:  # google-auth raises its own errors, and ValueError or TypeError on bad input
            answer = {"id": item["id"], "accepted": False, "reason": f"{type(error).__name__}: {error}"[:200]}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
