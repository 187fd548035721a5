"""Llama Land: every rule by name, the rulebook's worked examples, objective conditions, component data."""

from __future__ import annotations

import json

import pytest

from lama_desktop.engine.core import IllegalMove, Move
from lama_desktop.games.llama_land.engine import SPEC
from lama_desktop.games.llama_land.engine.data import (
    CACAO, COIN, CORN, HUT, NONE, POTATO, BOARD_NAMES, enc, load, read_board_tmx,
)
from lama_desktop.games.llama_land.engine.state import AFTER, HUT_PHASE, LLAMA_PHASE, PLACE, LlamaLandState, Player
from lama_desktop.resources import game_path

D = load()
TRADER_CORN_CACAO = 0
MERCHANT_CORN = 6
FARMER_CORN = 12
SETTLER = 18
MINER = 22
WORKER = 26


def new(players=2, variants=(), seed=0, boards=None):
    return SPEC.new(players, variants, seed, boards=boards or ["1a", "2a", "3a", "4a"][:players])


def blank(p: Player) -> None:
    """Clear every icon of a domain (crafted scenarios then set the icons they need)."""
    for cell in p.top:
        p.top[cell] = NONE


def icons(p: Player, **cells) -> None:
    """icons(p, c0_0=CORN, c2_1=COIN): set top icons at (x, y)."""
    for name, icon in cells.items():
        x, y = (int(v) for v in name[1:].split("_"))
        p.top[enc(x, y)] = icon


def tile_on_top(state, shape: str, want=None) -> int:
    """Put a tile of ``shape`` (whose icons satisfy ``want``) on top of its stack; return its id."""
    pile = state.stacks["TLPNZ".index(shape)]
    for t in list(pile):
        if want is None or want(D.tiles[t].icons):
            pile.remove(t)
            pile.append(t)
            return t
    raise AssertionError("no such tile")


def snapshot(state):
    return state.to_dict()


def refused(state, move, fragment: str = "", code: str | None = None):
    """``move`` is refused (the state unchanged) with ``fragment`` in its reason and, if given, the refusal ``code``
    the app translates."""
    before = snapshot(state)
    with pytest.raises(IllegalMove) as info:
        state.apply(move)
    assert snapshot(state) == before, "an illegal move changed the state"
    assert fragment in info.value.reason
    assert state.why_illegal(Move.parse(move) if isinstance(move, str) else move) == info.value.reason
    assert info.value.code and state.refusal(move).code == info.value.code
    if code is not None:
        assert info.value.code == code, info.value.reason
    return info.value.reason


# -- setup -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,count", [(2, 6), (3, 8), (4, 11)])
def test_setup_llama_cards_counted_out_and_sorted_highest_on_top(players, count):
    s = new(players, seed=3)
    for col in s.columns:
        assert len(col) == count
        assert col == sorted(col)  # last = top = highest
        assert all(col.count(v) <= 2 and 5 <= v <= 12 for v in col)


def test_setup_start_coins_foundations_markers_row_and_objectives():
    s = new(4, seed=5)
    assert [p.coins for p in s.players] == [0, 1, 2, 3]
    assert s.supply_coins == 24 - 6
    assert all(p.foundations == 3 and p.markers == 4 for p in s.players)
    assert len(s.row) == 5 and len(s.deck) == 25
    colours = [D.objective(o).colour for o in s.objectives]
    assert colours.count("blue") == 4 and colours.count("purple") == 3
    assert [len(pile) for pile in s.stacks] == [12] * 5
    assert all(D.tiles[t].shape == shape for pile, shape in zip(s.stacks, "TLPNZ", strict=False) for t in pile)
    assert s.current_player == 0


def test_setup_expert_uses_three_gold_and_beginner_no_objectives():
    s = new(3, ("expert",), seed=1)
    assert sorted(D.objective(o).colour for o in s.objectives) == ["blue"] * 4 + ["gold"] * 3
    b = new(3, ("beginner",), seed=1)
    assert b.objectives == [] and all(p.markers == 0 for p in b.players)
    with pytest.raises(ValueError):
        SPEC.new(3, ("beginner", "expert"))


