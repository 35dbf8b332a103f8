#!/usr/bin/env bash
# Lists public API that no test mentions.
#
# Method (a grep, not a compiler): every declaration in Sources/ whose line starts with `public`
# (or `open`) and declares a func, var, let, init or subscript is a member, named by the type
# or extension it is written in. A member counts as mentioned when its name appears as a whole
# word in any Swift file under Tests/ (an initializer: its type's name followed by `(`, or
# `.init(`). A mention is not proof that a test asserts the member's effect, and a common name
# (`count`) is mentioned by tests of other types; so the list is a floor, not a coverage
# figure. Operators and members of `ReelGtk` (compiled only with the GTK trait, tested by its
# own suite under Xvfb) are left out.
#
# A member no test needs to name is allowed below, with the reason. Prints each member that is
# neither mentioned nor allowed (`file:line Type.member`) and then the allowed ones with their
# reasons; exits 1 when a member is neither, or when an allowed member is mentioned after all
# (the allowance is stale: remove it). A grep over the sources: it takes about a second.
#
# Usage: Scripts/untested-api.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'EOF'
import pathlib, re, sys

# Members no test needs to name, as `Type.member`, with the reason.
allowed = {
    "Placements.makeIterator":
        "Sequence's requirement: every `for` loop and `map` over placements calls it",
    "VirtualList.motionTargetIndex":
        "deprecated alias that returns motionTargetDataIndex, which is tested",
    "VirtualList.restingItem":
        "deprecated alias that returns restingVirtualIndex, which is tested",
}

tests = "\n".join(p.read_text() for p in pathlib.Path("Tests").rglob("*.swift"))
words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", tests))

type_line = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:public\s+|open\s+|package\s+|internal\s+|private\s+|"
    r"fileprivate\s+)?(?:final\s+)?(?:indirect\s+)?(class|struct|enum|protocol|extension|actor)"
    r"\s+([A-Za-z_][A-Za-z0-9_.]*)")
member = re.compile(
    r"^\s*(?:@[\w()\":, ]+\s+)*(?:public|open)\s+(?:(?:static|class|final|override|mutating|"
    r"nonmutating|nonisolated|private\(set\)|fileprivate\(set\)|internal\(set\)|"
    r"package\(set\)|convenience|required|lazy|dynamic)\s+)*"
    r"(func|var|let|init[?!]?|subscript)\b\s*([A-Za-z_][A-Za-z0-9_]*)?")

missing = []
for path in sorted(pathlib.Path("Sources").rglob("*.swift")):
    if "ReelGtk" in path.parts or any(part.endswith(".docc") for part in path.parts):
        continue
    stack = []  # (indent, type name)
    for number, line in enumerate(path.read_text().splitlines(), 1):
        stripped = line.lstrip()
        if not stripped or stripped.startswith("//"):
            continue
        indent = len(line) - len(stripped)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        found = type_line.match(stripped)
        if found:
            stack.append((indent, found.group(2)))
            continue
        found = member.match(line)
        if not found:
            continue
        kind, name = found.group(1), found.group(2)
        owner = stack[-1][1] if stack else "(global)"
        short = owner.split(".")[-1]
        if kind.startswith("init"):
            ok = re.search(rf"\b{re.escape(short)}\s*\(|\.init\(", tests) is not None
            name = "init"
        elif kind == "subscript":
            ok = "[" in tests
            name = "subscript"
        else:
            if name is None:  # an operator
                continue
            ok = name in words
        if not ok:
            missing.append(f"{path}:{number} {owner}.{name}")

unjustified = [entry for entry in missing if entry.split(" ")[1] not in allowed]
named = {entry.split(" ")[1] for entry in missing}
stale = sorted(member for member in allowed if member not in named)
for entry in unjustified:
    print(entry)
print(f"{len(unjustified)} public members no test mentions and none is allowed to miss")
for member in sorted(allowed):
    if member in named:
        print(f"  allowed: {member}: {allowed[member]}")
for member in stale:
    print(f"stale allowance: {member} is mentioned by a test or gone; remove it from the list")
sys.exit(1 if unjustified or stale else 0)
EOF
