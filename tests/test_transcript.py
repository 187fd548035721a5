"""The transcript tool (``python -m lama_desktop.transcript``) and what it proves over hundreds of games.

Each game is played through the real table scenes, headless, seat 0 being a bot that moves through the table's
input path; ``transcript.problems`` then checks what seat 0 read: never another seat's drawn card (neither in an
event the table was handed nor in a line shown for it), every log line about the seat of the event it came from
(its structured seat, the first name in its text, and no "you" line about somebody else's event), and every round
summary and the results showing exactly the engine's totals.
"""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from lama_desktop import transcript
from lama_desktop.core import i18n
from lama_desktop.engine.core import Event
from lama_desktop.games import GAMES


#: per game: its variants and how many games of it are read
PLAN = {"lama": ((), 48), "lama-party": (("drama",), 48), "lama-dice": ((), 48), "lama-cadabra": ((), 48),
        "llama-land": ((), 16)}


def test_every_registered_game_is_read():
    assert set(PLAN) == set(GAMES)


def _specs() -> list[tuple]:
    """208 games: every game (L.A.M.A. Party with Drama), 2 to 5 seats, seeds, every language on main."""
    langs = i18n.LANGUAGES
    specs = []
    for game in GAMES:
        variants, count = PLAN[game]
        for i in range(count):
            players = 2 + i % (2 if game == "llama-land" else 4)
            levels = tuple("medium" if (i + seat) % 5 == 0 and game != "llama-land" else "easy"
                           for seat in range(players))
            specs.append((game, variants, levels, 1 + i, langs[i % len(langs)]))
    return specs


@pytest.mark.slow
def test_two_hundred_games_read_true_through_the_real_tables():
    specs = _specs()
    assert len(specs) >= 200
    batches = [specs[0::2], specs[1::2]]  # the machine's two cores, one app each (fresh processes: no fork of
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:  # pygame)
        results = list(pool.map(transcript.check_games, batches))
    total = {key: sum(r[key] for r in results) for key in ("games", "lines", "log", "attributed", "hidden",
                                                             "round_end", "game_end")}
    found = [problem for r in results for problem in r["problems"]]
    assert found == [], "\n".join(found[:30])
    assert total["games"] == len(specs) == total["game_end"]
    # the checks had something to check: hidden draws, attributed lines, many round summaries
    assert total["hidden"] > 300 and total["attributed"] > 5000 and total["round_end"] > 400, total


def test_one_game_as_json_lines(capsys):
    code = transcript.main(["lama", "--players", "easy,random,random", "--seed", "3", "--lang", "fr", "--json"])
    assert code == 0
    lines = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert lines[-1] == {"kind": "done", "lines": len(lines) - 1, "games": 1}
    body = lines[:-1]
    assert all({"kind", "round", "text"} <= set(line) for line in body)
    assert {line["kind"] for line in body} >= {"log", "toast", "prompt", "summary", "round_end", "game_end"}
    ends = [line for line in body if line["kind"] in ("round_end", "game_end")]
    assert ends and all(line["shown"] == line["engine"] and len(line["shown"]) == 3 for line in ends)
    assert any("Bruno" in line["text"] for line in body if line["kind"] == "log")
    assert sum(line["kind"] == "game_end" for line in body) == 1 and body[-1]["kind"] == "game_end"


def test_readable_text_and_the_check_flag(capsys):
    code = transcript.main(["lama-cadabra", "--players", "easy,easy", "--seed", "2", "--lang", "pl", "--check"])
    out = capsys.readouterr()
    assert code == 0 and out.err == ""
    assert "==" in out.out and out.out.rstrip().splitlines()[-1].startswith("done: ")


