"""Words that read naturally: the local player is "you", counts and name lists follow CLDR, nothing raw shows.

The big test plays every game in every language through the real tables (``python -m lama_desktop.transcript``)
and reads every line with ``lama_desktop.wording.word_problems``."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from lama_desktop import transcript, wording
from lama_desktop.core import i18n
from lama_desktop.app.table.pieces import lazy
from lama_desktop.games import GAMES as REGISTRY, plugin
from registry_games import game_ids, one_per_table

#: one game per table (L.A.M.A. Party plays at L.A.M.A.'s)
GAMES = one_per_table()
#: every registered game
GAMES_ALL = game_ids()


@pytest.fixture
def lang():
    def use(code):
        i18n.set_language(code)
    yield use
    i18n.set_language("en")
    i18n.set_reader(None)


@pytest.mark.parametrize("code, items, expected", [
    ("en", ["Anna", "Bruno"], "Anna and Bruno"), ("en", ["Anna", "Bruno", "Carla"], "Anna, Bruno, and Carla"),
    ("fr", ["Anna", "Bruno"], "Anna et Bruno"), ("pl", ["Anna", "Bruno", "Carla"], "Anna, Bruno i Carla"),
    ("de", ["Anna", "Bruno", "Carla"], "Anna, Bruno und Carla"), ("en", ["Anna"], "Anna"),
])
def test_name_lists_use_the_languages_list_pattern(lang, code, items, expected):
    lang(code)
    assert i18n.names(items) == expected


@pytest.mark.parametrize("code, seats, reader, expected", [
    ("en", [1], None, "Bruno wins the game!"), ("en", [1, 2], None, "Bruno and Carla win the game!"),
    ("en", [0], 0, "You win the game!"), ("en", [0, 2], 0, "You and Carla win the game!"),
    ("fr", [1, 2], None, "Bruno et Carla gagnent la partie\u00a0!"),
    ("fr", [0, 1], 0, "Vous et Bruno gagnez la partie\u00a0!"),
    ("pl", [1, 2], None, "Bruno i Carla wygrywają grę!"), ("pl", [1], None, "Bruno wygrywa grę!"),
    ("pl", [0, 1, 2], 0, "Ty, Bruno i Carla wygrywacie grę!"),
    ("de", [1, 2], None, "Bruno und Carla gewinnen das Spiel!"), ("de", [0], 0, "Du gewinnst das Spiel!"),
])
def test_winners_agree_in_number_and_speak_to_the_reader(lang, code, seats, reader, expected):
    lang(code)
    i18n.set_reader(lambda: reader)
    assert i18n.winners("hand.toast.winner", seats, ["Ada", "Bruno", "Carla"].__getitem__) == expected


def test_a_line_about_the_reader_is_in_the_second_person_whoever_reads_it(lang):
    lang("en")
    line = lazy.about("dice.log.roll", 0, name="Ada", faces="3 · 5")
    seen = {"reader": None}
    i18n.set_reader(lambda: seen["reader"])
    assert str(line) == "Ada rolls 3 · 5" and line.key == "dice.log.roll"  # nobody at the screen: her name
    seen["reader"] = 0
    assert str(line) == "You roll 3 · 5" and line.key == "dice.log.roll_own"  # Ada reads: "you", her own name
    seen["reader"] = 1
    assert str(line) == "Ada rolls 3 · 5"  # hot-seat: Bruno behind the privacy screen reads about Ada
    lang("pl")
    seen["reader"] = 0
    assert str(line) == "Wyrzucasz 3 · 5"
    given = lazy.about("cadabra.log.give", 1, 0, name="Bruno", to="Ada", value="5")
    assert str(given) == "Bruno daje ci żeton 5"  # the token is named (issue 23)


@pytest.mark.parametrize("code, n, expected", [("en", 1, "You blow it and take 1 card"),
                                               ("en", 4, "You blow it and take 4 cards"),
                                               ("pl", 1, "Totalna klapa: bierzesz 1 kartę"),
                                               ("pl", 3, "Totalna klapa: bierzesz 3 karty"),
                                               ("pl", 6, "Totalna klapa: bierzesz 6 kart"),
                                               ("de", 1, "Du verzockst dich und nimmst 1 Karte"),
                                               ("de", 5, "Du verzockst dich und nimmst 5 Karten")])
def test_counts_about_the_reader_take_the_languages_plural_forms(lang, code, n, expected):
    lang(code)
    i18n.set_reader(lambda: 0)
    assert str(lazy.plural_about("dice.log.blowup", 0, n, name="Ada")) == expected


def test_every_line_about_a_player_has_its_second_person_form_in_every_language():
    # a "_own" entry exists wherever the English says "{name} <verb>s" at the start of a log line or toast
    import re

    english = i18n.load_language("en")
    third = re.compile(r"^\{name\} [a-z]+s\b")
    lacking = sorted(k for k, v in english.items() if isinstance(v, str) and third.match(v)
                     and ".log." in k and k + "_own" not in english and not k.endswith(("_own", "_to_you")))
    assert lacking == []
    # in every language its domain ships (a game declares its languages: English in the others)
    shipped = {game.domain: game.languages for game in REGISTRY.values() if game.languages}
    for code in i18n.LANGUAGES:
        table = i18n.load_language(code)
        assert all(k in table for k in english if k.endswith(("_own", "_own_shared", "_to_you"))
                   and code in shipped.get(k.partition(".")[0], i18n.LANGUAGES)), code


@pytest.mark.parametrize("text, problem", [
    ("You rolls 3 · 5", "third-person"), ("You has no match", "third-person"), ("You's Merchant", "You's"),
    ("Anna, Bruno wins the game!", "lists"), ("1 character(s)", "hand-made"), ("{name} plays 3", "brace"),
    ("lama.log.play", "string key"), ("Anna builds a L tile (level 2)", "not 'an'"),
    ("You give back a 8 token", "not 'an'"), ("Bruno takes a 11", "not 'an'"),
])
def test_the_reader_catches_what_a_new_player_saw(text, problem):
    found = wording.word_problems([{"kind": "log", "round": 1, "text": text}], "en", ("Anna", "Bruno"))
    assert found and problem in found[0]


def test_the_reader_lets_good_lines_pass():
    good = ["You roll 3 · 5", "You pass with the magic token", "Anna and Bruno win the game!",
            "Anna, Bruno, and Carla win!", "Your domain", "Bruno gives you 5", "Anna builds with the L tile",
            "You give back a 10 token", "A llama after a 6", "a one-card hand", "a T tile", "an L tile"]
    assert wording.word_problems([{"kind": "log", "round": 1, "text": t} for t in good], "en",
                                 ("Anna", "Bruno", "Carla")) == []


def _specs():
    """Every table, every language, seeds 1-10, the game's sample seat count (four; Llama Land three): 160 games."""
    return [(game, ("medium",) * plugin(game).sample_players, seed, code)
            for game in GAMES for code in i18n.LANGUAGES for seed in range(1, 11)]


