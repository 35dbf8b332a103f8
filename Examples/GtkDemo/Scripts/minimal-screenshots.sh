#!/usr/bin/env bash
# The README's minimal app (gtk-minimal), unchanged, in the light and the dark theme under Xvfb:
# a click on the fifth row, then Down Down space with the keyboard. Writes
# {light,dark}-{click,keys}.png to OUTDIR (default a temp folder) and checks that each shows
# the chosen row (Contact 5 after the click, Contact 7 after the keys) in the theme's selection
# colour and the row above it in the list's background, with no CSS from the app.
set -euo pipefail
PACKAGE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$(mktemp -d "${TMPDIR:-/tmp}/reel-minimal.XXXXXX")}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/reel-minimal-work.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
swift build --package-path "$PACKAGE" --product gtk-minimal 2>&1 | grep -v 'prohibited flag' | tail -n 1
BIN="$(swift build --package-path "$PACKAGE" --show-bin-path)"
# Adwaita's selection colour (@theme_selected_bg_color) and the list's background (the
# window's), in each variant.
declare -A SELECTED=([light]=3584e4 [dark]=15539e)
declare -A BACKGROUND=([light]=f6f5f4 [dark]=353535)
# Rows are 32 points high: Contact 5 spans y 128–160, Contact 7 y 192–224. The regions keep
# clear of the text (at the left) and of the cursor's outline (at the edges).
declare -A ROW=([click]="200,134,140,20" [keys]="200,198,140,20")
declare -A ABOVE=([click]="200,102,140,20" [keys]="200,166,140,20")
status=0
for theme in light dark; do
  GTK_THEME="$([ "$theme" = dark ] && echo Adwaita:dark || echo Adwaita)" GSK_RENDERER=cairo \
    GTK_A11Y=none xvfb-run -a -s "-screen 0 1280x1024x24" bash -c '
    # Line-buffered, so the log shows each selection as it happens.
    stdbuf -oL "$0/gtk-minimal" >"$1/$2.log" &
    PID=$!
    for _ in $(seq 50); do
      WINDOW="$(xdotool search --onlyvisible --name "^Contacts$" 2>/dev/null | head -1)" && [ -n "$WINDOW" ] && break
      sleep 0.2
    done
    [ -n "${WINDOW:-}" ] || { echo "minimal-screenshots: no window" >&2; kill "$PID"; exit 1; }
    sleep 1
    eval "$(xdotool getwindowgeometry --shell "$WINDOW")"
    echo "$X,$Y,$WIDTH,$HEIGHT" >"$1/geometry.txt"
    # The fifth row, away from its edges.
    xdotool mousemove --window "$WINDOW" 180 144 click 1
    for _ in $(seq 50); do grep -q "selected" "$1/$2.log" && break; sleep 0.1; done
    # The pointer leaves the list, so the picture shows no hover.
    xdotool mousemove --window "$WINDOW" 400 144
    sleep 0.5
    xwd -silent -root >"$1/$2-click.xwd"
    xdotool key Down Down space
    for _ in $(seq 50); do [ "$(grep -c selected "$1/$2.log")" -ge 2 ] && break; sleep 0.1; done
    sleep 0.5
    xwd -silent -root >"$1/$2-keys.xwd"
    kill "$PID"
  ' "$BIN" "$WORK" "$theme"
  cat "$WORK/$theme.log"
  for shot in click keys; do
    "$PACKAGE/Scripts/snapshot-check.sh" "$WORK/$theme-$shot.xwd" --crop "$(cat "$WORK/geometry.txt")" \
      --size 360x480 --write-png "$OUT/$theme-$shot.png" \
      --expect "${ROW[$shot]}=${SELECTED[$theme]}~16" --expect "${ABOVE[$shot]}=${BACKGROUND[$theme]}~16" \
      | grep -v '^wrote' || status=1
  done
done
echo "minimal-screenshots: $OUT/{light,dark}-{click,keys}.png"
exit "$status"
