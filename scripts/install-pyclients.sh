#!/usr/bin/env bash
# Installs the Python clients' test environment, idempotently: a virtual
# environment with clients/python/requirements.txt (httpx for the SDK, the
# official `openai` client, pytest, hatchling to build the SDK's wheel, mypy), every
# file pinned by hash, under $CACHE_DIR/pyclients-<key>, the key taken from the
# Python version and the requirement file, so a change of pins makes a new one.
# Built in a scratch directory and moved into place whole; linked into the repo
# as .tools/pyclients/venv. The SDK itself is not installed here: the tests build
# its wheel from the work tree. Quiet when there is nothing to do.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

INSTALL_NAME=install-pyclients
# shellcheck source=scripts/install-lib.sh
. "$ROOT/scripts/install-lib.sh"
# The ear's interpreter: one CPython 3.11 for both environments.
PYTHON="${HOLDLINE_EAR_PYTHON:-python3}"
REQUIREMENTS=clients/python/requirements.txt

command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found (the Python clients' tests need CPython 3.11)"
py_version="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
# The lock was compiled for 3.11 (pydantic-core and jiter are compiled wheels, and markers differ by version).
[ "$py_version" = "3.11" ] || die "the Python clients' tests need CPython 3.11 ($REQUIREMENTS was compiled for it); $PYTHON is $py_version"

venv_key="$(printf 'cpython-%s\n' "$py_version" | cat - "$REQUIREMENTS" | sha256sum | cut -c1-16)"
VENV_DIR="$CACHE_DIR/pyclients-$venv_key"
if [ ! -x "$VENV_DIR/bin/python" ]; then
  say "installing the Python clients' test packages into $VENV_DIR"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  "$PYTHON" -m venv "$tmp/venv"
  # Binary wheels only: nothing is compiled here, and every file is the hashed one.
  "$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
    --require-hashes --only-binary :all: -r "$REQUIREMENTS" >&2
  mv "$tmp/venv" "$VENV_DIR"
  rm -rf "$tmp"
fi
link_into pyclients venv "$VENV_DIR"
