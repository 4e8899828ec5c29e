#!/usr/bin/env bash
# Installs what is missing, then runs the whole stack in the foreground (see scripts/up.ts).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh service
exec node --import tsx scripts/up.ts "$@"
