#!/usr/bin/env bash
# Installs what is missing, makes the test videos (skipped when the generator
# is unchanged: each truth file records the generator's hash), type-checks,
# lints (eslint.config.js: the layer rules; Prettier: the format), runs the ear's
# tests and all others.
# Extra arguments go to vitest, e.g. `npm test -- test/unit`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh
npx tsc --noEmit -p .
npx eslint .
npx prettier --check --log-level warn .
# The ear's own tests (pytest, in its venv): they start a real ear on a free port.
.tools/ear/venv/bin/python -m pytest -q ear/tests
node --import tsx tooling/make-fixtures.ts
exec npx vitest run "$@"
