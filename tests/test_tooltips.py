"""Tooltips on the game pieces (``app/table/tooltip.py``): hovering a piece (a posted mouse motion) or putting the
keyboard focus on it shows its tip after a short delay, with the text of that piece (from the catalogs and the
game's data), and the tip's box always lies inside the window, at the window's edges too."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.core.i18n import plural, t
from lama_desktop.app.table.tooltip import Tip, Tooltip
from lama_desktop.app.tables import open_table
from frames import fast_app, post_key, post_motion
from registry_games import assert_covers, hidden_hand_games, one_per_table

SIZES = [(1280, 720), (1920, 1080)]
FRAMES = 30  # one second at 30 fps: the tip shows after ``Tooltip.delay`` (0.45 s)
#: one game per table, and the seed of its sample table
SEEDS = {"lama": 3, "lama-dice": 3, "lama-cadabra": 4, "llama-land": 7}


def test_every_table_has_a_sample_seed():
    assert_covers(SEEDS, one_per_table())


def make_table(tmp_path, game, size, variants=(), seed=3, players=3):
    app = fast_app(tmp_path, size)
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(f"Bot {i}", "bot", "easy") for i in range(1, players)]
    table = open_table(app, GameConfig(game, seats, tuple(variants), 0, seed=seed))
    app.stack.push(table)
    app.running = True
    for _ in range(2000):  # the deal, and the bots' turns before the human's
        app.step(1 / 30)
        if table.can_act():
            break
    assert table.can_act()
    return app, table


def hover(app, table, pos) -> Tip | None:
    """Post a mouse motion to ``pos`` and step frames until the tip shows (None if it never does)."""
    post_motion(pos)
    for _ in range(FRAMES):
        app.step(1 / 30)
        if table.tooltip.showing:
            break
    if not table.tooltip.showing:
        return None
    screen = pygame.Surface(app.size)
    box = table.tooltip.draw(screen, table.ui)
    assert box is not None
    assert pygame.Rect((0, 0), app.size).contains(box), (box, app.size)
    return table.tooltip.tip


def center(rect) -> tuple[int, int]:
    return pygame.Rect(rect).center


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
def test_lama_pieces_have_their_tips(tmp_path, size):
    app, table = make_table(tmp_path, "lama", size, variants=("drama",))
    sh = table.shown
    assert sh.hand, "the hand is dealt"
    # every card of the hand: its own value's text
    for i in range(len(sh.hand)):
        x, y, _ = table._hand_positions()[i]
        probe = (round(x), round(y - table.lifts[i] + table.hand_w * 0.2))  # its lower part, never covered
        tip = hover(app, table, probe)
        assert tip is not None, f"no tip on card {i}"
        assert tip.text == table._card_tip(sh.hand[i])
        name = sh.hand[i]
        if name == "L":
            assert "10 points" in tip.text
        elif name != "1":
            assert f"costs {name} points" in tip.text
    tip = hover(app, table, center(table._slot_rect("draw_pile")))
    assert tip is not None and tip.text == plural("hand.tip.pile", table.shown.pile)
    tip = hover(app, table, center(table._slot_rect("discard")))
    assert tip is not None and tip.text.startswith(t("hand.tip.discard"))
    tip = hover(app, table, center(table.layout["drama_board"]))
    assert tip is not None and "Drama board" in tip.text and "of 5 tokens" in tip.text
    tip = hover(app, table, center(table.layout["seat1.plate"]))
    seat = (table.focus + 1) % table.n
    assert tip is not None and tip.text.splitlines()[0] == table._name(seat)
    tip = hover(app, table, center(table.layout["seat0.tokens"]))
    assert tip is not None and "White tokens are worth 1 point, black ones 10" in tip.text
    tip = hover(app, table, center(table.layout["seat2.hand"]))
    other = (table.focus + 2) % table.n
    assert tip is not None and tip.text == f"{table._name(other)}: {sh.sizes[other]} cards in hand"
    # over the empty felt: no tip
    post_motion((size[0] // 2, 2))
    for _ in range(FRAMES):
        app.step(1 / 30)
    assert not table.tooltip.showing


def test_the_keyboard_focus_shows_the_focused_cards_tip(tmp_path):
    app, table = make_table(tmp_path, "lama", (1280, 720))
    post_key(pygame.K_RIGHT)
    for _ in range(FRAMES):
        app.step(1 / 30)
        if table.tooltip.showing:
            break
    assert table.hand_focus >= 0
    assert table.tooltip.showing
    assert table.tooltip.tip.text == table._card_tip(table.shown.hand[table.hand_focus])


@pytest.mark.parametrize("size", SIZES)
def test_cadabra_cards_symbols_stage_and_magic_token(tmp_path, size):
    app, table = make_table(tmp_path, "lama-cadabra", size, seed=4)
    sh = table.shown
    for i in range(len(sh.hand)):
        x, y, _ = table._hand_positions()[i]
        tip = hover(app, table, (round(x), round(y - table.lifts[i] + table.hand_w * 0.2)))
        assert tip is not None and tip.text == table._card_tip(sh.hand[i])
        name = sh.hand[i]
        if "/" in name:
            assert tip.text.startswith(f"Double card {name}")
        if name.endswith("@"):
            assert "Circle:" in tip.text
        if name.endswith("#"):
            assert "Square:" in tip.text
        if name.endswith("*"):
            assert "Star:" in tip.text
    tip = hover(app, table, center(table._stage_geometry()))
    assert tip is not None and tip.text.startswith("Lamagic Show stage")
    assert sh.magic == "supply"  # a new game: the magic token waits beside the stage
    tip = hover(app, table, tuple(round(v) for v in table._supply_anchor()))
    assert tip is not None and tip.text.startswith("Magic token") and "10 points" in tip.text
    tip = hover(app, table, center(table.layout["seat0.tokens"]))
    assert tip is not None and "exchange 10 whites for a black" in tip.text


def test_every_cadabra_card_kind_says_its_symbol():
    from lama_desktop.games.cadabra.table import DISPLAY, CadabraTableScene

    table = CadabraTableScene.__new__(CadabraTableScene)
    words = {"@": "Circle:", "#": "Square:", "*": "Star:"}
    for name in DISPLAY.values():
        text = table._card_tip(name)
        assert text
        for suffix, word in words.items():
            assert (word in text) == name.endswith(suffix), name


@pytest.mark.parametrize("size", SIZES)
def test_dice_row_llama_row_dice_and_rows(tmp_path, size):
    app, table = make_table(tmp_path, "lama-dice", size, seed=5)
    sh = table.shown
    row = sh.rows[table.focus]
    for i in range(len(row)):
        tip = hover(app, table, center(table._row_card_rect(i)))
        assert tip is not None and tip.text == table._card_tip(row[i])
        assert ("costs 10 points" in tip.text) if row[i] == "L" else (f"costs {row[i]} point" in tip.text)
    slots = table._llama_positions()
    for name in sh.llama:
        x, y = slots[name]
        tip = hover(app, table, (x, y))
        assert tip is not None and tip.text.startswith("Llama row: " + ("llama" if name == "L" else name))
    for x, y in table._die_centers():
        tip = hover(app, table, (x, y))
        assert tip is not None and "This die’s faces:" in tip.text
    other = (table.focus + 1) % table.n
    tip = hover(app, table, center(table._row_rect(other)))
    assert tip is not None and tip.text.startswith(f"Row of {table._name(other)}")


@pytest.mark.parametrize("size", SIZES)
def test_llama_land_stacks_columns_characters_objectives_supply(tmp_path, size):
    app, table = make_table(tmp_path, "llama-land", size, seed=7, players=2)
    r, d = table.rects, table.d
    tip = hover(app, table, center(r["stack0"]))
    st = d["stacks"][0]
    assert tip is not None and tip.text.startswith(f"Stack {st['shape']}: {st['count']} tiles")
    tip = hover(app, table, center(r["column0"]))
    assert tip is not None and tip.text.startswith("Llama cards: ") and "Top card:" in tip.text
    ch = d["character_row"][0]
    tip = hover(app, table, center(r["char0"]))
    assert tip is not None and tip.text == t(f"llama_land.char.{ch['type']}.text",
                                              a=t(f"llama_land.res.{ch['crops'][0]}") if ch.get("crops") else "",
                                              b=t(f"llama_land.res.{ch['crops'][1]}") if len(ch.get("crops", [])) > 1
                                              else "")
    obj = d["objectives"][0]
    rect = r["obj0"]
    tip = hover(app, table, (rect.x + rect.w // 5, rect.centery))
    assert tip is not None and tip.text.startswith(t(f"llama_land.objective.{obj['id']}.name"))
    a, b, c = obj["spaces"]
    assert f"{a}, {b} and {c} points" in tip.text or f"{a} points for the most" in tip.text
    tip = hover(app, table, (r["supply"].x + 4, r["supply"].centery))
    assert tip is not None and tip.text.startswith("Supply")
    tip = hover(app, table, center(r["panel0"]))
    assert tip is not None and "Foundations left: 3" in tip.text


@pytest.mark.parametrize("size", SIZES)
def test_a_tip_never_leaves_the_window_at_its_edges(size):
    """A long tip on pieces in every corner and edge of the window: the box is clamped or flipped inside."""
    from lama_desktop.app.widgets import UI

    ui = UI(size, 1.0)
    w, h = size
    long_text = " ".join(["A fairly long explanation of a game piece"] * 6)
    pieces = [(0, 0, 40, 60), (w - 40, 0, 40, 60), (0, h - 60, 40, 60), (w - 40, h - 60, 40, 60),
              (w // 2, 0, 40, 60), (w // 2, h - 60, 40, 60), (0, h // 2, 40, 60), (w - 40, h // 2, 40, 60),
              (0, 0, w, h)]
    screen = pygame.Surface(size)
    for piece in pieces:
        for source in ("mouse", "keys"):
            tip = Tooltip()
            tip.source, tip.pos = source, pygame.Rect(piece).center
            tip.tip, tip.age = Tip(long_text, piece), 1.0
            box = tip.draw(screen, ui)
            assert pygame.Rect((0, 0), size).contains(box), (piece, box)
            assert box.w <= ui.s(330)
            small = pygame.Rect(piece)
            if small.w < w // 2 and not box.colliderect(small):
                continue
            # covering the piece only when neither below, above nor beside it has room
            assert small.w >= w // 2 or box.h > small.top and box.h > h - small.bottom, (piece, box)


def test_a_tip_waits_for_the_delay_and_follows_the_pointer():
    class Table:
        def __init__(self):
            self.at = {}

        def _tooltip_at(self, pos):
            return self.at.get(pos)

        def _tooltip_focus(self):
            return None

    table, tip = Table(), Tooltip()
    table.at[(5, 5)] = Tip("five", (0, 0, 10, 10))
    tip.event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    tip.update(0.1, table)
    tip.update(0.1, table)
    assert not tip.showing
    tip.update(tip.delay, table)
    assert tip.showing and tip.tip.text == "five"
    tip.event(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 50), rel=(0, 0), buttons=(0, 0, 0)))
    tip.update(1.0, table)
    assert not tip.showing


@pytest.mark.parametrize("size", SIZES)
def test_the_draw_piles_tip_leaves_its_label_and_the_status_line_readable(tmp_path, size):
    """The draw pile's tip once covered its own "DRAW PILE" label and the status line under it: a tip goes where
    it covers nothing of its piece, the piece's label and the status pill (here: beside the pile)."""
    app, table = make_table(tmp_path, "lama", size)
    for name in ("draw_pile", "discard"):
        tip = hover(app, table, center(table._slot_rect(name)))
        assert tip is not None and tip.keep == (tuple(table._pile_label_rect(name)),)
        screen = pygame.Surface(app.size)
        table.draw(screen)
        box = table.tooltip.box(table.ui, app.size, table._tooltip_avoid())[0]
        assert table._status_rect is not None
        for rect in (table._slot_rect(name), table._pile_label_rect(name), table._status_rect):
            assert not box.colliderect(rect), (name, box, rect)
    # the label itself explains its pile too
    tip = hover(app, table, center(table._pile_label_rect("draw_pile")))
    assert tip is not None and tip.text == plural("hand.tip.pile", table.shown.pile)


