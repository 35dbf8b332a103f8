#!/usr/bin/env bash
# ReelGtkView and GtkListView side by side (Sources/ListBench): the same list of wrapping
# labels (1 to 6 lines), the same script on the frame clock (a fling, twenty page downs, a jump
# to the end and back), under Xvfb with the cairo renderer, at 10^5, 10^6 and 10^7 rows. Each
# run is its own process (memory is the process's); the widgets alternate, RUNS times each
# (default 3). Prints one JSON line per run, then the medians as a Markdown table. Times are
# wall time and the main thread's CPU time (CLOCK_THREAD_CPUTIME_ID): on a busy machine the wall
# time includes waiting for a core, the CPU time does not.
# Slow (minutes); not part of CI.
set -euo pipefail
PACKAGE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-3}"
ROWS="${ROWS:-100000 1000000 10000000}"
OUT="${BENCH_OUT:-$(mktemp "${TMPDIR:-/tmp}/list-bench.XXXXXX.jsonl")}"
swift build -c release --package-path "$PACKAGE" --product list-bench 2>&1 | grep -v 'prohibited flag' | tail -n 1
BIN="$(swift build -c release --package-path "$PACKAGE" --show-bin-path)"
: >"$OUT"
for rows in $ROWS; do
  for _ in $(seq "$RUNS"); do
    for widget in reel gtk; do
      GTK_A11Y=none GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1280x1024x24" \
        "$BIN/list-bench" --widget "$widget" --rows "$rows" | tee -a "$OUT"
    done
  done
done
/usr/bin/python3 - "$OUT" <<'PY'
import json, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1]) if line.startswith("{")]
keys = [("median_ms", "frame median (ms)"), ("p95_ms", "frame p95 (ms)"),
        ("over_16_7ms", "frames > 16.7 ms"), ("cpu_median_ms", "frame CPU median (ms)"),
        ("cpu_p95_ms", "frame CPU p95 (ms)"), ("cpu_over_16_7ms", "frames > 16.7 ms CPU"),
        ("first_frame_ms", "first frame (ms)"), ("first_frame_cpu_ms", "first frame CPU (ms)"),
        ("cpu_total_s", "CPU in all (s)"), ("rss_mb", "resident (MB)"),
        ("thumb_backward_frames", "thumb backwards (frames)")]
print("| rows | widget | " + " | ".join(title for _, title in keys) + " |")
print("|---:|---|" + "---:|" * len(keys))
for rows in sorted({r["rows"] for r in runs}):
    for widget in ("ReelGtkView", "GtkListView"):
        group = [r for r in runs if r["rows"] == rows and r["widget"] == widget]
        if not group:
            continue
        cells = [statistics.median(r[key] for r in group) for key, _ in keys]
        print("| %s | %s | " % (f"{rows:,}", widget) + " | ".join(f"{c:.3g}" if c < 100 else f"{c:.0f}" for c in cells) + " |")
print(f"({len(runs)} runs; JSON lines in {sys.argv[1]})")
PY
