"""The contract suite runs over every registered game (``lama_desktop.games.GAMES``), the toy game of ``toy/``
included: ``tests/shared_fixtures.py`` registers it for the whole session (and for the processes tests start).

A test that names the ``game_id`` argument is parametrised with every game id; the ``plugin`` fixture is that
game's descriptor.
"""

from __future__ import annotations

import pytest

from lama_desktop.games import GAMES


def pytest_generate_tests(metafunc):
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", list(GAMES))


@pytest.fixture
def plugin(game_id):
    return GAMES[game_id]
