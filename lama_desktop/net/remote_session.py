"""``RemoteSession``: one seat of a network game, as the ``core.session_api`` protocol (``Session`` and
``NetworkSession``) says a table reads a session.

The host (``net/host.py``) owns the game; this side only ever receives its own seat's view, the ``Facts`` beside it
(who is to move, whether the game is over, scores, winners, the seat's own legal moves) and the events that seat
may see (``TableClient``). Tables read the protocol alone (``view(own seat)``, ``events_for``, the public facts),
never an engine state: ``tests/test_session_api.py`` checks it. There is no state here at all: ``view`` is the
game's view built from the received dict (``GamePlugin.view_from_dict``, nothing dealt), the facts answer the
rest, and only a bot (the advisor) asking a view's ``sample_state`` deals what the seat cannot see.

What it answers (as ``GameSession``): ``view(own seat)``, ``private_view``, ``events_for``, ``play(move)`` (checked
against the legal moves the host sent, then sent; the outcome is ok at once with no events: the move comes back as an
update, a refusal arrives later, see ``take_refusals``), ``poll(busy)`` (takes what arrived; applies one received
move per call, when the table is idle, and the seat's own move at once), ``take_played()`` (``Played(seat, move,
events, by_bot, index)``), ``names``, ``seats``, ``human_seats`` / ``is_human`` / ``is_person`` (this seat only),
``current_player``, ``is_over``, ``round``, ``scores``, ``winners()`` (the facts), ``score_history``, ``moves_played``,
``record`` (``RemoteRecord``: game id, players, variants, moves; the seed is the host's and never sent: ``seed`` is
None), ``undo_status()`` (never: ``"network"``), ``thinking`` / ``wait_for_bot`` (another seat is to move).

What it adds for the app (``NetworkSession``): ``seat``, ``connected``, ``lost`` (the connection went:
``bye_reason``), ``status`` (the last ``Status``: per seat name, kind, connected, away, bot level; whether the host
has dealt), ``started`` (the host has dealt), ``away_for(seat)``, ``taken_over(seat)``, ``take_reactions()``
(``(seat, key)`` pairs), ``send_reaction(key)``, ``take_refusals()`` (``MoveOutcome``s the table words with
``refusal_text``), ``final`` (the ``GameOver``'s scores and winners).
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable

from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.core.i18n import language
from lama_desktop.core.seat_names import read_name, word_names
from lama_desktop.core.session import ROUND_CLOSE_EVENTS, MoveOutcome, Played
from lama_desktop.engine.core import (
    GAME_OVER, NOT_ALLOWED, Event, IllegalMove, Move, Refusal, StateFormatError, as_move
)
from lama_desktop.engine.record import round_of
from lama_desktop.engine.registry import get_game
from lama_desktop.games import plugin as game_plugin

log = logging.getLogger("lama_desktop.net.remote_session")

#: why undo is off in a network game (the history panel's ``history.undo_network``)
UNDO_NETWORK = "network"
#: what a broken view from the host can raise while its view is built
VIEW_ERRORS = (StateFormatError, ValueError, KeyError, TypeError, IndexError)


@dataclass(frozen=True)
class SeatFacts:
    """The ``Facts`` the host sent with the seat's view (``protocol.Facts``): the public facts and the seat's own
    legal moves (their texts)."""

    current: int
    over: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    legal: tuple[str, ...]

    @classmethod
    def read(cls, facts) -> SeatFacts:
        return cls(int(_get(facts, "current")), bool(_get(facts, "over")),
                   tuple(int(n) for n in _get(facts, "scores")), tuple(int(n) for n in _get(facts, "winners")),
                   tuple(str(m) for m in _get(facts, "legal")))


@dataclass
class RemoteRecord:
    """What a table reads of a game's record, as a client knows it: no seed (the host's alone), no replay."""

    game_id: str
    players: int
    variants: tuple[str, ...]
    moves: list[str] = field(default_factory=list)
    options: dict = field(default_factory=dict)
    seed: int | None = None


def event_from_dict(data: dict) -> Event:
    """An event as ``Event.to_dict`` wrote it."""
    return Event(str(data["kind"]), data.get("seat"), dict(data.get("data") or {}), tuple(data.get("private") or ()))


def _get(message, name: str, default=None):
    if isinstance(message, dict):
        return message.get(name, default)
    return getattr(message, name, default)


class RemoteSession:
    """One seat of a network game, fed by a connected ``TableClient`` (its ``welcome`` already received)."""

    def __init__(self, client, *, clock: Callable[[], float] = time.monotonic, rng: random.Random | None = None):
        welcome = client.welcome
        self.client = client
        self.seat: int = int(_get(welcome, "seat"))
        self.plugin = game_plugin(str(_get(welcome, "game_id")))
        if not self.plugin.networked:
            raise ValueError(f"{self.plugin.id} cannot be played across computers")
        names = list(_get(welcome, "names"))
        kinds = list(_get(welcome, "kinds"))
        self.record = RemoteRecord(self.plugin.id, int(_get(welcome, "players")),
                                   tuple(_get(welcome, "variants") or ()))
        #: each seat as the host said it: [name (a person's text or a made-up name's key), kind, bot level]
        self._entries = [[read_name(name), str(kind), "medium"] for name, kind in zip(names, kinds, strict=True)]
        self._worded: tuple | None = None
        self._clock = clock
        self._rng = rng or random.Random()
        self._view_dict: dict = _get(welcome, "view")
        self._view = self.plugin.view_from_dict(self._view_dict)
        self._facts = SeatFacts.read(_get(welcome, "facts"))
        self.score_history: list[list[int]] = []
        for item in _get(welcome, "history") or ():
            self.record.moves.append(str(_get(item, "move")))
            if any(e.get("kind") in ROUND_CLOSE_EVENTS for e in _get(item, "events") or ()):
                self.score_history.append(None)  # the scores of rounds closed before joining: from the view below
        self._fill_score_history()
        self.status = None
        self.final: tuple[list[int], list[int]] | None = None
        self.lost = False
        self.bye_reason = ""
        self.pace = 0.0
        self.last_error = ""
        self._played: deque[Played] = deque()
        self._updates: deque = deque()
        self._refusals: deque[MoveOutcome] = deque()
        self._reactions: deque[tuple[int, str]] = deque()
        self._pending: str | None = None  # the text of this seat's move sent and not yet answered
        self._arrived = threading.Event()
        self._taken_over: set[int] = set()
        # the GameSession surface a table touches that has no meaning here
        self.lesson = None
        self.hold = False
        self.gatekeeper = None
        self.on_applied: Callable[[Played], None] | None = None
        self.meta_hook = None
        self.saved_history = None
        self.save_key = ""
        self.played_by = None
        self.extra_meta: dict = {}
        self.finished = False
        self.omniscient = False
        if _get(welcome, "status") is not None:
            self._on_status(_get(welcome, "status"))
        if self._view.seat != self.seat:  # a broken host: nothing more it sends is believed
            log.error("the host's welcome shows seat %s's view to seat %s", self._view.seat, self.seat)
            self.last_error = f"the welcome shows seat {self._view.seat}'s view"
            self._on_bye({"reason": "protocol"})

    def _fill_score_history(self) -> None:
        """Rounds closed before this client joined: their scores from the view's own history where it has one."""
        if None not in self.score_history:
            return
        known = getattr(self._view, "history", None) or []
        self.score_history = [list(known[i]) if i < len(known) else list(self._facts.scores)
                              for i in range(len(self.score_history))]

    # -- queries (GameSession's) ---------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.record.game_id

    @property
    def seats(self) -> list[SeatConfig]:
        """The seats, their names in this app's language: a made-up name the host sent as a key ("Host", "Player
        2", a bot's "Anna") is worded here (``seat_names.word_names``), again when the language changes."""
        key = (language(), tuple(tuple(entry) for entry in self._entries))
        if self._worded is None or self._worded[0] != key:
            texts = word_names([entry[0] for entry in self._entries])
            self._worded = (key, [SeatConfig(text, kind, level)
                                  for text, (_name, kind, level) in zip(texts, self._entries, strict=True)])
        return self._worded[1]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def human_seats(self) -> list[int]:
        return [self.seat]

    def is_human(self, seat: int) -> bool:
        """This seat decides its own moves (not before the host dealt, nor while its last move is on its way)."""
        return seat == self.seat and self._pending is None and not self.lost and self.started

    def is_person(self, seat: int) -> bool:
        """The table's "you": this seat alone (the other people are named)."""
        return seat == self.seat

    def seat_shown(self, seat: int):
        return self.seats[seat]

    @property
    def frozen(self) -> bool:
        return False

    @property
    def current_player(self) -> int:
        """The seat to move; nobody (-1) until the host has dealt: the game a guest sees in the lobby is not
        begun, nobody's turn, no move to offer (the Welcome's facts hold from the start on)."""
        return self._facts.current if self.started else -1

    @property
    def is_over(self) -> bool:
        return self._facts.over

    @property
    def scores(self) -> list[int]:
        return list(self.final[0]) if self.final is not None else list(self._facts.scores)

    @property
    def start_scores(self) -> tuple[int, ...]:
        """Everyone's points before the first move, as at home (``GameSession.start_scores``). A client has no
        seed, but the points a game starts with are public and the same for every deal: a fresh game of the same
        players, variants and options, dealt with any seed, starts with them."""
        record = self.record
        return tuple(get_game(record.game_id).new(record.players, record.variants, 0, **record.options).scores)

    def winners(self) -> list[int]:
        return list(self.final[1]) if self.final is not None else list(self._facts.winners)

    def view(self, seat: int):
        """This seat's view; any other seat's is refused (a network client never shows another seat's view)."""
        if seat != self.seat:
            raise ValueError(f"seat {self.seat} of a network game sees its own view, not seat {seat}'s")
        return self._view

    def private_view(self, seat: int):
        """A view of this seat of its own, built again from the dict (the advisor's worker reads it while the table
        reads the other)."""
        if seat != self.seat:
            raise ValueError(f"seat {self.seat} of a network game sees its own view, not seat {seat}'s")
        return self.plugin.view_from_dict(self._view_dict)

    @property
    def round(self) -> int:
        """The round the game is in, as this seat's view shows it (``round_of`` reads a view as a state)."""
        return round_of(self.view(self.seat))

    def open_views(self):
        return None

    def open_secrets(self):
        return None

    def events_for(self, events, seat: int | None) -> list[Event]:
        """The events as ``seat`` may see them (they came redacted for this seat already)."""
        return [event.for_seat(seat) for event in events]

    @property
    def advised(self) -> set[int]:
        return set(self.extra_meta.get("advised", []))

    def mark_advised(self, seat: int) -> None:
        self.extra_meta["advised"] = sorted(self.advised | {seat})

    @property
    def moves_played(self) -> int:
        return len(self.record.moves)

    @property
    def practice(self) -> bool:
        return False

    @property
    def bot_to_move(self) -> bool:
        cur = self.current_player
        return not self.is_over and cur >= 0 and self.seats[cur].is_bot

    @property
    def thinking(self) -> bool:
        """Another seat is to move and its move has not arrived (a plate may say "thinking")."""
        cur = self.current_player
        return not self.is_over and cur >= 0 and cur != self.seat and not self._updates and not self.lost

    def wait_for_bot(self, timeout: float = 10.0) -> bool:
        """Block until something arrives from the host or ``timeout`` passes (tests and tools only)."""
        if self._updates or self.lost:
            return True
        self._arrived.clear()
        self._drain()
        if self._updates:
            return True
        end = self._clock() + timeout
        while self._clock() < end and not self._updates and not self.lost:
            self._arrived.wait(0.002)
            self._drain()
        return bool(self._updates)

    def set_pace(self, pace) -> None:
        """The host chooses how fast its bots play; a client's pace is only what the table asks back."""
        self.pace = float(pace) if not isinstance(pace, str) else 0.0

    def meta(self) -> dict:
        return {**self.extra_meta, "seats": [s.to_dict() for s in self.seats],
                "score_history": [list(h) for h in self.score_history], "network": True}

    def autosave(self) -> None:
        """The host saves a network game; nothing is saved here."""

    def lost_part(self, part: str) -> None:
        """Nothing of a network game is saved here."""

    def close(self) -> None:
        self.client.close()

    # -- undo: never in a network game ---------------------------------------------------------------------------
    def undo_status(self) -> tuple[int | None, str, str]:
        return None, UNDO_NETWORK, ""

    def undo(self) -> int:
        raise ValueError("undo is not possible in a network game")

    # -- moves ---------------------------------------------------------------------------------------------------
    def gate(self, move) -> Refusal | None:
        return None

    def play(self, move: Move | str) -> MoveOutcome:
        """Send this seat's move to the host. Checked here first against the legal moves the host sent, so an
        illegal move is refused at once with the engine's reason (``_refusal``); a legal one is sent and comes back
        through ``poll``/``take_played`` (or a refusal through ``take_refusals``)."""
        if self.is_over:
            return MoveOutcome.refused(GAME_OVER)
        if self.lost:
            return MoveOutcome.refused(Refusal("net.lost", "the connection to the host is lost"))
        if not self.started:
            return MoveOutcome.refused(Refusal("net.not_started", "the host has not started the game yet"))
        cur = self.current_player
        if cur != self.seat or self._pending is not None:
            name = self.seats[cur].name if cur >= 0 else ""
            return MoveOutcome.refused(Refusal("core.wait", f"it is {name}'s turn", {"name": name}))
        try:
            move = as_move(move)
        except IllegalMove as error:
            return MoveOutcome.refused(error.refusal)
        if str(move) not in self._facts.legal:
            return MoveOutcome.refused(self._refusal(move) or NOT_ALLOWED)
        self._pending = str(move)
        self.client.send_move(str(move))
        return MoveOutcome(True)

    def _refusal(self, move: Move) -> Refusal | None:
        """The engine's reason this seat's own move is refused: the view's own ``refusal`` where the game's view
        has one, else the refusal of a state sampled from the view (a seat's own move is refused for what that
        seat sees alone, so the dealt parts do not change it; the sample is dropped at once)."""
        own = getattr(self._view, "refusal", None)
        try:
            return own(move) if own is not None else self._view.sample_state(self._rng).refusal(move)
        except VIEW_ERRORS as error:
            log.error("no reason for a refused move: %s", error)
            return None

    def send_reaction(self, key: str) -> None:
        self.client.send_reaction(key)

    # -- the frame loop's side -----------------------------------------------------------------------------------
    def poll(self, busy: bool = False) -> list[Played]:
        """Take what arrived; apply the next received move when the table is idle (its own move at once)."""
        self._drain()
        applied: list[Played] = []
        while self._updates:
            head = self._updates[0]
            if busy and int(_get(head, "mover")) != self.seat:
                break
            self._updates.popleft()
            played = self._apply(head)
            if played is not None:
                applied.append(played)
            if played is not None and played.seat != self.seat:
                break  # one move of another seat per call: the table shows it before the next one lands
        return applied

    def take_played(self) -> list[Played]:
        out = list(self._played)
        self._played.clear()
        return out

    def take_refusals(self) -> list[MoveOutcome]:
        """The host's refusals of this seat's moves since last asked (each a refused ``MoveOutcome``)."""
        out = list(self._refusals)
        self._refusals.clear()
        return out

    def take_reactions(self) -> list[tuple[int, str]]:
        out = list(self._reactions)
        self._reactions.clear()
        return out

    @property
    def connected(self) -> bool:
        return bool(getattr(self.client, "connected", False)) and not self.lost

    @property
    def started(self) -> bool:
        """Whether the host has dealt (the last ``Status`` says so; a move played says so too)."""
        return bool(self.status is not None and _get(self.status, "started", False)) or self.moves_played > 0

    def away_for(self, seat: int) -> float | None:
        """Seconds the person of ``seat`` has been gone (as of the last status), None when connected."""
        seats = _get(self.status, "seats") if self.status is not None else None
        if not seats or not 0 <= seat < len(seats):
            return None
        return _get(seats[seat], "away_for")

    def taken_over(self, seat: int) -> str | None:
        """The level of the bot playing a person's seat while they are away, else None."""
        seats = _get(self.status, "seats") if self.status is not None else None
        if not seats or not 0 <= seat < len(seats) or self.seats[seat].is_bot:
            return None
        return _get(seats[seat], "bot_level")

    # -- internals -----------------------------------------------------------------------------------------------
    def _drain(self) -> None:
        for message in self.client.messages():
            kind = type(message).__name__ if not isinstance(message, dict) else message.get("type", "")
            handler = getattr(self, f"_on_{kind.lower()}", None)
            if handler is None:
                continue
            handler(message)
            self._arrived.set()

    def _on_update(self, message) -> None:
        self._updates.append(message)

    def _on_refused(self, message) -> None:
        code, text = str(_get(message, "code")), str(_get(message, "text"))
        log.info("the host refused a move: %s (%s)", code, text)
        self._pending = None
        params = dict(_get(message, "params") or {})
        seat = params.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(self._entries):  # a seat's name said in this app's language
            params["name"] = self.seats[seat].name
        self._refusals.append(MoveOutcome(False, reason=text, code=code, params=params))

    def _on_status(self, message) -> None:
        self.status = message
        for seat, entry in enumerate(_get(message, "seats") or ()):
            if seat < len(self._entries):
                old = self._entries[seat]
                self._entries[seat] = [read_name(_get(entry, "name", old[0])), str(_get(entry, "kind", old[1])),
                                       str(_get(entry, "bot_level") or old[2])]

    def _on_reactionshown(self, message) -> None:
        self._reactions.append((int(_get(message, "seat")), str(_get(message, "key"))))

    def _on_gameover(self, message) -> None:
        self.final = (list(_get(message, "scores")), list(_get(message, "winners")))

    def _on_bye(self, message) -> None:
        self.lost = True
        self.bye_reason = str(_get(message, "reason", "lost"))
        self._pending = None

    _on_lost = _on_bye

    def _apply(self, update) -> Played | None:
        mover = int(_get(update, "mover"))
        try:
            events = [event_from_dict(e) for e in _get(update, "events")]
            view_dict = _get(update, "view")
            view = self.plugin.view_from_dict(view_dict)
            if view.seat != self.seat:
                raise ValueError(f"an update shows seat {view.seat}'s view to seat {self.seat}")
            facts = SeatFacts.read(_get(update, "facts"))
            move = Move.parse(str(_get(update, "move")))
        except VIEW_ERRORS as error:
            log.error("a move from the host could not be read: %s", error)
            self.last_error = f"{type(error).__name__}: {error}"
            return None
        round_no = self.round  # the round the move was played in: the history files its lines there
        self._view_dict, self._view, self._facts = view_dict, view, facts
        self.record.moves.append(str(move))
        if mover == self.seat:
            self._pending = None
        if any(e.kind in ROUND_CLOSE_EVENTS for e in events):
            self.score_history.append(list(facts.scores))
        by_bot = self.seats[mover].is_bot or self.taken_over(mover) is not None
        played = Played(mover, move, events, by_bot, int(_get(update, "n", len(self.record.moves) - 1)), round_no)
        self._played.append(played)
        if facts.over:
            self.finished = True
        if self.on_applied is not None:
            self.on_applied(played)
        return played

