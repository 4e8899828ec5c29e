#!/usr/bin/env bash
# `npm test`: installs what is missing, makes the test videos (skipped when the
# generator is unchanged: each truth file records the generator's hash; a fresh clone
# copies those this machine made before from $HOME/.cache/holdline), then runs
# side by side the type check, the lint (eslint.config.js: the layer rules; Prettier:
# the format), the ear's own tests and vitest in two lanes: the unit files in
# parallel, then half the integration files one after another; the other half one
# after another, then the fault suite (vitest.config.ts). The type check and the
# lint keep caches under $HOME/.cache/holdline, so a warm run checks again only what
# changed (and, for the lint, what imports it). docs/tests.md ("The time budget")
# says what each part may take.
# Extra arguments go to vitest, e.g. `npm test -- test/unit`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh

# --- Caches of the checks -----------------------------------------------------------
# One set per version of the tools and their settings (a new lockfile or config starts
# cold). ESLint and Prettier name files by absolute path in their caches: the copies
# kept here say @ROOT@ instead, so a clone in another folder uses them too. tsc names
# files from its build-info file, which lives in the clone (.data/checks).
CACHE_DIR="${HOLDLINE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/holdline}"
CHECKS_KEY="$(cat package-lock.json tsconfig.json eslint.config.js .prettierrc.json .prettierignore | sha256sum | cut -c1-16)"
export CHECKS_CACHE="$CACHE_DIR/checks-$CHECKS_KEY" CHECKS_WORK="$PWD/.data/checks"
mkdir -p "$CHECKS_CACHE" "$CHECKS_WORK"
# cache_in NAME / cache_out NAME: the kept copy into the clone, and back (atomically).
cache_in() {
  if [ -f "$CHECKS_CACHE/$1" ]; then
    FROM='@ROOT@' TO="$PWD" perl -pe 's/\Q$ENV{FROM}\E/$ENV{TO}/g' "$CHECKS_CACHE/$1" >"$CHECKS_WORK/$1"
  else
    rm -f "$CHECKS_WORK/$1"
  fi
}
cache_out() {
  [ -f "$CHECKS_WORK/$1" ] || return 0
  FROM="$PWD" TO='@ROOT@' perl -pe 's/\Q$ENV{FROM}\E/$ENV{TO}/g' "$CHECKS_WORK/$1" >"$CHECKS_CACHE/$1.$$"
  mv -f "$CHECKS_CACHE/$1.$$" "$CHECKS_CACHE/$1"
}
check_tsc() {
  cache_in tsc.tsbuildinfo
  npx tsc --noEmit -p . --incremental --tsBuildInfoFile "$CHECKS_WORK/tsc.tsbuildinfo" || return
  cache_out tsc.tsbuildinfo
}
check_prettier() {
  cache_in prettier.cache
  npx prettier --check --log-level warn --cache --cache-strategy content --cache-location "$CHECKS_WORK/prettier.cache" . || return
  cache_out prettier.cache
}
# ESLint's cache judges a file by its content alone, but no-floating-promises (types) and
# import-x/no-cycle (the import graph) read the files it imports: the unchanged files whose
# imports reach a changed one are linted again without the cache (tooling/lint-affected.ts).
check_eslint() {
  local affected
  affected="$(node --import tsx tooling/lint-affected.ts "$CHECKS_CACHE/lint-manifest.json" "$CHECKS_WORK/lint-manifest.json")"
  if [ "$affected" = '*' ]; then
    echo "eslint: no record of a passing lint of a tree like this one: linting every file"
    rm -f "$CHECKS_WORK/eslint.cache"
  else
    cache_in eslint.cache
  fi
  npx eslint --cache --cache-strategy content --cache-location "$CHECKS_WORK/eslint.cache" . || return
  if [ -n "$affected" ] && [ "$affected" != '*' ]; then
    echo "eslint: $(printf '%s\n' "$affected" | wc -l) unchanged files import changed ones: linting them again"
    printf '%s\n' "$affected" | xargs npx eslint || return
  fi
  cache_out eslint.cache
  # The tree as it was when this lint began is the one that passed.
  mv -f "$CHECKS_WORK/lint-manifest.json" "$CHECKS_CACHE/lint-manifest.json.$$"
  mv -f "$CHECKS_CACHE/lint-manifest.json.$$" "$CHECKS_CACHE/lint-manifest.json"
}
export -f cache_in cache_out check_tsc check_prettier check_eslint

