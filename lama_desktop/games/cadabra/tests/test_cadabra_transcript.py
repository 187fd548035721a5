"""The transcript tool (``python -m lama_desktop.transcript``) on LAMA Cadabra: its readable text, and its checks
failing on crafted lines (a line about the wrong player, a hidden card, a wrong total); moved here from the
cross-game ``tests/test_transcript.py``."""

from __future__ import annotations

from lama_desktop import transcript
from lama_desktop.engine.core import Event


def test_readable_text_and_the_check_flag(capsys):
    code = transcript.main(["lama-cadabra", "--players", "easy,easy", "--seed", "2", "--lang", "pl", "--check"])
    out = capsys.readouterr()
    assert code == 0 and out.err == ""
    assert "==" in out.out and out.out.rstrip().splitlines()[-1].startswith("done: ")


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
