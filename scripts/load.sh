#!/usr/bin/env bash
# Load: the release binary and a load generator (wrk, installed with apt if missing) on
# loopback, 60 s at 64 connections against validate with a mid-game state. Reports
# requests/s, p50/p99 latency, errors and the server's peak memory.
# Usage: scripts/load.sh [seconds] [connections]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
connections="${2:-64}"
if ! command -v wrk >/dev/null; then
  (apt-get update -qq && apt-get install -y -qq wrk) >/dev/null
fi
cargo build --release --locked --bin railrules
body=target/load-body.json
# A mid-game Railroad Barons state: a recorded game replayed for 60 actions, and its next action.
python3 - "$body" <<'PY'
import json, sys
save = json.load(open("examples/savegames/railroad-barons-greedy-seed-19.json"))
json.dump({"setup": save["setup"], "actions": save["actions"][:60]}, open(sys.argv[1] + ".replay", "w"))
PY
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# Access logging off: one line per request would measure the terminal, not the service.
RUST_LOG=warn ./target/release/railrules serve --bind 127.0.0.1 --port "$port" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
# The state after 60 actions, and the 61st action: a validate body.
curl -fsS -H 'content-type: application/json' --data @"$body.replay" "http://127.0.0.1:$port/v1/railroad-barons/replay" \
  | python3 -c '
import json, sys
save = json.load(open("examples/savegames/railroad-barons-greedy-seed-19.json"))
state = json.load(sys.stdin)["state"]
json.dump({"state": state, "action": save["actions"][60]}, open(sys.argv[1], "w"))' "$body"
cat > target/load.lua <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$body", "r"); wrk.body = f:read("*a"); f:close()
LUA
( while kill -0 $server 2>/dev/null; do
    rss=$(awk '/VmHWM/ {print $2}' /proc/$server/status 2>/dev/null || echo 0)
    echo "$rss" > target/load-peak.kb; sleep 1
  done ) &
echo "body: $(wc -c < "$body") bytes"
# One wrk thread keeps up; a second would take CPU from the server on a 2-core machine.
wrk -t1 -c"$connections" -d"${seconds}s" --latency -s target/load.lua "http://127.0.0.1:$port/v1/railroad-barons/validate"
echo "server peak memory: $(cat target/load-peak.kb) kB"
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null && echo "still serving"