def test_start_board_is_level_one_four_by_four():
    s = new(2)
    p = s.players[0]
    assert len(p.heights) == 16 and set(p.heights.values()) == {1}
    assert {enc(x, y) for x in range(4) for y in range(4)} == set(p.heights)


# -- component data ----------------------------------------------------------------------------------------------
def test_terrain_tiles_sixty_five_shapes_twelve_each_balanced_layouts():
    assert len(D.tiles) == 60
    for shape in "TLPNZ":
        tiles = [t for t in D.tiles if t.shape == shape]
        assert len(tiles) == 12
        for t in tiles:
            crops = sum(1 for i in t.icons if i in (CORN, CACAO, POTATO))
            assert 1 <= t.icons.count(NONE) <= 2 and 2 <= crops <= 3
            assert t.icons.count(COIN) <= 1 and t.icons.count(HUT) <= 1
    assert {s: len(o) for s, o in D.orientations.items()} == {"T": 4, "L": 8, "P": 8, "N": 8, "Z": 4}


def test_characters_objectives_and_supplies_match_the_rulings():
    types = [c.type for c in D.characters]
    assert len(types) == 30
    assert {t: types.count(t) for t in set(types)} == {
        "trader": 6, "merchant": 6, "farmer": 6, "settler": 4, "miner": 4, "worker": 4}
    colours = [o.colour for o in D.objectives]
    assert (colours.count("blue"), colours.count("purple"), colours.count("gold")) == (10, 6, 6)
    assert D.crops_each * 3 == 36 and D.coins == 24 and D.llama_tokens == 33
    assert D.foundations_each * 4 == 12 and D.markers_each * 4 == 16
    assert D.start_coins == (0, 1, 2, 3)


def test_starting_boards_read_by_pytmx_exactly_as_by_the_engine():
    pytmx = pytest.importorskip("pytmx")
    for name in BOARD_NAMES:
        path = game_path("lama_desktop.games.llama_land", "levels", f"llama_land_board_{name}.tmx")
        ours = read_board_tmx(path)
        tiled = pytmx.TiledMap(str(path))
        assert (int(tiled.properties["board"]), tiled.properties["side"]) == (ours.number, ours.side)
        layer = tiled.get_layer_by_name("icons")
        layer_index = list(tiled.layers).index(layer)
        for y in range(tiled.height):
            for x in range(tiled.width):
                props = tiled.get_tile_properties(x, y, layer_index)
                assert D.boards[name].icons[y][x] == ["none", "corn", "cacao", "potato", "coin", "hut"].index(
                    props["icon"])
        flat = sorted(i for row in ours.icons for i in row)
        assert flat == sorted([CORN] * 3 + [CACAO] * 3 + [POTATO] * 3 + [COIN] * 2 + [HUT] + [NONE] * 4)
    assert len({D.boards[n].icons for n in BOARD_NAMES}) == 8


# -- extending ---------------------------------------------------------------------------------------------------
def test_extend_must_touch_the_domain_orthogonally():
    s = new(2)
    refused(s, "extend T r0 - 5 5", "touch your domain", code="llama_land.not_touching")
    refused(s, "extend T r0 - 4 4", "touch your domain")  # only diagonal contact
    s.apply("extend T r0 - 4 0")
    p = s.players[0]
    assert all(p.heights[enc(x, y)] == 1 for x, y in [(4, 0), (5, 0), (6, 0), (5, 1), (5, 2)])


def test_extend_may_not_overlap_the_domain():
    s = new(2)
    refused(s, "extend T r0 - 3 0", "beside your domain", code="llama_land.extend_on")


def test_rotation_and_mirror_codes_and_equivalent_codes_accepted():
    s = new(2)
    tile = tile_on_top(s, "L")
    s.apply("extend L r1 m -4 0")  # mirrored then a quarter turn
    o = D.orientations["L"][D.orientation_by_code["L"][4 + 1]]
    p = s.players[0]
    placed = {enc(-4 + x, y) for x, y in o.cells}
    assert all(p.toptile[c] == tile for c in placed)
    # the T is symmetric: mirrored r0 is the same as plain r0
    assert D.orientation_by_code["T"][4] == D.orientation_by_code["T"][0]


