"""LAMA Cadabra's components, read from ``data/lama_cadabra.yaml``: the card kinds with their values and symbols,
which card may follow which, the prebuilt moves and their action codes, the phases, the tokens and their text
forms, a hand's points and the deck's shuffle (the hot path of random playouts)."""

from __future__ import annotations

from lama_desktop.engine.core import Move
from lama_desktop.engine.hands import CardNames
from lama_desktop.engine.rng import Rng
from lama_desktop.resources import game_data

DATA = game_data(__package__, "lama_cadabra.yaml")
HAND_SIZE: int = DATA["hand_size"]
#: a ``draw`` / ``force_draw`` event's private field: only the drawing seat sees which card came up
PRIVATE_CARD = ("card",)
START_WHITES: int = DATA["starting_whites"]
END_POINTS: int = DATA["game_end_points"]
SHOW_THRESHOLD: int = DATA["show_threshold"]
LLAMA_POINTS: int = DATA["llama_points"]
MAGIC_POINTS: int = DATA["magic_points"]
EXCHANGE_WHITES: int = DATA["exchange_whites"]
LLAMA_VALUE: int = DATA["llama_value"]

# -- card kinds, from the data ----------------------------------------------------------------------------------
CARD_IDS: tuple[str, ...] = tuple(str(c["id"]) for c in DATA["cards"])
NUM_KINDS = len(CARD_IDS)
KIND = {name: k for k, name in enumerate(CARD_IDS)}
VALUES: tuple[tuple[int, ...], ...] = tuple(tuple(int(v) for v in c["values"]) for c in DATA["cards"])
SYMBOL: tuple[str | None, ...] = tuple(c.get("symbol") for c in DATA["cards"])
DECK_COUNTS: tuple[int, ...] = tuple(int(c["count"]) for c in DATA["cards"])
DECK_SIZE = sum(DECK_COUNTS)
IS_LLAMA = tuple(LLAMA_VALUE in VALUES[k] for k in range(NUM_KINDS))
LLAMA_KINDS = tuple(k for k in range(NUM_KINDS) if IS_LLAMA[k])
GIVES = tuple(SYMBOL[k] == "give" for k in range(NUM_KINDS))
DRAWS = tuple(SYMBOL[k] == "draw" for k in range(NUM_KINDS))
MAGICS = tuple(SYMBOL[k] == "magic" for k in range(NUM_KINDS))
for _k, _s in enumerate(SYMBOL):
    if _s is not None and _s not in DATA["symbols"]:
        raise ValueError(f"lama_cadabra.yaml: card {CARD_IDS[_k]} has unknown symbol {_s!r}")


def _follows(value: int, top: int) -> bool:
    """May a card of ``value`` go on a card of ``top``? Same value, one higher, a llama on a 6, 1/llama on a llama."""
    if value == top or value == top + 1:
        return True
    return top == LLAMA_VALUE and value == 1


#: for each top kind, the kinds that may be played on it (a double card has both values on either side)
PLAYABLE: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(NUM_KINDS) if any(_follows(v, w) for v in VALUES[k] for w in VALUES[top]))
    for top in range(NUM_KINDS)
)
PLAYABLE_SETS = tuple(frozenset(p) for p in PLAYABLE)


def _card_arg(name: str):
    return int(name) if name.isdigit() else name


PLAY = tuple(Move("play", (_card_arg(name),)) for name in CARD_IDS)
DRAW = Move("draw")
QUIT = Move("quit")
PASS = Move("pass")
TAKE = Move("take")
EXCHANGE = Move("exchange")
GIVE = tuple(Move("give", (s,)) for s in range(6))
RETURN = {10: Move("return", (10,)), 1: Move("return", (1,))}

A_PLAY, A_DRAW, A_QUIT, A_PASS, A_TAKE, A_EXCHANGE, A_GIVE, A_RETURN = range(8)
ACTIONS: dict[Move, tuple[int, int]] = {
    DRAW: (A_DRAW, 0), QUIT: (A_QUIT, 0), PASS: (A_PASS, 0), TAKE: (A_TAKE, 0), EXCHANGE: (A_EXCHANGE, 0),
}
for _k in range(NUM_KINDS):
    ACTIONS[PLAY[_k]] = (A_PLAY, _k)
