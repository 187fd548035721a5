"""The layout checks see a text shortened to fit: cut with "…" by ``UI.text_fit`` (or ``art.text.ellipsize``), or
wrapped by ``UI.wrap`` with lines dropped, is reported like a text out of the window; only a player's name may be
shortened, where the tooltip under it names the player in full."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from lama_desktop.app import textprobe
from registry_games import sample_game

ROOT = Path(__file__).resolve().parents[1] / "lama_desktop"


@pytest.fixture
def probe():
    pygame.display.init()
    pygame.font.init()
    textprobe.install()
    yield textprobe
    textprobe.uninstall()


def _ui():
    from lama_desktop.app.widgets import UI

    return UI((1280, 720), 1.0)


def _found(probe, screen) -> str:
    return "\n".join(probe.problems(probe.texts(screen), screen.get_size()))


def test_a_text_the_fitter_shortened_is_reported(probe):
    ui = _ui()
    screen = probe.RecordingSurface((1280, 720))
    long = "6 llamas with all four neighbours in the domain"
    img = ui.text_fit(long, 16, ui.font(16).size(long)[0] // 2)
    assert img.get_width() <= ui.font(16).size(long)[0] // 2
    screen.blit(img, (100, 100))
    whole = ui.text_fit("Farms", 16, 400)  # fits: shown whole, not reported
    screen.blit(whole, (100, 200))
    found = _found(probe, screen)
    assert "shortened to fit: '6 llamas with" in found and repr(long) in found, found
    assert "'Farms'" not in found
    assert found.count("shortened to fit") == 1


def test_a_wrapped_text_with_a_line_dropped_is_reported(probe):
    ui = _ui()
    text = "Extension spot: beside your domain, level 1; then you may place a marker on an objective you meet"
    lines = ui.wrap(text, 16, 200, max_lines=2)
    assert len(ui.wrap(text, 16, 200)) > 2 and len(lines) == 2
    screen = probe.RecordingSurface((1280, 720))
    for i, line in enumerate(lines):
        screen.blit(ui.text(line, 16), (50, 50 + 24 * i))
    found = probe.problems(probe.texts(screen), (1280, 720))
    assert len(found) == 1 and found[0].startswith("shortened to fit: ") and repr(lines[-1]) in found[0], found
    assert repr(text) in found[0]
    # the same text with room for all its lines: nothing dropped, nothing reported
    screen = probe.RecordingSurface((1280, 720))
    for i, line in enumerate(ui.wrap(text, 16, 200, max_lines=10)):
        screen.blit(ui.text(line, 16), (50, 50 + 24 * i))
    assert probe.problems(probe.texts(screen), (1280, 720)) == []


def test_a_text_cut_at_the_window_width_is_reported_and_a_legitimate_ellipsis_is_not(probe):
    from lama_desktop.app.art import text as art_text

    ui = _ui()
    screen = probe.RecordingSurface((1280, 720))
    old = art_text.MAX_WIDTH
    art_text.MAX_WIDTH = 300
    try:
        screen.blit(ui.font(16).render("A name far too long to fit " * 5, True, (0, 0, 0)), (0, 300))
    finally:
        art_text.MAX_WIDTH = old
    screen.blit(ui.text("Bruno is thinking…", 16), (0, 500))  # its own ellipsis: not shortened by a fitter
    found = _found(probe, screen)
    assert "shortened to fit: 'A name far too long" in found
    assert "thinking" not in found


def test_a_shortened_text_may_pass_only_when_the_check_says_so(probe):
    ui = _ui()
    screen = probe.RecordingSurface((1280, 720))
    screen.blit(ui.text_fit("Maximilian-Alexander", 16, 60), (10, 10))
    records = probe.texts(screen)
    assert probe.problems(records, (1280, 720))
    assert probe.problems(records, (1280, 720), shortened_ok={records[0].uid}) == []


def test_no_module_drops_wrapped_lines_by_slicing():
    """Lines are dropped only by ``UI.wrap(max_lines=...)``, which the checks see; a slice of its result would
    lose a line silently."""
    pattern = re.compile(r"\bwrap\(.*\)\s*\[\s*:")
    offenders = []
    for path in ROOT.rglob("*.py"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


# --- a player's name on the table: shortened only with the full name in its tooltip ------------------------------
LONG = "Bartholomew-Maximilian von Hohenzollern-Sigmaringen"


@pytest.fixture(scope="module")
def checker():
    from lama_desktop.app.layoutprobe import Checker

    c = Checker()
    yield c
    c.close()


def _long_name_moment(monkeypatch):
    from lama_desktop.app.shots import Moment
    from lama_desktop.app.table import layout_moments, shots

    monkeypatch.setattr(shots, "NAMES", ["Anna", LONG, "Chloé", "Dawid", "Élise", "Feliks"])
    return Moment("long-name", layout_moments._mid(sample_game(), 3, 20), 12, "test")


def test_a_long_player_name_may_shorten_on_its_plate_when_the_tooltip_names_them(checker, monkeypatch):
    moment = _long_name_moment(monkeypatch)
    records, _lost = checker.frame_texts(moment, (1280, 720), 1.0, "en")
    cut = [r for r in records if r.full.startswith(LONG)]
    assert cut, "the long name is shortened somewhere on the table"
    assert not [p for p in checker.check(moment, (1280, 720), 1.0, "en") if "shortened" in p]

    from lama_desktop.app.table.scene_base import TableScene

    monkeypatch.setattr(TableScene, "_plate_tip", lambda self, seat: "no name here")
    found = [p for p in checker.check(moment, (1280, 720), 1.0, "en") if "shortened" in p]
    assert found and all(LONG in p for p in found), found
