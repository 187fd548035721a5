"""The advisor on L.A.M.A. positions (``lama_desktop.advise``); moved here from the cross-game
``tests/test_advisor.py``, whose helpers they use."""

from __future__ import annotations

import pytest

from lama_desktop import advise as advise_module
from lama_desktop.advise import advise, main, summary_line
from lama_desktop.core import i18n
from lama_desktop.games.lama.engine import LamaState
from test_advisor import _position, _write


def test_the_lama_advisor_prefers_the_last_card_and_words_it():
    state = LamaState.crafted(hands=[["3"], ["1", "2", "4", "5", "6"], ["L", "L", "6"]], top="3",
                              pile=["1", "2", "4", "5", "6", "L"] * 3, points=[12, 20, 25])
    estimates = advise(state.view(0))
    assert [str(e.move) for e in estimates][0] == "play 3"
    assert {str(e.move) for e in estimates} == {"play 3", "draw", "quit"}
    line = summary_line(estimates, "lama")
    assert line.startswith("Playing 3: ") and "% to win the game — your hand drops to 0 points; " in line
    quit_row = next(e for e in estimates if str(e.move) == "quit")
    assert quit_row.points == pytest.approx(3.0)  # quitting scores the hand's 3 points, nothing else


def test_the_runner_up_keeps_its_capitals_in_german():
    # German capitalises nouns ("Tableau", "Chips") and names: the second move is not lower-cased
    state = LamaState.crafted(hands=[["3"], ["1", "2", "4", "5", "6"], ["L", "L", "6"]], top="3",
                              pile=["1", "2", "4", "5", "6", "L"] * 3, points=[12, 20, 25])
    estimates = advise(state.view(0))
    i18n.set_language("de")
    try:
        line = summary_line(estimates, "lama")
    finally:
        i18n.set_language("en")
    assert line.startswith("3 legen: ") and "% Siegchance – deine Hand sinkt auf 0 Punkte; " in line
    assert line.split("; ")[1].startswith(("Nachziehen: ", "Aussteigen: ")), line


def test_cli_text_lists_moves_and_reads_an_autosave(tmp_path, capsys):
    state = _position("lama", 3, 6, 8)
    seat = state.current_player
    save = {"kind": advise_module.AUTOSAVE_KIND, "save_version": 1, "game": "lama", "record": {},
            "state": state.to_dict(), "meta": {}}
    path = _write(tmp_path, "autosave.json", save)
    assert main([str(path), "--seat", str(seat), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "% de gagner la partie" in out
    for move in state.legal_moves():
        assert str(move) in out
    advise_module.set_language("en")