@pytest.mark.parametrize("argv, words", [
    (["chess", "--players", "easy,easy", "--seed", "1", "--lang", "en"], "unknown game"),
    (["lama", "--players", "easy", "--seed", "1", "--lang", "en"], "2 to 6 players"),
    (["lama", "--players", "easy,genius", "--seed", "1", "--lang", "en"], "unknown bot level"),
    (["lama", "--players", "easy,easy", "--seed", "1", "--lang", "xx"], "unknown language"),
    (["lama", "--variant", "nope", "--players", "easy,easy", "--seed", "1", "--lang", "en"], "unknown variant"),
    (["lama", "--players", "easy,easy", "--seed", "one", "--lang", "en"], "invalid int"),
    (["lama", "--players", "easy,easy", "--lang", "en"], "--seed"),
    (["lama", "--players", "easy,easy", "--seed", "1", "--lang", "en", "--games", "0"], "--games"),
])
def test_bad_arguments_say_so_in_one_line_and_exit_2(capsys, argv, words):
    assert transcript.main(argv) == 2
    out = capsys.readouterr()
    assert out.out == "" and len(out.err.strip().splitlines()) == 1 and words in out.err


# -- the checks can fail -------------------------------------------------------------------------------------------
def _transcript(lines, seen=()):
    t = transcript.Transcript("lama-cadabra", (), ("easy", "easy", "easy"), 1, "en")
    t.lines = list(lines) + [{"kind": "game_end", "round": 1, "text": "", "shown": [1, 2, 3],
                              "engine": [1, 2, 3]}]
    t.seen = list(seen)
    return t


def test_the_checks_catch_a_line_about_the_wrong_player():
    wrong_seat = {"kind": "log", "round": 1, "text": "Ada must draw a card (square)", "seat": 0,
                  "event": {"kind": "force_draw", "seat": 1}, "key": "cadabra.log.force_draw"}
    wrong_name = dict(wrong_seat, seat=1)
    you = {"kind": "log", "round": 1, "text": "You draw 3 (star)", "seat": 1,
           "event": {"kind": "force_draw", "seat": 1}, "key": "cadabra.log.draw_own"}
    right = dict(wrong_seat, seat=1, text="Bruno must draw a card (square)")
    assert transcript.problems(_transcript([right])) == []
    mine = {"kind": "toast", "round": 1, "text": "You → Carla: 1", "seat": 0, "event": {"kind": "give", "seat": 0}}
    assert transcript.problems(_transcript([mine])) == []  # said to the reader: others may be named after "you"
    named_me = dict(mine, text="Carla ← Ada: 1")
    assert any("names Carla first" in p for p in transcript.problems(_transcript([named_me])))
    not_mine = dict(mine, seat=1, event={"kind": "give", "seat": 1})
    assert any("names Carla first" in p for p in transcript.problems(_transcript([not_mine])))
    assert any("filed under seat 0" in p for p in transcript.problems(_transcript([wrong_seat])))
    assert any("names Ada first" in p for p in transcript.problems(_transcript([wrong_name])))
    assert any("speaks to the player" in p for p in transcript.problems(_transcript([you])))


def test_the_checks_catch_a_hidden_card_and_a_wrong_total():
    raw = Event("force_draw", 1, {"card": "3*", "pile": 9}, ("card",))
    leaked = Event("force_draw", 1, {"card": "3*", "pile": 9}, ("card",))  # handed over unredacted
    assert any("private card" in p for p in transcript.problems(_transcript([], [(raw, leaked)])))
    line = {"kind": "log", "round": 1, "text": "Bruno draws 3", "seat": 1,
            "event": {"kind": "force_draw", "seat": 1, "n": 0}}
    assert any("hidden card" in p for p in transcript.problems(_transcript([line], [(raw, raw.for_seat(0))])))
    assert transcript.problems(_transcript([dict(line, text="Bruno draws a card")], [(raw, raw.for_seat(0))])) == []
    total = {"kind": "round_end", "round": 3, "text": "", "shown": [41, 24, 14], "engine": [41, 14, 14]}
    assert any("shown [41, 24, 14]" in p for p in transcript.problems(_transcript([total])))


def test_several_games_in_one_run(capsys):
    assert transcript.main(["lama-dice", "--players", "easy,easy", "--seed", "5", "--lang", "de", "--json",
                            "--games", "2", "--check"]) == 0
    lines = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert lines[-1] == {"kind": "done", "lines": len(lines) - 1, "games": 2}
    assert sum(line["kind"] == "game_end" for line in lines) == 2
