"""What the tests read and plant in a profile's database (``core/store``): a save's document as the store keeps it,
a document planted exactly as given (any bytes), and every copy of a save's bytes that is kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from lama_desktop.core.store import DB_NAME


def save_document(store, key: str = "autosave") -> str:
    return store.database().read("SELECT save FROM unfinished WHERE key = ?", (key,))[0][0]


def put_save_document(store, raw, game: str, key: str = "autosave") -> None:
    """Plant ``raw`` (bytes or text, anything) as the save document of unfinished game ``key``."""
    value = raw
    if isinstance(raw, bytes):
        try:
            value = raw.decode("utf-8")
        except UnicodeDecodeError:
            value = raw
    with store.database().transaction() as conn:
        conn.execute("INSERT OR REPLACE INTO unfinished(key, kind, game, saved_at, summary, save) "
                     "VALUES (?, 'local', ?, '2026-01-01T00:00:00', '{}', ?)", (key, game, value))


def survivors(save_path: Path, key: str = "autosave") -> list[bytes]:
    """Every copy of save ``key``'s bytes the profile keeps: its document in the store (read over a connection of
    its own) and each copy set aside (``set-aside/save-<key>.json.damaged-*``). ``save_path`` is the storage's
    ``save_path`` (the old file's place: its data folder holds the store)."""
    data_dir = Path(save_path).parent.parent
    out = []
    db = data_dir / DB_NAME
    if db.exists():
        conn = sqlite3.connect(db)
        try:
            row = conn.execute("SELECT save FROM unfinished WHERE key = ?", (key,)).fetchone()
        finally:
            conn.close()
        if row is not None:
            out.append(row[0] if isinstance(row[0], bytes) else row[0].encode("utf-8"))
    out += [p.read_bytes() for p in sorted((data_dir / "set-aside").glob(f"save-{key}.json.damaged-*"))]
    return out
