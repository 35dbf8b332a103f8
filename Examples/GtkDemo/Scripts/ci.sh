#!/usr/bin/env bash
# CI entry point for ReelGtk and the GTK example, called by the root .ci/run: installs GTK 4,
# Xvfb, xdotool, xwd, AT-SPI and D-Bus when missing, then runs every GTK check. Exits non-zero
# on any failure.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
step() { printf '\n--> %s (%ss)\n' "$*" "$SECONDS"; }
"$HERE/install-deps.sh"
step "consumer package by file:// URL; the root builds without GTK"
"$HERE/consumer-test.sh"
step "headless snapshots on a simulated clock"
"$HERE/snapshot-test.sh"
step "real X input through xdotool"
"$HERE/input-test.sh"
step "the accessible tree through AT-SPI"
"$HERE/a11y-test.sh"
step "ReelGtkTests under AddressSanitizer, with the leak check"
"$HERE/gtk-tests.sh"
step "GTK checks passed"
