#!/usr/bin/env bash
# Runs npm scripts side by side, each output line prefixed with its script's name, and fails when any of them
# fails. `npm test` runs the type check beside the lint (itself ESLint beside Prettier's check), and `npm run build`
# the site beside the functions' bundle (neither reads the other's output): each uses about one core, and CI has two.
set -uo pipefail
pids=()
for name in "$@"; do
  (
    npm run --silent "$name" 2>&1 | sed -u "s/^/[$name] /"
    exit "${PIPESTATUS[0]}"
  ) &
  pids+=("$!")
done
status=0
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then
    echo "[${*:i+1:1}] failed" >&2
    status=1
  fi
done
exit "$status"
