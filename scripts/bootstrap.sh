#!/usr/bin/env bash
# Installs everything Holdline needs on a Debian machine, idempotently:
# Debian packages, the Temporal CLI and FerretDB (built with Go, cached
# under $HOME/.cache/holdline so a fresh clone reuses them), node_modules.
# Quiet when there is nothing to do; says what it does otherwise.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

TEMPORAL_VERSION="1.5.1"
FERRETDB_VERSION="1.24.2"
# MinIO (the S3-compatible server the tests and compose use) publishes no semver
# module tags; this is the pseudo-version `go install github.com/minio/minio@latest`
# resolved to on 2026-11-26, built with Go 1.26.
MINIO_VERSION="v0.0.0-20260212201848-7aac2a2c5b7c"
INSTALL_NAME=bootstrap
# shellcheck source=scripts/install-lib.sh
. "$ROOT/scripts/install-lib.sh"

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# --- Debian packages -------------------------------------------------------
APT_COMMANDS=(ffmpeg ffprobe pocketsphinx_continuous espeak-ng chromium sox sqlite3)
APT_PACKAGES=(ffmpeg pocketsphinx pocketsphinx-en-us pocketsphinx-testdata espeak-ng chromium sox sqlite3)
need_apt=0
for cmd in "${APT_COMMANDS[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || need_apt=1
done
[ -d /usr/share/pocketsphinx/model/en-us ] || need_apt=1
# LibriVox sentences with their transcription: real recorded speech for the ear's tests and the real-speech fixtures.
[ -d /usr/share/pocketsphinx/test/data/librivox ] || need_apt=1
if [ "$need_apt" -eq 1 ]; then
  say "installing Debian packages: ${APT_PACKAGES[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -q >&2
  as_root apt-get install -y -q --no-install-recommends "${APT_PACKAGES[@]}" >&2
fi

# --- Go-built tools ----------------------------------------------------------
# Go may live outside PATH on a fresh login shell.
for d in /usr/local/go/bin "$HOME/go/bin"; do
  case ":$PATH:" in *":$d:"*) ;; *) [ -d "$d" ] && PATH="$PATH:$d" ;; esac
done
export PATH

need_go() {
  command -v go >/dev/null 2>&1 || die "Go is needed to build $1 (install Go >= 1.23 and put it on PATH)"
}

# Temporal CLI (server + Web UI built in). v1.5.1 is the last tag whose go.mod
# has no replace directive, so `go install` works.
TEMPORAL_DIR="$CACHE_DIR/temporal-$TEMPORAL_VERSION"
if [ ! -x "$TEMPORAL_DIR/temporal" ]; then
  need_go "the Temporal CLI"
  say "building Temporal CLI v$TEMPORAL_VERSION into $TEMPORAL_DIR (a few minutes the first time)"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  GOBIN="$tmp" go install "github.com/temporalio/cli/cmd/temporal@v$TEMPORAL_VERSION"
  mkdir -p "$TEMPORAL_DIR"
  mv -f "$tmp/temporal" "$TEMPORAL_DIR/temporal"
  rm -rf "$tmp"
fi
link_into bin temporal "$TEMPORAL_DIR/temporal"

# FerretDB: `go install` yields a binary that panics at start because
# build/version/version.txt is not part of the module (FerretDB issue 2982),
# so build from a copy of the module directory with that file written.
FERRETDB_DIR="$CACHE_DIR/ferretdb-$FERRETDB_VERSION"
if [ ! -x "$FERRETDB_DIR/ferretdb" ]; then
  need_go "FerretDB"
  say "building FerretDB v$FERRETDB_VERSION into $FERRETDB_DIR (a few minutes the first time)"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  # Run outside any Go module so `go mod download` resolves the bare path.
  moddir="$(cd "$tmp" && go mod download -json "github.com/FerretDB/FerretDB@v$FERRETDB_VERSION" \
    | sed -n 's/^[[:space:]]*"Dir":[[:space:]]*"\(.*\)",\{0,1\}$/\1/p')"
  [ -n "$moddir" ] && [ -d "$moddir" ] || die "could not download the FerretDB module"
  cp -R "$moddir" "$tmp/src"
  chmod -R u+w "$tmp/src"
  mkdir -p "$tmp/src/build/version"
  printf 'v%s' "$FERRETDB_VERSION" >"$tmp/src/build/version/version.txt"
  (cd "$tmp/src" && go build -buildvcs=false -o "$tmp/ferretdb" ./cmd/ferretdb)
  mkdir -p "$FERRETDB_DIR"
  mv -f "$tmp/ferretdb" "$FERRETDB_DIR/ferretdb"
  rm -rf "$tmp"
