"""Where the gettext catalogs live, and a language's strings loaded from all of them.

One catalog folder per owner: the frame's ``assets/locale/`` and each game's own ``lama_desktop/games/<game>/locale/``
(found through the game registry)::

    <catalog folder>/<domain>.pot                      templates, made by ``catalogs extract`` (never edited by hand)
    <catalog folder>/<lang>/LC_MESSAGES/<domain>.po    one catalog per language and domain (edited by translators)
    <catalog folder>/<lang>/LC_MESSAGES/<domain>.mo    compiled by the build (``catalogs compile``); never committed

One domain per area: the frame's (``common``, ``hand``, ``tooltips``, ``rules_app``...) in ``assets/locale``, a
game's (its ``GamePlugin.domain``, ``rules_<game>``, ``tutorial_<game>``) in its folder. Every entry is
``msgctxt`` = the stable key the code looks up, ``msgid`` = the English text, ``msgstr`` = the translation (empty in
``en``: English is the msgid). Counts are gettext plural entries (``msgid_plural``, ``msgstr[0..n]``) whose rule is
the language's CLDR rule written by Babel into the catalog's ``Plural-Forms``. Reading the files is
``catalog_files``; the translator's commands are ``catalogs``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from lama_desktop.catalog_files import SOURCE_LANGUAGE, Table, catalog_path, entries_of, read_catalog
from lama_desktop.engine.registry import plugins
from lama_desktop.resources import asset_path

#: where the pieces live relative to the repository root (checkout); at run time see ``locale_dir()``
ROOT = Path(__file__).resolve().parent.parent
#: a game's catalog folder inside its folder
GAME_LOCALE_DIR_NAME = "locale"


def locale_dir() -> Path:
    """The folder holding the catalogs in this copy of the game (checkout, wheel or frozen bundle)."""
    return asset_path("locale")


def source_locale_dir() -> Path:
    """The frame's catalogs in the checkout."""
    return ROOT / "assets" / "locale"


def game_folders() -> list[Path]:
    """Every game's folder, once each, in the registry's order (L.A.M.A. and Party share one)."""
    return list(dict.fromkeys(plugin.folder for plugin in plugins().values()))


def outside_game_folders() -> list[Path]:
    """The folders of games registered from outside the package (``LAMA_GAME_FOLDERS``): their code uses keys too,
    and the Babel mapping (``babel.cfg``) only reaches the package's."""
    return [folder for folder in game_folders() if not folder.is_relative_to(ROOT / "lama_desktop")]


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
        # the English catalogs name the domains too: their sources in a checkout, compiled alone in the frozen app
        names |= {p.stem for p in (place / SOURCE_LANGUAGE / "LC_MESSAGES").glob("*.po")}
        names |= {p.stem for p in (place / SOURCE_LANGUAGE / "LC_MESSAGES").glob("*.mo")}
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


def load_table(lang: str, folder: Path | Iterable[Path] | None = None, log=None) -> Table:
    """Every domain of ``lang`` in every catalog folder (a damaged catalog only loses itself, with a log line)."""
    entries: dict[str, Any] = {}
    plural_expr, nplurals = "(n != 1)", 2
    for domain, place in domain_folders(folder).items():
        path = catalog_path(place, lang, domain)
        if path is None:
            continue
        try:
            catalog = read_catalog(path, lang, domain)
        except Exception as error:  # noqa: BLE001 - a broken file must not stop the game
            if log:
                log.error("cannot load strings %s: %s", path, error)
            continue
        entries.update(entries_of(catalog, lang))
        plural_expr, nplurals = catalog.plural_expr, catalog.num_plurals
    return Table(lang, entries, plural_expr, nplurals)

