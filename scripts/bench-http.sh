#!/usr/bin/env bash
# The HTTP benchmark: the release binary on loopback under wrk (installed with apt if missing).
# For each game, `validate` with its mid-game body (benches/fixtures/*-mid-game-validate.json)
# and, as the baseline, the same server echoing the same body (`POST /v1/echo`: parsed as JSON
# and written back), at 1, 16 and 64 connections. Prints requests/s, p50 and p99 for each, and
# the cost of validate relative to the echo.
# Usage: scripts/bench-http.sh [seconds per run, default 10]; GAMES="1833ne ..." picks the games.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
if ! command -v wrk >/dev/null; then
  (apt-get update -qq && apt-get install -y -qq wrk) >/dev/null
fi
cargo build --release --locked --bin railrules
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 18089)
# Access logging off: one line per request would measure the terminal, not the service.
RUST_LOG=warn ./target/release/railrules serve --bind 127.0.0.1 --port "$port" --echo-endpoint &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done

mkdir -p target/bench-http
# wrk's figures, in microseconds and requests/s: "rps p50 p99 errors".
run() { # path body connections
  local lua=target/bench-http/post.lua
  cat > "$lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$2", "r"); wrk.body = f:read("*a"); f:close()
LUA
  # One wrk thread keeps up with the server; a second only takes a core's share from it on a
  # 2-core machine (measured: 33,600 requests/s and p99 5.6 ms with two, 40,800 and 2.8 ms with
  # one, at 64 connections).
  wrk -t1 -c"$3" -d"${seconds}s" --latency -s "$lua" "http://127.0.0.1:$port$1" \
    > target/bench-http/last.txt
  awk '
    function us(v) {
      if (v ~ /us$/) return v + 0; if (v ~ /ms$/) return v * 1000; if (v ~ /s$/) return v * 1000000; return v
    }
    /^ +50%/ { p50 = us($2) } /^ +99%/ { p99 = us($2) }
    /Requests\/sec/ { rps = $2 }
    /Non-2xx|Socket errors/ { errors = 1 }
    END { printf "%d %d %d %s\n", rps, p50, p99, (errors ? "errors" : "0") }
  ' target/bench-http/last.txt
}

printf '%-27s %-9s %6s %10s %9s %9s %7s\n' game endpoint conns "req/s" "p50 µs" "p99 µs" errors
for game in ${GAMES:-railroad-barons 1833ne russian-railroads-american}; do
  body="benches/fixtures/$game-mid-game-validate.json"
  curl -fsS -H 'content-type: application/json' --data @"$body" \
    "http://127.0.0.1:$port/v1/$game/validate" | grep -q '"valid":true'
  for connections in 1 16 64; do
    read -r v_rps v_p50 v_p99 v_err < <(run "/v1/$game/validate" "$body" "$connections")
    read -r e_rps e_p50 e_p99 e_err < <(run "/v1/echo" "$body" "$connections")
    printf '%-27s %-9s %6d %10d %9d %9d %7s\n' "$game" validate "$connections" "$v_rps" "$v_p50" "$v_p99" "$v_err"
    printf '%-27s %-9s %6d %10d %9d %9d %7s\n' "$game" echo "$connections" "$e_rps" "$e_p50" "$e_p99" "$e_err"
    awk -v v="$v_rps" -v e="$e_rps" -v c="$connections" \
      'BEGIN { printf "    validate costs %.2f× the echo per request at %d connection(s)\n", e / v, c }'
  done
done
curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null && echo "still serving"
