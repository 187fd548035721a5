"""The store: one SQLite database per profile for what the player keeps — the unfinished games (each its own save,
the tables this app hosts, the seats it joined), every finished game and the statistics added up from them.

``schema`` (tables, ``user_version`` migrations), ``locking`` (one app per profile), ``opening`` (open, check, set
a damaged database aside), ``database`` (``Database``: the connection, one transaction at a time), ``unfinished``
(saves and joined seats: ``StoreSeatBook``), ``saves`` (a save's document and summary), ``archive`` (finished and
abandoned games), ``statistics`` (what the statistics screen shows), ``legacy`` (importing the old JSON files).
``lama_desktop.storage.Storage`` is the app's door to it. Nothing here imports pygame."""

from lama_desktop.core.store.database import Database, StoreWriteError
from lama_desktop.core.store.locking import StoreBusy
from lama_desktop.core.store.opening import DB_NAME
from lama_desktop.core.store.reports import Report
from lama_desktop.core.store.unfinished import HOSTED, JOINED, LOCAL, StoreSeatBook, Unfinished

__all__ = ["DB_NAME", "Database", "HOSTED", "JOINED", "LOCAL", "Report", "StoreBusy", "StoreSeatBook",
           "StoreWriteError", "Unfinished"]
