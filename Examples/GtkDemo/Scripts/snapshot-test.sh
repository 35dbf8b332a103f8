#!/usr/bin/env bash
# Headless snapshot test of gtk-demo: builds the nested package, renders the demo under Xvfb
# with the cairo renderer on a simulated clock, and checks the PNGs (size, not blank, photo,
# dot and row colours where the layout puts them, golden) and the engine's state, then checks that idle views stop ticking.
#
#   Examples/GtkDemo/Scripts/snapshot-test.sh                  # test
#   Examples/GtkDemo/Scripts/snapshot-test.sh --update-golden  # re-record the golden, then test
#
# Output goes to $SNAPSHOT_OUT (default: a new temporary folder): snapshot.png, diff.png.
# Exits non-zero on any failure.
set -euo pipefail

PACKAGE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GOLDEN="$PACKAGE/Resources/golden-800x600.png"
OUT="${SNAPSHOT_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/reel-gtk-snapshot.XXXXXX")}"
mkdir -p "$OUT"
UPDATE=0
case "${1:-}" in
  "") ;;
  --update-golden) UPDATE=1 ;;
  *) echo "usage: $0 [--update-golden]" >&2; exit 64 ;;
esac

for tool in swift xvfb-run xauth pkg-config; do
  command -v "$tool" >/dev/null || { echo "snapshot-test: '$tool' is missing (Scripts/install-deps.sh)" >&2; exit 1; }
done
pkg-config --exists gtk4 || { echo "snapshot-test: GTK 4 is missing (Scripts/install-deps.sh)" >&2; exit 1; }

echo "== build"
swift build --package-path "$PACKAGE"
BIN="$(swift build --package-path "$PACKAGE" --show-bin-path)"

FRAMES=220   # 3.67 s on the simulated clock: autoplay moved from card 0 to card 1 at 3 s

render() {  # render OUT.png WxH [FRAMES] [more gtk-demo options]
  GTK_A11Y=none GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1280x1024x24" \
    "$BIN/gtk-demo" --snapshot "$1" --frames "${3:-$FRAMES}" --size "$2" "${@:4}"
}

# Layout at 800x600 (Examples/GtkDemo/Sources/GtkDemo/DemoScene.swift, GTK's default theme):
# the header to y 58; the banner y 58..278, PagingLayout(insets: 16, spacing: 8) puts the
# resting card at x 16..784 and 8 pt of each neighbour at x 0..8 and 792..800; the dots at
# y 289..299, centred; the selection line; the list in a framed scrolled window from y 336,
# x 16..784, rows measured (one or more lines of text). Photo regions are checked loosely
# (their mean colour within 60), flat theme colours tightly.
SUNRISE_SKY=A66A67 LAGOON_WATER=1B8797 FESTIVAL_EDGE=B1664F MEADOW_SKY=7094BB MEADOW_GRASS=2A4319
DOT_ON=3584E4 DOT_OFF=C0BFBC WINDOW=F6F5F4 ROW=FFFFFF SELECTED=D6E6F9

echo "== render 800x600 after $FRAMES frames (page 1)"
render "$OUT/snapshot.png" 800x600
if [ "$UPDATE" = 1 ]; then
  cp "$OUT/snapshot.png" "$GOLDEN"
  echo "recorded the golden: $GOLDEN"
fi

echo "== check 800x600: card 1 resting between cards 0 and 2, dot 1 current, rows, golden"
"$BIN/snapshot-check" "$OUT/snapshot.png" --size 800x600 \
  --expect 2,330,10,200=$WINDOW \
  --expect 200,160,400,40=$LAGOON_WATER~60 \
  --expect 1,100,6,100=$FESTIVAL_EDGE~60 \
  --expect 793,70,6,50=$MEADOW_SKY~60 \
  --expect 793,200,6,60=$MEADOW_GRASS~60 \
  --expect 347,291,6,6=$DOT_OFF \
  --expect 368,291,24,6=$DOT_ON \
  --expect 405,291,6,6=$DOT_OFF \
  --expect 600,345,180,30=$ROW \
  --golden "$GOLDEN" --diff-out "$OUT/diff.png"