def test_a_tip_takes_the_first_side_that_covers_nothing_it_must_keep_clear():
    from lama_desktop.app.widgets import UI

    ui = UI((1280, 720), 1.0)
    tip = Tooltip()
    tip.source, tip.age = "keys", 1.0
    piece, label, status = (600, 300, 80, 110), (610, 414, 60, 14), (400, 440, 480, 36)
    tip.tip = Tip("Draw pile: 30 cards left.", piece, (label,))
    box, _ = tip.box(ui, (1280, 720), [status])
    assert box.bottom <= 300 and box.centerx == 640, box  # below is taken by the status line: above the pile
    for rect in (piece, label, status):
        assert not box.colliderect(rect)
    piece, label, status = (600, 20, 80, 110), (610, 134, 60, 14), (400, 160, 480, 36)  # no room above either
    tip.tip = Tip("Draw pile: 30 cards left.", piece, (label,))
    box, _ = tip.box(ui, (1280, 720), [status])
    assert box.left >= 680 and abs(box.centery - 84) <= 1, box  # right of the pile and its label
    for rect in (piece, label, status):
        assert not box.colliderect(rect)
    # nothing to keep clear: below the piece and its label
    box, _ = tip.box(ui, (1280, 720))
    assert box.top >= 148 and box.centerx == 640


