#!/usr/bin/env bash
# The TypeScript client (clients/typescript): regenerates src/railrules.d.ts from
# openapi/openapi.json with openapi-typescript, then builds the package into dist/
# (clients/typescript/build.mjs: tsc, strict, which is the type-check). dist/ is committed:
# `npm install ./clients/typescript` installs it as it is, with no build and no dependency
# (typescript is only a devDependency; openapi-fetch, the one runtime dependency, comes from
# the registry when the package is installed).
# Installs the pinned npm packages (npm ci) when node_modules is missing or older than the lock file.
#   scripts/ts-client.sh           regenerate the types, then rebuild dist/
#   scripts/ts-client.sh --check   fail if the committed types or dist/ differ from a fresh
#                                  generation and build (writes nothing); for CI
# scripts/ts-client-install.sh installs the committed package as the README says and uses it.
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
dist=$dir/dist

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

# The package's build (clients/typescript/build.mjs, its "build" script): tsc writes dist/ (and
# type-checks src/) and the generated types go beside it.
build() {
  node "$dir/build.mjs" "$1"
}

if $check; then
  build "$tmp/dist"
  if ! diff -r "$dist" "$tmp/dist" >"$tmp/diff" 2>&1; then
    head -n 40 "$tmp/diff" >&2
    echo "ts-client: $dist is stale (it differs from what $dir/build.mjs builds from $dir/src): run scripts/ts-client.sh and commit it" >&2
    exit 1
  fi
  # A file of dist/ git does not track would pass here but be missing from a clone.
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    untracked=$(git ls-files --others -- "$dist")
    if [ -n "$untracked" ]; then
      echo "$untracked" >&2
      echo "ts-client: these files of $dist are not tracked by git: git add $dist and commit it" >&2
      exit 1
    fi
  fi
  echo "ts-client: $types and $dist are up to date; tsc passed"
else
  build "$dist"
  echo "ts-client: $types regenerated, $dist rebuilt; tsc passed"
fi
