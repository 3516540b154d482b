#!/usr/bin/env bash
# The TypeScript client (clients/typescript): regenerates src/railrules.d.ts from
# openapi/openapi.json with openapi-typescript, then type-checks the folder (tsc --noEmit, strict).
# Installs the pinned npm packages (npm ci) when node_modules is missing or older than the lock file.
#   scripts/ts-client.sh           regenerate the types, then type-check
#   scripts/ts-client.sh --check   fail if the committed types differ from a fresh generation
#                                  (writes nothing), then type-check; for CI
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
case "${1:-}" in
  "") ;;
  --check) check=true ;;
  *) echo "usage: scripts/ts-client.sh [--check]" >&2; exit 2 ;;
esac

dir=clients/typescript
spec=openapi/openapi.json
types=$dir/src/railrules.d.ts

for tool in node npm; do
  command -v "$tool" >/dev/null || { echo "ts-client: $tool is needed (Node.js 20 or later)" >&2; exit 1; }
done

if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# clients/typescript/generate.mjs runs openapi-typescript on the spec without its request
# examples (the package's "generate" script runs it too).
generate() {
  if ! node "$dir/generate.mjs" "$1" >"$tmp/log" 2>&1; then
    cat "$tmp/log" >&2
    echo "ts-client: openapi-typescript failed on $spec" >&2
    exit 1
  fi
}

if $check; then
  generate "$tmp/railrules.d.ts"
  if ! cmp -s "$tmp/railrules.d.ts" "$types"; then
    diff -u "$types" "$tmp/railrules.d.ts" | head -n 40 >&2 || true
    echo "ts-client: $types is stale (it differs from what $spec generates): run scripts/ts-client.sh and commit it" >&2
    exit 1
  fi
else
  generate "$types"
fi

"$dir/node_modules/.bin/tsc" --noEmit -p "$dir"
echo "ts-client: $types $($check && echo "is up to date" || echo "regenerated"); tsc --noEmit passed"