def press(app, table, key, mod=0) -> Tip | None:
    """Press ``key`` and step frames until the focus's tip shows (None if it never does)."""
    post_key(key, mod)
    for _ in range(FRAMES):
        app.step(1 / 30)
        if table.tooltip.showing:
            break
    if not table.tooltip.showing:
        return None
    assert table.tooltip.source == "keys"
    box = table.tooltip.draw(pygame.Surface(app.size), table.ui, table._tooltip_avoid())
    assert pygame.Rect((0, 0), app.size).contains(box)
    return table.tooltip.tip


def focused_button(table):
    return next((name for name, b in table.buttons.items() if b.focused), None)


@pytest.mark.parametrize("game,seed", [(game, SEEDS[game]) for game in one_per_table() if game in hidden_hand_games()])
def test_keyboard_focus_on_cards_and_buttons_shows_their_tips(tmp_path, game, seed):
    """L.A.M.A. and Cadabra: the arrows put the focus on a hand card, Tab on the buttons; each shows its tip after
    the delay (the focused button's: what it does, and its key)."""
    app, table = make_table(tmp_path, game, (1280, 720), seed=seed)
    tip = press(app, table, pygame.K_RIGHT)
    assert tip is not None and tip.text == table._card_tip(table.shown.hand[table.hand_focus])
    tip = press(app, table, pygame.K_TAB)
    name = focused_button(table)
    assert name in ("draw", "quit") and tip is not None
    assert tip.rect == tuple(table.buttons[name].rect)
    assert tip.text.startswith(t(table.button_tips[name])) and tip.text.endswith(
        t("tooltips.button.key", hint=table.buttons[name].hint))
    tip = press(app, table, pygame.K_TAB)
    second = focused_button(table)
    assert second != name and tip is not None and tip.text.startswith(t(table.button_tips[second]))


