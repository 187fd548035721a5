"""The soundness check of a Llama Land state it did not play itself (a save, a past game's start, a position):
``check_state`` is the ``GameSpec.check_state`` of ``llama-land``, and the random-play tests
(``games/llama_land/tests/test_llama_land_random.py``) run this same code after every move."""

from __future__ import annotations

from lama_desktop.engine.core import Refusal, state_problem
from lama_desktop.games.llama_land.engine.data import NONE, TILES, D, dec, enc
from lama_desktop.games.llama_land.engine.moves import PHASE_NAMES
from lama_desktop.games.llama_land.engine.player import BOARD, FOUNDATION

#: what ended the game's last round (``state.triggered``): nothing yet, the llama cards, the tiles
TRIGGERS = ("", "llama_cards", "tiles")


def _supplies(s) -> Refusal | None:
    """Crops, coins, llamas, llama cards, characters, tiles, foundations and markers: each in one place."""
    n, players = s.num_players, s.players
    for k in range(3):
        if s.supply_crops[k] + sum(p.crops[k] for p in players) != D.crops_each or min(
                [s.supply_crops[k]] + [p.crops[k] for p in players]) < 0:
            return state_problem("core.state_pieces", "the crops do not add up")
    if s.supply_coins + sum(p.coins for p in players) != D.coins or s.supply_coins < 0:
        return state_problem("core.state_pieces", "the coins do not add up")
    if s.supply_llamas + sum(len(p.llamas) for p in players) != D.llama_tokens or s.supply_llamas < 0:
        return state_problem("core.state_pieces", "the llamas do not add up")
    per_kind = D.llama_per_players[n]  # a dealt game has them all; a crafted position may leave some out
    for k in range(3):
        if len(s.columns[k]) + sum(1 for p in players for kind, _ in p.cards if kind == k) > per_kind or (
                s.columns[k] != sorted(s.columns[k])):
            return state_problem("core.state_cards", "the llama cards do not add up")
    if sorted(s.row + s.deck + [c for p in players for c in p.chars]) != list(range(len(D.characters))):
        return state_problem("core.state_cards", "the character cards do not add up")
    placed = [e[1] for p in players for e in p.log if e[0] != "foundation"]
    if sorted(placed + [t for pile in s.stacks for t in pile]) != list(range(len(TILES))):
        return state_problem("core.state_pieces", "the terrain tiles do not add up")
    used = sum(1 for p in players for e in p.log if e[0] == "foundation")
    if used + sum(p.foundations for p in players) != D.foundations_each * n or min(
            p.foundations for p in players) < 0:
        return state_problem("core.state_pieces", "the foundations do not add up")
    if s.objectives:
        on_cards = sum(1 for m in s.markers for seat in m if seat >= 0)
        if on_cards + sum(p.markers for p in players) != D.markers_each * n:
            return state_problem("core.state_pieces", "the markers do not add up")
        for m in s.markers:
            seats = [x for x in m if x >= 0]
            if len(seats) != len(set(seats)) or any(x >= n for x in seats) or (n == 2 and m[1] != -1):
                return state_problem("core.state_pieces", "an objective card holds markers it cannot")
    return None


def _domain(p) -> Refusal | None:
    """A domain the stacking rules allow: the heights, top icons and top tiles its placements make."""
    levels = p.levels()
    if set(levels) != set(p.heights):
        return state_problem("llama_land.state_domain", "a domain's cells do not match its placements")
    board = D.boards[p.board].icons
    for cell, stack in levels.items():
        if p.heights[cell] != len(stack) or p.toptile[cell] != stack[-1]:
            return state_problem("llama_land.state_domain", "a domain's heights do not match its placements")
    for entry in p.log:
        if entry[0] in ("extend", "build"):
            _, tile, oi, x, y, level = entry
            orient = D.orientations[D.tiles[tile].shape][oi]
            for (cx, cy), icon in zip(orient.cells, D.tiles[tile].icons, strict=False):
                cell = enc(x + cx, y + cy)
                if p.toptile[cell] == tile and (p.top[cell] != icon or p.heights[cell] != level):
                    return state_problem("llama_land.state_domain", "a domain's tiles do not show their icons")
    for cell, top in p.toptile.items():
        if top == BOARD:
            x, y = dec(cell)
            if p.top[cell] != board[y][x]:
                return state_problem("llama_land.state_domain", "a domain's board shows another icon")
        elif top == FOUNDATION and p.top[cell] != NONE:
            return state_problem("llama_land.state_domain", "a foundation shows an icon")
    for cell, level in p.llamas.items():
        if p.heights.get(cell) != level or p.top[cell] != NONE:
            return state_problem("llama_land.state_domain", "a llama stands where no llama can")
    return None


def check_state(s) -> Refusal | None:
    """The first invariant ``s`` (a ``LlamaLandState``) breaks, or None: every piece in one place, each domain one
    the stacking rules allow, the scores their breakdown, seats, turns, phase and the game's end in range, and a
    move for the player to move."""
    n = s.num_players
    if len(s.players) != n or len(s.turns) != n or min(s.turns) < 0:
        return state_problem("core.state_seats", "the domains do not match the seats")
    problem = _supplies(s)
    if problem is not None:
        return problem
    for p in s.players:
        problem = _domain(p)
        if problem is not None:
            return problem
    for b in s.score_breakdown():
        if b["total"] != b["llama_cards"] + b["crops"] + b["coins"] + b["objectives"] or (
                b["objectives"] != sum(b["objectives_by_card"].values())):
            return state_problem("core.state_tokens", "the scores do not add up")
    if not 0 <= s.seat < n or not 0 <= s.first < n:
        return state_problem("core.state_seats", f"the player to move ({s.seat!r}) is not at the table")
    if not 0 <= s.phase < len(PHASE_NAMES) or s.triggered not in TRIGGERS or (s.phase == PHASE_NAMES.index(
            "over")) != s.over:
        return state_problem("core.state_phase", f"phase {s.phase!r} / end {s.triggered!r} is not the game's")
    if (s.t_covered >= 0 or s.t_gap >= 0) and s.phase in (PHASE_NAMES.index("place"), PHASE_NAMES.index("over")):
        return state_problem("core.state_phase", "something is face down at the start of a turn")
    if s.over and not s.triggered:
        return state_problem("core.state_phase", "the game is over before its last round was called")
    if not s.over and not s.legal_moves():
        return state_problem("core.state_no_move", "the player to move has no move")
    return None
