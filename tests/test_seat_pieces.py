"""Issue 23, what a seat shows at every table: its token stacks' counts ("×3") are UI text the layout checks read
(12 px at least, inside the seat, off the other pieces), its plate's words are one choice per table ("points" or
"pts", "Out of this round" or "Out" on all plates alike), and the layout checks look at a table with opponents out
of the round (``app/table/layout_moments.py``: the ``-out-`` moments)."""

from __future__ import annotations

import re

import pygame
import pytest

from lama_desktop.app import textprobe

COUNT = re.compile(r"^×\d+$")
#: the tables that show token stacks, at their smallest and largest seat counts
TOKEN_TABLES = [("table-lama-lama", 2), ("table-lama-lama", 6), ("table-dice-lama-dice", 2),
                ("table-dice-lama-dice", 6), ("table-cadabra-lama-cadabra", 2), ("table-cadabra-lama-cadabra", 6)]
SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(scope="module")
def checker():
    from lama_desktop.app.layoutprobe import Checker

    c = Checker()
    yield c
    c.close()


@pytest.fixture
def probe(checker):
    """The text probe, installed by the module's checker for the whole module (one install, one uninstall)."""
    pygame.display.init()
    pygame.font.init()
    return textprobe


def _moment(name: str):
    from lama_desktop.app.table import layout_moments

    return next(m for m in layout_moments.all_moments() if m.name == name)


def _held(table, seat: int) -> dict:
    """The seat's stacks as its table counts them (the drawn stacks hold the same)."""
    from lama_desktop.engine.tokens import holdings

    sh = table.shown
    if hasattr(sh, "whites"):  # Cadabra: whites and blacks are the state's own
        return {1: sh.whites[seat], 10: sh.blacks[seat]}
    return holdings(max(0, sh.scores[seat]), table.pinks)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("prefix, n", TOKEN_TABLES, ids=lambda v: str(v))
def test_every_stack_count_is_ui_text_the_checks_read_at_12_px_or_more(checker, prefix, n, size):
    """Issue 23: an opponent's "×3" was painted on the token art, 5-7 px tall and unseen by the layout checks.
    Each stack of two tokens or more now carries its count as UI text: one per such stack at the table, at least
    12 px, and none of them cut, covered or overlapping (the checker's problems name none)."""
    moment = _moment(f"{prefix}-out-{n}p")
    texts, lost = checker.frame_texts(moment, size, 1.0, "en")
    table = checker.app(size).stack.top
    counts = [r for r in texts if COUNT.match(r.text)]
    expected = sorted(f"×{c}" for seat in range(table.n) for c in _held(table, seat).values() if c >= 2)
    assert expected, "the moment shows no stack of two tokens or more"
    assert sorted(r.text for r in counts) == expected
    assert all(r.kind == "ui" and r.px >= 12 for r in counts), [(r.text, r.kind, r.px) for r in counts]
    problems = [p for p in checker.check(moment, size, 1.0, "en") if "×" in p]
    assert not problems, problems
    assert not [r for r in lost if COUNT.match(r.text)]


def test_the_token_art_paints_no_count(probe):
    """The count is the table's text, never the art's: a pile of tokens renders no text at all."""
    from lama_desktop.app import art

    screen = probe.RecordingSurface((200, 200))
    screen.blit(art.token_stack("white", 7, 44), (10, 10))
    assert [r.text for r in probe.texts(screen) if "×" in r.text] == []


@pytest.mark.parametrize("width", [60, 66, 80, 130, 260])
def test_stacks_and_their_counts_stay_in_the_seat_and_off_each_other(probe, width):
    """In a seat's token anchor, narrow (a top seat of six at Dice: 66 px at 1280x720) or wide: the stacks and their
    counts stay inside it across, the counts overlap neither another count nor a stack, and the counts keep the
    fonts' 12 px minimum (a narrow seat puts them under the stacks rather than shrinking them)."""
    from lama_desktop.app.table.pieces import draw_token_stacks, token_stacks_rect
    from lama_desktop.app.widgets import UI

    ui = UI((1280, 720), 1.0)
    rect = pygame.Rect(40, 60, width, 43)
    for held in ({1: 8, 10: 2}, {1: 9, 10: 1, 20: 2}, {1: 12, 10: 2}):
        pinks = 20 in held
        screen = probe.RecordingSurface((400, 200))
        draw_token_stacks(screen, rect, held, pinks, 30, ui=ui)
        counts = [r for r in probe.texts(screen) if COUNT.match(r.text)]
        assert sorted(r.text for r in counts) == sorted(f"×{c}" for c in held.values() if c >= 2)
        assert all(r.px >= 12 for r in counts)
        drawn = token_stacks_rect(rect, held, pinks, 30, ui=ui)
        assert rect.x <= drawn.x and drawn.right <= rect.right, (width, drawn, rect)
        for i, a in enumerate(counts):
            assert all(not a.rect.colliderect(b.rect) for b in counts[i + 1:]), (width, a.text)
        problems = [p for p in probe.problems(probe.texts(screen), (400, 200)) if "×" in p]
        assert not problems, problems


