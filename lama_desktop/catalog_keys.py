"""Which string keys the code and the lessons use, with their English: what ``catalogs extract`` writes into the
templates, and the check that the code and the English source catalogs agree.

``key_uses`` reads the keys a Python source uses (``t("common.title.quit")``, ``t_or``, ``plural``, f-string
prefixes such as ``t(f"common.levels.{level}")``, and keys declared in a comment
``# i18n-keys: lama.reason.* dice.toast.blowup`` next to code that builds keys at run time); ``tutorial_uses`` the
step ids of the lessons in each game's ``tutorials/*.yaml`` (``tutorial_<game>.<id>``, ``<id>_wrong``). Their
English comes from the source catalogs (``<catalog folder>/en/LC_MESSAGES/<domain>.po``); ``check_sources``
refuses a key the code uses that has no English, and English no code uses. ``extract_keys`` and
``extract_tutorial_keys`` are Babel's extraction methods (``babel.cfg``).
"""

from __future__ import annotations

import fnmatch
import os
import re
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Iterator

from lama_desktop.catalog_files import SOURCE_LANGUAGE, read_catalog_po
from lama_desktop.catalog_places import (as_folders, domain_folders, domains, game_folders, outside_game_folders,
                                         source_locale_dir, source_locale_dirs)
from lama_desktop.tutorial.script import file_keys

CODE_DIR = Path(__file__).resolve().parent
#: where a game's lessons live (``<game folder>/tutorials/<game_id>.yaml``): their step ids name strings
TUTORIALS_DIR_NAME = "tutorials"
#: ``t("domain.key"`` … with f-strings allowed (their ``{…}`` part counts as ``*``)
USE = re.compile(r"""\b(t|t_or|plural|about|plural_about|winners|i18n_winners)\(\s*"""
                 r"""(f?)["']([a-z0-9_\-]+\.[A-Za-z0-9_.\-{}]+)["']""")
#: the second-person forms ``about(key, seat)`` may read instead of ``key`` (``core/i18n.py``)
ABOUT_FORMS = ("_own", "_to_you")
#: and those ``winners(key, seats, …)`` may read
WINNER_FORMS = ("_own", "_own_shared")
LITERAL = re.compile(r"""(?<![A-Za-z0-9_])(["'])([a-z][a-z0-9_]*\.[A-Za-z0-9_.\-]*[A-Za-z0-9_])\1""")
F_PREFIX = re.compile(r"""\bf(["'])([a-z][a-z0-9_]*\.[A-Za-z0-9_.\-]*)\{""")
DECLARE = re.compile(r"#\s*i18n-keys:\s*(.+)$")


def key_uses(text: str, known_domains: Iterable[str] = ()) -> Iterator[tuple[int, str, str]]:
    """``(line, kind, key or pattern)`` of every string key a Python source uses. Kinds: ``lookup`` for a literal
    key given to ``t``/``t_or``/``plural``/``about`` (it must exist; ``about("x", seat)`` may also read ``x_own``
    and ``x_to_you``, which count as used when they exist), ``key`` for any other string literal naming a key of
    a known domain (``key = "dice.toast.blowup"``), ``pattern`` for an f-string prefix (``f"common.levels.{x}"``
    counts as ``common.levels.*``) or a pattern declared in a comment ``# i18n-keys: lama.reason.* x.y``."""
    domains_ = tuple(known_domains)
    for number, line in enumerate(text.splitlines(), 1):
        lookups = set()
        for func, is_f, key in USE.findall(line):
            if is_f and "{" in key:
                continue  # counted below as an f-string prefix
            lookups.add(key)
            yield number, "lookup", key
            if func in ("about", "plural_about", "winners", "i18n_winners"):
                for form in (ABOUT_FORMS if "about" in func else WINNER_FORMS):
                    lookups.add(key + form)
                    yield number, "key", key + form
        for _quote, key in LITERAL.findall(line):
            if key not in lookups and key.partition(".")[0] in domains_:
                yield number, "key", key
        for _quote, prefix in F_PREFIX.findall(line):
            if prefix.partition(".")[0] in domains_:
                yield number, "pattern", prefix + "*"
        declared = DECLARE.search(line)
        if declared:
            for item in declared.group(1).split():
                yield number, ("pattern" if "*" in item else "lookup"), item


def code_uses(code_dir: Path = CODE_DIR, known_domains: Iterable[str] | None = None,
              lessons: Iterable[Path] | None = None) -> dict[str, list[tuple[str, int, str]]]:
    """Every key or pattern used anywhere in the package, and the lessons' step texts (``tutorial_uses`` of
    ``lessons``, by default every game's: ``lesson_files``): ``{key_or_pattern: [(file, line, kind), …]}``."""
    known = list(known_domains if known_domains is not None else domains(source_locale_dirs()))
    found: dict[str, list[tuple[str, int, str]]] = {}
    outside = outside_game_folders() if code_dir == CODE_DIR else []
    for path in sorted(code_dir.rglob("*.py")) + [p for f in outside for p in sorted(f.rglob("*.py"))]:
        if path.resolve() == Path(__file__).resolve():
            continue  # this file's docs name example keys
        if not path.is_relative_to(code_dir):  # a game folder from outside the package (``LAMA_GAME_FOLDERS``)
            if next(f for f in outside if path.is_relative_to(f)) / "tests" in path.parents:
                continue
        elif path.relative_to(code_dir).parts[0] == "games" and path.relative_to(code_dir).parts[2:3] == ("tests",):
            continue  # a game's own tests: not the program's uses (they name keys to check, and made-up ones)
        rel = path.relative_to(code_dir.parent).as_posix() if path.is_relative_to(code_dir.parent) else str(path)
        for line, kind, key in key_uses(path.read_text(encoding="utf-8"), known):
            found.setdefault(key, []).append((rel, line, kind))
    for path in lesson_files() if lessons is None else lessons:
        rel = path.relative_to(code_dir.parent).as_posix() if path.is_relative_to(code_dir.parent) else str(path)
        for key in tutorial_uses(path):
            found.setdefault(key, []).append((rel, 0, "lookup"))
    return found


