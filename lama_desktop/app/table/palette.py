"""The table's colours, and ``finish``: every table picture converted to the display's pixel format once a window
exists (fast blits)."""

from __future__ import annotations

from lama_desktop.app.art.svg import finish  # noqa: F401  (the tables take it from here)

GOLD = (242, 180, 65)
LIT = (255, 214, 110)
CREAM = (251, 243, 225)
PAPER_EDGE = (214, 196, 168)
