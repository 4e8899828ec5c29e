#!/usr/bin/env bash
# `npm test`: installs what is missing, then runs side by side the type check,
# the lint (eslint.config.js: the layer rules; Prettier: the format), the ear's
# own tests and the test videos (skipped when the generator is unchanged: each
# truth file records the generator's hash), then vitest: the unit files in
# parallel, the integration files one after another (vitest.config.ts).
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

exec npx vitest run "$@"
