"""The LAMA Dice state's saved form: ``state_to_dict`` writes it, ``state_from_dict`` reads it back and checks every
part (a damaged file is refused with what is wrong); ``MIGRATIONS`` bring older saves up to date first, and
``complete_position`` fills in a crafted position."""

from __future__ import annotations

from lama_desktop.engine.core import StateFormatError, state_header
from lama_desktop.engine.rng import Rng
from lama_desktop.games.dice.rules import (
    CARD_COUNTS, END_POINTS, LABELS, LLAMA_ROW, NV, PHASE_NAMES, PH_DISCARD, PH_OVER, PH_RETURN, PH_TAKE, PH_TURN,
    cards_text, counts_from, faces_index
)

STATE_VERSION = 2  # 2: "active" (who is still in) instead of "quit", "aside" instead of "unused"


def state_to_dict(state) -> dict:
    """``state`` (a ``DiceState``) as its saved dict."""
    data = state_header(state, ["lama20"] if state.lama20 else [], STATE_VERSION)
    data.update({
        "seed": state.seed,
        "first_player": state.first_player,
        "rng": state.rng.state,
        "round": state.round_no,
        "starter": state.starter,
        "last_actor": state.last_actor,
        "current": state.cur,
        "phase": PHASE_NAMES[state.phase],
        "reason": state.reason,
        "dice": None if state.dice is None else [LABELS[f] for f in state.dice],
        "scores": list(state._scores),
        "active": [not q for q in state.out],
        "rows": [cards_text(r) for r in state.rows],
        "llama_row": cards_text(state.llama),
        "discarded": cards_text(state.discarded),
        "aside": cards_text(state.unused),
    })
    return data


def _bad(reason: str):
    raise StateFormatError(f"damaged lama-dice state: {reason}")


def state_from_dict(cls, data: dict):
    """The ``cls`` (``DiceState``) saved as ``data`` (of this version); each part is checked as it is read, in
    the order below, so a damaged file is refused with its first fault."""
    state = _read_table(cls, data)
    _read_cards(state, data)
    _read_scores(state, data)
    _read_turn(cls, state, data)
    return state


def _read_table(cls, data: dict):
    """The players, variants, first player and the ``Rng``: a state with nothing dealt yet."""
    n = data["players"]
    if not isinstance(n, int) or not 2 <= n <= 6:
        _bad(f"players must be 2 to 6, not {n!r}")
    variants = data.get("variants", [])
    if not isinstance(variants, list) or any(v != "lama20" for v in variants):
        _bad(f"unknown variants {variants!r}")
    first = data["first_player"]
    if not isinstance(first, int) or not 0 <= first < n:
        _bad("first_player is not a seat")
    state = cls(n, variants, int(data["seed"]), first_player=first, _deal=False)
    rng_state = data["rng"]
    if not isinstance(rng_state, int) or not 0 <= rng_state < 1 << 64:
        _bad("rng state must be a 64-bit unsigned int")
    state.rng = Rng(rng_state)
    return state


def _read_cards(state, data: dict) -> None:
    """The rows, the llama row, the discard pile and the cards aside, which must add up to the deck."""
    rows = data["rows"]
    if not isinstance(rows, list) or len(rows) != state.num_players:
        _bad("one row per player is needed")
    state.rows = [counts_from(r) for r in rows]
    state.llama = counts_from(data["llama_row"])
    state.discarded = counts_from(data["discarded"])
    if data["aside"] == "rest":  # a crafted position: every card in no row, not in the llama row, not discarded
        state.unused = [0] * NV
        state.unused = [CARD_COUNTS[v] - t for v, t in enumerate(state.card_totals())]
        if min(state.unused) < 0:
            _bad("more cards of some value than the 43-card deck has")
    else:
        state.unused = counts_from(data["aside"])
    if state.card_totals() != list(CARD_COUNTS):
        _bad("the cards do not add up to the 43-card deck")
    if any(c > 1 for c in state.llama):
        _bad("the llama row holds at most one card of each value")


