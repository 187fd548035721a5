"""String tables: ``assets/strings/<lang>/<domain>.yaml``, looked up as ``t("<domain>.<key>", **fmt)``.

Nested YAML mappings flatten into dotted keys (``common.yaml`` → ``title: {quit: Quit}`` → ``common.title.quit``).
Lists are leaves (the rules viewer keeps its pages as a list). A top-level ``dynamic_keys:`` list in a file names
keys (or ``prefix.*`` patterns) that the code builds at run time, so the unused-key test knows they are used.

Lookup falls back to English, then to the key itself (a missing string shows up as its key, never a crash).
Nothing here imports pygame.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from ..resources import asset_path

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C loader when libyaml is there (startup time)
LANGUAGES = ("en", "fr", "pl", "de")
FALLBACK = "en"
#: each language's own name, shown in the language picker whatever the current language is
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "pl": "Polski", "de": "Deutsch"}

log = logging.getLogger("lama_desktop.i18n")


def strings_dir() -> Path:
    return asset_path("strings")


def flatten(prefix: str, node: Any, out: dict[str, Any]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            flatten(f"{prefix}.{key}" if prefix else str(key), value, out)
    else:
        out[prefix] = node


def load_file(path: Path) -> tuple[dict[str, Any], list[str]]:
    """(flat table ``domain.key -> value``, dynamic key patterns) of one YAML string file."""
    with open(path, encoding="utf-8") as handle:
        data = yaml.load(handle, Loader=_LOADER) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a string table must be a mapping")
    domain = path.stem
    dynamic = [str(k) for k in data.pop("dynamic_keys", None) or []]
    table: dict[str, Any] = {}
    flatten(domain, data, table)
    return table, dynamic


@cache
def load_language(lang: str) -> dict[str, Any]:
    table: dict[str, Any] = {}
    folder = strings_dir() / lang
    if not folder.is_dir():
        return table
    for path in sorted(folder.glob("*.yaml")):
        try:
            part, _dynamic = load_file(path)
        except (OSError, ValueError, yaml.YAMLError) as error:
            log.error("cannot load strings %s: %s", path, error)
            continue
        table.update(part)
    return table


class Strings:
    def __init__(self, lang: str = FALLBACK):
        self.lang = FALLBACK
        self.set_language(lang)

    def set_language(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else FALLBACK
        self._table = load_language(self.lang)
        self._fallback = load_language(FALLBACK)

    def has(self, key: str) -> bool:
        return key in self._table or key in self._fallback

    def raw(self, key: str, default: Any = None) -> Any:
        if key in self._table:
            return self._table[key]
        return self._fallback.get(key, default)

    def get(self, key: str, **fmt: Any) -> str:
        value = self.raw(key)
        if value is None:
            log.warning("missing string %s", key)
            return key
        text = str(value)
        if fmt:
            try:
                text = text.format(**fmt)
            except (KeyError, IndexError, ValueError):
                log.warning("bad format for %s: %r", key, fmt)
        return text

    def keys_with_prefix(self, prefix: str) -> list[str]:
        return sorted(k for k in self._fallback if k.startswith(prefix))


_current: Strings | None = None  # created lazily: asset lookup must not run at import time


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


def raw(key: str, default: Any = None) -> Any:
    """The raw value (string, list, mapping) of ``key`` in the current language, falling back to English."""
    return _strings().raw(key, default)


def plural(key: str, n: int, **fmt: Any) -> str:
    """``key.one`` / ``key.few`` / ``key.many`` / ``key.other`` chosen for ``n`` by the language's rule."""
    form = plural_form(language(), n)
    strings = _strings()
    for candidate in (form, "other", "many"):
        full = f"{key}.{candidate}"
        if strings.has(full):
            return strings.get(full, n=n, **fmt)
    return strings.get(key, n=n, **fmt)


def plural_form(lang: str, n: int) -> str:
    n = abs(int(n))
    if lang == "pl":
        if n == 1:
            return "one"
        if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
            return "few"
        return "many"
    if lang == "fr":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"  # en, de (CLDR: "one" is exactly 1; 0 takes the plural: "0 Karten")
