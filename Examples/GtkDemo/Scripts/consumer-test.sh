#!/usr/bin/env bash
# Builds a GTK app outside the repository that depends on ReelGtk the way a user would: from a
# clone of the repository, by `file://` URL, with exactly the README's dependency line
#   .package(url: "…", branch: "main", traits: ["GTK"])
# (only its URL replaced by the clone's). The clone is not tagged: the line works without tags.
# The app is Examples/GtkDemo/Minimal/main.swift, which must equal the README's minimal GTK app.
# Then runs it under Xvfb and writes its window as a PNG ($CONSUMER_OUT, default a temp folder).
# Also checks that the root package builds with no GTK visible to pkg-config.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
MINIMAL="$ROOT/Examples/GtkDemo/Minimal"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/reel-consumer.XXXXXX")"
OUT="${CONSUMER_OUT:-$WORK}"

echo "== the README's minimal GTK app is Examples/GtkDemo/Minimal/main.swift"
sed -n '/<!-- minimal-gtk-app -->/,/^```$/p' "$ROOT/README.md" | sed '1,2d;$d' >"$WORK/readme.swift"
diff -u "$MINIMAL/main.swift" "$WORK/readme.swift"

echo "== the root package builds without GTK (PKG_CONFIG_LIBDIR=/nonexistent, trait off)"
PKG_CONFIG_LIBDIR=/nonexistent swift build --package-path "$ROOT" 2>&1 | tail -n 1

echo "== the README's dependency line"
LINE="$(grep -E '^\.package\(url: "[^"]*", .*traits: \["GTK"\]\),?$' "$ROOT/README.md")"
[ "$(printf '%s\n' "$LINE" | wc -l)" -eq 1 ] || {
  echo "consumer-test: expected one '.package(url: …, traits: [\"GTK\"])' line in README.md" >&2
  exit 1
}
echo "$LINE"

echo "== a clone of the repository, its checked-out commit as branch main, no tags"
git clone -q "$ROOT" "$WORK/reel"
git -C "$WORK/reel" checkout -q -B main
git -C "$WORK/reel" tag -l | xargs -r git -C "$WORK/reel" tag -d >/dev/null

echo "== the consumer package in $WORK/contacts, depending on file://$WORK/reel"
mkdir -p "$WORK/contacts/Sources"
DEPENDENCY="$(printf '%s\n' "$LINE" | sed -e "s|url: \"[^\"]*\"|url: \"file://$WORK/reel\"|" -e 's/,$//')"
awk -v dependency="    $DEPENDENCY" '/\.package\(url: "@REEL_URL@"/ { print dependency; next } { print }' \
  "$MINIMAL/Package.swift.in" >"$WORK/contacts/Package.swift"
cp "$MINIMAL/main.swift" "$WORK/contacts/Sources/main.swift"
grep -n 'package(url:' "$WORK/contacts/Package.swift"
swift build --package-path "$WORK/contacts" 2>&1 | tee "$WORK/build.log" | tail -n 3
echo "== the build's warnings (the README's GTK section explains the pkg-config one)"
grep 'warning:' "$WORK/build.log" || echo "(none)"
BIN="$(swift build --package-path "$WORK/contacts" --show-bin-path)"

echo "== run it under Xvfb and take its window"
GSK_RENDERER=cairo GTK_A11Y=none xvfb-run -a -s "-screen 0 1280x1024x24" bash -c '
  "$0/Contacts" &
  PID=$!
  for _ in $(seq 50); do
    WINDOW="$(xdotool search --onlyvisible --name "^Contacts$" 2>/dev/null | head -1)" && [ -n "$WINDOW" ] && break
    sleep 0.2
  done
  [ -n "${WINDOW:-}" ] || { echo "consumer-test: the window did not appear" >&2; kill "$PID"; exit 1; }
  sleep 1
  eval "$(xdotool getwindowgeometry --shell "$WINDOW")"
  xwd -silent -root >"$1/contacts.xwd"
  echo "$X,$Y,$WIDTH,$HEIGHT" >"$1/geometry.txt"
  kill "$PID"
' "$BIN" "$OUT"
# The window shows rows of text on a light background: not blank, its own size.
"$ROOT/Examples/GtkDemo/Scripts/snapshot-check.sh" "$OUT/contacts.xwd" --crop "$(cat "$OUT/geometry.txt")" \
  --size 360x480 --write-png "$OUT/contacts.png"
echo "consumer-test: passed (the window: $OUT/contacts.png)"
