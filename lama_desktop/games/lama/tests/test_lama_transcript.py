"""The transcript tool (``python -m lama_desktop.transcript``) on a L.A.M.A. game as JSON lines; moved here from
the cross-game ``tests/test_transcript.py``."""

from __future__ import annotations

import json

from lama_desktop import transcript


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
