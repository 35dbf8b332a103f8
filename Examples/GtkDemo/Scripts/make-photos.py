#!/usr/bin/python3
"""Generates the demo banner's five photo-like JPEGs (Resources/photo-*.jpg, ~40 KB each).

Procedural scenes (sky gradients, value-noise hills, clouds, water, stars, bokeh) with film
grain, written with GdkPixbuf (python3-gi). Deterministic: a fixed seed per scene.

    /usr/bin/python3 Examples/GtkDemo/Scripts/make-photos.py [OUT_DIR]
"""
import math
import os
import random
import sys

import gi

gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, GLib  # noqa: E402

W, H = 960, 420


class Noise:
    """2-D value noise: a random lattice, smoothly interpolated, summed over octaves."""

    def __init__(self, seed, size=64):
        rng = random.Random(seed)
        self.size = size
        self.grid = [[rng.random() for _ in range(size)] for _ in range(size)]

    def value(self, x, y):
        n = self.size
        x0, y0 = math.floor(x), math.floor(y)
        fx, fy = x - x0, y - y0
        fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
        g = self.grid
        a = g[y0 % n][x0 % n]
        b = g[y0 % n][(x0 + 1) % n]
        c = g[(y0 + 1) % n][x0 % n]
        d = g[(y0 + 1) % n][(x0 + 1) % n]
        return (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy

    def fbm(self, x, y, octaves=4):
        total, amplitude, norm = 0.0, 1.0, 0.0
        for _ in range(octaves):
            total += amplitude * self.value(x, y)
            norm += amplitude
            x, y, amplitude = x * 2.03, y * 2.03, amplitude * 0.5
        return total / norm


def mix(a, b, t):
    t = max(0.0, min(1.0, t))
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def gradient(stops, t):
    for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
        if t <= t1:
            return mix(c0, c1, (t - t0) / (t1 - t0) if t1 > t0 else 0)
    return stops[-1][1]


def ridge(noise, x, base, height, scale):
    return base - height * noise.fbm(x * scale, 3.7, 5)


def sunrise(x, y, n, rng):
    sky = gradient([(0, (70, 60, 120)), (0.45, (240, 130, 90)), (0.7, (255, 205, 140))], y / H)
    d = math.hypot(x - 0.62 * W, y - 0.55 * H)
    sky = mix(sky, (255, 240, 200), max(0, 1 - d / 260) ** 2)
    if d < 38:
        sky = (255, 246, 220)
    for k, (base, hgt, col) in enumerate(
        [(0.62, 0.22, (150, 90, 110)), (0.74, 0.2, (95, 55, 80)), (0.88, 0.18, (45, 30, 50))]
    ):
        if y > ridge(n, x / W + k * 3.1, base * H, hgt * H, 3 + k):
            sky = mix(col, sky, 0.25 * (2 - k) / 2)
    return sky


def lagoon(x, y, n, rng):
    horizon = 0.42 * H
    if y < horizon:
        c = gradient([(0, (80, 160, 230)), (1, (190, 230, 250))], y / horizon)
        cloud = n.fbm(x / 180, y / 60, 5)
        return mix(c, (255, 255, 255), (cloud - 0.55) * 3)
    shore = 0.78 * H + 30 * math.sin(x / 140) + 20 * n.fbm(x / 90, 9.1)
    if y > shore:
        return mix((235, 215, 170), (215, 190, 140), n.fbm(x / 8, y / 8, 3))
    t = (y - horizon) / (shore - horizon)
    water = gradient([(0, (20, 120, 160)), (0.6, (30, 190, 190)), (1, (120, 225, 210))], t)
    ripple = n.fbm(x / 40, y / 6, 3)
    return mix(water, (230, 255, 250), (ripple - 0.62) * 2.5)


def meadow(x, y, n, rng):
    horizon = 0.5 * H + 25 * n.fbm(x / 300, 1.3)
    if y < horizon:
        c = gradient([(0, (60, 120, 200)), (1, (170, 210, 240))], y / horizon)
        cloud = n.fbm(x / 160 + 3, y / 70, 5)
        return mix(c, (250, 250, 250), (cloud - 0.5) * 3)
    t = (y - horizon) / (H - horizon)
    grass = gradient([(0, (120, 170, 70)), (1, (50, 110, 30))], t)
    blades = n.fbm(x / 3, y / 18, 3)
    flower = n.value(x / 5 + 50, y / 5 + 50)
    c = mix(grass, (30, 70, 20), (blades - 0.5) * 1.6)
    if flower > 0.93 and t > 0.2:
        c = (240, 220, 80) if flower > 0.965 else (250, 250, 245)
    return c


def night(x, y, n, rng):
    c = gradient([(0, (8, 10, 30)), (1, (40, 45, 90))], y / H)
    c = mix(c, (70, 60, 120), n.fbm(x / 200, y / 90, 4) - 0.35)
    if rng.random() < 0.0018:
        c = mix(c, (255, 255, 255), rng.random())
    d = math.hypot(x - 0.25 * W, y - 0.28 * H)
    c = mix(c, (120, 130, 170), max(0, 1 - d / 160) ** 3)
    if d < 34 and math.hypot(x - 0.25 * W - 14, y - 0.28 * H - 6) > 30:
        c = (245, 240, 220)
    if y > ridge(n, x / W, 0.9 * H, 0.35 * H, 4):
        c = (10, 12, 22)
    return c


BOKEH = None


def festival(x, y, n, rng):
    global BOKEH
    if BOKEH is None:
        r = random.Random(5)
        palette = [(255, 180, 60), (255, 110, 80), (255, 220, 120), (240, 90, 160), (120, 200, 255)]
        BOKEH = [(r.random() * W, r.random() * H, 12 + r.random() * 46, r.choice(palette), 0.25 + r.random() * 0.5)
                 for _ in range(70)]
    c = gradient([(0, (30, 15, 40)), (1, (70, 30, 50))], y / H)
    for bx, by, br, col, a in BOKEH:
        d = math.hypot(x - bx, y - by)
        if d < br:
            c = mix(c, col, a * (0.7 + 0.3 * (d / br) ** 4))
    return c


SCENES = [("sunrise", sunrise), ("lagoon", lagoon), ("meadow", meadow), ("night", night),
          ("festival", festival)]


def render(name, scene, seed):
    n = Noise(seed)
    rng = random.Random(seed)
    data = bytearray(W * H * 3)
    i = 0
    for y in range(H):
        for x in range(W):
            r, g, b = scene(x, y, n, rng)
            grain = rng.gauss(0, 5)
            vignette = 1 - 0.28 * (((x - W / 2) / (W / 2)) ** 2 + ((y - H / 2) / (H / 2)) ** 2) / 2
            data[i] = max(0, min(255, int(r * vignette + grain)))
            data[i + 1] = max(0, min(255, int(g * vignette + grain)))
            data[i + 2] = max(0, min(255, int(b * vignette + grain)))
            i += 3
    pixbuf = GdkPixbuf.Pixbuf.new_from_bytes(
        GLib.Bytes.new(bytes(data)), GdkPixbuf.Colorspace.RGB, False, 8, W, H, W * 3)
    return pixbuf


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "Resources")
    for seed, (name, scene) in enumerate(SCENES):
        path = os.path.join(out, "photo-%s.jpg" % name)
        render(name, scene, seed + 1).savev(path, "jpeg", ["quality"], ["80"])
        print("wrote %s (%d bytes)" % (path, os.path.getsize(path)))


if __name__ == "__main__":
    main()
