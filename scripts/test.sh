#!/usr/bin/env bash
# `npm test`: installs what is missing, then runs side by side the type check,
# the lint (eslint.config.js: the layer rules; Prettier: the format), the ear's
# own tests and the test videos (skipped when the generator is unchanged: each
# truth file records the generator's hash), then vitest in two lanes side by side:
# the unit files in parallel, then half the integration files one after another;
# the other half one after another, then the fault suite (vitest.config.ts).
# docs/tests.md ("The time budget") says what each part may take.
# Extra arguments go to vitest, e.g. `npm test -- test/unit`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh

# --- Checks side by side ------------------------------------------------------
# None of these reads another's output, so they share the cores; each writes to
# its own log, shown when it ends. The first to fail stops the others and the
# run, with its log and its exit status.
LOGS="$(mktemp -d)"
declare -A STEP_OF=() STARTED=()
stop_steps() {
  # Each step leads its own process group (setsid), so its children go with it.
  for pid in "${!STEP_OF[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  rm -rf "$LOGS"
}
trap stop_steps EXIT
trap 'exit 130' INT TERM

step() {
  local name=$1
  shift
  setsid "$@" >"$LOGS/$name.log" 2>&1 </dev/null &
  STEP_OF[$!]=$name
  STARTED[$name]=$SECONDS
}

step tsc npx tsc --noEmit -p .
step eslint npx eslint .
step prettier npx prettier --check --log-level warn .
# The ear's own tests (pytest, in its venv): they start a real ear on a free port.
step ear-pytest .tools/ear/venv/bin/python -m pytest -q ear/tests
step fixtures node --import tsx tooling/make-fixtures.ts

while [ "${#STEP_OF[@]}" -gt 0 ]; do
  rc=0
  wait -n -p done_pid "${!STEP_OF[@]}" || rc=$?
  name=${STEP_OF[$done_pid]}
  unset "STEP_OF[$done_pid]"
  took=$((SECONDS - ${STARTED[$name]}))
  if [ "$rc" -ne 0 ]; then
    cat "$LOGS/$name.log" >&2
    echo "test.sh: $name failed (exit $rc, ${took} s); stopping the other checks" >&2
    exit "$rc"
  fi
  [ -s "$LOGS/$name.log" ] && cat "$LOGS/$name.log"
  echo "test.sh: $name passed (${took} s)"
done
trap - EXIT
rm -rf "$LOGS"

# --- vitest in two lanes ---------------------------------------------------------
# With arguments (`npm test -- test/unit/x.test.ts`), one vitest process runs them.
[ "$#" -gt 0 ] && exec npx vitest run "$@"
# Without: two vitest processes side by side, each with its own stack (vitest.config.ts):
# lane 1 (`unit`, then `integration`) prints as it goes; lane 2 (`integration-2`, then
# `faults`, which start their own stacks and mostly wait on kills and restarts) writes
# to a log, printed once lane 1 has ended. Each prints its ten slowest files. The run
# fails when either lane fails.
LANE2_LOG="$(mktemp)"
LANES_START=$SECONDS
setsid bash -c 'npx vitest run --project integration-2 --project faults; rc=$?; echo "test.sh: lane 2 took $SECONDS s"; exit $rc' >"$LANE2_LOG" 2>&1 </dev/null &
LANE2=$!
trap 'kill -TERM -- "-$LANE2" 2>/dev/null || true; rm -f "$LANE2_LOG"' EXIT
lane1=0
npx vitest run --project unit --project integration || lane1=$?
lane1_took=$((SECONDS - LANES_START))
lane2=0
wait "$LANE2" || lane2=$?
trap - EXIT
echo
echo "test.sh: lane 2 (integration-2, faults), its output:"
cat "$LANE2_LOG"
rm -f "$LANE2_LOG"
echo "test.sh: lane 1 (unit, integration) $([ "$lane1" -eq 0 ] && echo passed || echo "failed (exit $lane1)") in ${lane1_took} s"
echo "test.sh: lane 2 (integration-2, faults) $([ "$lane2" -eq 0 ] && echo passed || echo "failed (exit $lane2)"); both lanes ended after $((SECONDS - LANES_START)) s"
[ "$lane1" -eq 0 ] || exit "$lane1"
exit "$lane2"
