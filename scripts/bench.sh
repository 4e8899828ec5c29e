#!/usr/bin/env bash
# Benchmarks: scan wall time against its floor and worker memory, then the
# model interface's per-step overhead and time to first delta. Figures only;
# nothing here asserts a time. `npm run bench -- --quick` skips the 10-minute file.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh
export HOLDLINE_WORKER_LOG_LEVEL=WARN
# `npm run bench -- --fidelity [--only a,b] [--no-gate]`: the read against each fixture's truth instead (bench/fidelity.ts).
if [[ " $* " == *" --fidelity "* ]]; then
  args=()
  for a in "$@"; do [[ "$a" != --fidelity ]] && args+=("$a"); done
  exec node --import tsx bench/fidelity.ts "${args[@]}"
fi
node --import tsx bench/scan.ts "$@"
node --no-node-snapshot --import tsx bench/chat.ts
node --import tsx bench/load.ts
