#!/usr/bin/env bash
# The accessibility check: gtk-demo with accessibility ON (not GTK_A11Y=none) in its own D-Bus
# session (dbus-run-session starts the AT-SPI bus on demand) under Xvfb; Scripts/a11y-check.py
# reads the accessible tree through AT-SPI and drives the demo with xdotool. Needs
# python3-pyatspi (Debian's /usr/bin/python3), at-spi2-core, dbus, xdotool: install-deps.sh.
# With A11Y_DUMP=FILE it first writes the tree as a screen reader sees it, before any input, to
# FILE (Scripts/a11y-dump.py).
set -euo pipefail
PACKAGE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
swift build --package-path "$PACKAGE" --product gtk-demo 2>&1 | grep -v 'prohibited flag' | tail -n 1
BIN="$(swift build --package-path "$PACKAGE" --show-bin-path)"
A11Y_DUMP="${A11Y_DUMP:-}"
export BIN PACKAGE A11Y_DUMP
dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24" bash -c '
  GSK_RENDERER=cairo "$BIN/gtk-demo" --size 800x600 >"${TMPDIR:-/tmp}/a11y-demo.log" 2>&1 &
  PID=$!
  status=0
  if [ -n "$A11Y_DUMP" ]; then
    /usr/bin/python3 "$PACKAGE/Scripts/a11y-dump.py" >"$A11Y_DUMP" || status=$?
  fi
  /usr/bin/python3 "$PACKAGE/Scripts/a11y-check.py" || status=$?
  kill "$PID" 2>/dev/null || true
  exit "$status"
' 2> >(grep -v -e "Failed to set fd limit" -e "Activating service" -e "Successfully activated" -e "SpiRegistry daemon" >&2)
