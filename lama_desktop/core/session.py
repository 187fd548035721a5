"""``GameSession``: the game-agnostic controller behind every table scene (L.A.M.A. now; Dice, Cadabra, Llama
Land use it the same way). It never imports pygame and never decides a rule: the engine does.

What it holds
    ``record`` (``GameRecord``: game, players, variants, seed, options, moves) and ``state`` (the live engine
    state, always equal to ``record.replay()``), ``seats`` (a ``Seat`` per player: name, ``"human"``/``"bot"``,
    bot level), ``score_history`` (scores after each finished round, for the results chart).

Making one
    ``GameSession.new(game_id, seats, variants=(), seed=None, options=None, storage=None, pace="normal")``
    ``GameSession.from_config(config, storage=None, pace=...)`` (the setup screen's ``GameConfig``)
    ``GameSession.from_save(saved, storage=None, pace=...)`` where ``saved`` is ``storage.load_save()``'s
    ``SavedGame`` (the record is replayed and checked against the snapshot; seats come from ``saved.meta``).

Driving it (the frame loop never blocks)
    * ``session.play(move)`` for a human click: returns a ``MoveOutcome`` (``ok``, ``events``, ``reason``).
      It is refused (``ok`` False, a readable ``reason`` with its ``code`` and ``params``, state unchanged) when the
      move is illegal (the engine's ``IllegalMove``), when it is not a human's turn, or when the game is over.
    * ``session.poll(busy=False)`` once per frame: starts a bot's thinking on a worker thread when a bot is to
      move, and applies its move once the thread is done, the scene is idle (``busy`` False: animations
      finished, no modal screen) and the pace delay has passed since the scene became idle. Returns the
      ``Played`` records applied during this call (also queued, see below).
    * ``session.take_played()`` drains every applied move (human and bot), oldest first, as ``Played(seat,
      move, events, by_bot)``; the scene animates ``events`` in order. ``session.thinking`` is True while a
      bot's worker is busy (a scene may show "Bob is thinking…").
    * ``session.pace`` (seconds a bot waits so a person can follow): ``PACE_SECONDS[settings.bot_pace]``;
      change it at any time with ``session.set_pace(name_or_seconds)``.
    * Every applied move is autosaved through ``storage.autosave(record, state, meta)`` (an atomic write: a
      game killed mid-move resumes at the last completed move). ``meta`` holds the seats, ``score_history``,
      ``stats_recorded`` and ``extra_meta`` (e.g. ``{"config": GameConfig.to_dict()}`` for Continue).
      At game end (``finished`` becomes True): with ``record_stats=True`` (default) the game is archived,
      counted and its save removed in one transaction (``storage.finish_game``); with ``record_stats=False`` (the app's
      tables: ``App.game_over`` records them) the final position stays saved until the app takes over, so a
      kill before the results screen still ends the game properly on the next launch.
    * ``session.close()`` stops the worker (call it when the table scene exits).
    * Lessons (``tutorial/lesson.py``): ``session.gate(move)`` is asked in ``play`` before the engine (a
      ``gatekeeper`` set by the lesson refuses a legal move the step does not teach); ``session.hold`` True
      stops the bots in ``poll`` while a narration shows; ``session.lesson`` is the running ``Lesson``.

Views (the ``core.session_api.Session`` protocol: what a table may read)
    ``session.view(seat)``; ``session.private_view(seat)`` (a copy for a worker thread); ``session.round``;
    ``session.events_for(events, seat)`` (a ``Played``'s events as a seat may see them:
    tables show only these); ``session.human_seats``; ``session.is_human(seat)``; ``session.current_player``;
    ``session.names``; ``session.is_over``; ``session.scores``; ``session.winners()``. A replay's frozen session
    alone may be made ``omniscient`` (``open_views()``: every seat's view, for the viewer's "All hands open").
"""

from __future__ import annotations

import logging
import random
import threading
import time
import uuid
from collections import deque
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from lama_desktop.engine.core import GAME_OVER, Event, IllegalMove, Move, Refusal, as_move, malformed
from lama_desktop.engine.record import GameRecord, round_of
from lama_desktop.engine.registry import get_game
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.bots import levels_for, make_bot

