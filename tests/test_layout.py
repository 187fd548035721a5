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


def _shipped_languages(name: str) -> list[str]:
    """The languages the games at the moment's table all ship (``GamePlugin.languages``): in the others a game's
    words stay English, by design."""
    from lama_desktop.app.table.layout_moments import shot_prefixes
    from lama_desktop.core import i18n
    from lama_desktop.games import GAMES

    group = next((group for prefix, group in shot_prefixes().items() if name.startswith(prefix)), None)
    return [lang for lang in i18n.LANGUAGES
            if all(lang in (plugin.languages or i18n.LANGUAGES) for plugin in GAMES.values()
                   if plugin.table_group == group)]


@pytest.fixture(scope="module")
def checker():
    from lama_desktop.app.layoutprobe import Checker

    c = Checker()
    yield c
    c.close()


@pytest.mark.parametrize("moment", _table_moments(), ids=lambda m: m.name)
def test_a_language_change_redraws_every_text(checker, moment):
    """Switch the language at the table: no text (card, plate, objective, log) may still show the old one.
    Every text-bearing cache must key on the language; this checks the class, whatever cache it is."""

    size = (1280, 720)
    langs = _shipped_languages(moment.name)
    for old, new in zip(langs, langs[1:] + langs[:1], strict=False):
        records = checker.switched_texts(moment, size, old, new)
        stale = [r.describe() for r in records if r.kind == "ui" and r.lang != new]
        assert not stale, f"{old} -> {new}: still in {old}:\n" + "\n".join(stale)


# --- the UI-scale setting on the menus --------------------------------------------------------------------------
MENUS = ["title-continue", "setup-default", "setup-party-6", "settings-menu", "rules-lama-first", "statistics-table",
         "pause-overlay", "message-damaged-save", "privacy-pass", "results-final"]


FILL_THE_WINDOW = {"setup-default", "setup-party-6"}


@pytest.mark.parametrize("name", MENUS)
def test_the_ui_scale_visibly_changes_every_menu_up_to_130_percent(checker, name):
    """Each step of Settings → Interface size makes the menu's text bigger (it used to stop at 100%), and the
    screen still fits the window (the layout checks say so for every text). In the smallest window (1280x720)
    the title's logo and the settings' rows give way so the text still grows; the setup screen's two full panels
    reach the edges of a 1280x720 window at 100% (of 1920x1080 a little above 115%) and stay at that size."""
    import statistics

    from lama_desktop import layoutcheck

    moment = next(m for m in layoutcheck.moments() if m.name == name)
    for size in ((1280, 720), (1920, 1080)):
        sizes = []
        for scale in (0.85, 1.0, 1.15, 1.3):
            records, _lost = checker.frame_texts(moment, size, scale, "en")
            ui = [r.px for r in records if r.kind == "ui"]
            sizes.append(statistics.median(ui))
            assert not textprobe.problems(records, size), (size, scale)
        if name in FILL_THE_WINDOW:  # both panels full: past 100% (1280x720) or 115% they keep the size that fits
            assert sizes[0] < sizes[1] <= sizes[2] <= sizes[3], f"{size}: median text px {sizes}"
            assert size == (1280, 720) or sizes[1] < sizes[2], f"{size}: median text px {sizes}"
        else:
            assert all(b >= a * 1.05 for a, b in zip(sizes, sizes[1:], strict=False)), f"{size}: median text px {sizes}"


# --- every screen ---------------------------------------------------------------------------------------------
def _groups():
    from lama_desktop import layoutcheck

    groups: dict[str, list] = {}
    for combo in layoutcheck.plan():
        groups.setdefault(combo[0].group, []).append(combo)
    return groups


GROUPS = _groups()


def test_the_sample_covers_every_screen_size_scale_language_and_seat_count():
    from lama_desktop import layoutcheck
    from lama_desktop.core import i18n
    from lama_desktop.games import GAMES

    combos = layoutcheck.plan()
    for group, members in GROUPS.items():
        seen = {(size, scale, lang) for _m, size, scale, lang in members}
        assert len(seen) == len(layoutcheck.SIZES) * len(layoutcheck.SCALES) * len(i18n.LANGUAGES), group
    names = {m.name for m, *_rest in combos}
    for game, plugin in GAMES.items():
        group = plugin.table_group
        for n in plugin.players:
            assert f"{group}-{game}-mid-{n}p" in names and f"{group}-{game}-results-{n}p" in names


