#!/usr/bin/env bash
# The README's minimal app (gtk-minimal), unchanged, in the light and the dark theme under Xvfb:
# a click on the fifth row, then Down Down space with the keyboard. Writes four PNGs to OUTDIR
# (default a temp folder) and checks that each shows the selected row in the theme's selection
# colour, with no CSS from the app.
set -euo pipefail
PACKAGE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$(mktemp -d "${TMPDIR:-/tmp}/reel-minimal.XXXXXX")}"
mkdir -p "$OUT"
swift build --package-path "$PACKAGE" --product gtk-minimal 2>&1 | grep -v 'prohibited flag' | tail -n 1
BIN="$(swift build --package-path "$PACKAGE" --show-bin-path)"
for theme in light dark; do
  GTK_THEME="$([ "$theme" = dark ] && echo Adwaita:dark || echo Adwaita)" GSK_RENDERER=cairo \
    GTK_A11Y=none xvfb-run -a -s "-screen 0 1280x1024x24" bash -c '
    "$0/gtk-minimal" >"$1/$2.log" &
    PID=$!
    for _ in $(seq 50); do
      WINDOW="$(xdotool search --onlyvisible --name "^Contacts$" 2>/dev/null | head -1)" && [ -n "$WINDOW" ] && break
      sleep 0.2
    done
    [ -n "${WINDOW:-}" ] || { echo "minimal-screenshots: no window" >&2; kill "$PID"; exit 1; }
    sleep 1
    eval "$(xdotool getwindowgeometry --shell "$WINDOW")"
    echo "$X,$Y,$WIDTH,$HEIGHT" >"$1/geometry.txt"
    # The fifth row (rows are about 33 points high).
    xdotool mousemove --window "$WINDOW" 180 150 click 1
    for _ in $(seq 50); do grep -q "selected" "$1/$2.log" && break; sleep 0.1; done
    sleep 0.5
    xwd -silent -root >"$1/$2-click.xwd"
    xdotool key Down Down space
    for _ in $(seq 50); do [ "$(grep -c selected "$1/$2.log")" -ge 2 ] && break; sleep 0.1; done
    sleep 0.5
    xwd -silent -root >"$1/$2-keys.xwd"
    kill "$PID"
  ' "$BIN" "$OUT" "$theme"
  cat "$OUT/$theme.log"
  for shot in click keys; do
    "$PACKAGE/Scripts/snapshot-check.sh" "$OUT/$theme-$shot.xwd" --crop "$(cat "$OUT/geometry.txt")" \
      --size 360x480 --write-png "$OUT/$theme-$shot.png" | tail -n 1
  done
done
echo "minimal-screenshots: $OUT/{light,dark}-{click,keys}.png"
