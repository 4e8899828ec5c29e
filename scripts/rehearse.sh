#!/usr/bin/env bash
# Installs what is missing (the bootstrap's tools, then the rehearsal's own: PostgreSQL,
# HAProxy, the Temporal server, its SQL tool and Web UI), then runs the production layout
# in the foreground (see scripts/rehearse.ts). Ctrl-C stops it all.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh
bash scripts/install-rehearsal.sh
exec node --import tsx scripts/rehearse.ts "$@"
