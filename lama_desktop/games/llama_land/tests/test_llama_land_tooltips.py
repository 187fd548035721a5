"""Tooltips on Llama Land's pieces: hovering a piece or putting the keyboard focus on it shows its tip with
the text of that piece; moved here from the cross-game ``tests/test_tooltips.py``, whose helpers they use."""

from __future__ import annotations

import pygame
import pytest

from frames import post_key
from lama_desktop.core import i18n
from lama_desktop.core.i18n import t
from test_tooltips import SIZES, center, hover, make_table, press


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


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
        frame = table.camera.frame_big
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


def test_the_llama_cards_and_round_tips_are_gone_once_the_state_changed(tmp_path):
    """A tip belongs to its piece: over the llama-card column and the round label, a move played drops the tip at
    once; when it shows again (its own delay later) it says what the piece shows now."""
    app, table = make_table(tmp_path, "llama-land", (1280, 720), seed=7, players=2)
    round_label = next(rect for rect, what in table._supply_hits if what == "round")
    for piece in (table.rects["column0"], round_label):
        pos = center(piece)
        for _ in range(400):  # the bots' turns, then yours
            app.step(1 / 30)
            if table.can_act():
                break
        assert table.can_act()
        assert hover(app, table, pos) is not None
        assert table.tooltip.tip.piece is None  # keyed on the table: any change drops it
        before = table._tip_state()
        table.try_move(str(table.session.view(0).legal_moves()[0]), confirmed=True)
        assert table._tip_state() != before
        app.step(1 / 30)
        assert not table.tooltip.showing, "the tip outlived the move"
        for _ in range(60):
            app.step(1 / 30)
            if table.tooltip.showing:
                assert table.tooltip.tip == table._tooltip_at(pos)
