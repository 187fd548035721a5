"""Art: every drawing function returns the right size with alpha, is cached, and the assets are licensed."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

import pygame
import pytest

from lama_desktop.app import art
from lama_desktop.games.cadabra import art as show_art
from lama_desktop.games.dice import art as dice_art
from lama_desktop.games.llama_land import art as land_art

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    art.init()
    yield


def has_alpha(surface: pygame.Surface) -> bool:
    return bool(surface.get_flags() & pygame.SRCALPHA) or surface.get_alpha() is not None


def corner_is_transparent(surface: pygame.Surface) -> bool:
    return surface.get_at((0, 0)).a == 0


CARDS = ("1", "2", "3", "4", "5", "6", "L", "P", "2/3", "4/5")


@pytest.mark.parametrize("width", [48, 60, 90, 150, 300])
@pytest.mark.parametrize("card", CARDS)
def test_card_face_size_alpha_and_rounded_corners(card, width):
    face = art.card_face(card, width)
    assert face.get_size() == (width, round(width * 7 / 5))
    assert has_alpha(face)
    assert corner_is_transparent(face), "rounded corners leave the corner pixel transparent"
    centre = face.get_at((width // 2, face.get_height() // 2))
    assert centre.a == 255


def test_card_face_variants_differ_and_are_cached():
    plain = art.card_face("3", 120)
    assert art.card_face("3", 120) is plain
    plus = art.card_face("3", 120, plus=True)
    star = art.card_face("3", 120, symbol="star")
    cb = art.card_face("3", 120, colorblind=True)
    images = [pygame.image.tobytes(s, "RGBA") for s in (plain, plus, star, cb)]
    assert len(set(images)) == 4
    for symbol in ("circle", "square", "star"):
        assert art.card_face("2/3", 100, symbol=symbol).get_size() == (100, 140)


@pytest.mark.parametrize("card, width", [("3", 120), ("6", 160), ("L", 120), ("P", 60), ("2", 50)])
def test_the_plus_badge_sits_on_the_left_edge_that_a_fanned_hand_leaves_visible(card, width):
    # in a hand fanned left to right each card hides the right part of the one before it
    plain = art.card_face(card, width)
    plus = art.card_face(card, width, plus=True)
    changed = [x for x in range(width) for y in range(plain.get_height())
               if plain.get_at((x, y)) != plus.get_at((x, y))]
    assert changed and max(changed) < width * 0.36


def test_card_face_rejects_unknown_cards():
    with pytest.raises(ValueError):
        art.card_face("7", 100)
    with pytest.raises(ValueError):
        art.card_face("3", 100, symbol="moon")


def test_values_differ_on_the_card():
    faces = {c: pygame.image.tobytes(art.card_face(c, 80), "RGBA") for c in CARDS}
    assert len(set(faces.values())) == len(CARDS)


def test_pink_llama_is_pink():
    face = art.card_face("P", 150)
    # the panel just inside the paper border, away from the medallion
    r, g, b, _ = face.get_at((12, 170))
    assert r > 200 and r - g > 60 and b > g, (r, g, b)


@pytest.mark.parametrize("width", [40, 60, 150, 300])
def test_card_back_shadow_glow(width):
    back = art.card_back(width)
    assert back.get_size() == (width, round(width * 1.4)) and has_alpha(back)
    assert art.card_back(width) is back
    pad = art.card_shadow_pad(width)
    shadow = art.card_shadow(width)
    assert shadow.get_size() == (width + 2 * pad, round(width * 1.4) + 2 * pad) and has_alpha(shadow)
    assert shadow.get_at((0, 0)).a == 0 and shadow.get_at((shadow.get_width() // 2, shadow.get_height() // 2)).a > 0
    glow = art.card_glow(width)
    assert glow.get_size() == shadow.get_size()


def test_colorblind_palette_differs_in_every_value():
    normal, cb = art.palette(False), art.palette(True)
    for value in "123456":
        assert normal[value] != cb[value]
    assert set(art.VALUE_SHAPES) == set("123456") and len(set(art.VALUE_SHAPES.values())) == 6
    assert art.palette() == art.VALUE_COLORS


def test_neighbouring_values_differ_in_lightness():
    from lama_desktop.app.art.palette import luminance

    for vision in (False, True):
        hues = art.palette(vision)
        for a, b in zip("12345", "23456", strict=False):
            la, lb = luminance(hues[a]), luminance(hues[b])
            contrast = (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
            assert contrast > 1.15, (vision, a, b, contrast)


def test_palette_names():
    for name in ("felt", "cream", "ink", "accent"):
        assert len(art.PALETTE[name]) == 3
    ink = art.PALETTE["ink"]
    assert ink != (0, 0, 0) and ink[0] > ink[2], "ink is a warm dark brown, never black"


@pytest.mark.parametrize("kind", ["white", "black", "pink", "magic"])
@pytest.mark.parametrize("diameter", [16, 32, 64, 128])
def test_token(kind, diameter):
    disc = art.token(kind, diameter)
    assert disc.get_size() == (diameter, diameter) and has_alpha(disc)
    assert corner_is_transparent(disc)
    assert art.token(kind, diameter) is disc


def test_token_stack_grows_with_count_and_is_cached():
    one = art.token_stack("white", 1, 50)
    five = art.token_stack("white", 5, 50)
    assert five.get_height() > one.get_height()
    assert one.get_width() == five.get_width()
    assert art.token_stack("white", 5, 50) is five
    empty = art.token_stack("black", 0, 50)
    assert empty.get_size()[1] == 50 and has_alpha(empty)
    with pytest.raises(ValueError):
        art.token("gold", 40)


# --- font ------------------------------------------------------------------

MISSING = "\U0001F999"  # a code point Lato has no glyph for (rendered as .notdef)


def _glyph_bytes(f: pygame.font.Font, char: str) -> bytes:
    return pygame.image.tobytes(f.render(char, True, (0, 0, 0)), "RGBA")


@pytest.mark.parametrize("bold", [False, True])
def test_font_has_polish_and_french_letters(bold):
    f = art.font(28, bold=bold)
    notdef = _glyph_bytes(f, MISSING)
    for char in "éèêàçôùœÉÀÇąćęłńóśźżĄĆĘŁŃÓŚŹŻ":
        metrics = f.metrics(char)[0]
        assert metrics is not None and metrics[4] > 0, char
        assert _glyph_bytes(f, char) != notdef, f"{char!r} renders as the missing-glyph box"
    # the check itself can fail: the known-missing code point does render as .notdef
    assert _glyph_bytes(f, "\U0001F998") == notdef


def test_font_is_cached_and_two_weights():
    assert art.font(20) is art.font(20)
    assert art.font(20) is not art.font(20, bold=True)
    regular = art.font(40).render("Lama", True, (0, 0, 0))
    bold = art.font(40, bold=True).render("Lama", True, (0, 0, 0))
    assert pygame.image.tobytes(regular, "RGBA") != pygame.image.tobytes(bold, "RGBA")


def test_font_digits_are_tabular():
    f = art.font(30)
    advances = {f.metrics(d)[0][4] for d in "0123456789"}
    assert len(advances) == 1


# --- licences --------------------------------------------------------------

def test_every_asset_file_is_covered_by_licenses_md():
    text = (ASSETS / "LICENSES.md").read_text(encoding="utf-8")
    patterns = [p for p in re.findall(r"`(assets/[^`]+)`", text)]
    assert patterns
    uncovered = []
    for path in sorted(ASSETS.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts:
            continue
        rel = path.relative_to(ROOT).as_posix()
        if not any(fnmatch.fnmatchcase(rel, p) for p in patterns):
            uncovered.append(rel)
    assert not uncovered, f"files in assets/ not covered by assets/LICENSES.md: {uncovered}"


def test_font_licence_ships_with_fonts():
    assert (ASSETS / "fonts" / "OFL.txt").read_text(encoding="utf-8").count("SIL Open Font License") >= 1
    for name in ("Lato-Regular.ttf", "Lato-Bold.ttf"):
        assert (ASSETS / "fonts" / name).stat().st_size > 10_000


# --- dice, felt, llamas, logo, icon ----------------------------------------

@pytest.mark.parametrize("size", [24, 60, 110, 200])
def test_die_and_faces(size):
    cube = dice_art.die("L", size)
    assert cube.get_size() == (size, size) and has_alpha(cube) and corner_is_transparent(cube)
    assert dice_art.die("L", size) is cube
    lit = dice_art.die("L", size, highlight=True)
    assert lit is not cube and lit.get_size() == (size, size)
    blank = dice_art.die(None, size)
    assert blank.get_size() == (size, size) and blank is not cube
    for face in ("1", "2", "3", "4", "5", "6", "L"):
        flat = dice_art.die_face(face, size)
        assert flat.get_size() == (size, size) and has_alpha(flat)
    faces = {pygame.image.tobytes(dice_art.die_face(f, 64), "RGBA") for f in ("1", "2", "3", "4", "5", "6", "L")}
    assert len(faces) == 7
    with pytest.raises(ValueError):
        dice_art.die("7", 50)


def _top_face_mask(size: int, grow: int) -> pygame.mask.Mask:
    """Where the cube's top face lies in ``dice_art.die(face, size)`` (grown by ``grow`` px for antialiasing)."""
    from lama_desktop.games.dice.art import TOP

    pad = 6
    k = size / (200 + 2 * pad)
    points = [((x + pad) * k, (y + pad + 1) * k) for x, y in TOP]
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.polygon(surf, (255, 255, 255, 255), points)
    if grow:
        pygame.draw.polygon(surf, (255, 255, 255, 255), points, grow * 2)
    return pygame.mask.from_surface(surf)


