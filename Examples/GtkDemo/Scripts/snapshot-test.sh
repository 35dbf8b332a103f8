#!/usr/bin/env bash
# Headless snapshot test of gtk-demo: builds the nested package, renders the demo under Xvfb
# with the cairo renderer on a simulated clock, and checks the PNGs (size, not blank, card and
# dot colours where the layout puts them, golden), then checks that idle views stop ticking.
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

FRAMES=150   # 2.5 s on the simulated clock: autoplay moved from card 0 to card 1 at 2 s

render() {  # render OUT.png WxH [FRAMES]
  GTK_A11Y=none GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1280x1024x24" \
    "$BIN/gtk-demo" --snapshot "$1" --frames "${3:-$FRAMES}" --size "$2"
}

# Layout at 800x600 (Examples/GtkDemo/Sources/GtkDemo/DemoScene.swift): the carousel is
# y 52..268; PagingLayout(insets: 16, spacing: 8) puts the resting card at x 16..784 and 8 pt
# of each neighbour at x 0..8 and 792..800. Dots: y 279..289, 108 pt wide, centred from
# x 346: 10 pt dots 10 apart, the current page a 28 pt pill. The list starts at y 302;
# row 1 (even, 44 pt) at y 310..354, row 2 (odd, 64 pt) at y 358..422.
SUNRISE=E4572E LAGOON=17BEBB MEADOW=76B041 FESTIVAL=F2A541 ON=F2F2F2 OFF=5A5F73

echo "== render 800x600 after $FRAMES frames (page 1)"
render "$OUT/snapshot.png" 800x600
if [ "$UPDATE" = 1 ]; then
  cp "$OUT/snapshot.png" "$GOLDEN"
  echo "recorded the golden: $GOLDEN"
fi

echo "== check 800x600: card 1 resting between cards 0 and 2, dot 1 current, rows, golden"
"$BIN/snapshot-check" "$OUT/snapshot.png" --size 800x600 \
  --expect 2,310,10,270=1B1D24 \
  --expect 60,70,300,100=$LAGOON \
  --expect 1,80,6,100=$SUNRISE \
  --expect 793,80,6,100=$MEADOW \
  --expect 347,281,8,6=$OFF \
  --expect 370,281,20,6=$ON \
  --expect 405,281,8,6=$OFF \
  --expect 400,315,300,30=2F3344 \
  --expect 400,365,300,50=383D52 \
  --golden "$GOLDEN" --diff-out "$OUT/diff.png"

echo "== render and check 800x600 after 60 frames (page 0, before autoplay)"
render "$OUT/snapshot-page0.png" 800x600 60
"$BIN/snapshot-check" "$OUT/snapshot-page0.png" --size 800x600 \
  --expect 60,70,300,100=$SUNRISE \
  --expect 1,80,6,100=$FESTIVAL \
  --expect 793,80,6,100=$LAGOON \
  --expect 350,281,20,6=$ON \
  --expect 385,281,8,6=$OFF

echo "== render and check 1024x700 (layout follows the size)"
render "$OUT/snapshot-1024.png" 1024x700
"$BIN/snapshot-check" "$OUT/snapshot-1024.png" --size 1024x700 \
  --expect 2,320,10,300=1B1D24 \
  --expect 60,70,500,100=$LAGOON \
  --expect 1017,80,6,100=$MEADOW \
  --expect 482,285,20,6=$ON

echo "== input through the adapter: 40 wheel steps on the list, a 300 pt drag on the carousel"
# --inject feeds synthetic GTK events (ScrollEvent, DragEvent) to the views' handlers on the
# simulated clock; every frame also runs the adapter's conformance checks (exit 3 on a
# violation). The drag moves one card (page 1); the list is 1,600 pt down: row 28 (odd, 88 pt)
# at y 322..410, row 29 (even) at y 414..466.
GTK_A11Y=none GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1280x1024x24" \
  "$BIN/gtk-demo" --snapshot "$OUT/snapshot-input.png" --frames 140 --size 800x600 --inject
"$BIN/snapshot-check" "$OUT/snapshot-input.png" --size 800x600 \
  --expect 60,70,300,100=$LAGOON \
  --expect 370,281,20,6=$ON \
  --expect 400,330,300,70=383D52 \
  --expect 400,420,300,40=2F3344

echo "== the checker rejects a wrong image"
if "$BIN/snapshot-check" "$OUT/snapshot.png" --size 800x600 --expect 60,70,100,60=$SUNRISE \
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
# lay out; the carousel about 20 per autoplay page (one page so far) plus its first frames.
if [ -z "$LIST_FRAMES" ] || [ "$LIST_FRAMES" -gt 10 ] || [ -z "$CAROUSEL_FRAMES" ] \
  || [ "$CAROUSEL_FRAMES" -gt 60 ]; then
  echo "snapshot-test: FAIL: idle views kept ticking (list ${LIST_FRAMES:-?}, carousel ${CAROUSEL_FRAMES:-?} frames)" >&2
  exit 1
fi
echo "ok   idle: list $LIST_FRAMES frames, carousel $CAROUSEL_FRAMES frames in 3 s"

echo "snapshot-test: all checks passed (output in $OUT)"