def test_legal_placements_list_every_distinct_orientation_once():
    s = new(2)
    moves = [m for m in s.legal_moves() if m.kind == "extend"]
    assert len(moves) == len(set(moves))
    cells_seen = set()
    for m in moves:
        shape, rot, mirror, x, y = m.args
        o = D.orientations[shape][D.orientation_by_code[shape][(4 if mirror == "m" else 0) + int(rot[1])]]
        key = (shape, frozenset((x + cx, y + cy) for cx, cy in o.cells))
        assert key not in cells_seen
        cells_seen.add(key)
    assert all(s.why_illegal(m) == "" for m in moves[:50])


# -- building ----------------------------------------------------------------------------------------------------
def test_build_level_is_height_plus_one_and_icons_replace_the_top():
    s = new(2)
    tile = tile_on_top(s, "T")
    s.apply("build T r0 - 0 0")
    p = s.players[0]
    cells = [(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)]
    assert [p.heights[enc(x, y)] for x, y in cells] == [2] * 5
    assert [p.top[enc(x, y)] for x, y in cells] == list(D.tiles[tile].icons)
    assert p.log[-1] == ("build", tile, 0, 0, 0, 2)


def test_build_needs_one_height():
    s = new(2)
    s.players[0].put_tile("build", tile_on_top(s, "Z"), 0, enc(0, 0))
    s.stacks[4].remove(s.players[0].log[-1][1])
    refused(s, "build T r0 - 1 0", "same height", code="llama_land.uneven")


def test_build_not_over_empty_space():
    s = new(2)
    refused(s, "build T r0 - 2 0", "empty space", code="llama_land.overhang")
    refused(s, "build T r0 - 7 7", "extend", code="llama_land.off_domain")


def test_build_not_over_a_llama():
    s = new(2)
    s.players[0].llamas[enc(1, 1)] = 1
    refused(s, "build T r0 - 0 0", "llama", code="llama_land.llama")


def test_build_may_not_exactly_cover_a_tile_of_the_same_shape():
    s = new(2)
    p = s.players[0]
    first = tile_on_top(s, "T")
    s.stacks[0].remove(first)
    p.put_tile("build", first, 0, enc(0, 0))
    tile_on_top(s, "T")
    refused(s, "build T r0 - 0 0", "same shape", code="llama_land.same_shape")
    # covering it only partly is fine
    s2 = new(2)
    p2 = s2.players[0]
    t2 = tile_on_top(s2, "T")
    s2.stacks[0].remove(t2)
    p2.put_tile("build", t2, 0, enc(0, 0))
    for cell in p2.heights:
        p2.heights[cell] = 2  # crafted: the whole domain at level 2
    tile_on_top(s2, "T")
    assert s2.why_illegal(Move.parse("build T r1 - 0 0")) == ""  # covers two cells of it and three others


# -- foundations -------------------------------------------------------------------------------------------------
def test_foundations_level_the_cells_and_the_build_covers_them():
    s = new(2)
    p = s.players[0]
    z = tile_on_top(s, "Z")
    s.stacks[4].remove(z)
    p.put_tile("build", z, 0, enc(0, 0))  # (0,0) (1,0) (1,1) (1,2) (2,2) at level 2
    refused(s, "build T r0 - 0 0", "same height")
    s.apply("foundation 2 0")
    assert p.heights[enc(2, 0)] == 2 and p.foundations == 2
    refused(s, "extend T r0 - 4 0", "build on them", code="llama_land.foundations_placed")
    refused(s, "build T r0 - 1 1", "")  # does not cover the foundation
    events = s.apply("build T r0 - 0 0")
    assert p.heights[enc(0, 0)] == 3
    place = next(e for e in events if e.kind == "place")
    assert place.data["foundations"] == [[2, 0]] and place.data["level"] == 3


