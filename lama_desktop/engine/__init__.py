"""Pure rules engines for every game of lama-desktop. Never imports pygame."""

from .core import Event, GameSpec, GameState, IllegalMove, Move, Refusal, StateFormatError, VariantSpec, View
from .record import GameRecord
from .registry import games, get_game, load_position, new_game, position, state_from_dict
from .rng import Rng

__all__ = [
    "Event", "GameSpec", "GameState", "IllegalMove", "Move", "Refusal", "StateFormatError", "VariantSpec", "View",
    "GameRecord", "games", "get_game", "load_position", "new_game", "position", "state_from_dict", "Rng",
]
