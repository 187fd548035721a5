"""The tokens a round's summary shows (app/scenes/round_summary.py ``draw_token_piles``), headless on the
screenshots' summary moments: one pile per kind, each pile's value on its top disc, never covered by another pile
(a run of overlapping discs hid the "0" of a black 10 under the next one, which then read "1")."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.app.shots import SHOTS
from lama_desktop.app.staging import load_shots, make_app, stage


@pytest.mark.parametrize("moment", ["table-dice-round-summary", "table-lama-round-summary"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_tokens_value_shows_on_its_pile(tmp_path, moment, size):
    load_shots()
    _name, builder, frames = next(shot for shot in SHOTS if shot[0] == moment)
    app = make_app(size, str(tmp_path))
    app.running = True
    stage(app, builder, frames)
    scene = app.stack.scenes[-1]
    assert scene.token_faces, "the summary drew tokens"
    black = False
    for seat, faces in scene.token_faces.items():
        kinds = [kind for kind, _face, _pile in faces]
        assert len(kinds) == len(set(kinds)), f"one pile per kind ({seat}: {kinds})"
        for i, (kind, face, pile) in enumerate(faces):
            assert pile.contains(face)
            assert scene.panel.contains(pile), f"seat {seat}'s {kind} pile leaves the summary"
            for _other, _f, later in faces[i + 1:]:
                assert not later.colliderect(face), f"seat {seat}: the {kind} token's value is covered"
            black = black or kind == "black"
    if moment == "table-dice-round-summary":
        assert black, "the moment shows a black 10 token"
    app.shutdown()


def test_a_black_ten_beside_seven_whites_keeps_its_zero(tmp_path):
    """The case of the picture: +17 as a black 10 and seven whites; the black pile's value area is the black
    token's own picture (nothing drawn over it)."""
    from lama_desktop.app import art
    from lama_desktop.app.scenes.round_summary import draw_token_piles
    from lama_desktop.app.widgets.scale import UI

    pygame.init()
    ui = UI((1280, 720))
    surface = pygame.Surface((400, 100), pygame.SRCALPHA)
    faces = draw_token_piles(surface, ui, ["black"] + ["white"] * 7, 10, 50, 390)
    assert [kind for kind, _f, _p in faces] == ["black", "white"]
    _kind, face, pile = faces[0]
    alone = pygame.Surface((400, 100), pygame.SRCALPHA)
    alone.blit(art.token("black", ui.s(34)), pile.topleft)
    drawn, expected = surface.subsurface(face), alone.subsurface(face)
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(expected, "RGBA")


def test_a_short_row_shrinks_the_piles_and_leaves_none_out():
    """Where the row is short (a 4-player Cadabra summary at 85%), every kind still gets its pile, all of them end
    before the row's right edge, and none covers another's value: the discs shrink, no pile is dropped."""
    from lama_desktop.app.scenes.round_summary import draw_token_piles
    from lama_desktop.app.widgets.scale import UI

    pygame.init()
    ui = UI((1280, 720))
    kinds = ["black"] * 2 + ["white"] * 5 + ["pink"] * 3
    surface = pygame.Surface((400, 100), pygame.SRCALPHA)
    wide = draw_token_piles(surface, ui, kinds, 10, 50, 390)
    right = wide[-1][2].right - 30  # 30 px short of what the full size needs
    faces = draw_token_piles(surface, ui, kinds, 10, 50, right)
    assert [kind for kind, _f, _p in faces] == ["black", "white", "pink"]
    assert all(pile.right <= right for _k, _f, pile in faces)
    for i, (_kind, face, _pile) in enumerate(faces):
        assert not any(later.colliderect(face) for _o, _f, later in faces[i + 1:])


def test_every_pile_is_drawn_inside_a_narrow_row(tmp_path):
    """+25 as two black 10s and five whites beside a wide "+25" in French at 1280x720: the white pile was dropped
    (a row of 20 for 25 points); the piles close up and shrink instead, and stay before the row's end."""
    from lama_desktop.app.scenes.round_summary import draw_token_piles
    from lama_desktop.app.widgets.scale import UI

    pygame.init()
    ui = UI((1280, 720))
    surface = pygame.Surface((400, 100), pygame.SRCALPHA)
    faces = draw_token_piles(surface, ui, ["black"] * 2 + ["white"] * 5, 10, 50, 100)
    assert [kind for kind, _f, _p in faces] == ["black", "white"]
    assert all(pile.right <= 100 for _k, _f, pile in faces)
    assert not faces[0][2].colliderect(faces[1][2])