def test_foundation_icons_pay_nothing():
    s2 = new(2)
    p2 = s2.players[0]
    blank(p2)
    icons(p2, c0_0=CORN, c1_0=CORN, c2_0=CORN, c1_1=CORN, c1_2=CORN)
    z = s2.stacks[4].pop()
    p2.put_tile("build", z, 0, enc(0, 0))  # Z over (0,0) (1,0) (1,1) (1,2) (2,2)
    for c in [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)]:
        p2.top[enc(*c)] = NONE
    icons(p2, c2_0=CORN)
    s2.apply("foundation 2 0")  # covers the corn at (2, 0)
    before = p2.crops[0]
    s2.apply("build T r0 - 0 0")
    assert p2.crops[0] == before  # the corn under the foundation paid nothing


def test_foundation_offered_only_where_a_build_can_still_cover_all():
    s = new(2)
    fmoves = [m for m in s.legal_moves() if m.kind == "foundation"]
    assert fmoves == []  # a flat board needs no foundation (one would need four more to level)
    p = s.players[0]
    z = s.stacks[4].pop()
    p.put_tile("build", z, 0, enc(0, 0))
    fmoves = {m.args for m in s.legal_moves() if m.kind == "foundation"}
    assert (2, 0) in fmoves and (0, 0) not in fmoves
    refused(s, "foundation 0 0", "no terrain tile could", code="llama_land.foundation_useless")
    refused(s, "foundation 9 9", "domain", code="llama_land.foundation_off")


# -- icons and characters ----------------------------------------------------------------------------------------
def test_turn_example_two_corn_and_a_coin_with_a_corn_farmer():
    """Rulebook: a build over two corn icons and a coin, with a corn Farmer taken on an earlier turn, gives 3 corn
    and 1 coin."""
    s = new(2)
    p = s.players[0]
    blank(p)
    icons(p, c0_0=CORN, c1_0=CORN, c2_0=COIN)
    p.chars.append(FARMER_CORN)
    s.deck.remove(FARMER_CORN) if FARMER_CORN in s.deck else s.row.remove(FARMER_CORN)
    events = s.apply("build T r0 - 0 0")
    assert p.crops == [3, 0, 0] and p.coins == 1
    sources = [e.data["source"] for e in events if e.kind == "payout"]
    assert sources == ["icons", "farmer"]


def test_supply_exhausted_gives_nothing():
    s = new(2)
    p = s.players[0]
    blank(p)
    icons(p, c0_0=CORN, c1_0=CORN, c2_0=COIN)
    s.supply_crops[0] = 1
    s.supply_coins = 0
    s.apply("build T r0 - 0 0")
    assert p.crops[0] == 1 and p.coins == 0 and s.supply_crops[0] == 0


def test_hut_takes_a_character_from_the_row_which_refills():
    s = new(2)
    p = s.players[0]
    blank(p)
    icons(p, c0_0=HUT, c1_0=HUT)
    s.apply("build T r0 - 0 0")
    assert s.phase == HUT_PHASE and s.pending_huts == 2
    second = s.row[2]
    deck_top = s.deck[-1]
    events = s.apply("hut 2")
    assert p.chars == [second] and s.row[2] == deck_top and len(s.row) == 5
    assert [e.kind for e in events][:2] == ["character", "refill"]
    top = s.deck[-1]
    s.apply("hut deck")
    assert p.chars == [second, top]
    assert s.phase != HUT_PHASE


def test_hut_with_empty_deck_leaves_the_row_short_and_then_nothing():
    s = new(2)
    p = s.players[0]
    blank(p)
    icons(p, c0_0=HUT, c1_0=HUT, c2_0=HUT)
    s.deck.clear()
    s.row[:] = s.row[:1]
    s.apply("build T r0 - 0 0")
    assert s.legal_moves() == [Move("hut", (0,))]
    s.apply("hut 0")
    assert s.row == [] and len(p.chars) == 1 and s.phase != HUT_PHASE and s.pending_huts == 0


def test_trader_swaps_one_crop_once_per_turn_and_on_the_turn_acquired():
    s = new(2)
    p = s.players[0]
    p.chars.append(TRADER_CORN_CACAO)
    s.t_acquired.append(TRADER_CORN_CACAO)  # taken this very turn: traders still work
    p.crops = [2, 0, 0]
    s.supply_crops[0] -= 2
    s.apply("use 0 corn")
    assert p.crops == [1, 1, 0]
    refused(s, "use 0 cacao", "once a turn", code="llama_land.used_once")
    refused(s, "use 0 potato", "")


