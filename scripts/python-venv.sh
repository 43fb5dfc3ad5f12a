#!/usr/bin/env bash
# Creates .build/python-venv with the Python peers the tests check Tollgate against, from PyPI: the OpenFeature
# SDK and its OFREP provider (a real OFREP client), openfeature-flagd-core (flagd's evaluator, for experiment
# bucketing), pygls with lsprotocol (a language client, for `tollgate lsp`), Apple's App Store Server Library
# (its offline signed-data verifier, for App Store notifications and transactions), and Google's google-auth (its
# JWT verifier, for RS256 tokens and grants), GrowthBook's gbstats (its experiment statistics, with numpy,
# scipy and pandas), and Selenium (a WebDriver client driving Debian's chromium-driver, for `tollgate studio`'s
# page; it is given /usr/bin/chromedriver, so Selenium Manager downloads nothing). Does nothing when the venv
# already holds exactly these versions.
# Prints the venv's python on stdout.
# PYTHON picks the interpreter (default python3); TOLLGATE_VENV the folder.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
venv=${TOLLGATE_VENV:-$root/.build/python-venv}
python=${PYTHON:-python3}
# The provider needs Python 3.10 or later; 0.3.0 is tested with these SDK versions. pygls 2.1.1 is built on
# lsprotocol 2025.0.0 (LSP 3.17). selenium 4.40.0: later releases require a newer certifi than the index resolves.
requirements=(openfeature-sdk==0.10.0 openfeature-provider-ofrep==0.3.0 openfeature-flagd-core==2.0.0
  pygls==2.1.1 lsprotocol==2025.0.0 app-store-server-library==3.1.2 google-auth==2.63.0
  gbstats==0.8.0 selenium==4.40.0)
# The modules the tests import, so a venv missing one is made again.
modules="openfeature.contrib.provider.ofrep, openfeature.contrib.tools.flagd.core, pygls.lsp.client"
modules+=", appstoreserverlibrary.signed_data_verifier, google.auth.jwt, gbstats.frequentist.tests"
modules+=", gbstats.bayesian.tests, scipy.stats, selenium.webdriver.chrome.service"
stamp=$venv/tollgate-requirements.txt
# Test suites run in parallel: one sets the venv up while the others wait for it.
mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9

if [[ -x $venv/bin/python && -f $stamp && "$(cat "$stamp")" == "${requirements[*]}" ]] \
  && "$venv/bin/python" -c "import $modules" 2>/dev/null; then
  echo "$venv/bin/python"
  exit 0
fi

command -v "$python" >/dev/null || { echo "python-venv: no '$python'; run scripts/install-deps.sh --test" >&2; exit 1; }
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
if ! "$python" -m venv "$venv" >&2; then
  echo "python-venv: '$python -m venv' failed; on Debian install python3-venv (scripts/install-deps.sh --test)" >&2
  rm -rf "$venv"
  exit 1
fi
if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${requirements[@]}" >&2; then
  echo "python-venv: pip could not install ${requirements[*]} from PyPI (is the network reachable?)" >&2
  rm -rf "$venv"
  exit 1
fi
echo "${requirements[*]}" >"$stamp"
echo "$venv/bin/python"
