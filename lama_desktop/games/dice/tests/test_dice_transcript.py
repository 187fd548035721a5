"""The transcript tool (``python -m lama_desktop.transcript``) on several LAMA Dice games in one run; moved here from
the cross-game ``tests/test_transcript.py``."""

from __future__ import annotations

import json

from lama_desktop import transcript


def test_several_games_in_one_run(capsys):
    assert transcript.main(["lama-dice", "--players", "easy,easy", "--seed", "5", "--lang", "de", "--json",
                            "--games", "2", "--check"]) == 0
    lines = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert lines[-1] == {"kind": "done", "lines": len(lines) - 1, "games": 2}
    assert sum(line["kind"] == "game_end" for line in lines) == 2
