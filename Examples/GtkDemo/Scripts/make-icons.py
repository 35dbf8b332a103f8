#!/usr/bin/env python3
"""Writes the demo's card icons (48x48 RGBA PNGs, white shapes with soft edges) into
Resources/. Standard library only; rerun to regenerate the committed files."""
import math
import os
import struct
import zlib

SIZE = 48
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Resources")


def png(path, coverage):
    rows = []
    for y in range(SIZE):
        row = bytearray([0])  # filter: none
        for x in range(SIZE):
            # 4x4 supersampling for anti-aliased edges.
            hits = sum(coverage(x + (i + 0.5) / 4, y + (j + 0.5) / 4)
                       for i in range(4) for j in range(4))
            row += bytes([255, 255, 255, round(255 * hits / 16)])
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw)
                + chunk(b"IEND", b""))


def sun(x, y):
    dx, dy = x - 24, y - 24
    r = math.hypot(dx, dy)
    if r <= 10:
        return True
    angle = math.atan2(dy, dx)
    ray = abs(math.sin(4 * angle)) > 0.82
    return ray and 14 <= r <= 21


def wave(x, y):
    for base in (16, 26, 36):
        centre = base + 4 * math.sin((x - 4) / 40 * 2 * math.pi)
        if abs(y - centre) <= 2.5 and 4 <= x <= 44:
            return True
    return False


def leaf(x, y):
    # The lens where two circles overlap makes a leaf along the main diagonal; a thin vein
    # runs down its middle, and a stalk sticks out at the bottom right.
    a = math.hypot(x - 16, y - 32) <= 20
    b = math.hypot(x - 32, y - 16) <= 20
    vein = abs(x - y) <= 1.0
    stalk = abs(x - y) <= 1.5 and 36 <= x <= 44
    return (a and b and not vein) or stalk


def moon(x, y):
    # A crescent: a disc minus a shifted disc.
    return math.hypot(x - 24, y - 24) <= 18 and math.hypot(x - 32, y - 18) > 15


def star(x, y):
    # A five-pointed star: inside when the radius is below the star's outline at that angle.
    dx, dy = x - 24, y - 25
    r = math.hypot(dx, dy)
    angle = (math.atan2(dy, dx) + math.pi / 2) % (2 * math.pi / 5)
    t = abs(angle - math.pi / 5) / (math.pi / 5)  # 0 between two points, 1 at a point
    outline = 9 + (21 - 9) * t ** 1.6
    return r <= outline


os.makedirs(OUT, exist_ok=True)
for name, shape in (("icon-sun.png", sun), ("icon-wave.png", wave), ("icon-leaf.png", leaf),
                    ("icon-moon.png", moon), ("icon-star.png", star)):
    png(os.path.join(OUT, name), shape)
    print(name, os.path.getsize(os.path.join(OUT, name)), "bytes")
