#!/usr/bin/env bash
# Re-takes Docs/gtk-demo.png, the README's screenshot: the example app on GTK's real frame
# clock under Xvfb, driven with xdotool: four wheel steps down the contact list, a click on a
# contact (selected, with the keyboard cursor), autoplay on; after 4.2 s the window's content
# is written as a PNG. Needs xdotool (Scripts/install-deps.sh).
set -euo pipefail
PACKAGE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$PACKAGE/../../Docs/gtk-demo.png}"
swift build --package-path "$PACKAGE" 2>&1 | grep -v 'prohibited flag' | tail -n 1
BIN="$(swift build --package-path "$PACKAGE" --show-bin-path)"
export BIN OUT
GTK_A11Y=none GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1280x1024x24" bash -c '
  "$BIN/gtk-demo" --size 800x600 --screenshot-after 4.2 "$OUT" &
  PID=$!
  sleep 1.5
  WINDOW="$(xdotool search --onlyvisible --name "^Reel GTK demo$" | head -1)"
  xdotool mousemove --window "$WINDOW" 400 450 click 5 click 5 click 5 click 5
  sleep 0.8
  xdotool mousemove --window "$WINDOW" 400 480 click 1
  wait "$PID"
'
