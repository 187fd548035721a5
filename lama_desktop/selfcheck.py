"""``python -m lama_desktop --self-check``: prove that this copy of the game is complete, without opening a window.

It imports every module of the package (so a frozen bundle that lost one fails here, not in front of a player),
then lists the games, the bot levels of each game, the scenes, the shipped data folders, and checks that saves,
settings and logs live outside the program's own folder (platformdirs), never next to the executable.

The report holds no paths, so the output of a source checkout and of the frozen app built from it must be
identical: ``build/build.py --smoke`` compares them line by line. Exit code 0 when nothing is wrong, 1 otherwise.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
from pathlib import Path

import lama_desktop
from lama_desktop.bots import levels_for
from lama_desktop.catalog_places import languages, load_table
from lama_desktop.engine.registry import games, plugins
from lama_desktop.resources import PACKAGE_DIR, ResourceError, data_root, game_data, game_folder
from lama_desktop.storage import Storage

SKIPPED = {"lama_desktop.__main__"}  # importing it is running it


def is_game_test(name: str) -> bool:
    """A game's own tests (``lama_desktop.games.<game>.tests``): a checkout's, never shipped (they import the
    ``tests/`` helpers), so not the program's modules."""
    parts = name.split(".")
    return len(parts) > 3 and parts[1] == "games" and parts[3] == "tests"


def package_modules() -> tuple[list[str], list[str]]:
    """Import every module of ``lama_desktop``: (imported names, problems)."""
    names, problems = [], []

    def onerror(name):
        error = sys.exc_info()[1]
        problems.append(f"cannot walk package {name}: {type(error).__name__}: {error}" if error is not None
                        else f"cannot walk package {name}")

    found = {info.name for info in pkgutil.walk_packages(lama_desktop.__path__, "lama_desktop.", onerror=onerror)}
    if not getattr(sys, "frozen", False):
        found |= source_modules(Path(lama_desktop.__file__).parent)
    for name in sorted(found):
        if name in SKIPPED or is_game_test(name):
            continue
        try:
            importlib.import_module(name)
        except Exception as error:  # noqa: BLE001 - reported: every broken module, not only the first
            problems.append(f"cannot import {name}: {type(error).__name__}: {error}")
            continue
        names.append(name)
    return sorted(names), problems


def source_modules(package_dir: Path) -> set[str]:
    """Module names from the source files, including folders without ``__init__.py`` (namespace packages,
    which ``pkgutil`` skips in a checkout but a frozen bundle presents as packages)."""
    names = set()
    for path in package_dir.rglob("*.py"):
        parts = path.relative_to(package_dir.parent).with_suffix("").parts
        if "__pycache__" in parts or not all(part.isidentifier() for part in parts):
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        for depth in range(2, len(parts) + 1):  # every enclosing folder is a package too
            names.add(".".join(parts[:depth]))
    return names


def _files_under(folder: Path) -> int:
    """Files under ``folder``, a string catalog counted once whatever its form (its ``.po`` source in a checkout,
    its compiled ``.mo`` in a build; templates, ``.pot``, not at all), so a frozen bundle prints what the checkout
    prints."""
    files = [path for path in folder.rglob("*") if path.is_file() and "__pycache__" not in path.parts]
    catalogs = {path.with_suffix("") for path in files if path.suffix in (".po", ".mo")}
    return sum(1 for path in files if path.suffix not in (".po", ".pot", ".mo")) + len(catalogs)


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def program_folders() -> list[Path]:
    """Where the program itself lives (must never be written to)."""
    folders = [PACKAGE_DIR]
    if getattr(sys, "frozen", False):
        folders.append(Path(sys.executable).resolve().parent)
        if getattr(sys, "_MEIPASS", None):
            folders.append(Path(sys._MEIPASS))
    return folders


def storage_problems(storage=None) -> list[str]:
    """Saves, settings and logs must be in the user's folders, never inside the program's folder."""
    storage = storage if storage is not None else Storage()
    problems = []
    for label in ("data_dir", "config_dir", "log_dir", "save_dir"):
        path = Path(getattr(storage, label))
        if not path.is_absolute():
            problems.append(f"storage {label} is a relative path ({path}): it would follow the current folder")
        for folder in program_folders():
            if _inside(path, folder):
                problems.append(f"storage {label} {path} is inside the program folder {folder}")
    return problems


def report() -> tuple[list[str], list[str]]:
    """(report lines, problems)."""
    lines: list[str] = []
    modules, problems = package_modules()
    lines.append(f"modules: {len(modules)}")
    lines += [f"  {name}" for name in modules]

    try:  # a module that failed to import above may take the registry with it: a problem, never a traceback
        specs = sorted(games(), key=lambda spec: spec.id)
        games_lines = [f"  {spec.id}: bots {', '.join(levels_for(spec.id))}" for spec in specs]
    except Exception as error:  # noqa: BLE001 - reported with the other problems
        problems.append(f"the games cannot be listed: {type(error).__name__}: {error}")
        specs, games_lines = [], []
    if not specs:
        problems.append("no game is registered")
    lines.append(f"games: {len(specs)}")
    lines += games_lines

    scene_modules = [name for name in modules if name.startswith(("lama_desktop.app.scenes.",
                                                                  "lama_desktop.app.table."))]
    lines.append(f"scenes: {len(scene_modules)}")
    lines += [f"  {name}" for name in scene_modules]

    for name in ("assets", "levels"):
        try:
            lines.append(f"{name}: {_files_under(data_root(name))} files")
        except ResourceError as error:
            problems.append(str(error))
    try:  # every language's strings load (from .mo in a build, from .po in a checkout: the same text)
        counts = {lang: len(load_table(lang).entries) for lang in languages()}
        lines.append("strings: " + ", ".join(f"{lang} {n}" for lang, n in counts.items()))
        if not counts or min(counts.values()) == 0:
            problems.append(f"string catalogs missing or empty: {counts}")
    except Exception as error:  # noqa: BLE001
        problems.append(f"string catalogs do not load: {error}")
    problems += _game_files(lines)

    try:
        problems += storage_problems()
    except Exception as error:  # noqa: BLE001 - reported with the other problems
        problems.append(f"the storage folders cannot be checked: {type(error).__name__}: {error}")
    lines.append("storage: user folders (platformdirs), outside the program folder")
    return lines, problems


def _game_files(lines: list[str]) -> list[str]:
    """Every game's own files (its folder's ``data/*.yaml`` load, its ``locale/`` is there); one line per game."""
    problems = []
    for package in dict.fromkeys(plugin.package for plugin in plugins().values()):
        folder = game_folder(package)
        yaml_files = sorted(path.name for path in (folder / "data").glob("*.yaml"))
        for name in yaml_files:
            try:
                game_data(package, name)
            except Exception as error:  # noqa: BLE001 - reported with the other problems
                problems.append(f"game data {folder.name}/data/{name} does not load: {error}")
        if not (folder / "locale").is_dir():
            problems.append(f"no string catalogs in {folder / 'locale'}")
        strings = _files_under(folder / "locale")
        lines.append(f"game {folder.name}: {len(yaml_files)} data files, {strings} string files")
    return problems


def main(out=None) -> int:
    out = out or sys.stdout
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    lines, problems = report()
    for line in lines:
        print(line, file=out)
    for problem in problems:
        print(f"PROBLEM: {problem}", file=out)
    print("self-check: " + ("OK" if not problems else f"{len(problems)} problem(s)"), file=out, flush=True)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