@pytest.mark.parametrize("size", [60, 118, 200])
def test_a_die_shows_its_roll_on_top_only_and_plain_sides(size):
    # the rolled face is all a die shows: whatever it rolled, nothing outside its top face changes (the side faces
    # are plain, so they never compete with the roll), and a die not rolled yet is blank on top too
    blank = dice_art.die(None, size)
    top = _top_face_mask(size, 2)
    top_area = _top_face_mask(size, 0).count()
    for face in dice_art.FACES:
        rolled = dice_art.die(face, size)
        changed = pygame.mask.Mask((size, size))
        for x in range(size):
            for y in range(size):
                a, b = rolled.get_at((x, y)), blank.get_at((x, y))
                if max(abs(a[i] - b[i]) for i in range(4)) > 24:
                    changed.set_at((x, y))
        outside = changed.overlap_area(top.copy(), (0, 0))
        assert changed.count() - outside == 0, f"face {face} draws outside the top face at {size}px"
        # and the roll is plainly there: pips or the llama cover a good part of the top face
        assert changed.count() >= top_area * 0.03, (face, size, changed.count(), top_area)


def test_the_top_face_takes_most_of_a_die():
    size = 200
    top_area = _top_face_mask(size, 0).count()
    body = pygame.mask.from_surface(dice_art.die(None, size), 128).count()
    assert top_area >= 0.45 * body, (top_area, body)


