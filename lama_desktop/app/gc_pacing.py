"""Python's cyclic garbage collector kept off the frames.

A full pass of the collector walks every object the process holds; with the app, its fonts and every game's modules
loaded that took 25-35 ms, every second or two at a busy table (issue 32: the Llama Land lessons' 40 ms frames came
back every 84 frames). What the app keeps for its whole run is loaded once it has started (the modules the warm-up
imports, the title's pictures): ``settle`` then collects once and moves everything alive out of the collector's sight
(``gc.freeze``), so that a later full pass walks only what came since (under a millisecond). Reference counting still
frees a settled object nobody holds; ``settle`` first brings back what an earlier one set aside
(``gc.unfreeze``), so a process that makes many apps (the tests) keeps nothing it dropped.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """One full collection, then everything alive set aside from later passes (call it between frames, once the
    long-lived objects are loaded: the pass itself takes as long as a full one)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
