#!/usr/bin/env bash
# Installs what the GtkDemo package needs on a fresh Debian/Ubuntu machine: the GTK 4
# development files, Xvfb + xauth for the headless snapshot test (xvfb-run), and the DejaVu
# fonts the golden snapshot was rendered with.
# Idempotent: does nothing when GTK 4 is already known to pkg-config and xvfb-run exists.
set -euo pipefail

if pkg-config --exists gtk4 2>/dev/null && command -v xvfb-run >/dev/null 2>&1 \
  && command -v xauth >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi dejavu; then
  echo "install-deps: gtk4 $(pkg-config --modversion gtk4), xvfb-run and xauth already present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y libgtk-4-dev xvfb xauth fonts-dejavu-core
echo "install-deps: installed gtk4 $(pkg-config --modversion gtk4)"
