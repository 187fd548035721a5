"""``Session``: what a table, a scene or a tool may ask of a game session, declared once.

Two classes implement it: ``core.session.GameSession`` (the game is played here: it holds the engine state, runs
the bots, saves) and ``net.remote_session.RemoteSession`` (one seat of a game hosted elsewhere: it only knows what
its seat was sent). A table reads the game through this surface alone: the seat's ``view``, the events its seat may
see (``events_for``) and the public facts below (scores, whose turn, round, names...), never the engine state, so
it draws a local and a network game alike. ``NetworkSession`` adds what only a network seat has (the connection,
the host's status, reactions). ``tests/test_session_api.py`` checks that both classes have every member with a
compatible signature, and that the app reads no other member of a session.

A frozen replay session and the tools that drive a ``GameSession`` they made themselves (screenshots, layout
moments, the lesson) may use more of it; the test names each of those modules and why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover
    from lama_desktop.core.gameconfig import SeatConfig
    from lama_desktop.core.session import MoveOutcome, Played
    from lama_desktop.engine.core import Event, Move, Refusal, View


class SessionRecord(Protocol):
    """What a table reads of a game's record (``GameRecord`` here, ``RemoteRecord`` on a network seat)."""

    game_id: str
    players: int
    variants: tuple[str, ...]
    #: the deal's seed; None on a network seat (the host's alone)
    seed: int | None
    options: dict
    #: every move played, as text, oldest first
    moves: list[str]


