#!/usr/bin/env bash
# Installs what ReelGtk's checks need on a fresh Debian/Ubuntu machine: the GTK 4 development
# files; Xvfb + xauth (xvfb-run); the DejaVu fonts the golden snapshot was rendered with;
# xdotool and xwd (x11-apps) for real input and window dumps; D-Bus, AT-SPI and pyatspi for the
# accessibility check.
# Idempotent: does nothing when everything is already there.
set -euo pipefail

have_all() {
  pkg-config --exists gtk4 2>/dev/null && command -v xvfb-run && command -v xauth \
    && command -v xdotool && command -v xwd && command -v dbus-run-session \
    && /usr/bin/python3 -c 'import pyatspi' && fc-list 2>/dev/null | grep -qi dejavu \
    && [ -e /usr/libexec/at-spi-bus-launcher ]
}
if have_all >/dev/null 2>&1; then
  echo "install-deps: gtk4 $(pkg-config --modversion gtk4), Xvfb, xdotool, xwd, AT-SPI already present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq libgtk-4-dev xvfb xauth fonts-dejavu-core xdotool x11-apps \
  dbus at-spi2-core python3-pyatspi >/dev/null
echo "install-deps: installed gtk4 $(pkg-config --modversion gtk4)"
