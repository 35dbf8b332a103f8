#!/usr/bin/env bash
# Real X input: gtk-demo on GTK's real frame clock under Xvfb, driven by xdotool (wheel, a drag
# on the scrollbar, clicks, a drag on the banner, keys with focus in each view, Tab). Each step
# is checked by the engine's state (the demo's --trace lines: resting offset, first row, cursor,
# the scroll adjustment, the banner's page, selections) and, twice, by picture (an X window
# dump checked by snapshot-check). Output in $INPUT_OUT (default a new temporary folder).
set -euo pipefail
PACKAGE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${INPUT_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/reel-gtk-input.XXXXXX")}"
swift build --package-path "$PACKAGE" 2>&1 | grep -v 'prohibited flag' | tail -n 1
BIN="$(swift build --package-path "$PACKAGE" --show-bin-path)"
export BIN OUT
GTK_A11Y=none GSK_RENDERER=cairo xvfb-run -a -s "-screen 0 1280x1024x24" bash -c '
set -euo pipefail
LOG="$OUT/trace.txt"
"$BIN/gtk-demo" --trace --size 800x600 >"$LOG" 2>&1 &
PID=$!
trap "kill $PID 2>/dev/null || true" EXIT
seen=0
# expect REGEX WHAT: waits (at most 10 s of real time: the X server and the frame clock are
# real) for a new trace line matching REGEX; prints it; fails with WHAT otherwise.
expect() {
  for _ in $(seq 100); do
    line="$(tail -n +"$((seen + 1))" "$LOG" | grep -m1 -E "$1" || true)"
    if [ -n "$line" ]; then
      seen="$(grep -n -m1 -F -- "$line" <(tail -n +"$((seen + 1))" "$LOG") | cut -d: -f1 | xargs -I{} expr {} + "$seen")"
      echo "ok   $2: $line"
      return 0
    fi
    sleep 0.1
  done
  echo "FAIL $2: no line matching /$1/ in:" >&2
  tail -n +"$((seen + 1))" "$LOG" >&2
  exit 1
}
# settle_then REGEX WHAT: waits until the trace is quiet for half a second (a drag prints a
# resting state between its motion events), then checks the last new line.
settle_then() {
  local count=-1
  for _ in $(seq 20); do
    [ "$count" = "$(wc -l <"$LOG")" ] && break
    count="$(wc -l <"$LOG")"
    sleep 0.5
  done
  line="$(tail -n +"$((seen + 1))" "$LOG" | tail -n 1)"
  seen="$(wc -l <"$LOG")"
  if [[ "$line" =~ $1 ]]; then echo "ok   $2: $line"; else
    echo "FAIL $2: the last line is not /$1/: $line" >&2; exit 1; fi
}
# picture NAME CHECKS...: dumps the screen and checks the window part with snapshot-check.
picture() {
  local name="$1"; shift
  sleep 0.5
  xwd -silent -root >"$OUT/$name.xwd"
  "$BIN/snapshot-check" "$OUT/$name.xwd" --crop "$X,$Y,800,600" --write-png "$OUT/$name.png" "$@" \
    | sed "s/^/    /"
  [ "${PIPESTATUS[0]}" = 0 ] || { echo "FAIL picture $name" >&2; exit 1; }
}
for _ in $(seq 100); do
  WINDOW="$(xdotool search --onlyvisible --name "^Reel GTK demo$" 2>/dev/null | head -1 || true)"
  [ -n "$WINDOW" ] && break
  sleep 0.1
done
[ -n "${WINDOW:-}" ] || { echo "FAIL the window did not appear" >&2; exit 1; }
eval "$(xdotool getwindowgeometry --shell "$WINDOW")"
expect "^list: rest offset=0 first=0 " "the list lays out and stops ticking"
at() { xdotool mousemove "$((X + $1))" "$((Y + $2))"; }

at 642 31; xdotool click 1
expect "^autoplay off" "the autoplay button pauses the banner"

at 400 460; xdotool click 5 click 5 click 5
expect "^list: rest offset=120 first=[0-9]+ cursor=-1 adjustment=120$" "three wheel steps scroll 120 pt, the scrollbar follows"

at 770 460; sleep 0.3; at 770 348; sleep 0.3; xdotool mousedown 1
for y in 365 395 425 455 465; do sleep 0.05; at 770 "$y"; done
xdotool mouseup 1
settle_then "^list: rest offset=[0-9]{6} first=[0-9]{4} " "dragging the scrollbar thumb scrolls thousands of rows"
offset="${line#*offset=}"; offset="${offset%% *}"; adjustment="${line##*adjustment=}"
[ "$offset" = "$adjustment" ] || { echo "FAIL offset $offset and scrollbar $adjustment differ" >&2; exit 1; }

at 400 460; xdotool click 4
settle_then "^list: rest offset=[0-9]+ " "a wheel step up after the scrollbar"
# 40 pt back; a row above measured on the way moves the offset by its error from the estimate
# (the list keeps the rows on screen in place), so the offset is 40 back give or take a row.
back="${line#*offset=}"; back="$((offset - ${back%% *}))"
((back > 0 && back < 100)) || { echo "FAIL the wheel step up moved the offset by $back, not 40 give or take a row" >&2; exit 1; }
echo "ok   the wheel step up moved the offset back $back pt"
first="$(sed "s/.*first=\([0-9]*\).*/\1/" <<<"$line")"
at 600 350; xdotool click 1
expect "^selected item ($first|$((first + 1))) \(list: " "a click selects the row under the pointer"
picture after-click --expect 605,345,160,5=3584E4

xdotool key Home
expect "^list: rest offset=0 first=0 cursor=0 " "Home (focus in the list) moves the cursor to the top"
xdotool key Down Down
expect "cursor=2 " "Down twice moves the cursor two rows"
xdotool key End
expect "^list: rest offset=[0-9]+ first=99[0-9]{2} cursor=9999 " "End moves the cursor to the last row, scrolled into view"

at 600 170; xdotool mousedown 1
for x in 560 500 440 380 320; do sleep 0.03; at "$x" 170; done
xdotool mouseup 1
expect "^carousel: rest page=1$" "a drag on the banner pages it once"

at 400 170; xdotool click 1
expect "^selected item 1 \(carousel: Lagoon\)" "a click on the banner selects its card (and focuses it)"
xdotool key Right
expect "^carousel: rest page=2$" "Right (focus in the banner) pages forward"
xdotool key Left Left
expect "^carousel: rest page=0$" "Left twice pages back, across the loop"
xdotool key Tab Up
expect "cursor=9998 " "Tab moves focus to the list, whose Up moves its cursor"
picture end --expect 350,297,20,5=3584E4 --expect 386,297,5,5=C0BFBC --expect 100,75,600,40=A66A67~60
echo "input-test: all checks passed (output in $OUT)"
'
