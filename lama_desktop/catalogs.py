"""The gettext catalogs of the UI strings: where they live, how they load, and the translator's commands.

Layout (Babel's), in one catalog folder per owner: the frame's ``assets/locale/`` and each game's own
``lama_desktop/games/<game>/locale/`` (found through the game registry, ``locale_dirs``)::

    <catalog folder>/<domain>.pot                      templates, made by ``extract`` (never edited by hand)
    <catalog folder>/<lang>/LC_MESSAGES/<domain>.po    one catalog per language and domain (edited by translators)
    <catalog folder>/<lang>/LC_MESSAGES/<domain>.mo    compiled by the build (``compile``); never committed

One domain per area: the frame's (``common``, ``hand``, ``tooltips``, ``rules_app``...) in ``assets/locale``, a
game's (its ``GamePlugin.domain``, ``rules_<game>``, ``tutorial_<game>``) in its folder. Every entry is
``msgctxt`` = the stable key the code looks up (``lama.log.play``), ``msgid`` = the English text, ``msgstr`` = the
translation (empty in ``en``: English is the msgid). Counts are gettext plural entries (``msgid_plural``,
``msgstr[0..n]``) whose rule is the language's CLDR rule written by Babel into the catalog's ``Plural-Forms``.

English is written in ``en/LC_MESSAGES/<domain>.po`` (the source catalog). ``extract`` reads the keys the code
uses (``t("common.title.quit")``, ``t_or``, ``plural``, f-string prefixes such as ``t(f"common.levels.{level}")``, and
keys declared in a comment ``# i18n-keys: lama.reason.* dice.toast.blowup`` next to code that builds keys at run
time) and the step ids of the lessons in each game's ``tutorials/*.yaml`` (``tutorial_<game>.<id>``, ``<id>_wrong``),
takes their English from the source catalog and writes the templates; it refuses when the code uses a key
that has no English, or when the source catalog holds a string no code uses.

Commands (``python -m lama_desktop.catalogs COMMAND``)::

    extract            code + English -> <catalog folder>/<domain>.pot (checks both directions)
    init LANG          new language: <catalog folder>/LANG/LC_MESSAGES/<domain>.po from the templates (CLDR plurals)
    update             merge the templates into every language's catalogs (new strings appear untranslated)
    compile [DIR]      .po -> .mo (next to the .po files; into DIR: the frame's in DIR, a game's in
                       DIR/games/<game>); the build runs it
    import-yaml LANG DIR   fill LANG's catalogs from the old YAML tables DIR/<domain>.yaml (migration)

Nothing here imports pygame; ``setup.py`` and the PyInstaller spec load this file to compile the catalogs.
"""

from __future__ import annotations

import fnmatch
import io
import logging
import os
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Iterator

SOURCE_LANGUAGE = "en"
PROJECT = "lama-desktop"
#: where the pieces live relative to the repository root (checkout); at run time see ``locale_dir()``
ROOT = Path(__file__).resolve().parent.parent
CODE_DIR = Path(__file__).resolve().parent
MAPPING_FILE = ROOT / "babel.cfg"
#: where the rules viewer's page structure lives (which cards and tokens each page shows): ``assets/rules/`` for the
#: app's own help, ``<game folder>/rules/`` for a game's
RULES_DIR_NAME = "rules"
#: where a game's lessons live (``<game folder>/tutorials/<game_id>.yaml``): their step ids name strings
TUTORIALS_DIR_NAME = "tutorials"
#: a game's catalog folder inside its folder
GAME_LOCALE_DIR_NAME = "locale"

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
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")

log = logging.getLogger(__name__)


# ----------------------------------------------------------------------------------------------- where they live
def locale_dir() -> Path:
    """The folder holding the catalogs in this copy of the game (checkout, wheel or frozen bundle)."""
    from lama_desktop.resources import asset_path

    return asset_path("locale")


def source_locale_dir() -> Path:
    """The frame's catalogs in the checkout."""
    return ROOT / "assets" / "locale"


