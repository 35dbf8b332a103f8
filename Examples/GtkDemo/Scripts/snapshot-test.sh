#!/usr/bin/env bash
# Headless snapshot test of gtk-demo: builds the nested package, renders the demo under Xvfb
# with the cairo renderer, and checks the PNG (size, not blank, colours in regions, golden).
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

render() {  # render OUT.png WxH
  GTK_A11Y=none GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1280x1024x24" \
    "$BIN/gtk-demo" --snapshot "$1" --frames 5 --size "$2"
}

echo "== render 800x600"
render "$OUT/snapshot.png" 800x600
if [ "$UPDATE" = 1 ]; then
  cp "$OUT/snapshot.png" "$GOLDEN"
  echo "recorded the golden: $GOLDEN"
fi

echo "== check 800x600"
# Regions: background, the three card bodies, the current page dot, an even and an odd row.
"$BIN/snapshot-check" "$OUT/snapshot.png" --size 800x600 \
  --expect 2,250,30,300=1B1D24 \
  --expect 60,70,100,60=E4572E \
  --expect 306,70,100,60=17BEBB \
  --expect 552,70,100,60=76B041 \
  --expect 350,244,20,6=F2F2F2 \
  --expect 400,285,300,30=2F3344 \
  --expect 400,335,300,50=383D52 \
  --golden "$GOLDEN" --diff-out "$OUT/diff.png"

echo "== render and check 1024x700 (layout follows the size)"
render "$OUT/snapshot-1024.png" 1024x700
"$BIN/snapshot-check" "$OUT/snapshot-1024.png" --size 1024x700 \
  --expect 2,250,30,300=1B1D24 --expect 60,70,100,60=E4572E

echo "== the checker rejects a wrong image"
if "$BIN/snapshot-check" "$OUT/snapshot.png" --size 800x600 --expect 60,70,100,60=17BEBB \
  --golden "$OUT/snapshot-1024.png" >"$OUT/negative.txt"; then
  cat "$OUT/negative.txt"
  echo "snapshot-test: FAIL: snapshot-check accepted a wrong colour and a wrong golden" >&2
  exit 1
fi
grep -c '^FAIL' "$OUT/negative.txt" | xargs -I{} echo "ok   the checker reported {} failures, as it should"

echo "snapshot-test: all checks passed (output in $OUT)"
