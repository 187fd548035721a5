"""What the setup screen hands to a table, and what a finished game hands to the results screen.

Plain data (no pygame): ``GameConfig`` goes into the save's ``meta`` so Continue can seat everybody again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field


@dataclass
class SeatConfig:
    name: str
    kind: str = "human"  # "human" or "bot"
    level: str = "medium"  # bot level (ignored for humans)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: dict) -> "SeatConfig":
        kind = data.get("kind", "human")
        return cls(str(data.get("name", "?"))[:24], kind if kind in ("human", "bot") else "human",
                   str(data.get("level", "medium")))


@dataclass
class GameConfig:
    game_id: str
    seats: list[SeatConfig]
    variants: tuple[str, ...] = ()
    first_dealer: int = 0  # seat index; the setup screen resolves "random" to a seat before starting
    seed: int = field(default_factory=lambda: random.randrange(1 << 62))

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def human_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.is_bot]

    def replay_config(self) -> "GameConfig":
        """The same table and rules with a fresh shuffle, the deal moved one seat on (Play again)."""
        return GameConfig(self.game_id, [SeatConfig(**s.to_dict()) for s in self.seats], tuple(self.variants),
                          (self.first_dealer + 1) % max(1, self.players))

    def to_dict(self) -> dict:
        return {"game": self.game_id, "seats": [s.to_dict() for s in self.seats], "variants": list(self.variants),
                "first_dealer": self.first_dealer, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: dict) -> "GameConfig":
        seats = [SeatConfig.from_dict(s) for s in data.get("seats", [])]
        return cls(str(data["game"]), seats, tuple(str(v) for v in data.get("variants", ())),
                   int(data.get("first_dealer", 0)), int(data.get("seed", 0)))


@dataclass
class GameResults:
    """A finished game for the results screen and the statistics.

    ``round_scores[r][seat]`` is each seat's *total* after round ``r`` (round 1 first); ``scores`` the final totals.
    """

    config: GameConfig
    round_scores: list[list[int]]
    scores: list[int]
    winners: list[int]
    lower_score_wins: bool = True
    #: the score that ends the game, drawn as a dashed line on the chart (None: no such line, e.g. Llama Land)
    end_score: int | None = 40
    #: caption of the chart's x axis (default: the localised "Round"); a game scored per turn may say "Turn"
    axis_label: str = ""

    @property
    def names(self) -> list[str]:
        return self.config.names
