#!/usr/bin/env bash
# Makes the test certificate chains of Tests/Fixtures/app-store/test-chain/ with the openssl CLI: a P-256 root, an
# intermediate carrying Apple's WWDR OID and leaves carrying its receipt-signing OID (both ASN.1 NULL, as Apple's
# certificates have them), each with subject and authority key identifiers and critical basicConstraints and
# keyUsage, so the chain passes strict X.509 checks. Besides the good chain it makes the broken ones the tests
# refuse: an expired leaf, a leaf without its OID, an intermediate without its OID, and a chain under another root.
# The keys are for tests only. Run it again to replace every file; the outputs are committed.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/Tests/Fixtures/app-store/test-chain}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

start=20240101000000Z
end=20450101000000Z
wwdr_oid=1.2.840.113635.100.6.2.1
receipt_oid=1.2.840.113635.100.6.11.1

cat >"$work/ca.cnf" <<CNF
[ ca ]
default_ca = test_ca
[ test_ca ]
database = $work/index.txt
new_certs_dir = $work/issued
serial = $work/serial
default_md = sha256
policy = anything
unique_subject = no
copy_extensions = none
[ anything ]
commonName = supplied
organizationName = optional
countryName = optional
[ root ]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
[ intermediate ]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
$wwdr_oid = DER:0500
[ intermediate_without_oid ]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
[ leaf ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
$receipt_oid = DER:0500
[ leaf_without_oid ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
CNF

# issue NAME SUBJECT SECTION ISSUER [NOT_BEFORE NOT_AFTER]: a new P-256 key and a certificate for it, signed by
# ISSUER's key (NAME itself for a root).
issue() {
  local name=$1 subject=$2 section=$3 issuer=$4 from=${5:-$start} to=${6:-$end}
  : >"$work/index.txt"
  [[ -f $work/serial ]] || echo 1000 >"$work/serial"
  mkdir -p "$work/issued"
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/$name-key.pem" 2>/dev/null
  openssl req -new -key "$work/$name-key.pem" -subj "$subject" -out "$work/$name.csr"
  local signer=(-cert "$work/$issuer.pem" -keyfile "$work/$issuer-key.pem")
  [[ $issuer == "$name" ]] && signer=(-selfsign -keyfile "$work/$name-key.pem")
  openssl ca -batch -notext -config "$work/ca.cnf" -extensions "$section" -startdate "$from" -enddate "$to" \
    "${signer[@]}" -in "$work/$name.csr" -out "$work/$name.pem" 2>/dev/null
  cp "$work/$name.pem" "$out/$name.pem"
}

issue root "/CN=Tollgate Test Root CA/O=Tollgate Tests" root root
issue intermediate "/CN=Tollgate Test WWDR Intermediate/O=Tollgate Tests" intermediate root
issue leaf "/CN=Tollgate Test Receipt Signing/O=Tollgate Tests" leaf intermediate
issue expired-leaf "/CN=Tollgate Test Expired Receipt Signing/O=Tollgate Tests" leaf intermediate \
  20240101000000Z 20250101000000Z
issue leaf-without-oid "/CN=Tollgate Test Leaf Without OID/O=Tollgate Tests" leaf_without_oid intermediate
issue intermediate-without-oid "/CN=Tollgate Test Intermediate Without OID/O=Tollgate Tests" \
  intermediate_without_oid root
issue leaf-under-bad-intermediate "/CN=Tollgate Test Leaf Under Bad Intermediate/O=Tollgate Tests" leaf \
  intermediate-without-oid
issue other-root "/CN=Tollgate Test Other Root CA/O=Tollgate Tests" root other-root
issue other-intermediate "/CN=Tollgate Test Other WWDR Intermediate/O=Tollgate Tests" intermediate other-root
issue other-leaf "/CN=Tollgate Test Other Receipt Signing/O=Tollgate Tests" leaf other-intermediate

for leaf in leaf expired-leaf leaf-without-oid leaf-under-bad-intermediate other-leaf; do
  cp "$work/$leaf-key.pem" "$out/$leaf-key.pem"
done

# The good chains must pass strict X.509 checks at a date inside their validity.
for chain in "root intermediate leaf" "other-root other-intermediate other-leaf"; do
  read -r r i l <<<"$chain"
  openssl verify -x509_strict -attime 1767225600 -CAfile "$out/$r.pem" -untrusted "$out/$i.pem" "$out/$l.pem" >/dev/null
done
echo "wrote $out"