# --- Steps side by side ------------------------------------------------------------
# Each step writes to its own log, shown when it ends (lane 1 prints as it goes). The
# first check to fail stops every other step, the vitest lanes too, and the run, with
# its log and its exit status; a failing lane fails the run once every step has ended.
LOGS="$(mktemp -d)"
declare -A STEP_OF=() STARTED=() RC=()
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
# A step whose output goes straight to ours (lane 1).
live_step() {
  local name=$1
  shift
  setsid "$@" </dev/null &
  STEP_OF[$!]=$name
  STARTED[$name]=$SECONDS
}
is_lane() { [[ $1 == lane* || $1 == vitest ]]; }

# Waits for the next step to end: a check that failed ends the run; a lane's status is kept.
next_ended() {
  local rc=0 done_pid name took
  wait -n -p done_pid "${!STEP_OF[@]}" || rc=$?
  name=${STEP_OF[$done_pid]}
  unset "STEP_OF[$done_pid]"
  took=$((SECONDS - ${STARTED[$name]}))
  RC[$name]=$rc
  if is_lane "$name"; then
    echo "test.sh: $name $([ "$rc" -eq 0 ] && echo passed || echo "failed (exit $rc)") in ${took} s"
    return
  fi
  if [ "$rc" -ne 0 ]; then
    cat "$LOGS/$name.log" >&2
    echo "test.sh: $name failed (exit $rc, ${took} s); stopping the other steps" >&2
    exit "$rc"
  fi
  [ -s "$LOGS/$name.log" ] && cat "$LOGS/$name.log"
  echo "test.sh: $name passed (${took} s)"
}

# The static checks yield the cores to the tests (nice 5): they fill the lanes' waits.
step tsc nice -n 5 bash -c check_tsc
step eslint nice -n 5 bash -c check_eslint
step prettier nice -n 5 bash -c check_prettier
# The ear's own tests (pytest, in its venv): they start a real ear on a free port.
step ear-pytest .tools/ear/venv/bin/python -m pytest -q ear/tests
# The test videos, before any test file asks for one.
step fixtures node --import tsx tooling/fixtures/main.ts
while [ -z "${RC[fixtures]+set}" ]; do next_ended; done

# --- vitest in two lanes, beside the checks still running ---------------------------------
LANES_START=$SECONDS
if [ "$#" -gt 0 ]; then
  # With arguments (`npm test -- test/unit/x.test.ts`), one vitest process runs them.
  live_step vitest npx vitest run "$@"
else
  # Two vitest processes side by side, each with its own stack (vitest.config.ts): lane 1
  # (`unit`, then `integration`) prints as it goes; lane 2 (`integration-2`, then `faults`,
  # which start their own stacks and mostly wait on kills and restarts) writes to a log,
  # printed once every step has ended. Each prints its ten slowest files and writes every
  # file's time (HOLDLINE_FILE_TIMES), so the run ends with the ten slowest of both.
  live_step lane1 env HOLDLINE_FILE_TIMES="$LOGS/lane1-times.json" bash -c 'npx vitest run --project unit --project integration 2>&1 | tee "$0"; exit "${PIPESTATUS[0]}"' "$LOGS/lane1.log"
  step lane2 env HOLDLINE_FILE_TIMES="$LOGS/lane2-times.json" npx vitest run --project integration-2 --project faults
fi
while [ "${#STEP_OF[@]}" -gt 0 ]; do next_ended; done
trap - EXIT

if [ "$#" -gt 0 ]; then
  rm -rf "$LOGS"
  exit "${RC[vitest]}"
fi
echo
echo "test.sh: lane 2 (integration-2, faults), its output:"
cat "$LOGS/lane2.log"
echo
echo "test.sh: the whole run's slowest files (both lanes):"
node --import tsx test/reporters/slowest-of-run.ts "$LOGS/lane1-times.json" "$LOGS/lane2-times.json" || true
# CI keeps the end of the output: each failed test again, with its first error line, last.
failed_tests() { # log
  sed 's/\x1b\[[0-9;]*m//g' "$1" | awk '/^ *FAIL /{print; want=1; next} want && NF {print "    " $0; want=0}' | head -n 60
}
for lane in lane1 lane2; do
  [ "${RC[$lane]}" -eq 0 ] && continue
  echo "test.sh: $lane's failed tests:"
  failed_tests "$LOGS/$lane.log"
done
rm -rf "$LOGS"
echo "test.sh: lane 1 (unit, integration) $([ "${RC[lane1]}" -eq 0 ] && echo passed || echo "failed (exit ${RC[lane1]})")"
echo "test.sh: lane 2 (integration-2, faults) $([ "${RC[lane2]}" -eq 0 ] && echo passed || echo "failed (exit ${RC[lane2]})"); both lanes ended after $((SECONDS - LANES_START)) s"
[ "${RC[lane1]}" -eq 0 ] || exit "${RC[lane1]}"
exit "${RC[lane2]}"
