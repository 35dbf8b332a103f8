#!/usr/bin/env bash
# Runs the GtkDemo package's snapshot-check (building it when needed) with the given arguments.
set -euo pipefail
PACKAGE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
swift build --package-path "$PACKAGE" --product snapshot-check 2>&1 | grep -v 'prohibited flag' | grep -E 'error|warning: ' >&2 || true
"$(swift build --package-path "$PACKAGE" --show-bin-path)/snapshot-check" "$@"
