"""The engine contract holds for any input (issue 17): ``apply`` and ``step`` accept a ``Move`` or its text in every
game; anything else — any Python value, any string — is refused with ``IllegalMove`` and a code (``core.malformed``
for what is no move at all), and the state is unchanged. Every test naming ``plugin`` runs for every registered
game and the toy (``conftest.py``)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lama_desktop.engine.core import IllegalMove, Move, as_move
from lama_desktop.engine.registry import get_game


def midgame(game_id: str, moves: int = 7, seed: int = 3):
    spec = get_game(game_id)
    state = spec.new(spec.min_players, (), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.step(rng.choice(state.legal_moves()))
    return state


class Weird:
    def __repr__(self):
        raise RuntimeError("no repr")

    def __str__(self):
        raise RuntimeError("no str")


NOT_MOVES = [None, 3, -1, 3.5, float("nan"), float("inf"), True, b"play 1", bytearray(b"draw"), ["play", 1],
             ("play", 1), {"kind": "play"}, {"draw"}, object(), Move, 10 ** 5000, Weird(), Ellipsis, 1j]
BAD_TEXTS = ["", "   ", "\x00", "\ud800", "play --3", "play ²", "play " + "9" * 5000, "x" * 100_000,
             "play \x00", "play 99999999999999999999", "🦙", "play -0", "draw draw draw", "quit " * 100,
             "\u200d", "play\ttab", "PLAY"]


def assert_refused(state, move, method):
    before = state.to_dict()
    with pytest.raises(IllegalMove) as info:
        getattr(state, method)(move)
    assert info.value.code, f"{state.game_id} refused {move!r:.30} without a code"
    assert state.to_dict() == before
    str(info.value)  # the message itself never fails
    return info.value


@pytest.mark.parametrize("method", ["apply", "step"])
def test_any_python_value_is_refused_as_malformed(plugin, method):
    state = midgame(plugin.id)
    for value in NOT_MOVES:
        assert assert_refused(state, value, method).code == "core.malformed"


@pytest.mark.parametrize("method", ["apply", "step"])
def test_strings_that_are_no_legal_move_are_refused_with_a_code(plugin, method):
    state = midgame(plugin.id)
    legal = {str(m) for m in state.legal_moves()}
    for text in BAD_TEXTS:
        if text.strip().lower() in legal:
            continue
        assert_refused(state, text, method)


def test_step_and_apply_accept_a_move_or_its_text(plugin):
    """``step("play 1")`` was refused by L.A.M.A. as "not a L.A.M.A. move" and crashed Cadabra."""
    game_id = plugin.id
    for method in ("apply", "step"):
        for as_text in (False, True):
            state, twin = midgame(game_id, 3), midgame(game_id, 3)
            for _ in range(12):
                if state.is_over:
                    break
                move = state.legal_moves()[-1]
                getattr(state, method)(str(move) if as_text else move)
                twin.apply(move)
                assert state.to_dict() == twin.to_dict()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=80))
def test_any_string_is_a_legal_move_or_refused_with_a_code(plugin, text):
    state = midgame(plugin.id, 5)
    legal = set(state.legal_moves())
    try:
        move = as_move(text)
    except IllegalMove as error:
        assert error.code == "core.malformed"
        assert_refused(state, text, "step")
        return
    if move in legal:
        state.step(text)
    else:
        assert_refused(state, text, "step")
        assert_refused(state, text, "apply")


@pytest.mark.parametrize("text, expected", [
    ("play 3", Move("play", (3,))),
    ("PLAY  L", Move("play", ("L",))),
    ("play --3", Move("play", ("--3",))),
    ("play ²", Move("play", ("²",))),
    ("play -3", Move("play", (-3,))),
    ("play 999999999999999999", Move("play", (999999999999999999,))),
    ("play 9999999999999999999", Move("play", ("9999999999999999999",))),
])
def test_move_parse_edge_cases(text, expected):
    assert Move.parse(text) == expected


@pytest.mark.parametrize("value", ["", "  ", "play " + "9" * 5000, "x" * 201, None, 5, b"draw",
                                   "play " + "x" * 65])
def test_move_parse_refuses_with_a_code(value):
    with pytest.raises(IllegalMove) as info:
        Move.parse(value)
    assert info.value.code == "core.malformed"


@pytest.mark.parametrize("kind, args", [("play", [1]), (None, ()), ("", ()), ("play", (10 ** 19,)),
                                        ("play", (1.5,)), ("play", ([1],)), ("play", (None,)), (3, ())])
def test_a_move_cannot_be_built_from_wrong_values(kind, args):
    with pytest.raises(IllegalMove) as info:
        Move(kind, args)
    assert info.value.code == "core.malformed"


def test_a_move_subclass_is_taken_for_its_value():
    class MyMove(Move):
        __slots__ = ()

    state = midgame("lama", 0)
    legal = state.legal_moves()[0]
    state.step(MyMove(legal.kind, legal.args))
