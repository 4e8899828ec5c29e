#!/usr/bin/env bash
# Installs the Python clients' test environment, idempotently: a virtual
# environment with clients/python/requirements.txt (httpx for the SDK, the
# official `openai` client, pytest, hatchling to build the SDK's wheel, mypy), every
# file pinned by hash, under $CACHE_DIR/pyclients-<key> (hashed_venv in
# install-lib.sh); linked into the repo as .tools/pyclients/venv. The SDK itself is not installed here: the tests build
# its wheel from the work tree. Quiet when there is nothing to do.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

INSTALL_NAME=install-pyclients
# shellcheck source=scripts/install-lib.sh
. "$ROOT/scripts/install-lib.sh"
REQUIREMENTS=clients/python/requirements.txt

# The ear's interpreter: one CPython 3.11 for both environments. The lock was
# compiled for 3.11 (pydantic-core and jiter are compiled wheels, and markers differ by version).
require_python_311 "the Python clients' tests" "$REQUIREMENTS was compiled for it"
hashed_venv pyclients "the Python clients' test packages" "$REQUIREMENTS"
link_into pyclients venv "$VENV_DIR"
