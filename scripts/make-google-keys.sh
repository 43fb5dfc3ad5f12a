#!/usr/bin/env bash
# Makes the test keys of Tests/Fixtures/google/ with the openssl CLI: two 2048-bit RSA key pairs as PKCS #8 PEM
# (service-account-key.pem, the service account's; other-key.pem, a key no test trusts), a self-signed X.509
# certificate for each (as Google publishes a service account's public keys, and as google-auth's jwt.decode takes
# them), and service-account.json, the JSON key file Google issues for a service account, holding the first key.
# The keys are for tests only. Run it again to replace every file; the outputs are committed.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/Tests/Fixtures/google}
mkdir -p "$out"

email=tollgate-test@example-project.iam.gserviceaccount.com

# key NAME SUBJECT: a new RSA key as PKCS #8 PEM and a self-signed certificate for it, valid 21 years from now.
key() {
  local name=$1 subject=$2
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$out/$name-key.pem" 2>/dev/null
  openssl req -new -x509 -key "$out/$name-key.pem" -subj "$subject" -days 7670 -sha256 \
    -set_serial "0x$(openssl rand -hex 8)" -out "$out/$name-certificate.pem"
}

key service-account "/CN=$email"
key other "/CN=tollgate-other@example-project.iam.gserviceaccount.com"

# The key id Google gives a service account key: 40 hex digits.
key_id=$(openssl rand -hex 20)
python3 - "$out/service-account-key.pem" "$key_id" "$email" >"$out/service-account.json" <<'PY'
import json, sys
key_file, key_id, email = sys.argv[1:4]
with open(key_file, encoding="ascii") as file:
    private_key = file.read()
print(json.dumps({
    "type": "service_account",
    "project_id": "example-project",
    "private_key_id": key_id,
    "private_key": private_key,
    "client_email": email,
    "client_id": "100000000000000000001",
    "auth_uri": "https://accounts.google.com/o/oauth2/auth",
    "token_uri": "http://127.0.0.1/token",
}, indent=2))
PY
echo "wrote $out"