def _plate_words_on(texts, words) -> list[str]:
    return [r.text for r in texts if r.text in words]


@pytest.mark.parametrize("lang", ["en", "fr", "de", "pl"])
@pytest.mark.parametrize("scale", [0.85, 1.0])
@pytest.mark.parametrize("prefix", ["table-dice-lama-dice", "table-lama-lama", "table-cadabra-lama-cadabra"])
def test_one_table_never_mixes_points_and_pts_and_keeps_plates_whole(checker, prefix, lang, scale):
    """Issue 23: each plate chose alone between "points" and "pts", so one table showed both (the six-seat Dice
    table at 1280x720: "points" on the plate of a player still in, "pts" beside "Out of this round"). All plates
    of a table now say the same word, and no plate's name or detail line is cut."""
    from lama_desktop.core import i18n

    moment = _moment(f"{prefix}-out-6p")
    texts, _lost = checker.frame_texts(moment, (1280, 720), scale, lang)
    words = {i18n.t("common.plate.points"), i18n.t("common.plate.points_short")}
    table = checker.app((1280, 720)).stack.top
    on_plates = _plate_words_on(texts, words)
    assert len(on_plates) == table.n and len(set(on_plates)) == 1, on_plates
    shortened = [p for p in checker.check(moment, (1280, 720), scale, lang) if "shortened" in p]
    assert not shortened, shortened


def test_the_table_says_pts_and_out_on_every_plate_when_one_plate_needs_it():
    """``plate_words``: a plate too small for its longest line beside "points" makes every plate say "pts"; one
    still too small beside "pts" for "Out of this round" makes every out plate say "Out"; roomy plates keep the
    long words."""
    from lama_desktop.core.gameconfig import SeatConfig
    from lama_desktop.app.table.seats import plate_detail, plate_words
    from lama_desktop.app.widgets import UI

    pygame.font.init()
    ui = UI((1280, 720), 0.85)
    bot = SeatConfig("Bruno", "bot", "medium")
    roomy = ((400, 46), SeatConfig("You"))
    assert plate_words(ui, [roomy, ((400, 46), bot)]) == (False, False)
    seen = {plate_words(ui, [roomy, ((width, 34), bot)]) for width in range(100, 400, 4)}
    assert seen == {(False, False), (True, False), (True, True)}, seen
    assert plate_detail(bot, out=True, out_short=True) != plate_detail(bot, out=True)


@pytest.mark.parametrize("prefix, n", [("table-lama-lama", 3), ("table-lama-lama-party", 2),
                                       ("table-dice-lama-dice", 6), ("table-cadabra-lama-cadabra", 4)],
                         ids=lambda v: str(v))
def test_the_out_moment_shows_opponents_out_of_a_later_round_on_your_turn(checker, prefix, n):
    """The layout checks' ``-out-`` moment of every card and dice table: a round after the first (tokens on the
    table), your turn, and opponents out of the round (two, or the one opponent of a two-seat table), so that
    their plates' longest lines ("Hors de la manche", "Aus dieser Runde raus") are checked."""
    checker.frame_texts(_moment(f"{prefix}-out-{n}p"), (1280, 720), 1.0, "en")
    table = checker.app((1280, 720)).stack.top
    out = [table._seat_out(seat) for seat in range(table.n)]
    assert not out[0] and sum(out) >= min(2, n - 1), out
    assert table.session.state.current_player == 0
    assert any(table.shown.scores), "no tokens on the table yet"
