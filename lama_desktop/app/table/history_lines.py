"""The history's lines (``LogLine``: text, colour, seat, move, round, who may read it) and how they are kept in a
save: ``dump_text`` writes a line's lazy text as JSON so a resumed game's history is said again in whatever language
is chosen, ``load_text`` reads it back and refuses anything it did not write. Nothing here imports pygame."""

from __future__ import annotations

from lama_desktop.core.i18n import LazyJoin, LazyNames, LazyText, LazyWinners

#: lines of history a save keeps at most (a long Llama Land game writes a few hundred)
HISTORY_LIMIT = 5000
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_.")


def dump_text(value, depth: int = 0):
    """A log line (``str``, ``LazyText``, ``LazyJoin``, ``LazyNames``, ``LazyWinners``, nested) as JSON, so a resumed
    game's history is said again in whatever language is chosen, to whoever reads it:
    ``{"t": key, "f": {...}, "s": seat, "o": other, "n": count}`` / ``{"j": sep, "i": [...]}`` /
    ``{"names": [...]}`` / ``{"w": key, "seats": [...], "names": [[seat, name], ...]}``."""
    if depth < 8:
        if isinstance(value, LazyText):
            out = {"t": value.base, "f": {str(k): dump_text(v, depth + 1) for k, v in value.fmt.items()}}
            for field, attr in (("s", "seat"), ("o", "to"), ("n", "n")):
                if getattr(value, attr) is not None:
                    out[field] = getattr(value, attr)
            return out
        if isinstance(value, LazyJoin):
            return {"j": value.sep, "i": [dump_text(v, depth + 1) for v in value.items]}
        if isinstance(value, LazyNames):
            return {"names": [dump_text(v, depth + 1) for v in value.items]}
        if isinstance(value, LazyWinners):
            return {"w": value.key, "seats": list(value.seats),
                    "names": [[seat, str(name)] for seat, name in value.names.items()]}
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return str(value)


def _history_key(key) -> str:
    if not (isinstance(key, str) and 0 < len(key) <= 80 and set(key) <= _KEY_CHARS and "." in key):
        raise ValueError("not a string key")
    return key


def _history_seat(value):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 16:
        raise ValueError("bad seat in history")
    return value


def load_text(value, depth: int = 0):
    """``dump_text``'s inverse; ValueError for anything it did not write (a damaged save's history)."""
    if depth > 8:
        raise ValueError("history text nested too deep")
    if isinstance(value, dict):
        if "t" in value:
            key = _history_key(value["t"])
            fmt = value.get("f") or {}
            if not isinstance(fmt, dict) or len(fmt) > 12:
                raise ValueError("bad history fields")
            n = value.get("n")
            if n is not None and (isinstance(n, bool) or not isinstance(n, int) or abs(n) > 10 ** 6):
                raise ValueError("bad count in history")
            return LazyText(key, {str(k)[:40]: load_text(v, depth + 1) for k, v in fmt.items()},
                            _history_seat(value.get("s")), _history_seat(value.get("o")), n)
        if "j" in value:
            items = value.get("i") or []
            if not isinstance(items, list) or len(items) > 40:
                raise ValueError("bad history list")
            return LazyJoin(str(value["j"])[:8], [load_text(v, depth + 1) for v in items])
        if "names" in value and "w" not in value:
            items = value["names"]
            if not isinstance(items, list) or len(items) > 16:
                raise ValueError("bad history names")
            return LazyNames([load_text(v, depth + 1) for v in items])
        if "w" in value:
            seats, names = value.get("seats"), value.get("names")
            if not isinstance(seats, list) or not isinstance(names, list) or len(seats) > 16 or len(names) > 16:
                raise ValueError("bad history winners")
            pairs = {}
            for pair in names:
                if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], str)):
                    raise ValueError("bad history winners")
                pairs[_history_seat(pair[0])] = clean_text(pair[1], 40)
            return LazyWinners(_history_key(value["w"]), [_history_seat(x) for x in seats], pairs)
        raise ValueError("bad history text")
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError("bad number in history")
        return value
    if isinstance(value, str):
        return clean_text(value)
    raise ValueError("bad history text")


def clean_text(text: str, limit: int = 300) -> str:
    """Printable text of at most ``limit`` characters (history read back from a file reaches the renderer)."""
    text = "".join(ch if ch.isprintable() else " " for ch in text[:limit * 2])
    return text[:limit]


class LogLine:
    """One line of the history: its text (``str`` or lazy), colour, the seat it is about (``actor``), the move
    (number of moves played before it: undo cuts the history there), the round, and ``private_to``: the seat that
    alone may read it (a line telling your own drawn card), else ``None``."""

    __slots__ = ("text", "color", "actor", "move", "round", "private_to", "_wrap")

    def __init__(self, text, color, actor=None, move=0, round=0, private_to=None):
        self.text, self.color, self.actor = text, tuple(color), actor
        self.move, self.round, self.private_to = move, round, private_to
        self._wrap = None

    def wrapped(self, ui, width: int, ctx: tuple, bold: bool) -> list[str]:
        """The line's text wrapped to ``width`` (``bold``: the newest line), kept while ``ctx`` (width, scale,
        language, viewer, reader) stays: a history that grows, or is shown again by another table (the replay
        viewer's), wraps only its new lines."""
        key = (ctx, bold)
        if self._wrap is None or self._wrap[0] != key:
            self._wrap = (key, ui.wrap(str(self.text), 17, width, bold) or [""])
        return self._wrap[1]

    def to_dict(self) -> dict:
        return {"text": dump_text(self.text), "color": list(self.color), "seat": self.actor, "move": self.move,
                "round": self.round, "private_to": self.private_to}

    @classmethod
    def from_dict(cls, data) -> "LogLine":
        if not isinstance(data, dict):
            raise ValueError("a history line must be an object")
        color = data.get("color", (226, 238, 232))
        if not (isinstance(color, list) and len(color) == 3 and all(isinstance(c, int) and 0 <= c <= 255
                                                                      for c in color)):
            raise ValueError("bad history colour")

        def small_int(value, low=-1, high=1_000_000, none=True):
            if value is None and none:
                return None
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError("bad history number")
            return value

        return cls(load_text(data.get("text", "")), color, small_int(data.get("seat"), 0, 16),
                   small_int(data.get("move", -1), -1, none=False), small_int(data.get("round", 0), 0, none=False),
                   small_int(data.get("private_to"), 0, 16))
