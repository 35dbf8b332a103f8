#!/usr/bin/env bash
# Builds the libFuzzer harness (Tests/Fuzz/FuzzReel.swift over the Reel and ReelTesting sources,
# with AddressSanitizer) and fuzzes for SECONDS (default 60), starting from the committed
# corpus in Tests/Fuzz/corpus. New inputs go to Tests/Fuzz/work/corpus (not committed).
#
#   Tests/Fuzz/run.sh          # one minute
#   Tests/Fuzz/run.sh 3600     # one hour
#   JOBS=2 Tests/Fuzz/run.sh 3600   # two fuzzing processes
#   REEL_FUZZ_EXTENDED=1 Tests/Fuzz/run.sh 600   # also the extended operations and checks
#   REEL_FUZZ_FEATURES=1 Tests/Fuzz/run.sh 600   # also snapshots, end anchoring, saved state, selection
#   TIMEOUT=300 nice -n 19 Tests/Fuzz/run.sh 3600  # at low priority on a loaded machine: an
#                                                  # input starved of CPU is not a hang
#   REEL_FUZZ_TARGET=http Tests/Fuzz/run.sh 600    # the HTTP response parser instead
#                                                  # (Tests/Fuzz/FuzzHTTP.swift, corpus-http)
#
# A failure prints the configuration, the script and every violation, and leaves the input in
# Tests/Fuzz/work/crash-*; replay it with `Tests/Fuzz/work/fuzz-reel Tests/Fuzz/work/crash-…`,
# then add the shrunk script to Tests/ReelTests/ConformanceRegressionTests.swift.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
work=Tests/Fuzz/work
mkdir -p "$work/corpus"
flags=(-O -sanitize=fuzzer,address -parse-as-library -g -package-name reel -I Sources/CReelSupport/include)
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

if [[ "${REEL_FUZZ_TARGET:-}" == http ]]; then
  # The parser's three files and the harness as one module: nothing else of ReelBanner.
  network=Sources/ReelBanner/Network
  sources=("$network/HTTPResponseParser.swift" "$network/HTTPResponseHead.swift"
    "$network/NetworkImageError.swift" Tests/Fuzz/FuzzHTTP.swift)
  if [[ ! -x "$work/fuzz-http" || -n "$(find "${sources[@]}" -newer "$work/fuzz-http" | head -1)" ]]; then
    echo "==> building the HTTP parser fuzzer"
    swiftc "${flags[@]}" -module-name FuzzHTTP "${sources[@]}" -o "$work/fuzz-http"
  fi
  echo "==> fuzzing the HTTP parser for ${seconds}s"
  mkdir -p "$work/corpus-http"
  exec "$work/fuzz-http" -max_total_time="$seconds" -timeout="${TIMEOUT:-20}" -rss_limit_mb=2048 \
    -max_len=4096 -print_final_stats=1 -artifact_prefix="$work/http-" \
    "$work/corpus-http" Tests/Fuzz/corpus-http
fi

if [[ ! -x "$work/fuzz-reel" || -n "$(find Sources/Reel Sources/CReelSupport Sources/ReelTesting Tests/Fuzz/FuzzReel.swift -newer "$work/fuzz-reel" \( -name '*.swift' -o -name '*.h' \) | head -1)" ]]; then
  echo "==> building the fuzzer"
  swiftc "${flags[@]}" -wmo -module-name Reel -emit-library -static \
    -emit-module -emit-module-path "$work/Reel.swiftmodule" \
    $(find Sources/Reel -name '*.swift') -o "$work/libReel.a"
  swiftc "${flags[@]}" -wmo -module-name ReelTesting -emit-library -static -I "$work" \
    -emit-module -emit-module-path "$work/ReelTesting.swiftmodule" \
    $(find Sources/ReelTesting -name '*.swift') -o "$work/libReelTesting.a"
  swiftc "${flags[@]}" -I "$work" Tests/Fuzz/FuzzReel.swift \
    "$work/libReelTesting.a" "$work/libReel.a" -lm -o "$work/fuzz-reel"
fi

echo "==> fuzzing for ${seconds}s"
# A violation traps: let AddressSanitizer report it, not the Swift runtime's backtracer, whose
# memory reads AddressSanitizer flags as errors of their own and which hides the real report
# (SWIFT_BACKTRACE, set above).
parallel=()
# The extended fuzzer also starts from the inputs it found before (replayed by FuzzCorpusTests).
extended_corpus=()
if [[ "${REEL_FUZZ_EXTENDED:-}" == 1 ]]; then extended_corpus=(Tests/Fuzz/corpus-extended); fi
if [[ "${REEL_FUZZ_FEATURES:-}" == 1 ]]; then extended_corpus+=(Tests/Fuzz/corpus-features); fi
if [[ "${REEL_FUZZ_BULK:-}" == 1 ]]; then extended_corpus+=(Tests/Fuzz/corpus-bulk); fi
if [[ "${JOBS:-1}" -gt 1 ]]; then parallel=(-jobs="$JOBS" -workers="$JOBS"); fi  # logs: fuzz-N.log
"$work/fuzz-reel" -max_total_time="$seconds" -timeout="${TIMEOUT:-20}" -rss_limit_mb=4096 -max_len=1024 \
  "${parallel[@]}" -print_final_stats=1 -artifact_prefix="$work/" \
  "$work/corpus" Tests/Fuzz/corpus "${extended_corpus[@]}"
