#!/usr/bin/env bash
# Installs what is missing, makes the test videos (skipped when the generator
# is unchanged: each truth file records the generator's hash), type-checks,
# lints (eslint.config.js: the layer rules) and runs all tests.
# Extra arguments go to vitest, e.g. `npm test -- test/unit`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh
npx tsc --noEmit -p .
npx eslint .
node --import tsx scripts/make-fixtures.ts
exec npx vitest run "$@"
