#!/usr/bin/env bash
# Creates .build/ofrep-venv with the OpenFeature Python SDK and OFREP provider from PyPI, for the OFREP client
# test; does nothing when the venv already holds exactly these versions. Prints the venv's python on stdout.
# PYTHON picks the interpreter (default python3); OFREP_VENV the folder.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
venv=${OFREP_VENV:-$root/.build/ofrep-venv}
python=${PYTHON:-python3}
# The provider needs Python 3.10 or later; 0.3.0 is tested with these SDK versions.
requirements=(openfeature-sdk==0.10.0 openfeature-provider-ofrep==0.3.0)
stamp=$venv/tollgate-requirements.txt

if [[ -x $venv/bin/python && -f $stamp && "$(cat "$stamp")" == "${requirements[*]}" ]] \
  && "$venv/bin/python" -c 'import openfeature.contrib.provider.ofrep' 2>/dev/null; then
  echo "$venv/bin/python"
  exit 0
fi

command -v "$python" >/dev/null || { echo "ofrep-venv: no '$python'; run scripts/install-deps.sh --test" >&2; exit 1; }
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
if ! "$python" -m venv "$venv" >&2; then
  echo "ofrep-venv: '$python -m venv' failed; on Debian install python3-venv (scripts/install-deps.sh --test)" >&2
  rm -rf "$venv"
  exit 1
fi
if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${requirements[@]}" >&2; then
  echo "ofrep-venv: pip could not install ${requirements[*]} from PyPI (is the network reachable?)" >&2
  rm -rf "$venv"
  exit 1
fi
echo "${requirements[*]}" >"$stamp"
echo "$venv/bin/python"