def test_dice_tab_walks_the_buttons_and_the_arrows_the_cards_to_discard(tmp_path):
    """LAMA Dice: Tab focuses Roll, then Quit (their tips show); with a match rolled, the arrows walk over the row's
    cards and each shows its tip."""
    app, table = make_table(tmp_path, "lama-dice", (1280, 720), seed=5)
    tip = press(app, table, pygame.K_TAB)
    assert focused_button(table) == "roll" and tip is not None
    assert tip.text.startswith(t("dice.tip.button.roll")) and "Key: R" in tip.text
    tip = press(app, table, pygame.K_TAB)
    assert focused_button(table) == "quit" and tip.text.startswith(t("dice.tip.button.quit"))
    # a roll that matches the row: the discard choice
    row = table.shown.rows[table.focus]
    state = table.session.state
    from lama_desktop.games.dice.table import DIE_FACES

    faces = next(([a, b, c] for a in DIE_FACES[0] for b in DIE_FACES[1] for c in DIE_FACES[2]
                  if "L" not in (a, b, c) and a in row), None)
    assert faces is not None
    events = state.apply_roll(faces)
    from lama_desktop.core.session import Played
    from lama_desktop.engine.core import Move

    table.session._played.append(Played(table.focus, Move.parse("roll"), events, False))
    for _ in range(300):
        app.step(1 / 30)
        table.skip_animations()
        if table.can_act() and table.shown.phase == "discard":
            break
    assert table.shown.phase == "discard"
    tip = press(app, table, pygame.K_RIGHT)
    assert tip is not None and tip.text == table._card_tip(table.shown.rows[table.focus][table.card_focus])
    tip = press(app, table, pygame.K_RIGHT)
    assert tip is not None and tip.rect == tuple(table._row_card_rect(table.card_focus))


