#!/usr/bin/env bash
# CI entry point for the GTK demo, called by the root .ci/run: installs GTK 4, Xvfb and xauth
# when missing, then runs the headless snapshot test. Exits non-zero on any failure.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$HERE/install-deps.sh"
"$HERE/snapshot-test.sh"
