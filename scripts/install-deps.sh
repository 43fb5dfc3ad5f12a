#!/usr/bin/env bash
# Installs what Tollgate needs on Debian: the C libraries it wraps, with --test the tools its tests use, and
# with --bench those and the tools `make bench` measures against (wrk, nginx, valgrind, the sqlite3 shell).
# As root it installs what is missing; otherwise it prints the exact command and fails.
set -euo pipefail

packages=(pkg-config libyaml-dev libicu-dev libsqlite3-dev libmicrohttpd-dev libpq-dev libssl-dev libcurl4-openssl-dev libjs-codemirror)
python_modules=()
case "${1:-}" in
  "") ;;
  --test | --bench)
    packages+=(python3 python3-pip python3-venv chromium chromium-driver fonts-noto-cjk postgresql)
    python_modules=(yaml:pyyaml jsonschema:jsonschema)
    [[ "$1" == "--bench" ]] && packages+=(wrk nginx-light valgrind curl sqlite3)
    ;;
  *) echo "usage: scripts/install-deps.sh [--test | --bench]" >&2; exit 2 ;;
esac

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    echo "installing: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "missing Debian packages; run:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

pip_missing=()
for entry in "${python_modules[@]}"; do
  python3 -c "import ${entry%%:*}" 2>/dev/null || pip_missing+=("${entry##*:}")
done
if ((${#pip_missing[@]})); then
  echo "installing Python packages: ${pip_missing[*]}"
  python3 -m pip install --quiet "${pip_missing[@]}" 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages "${pip_missing[@]}"
fi
