#!/usr/bin/env python3
"""Verifies App Store signed data with Apple's own App Store Server Library (app-store-server-library on PyPI),
offline, so tests can check that Tollgate accepts and refuses the same inputs.

Reads a file of JSON lines, each {"id": "...", "kind": "notification" | "transaction" | "renewal", "jws": "..."},
and prints one JSON line per input: {"id": "...", "accepted": true | false, "status": "<Apple's reason or OK>"}.

    app-store-verify.py --root ROOT.pem|ROOT.der [--root ...] [--no-strict] --environment Sandbox|Production
                        --bundle-id ID [--app-apple-id N] INPUTS.jsonl

--no-strict turns off strict X.509 checks, as Apple's own tests do for its test certificates (they lack authority
key identifiers).
"""
import argparse
import json
import ssl

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException


def der(path):
    """The DER bytes of the certificate file at path (DER, or PEM)."""
    with open(path, "rb") as file:
        data = file.read()
    if data.lstrip().startswith(b"-----BEGIN"):
        return ssl.PEM_cert_to_DER_cert(data.decode("ascii"))
    return data


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", action="append", required=True)
    parser.add_argument("--no-strict", action="store_true")
    parser.add_argument("--environment", required=True, choices=["Sandbox", "Production"])
    parser.add_argument("--bundle-id", required=True)
    parser.add_argument("--app-apple-id", type=int)
    parser.add_argument("inputs")
    arguments = parser.parse_args()
    verifier = SignedDataVerifier(
        root_certificates=[der(path) for path in arguments.root],
        enable_online_checks=False,
        environment=Environment(arguments.environment),
        bundle_id=arguments.bundle_id,
        app_apple_id=arguments.app_apple_id,
    )
    # The library's own switch, as its tests set it for test roots.
    verifier._chain_verifier.enable_strict_checks = not arguments.no_strict
    decoders = {
        "notification": verifier.verify_and_decode_notification,
        "transaction": verifier.verify_and_decode_signed_transaction,
        "renewal": verifier.verify_and_decode_renewal_info,
    }
    with open(arguments.inputs, encoding="utf-8") as file:
        lines = file.readlines()
    for line in lines:
        if not line.strip():
            continue
        item = json.loads(line)
        try:
            decoders[item["kind"]](item["jws"])
            answer = {"id": item["id"], "accepted": True, "status": "OK"}
        except VerificationException as error:
            answer = {"id": item["id"], "accepted": False, "status": error.status.name}
        except Exception as error:  # the library lets some malformed payloads through as other exceptions
            answer = {"id": item["id"], "accepted": False, "status": type(error).__name__}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
