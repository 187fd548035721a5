"""Layout checks that cannot be fooled by eye: where every text lands (``app/textprobe.py``).

The probe follows every text from the one place it is rendered (``art.text.Font.render``) through every surface
it is drawn on to the window; these tests check the probe itself, that no text can be rendered around it, and
that a language change redraws every text of every table.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from lama_desktop.app import textprobe

ROOT = Path(__file__).resolve().parents[1] / "lama_desktop"


def test_every_font_is_made_by_art_text():
    """Text can only become pixels through ``art.text.Font.render``: no other module creates a font."""
    pattern = re.compile(r"pygame\.font\.(Font|SysFont)\s*\(|\bSysFont\s*\(|pygame\.freetype|pygame\._freetype"
                         r"|from pygame(\.font)? import")
    offenders = []
    for path in ROOT.rglob("*.py"):
        if path.relative_to(ROOT).as_posix() == "app/art/text.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


@pytest.fixture
def probe():
    pygame.display.init()
    pygame.font.init()
    textprobe.install()
    yield textprobe
    textprobe.uninstall()


def _font(px=20):
    from lama_desktop.app import art

    return art.font(px)


def test_probe_follows_text_through_surfaces_scaling_and_subsurfaces(probe):
    screen = probe.RecordingSurface((400, 300))
    panel = pygame.Surface((200, 100), pygame.SRCALPHA)
    text = _font(20).render("Hello", True, (0, 0, 0))
    panel.blit(text, (10, 10))
    small = pygame.transform.smoothscale(panel, (100, 50))
    screen.blit(small, (50, 60))
    sub = screen.subsurface((300, 0, 100, 100))
    sub.blit(_font(30).render("Sub", True, (0, 0, 0)), (5, 5))
    got = {r.text: r for r in probe.texts(screen)}
    assert set(got) == {"Hello", "Sub"}
    hello = got["Hello"]
    ink = text.get_bounding_rect()
    assert hello.rect.x == 50 + round((10 + ink.x) * 0.5) and hello.px == pytest.approx(10.0)
    assert got["Sub"].rect.x >= 305 and got["Sub"].px == 30
    assert probe.problems(probe.texts(screen), (400, 300)) == []
    assert probe.lost() == []


def test_probe_reports_cut_off_overlapping_tiny_and_covered_text(probe):
    screen = probe.RecordingSurface((1280, 720))
    screen.blit(_font(20).render("Off the edge", True, (0, 0, 0)), (-30, 100))
    screen.blit(_font(20).render("One", True, (0, 0, 0)), (400, 400))
    screen.blit(_font(20).render("Two", True, (0, 0, 0)), (410, 405))
    screen.blit(_font(9).render("tiny", True, (0, 0, 0)), (800, 100))
    screen.blit(_font(20).render("Under a card", True, (0, 0, 0)), (600, 600))
    card = pygame.Surface((40, 60))
    card.fill((200, 0, 0))
    screen.blit(card, (610, 590))
    found = "\n".join(probe.problems(probe.texts(screen), (1280, 720)))
    assert "cut off: 'Off the edge'" in found
    assert "overlap: 'One'" in found and "'Two'" in found
    assert "too small (9.0 px < 12): 'tiny'" in found
    assert "covered by a later drawing: 'Under a card'" in found
    hidden = probe.RecordingSurface((200, 200))
    hidden.blit(_font(20).render("Hidden", True, (0, 0, 0)), (10, 10))
    hidden.fill((0, 0, 0))
    assert probe.texts(hidden) == []  # painted over entirely: not drawn at all


def test_probe_cannot_be_fooled_by_drawing_around_it(probe):
    """A text blitted onto a surface the probe does not know (here the real pygame class) never reaches the
    screen's recording: ``lost()`` names it."""
    since = probe.mark()
    stealth = pygame.surface.Surface((200, 50), pygame.SRCALPHA)
    stealth.blit(_font(20).render("Sneaky", True, (0, 0, 0)), (0, 0))
    screen = probe.RecordingSurface((400, 300))
    screen.blit(stealth, (0, 0))
    assert probe.texts(screen) == []
    assert [r.text for r in probe.lost(since)] == ["Sneaky"]


def test_a_scrolling_view_cuts_text_without_it_counting_as_cut_off(probe):
    screen = probe.RecordingSurface((400, 300))
    content = pygame.Surface((200, 600), pygame.SRCALPHA)
    for i in range(20):
        content.blit(_font(20).render(f"Line {i}", True, (0, 0, 0)), (0, i * 30))
    screen.blit(content, (10, 10), area=pygame.Rect(0, 45, 200, 200))
    records = probe.texts(screen)
    assert any(r.scrolled for r in records)
    assert probe.problems(records, (400, 300)) == []


# --- a language change mid-game ---------------------------------------------------------------------------------
def _table_moments():
    from lama_desktop.app.table import layout_moments

    return layout_moments.language_moments()


@pytest.fixture(scope="module")
def checker():
    from lama_desktop.layoutcheck import Checker

    c = Checker()
    yield c
    c.close()


@pytest.mark.parametrize("moment", _table_moments(), ids=lambda m: m.name)
def test_a_language_change_redraws_every_text(checker, moment):
    """Switch the language at the table: no text (card, plate, objective, log) may still show the old one.
    Every text-bearing cache must key on the language; this checks the class, whatever cache it is."""
    from lama_desktop.app import i18n

    size = (1280, 720)
    for old, new in zip(i18n.LANGUAGES, i18n.LANGUAGES[1:] + i18n.LANGUAGES[:1]):
        records = checker.switched_texts(moment, size, old, new)
        stale = [r.describe() for r in records if r.kind == "ui" and r.lang != new]
        assert not stale, f"{old} -> {new}: still in {old}:\n" + "\n".join(stale)
