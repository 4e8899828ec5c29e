# Shared by scripts/bootstrap.sh, scripts/install-ear.sh and scripts/install-model.sh
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