@pytest.mark.parametrize("size", SIZES)
def test_llama_land_n_shows_what_the_placement_would_do(tmp_path, size):
    """Llama Land: N / Shift+N put the tile in hand on the next legal placement; its tip says whether it extends
    or builds (and what the build gives, as the status line does), over the tile's cells."""
    app, table = make_table(tmp_path, "llama-land", size, seed=7, players=2)
    seen = set()
    for key, mod in ((pygame.K_n, 0), (pygame.K_n, 0), (pygame.K_n, pygame.KMOD_SHIFT)):
        tip = press(app, table, key, mod)
        assert tip is not None
        ev = table.placer.evaluate()
        assert ev["legal"]
        assert tip.text.startswith(t(f"llama_land.legend.{ev['kind']}"))
        if ev["kind"] == "build":
            assert table._status_text()[0] in tip.text
        frame = table.frame_big
        for x, y, _icon in ev["cells"]:
            cx, cy = frame.top_center(x, y, ev["level"])
            assert pygame.Rect(tip.rect).inflate(2, 2).collidepoint(cx, cy)
        seen.add(tip.rect)
    assert len(seen) >= 2  # the tip followed the tile


def test_llama_land_marker_choice_shows_the_objectives_tip(tmp_path):
    """Llama Land: after an extension, K and the arrows walk over the free objective spaces for the marker; the
    chosen space's objective explains itself (name, condition, points)."""
    app, table = make_table(tmp_path, "llama-land", (1280, 720), seed=7, players=2)
    for _ in range(200):  # N until the tile in hand is on an extension spot
        post_key(pygame.K_n)
        app.step(1 / 30)
        if table.placer.evaluate()["kind"] == "extend":
            break
    assert table.placer.evaluate()["kind"] == "extend" and table.placer.evaluate()["legal"]
    post_key(pygame.K_RETURN)
    for _ in range(300):
        app.step(1 / 30)
        if table.mode == "after" and table.can_act():
            break
    assert table.mode == "after"
    post_key(pygame.K_k)
    tip = press(app, table, pygame.K_RIGHT)
    assert table.marker_mode and tip is not None
    index = table._marker_moves()[table.choice % len(table._marker_moves())].args[0]
    obj = table.d["objectives"][index]
    assert tip.rect == tuple(table.rects[f"obj{index}"])
    assert tip.text.startswith(t(f"llama_land.objective.{obj['id']}.name"))


