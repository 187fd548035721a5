"""UI strings: gettext catalogs ``<catalog folder>/<lang>/LC_MESSAGES/<domain>.po`` (the frame's in
``assets/locale``, each game's in its folder's ``locale``; compiled ``.mo`` when the build made them), looked up as
``t("<domain>.<key>", **fmt)``; see ``lama_desktop/catalog_places.py`` for the layout and
``lama_desktop/catalogs.py`` for the translator's commands.

Each entry's ``msgctxt`` is the key, its ``msgid`` the English text, its ``msgstr`` the translation. Counts use
``plural(key, n, **fmt)``: gettext plural forms whose rule (the catalog's ``Plural-Forms``) comes from CLDR via
Babel. Lookup falls back to English, then to the key itself (a missing string shows up as its key, never a crash).

Words about a player speak to the reader: ``about(key, seat, **fmt)`` is the entry ``<key>_own`` ("You play 3")
when ``seat`` is the seat reading the screen (``reader()``: the table's viewing seat, in hot-seat the player behind
the privacy screen), ``<key>_to_you`` when the line's other player (``other``) is, else ``<key>`` ("Anna plays 3").
Lists of names use the language's CLDR list pattern (``names([...])``: "Anna, Bruno and Carla", "Anna i Bruno").
Lazy text (``lazy.t``, ``lazy.about``, ``lazy.plural``...: ``LazyText`` and its kin) is said when it is drawn, so a
log follows a change of language or of reader mid-game. Nothing here imports pygame.
"""

from __future__ import annotations

import logging
import weakref
from functools import cache
from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal, format_percent

from lama_desktop.catalog_files import SOURCE_LANGUAGE, Table, language_name
from lama_desktop.catalog_places import languages, load_table as load_catalogs, locale_dir
from lama_desktop.engine.registry import plugins

FALLBACK = SOURCE_LANGUAGE

log = logging.getLogger("lama_desktop.i18n")


def _languages() -> tuple[str, ...]:
    try:
        # the frame's catalog folder names the languages (a game's has these or those it declares); reading
        # only it keeps this import-time list from loading the game registry, whose descriptors import us
        found = tuple(languages(locale_dir()))
    except Exception as error:  # noqa: BLE001 - a damaged install still starts (in English keys)
        log.error("cannot list the languages: %s", error)
        found = ()
    return found or (FALLBACK,)


#: every language with catalogs, English first; adding a language is ``catalogs init LANG`` (no code change)
LANGUAGES = _languages()


@cache
def language_names() -> dict[str, str]:
    """Each language's own name (from CLDR), shown in the language picker whatever the current language is; read
    when first asked, not at import (CLDR's data takes a while, and every tool's ``--help`` imports this module)."""
    return {code: language_name(code) for code in LANGUAGES}


@cache
def load_table(lang: str) -> Table:
    try:
        return load_catalogs(lang, log=log)
    except Exception as error:  # noqa: BLE001
        log.error("cannot load the strings of %s: %s", lang, error)
        return Table(lang, {}, "(n != 1)", 2)


def load_language(lang: str) -> dict[str, Any]:
    """``key -> text`` (plural entries: a tuple of forms) of one language, without falling back to English."""
    return load_table(lang).entries


