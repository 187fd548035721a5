"""The LAMA Cadabra state's saved form: ``state_to_dict`` writes it, ``state_from_dict`` reads it back and checks
that its seats, tokens and scores add up; ``MIGRATIONS`` bring older saves up to date first, and
``complete_position`` fills in a crafted position."""

from __future__ import annotations

from lama_desktop.engine.core import StateFormatError, state_header
from lama_desktop.games.cadabra.components import (BOARD, MAGIC_TOKEN, PHASE_NAMES, START_WHITES, SUPPLY,
                                                   magic_from_text, magic_text, token_from_text, token_text)

STATE_VERSION = 2  # 2: "aside" (cards out of the round) and "scores" (each seat's points, checked)


def state_to_dict(state) -> dict:
    """``state`` (a ``CadabraState``) as its saved dict."""
    data = state_header(state, (), STATE_VERSION)
    data.update(state._cards_dict())
    data.update({
        "scores": state.scores,
        "whites": list(state.whites),
        "blacks": list(state.blacks),
        "magic": magic_text(state.magic),
        "board": [token_text(t) for t in state.board],
        "show": state.show,
        "phase": PHASE_NAMES[state.phase],
        "round": state.round_no,
        "last_player": state.last_player,
        "first_player": state.first_player,
        "history": [list(h) for h in state.history],
    })
    return data


def state_from_dict(cls, data: dict):
    """The ``cls`` (``CadabraState``) saved as ``data`` (of this version)."""
    players = int(data["players"])
    if not 2 <= players <= 6:
        raise StateFormatError(f"a LAMA Cadabra save for {players} players")
    if data.get("variants"):
        raise StateFormatError(f"LAMA Cadabra has no variants, the save lists {data['variants']!r}")
    s = cls.blank(players, 0)
    s._load_cards(data, "LAMA Cadabra")
    s.whites = [int(x) for x in data["whites"]]
    s.blacks = [int(x) for x in data["blacks"]]
    s.magic = magic_from_text(data["magic"])
    s.board = [token_from_text(t) for t in data["board"]]
    s.show = bool(data["show"])
    s.phase = PHASE_NAMES.index(data["phase"])
    s.round_no = int(data["round"])
    s.last_player = int(data["last_player"])
    s.first_player = int(data["first_player"])
    s.history = [[int(x) for x in h] for h in data["history"]]
    if {len(s.hands), len(s.active), len(s.whites), len(s.blacks)} != {players} or not 0 <= s.cur < players:
        raise StateFormatError("a saved LAMA Cadabra game whose seats do not add up")
    if not s.discard:
        raise StateFormatError("the discard pile of a saved LAMA Cadabra game cannot be empty")
    if min(s.whites + s.blacks) < 0:
        raise StateFormatError("a saved LAMA Cadabra game with a negative number of tokens")
    if [int(x) for x in data["scores"]] != s.scores:
        raise StateFormatError("a saved LAMA Cadabra game whose scores are not its tokens "
                               "(a score is its whites plus 10 per black)")
    if not (SUPPLY <= s.magic < players) or (s.magic == BOARD) != (MAGIC_TOKEN in s.board) \
            or s.board.count(MAGIC_TOKEN) > 1:
        raise StateFormatError("a saved LAMA Cadabra game whose magic token is in two places or none")
    return s


def _v1_to_v2(data: dict) -> dict:
    """Version 1 had every card in a hand or a pile and no "scores" (they are the tokens)."""
    if "aside" in data or "scores" in data:
        raise StateFormatError("a version 1 state has no 'aside' and no 'scores': this one says version 1 but is not")
    data["aside"] = []
    data["scores"] = [int(w) + 10 * int(b) for w, b in zip(data["whites"], data["blacks"], strict=False)]
    return data


MIGRATIONS = {1: _v1_to_v2}


def complete_position(data: dict) -> dict:
    """A crafted LAMA Cadabra position -> a full saved state. Needed: ``hands`` and the discard pile
    (``discard``, last on top, or its ``top`` card). Left out: ``pile`` empty, ``aside`` every other card
    (``"rest"``), everybody in, seat 0 to move, tokens from ``scores`` (largest first: blacks, then whites) or 3
    whites each, the magic token in the supply, an empty show board, round 1."""
    d = dict(data)
    hands = d["hands"]
    players = int(d.setdefault("players", len(hands)))
    if "discard" not in d:
        d["discard"] = [d.pop("top")]
    d.pop("top", None)
    d.setdefault("version", STATE_VERSION)
    if "whites" not in d and "blacks" not in d:
        scores = [int(x) for x in d.get("scores", [START_WHITES] * players)]
        d["whites"] = [x % 10 for x in scores]
        d["blacks"] = [x // 10 for x in scores]
    d.setdefault("whites", [0] * players)
    d.setdefault("blacks", [0] * players)
    d.setdefault("scores", [int(w) + 10 * int(b) for w, b in zip(d["whites"], d["blacks"], strict=False)])
    for key, value in (("rng", int(d.get("seed", 0))), ("pile", []), ("aside", "rest"),
                       ("active", [True] * players), ("current", 0), ("magic", "supply"), ("board", []),
                       ("show", False), ("phase", "playing"), ("round", 1), ("last_player", -1),
                       ("first_player", 0), ("history", [])):
        d.setdefault(key, value)
    d.pop("seed", None)
    return d
