"""The names a seat gets when nobody typed one, and the one rule for the names a person may take.

A made-up name ("You", "Player 2", the hosting app's "Host", a bot's "Anna") is a word of the app, not of a
person: it must read in the language of whoever reads it. On one screen the seats keep it as text and say it again
in the current language (``i18n.current_name``); across the network it crosses as a key (``MadeUp``: ``host``,
``player`` with its number, ``bot`` with its place in the list of bots' names) and each app words it in its own
language (``word_names``: a Polish host is "Gospodarz" on its screen and "Host" on an English guest's, a bot
"Bartek" and "Bruno"). A person's own name crosses as the text they typed.

``refused_person_name(name)`` is the one rule for the names a person may not take, wherever they sit down (the
app's setup and join screens, the app's table host, ``lama-desktop serve``): an empty name or a made-up one in any
language, which would read as a placeholder or as everybody's "you" on the other screens.

Nothing here imports pygame or the app; the network (``net/host.py``, ``net/remote_session.py``) and the app both
read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from lama_desktop.core.i18n import in_every_language, t

#: what a made-up name is a key of: the hosting app's own player when nobody named them, a numbered person's seat,
#: a bot with one of the bots' default names
MADE_UP_KEYS = ("host", "player", "bot")
#: the bots' names when a catalog has none
FALLBACK_BOT_NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Felix")


@dataclass(frozen=True)
class MadeUp:
    """A made-up name as a key: ``host``; ``player`` and ``n`` its number ("Player 2": 2); ``bot`` and ``n`` its
    place (0 first) in the list of the bots' names of the reader's language."""

    key: str
    n: int = 0

    def __post_init__(self):
        if self.key not in MADE_UP_KEYS:
            raise ValueError(f"not a made-up name's key: {self.key!r}")


def split_names(text: str) -> list[str]:
    """The names of a comma-separated list string ("Anna, Bruno, Carla")."""
    return [n.strip() for n in text.split(",") if n.strip()]


def default_bot_names() -> list[str]:
    """The bots' default names in the current language, in order."""
    return split_names(t("common.setup.bot_names")) or list(FALLBACK_BOT_NAMES)


def default_you_names() -> set[str]:
    """The default name of the first human seat ("You") in every language."""
    return {v.strip() for v in in_every_language("common.setup.you") if v.strip()}


def host_names() -> set[str]:
    """The hosting app's name for its own nameless player ("Host", "Gospodarz") in every language."""
    return {v.strip() for v in in_every_language("common.net.host_player") if v.strip()}


def numbered_name(index: int) -> str:
    """The default name of seat ``index`` (0-based) when several humans share the screen: "Player 1"..."""
    return f"{t('common.setup.seat')} {index + 1}"


def _numbered(name: str) -> int | None:
    """The number of a "Player 2" in any language, else None."""
    head, _, number = name.strip().rpartition(" ")
    if number.isdigit() and head in {v.strip() for v in in_every_language("common.setup.seat")}:
        return int(number)
    return None


def is_default_name(name: str) -> bool:
    """Whether ``name`` is a human seat's made-up name in any language (empty, "You", "Player 2") rather than one
    a player typed."""
    name = name.strip()
    return not name or name in default_you_names() or _numbered(name) is not None


def is_bot_name(name: str) -> bool:
    """Whether ``name`` is one of the bots' default names in any language ("Bruno", "Bastien"...)."""
    return _bot_index(name) is not None


def _bot_index(name: str) -> int | None:
    """The place of ``name`` in the bots' names, the current language's list first, then every other's."""
    name = name.strip()
    for listed in [t("common.setup.bot_names")] + in_every_language("common.setup.bot_names"):
        names = split_names(listed)
        if name in names:
            return names.index(name)
    return None


def refused_person_name(name: str) -> bool:
    """THE rule for a person's name, the same in the app and in ``serve``: empty, "You", "Player 2" or the host's
    "Host", in any language, is a word the tables use for a seat, not a person's name."""
    return is_default_name(name) or name.strip() in host_names()


def made_up(name: str, kind: str) -> MadeUp | None:
    """The key of a seat's name when it is made up (``kind``: the seat's, ``human``/``remote``/``bot``), else
    None (a name a person typed crosses as it is). A bot's default name in any language is ``bot``; a person's
    "Player 2" is ``player`` 2, the hosting app's "Host" ``host``; a person still called "You" (an old save) is
    ``host`` (the only person a table names "You" is its host's)."""
    text = str(name).strip()
    if kind == "bot":
        index = _bot_index(text)
        return MadeUp("bot", index) if index is not None else None
    number = _numbered(text)
    if number is not None:
        return MadeUp("player", number)
    if text in host_names() or (text and text in default_you_names()):
        return MadeUp("host")
    return None


def word(name: MadeUp) -> str:
    """A made-up name in the current language (a bot's place past the list: the list again, numbered: "Anna 2")."""
    if name.key == "host":
        return t("common.net.host_player")
    if name.key == "player":
        return f"{t('common.setup.seat')} {name.n}"
    bots = default_bot_names()
    n = max(0, name.n)
    return bots[n] if n < len(bots) else f"{bots[n % len(bots)]} {n // len(bots) + 1}"


def word_names(names) -> list[str]:
    """Every seat's name in the current language: a person's text as it is, a ``MadeUp`` worded (``word``). A
    bot's worded name that another seat has already (a guest called "Bruno" at a table whose bot is "Bruno" in
    this language) gives way to the next bot's name nobody has, so no screen shows two seats with one name."""
    texts = [n if isinstance(n, str) else None for n in names]
    taken = {text.strip().casefold() for text in texts if text}
    for i, name in enumerate(names):
        if isinstance(name, str):
            continue
        text = word(name)
        if text.casefold() in taken and name.key == "bot":
            text = next((b for b in default_bot_names() if b.casefold() not in taken), text)
        texts[i] = text
        taken.add(text.casefold())
    return texts


def read_name(raw) -> str | MadeUp:
    """A seat's name as a host sent it (``protocol.SeatName``: a person's text, or a made-up name's key as a
    ``MadeUpName`` or its dict); anything else reads as "?" (a name never fails a table)."""
    if isinstance(raw, str):
        return raw
    key = raw.get("key") if isinstance(raw, dict) else getattr(raw, "key", None)
    n = raw.get("n", 0) if isinstance(raw, dict) else getattr(raw, "n", 0)
    try:
        return MadeUp(str(key), int(n or 0))
    except (TypeError, ValueError):
        return "?"
