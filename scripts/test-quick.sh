#!/usr/bin/env bash
# npm run test:quick: the desk's loop, meant to answer within two minutes. Side by side: the types (tsc, the
# .ts and .tsx files; `npm run check` adds the .astro files), ESLint on the files changed from main (committed
# or not), and Vitest's unit and API tests on the embedded database only (TEST_DATABASE_URL unset: the
# PostgreSQL copies of test/postgres-suites.ts are `npm test`'s). No build, no browser, and so no check of the
# build's output (vitest.config.ts, BUILD_CHECKS).
# Arguments go to Vitest: `npm run test:quick -- src/server/templates` runs the tests under that folder only.
set -uo pipefail
cd "$(dirname "$0")/.."

base=$(git merge-base HEAD "${QUICK_BASE:-main}" 2>/dev/null || git rev-parse HEAD)
mapfile -t changed < <(
  { git diff --name-only --diff-filter=d "$base"; git ls-files --others --exclude-standard; } |
    grep -E '\.(ts|tsx|astro|js|mjs|cjs)$' | sort -u
)

started=$SECONDS
step() {
  local name=$1
  shift
  local t=$SECONDS
  "$@" 2>&1 | sed -u "s/^/[$name] /"
  local status=${PIPESTATUS[0]}
  echo "[$name] $([ "$status" = 0 ] && echo ok || echo FAILED) in $((SECONDS - t)) s"
  return "$status"
}
lint() {
  if [ ${#changed[@]} -eq 0 ]; then echo "no changed files"; return 0; fi
  npx eslint --no-warn-ignored "${changed[@]}"
}

step types npx tsc --noEmit -p tsconfig.json &
types=$!
step lint lint &
linted=$!
step unit env -u TEST_DATABASE_URL TEST_QUICK=1 npx vitest run "$@" &
unit=$!

status=0
for pid in $types $linted $unit; do wait "$pid" || status=1; done
echo "test:quick $([ "$status" = 0 ] && echo passed || echo FAILED) in $((SECONDS - started)) s"
exit "$status"
