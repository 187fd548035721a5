"""A replay's "All hands open" shows every hand face up, your own too after you quit (L.A.M.A. turned a quit hand
down, Cadabra did not): the mechanism is the hand tables' own (``hand_drawing._draw_hand``), for every game of hidden
hands of cards one can quit (``card_hands``, ``quitting``); ``samples.quit_hand_face_down`` says whether the seat's
own view turns a quit hand down."""

from __future__ import annotations

import pygame
import pytest

from registry_games import games_where, samples
from test_replay_view import CARD_GAMES, viewer_on

#: the card games in which you may quit the round holding cards
QUIT_CARD_GAMES = games_where(lambda p: p.quitting, CARD_GAMES)


def _quit_position(past, seat: int = 0) -> int:
    """The first position where ``seat`` has quit the round and still holds cards (0: none)."""
    state = past.record.new_state()
    for pos, move in enumerate(past.record.moves, start=1):
        state.apply(move)
        d = state.view(seat).to_dict()
        if "active" in d and not d["active"][seat] and d["hand"] and not state.is_over:
            return pos
    return 0


@pytest.mark.parametrize("game", QUIT_CARD_GAMES)
def test_your_quit_hand_shows_face_up_when_every_hand_is_open(tmp_path, game, monkeypatch):
    from lama_desktop.app.table import hand_drawing

    for seed in range(3, 12):
        app, viewer, past = viewer_on(tmp_path / str(seed), game, seed=seed, read=False)
        pos = _quit_position(past, 0)
        if pos:
            break
        app.shutdown()
    else:
        pytest.fail("no game where you quit holding cards")
    viewer.go(pos)
    for _ in range(60):
        app.step(0.02)
        viewer.table.tween.skip()
    table = viewer.table
    assert viewer.view is None and table.session.omniscient and table.focus == 0
    assert not table.shown.active[0] and table.shown.hand, "you quit, holding cards"
    flipped, faces = [], []
    monkeypatch.setattr(hand_drawing, "blit_flipping", lambda *a, **k: flipped.append(a[1]))
    real = hand_drawing.blit_card
    monkeypatch.setattr(hand_drawing, "blit_card", lambda surface, name, *a, **k: (faces.append(name),
                                                                                    real(surface, name, *a, **k)))
    table._draw_hand(pygame.Surface(app.size))
    assert not flipped, "your hand was drawn turned down"
    assert faces == list(table.shown.hand)
    # a seat's own view keeps the table's way: the quit hand lies face down there
    viewer.table.session.omniscient = False
    flipped.clear()
    table._draw_hand(pygame.Surface(app.size))
    if samples(game).quit_hand_face_down:
        assert flipped, "outside the open view the quit hand lies face down, as before"
    app.shutdown()
