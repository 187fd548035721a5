"""Past games: the record of a finished game, kept for the "Past games" list and the replay viewer, exported and
imported as a small JSON file (``lama-desktop --replay FILE``, or dropped onto the window). Nothing here imports
pygame.

The file (format ``PAST_GAME_VERSION``; docs/ARCHITECTURE.md "Past-game records" describes every field)::

    {"kind": "lama-desktop-game", "past_game_version": 2, "app_version": "0.1.0",
     "rules_version": 3,                     # the engine's state version of this game when it was played
     "finished_at": "2026-11-26T06:30:00",
     "game": "lama",
     "seats": [{"name": "Anna", "kind": "human", "level": "medium"}, ...],
     "record": {GameRecord.to_dict(): record_version, game, players, variants, seed, options, moves},
     "scores": [12, 40, 7], "winners": [2],
     "practice": false,                      # a move was taken back (undo) during the game
     "advised": [0]}                         # the seats that asked the advisor

A version 1 file (before ``practice`` and ``advised``) still reads: neither was kept then, so it reads as a game
played without undo or advice.

Reading one (``past_game_from_file``) validates its shape (``filedoor`` checkers: a damaged file is refused with
a reason, never a crash). ``check_replay`` then replays every move through the engine: a move that no longer
applies (the rules changed since) is reported by number, and final scores that differ from the kept ones are
reported too; the player is told why the game cannot be replayed instead of being shown a different game.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lama_desktop.engine.record import GameRecord, round_of
from lama_desktop.filedoor import Damage, as_dict, as_int, as_list, as_str, need, one_of, read_guarded
from lama_desktop import __version__
from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.engine.core import IllegalMove
from lama_desktop.engine.registry import get_game

log = logging.getLogger(__name__)

PAST_GAME_KIND = "lama-desktop-game"
PAST_GAME_VERSION = 2
#: the older formats this version still reads (1: no ``practice`` / ``advised`` fields)
PAST_GAME_READS = (1, 2)
#: a game record file is small: a long Llama Land game is ~20 KB
PAST_GAME_MAX_BYTES = 2 * 1024 * 1024


class NotAGameRecord(Exception):
    """A file that is not a game record this version can show: ``problem`` is a ``filedoor.PROBLEMS`` code,
    ``detail`` says why (English)."""

    def __init__(self, problem: str, detail: str):
        super().__init__(detail)
        self.problem = problem
        self.detail = detail


@dataclass
class PastGame:
    record: Any  # engine.record.GameRecord
    seats: list  # core.gameconfig.SeatConfig
    scores: list[int]
    winners: list[int]
    finished_at: str = ""
    rules_version: int | None = None
    app_version: str = ""
    #: a move was taken back during the game (undo): a practice game
    practice: bool = False
    #: the seats that asked the advisor for help
    advised: tuple = ()
    #: given up before its end (``Storage.abandon``): kept, replayable to where it stood, counted nowhere
    abandoned: bool = False
    #: where it was read from (None: made in memory or kept in the store: then ``row`` is its row there)
    path: Path | None = field(default=None, compare=False)
    row: int | None = field(default=None, compare=False)

    @property
    def game_id(self) -> str:
        return self.record.game_id

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def to_dict(self) -> dict:
        return {
            "kind": PAST_GAME_KIND,
            "past_game_version": PAST_GAME_VERSION,
            "app_version": self.app_version or _app_version(),
            "rules_version": self.rules_version,
            "finished_at": self.finished_at,
            "game": self.record.game_id,
            "seats": [seat.to_dict() for seat in self.seats],
            "record": self.record.to_dict(),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "practice": bool(self.practice),
            "advised": sorted(self.advised),
            **({"abandoned": True} if self.abandoned else {}),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"


def _app_version() -> str:
    return __version__


def rules_version(game_id: str, players: int = 2) -> int | None:
    """The engine's state version of ``game_id`` (it changes with the rules' data the state holds)."""
    try:
        spec = get_game(game_id)
        return int(spec.new(max(players, spec.min_players), (), 0).to_dict().get("version"))
    except Exception:  # noqa: BLE001 - a game without a versioned state: none recorded
        log.debug("no rules version for %s", game_id, exc_info=True)
        return None


def make_past_game(record, seats, scores, winners, finished_at: str | None = None, *, practice: bool = False,
                   advised=()) -> PastGame:
    record = GameRecord.from_dict(record.to_dict())  # a copy: the live session goes on without it
    return PastGame(record, list(seats), [int(s) for s in scores], [int(w) for w in winners],
                    finished_at or time.strftime("%Y-%m-%dT%H:%M:%S"), rules_version(record.game_id, record.players),
                    _app_version(), bool(practice), tuple(sorted({int(a) for a in advised})))


def record_from_file(data: Any):
    """A ``GameRecord`` whose game, players, variants, seed, options and moves this copy can replay."""
    data = as_dict(data, "the game record")
    record = GameRecord.from_dict(data)
    spec = get_game(as_str(data.get("game"), "the game", 40))
    as_int(data.get("players"), "the number of players", spec.min_players, spec.max_players)
    as_int(data.get("seed"), "the seed", -(1 << 64), 1 << 64)
    for variant in as_list(data.get("variants", []), "the variants", 16):
        one_of(variant, "a variant", spec.variant_ids)
    spec.check_options(record.players, record.variants)
    for key, value in as_dict(data.get("options", {}), "the options").items():
        as_str(key, "an option", 40)
        need(isinstance(value, (int, str, bool)) and not (isinstance(value, int) and abs(value) > 1 << 64),
             f"option {key} must be a short value")
    for move in as_list(data.get("moves", []), "the moves", 1_000_000):
        as_str(move, "a move", 200)
    return record


def past_game_from_file(data: Any) -> PastGame:
    """A ``PastGame`` from parsed JSON, or ``ValueError`` (via the ``filedoor`` checkers) saying what is wrong."""
    data = as_dict(data, "the file")
    need(data.get("kind") == PAST_GAME_KIND, "this file is not a lama-desktop game record")
    version = data.get("past_game_version")
    if isinstance(version, bool) or version not in PAST_GAME_READS:
        raise Damage("other_version", f"the game record was written by another version (format "
                                      f"{str(data.get('past_game_version'))[:40]!r}, this version reads "
                                      f"{PAST_GAME_VERSION})")
    record = record_from_file(data.get("record"))
    need(as_str(data.get("game"), "the game", 40) == record.game_id, "the record belongs to another game")
    seats = [SeatConfig.from_dict(as_dict(s, "a seat")) for s in as_list(data.get("seats"), "the seats", 8)]
    need(len(seats) == record.players, "the seats do not match the number of players")
    scores = [as_int(s, "a score", -10 ** 9, 10 ** 9) for s in as_list(data.get("scores"), "the scores", 8)]
    need(len(scores) == record.players, "the scores do not match the number of players")
    winners = [as_int(w, "a winner", 0, record.players - 1) for w in as_list(data.get("winners"), "the winners", 8)]
    finished_at = as_str(data.get("finished_at", ""), "the date", 40)
    rules = data.get("rules_version")
    need(rules is None or (isinstance(rules, int) and not isinstance(rules, bool)), "the rules version is damaged")
    app_version = as_str(data.get("app_version", ""), "the app version", 40)
    practice, advised = False, ()
    if version >= 2:  # version 1 kept neither: a game without undo or advice
        practice = data.get("practice", False)
        need(isinstance(practice, bool), "the practice flag is damaged")
        advised = tuple(sorted({as_int(a, "an advised seat", 0, record.players - 1)
                                for a in as_list(data.get("advised", []), "the advised seats", 8)}))
    abandoned = data.get("abandoned", False)
    need(isinstance(abandoned, bool), "the abandoned flag is damaged")
    return PastGame(record, seats, scores, winners, finished_at, rules, app_version, practice, advised, abandoned)


def read_past_game(path: Path) -> PastGame:
    """An exported game record (``--replay FILE``, a dropped file): ``NotAGameRecord`` with the reason when it is
    not one (the file itself is left as it is: it is the player's). It is replayed once to check it."""
    try:
        past = read_guarded(Path(path), past_game_from_file, PAST_GAME_MAX_BYTES)
    except FileNotFoundError:
        raise NotAGameRecord("missing", "there is no such file") from None
    except Damage as damage:
        raise NotAGameRecord(damage.problem, damage.detail) from None
    past.path = Path(path)
    problem = check_replay(past)
    if problem is not None:
        raise NotAGameRecord("rules_changed", problem.detail)
    return past


@dataclass
class ReplayProblem:
    """Why a kept game cannot be replayed: ``move`` is the 1-based number of the first move that no longer applies
    (0: the game cannot even be set up; -1: every move applies but the final scores differ)."""

    move: int
    text: str
    detail: str


@dataclass
class Timeline:
    """What the viewer steps through: ``rounds[i]`` is the round move ``i`` was played in (1-based);
    ``round_starts[r]`` the number of moves played before round ``r + 1`` began; ``movers[i]`` who played move i."""

    rounds: list[int]
    round_starts: list[int]
    movers: list[int]


def check_replay(past: PastGame) -> ReplayProblem | None:
    """Replay every move through today's engine; the first problem, or None when the game replays to its kept
    final scores."""
    try:
        state = past.record.new_state()
    except Exception as error:  # noqa: BLE001 - a game this version cannot set up any more
        return ReplayProblem(0, "", f"the game cannot be set up any more ({error})")
    for number, text in enumerate(past.record.moves, start=1):
        try:
            state.apply(text)
        except IllegalMove as error:
            return ReplayProblem(number, text, f"move {number} ({text}) no longer applies: {error.reason}")
        except Exception as error:  # noqa: BLE001 - a move the engine cannot even read
            return ReplayProblem(number, text, f"move {number} ({text}) no longer applies: {error}")
    if past.abandoned:  # given up: the moves lead to where it stood
        if list(state.scores) != list(past.scores):
            return ReplayProblem(-1, "", "the moves lead to other scores")
        return None
    if not state.is_over:
        return ReplayProblem(-1, "", "the moves no longer finish the game")
    if list(state.scores) != list(past.scores):
        return ReplayProblem(-1, "", f"the moves lead to other final scores ({list(state.scores)} instead of "
                                     f"{list(past.scores)})")
    return None


def timeline(record, keep: dict | None = None, every: int = 10) -> Timeline:
    """Rounds and movers of every move (one replay of the record). ``keep``: a dict that receives a copy of the
    position after every ``every`` moves and of the last one (moves played -> state), so whoever shows positions
    later never replays the game from its start again."""
    state = record.new_state()
    rounds, movers, starts = [], [], []
    total = len(record.moves)
    for index, text in enumerate(record.moves):
        current = round_of(state)
        if not rounds or current != rounds[-1]:
            starts.append(index)
        rounds.append(current)
        movers.append(state.current_player)
        state.apply(text)
        if keep is not None and ((index + 1) % every == 0 or index + 1 == total):
            keep[index + 1] = state.clone()
    return Timeline(rounds, starts or [0], movers)


def export_name(past: PastGame) -> str:
    stamp = (past.finished_at or time.strftime("%Y-%m-%dT%H:%M:%S")).replace(":", "").replace("T", "-")
    return f"{past.game_id}-{stamp}.json"


__all__ = ["PAST_GAME_KIND", "PAST_GAME_VERSION", "NotAGameRecord", "PastGame",
           "ReplayProblem", "Timeline", "check_replay", "export_name", "make_past_game", "past_game_from_file",
           "read_past_game", "rules_version", "timeline", "one_of"]