echo "== render and check 800x600 after 60 frames (page 0, before autoplay)"
render "$OUT/snapshot-page0.png" 800x600 60
"$BIN/snapshot-check" "$OUT/snapshot-page0.png" --size 800x600 \
  --expect 100,70,600,40=$SUNRISE_SKY~60 \
  --expect 350,291,20,6=$DOT_ON \
  --expect 385,291,6,6=$DOT_OFF

echo "== render and check 1024x700 (layout follows the size)"
render "$OUT/snapshot-1024.png" 1024x700
"$BIN/snapshot-check" "$OUT/snapshot-1024.png" --size 1024x700 \
  --expect 2,330,10,300=$WINDOW \
  --expect 200,160,600,40=$LAGOON_WATER~60 \
  --expect 1017,70,6,50=$MEADOW_SKY~60

echo "== input through the adapter: 40 wheel steps on the list, a drag on the banner, a click"
# --inject feeds synthetic GTK events (ScrollEvent, DragEvent) to the views' handlers on the
# simulated clock; every frame also runs the adapter's conformance checks (exit 3 on a
# violation). The drag moves one card (page 1); the list is 1,600 pt down, and the click at
# frame 100 selected the row under y 30 of the list: row 28, highlighted at y 363..419.
render "$OUT/snapshot-input.png" 800x600 "$FRAMES" --inject | tee "$OUT/input.txt"
grep -q 'page 1, .* list offset 1600, first row 27, selected 28;' "$OUT/input.txt" \
  || { echo "snapshot-test: FAIL: the engine's state after the input is not as expected" >&2; exit 1; }
"$BIN/snapshot-check" "$OUT/snapshot-input.png" --size 800x600 \
  --expect 200,160,400,40=$LAGOON_WATER~60 \
  --expect 368,291,24,6=$DOT_ON \
  --expect 600,370,180,40=$SELECTED \
  --expect 600,425,180,30=$ROW

echo "== the checker rejects a wrong image"
if "$BIN/snapshot-check" "$OUT/snapshot.png" --size 800x600 --expect 200,160,400,40=$SUNRISE_SKY~60 \
  --golden "$OUT/snapshot-1024.png" >"$OUT/negative.txt"; then
  cat "$OUT/negative.txt"
  echo "snapshot-test: FAIL: snapshot-check accepted a wrong colour and a wrong golden" >&2
  exit 1
fi
grep -c '^FAIL' "$OUT/negative.txt" | xargs -I{} echo "ok   the checker reported {} failures, as it should"

echo "== idle views stop ticking (3 s on GTK's real frame clock, no input)"
GTK_A11Y=none GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1280x1024x24" \
  "$BIN/gtk-demo" --measure-idle 3 --size 800x600 | tee "$OUT/idle.txt"
LIST_FRAMES="$(sed -n 's/.*list ran \([0-9]*\) frames.*/\1/p' "$OUT/idle.txt")"
CAROUSEL_FRAMES="$(sed -n 's/.*carousel ran \([0-9]*\) frames.*/\1/p' "$OUT/idle.txt")"
# Ticking all the time would be about 180 frames each. The list needs a couple of frames to
# lay out; the carousel about 20 per autoplay page (at most one page so far) plus its first.
if [ -z "$LIST_FRAMES" ] || [ "$LIST_FRAMES" -gt 10 ] || [ -z "$CAROUSEL_FRAMES" ] \
  || [ "$CAROUSEL_FRAMES" -gt 60 ]; then
  echo "snapshot-test: FAIL: idle views kept ticking (list ${LIST_FRAMES:-?}, carousel ${CAROUSEL_FRAMES:-?} frames)" >&2
  exit 1
fi
echo "ok   idle: list $LIST_FRAMES frames, carousel $CAROUSEL_FRAMES frames in 3 s"

echo "snapshot-test: all checks passed (output in $OUT)"