def _read_scores(state, data: dict) -> None:
    """The scores, who is still in, the round, its starter and the last to act."""
    n = state.num_players
    scores = data["scores"]
    if not isinstance(scores, list) or len(scores) != n or not all(isinstance(s, int) and s >= 0 for s in scores):
        _bad("scores must be one non-negative int per player")
    state._scores = list(scores)
    active = data["active"]
    if not isinstance(active, list) or len(active) != n or not all(isinstance(a, bool) for a in active):
        _bad("active must be one bool per player")
    state.out = [not a for a in active]
    for key in ("round", "starter", "last_actor", "current"):
        if not isinstance(data[key], int):
            _bad(f"{key} must be an int")
    state.round_no = data["round"]
    state.starter = data["starter"]
    state.last_actor = data["last_actor"]
    if not 0 <= state.starter < n or not 0 <= state.last_actor < n:
        _bad("starter and last_actor must be seats")


def _read_turn(cls, state, data: dict) -> None:
    """The phase, the player to move, the dice and the reason for a return, checked against each other."""
    n = state.num_players
    phase = data["phase"]
    if phase not in PHASE_NAMES:
        _bad(f"unknown phase {phase!r}")
    state.phase = PHASE_NAMES.index(phase)
    cur = data["current"]
    if state.phase == PH_OVER:
        if cur != -1:
            _bad("a finished game has no current player")
        if max(state._scores) < END_POINTS:
            _bad(f"a finished game needs a score of {END_POINTS} or more")
    elif not 0 <= cur < n or state.out[cur]:
        _bad("the current player must be a seat still in the round")
    state.cur = cur
    dice = data["dice"]
    reason = data.get("reason", "")
    state.reason = reason
    if state.phase in (PH_DISCARD, PH_TAKE) or (state.phase == PH_RETURN and reason == "three_llamas"):
        if not isinstance(dice, list):
            _bad("this phase needs the dice")
        state.dice = faces_index(cls.dice_assignment(dice))
    elif dice is not None:
        _bad("dice are only kept while their roll is being resolved")
    if state.phase != PH_OVER and not any(state.llama):
        _bad("the llama row is empty during a round")
    state._moves = state._moves_for_phase()
    if state.phase != PH_OVER and not state._moves:
        _bad(f"no legal move in phase {phase}")
    if state.phase == PH_RETURN and reason not in ("three_llamas", "empty_row"):
        _bad("a return needs a reason: three_llamas or empty_row")
    if state.phase == PH_RETURN and reason == "empty_row" and any(state.rows[cur]):
        _bad("a return for an emptied row needs an empty row")
    if state.phase in (PH_TURN, PH_DISCARD, PH_TAKE) and not any(state.rows[cur]):
        _bad("the player to move has an empty row")

def _v1_to_v2(data: dict) -> dict:
    """Version 1 listed who had quit ("quit") where the other games list who is still in ("active"), and called
    the cards out of the round "unused"."""
    quit_ = data.pop("quit")
    data["active"] = [not q for q in quit_] if isinstance(quit_, list) else quit_
    data["aside"] = data.pop("unused")
    return data


MIGRATIONS = {1: _v1_to_v2}


def complete_position(data: dict) -> dict:
    """A crafted LAMA Dice position -> a full saved state. Needed: ``rows`` (one list of cards per seat). Left
    out: the full llama row, nothing discarded, ``aside`` every other card (``"rest"``), everybody in, seat 0 to
    roll (phase ``turn``), no points, round 1."""
    d = dict(data)
    players = int(d.setdefault("players", len(d["rows"])))
    current = int(d.setdefault("current", 0))
    d.setdefault("version", STATE_VERSION)
    for key, value in (("seed", 0), ("rng", int(d.get("seed", 0))), ("first_player", current), ("round", 1),
                       ("starter", current), ("last_actor", current), ("phase", "turn"), ("reason", ""),
                       ("dice", None), ("scores", [0] * players), ("active", [True] * players),
                       ("llama_row", cards_text(LLAMA_ROW)), ("discarded", []), ("aside", "rest")):
        d.setdefault(key, value)
    return d