@pytest.mark.slow
def test_a_hundred_and_sixty_games_read_naturally_in_every_language():
    specs = _specs()
    assert len(specs) >= 100 and {s[3] for s in specs} >= {"en", "fr", "pl", "de"}
    batches = [specs[0::2], specs[1::2]]  # two processes, one app each (spawned: no fork of pygame)
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        results = list(pool.map(transcript.check_words, batches))
    found = [problem for r in results for problem in r["problems"]]
    assert found == [], "\n".join(found[:40])
    total = {key: sum(r[key] for r in results) for key in ("games", "lines", "you_lines", "lists")}
    assert total["games"] == len(specs)
    assert total["you_lines"] > 1000, total  # the local player was spoken to, in every game


def test_the_reader_is_the_human_behind_the_screen_and_nobody_at_a_table_of_bots(lang):
    from types import SimpleNamespace

    class Table:  # what the reader needs of a table: its viewing seat and which seats are human
        viewer = 0
        session = SimpleNamespace(is_human=lambda seat: seat in humans)

    humans = {0, 1}
    table = Table()
    i18n.set_reader(i18n.ReaderOf(table))
    lang("en")
    line = lazy.about("lama.log.play", 1, name="Bruno", card="3")
    assert i18n.reader() == 0 and str(line) == "Bruno plays 3"  # hot-seat: Ada at the screen reads about Bruno
    table.viewer = None  # the privacy screen is up: the hand is nobody's
    assert i18n.reader() is None and str(line) == "Bruno plays 3"
    table.viewer = 1  # Bruno behind the screen: his own line speaks to him
    assert str(line) == "You play 3"
    humans.clear()  # a table of bots is watched: nobody is "you"
    assert i18n.reader() is None and str(line) == "Bruno plays 3"
    assert i18n.reader_is(table)
    del table
    assert i18n.reader() is None  # a table gone reads nothing


