#!/usr/bin/env python3
"""A fake Google for Tollgate's tests: the OIDC signing keys, the OAuth 2.0 token endpoint of a service account and
the Android Publisher calls Tollgate makes, on 127.0.0.1 (port 0). Prints one JSON line {"port": N} when it listens,
and exits when its stdin closes (the test that started it has ended).

- GET /oauth2/v3/certs: the service account certificate's public key as a JWK Set (kid --kid), with
  Cache-Control: public, max-age=--max-age.
- POST /token: a JWT-bearer grant (RFC 7523), form-encoded. The assertion is verified with google-auth
  (google.auth.jwt.decode against the service account's certificate by its private_key_id, the audience this
  endpoint's own URL), and must name the service account as iss and the androidpublisher scope. Answers a new random
  access token for 3600 seconds, or 400 {"error": "invalid_grant", "error_description": ...}.
- The Android Publisher v3 purchases calls, with Authorization: Bearer <a token it granted> (401 otherwise):
  GET .../purchases/subscriptionsv2/tokens/T, GET .../purchases/products/P/tokens/T,
  POST .../purchases/subscriptions/P/tokens/T:acknowledge, POST .../purchases/products/P/tokens/T:acknowledge and
  POST .../purchases/products/P/tokens/T:consume. An unknown token is 404 in Google's error shape
  {"error": {"code", "message", "status"}}, unless a default subscription is set (subscription calls only).
- /_control/: POST subscription {token, json}, POST product {token, productId, json}, POST default {kind:
  "subscription", json} (every subscription token the fake does not know answers a copy of json, with each
  "@TOKEN@" in its strings replaced by the token, its own once acknowledged: for benchmarks, whose notifications each
  name a new token), POST fail {token, status, times, message?, kind?} (the next `times` API calls for the token,
  of `kind` ("get", "acknowledge" or "consume") when given, answer `status`), POST delay {token, seconds, times,
  kind?} (the next `times` API calls for the token, of `kind` when given, answer `seconds` late: the call is logged
  at once, then waits, then is answered, taking effect when it succeeds, even when the caller has gone), POST
  fail-grants {status, times}, POST purchase {token, productId?} ({"purchase": what the fake holds for the token
  now, or null}), POST access-token (answers {"access_token"}, a token the API accepts, granted without a grant:
  for calling the API directly), GET calls (every API call in order: method, path, packageName, productId, token,
  kind, and status once answered), GET grants.

    fake-google.py --service-account FILE.json --certificate CERT.pem --kid KID [--max-age SECONDS]
"""
import argparse
import base64
import json
import secrets
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from google.auth import crypt, jwt

SCOPE = "https://www.googleapis.com/auth/androidpublisher"
GRANT_TYPE = "urn:ietf:params:oauth:grant-type:jwt-bearer"
STATUS_NAMES = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
                409: "ABORTED", 410: "NOT_FOUND", 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 502: "UNAVAILABLE",
                503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED"}


