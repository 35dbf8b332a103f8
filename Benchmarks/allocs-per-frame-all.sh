#!/usr/bin/env bash
# Heap allocations per steady-state frame for every frame-based workload, by
# Benchmarks/allocs-per-frame.sh (memcheck at 2,000 and 12,000 frames).
# Usage: Benchmarks/allocs-per-frame-all.sh [BINARY]   (build with -c release first)
set -eu
cd "$(dirname "$0")/.."
binary=${1:-.build/release/reel-bench}
for workload in W1 W2 W3 W4 W5 W6 W8 W10 W11 W12; do
  bash Benchmarks/allocs-per-frame.sh "$binary" "$workload" 2000 12000
done