# -- counts take the language's plural (issue 23: "1 pts" on the results screen and Llama Land's panels) ------------
@pytest.mark.parametrize("code, text", [("en", "Anna 1 pts"), ("en", "takes the stage (1 points)"),
                                        ("en", "+1 cards"), ("fr", "1 pts"), ("fr", "1 points"),
                                        ("pl", "1 punkty"), ("pl", "5 punkty"), ("pl", "2 punktów"),
                                        ("pl", "12 karty"), ("de", "1 Punkte"), ("de", "1 Karten")])
def test_the_reader_catches_a_count_not_in_its_plural_form(code, text):
    found = wording.word_problems([{"kind": "game_end", "round": 3, "text": text}], code)
    assert found and "plural" in found[0]


@pytest.mark.parametrize("code, text", [("en", "1 pt | 22 pts | 0 pts"), ("en", "+1 point"), ("fr", "0 pt | 1 pt"),
                                        ("fr", "2 pts"), ("pl", "1 punkt | 3 punkty | 5 punktów | 22 punkty"),
                                        ("pl", "1 pkt | 5 pkt"), ("de", "1 Punkt | 0 Punkte | 1 Pkt."),
                                        ("en", "a 10 token"), ("en", "1.5 points")])
def test_counts_in_their_plural_form_pass(code, text):
    assert wording.word_problems([{"kind": "game_end", "round": 3, "text": text}], code) == []


def test_the_plural_rule_is_babels_and_the_catalogs():
    for code in i18n.LANGUAGES:
        table = i18n.load_table(code)
        assert [wording.plural_index(code, n) for n in range(250)] == [table.plural_index(n) for n in range(250)]


def _count_specs():
    """Every registered game in every language, a short sample of seeds (two each: 40 games)."""
    return [(game, ("medium",) * plugin(game).sample_players, seed, code)
            for game in GAMES_ALL for code in i18n.LANGUAGES for seed in (2, 5)]


@pytest.mark.slow
def test_no_transcript_of_any_game_in_any_language_prints_a_count_out_of_its_plural():
    specs = _count_specs()
    assert {s[0] for s in specs} >= set(game_ids())
    assert {s[3] for s in specs} >= {"en", "fr", "pl", "de"}
    batches = [specs[0::2], specs[1::2]]
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        results = list(pool.map(transcript.check_words, batches))
    found = [p for r in results for p in r["problems"] if "plural" in p]
    assert found == [], "\n".join(found[:40])
    assert sum(r["games"] for r in results) == len(specs)


@pytest.mark.parametrize("key", ["common.results.points", "llama_land.ui.points"])
def test_the_score_chips_count_in_the_languages_plural(lang, key):
    said = {}
    for code in ("en", "fr", "pl", "de"):
        lang(code)
        said[code] = [i18n.plural(key, n) for n in (0, 1, 2, 5)]
        assert wording.word_problems([{"kind": "ui", "round": 1, "text": " | ".join(said[code])}], code) == []
    assert said["en"] == ["0 pts", "1 pt", "2 pts", "5 pts"] and said["fr"] == ["0 pt", "1 pt", "2 pts", "5 pts"]
