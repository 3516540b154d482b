#!/usr/bin/env bash
# The viewer page (/viewer/) in a real browser: tests/browser/viewer.test.mjs drives Debian's
# headless Chromium with playwright-core against a spawned server (the debug binary), steps
# recorded games to their end and back, and checks a refused action and the screenshots.
# Installs what it needs: Chromium (apt, when /usr/bin/chromium or $CHROMIUM is missing) and the
# pinned npm packages (npm ci). Where no browser can be installed it says so and skips.
#   scripts/viewer-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

browser=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$browser" ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  if command -v apt-get >/dev/null; then
    echo "viewer-test: installing Debian's chromium" >&2
    $sudo apt-get install -y -q chromium >/dev/null 2>&1 ||
      { $sudo apt-get update -q >/dev/null 2>&1 && $sudo apt-get install -y -q chromium >/dev/null 2>&1; } || true
  fi
fi
if [ ! -x "$browser" ]; then
  echo "viewer-test: SKIPPED: no Chromium at $browser and none could be installed (apt-get install chromium, or set CHROMIUM)" >&2
  exit 0
fi
for tool in node npm; do
  command -v "$tool" >/dev/null || { echo "viewer-test: $tool is needed (Node.js 20 or later)" >&2; exit 1; }
done

dir=tests/browser
if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi

cargo build --locked --quiet --bin railrules
target=${CARGO_TARGET_DIR:-target}
RAILRULES_BIN="$(cd "$target" && pwd)/debug/railrules" CHROMIUM="$browser" node "$dir/viewer.test.mjs"
