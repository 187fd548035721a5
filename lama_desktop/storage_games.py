"""What ``Storage`` keeps in the profile's database (``core/store``): the unfinished games (one save per game, keyed
by its session's ``save_key``), the finished ones and the statistics, and the seats joined at other tables
(``seat_book``).

The database opens at the first use that needs it; a read finds nothing (and makes no file) while there is no
database and no old file to import. At each opening the old files (``saves/autosave.json``, ``games/*.json``,
``stats.json``) are imported (``core/store/legacy``). A document in the database is read through the same checks
as a file (``savefile``, ``pastgames``): a damaged one is copied out to ``set-aside/`` beside the database, its
row dropped, and reported; one whose names were cleaned is copied out first (reported once). When another copy
of the app holds the profile, every read finds nothing and every write raises ``StoreBusy`` (an ``OSError``): the
app says so once (``busy``), and nothing is written by this copy."""

from __future__ import annotations

import hashlib
import json
import logging
import time
import uuid

from lama_desktop.filedoor import Damage, build_guarded_noting, clean_name, copy_aside
from lama_desktop.pastgames import PastGame, make_past_game, past_game_from_file
from lama_desktop.savefile import SavedGame, save_summary_from_file, saved_game_from_file
from lama_desktop.core.seats import MemorySeatBook
from lama_desktop.core.store import Database, Report, StoreBusy, StoreSeatBook, archive, legacy, statistics
from lama_desktop.core.store import unfinished as slots
from lama_desktop.core.store.opening import DB_NAME
from lama_desktop.core.store.saves import save_document, save_summary

log = logging.getLogger("lama_desktop.storage")

#: the key of a save written without one (tools and tests that keep a single game)
DEFAULT_KEY = "autosave"


def new_save_key() -> str:
    """A key for a new unfinished game (the session keeps it for every autosave and for its end)."""
    return uuid.uuid4().hex[:16]


class SaveDamaged(Exception):
    """A save that cannot be used. ``reason`` is the detail (English); ``moved_to`` is where its bytes now are
    (``None``: left untouched where they were); ``report`` is the queued ``Report``."""

    def __init__(self, reason: str, moved_to=None, report: Report | None = None):
        super().__init__(reason)
        self.reason = reason
        self.moved_to = moved_to
        self.report = report


