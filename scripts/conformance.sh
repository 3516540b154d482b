#!/usr/bin/env bash
# Spec conformance: schemathesis against the served /openapi.json, every operation.
# Installs schemathesis (pip, in a venv under target/) if missing, starts the release binary on a
# loopback port, runs, stops it. Usage: scripts/conformance.sh [max-examples per operation]
set -euo pipefail
cd "$(dirname "$0")/.."
examples="${1:-100}"
shift || true
venv=target/conformance-venv
if [ ! -x "$venv/bin/st" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet schemathesis
fi
cargo build --release --locked --bin railrules
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
RUST_LOG=warn ./target/release/railrules serve --bind 127.0.0.1 --port "$port" --workers 2 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
"$venv/bin/st" run "http://127.0.0.1:$port/openapi.json" \
  --checks all --max-examples "$examples" --workers 2 \
  --exclude-checks positive_data_acceptance \
  "$@"
