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

echo "== the contacts' collation order and the avatars' contrast (WCAG, at least 4.5 : 1)"
"$BIN/gtk-demo" --check-contacts

FRAMES=220   # 3.67 s on the simulated clock: autoplay moved from card 0 to card 1 at 3 s

render() {  # render OUT.png WxH [FRAMES] [more gtk-demo options]
  GTK_A11Y=none GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1280x1024x24" \
    "$BIN/gtk-demo" --snapshot "$1" --frames "${3:-$FRAMES}" --size "$2" "${@:4}"
}

# Layout of the window at 800x600 (Examples/GtkDemo/Sources/GtkDemo/DemoScene.swift, GTK's
# default theme, client-side decorations without a compositor: the snapshot is the window's
# 790x590 inside its border, x 5..795 on screen): the header bar to y 48; the banner y 62..278,
# PagingLayout(insets: 16, spacing: 8) puts the resting card at x 21..769 and 8 pt of each
# neighbour at x 5..13 and 777..785; the dots at y 289..299, centred; the selection line; the
# list in a rounded, boxed scrolled window from y 336, x 21..769, rows measured (one or more
# lines of text). Photo regions are checked loosely (their mean colour within 60), flat theme
# colours tightly.
SUNRISE_SKY=A66A67 LAGOON_WATER=1B8797 FESTIVAL_EDGE=B1664F MEADOW_SKY=7094BB MEADOW_GRASS=2A4319
DOT_ON=3584E4 DOT_OFF=C0BFBC WINDOW=F6F5F4 ROW=FFFFFF SELECTED=3584E4

echo "== render 800x600 after $FRAMES frames (page 1)"
render "$OUT/snapshot.png" 800x600
if [ "$UPDATE" = 1 ]; then
  cp "$OUT/snapshot.png" "$GOLDEN"
  echo "recorded the golden: $GOLDEN"
fi

echo "== check 800x600: card 1 resting between cards 0 and 2, dot 1 current, rows, golden"
"$BIN/snapshot-check" "$OUT/snapshot.png" --size 790x590 \
  --expect 8,330,8,200=$WINDOW \
  --expect 200,160,400,40=$LAGOON_WATER~60 \
  --expect 6,100,5,100=$FESTIVAL_EDGE~60 \
  --expect 778,70,6,50=$MEADOW_SKY~60 \
  --expect 778,200,6,60=$MEADOW_GRASS~60 \
  --expect 343,292,5,5=$DOT_OFF \
  --expect 365,292,20,5=$DOT_ON \
  --expect 401,292,5,5=$DOT_OFF \
  --expect 590,345,170,30=$ROW \
  --golden "$GOLDEN" --diff-out "$OUT/diff.png"

echo "== render and check 800x600 after 60 frames (page 0, before autoplay)"
render "$OUT/snapshot-page0.png" 800x600 60
"$BIN/snapshot-check" "$OUT/snapshot-page0.png" --size 790x590 \
  --expect 100,70,600,40=$SUNRISE_SKY~60 \
  --expect 345,292,20,5=$DOT_ON \
  --expect 381,292,5,5=$DOT_OFF

echo "== render and check 1024x700 (layout follows the size)"
render "$OUT/snapshot-1024.png" 1024x700
"$BIN/snapshot-check" "$OUT/snapshot-1024.png" --size 1014x690 \
  --expect 8,330,8,300=$WINDOW \
  --expect 200,160,600,40=$LAGOON_WATER~60 \
  --expect 1002,70,6,50=$MEADOW_SKY~60

echo "== input through the adapter: 40 wheel steps on the list, a drag on the banner, a click"
# --inject feeds synthetic GTK events (ScrollEvent, DragEvent) to the views' handlers on the
# simulated clock; every frame also runs the adapter's conformance checks (exit 3 on a
# violation). The drag moves one card (page 1); the list is 1,600 pt down, and the click at
# frame 100 selected the row under y 30 of the list: row 28, drawn selected at y 363..416.
render "$OUT/snapshot-input.png" 800x600 "$FRAMES" --inject | tee "$OUT/input.txt"
grep -q 'page 1, .* list offset 1600, first row 27, selected 28;' "$OUT/input.txt" \
  || { echo "snapshot-test: FAIL: the engine's state after the input is not as expected" >&2; exit 1; }
"$BIN/snapshot-check" "$OUT/snapshot-input.png" --size 790x590 \
  --expect 200,160,400,40=$LAGOON_WATER~60 \
  --expect 365,292,20,5=$DOT_ON \
  --expect 590,372,170,38=$SELECTED \
  --expect 590,421,170,16=$ROW

echo "== the checker rejects a wrong image"
if "$BIN/snapshot-check" "$OUT/snapshot.png" --size 790x590 --expect 200,160,400,40=$SUNRISE_SKY~60 \
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
