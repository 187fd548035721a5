"""The Llama Land rules engine: the state and its moves. See the package docstring for the public picture.

The state's parts live beside it: the data (``data``), a turn's phases, move objects and refusals (``moves``), a
seat's domain and collection (``player``), the move checks (``validate``), the saved form (``saves``), the
objectives (``objectives``), the public picture (``picture``) and a seat's view (``view``)."""

from __future__ import annotations

from lama_desktop.engine.core import Event, GameState, IllegalMove, Move, Refusal, as_move, read_saved
from lama_desktop.engine.rng import Rng
from lama_desktop.games.llama_land.engine import objectives as objective_rules
from lama_desktop.games.llama_land.engine.data import (
    CACAO, CHARS, COIN, CORN, CROP_NAMES, HUT, ICON_NAMES, N_CROPS, NONE, ORIENTS, POTATO, SHAPE_INDEX, SHAPES, TILES,
    D, dec
)
from lama_desktop.games.llama_land.engine.moves import (
    AFTER, END, HUT_PHASE, LLAMA_PHASE, OVER, PLACE, _move, _placement_move
)
from lama_desktop.games.llama_land.engine.picture import public_picture
from lama_desktop.games.llama_land.engine.player import Player
from lama_desktop.games.llama_land.engine.saves import MIGRATIONS, STATE_VERSION, state_from_dict, state_to_dict
from lama_desktop.games.llama_land.engine.validate import validate
from lama_desktop.games.llama_land.engine.view import LlamaLandView

GAME_ID = "llama-land"


