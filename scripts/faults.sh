#!/usr/bin/env bash
# `npm run faults`: the fault suite (docs/faults.md), its full form unless HOLDLINE_FAULTS_MODE
# says otherwise. Extra arguments go to vitest (e.g. `-t 'mid-upload'`).
#   npm run faults                  the single-machine rows (test/faults/*.test.ts)
#   npm run faults -- --rehearsal   the rows across instances, on the production layout of
#                                   `npm run rehearse` (test/faults/*.rehearsal.ts; installs
#                                   what the rehearsal needs first)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh
export HOLDLINE_TEST_STACK=0 HOLDLINE_FAULTS_MODE="${HOLDLINE_FAULTS_MODE:-full}"
if [[ " $* " == *" --rehearsal "* ]]; then
  args=()
  for a in "$@"; do [[ "$a" != --rehearsal ]] && args+=("$a"); done
  bash scripts/install-rehearsal.sh
  # vitest.config.ts defines the project only with this set.
  export HOLDLINE_FAULTS_REHEARSAL=1
  exec npx vitest run --project faults-rehearsal "${args[@]}"
fi
exec npx vitest run test/faults "$@"