for _s in range(6):
    ACTIONS[GIVE[_s]] = (A_GIVE, _s)
for _d, _m in RETURN.items():
    ACTIONS[_m] = (A_RETURN, _d)

#: the same table keyed by the prebuilt moves' identity (a dict lookup without hashing a dataclass)
ACTIONS_BY_ID: dict[int, tuple[int, int]] = {id(m): a for m, a in ACTIONS.items()}

# phases
PLAYING, GIVING, RETURNING, OVER = range(4)
PHASE_NAMES = ("playing", "giving", "returning", "over")
# where the magic token is, besides a seat
SUPPLY, BOARD = -1, -2
MAGIC_TOKEN = 0  # the magic token on the board list


def token_text(token: int):
    return "M" if token == MAGIC_TOKEN else token


def token_from_text(text) -> int:
    if text == "M":
        return MAGIC_TOKEN
    value = int(text)
    if value not in (1, 10):
        raise ValueError(f"unknown token {text!r}")
    return value


def magic_text(where: int):
    return "supply" if where == SUPPLY else "board" if where == BOARD else where


def magic_from_text(text) -> int:
    if text == "supply":
        return SUPPLY
    if text == "board":
        return BOARD
    return int(text)


def hand_points(hand: list[int]) -> tuple[int, dict]:
    """Points of a hand: each distinct value once (a double card counts both its values), llamas 10 once."""
    cards_for: dict[int, list[str]] = {}
    llamas = 0
    for k in range(NUM_KINDS):
        n = hand[k]
        if not n:
            continue
        if IS_LLAMA[k]:
            llamas += n
            continue
        for v in VALUES[k]:
            cards_for.setdefault(v, []).extend([CARD_IDS[k]] * n)
    values = sorted(cards_for)
    llama_pts = LLAMA_POINTS if llamas else 0
    total = sum(values) + llama_pts
    return total, {"values": [{"value": v, "cards": cards_for[v]} for v in values], "llama_cards": llamas,
                   "llama_points": llama_pts, "total": total}


#: per kind, a bit per value it has (bit 7 for the llama); per mask, the points those values score
VALUE_MASK: tuple[int, ...] = tuple(sum(1 << v for v in VALUES[k]) for k in range(NUM_KINDS))
MASK_POINTS: tuple[int, ...] = tuple(
    sum(v for v in range(1, LLAMA_VALUE) if m >> v & 1) + (LLAMA_POINTS if m >> LLAMA_VALUE & 1 else 0)
    for m in range(1 << (LLAMA_VALUE + 1))
)
_KIND_MASKS = tuple(zip(range(NUM_KINDS), VALUE_MASK, strict=False))


def hand_value(hand: list[int]) -> int:
    """Points of a hand, fast (no breakdown)."""
    m = 0
    for k, bits in _KIND_MASKS:
        if hand[k]:
            m |= bits
    return MASK_POINTS[m]


CARDS = CardNames(CARD_IDS, 0, lambda name: f"unknown LAMA Cadabra card {name!r} (known: {', '.join(CARD_IDS)})")
hand_to_names = CARDS.hand_to_names
names_to_hand = CARDS.names_to_hand


FULL_DECK: tuple[int, ...] = tuple(k for k in range(NUM_KINDS) for _ in range(DECK_COUNTS[k]))
_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1


def shuffle_deck(rng: Rng, items: list) -> None:
    """Fisher–Yates driven by the state's ``Rng``, two 32-bit draws per SplitMix64 output (the deal is the hot
    path of random playouts; the modulo bias stays below 2**-26 for a 60-card deck)."""
    state = rng.state
    spare = -1
    for i in range(len(items) - 1, 0, -1):
        if spare < 0:
            state = (state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            j = (z & _MASK32) % (i + 1)
            spare = z >> 32
        else:
            j = spare % (i + 1)
            spare = -1
        items[i], items[j] = items[j], items[i]
    rng.state = state