def lesson_files() -> list[Path]:
    """Every game's lesson files (``<game folder>/tutorials/*.yaml``)."""
    return [path for folder in game_folders() for path in sorted((folder / TUTORIALS_DIR_NAME).glob("*.yaml"))]


def tutorial_uses(path: Path) -> list[str]:
    """The strings a lesson file says (``tutorial_<game>.<step id>``, ``<id>_wrong`` for a step with ``do``, the
    recap): ``tutorial/script.py``'s ``tutorial_keys``. They must have English like any key the code looks up."""
    return file_keys(path)


def extract_tutorial_keys(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel extraction method for the games' ``tutorials/*.yaml`` (``babel.cfg``): each step's strings, as
    ``extract_keys`` yields the code's."""
    domain = options.get("domain") or ""
    english = english_index(_option_folders(options))
    name = getattr(fileobj, "name", None)
    if not name:
        return
    for key in tutorial_uses(Path(name)):
        yield from _babel_entry(0, key, english, domain)


def _babel_entry(line: int, key: str, english: dict, domain: str) -> Iterator[tuple[int, str, Any, list[str]]]:
    """The Babel entry of one used key (``pgettext``/``npgettext``: the key as context, its English as message);
    nothing for a key outside ``domain`` or without English (``extract`` reports that)."""
    if domain and not key.startswith(domain + "."):
        return
    message = english.get(key)
    if message is None:
        return
    if isinstance(message, tuple):
        yield line, "npgettext", (key, message[0], message[1]), []
    else:
        yield line, "pgettext", (key, message), []


def source_catalog(domain: str, folder: Path | None = None):
    """The English source catalog of ``domain`` (in the frame's catalog folder unless ``folder`` is given)."""
    folder = folder or source_locale_dir()
    return read_catalog_po(folder / SOURCE_LANGUAGE / "LC_MESSAGES" / f"{domain}.po", SOURCE_LANGUAGE, domain)


def matches(key: str, used: dict[str, Any]) -> bool:
    return key in used or any("*" in p and fnmatch.fnmatchcase(key, p) for p in used)


def extract_keys(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel extraction method (registered in ``babel.cfg``): the keys a Python file uses, as ``pgettext`` /
    ``npgettext`` calls whose context is the key and whose message is its English from the source catalog.
    Option ``domain`` keeps one domain's keys."""
    domain = options.get("domain") or ""
    text = fileobj.read()
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    english = english_index(_option_folders(options))
    if getattr(fileobj, "name", None) and Path(fileobj.name).resolve() == Path(__file__).resolve():
        return
    for line, kind, key in key_uses(text, english_domains(_option_folders(options))):
        keys = sorted(k for k in english if fnmatch.fnmatchcase(k, key)) if kind == "pattern" else [key]
        for found in keys:
            yield from _babel_entry(line, found, english, domain)


def _option_folders(options) -> tuple[str, ...]:
    """The catalog folders an extraction method reads its English from (option ``locale_dirs``, joined by the
    system's path separator: Babel's options are strings), by default every folder of the checkout."""
    given = options.get("locale_dirs")
    return tuple(given.split(os.pathsep)) if given else tuple(map(str, source_locale_dirs()))


@cache
def english_domains(folders: tuple[str, ...]) -> list[str]:
    return domains([Path(f) for f in folders])


@cache
def english_index(folders: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for domain, place in domain_folders([Path(f) for f in folders]).items():
        for message in source_catalog(domain, place):
            if message.id and message.context:
                out[message.context] = tuple(message.id) if isinstance(message.id, (list, tuple)) else message.id
    return out



def check_sources(folder: Path | Iterable[Path] | None = None, code_dir: Path = CODE_DIR) -> list[str]:
    """Problems between the code and the English source catalogs: used keys without English, English no code
    uses."""
    folders = as_folders(folder, source_locale_dirs)
    uses = code_uses(code_dir, domains(folders))
    english = english_index(tuple(map(str, folders)))
    problems = []
    for key, where in sorted(uses.items()):
        if "*" in key:
            if not any(fnmatch.fnmatchcase(k, key) for k in english):
                problems.append(f"{where[0][0]}:{where[0][1]}: pattern {key} matches no string")
        elif key not in english and any(kind == "lookup" for _f, _l, kind in where):
            problems.append(f"{where[0][0]}:{where[0][1]}: {key} has no English in "
                            f"<catalog folder>/en/LC_MESSAGES/{key.partition('.')[0]}.po")
    for key in english:
        if not matches(key, uses):
            problems.append(f"{key} is never used in lama_desktop/ (use it, declare it with '# i18n-keys: {key}' "
                            f"next to the code building it, or delete it)")
    return problems

