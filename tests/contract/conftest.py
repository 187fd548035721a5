"""The contract suite runs over every registered game (``lama_desktop.games.GAMES``) and the toy game of ``toy/``,
which a fixture registers through the same door (``register``) for the length of one test and takes away after.

A test that names the ``game_id`` argument is parametrised with every game id; the ``plugin`` fixture is that
game's descriptor, registered while the test runs; ``registration`` is the Python a fresh process must run to know
the game (empty for the games ``lama_desktop.games`` registers itself).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lama_desktop.games import GAMES, register, unregister
from toy import PLUGIN as TOY

HERE = Path(__file__).resolve().parent


def game_ids() -> list[str]:
    """Every registered game, then the toy."""
    return [*GAMES, TOY.id]


def pytest_generate_tests(metafunc):
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", game_ids())


@pytest.fixture
def plugin(game_id):
    if game_id != TOY.id:
        yield GAMES[game_id]
        return
    register(TOY)
    try:
        yield TOY
    finally:
        unregister(TOY.id)


@pytest.fixture
def registration(game_id) -> str:
    if game_id != TOY.id:
        return ""
    return (f"import sys\nsys.path.insert(0, {str(HERE)!r})\nfrom lama_desktop.games import register\n"
            "from toy import PLUGIN\nregister(PLUGIN)\n")