@pytest.mark.slow
@pytest.mark.parametrize("group", sorted(GROUPS))
def test_every_text_stays_in_the_window_apart_and_legible(checker, group):
    """Every table (each seat count, mid-round with its log, toasts and prompt, a round summary, the results)
    and every menu, at 1280x720 and 1920x1080, UI scale 85-130%, in every language: no text leaves the window
    or its panel, overlaps another, is painted over, or is drawn under 12 px at 1280x720; none is drawn around
    the probe. The sample (``layoutcheck.plan``) gives each group every size x scale x language."""
    failures = []
    for moment, size, scale, lang in GROUPS[group]:
        found = checker.check(moment, size, scale, lang)
        if found:
            failures.append(f"{moment.name} {size[0]}x{size[1]} {round(scale * 100)}% {lang}:\n    "
                            + "\n    ".join(found))
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("lang", ["de", "fr", "pl", "en"])
def test_a_plate_badge_never_overlaps_the_name_at_any_plate_height(probe, lang):
    """The badge over a seat's plate ("Startspieler", "Donneur"...) sits on the top border above the name, at any
    plate height and UI scale: on a small plate the fonts' 12 px minimum makes the name block nearly as tall as the
    plate, and the badge moves up (the plate's margin grows to hold it) instead of over the name."""
    from lama_desktop.core import i18n
    from lama_desktop.core.i18n import t
    from lama_desktop.app.table.pieces import name_plate
    from lama_desktop.app.widgets import UI

    i18n.set_language(lang)
    try:
        badges = [t("dice.plate.starter"), t("lama.plate.dealer")]
        for scale in (0.85, 1.0, 1.3):
            ui = UI((1280, 720), scale)
            for h in range(30, 90, 3):  # the smallest plate drawn: 34 px (85 %, 1280x720)
                for badge in badges:
                    screen = probe.RecordingSurface((600, 200))
                    plate = name_plate(ui, (260, h), "Bruno", t("common.plate.thinking"), t("common.plate.points"),
                                       12, lit=True, out=False, badge=badge)
                    screen.blit(plate, (20, 40))
                    records = probe.texts(screen)
                    assert badge in {r.text for r in records}
                    found = [p for p in probe.problems(records, (600, 200)) if repr(badge) in p]
                    assert not found, (lang, scale, h, found)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["de", "fr", "pl", "en"])
def test_a_small_plate_keeps_its_detail_whole_with_a_short_points_label(probe, lang):
    """Issue 23: on the six-seat Dice table at 1280x720 and 85 %, "Robot · moyen" / "Bot · średni" were cut beside
    the score's "points". A plate never shows "points" beside a cut detail line: it wears "pts" instead, which
    keeps the words whole on some plates too narrow for them beside "points"."""
    from lama_desktop.core import i18n
    from lama_desktop.core.i18n import t
    from lama_desktop.app.table.pieces import name_plate
    from lama_desktop.app.widgets import UI

    i18n.set_language(lang)
    try:
        ui = UI((1280, 720), 0.85)
        detail = t("common.plate.bot", level=t("common.levels.medium"))
        long, short = t("common.plate.points"), t("common.plate.points_short")
        rescued = 0
        for width in range(130, 320, 2):
            screen = probe.RecordingSurface((600, 200))
            screen.blit(name_plate(ui, (width, 39), "Bruno", detail, long, 12, lit=False, out=False,
                                   short_label=short), (20, 40))
            records = probe.texts(screen)
            texts = {r.text for r in records}
            cut = [p for p in probe.problems(records, (600, 200)) if "shortened" in p]
            assert (long in texts) != (short in texts), (width, texts)
            if long in texts:  # "points" only where the words keep their room beside it
                assert not cut, (lang, width, cut)
            rescued += short in texts and not cut
        assert rescued, f"no plate width where 'pts' saved {detail!r} ({lang})"
    finally:
        i18n.set_language("en")
