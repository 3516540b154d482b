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
# A mid-game Railroad Barons state and its next action (the benchmarks' fixture: the recorded
# game halfway through).
body=benches/fixtures/railroad-barons-mid-game-validate.json
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 18088)
# Access logging off: one line per request would measure the terminal, not the service.
RUST_LOG=warn ./target/release/railrules serve --bind 127.0.0.1 --port "$port" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
cat > target/load.lua <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$PWD/$body", "r"); wrk.body = f:read("*a"); f:close()
LUA
# The server's resident memory every second, to see that it stays flat, and its peak.
: > target/load-rss.kb
( while kill -0 $server 2>/dev/null; do
    awk '/VmRSS/ {print $2}' /proc/$server/status >> target/load-rss.kb 2>/dev/null || true
    awk '/VmHWM/ {print $2}' /proc/$server/status > target/load-peak.kb 2>/dev/null || true
    sleep 1
  done ) &
echo "body: $(wc -c < "$body") bytes"
# One wrk thread keeps up; a second would take CPU from the server on a 2-core machine.
wrk -t1 -c"$connections" -d"${seconds}s" --latency -s target/load.lua "http://127.0.0.1:$port/v1/railroad-barons/validate"
echo "server peak memory: $(cat target/load-peak.kb) kB"
# Resident memory after the first tenth of the run (warmed up) and at its end.
awk -v s="$seconds" '{ rss[NR] = $1 } END {
  first = int(s / 10) + 2; if (first > NR) first = NR
  printf "server memory: %d kB after %d s, %d kB at the end\n", rss[first], first - 1, rss[NR] }' target/load-rss.kb
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null && echo "still serving"