log = logging.getLogger("lama_desktop.session")

SESSION_META_VERSION = 1
#: seconds a bot waits after the table became idle before its move is shown, per ``settings.bot_pace``
PACE_SECONDS = {"slow": 1.5, "normal": 0.85, "fast": 0.35, "instant": 0.0}
#: event kinds after which the scores of a finished round are final (a new round is dealt, or the game ended)
ROUND_CLOSE_EVENTS = ("deal", "game_end")


#: a seat: ``name``, ``kind`` ("human" / "bot"), ``level``, ``is_bot``, ``to_dict`` / ``from_dict`` (the setup
#: screen's ``SeatConfig``: one class for both)
Seat = SeatConfig


@dataclass
class MoveOutcome:
    """What became of a human's move: ``events`` when played; when refused, the English ``reason`` and the
    refusal ``code`` + ``params`` the table shows in the player's language (``app/table/reasons.py``)."""

    ok: bool
    events: list[Event] = field(default_factory=list)
    reason: str = ""
    code: str = ""
    params: dict = field(default_factory=dict)

    @classmethod
    def refused(cls, refusal: Refusal) -> "MoveOutcome":
        return cls(False, reason=refusal.text, code=refusal.code, params=dict(refusal.params))


@dataclass
class Played:
    seat: int
    move: Move
    events: list[Event]
    by_bot: bool
    #: the move's number in the game (0: the first move); the history's lines of this move carry it (undo)
    index: int = -1
    #: the round the move was played in (``engine.record.round_of`` of the position before it; 0: not known): the
    #: history files the move's lines under it, live and in a replay alike
    round: int = 0


#: why undo is not possible now (``GameSession.undo_status``): a string key ``history.undo.<why>``
UNDO_REASONS = ("hotseat", "over", "nothing", "revealed")


