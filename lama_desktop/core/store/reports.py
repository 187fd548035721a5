"""What the player must hear about a file or the database (``Report``): queued by the storage and the store, worded
by the app in the player's language (``app.main.report_message``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Report:
    """Something the player must hear about a file. ``action``: ``"damaged"`` (the file could not be used: moved
    aside to ``moved_to``, or left untouched when that is ``None``) or ``"write_failed"`` (a write did not happen;
    the previous file is intact). ``kind``: ``settings`` / ``save`` / ``stats`` / ``database`` / another kind (past-
    game records...). ``problem``: a ``filedoor.PROBLEMS`` code, or for writes ``disk_full`` / ``no_permission`` /
    ``kept_in_way`` / ``write_error`` / ``busy``. ``detail`` is English, for the log. ``action`` ``"cleaned"``: the
    file was used, but names in it had to be cleaned (characters no font draws, far too long); ``moved_to`` is a
    copy of the original (None: no copy could be made, so the file is kept untouched and never written over).
    ``action`` ``"part_lost"``: a saved game continues, but a part of it (``problem``: ``history``) could not be
    kept; ``moved_to`` is a copy of the whole save as it was."""

    kind: str
    action: str
    problem: str
    detail: str
    path: Path
    moved_to: Path | None = None
    #: a game position the rules could never reach (``problem`` ``impossible``): the engine's ``Refusal`` (code,
    #: params, English text), worded for the player in their language; else None
    reason: Any = None

    @property
    def kept(self) -> bool:
        """A file that could not be moved (or copied): it stays as it is, never written over."""
        return self.action in ("damaged", "cleaned", "part_lost") and self.moved_to is None
