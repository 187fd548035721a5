"""LAMA Dice's rules as data and pure functions (read by ``engine``, the bots and the table): the components from
``data/lama_dice.yaml`` (cards, llama row, the three dice), every outcome of a roll, a turn's phases, the
prebuilt moves and discard options, a row's points and the tokens held for a score.

Internally a card value is an index 0..6: 0..5 are the numbers 1..6, 6 the llama (``LABELS`` are their public
labels).
"""

from __future__ import annotations

from itertools import product
from typing import Sequence

from lama_desktop.engine.core import Move
from lama_desktop.resources import game_data

# ---------------------------------------------------------------------------------------------------------------
# Component data (from YAML). Internally a card value is an index 0..6: 0..5 are the numbers 1..6, 6 the llama.
# ---------------------------------------------------------------------------------------------------------------
_DATA = game_data(__package__, "lama_dice.yaml")
LABELS: tuple = (1, 2, 3, 4, 5, 6, "L")          # public label of each value index (JSON-safe)
CARD_IDS = ("1", "2", "3", "4", "5", "6", "L")        # YAML card ids
NV = 7
LLAMA = 6
_INDEX_OF = {label: i for i, label in enumerate(LABELS)}
_INDEX_OF.update({str(label): i for i, label in enumerate(LABELS)})
_INDEX_OF["l"] = LLAMA


def value_index(label) -> int:
    """Card label (1..6, "1".."6", "L") → value index; ``KeyError`` if it is not a card value."""
    return _INDEX_OF[label]


CARD_COUNTS: tuple = tuple(int(_DATA["cards"][i]) for i in CARD_IDS)          # 6,6,6,6,6,6,7
TOTAL_CARDS = sum(CARD_COUNTS)                                              # 43
POINTS: tuple = tuple(int(_DATA["card_points"][i]) for i in CARD_IDS)           # 1..6, 10
LLAMA_ROW: tuple = tuple(sum(1 for c in _DATA["llama_row"] if str(c) == i) for i in CARD_IDS)
ROW_SIZE = int(_DATA["row_size"])
END_POINTS = int(_DATA["game_end_points"])
TOKEN_VALUES = {name: int(v) for name, v in _DATA["tokens"].items()}
DICE_IDS: tuple = tuple(str(d["id"]) for d in _DATA["dice"])
DICE_FACES: tuple = tuple(tuple(value_index(str(f)) for f in d["faces"]) for d in _DATA["dice"])
NUM_DICE = len(DICE_FACES)
GREY_DECK: tuple = tuple(v for v in range(NV) for _ in range(CARD_COUNTS[v] - LLAMA_ROW[v]))  # the 36 dealt from
GREY_COUNTS: tuple = tuple(CARD_COUNTS[v] - LLAMA_ROW[v] for v in range(NV))


def _build_roll_table():
    """Every ordered outcome of the dice: (faces, counts per value, mask of values shown)."""
    table = []
    for faces in product(*DICE_FACES):
        counts = [0] * NV
        for f in faces:
            counts[f] += 1
        mask = 0
        for f in faces:
            mask |= 1 << f
        table.append((tuple(faces), tuple(counts), mask))
    return tuple(table)


ROLL_TABLE = _build_roll_table()
#: per mask of values shown, those values in order
SHOWN = tuple(tuple(v for v in range(NV) if m >> v & 1) for m in range(1 << NV))
NUM_OUTCOMES = len(ROLL_TABLE)                                   # 216
ALL_LLAMAS = tuple(LLAMA for _ in range(NUM_DICE))


def _merged_outcomes():
    groups: dict = {}
    for faces, counts, mask in ROLL_TABLE:
        key = counts
        if key in groups:
            groups[key][1] += 1
        else:
            groups[key] = [faces, 1, counts, mask]
    return tuple((g[0], g[1] / NUM_OUTCOMES, g[2], g[3]) for g in groups.values())


MERGED_OUTCOMES = _merged_outcomes()   # (faces representative, probability, counts, mask), merged by counts

# ---------------------------------------------------------------------------------------------------------------
# Moves (prebuilt constants: legal_moves returns these very objects)
# ---------------------------------------------------------------------------------------------------------------
#: a turn's phases: roll or quit, discard after a match, take after none, return a token, and the game's end
PH_TURN, PH_DISCARD, PH_TAKE, PH_RETURN, PH_OVER = range(5)
PHASE_NAMES = ("turn", "discard", "take", "return", "over")

