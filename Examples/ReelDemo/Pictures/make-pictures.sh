#!/usr/bin/env bash
# Makes the terminal demo's banner pictures (this directory): four of the GTK example's
# project-made photos (Examples/GtkDemo/Scripts/make-photos.py), made small — a terminal shows
# a card's picture in about 40 × 16 half-block pixels — three as JPEG and one as PNG, so both
# decoders' paths are exercised. Needs ImageMagick (`apt install imagemagick`).
#
#     Examples/ReelDemo/Pictures/make-pictures.sh
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PHOTOS="$HERE/../../GtkDemo/Resources"
convert "$PHOTOS/photo-sunrise.jpg" -resize 192x84 -strip -quality 85 "$HERE/sunrise.jpg"
convert "$PHOTOS/photo-lagoon.jpg" -resize 192x84 -strip -quality 85 "$HERE/lagoon.jpg"
convert "$PHOTOS/photo-meadow.jpg" -resize 192x84 -strip -quality 85 "$HERE/meadow.jpg"
convert "$PHOTOS/photo-night.jpg" -resize 192x84 -strip "$HERE/night.png"
