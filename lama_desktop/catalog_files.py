"""The gettext catalog files (``<lang>/LC_MESSAGES/<domain>.po``, compiled ``.mo``): read, turned into a language's
strings, compiled and written.

Only the standard library and Babel: ``setup.py`` loads this file on its own (by its path) to compile the catalogs
while the wheel builds, before the package's dependencies are installed, so it imports nothing of the package.
Where the catalogs live is ``catalog_places``; the translator's commands are ``catalogs``.
"""

from __future__ import annotations

import gettext
import io
import logging
import re
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

SOURCE_LANGUAGE = "en"
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
# Babel stamps its own version into every file it writes; the catalogs leave it out so that two machines with
# different Babel releases write the same bytes (and "extract would change nothing" holds on both).
GENERATED_BY = re.compile(rb'^"Generated-By: [^"\n]*"\n', re.MULTILINE)

log = logging.getLogger(__name__)


def language_name(code: str) -> str:
    """The language's own name ("Français", "Polski", "Deutsch"), from CLDR."""
    try:
        name = Locale.parse(code).get_display_name(code) or code
    except Exception:  # a code CLDR does not know: the code itself
        log.warning("no CLDR name for the language %r", code, exc_info=True)
        return code
    return name[:1].upper() + name[1:]


def placeholders(text: str) -> set[str]:
    """The ``{…}`` fields of a message (``{name}``, ``{value}``)."""
    return set(PLACEHOLDER.findall(text or ""))


class Table:
    """One language's strings: ``key -> text`` or ``key -> (form0, form1, …)`` and its plural rule."""

    def __init__(self, lang: str, entries: dict[str, Any], plural_expr: str, nplurals: int):
        self.lang = lang
        self.entries = entries
        self.plural_expr = plural_expr
        self.nplurals = nplurals
        self._plural = gettext.c2py(plural_expr)

    def plural_index(self, n: int) -> int:
        return min(max(0, self._plural(abs(int(n)))), self.nplurals - 1)


def read_catalog(path: Path, lang: str, domain: str):
    """A compiled (``.mo``) or source (``.po``) catalog."""
    if path.suffix == ".mo":
        with open(path, "rb") as handle:
            return read_mo(handle)
    return read_catalog_po(path, lang, domain)


def read_catalog_po(path: Path, lang: str | None, domain: str):
    """A ``.po`` catalog or a ``.pot`` template (``lang`` None)."""
    with open(path, "rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


def write_catalog(path: Path, catalog) -> bool:
    """Write ``catalog`` as a ``.po``/``.pot`` at ``path`` unless the file holds those bytes already; True when
    written."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, ignore_obsolete=True)
    data = GENERATED_BY.sub(b"", buffer.getvalue())
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def catalog_path(folder: Path, lang: str, domain: str) -> Path | None:
    """The compiled catalog when it is there and not older than its source, else the ``.po``."""
    po = folder / lang / "LC_MESSAGES" / f"{domain}.po"
    mo = po.with_suffix(".mo")
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        return mo
    return po if po.is_file() else None


def entries_of(catalog, lang: str) -> dict[str, Any]:
    """``key -> text`` (or plural forms) of a catalog; untranslated and fuzzy entries are left out (except in the
    source language, where the msgid is the text)."""
    out: dict[str, Any] = {}
    for message in catalog:
        if not message.id or not message.context or message.fuzzy:
            continue
        if isinstance(message.context, bytes):  # Babel's read_mo leaves the context undecoded
            message.context = message.context.decode(catalog.charset or "utf-8")
        if isinstance(message.id, (tuple, list)):
            forms = tuple(message.string or ())
            if not all(forms):
                if lang != SOURCE_LANGUAGE:
                    continue
                forms = tuple(message.id)
            out[message.context] = forms
        else:
            text = message.string
            if not text:
                if lang != SOURCE_LANGUAGE:
                    continue
                text = message.id
            out[message.context] = text
    return out


def compile_catalogs(source: Path, target: Path | None = None) -> list[Path]:
    """Compile every ``.po`` under ``source`` (``<lang>/LC_MESSAGES/<domain>.po``) into ``.mo`` files under
    ``target`` (default: next to them). Fuzzy entries are left out, as gettext does. Returns the written files."""
    target = target or source
    written = []
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        lang, domain = po.parent.parent.name, po.stem
        catalog = read_catalog_po(po, lang, domain)
        if lang == SOURCE_LANGUAGE:  # English is the msgid: gettext leaves empty msgstrs out of a .mo
            for message in catalog:
                if message.id and not message.fuzzy and not (
                        all(message.string) if isinstance(message.id, (tuple, list)) else message.string):
                    message.string = message.id
        mo = target / lang / "LC_MESSAGES" / f"{domain}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        mo.write_bytes(buffer.getvalue())
        written.append(mo)
    return written


def plural_categories(lang: str, nplurals: int, plural_expr: str) -> list[str]:
    """The CLDR category (``one``, ``few``, ``many``, ``other``) of each gettext plural index of ``lang``."""
    rule = gettext.c2py(plural_expr)
    locale = Locale.parse(lang)
    categories = []
    for index in range(nplurals):
        sample = next((n for n in range(0, 1000) if rule(n) == index), None)
        categories.append(locale.plural_form(sample) if sample is not None else "other")
    return categories

