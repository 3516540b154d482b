# Sourced by the clients' install tests (scripts/ts-client-install.sh, py-client-test.sh): a
# temporary folder removed at exit (`$tmp`), a folder's git-tracked files copied there as a clone
# has them (`copy_tracked`), and the service started on a free loopback port (`start_service`:
# `$url`, `$bin`, stopped at exit). The caller sets `$name` (its messages' prefix) first.

tmp=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# copy_tracked DIR: the files of DIR that git tracks (their working-tree contents; never an
# untracked build, node_modules or venv) into $tmp/repo/DIR.
copy_tracked() {
  mkdir -p "$tmp/repo"
  git ls-files -z -- "$1" | while IFS= read -r -d '' file; do
    [ -e "$file" ] || [ -L "$file" ] || continue # deleted in the working tree
    cp -P --parents -- "$file" "$tmp/repo/"
  done
}

# start_service: $RAILRULES_BIN, else target/release/railrules (CI's scripts/hostile-load.sh
# builds it; built here when missing, and a binary older than src/ is used with a warning), on
# a free port of the loopback; waits for /healthz.
start_service() {
  if [ -n "${RAILRULES_BIN:-}" ]; then
    bin=$RAILRULES_BIN
  else
    bin=${CARGO_TARGET_DIR:-target}/release/railrules
    [ -x "$bin" ] || cargo build --release --locked --quiet --bin railrules
    local newer
    newer=$(find src Cargo.toml Cargo.lock -newer "$bin" -type f -print -quit 2>/dev/null || true)
    [ -z "$newer" ] || echo "$name: warning: $bin is older than $newer: it is used as it is (rebuild it, or set RAILRULES_BIN)" >&2
  fi
  # The loopback never through a proxy of the environment.
  export no_proxy="127.0.0.1,localhost${no_proxy:+,$no_proxy}" NO_PROXY="127.0.0.1,localhost${NO_PROXY:+,$NO_PROXY}"
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
  RUST_LOG=warn "$bin" serve --bind 127.0.0.1 --port "$port" >"$tmp/server.log" 2>&1 &
  server=$!
  url=http://127.0.0.1:$port
  local i
  for i in $(seq 1 100); do
    healthy && return 0
    if ! kill -0 "$server" 2>/dev/null; then
      cat "$tmp/server.log" >&2
      echo "$name: $bin serve --port $port exited" >&2
      exit 1
    fi
    sleep 0.2
  done
  healthy || { echo "$name: no answer from $url/healthz" >&2; exit 1; }
}

healthy() {
  python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1] + "/healthz", timeout=1).read()' "$url" 2>/dev/null
}
