#!/usr/bin/env bash
# Re-takes Docs/gtk-demo.png, the README's screenshot: the interactive demo on GTK's real frame
# clock under Xvfb, three wheel steps on the list (xdotool), autoplay on; after 3.4 s the
# window's content is written as a PNG. Needs xdotool.
set -euo pipefail
PACKAGE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$PACKAGE/../../Docs/gtk-demo.png}"
swift build --package-path "$PACKAGE"
BIN="$(swift build --package-path "$PACKAGE" --show-bin-path)"
export BIN OUT
GTK_A11Y=none GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1280x1024x24" bash -c '
  "$BIN/gtk-demo" --size 800x600 --screenshot-after 3.4 "$OUT" &
  PID=$!
  sleep 1
  WINDOW="$(xdotool search --name "Reel GTK demo" | head -1)"
  xdotool mousemove --window "$WINDOW" 400 450 click 5 click 5 click 5
  wait "$PID"
'