def test_merchant_trades_a_coin_for_its_crop_or_back():
    s = new(2)
    p = s.players[0]
    p.chars.append(MERCHANT_CORN)
    p.coins = 2
    s.supply_coins -= 2
    s.apply(f"use {MERCHANT_CORN} coin")
    assert p.coins == 1 and p.crops[0] == 1
    s2 = new(2)
    p2 = s2.players[0]
    p2.chars.append(MERCHANT_CORN)
    refused(s2, f"use {MERCHANT_CORN} corn", "no corn", code="llama_land.none_to_give")
    p2.crops[0] = 1
    s2.supply_crops[0] -= 1
    s2.apply(f"use {MERCHANT_CORN} corn")
    assert p2.coins == 1 and p2.crops[0] == 0
    refused(s2, f"use {FARMER_CORN} corn", "do not have", code="llama_land.no_character_card")


@pytest.mark.parametrize("covered,gets", [((CORN, CORN), 1), ((CORN,), 0), ((CORN, CORN, CORN), 1)])
def test_farmer_gives_one_more_for_two_icons_of_its_crop(covered, gets):
    s = new(2)
    p = s.players[0]
    blank(p)
    for (x, y), icon in zip([(0, 0), (1, 0), (2, 0)], covered, strict=False):
        p.top[enc(x, y)] = icon
    p.chars.append(FARMER_CORN)
    s.apply("build T r0 - 0 0")
    assert p.crops[0] == len(covered) + gets


def test_settler_needs_corn_cacao_and_potato_and_takes_the_last_coin():
    s = new(2)
    p = s.players[0]
    blank(p)
    icons(p, c0_0=CORN, c1_0=CACAO, c2_0=POTATO)
    p.chars.append(SETTLER)
    s.supply_coins = 1
    s.apply("build T r0 - 0 0")
    assert p.coins == 1 and s.supply_coins == 0
    s2 = new(2)
    p2 = s2.players[0]
    blank(p2)
    icons(p2, c0_0=CORN, c1_0=CACAO)
    p2.chars.append(SETTLER)
    s2.apply("build T r0 - 0 0")
    assert p2.coins == 0


def test_miner_and_worker_give_a_coin():
    s = new(2)
    p = s.players[0]
    blank(p)
    icons(p, c0_0=COIN, c1_0=HUT)
    p.chars += [MINER, WORKER]
    s.apply("build T r0 - 0 0")
    assert p.coins == 3  # icon + miner + worker


def test_passive_character_does_not_work_on_the_turn_it_is_taken():
    s = new(2)
    p = s.players[0]
    blank(p)
    icons(p, c0_0=CORN, c1_0=CORN, c2_0=CORN)
    p.chars.append(FARMER_CORN)
    s.t_acquired.append(FARMER_CORN)
    s.apply("build T r0 - 0 0")
    assert p.crops[0] == 3


def test_characters_once_per_turn_two_copies_twice():
    s = new(2)
    p = s.players[0]
    p.chars += [0, 1]  # two corn/cacao traders
    p.crops = [2, 0, 0]
    s.apply("use 0 corn")
    s.apply("use 1 corn")
    assert p.crops == [0, 2, 0]


# -- feeding and llamas ------------------------------------------------------------------------------------------
def after_extend(s):
    """Extend somewhere harmless so the turn is in its after-placement step."""
    for m in s.legal_moves():
        if m.kind == "extend":
            s.apply(m)
            return