def game_folders() -> list[Path]:
    """Every game's folder, once each, in the registry's order (L.A.M.A. and Party share one)."""
    # imported here, not at the top: setup.py and the frozen spec load this file alone (compile_catalogs), where the
    # registry's games and their dependencies cannot be imported
    from lama_desktop.games import GAMES

    return list(dict.fromkeys(plugin.folder for plugin in GAMES.values()))


def outside_game_folders() -> list[Path]:
    """The folders of games registered from outside the package (``LAMA_GAME_FOLDERS``): their code uses keys too,
    and the Babel mapping (``babel.cfg``) only reaches the package's."""
    return [folder for folder in game_folders() if not folder.is_relative_to(CODE_DIR)]


def game_locale_dirs() -> list[Path]:
    """The catalog folders of the games (``<game folder>/locale``), those that have one."""
    return [folder / GAME_LOCALE_DIR_NAME for folder in game_folders() if (folder / GAME_LOCALE_DIR_NAME).is_dir()]


def locale_dirs() -> list[Path]:
    """Every catalog folder of this copy of the game: the frame's, then each game's."""
    return [locale_dir(), *game_locale_dirs()]


def source_locale_dirs() -> list[Path]:
    """Every catalog folder of the checkout: the frame's ``assets/locale``, then each game's."""
    return [source_locale_dir(), *game_locale_dirs()]


def as_folders(folder: Path | Iterable[Path] | None, default=locale_dirs) -> list[Path]:
    """A catalog folder or a list of them as a list; None: ``default()`` (every catalog folder)."""
    if folder is None:
        return list(default())
    if isinstance(folder, (str, Path)):
        return [Path(folder)]
    return [Path(f) for f in folder]


def domain_folders(folder: Path | Iterable[Path] | None = None) -> dict[str, Path]:
    """``domain -> the catalog folder holding it`` (one template per domain), sorted by domain."""
    found: dict[str, Path] = {}
    for place in as_folders(folder):
        names = {p.stem for p in place.glob("*.pot")}
        names |= {p.stem for p in (place / SOURCE_LANGUAGE / "LC_MESSAGES").glob("*.po")}
        for name in names:
            found.setdefault(name, place)
    return dict(sorted(found.items()))


def domains(folder: Path | Iterable[Path] | None = None) -> list[str]:
    """Every domain: one template per domain."""
    return list(domain_folders(folder))


def languages(folder: Path | Iterable[Path] | None = None) -> list[str]:
    """Every language with catalogs, English first (adding a folder with ``init`` adds the language)."""
    found = {p.name for place in as_folders(folder) if place.is_dir()
             for p in place.iterdir() if (p / "LC_MESSAGES").is_dir()}
    return sorted(found, key=lambda code: (code != SOURCE_LANGUAGE, code))


def language_name(code: str) -> str:
    """The language's own name ("Français", "Polski", "Deutsch"), from CLDR."""
    from babel import Locale

    try:
        name = Locale.parse(code).get_display_name(code) or code
    except Exception:  # a code CLDR does not know: the code itself
        log.warning("no CLDR name for the language %r", code, exc_info=True)
        return code
    return name[:1].upper() + name[1:]


def placeholders(text: str) -> set[str]:
    """The ``{…}`` fields of a message (``{name}``, ``{value}``)."""
    return set(PLACEHOLDER.findall(text or ""))


# ----------------------------------------------------------------------------------------------------- loading
class Table:
    """One language's strings: ``key -> text`` or ``key -> (form0, form1, …)`` and its plural rule."""

    def __init__(self, lang: str, entries: dict[str, Any], plural_expr: str, nplurals: int):
        self.lang = lang
        self.entries = entries
        self.plural_expr = plural_expr
        self.nplurals = nplurals
        import gettext

        self._plural = gettext.c2py(plural_expr)

    def plural_index(self, n: int) -> int:
        return min(max(0, self._plural(abs(int(n)))), self.nplurals - 1)


