#!/usr/bin/env bash
# Benchmarks, one after another in one run, each figure printed with its target
# and MET / NOT MET: scan end to end against its floor (and PySceneDetect on the
# same file), the model interface's per-step overhead, the hot reads at 50
# connections with 10,000 scans, and the poll while a 10-minute scan and 400 MB
# uploads run. Nothing here asserts a time.
#   npm run bench                 the 60 s and the 10-minute file (about 25 min on a quiet 2-core machine)
#   npm run bench -- --quick      the 60 s file only, 5 s load windows (about 8 min)
#   npm run bench -- --fidelity   the read against each fixture's truth instead (bench/fidelity.ts)
#   npm run bench -- --agents     what the agents get right on the embedded model, beside the bare model (bench/agents.ts, about 40 min)
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
# `npm run bench -- --agents [--only id,id] [--model small]`: the agents' tasks instead (bench/agents.ts).
if [[ " $* " == *" --agents "* ]]; then
  args=()
  for a in "$@"; do [[ "$a" != --agents ]] && args+=("$a"); done
  exec node --no-node-snapshot --import tsx bench/agents.ts "${args[@]}"
fi
quick=()
[[ " $* " == *" --quick "* ]] && quick=(--quick)
# PySceneDetect is a comparison for the benchmark only (PyPI), never a dependency of the service.
if ! command -v scenedetect >/dev/null 2>&1 && command -v pip >/dev/null 2>&1; then
  pip install --quiet 'scenedetect==0.7.2' opencv-python-headless >/dev/null 2>&1 || echo "bench: scenedetect could not be installed; its figure is skipped"
fi
started=$(date +%s)
node --import tsx bench/scan.ts "$@"
node --no-node-snapshot --import tsx bench/chat.ts
node --import tsx bench/load.ts "${quick[@]}"
echo "bench: done in $(( $(date +%s) - started )) s"
