#!/usr/bin/env bash
# Planted faults the test suite must kill.
#
# Applies, one at a time, each small fault listed in Scripts/mutants.faults to a copy of the
# engine and its tests (.build-mutants/tree, so the working tree is never touched; the copy's
# manifest has only the Reel, ReelTesting and ReelTests targets), builds it, runs the tests
# named for that fault, restores the file, and reports whether the tests failed (the fault is
# killed) or passed (it survived). A fault whose original text is not found exactly once in its
# file stops the run before anything is built, naming the fault: the source changed, and the
# fault must be updated.
#
# A fault shown to be harmless (no test can tell it from the original: the comment above it in
# the list says why) is marked `@=` instead of `@`: it is checked against the source like the
# others but not run, unless named, and the kill rate leaves it out.
#
# Usage: Scripts/mutants.sh [ID ...]     (no IDs: every fault)
# Environment: MUTANT_TIMEOUT, seconds per test run (default 900).
# CPU-heavy (an incremental build and a filtered test run per fault): run it on demand, not in
# CI, e.g. `nice Scripts/mutants.sh`.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/.build-mutants
tree=$work/tree
scratch=$work/scratch
log=$work/log
mkdir -p "$tree" "$scratch" "$log"

# The faults: `@ ID FILE FILTER` (`@= …` when harmless), then `- original` and `+ replacement`,
# one line each, matched as exact text (`\n` for a line break, to add context). FILE is under
# Sources/Reel; FILTER is given to `swift test --filter`.
grep -v '^#' Scripts/mutants.faults >"$work/faults.txt"

# Replaces the fault's text in a file, or with --check only counts it in the sources.
apply() {
  python3 -c '
import sys
mode, root, path, original, replacement = (a.replace("\\n", "\n") for a in sys.argv[1:6])
text = open(f"{root}/Sources/Reel/{path}").read()
n = text.count(original)
if n != 1:
    sys.exit(f"mutants.sh: the original text of a fault occurs {n} times in Sources/Reel/{path}"
             f" (expected once); update the fault:\n  {original}")
if mode == "apply":
    open(f"{root}/Sources/Reel/{path}", "w").write(text.replace(original, replacement))
' "$@"
}

# Every fault must still match before any runs.
stale=0
while IFS= read -r header; do
  [[ $header == "@ "* || $header == "@= "* ]] || continue
  IFS= read -r minus
  IFS= read -r plus
  read -r _ id path _ <<<"$header"
  apply check "$root" "$path" "${minus:2}" "${plus:2}" || { echo "  (fault $id)" >&2; stale=1; }
done <"$work/faults.txt"
((stale == 0)) || exit 2

# The copy holds the engine, the kit and the engine's tests only, under a manifest of those
# targets: each fault then rebuilds and links one test target, not every product.
rm -rf "$tree" && mkdir -p "$tree"
tar -cf - Sources/Reel Sources/CReelSupport Sources/ReelTesting Tests/ReelTests \
  Tests/ReelTestSupport | tar -xf - -C "$tree"
cat >"$tree/Package.swift" <<'EOF'
// swift-tools-version: 6.1
import PackageDescription

let linkMath: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]
let package = Package(
  name: "Reel",
  targets: [
    .target(name: "Reel", dependencies: ["CReelSupport"], linkerSettings: linkMath),
    .target(name: "CReelSupport"),
    .target(name: "ReelTesting", dependencies: ["Reel"], linkerSettings: linkMath),
    .target(name: "ReelTestSupport", path: "Tests/ReelTestSupport"),
    .testTarget(name: "ReelTests", dependencies: ["Reel", "ReelTesting", "ReelTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
EOF

selected=("$@")
planted=0
killed=0
survivors=()
unbuilt=()
harmless=()
while IFS= read -r header; do
  [[ $header == "@ "* || $header == "@= "* ]] || continue
  IFS= read -r minus
  IFS= read -r plus
  read -r _ id path filter <<<"$header"
  if ((${#selected[@]})) && [[ " ${selected[*]} " != *" $id "* ]]; then continue; fi
  if [[ $header == "@= "* ]] && ((${#selected[@]} == 0)); then
    harmless+=("$id")
    printf '%-4s %-14s %-36s\n' "$id" "harmless" "$path"
    continue
  fi
  apply apply "$tree" "$path" "${minus:2}" "${plus:2}"
  planted=$((planted + 1))
  start=$SECONDS
  if ! (cd "$tree" && swift build --build-tests --scratch-path "$scratch" >"$log/$id.txt" 2>&1)
  then
    # The compiler rejects it: not a fault the tests can be asked to kill.
    verdict="did not build"
    unbuilt+=("$id")
  elif (cd "$tree" && timeout "${MUTANT_TIMEOUT:-900}" swift test --skip-build \
    --scratch-path "$scratch" --filter "$filter" >>"$log/$id.txt" 2>&1); then
    verdict=SURVIVED
    survivors+=("$id")
  else
    verdict=killed
    killed=$((killed + 1))
  fi
  cp "$root/Sources/Reel/$path" "$tree/Sources/Reel/$path"
  printf '%-4s %-14s %-36s %5ss\n' "$id" "$verdict" "$path" "$((SECONDS - start))"
done <"$work/faults.txt"

echo
echo "run $planted, killed $killed, survived ${#survivors[@]}${survivors:+ (${survivors[*]})}," \
  "did not build ${#unbuilt[@]}${unbuilt:+ (${unbuilt[*]})};" \
  "harmless, not run ${#harmless[@]}${harmless:+ (${harmless[*]})}"
counted=$((planted - ${#unbuilt[@]}))
((counted == 0)) || echo "killed $((100 * killed / counted)) % of the $counted faults run that built"
echo "logs: $log"