class Strings:
    def __init__(self, lang: str = FALLBACK):
        self.lang = FALLBACK
        self.set_language(lang)

    def set_language(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else FALLBACK
        self._table = load_table(self.lang)
        self._fallback = load_table(FALLBACK)

    def has(self, key: str) -> bool:
        return key in self._table.entries or key in self._fallback.entries

    def _lookup(self, key: str) -> tuple[Any, Table] | tuple[None, None]:
        if key in self._table.entries:
            return self._table.entries[key], self._table
        if key in self._fallback.entries:
            return self._fallback.entries[key], self._fallback
        return None, None

    def get(self, key: str, **fmt: Any) -> str:
        value, table = self._lookup(key)
        if value is None:
            log.warning("missing string %s", key)
            return key
        if isinstance(value, tuple):  # a plural entry used without a count: its "other"-most form
            value = value[-1]
        return _format(key, value, fmt)

    def plural(self, key: str, n: int, **fmt: Any) -> str:
        value, table = self._lookup(key)
        if value is None:
            log.warning("missing string %s", key)
            return key
        if isinstance(value, tuple):
            value = value[table.plural_index(n)]
        return _format(key, value, dict(fmt, n=n))


def _format(key: str, text: str, fmt: dict[str, Any]) -> str:
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            log.warning("bad format for %s: %r", key, fmt)
    return text


_current: Strings | None = None  # created lazily: loading catalogs must not run at import time


def _strings() -> Strings:
    global _current
    if _current is None:
        _current = Strings(FALLBACK)
    return _current


def set_language(lang: str) -> None:
    _strings().set_language(lang)


def language() -> str:
    return _strings().lang


def t(key: str, **fmt: Any) -> str:
    """The string ``key`` (``domain.key``) in the current language, formatted with ``fmt``."""
    return _strings().get(key, **fmt)


def t_or(key: str, default: str, **fmt: Any) -> str:
    """Like ``t`` but returns ``default`` (not the key) when no language has ``key`` (e.g. a variant's title)."""
    strings = _strings()
    return strings.get(key, **fmt) if strings.has(key) else default


def t_game(game_id: str) -> str:
    """A game's display name in the current language (its descriptor's ``title``; the id of a game this copy does
    not have)."""
    plugin = plugins().get(game_id)
    return plugin.title() if plugin is not None else game_id


def plural(key: str, n: int, **fmt: Any) -> str:
    """The plural entry ``key`` for the count ``n`` (given to the text as ``{n}``), by the language's CLDR rule."""
    return _strings().plural(key, n, **fmt)


# -- who reads: second person for the reader's own lines ------------------------------------------------------------
_reader_source: Any = None  # () -> seat or None; set by the table on screen


def set_reader(source) -> None:
    """Who reads what is shown: ``source()`` gives the seat (or ``None``: a spectator, nobody is "you"). The table
    on screen installs itself; ``None`` removes it."""
    global _reader_source
    _reader_source = source


class ReaderOf:
    """``source`` for ``set_reader``: the ``viewer`` of a table when it is a human seat (in a replay, the seat
    the person at this computer played: ``GameSession.reader_for``), held weakly (a closed table reads nothing)."""

    def __init__(self, table):
        self._table = weakref.ref(table)

    def __call__(self) -> int | None:
        table = self._table()
        seat = None if table is None else table.viewer
        if seat is None or seat < 0:
            return None
        session = table.session
        reader_for = getattr(session, "reader_for", None)
        if reader_for is not None:  # a replay: the person at this computer, whichever seat's eyes are shown
            return reader_for(seat)
        person = getattr(session, "is_person", None) or session.is_human
        if not person(seat):
            return None  # a table of bots is watched: nobody there is "you"
        return seat

    def of(self, table) -> bool:
        return self._table() is table


def reader_is(table) -> bool:
    """Whether ``table`` is who tells ``reader()`` now."""
    return isinstance(_reader_source, ReaderOf) and _reader_source.of(table)


def reader() -> int | None:
    """The seat reading the screen now, or ``None``."""
    try:
        return _reader_source() if _reader_source is not None else None
    except Exception:  # noqa: BLE001 - a closed table must not break a line's text
        log.debug("no reader: the table's seat source failed", exc_info=True)
        return None


def about_key(key: str, seat: int | None, other: int | None = None) -> str:
    """``key`` as said to the reader: ``<key>_own`` when the line is about the reader's ``seat``, ``<key>_to_you``
    when its other player ``other`` (a receiver) is the reader (when those entries exist), else ``key``."""
    me = reader()
    if me is not None:
        strings = _strings()
        if seat is not None and seat == me and strings.has(key + "_own"):
            return key + "_own"
        if other is not None and other == me and strings.has(key + "_to_you"):
            return key + "_to_you"
    return key


class Said(str):
    """A text that remembers the entry it was read from (``key``: ``dice.log.roll_own``), for tools that check
    whom a toast or a line speaks to (``python -m lama_desktop.transcript``)."""

    key: str = ""

    def __new__(cls, text: str, key: str):
        said = super().__new__(cls, text)
        said.key = key
        return said


def about(key: str, seat: int | None, other: int | None = None, **fmt: Any) -> str:
    """The line ``key`` about ``seat`` (and ``other``), in the second person for the reader (see ``about_key``)."""
    chosen = about_key(key, seat, other)
    return Said(t(chosen, **fmt), chosen)


def plural_about(key: str, seat: int | None, n: int, other: int | None = None, **fmt: Any) -> str:
    """``plural`` of the entry ``about_key(key, seat, other)``."""
    chosen = about_key(key, seat, other)
    return Said(plural(chosen, n, **fmt), chosen)


def percent(fraction: float) -> str:
    """A share as the language writes a percentage: "34%" in English and Polish, "34 %" in French and German
    (CLDR, rounded to a whole percent)."""
    try:
        return format_percent(fraction, locale=language())
    except Exception:  # noqa: BLE001 - an unknown locale: English
        log.debug("no CLDR data for %s: English", language(), exc_info=True)
        return format_percent(fraction, locale=FALLBACK)


def decimal(value: float, digits: int = 1) -> str:
    """A number with ``digits`` decimals in the language's way: "11.5" in English, "11,5" in French, German and
    Polish (CLDR)."""
    pattern = "#,##0." + "0" * digits if digits > 0 else "#,##0"
    try:
        return format_decimal(value, format=pattern, locale=language())
    except Exception:  # noqa: BLE001 - an unknown locale: English
        log.debug("no CLDR data for %s: English", language(), exc_info=True)
        return format_decimal(value, format=pattern, locale=FALLBACK)


def _cldr_list(items, style: str) -> str:
    """``items`` joined by the language's CLDR list pattern of ``style`` ("standard": and, "or"); English where
    the language has no CLDR data."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return items[0] if items else ""
    try:
        return format_list(items, style=style, locale=language())
    except Exception:  # noqa: BLE001 - an unknown locale: English
        log.debug("no CLDR data for %s: English", language(), exc_info=True)
        return format_list(items, style=style, locale=FALLBACK)


def names(items) -> str:
    """A list of names in the language's CLDR pattern: "Anna and Bruno", "Anna, Bruno et Carla", "Anna i Bruno"."""
    return _cldr_list(items, "standard")


def either(items) -> str:
    """Alternatives in the language's CLDR "or" list: "3, 4, or llama", "3, 4 ou lama", "3, 4 oder Lama",
    "3, 4 lub lama"."""
    return _cldr_list(items, "or")


def choices(items) -> str:
    """Things one may do, as the language offers a choice (CLDR's "or" list): "feed a llama, place a marker, or end
    your turn", "… ou terminez votre tour", "… lub zakończ turę"; the first letter a capital."""
    text = either(items)
    return text[:1].upper() + text[1:]


def winners(key: str, seats, name_of, me: int | None = -1) -> str:
    """Who won, verb agreeing: the plural entry ``key`` for others ("Anna wins!", "Anna and Bruno win!", the count
    being how many won), ``<key>_own`` when the reader alone won ("You win!"), ``<key>_own_shared`` when the reader
    shares the win (its ``{names}`` lists the reader first: "You and Anna win!"). ``me`` is the reader (default:
    ``reader()``); ``name_of(seat)`` a seat's name."""
    seats = list(seats)
    me = reader() if me == -1 else me
    if me is not None and me in seats and _strings().has(key + "_own"):
        others = [name_of(s) for s in seats if s != me]
        if not others:
            return Said(t(key + "_own"), key + "_own")
        text = t(key + "_own_shared", names=names([t("common.you_in_list")] + others))
        return Said(text[:1].upper() + text[1:], key + "_own_shared")
    return Said(plural(key, len(seats), names=names(name_of(s) for s in seats)), key)


@cache
def _made_up_names() -> tuple[frozenset, frozenset]:
    """The default name of a lone human ("You", "Vous", "Ty", "Du") and the word of a numbered human ("Player",
    "Joueur"...) in every language."""
    you = frozenset(v.strip() for v in in_every_language("common.setup.you") if v.strip())
    seat = frozenset(v.strip() for v in in_every_language("common.setup.seat") if v.strip())
    return you, seat


def current_name(name):
    """A human seat's made-up name said in the current language: "You" / "Du" / "Ty"... (the lone human's default,
    written in whatever language the game was set up in) is today's "You", "Gracz 2" is "Player 2"; a name the
    player typed (or anything but a ``str``) is returned as it is. Seats (``SeatConfig.name``) and the names kept in
    lazy lines read through this, so a change of language or a save from another language renames them all."""
    if not isinstance(name, str):
        return name
    you, seat = _made_up_names()
    plain = name.strip()
    if plain in you:
        return t("common.setup.you")
    head, _, number = plain.rpartition(" ")
    if number.isdigit() and head in seat:
        return f"{t('common.setup.seat')} {number}"
    return name


def in_every_language(key: str) -> list[str]:
    """The text of ``key`` in every language that has it (e.g. the default player name "You" in all of them)."""
    values = []
    for lang in LANGUAGES:
        value = load_language(lang).get(key)
        if isinstance(value, str):
            values.append(value)
    return values


# -- lazy text: translated when drawn ---------------------------------------------------------------------------------
class LazyText:
    """A log line translated when it is drawn, so that the whole log follows a change of language mid-game.

    ``lazy.t(key, **fmt)`` makes one; ``fmt`` values may themselves be ``LazyText`` (a card's name) or
    ``LazyJoin`` (a list of them). ``str()`` gives the text in the current language. ``lazy.about(key, seat,
    other=None, **fmt)`` is a line about ``seat``: said in the second person to whoever reads it when it is drawn
    (``i18n.about``: ``<key>_own`` for the reader's own line, ``<key>_to_you`` when ``other`` is the reader);
    ``lazy.plural(key, n, **fmt)`` a count (``seat`` too for ``lazy.plural_about``)."""

    __slots__ = ("base", "fmt", "seat", "to", "n")

    def __init__(self, key: str, fmt: dict, seat: int | None = None, to: int | None = None, n: int | None = None):
        self.base, self.fmt, self.seat, self.to, self.n = key, fmt, seat, to, n

    @property
    def key(self) -> str:
        """The entry this line reads now (``lama.log.play_own`` for the reader's own play)."""
        return about_key(self.base, self.seat, self.to) if self.seat is not None or self.to is not None \
            else self.base

    def __str__(self) -> str:
        fmt = {k: str(v) if isinstance(v, (LazyText, LazyJoin, LazyNames)) else current_name(v)
               for k, v in self.fmt.items()}
        if self.n is not None:
            return plural(self.key, self.n, **fmt)
        return t(self.key, **fmt)


class LazyNames:
    """A list of names joined by the language's CLDR pattern when drawn ("Anna and Bruno", "Anna et Bruno")."""

    __slots__ = ("items",)

    def __init__(self, items):
        self.items = list(items)

    def __str__(self) -> str:
        return names(current_name(str(item)) for item in self.items)


class LazyJoin:
    """``sep.join(items)`` where items may be ``LazyText``: joined when drawn."""

    __slots__ = ("sep", "items")

    def __init__(self, sep: str, items):
        self.sep, self.items = sep, list(items)

    def __str__(self) -> str:
        return self.sep.join(str(item) for item in self.items)


class LazyWinners:
    """``i18n.winners(key, seats, name_of)`` worked out when drawn (the reader and the language may change)."""

    __slots__ = ("key", "seats", "names")

    def __init__(self, key: str, seats, names: dict):
        self.key, self.seats, self.names = key, list(seats), dict(names)

    def __str__(self) -> str:
        return str(winners(self.key, self.seats, lambda seat: current_name(self.names.get(seat))))


class _Lazy:
    @staticmethod
    def t(key: str, **fmt) -> LazyText:
        return LazyText(key, fmt)

    @staticmethod
    def about(key: str, seat: int | None, other: int | None = None, **fmt) -> LazyText:
        return LazyText(key, fmt, seat, other)

    @staticmethod
    def plural(key: str, n: int, **fmt) -> LazyText:
        return LazyText(key, fmt, n=n)

    @staticmethod
    def plural_about(key: str, seat: int | None, n: int, other: int | None = None, **fmt) -> LazyText:
        return LazyText(key, fmt, seat, other, n=n)

    @staticmethod
    def names(items) -> LazyNames:
        return LazyNames(items)

    @staticmethod
    def winners(key: str, seats, name_of) -> LazyWinners:
        return LazyWinners(key, seats, {s: name_of(s) for s in seats})


#: ``lazy.t(KEY, **fmt)``: like ``i18n.t`` but translated when drawn (log lines)
lazy = _Lazy()
