"""Numbers read the language's way (CLDR through Babel): a percentage is "34%" in English and Polish, "34 %" in French
and German; a decimal "11.5" in English, "11,5" in French, German and Polish. The statistics, the settings and the
advisor use ``i18n.percent`` / ``i18n.decimal``; no screen writes a "%" or a ".1f" of its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lama_desktop.core import i18n
from lama_desktop.app.scenes.statistics import StatisticsScene
from lama_desktop.app.widgets import ListView
from frames import fast_app
from registry_games import sample_game

NBSP = "\u00a0"


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang, share, average", [
    ("en", "34%", "11.5"), ("pl", "34%", "11,5"), ("fr", f"34{NBSP}%", "11,5"), ("de", f"34{NBSP}%", "11,5"),
])
def test_percent_and_decimal_follow_the_language(lang, share, average):
    i18n.set_language(lang)
    assert i18n.percent(0.34) == share
    assert i18n.decimal(11.5) == average
    assert i18n.percent(1.0).startswith("100") and i18n.decimal(3) .endswith("0")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_statistics_write_their_numbers_in_the_language(tmp_path, lang):
    app = fast_app(tmp_path, (1280, 720))
    app.running = True
    app.storage.record_result(sample_game(), ["Anna", "Bruno"], [23, 0], [1])
    app.storage.record_result(sample_game(), ["Anna", "Bruno"], [0, 10], [0])
    app.update_settings(language=lang)
    i18n.set_language(lang)
    app.stack.push(StatisticsScene())
    app.step(1 / 30)
    table = next(w for w in app.stack.top.group.widgets if isinstance(w, ListView))
    anna = next(row for row in table.rows if row[0] == "Anna")
    assert anna[3] == i18n.percent(0.5) and anna[4] == i18n.decimal(11.5)
    assert anna[4] == ("11.5" if lang == "en" else "11,5")
    app.shutdown()


def test_no_screen_formats_a_percentage_or_a_decimal_by_hand():
    """A "%" glued to a number in an f-string, or a ".1f" shown to the player, is English whatever the language."""
    root = Path(__file__).resolve().parents[1] / "lama_desktop" / "app"
    hand = re.compile(r"""\}\\u00a0%|\}%["']|:\.\d f\}["']""".replace(" ", ""))
    found = [f"{path.relative_to(root)}:{n}: {line.strip()}"
             for path in sorted(root.rglob("*.py")) if "art" not in path.parts and path.name != "bench_render.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if hand.search(line) and "smoke" not in path.name]
    assert found == [], "\n".join(found)
