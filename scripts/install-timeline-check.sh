#!/usr/bin/env bash
# Installs the reference tools the timeline exports are checked with, idempotently:
# a virtual environment with tooling/timeline-check/requirements.txt
# (opentimelineio, otio-cmx3600-adapter, lxml), every file pinned by hash, under
# $CACHE_DIR/timeline-check-<key>, the key taken from the Python version and the
# requirement file (so a change of pins makes a new one). Built in a scratch
# directory and moved into place whole; linked into the repo as
# .tools/timeline-check/venv. Quiet when there is nothing to do.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

INSTALL_NAME=install-timeline-check
# shellcheck source=scripts/install-lib.sh
. "$ROOT/scripts/install-lib.sh"
# The ear's interpreter: one CPython 3.11 for every environment.
PYTHON="${HOLDLINE_EAR_PYTHON:-python3}"
REQUIREMENTS=tooling/timeline-check/requirements.txt

command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found (the timeline checks need CPython 3.11)"
py_version="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
# The hashes are those of the cp311 wheels.
[ "$py_version" = "3.11" ] || die "the timeline checks need CPython 3.11 ($REQUIREMENTS pins cp311 wheels); $PYTHON is $py_version"

venv_key="$(printf 'cpython-%s\n' "$py_version" | cat - "$REQUIREMENTS" | sha256sum | cut -c1-16)"
VENV_DIR="$CACHE_DIR/timeline-check-$venv_key"
if [ ! -x "$VENV_DIR/bin/python" ]; then
  say "installing opentimelineio, its CMX 3600 adapter and lxml into $VENV_DIR"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  "$PYTHON" -m venv "$tmp/venv"
  # Binary wheels only: nothing is compiled here, and every file is the hashed one.
  "$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
    --require-hashes --only-binary :all: -r "$REQUIREMENTS" >&2
  mv "$tmp/venv" "$VENV_DIR"
  rm -rf "$tmp"
fi
link_into timeline-check venv "$VENV_DIR"
