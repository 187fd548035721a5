"""The advisor's rows at every table, headless at 1280×720 on the screenshots' advisor moments: each row says its
move (Llama Land: which tile, on which level, where, turned how), the pointer over a row shows that move on the
table, a click on it selects the move for the player to confirm (nothing is played), the confirmation plays it; the
open panel covers none of the table's pieces (Carla's hand at L.A.M.A., the chance badge and the supply at
Cadabra). Llama Land's rows and its panel's place are checked in its own tests."""

from __future__ import annotations

import pygame
import pytest

from frames import post_click, post_key, post_motion
from lama_desktop.app.shots import SHOTS, first_of_each_table, table_word
from lama_desktop.app.staging import load_shots, make_app, stage

load_shots()
#: the tables with an advisor moment (``advisor-<table>``, one per table)
TABLES = [plugin for plugin in first_of_each_table() if f"advisor-{table_word(plugin)}" in {s[0] for s in SHOTS}]
ADVISED = [table_word(plugin) for plugin in TABLES]
#: the tables whose panel must cover none of the layout's pieces; a table that lists what its panel avoids
#: (``_advice_avoid``: Llama Land's domain and panels) is checked against that list in its own tests
LAID_OUT = [table_word(plugin) for plugin in TABLES if not hasattr(plugin.table(), "_advice_avoid")]


def staged(tmp_path, game, size=(1280, 720)):
    load_shots()
    name, builder, frames = next(shot for shot in SHOTS if shot[0] == f"advisor-{game}")
    app = make_app(size, str(tmp_path))
    app.running = True
    stage(app, builder, frames)
    table = app.stack.scenes[-1]
    assert table.advisor.open and table.advisor.estimates, name
    return app, table


def step(app, frames=2):
    for _ in range(frames):
        app.step(1 / 60)


def choosable_row(table) -> int:
    """A row other than the best one whose move the table can select (the best one when none other is)."""
    rows = table.advisor.rows()
    for i in range(1, len(rows)):
        kind = rows[i].move.kind
        if kind in ("play", "build", "extend", "discard", "take") or str(rows[i].move) in table.buttons:
            return i
    return 0


@pytest.mark.parametrize("game", ADVISED)
def test_a_row_looked_at_shows_its_move_and_a_click_selects_it_without_playing(tmp_path, game):
    app, table = staged(tmp_path, game)
    advisor = table.advisor
    step(app)
    index = choosable_row(table)
    move = advisor.rows()[index].move
    seen = []
    drawn = table._draw_advice
    table._draw_advice = lambda surface, estimates, focus=0: (seen.append(focus), drawn(surface, estimates, focus))
    post_motion(advisor._row_rects[index].center)
    step(app)
    assert advisor.focus_row == index and advisor.focused().move == move
    assert seen and seen[-1] == index, "the table shows the move looked at"
    played = table.session.moves_played
    post_click(advisor._row_rects[index].center)
    step(app)
    assert table.session.moves_played == played, "choosing a row never plays it"
    assert not advisor.open and advisor.chosen == move
    if move.kind == "play":
        assert table.shown.hand[table.hand_focus] == table._card_name(str(move.args[0]))
    elif move.kind in ("build", "extend"):
        assert table.placer.footprint() == table._placement_of(move)[0].footprint()
    elif move.kind == "discard":
        assert sorted(table.shown.rows[table.focus][i] for i in table.selected) == sorted(str(a) for a in move.args)
    elif move.kind == "take":
        assert table.llama_choice == str(move.args[0])
    else:
        assert table.buttons[str(move)].focused
    # the player confirms the choice as any of theirs: Enter plays exactly that move (quitting asks first)
    post_key(pygame.K_RETURN)
    step(app, 4)
    if move.kind == "quit":
        assert table.session.moves_played == played and app.stack.scenes[-1] is not table  # "Quit the round?"
        post_key(pygame.K_RETURN)
        step(app, 4)
    assert table.session.moves_played == played + 1
    assert str(table.session.record.moves[-1]) == str(move)
    app.shutdown()


@pytest.mark.parametrize("game", ADVISED)
def test_the_keys_walk_the_rows_and_enter_chooses(tmp_path, game):
    app, table = staged(tmp_path, game)
    advisor = table.advisor
    played = table.session.moves_played
    post_key(pygame.K_DOWN)
    step(app)
    assert advisor.focus_row == min(1, len(advisor.rows()) - 1)
    post_key(pygame.K_UP)
    step(app)
    assert advisor.focus_row == 0
    post_key(pygame.K_RETURN)
    step(app)
    assert table.session.moves_played == played and advisor.chosen == advisor.estimates[0].move
    assert not advisor.open
    app.shutdown()


def _covered(table) -> dict:
    """The pieces the panel must leave alone, by name."""
    L, ui = table.layout, table.ui
    pieces = {name: pygame.Rect(L[name]) for name in L.rects if name.startswith("seat") or name in (
        "draw_pile", "discard", "status", "buttons")}
    look = table.advisor.focused()
    for i, rect in enumerate(table._advice_rects(look.move)):  # the move's outline and its % badge
        rect = pygame.Rect(rect).inflate(ui.s(10), ui.s(10))
        pieces[f"advice{i}"] = rect.union(rect.move(0, -ui.s(26)))
    return pieces


@pytest.mark.parametrize("game", LAID_OUT)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_open_panel_covers_no_piece(tmp_path, game, size):
    app, table = staged(tmp_path, game, size)
    step(app)
    panel = pygame.Rect(table.advisor._panel_rect())
    assert pygame.Rect((0, 0), size).contains(panel)
    hit = {name: rect for name, rect in _covered(table).items() if panel.colliderect(rect)}
    assert not hit, f"the panel {panel} covers {hit}"
    if hasattr(table, "_supply_anchor"):  # a supply of tokens (Cadabra's: its token and the SUPPLY label under it)
        x, y = table._supply_anchor()
        supply = pygame.Rect(0, 0, table.token_d * 2, table.token_d * 3)
        supply.midtop = (round(x), round(y - table.token_d))
        assert not panel.colliderect(supply)
    app.shutdown()
