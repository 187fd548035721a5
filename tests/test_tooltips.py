"""Tooltips on the game pieces (``app/table/tooltip.py``): hovering a piece (a posted mouse motion) or putting the
keyboard focus on it shows its tip after a short delay, with the text of that piece (from the catalogs and the
game's data), and the tip's box always lies inside the window, at the window's edges too. The tips of one game's
own pieces are that game's tests (``lama_desktop/games/<game>/tests/``); these helpers serve them."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.core.i18n import t
from lama_desktop.app.table.tooltip import Tip, Tooltip
from lama_desktop.app.tables import open_table
from lama_desktop.games import GAMES
from frames import fast_app, post_key, post_motion
from registry_games import games_where, one_per_table, samples

SIZES = [(1280, 720), (1920, 1080)]
FRAMES = 30  # one second at 30 fps: the tip shows after ``Tooltip.delay`` (0.45 s)
#: one game per table, and the seed of its sample table (``samples.table_seed``)
SEEDS = {game: samples(game).table_seed for game in one_per_table()}


def test_every_games_samples_name_variants_and_seat_counts_it_offers():
    """The samples the cross-game tests play (``GamePlugin.samples``) are games the descriptor can deal: a variant
    or seat count it does not offer would test something no player sees."""
    for game, plugin in GAMES.items():
        sample, offered = plugin.samples, {variant.id for variant in plugin.spec.variants}
        variants = [sample.audit_variants, sample.transcript_variants, *sample.refusals,
                    *(variants for variants, _players in sample.privacy)]
        assert all(set(v) <= offered for v in variants), (game, variants)
        seats = [*(sample.layout_seats or ()), *sample.extreme_seats, sample.advisor_seats,
                 *(players for _variants, players in sample.privacy)]
        assert set(seats) <= set(plugin.players), (game, seats)


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


#: the tables of hidden hands of cards (a hand to walk with the arrows; Draw and Quit to Tab to)
HAND_TABLES = games_where(lambda plugin: plugin.card_hands and plugin.hidden_hands, one_per_table())


@pytest.mark.parametrize("game,seed", [(game, SEEDS[game]) for game in HAND_TABLES])
def test_keyboard_focus_on_cards_and_buttons_shows_their_tips(tmp_path, game, seed):
    """The hand tables (L.A.M.A., Cadabra): the arrows put the focus on a hand card, Tab on the buttons; each shows its
    tip after the delay (the focused button's: what it does, and its key)."""
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