fi
link_into bin ferretdb "$FERRETDB_DIR/ferretdb"

# MinIO: a real S3-compatible server on loopback for the `s3` media store's tests
# and the scale-out test. Only ever run as a separate process (AGPL; not linked).
MINIO_DIR="$CACHE_DIR/minio-$MINIO_VERSION"
if [ ! -x "$MINIO_DIR/minio" ]; then
  need_go "MinIO"
  say "building MinIO $MINIO_VERSION into $MINIO_DIR (several minutes the first time)"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  GOBIN="$tmp" GOFLAGS=-buildvcs=false go install "github.com/minio/minio@$MINIO_VERSION"
  mkdir -p "$MINIO_DIR"
  mv -f "$tmp/minio" "$MINIO_DIR/minio"
  rm -rf "$tmp"
fi
link_into bin minio "$MINIO_DIR/minio"

# --- the ear (local Whisper server): its venv and weights, cached like the tools above ---
bash "$ROOT/scripts/install-ear.sh"

# --- the Python clients' test environment (the SDK's tests, the official openai client) ---
bash "$ROOT/scripts/install-pyclients.sh"

# --- the reference tools the timeline exports are checked with (opentimelineio, lxml) ---
bash "$ROOT/scripts/install-timeline-check.sh"

# --- the embedded language model (llama-server, Qwen2.5-Coder-1.5B and SmolLM2 weights); HOLDLINE_EMBEDDED_MODEL=off skips it ---
# Optional: a failure is said, with what fixes it, and the rest still installs.
if ! bash "$ROOT/scripts/install-model.sh"; then
  say "the embedded model could not be installed (see above); \`npm run up\` will run without a model (HOLDLINE_EMBEDDED_MODEL=off skips it, MODEL_BASE_URL points at another server)"
fi

# --- node_modules --------------------------------------------------------------
# onnxruntime-node's postinstall would download GPU builds from GitHub; its CPU
# binaries (all the voice detector needs) ship inside the npm package itself.
export ONNXRUNTIME_NODE_INSTALL=skip
# A stamp of the lock file's hash tells whether node_modules matches it; without
# a stamp (installed by hand), fall back to comparing modification times.
STAMP="node_modules/.holdline-lock.sha256"
if [ -f package-lock.json ]; then
  lock_hash="$(sha256sum package-lock.json | cut -d' ' -f1)"
  need_npm=0
  if [ ! -d node_modules ]; then
    need_npm=1
  elif [ -f "$STAMP" ]; then
    [ "$(cat "$STAMP")" = "$lock_hash" ] || need_npm=1
  elif [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    need_npm=1
  fi
  if [ "$need_npm" -eq 1 ]; then
    say "npm ci"
    npm ci --no-audit --no-fund >&2
  fi
  [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$lock_hash" ] || printf '%s' "$lock_hash" >"$STAMP"
elif [ ! -d node_modules ]; then
  say "npm install (no package-lock.json yet)"
  npm install --no-audit --no-fund >&2
fi

# --- the embedded model server's check: it loads the model and answers one request (once per build and model) ---
[ "${HOLDLINE_EMBEDDED_MODEL:-on}" = "off" ] || node --import tsx "$ROOT/tooling/check-model-server.ts"
