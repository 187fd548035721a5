"""Pure rules engines for every game of lama-desktop. Never imports pygame."""

from lama_desktop.engine.core import (
    Event, GameSpec, GameState, IllegalMove, Move, Refusal, StateFormatError, VariantSpec, View
)
from lama_desktop.engine.record import GameRecord
from lama_desktop.engine.registry import games, get_game, load_position, new_game, position, state_from_dict
from lama_desktop.engine.rng import Rng

__all__ = [
    "Event", "GameSpec", "GameState", "IllegalMove", "Move", "Refusal", "StateFormatError", "VariantSpec", "View",
    "GameRecord", "games", "get_game", "load_position", "new_game", "position", "state_from_dict", "Rng",
]