@pytest.mark.parametrize("size", [(320, 200), (1280, 720), (97, 53)])
def test_table_felt(size):
    felt = art.table_felt(size)
    assert felt.get_size() == size
    assert art.table_felt(size) is felt
    centre = felt.get_at((size[0] // 2, size[1] // 2))
    corner = felt.get_at((1, 1))
    assert sum(centre[:3]) > sum(corner[:3]), "vignette: the centre is lighter than the corners"
    assert centre.g > centre.r, "felt is teal/green"


@pytest.mark.parametrize("height", [24, 80, 240])
def test_llama_figure(height):
    for color in art.LLAMA_FURS:
        figure = art.llama_figure(height, color)
        assert figure.get_height() == height and figure.get_size() == art.llama_size(height)
        assert has_alpha(figure) and corner_is_transparent(figure)
    assert art.llama_figure(height) is art.llama_figure(height, "cream")
    blanket = art.llama_figure(height, "cream", "blue")
    assert pygame.image.tobytes(blanket, "RGBA") != pygame.image.tobytes(art.llama_figure(height), "RGBA")
    with pytest.raises(ValueError):
        art.llama_figure(height, "plaid")


@pytest.mark.parametrize("width", [120, 400, 900])
def test_logo(width):
    image = art.logo(width)
    assert image.get_width() == width and image.get_height() == round(width * 0.34) and has_alpha(image)
    assert art.logo(width) is image


@pytest.mark.parametrize("size", [16, 32, 48, 64, 128, 256, 512])
def test_app_icon_and_exported_pngs(size):
    icon = art.app_icon(size)
    assert icon.get_size() == (size, size) and has_alpha(icon)
    png = ASSETS / "art" / f"icon-{size}.png"
    assert png.exists(), f"run python -m lama_desktop.app.art.export to write {png.name}"
    assert pygame.image.load(str(png)).get_size() == (size, size)
    assert (ASSETS / "art" / "icon.svg").exists()


def test_every_svg_in_assets_renders():
    for path in sorted((ASSETS / "art").glob("*.svg")):
        image = pygame.image.load_sized_svg(str(path), (64, 64))
        box = image.get_bounding_rect()
        assert box.w > 10 and box.h > 10, path.name


# --- sounds ------------------------------------------------------------------

from lama_desktop.app.art.sounds import NAMES, Sounds  # noqa: E402


def test_sounds_load_and_play_headless():
    board = Sounds(volume=0.5, muted=False, seed=1)
    if not board.available:
        pytest.skip("no mixer at all in this environment (even the dummy driver failed)")
    for name in NAMES:
        assert board.takes(name) >= 2, name
        board.play(name)
    board.stop()


def test_sounds_pick_varied_takes():
    board = Sounds(volume=0.5, muted=False, seed=3)
    if not board.available:
        pytest.skip("no mixer")
    picks = []
    for _ in range(6):
        board.play("card_play")
        picks.append(board._last["card_play"])
    assert all(a != b for a, b in zip(picks, picks[1:], strict=False)), "never the same take twice in a row"
    assert len(set(picks)) >= 2


def test_sounds_muted_is_a_no_op_and_unknown_names_fail():
    board = Sounds(volume=0.7, muted=True)
    for name in NAMES:
        assert board.play(name) is None
    with pytest.raises(ValueError):
        board.play("trumpet")
    board.set_muted(False)
    board.volume = 3
    assert board.volume == 1.0


def test_sounds_no_op_without_mixer(monkeypatch):
    from lama_desktop.app.art import sounds

    def broken_init(*args, **kwargs):
        raise pygame.error("no audio device")

    if pygame.mixer.get_init():
        pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    board = sounds.Sounds(volume=1.0, muted=False)
    assert not board.available
    for name in NAMES:
        assert board.play(name) is None
    assert board.takes("win") == 0


def test_sound_files_are_small_and_soft():
    import array
    import wave

    total = 0
    for path in sorted((ASSETS / "sounds").glob("*.wav")):
        total += path.stat().st_size
        with wave.open(str(path)) as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2
            frames = array.array("h", w.readframes(w.getnframes()))
            assert w.getnframes() / w.getframerate() < 2.0, path.name
        assert max(abs(v) for v in frames) < 0.6 * 32768, f"{path.name} peaks too loud"
    assert total < 1.5 * 1024 * 1024


def test_cache_normalises_default_and_keyword_arguments():
    assert art.card_face("4", 90) is art.card_face("4", width=90, plus=False, symbol=None, colorblind=False)
    assert art.table_felt((200, 100)) is art.table_felt([200, 100])
    assert dice_art.die("1", 50) is dice_art.die("1", size=50, highlight=False)


# Colour-vision-deficiency check: Machado et al. (2009) simulation matrices at full severity, CIE76 distance.
_CVD = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _simulate(rgb, matrix):
    lin = [_linear(v) for v in rgb]
    out = []
    for row in matrix:
        c = max(0.0, min(1.0, sum(m * v for m, v in zip(row, lin, strict=False))))
        out.append(255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055))
    return out


def _lab(rgb):
    r, g, b = (_linear(v) for v in rgb)
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505, 0.2126 * r + 0.7152 * g + 0.0722 * b, \
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _min_distance(hues):
    import itertools
    import math

    worst = []
    for matrix in (None, *_CVD.values()):
        seen = {k: (_simulate(v, matrix) if matrix else v) for k, v in hues.items()}
        worst.append(min(math.dist(_lab(seen[a]), _lab(seen[b])) for a, b in itertools.combinations(seen, 2)))
    return min(worst)


def test_value_hues_survive_colour_blind_simulation():
    cb = {k: v for k, v in art.palette(True).items() if k in "123456"}
    normal = {k: v for k, v in art.palette(False).items() if k in "123456"}
    assert _min_distance(cb) > 15, "colour-blind palette: every pair of values stays apart under every deficiency"
    assert _min_distance(normal) > 10, "normal palette: still no two values collapse under a deficiency"


@pytest.mark.parametrize("width", [50, 120])
def test_card_slot(width):
    slot = art.card_slot(width)
    assert slot.get_size() == (width, round(width * 1.4)) and has_alpha(slot)
    assert slot.get_at((width // 2, slot.get_height() // 2)).a < 200, "an empty place is see-through"


# --- Lamagic Show and Llama Land ----------------------------------------------

@pytest.mark.parametrize("width", [200, 640])
def test_show_stage(width):
    dark, lit = show_art.show_stage(width), show_art.show_stage(width, lit=True)
    assert dark.get_size() == lit.get_size() == show_art.show_stage_size(width) and has_alpha(dark)
    assert pygame.image.tobytes(dark, "RGBA") != pygame.image.tobytes(lit, "RGBA")
    stars = show_art.show_star_centers(width)
    assert len(stars) == 5 and stars == sorted(stars)
    for x, y in stars:
        r, g, b, a = lit.get_at((x, y))
        assert a == 255 and r > 200 and g > 150 and b < 150, "a gold star lies under each star centre"


@pytest.mark.parametrize("cell", [24, 64, 120])
def test_land_icons_and_blocks(cell):
    for icon in land_art.LAND_ICONS:
        image = land_art.land_icon(icon, cell)
        assert image.get_size() == (cell, cell) and has_alpha(image)
        if icon != "none":
            assert image.get_bounding_rect().w > cell // 3
    tops = set()
    for level in (1, 2, 3, 4, 5):
        block = land_art.land_block("corn", level, cell)
        geo = land_art.block_geometry(cell, level)
        assert block.get_size() == geo["size"] and has_alpha(block)
        assert block.get_at((cell // 2, block.get_height() - 3)).a > 0, "the block's foot is at the bottom centre"
        tops.add(block.get_height())
    assert len(tops) == 5, "higher levels are taller"
    with pytest.raises(ValueError):
        land_art.land_block("banana", 1, cell)


def test_cache_is_bounded_by_bytes():
    from lama_desktop.app.art.cache import surface_cache

    calls = []

    @surface_cache(maxsize=100, max_bytes=3 * 100 * 100 * 4)
    def square(side: int) -> pygame.Surface:
        calls.append(side)
        return pygame.Surface((side, side), pygame.SRCALPHA)

    first = square(100)
    assert square(100) is first and calls == [100]
    for _ in range(3):
        square(101 + _)
    info = square.cache_info()
    assert info["bytes"] <= 3 * 100 * 100 * 4 + 4 * 103 * 103 and info["size"] <= 3
    square(100)
    assert calls.count(100) == 2, "the oldest picture was dropped and is drawn again"


def test_preload_fills_the_cache():
    drawn = art.preload((77,), colorblind=True)
    assert drawn == len(art.CARDS) + 2
    before = art.card_face.cache_info()["hits"]
    art.card_face("5", 77, colorblind=True)
    assert art.card_face.cache_info()["hits"] == before + 1


def test_contact_sheet_and_icon_export_run(tmp_path):
    from lama_desktop.app.art import export, sheet

    image = sheet.build("tokens")
    assert image.get_width() == 1400 and image.get_height() > 100
    assert export.main([str(tmp_path)]) == 0
    for size in export.ICON_SIZES:
        assert pygame.image.load(str(tmp_path / f"icon-{size}.png")).get_size() == (size, size)
