"""The engine contract shared by every game.

A *game* (``GameSpec``) is rules plus options; a *state* (``GameState``) is one playthrough. The UI and the bots
only ever talk to states and views through this contract:

- ``state.current_player`` (``-1`` once the game is over), ``state.legal_moves()``, ``state.apply(move)`` which
  returns a list of ``Event`` for the UI to animate, ``state.is_over``, ``state.scores``, ``state.winners()``;
- ``state.view(seat)`` holds only what that seat may know, and ``state.events_for(events, seat)``
  (``Event.for_seat``) gives the events of a move as that seat may see them (another seat's drawn card is
  ``None``: "a card"); ``view.sample_state(rng)`` deals the unseen cards again to give a full state consistent
  with the view (what a determinizing search bot needs);
- ``state.clone()`` is cheap; ``state.to_dict()`` / ``GameSpec.from_dict`` are versioned and JSON-safe;
- an illegal move raises ``IllegalMove`` with a reason a person can read (``reason``) and a stable ``code`` +
  ``params`` the UI translates (see ``Refusal``), and leaves the state untouched;
- chance is explicit and seeded (``engine.rng.Rng``): the same seed and moves replay the same game anywhere.

Nothing under ``engine/`` or ``bots/`` imports pygame.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from contextlib import contextmanager
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Callable, Iterable, Mapping, Sequence

SAVE_FORMAT = 1


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the rules refuse a move: a stable ``code`` (``lama.cannot_go_on``: the game's short name, a dot, the
    rule), ``params`` (plain JSON values the sentence names, e.g. ``{"card": "4", "top": "2"}``: engine ids, not
    translated words) and ``text``, the English sentence for the CLI, logs and tests.

    Codes starting ``core.`` are shared by every game (``core.game_over``, ``core.unknown_move``,
    ``core.malformed``, ``core.not_your_turn``, ``core.not_allowed``). The app turns a code into the player's
    language (``app/table/reasons.py``); every code has a string in every language (a test checks).
    """

    code: str
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text

    def error(self, move: "Move | str | None" = None) -> "IllegalMove":
        """This refusal as the exception ``apply`` raises."""
        return IllegalMove(self.text, move, self.code, self.params)


class IllegalMove(ValueError):
    """A move the rules refuse. ``reason`` is a sentence a player can read (English); ``code`` and ``params``
    say the same thing in a form the app translates (see ``Refusal``). Every engine refusal has a code (a test
    checks); ``""`` only for an exception made outside the rules, which the app shows as ``reason``."""

    def __init__(self, reason: str, move: "Move | str | None" = None, code: str = "",
                 params: Mapping[str, Any] | None = None):
        self.reason = reason
        self.move = move
        self.code = code
        self.params = dict(params) if params else {}
        text = reason if move is None else f"{move}: {reason}"
        super().__init__(text)

    @property
    def refusal(self) -> Refusal:
        return Refusal(self.code, self.reason, self.params)


class StateFormatError(ValueError):
    """A saved state that cannot be read: wrong game, wrong version, damaged fields."""


class ImpossibleState(StateFormatError):
    """A saved state that reads, but that no game of these rules could reach (cards that do not add up, a seat or
    phase out of range, fields that say something else than the position they describe). ``refusal`` says why
    (a ``Refusal``: code ``core.state_*`` or ``<game>.state_*``, params, English text) so the app can tell the
    player in their language."""

    def __init__(self, refusal: "Refusal"):
        super().__init__(f"an impossible state: {refusal.text}")
        self.refusal = refusal


def _arg_text(value: Any) -> str:
    return str(value)


#: a move's text is at most this long, an argument at most ``MAX_ARG_TEXT`` characters or an int of at most 18
#: digits: anything else is no move of any game (``core.malformed``)
MAX_MOVE_TEXT = 200
MAX_ARG_TEXT = 64
MAX_ARG_INT = 10 ** 18
_INT_TOKEN = re.compile(r"-?[0-9]{1,18}")  # ASCII digits only ("²" and "--3" stay text)


