#!/usr/bin/env bash
# Heap allocations per steady-state frame for every frame-based workload, with the valgrind
# method of ../shared/BENCHMARKS.md (../shared/scripts/allocs-per-frame.sh, frames 2000 → 12000).
# Usage: Benchmarks/allocs-per-frame-all.sh [BINARY]   (build with -c release first)
set -eu
cd "$(dirname "$0")/.."
bin=${1:-.build/release/reel-bench}
script=../shared/scripts/allocs-per-frame.sh
[ -x "$script" ] || script=/work/shared/scripts/allocs-per-frame.sh
for workload in W1 W2 W3 W4 W5 W6 W8 W10 W11; do
  bash "$script" "$bin" "$workload" 2000 12000
done
