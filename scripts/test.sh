#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine: setup, build, clippy, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cargo build --workspace
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace
