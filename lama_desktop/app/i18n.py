"""UI strings: gettext catalogs ``assets/locale/<lang>/LC_MESSAGES/<domain>.po`` (compiled ``.mo`` when the build
made them), looked up as ``t("<domain>.<key>", **fmt)``; see ``lama_desktop/catalogs.py`` for the layout and the
translator's commands.

Each entry's ``msgctxt`` is the key, its ``msgid`` the English text, its ``msgstr`` the translation. Counts use
``plural(key, n, **fmt)``: gettext plural forms whose rule (the catalog's ``Plural-Forms``) comes from CLDR via
Babel. Lookup falls back to English, then to the key itself (a missing string shows up as its key, never a crash).
Nothing here imports pygame.
"""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

from .. import catalogs
from ..catalogs import Table

FALLBACK = catalogs.SOURCE_LANGUAGE

log = logging.getLogger("lama_desktop.i18n")


def _languages() -> tuple[str, ...]:
    try:
        found = tuple(catalogs.languages())
    except Exception as error:  # noqa: BLE001 - a damaged install still starts (in English keys)
        log.error("cannot list the languages: %s", error)
        found = ()
    return found or (FALLBACK,)


#: every language with catalogs, English first; adding a language is ``catalogs init LANG`` (no code change)
LANGUAGES = _languages()
#: each language's own name (from CLDR), shown in the language picker whatever the current language is
LANGUAGE_NAMES = {code: catalogs.language_name(code) for code in LANGUAGES}


@cache
def load_table(lang: str) -> Table:
    try:
        return catalogs.load_table(lang, log=log)
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


def plural(key: str, n: int, **fmt: Any) -> str:
    """The plural entry ``key`` for the count ``n`` (given to the text as ``{n}``), by the language's CLDR rule."""
    return _strings().plural(key, n, **fmt)


def in_every_language(key: str) -> list[str]:
    """The text of ``key`` in every language that has it (e.g. the default player name "You" in all of them)."""
    values = []
    for lang in LANGUAGES:
        value = load_language(lang).get(key)
        if isinstance(value, str):
            values.append(value)
    return values