class GameKeeping:
    """Mixed into ``storage.Storage``: needs ``data_dir``, ``save_path``, ``games_dir``, ``stats_path``,
    ``read_file`` (the door) and ``_reports``."""

    _db: Database | None = None
    _busy: StoreBusy | None = None

    # the database ------------------------------------------------------------------------------------------------
    @property
    def database_path(self):
        return self.data_dir / DB_NAME

    def database(self, create: bool = True) -> Database | None:
        """The open database (opened, checked and the old files imported at the first call); None when there is
        none yet and ``create`` is False. ``StoreBusy`` when another copy of the app holds the profile."""
        if self._db is not None:
            return self._db
        if self._busy is not None:
            raise self._busy
        if not create and not self.database_path.exists() and not legacy.old_files_present(
                self.save_path, self.games_dir, self.stats_path):
            return None
        try:
            db = Database(self.data_dir)
        except StoreBusy as busy:
            self._busy = busy
            self._reports.append(Report("database", "damaged", "busy", str(busy), self.database_path))
            log.error("%s: %s", self.database_path, busy)
            raise
        self._db = db
        self._reports.extend(db.take_reports())
        legacy.import_old_files(db, self.read_file, self.save_path, self.games_dir, self.stats_path)
        return db

    def _reading(self):
        """The database for a read, or None (none yet, or another copy holds it)."""
        try:
            return self.database(create=False)
        except StoreBusy:
            return None

    @property
    def busy(self) -> bool:
        """Another copy of the app holds this profile (found when the database was first needed)."""
        if self._db is None and self._busy is None:
            self._reading()
        return self._busy is not None

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def _read_document(self, kind: str, name: str, text: str, build, drop):
        """A document of the database through its kind's checks: the built value, or None when it is damaged
        (its bytes copied out to ``set-aside/``, ``drop()`` removing its row, reported)."""
        raw = text if isinstance(text, bytes) else str(text).encode("utf-8", "surrogatepass")
        try:
            value, cleaned = build_guarded_noting(raw, build)
        except Damage as damage:
            self._set_aside_document(kind, name, raw, damage.problem, damage.detail, damage.reason, drop)
            return None
        if cleaned:
            self._note_cleaned(kind, name, raw, cleaned)
        return value

    def _aside_path(self, name: str):
        """Where a document's bytes are copied out to: ``set-aside/`` beside the database, readable by its owner
        only (a hosted table's save holds its seats' tokens)."""
        folder = self.data_dir / "set-aside"
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError:  # then no copy can be made: the caller keeps the document where it is and says so
            log.warning("cannot make %s", folder)
        return folder / name

    def _set_aside_document(self, kind, name, raw, problem, detail, reason=None, drop=None) -> Report:
        path = self._aside_path(name)
        moved = copy_aside(path, raw)
        if moved is not None and drop is not None:
            try:
                with self.database().transaction() as conn:
                    drop(conn)
            except OSError as error:  # the copy is made; the row stays until a later try
                log.error("cannot drop the damaged %s %s: %s", kind, name, error)
        # no copy could be made: the document stays in the database, untouched, and the message says where
        report = Report(kind, "damaged", problem, detail, path if moved else self.database_path, moved, reason)
        log.warning("%s %s in the database is damaged (%s: %s): copied to %s", kind, name, problem, detail, moved)
        self._reports.append(report)
        return report

    def _note_cleaned(self, kind, name, raw, names) -> None:
        digest = hashlib.sha256(raw).digest()
        if (name, digest) in self._copied:
            return
        self._copied.add((name, digest))
        path = self._aside_path(name)
        copy = copy_aside(path, raw)
        self._reports.append(Report(kind, "cleaned", "names", f"names cleaned: {', '.join(names[:5])}", path, copy))

    # unfinished games --------------------------------------------------------------------------------------------
    def unfinished(self) -> list:
        """Every unfinished game (``core.store.Unfinished``: this computer's, the tables hosted, the seats joined),
        most recently played first."""
        db = self._reading()
        if db is None:
            return []
        with db._mutex:
            return slots.listing(db.conn)

    def has_save(self, key: str | None = None) -> bool:
        """An unfinished game of this computer or a hosted table (``key``: that one) is kept."""
        db = self._reading()
        if db is None:
            return False
        if key is None:
            return bool(db.read("SELECT 1 FROM unfinished LIMIT 1"))
        return bool(db.read("SELECT 1 FROM unfinished WHERE key = ?", (key,)))

    def latest_key(self) -> str | None:
        db = self._reading()
        if db is None:
            return None
        with db._mutex:
            return slots.latest_key(db.conn)

    def autosave(self, record, state, meta: dict | None = None, key: str | None = None) -> None:
        """Write the game as it stands (record + snapshot + the app's notes) as unfinished game ``key``; one
        transaction, called after every move."""
        key = key or DEFAULT_KEY
        if key in self._finished:  # archived and counted already (a network host saves once more as it stops)
            return
        doc = save_document(record, state, meta)
        where, summary = save_summary(record, state, meta)
        try:
            text = json.dumps(doc, ensure_ascii=False)
        except (TypeError, ValueError) as error:
            self._write_failed("save", self.database_path, OSError(22, f"cannot write this as JSON ({error})"))
            raise OSError(22, "the save is not JSON") from None
        self._write("save", lambda conn: slots.put(conn, key, where, record.game_id, doc["saved_at"], summary, text))

    def _write(self, kind: str, change) -> None:
        """One transaction of the database; a failure reported once per kind (``OSError`` raised)."""
        try:
            with self.database().transaction() as conn:
                change(conn)
        except OSError as error:
            if not isinstance(error, StoreBusy):
                self._write_failed(kind, self.database_path, error)
            raise
        self._failing.discard((kind, self.database_path))

    def _save_text(self, key: str | None) -> tuple[str | None, str | None]:
        db = self._reading()
        if db is None:
            return None, None
        with db._mutex:
            key = key or slots.latest_key(db.conn)
            return key, (slots.save_text(db.conn, key) if key else None)

    def save_summary(self, key: str | None = None) -> dict | None:
        """A cheap look (game id, date) without building the state; None if there is none or it is damaged."""
        key, text = self._save_text(key)
        if text is None:
            return None
        return self._read_document("save", f"save-{key}.json", text, save_summary_from_file,
                                   lambda conn: slots.remove(conn, key))

    def load_save(self, key: str | None = None) -> SavedGame:
        """Unfinished game ``key`` (None: the most recently played). ``FileNotFoundError`` if there is none;
        ``SaveDamaged`` (its bytes copied out, its row dropped, reported) if it cannot be used. Its ``key`` is set;
        its text is kept so that a part lost later (``set_aside_part``) can still be copied out as it was."""
        key, text = self._save_text(key)
        if text is None:
            raise FileNotFoundError("there is no saved game")
        before = len(self._reports)
        saved = self._read_document("save", f"save-{key}.json", text, saved_game_from_file,
                                    lambda conn: slots.remove(conn, key))
        if saved is None:
            report = next((r for r in self._reports[before:] if r.action == "damaged"), None)
            raise SaveDamaged(report.detail if report else "damaged", report.moved_to if report else None, report)
        saved.key = key
        self._loaded[key] = text
        return saved

    def delete_save(self, key: str | None = None) -> None:
        """Remove unfinished game ``key`` (None: the most recent). Never raises: one that does not read whole is
        copied out and reported instead, as a load does."""
        try:
            self.load_save(key)
        except (FileNotFoundError, SaveDamaged, OSError):
            return
        try:
            key = key or self.latest_key()
            self._write("save", lambda conn: slots.remove(conn, key))
        except OSError as error:
            log.error("cannot remove the save %s: %s", key, error)

    def set_aside_save(self, detail: str, problem: str = "bad_values", key: str | None = None) -> Report | None:
        """The app found a loaded save unusable (its moves do not lead to its position, a table refused it): its
        bytes copied out, its row dropped, reported. None if there is no such save."""
        key, text = self._save_text(key)
        if text is None:
            return None
        raw = text if isinstance(text, bytes) else str(text).encode("utf-8", "surrogatepass")
        return self._set_aside_document("save", f"save-{key}.json", raw, problem,
                                        detail, None, lambda conn: slots.remove(conn, key))

    def set_aside_part(self, key: str, part: str) -> Report | None:
        """A part of save ``key`` cannot be kept as it is (``part``: ``history``): the save as it was loaded is
        copied out and the player told, before the next autosave writes over it."""
        text = self._loaded.get(key)
        if text is None:
            return None
        path = self._aside_path(f"save-{key}.json")
        copy = copy_aside(path, text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
        report = Report("save", "part_lost", part, f"the save's {part} could not be read", path, copy)
        self._reports.append(report)
        log.warning("save %s: its %s could not be read; the save as it was is kept at %s", key, part, copy)
        return report

    # the end of a game -------------------------------------------------------------------------------------------
    def finish_game(self, key: str | None, *, game_id: str, seats, scores, winners, advised=(), practice=False,
                    record=None, finished_at: str | None = None, outcome: str = archive.FINISHED) -> None:
        """A game's end in one transaction: archived (its past-game document when ``record`` is given: the replay
        viewer's), its results counted, its unfinished entry ``key`` removed."""
        finished_at = finished_at or time.strftime("%Y-%m-%dT%H:%M:%S")
        document = None
        if record is not None and getattr(record, "seed", None) is not None:  # a joined seat's: no seed, no replay
            past = make_past_game(record, seats, scores, winners, finished_at, practice=practice, advised=advised)
            past.abandoned = outcome == archive.ABANDONED
            document = past.to_json()
        names = [clean_name(s.name) for s in seats]

        def change(conn):
            archive.add(conn, finished_at=finished_at, game=game_id, outcome=outcome, practice=practice,
                        advised=advised, names=names, kinds=[s.kind for s in seats], levels=[s.level for s in seats],
                        scores=scores, winners=winners, document=document)
            if key:
                slots.remove(conn, key)
        self._write("stats", change)
        if key:
            self._finished.add(key)

    def abandon(self, key: str) -> bool:
        """Give up unfinished game ``key``: kept among the past games as abandoned (counted nowhere), never
        deleted. A joined seat is forgotten and kept as an abandoned game of its table. True when it was."""
        entry = next((e for e in self.unfinished() if e.key == key), None)
        if entry is None:
            return False
        if entry.where == slots.JOINED:
            code = key.rsplit(":", 1)[1]

            def give_up_seat(conn):
                archive.add(conn, finished_at=time.strftime("%Y-%m-%dT%H:%M:%S"), game=entry.game,
                            outcome=archive.ABANDONED, practice=False, advised=(), names=entry.players,
                            kinds=["remote"] * len(entry.players), levels=[""] * len(entry.players),
                            scores=entry.scores or [0] * len(entry.players), winners=[], document=None)
                conn.execute("DELETE FROM joined WHERE host = ? AND port = ? AND code = ?",
                             (entry.host, entry.port, code))
            self._write("stats", give_up_seat)
            return True
        try:
            saved = self.load_save(key)
        except (FileNotFoundError, SaveDamaged):
            return False
        from_save = saved.meta.get("seats") or (saved.meta.get("config") or {}).get("seats") or []
        seats = [_Seat.of(s) for s in from_save] if len(from_save) == saved.record.players else [
            _Seat(f"{i + 1}", "human") for i in range(saved.record.players)]
        self.finish_game(key, game_id=saved.record.game_id, seats=seats, scores=list(saved.state.scores),
                         winners=[], record=saved.record, outcome=archive.ABANDONED,
                         practice=bool(saved.meta.get("practice", False)), advised=saved.meta.get("advised", ()))
        return True

    @property
    def seat_book(self):
        """The seats this player holds at other tables (``core.seats.SeatBook``), kept in the database."""
        try:
            return StoreSeatBook(self.database())
        except StoreBusy:
            return MemorySeatBook()

    # statistics --------------------------------------------------------------------------------------------------
    def record_result(self, game_id: str, names: list[str], scores: list[int], winners: list[int],
                      advised=(), practice: bool = False, kinds=None, levels=None) -> None:
        """Count a finished game with no record to replay (a seat joined at another table): every named seat gets
        a game, its points, and a win if among the winners; advised seats and practice games counted apart."""
        seats = [_Seat(name, (kinds or ["human"] * len(names))[i], (levels or [""] * len(names))[i])
                 for i, name in enumerate(names)]
        self.finish_game(None, game_id=game_id, seats=seats, scores=scores, winners=winners, advised=advised,
                         practice=practice)

    def load_stats(self) -> dict:
        """``{game_id: {player_name: {"games", "wins", "points", "advised", "practice"}}}``."""
        db = self._reading()
        if db is None:
            return {}
        with db._mutex:
            return statistics.totals(db.conn)

    def statistics(self) -> list[dict]:
        """Rows for the statistics screen: game, name, games, wins, win rate, average points (sorted)."""
        db = self._reading()
        if db is None:
            return []
        with db._mutex:
            return statistics.per_name(db.conn)

    def statistics_by_level(self, game_id: str) -> list[dict]:
        db = self._reading()
        if db is None:
            return []
        with db._mutex:
            return statistics.per_level(db.conn, game_id)

    def statistics_over_time(self, game_id: str) -> list:
        db = self._reading()
        if db is None:
            return []
        with db._mutex:
            return statistics.over_time(db.conn, game_id)

    def reset_statistics(self) -> None:
        self._write("stats", statistics.reset)

    # past games --------------------------------------------------------------------------------------------------
    def keep_game(self, past) -> int | None:
        """Archive a finished game's record (``pastgames.PastGame``) without counting it (``record_result`` or
        ``finish_game`` count). Its row (None when it could not be written: reported)."""
        def change(conn):
            change.row = archive.add(
                conn, finished_at=past.finished_at, game=past.game_id, outcome=archive.FINISHED,
                practice=past.practice, advised=past.advised, names=past.names, kinds=[s.kind for s in past.seats],
                levels=[s.level for s in past.seats], scores=past.scores, winners=past.winners,
                document=past.to_json(), counted=False)
        try:
            self._write("game record", change)
        except OSError:
            return None
        return change.row

    def past_game_count(self) -> int:
        db = self._reading()
        if db is None:
            return 0
        with db._mutex:
            return archive.count(db.conn, replayable_only=True)

    def finished_count(self) -> int:
        db = self._reading()
        if db is None:
            return 0
        with db._mutex:
            return archive.count(db.conn)

    def past_game_page(self, offset: int = 0, limit: int = 100) -> list:
        """The replayable games (``archive.ArchivedGame``: no moves read), newest first, a page at a time."""
        db = self._reading()
        if db is None:
            return []
        with db._mutex:
            return archive.page(db.conn, offset, limit)

    def load_past_game(self, row: int) -> PastGame | None:
        """A kept game whole (its document checked; a damaged one copied out, dropped and reported: None)."""
        db = self._reading()
        if db is None:
            return None
        with db._mutex:
            text = archive.document(db.conn, row)
        if text is None:
            return None
        past = self._read_document("game record", f"game-{row}.json", text, past_game_from_file,
                                   lambda conn: archive.remove(conn, row))
        if past is not None:
            past.row = row
        return past

    def past_games(self) -> list:
        """Every kept game whole (``PastGame``), newest first; a damaged one is copied out and reported."""
        found = [self.load_past_game(g.row) for g in self.past_game_page(0, 1 << 30)]
        return [past for past in found if past is not None]


class _Seat:
    """A seat as the archive needs it (name, kind, level), from a save's seat dict or a joined list."""

    def __init__(self, name: str, kind: str, level: str = ""):
        self.name, self.kind, self.level = name, kind, level or ""

    @classmethod
    def of(cls, data) -> "_Seat":
        data = data if isinstance(data, dict) else {}
        return cls(str(data.get("name", "?")), str(data.get("kind", "human")), str(data.get("level", "") or ""))

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}
