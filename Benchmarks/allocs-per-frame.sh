#!/usr/bin/env bash
# Heap allocations per steady-state frame of one workload, counted from outside the process:
# memcheck's heap summary at two frame counts, the difference divided by the frames between them,
# so the setup's allocations cancel out.
# Usage: Benchmarks/allocs-per-frame.sh BINARY WORKLOAD [FRAMES1 FRAMES2]   (default 2000 12000)
# Build the binary first: swift build -c release --product reel-bench
set -eu
if [ $# -lt 2 ]; then
  echo "usage: $0 BINARY WORKLOAD [FRAMES1 FRAMES2]" >&2
  exit 2
fi
binary=$1 workload=$2 first=${3:-2000} second=${4:-12000}
if ! command -v valgrind >/dev/null; then
  echo "valgrind is not installed (apt-get install -y valgrind)" >&2
  exit 2
fi
if [ "$second" -le "$first" ]; then
  echo "FRAMES2 ($second) must be greater than FRAMES1 ($first)" >&2
  exit 2
fi

# Prints the total number of heap allocations of one run of the workload.
allocations() {
  valgrind --tool=memcheck "$binary" --workload "$workload" --frames "$1" --runs 1 2>&1 >/dev/null |
    sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}

low=$(allocations "$first")
high=$(allocations "$second")
if [ -z "$low" ] || [ -z "$high" ]; then
  echo "valgrind printed no heap summary for $workload" >&2
  exit 1
fi
awk -v low="$low" -v high="$high" -v first="$first" -v second="$second" -v workload="$workload" \
  'BEGIN { printf "%.4f allocations per frame (%s, frames %d to %d)\n", (high - low) / (second - first), workload, first, second }'
