#!/usr/bin/python3
"""Checks gtk-demo's accessible tree through AT-SPI (python3-pyatspi), with real X input.

Run by Scripts/a11y-test.sh inside a D-Bus session under Xvfb, with gtk-demo running and
accessibility on. Prints one line per check; exits 1 when any fails.
"""
import re
import subprocess
import sys
import time

import pyatspi

failures = 0


def check(ok, message):
    global failures
    print(("ok   " if ok else "FAIL ") + message)
    if not ok:
        failures += 1


def wait_for(predicate, seconds=10.0):
    """Polls `predicate` (bounded real-time wait: AT-SPI and the X server are real parts)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    return predicate()


def find_app():
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.name == "gtk-demo":
            return app
    return None


def find(node, predicate, depth=0):
    if node is None or depth > 16:
        return None
    if predicate(node):
        return node
    for child in node:
        found = find(child, predicate, depth + 1)
        if found is not None:
            return found
    return None


def named(role, name):
    return lambda n: n.getRoleName() == role and n.name == name


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True)


app = wait_for(find_app)
check(app is not None, "gtk-demo is on the accessibility bus")
if app is None:
    sys.exit(1)

contacts = wait_for(lambda: find(app, named("list", "Contacts")))
check(contacts is not None, "the contact list is a list named 'Contacts'")
items = [c for c in contacts] if contacts else []
check(len(items) >= 5 and all(i.getRoleName() == "list item" for i in items),
      "its children are %d list items (only the displayed rows: virtualized)" % len(items))
names = [i.name for i in items]
check(all(names) and names == sorted(names, key=lambda n: (n.split()[-1], n.split()[0], n)),
      "the items are named by their contacts and read in list order: %s…" % names[:3])
check(len(items) < 40, "10,000 contacts, %d accessible rows" % len(items))
states = contacts.getState() if contacts else None
check(states is not None and states.contains(pyatspi.STATE_FOCUSABLE), "the list is focusable")
check(all(i.getState().contains(pyatspi.STATE_SELECTABLE) for i in items),
      "every row of the selectable list is selectable, selected or not")
scrollbars = [c for c in contacts.parent if c.getRoleName() == "scroll bar"] if contacts else []
check(scrollbars and all(b.name in ("Vertical", "Horizontal") for b in scrollbars),
      "the scroll bars are named by direction, not by GTK type: %r" % [b.name for b in scrollbars])


def type_named(node, depth=0):
    """Nodes (not hidden from the tree) named by a GTK type name: 'GtkPicture', 'ReelViewport'."""
    typename = re.fullmatch(r"(Gtk|Reel)[A-Z][A-Za-z]*", node.name)
    found = [node] if typename and node.getRoleName() != "filler" else []
    if depth < 16:
        for child in node:
            found += type_named(child, depth + 1)
    return found


odd = [n.getRoleName() + " " + n.name for n in type_named(app)]
check(not odd, "no list, item, image or scroll bar is named by its GTK type: %r" % odd)

button = find(app, named("push button", "Pause autoplay"))
check(button is not None, "the header bar's autoplay toggle is a button named 'Pause autoplay'")

banner = find(app, named("panel", "Featured"))
check(banner is not None, "the banner is a group named 'Featured'")
slides = [c for c in banner] if banner else []
check(len(slides) >= 3 and all(s.getRoleName() == "panel" and ": " in s.name for s in slides),
      "its slides are groups named by their cards: %s" % [s.name for s in slides[:3]])
slide_names = [s.name.split(":")[0] for s in slides]
check(len(slide_names) == len(set(slide_names)),
      "each card is in the tree once (the cyclic copies are hidden): %s" % slide_names)
images = [find(s, lambda n: n.getRoleName() == "image") for s in slides]
check(all(images) and [i.name for i in images] == slide_names,
      "each slide's photo is an image named by its card's title: %r"
      % [i.name if i else None for i in images])
order = ["Sunrise", "Lagoon", "Meadow", "Night", "Festival"]
consecutive = all(order.index(b) == (order.index(a) + 1) % 5 for a, b in zip(slide_names, slide_names[1:]))
check(consecutive, "the slides are read in carousel order (the loop wraps): %s" % slide_names)

# Autoplay turns pages without announcing them; a page turned by the user is announced.
description_before = banner.description if banner else None
check(description_before == "", "no announcement before any page change by the user (autoplay is silent)")

# Select a row with real input: click the first row, then Down and Enter.
ext = contacts.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
xdotool("mousemove", str(ext.x + 200), str(ext.y + 20), "click", "1")
xdotool("key", "Down", "Return")


def selected_item():
    for item in contacts:
        if item.getState().contains(pyatspi.STATE_SELECTED):
            return item
    return None


# The click selects row 1 first; wait until the keys have moved the selection on.
selected = wait_for(lambda: (lambda item: item if item and item.name == names[1] else None)(selected_item()))
selected = selected or selected_item()
check(selected is not None and selected.name == names[1],
      "after a click on row 1, Down and Enter, row 2 (%r) is selected: %r"
      % (names[1], selected.name if selected else None))
check(contacts.getState().contains(pyatspi.STATE_FOCUSED), "the list has keyboard focus")
# (The view also sets GTK_ACCESSIBLE_PROPERTY_MULTI_SELECTABLE and each row's
# GTK_ACCESSIBLE_RELATION_POS_IN_SET and SET_SIZE; GTK 4.8's AT-SPI backend reports neither, as
# STATE_MULTISELECTABLE or as "posinset"/"setsize" attributes, so they are not checked here.)

# A Ctrl-click on the fourth row (fully shown) adds it to the selection: the second and fourth
# rows report the selected state.
row = items[3].queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
xdotool("mousemove", str(row.x + row.width // 2), str(row.y + row.height // 2),
        "keydown", "ctrl", "click", "1", "keyup", "ctrl")


def selected_names():
    return sorted(item.name for item in contacts if item.getState().contains(pyatspi.STATE_SELECTED))


both = sorted([names[1], names[3]])
check(wait_for(lambda: selected_names() == both) is True,
      "after a Ctrl-click on the fourth row, it and the second are selected: %r"
      % selected_names())

# Focus the banner with a click on it, then page it with the keyboard: announced.
bext = banner.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
xdotool("mousemove", str(bext.x + bext.width // 2), str(bext.y + bext.height // 2), "click", "1")
xdotool("key", "Right")
announced = wait_for(lambda: banner.description if banner.description.startswith("Item ") else None)
check(announced is not None and " of 5: " in announced,
      "a page turned with the Right key is announced in the banner's description: %r" % announced)

print("a11y-check: %d failed" % failures)
sys.exit(1 if failures else 0)
