"""Settings → UI scale at LAMA Dice's table: its own row follows the setting; moved here from the cross-game
``tests/test_table_ui_scale.py``, whose helpers it uses."""

from __future__ import annotations

from test_table_ui_scale import LARGEST, SMALLEST, table_at


def test_the_dice_tables_own_row_follows_the_setting(tmp_path):
    widths = []
    for scale in (SMALLEST, 1.0, LARGEST):
        app, table = table_at(tmp_path / f"{scale}", scale, game="lama-dice")
        widths.append(table.row_w)
        app.shutdown()
    assert widths[0] < widths[1] < widths[2], widths
