"""The advisor at Llama Land's table (headless at 1280×720, on the screenshots' advisor moment): each row says which
tile, on which level, where and turned how, and the open panel covers neither the domain, nor your panel, nor the
objectives (the table lists what it avoids: ``_advice_avoid``). Every table's rows: tests/test_advisor_choice.py."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import t
from test_advisor_choice import staged, step


def test_llama_land_rows_say_which_tile_where_and_which_way(tmp_path):
    app, table = staged(tmp_path, "llama-land")
    advisor = table.advisor
    wheres = [t(f"advisor.where.{w}") for w in ("top_left", "top", "top_right", "left", "middle", "right",
                                                "bottom_left", "bottom", "bottom_right")]
    labels = [advisor.row_label(e) for e in advisor.rows()]
    placements = [(e, label) for e, label in zip(advisor.rows(), labels, strict=True)
                  if e.move.kind in ("build", "extend")]
    assert placements, "the moment lists placements"
    for e, label in placements:
        shape = str(e.move.args[0])
        assert f"· {shape}" in label, label  # which tile, as its stack is labelled ("2 · L")
        assert any(w in label for w in wheres), label
        assert any(t(f"advisor.turn.{n}") in label for n in range(4)), label
        assert "…" not in label
    assert len(set(labels)) == len(labels), labels  # six rows no longer read the same
    # the details of the row looked at: its reason and what the placement yields, in full
    index = advisor.rows().index(placements[0][0])
    advisor.look(index)
    details = advisor.details(advisor.focused())
    assert len(details) >= 2 and all("…" not in line for line in details)
    app.shutdown()


def test_the_panel_at_llama_land_covers_neither_the_domain_nor_your_panel_nor_the_objectives(tmp_path):
    app, table = staged(tmp_path, "llama-land")
    step(app)
    panel = pygame.Rect(table.advisor._panel_rect())
    for rect in table._advice_avoid():
        assert not panel.colliderect(rect), (panel, rect)
    assert not panel.colliderect(table.rects["objectives"])
    assert not panel.colliderect(table.rects[f"panel{table.my_seat()}"])
    app.shutdown()
