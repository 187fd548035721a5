"""The finished games: every one is kept (no limit), each with its past-game document (``pastgames``; none for a
joined table's game, which is only counted) and one ``results`` row per seat, which is what the statistics add
up. ``add`` is called inside the game-end transaction (with the unfinished entry's removal), so a game is archived
and counted exactly once or not at all. A given-up game is kept as ``abandoned`` and counted nowhere."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from lama_desktop.bots.base import LEVELS
from lama_desktop.core.store import statistics

FINISHED, ABANDONED = "finished", "abandoned"


@dataclass
class ArchivedGame:
    """A finished game as the Past games list shows it, read without its moves (cheap: a page at a time)."""

    row: int
    finished_at: str
    game: str
    outcome: str
    practice: bool
    advised: tuple
    players: list[str]
    kinds: list[str]
    scores: list[int]
    winners: list[int]
    replayable: bool = True
    extra: dict = field(default_factory=dict)

    @property
    def abandoned(self) -> bool:
        return self.outcome == ABANDONED

    @property
    def game_id(self) -> str:
        return self.game

    @property
    def names(self) -> list[str]:
        return self.players


def opponents_of(seat: int, kinds, levels) -> str:
    """What a seat played against: the strongest bot level among the others, or ``people`` (no bot)."""
    found = [levels[i] for i, kind in enumerate(kinds) if i != seat and kind == "bot"]
    if not found:
        return "people"
    return max(found, key=lambda lv: LEVELS.index(lv) if lv in LEVELS else -1)


def add(conn, *, finished_at: str, game: str, outcome: str, practice: bool, advised, names, kinds, levels,
        scores, winners, document: str | None, counted: bool = True) -> int:
    """Archive one game (and, when it finished and ``counted``, each seat's result); returns its row."""
    advised = sorted({int(a) for a in advised})
    cursor = conn.execute(
        "INSERT INTO games(finished_at, game, outcome, practice, advised, players, kinds, scores, winners, record)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (finished_at, game, outcome, int(bool(practice)), json.dumps(advised), json.dumps(list(names),
         ensure_ascii=False), json.dumps(list(kinds)), json.dumps([int(s) for s in scores]),
         json.dumps([int(w) for w in winners]), document))
    row = cursor.lastrowid
    if outcome == FINISHED and counted:
        rows = [(row, game, seat, name, kinds[seat], opponents_of(seat, kinds, levels), int(scores[seat]),
                 int(seat in winners), "practice" if practice else "advised" if seat in advised else "played",
                 finished_at) for seat, name in enumerate(names)]
        conn.executemany(
            "INSERT INTO results(game_row, game, seat, name, kind, opponents, points, won, counted, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        for _row, _game, _seat, name, _kind, _opp, points, won, how, _when in rows:
            statistics.count(conn, game, name, how, bool(won), points)
    return row


_COLUMNS = "id, finished_at, game, outcome, practice, advised, players, kinds, scores, winners, record IS NOT NULL"


def _loads(text, default):
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return default
    return value if isinstance(value, type(default)) else default


def _game(row) -> ArchivedGame:
    return ArchivedGame(row[0], row[1], row[2], row[3], bool(row[4]), tuple(_loads(row[5], [])),
                        [str(p) for p in _loads(row[6], [])], [str(k) for k in _loads(row[7], [])],
                        _loads(row[8], []), _loads(row[9], []), bool(row[10]))


def count(conn, replayable_only: bool = False) -> int:
    where = " WHERE record IS NOT NULL" if replayable_only else ""
    return conn.execute(f"SELECT count(*) FROM games{where}").fetchone()[0]


def page(conn, offset: int, limit: int) -> list[ArchivedGame]:
    """The replayable games, newest first, ``limit`` of them from ``offset``."""
    rows = conn.execute(f"SELECT {_COLUMNS} FROM games WHERE record IS NOT NULL "
                        "ORDER BY finished_at DESC, id DESC LIMIT ? OFFSET ?", (int(limit), int(offset))).fetchall()
    return [_game(row) for row in rows]


def document(conn, row: int) -> str | None:
    found = conn.execute("SELECT record FROM games WHERE id = ?", (int(row),)).fetchone()
    return found[0] if found else None


def remove(conn, row: int) -> None:
    """A game whose document is damaged (its bytes were copied out first): kept, and counted as it was, but no
    longer offered for a replay."""
    conn.execute("UPDATE games SET record = NULL WHERE id = ?", (int(row),))
