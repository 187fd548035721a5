"""Where the shipped data lives: source checkout, installed wheel, or frozen bundle.

Nothing here imports pygame; the engine may use it to read its YAML component data.
"""

from __future__ import annotations

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


@cache
def engine_data(name: str) -> dict:
    """Load ``lama_desktop/engine/data/NAME`` (YAML), cached. Callers must not mutate the result."""
    path = PACKAGE_DIR / "engine" / "data" / name
    try:
        with open(path, encoding="utf-8") as handle:
            return yaml.safe_load(handle)
    except OSError as error:
        raise ResourceError(f"cannot read engine data {name}: {error}") from error
