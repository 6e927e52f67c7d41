#!/usr/bin/env bash
# Installs what gpuf needs on Debian 12: LLVM 19 (with lld) for the compiler, gfortran as the
# test oracle. Safe to run again.
set -euo pipefail
pkgs=(build-essential llvm-19-dev libpolly-19-dev libzstd-dev zlib1g-dev lld-19 gfortran libblas-dev cmake ninja-build make libopenmpi-dev openmpi-bin)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}"
fi
command -v cargo >/dev/null || { echo "setup: cargo (Rust) is required: https://rustup.rs" >&2; exit 1; }
