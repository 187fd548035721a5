"""A lesson running on a ``GameSession``: which step shows, which moves it lets through, when the bots wait.

``start_lesson(tutorial, player_name, pace)`` makes the session (from the lesson's position: nothing autosaved, no
statistics; the bots play their scripted moves, ``ScriptedBots``) and the ``Lesson`` that drives it. The table
calls ``lesson.update(idle)`` once per frame (``idle``: no animation, queued event or blocking toast), and
``lesson.next()`` when the learner presses Next on a narration step. Nothing here imports pygame; the narrator
(``app/table/narrator.py``) shows ``lesson.current`` when ``lesson.shown``.

The step machine (docs/APP.md, "Tutorials"):
    * A step becomes *pending* when the previous one is done; it is *shown* once the table is idle and its
      ``when`` is met (``idle``; ``learner_turn``: the learner is to move; ``round_end``: a round closed since it
      became pending; ``game_end``).
    * A narration step is done when the learner presses Next; a ``do`` step when the learner played one of its
      moves (even before it showed); the recap is never done (``finished`` turns True when it shows).
    * The bots wait (``session.hold``) while a narration or the recap shows, and while one is pending whose
      ``when`` is met (it shows as soon as the table is idle: no bot move slips in before it).
    * The move gate (``session.gate``): while a ``do`` step is current, a legal move not in its ``do`` is refused
      with ``tutorial_<game>.<id>_wrong``; an illegal one goes to the engine (its own reason). While a narration
      or the recap shows, every move is refused with ``tutorial.read_first``.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from typing import Callable, Mapping

from lama_desktop.engine.core import Move, Refusal, as_move
from lama_desktop.engine.record import GameRecord
from lama_desktop.tutorial.script import Step, Tutorial
from lama_desktop.core.session import GameSession, Seat

#: the "level" a lesson's bot shows on its plate: it plays the lesson's scripted moves, it has no strength
LESSON_LEVEL = "lesson"

log = logging.getLogger("lama_desktop.tutorial")

LEARNER = 0
#: the event kinds that close a round (``core/session.py``'s ``ROUND_CLOSE_EVENTS`` and the engines' round ends)
ROUND_END_EVENTS = ("deal", "game_end", "round_end")
#: the refusal while the narrator's box waits for Next (shared ``tutorial`` domain)
READ_FIRST = "tutorial.read_first"


class ScriptedBots:
    """A lesson's bot factory (``GameSession(bot_factory=...)``): every bot seat plays its scripted moves in
    order. A move that is not legal when its turn comes, or a seat whose list ran out, is a mistake in the lesson:
    it is noted in ``problems`` (the tests fail on it), logged, and the first legal move is played instead."""

    def __init__(self, bots: Mapping[int, tuple[str, ...]]):
        self.queues = {int(seat): deque(moves) for seat, moves in bots.items()}
        self.problems: list[str] = []
        self.played: list[tuple[int, str]] = []
        self._lock = threading.Lock()

    def __call__(self, game_id: str, level: str, seed: int) -> "ScriptedBots":
        return self  # one object answers for every seat: ``choose`` reads the seat from the view

    def choose(self, view) -> Move:
        seat = view.seat
        legal = view.legal_moves()
        with self._lock:
            queue = self.queues.get(seat)
            scripted = queue.popleft() if queue else None
        if scripted is None:
            problem = f"bot seat {seat} has no scripted move left"
        else:
            move = as_move(scripted)
            if move in legal:
                with self._lock:
                    self.played.append((seat, scripted))
                return move
            problem = f"bot seat {seat}'s scripted move {scripted!r} is not legal now (legal: " \
                      f"{', '.join(map(str, legal))})"
        log.error("lesson: %s; playing %s", problem, legal[0] if legal else "nothing")
        with self._lock:
            self.problems.append(problem)
        return legal[0]

    def left(self) -> dict[int, list[str]]:
        """The scripted moves not played yet, per seat."""
        with self._lock:
            return {seat: list(q) for seat, q in self.queues.items() if q}


class Lesson:
    def __init__(self, tutorial: Tutorial, session, bots: ScriptedBots | None = None):
        self.tutorial = tutorial
        self.session = session
        self.bots = bots
        self.index = 0
        #: the current step is on screen (the narrator shows it)
        self.shown = False
        #: the recap shows: the lesson is complete
        self.finished = False
        #: the last refusal of the gate (its string key), for the narrator to say; cleared when the step changes
        self.refused_key: str | None = None
        #: how many moves the gate refused so far (the narrator tells a gate's refusal from the engine's)
        self.refusals = 0
        #: a round closed since the current step became pending
        self._round_closed = False
        #: steps shown, in order (for tests and the screenshot tool)
        self.history: list[str] = []
        self.listeners: list[Callable[["Lesson"], None]] = []
        session.lesson = self
        session.gatekeeper = self.gate
        session.on_applied = self._on_applied
        self._sync_hold()

    # -- queries ------------------------------------------------------------------------------------------------
    @property
    def current(self) -> Step:
        return self.tutorial.steps[self.index]

    @property
    def count(self) -> int:
        return len(self.tutorial.steps)

    @property
    def number(self) -> int:
        """The current step's number, from 1 (the narrator's "3/12")."""
        return self.index + 1

    def ready(self, idle: bool) -> bool:
        """Whether the pending current step may show now."""
        if self.shown or not idle:
            return False
        return self._when_met()

    def _when_met(self) -> bool:
        """The current step's ``when``, the table's idleness aside."""
        state = self.session.state
        when = self.current.when
        if when == "learner_turn":
            return not state.is_over and state.current_player == LEARNER
        if when == "round_end":
            return self._round_closed or state.is_over
        if when == "game_end":
            return state.is_over
        return True

    # -- driving ------------------------------------------------------------------------------------------------
    def update(self, idle: bool) -> bool:
        """Once per frame. Shows the pending step when it may; True when a step was shown by this call."""
        shown = False
        if self.ready(idle):
            self.shown = True
            self.history.append(self.current.id)
            if self.current.recap:
                self.finished = True
            shown = True
            self._notify()
        self._sync_hold()
        return shown

    def next(self) -> bool:
        """The learner pressed Next: a shown narration step is done. False when there is nothing to pass."""
        if not (self.shown and self.current.narration):
            return False
        self._advance()
        return True

    def refuses(self, move: Move | str) -> str | None:
        """The string key the gate would refuse ``move`` with now, or None (a question: nothing changes)."""
        step = self.current
        if step.recap or (step.narration and (self.shown or self.session.hold)):
            return READ_FIRST
        move = as_move(move)
        if not step.do or str(move) in step.do:
            return None
        if move not in self.session.state.legal_moves():
            return None  # the engine refuses it with its own reason
        return self.tutorial.wrong_key(step)

    def gate(self, move: Move) -> Refusal | None:
        key = self.refuses(move)
        if key is None:
            return None
        self.refused_key = key
        self.refusals += 1
        if key == READ_FIRST:
            return Refusal(READ_FIRST, "read the narrator's box, then press Next", {})
        wanted = " or ".join(self.current.do)
        return Refusal(key, f"the lesson wants {wanted} now, not {move}", {"move": str(move)})

    def _on_applied(self, played) -> None:
        step = self.current
        if step.do and not played.by_bot and played.seat == LEARNER and str(played.move) in step.do:
            self._advance()
        if any(e.kind in ROUND_END_EVENTS for e in played.events):
            # after the step moved on: the learner's own last move closing the round counts for the next step
            self._round_closed = True
        self._sync_hold()

    def _advance(self) -> None:
        if self.index + 1 >= self.count:
            return
        self.index += 1
        self.shown = False
        self.refused_key = None
        self._round_closed = False
        self._sync_hold()
        self._notify()

    def _sync_hold(self) -> None:
        step = self.current
        waiting = step.narration or step.recap
        self.session.hold = waiting and (self.shown or self._when_met())

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    def skip(self) -> None:
        """The learner left the lesson: the session runs free (no gate, no hold)."""
        self.session.gatekeeper = None
        self.session.hold = False
        self.session.on_applied = None


def start_lesson(tutorial: Tutorial, player_name: str = "You", pace: str | float = "normal", **session_kw):
    """The ``GameSession`` of a lesson (started from its position, nothing saved, no statistics, scripted bots)
    with its ``Lesson`` as ``session.lesson``."""
    state = tutorial.start_state()
    record = GameRecord(tutorial.game_id, state.num_players, tuple(sorted(tutorial.variants)), 0, {}, [],
                        start=state.to_dict())
    seats = [Seat(player_name, "human")] + [Seat(str(s["name"]), "bot", LESSON_LEVEL)
                                           for s in tutorial.seats[1:]]
    bots = ScriptedBots(tutorial.bots)
    session = GameSession(record, seats, state=state, storage=None, pace=pace, bot_factory=bots,
                          record_stats=False, extra_meta={"lesson": tutorial.game_id}, **session_kw)
    Lesson(tutorial, session, bots)
    return session