def test_feeding_example_two_cacao_and_four_coins():
    """Rulebook: pay 2 cacao and 4 coins for the cacao card worth 10; the cacao column then shows 8."""
    s = new(2, ("beginner",))
    p = s.players[0]
    s.columns[1] = [5, 6, 8, 10]
    p.crops = [0, 2, 0]
    p.coins = 4
    s.supply_crops[1] -= 2
    s.supply_coins -= 4
    after_extend(s)
    assert s.phase == AFTER
    refused(s, "feed cacao 2", "need 3 cacao", code="llama_land.not_enough_crops")
    refused(s, "feed cacao 3", "2 for 1", code="llama_land.coins_per_crop")
    events = s.apply("feed cacao 4")
    assert p.cards == [(1, 10)] and s.columns[1][-1] == 8
    assert p.crops == [0, 0, 0] and p.coins == 0
    assert events[0].data == {"crop": "cacao", "crops": 2, "coins": 4, "card": 10, "left": 3}


def test_feeding_needs_four_crops_and_happens_once_a_turn():
    s = new(2, ("beginner",))
    p = s.players[0]
    p.crops = [8, 0, 0]
    s.supply_crops[0] -= 8
    after_extend(s)
    s.apply("feed corn 0")
    assert s.phase == LLAMA_PHASE
    cell = s.legal_moves()[0]
    s.apply(cell)
    assert s.phase in (AFTER, PLACE)
    if s.current_player == 0:
        assert all(m.kind != "feed" for m in s.legal_moves())


def test_feeding_is_forced_at_ten_crops():
    s = new(2, ("beginner",))
    p = s.players[0]
    p.crops = [4, 3, 3]
    for k, n in enumerate(p.crops):
        s.supply_crops[k] -= n
    after_extend(s)
    assert s.must_feed()
    refused(s, "end", "must feed", code="llama_land.must_feed")
    assert Move("end") not in s.legal_moves()


def test_feeding_not_forced_when_impossible():
    s = new(2, ("beginner",))
    p = s.players[0]
    p.crops = [3, 3, 3]
    p.chars.append(TRADER_CORN_CACAO)
    p.crops = [3, 3, 4]
    s.columns[2] = []
    for k, n in enumerate(p.crops):
        s.supply_crops[k] -= n
    after_extend(s)
    assert not s.must_feed()
    assert Move("end") in s.legal_moves()


def test_llama_token_goes_on_an_icon_free_cell_of_the_domain():
    s = new(2, ("beginner",))
    p = s.players[0]
    p.crops = [4, 0, 0]
    s.supply_crops[0] -= 4
    after_extend(s)
    s.apply("feed corn 0")
    cells = [m.args for m in s.legal_moves()]
    assert all(p.top[enc(x, y)] == NONE for x, y in cells)
    iconed = next(c for c in p.heights if p.top[c] != NONE)
    from lama_desktop.games.llama_land.engine.data import dec

    refused(s, Move("llama", dec(iconed)), "without an icon", code="llama_land.llama_icon")
    refused(s, "llama 40 40", "domain", code="llama_land.llama_off")
    s.apply(Move("llama", cells[0]))
    assert p.llamas == {enc(*cells[0]): p.heights[enc(*cells[0])]}
    assert s.supply_llamas == 32


def test_llama_variant_puts_the_llama_on_this_turns_tile():
    s = new(2, ("beginner", "llama"))
    p = s.players[0]
    p.crops = [4, 0, 0]
    s.supply_crops[0] -= 4
    after_extend(s)
    s.apply("feed corn 0")
    tile_cells = set(s.t_cells)
    for m in s.legal_moves():
        assert enc(*m.args) in tile_cells
    board_blank = next(c for c in p.heights if p.top[c] == NONE and c not in tile_cells)
    from lama_desktop.games.llama_land.engine.data import dec

    refused(s, Move("llama", dec(board_blank)), "this turn", code="llama_land.llama_variant")


def test_no_llama_token_left_gives_the_card_only():
    s = new(2, ("beginner",))
    p = s.players[0]
    p.crops = [4, 0, 0]
    s.supply_crops[0] -= 4
    s.supply_llamas = 0
    after_extend(s)
    events = s.apply("feed corn 0")
    assert len(p.cards) == 1 and p.llamas == {}
    assert any(e.kind == "llama" and e.data["placed"] is False for e in events)