def _read(path: Path, lang: str, domain: str):
    from babel.messages.mofile import read_mo
    from babel.messages.pofile import read_po

    if path.suffix == ".mo":
        with open(path, "rb") as handle:
            return read_mo(handle)
    with open(path, "rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


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


def load_table(lang: str, folder: Path | Iterable[Path] | None = None, log=None) -> Table:
    """Every domain of ``lang`` in every catalog folder (a damaged catalog only loses itself, with a log line)."""
    entries: dict[str, Any] = {}
    plural_expr, nplurals = "(n != 1)", 2
    for domain, place in domain_folders(folder).items():
        path = catalog_path(place, lang, domain)
        if path is None:
            continue
        try:
            catalog = _read(path, lang, domain)
        except Exception as error:  # noqa: BLE001 - a broken file must not stop the game
            if log:
                log.error("cannot load strings %s: %s", path, error)
            continue
        entries.update(entries_of(catalog, lang))
        plural_expr, nplurals = catalog.plural_expr, catalog.num_plurals
    return Table(lang, entries, plural_expr, nplurals)


# ---------------------------------------------------------------------------------------------------- compiling
def compile_catalogs(source: Path, target: Path | None = None) -> list[Path]:
    """Compile every ``.po`` under ``source`` (``<lang>/LC_MESSAGES/<domain>.po``) into ``.mo`` files under
    ``target`` (default: next to them). Fuzzy entries are left out, as gettext does. Returns the written files."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    target = target or source
    written = []
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        lang, domain = po.parent.parent.name, po.stem
        with open(po, "rb") as handle:
            catalog = read_po(handle, locale=lang, domain=domain)
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


def compile_all(target: Path | None = None) -> list[Path]:
    """``compile_catalogs`` of every catalog folder of the checkout: next to the ``.po`` files, or into ``target``
    (the frame's in ``target``, a game's in ``target/games/<game folder>``, as the game's folder sits in the
    package)."""
    written = compile_catalogs(source_locale_dir(), target)
    for place in game_locale_dirs():
        written += compile_catalogs(place, None if target is None else target / "games" / place.parent.name)
    return written


# --------------------------------------------------------------------------------------------------- extraction
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
    from lama_desktop.tutorial.script import file_keys

    return file_keys(path)


def extract_tutorial_keys(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel extraction method for the games' ``tutorials/*.yaml`` (``babel.cfg``): each step's strings, as
    ``extract_keys`` yields the code's."""
    domain = options.get("domain") or ""
    english = _english_index(_option_folders(options))
    name = getattr(fileobj, "name", None)
    if not name:
        return
    for key in tutorial_uses(Path(name)):
        if domain and not key.startswith(domain + "."):
            continue
        message = english.get(key)
        if message is None:
            continue  # reported by ``extract`` (a used key without English)
        if isinstance(message, tuple):
            yield 0, "npgettext", (key, message[0], message[1]), []
        else:
            yield 0, "pgettext", (key, message), []


def source_catalog(domain: str, folder: Path | None = None):
    from babel.messages.pofile import read_po

    folder = folder or source_locale_dir()
    with open(folder / SOURCE_LANGUAGE / "LC_MESSAGES" / f"{domain}.po", "rb") as handle:
        return read_po(handle, locale=SOURCE_LANGUAGE, domain=domain)


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
    english = _english_index(_option_folders(options))
    if getattr(fileobj, "name", None) and Path(fileobj.name).resolve() == Path(__file__).resolve():
        return
    for line, kind, key in key_uses(text, english_domains(_option_folders(options))):
        keys = sorted(k for k in english if fnmatch.fnmatchcase(k, key)) if kind == "pattern" else [key]
        for found in keys:
            if domain and not found.startswith(domain + "."):
                continue
            message = english.get(found)
            if message is None:
                continue  # reported by ``extract`` (a used key without English)
            if isinstance(message, tuple):
                yield line, "npgettext", (found, message[0], message[1]), []
            else:
                yield line, "pgettext", (found, message), []


def _option_folders(options) -> tuple[str, ...]:
    """The catalog folders an extraction method reads its English from (option ``locale_dirs``, joined by the
    system's path separator: Babel's options are strings), by default every folder of the checkout."""
    given = options.get("locale_dirs")
    return tuple(given.split(os.pathsep)) if given else tuple(map(str, source_locale_dirs()))


@cache
def english_domains(folders: tuple[str, ...]) -> list[str]:
    return domains([Path(f) for f in folders])


@cache
def _english_index(folders: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for domain, place in domain_folders([Path(f) for f in folders]).items():
        for message in source_catalog(domain, place):
            if message.id and message.context:
                out[message.context] = tuple(message.id) if isinstance(message.id, (list, tuple)) else message.id
    return out


def _method_map() -> tuple[list[tuple[str, str]], dict[str, dict[str, str]]]:
    from babel.messages.frontend import parse_mapping_cfg

    with open(MAPPING_FILE, encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle, str(MAPPING_FILE))
    return method_map, options_map


def _header(catalog, old=None) -> None:
    what = f"{catalog.locale.english_name} strings" if catalog.locale else "Template of the strings"
    catalog.header_comment = (
        f"# {what} of lama-desktop, domain {catalog.domain}.\n"
        "# msgctxt is the key the code looks up, msgid the English text. How to add a string or a\n"
        "# language: docs/APP.md (Strings); commands: python -m lama_desktop.catalogs --help.")
    catalog.project = PROJECT
    from lama_desktop import __version__

    catalog.version = __version__
    catalog.msgid_bugs_address = ""
    catalog.copyright_holder = "lama-desktop contributors"
    if old is not None:  # keep the dates of an unchanged file (no churn between branches)
        catalog.creation_date = old.creation_date
        catalog.revision_date = old.revision_date


# Babel stamps its own version into every file it writes; the catalogs leave it out so that two machines with
# different Babel releases write the same bytes (and "extract would change nothing" holds on both).
GENERATED_BY = re.compile(rb'^"Generated-By: [^"\n]*"\n', re.MULTILINE)


def _write(path: Path, catalog, old=None) -> bool:
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, ignore_obsolete=True)
    data = GENERATED_BY.sub(b"", buffer.getvalue())
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _read_po(path: Path, lang: str | None, domain: str):
    from babel.messages.pofile import read_po

    with open(path, "rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


def check_sources(folder: Path | Iterable[Path] | None = None, code_dir: Path = CODE_DIR) -> list[str]:
    """Problems between the code and the English source catalogs: used keys without English, English no code
    uses."""
    folders = as_folders(folder, source_locale_dirs)
    uses = code_uses(code_dir, domains(folders))
    english = _english_index(tuple(map(str, folders)))
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


def extract(folder: Path | Iterable[Path] | None = None) -> list[Path]:
    """Write every domain's template (in its catalog folder) from the code and the English source catalogs."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    folders = as_folders(folder, source_locale_dirs)
    problems = check_sources(folders)
    if problems:
        raise SystemExit("extract: the code and the English catalogs disagree:\n  " + "\n  ".join(problems))
    method_map, options_map = _method_map()
    written = []
    joined = os.pathsep.join(map(str, folders))
    for domain, place in domain_folders(folders).items():
        english = source_catalog(domain, place)
        order = {m.context: i for i, m in enumerate(english) if m.context}
        comments = {m.context: list(m.auto_comments) for m in english if m.context}
        found: dict[str, tuple[Any, list]] = {}
        options = {pattern: dict(opts, domain=domain, locale_dirs=joined) for pattern, opts in options_map.items()}
        code = next((pattern, method) for pattern, method in method_map if method.endswith(":extract_keys"))
        outside = ([("tests/**.py", "ignore"), ("**.py", code[1])], {"**.py": options[code[0]]})
        for base in (ROOT, *outside_game_folders()):  # the package, and any game folder from outside it
            mapping, opts = (method_map, options) if base == ROOT else outside
            for filename, _lineno, message, _comments, context in extract_from_dir(
                    str(base), mapping, opts, keywords=DEFAULT_KEYWORDS):
                filename = filename if base == ROOT else os.path.relpath(base / filename, ROOT)
                entry = found.setdefault(context, (message, []))
                if filename not in entry[1]:
                    entry[1].append(filename)
        template = Catalog(domain=domain, fuzzy=False)
        pot = place / f"{domain}.pot"
        old = _read_po(pot, None, domain) if pot.is_file() else None
        _header(template, old)
        for context in sorted(found, key=lambda c: order.get(c, len(order))):
            message, files = found[context]
            template.add(message, context=context, locations=[(f, None) for f in sorted(files)],
                         auto_comments=comments.get(context, []))
        if _write(pot, template, old):
            written.append(pot)
    return written


def init(lang: str, folder: Path | Iterable[Path] | None = None) -> list[Path]:
    """A new language: one catalog per domain (in its catalog folder) from the templates, with the language's CLDR
    plural rule."""
    from babel.messages.catalog import Catalog

    places = domain_folders(as_folders(folder, source_locale_dirs))
    for domain, place in places.items():  # every folder checked before any is written
        po = place / lang / "LC_MESSAGES" / f"{domain}.po"
        if po.exists():
            raise SystemExit(f"init: {po} exists already (use update)")
    written = []
    for domain, place in places.items():
        po = place / lang / "LC_MESSAGES" / f"{domain}.po"
        template = _read_po(place / f"{domain}.pot", None, domain)
        catalog = Catalog(locale=lang, domain=domain, fuzzy=False)
        _header(catalog)
        catalog.update(template, no_fuzzy_matching=True)
        _write(po, catalog)
        written.append(po)
    return written


def update(folder: Path | Iterable[Path] | None = None, langs: Iterable[str] | None = None) -> list[Path]:
    """Merge every template into every language's catalogs: new strings appear untranslated (a changed English
    text keeps its old translation marked fuzzy, for the translator to check); strings gone from the code go."""
    folders = as_folders(folder, source_locale_dirs)
    written = []
    for domain, place in domain_folders(folders).items():
        for lang in langs or languages(place):  # the languages of its folder (a game may ship fewer)
            po = place / lang / "LC_MESSAGES" / f"{domain}.po"
            template = _read_po(place / f"{domain}.pot", None, domain)
            if not po.exists():
                from babel.messages.catalog import Catalog

                catalog = Catalog(locale=lang, domain=domain, fuzzy=False)
                _header(catalog)
            else:
                catalog = _read_po(po, lang, domain)
            catalog.update(template, no_fuzzy_matching=(lang == SOURCE_LANGUAGE), update_creation_date=False)
            if _write(po, catalog):
                written.append(po)
    return written


# --------------------------------------------------------------------------------------- migration from YAML
PLURAL_KEYS = ("one", "two", "few", "many", "other", "zero")


def flatten(prefix: str, node: Any, out: dict[str, Any]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            flatten(f"{prefix}.{key}" if prefix else str(key), value, out)
    else:
        out[prefix] = node


def yaml_strings(path: Path) -> dict[str, Any]:
    """``key -> text`` of an old ``assets/strings/<lang>/<domain>.yaml`` table (``table_strings``), read through the
    file door (``filedoor.read_yaml_guarded``: a regular file of at most 1 MiB, YAML nested at most 48 deep, no
    aliases); ``FileNotFoundError`` or ``filedoor.Damage`` saying what is wrong with it."""
    from lama_desktop.filedoor import read_yaml_guarded

    return read_yaml_guarded(Path(path), lambda data: table_strings(Path(path).stem, data))


def table_strings(domain: str, data: Any) -> dict[str, Any]:
    """``key -> text`` of the parsed YAML table of ``domain``, in the catalogs' keys: plural groups
    (``x.one``/``x.other``…) become ``x -> {category: text}``, the rules books become ``rules_x.title`` /
    ``rules_x.<page>.title`` / ``rules_x.<page>.text``, lists of names one comma-separated string. Anything else
    than such a table is a ``ValueError``."""
    from lama_desktop.filedoor import as_dict, as_list

    data = {} if data is None else dict(as_dict(data, "a string table"))
    data.pop("dynamic_keys", None)
    flat: dict[str, Any] = {}
    if domain.startswith("rules_"):
        for book in as_list(data.get("games") or [], "games"):
            book = as_dict(book, "a rules book")
            flat[f"{domain}.title"] = str(book.get("title", ""))
            structure = rules_structure(domain)
            pages = as_list(book.get("pages") or [], "pages")
            for page_id, page in zip([p["id"] for p in structure["pages"]], pages, strict=False):
                page = as_dict(page, "a rules page")
                flat[f"{domain}.{page_id}.title"] = str(page.get("title", ""))
                flat[f"{domain}.{page_id}.text"] = str(page.get("text", "")).rstrip("\n")
        return flat
    flatten(domain, data, flat)
    out: dict[str, Any] = {}
    for key, value in flat.items():
        head, _, last = key.rpartition(".")
        if last in PLURAL_KEYS and f"{head}.one" in flat and f"{head}.other" in flat | {f"{head}.other": 1}:
            out.setdefault(head, {})[last] = "" if value is None else str(value)
        elif isinstance(value, list):
            out[key] = ", ".join(str(v) for v in value)
        else:
            out[key] = "" if value is None else str(value)
    return out


def rules_structure(domain: str) -> dict:
    import yaml

    places = [ROOT / "assets" / RULES_DIR_NAME, *(folder / RULES_DIR_NAME for folder in game_folders())]
    path = next((place / f"{domain}.yaml" for place in places if (place / f"{domain}.yaml").is_file()),
                places[0] / f"{domain}.yaml")
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def plural_categories(lang: str, nplurals: int, plural_expr: str) -> list[str]:
    """The CLDR category (``one``, ``few``, ``many``, ``other``) of each gettext plural index of ``lang``."""
    import gettext

    from babel import Locale

    rule = gettext.c2py(plural_expr)
    locale = Locale.parse(lang)
    categories = []
    for index in range(nplurals):
        sample = next((n for n in range(0, 1000) if rule(n) == index), None)
        categories.append(locale.plural_form(sample) if sample is not None else "other")
    return categories


def yaml_tables(yaml_dir: Path, folder: Path | Iterable[Path] | None = None) -> dict[str, dict[str, Any]]:
    """``domain -> key -> text`` of the old YAML tables ``yaml_dir/<domain>.yaml`` (``yaml_strings``), every one
    read before anything is written; ``ValueError`` with one line when ``yaml_dir`` is not a folder, holds no
    table of a known domain, or a table is damaged (an odd file, too big or too deep, not YAML, not a table)."""
    from lama_desktop.filedoor import Damage

    folders = as_folders(folder, source_locale_dirs)
    yaml_dir = Path(yaml_dir)
    if not yaml_dir.is_dir():
        raise ValueError(f"{str(yaml_dir)!r:.80} is not a folder" if yaml_dir.exists() else
                         f"there is no folder {str(yaml_dir)!r:.80}")
    tables = {}
    for domain in domains(folders):
        source = yaml_dir / f"{domain}.yaml"
        try:
            tables[domain] = yaml_strings(source)
        except FileNotFoundError:
            continue
        except Damage as damage:
            raise ValueError(f"{source}: {damage.detail}") from None
    if not tables:
        raise ValueError(f"{str(yaml_dir)!r:.80} holds no string table (<domain>.yaml, like common.yaml)")
    return tables


def import_yaml(lang: str, yaml_dir: Path, folder: Path | Iterable[Path] | None = None, overwrite: bool = False,
                tables: dict[str, dict[str, Any]] | None = None) -> list[Path]:
    """Fill ``lang``'s catalogs (made with ``init``) from the YAML tables in ``yaml_dir`` (``yaml_tables``, or
    ``tables`` read already): an entry gets the YAML text of its key unless it is translated already
    (``overwrite`` replaces those too). Re-runnable."""
    folders = as_folders(folder, source_locale_dirs)
    tables = yaml_tables(yaml_dir, folders) if tables is None else tables
    places = domain_folders(folders)
    written = []
    for domain, texts in tables.items():
        po = places[domain] / lang / "LC_MESSAGES" / f"{domain}.po"
        if not po.is_file():
            continue
        catalog = _read_po(po, lang, domain)
        categories = plural_categories(lang, catalog.num_plurals, catalog.plural_expr)
        for message in catalog:
            if not message.context or message.context not in texts:
                continue
            value = texts[message.context]
            if isinstance(message.id, (tuple, list)):
                if not isinstance(value, dict):
                    continue
                forms = tuple(value.get(c) or value.get("other") or value.get("many") or "" for c in categories)
                if overwrite or not all(message.string or ()):
                    message.string = forms
            elif isinstance(value, str) and (overwrite or not message.string):
                message.string = value
            message.flags.discard("fuzzy")
        if _write(po, catalog):
            written.append(po)
    return written


# ---------------------------------------------------------------------------------------------------------- CLI
PROG = "python -m lama_desktop.catalogs"
#: a language code ``init`` accepts: ``de``, ``pt_BR``, ``sr_Latn`` (what Babel and the folder names use)
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(_[A-Z][a-z]{3})?(_[A-Z]{2}|_[0-9]{3})?")


def new_language(text: str) -> str:
    """A language code ``init`` may start: well formed, one CLDR knows; else a usage error (one line, status 2)."""
    from babel import Locale, UnknownLocaleError

    from lama_desktop.cli import UsageError

    if not LANGUAGE_CODE.fullmatch(text):
        raise UsageError(f"{text!r:.40} is not a language code (like de, pt_BR)")
    try:
        Locale.parse(text)
    except (UnknownLocaleError, ValueError):
        raise UsageError(f"{text!r:.40} is no language CLDR knows") from None
    return text


def known_languages(codes, folder: Path | Iterable[Path]) -> list[str]:
    """``codes``, each a language with catalogs in ``folder``; else a usage error naming the languages there are."""
    from lama_desktop.cli import UsageError

    known = languages(folder)
    for code in codes:
        if code not in known:
            raise UsageError(f"no catalogs for the language {code!r:.40} (languages: {', '.join(known)}; "
                             f"start one with init)")
    return list(codes)


def main(argv: list[str] | None = None) -> int:
    """The translator's commands; a bad argument is one line on stderr and status 2 (``lama_desktop.cli``)."""
    from lama_desktop.cli import run

    return run(_main, argv, prog=PROG)