def _parse_arg(token: str) -> Any:
    return int(token) if _INT_TOKEN.fullmatch(token) else token


def shown(value: Any, limit: int = 40) -> str:
    """A short printable text for any value a caller passed as a move (never raises, never huge)."""
    text = value if isinstance(value, str) else f"<{type(value).__name__}>"
    short = "".join(ch if ch.isprintable() else "?" for ch in text[:limit])
    return short + ("…" if len(text) > limit else "")


def malformed_error(value: Any, reason: str = "not a move (a move is a Move or its text)") -> "IllegalMove":
    """The ``IllegalMove`` (``core.malformed``) for a value that is no move at all, whatever it is."""
    text = shown(value)
    return IllegalMove(reason, text, "core.malformed", {"move": text})


@dataclass(frozen=True, slots=True)
class Move:
    """A small frozen value with a stable text form: ``play 3``, ``draw``, ``quit``, ``discard 3 L``.

    ``kind`` is a lowercase word; ``args`` are ints or short strings without spaces. ``str(move)`` is the text
    form used in logs, saves, replays and tests, and ``Move.parse(str(move)) == move``.
    """

    kind: str
    args: tuple = ()

    def __post_init__(self) -> None:
        kind, args = self.kind, self.args
        if kind.__class__ is not str or not 0 < len(kind) <= MAX_ARG_TEXT or args.__class__ is not tuple:
            raise malformed_error(kind if kind.__class__ is str else args, "not a move (a kind and a tuple of "
                                                                           "arguments)")
        for arg in args:
            if arg.__class__ is int:
                if not -MAX_ARG_INT <= arg <= MAX_ARG_INT:
                    raise malformed_error(kind, "a number in this move is far too large")
            elif arg.__class__ is not str or len(arg) > MAX_ARG_TEXT:
                raise malformed_error(kind, "a move's arguments are short texts or numbers")

    def __str__(self) -> str:
        args = self.args
        if not args:
            return self.kind
        return self.kind + " " + " ".join(map(str, args))  # ints and plain texts (__post_init__)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @staticmethod
    def parse(text: str) -> "Move":
        """The move ``text`` stands for; ``IllegalMove`` (``core.malformed``) for anything that is no move's text
        (not a string, empty, too long, an argument too long)."""
        if text.__class__ is str:
            known = _PARSED.get(text)
            if known is not None:
                return known
        elif not isinstance(text, str):
            raise malformed_error(text)
        if len(text) > MAX_MOVE_TEXT:
            raise malformed_error(text, "a move's text is never this long")
        tokens = text.split()
        if not tokens:
            raise malformed_error(text, "an empty move")
        move = Move(tokens[0].lower(), tuple(_parse_arg(t) for t in tokens[1:]))
        if text.__class__ is str and len(_PARSED) < PARSED_KEPT:
            _PARSED[text] = move
        return move


#: texts already parsed (a move is a frozen value, so one parse serves every later reading of the same text: a
#: network client rebuilds its state from a view holding the round's moves after every move); at most
#: ``PARSED_KEPT`` of them, so hostile texts cannot make it grow without bound
PARSED_KEPT = 4096
_PARSED: dict[str, Move] = {}


def as_move(move: Any) -> Move:
    """``move`` as a ``Move``: a ``Move`` as it is, its text parsed; anything else raises ``IllegalMove``
    (``core.malformed``). Every game's ``apply`` and ``step`` start with this (``step`` only when
    ``move.__class__ is not Move``, to keep the hot path lean)."""
    if move.__class__ is Move:
        return move
    if isinstance(move, Move):  # a subclass never equals the games' move constants: its plain value does
        return Move(move.kind, move.args)
    return Move.parse(move)


