# Shared by scripts/bootstrap.sh and the install-*.sh scripts
# (sourced, never run): where the cache is, how to speak, scratch directories
# that go on exit, and links into the repo's .tools/. The sourcing script sets
# INSTALL_NAME (the prefix of its messages) and ROOT first.

CACHE_DIR="${HOLDLINE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/holdline}"

say() { printf '%s: %s\n' "$INSTALL_NAME" "$*" >&2; }
die() { printf '%s: error: %s\n' "$INSTALL_NAME" "$*" >&2; exit 1; }

# Builds happen in a scratch directory beside the cache and are moved in whole,
# so an interrupted build never leaves a half-made tool, venv or weight file behind.
TMP_DIRS=()
cleanup() { [ ${#TMP_DIRS[@]} -eq 0 ] || rm -rf "${TMP_DIRS[@]}"; }
trap cleanup EXIT
new_tmp() {
  mkdir -p "$CACHE_DIR"
  mktemp -d "$CACHE_DIR/.tmp.XXXXXX"
}

link_into() { # dir (under .tools) name target
  mkdir -p "$ROOT/.tools/$1"
  if [ "$(readlink "$ROOT/.tools/$1/$2" 2>/dev/null || true)" != "$3" ]; then
    ln -sfn "$3" "$ROOT/.tools/$1/$2"
    say "linked .tools/$1/$2 -> $3"
  fi
}

# The one CPython the Python environments are locked for (the ear's and the
# Python clients'), from $HOLDLINE_EAR_PYTHON or python3; sets PYTHON and
# py_version, or dies saying what needs it (WHO) and why 3.11 (WHY).
require_python_311() { # who why
  PYTHON="${HOLDLINE_EAR_PYTHON:-python3}"
  command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found ($1 needs CPython 3.11)"
  py_version="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
  [ "$py_version" = "3.11" ] || die "$1 needs CPython 3.11 ($2); $PYTHON is $py_version"
}

# A virtual environment with hash-pinned requirements, binary wheels only (nothing
# is compiled here, and every file is the hashed one), at $CACHE_DIR/<prefix>-<key>:
# the key is taken from the Python version and the requirement files, so a change
# of pins makes a new one. Built aside and moved in whole; sets VENV_DIR.
hashed_venv() { # prefix description requirement-file...
  local prefix="$1" description="$2" tmp
  shift 2
  VENV_DIR="$CACHE_DIR/$prefix-$(printf 'cpython-%s\n' "$py_version" | cat - "$@" | sha256sum | cut -c1-16)"
  [ ! -x "$VENV_DIR/bin/python" ] || return 0
  say "installing $description into $VENV_DIR"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  "$PYTHON" -m venv "$tmp/venv"
  local requirement_args=() file
  for file in "$@"; do requirement_args+=(-r "$file"); done
  "$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
    --require-hashes --only-binary :all: "${requirement_args[@]}" >&2
  mv "$tmp/venv" "$VENV_DIR"
  rm -rf "$tmp"
}
