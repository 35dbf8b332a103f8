#!/usr/bin/env python3
"""Draws Docs/performance-growth.svg from reel-bench's JSON lines.

Usage: reel-bench | python3 Benchmarks/growth-chart.py > Docs/performance-growth.svg
(or pass a file of saved JSON lines as the first argument).

Two log-log panels against n: construction plus first layout (ms), and resident-memory growth
(bytes), for Reel (W1-scale: uniform, estimated and fully given variable extents) and the two baselines (baseline-eager, baseline-fake-infinity).
Only the Python 3 standard library is used.
"""
import json
import math
import sys

SERIES = [
    ("W1-scale/UniformLayout", "Reel, UniformLayout", "#1f77b4"),
    ("W1-scale/VariableLayout", "Reel, VariableLayout, estimate only", "#2ca02c"),
    ("W1-scale/VariableLayout(extents:)", "Reel, VariableLayout, every extent given", "#9467bd"),
    ("baseline-eager", "eager: one cell per item", "#d62728"),
    ("baseline-fake-infinity", "fake infinity: n × 100 items", "#ff7f0e"),
]
PANELS = [("ms", "construct + first layout (ms)", 1e-3), ("rss_growth_bytes", "resident memory growth (bytes)", 1e3)]
W, H, PAD_L, PAD_R, PAD_T, PAD_B, GAP = 900, 380, 70, 20, 40, 70, 70


def load(stream):
    points = {key: [] for key, _, _ in SERIES}
    for line in stream:
        line = line.strip()
        if not line.startswith("{"):
            continue
        row = json.loads(line)
        key = row.get("workload", "") + ("/" + row["layout"] if "layout" in row else "")
        if key in points and "ms" in row:
            points[key].append(row)
    return points


def panel(out, x0, width, points, key, title, floor):
    xs = [r["n"] for rows in points.values() for r in rows]
    ys = [max(r[key], floor) for rows in points.values() for r in rows]
    if not xs:
        return
    lx0, lx1 = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
    ly0, ly1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
    lx1, ly1 = max(lx1, lx0 + 1), max(ly1, ly0 + 1)
    top, bottom = PAD_T, H - PAD_B

    def px(n):
        return x0 + (math.log10(n) - lx0) / (lx1 - lx0) * width

    def py(v):
        return bottom - (math.log10(max(v, floor)) - ly0) / (ly1 - ly0) * (bottom - top)

    out.append(f'<text x="{x0 + width / 2}" y="{top - 14}" text-anchor="middle" font-weight="bold">{title}</text>')
    out.append(f'<rect x="{x0}" y="{top}" width="{width}" height="{bottom - top}" fill="none" stroke="#999"/>')
    for e in range(lx0, lx1 + 1):
        x = px(10**e)
        out.append(f'<line x1="{x}" y1="{top}" x2="{x}" y2="{bottom}" stroke="#eee"/>')
        out.append(f'<text x="{x}" y="{bottom + 16}" text-anchor="middle">10^{e}</text>')
    for e in range(ly0, ly1 + 1):
        y = py(10**e)
        out.append(f'<line x1="{x0}" y1="{y}" x2="{x0 + width}" y2="{y}" stroke="#eee"/>')
        out.append(f'<text x="{x0 - 6}" y="{y + 4}" text-anchor="end">10^{e}</text>')
    out.append(f'<text x="{x0 + width / 2}" y="{bottom + 36}" text-anchor="middle">items n</text>')
    for workload, _, color in SERIES:
        rows = sorted(points[workload], key=lambda r: r["n"])
        if not rows:
            continue
        path = " ".join(f"{px(r['n']):.1f},{py(r[key]):.1f}" for r in rows)
        out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        for r in rows:
            out.append(f'<circle cx="{px(r["n"]):.1f}" cy="{py(r[key]):.1f}" r="3.5" fill="{color}"/>')


def main():
    stream = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    points = load(stream)
    width = (W - PAD_L - PAD_R - GAP) / 2
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H + 50}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{W}" height="{H + 50}" fill="white"/>',
    ]
    for i, (key, title, floor) in enumerate(PANELS):
        panel(out, PAD_L + i * (width + GAP), width, points, key, title, floor)
    for i, (_, label, color) in enumerate(SERIES):
        x, y = PAD_L + (i % 3) * 290, H + 2 + (i // 3) * 16
        out.append(f'<rect x="{x}" y="{y}" width="14" height="4" fill="{color}"/>')
        out.append(f'<text x="{x + 20}" y="{y + 6}">{label}</text>')
    out.append(
        f'<text x="{W - PAD_R}" y="{H + 44}" text-anchor="end" fill="#666">'
        f"values below the axis floor (0 bytes, &lt;1 µs) are drawn at the floor</text>"
    )
    out.append("</svg>")
    print("\n".join(out))


if __name__ == "__main__":
    main()