@pytest.mark.parametrize("game,seed", list(SEEDS.items()))
def test_a_scene_opened_over_the_table_takes_the_tip_away(tmp_path, game, seed):
    """Escape over a showing tip: the pause menu opens over the table, which is still drawn under it but no longer
    updated; its tip must not stay frozen on the screen (it did, half-dimmed, beside the pause menu)."""
    from lama_desktop.app.scenes.pause import PauseScene

    app, table = make_table(tmp_path, game, (1280, 720), seed=seed)
    rect = next(b.rect for name, b in table.buttons.items() if b.enabled and name != "menu")
    assert hover(app, table, center(rect)) is not None
    app.stack.push(PauseScene(game))
    app.stack.apply_pending()
    app.step(1 / 30)
    assert app.stack.top is not table and not table.tooltip.showing
    assert table.tooltip.draw(pygame.Surface(app.size), table.ui) is None
    app.shutdown()


@pytest.mark.parametrize("size", SIZES)
def test_a_tip_pushed_past_another_piece_points_at_its_own(tmp_path, size):
    """The middle die has the llama row above, the status line below and a die on each side: its tip goes past
    the third die, and a leader line runs from the tip to the middle die (else it reads as the third die's tip)."""
    app, table = make_table(tmp_path, "lama-dice", size, seed=5, players=4)
    dice = table._die_rects()
    tip = hover(app, table, dice[1].center)
    assert tip is not None and pygame.Rect(tip.rect) == dice[1]
    box = table.tooltip.draw(pygame.Surface(app.size), table.ui, table._tooltip_avoid())
    assert not any(box.colliderect(d) for d in dice)
    start, end = table.tooltip.leader(box, table.ui)
    assert dice[1].collidepoint(end) and box.collidepoint(start)
    row = table._row_card_rect(0)  # a card of your row: its tip sits right beside it, no leader
    hover(app, table, row.center)
    box = table.tooltip.draw(pygame.Surface(app.size), table.ui, table._tooltip_avoid())
    assert table.tooltip.leader(box, table.ui) is None
    app.shutdown()


@pytest.mark.parametrize("size", SIZES)
def test_llama_land_a_players_panel_tip_leaves_the_other_panels_alone(tmp_path, size):
    """A panel's tip sat over the next player's panel (its name and points): the panels are pieces too."""
    app, table = make_table(tmp_path, "llama-land", size, seed=7)
    for seat in range(table.n):
        panel = pygame.Rect(table.rects[f"panel{seat}"])
        tip = hover(app, table, (panel.centerx, panel.y + panel.h // 3))
        assert tip is not None
        box = table.tooltip.draw(pygame.Surface(app.size), table.ui, table._tooltip_avoid())
        others = [pygame.Rect(table.rects[f"panel{s}"]) for s in range(table.n) if s != seat]
        assert not any(box.colliderect(r) for r in others), (seat, box, others)
    app.shutdown()


def test_a_showing_tip_survives_a_hand_being_dealt_under_it(tmp_path):
    """The tip's placement asks for every card of your hand as drawn; mid-deal (a damaged save's Continue in the
    fuzz test) the hand already holds cards not laid out yet: the frame must still draw."""
    app, table = make_table(tmp_path, "lama", (1280, 720), seed=3)
    assert hover(app, table, table.buttons["draw"].rect.center) is not None
    table.lifts = table.lifts[:1]  # as during the deal: fewer cards laid out than in the hand
    screen = pygame.Surface(app.size)
    table._draw_tooltip(screen)
    assert len(table._tip_pieces()) >= 1
    app.shutdown()
