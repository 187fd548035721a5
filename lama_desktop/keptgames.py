"""``lama-desktop games [--profile DIR] [--json]``: the games a profile keeps — every unfinished game (game, where:
this computer / a table hosted on a port / a seat joined at host:port, the player's seat, the players, the round,
points and last move) and how many finished games are kept. ``--json`` prints ``{"unfinished": [...],
"finished": N}``. A seat's token is never printed. While the app holds the profile, the database is read over a
read-only connection (nothing imported, nothing written)."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

from lama_desktop.cli import ArgumentParser, UsageError, run
from lama_desktop.core.store import DB_NAME, StoreBusy, archive
from lama_desktop.core.store import unfinished as slots
from lama_desktop.storage import Storage

PROG = "lama-desktop games"


def _storage(profile: str | None) -> Storage:
    if profile is None:
        return Storage()
    if not profile.strip():
        raise UsageError("--profile needs a folder (an empty path would be the current folder)")
    folder = Path(profile).expanduser()
    if not folder.is_dir():
        raise UsageError(f"--profile {profile!r:.80} is not a folder")
    return Storage(profile=folder)


def _read_only(storage: Storage) -> tuple[list, int]:
    """What a profile another copy holds keeps, read without writing (WAL readers never wait for it)."""
    uri = f"{(storage.data_dir / DB_NAME).resolve().as_uri()}?mode=ro"
    conn = sqlite3.connect(uri, uri=True, timeout=5.0)
    try:
        return slots.listing(conn), archive.count(conn)
    finally:
        conn.close()


def kept(storage: Storage) -> dict:
    """``{"unfinished": [...], "finished": N}`` of a profile (no token: ``Unfinished.to_dict``)."""
    try:
        entries, finished = storage.unfinished(), storage.finished_count()
        if storage.busy:
            entries, finished = _read_only(storage)
    except StoreBusy:
        entries, finished = _read_only(storage)
    except sqlite3.Error as error:
        raise UsageError(f"cannot read the games in {storage.data_dir} ({error})") from None
    return {"unfinished": [e.to_dict() for e in entries], "finished": finished}


def _text(found: dict) -> str:
    lines = []
    for entry in found["unfinished"]:
        where = {"local": "this computer", "hosted": f"your table on port {entry['port']}",
                 "joined": f"joined at {entry['host']}:{entry['port']}"}.get(entry["where"], entry["where"])
        lines.append(f"{entry['game']}: {', '.join(entry['players'])}; round {entry['round']}, points "
                     f"{entry['scores']}; {entry['moves']} moves, last {entry['last_move'] or '-'}; {where}; "
                     f"last played {entry['saved_at']}")
    lines.append(f"{found['finished']} finished games kept")
    return "\n".join(lines)


def _main(argv=None) -> int:
    parser = ArgumentParser(prog=PROG, description="The games a profile keeps: unfinished and finished.")
    parser.add_argument("--profile", metavar="DIR", help="the portable profile's folder (default: your user folders)")
    parser.add_argument("--json", action="store_true", help='print {"unfinished": [...], "finished": N}')
    args = parser.parse_args(argv)
    storage = _storage(args.profile)
    found = kept(storage)
    for report in storage.take_reports():
        if report.problem != "busy":  # a damaged file or database: said on stderr, in one line each
            print(f"{PROG}: {report.kind} {report.path.name}: {report.problem} (kept at {report.moved_to})",
                  file=sys.stderr)
    print(json.dumps(found, ensure_ascii=False, indent=1) if args.json else _text(found))
    storage.close()
    return 0


def main(argv=None) -> int:
    return run(_main, argv, prog=PROG)


if __name__ == "__main__":
    sys.exit(main())