def _main(argv: list[str] | None = None) -> int:
    from lama_desktop.cli import ArgumentParser, UsageError, path_arg

    parser = ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="code + English source catalogs -> <catalog folder>/<domain>.pot")
    p_init = sub.add_parser("init", help="start a new language from the templates")
    p_init.add_argument("lang")
    p_update = sub.add_parser("update", help="merge the templates into every language's catalogs")
    p_update.add_argument("langs", nargs="*")
    p_compile = sub.add_parser("compile", help=".po -> .mo")
    p_compile.add_argument("target", nargs="?", type=path_arg)
    p_import = sub.add_parser("import-yaml", help="fill LANG's catalogs from old YAML string tables")
    p_import.add_argument("lang")
    p_import.add_argument("yaml_dir", type=path_arg)
    p_import.add_argument("--overwrite", action="store_true")
    p_check = sub.add_parser("check", help="report what is untranslated, fuzzy or out of date")
    p_check.add_argument("langs", nargs="*")
    args = parser.parse_args(argv)
    folder = source_locale_dirs()
    if args.command == "init":  # every argument checked before any work
        new_language(args.lang)
    elif args.command == "compile" and args.target is not None and args.target.exists() and not args.target.is_dir():
        raise UsageError(f"compile: {str(args.target)!r:.80} is not a folder")
    elif args.command in ("update", "check"):
        known_languages(args.langs, folder)
    elif args.command == "import-yaml":
        known_languages([args.lang], folder)
        try:  # every table read (through the file door) before any catalog is written
            args.tables = yaml_tables(args.yaml_dir, folder)
        except ValueError as error:
            raise UsageError(f"import-yaml: {error}") from None
    try:
        return _command(args, folder)
    except SystemExit as stop:  # a command's own refusal (extract: the code and the English disagree)
        if isinstance(stop.code, str):
            print(stop.code, file=sys.stderr)
            return 1
        raise


