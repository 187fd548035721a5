"""Where the shipped data lives: source checkout, installed wheel, or frozen bundle.

The frame's files are in the top-level ``assets/`` and ``levels/`` folders (``asset_path``, ``level_path``); a game's
own files are in its folder, beside its code (``lama_desktop/games/<game>/``: ``locale/``, ``data/``, ``tutorials/``,
``rules/``, ``levels/``), found from its package (``game_path``): the wheel ships them as package data and the frozen
bundle at the same place under ``sys._MEIPASS``. Nothing here imports pygame; an engine reads its YAML component
data with ``game_data``.
"""

from __future__ import annotations

import importlib
import sys
from functools import cache
from pathlib import Path

import yaml

PACKAGE_DIR = Path(__file__).resolve().parent


class ResourceError(FileNotFoundError):
    """A shipped file is missing or unreadable; the message names it."""


@cache
def data_root(name: str) -> Path:
    """Return the folder ``assets`` or ``levels`` wherever this copy of the game keeps it."""
    candidates = []
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        candidates.append(Path(frozen_root) / name)
    candidates.append(PACKAGE_DIR / name)  # non-editable install (copied in by setup.py)
    candidates.append(PACKAGE_DIR.parent / name)  # source checkout / editable install
    for folder in candidates:
        if folder.is_dir():
            return folder
    raise ResourceError(f"cannot find the game's '{name}' folder (looked in: {', '.join(map(str, candidates))})")


def asset_path(*parts: str) -> Path:
    path = data_root("assets").joinpath(*parts)
    if not path.exists():
        raise ResourceError(f"missing asset: {'/'.join(parts)} (expected at {path})")
    return path


def level_path(*parts: str) -> Path:
    path = data_root("levels").joinpath(*parts)
    if not path.exists():
        raise ResourceError(f"missing level: {'/'.join(parts)} (expected at {path})")
    return path


def game_folder(game) -> Path:
    """The folder of a game: ``game`` is its descriptor (``GamePlugin``) or its package's module path
    (``lama_desktop.games.dice``, what an engine inside the folder knows as ``__package__``)."""
    package = getattr(game, "package", game)
    return Path(importlib.import_module(package).__file__).resolve().parent


def game_path(game, *parts: str) -> Path:
    """A file or folder the game ``game`` (descriptor or package path) ships in its own folder."""
    path = game_folder(game).joinpath(*parts)
    if not path.exists():
        raise ResourceError(f"missing game file: {'/'.join(parts)} of {getattr(game, 'package', game)} "
                            f"(expected at {path})")
    return path


@cache
def game_data(package: str, name: str) -> dict:
    """Load the game's component data ``<game folder>/data/NAME`` (YAML), cached. Callers must not mutate it."""
    path = game_folder(package) / "data" / name
    try:
        with open(path, encoding="utf-8") as handle:
            return yaml.safe_load(handle)
    except OSError as error:
        raise ResourceError(f"cannot read game data {name}: {error}") from error
