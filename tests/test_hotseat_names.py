"""Hot-seat names: with more than one human at the table the default names are numbered ("Player 1", "Player 2"
in the game's language), a typed name is always kept, a lone human stays "You", and the privacy screen never asks
to "Pass to You"."""

from __future__ import annotations

import pytest

from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.app.scenes.privacy import PrivacyScene
from lama_desktop.app.scenes.setup import SetupScene
from registry_games import sample_game


def privacy_after(app, table, frames=2000):
    """Step the app until the table shows its privacy screen (or give up); returns that screen or None."""
    for _ in range(frames):
        app.step(dt=1 / 30)
        if isinstance(app.stack.top, PrivacyScene):
            return app.stack.top
    return None


def open_setup(app) -> SetupScene:
    setup = SetupScene()
    app.stack.push(setup)
    app.step(dt=1 / 60)
    return setup


def names(setup):
    return [s.name for s in setup.seats]


def test_a_lone_human_is_you(app):
    setup = open_setup(app)
    assert names(setup)[0] == "You" and [s.kind for s in setup.seats].count("human") == 1
    assert setup.config().seats[0].name == "You"


def test_a_second_human_numbers_the_default_names_and_back(app):
    setup = open_setup(app)
    setup.set_kind(2, "human")
    assert names(setup)[0] == "Player 1" and names(setup)[2] == "Player 2"
    assert [s.name for s in setup.config().seats if not s.is_bot] == ["Player 1", "Player 2"]
    setup.set_kind(2, "bot:medium")  # alone again: "You", and the bot gets a bot's name, not "Player 2"
    assert names(setup)[0] == "You"
    assert setup.seats[2].name not in ("Player 2", "You") and setup.seats[2].name.strip()


def test_a_typed_name_is_always_kept(app):
    setup = open_setup(app)
    setup.set_name(0, "Zoé")
    setup.set_kind(1, "human")
    setup.set_kind(3, "human")
    assert names(setup)[0] == "Zoé"
    assert [setup.seats[i].name for i in (1, 3)] == ["Player 2", "Player 3"]
    setup.set_name(3, "Max")
    setup.set_kind(2, "human")
    assert [s.name for s in setup.config().seats] == ["Zoé", "Player 2", "Player 3", "Max"]


@pytest.mark.parametrize("language, expected", [("fr", ["Joueur 1", "Joueur 2"]), ("pl", ["Gracz 1", "Gracz 2"])])
def test_the_numbered_names_are_translated(app, language, expected):
    app.update_settings(language=language)
    setup = open_setup(app)
    setup.set_kind(1, "human")
    assert names(setup)[:2] == expected


def test_the_privacy_screen_never_says_pass_to_you(app):
    for name, human, shown in (("You", 0, "Player 1"), ("You", 1, "Player 2"), ("Vous", None, "Player"),
                               ("Anna", 1, "Anna")):
        scene = PrivacyScene(name, None, human)
        app.stack.push(scene)
        app.step(dt=1 / 60)
        assert scene.player_name == shown
        app.stack.pop()
        app.step(dt=1 / 60)


def test_a_hot_seat_game_from_the_setup_screen_passes_to_numbered_players(app):
    from lama_desktop.games.lama.table import open_table

    setup = open_setup(app)
    setup.set_kind(1, "human")
    config = setup.config()
    config = GameConfig(config.game_id, config.seats, config.variants, 0, seed=3)
    table = open_table(app, config)
    app.stack.push(table)
    privacy = privacy_after(app, table)
    try:
        assert privacy is not None, [type(s).__name__ for s in app.stack.scenes]
        assert privacy.player_name.startswith("Player ") and "You" not in privacy.player_name
    finally:
        table.close()


def test_an_old_save_with_two_yous_is_told_apart(app):
    from lama_desktop.games.lama.table import open_table

    config = GameConfig(sample_game(), [SeatConfig("You", "human"), SeatConfig("You", "human")], (), 0, seed=3)
    table = open_table(app, config)
    app.stack.push(table)
    privacy = privacy_after(app, table)
    try:
        assert privacy is not None and privacy.player_name in ("Player 1", "Player 2")
    finally:
        table.close()


# --- issue 24: the remembered name never collides with a bot's -------------------------------------------------
@pytest.mark.parametrize("remembered", ["Anna", "anna", "Bruno", "Carla "])
def test_the_bots_names_skip_the_remembered_name(app, remembered):
    app.update_settings(player_name=remembered.strip())
    setup = open_setup(app)
    keys = [n.strip().casefold() for n in names(setup)]
    assert names(setup)[0] == remembered.strip() and len(set(keys)) == len(keys), names(setup)
    assert setup.validate() == ""
    setup.set_player_count(6)
    keys = [n.strip().casefold() for n in names(setup)]
    assert len(set(keys)) == len(keys) == 6, names(setup)
    assert len({s.name.casefold() for s in setup.config().seats}) == 6


def test_a_remembered_last_setup_with_a_bot_of_your_name_gives_the_bot_another(app):
    last = GameConfig(sample_game(), [SeatConfig("Anna", "human"), SeatConfig("Anna", "bot", "easy"),
                               SeatConfig("Bruno", "bot", "easy")], (), 0, 1).to_dict()
    last.pop("seed")
    app.update_settings(player_name="Anna", last_setup=last)
    setup = open_setup(app)
    assert names(setup)[0] == "Anna" and names(setup).count("Anna") == 1 and setup.validate() == "", names(setup)


def test_a_typed_name_that_is_a_bots_makes_the_bot_move_over(app):
    setup = open_setup(app)
    bot_name = names(setup)[1]
    setup.set_name(0, bot_name)
    assert names(setup)[0] == bot_name and names(setup).count(bot_name) == 1 and setup.validate() == ""
    assert next(w for w in setup.group.widgets if w.name == "name1").text == names(setup)[1]


def test_a_typed_name_that_collides_is_told_at_the_seat(app):
    from lama_desktop.core import i18n
    from lama_desktop.app.scenes.setup import name_clashes

    setup = open_setup(app)
    setup.set_kind(1, "human")
    setup.set_name(0, "Zoe")
    setup.set_name(1, "zoe ")
    assert name_clashes(setup.seats) == {0, 1}
    drawn = []
    real_text = setup.ui.text

    def recording_text(text, *args, **kwargs):
        drawn.append(text)
        return real_text(text, *args, **kwargs)

    setup.ui.text = recording_text
    try:
        app.step(dt=1 / 60)
    finally:
        setup.ui.text = real_text
    told = i18n.t("common.setup.name_taken", name="Zoe")
    assert told in drawn or any(line.rstrip("…") and told.startswith(line.rstrip("…")) for line in drawn), drawn
    setup.start()
    assert setup.error == i18n.t("common.setup.error_same_name")
    setup.set_name(1, "Yan")
    assert name_clashes(setup.seats) == set() and setup.validate() == ""
