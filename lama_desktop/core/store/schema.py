"""The database's tables, and the steps that bring an older database up to them (``PRAGMA user_version``).

One file holds what the player keeps: the unfinished games (``unfinished``: a game of this computer or a table
this app hosts, each its save document as ``savefile`` reads it; ``joined``: a seat at somebody else's table),
the finished ones (``games``: the past-game document, or none for a game only counted), each seat's result
(``results``: what the statistics add up; ``totals``: added up as they are archived, with what an old
``stats.json`` held) and the files already imported (``imports``). A database newer than this copy knows is
moved aside, never written to."""

from __future__ import annotations

import sqlite3

#: the version this copy writes; ``MIGRATIONS[v]`` brings a database of version ``v`` to ``v + 1``
SCHEMA_VERSION = 1

_V1 = """
CREATE TABLE unfinished(
    key TEXT PRIMARY KEY,
    kind TEXT NOT NULL,              -- 'local' (this computer) or 'hosted' (a table this app hosts)
    game TEXT NOT NULL,
    saved_at TEXT NOT NULL,
    summary TEXT NOT NULL,           -- JSON: players, round, scores, port (what the Continue list shows)
    save TEXT NOT NULL               -- the save document (savefile.py)
);
CREATE INDEX unfinished_by_date ON unfinished(saved_at DESC);
CREATE TABLE joined(
    host TEXT NOT NULL,
    port INTEGER NOT NULL,
    code TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    seat TEXT NOT NULL,              -- JSON: core.seats.JoinedSeat.to_dict() (its token: never listed)
    PRIMARY KEY(host, port, code)
);
CREATE TABLE games(
    id INTEGER PRIMARY KEY,
    finished_at TEXT NOT NULL,
    game TEXT NOT NULL,
    outcome TEXT NOT NULL,           -- 'finished' or 'abandoned'
    practice INTEGER NOT NULL,
    advised TEXT NOT NULL,           -- JSON list of seats
    players TEXT NOT NULL,           -- JSON list of names
    kinds TEXT NOT NULL,             -- JSON list of seat kinds
    scores TEXT NOT NULL,
    winners TEXT NOT NULL,
    record TEXT                      -- the past-game document (pastgames.py); NULL: counted, not replayable
);
CREATE INDEX games_by_date ON games(finished_at DESC, id DESC);
CREATE TABLE results(
    game_row INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    opponents TEXT NOT NULL,         -- the strongest bot level among the others, or 'people'
    points INTEGER NOT NULL,
    won INTEGER NOT NULL,
    counted TEXT NOT NULL,           -- 'played', 'advised' or 'practice'
    finished_at TEXT NOT NULL
);
CREATE INDEX results_by_name ON results(game, name);
CREATE TABLE totals(                 -- per game and name: the results added up as they are archived (and what
    game TEXT NOT NULL,              -- an imported stats.json carried), so the statistics screen reads a row
    name TEXT NOT NULL,              -- per player, never the whole archive
    games INTEGER NOT NULL, wins INTEGER NOT NULL, points INTEGER NOT NULL,
    advised INTEGER NOT NULL, practice INTEGER NOT NULL,
    PRIMARY KEY(game, name)
);
CREATE TABLE imports(
    digest TEXT PRIMARY KEY,         -- sha256 of an imported file's bytes
    name TEXT NOT NULL,
    imported_at TEXT NOT NULL
);
"""

MIGRATIONS = {0: _V1}


class NewerDatabase(Exception):
    """A database written by a newer version: left as it is."""


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the database to ``SCHEMA_VERSION``, each step in its own transaction. Returns the version found."""
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found > SCHEMA_VERSION:
        raise NewerDatabase(f"database version {found}, this version reads up to {SCHEMA_VERSION}")
    version = found
    while version < SCHEMA_VERSION:
        try:
            conn.executescript("BEGIN IMMEDIATE;" + MIGRATIONS[version] + f"PRAGMA user_version = {version + 1};"
                               "COMMIT;")
        except BaseException:
            if conn.in_transaction:
                conn.rollback()
            raise
        version += 1
    return found
