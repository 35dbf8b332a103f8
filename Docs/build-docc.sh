#!/usr/bin/env bash
# Builds the DocC catalogs with the toolchain's docc, failing on any warning.
#   Docs/build-docc.sh [output-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/docc}"
graphs=.build/docc-symbol-graphs
swift package dump-symbol-graph --minimum-access-level public --skip-inherited-docs >/dev/null
rm -rf "$graphs" && mkdir -p "$graphs"
# One module per catalog: copy that module's symbol graphs (its extensions included).
for module in Reel; do
  rm -rf "$graphs/$module" && mkdir -p "$graphs/$module"
  cp .build/*/symbolgraph/"$module".symbols.json "$graphs/$module/"
  cp .build/*/symbolgraph/"$module"@*.symbols.json "$graphs/$module/" 2>/dev/null || true
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.reel.$module" \
    --output-path "$out/$module" --warnings-as-errors
done
echo "DocC archives in $out"