@runtime_checkable
class Session(Protocol):
    """A game as a table sees it. Members are read-only for a table unless their comment says the table sets them."""

    #: the game's record: its id, players, variants, options and the moves played
    record: SessionRecord
    #: the seats in order (name, kind ``human``/``bot``/``remote``, bot level)
    seats: list[SeatConfig]
    #: the scores at the end of each finished round (the results chart), oldest first
    score_history: list
    #: notes kept in the save's meta (the setup's config, who asked the advisor, a hosted game's address)
    extra_meta: dict
    #: seconds a bot's move waits once the table is idle (``set_pace`` changes it)
    pace: float
    #: the running lesson (``tutorial/lesson.py``), None in a real game
    lesson: Any
    #: True while a lesson's narration shows: no bot moves
    hold: bool
    #: a lesson's move gate (``move -> Refusal | None``), None outside lessons
    gatekeeper: Callable[[Move], Refusal | None] | None
    #: the table's own notes for the save (``() -> dict``), set by the history panel
    meta_hook: Callable[[], dict] | None
    #: the history of log lines a resumed save held, for the table to take back
    saved_history: Any
    #: this game's entry among the player's unfinished games ("" on a network seat: the host saves)
    save_key: str
    #: a replay's seats as the game was played (the plates say who was a bot), None for a live game
    played_by: list | None

    # -- who and what -------------------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        """The game's id (``lama``, ``dice``...)."""

    @property
    def names(self) -> list[str]:
        """Every seat's name, in seat order."""

    @property
    def human_seats(self) -> list[int]:
        """The seats a person at this computer plays (a network seat: its own alone)."""

    def is_human(self, seat: int) -> bool:
        """A person here decides this seat's move now (never in a replay, nor while a network move is on its way)."""

    def is_person(self, seat: int) -> bool:
        """A person sits at this seat: the lines said to "you"."""

    def seat_shown(self, seat: int) -> SeatConfig:
        """The seat as its plate describes it (in a replay: as it was played)."""

    @property
    def frozen(self) -> bool:
        """A replay's session: nobody moves, ``play`` refuses."""

    @property
    def omniscient(self) -> bool:
        """A replay's "All hands open": ``open_views``/``open_secrets`` answer, ``events_for`` gives events whole."""

    # -- the game's public facts --------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to move (-1 when nobody is)."""

    @property
    def is_over(self) -> bool:
        """The game has ended."""

    @property
    def scores(self) -> list[int]:
        """Everyone's points now, in seat order."""

    @property
    def start_scores(self) -> tuple[int, ...]:
        """Everyone's points before the first move (the results chart's first column)."""

    def winners(self) -> list[int]:
        """The winning seats (the game's own rule: lowest or highest)."""

    @property
    def round(self) -> int:
        """The round the game is in (``engine.record.round_of``): the history's "Round N" headings."""

    @property
    def moves_played(self) -> int:
        """How many moves were played (the record's length)."""

    @property
    def thinking(self) -> bool:
        """Another seat's move is being decided (a bot's worker, or a network seat's move not yet arrived)."""

    @property
    def advised(self) -> set[int]:
        """The seats that asked the advisor this game (their results are counted apart)."""

    @property
    def practice(self) -> bool:
        """A move was taken back: the game is practice."""

    # -- what a seat may see ------------------------------------------------------------------------------------
    def view(self, seat: int) -> View:
        """What ``seat`` may know (the game's ``View``: ``to_dict()`` and its own fields); a network seat answers
        for itself alone."""

    def private_view(self, seat: int) -> View:
        """A copy of ``seat``'s view that nothing else changes: for a worker thread (the advisor)."""

    def events_for(self, events: Sequence[Event], seat: int | None) -> list[Event]:
        """A move's events as ``seat`` may see them (None: a spectator): what a table shows."""

    def open_views(self) -> list[View] | None:
        """Every seat's view for a replay's "All hands open", None unless ``omniscient``."""

    def open_secrets(self) -> dict | None:
        """What no seat's view shows (Llama Land's next tiles), None unless ``omniscient`` and the game hides some."""

    # -- moves --------------------------------------------------------------------------------------------------
    def gate(self, move: Move) -> Refusal | None:
        """Why a lesson refuses a legal move now, None outside lessons."""

    def play(self, move: Move | str) -> MoveOutcome:
        """A person's move at this computer: played, sent, or refused with a reason (nothing changed)."""

    def poll(self, busy: bool = False) -> list[Played]:
        """Once per frame, never blocking: applies the next bot's (or network seat's) move when the table is idle."""

    def take_played(self) -> list[Played]:
        """Every move applied since last asked, oldest first: the table animates their events."""

    def wait_for_bot(self, timeout: float = 10.0) -> bool:
        """Block until the next move is ready or ``timeout`` passes (tests and tools only)."""

    def set_pace(self, pace: str | float) -> None:
        """How fast the bots play: a ``settings.bot_pace`` name or seconds."""

    # -- undo, advice and saving --------------------------------------------------------------------------------
    def undo_status(self) -> tuple[int | None, str, str]:
        """``(moves to keep, "", "")`` when the one person may take their last decision back, else ``(None, why,
        detail)``: ``why`` a ``history.undo_*`` key (``network`` on a network seat)."""

    def undo(self) -> int:
        """Take the game back to that decision; returns the moves kept (ValueError when not possible)."""

    def mark_advised(self, seat: int) -> None:
        """``seat`` asked the advisor."""

    def meta(self) -> dict:
        """The save's notes: seats, score history, ``extra_meta`` and the table's own."""

    def autosave(self) -> None:
        """Save the game now (nothing on a network seat: the host saves)."""

    def lost_part(self, part: str) -> None:
        """A part of the resumed save (``history``) could not be taken back: the save as it was is copied out and
        the player told, before the next autosave writes over it (nothing on a network seat)."""

    def close(self) -> None:
        """Stop the bots' worker or the connection (the table is leaving)."""


@runtime_checkable
class NetworkSession(Session, Protocol):
    """One seat of a game hosted elsewhere (``RemoteSession``): what the network table adds to ``Session``."""

    #: the seat this computer plays
    seat: int
    #: the connection's client (``net.client.TableClient``)
    client: Any
    #: the connection went (``bye_reason`` says why)
    lost: bool
    bye_reason: str
    #: the host's last ``Status`` (per seat: name, kind, connected, away, bot level; whether it dealt)
    status: Any
    #: the ``GameOver``'s scores and winners, None before
    final: tuple[list[int], list[int]] | None

    @property
    def connected(self) -> bool:
        """The connection to the host is up."""

    @property
    def started(self) -> bool:
        """The host has dealt."""

    def away_for(self, seat: int) -> float | None:
        """Seconds the person of ``seat`` has been gone, None when connected."""

    def taken_over(self, seat: int) -> str | None:
        """The level of the bot playing an away person's seat, else None."""

    def take_refusals(self) -> list[MoveOutcome]:
        """The host's refusals of this seat's moves since last asked."""

    def take_reactions(self) -> list[tuple[int, str]]:
        """``(seat, key)`` reactions shown since last asked."""

    def send_reaction(self, key: str) -> None:
        """Show a reaction to the other seats."""
