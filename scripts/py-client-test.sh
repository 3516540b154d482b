#!/usr/bin/env bash
# The README's install of the Python client, as a user on a fresh checkout does it, then its
# tests against a real service: clients/python's files that git tracks (their working-tree
# contents; never an untracked build/, .venv/ or *.egg-info) are copied to a temporary folder,
# a new virtual environment there runs `pip install ./clients/python` (its build backend,
# flit_core, from PyPI), and the copy's tests (clients/python/tests, unittest) run with that
# environment's Python, away from the sources, against a railrules service started here: every
# game of GET /v1/games set up, listed, validated, replayed and checked; refused requests with
# their pointers; what the client says when no service answers. Fails if any test is skipped.
# The service: $RAILRULES_BIN, else target/release/railrules, built when missing (a binary older
# than src/ is used as it is, with a warning: rebuild it, or point RAILRULES_BIN at a fresh one).
#   scripts/py-client-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

dir=clients/python
python=${PYTHON:-python3}
command -v git >/dev/null || { echo "py-client-test: git is needed" >&2; exit 1; }
command -v "$python" >/dev/null || { echo "py-client-test: $python is needed (Python 3.11 or later; or set PYTHON)" >&2; exit 1; }
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
  { echo "py-client-test: $python is $("$python" -V 2>&1); the client needs Python 3.11 or later (set PYTHON)" >&2; exit 1; }

name=py-client-test
# shellcheck source=scripts/lib/clean-install.sh
. scripts/lib/clean-install.sh
copy_tracked "$dir"
[ -f "$tmp/repo/$dir/pyproject.toml" ] || { echo "py-client-test: git tracks no $dir/pyproject.toml (git add $dir)" >&2; exit 1; }
untracked=$(git ls-files --others --exclude-standard -- "$dir")
if [ -n "$untracked" ]; then
  echo "$untracked" | sed 's/^/  /' >&2
  echo "py-client-test: warning: these files are not tracked by git, so not installed or tested (git add them)" >&2
fi

# A new virtual environment installs the client exactly as the README says.
"$python" -m venv "$tmp/venv"
venv_python=$tmp/venv/bin/python
if ! (cd "$tmp/repo" && PIP_DISABLE_PIP_VERSION_CHECK=1 "$tmp/venv/bin/pip" install ./$dir) >"$tmp/pip.log" 2>&1; then
  cat "$tmp/pip.log" >&2
  echo "py-client-test: pip install ./$dir failed on the files git tracks" >&2
  exit 1
fi
installed=$(cd "$tmp" && "$venv_python" -c 'import railrules_client; print(railrules_client.__file__)')
case "$installed" in
  "$tmp/venv/"*) ;;
  *) echo "py-client-test: railrules_client was imported from $installed, not from the installed package" >&2; exit 1 ;;
esac

# The service, on a free port of the loopback (scripts/lib/clean-install.sh).
start_service

# The tests of the copy, run from outside it: `import railrules_client` finds the installed package.
tests=$tmp/repo/$dir/tests
if ! (cd "$tmp" && RAILRULES_URL=$url "$venv_python" -m unittest discover -s "$tests" -t "$tests" -v) 2>&1 | tee "$tmp/tests.log"; then
  echo "py-client-test: the installed client's tests failed against $url (server log: below)" >&2
  cat "$tmp/server.log" >&2
  exit 1
fi
if ! tail -n 1 "$tmp/tests.log" | grep -qx "OK"; then
  echo "py-client-test: some tests were skipped ($(tail -n 1 "$tmp/tests.log")): every test must run here" >&2
  exit 1
fi

kill "$server"
wait "$server" 2>/dev/null || true
server=""
echo "py-client-test: pip install ./$dir (git-tracked files only) installed railrules-client into a new venv; its tests passed against $bin"
