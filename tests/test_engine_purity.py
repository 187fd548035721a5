"""The rules engine, the bots and the lessons' mechanism never import pygame (they run in bots' threads, tools and
tests)."""

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "lama_desktop"


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_engine_and_bots_source_never_import_pygame():
    offenders = []
    games = [p for p in (PACKAGE / "games").rglob("*.py")
             if p.stem in ("__init__", "engine", "bots", "words") or p.parent.name == "engine"]
    pure = [p for folder in ("engine", "bots", "tutorial") for p in (PACKAGE / folder).rglob("*.py")]
    assert len(games) >= 4 * 4
    for path in pure + games + [PACKAGE / "plugin.py"]:
        for name in _imports(path):
            if name.split(".")[0] in {"pygame", "pytmx"}:  # pytmx imports pygame on import
                offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert offenders == []


def test_importing_every_game_and_bot_loads_no_pygame():
    code = (
        "import sys\n"
        "from lama_desktop.engine import games\n"
        "from lama_desktop.bots import levels_for, make_bot\n"
        "for spec in games():\n"
        "    for level in levels_for(spec.id):\n"
        "        make_bot(spec.id, level, 1)\n"
        "from lama_desktop.tutorial import lesson, script\n"
        "for game_id in script.tutorials():\n"
        "    lesson.start_lesson(script.load_tutorial(game_id)).close()\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
