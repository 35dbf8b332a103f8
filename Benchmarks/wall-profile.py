#!/usr/bin/env python3
"""Where a workload's wall time goes, from timer samples.

Callgrind counts instructions, which repeat from run to run but say nothing of what an
instruction costs: a cold branch, a cache miss or a long chain of dependent arithmetic. This
script samples the real time instead. `perf record -e cpu-clock` interrupts the process at a
fixed rate of its CPU time and records the call stack. It needs no hardware counter, so it works
on a virtual machine that exposes none.

Each sample is counted in the first part whose function is on its stack (by a substring of the
mangled name). Samples taken in setup functions are dropped: a workload's setup is not timed.
Within each part, `--within` splits off the samples under one function (for instance an update
inside a frame loop). For each part it prints the samples, their ratio to the first part's (put
the reference first), and the functions the samples were taken in.

Setup that the compiler inlined into a part's function cannot be told apart by its stack and is
counted in the part; name the setup's own functions with `--setup`.

Usage:
  Benchmarks/wall-profile.py BINARY WORKLOAD [--runs N] [--frequency HZ] [--top N]
      --part NAME=SYMBOL [--part NAME=SYMBOL ...] [--within SYMBOL] [--setup SYMBOL ...]

Example, W9-animated's three runs (W2's loop first, as the reference; the animated frames; the
same frames without animation), with the batch updates split off:
  Benchmarks/wall-profile.py .build/release/reel-bench W9-animated --runs 40 \\
      --part W2=scrollMeasuring --part animated=O19animatedFlingFrames \\
      --part unanimated=unanimatedFlingFrames --within O07performD0_ \\
      --setup VariableLayoutV7extents --setup w2Sizes

Needs `perf` (Debian: apt-get install linux-perf) and root, or a `kernel.perf_event_paranoid`
that lets a user sample their own process. The sampling slows the process down, so read the
shares and the ratios, not the times.
"""

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile


def parse_arguments():
    parser = argparse.ArgumentParser(
        description="Where a workload's wall time goes, from perf's timer samples."
    )
    parser.add_argument("binary", help="the reel-bench binary (a release build)")
    parser.add_argument("workload", help="the workload, as reel-bench's --workload takes it")
    parser.add_argument("--runs", type=int, default=15, help="reel-bench's --runs (default 15)")
    parser.add_argument(
        "--frequency", type=int, default=4000, help="samples per CPU second (default 4000)"
    )
    parser.add_argument(
        "--top", type=int, default=15, help="functions listed per part (default 15)"
    )
    parser.add_argument(
        "--part",
        action="append",
        required=True,
        metavar="NAME=SYMBOL",
        help="a part of the run: the samples with SYMBOL on their stack",
    )
    parser.add_argument(
        "--within", metavar="SYMBOL", help="split each part's samples under SYMBOL off"
    )
    parser.add_argument(
        "--setup",
        action="append",
        default=[],
        metavar="SYMBOL",
        help="drop the samples with SYMBOL on their stack (untimed setup)",
    )
    arguments = parser.parse_args()
    parts = []
    for part in arguments.part:
        name, separator, symbol = part.partition("=")
        if not separator or not name or not symbol:
            parser.error(f"--part takes NAME=SYMBOL, not {part!r}")
        parts.append((name, symbol))
    arguments.parts = parts
    if arguments.runs < 1 or arguments.frequency < 1 or arguments.top < 0:
        parser.error("--runs and --frequency must be positive, --top not negative")
    return arguments


def record(arguments, data):
    """Runs the workload under perf; returns reel-bench's output."""
    command = [
        "perf", "record", "-e", "cpu-clock", "-F", str(arguments.frequency), "-g",
        "-o", data, "--", arguments.binary, "--workload", arguments.workload,
        "--runs", str(arguments.runs),
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"perf record failed ({result.returncode}):\n{result.stderr.strip()}")
    return result.stdout.strip()


def stacks(data):
    """Yields each sample's stack, innermost function first, as mangled names."""
    result = subprocess.run(
        ["perf", "script", "-i", data, "-F", "ip,sym", "--no-demangle"],
        capture_output=True, text=True,
    )
    if result.returncode != 0:
        sys.exit(f"perf script failed ({result.returncode}):\n{result.stderr.strip()}")
    for block in result.stdout.split("\n\n"):
        frames = []
        for line in block.strip().splitlines():
            fields = line.split(None, 1)
            if fields:
                frames.append(re.sub(r"\+0x[0-9a-f]+$", "", fields[1]) if len(fields) > 1 else "?")
        if frames:
            yield frames


def demangled(names):
    """The readable names of mangled Swift symbols (left as they are without the toolchain)."""
    swift = shutil.which("swift")
    if not swift or not names:
        return {name: name for name in names}
    result = subprocess.run(
        [swift, "demangle", "--simplified", "--compact"],
        input="\n".join(names), capture_output=True, text=True,
    )
    lines = result.stdout.splitlines()
    if result.returncode != 0 or len(lines) != len(names):
        return {name: name for name in names}
    return dict(zip(names, lines))


def main():
    arguments = parse_arguments()
    if not shutil.which("perf"):
        sys.exit("perf is not installed (Debian: apt-get install linux-perf)")
    with tempfile.TemporaryDirectory() as directory:
        data = os.path.join(directory, "perf.data")
        output = record(arguments, data)
        totals = collections.Counter()
        inside = collections.Counter()
        leaves = {name: collections.Counter() for name, _ in arguments.parts}
        dropped = 0
        for frames in stacks(data):
            joined = " ".join(frames)
            if any(symbol in joined for symbol in arguments.setup):
                dropped += 1
                continue
            for name, symbol in arguments.parts:
                if symbol in joined:
                    totals[name] += 1
                    leaves[name][frames[0]] += 1
                    if arguments.within and arguments.within in joined:
                        inside[name] += 1
                    break
    print(output)
    print(f"\nsamples dropped as setup: {dropped}")
    first = arguments.parts[0][0]
    names = sorted({leaf for counter in leaves.values() for leaf in counter})
    readable = demangled(names)
    for name, _ in arguments.parts:
        total = totals[name]
        ratio = total / totals[first] if totals[first] else float("nan")
        line = f"\n{name}: {total} samples, {ratio:.3f} x {first}"
        if arguments.within:
            share = inside[name] / total if total else 0
            line += f", {share:.1%} under {arguments.within}"
        print(line)
        for leaf, count in leaves[name].most_common(arguments.top):
            print(f"  {count:6d} {count / total:6.1%}  {readable[leaf][:110]}")


if __name__ == "__main__":
    main()