ROLL = Move("roll")
QUIT = Move("quit")
KEEP = Move("keep")
TAKE = tuple(Move("take", (LABELS[v],)) for v in range(NV))
RETURN = {d: Move("return", (d,)) for d in (20, 10, 1)}
TURN_MOVES = (ROLL, QUIT)

_DISCARD_BY_COUNTS: dict = {}      # counts tuple → Move
_COUNTS_OF_DISCARD: dict = {}      # Move → counts tuple
_DISCARD_OPTIONS: dict = {}        # caps tuple → tuple of Moves (cache)


def _discard_move(counts: tuple) -> Move:
    move = _DISCARD_BY_COUNTS.get(counts)
    if move is None:
        args = tuple(LABELS[v] for v in range(NV) for _ in range(counts[v]))
        move = Move("discard", args)
        _DISCARD_BY_COUNTS[counts] = move
        _COUNTS_OF_DISCARD[move] = counts
    return move


def discard_options(caps: tuple) -> tuple:
    """All discard moves allowed by ``caps`` (per value: how many cards may go), at least one card."""
    options = _DISCARD_OPTIONS.get(caps)
    if options is None:
        ranges = [range(c + 1) for c in caps]
        options = tuple(_discard_move(k) for k in product(*ranges) if any(k))
        # most cards first, then lower values first: a stable, readable order for UIs and bots
        options = tuple(sorted(options, key=lambda m: (-len(m.args), _COUNTS_OF_DISCARD[m][::-1])))
        _DISCARD_OPTIONS[caps] = options
    return options


def discard_counts(move: Move) -> tuple:
    """The per-value counts of a discard move (``discard 3 L`` → (0,0,1,0,0,0,1))."""
    counts = _COUNTS_OF_DISCARD.get(move)
    if counts is None:
        c = [0] * NV
        for a in move.args:
            c[value_index(a)] += 1
        counts = tuple(c)
    return counts


def row_points(counts: Sequence[int]) -> int:
    """Penalty of a row: each distinct value once, all llamas 10 once."""
    total = 0
    for v in range(NV):
        if counts[v]:
            total += POINTS[v]
    return total


def holding(score: int, lama20: bool) -> dict:
    """The canonical tokens for ``score`` (exchanged at once): {20: pinks, 10: blacks, 1: whites}."""
    pinks = score // 20 if lama20 else 0
    rest = score - 20 * pinks
    return {20: pinks, 10: rest // 10, 1: rest % 10}


def returnable(score: int, lama20: bool) -> tuple:
    """Denominations a player with ``score`` points holds (largest first)."""
    h = holding(score, lama20)
    return tuple(d for d in (20, 10, 1) if h[d])


_RETURN_CACHE: dict = {}


def return_options(score: int, lama20: bool) -> tuple:
    """The moves of a player with ``score`` points who may return a token: each held denomination, or keep."""
    key = (score, lama20)
    moves = _RETURN_CACHE.get(key)
    if moves is None:
        moves = _RETURN_CACHE[key] = tuple(RETURN[d] for d in returnable(score, lama20)) + (KEEP,)
    return moves


def cards_text(counts: Sequence[int]) -> list:
    return [LABELS[v] for v in range(NV) for _ in range(counts[v])]


def counts_from(cards) -> list:
    """Cards given as a text ("1 3 L"), or an iterable of labels → counts list."""
    if isinstance(cards, str):
        cards = cards.split()
    counts = [0] * NV
    for c in cards:
        try:
            counts[value_index(c)] += 1
        except KeyError:
            raise ValueError(f"{c!r} is not a LAMA Dice card (1-6 or L)") from None
    return counts


def faces_index(faces) -> tuple:
    """Faces given as labels or value indices... labels only (1..6, 'L') to avoid ambiguity."""
    try:
        return tuple(value_index(f) for f in faces)
    except KeyError as error:
        raise ValueError(f"{error.args[0]!r} is not a die face (1-6 or L)") from None


def value_name(v: int) -> str:
    return "llama" if v == LLAMA else str(LABELS[v])