@dataclass(frozen=True, slots=True, eq=False)
class Event:
    """Something that happened, for the UI to animate and the log to tell.

    ``kind`` is a short word (``deal``, ``play``, ``draw``, ``quit``, ``score``, ``token``, ``round_end``,
    ``game_end``, ``roll`` …); ``seat`` is who it happened to (or ``None``): the seat that acted, or the seat a
    rule acted on (Cadabra's ``force_draw`` is the seat that draws, not the player of the square); ``data`` is
    JSON-safe detail.

    **Privacy** is part of the event: ``private`` names the ``data`` fields only ``seat`` may see (the card a
    seat drew from the face-down pile). Every other field is public. Nobody shows an event as it comes out of
    ``apply``: a seat sees ``event.for_seat(seat)`` (or ``events_for(events, seat)``), a copy in which another
    seat's private fields are ``None`` ("a card"). ``for_seat(None)`` is what a spectator (a hot-seat table behind
    its privacy screen, a replay for the public) may see.
    """

    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    private: tuple[str, ...] = ()

    def for_seat(self, viewer: int | None) -> "Event":
        """This event as seat ``viewer`` may see it (``None``: a spectator): ``self`` when it hides nothing from
        that seat, else a copy whose private fields are ``None``. Redacting twice changes nothing."""
        if not self.private or (viewer is not None and viewer == self.seat):
            return self
        if all(self.data.get(key) is None for key in self.private):
            return self  # already a redacted copy
        data = dict(self.data)
        for key in self.private:
            if key in data:
                data[key] = None
        return Event(self.kind, self.seat, data, self.private)

    def hidden_from(self, viewer: int | None) -> bool:
        """True when ``viewer`` may not see every field of this event."""
        return bool(self.private) and (viewer is None or viewer != self.seat)

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "seat": self.seat, "data": dict(self.data)}
        if self.private:
            out["private"] = list(self.private)
        return out

    def __repr__(self) -> str:
        hidden = f", private={list(self.private)}" if self.private else ""
        return f"Event({self.kind!r}, seat={self.seat}, {dict(self.data)}{hidden})"


