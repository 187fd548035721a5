"""An LRU cache for drawing functions, keyed by the *normalised* arguments.

``f(3, 100)``, ``f(3, width=100)`` and ``f(3, 100, plus=False)`` hit the same entry (defaults are filled in and
lists become tuples), so the same picture is always the same surface object.
"""

from __future__ import annotations

import functools
import inspect
from collections import OrderedDict

_ALL: list = []
#: other caches of pictures (a game's own), emptied with the drawing caches: ``on_clear(fn)``
_CLEARERS: list = []


def _freeze(value):
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _bytes(value) -> int:
    try:
        return value.get_width() * value.get_height() * value.get_bytesize()
    except AttributeError:
        return 0


def surface_cache(maxsize: int = 256, max_bytes: int = 96 * 1024 * 1024):
    """LRU cache of at most ``maxsize`` entries and ``max_bytes`` of pixels (oldest pictures are dropped first).

    A picture asked for again after being dropped is simply drawn again (a new object).
    """

    def decorate(fn):
        signature = inspect.signature(fn)
        entries: OrderedDict = OrderedDict()
        stats = {"hits": 0, "misses": 0, "bytes": 0}

        fast: dict = {}  # the caller's literal arguments -> normalised key (skips binding on the hot path)

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                raw = (args, tuple(kwargs.items())) if kwargs else args
                value = entries[fast[raw]]
            except (KeyError, TypeError):
                pass
            else:
                stats["hits"] += 1
                return value
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            key = tuple((name, _freeze(value)) for name, value in bound.arguments.items())
            try:
                if len(fast) > 4 * maxsize:
                    fast.clear()
                fast[(args, tuple(kwargs.items())) if kwargs else args] = key
            except TypeError:  # unhashable literal arguments (a list): only the normalised key is used
                pass
            try:
                value = entries[key]
            except KeyError:
                stats["misses"] += 1
                value = fn(*bound.args, **bound.kwargs)
                entries[key] = value
                stats["bytes"] += _bytes(value)
                while len(entries) > 1 and (len(entries) > maxsize or stats["bytes"] > max_bytes):
                    _, dropped = entries.popitem(last=False)
                    stats["bytes"] -= _bytes(dropped)
                return value
            stats["hits"] += 1
            entries.move_to_end(key)
            return value

        def cache_clear():
            entries.clear()
            fast.clear()
            stats["bytes"] = 0

        def cache_info():
            return {"size": len(entries), "maxsize": maxsize, "max_bytes": max_bytes, **stats}

        wrapper.cache_clear = cache_clear
        wrapper.cache_info = cache_info
        _ALL.append(wrapper)
        return wrapper

    return decorate


def clear_all() -> None:
    """Empty every drawing cache (after a display-format change, or to free memory)."""
    for wrapper in _ALL:
        wrapper.cache_clear()
    for clear in _CLEARERS:
        clear()


def picture_store() -> dict:
    """A module's own dict of cached pictures, emptied with the drawing caches (a display-format change, the text
    probe's install: a picture kept from before would carry no record of its text). Every module-level store of
    pictures is one of these or a ``surface_cache`` (``tests/test_picture_caches.py`` walks them all)."""
    store: dict = {}
    on_clear(store.clear)
    return store


def on_clear(clear) -> None:
    """Have ``clear()`` called whenever the drawing caches are emptied (a module's own cache of pictures)."""
    if clear not in _CLEARERS:
        _CLEARERS.append(clear)