class GameSession:
    def __init__(self, record: GameRecord, seats: Sequence[Seat], *, state=None, storage=None,
                 pace: str | float = "normal", score_history: list | None = None,
                 bot_factory: Callable[[str, str, int], Any] | None = None, stats_recorded: bool = False,
                 record_stats: bool = True, extra_meta: dict | None = None,
                 clock: Callable[[], float] = time.monotonic, save_key: str | None = None):
        if len(seats) != record.players:
            raise ValueError(f"{record.players} players need {record.players} seats, got {len(seats)}")
        self.record = record
        self.seats = list(seats)
        self.state = state if state is not None else record.replay()
        self.storage = storage
        #: this game's entry among the player's unfinished games (every autosave and its end name it)
        self.save_key = save_key or uuid.uuid4().hex[:16]
        self.score_history: list[list[int]] = [list(s) for s in (score_history or [])]
        self.stats_recorded = stats_recorded
        self.record_stats = record_stats
        self.extra_meta = dict(extra_meta or {})
        self.finished = False
        self.pace = 0.0
        self.set_pace(pace)
        self._clock = clock
        self._bot_factory = bot_factory or _default_bot_factory
        self._bots: dict[int, Any] = {}
        self._executor: ThreadPoolExecutor | None = None
        self._future: Future | None = None
        self._future_key: tuple[int, int] | None = None  # (seat, move number) the worker is thinking about
        self._idle_since: float | None = None
        self._played: deque[Played] = deque()
        self._lock = threading.Lock()
        self.last_error = ""
        #: a replay's session (the replay viewer): no bot ever moves, no human move is taken, nothing is saved
        self._frozen = False
        self._omniscient = False
        #: a replay's seats as the game was played (its table's seats make the viewed seat the one human): the
        #: plates say who was a person and who a bot of which level
        self.played_by: list | None = None
        #: (mover, events) of every move played, for undo: rebuilt from the record when first needed
        self._history: list[tuple[int, list[Event]]] | None = None
        #: the table's own notes for the autosave (its history of log lines): ``() -> dict`` merged into ``meta``
        self.meta_hook: Callable[[], dict] | None = None
        #: the history of log lines the save held (``LogPanel.to_dict``), for the table to take back on Continue
        self.saved_history = None
        #: a lesson's move gate (``tutorial/lesson.py``): ``move -> Refusal | None``, asked by ``gate``
        self.gatekeeper: Callable[[Move], Refusal | None] | None = None
        #: True while a lesson's narration shows: no bot moves (``poll`` waits)
        self.hold = False
        #: the ``Lesson`` running this session, or None (a real game)
        self.lesson = None
        #: a network game's seats whose person is away (``net/host.py``): seat -> the level of the bot playing it
        #: until its owner is back (empty: every seat plays as its kind says)
        self.stand_ins: dict[int, str] = {}
        #: called with each applied move's ``Played`` (human and bot), on the thread that applied it (the frame
        #: loop's): a lesson follows the game through it
        self.on_applied: Callable[[Played], None] | None = None

    # -- construction ----------------------------------------------------------------------------------------
    @classmethod
    def new(cls, game_id: str, seats: Sequence[Seat], variants: Sequence[str] = (), seed: int | None = None,
            options: dict | None = None, storage=None, pace: str | float = "normal", **kw) -> "GameSession":
        spec = get_game(game_id)
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 62)
        variants = tuple(sorted(spec.check_options(len(seats), variants)))
        options = dict(options or {})
        if [s.kind for s in seats].count("human") == 1 and all(s.kind in ("human", "bot") for s in seats):
            options = {**spec.undo_options, **options}  # one human against bots: what undo needs (GameSpec)
        record = GameRecord(game_id, len(seats), variants, int(seed), options, [])
        session = cls(record, seats, storage=storage, pace=pace, **kw)
        session.autosave()
        return session

    @classmethod
    def from_config(cls, config: GameConfig, storage=None, pace: str | float = "normal",
                    first_option: str = "first_dealer", **kw) -> "GameSession":
        """A new game from the setup screen's ``GameConfig`` (its ``to_dict`` is kept in the save's meta);
        ``first_option``: the engine option the config's first dealer goes to (the game's table's
        ``first_option``: ``first_player`` in LAMA Dice, which refuses ``first_dealer``)."""
        options = {first_option: config.first_dealer} if config.first_dealer else {}
        kw.setdefault("extra_meta", {"config": config.to_dict()})
        return cls.new(config.game_id, config.seats, config.variants, config.seed, options, storage, pace, **kw)

    @classmethod
    def from_save(cls, saved, storage=None, pace: str | float = "normal", **kw) -> "GameSession":
        """Resume a ``SavedGame``. The record is replayed; a snapshot that disagrees with it raises ValueError."""
        meta = saved.meta if isinstance(saved.meta, dict) else {}
        record = saved.record
        try:
            raw = meta.get("seats") or (meta.get("config") or {}).get("seats") or []
            seats = [Seat.from_dict(s) for s in raw]
        except (ValueError, TypeError, AttributeError) as error:
            raise ValueError(f"the save's seats are damaged: {error}") from None
        if len(seats) != record.players:
            seats = [Seat(f"Player {i + 1}", "human" if i == 0 else "bot") for i in range(record.players)]
        if getattr(saved, "replayed", False) and saved.state is not None:
            state = saved.state  # the replay viewer's position, replayed from this very record a moment ago
        else:
            state = record.replay()
            if saved.state is not None and state.to_dict() != saved.state.to_dict():
                raise ValueError("the save's moves do not lead to its position")
        history = meta.get("score_history", [])
        if not isinstance(history, list):
            history = []
        # the save's own notes (who asked the advisor, a practice game...) stay; the caller's (the config) win
        extra = {k: v for k, v in meta.items()
                 if k not in ("session_version", "seats", "score_history", "stats_recorded", "history")}
        extra.update(kw.pop("extra_meta", None) or {})
        kw["extra_meta"] = extra
        kw.setdefault("save_key", getattr(saved, "key", "") or None)
        session = cls(record, seats, state=state, storage=storage, pace=pace, score_history=history,
                      stats_recorded=bool(meta.get("stats_recorded", False)), **kw)
        session.saved_history = meta.get("history")
        return session

    # -- queries ---------------------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.record.game_id

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def seat_shown(self, seat: int):
        """The seat as its plate describes it: as it was played in a replay (``played_by``), else as it is."""
        seats = self.played_by if self.played_by and len(self.played_by) == len(self.seats) else self.seats
        return seats[seat]

    def is_person(self, seat: int) -> bool:
        """A person sits at this seat (in a replay too: the seat it is seen by reads the lines said to "you")."""
        return 0 <= seat < len(self.seats) and not self.seats[seat].is_bot

    def reader_for(self, viewer: int) -> int | None:
        """Who is "you" on a screen showing ``viewer``'s eyes: only ever the person at this computer. At a game,
        ``viewer`` when a person plays it; in a replay (``played_by``), the seat this computer's person played: the
        viewed one when they played it (a hot-seat game), else the first, never a seat they only watch."""
        if not self._frozen or not self.played_by or len(self.played_by) != len(self.seats):
            return viewer if self.is_person(viewer) else None
        here = [i for i, seat in enumerate(self.played_by) if seat.kind == "human"]
        if viewer in here:
            return viewer
        return here[0] if here else None

    def is_human(self, seat: int) -> bool:
        """A person decides this seat's moves now (never in a replay's frozen session: nobody acts there, so no
        table offers a move, a highlight or a "your turn")."""
        return (0 <= seat < len(self.seats) and not self.seats[seat].is_bot and not self._frozen
                and seat not in self.stand_ins)

    def bot_plays(self, seat: int) -> bool:
        """A bot decides this seat's moves now: a bot seat, or a network seat a bot stands in for."""
        return 0 <= seat < len(self.seats) and (self.seats[seat].is_bot or seat in self.stand_ins)

    @property
    def current_player(self) -> int:
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def scores(self) -> list[int]:
        return self.state.scores

    @property
    def start_scores(self) -> tuple[int, ...]:
        """Everyone's points before the first move (Cadabra's players start with tokens): the results chart's
        first column."""
        return tuple(self.record.new_state().scores)

    def winners(self) -> list[int]:
        return self.state.winners()

    @property
    def round(self) -> int:
        """The round the game is in (``engine.record.round_of``): the history's "Round N" headings."""
        return round_of(self.state)

    def view(self, seat: int):
        return self.state.view(seat)

    def private_view(self, seat: int):
        """A view of ``seat`` over a copy of the state: a worker thread (the advisor) owns it, the live state is
        never shared."""
        return self.state.clone().view(seat)

    @property
    def frozen(self) -> bool:
        """A replay's session (``replay.py``): no bot moves, ``play`` refuses, ``feed`` steps the recorded game.
        Once frozen it stays frozen (a replay never turns into a game being played)."""
        return self._frozen

    @frozen.setter
    def frozen(self, value: bool) -> None:
        if self._frozen and not value:
            raise ValueError("a replay's session stays frozen")
        self._frozen = bool(value)

    @property
    def omniscient(self) -> bool:
        """Every hand open: the replay viewer's "All hands open" view. Only a frozen session can be put in it, so a
        table of a game being played always draws from its viewing seat's view alone."""
        return self._omniscient and self._frozen

    @omniscient.setter
    def omniscient(self, value: bool) -> None:
        if value and not self._frozen:
            raise ValueError("only a replay's frozen session shows every hand")
        self._omniscient = bool(value)

    def open_views(self) -> list | None:
        """Every seat's own view (each with that seat's hand) for a table that draws every hand open; None unless
        the session is ``omniscient`` (a replay's open view)."""
        if not self.omniscient:
            return None
        return [self.state.view(k) for k in range(self.record.players)]

    def open_secrets(self) -> dict | None:
        """What no seat's view shows, as the engine words it (``state.open_secrets()``: Llama Land's next tiles and
        character), for the open view's table; None unless the session is ``omniscient`` or the game keeps nothing
        hidden from every seat."""
        if not self.omniscient or not hasattr(self.state, "open_secrets"):
            return None
        return self.state.open_secrets()

    def events_for(self, events, seat: int | None) -> list[Event]:
        """A move's events as ``seat`` may see them (``None``: a spectator): what a table shows, never the raw
        events (``GameState.events_for``: another seat's drawn card is ``None``). A replay's open view
        (``omniscient``) alone gets them whole: its history names every card."""
        if self.omniscient:
            return list(events)
        return self.state.events_for(events, seat)

    @property
    def advised(self) -> set[int]:
        """The seats that asked the advisor for help this game (kept in the save's meta): their results are
        counted apart in the statistics, never in the win rates."""
        raw = self.extra_meta.get("advised", [])
        if not isinstance(raw, list):
            return set()
        return {s for s in raw if isinstance(s, int) and 0 <= s < self.record.players}

    def mark_advised(self, seat: int) -> None:
        if seat not in self.advised:
            self.extra_meta["advised"] = sorted(self.advised | {seat})
            self.autosave()

    @property
    def moves_played(self) -> int:
        return len(self.record.moves)

    @property
    def thinking(self) -> bool:
        return self._future is not None and not self._future.done()

    @property
    def bot_to_move(self) -> bool:
        cur = self.state.current_player
        return not self.state.is_over and cur >= 0 and self.bot_plays(cur)

    def set_pace(self, pace: str | float) -> None:
        self.pace = float(PACE_SECONDS.get(pace, PACE_SECONDS["normal"]) if isinstance(pace, str) else pace)

    def meta(self) -> dict:
        table_notes = {}
        if self.meta_hook is not None:
            try:
                table_notes = dict(self.meta_hook())
            except Exception:  # noqa: BLE001 - the table's notes must never cost the save itself
                log.exception("the table's notes for the save failed")
        return {**self.extra_meta, **table_notes, "session_version": SESSION_META_VERSION,
                "seats": [s.to_dict() for s in self.seats],
                "score_history": [list(h) for h in self.score_history], "stats_recorded": self.stats_recorded}

    # -- undo (one human against bots) -----------------------------------------------------------------------
    @property
    def practice(self) -> bool:
        """True once a move was taken back: the game is practice, counted apart in the statistics."""
        return bool(self.extra_meta.get("practice", False))

    def _move_history(self) -> list[tuple[int, list[Event]]]:
        """(mover, events) of every move of the game: replayed from the record once (a resumed game), then kept
        up to date by ``_apply``. Replaying is exact: the record is the game."""
        if self._history is None or len(self._history) != len(self.record.moves):
            state = self.record.new_state()
            history = []
            for text in self.record.moves:
                mover = state.current_player
                history.append((mover, state.apply(text)))
            self._history = history
        return self._history

    def undo_status(self) -> tuple[int | None, str, str]:
        """Whether the one human at the table may take their last decision back now: ``(moves to keep, "", "")``
        when they may, else ``(None, why, detail)``: ``why`` one of ``UNDO_REASONS`` (``hotseat``: not one human
        against bots; ``over``; ``nothing``: no decision of theirs yet; ``revealed``: something was turned up
        since, ``detail`` the event kind that did: a draw, a roll, a deal, a tile). The engine says what reveals
        (``GameSpec.reveals``) as that seat sees each event."""
        humans = self.human_seats
        if len(humans) != 1 or any(s.is_remote for s in self.seats):  # a network game has no undo
            return None, "hotseat", ""
        if self.state.is_over:
            return None, "over", ""
        seat = humans[0]
        spec = get_game(self.game_id)
        history = self._move_history()
        for k in range(len(history) - 1, -1, -1):
            mover, events = history[k]
            for event in events:
                if spec.reveals(event, seat):
                    return None, "revealed", event.kind
            if mover == seat:
                return k, "", ""
        return None, "nothing", ""

    def undo(self) -> int:
        """Take the game back to the human's previous decision (``undo_status``); returns the number of moves
        kept. The state is the record replayed, so its random state is restored too: the same move played again
        meets the same chance. Marks the game as practice. ValueError (state unchanged) when not possible."""
        target, why, detail = self.undo_status()
        if target is None:
            raise ValueError(f"undo is not possible now: {why} {detail}".strip())
        with self._lock:
            self._future, self._future_key = None, None  # a bot thinking about the undone position is dropped
            self._bots.clear()  # bots are made again, seeded as when first asked at that position
            history = self._move_history()[:target]
            self.record.moves = self.record.moves[:target]
            self.state = self.record.replay()
            self._history = history
            closed = sum(1 for _mover, events in history if any(e.kind in ROUND_CLOSE_EVENTS for e in events))
            self.score_history = self.score_history[:closed]
            self._played.clear()
            self._idle_since = None
            self.finished = False
            self.extra_meta["practice"] = True
            self.autosave()
        return target

    # -- human moves -----------------------------------------------------------------------------------------
    def play(self, move: Move | str) -> MoveOutcome:
        """Apply a human's move. Refused (with a reason, state unchanged) when illegal or not a human's turn."""
        if self.state.is_over or self.frozen:
            return MoveOutcome.refused(GAME_OVER)
        cur = self.state.current_player
        if not self.is_human(cur):
            name = self.seats[cur].name
            return MoveOutcome.refused(Refusal("core.wait", f"it is {name}'s turn", {"name": name}))
        try:
            move = as_move(move)
        except IllegalMove as error:
            return MoveOutcome.refused(error.refusal)
        except (ValueError, TypeError) as error:
            return MoveOutcome.refused(malformed(move, str(error) or "that is not a move"))
        refusal = self.gate(move)
        if refusal is not None:
            return MoveOutcome.refused(refusal)
        try:
            events = self._apply(cur, move, by_bot=False)
        except IllegalMove as error:
            return MoveOutcome.refused(error.refusal)
        return MoveOutcome(True, events)

    def gate(self, move: Move) -> Refusal | None:
        """Why a lesson refuses a human's move now (a legal move that is not the one the step teaches), before
        the engine is asked; None outside lessons and for the move the step wants (an illegal move is then
        refused by the engine, with its own reason)."""
        if self.gatekeeper is None:
            return None
        return self.gatekeeper(move)

    # -- a replay's way forward (frozen sessions only) -------------------------------------------------------
    def feed(self, move: Move | str) -> list[Event]:
        """The replay viewer's step: apply the next move of the game being replayed, as its seat played it (the
        table shows it through ``take_played`` like any move). Only a frozen session takes it: a game being
        played moves by ``play`` and the bots. IllegalMove (state unchanged) for a move that does not apply."""
        if not self.frozen:
            raise ValueError("only a replay's frozen session is fed recorded moves")
        cur = self.state.current_player
        return self._apply(cur, as_move(move), by_bot=self.seats[cur].is_bot)

    # -- the frame loop's side -------------------------------------------------------------------------------
    def poll(self, busy: bool = False) -> list[Played]:
        """Call once per frame. Never blocks. Returns the moves applied by this call (bots only)."""
        applied: list[Played] = []
        if self.state.is_over or self.frozen:
            return applied
        if self.hold:  # a lesson's narration shows: the bots wait, and their pace counts from when it is gone
            self._idle_since = None
            return applied
        now = self._clock()
        if busy:
            self._idle_since = None
        elif self._idle_since is None:
            self._idle_since = now
        cur = self.state.current_player
        if cur < 0 or not self.bot_plays(cur):
            return applied
        key = (cur, len(self.record.moves))
        if self._future is None or self._future_key != key:
            self._start_bot(cur, key)
            return applied
        if not self._future.done() or busy or self._idle_since is None:
            return applied
        if now - self._idle_since < self.pace:
            return applied
        future, self._future, self._future_key = self._future, None, None
        move = self._bot_result(future, cur)
        try:
            self._apply(cur, move, by_bot=True)
        except IllegalMove as error:  # a broken bot must not stop the game: play its first legal move
            log.error("bot %s chose an illegal move %s (%s); playing a legal one", cur, move, error.reason)
            self.last_error = error.reason
            move = self.state.legal_moves()[0]
            self._apply(cur, move, by_bot=True)
        applied.append(self._played[-1])
        self._idle_since = now  # the next bot waits for the scene to show this move
        return applied

    def take_played(self) -> list[Played]:
        out = list(self._played)
        self._played.clear()
        return out

    def wait_for_bot(self, timeout: float = 10.0) -> bool:
        """Block until the worker is done (tests and tools only; the app never calls this)."""
        future = self._future
        if future is None:
            return True
        try:
            future.exception(timeout)  # the bot's own error is reported when its result is used
        except (TimeoutError, CancelledError):  # still thinking, or nothing to wait for
            pass
        return future.done()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._future = None

    # -- internals -------------------------------------------------------------------------------------------
    def _bot(self, seat: int):
        bot = self._bots.get(seat)
        if bot is None:
            level = self.stand_ins.get(seat, self.seats[seat].level)
            seed = (self.record.seed * 1_000_003 + 7919 * (seat + 1) + len(self.record.moves)) % (1 << 62)
            bot = self._bots[seat] = self._bot_factory(self.game_id, level, seed)
        return bot

    def _start_bot(self, seat: int, key: tuple[int, int]) -> None:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        bot = self._bot(seat)
        view = self.state.clone().view(seat)  # the worker owns its own copy: the live state is never shared
        self._future = self._executor.submit(bot.choose, view)
        self._future_key = key

    def _bot_result(self, future: Future, seat: int) -> Move:
        try:
            return as_move(future.result())
        except Exception as error:  # noqa: BLE001 - a crashing bot plays a legal move instead
            log.exception("bot for seat %s failed", seat)
            self.last_error = f"{type(error).__name__}: {error}"
            return self.state.legal_moves()[0]

    def _apply(self, seat: int, move: Move, by_bot: bool) -> list[Event]:
        with self._lock:
            round_no = round_of(self.state)
            events = self.record.play(self.state, move)  # raises IllegalMove before anything changes
            if any(e.kind in ROUND_CLOSE_EVENTS for e in events):
                self.score_history.append(list(self.state.scores))
            index = len(self.record.moves) - 1
            if self._history is not None and len(self._history) == index:
                self._history.append((seat, events))
            played = Played(seat, move, events, by_bot, index, round_no)
            self._played.append(played)
            if self.state.is_over:
                self._finish()
            else:
                self.autosave()
        if self.on_applied is not None:
            self.on_applied(played)
        return events

    def autosave(self) -> None:
        if self.storage is None:
            return
        try:
            self.storage.autosave(self.record, self.state, self.meta(), key=self.save_key)
        except OSError as error:  # a full disk must not stop the game; the log says why
            log.error("autosave failed: %s", error)
            self.last_error = f"autosave failed: {error}"

    def lost_part(self, part: str) -> None:
        if self.storage is not None:
            self.storage.set_aside_part(self.save_key, part)

    def _finish(self) -> None:
        self.finished = True
        if self.storage is None:
            return
        if not self.record_stats:  # the app records them (App.game_over): keep the final position saved till then
            self.autosave()
            return
        if self.stats_recorded:
            return
        try:  # archived, counted and its unfinished entry removed: one transaction
            self.storage.finish_game(self.save_key, game_id=self.game_id, seats=self.seats,
                                     scores=list(self.state.scores), winners=list(self.state.winners()),
                                     advised=sorted(self.advised), practice=self.practice, record=self.record)
            self.stats_recorded = True
        except OSError as error:
            log.error("could not record the finished game: %s", error)


def _default_bot_factory(game_id: str, level: str, seed: int):
    available = levels_for(game_id)
    if level not in available:  # a level not written (yet) for this game: the strongest one that exists
        log.warning("no %s bot for %s; using %s", level, game_id, available[-1])
        level = available[-1]
    return make_bot(game_id, level, seed)
