"""A game record: (game, players, variants, options, seed, moves). Replaying it rebuilds the exact state.

Records are what saves, replays and bug reports carry; ``replay`` is how the tests prove determinism.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from lama_desktop.engine.core import Event, GameState, Move, StateFormatError, as_move
from lama_desktop.engine.registry import get_game

RECORD_VERSION = 1


def round_of(state) -> int:
    """The round a state is in, the one definition every part of the app uses (the history's "Round N" headings,
    live and in a replay, the replay's timeline, the transcript): the engine's ``round_no`` (the card and dice
    games), else the turn every seat has reached (Llama Land: round ``n`` while the slowest seat plays its ``n``-th
    turn; once the game is over, the last round played)."""
    number = getattr(state, "round_no", None)
    if isinstance(number, int):
        return number
    turns = getattr(state, "turns", None)
    if isinstance(turns, list) and turns:
        return max(1, min(turns) + (0 if state.is_over else 1))
    return 1


@dataclass
class GameRecord:
    game_id: str
    players: int
    variants: tuple[str, ...] = ()
    seed: int = 0
    options: dict = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    #: a game that starts from a position (a lesson): that state's ``to_dict``; None: a new deal from ``seed``
    start: dict | None = None

    def new_state(self) -> GameState:
        if self.start is not None:
            return get_game(self.game_id).load(copy.deepcopy(self.start))
        return get_game(self.game_id).new(self.players, self.variants, self.seed, **self.options)

    def replay(self, upto: int | None = None) -> GameState:
        state = self.new_state()
        for text in self.moves[:upto]:
            state.apply(text)
        return state

    def play(self, state: GameState, move: Move | str) -> list[Event]:
        """Apply ``move`` to ``state`` (the live state of this record) and remember it once it was legal."""
        move = as_move(move)
        events = state.apply(move)
        self.moves.append(str(move))
        return events

    def to_dict(self) -> dict:
        return {
            "record_version": RECORD_VERSION,
            "game": self.game_id,
            "players": self.players,
            "variants": list(self.variants),
            "seed": self.seed,
            "options": dict(self.options),
            "moves": list(self.moves),
            **({"start": self.start} if self.start is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "GameRecord":
        if not isinstance(data, dict) or data.get("record_version") != RECORD_VERSION:
            raise StateFormatError("not a game record of a version this game reads")
        try:
            return cls(
                game_id=str(data["game"]),
                players=int(data["players"]),
                variants=tuple(str(v) for v in data.get("variants", ())),
                seed=int(data["seed"]),
                options=dict(data.get("options", {})),
                moves=[str(m) for m in data.get("moves", [])],
                start=dict(data["start"]) if isinstance(data.get("start"), dict) else None,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise StateFormatError(f"damaged game record: {error}") from None
