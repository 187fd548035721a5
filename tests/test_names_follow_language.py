"""The local player's made-up name follows the language: a German game's "Du" is "Vous" once the language is French,
a Polish save's "Ty" is "You" in English, in the seats, the plates and the history; a name the player typed stays."""

from __future__ import annotations

import pytest

from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.app.table.history_lines import LogLine
from lama_desktop.app.table.pieces import lazy
from registry_games import sample_game


@pytest.fixture
def lang():
    yield i18n.set_language
    i18n.set_language("en")
    i18n.set_reader(None)


@pytest.mark.parametrize("written, code, said", [("Du", "fr", "Vous"), ("Ty", "en", "You"), ("You", "de", "Du"),
                                                 ("Vous", "pl", "Ty"), ("Gracz 2", "en", "Player 2"),
                                                 ("Player 3", "de", "Spieler 3")])
def test_a_made_up_name_is_said_in_the_current_language(lang, written, code, said):
    lang(code)
    seat = SeatConfig(written, "human")
    assert seat.name == said and seat.to_dict()["name"] == said
    assert i18n.current_name(written) == said


@pytest.mark.parametrize("written", ["Bruno", "Dumont", "Player", "Player two", "Tyler"])
def test_a_typed_name_stays_as_typed(lang, written):
    lang("fr")
    assert SeatConfig(written, "human").name == written and i18n.current_name(written) == written


def test_a_bot_keeps_its_name(lang):
    lang("fr")
    assert SeatConfig("Du", "bot").name == "Du"


def test_a_history_line_kept_in_a_german_save_names_the_player_in_french(lang):
    lang("de")
    line = LogLine(lazy.about("lama.log.play", 0, name=SeatConfig("Spieler 1").name, card="3"), (1, 2, 3), 0)
    i18n.set_reader(lambda: 1)  # hot-seat: the second player reads about the first one
    assert str(line.text) == "Spieler 1 spielt 3"
    back = LogLine.from_dict(line.to_dict())
    lang("fr")
    assert str(back.text) == "Joueur 1 joue 3"
    assert str(lazy.names([SeatConfig("Ty").name, "Bruno"])) == "Vous et Bruno"
    won = lazy.winners("hand.toast.winner", [0, 1], ["Gracz 1", "Bruno"].__getitem__)
    assert "Joueur 1" in str(won) and "Gracz" not in str(won)


def _save_in(app, code):
    """A L.A.M.A. game set up in language ``code``, autosaved: what Continue opens."""
    from lama_desktop.app.scenes.setup import SetupScene

    app.update_settings(language=code)
    setup = SetupScene()
    app.stack.push(setup)
    app.step(dt=1 / 60)
    seats = [SeatConfig(setup.seats[0].name, "human"), SeatConfig("Bruno", "bot")]
    return GameConfig(sample_game(), seats, (), 0, seed=4)


def test_a_polish_game_continued_in_english_calls_the_player_you(app):
    from lama_desktop.games.lama.table import open_table

    config = _save_in(app, "pl")
    assert config.seats[0].to_dict()["name"] == "Ty"
    saved = config.to_dict()
    app.update_settings(language="en")
    table = open_table(app, GameConfig.from_dict(saved))
    app.stack.push(table)
    try:
        app.step(dt=1 / 60)
        assert table.session.names[0] == "You" and table._name(0) == "You"
        app.update_settings(language="fr")
        app.step(dt=1 / 60)
        assert table.session.names[0] == "Vous" and table.config.names[0] == "Vous"
    finally:
        table.close()
