#!/usr/bin/env bash
# Installs what `npm run rehearse` needs beyond scripts/bootstrap.sh, idempotently:
#  - the Debian packages postgresql and haproxy (apt, as the bootstrap installs its own);
#  - the Temporal server and its temporal-sql-tool, v$TEMPORAL_SERVER_VERSION (the version
#    docker-compose.yml pins), built with `go install` from the Go module proxy, with the
#    module's PostgreSQL schema files and config templates beside them, under
#    $CACHE_DIR/temporal-server-<version>;
#  - the Temporal Web UI server v$TEMPORAL_UI_VERSION (compose's temporal-ui), built the
#    same way from github.com/temporalio/ui-server/v2 (its web assets are in the module),
#    with its config templates, under $CACHE_DIR/temporal-ui-<version>.
# FerretDB 1.24.2 and MinIO come from the bootstrap. Each build is made in a scratch
# directory and moved in whole; links go into .tools/bin and .tools/rehearsal.
# Not part of `npm test`'s bootstrap: only `npm run rehearse` runs it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

TEMPORAL_SERVER_VERSION="1.29.1"
TEMPORAL_UI_VERSION="2.42.1"
INSTALL_NAME=install-rehearsal
# shellcheck source=scripts/install-lib.sh
. "$ROOT/scripts/install-lib.sh"

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# --- Debian packages -------------------------------------------------------
need_apt=0
command -v haproxy >/dev/null 2>&1 || need_apt=1
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need_apt=1
command -v psql >/dev/null 2>&1 || need_apt=1
if [ "$need_apt" -eq 1 ]; then
  say "installing Debian packages: postgresql haproxy"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -q >&2
  as_root apt-get install -y -q --no-install-recommends postgresql haproxy >&2
fi
# The Debian package starts its own cluster and HAProxy on install: the rehearsal runs
# private ones, so the services the package started are left as the system has them.

# --- Go-built servers --------------------------------------------------------
for d in /usr/local/go/bin "$HOME/go/bin"; do
  case ":$PATH:" in *":$d:"*) ;; *) [ -d "$d" ] && PATH="$PATH:$d" ;; esac
done
export PATH
need_go() {
  command -v go >/dev/null 2>&1 || die "Go is needed to build $1 (install Go >= 1.24 and put it on PATH)"
}

# One install at a time per cache: two checkouts rehearsing at once wait for each other.
mkdir -p "$CACHE_DIR"
exec 9>"$CACHE_DIR/.install-rehearsal.lock"
flock 9

module_dir() { # module@version: the module's directory in Go's module cache (downloaded if missing)
  local tmp dir
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  # Outside any Go module, so the bare path resolves.
  dir="$(cd "$tmp" && go mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir":[[:space:]]*"\(.*\)",\{0,1\}$/\1/p')"
  [ -n "$dir" ] && [ -d "$dir" ] || die "could not download the module $1"
  printf '%s' "$dir"
}

SERVER_DIR="$CACHE_DIR/temporal-server-$TEMPORAL_SERVER_VERSION"
if [ ! -x "$SERVER_DIR/temporal-server" ] || [ ! -x "$SERVER_DIR/temporal-sql-tool" ]; then
  need_go "the Temporal server"
  say "building the Temporal server and temporal-sql-tool v$TEMPORAL_SERVER_VERSION into $SERVER_DIR (a few minutes the first time)"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  GOBIN="$tmp/bin" GOFLAGS=-buildvcs=false go install \
    "go.temporal.io/server/cmd/server@v$TEMPORAL_SERVER_VERSION" \
    "go.temporal.io/server/cmd/tools/sql@v$TEMPORAL_SERVER_VERSION"
  moddir="$(module_dir "go.temporal.io/server@v$TEMPORAL_SERVER_VERSION")"
  mkdir -p "$tmp/out/schema" "$tmp/out/config"
  mv "$tmp/bin/server" "$tmp/out/temporal-server"
  mv "$tmp/bin/sql" "$tmp/out/temporal-sql-tool"
  # The schema compose's temporal-schema service applies, and the server's config template.
  cp -R "$moddir/schema/postgresql" "$tmp/out/schema/postgresql"
  cp "$moddir/config/development-postgres12.yaml" "$tmp/out/config/"
  chmod -R u+w "$tmp/out"
  rm -rf "$SERVER_DIR"
  mv "$tmp/out" "$SERVER_DIR"
  rm -rf "$tmp"
fi
link_into bin temporal-server "$SERVER_DIR/temporal-server"
link_into bin temporal-sql-tool "$SERVER_DIR/temporal-sql-tool"
link_into rehearsal temporal-server "$SERVER_DIR"

UI_DIR="$CACHE_DIR/temporal-ui-$TEMPORAL_UI_VERSION"
if [ ! -x "$UI_DIR/temporal-ui-server" ]; then
  need_go "the Temporal Web UI"
  say "building the Temporal Web UI server v$TEMPORAL_UI_VERSION into $UI_DIR"
  tmp="$(new_tmp)"; TMP_DIRS+=("$tmp")
  GOBIN="$tmp/bin" GOFLAGS=-buildvcs=false go install "github.com/temporalio/ui-server/v2/cmd/server@v$TEMPORAL_UI_VERSION"
  moddir="$(module_dir "github.com/temporalio/ui-server/v2@v$TEMPORAL_UI_VERSION")"
  mkdir -p "$tmp/out"
  mv "$tmp/bin/server" "$tmp/out/temporal-ui-server"
  # docker.yaml is the template the temporalio/ui image reads its TEMPORAL_* variables with.
  cp -R "$moddir/config" "$tmp/out/config"
  chmod -R u+w "$tmp/out"
  rm -rf "$UI_DIR"
  mv "$tmp/out" "$UI_DIR"
  rm -rf "$tmp"
fi
link_into bin temporal-ui-server "$UI_DIR/temporal-ui-server"
link_into rehearsal temporal-ui "$UI_DIR"
