"""The transcript tool (``python -m lama_desktop.transcript``) and what it proves over hundreds of games.

Each game is played through the real table scenes, headless, seat 0 being a bot that moves through the table's
input path; ``transcript.problems`` then checks what seat 0 read: never another seat's drawn card (neither in an
event the table was handed nor in a line shown for it), every log line about the seat of the event it came from
(its structured seat, the first name in its text, and no "you" line about somebody else's event), and every round
summary and the results showing exactly the engine's totals. The tool's output read for one game, and its checks
caught failing on crafted lines, are that game's own tests (``lama_desktop/games/<game>/tests/``).
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from lama_desktop import transcript
from lama_desktop.core import i18n
from lama_desktop.games import GAMES


#: the first registered game: the one the command line's argument checks name
FIRST = next(iter(GAMES))


def test_every_registered_game_is_read():
    assert {game for game, *_rest in _specs()} == set(GAMES)


def _specs() -> list[tuple]:
    """Every game as its samples say (``transcript_*``: variants, how many games, seat counts, medium bots): 208
    games today, 2 to 5 seats, seeds, every language on main."""
    langs = i18n.LANGUAGES
    specs = []
    for game, plugin in GAMES.items():
        sample = plugin.samples
        for i in range(sample.transcript_games):
            players = 2 + i % sample.transcript_seats
            levels = tuple("medium" if (i + seat) % 5 == 0 and sample.transcript_medium else "easy"
                           for seat in range(players))
            specs.append((game, sample.transcript_variants, levels, 1 + i, langs[i % len(langs)]))
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


@pytest.mark.parametrize("argv, words", [
    (["chess", "--players", "easy,easy", "--seed", "1", "--lang", "en"], "unknown game"),
    ([FIRST, "--players", "easy", "--seed", "1", "--lang", "en"],
     f"{GAMES[FIRST].spec.min_players} to {GAMES[FIRST].spec.max_players} players"),
    ([FIRST, "--players", "easy,genius", "--seed", "1", "--lang", "en"], "unknown bot level"),
    ([FIRST, "--players", "easy,easy", "--seed", "1", "--lang", "xx"], "unknown language"),
    ([FIRST, "--variant", "nope", "--players", "easy,easy", "--seed", "1", "--lang", "en"], "unknown variant"),
    ([FIRST, "--players", "easy,easy", "--seed", "one", "--lang", "en"], "invalid int"),
    ([FIRST, "--players", "easy,easy", "--lang", "en"], "--seed"),
    ([FIRST, "--players", "easy,easy", "--seed", "1", "--lang", "en", "--games", "0"], "--games"),
])
def test_bad_arguments_say_so_in_one_line_and_exit_2(capsys, argv, words):
    assert transcript.main(argv) == 2
    out = capsys.readouterr()
    assert out.out == "" and len(out.err.strip().splitlines()) == 1 and words in out.err


def test_a_question_reads_as_one_line_without_doubled_punctuation():
    """Issue 32 (German Cadabra transcript): "Aus dieser Runde aussteigen?: Du spielst…"."""
    assert transcript.question_line("Aus dieser Runde aussteigen?", "Du spielst nicht mehr mit.") == (
        "Aus dieser Runde aussteigen? Du spielst nicht mehr mit.")
    assert transcript.question_line("Leave the table", "Your seat stays.") == "Leave the table: Your seat stays."
