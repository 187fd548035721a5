"""The advisor on LAMA Cadabra positions (``lama_desktop.advise``); moved here from the cross-game
``tests/test_advisor.py``, whose helpers they use."""

from __future__ import annotations


from lama_desktop.advise import main
from test_advisor import _position, _write


def test_cli_refuses_a_damaged_state_and_a_missing_file(tmp_path, capsys):
    data = _position("lama-cadabra", 4, 7, 10).to_dict()
    data["hands"] = "oops"
    assert main([str(_write(tmp_path, "damaged.json", data)), "--seat", "0"]) == 2
    assert main([str(tmp_path / "missing.json"), "--seat", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("advise:") == 2
