"""An unfinished game's save document (the JSON ``savefile`` checks, as ``autosave.json`` held it) and the few
facts the Continue list shows of it without building the game (players, round, points, where, last move)."""

from __future__ import annotations

import time

from lama_desktop.engine.record import round_of
from lama_desktop.savefile import SAVE_KIND, SAVE_VERSION
from lama_desktop.core.store.unfinished import HOSTED, LOCAL


def save_document(record, state, meta: dict | None, saved_at: str = "") -> dict:
    return {
        "kind": SAVE_KIND,
        "save_version": SAVE_VERSION,
        "saved_at": saved_at or time.strftime("%Y-%m-%dT%H:%M:%S"),
        "game": record.game_id,
        "record": record.to_dict(),
        "state": state.to_dict(),
        "meta": meta or {},
    }


def _names(meta: dict, players: int) -> list[str]:
    seats = meta.get("seats") or (meta.get("config") or {}).get("seats") or []
    names = [str(s.get("name", ""))[:40] for s in seats if isinstance(s, dict)]
    return names if len(names) == players else [f"{i + 1}" for i in range(players)]


def save_summary(record, state, meta: dict | None) -> tuple[str, dict]:
    """``(where, summary)``: a hosted table (its ``meta["net"]``) or a game of this computer, and what the lists
    show of it."""
    meta = meta if isinstance(meta, dict) else {}
    hosting = meta.get("hosting") if isinstance(meta.get("hosting"), dict) else {}
    where = HOSTED if isinstance(meta.get("net"), dict) else LOCAL
    try:
        round_no = round_of(state)
    except Exception:  # noqa: BLE001 - a game without rounds: none shown
        round_no = None
    summary = {"players": _names(meta, record.players), "round": round_no if isinstance(round_no, int) else None,
               "scores": [int(s) for s in getattr(state, "scores", [])], "moves": len(record.moves),
               "last_move": str(record.moves[-1])[:80] if record.moves else ""}
    if where == HOSTED:
        summary["port"] = hosting.get("port") if isinstance(hosting.get("port"), int) else None
        summary["seat"] = hosting.get("seat") if isinstance(hosting.get("seat"), int) else None
    else:
        humans = [i for i, s in enumerate(meta.get("seats") or []) if isinstance(s, dict) and s.get("kind") == "human"]
        summary["seat"] = humans[0] if len(humans) == 1 else None
    return where, summary
