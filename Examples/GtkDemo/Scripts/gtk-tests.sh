#!/usr/bin/env bash
# The ReelGtk test suite (Tests/ReelGtkTests) and PixbufDecoder's (Tests/ReelBannerTests/Pixbuf,
# decompression bombs included: the GTK trait turns on the Pixbuf trait) with the GTK trait on,
# under AddressSanitizer
# (LeakSanitizer checks for leaks at exit; system libraries suppressed, see the suppressions
# file), under Xvfb. Includes the leak check: a view created, scrolled through 10^5 rows and
# destroyed leaves no widget, cell or Reel allocation behind.
#
# One kind of leak report is let through, with a notice: a leak whose whole allocation stack
# (below malloc or realloc) is "<unknown module>", code of a library that was unloaded before
# the report or that has no frame pointers to walk. Such a stack names nothing, so no
# suppression can match it, and it cannot come from Reel, whose allocations have Reel frames
# (GTK occasionally leaves one of 128 bytes from a module it loads). Any leak with a frame in a
# known module, and any test failure, fails the run.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$ROOT"
# A crash must end the run: Swift's backtracer, reading the crashed process under
# AddressSanitizer, trips the sanitizer itself and hangs. The sanitizer's report and the crash's
# message are printed without it.
export SWIFT_BACKTRACE=enable=no
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
LSAN_OPTIONS="suppressions=$ROOT/Examples/GtkDemo/Scripts/lsan-suppressions.txt:print_suppressions=0" \
  xvfb-run -a -s "-screen 0 1280x1024x24" \
  swift test --traits GTK --scratch-path .build-gtk-asan --sanitize=address --filter 'ReelGtkTests|PixbufDecoderTests|PixbufBombTests' \
  >"$log" 2>&1
status=$?
grep -v -e 'prohibited flag' -e '^\[[0-9]*/[0-9]*\]' "$log"
((status == 0)) && exit 0

# The tests passed, LeakSanitizer reported, and every frame above the allocator in its report is
# "<unknown module>": let it through. xvfb-run's own complaint that it could not remove its
# temporary directory (the server's files, after the tests ended) is not an error of the tests.
report="$(sed -n '/LeakSanitizer: detected memory leaks/,/^SUMMARY: AddressSanitizer/p' "$log")"
if grep -q 'Test run with [0-9]* tests\{0,1\} in [0-9]* suites\{0,1\} passed' "$log" \
  && ! grep -v 'xvfb-run: error: problem while cleaning up temporary directory' "$log" \
    | grep -q -e '✘' -e 'error:' && [[ -n "$report" ]] \
  && ! grep -E '^ +#[1-9][0-9]* ' <<<"$report" | grep -qv '(<unknown module>)'; then
  echo "gtk-tests: the tests passed; LeakSanitizer reported only allocations from an unknown module"
  echo "(no frame names a library or Reel; see the note at the top of this script)"
  exit 0
fi
exit "$status"
