"""A "Learn to play" lesson as data: ``tutorials/<game_id>.yaml`` in the game's folder, loaded and checked (no pygame).

The file (docs/APP.md, "Tutorials", says how to write one)::

    game: lama                   # registry game id; the file is named after it
    variants: []                 # engine variants
    position: lama.json          # tutorials/positions/<file> beside it: the common position format
    seats:                       # seat 0 is the learner
      - {kind: human}
      - {kind: bot, name: Bruno}
    bots:                        # each bot seat's moves, in order (engine move strings)
      1: ["play 4", "draw"]
    shots: [welcome, follow]     # steps the screenshot tool renders (tutorial-<game>-<step>)
    steps:
      - {id: welcome, point: hand}                                   # narration: Next (Enter) goes on
      - {id: follow, point: "hand:5", do: ["play 5"], input: [{click: point}]}
      - {id: recap, recap: true}

A step's words are the string ``tutorial_<game_key>.<id>`` (``game_keys()``); a ``do`` step also has
``<id>_wrong`` (why a legal move other than the ``do`` ones is not the one the lesson wants now); the last step
is the recap, ``tutorial_<game_key>.recap``. ``load_tutorial`` refuses a file that breaks any of this with a
``TutorialError`` naming the file and the step; the catalog extractor reads the same keys (``tutorial_keys``) so
they count as used strings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Mapping

import yaml

from lama_desktop.engine.core import IllegalMove, Move, StateFormatError
from lama_desktop.engine.registry import load_position, plugins


def game_keys() -> dict[str, str]:
    """Game id -> the key its lesson's strings use (``tutorial_<key>``: the string domain), for every registered
    game that has a lesson (its descriptor's ``lesson``)."""
    return {game_id: plugin.lesson for game_id, plugin in plugins().items() if plugin.lesson}


#: when a step is shown: ``idle`` (the table settled: the default of narration steps; the bots wait for it),
#: ``learner_turn`` (the learner is to move: the default of ``do`` steps), ``round_end`` (a round was closed since
#: the previous step), ``game_end``
WHENS = ("idle", "learner_turn", "round_end", "game_end")
STEP_KEYS = {"id", "point", "do", "input", "when", "recap"}
FILE_KEYS = {"game", "variants", "position", "seats", "bots", "steps", "shots"}
REQUIRED_FILE_KEYS = ("game", "position", "seats", "steps")
ID = re.compile(r"^[a-z][a-z0-9_]*$")
#: a key the headless test presses: ``n``, ``shift+n``, ``ctrl+z``, ``return``, ``space``, ``left``, ``1``
KEY = re.compile(r"^((shift|ctrl|alt)\+)*[a-z0-9_]+$")
#: a piece name (``hand``, ``hand:5``, ``plate:1``, ``button:draw``, ``spot:2,-1``); the argument may be any
#: engine card id (``hand:2/3``, ``hand:5*``) or a move-named button (``button:return 10``)
PIECE = re.compile(r"^[a-z][a-z0-9_-]*(:[A-Za-z0-9_+,.\-/*]+( [A-Za-z0-9_+,.\-/*]+)*)?$")
RECAP_ID = "recap"
WRONG = "_wrong"


class TutorialError(ValueError):
    """A lesson file that is not one; the message names the file and the step."""


@dataclass(frozen=True)
class Step:
    id: str
    #: the piece the narrator points at (``tutorial_rect(point)``), or None
    point: str | None = None
    #: the moves that complete the step (any one of them; engine move strings, normalised); empty: narration
    do: tuple[str, ...] = ()
    #: what the headless test posts to make the move: ``{"click": "point" | piece}`` or ``{"key": "shift+n"}``
    input: tuple[Mapping[str, str], ...] = ()
    when: str = "idle"
    recap: bool = False

    @property
    def narration(self) -> bool:
        """No move to make: the learner reads and presses Next (the recap is not one)."""
        return not self.do and not self.recap


@dataclass(frozen=True)
class Tutorial:
    game_id: str
    variants: tuple[str, ...]
    #: the position's file name in ``positions/`` beside the lesson file
    position: str
    #: ``{"kind": "human"}`` for seat 0, ``{"kind": "bot", "name": ...}`` for the others
    seats: tuple[Mapping[str, Any], ...]
    #: bot seat -> its scripted moves (normalised move strings), in order
    bots: Mapping[int, tuple[str, ...]]
    steps: tuple[Step, ...]
    shots: tuple[str, ...] = ()
    path: Path | None = field(default=None, compare=False)

    @property
    def game_key(self) -> str:
        return game_keys()[self.game_id]

    @property
    def domain(self) -> str:
        """The string domain of this lesson's words (``tutorial_lama``)."""
        return f"tutorial_{self.game_key}"

    def key(self, step: Step | str) -> str:
        """The string a step says (``tutorial_lama.follow``)."""
        return f"{self.domain}.{step.id if isinstance(step, Step) else step}"

    def wrong_key(self, step: Step | str) -> str:
        """What a ``do`` step says when a legal move other than its own is tried (``tutorial_lama.follow_wrong``)."""
        return self.key(step) + WRONG

    def keys(self) -> list[str]:
        """Every string the lesson says, in step order."""
        return tutorial_keys(self.game_id, [{"id": s.id, "do": list(s.do)} for s in self.steps])

    def step(self, step_id: str) -> Step:
        for step in self.steps:
            if step.id == step_id:
                return step
        raise KeyError(step_id)

    def position_path(self) -> Path:
        folder = self.path.parent if self.path is not None else tutorials_dir(self.game_id)
        return folder / "positions" / self.position

    def start_state(self):
        """The engine state the lesson starts from (``registry.load_position`` of its position file)."""
        return load_position(self.position_path())


def tutorials_dir(game_id: str) -> Path:
    """Where the lesson of ``game_id`` lives: its game's folder's ``tutorials/``."""
    return plugins()[game_id].folder / "tutorials"


def tutorials(folder: Path | None = None) -> list[str]:
    """The game ids that have a lesson (``folder/<game_id>.yaml``; by default in each game's own folder), in the
    games' menu order."""
    games = plugins()
    if folder is None:
        found = {game_id for game_id in games if (tutorials_dir(game_id) / f"{game_id}.yaml").is_file()}
    else:
        found = {p.stem for p in folder.glob("*.yaml")} if folder.is_dir() else set()
    rank = {game_id: index for index, game_id in enumerate(games)}
    return sorted(found, key=lambda g: (rank.get(g, len(rank)), g))


def tutorial_keys(game_id: str, steps: Any) -> list[str]:
    """The string keys of a lesson's steps (``steps`` as in the file: a list of mappings with ``id`` and maybe
    ``do``/``recap``); what the catalog extractor counts as used. Lenient: a malformed entry is skipped (the
    loader reports it)."""
    key = game_keys().get(game_id)
    if key is None or not isinstance(steps, list):
        return []
    out = []
    for step in steps:
        if not isinstance(step, Mapping) or not isinstance(step.get("id"), str):
            continue
        out.append(f"tutorial_{key}.{step['id']}")
        if step.get("do"):
            out.append(f"tutorial_{key}.{step['id']}{WRONG}")
    return out


def file_keys(path: Path) -> list[str]:
    """``tutorial_keys`` of a lesson file (for the catalog extractor; a file that does not parse yields none)."""
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return []
    if not isinstance(data, Mapping):
        return []
    return tutorial_keys(str(data.get("game", Path(path).stem)), data.get("steps"))


@cache
def load_tutorial(game_id: str, folder: Path | None = None) -> Tutorial:
    """The lesson of ``game_id``, checked; ``TutorialError`` naming the file and step when it is not right."""
    if folder is None:
        try:
            folder = tutorials_dir(game_id)
        except KeyError:
            raise TutorialError(f"{game_id}: no such game, so no lesson") from None
    path = folder / f"{game_id}.yaml"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise TutorialError(f"{path}: cannot read the lesson: {error}") from None
    return parse_tutorial(text, path, check_position=True)


class _Reader:
    """Reads one lesson file part by part; ``fail`` names the file (and the step) in every complaint."""

    def __init__(self, path: Path):
        self.path = path

    def fail(self, message: str, step: str | None = None) -> TutorialError:
        where = f"{self.path.name}, step {step!r}" if step else self.path.name
        return TutorialError(f"{where}: {message}")

    def move_text(self, raw: Any, step: str | None, what: str) -> str:
        if not isinstance(raw, str):
            raise self.fail(f"{what} {raw!r} is not a move string", step)
        try:
            return str(Move.parse(raw))
        except (IllegalMove, ValueError) as error:
            raise self.fail(f"{what} {raw!r} is not a move: {error}", step) from None

    def data(self, text: str) -> Mapping:
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as error:
            raise self.fail(f"not YAML: {error}") from None
        if not isinstance(data, Mapping):
            raise self.fail("a lesson is a mapping (game, position, seats, bots, steps)")
        unknown = sorted(set(map(str, data)) - FILE_KEYS)
        if unknown:
            raise self.fail(f"unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(FILE_KEYS))})")
        for name in REQUIRED_FILE_KEYS:
            if name not in data:
                raise self.fail(f"'{name}' is missing")
        return data

    def game(self, data: Mapping) -> tuple[str, list]:
        game_id = data["game"]
        if game_id not in game_keys():
            raise self.fail(f"game {game_id!r} has no lesson key (known: {', '.join(game_keys())})")
        if self.path.stem != game_id:
            raise self.fail(f"the lesson of {game_id!r} must be named {game_id}.yaml")
        variants = data.get("variants") or []
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise self.fail("'variants' is a list of variant ids")
        return game_id, variants

    def seats(self, data: Mapping) -> list[dict]:
        seats_raw = data["seats"]
        if not isinstance(seats_raw, list) or len(seats_raw) < 2:
            raise self.fail("'seats' lists every seat (at least two)")
        seats = []
        for index, seat in enumerate(seats_raw):
            if not isinstance(seat, Mapping) or set(seat) - {"kind", "name"}:
                raise self.fail(f"seat {index} must be {{kind: human}} or {{kind: bot, name: ...}}")
            kind = seat.get("kind")
            if index == 0 and kind != "human":
                raise self.fail("seat 0 is the learner: {kind: human}")
            if index > 0:
                if kind != "bot":
                    raise self.fail(f"seat {index}: only seat 0 is human (kind: bot)")
                if not isinstance(seat.get("name"), str) or not seat["name"].strip():
                    raise self.fail(f"seat {index} needs a name")
            seats.append(dict(seat))
        return seats

    def bots(self, data: Mapping, seats: list) -> dict[int, tuple[str, ...]]:
        bots_raw = data.get("bots") or {}
        if not isinstance(bots_raw, Mapping):
            raise self.fail("'bots' maps each bot seat to its list of moves")
        bots: dict[int, tuple[str, ...]] = {}
        for seat, moves in bots_raw.items():
            if not isinstance(seat, int) or not 0 < seat < len(seats):
                raise self.fail(f"bots: {seat!r} is not a bot seat (1..{len(seats) - 1})")
            if not isinstance(moves, list):
                raise self.fail(f"bots: seat {seat}'s moves are a list")
            bots[seat] = tuple(self.move_text(m, None, f"bot {seat}'s move") for m in moves)
        return bots

    def steps(self, data: Mapping) -> tuple[list[Step], set[str]]:
        steps_raw = data["steps"]
        if not isinstance(steps_raw, list) or not steps_raw:
            raise self.fail("'steps' is a non-empty list")
        steps: list[Step] = []
        seen: set[str] = set()
        for number, raw in enumerate(steps_raw):
            steps.append(self.step(number, raw, seen))
        for step in steps[:-1]:
            if step.recap:
                raise self.fail("only the last step is the recap", step.id)
        if not steps[-1].recap or steps[-1].id != RECAP_ID:
            raise self.fail(f"the last step is the recap: {{id: {RECAP_ID}, recap: true}}", steps[-1].id)
        return steps, seen

    def step(self, number: int, raw: Any, seen: set[str]) -> Step:
        if not isinstance(raw, Mapping):
            raise self.fail(f"step {number + 1} is not a mapping")
        step_id = raw.get("id")
        if not isinstance(step_id, str) or not ID.match(step_id) or step_id.endswith(WRONG):
            raise self.fail(f"step {number + 1}: id {step_id!r} must be lowercase letters, digits and _ "
                            f"(not ending in {WRONG})")
        if step_id in seen:
            raise self.fail("the id is used twice", step_id)
        seen.add(step_id)
        unknown = sorted(set(map(str, raw)) - STEP_KEYS)
        if unknown:
            raise self.fail(f"unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(STEP_KEYS))})", step_id)
        point = raw.get("point")
        if point is not None and (not isinstance(point, str) or not PIECE.match(point)):
            raise self.fail(f"point {point!r} is not a piece name (kind or kind:arg)", step_id)
        recap = raw.get("recap", False)
        if not isinstance(recap, bool):
            raise self.fail("recap is true or false", step_id)
        do_raw = raw.get("do") or []
        if isinstance(do_raw, str):
            do_raw = [do_raw]
        if not isinstance(do_raw, list):
            raise self.fail("'do' is a list of moves", step_id)
        do = tuple(self.move_text(m, step_id, "do") for m in do_raw)
        inputs = self.inputs(raw, point, step_id)
        if do and not inputs:
            raise self.fail("a step with 'do' needs the 'input' that makes the move", step_id)
        if inputs and not do:
            raise self.fail("'input' without 'do': only a step with a move takes input (narration: Next)", step_id)
        if recap and (do or inputs):
            raise self.fail("the recap step makes no move", step_id)
        when = raw.get("when", "learner_turn" if do else "idle")
        if when not in WHENS:
            raise self.fail(f"when {when!r} is not one of {', '.join(WHENS)}", step_id)
        if do and when != "learner_turn":
            raise self.fail("a step with 'do' is shown on the learner's turn (leave 'when' out)", step_id)
        return Step(step_id, point, do, tuple(dict(i) for i in inputs), when, recap)

    def inputs(self, raw: Mapping, point: str | None, step_id: str) -> list:
        inputs = raw.get("input") or []
        if not isinstance(inputs, list):
            raise self.fail("'input' is a list of {click: ...} / {key: ...}", step_id)
        for item in inputs:
            if not isinstance(item, Mapping) or len(item) != 1 or next(iter(item)) not in ("click", "key"):
                raise self.fail(f"input {item!r} must be {{click: point}}, {{click: <piece>}} or {{key: <key>}}",
                                step_id)
            (kind, value), = item.items()
            value = str(value)
            if kind == "key" and not KEY.match(value):
                raise self.fail(f"key {value!r} is not a key name (n, shift+n, return, space...)", step_id)
            if kind == "click" and value != "point" and not PIECE.match(value):
                raise self.fail(f"click {value!r} is not 'point' nor a piece name", step_id)
            if kind == "click" and value == "point" and point is None:
                raise self.fail("{click: point} needs a 'point'", step_id)
        return inputs

    def position(self, data: Mapping) -> str:
        position = data["position"]
        if not isinstance(position, str) or "/" in position or not position.endswith(".json"):
            raise self.fail("'position' is a file name in the lesson's positions/ folder (name.json)")
        return position

    def check_position(self, position: str, game_id: str, variants: list, seats: list) -> None:
        """The position file exists and is one of this lesson's game, seats and variants."""
        try:
            state = load_position(self.path.parent / "positions" / position)
        except StateFormatError as error:
            raise self.fail(f"the position {position}: {error}") from None
        if state.num_players != len(seats):
            raise self.fail(f"the position is for {state.num_players} players, 'seats' has {len(seats)}")
        if getattr(state, "game_id", game_id) != game_id:
            raise self.fail(f"the position {position} is one of {state.game_id!r}, not of {game_id!r}")
        if sorted(state.to_dict().get("variants") or []) != sorted(variants):
            raise self.fail(f"the position's variants {sorted(state.to_dict().get('variants') or [])} are not "
                            f"'variants' {sorted(variants)}")


def parse_tutorial(text: str, path: Path, check_position: bool = True) -> Tutorial:
    """The lesson in ``text`` (the file ``path``), checked part by part; ``TutorialError`` naming the file and step
    when it is not right. ``check_position``: its position file is read and must fit the lesson too."""
    reader = _Reader(path)
    data = reader.data(text)
    game_id, variants = reader.game(data)
    seats = reader.seats(data)
    bots = reader.bots(data, seats)
    steps, seen = reader.steps(data)
    shots = data.get("shots") or []
    if not isinstance(shots, list) or not all(isinstance(s, str) and s in seen for s in shots):
        raise reader.fail("'shots' lists ids of steps")
    position = reader.position(data)
    tutorial = Tutorial(game_id, tuple(variants), position, tuple(seats), bots, tuple(steps), tuple(shots), path)
    if check_position:
        reader.check_position(position, game_id, variants, seats)
    return tutorial
