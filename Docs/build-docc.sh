#!/usr/bin/env bash
# Builds the DocC catalogs with the toolchain's docc, failing on any warning.
#   Docs/build-docc.sh [output-dir]
# Set SCRATCH to build in another scratch path than .build (e.g. when another process holds
# .build's lock): SCRATCH=/tmp/reel-docs Docs/build-docc.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${SCRATCH:-.build}"
out="${1:-$scratch/docc}"
graphs="$scratch/docc-symbol-graphs"
modules=(Reel ReelBanner ReelTerminal ReelTesting)
# dump-symbol-graph also tries the synthesized test-bundle modules (ReelPackageTests, …), which
# have no symbol graph, and then exits non-zero: accept that, but fail if any of our modules'
# graphs was not written by this run.
stamp="$(mktemp)"
log="$(mktemp)"
trap 'rm -f "$stamp" "$log"' EXIT
if ! swift package --scratch-path "$scratch" dump-symbol-graph \
  --minimum-access-level public --skip-inherited-docs --emit-extension-block-symbols \
  >"$log" 2>&1; then
  if grep '^error:' "$log" | grep -qv "Failed to emit symbol graph for 'ReelPackage"; then
    cat "$log" >&2
    exit 1
  fi
fi
for module in "${modules[@]}"; do
  if [ ! "$scratch"/*/symbolgraph/"$module".symbols.json -nt "$stamp" ]; then
    echo "no fresh symbol graph for $module" >&2
    cat "$log" >&2
    exit 1
  fi
done
rm -rf "$graphs" && mkdir -p "$graphs" "$out"
# One module per catalog: copy that module's symbol graphs (its extensions included; extension
# block symbols let a catalog document its extensions of another module's types, such as
# ReelTesting's `VirtualList.settle(fps:clock:limit:)`, under "Extended Modules").
for module in "${modules[@]}"; do
  rm -rf "$graphs/$module" && mkdir -p "$graphs/$module"
  cp "$scratch"/*/symbolgraph/"$module".symbols.json "$graphs/$module/"
  cp "$scratch"/*/symbolgraph/"$module"@*.symbols.json "$graphs/$module/" 2>/dev/null || true
  echo "== $module"
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.reel.$module" \
    --output-path "$out/$module" --warnings-as-errors
done
echo "DocC archives in $out"