def events_for(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """``events`` as seat ``viewer`` may see them (``Event.for_seat``; ``None``: a spectator), in order."""
    return [event.for_seat(viewer) for event in events]


class View(ABC):
    """What one seat may know of a state. Bots receive views, never states."""

    seat: int
    game_id: str
    num_players: int

    @property
    @abstractmethod
    def current_player(self) -> int: ...

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """The moves of the current player when that is this view's seat, else ``[]``."""

    @abstractmethod
    def sample_state(self, rng) -> "GameState":
        """A full state consistent with this view; everything this seat cannot see is dealt again with ``rng``."""

    @abstractmethod
    def to_dict(self) -> dict:
        """JSON-safe picture of what this seat sees (what the UI draws)."""


class StateView(View):
    """A view reading a state (the live one, or a private copy the game made): the seat, the game, whose turn it
    is and, on this seat's turn, the legal moves. Each game adds the properties its seat may see."""

    __slots__ = ("_state", "seat", "game_id", "num_players")

    def __init__(self, state: "GameState", seat: int):
        self._state = state
        self.seat = seat
        self.game_id = state.game_id
        self.num_players = state.num_players

    @property
    def current_player(self) -> int:
        return self._state.current_player

    def legal_moves(self) -> list[Move]:
        state = self._state
        if state.current_player != self.seat:
            return []
        return state.legal_moves()


def state_property(name: str, copy: bool = False, doc: str | None = None) -> property:
    """A read-only ``StateView`` property showing its state's attribute ``name``; ``copy=True`` for a list, which
    the view hands out as a shallow copy (a view never lets a bot change the state)."""
    get = attrgetter("_state." + name)
    if copy:
        return property(lambda view: get(view)[:], doc=doc or f"The state's {name} (a copy).")
    return property(get, doc=doc or f"The state's {name}.")


class GameState(ABC):
    """One playthrough of one game. Subclasses keep their hot path lean (ints, tuples, counts)."""

    game_id: str = ""
    num_players: int = 0

    # -- the contract -------------------------------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to move, or ``-1`` once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's current score (penalty points for the LAMA games, victory points for Llama Land)."""

    @abstractmethod
    def legal_moves(self) -> list[Move]: ...

    @abstractmethod
    def apply(self, move: Move | str) -> list[Event]:
        """Play ``move`` for the current player; raise ``IllegalMove`` (state untouched) if the rules refuse it."""

    def step(self, move: Move | str) -> None:
        """``apply`` without building events: the hot path of search bots and benchmarks. Same validation, same
        inputs (a ``Move`` or its text; anything else is ``IllegalMove`` ``core.malformed``).

        Games override it with a version that skips event construction."""
        self.apply(move)

    @abstractmethod
    def view(self, seat: int) -> View: ...

    def events_for(self, events: Iterable[Event], seat: int | None) -> list[Event]:
        """The events of a move as ``seat`` may see them (``core.events_for``): what the UI of that seat shows.
        A game whose events need more than private fields would override this."""
        return events_for(events, seat)

    @abstractmethod
    def clone(self) -> "GameState": ...

    @abstractmethod
    def to_dict(self) -> dict: ...

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once the game is over (ties share), else ``[]``."""

    # -- shared helpers -----------------------------------------------------------------------------------------
    def refusal(self, move: Move) -> "Refusal | None":
        """Why ``move`` is refused now (code, params, English text). Games override this with precise reasons;
        asked about a legal move, a game may answer ``None`` (Llama Land does) or a meaningless refusal."""
        return refusal_of_any(self, move)

    def why_illegal(self, move: Move) -> str:
        """A readable reason why ``move`` is refused now: ``refusal(move).text`` (``""`` if there is none)."""
        refusal = self.refusal(move)
        return refusal.text if refusal is not None else ""

    def outcome(self) -> list[float]:
        """Share of the win per seat: 1/k to each of k tied winners, 0 to the others."""
        winners = self.winners()
        if not winners:
            return [0.0] * self.num_players
        share = 1.0 / len(winners)
        return [share if seat in winners else 0.0 for seat in range(self.num_players)]


@dataclass(frozen=True)
class VariantSpec:
    id: str
    title: str
    description: str = ""


@dataclass(frozen=True)
class GameSpec:
    """A game in the registry: stable id, player counts, variants, and how to make or load states."""

    id: str
    title: str
    min_players: int
    max_players: int
    variants: tuple[VariantSpec, ...]
    new_state: Callable[..., GameState]  # (players, variants=frozenset(), seed=0, **options) -> GameState
    state_from_dict: Callable[[dict], GameState]
    lower_score_wins: bool = True
    hidden_information: bool = True
    description: str = ""
    incompatible_variants: tuple[frozenset[str], ...] = ()
    #: a crafted position (a partial saved state) -> the complete saved state ``state_from_dict`` reads
    complete_position: Callable[[dict], dict] | None = None
    #: event kinds that turn up something nobody could know before (a deal, a draw, a roll, a tile or card turned
    #: up, hands laid open): what ``reveals`` asks, and why the app's undo stops there (docs/ARCHITECTURE.md)
    revealing_events: frozenset[str] = frozenset()
    #: for a game where only some events of a kind reveal (a card taken from the face-down deck, not from the
    #: open row): ``event -> bool``, asked for the kinds not in ``revealing_events``
    revealing_test: Callable[["Event"], bool] | None = None
    #: ``state -> Refusal | None``: the first invariant a state of this game breaks (the ones its random-play tests
    #: check after every move: cards conserved, seats and phases in range, tokens adding up...), None when it is
    #: sound. ``load`` asks it of every state it reads (a save, a past game's start, an exported record)
    check_state: Callable[["GameState"], "Refusal | None"] | None = None
    #: options a new game records when its one human plays against bots (``GameSession.new``: the app's undo
    #: applies there): Llama Land's turn then waits for its player's ``end`` instead of ending by itself, so its
    #: last step can still be taken back before the turn's end turns anything up
    undo_options: Mapping[str, Any] = field(default_factory=dict)

    def problem(self, state: "GameState") -> "Refusal | None":
        """Why ``state`` is no state these rules could reach (``check_state``), or None."""
        if state.game_id != self.id:
            return state_problem("core.state_fields", f"a state of {state.game_id!r}, not of {self.id!r}")
        if self.check_state is None:
            return None
        try:
            return self.check_state(state)
        except LOAD_ERRORS as error:  # a state so broken its own checks trip over it
            return state_problem("core.state_fields", f"the state cannot be checked ({type(error).__name__}: "
                                                      f"{error})")

    def load(self, data: Any) -> "GameState":
        """A saved state of this game it did not play itself: read (``state_from_dict``), then checked: every field
        must say what the loaded position says (``to_dict`` gives the same document back, once older versions are
        brought up to date) and ``check_state`` must find nothing. ``StateFormatError`` (``ImpossibleState`` with
        the reason for a state that reads but cannot be) otherwise."""
        with reading_state(f"{self.id} state"):
            state = self.state_from_dict(data)
        refusal = self.problem(state)
        again = _as_json(state.to_dict()) if refusal is None else {}
        if refusal is None and isinstance(data, dict) and data.get("version") == again.get("version"):
            data = _as_json(data)
            if again != data:
                keys = sorted(str(k) for k in set(again) | set(data)
                              if again.get(k, _MISSING) != data.get(k, _MISSING))
                refusal = state_problem("core.state_fields", "its fields do not match the position they describe "
                                                             f"({', '.join(map(str, keys[:5]))})")
        if refusal is not None:
            raise ImpossibleState(refusal)
        return state

    def reveals(self, event: "Event", viewer: int | None) -> bool:
        """True when ``event``, as seat ``viewer`` sees it, shows that seat something it could not know before:
        chance came out or hidden cards were shown. Another seat's face-down draw reveals nothing to ``viewer``
        (its card is redacted); the same draw reveals its card to the drawer."""
        if event.hidden_from(viewer):
            return False
        if event.kind in self.revealing_events:
            return True
        return self.revealing_test is not None and bool(self.revealing_test(event))

    def position(self, data: Mapping) -> GameState:
        """A state from a crafted position: this game's saved-state format, where every field but the ones that
        make the position may be left out (``docs/ARCHITECTURE.md``, "Positions"). ``StateFormatError`` with a
        reason if it is not one."""
        if not isinstance(data, Mapping):
            raise StateFormatError("a position must be a JSON object")
        data = dict(data)
        if data.setdefault("game", self.id) != self.id:
            raise StateFormatError(f"this is a position of {data['game']!r}, not of {self.id!r}")
        data.setdefault("format", SAVE_FORMAT)
        data.setdefault("variants", [])
        if self.complete_position is not None:
            with reading_state(f"{self.id} position"):
                data = self.complete_position(data)
        return self.state_from_dict(data)

    @property
    def variant_ids(self) -> tuple[str, ...]:
        return tuple(v.id for v in self.variants)

    def check_options(self, players: int, variants: Iterable[str]) -> frozenset[str]:
        chosen = frozenset(variants)
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}")
        unknown = sorted(chosen - set(self.variant_ids))
        if unknown:
            known = ", ".join(self.variant_ids) or "none"
            raise ValueError(f"unknown variant(s) for {self.id}: {', '.join(unknown)} (known: {known})")
        for clash in self.incompatible_variants:
            if clash <= chosen:
                raise ValueError(f"variants {', '.join(sorted(clash))} cannot be combined")
        return chosen

    def new(self, players: int, variants: Iterable[str] = (), seed: int = 0, **options) -> GameState:
        chosen = self.check_options(players, variants)
        return self.new_state(players, chosen, seed, **options)


_MISSING = object()


def _as_json(data: Any) -> Any:
    """``data`` as JSON reads it back (tuples are lists): what a saved document holds."""
    try:
        return json.loads(json.dumps(data))
    except (TypeError, ValueError, RecursionError) as error:
        raise StateFormatError(f"a state that is no JSON document ({type(error).__name__})") from None


def state_problem(code: str, text: str, **params: Any) -> Refusal:
    """A checker's finding (``GameSpec.check_state``): ``code`` ``core.state_*`` (every game's) or
    ``<game>.state_*`` (one game's own), the English ``text`` for the log."""
    return Refusal(code, text, params)


GAME_OVER = Refusal("core.game_over", "the game is over")
NOT_ALLOWED = Refusal("core.not_allowed", "that move is not allowed now")


def refusal_of_any(state: GameState, move: Move) -> Refusal:
    """The refusals every game shares: the game is over, or (when nothing more precise applies) not allowed now."""
    return GAME_OVER if state.is_over else NOT_ALLOWED


def unknown_move(move: "Move | str", text: str) -> Refusal:
    """A move this game does not have (``text`` says which moves it has)."""
    return Refusal("core.unknown_move", text, {"move": str(move)})


def malformed(move: "Move | str", text: str) -> Refusal:
    """A move of this game written wrongly (its arguments), e.g. typed at the command line."""
    return Refusal("core.malformed", text, {"move": str(move)})


def lowest_scores(scores: Sequence[int]) -> list[int]:
    """The seats with the fewest points (the winners of the LAMA games, ties share)."""
    best = min(scores)
    return [seat for seat, points in enumerate(scores) if points == best]


def state_header(state: GameState, variants: Iterable[str], version: int) -> dict:
    """The common head of every ``to_dict``: which game, which rules, which format version."""
    return {
        "format": SAVE_FORMAT,
        "game": state.game_id,
        "version": version,
        "players": state.num_players,
        "variants": sorted(variants),
    }


def upgrade(data: Any, game_id: str, version: int, migrations: Mapping[int, Callable[[dict], dict]]) -> Any:
    """An older saved state of ``game_id`` brought to ``version``: ``migrations[v]`` turns a version-``v`` dict
    into a version-``v + 1`` one (a new dict; the input is left alone). Anything else passes unchanged (the
    header check then says what is wrong with it)."""
    if not isinstance(data, dict) or data.get("game") != game_id:
        return data
    old = data.get("version")
    while isinstance(old, int) and old < version and old in migrations:
        data = migrations[old](dict(data))
        old += 1
        data["version"] = old
    return data


def check_header(data: Any, game_id: str, version: int) -> None:
    """Raise ``StateFormatError`` with a clear reason unless ``data`` is a saved state of this game and version."""
    if not isinstance(data, dict):
        raise StateFormatError("a saved state must be a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise StateFormatError(f"unknown save format {data.get('format')!r} (this version reads {SAVE_FORMAT})")
    if data.get("game") != game_id:
        raise StateFormatError(f"this is a save of {data.get('game')!r}, not of {game_id!r}")
    if data.get("version") != version:
        raise StateFormatError(f"{game_id} state version {data.get('version')!r} is not {version}")


#: what reading a damaged saved state can raise besides ``StateFormatError``
LOAD_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError)


@contextmanager
def reading_state(what: str):
    """Turn any error of reading a saved state inside the block into a ``StateFormatError`` that says ``damaged
    <what>: <error>`` (a ``StateFormatError`` raised inside passes unchanged)."""
    try:
        yield
    except StateFormatError:
        raise
    except LOAD_ERRORS as error:
        raise StateFormatError(f"damaged {what}: {type(error).__name__}: {error}") from None


def read_saved(data: Any, game_id: str, version: int, read: Callable[[dict], "GameState"],
               migrations: Mapping[int, Callable[[dict], dict]] | None = None) -> "GameState":
    """``read(data)`` once ``data`` (brought up to ``version`` by ``migrations``, see ``upgrade``) passed
    ``check_header``; a damaged field raises ``StateFormatError`` (``damaged <game_id> state: ...``)."""
    if migrations:
        with reading_state(f"{game_id} state"):
            data = upgrade(data, game_id, version, migrations)
    check_header(data, game_id, version)
    with reading_state(f"{game_id} state"):
        return read(data)

