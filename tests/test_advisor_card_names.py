"""The advisor names a card as the game names it, the same way in every row and every language (issue 32: the German
Cadabra advisor read "L legen 51 %" for a llama beside "1 legen"): an engine token the game's words rename ("L",
Cadabra's "6+") never shows in a row's phrase."""

from __future__ import annotations

import re

import pytest

from lama_desktop.advice import move_label
from lama_desktop.core import i18n
from lama_desktop.engine.rng import Rng
from lama_desktop.games import GAMES
from registry_games import game_ids


def _moves_seen(game_id: str, seeds=range(4), steps=160) -> set:
    """Every legal move met in a few seeded random games (all the game's variants on, where it has any)."""
    spec = GAMES[game_id].spec
    seen = set()
    for seed in seeds:
        try:
            state = spec.new(spec.max_players, variants=tuple(spec.variant_ids), seed=seed)
        except ValueError:  # variants that do not go together: the plain game
            state = spec.new(spec.max_players, seed=seed)
        rng = Rng(seed)
        for _ in range(steps):
            if state.is_over:
                break
            moves = state.legal_moves()
            seen.update(moves)
            state.apply(moves[rng.randrange(len(moves))])
    return seen


def _renamed(plugin, token: str) -> bool:
    """A token that is not what the player reads: it holds more than digits and the game's words rename it."""
    card_label = getattr(plugin.words(), "card_label", None)
    return card_label is not None and not token.isdigit() and card_label(token) != token


@pytest.mark.parametrize("game_id", game_ids())
def test_no_advisor_row_shows_a_card_token_the_game_renames(game_id):
    plugin = GAMES[game_id]
    moves = _moves_seen(game_id)
    bad = []
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            for move in moves:
                label = move_label(move, game_id, ["Anna", "Bruno", "Carla", "Dario", "Elena", "Felix"])
                for token in map(str, move.args):
                    if _renamed(plugin, token) and re.search(rf"(?<![\w+*/#@]){re.escape(token)}(?![\w+*/#@])",
                                                            label):
                        bad.append(f"{lang}: {move} -> {label!r}")
    finally:
        i18n.set_language("en")
    assert not bad, bad