# -- moves, reasons, views ---------------------------------------------------------------------------------------
def test_illegal_moves_are_refused_with_reasons_and_the_state_unchanged():
    s = new(2)
    refused(s, "feed corn 0", "first place", code="llama_land.place_first")
    refused(s, "hut 0", "hut", code="llama_land.hut_not_now")
    refused(s, "llama 0 0", "after feeding", code="llama_land.llama_not_now")
    refused(s, "build X r0 - 0 0", "no X stack", code="core.malformed")
    refused(s, "build T r7 - 0 0", "rotation")
    refused(s, "build T r0 q 0 0", "mirror")
    refused(s, "build T r0 -", "needs a shape")
    refused(s, "dance", "unknown move", code="core.unknown_move")
    refused(s, "end", "first place", code="llama_land.place_first")
    s.stacks[0].clear()
    refused(s, "extend T r0 - 4 0", "stack is empty", code="llama_land.stack_empty")


def test_placements_helper_lists_cells_and_payouts():
    s = new(2)
    items = s.placements("T")
    assert items and all(i["shape"] == "T" for i in items)
    build = next(i for i in items if i["kind"] == "build" and (i["x"], i["y"]) == (0, 0) and i["rotation"] == 0)
    assert build["level"] == 2 and len(build["cells"]) == 5
    p = s.players[0]
    expect = {}
    for x, y in build["cells"]:
        name = ["none", "corn", "cacao", "potato", "coin", "hut"][p.top[enc(x, y)]]
        if name != "none":
            expect[name] = expect.get(name, 0) + 1
    assert {k: v for k, v in build["payout"].items() if v} == expect
    legal = set(s.legal_moves())
    assert all(i["move"] in legal for i in items)


def test_view_hides_only_the_stack_and_deck_orders():
    s = new(3, seed=9)
    v = s.view(1)
    assert v.legal_moves() == []
    assert v.stack_tops == [pile[-1] for pile in s.stacks]
    d = v.to_dict()
    for key in ("stacks", "character_row", "character_deck", "llama_columns", "objectives", "supply", "domains",
                "collections", "turn", "scores", "breakdown"):
        assert key in d
    cell = d["domains"][0]["cells"][0]
    assert set(cell) == {"x", "y", "height", "icon", "levels", "llama"}
    assert "character_deck" in d and isinstance(d["character_deck"], int)

    json.dumps(d)
    import random

    sample = v.sample_state(random.Random(1))
    assert [pile[-1] for pile in sample.stacks] == [pile[-1] for pile in s.stacks]
    assert sorted(sample.deck) == sorted(s.deck)
    assert s.view(0).legal_moves() == s.legal_moves()


def test_saved_state_is_refused_when_damaged():
    from lama_desktop.engine.core import StateFormatError

    s = new(2)
    d = s.to_dict()
    d["stacks"]["T"] = d["stacks"]["L"]
    with pytest.raises(StateFormatError):
        LlamaLandState.from_dict(d)
    d = s.to_dict()
    d["version"] = 99
    with pytest.raises(StateFormatError):
        LlamaLandState.from_dict(d)


def test_after_a_foundation_only_builds_covering_it_are_offered():
    s = new(2)
    p = s.players[0]
    z = s.stacks[4].pop()
    p.put_tile("build", z, 0, enc(0, 0))
    s.apply("foundation 2 0")
    items = s.placements()
    assert items and all(i["kind"] == "build" and [2, 0] in i["cells"] for i in items)
    assert {m.kind for m in s.legal_moves()} <= {"build", "foundation", "use"}
    cell = next(c for c in s.view(0).to_dict()["domains"][0]["cells"] if (c["x"], c["y"]) == (2, 0))
    assert [lv["shape"] for lv in cell["levels"]] == ["board", "foundation"] and cell["height"] == 2


def test_view_levels_name_the_tile_of_every_level():
    s = new(2)
    t = tile_on_top(s, "T")
    s.apply("build T r0 - 0 0")
    cells = {(c["x"], c["y"]): c for c in s.view(1).to_dict()["domains"][0]["cells"]}
    assert cells[(1, 1)]["levels"] == [{"tile": -1, "shape": "board"}, {"tile": t, "shape": "T"}]
    assert cells[(3, 3)]["levels"] == [{"tile": -1, "shape": "board"}]