class LlamaLandState(GameState):
    game_id = GAME_ID

    def __init__(self, players: int, variants=frozenset(), seed: int = 0, boards=None, _empty: bool = False,
                 first_player: int = 0, explicit_end: bool = False):
        self.num_players = players
        self.variants = frozenset(variants)
        #: every turn waits for ``end`` (never ends by itself): its last step can be taken back (the app's undo)
        self.explicit_end = bool(explicit_end)
        if _empty:
            return
        if not 0 <= int(first_player) < players:
            raise ValueError(f"first_player must be a seat from 0 to {players - 1}")
        self.first = int(first_player)  # starts the game; the round ends with the seat before it
        rng = Rng(seed)
        self.rng = rng
        self.stacks = []
        for shape in SHAPES:
            pile = [t.id for t in TILES if t.shape == shape]
            rng.shuffle(pile)
            self.stacks.append(pile)
        count = D.llama_per_players[players]
        self.columns = []
        for _ in range(N_CROPS):
            values = list(D.llama_values)
            rng.shuffle(values)
            self.columns.append(sorted(values[:count]))  # highest last = on top
        self.deck = [c.id for c in CHARS]
        rng.shuffle(self.deck)
        self.row = [self.deck.pop() for _ in range(min(D.row_size, len(self.deck)))]
        self.objectives: list[str] = []
        if "beginner" not in self.variants:
            setup = D.setup_expert if "expert" in self.variants else D.setup_normal
            for colour in ("blue", "purple", "gold"):
                ids = [o.id for o in D.objectives if o.colour == colour]
                rng.shuffle(ids)
                self.objectives.extend(ids[:setup.get(colour, 0)])
        self.markers = [[-1, -1, -1] for _ in self.objectives]
        if boards is None:
            numbers = [1, 2, 3, 4]
            rng.shuffle(numbers)
            boards = [f"{numbers[s]}{'ab'[rng.randrange(2)]}" for s in range(players)]
        boards = list(boards)
        if len(boards) != players or any(b not in D.boards for b in boards):
            raise ValueError(f"boards must name {players} starting boards among {', '.join(D.boards)}")
        self.players = [Player(b) for b in boards]
        self.supply_crops = [D.crops_each] * N_CROPS
        self.supply_coins = D.coins
        self.supply_llamas = D.llama_tokens
        for s, p in enumerate(self.players):
            give = min(D.start_coins[(s - self.first) % players], self.supply_coins)  # by turn order
            p.coins = give
            self.supply_coins -= give
            p.foundations = D.foundations_each
            p.markers = 0 if "beginner" in self.variants else D.markers_each
        self.seat = self.first
        self.turns = [0] * players
        self.triggered = ""
        self.over = False
        self._reset_turn()
        self._final = None

    def _reset_turn(self) -> None:
        self.phase = PLACE
        self.t_kind = ""  # "build" / "extend" once placed
        self.t_cells: tuple[int, ...] = ()
        self.t_found: list[int] = []
        self.t_used: list[int] = []
        self.t_acquired: list[int] = []
        self.t_fed = False
        self.t_marker = False
        self.pending_huts = 0
        #: what this turn's moves would turn up, kept face down until the turn ends (``_turn_up``) so that a move
        #: of the turn can be taken back without anything seen being taken back: the stack the tile came from
        #: (its new top) and the character row's position a hut emptied (refilled from the deck)
        self.t_covered = -1
        self.t_gap = -1

    # -- contract ------------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.over else self.seat

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list[int]:
        return [b["total"] for b in self.score_breakdown()]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        breakdown = self.score_breakdown()
        best = max((b["total"], b["llama_cards"]) for b in breakdown)
        return [s for s, b in enumerate(breakdown) if (b["total"], b["llama_cards"]) == best]

    def clone(self) -> "LlamaLandState":
        s = LlamaLandState.__new__(LlamaLandState)
        s.num_players = self.num_players
        s.variants = self.variants
        s.explicit_end = self.explicit_end
        s.rng = self.rng.copy()
        s.stacks = [pile.copy() for pile in self.stacks]
        s.columns = [col.copy() for col in self.columns]
        s.deck = self.deck.copy()
        s.row = self.row.copy()
        s.objectives = self.objectives
        s.markers = [m.copy() for m in self.markers]
        s.players = [p.clone() for p in self.players]
        s.supply_crops = self.supply_crops.copy()
        s.supply_coins = self.supply_coins
        s.supply_llamas = self.supply_llamas
        s.seat = self.seat
        s.first = self.first
        s.turns = self.turns.copy()
        s.triggered = self.triggered
        s.over = self.over
        s.phase = self.phase
        s.t_kind = self.t_kind
        s.t_cells = self.t_cells
        s.t_found = self.t_found.copy()
        s.t_used = self.t_used.copy()
        s.t_acquired = self.t_acquired.copy()
        s.t_fed = self.t_fed
        s.t_marker = self.t_marker
        s.pending_huts = self.pending_huts
        s.t_covered = self.t_covered
        s.t_gap = self.t_gap
        s._final = self._final
        return s

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def turn_foundations(self) -> list[tuple[int, int]]:
        """Cells ``(x, y)`` where the player to move placed foundations this turn."""
        return [dec(c) for c in self.t_found]

    def shapes_available(self) -> list[str]:
        """The shapes whose stack still holds a tile."""
        return self._shapes_available()

    def open_secrets(self) -> dict:
        """What no seat's view shows (a replay's "everything open" reads it; never a bot or a playing table): the
        tile under each stack's top (``next_tiles``, per stack in ``SHAPES`` order, None when there is none) and
        the character card drawn next (``next_character``)."""
        nexts = []
        for i, shape in enumerate(SHAPES):
            pile = self.stacks[i]
            under = 1 if i == self.t_covered else 2  # a covered top is itself the next tile
            if len(pile) >= under:
                t = TILES[pile[-under]]
                nexts.append({"id": t.id, "shape": t.shape, "icons": [ICON_NAMES[c] for c in t.icons],
                              "cells": [list(c) for c in D.shape_cells[shape]]})
            else:
                nexts.append(None)
        character = None
        if self.deck:  # with a row position awaiting its refill, this is the card that will fill it
            c = self.deck[-1]
            character = {"id": c, "type": CHARS[c].type, "crops": [CROP_NAMES[k] for k in CHARS[c].crops]}
        return {"next_tiles": nexts, "next_character": character}

    def view(self, seat: int) -> "LlamaLandView":
        if not self.over and self.phase == PLACE:
            self.players[self.seat].footprint()  # compute on the live state so later extends update it cheaply
        return LlamaLandView(self, seat)

    # -- scoring -------------------------------------------------------------------------------------------------
    def objective_results(self) -> list[list[int]]:
        """Per objective card on the table: the points each seat's marker earns (0 without marker or condition)."""
        results = []
        n = self.num_players
        for index, oid in enumerate(self.objectives):
            obj = D.objective(oid)
            points = [0] * n
            spaces = self.markers[index]
            if obj.colour == "gold":
                measure = objective_rules.MEASURES[obj.rule]
                ranked = sorted(((-measure(self.players[seat], **obj.params), space, seat)
                                 for space, seat in enumerate(spaces) if seat >= 0))
                for rank, (neg, _space, seat) in enumerate(ranked):
                    if neg < 0 and rank < len(obj.spaces):
                        points[seat] = obj.spaces[rank]
            else:
                check = objective_rules.CHECKS[obj.rule]
                for space, seat in enumerate(spaces):
                    if seat >= 0 and check(self.players[seat], **obj.params):
                        points[seat] = obj.spaces[space]
            results.append(points)
        return results

    def score_breakdown(self) -> list[dict]:
        """Per seat: points from llama cards, crops, coin pairs and objectives (by card), and the total."""
        if self._final is not None:
            return self._final
        objectives = self.objective_results()
        out = []
        for seat, p in enumerate(self.players):
            cards = sum(v for _, v in p.cards)
            crops = sum(p.crops)
            coins = p.coins // 2
            by_card = {oid: objectives[i][seat] for i, oid in enumerate(self.objectives)}
            obj_total = sum(by_card.values())
            out.append({"llama_cards": cards, "crops": crops, "coins": coins, "objectives": obj_total,
                        "objectives_by_card": by_card, "total": cards + crops + coins + obj_total})
        if self.over:
            self._final = out
        return out

    # -- placement enumeration -------------------------------------------------------------------------------
    def _shapes_available(self) -> list[str]:
        return [shape for i, shape in enumerate(SHAPES) if self.stacks[i]]

    def _scan_builds(self, p: Player, shapes, want_foundations: bool):
        """(builds by shape as (oi, origin, cells), cells where a foundation may go now)."""
        inside = p.footprint().inside
        H = p.heights
        L = p.llamas
        TT = p.toptile
        F = self.t_found
        fset = set(F)
        builds = {}
        fcells = set()
        rem = p.foundations if want_foundations else 0
        for shape in shapes:
            out = []
            for oi, origin, cells in inside[shape]:
                if fset and not fset.issubset(cells):
                    continue
                if L and (cells[0] in L or cells[1] in L or cells[2] in L or cells[3] in L or cells[4] in L):
                    continue
                h0, h1, h2, h3, h4 = H[cells[0]], H[cells[1]], H[cells[2]], H[cells[3]], H[cells[4]]
                if h0 == h1 == h2 == h3 == h4:
                    t0 = TT[cells[0]]
                    if t0 >= 0 and TT[cells[1]] == t0 and TT[cells[2]] == t0 and TT[cells[3]] == t0 \
                            and TT[cells[4]] == t0:
                        continue
                    out.append((oi, origin, cells))
                elif rem:
                    mx = max(h0, h1, h2, h3, h4)
                    if 5 * mx - (h0 + h1 + h2 + h3 + h4) <= rem:
                        for c in cells:
                            if H[c] < mx:
                                fcells.add(c)
            builds[shape] = out
        return builds, fcells

    def placements(self, shape: str | None = None, kinds=("build", "extend")) -> list[dict]:
        """Every legal placement for the current player now (of one stack's shape, or all), with its payout.

        Each item: ``move``, ``kind``, ``shape``, ``tile``, ``rotation``, ``mirror``, ``x``, ``y``, ``cells``
        (list of ``[x, y]``), ``level`` and ``payout`` (icons it would cover: corn, cacao, potato, coin, hut;
        extends cover nothing)."""
        if self.over or self.phase != PLACE:
            return []
        p = self.players[self.seat]
        shapes = [s for s in self._shapes_available() if shape is None or s == shape]
        out = []
        if "build" in kinds:
            builds, _ = self._scan_builds(p, shapes, False)
            for s in shapes:
                tile = self.stacks[SHAPE_INDEX[s]][-1]
                for oi, origin, cells in builds[s]:
                    covered = [p.top[c] for c in cells]
                    out.append(self._placement_dict("build", s, tile, oi, origin, p.heights[cells[0]] + 1, covered))
        if "extend" in kinds and not self.t_found:
            extends = p.footprint().ext
            for s in shapes:
                tile = self.stacks[SHAPE_INDEX[s]][-1]
                for oi, origin in extends[s]:
                    out.append(self._placement_dict("extend", s, tile, oi, origin, 1, []))
        return out

    def _placement_dict(self, kind, shape, tile, oi, origin, level, covered) -> dict:
        o = ORIENTS[shape][oi]
        x, y = dec(origin)
        payout = {name: 0 for name in ICON_NAMES[1:]}
        for icon in covered:
            if icon:
                payout[ICON_NAMES[icon]] += 1
        return {"move": _placement_move(kind, shape, oi, origin), "kind": kind, "shape": shape, "tile": tile,
                "rotation": o.rotation, "mirror": o.mirror, "x": x, "y": y,
                "cells": [[x + cx, y + cy] for cx, cy in o.cells], "level": level, "payout": payout}

    def compact_placements(self):
        """Fast list for bots: ``(move, kind, shape, oi, origin, cells, covered icons tuple)`` for every legal
        placement now (``covered`` is empty for extends)."""
        if self.over or self.phase != PLACE:
            return []
        p = self.players[self.seat]
        shapes = self._shapes_available()
        builds, _ = self._scan_builds(p, shapes, False)
        top = p.top
        out = []
        for s in shapes:
            for oi, origin, cells in builds[s]:
                out.append((_placement_move("build", s, oi, origin), "build", s, oi, origin, cells,
                            tuple(top[c] for c in cells)))
        if not self.t_found:
            extends = p.footprint().ext
            for s in shapes:
                for oi, origin in extends[s]:
                    offs = ORIENTS[s][oi].offsets
                    out.append((_placement_move("extend", s, oi, origin), "extend", s, oi, origin,
                                tuple(origin + off for off in offs), ()))
        return out

    def compact_builds(self):
        """Only the builds of ``compact_placements`` (cheap: what a fast playout policy needs)."""
        if self.over or self.phase != PLACE:
            return []
        p = self.players[self.seat]
        shapes = self._shapes_available()
        builds, _ = self._scan_builds(p, shapes, False)
        top = p.top
        return [(_placement_move("build", s, oi, origin), "build", s, oi, origin, cells, tuple(top[c] for c in cells))
                for s in shapes for oi, origin, cells in builds[s]]

    def some_extends(self, rng, count: int):
        """``count`` extend moves drawn at random (with ``rng``) among all legal extends now."""
        if self.over or self.phase != PLACE or self.t_found:
            return []
        fp = self.players[self.seat].footprint()
        shapes = self._shapes_available()
        out = []
        for _ in range(count):
            shape = shapes[rng.randrange(len(shapes))]
            moves = fp.extend_moves(shape)
            if moves:
                out.append(moves[rng.randrange(len(moves))])
        return out

    # -- legal moves ---------------------------------------------------------------------------------------------
    def _use_moves(self, p: Player) -> list[Move]:
        out = []
        used = self.t_used
        for cid in p.chars:
            ch = CHARS[cid]
            if ch.type == "trader":
                if used and cid in used:
                    continue
                a, b = ch.crops
                if p.crops[a] and self.supply_crops[b]:
                    out.append(_move("use", cid, CROP_NAMES[a]))
                if p.crops[b] and self.supply_crops[a]:
                    out.append(_move("use", cid, CROP_NAMES[b]))
            elif ch.type == "merchant":
                if used and cid in used:
                    continue
                k = ch.crops[0]
                if p.coins and self.supply_crops[k]:
                    out.append(_move("use", cid, "coin"))
                if p.crops[k] and self.supply_coins:
                    out.append(_move("use", cid, CROP_NAMES[k]))
        return out

    def _feed_options(self, p: Player) -> list[tuple[int, int]]:
        """(crop, coins paid) for every feeding the player can do now."""
        if self.t_fed:
            return []
        need = D.crops_needed
        per = D.coins_per_crop
        out = []
        for k in range(N_CROPS):
            if not self.columns[k]:
                continue
            have = p.crops[k]
            for replaced in range(need + 1):
                if need - replaced <= have and replaced * per <= p.coins:
                    out.append((k, replaced * per))
        return out

    def _llama_cells(self, p: Player) -> list[int]:
        if "llama" in self.variants:
            cells = self.t_cells
        else:
            cells = p.heights
        top = p.top
        llamas = p.llamas
        return [c for c in cells if top[c] == NONE and c not in llamas]

    def _marker_moves(self, seat: int, p: Player) -> list[Move]:
        if self.t_kind != "extend" or self.t_marker or not self.objectives:
            return []
        out = []
        mine = [i for i, spaces in enumerate(self.markers) if seat in spaces]
        sources = ([None] if p.markers > 0 else []) + mine
        if not sources:
            return []
        for i, spaces in enumerate(self.markers):
            # RULINGS §4: a marker may move to a free space of any objective card, its own card included; a
            # card still holds one marker per player, so onto a card you occupy only that card's marker moves
            here = [i] if seat in spaces else sources
            for space in self._free_spaces(i):
                for src in here:
                    out.append(_move("marker", i, space) if src is None else _move("marker", i, space, src))
        return out

    def _free_spaces(self, index: int) -> list[int]:
        spaces = self.markers[index]
        free = [sp for sp in range(3) if spaces[sp] < 0 and not (self.num_players == 2 and sp == 1)]
        if D.objective(self.objectives[index]).colour == "gold":
            return free[:1]
        return free

    def must_feed(self) -> bool:
        p = self.players[self.seat]
        return (not self.t_fed and sum(p.crops) >= D.forced_at_crops and bool(self._feed_options(p)))

    def legal_moves(self) -> list[Move]:
        if self.over:
            return []
        p = self.players[self.seat]
        phase = self.phase
        if phase == PLACE:
            moves = self._use_moves(p)
            shapes = self._shapes_available()
            builds, fcells = self._scan_builds(p, shapes, p.foundations > 0)
            for cell in sorted(fcells):
                x, y = dec(cell)
                moves.append(_move("foundation", x, y))
            for s in shapes:
                for oi, origin, _cells in builds[s]:
                    moves.append(_placement_move("build", s, oi, origin))
            if not self.t_found:
                fp = p.footprint()
                for s in shapes:
                    moves.extend(fp.extend_moves(s))
            return moves
        if phase == HUT_PHASE:
            moves = [_move("hut", i) for i in range(len(self.row))]
            if self.deck:
                moves.append(_move("hut", "deck"))
            return moves
        if phase == LLAMA_PHASE:
            return [_move("llama", *dec(c)) for c in sorted(self._llama_cells(p))]
        moves = self._use_moves(p)
        for k, coins in self._feed_options(p):
            moves.append(_move("feed", CROP_NAMES[k], coins))
        moves.extend(self._marker_moves(self.seat, p))
        if not self.must_feed():
            moves.append(END)
        return moves

    # -- validation --------------------------------------------------------------------------------------------
    def refusal(self, move) -> Refusal | None:
        """Why ``move`` is refused now (code, params, English text), or ``None`` when it is legal."""
        try:
            validate(self, as_move(move))
        except IllegalMove as error:
            return error.refusal
        return None

    # -- apply -------------------------------------------------------------------------------------------------
    def apply(self, move) -> list[Event]:
        move = as_move(move)
        plan = validate(self, move)
        seat = self.seat
        p = self.players[seat]
        kind = move.kind
        events: list[Event] = []
        if kind == "use":
            (gk, gi), (tk, ti) = plan
            cid = move.args[0]
            self._take_from(p, gk, gi, -1)
            self._take_from(p, tk, ti, +1)
            self.t_used.append(cid)
            events.append(Event("character", seat, {"action": "use", "card": cid, "type": CHARS[cid].type,
                                                    "give": move.args[1],
                                                    "get": "coin" if tk == "coin" else CROP_NAMES[ti]}))
            if self.phase == AFTER:
                self._maybe_auto_end(events)
        elif kind == "foundation":
            level = p.put_foundation(plan)
            p.foundations -= 1
            self.t_found.append(plan)
            x, y = dec(plan)
            events.append(Event("foundation", seat, {"x": x, "y": y, "level": level, "left": p.foundations}))
        elif kind in ("build", "extend"):
            self._apply_placement(kind, plan, p, seat, events)
        elif kind == "hut":
            self._take_character(p, seat, plan, events)
            self.pending_huts -= 1
            if self.pending_huts <= 0 or not (self.row or self.deck):
                self.pending_huts = 0
                self.phase = AFTER
                self._maybe_auto_end(events)
        elif kind == "feed":
            k, crops, coins = plan
            p.crops[k] -= crops
            self.supply_crops[k] += crops
            p.coins -= coins
            self.supply_coins += coins
            value = self.columns[k].pop()
            p.cards.append((k, value))
            self.t_fed = True
            events.append(Event("feed", seat, {"crop": CROP_NAMES[k], "crops": crops, "coins": coins,
                                               "card": value, "left": len(self.columns[k])}))
            if self.supply_llamas > 0 and self._llama_cells(p):
                self.phase = LLAMA_PHASE
            else:
                events.append(Event("llama", seat, {"placed": False,
                                                    "reason": "no token left" if self.supply_llamas <= 0
                                                    else "no free icon-free cell"}))
                self._maybe_auto_end(events)
        elif kind == "llama":
            cell = plan
            level = p.heights[cell]
            p.llamas[cell] = level
            self.supply_llamas -= 1
            x, y = dec(cell)
            events.append(Event("llama", seat, {"placed": True, "x": x, "y": y, "level": level}))
            self.phase = AFTER
            self._maybe_auto_end(events)
        elif kind == "marker":
            index, space, src = plan
            if src is None:
                p.markers -= 1
            else:
                spaces = self.markers[src]
                spaces[spaces.index(seat)] = -1
            self.markers[index][space] = seat
            self.t_marker = True
            obj = D.objective(self.objectives[index])
            events.append(Event("marker", seat, {"card": index, "objective": obj.id, "space": space,
                                                 "points": obj.spaces[space] if obj.colour != "gold" else None,
                                                 "from": src}))
            self._maybe_auto_end(events)
        elif kind == "end":
            self._end_turn(events)
        return events

    def _take_from(self, p: Player, what: str, k: int, sign: int) -> None:
        if what == "coin":
            p.coins += sign
            self.supply_coins -= sign
        else:
            p.crops[k] += sign
            self.supply_crops[k] -= sign

    def _gain(self, p: Player, crops: list[int], coins: int) -> dict:
        got = {}
        for k in range(N_CROPS):
            n = min(crops[k], self.supply_crops[k])
            if n:
                self.supply_crops[k] -= n
                p.crops[k] += n
                got[CROP_NAMES[k]] = n
        n = min(coins, self.supply_coins)
        if n:
            self.supply_coins -= n
            p.coins += n
            got["coin"] = n
        return got

    def _apply_placement(self, kind, plan, p: Player, seat: int, events: list[Event]) -> None:
        shape, oi, origin, cells = plan
        tile = self.stacks[SHAPE_INDEX[shape]].pop()
        self.t_covered = SHAPE_INDEX[shape]  # the tile under it stays face down until the turn ends
        level, covered = p.put_tile(kind, tile, oi, origin)
        o = ORIENTS[shape][oi]
        x, y = dec(origin)
        self.t_kind = kind
        self.t_cells = cells
        events.append(Event("place", seat, {
            "kind": kind, "tile": tile, "shape": shape, "rotation": o.rotation, "mirror": o.mirror, "x": x, "y": y,
            "cells": [list(dec(c)) for c in cells], "level": level,
            "icons": [ICON_NAMES[i] for i in TILES[tile].icons],
            "covered": [ICON_NAMES[i] for i in covered], "foundations": [list(dec(c)) for c in self.t_found]}))
        self.phase = AFTER
        if kind == "build":
            count = [0] * 6
            for icon in covered:
                count[icon] += 1
            got = self._gain(p, [count[CORN], count[CACAO], count[POTATO]], count[COIN])
            if got:
                events.append(Event("payout", seat, {"source": "icons", "gains": got}))
            for cid in p.chars:
                if cid in self.t_acquired:
                    continue
                ch = CHARS[cid]
                crops, coins = [0, 0, 0], 0
                if ch.type == "farmer" and count[ch.crops[0] + 1] >= 2:
                    crops[ch.crops[0]] = 1
                elif ch.type == "settler" and count[CORN] and count[CACAO] and count[POTATO]:
                    coins = 2
                elif ch.type == "miner" and count[COIN]:
                    coins = 1
                elif ch.type == "worker" and count[HUT]:
                    coins = 1
                else:
                    continue
                got = self._gain(p, crops, coins)
                if got:
                    events.append(Event("payout", seat, {"source": ch.type, "card": cid, "gains": got}))
            if count[HUT] and (self.row or self.deck):
                self.pending_huts = count[HUT]
                self.phase = HUT_PHASE
                return
        self._maybe_auto_end(events)

    def _take_character(self, p: Player, seat: int, where, events: list[Event]) -> None:
        if where == "deck":
            cid = self.deck.pop()
            events.append(Event("character", seat, {"action": "take", "from": "deck", "card": cid,
                                                    "type": CHARS[cid].type}))
        else:
            cid = self.row.pop(where)
            events.append(Event("character", seat, {"action": "take", "from": "row", "position": where,
                                                    "card": cid, "type": CHARS[cid].type}))
            if self.deck and self.pending_huts > 1:  # another hut to take: the choice needs the full row now
                self._refill(where, events)
            elif self.deck:
                self.t_gap = where  # the last hut of the turn: the row refills when the turn ends
        p.chars.append(cid)
        self.t_acquired.append(cid)

    def _refill(self, where: int, events: list[Event]) -> None:
        new = self.deck.pop()
        self.row.insert(where, new)
        events.append(Event("refill", None, {"position": where, "card": new, "type": CHARS[new].type,
                                             "deck": len(self.deck)}))

    def _turn_up(self, seat: int, events: list[Event]) -> None:
        """The turn's end turns up what its moves uncovered (docs/rulings-llama-land.md, "Taking a move back"):
        the new top of the stack this turn's tile came from (``turn_up``) and the card that refills the row
        (``refill``). Until now they were face down, so every move of the turn could still be taken back."""
        if self.t_covered >= 0 and self.stacks[self.t_covered]:
            pile = self.stacks[self.t_covered]
            t = TILES[pile[-1]]
            events.append(Event("turn_up", seat, {"shape": t.shape, "tile": t.id,
                                                  "icons": [ICON_NAMES[c] for c in t.icons], "count": len(pile)}))
        if self.t_gap >= 0 and self.deck:
            self._refill(min(self.t_gap, len(self.row)), events)
        self.t_covered = -1
        self.t_gap = -1

    def _maybe_auto_end(self, events: list[Event]) -> None:
        """End the turn by itself once placing is done and nothing but ``end`` is left to do."""
        if self.phase != AFTER or self.explicit_end:
            return
        p = self.players[self.seat]
        if self._feed_options(p) or self._marker_moves(self.seat, p) or self._use_moves(p):
            return
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.seat
        self._turn_up(seat, events)
        events.append(Event("turn_end", seat, {"turn": self.turns[seat] + 1}))
        self.turns[seat] += 1
        if not self.triggered:
            tiles_left = sum(len(pile) for pile in self.stacks)
            kinds_left = sum(1 for col in self.columns if col)
            if kinds_left <= D.end_kinds_left:
                self.triggered = "llama_cards"
            elif tiles_left <= D.end_tiles_left:
                self.triggered = "tiles"
            if self.triggered:
                events.append(Event("end_trigger", seat, {"reason": self.triggered, "tiles_left": tiles_left,
                                                          "llama_kinds_left": kinds_left}))
        if self.triggered and seat == (self.first - 1) % self.num_players:  # everyone has had as many turns
            self.over = True
            self.phase = OVER
            breakdown = self.score_breakdown()
            events.append(Event("game_end", None, {"scores": [b["total"] for b in breakdown],
                                                   "breakdown": breakdown, "winners": self.winners()}))
            return
        self.seat = (seat + 1) % self.num_players
        self._reset_turn()

    # -- saves (saves.py) ----------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "LlamaLandState":
        return read_saved(d, GAME_ID, STATE_VERSION, cls._from_dict, MIGRATIONS)

    @classmethod
    def _from_dict(cls, d: dict) -> "LlamaLandState":
        return state_from_dict(cls, d)

    # -- public picture (what the UI draws: picture.py) ---------------------------------------------------
    def public_dict(self, seat: int | None = None) -> dict:
        """Everything everybody sees (all but the order of the stacks under their top tiles and of the deck)."""
        return public_picture(self, seat)