def base64url_integer(number):
    data = number.to_bytes((number.bit_length() + 7) // 8, "big")
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def public_jwk(certificate, kid):
    """The RSA public key of a PEM certificate as a JWK, through google-auth's verifier."""
    verifier = crypt.RSAVerifier.from_string(certificate)
    # google-auth keeps the key of its backend (cryptography's or python-rsa's) in a private member.
    key = getattr(verifier, "_impl", verifier)._pubkey
    numbers = key.public_numbers() if hasattr(key, "public_numbers") else key
    return {"kty": "RSA", "alg": "RS256", "use": "sig", "kid": kid,
            "n": base64url_integer(numbers.n), "e": base64url_integer(numbers.e)}


class State:
    """Everything the fake holds, under one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.subscriptions = {}
        self.default_subscription = None
        self.products = {}
        self.failures = {}
        self.grant_failures = []
        self.delays = {}
        self.access_tokens = set()
        self.calls = []
        self.grants = 0


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "FakeGoogle/1"
    # Headers and body go out in two writes: without TCP_NODELAY, each answer on a kept-alive connection would
    # wait for the client's delayed ACK (some 40 ms).
    disable_nagle_algorithm = True

    def log_message(self, format, *args):
        pass

    def answer(self, status, body, headers=None):
        data = json.dumps(body).encode("utf-8") if not isinstance(body, bytes) else body
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def google_error(self, status, message):
        self.answer(status, {"error": {"code": status, "message": message,
                                       "status": STATUS_NAMES.get(status, "UNKNOWN")}})

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def route(self, method):
        path = urllib.parse.urlsplit(self.path).path
        body = self.body()
        if path.startswith("/_control/"):
            return self.control(method, path[len("/_control/"):], body)
        if path == "/oauth2/v3/certs" and method == "GET":
            return self.answer(200, {"keys": [self.server.jwk]},
                               {"Cache-Control": f"public, max-age={self.server.max_age}, must-revalidate, no-transform"})
        if path == "/token" and method == "POST":
            return self.token(body)
        if path.startswith("/androidpublisher/v3/applications/"):
            return self.publisher(method, path)
        self.google_error(404, f"The requested URL {path} was not found on this server.")

    def control(self, method, name, body):
        state = self.server.state
        request = json.loads(body) if body else {}
        with state.lock:
            if method == "POST" and name == "subscription":
                state.subscriptions[request["token"]] = json.loads(request["json"])
            elif method == "POST" and name == "product":
                state.products[(request["productId"], request["token"])] = json.loads(request["json"])
            elif method == "POST" and name == "default":
                if request.get("kind") != "subscription":
                    return self.answer(400, {"error": "a default is of kind subscription"})
                json.loads(request["json"])  # refused here, not at each call, when it does not parse
                state.default_subscription = request["json"]
            elif method == "POST" and name == "access-token":
                access_token = "ya29.fake-" + secrets.token_urlsafe(32)
                state.access_tokens.add(access_token)
                return self.answer(200, {"access_token": access_token})
            elif method == "POST" and name == "fail":
                state.failures[request["token"]] = [request["status"], request["times"], request.get("message"),
                                                    request.get("kind")]
            elif method == "POST" and name == "delay":
                state.delays[request["token"]] = [request["seconds"], request["times"], request.get("kind")]
            elif method == "POST" and name == "purchase":
                if request.get("productId") is None:
                    purchase = state.subscriptions.get(request["token"])
                else:
                    purchase = state.products.get((request["productId"], request["token"]))
                return self.answer(200, {"purchase": purchase})
            elif method == "POST" and name == "fail-grants":
                state.grant_failures = [request["status"]] * request["times"]
            elif method == "GET" and name == "calls":
                return self.answer(200, {"calls": [dict(call) for call in state.calls]})
            elif method == "GET" and name == "grants":
                return self.answer(200, {"grants": state.grants})
            else:
                return self.answer(404, {"error": f"no control {method} {name}"})
        self.answer(200, {"ok": True})

    def token(self, body):
        state = self.server.state
        with state.lock:
            state.grants += 1
            failure = state.grant_failures.pop(0) if state.grant_failures else None
        if failure is not None:
            return self.answer(failure, {"error": "internal_failure", "error_description": "Backend Error"})
        form = urllib.parse.parse_qs(body.decode("utf-8"), keep_blank_values=True)
        grant_type = form.get("grant_type", [""])[0]
        if grant_type != GRANT_TYPE:
            return self.answer(400, {"error": "unsupported_grant_type",
                                     "error_description": f"Invalid grant_type: {grant_type}"})
        assertion = form.get("assertion", [""])[0]
        try:
            claims = jwt.decode(assertion, certs=self.server.grant_certs, verify=True,
                                audience=self.server.token_url)
        except Exception as error:  # google-auth raises its own errors, and ValueError on bad input
            return self.answer(400, {"error": "invalid_grant", "error_description": f"Invalid JWT: {error}"[:300]})
        if claims.get("iss") != self.server.client_email:
            return self.answer(400, {"error": "invalid_grant", "error_description": "Invalid issuer."})
        if SCOPE not in str(claims.get("scope", "")).split(" "):
            return self.answer(400, {"error": "invalid_scope", "error_description": "Invalid OAuth scope."})
        access_token = "ya29.fake-" + secrets.token_urlsafe(32)
        with state.lock:
            state.access_tokens.add(access_token)
        self.answer(200, {"access_token": access_token, "expires_in": 3600, "token_type": "Bearer"})

    def publisher(self, method, path):
        state = self.server.state
        raw = path[len("/androidpublisher/v3/applications/"):].split("/")
        action = None
        if raw and ":" in raw[-1]:
            raw[-1], action = raw[-1].rsplit(":", 1)
        segments = [urllib.parse.unquote(segment) for segment in raw]
        call = {"method": method, "path": path, "packageName": segments[0] if segments else ""}
        kind, product_id, token = None, None, None
        if len(segments) == 5 and segments[1:4] == ["purchases", "subscriptionsv2", "tokens"] and method == "GET" \
                and action is None:
            kind, token = "get", segments[4]
        elif len(segments) == 6 and segments[1] == "purchases" and segments[2] in ("subscriptions", "products") \
                and segments[4] == "tokens":
            product_id, token = segments[3], segments[5]
            if method == "GET" and action is None and segments[2] == "products":
                kind = "get"
            elif method == "POST" and action == "acknowledge":
                kind = "acknowledge"
            elif method == "POST" and action == "consume" and segments[2] == "products":
                kind = "consume"
        call.update({"kind": kind or "unknown", "productId": product_id, "token": token})
        authorization = self.headers.get("Authorization", "")
        with state.lock:
            state.calls.append(call)
            authorized = authorization.startswith("Bearer ") and authorization[7:] in state.access_tokens
            failure = state.failures.get(token) if token is not None else None
            if failure and failure[1] > 0 and failure[3] in (None, kind):
                failure[1] -= 1
            else:
                failure = None
            delay = state.delays.get(token) if token is not None else None
            if delay and delay[1] > 0 and delay[2] in (None, kind):
                delay[1] -= 1
                seconds = delay[0]
            else:
                seconds = 0
        if seconds:
            time.sleep(seconds)
        if kind is None:
            call["status"] = 404
            return self.google_error(404, "Not Found")
        if not authorized:
            call["status"] = 401
            return self.google_error(401, "Request had invalid authentication credentials. Expected OAuth 2 access "
                                          "token, login cookie or other valid authentication credential.")
        if failure:
            call["status"] = failure[0]
            return self.google_error(failure[0], failure[2] or f"The fake fails this call with {failure[0]}.")
        with state.lock:
            if segments[2] == "products":
                purchase = state.products.get((product_id, token))
            else:
                purchase = state.subscriptions.get(token)
                if purchase is None and state.default_subscription is not None:
                    purchase = json.loads(state.default_subscription.replace("@TOKEN@", token))
                    if kind != "get":
                        # Acknowledged, the token's purchase is a copy of its own from now on.
                        state.subscriptions[token] = purchase
            if purchase is None:
                call["status"] = 404
                status, result = 404, "The purchase token was not found."
            elif kind == "get":
                status, result = 200, json.dumps(purchase).encode("utf-8")
            elif segments[2] == "subscriptions":
                items = [item.get("productId") for item in purchase.get("lineItems", [])]
                if product_id not in items:
                    status, result = 400, "The product id does not match the subscription's line items."
                else:
                    purchase["acknowledgementState"] = "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED"
                    status, result = 200, b""
            elif kind == "acknowledge":
                purchase["acknowledgementState"] = 1
                status, result = 200, b""
            else:
                # Consuming a purchase acknowledges it too.
                purchase["consumptionState"] = 1
                purchase["acknowledgementState"] = 1
                status, result = 200, b""
            call["status"] = status
        if isinstance(result, bytes):
            return self.answer(status, result)
        self.google_error(status, result)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--service-account", required=True, help="the service account's JSON key file")
    parser.add_argument("--certificate", required=True, help="the PEM certificate of the service account's key")
    parser.add_argument("--kid", required=True, help="the key id of the served JWKS")
    parser.add_argument("--max-age", type=int, default=3600)
    arguments = parser.parse_args()
    with open(arguments.service_account, encoding="utf-8") as file:
        account = json.load(file)
    with open(arguments.certificate, encoding="ascii") as file:
        certificate = file.read()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.state = State()
    server.jwk = public_jwk(certificate, arguments.kid)
    server.max_age = arguments.max_age
    server.grant_certs = {account["private_key_id"]: certificate}
    server.client_email = account["client_email"]
    port = server.server_address[1]
    server.token_url = f"http://127.0.0.1:{port}/token"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(json.dumps({"port": port}), flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
