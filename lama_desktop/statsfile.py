"""The statistics file (``stats.json``): per game and player name, games played, wins, points, games played with
advice and practice games, read leniently (names cleaned and added up) and refused when this app could not have
written it."""

from __future__ import annotations

from typing import Any

from lama_desktop.filedoor import Damage, as_dict, as_int, as_str, clean_name, need


STATS_VERSION = 1

#: statistics counters stay within this (a file claiming more is damaged; adding never overflows it)
STAT_LIMIT = 10 ** 12



def stats_from_file(data: Any) -> dict:
    """``{game_id: {name: {"games", "wins", "points", "advised", "practice"}}}`` from a statistics file (names cleaned;
    two names that clean to the same one are added up); ``Damage``/``ValueError`` for anything else."""
    data = as_dict(data, "the statistics")
    version = data.get("stats_version")
    if version != STATS_VERSION:
        raise Damage("other_version", f"statistics version {str(version)[:40]!r}, this version reads "
                                      f"{STATS_VERSION}")
    clean: dict = {}
    rows = 0
    for game_id, players in as_dict(data.get("games", {}), "the games").items():
        as_str(game_id, "a game id", 40)
        for name, row in as_dict(players, f"the players of {game_id}").items():
            rows += 1
            need(rows <= 100_000, "more than 100,000 rows")
            row = as_dict(row, "a row")
            games = as_int(row.get("games"), "games played", 0, STAT_LIMIT)
            wins = as_int(row.get("wins"), "wins", 0, games)
            points = as_int(row.get("points"), "points", -STAT_LIMIT, STAT_LIMIT)
            advised = as_int(row.get("advised", 0), "games played with advice", 0, STAT_LIMIT)
            practice = as_int(row.get("practice", 0), "practice games", 0, STAT_LIMIT)
            target = clean.setdefault(game_id, {}).setdefault(clean_name(name), {"games": 0, "wins": 0, "points": 0,
                                                                                   "advised": 0, "practice": 0})
            target["advised"] = min(STAT_LIMIT, target["advised"] + advised)
            target["practice"] = min(STAT_LIMIT, target.get("practice", 0) + practice)
            target["games"] = min(STAT_LIMIT, target["games"] + games)
            target["wins"] = min(target["games"], target["wins"] + wins)
            target["points"] = max(-STAT_LIMIT, min(STAT_LIMIT, target["points"] + points))
    return clean
