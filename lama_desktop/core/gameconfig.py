"""What the setup screen hands to a table, and what a finished game hands to the results screen.

Plain data (no pygame): ``GameConfig`` goes into the save's ``meta`` so Continue can seat everybody again, and
into the settings (the last setup). ``from_dict`` is the schema both files are checked against at the file door
(``filedoor``): anything but a config this app could have written raises ``ValueError``; names come out cleaned
(printable, at most ``NAME_MAX`` characters).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from lama_desktop.core.i18n import current_name
from lama_desktop.filedoor import NAME_MAX, as_dict, as_int, as_list, as_str, clean_name, need, one_of
from lama_desktop.bots.base import LEVELS
from lama_desktop.engine.registry import get_game

#: "remote": a person playing this seat from another app (a network game, ``lama_desktop/net``)
SEAT_KINDS = ("human", "bot", "remote")
MAX_SEED = (1 << 64) - 1


@dataclass
class SeatConfig:
    """A seat. ``name`` reads a human seat's made-up name ("You", "Player 2", in whatever language it was written)
    in the current language (``i18n.current_name``): the local player is "Du" in German and "You" once the
    language is English, in a game going on or loaded from a save; a typed name stays as typed."""

    name: str
    kind: str = "human"  # "human", "bot" or "remote" (a person on another app)
    level: str = "medium"  # bot level (ignored for humans)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def is_remote(self) -> bool:
        return self.kind == "remote"

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: dict) -> "SeatConfig":
        """A seat from a file: ``ValueError`` unless it is one (the name is cleaned, not refused)."""
        data = as_dict(data, "a seat")
        raw = data.get("name", "?")
        need(isinstance(raw, str), "a seat's name must be text")
        return cls(clean_name(raw, max_len=NAME_MAX), one_of(data.get("kind", "human"), "a seat's kind", SEAT_KINDS),
                   one_of(data.get("level", "medium"), "a seat's level", LEVELS))


def _seat_name(seat: SeatConfig) -> str:
    raw = seat.__dict__.get("_name", "")
    return raw if seat.__dict__.get("kind") == "bot" else current_name(raw)


def _set_seat_name(seat: SeatConfig, value: str) -> None:
    seat.__dict__["_name"] = value


SeatConfig.name = property(_seat_name, _set_seat_name)  # after @dataclass: its __init__ sets it through this


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
        """A config from a file (a save's meta, the settings' last setup): ``ValueError`` unless it names a game
        of this copy, its player count, known variants, a dealer among the seats and a seed in range."""
        data = as_dict(data, "the game's setup")
        game_id = as_str(data.get("game"), "the game", 40)
        spec = get_game(game_id)  # ValueError for a game this copy does not have
        seats = [SeatConfig.from_dict(s) for s in as_list(data.get("seats", []), "the seats", 16)]
        need(spec.min_players <= len(seats) <= spec.max_players,
             f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {len(seats)}")
        variants = tuple(one_of(v, "a variant", spec.variant_ids)
                         for v in as_list(data.get("variants", []), "the variants", 16))
        spec.check_options(len(seats), variants)
        first_dealer = as_int(data.get("first_dealer", 0), "the first dealer", 0, len(seats) - 1)
        seed = as_int(data["seed"], "the seed", 0, MAX_SEED) if "seed" in data else random.randrange(1 << 62)
        return cls(spec.id, seats, variants, first_dealer, seed)


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
    #: the seats that asked the advisor during the game: the statistics count their games apart
    advised: tuple = ()
    #: the game's ``engine.record.GameRecord`` (kept as a past game for the replay viewer; None: not kept)
    record: object = None
    #: a move was taken back (undo): the statistics count the game apart, as practice
    practice: bool = False
    #: each seat's score before the first round (Cadabra: the three white tokens each starts with; empty: 0 for
    #: all): where the chart's lines begin
    start_scores: tuple = ()
    #: the game's entry among the unfinished games (``GameSession.save_key``): its end archives the game, counts
    #: it and removes that entry in one transaction (``App.end_game``); "" when it has none
    save_key: str = ""

    @property
    def names(self) -> list[str]:
        return self.config.names


def as_seated(config: GameConfig, names) -> GameConfig:
    """``config`` with its seats named as they are at the end of the game (``names``, the session's): the results,
    statistics and past game then name who really sat (a network seat is named when its person joins, after the
    table's config was made)."""
    seats = [replace(seat, name=name) for seat, name in zip(config.seats, names, strict=True)]
    return replace(config, seats=seats)
