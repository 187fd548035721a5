"""The advisor on LAMA Dice positions (``lama_desktop.advise``); moved here from the cross-game
``tests/test_advisor.py``, whose helpers they use."""

from __future__ import annotations

import pytest

from lama_desktop.advise import AdviceError, load_position, main
from test_advisor import _position, _write


def test_cli_refuses_a_seat_that_is_not_to_move(tmp_path, capsys):
    state = _position("lama-dice", 3, 8, 6)
    other = (state.current_player + 1) % 3
    path = _write(tmp_path, "position.json", state.to_dict())
    assert main([str(path), "--seat", str(other)]) == 2
    assert f"seat {other} is not to move" in capsys.readouterr().err
    assert main([str(path), "--seat", "7"]) == 2
    assert "there is no seat 7" in capsys.readouterr().err
    with pytest.raises(AdviceError):
        load_position(tmp_path / "nowhere.json")
