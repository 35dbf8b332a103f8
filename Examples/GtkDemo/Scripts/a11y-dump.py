#!/usr/bin/python3
"""Prints gtk-demo's accessible tree as a screen reader sees it through AT-SPI (python3-pyatspi).

Run by Scripts/a11y-test.sh (with A11Y_DUMP=FILE) inside a D-Bus session under Xvfb, with
gtk-demo running and accessibility on, before any input. One line per accessible object:
its role, its name, and its states and attributes a user would hear (selectable, selected,
focusable, multiselectable, position in set), indented by depth. Objects hidden from
assistive technologies are not in the tree.
"""
import sys
import time

import pyatspi

STATES = [
    (pyatspi.STATE_FOCUSABLE, "focusable"),
    (pyatspi.STATE_FOCUSED, "focused"),
    (pyatspi.STATE_SELECTABLE, "selectable"),
    (pyatspi.STATE_SELECTED, "selected"),
    (pyatspi.STATE_MULTISELECTABLE, "multiselectable"),
]


def find_app():
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.name == "gtk-demo":
            return app
    return None


def line(node, depth):
    states = node.getState()
    words = [word for state, word in STATES if states.contains(state)]
    try:
        attributes = dict(a.split(":", 1) for a in node.getAttributes())
    except Exception:
        attributes = {}
    words += ["%s=%s" % (k, attributes[k]) for k in ("posinset", "setsize") if k in attributes]
    if node.description:
        words.append("description=%r" % node.description)
    return "%s%s %r%s" % ("  " * depth, node.getRoleName(), node.name,
                           (" [" + ", ".join(words) + "]") if words else "")


def dump(node, depth=0):
    if node is None or depth > 16:
        return []
    lines = [line(node, depth)]
    for child in node:
        lines += dump(child, depth + 1)
    return lines


deadline = time.monotonic() + 20
app = find_app()
while app is None and time.monotonic() < deadline:
    time.sleep(0.2)
    app = find_app()
if app is None:
    print("a11y-dump: gtk-demo is not on the accessibility bus", file=sys.stderr)
    sys.exit(1)
# The list fills on its first frames: wait until the tree stops growing.
previous = []
while time.monotonic() < deadline:
    current = dump(app)
    if current == previous and any("list item" in entry for entry in current):
        break
    previous = current
    time.sleep(0.5)
print("\n".join(dump(app)))
