#!/usr/bin/env bash
# The Python client (clients/python): regenerates src/railrules_client/models.py from
# openapi/openapi.json with clients/python/generate.py (standard library Python: every schema as
# a TypedDict, a Literal or a union), then type-checks the package, its tests and the generator
# with mypy --strict. mypy is pinned in clients/python/requirements-dev.txt and installed into
# clients/python/.venv when that is missing or was made from another requirements-dev.txt.
#   scripts/py-client.sh           regenerate the models, then type-check
#   scripts/py-client.sh --check   fail if the committed models differ from a fresh generation
#                                  (writes nothing), then type-check; for CI
# scripts/py-client-test.sh installs the package as the README says and tests it against a service.
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
case "${1:-}" in
  "") ;;
  --check) check=true ;;
  *) echo "usage: scripts/py-client.sh [--check]" >&2; exit 2 ;;
esac

dir=clients/python
spec=openapi/openapi.json
models=$dir/src/railrules_client/models.py
python=${PYTHON:-python3}

command -v "$python" >/dev/null || { echo "py-client: $python is needed (Python 3.11 or later; or set PYTHON)" >&2; exit 1; }
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
  { echo "py-client: $python is $("$python" -V 2>&1); the client needs Python 3.11 or later (set PYTHON)" >&2; exit 1; }

venv=$dir/.venv
if ! cmp -s "$dir/requirements-dev.txt" "$venv/requirements-dev.txt" || [ ! -x "$venv/bin/mypy" ]; then
  rm -rf "$venv"
  "$python" -m venv "$venv"
  if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$dir/requirements-dev.txt" >"$venv/pip.log" 2>&1; then
    cat "$venv/pip.log" >&2
    rm -rf "$venv"
    echo "py-client: pip install -r $dir/requirements-dev.txt failed" >&2
    exit 1
  fi
  cp "$dir/requirements-dev.txt" "$venv/requirements-dev.txt"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

generate() {
  if ! "$python" "$dir/generate.py" "$1" >"$tmp/log" 2>&1; then
    cat "$tmp/log" >&2
    echo "py-client: $dir/generate.py failed on $spec" >&2
    exit 1
  fi
}

if $check; then
  generate "$tmp/models.py"
  if ! cmp -s "$tmp/models.py" "$models"; then
    diff -u "$models" "$tmp/models.py" | head -n 40 >&2 || true
    echo "py-client: $models is stale (it differs from what $spec generates): run scripts/py-client.sh and commit it" >&2
    exit 1
  fi
  # A generated module git does not track would pass here but be missing from a clone.
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && [ -n "$(git ls-files --others -- "$models")" ]; then
    echo "py-client: $models is not tracked by git: git add $dir and commit it" >&2
    exit 1
  fi
else
  generate "$models"
fi

# mypy reads its settings (strict; the files: src, tests, generate.py) from the pyproject.toml.
(cd "$dir" && .venv/bin/mypy --cache-dir .venv/mypy-cache --no-error-summary) ||
  { echo "py-client: mypy --strict found errors in $dir" >&2; exit 1; }
echo "py-client: $models $($check && echo "is up to date" || echo "regenerated"); mypy --strict passed ($("$venv/bin/mypy" --version | cut -d' ' -f1-2))"
