"""The profile a command-line tool keeps its games in (``--profile DIR``, else the user folders), opened and held by
this process before anything else happens. A profile another copy of the app holds is refused in one line (status
2): read as the empty profile a held store looks like, ``lama-desktop join`` would find no kept seat and take a new
one instead of its own, and ``serve --resume`` would find no table to resume."""

from __future__ import annotations

from pathlib import Path

from lama_desktop.cli import UsageError
from lama_desktop.storage import Storage, StoreBusy


def held_profile(profile: str | None) -> Storage:
    """The profile's storage with its database open (and so its lock held), or a ``UsageError`` that says why not."""
    if profile is None:
        storage, shown = Storage(), "your user folders"
    else:
        folder = Path(profile).expanduser()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UsageError(f"--profile: cannot make the folder {profile!r:.80} ({error.strerror or error})") from None
        storage, shown = Storage(profile=folder), repr(str(folder))[:80]
    try:
        storage.database()  # the profile's store, held by this process (a second copy is refused here)
    except StoreBusy:
        raise UsageError(f"--profile: another copy of the app is using {shown}; close it first") from None
    except OSError as error:
        raise UsageError(f"--profile: cannot open the games in {shown} ({error.strerror or error})") from None
    return storage
