#!/usr/bin/env bash
# Hostile load (issue 16.8): the release server, run as deploy/kubernetes runs it, is sent
# issue 16's worst bodies from 8 connections (each alone for 2 s, then all together for 30 s)
# while /healthz is asked every 100 ms. Fails if the server's peak resident memory reaches
# 200 MiB (the Deployment's limit is 256Mi), or a /healthz fails, takes 100 ms or more twice
# in a row or 500 ms or more once.
# Usage: scripts/hostile-load.sh [hostile_load's options: --seconds N --solo N --connections N]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --bin railrules --example hostile_load
target="${CARGO_TARGET_DIR:-target}"
exec "$target/release/examples/hostile_load" --server "$target/release/railrules" "$@"