def _command(args, folder: list[Path]) -> int:
    if args.command == "extract":
        written = extract(folder)
    elif args.command == "init":
        written = init(args.lang, folder)
    elif args.command == "update":
        written = update(folder, args.langs or None)
    elif args.command == "compile":
        written = compile_all(args.target)
    elif args.command == "import-yaml":
        written = import_yaml(args.lang, args.yaml_dir, folder, args.overwrite, args.tables)
    else:
        problems = catalog_problems(folder, args.langs or None)
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problems")
        return 1 if problems else 0
    for path in written:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    print(f"{args.command}: {len(written)} files written", file=sys.stderr)
    return 0


def catalog_problems(folder: Path | Iterable[Path] | None = None, langs: Iterable[str] | None = None) -> list[str]:
    """What keeps a language from being complete: entries missing from a catalog or not in the template,
    untranslated or fuzzy entries, ``{…}`` fields lost or added, a wrong number of plural forms."""
    folders = as_folders(folder, source_locale_dirs)
    problems = []
    for domain, place in domain_folders(folders).items():
        template = _read_po(place / f"{domain}.pot", None, domain)
        wanted = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in template if m.id}
        shipped = languages(place)  # a game may ship fewer languages (``GamePlugin.languages``): English elsewhere
        for lang in [lang for lang in langs or languages(folders) if lang in shipped]:
            po = place / lang / "LC_MESSAGES" / f"{domain}.po"
            where = f"{lang}/LC_MESSAGES/{domain}.po"
            if not po.is_file():
                problems.append(f"{where}: missing")
                continue
            catalog = _read_po(po, lang, domain)
            have = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}
            for context, _id in sorted(wanted - have, key=str):
                problems.append(f"{where}: {context} missing or its English differs from the template (update)")
            for context, _id in sorted(have - wanted, key=str):
                problems.append(f"{where}: {context} is not in the template (extract, update)")
            for message in catalog:
                if not message.id:
                    continue
                if message.fuzzy:
                    problems.append(f"{where}: {message.context} is fuzzy (check the translation, drop the flag)")
                ids = [message.id] if isinstance(message.id, str) else list(message.id)
                strings = [message.string] if isinstance(message.id, str) else list(message.string or ())
                if isinstance(message.id, str) and lang == SOURCE_LANGUAGE and not message.string:
                    continue
                if isinstance(message.id, (tuple, list)) and len(strings) != catalog.num_plurals:
                    problems.append(f"{where}: {message.context} has {len(strings)} plural forms, "
                                    f"{lang} has {catalog.num_plurals}")
                if lang == SOURCE_LANGUAGE and all(not s for s in strings):
                    continue
                if lang == SOURCE_LANGUAGE and isinstance(message.id, str) and message.string != message.id:
                    problems.append(f"{where}: {message.context}: an English msgstr must be empty or the msgid")
                wanted_fields = set().union(*(placeholders(i) for i in ids))
                for index, text in enumerate(strings):
                    if not text or not text.strip():
                        problems.append(f"{where}: {message.context} is untranslated")
                        break
                    fields = placeholders(text)
                    # a plural form may leave out the count ("une carte"), never invent or lose another field
                    expected = wanted_fields - ({"n"} if len(ids) > 1 else set())
                    if not (expected <= fields <= wanted_fields):
                        problems.append(f"{where}: {message.context}[{index}] has fields {sorted(fields)}, "
                                        f"the English has {sorted(wanted_fields)}")
    return problems


if __name__ == "__main__":
    sys.exit(main())
