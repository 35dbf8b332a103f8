#!/usr/bin/env bash
# The ReelGtk test suite (Tests/ReelGtkTests) with the GTK trait on, under AddressSanitizer
# (LeakSanitizer checks for leaks at exit; system libraries suppressed, see the suppressions
# file), under Xvfb. Includes the leak check: a view created, scrolled through 10^5 rows and
# destroyed leaves no widget, cell or Reel allocation behind.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT"
LSAN_OPTIONS="suppressions=$ROOT/Examples/GtkDemo/Scripts/lsan-suppressions.txt:print_suppressions=0" \
  xvfb-run -a -s "-screen 0 1280x1024x24" \
  swift test --traits GTK --scratch-path .build-gtk-asan --sanitize=address --filter ReelGtkTests \
  2>&1 | grep -v -e 'prohibited flag' -e '^\[[0-9]*/[0-9]*\]'
