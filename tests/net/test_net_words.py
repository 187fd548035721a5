"""Issue 31 (and 32's "Started" in English under a Polish interface): every word a guest's table shows comes from
the guest's own catalog. A guest of a host that plays in another language, before the start and in the game, in
every language, on every table played across computers: no text on the screen is a string of another language's
catalog that the guest's language words otherwise (the host's "Gospodarz", a bot's "Bartek", a badge's "Started").
"""

from __future__ import annotations

import time

import pytest

from lama_desktop.app import textprobe
from lama_desktop.app.staging import make_app
from lama_desktop.core import i18n
from lama_desktop.core.i18n import load_table
from lama_desktop.core.seat_names import split_names
from lama_desktop.core.session import GameSession, Seat
from lama_desktop.net.client import TableClient
from lama_desktop.net.host import TableHost
from registry_games import games_where

from .conftest import FAST

pytestmark = pytest.mark.real_time_bots

NETWORKED = games_where(lambda plugin: plugin.networked)
#: the host's language, and the guest's languages
HOST_LANG = {"en": "pl", "fr": "de", "pl": "en", "de": "fr"}


def _values(lang: str) -> dict[str, set[str]]:
    """key -> the texts of ``lang``'s catalog entry (each form of a plural; each name of a list of names)."""
    out: dict[str, set[str]] = {}
    for key, value in load_table(lang).entries.items():
        forms = value if isinstance(value, tuple) else (value,)
        texts = {f for f in forms if isinstance(f, str)}
        if key == "common.setup.bot_names":
            texts = {n for f in texts for n in split_names(f)}
        out[key] = texts
    return out


def foreign_words(texts, lang: str) -> list[str]:
    """The ``texts`` that are another language's word for a string ``lang`` words otherwise (whole texts, in any
    case: a badge "Started", a name "Gospodarz")."""
    mine = _values(lang)
    own_words = {w.casefold() for texts_ in mine.values() for w in texts_}
    foreign: dict[str, str] = {}
    for other in i18n.LANGUAGES:
        if other == lang:
            continue
        for key, words in _values(other).items():
            for word in words:
                if "{" in word or len(word) < 3 or word.casefold() in own_words or word in mine.get(key, ()):
                    continue
                foreign[word.casefold()] = f"{other} {key}"
    return [f"{text!r} ({foreign[text.casefold()]})" for text in texts if text.casefold() in foreign]


@pytest.fixture(scope="module")
def probe_app(tmp_path_factory):
    textprobe.install()
    app = make_app((1280, 720), str(tmp_path_factory.mktemp("words")))
    app.running = True
    yield app
    while app.stack.scenes:
        app.stack._pop_now()
    app.shutdown()
    textprobe.uninstall()
    i18n.set_language("en")


def _screen_texts(app) -> list[str]:
    app.screen = textprobe.RecordingSurface(app.size)
    textprobe.reset(app.screen)
    app.stack.draw(app.screen)
    return [r.text for r in textprobe.texts(app.screen) if r.kind == "ui"]


def _host_in(lang: str, game: str) -> TableHost:
    """A table set up by an app in ``lang``: its player gave no name (the host's word), an open seat, a bot with
    the bots' second default name, all as that app wrote them."""
    i18n.set_language(lang)
    seats = [Seat(i18n.t("common.net.host_player"), "remote"), Seat(f"{i18n.t('common.setup.seat')} 2", "remote"),
             Seat(split_names(i18n.t("common.setup.bot_names"))[1], "bot", "easy")]
    return TableHost(GameSession.new(game, seats, seed=7, pace="instant"), port=0, limits=FAST).start()


@pytest.mark.parametrize("game", NETWORKED)
@pytest.mark.parametrize("lang", sorted(HOST_LANG))
def test_a_guests_table_shows_only_its_own_languages_words(probe_app, monkeypatch, game, lang):
    monkeypatch.setenv("LAMA_NET_LOOPBACK", "1")
    app = probe_app
    host = _host_in(HOST_LANG[lang], game)
    try:
        own = TableClient("127.0.0.1", host.port, code=host.code, name="x", token=host.tokens[0])
        own.connect(10)
        guest = TableClient("127.0.0.1", host.port, code=host.code, name="Zoe")
        guest.connect(10)
        app.update_settings(language=lang)
        app.open_network_table(guest)
        for _ in range(5):
            app.step(dt=1 / 60)
        found = foreign_words(_screen_texts(app), lang)  # the waiting table
        host.begin()
        end = time.monotonic() + 1.5
        while time.monotonic() < end:
            app.step(dt=1 / 60)
            time.sleep(0.005)
        found += foreign_words(_screen_texts(app), lang)  # the game's table
        assert not found, found
        own.close()
    finally:
        while app.stack.scenes:
            app.stack._pop_now()
        host.stop()


def test_the_check_finds_another_languages_word():
    i18n.set_language("en")
    found = foreign_words(["Gospodarz", "Host", "Zaczyna", "Started", "Zoe"], "en")
    assert [f.split(" (")[0] for f in found] == ["'Gospodarz'", "'Zaczyna'"]
    assert [f.split(" (")[0] for f in foreign_words(["Started", "Zaczyna", "Bruno", "Bartek"], "pl")] == [
        "'Started'", "'Bruno'"]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_hosts_refusals_a_table_shows_are_in_the_readers_language(lang):
    """The refusals a guest's table toasts (the host's ``Refused`` of a move or a reaction, its own session's
    "lost" and "not started") are worded from its catalog, never the host's English ``text``."""
    from lama_desktop.app.table.reasons import reason_key, refusal_text
    from lama_desktop.net import codes

    i18n.set_language(lang)
    for code in (codes.NOT_YOUR_TURN, codes.OVER, codes.REACTION_RATE, "net.lost", "net.not_started"):
        said = refusal_text(code=code, params={"name": "Zoe", "seat": 1}, text="ENGLISH FROM THE HOST")
        assert said != "ENGLISH FROM THE HOST" and i18n._strings().has(reason_key(code)), code
