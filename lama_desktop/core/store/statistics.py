"""The statistics, from the archive's ``results`` (one row per seat of each finished game), added up into
``totals`` in the very transaction that archives the game (with what an imported ``stats.json`` carried): per game
and player name (games, wins, win rate, average points, games with advice and practice games apart, never in the
rates), per game and opponent level for the people who played, and a win rate over time for the small chart."""

from __future__ import annotations

from lama_desktop.statsfile import STAT_LIMIT

_ADD = ("INSERT INTO totals(game, name, games, wins, points, advised, practice) VALUES (?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT(game, name) DO UPDATE SET games = games + excluded.games, wins = wins + excluded.wins, "
        "points = points + excluded.points, advised = advised + excluded.advised, "
        "practice = practice + excluded.practice")


def _bounded(value) -> int:
    return max(-STAT_LIMIT, min(STAT_LIMIT, int(value or 0)))


def per_name(conn) -> list[dict]:
    """Rows for the statistics screen: game, name, games, wins, win rate, average points, advised, practice."""
    rows = []
    for game, name, games, wins, points, advised, practice in conn.execute(
            "SELECT game, name, games, wins, points, advised, practice FROM totals").fetchall():
        games, wins = _bounded(games), min(_bounded(games), _bounded(wins))
        per = max(1, games)
        rows.append({"game": game, "name": name, "games": games, "wins": wins, "win_rate": wins / per,
                     "average": _bounded(points) / per, "advised": _bounded(advised),
                     "practice": _bounded(practice), "points": _bounded(points)})
    rows.sort(key=lambda r: (r["game"], -r["wins"], r["average"], r["name"]))
    return rows


def totals(conn) -> dict:
    """``{game: {name: {games, wins, points, advised, practice}}}`` (what ``stats.json`` held)."""
    out: dict = {}
    for row in per_name(conn):
        out.setdefault(row["game"], {})[row["name"]] = {k: row[k] for k in ("games", "wins", "points", "advised",
                                                                           "practice")}
    return out


def per_level(conn, game: str) -> list[dict]:
    """The people's games of ``game`` per opponent level (``people``: no bot at the table): games, win rate,
    average points."""
    rows = conn.execute("SELECT opponents, count(*), sum(won), sum(points) FROM results "
                        "WHERE game = ? AND kind IN ('human', 'remote') AND counted = 'played' "
                        "GROUP BY opponents", (game,)).fetchall()
    return [{"opponents": level, "games": games, "wins": wins, "win_rate": wins / max(1, games),
             "average": points / max(1, games)} for level, games, wins, points in rows]


def over_time(conn, game: str, buckets: int = 12) -> list[tuple[str, float, int]]:
    """The people's win rate of ``game`` in ``buckets`` equal runs of their games, oldest first:
    ``(date of the run's last game, win rate, games in it)``."""
    rows = conn.execute("SELECT finished_at, won FROM results WHERE game = ? AND kind IN ('human', 'remote') "
                        "AND counted = 'played' ORDER BY finished_at, game_row", (game,)).fetchall()
    if not rows:
        return []
    size = max(1, -(-len(rows) // buckets))
    out = []
    for start in range(0, len(rows), size):
        run = rows[start:start + size]
        out.append((run[-1][0], sum(r[1] for r in run) / len(run), len(run)))
    return out


def count(conn, game: str, name: str, counted: str, won: bool, points: int) -> None:
    """Add one seat's result to the totals (inside the game-end transaction that archives it)."""
    played = counted == "played"
    conn.execute(_ADD, (game, name, int(played), int(played and won), int(points) if played else 0,
                        int(counted == "advised"), int(counted == "practice")))


def carry(conn, totals_by_game: dict) -> None:
    """Add an imported ``stats.json``'s totals (inside the import's transaction)."""
    for game, players in totals_by_game.items():
        for name, row in players.items():
            conn.execute(_ADD, (game, name, row["games"], row["wins"], row["points"], row.get("advised", 0),
                                row.get("practice", 0)))


def reset(conn) -> None:
    """Start the statistics again (the past games stay, and stay replayable)."""
    conn.execute("DELETE FROM results")
    conn.execute("DELETE FROM totals")
